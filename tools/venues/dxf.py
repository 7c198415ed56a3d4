# A venue's levels as the CAD drawings an architect would hand over (issue #32): one ASCII DXF
# per level, R2000 (AC1015), in millimetres, in the venue's local frame (x east, y north, from its
# display point). The demo mall drawn this way is what an upload of its DXF would look like, so
# the DXF conversion (server/dxf) can be measured against the IMDF the generator writes.
#
# Layers: WALL the level's outline, ROOM one closed LWPOLYLINE per unit visitors enter (the
# destinations and connectors of contract 2.5), TEXT each such unit's name (its occupant's, for a
# shop) at its display point, DOOR an INSERT of the block DOOR per opening, scaled to its width,
# VOID the closed units (floor openings, structure). Walkways are not drawn: in a plan the
# corridor is what the rooms leave of the outline, so a door between two walkable units (a car
# park's lift lobby onto its drive aisle) stands in the open and is not drawn either.

import os

from contract import role

MM = 1000.0
# Name, AutoCAD colour index.
LAYERS = (("WALL", 7), ("ROOM", 4), ("DOOR", 3), ("TEXT", 2), ("VOID", 8))
DOOR_BLOCK = "DOOR"
TEXT_HEIGHT_MM = 500.0
# The door block is 1 m (1000 mm) wide along x, symmetric about its base point in the middle of
# the opening: a threshold and two jambs across a 200 mm wall, so the block's box is centred on
# the wall whichever way it is turned.
DOOR_LINES = (((-500.0, 0.0), (500.0, 0.0)),
              ((-500.0, -100.0), (-500.0, 100.0)),
              ((500.0, -100.0), (500.0, 100.0)))
ROOM_ROLES = ("destination", "connector")
# The contract's wall (2.6): an opening lies within 5 cm of the edges it joins.
ON_EDGE_M = 0.05
HANDSEED = "<handseed>"


def escaped(text):
    """Text as R2000 stores it in an ANSI_1252 file: every character beyond ASCII as \\U+XXXX."""
    return "".join(c if ord(c) < 128 else f"\\U+{ord(c):04X}" for c in text)


def number(v):
    """A coordinate to 0.1 mm, without a trailing -0."""
    s = f"{v:.1f}"
    return "0.0" if s == "-0.0" else s


class Writer:
    """Group-code pairs, with the handles every R2000 object needs."""

    def __init__(self):
        self.lines = []
        self.next_handle = 0x20

    def pair(self, code, value):
        self.lines += [f"{code:>3}", str(value)]

    def handle(self):
        h = self.next_handle
        self.next_handle += 1
        return f"{h:X}"

    def point(self, x, y, code=10):
        self.pair(code, number(x))
        self.pair(code + 10, number(y))
        self.pair(code + 20, "0.0")

    def entity(self, kind, layer, owner):
        self.pair(0, kind)
        self.pair(5, self.handle())
        self.pair(330, owner)
        self.pair(100, "AcDbEntity")
        self.pair(8, layer)

    def line(self, layer, owner, a, b):
        self.entity("LINE", layer, owner)
        self.pair(100, "AcDbLine")
        self.point(*a)
        self.point(*b, code=11)

    def polyline(self, layer, owner, ring):
        self.entity("LWPOLYLINE", layer, owner)
        self.pair(100, "AcDbPolyline")
        self.pair(90, len(ring))
        self.pair(70, 1)
        for x, y in ring:
            self.pair(10, number(x))
            self.pair(20, number(y))

    def text(self, layer, owner, at, words):
        self.entity("TEXT", layer, owner)
        self.pair(100, "AcDbText")
        self.point(*at)
        self.pair(40, number(TEXT_HEIGHT_MM))
        self.pair(1, escaped(words))
        self.pair(72, 1)
        self.point(*at, code=11)
        self.pair(100, "AcDbText")
        self.pair(73, 2)

    def insert(self, layer, owner, at, scale, rotation):
        self.entity("INSERT", layer, owner)
        self.pair(100, "AcDbBlockReference")
        self.pair(2, DOOR_BLOCK)
        self.point(*at)
        self.pair(41, f"{scale:.4f}")
        self.pair(42, "1.0")
        self.pair(43, "1.0")
        self.pair(50, number(rotation))

    def table(self, name, entries):
        """A symbol table; `entries(handle)` writes its records, owned by the table's handle."""
        own = self.handle()
        self.pair(0, "TABLE")
        self.pair(2, name)
        self.pair(5, own)
        self.pair(100, "AcDbSymbolTable")
        entries(own)
        self.pair(0, "ENDTAB")


def mm(xy):
    return (xy[0] * MM, xy[1] * MM)


def on_ring(p, ring):
    """Whether `p` lies within ON_EDGE_M of an edge of `ring` (metres)."""
    for (ax, ay), (bx, by) in zip(ring, ring[1:] + ring[:1]):
        dx, dy = bx - ax, by - ay
        t = ((p[0] - ax) * dx + (p[1] - ay) * dy) / ((dx * dx + dy * dy) or 1.0)
        t = min(1.0, max(0.0, t))
        if ((p[0] - ax - t * dx) ** 2 + (p[1] - ay - t * dy) ** 2) ** 0.5 <= ON_EDGE_M:
            return True
    return False


def level_contents(plan, level):
    """What the drawing of `level` shows, in millimetres: (outline, rooms as (ring, name,
    display point), voids, doors as (middle, width, rotation))."""
    # names in Chinese, as an architect's plans of a building in China have them (and as
    # server/dxf's tests compare them with the IMDF's "zh-Hans")
    names = {o["unit"]: o["name"] for o in plan.occupants}
    rooms, voids, walls = [], [], []
    outline = plan.levels[level]["outline"][0]
    for u in plan.units:
        if u["level"] != level:
            continue
        kind = role(u["category"])
        if kind in ROOM_ROLES:
            name = names.get(u["key"], u["name"])
            rooms.append(([mm(p) for p in u["poly"][0]], name and name[0], mm(u["point"])))
            walls.append(list(u["poly"][0]))
        elif kind == "closed":
            voids.append([mm(p) for p in u["poly"][0]])
    doors = []
    for o in plan.openings:
        if o["level"] != level:
            continue
        (x0, y0), (x1, y1) = o["seg"]
        middle = ((x0 + x1) / 2, (y0 + y1) / 2)
        if not any(on_ring(middle, ring) for ring in walls + [list(outline)]):
            continue
        width = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
        rotation = 0.0 if abs(y1 - y0) < 1e-9 else 90.0
        doors.append((mm(middle), width, rotation))
    return [mm(p) for p in outline], rooms, voids, doors


def drawing(plan, level):
    """The ASCII DXF of one level of `plan`."""
    outline, rooms, voids, doors = level_contents(plan, level)
    xs = [p[0] for p in outline]
    ys = [p[1] for p in outline]
    w = Writer()
    w.pair(999, f"{plan.vid} {level}: tools/venues/dxf.py")
    w.pair(0, "SECTION")
    w.pair(2, "HEADER")
    for name, code, value in (("$ACADVER", 1, "AC1015"), ("$DWGCODEPAGE", 3, "ANSI_1252"),
                              ("$HANDSEED", 5, HANDSEED), ("$INSUNITS", 70, 4), ("$MEASUREMENT", 70, 1)):
        w.pair(9, name)
        w.pair(code, value)
    w.pair(9, "$EXTMIN")
    w.point(min(xs), min(ys))
    w.pair(9, "$EXTMAX")
    w.point(max(xs), max(ys))
    w.pair(0, "ENDSEC")

    w.pair(0, "SECTION")
    w.pair(2, "TABLES")

    def ltypes(owner):
        w.pair(0, "LTYPE")
        w.pair(5, w.handle())
        w.pair(330, owner)
        w.pair(100, "AcDbSymbolTableRecord")
        w.pair(100, "AcDbLinetypeTableRecord")
        w.pair(2, "CONTINUOUS")
        w.pair(70, 0)
        w.pair(3, "Solid line")
        w.pair(72, 65)
        w.pair(73, 0)
        w.pair(40, "0.0")

    def layers(owner):
        for name, colour in (("0", 7), *LAYERS):
            w.pair(0, "LAYER")
            w.pair(5, w.handle())
            w.pair(330, owner)
            w.pair(100, "AcDbSymbolTableRecord")
            w.pair(100, "AcDbLayerTableRecord")
            w.pair(2, name)
            w.pair(70, 0)
            w.pair(62, colour)
            w.pair(6, "CONTINUOUS")

    def styles(owner):
        w.pair(0, "STYLE")
        w.pair(5, w.handle())
        w.pair(330, owner)
        w.pair(100, "AcDbSymbolTableRecord")
        w.pair(100, "AcDbTextStyleTableRecord")
        w.pair(2, "STANDARD")
        w.pair(70, 0)
        w.pair(40, "0.0")
        w.pair(41, "1.0")
        w.pair(3, "txt")

    records = {}

    def block_records(owner):
        for name in ("*MODEL_SPACE", "*PAPER_SPACE", DOOR_BLOCK):
            records[name] = w.handle()
            w.pair(0, "BLOCK_RECORD")
            w.pair(5, records[name])
            w.pair(330, owner)
            w.pair(100, "AcDbSymbolTableRecord")
            w.pair(100, "AcDbBlockTableRecord")
            w.pair(2, name)

    w.table("LTYPE", ltypes)
    w.table("LAYER", layers)
    w.table("STYLE", styles)
    w.table("BLOCK_RECORD", block_records)
    w.pair(0, "ENDSEC")

    w.pair(0, "SECTION")
    w.pair(2, "BLOCKS")
    for name in ("*MODEL_SPACE", "*PAPER_SPACE", DOOR_BLOCK):
        owner = records[name]
        w.entity("BLOCK", "DOOR" if name == DOOR_BLOCK else "0", owner)
        w.pair(100, "AcDbBlockBegin")
        w.pair(2, name)
        w.pair(70, 0)
        w.point(0.0, 0.0)
        w.pair(3, name)
        w.pair(1, "")
        if name == DOOR_BLOCK:
            for a, b in DOOR_LINES:
                w.line("0", owner, a, b)
        w.entity("ENDBLK", "DOOR" if name == DOOR_BLOCK else "0", owner)
        w.pair(100, "AcDbBlockEnd")
    w.pair(0, "ENDSEC")

    model = records["*MODEL_SPACE"]
    w.pair(0, "SECTION")
    w.pair(2, "ENTITIES")
    w.polyline("WALL", model, outline)
    for ring in voids:
        w.polyline("VOID", model, ring)
    for ring, name, at in rooms:
        w.polyline("ROOM", model, ring)
        if name:
            w.text("TEXT", model, at, name)
    for at, width, rotation in doors:
        w.insert("DOOR", model, at, width, rotation)
    w.pair(0, "ENDSEC")

    w.pair(0, "SECTION")
    w.pair(2, "OBJECTS")
    w.pair(0, "DICTIONARY")
    w.pair(5, w.handle())
    w.pair(330, "0")
    w.pair(100, "AcDbDictionary")
    w.pair(0, "ENDSEC")
    w.pair(0, "EOF")
    # The header comes first but names the next free handle, known only now.
    return "\n".join(w.lines).replace(HANDSEED, f"{w.next_handle:X}", 1) + "\n"


def write_levels(plan, directory):
    """Writes `<venue id>-<level>.dxf` for every level of `plan` into `directory`; their paths,
    lowest level first."""
    os.makedirs(directory, exist_ok=True)
    paths = []
    for level in sorted(plan.levels, key=lambda short: plan.levels[short]["ordinal"]):
        path = os.path.join(directory, f"{plan.vid}-{level}.dxf")
        with open(path, "w", encoding="ascii") as f:
            f.write(drawing(plan, level))
        paths.append(path)
    return paths
