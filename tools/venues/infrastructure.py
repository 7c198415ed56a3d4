# The positioning infrastructure of a venue (issue #17), placed as a real deployment places it, for
# the positioning engine to simulate: content/venues/<id>/infrastructure.geojson.
#
# - BLE beacons on every level, about every 9 m over the floor people walk: a row along each
#   corridor and drive aisle, a grid over atria, halls and lobbies, one or more in every room big
#   enough to walk around in, rows over the parking bays; then one more wherever a point of a unit
#   a visitor can enter is still farther than 7 m from every beacon of its level.
# - AoA gateways on the ceiling of the walkable units of the levels a venue names: a row or grid
#   about 9 m apart over the corridors and halls, then more wherever a point is within 12 m of
#   fewer than two (two bearings cross; one gateway's elevation gives the range only coarsely).
# - UWB anchors over the open areas of the levels a venue names (coverage.OPEN): a lattice 25 m
#   apart at most whose outer anchors stand on the area's perimeter, every point within 30 m of
#   three. A corridor with rooms along both sides gets them staggered from wall to wall, 10 m
#   apart (see lay_out).
#
# A venue module asks for gateways and anchors with POSITIONING = {"aoa": {level: ceiling height},
# "uwb": {level: height}}; beacons come with them on every level. What each kind promises is
# coverage.PROMISE, which test_generate.py holds the written file to; the venue check
# (server/venues, run by generate.py) holds it to docs/live-positioning.md.

from contract import role
from coverage import MARGIN, PROMISE, hangs_in, samples, serves
from device_layout import Layout, Mounts, grid, lattice, merge_blocks, rectangles, zigzag
from geometry import area, box_of, point_in_poly
from imdf import feature_id, point_geometry

# Property keys of each kind, in the order they are written.
PROPS = {
    "ble_beacon": ("kind", "level_id", "name", "height", "uuid", "major", "minor", "tx_power",
                   "interval_ms"),
    "aoa_gateway": ("kind", "level_id", "name", "height", "range"),
    "uwb_anchor": ("kind", "level_id", "name", "height", "anchor_id"),
}
BLE_HEIGHT = {"parking": 2.6}      # metres; car park ceilings are low, elsewhere 2.8
TX_POWER = -59                     # dBm at 1 m, the iBeacon default
INTERVAL_MS = 200

# How each kind is laid out: `spacing` between neighbours in the rows and grids, `reach` how far a
# grid cell's corners may be from its device, `gap` the least distance between two devices the
# layout tries for, `snap` how far a point may move to hang in a unit, `step` the lattice gaps are
# filled from. UWB spacings run from `spacing` down to `closest` (lay_out).
KINDS = {
    "ble_beacon": dict(tag="BLE", digits=3, spacing=9.0, reach=7.0, gap=3.0, snap=3.0, step=1.0),
    "aoa_gateway": dict(tag="AOA", digits=2, spacing=9.0, reach=6.0, gap=6.0, snap=3.0, step=2.0),
    "uwb_anchor": dict(tag="UWB", digits=2, spacing=25, closest=12, gap=10.0, snap=5.0, step=2.0),
}
ROOM_MIN = 40.0   # m²: a smaller room (a restroom, a nursing room) is served by the beacons around it
UWB_INSET = 1.5   # m from the perimeter of the area to the outer anchors
CORRIDOR_STEP = 10.0  # m between a walled corridor's anchors, alternately on each side


def units_on(plan, short):
    return [u for u in plan.units if u["level"] == short]


def zones(plan, short, units, kind):
    """The rectangles a kind is laid out over, each with the unit its devices must hang in (or
    None): the layout's corridor pieces (walkways and roads are drawn from them), the other
    walkable units, and for beacons the rooms and the parking bays."""
    pieces = [r for _, r in plan.corridors.get(short, [])]
    out = [(r, None) for r in pieces]
    for u in units:
        c, r = u["category"], role(u["category"])
        if r == "walkable" and (c not in ("walkway", "road") or not pieces):
            out += [(rect, u["key"]) for rect in rectangles(u["poly"])]
        elif kind == "ble_beacon" and r == "destination" and c != "parking" and area(u["poly"]) >= ROOM_MIN:
            out += [(rect, u["key"]) for rect in rectangles(u["poly"])]
    if kind == "ble_beacon":
        bays = merge_blocks([box_of(u["poly"]) for u in units if u["category"] == "parking"])
        out += [(b, None) for b in bays]
    return out


def walled(r, served):
    """Whether a corridor piece has walls along both long sides: on each, most points a metre
    beyond it lie in no unit the kind serves (rooms or the outside, not a car park's bays)."""
    x0, y0, x1, y1 = r
    flip = y1 - y0 > x1 - x0
    if flip:
        x0, y0, x1, y1 = y0, x0, y1, x1
    xs = [x0 + 1.0 + 2.0 * k for k in range(int((x1 - x0) / 2.0))]
    for y in (y0 - 1.0, y1 + 1.0):
        probes = [(y, x) if flip else (x, y) for x in xs]
        if 2 * sum(any(point_in_poly(p, poly) for poly in served) for p in probes) >= len(probes):
            return False
    return True


def lay_out(plan, short, kind):
    """Positions (x, y) of the devices of one kind on one level."""
    spec = KINDS[kind]
    units = units_on(plan, short)
    served = [u["poly"] for u in units if serves(kind, u["category"])]
    mounts = Mounts([u for u in units if hangs_in(kind, u["category"])])
    points = samples(served)

    def attempt(seeds, most=None):
        """The layout from these seeds with its gaps filled, and how many were filled; None when
        the seeds alone are more than `most` devices."""
        layout = Layout(mounts, points, *PROMISE[kind])
        layout.place(seeds, spec["snap"], spec["gap"])
        if most is not None and len(layout.devices.items) > most:
            return None
        return layout, layout.fill(spec["gap"], spec["step"])

    if kind != "uwb_anchor":
        layout, _ = attempt([(p, unit) for rect, unit in zones(plan, short, units, kind)
                             for p in grid(rect, spec["spacing"], spec["reach"])])
        return list(layout.devices.items)
    # A hall takes a 25 m lattice. A corridor with rooms along both sides takes its anchors first,
    # staggered from wall to wall (zigzag): in one line they could not tell a tag from its mirror
    # image, and only near ones fix where across the corridor it walks. Spacings are tried from
    # the widest down: the fewest anchors win, then the fewest placed off the lattice to fill gaps.
    boxes = [box_of(p) for p in served]
    box = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
           max(b[3] for b in boxes))
    staggered = [p for _, r in plan.corridors.get(short, []) if walled(r, served)
                 for p in zigzag(r, CORRIDOR_STEP, MARGIN)]
    best = None
    for spacing in range(spec["spacing"], spec["closest"] - 1, -1):
        seeds = staggered + lattice(box, spacing, UWB_INSET)
        tried = attempt([(p, None) for p in seeds], best and best[0][0])
        if tried is None:
            break
        layout, filled = tried
        rank = (len(layout.devices.items), filled)
        if best is None or rank < best[0]:
            best = (rank, layout)
    return list(best[1].devices.items)


def place(plan, positioning):
    """Every device of the venue: dicts with key, level, kind, xy, height, name and the kind's own
    properties, level by level from the lowest up."""
    devices = []
    uuid = feature_id(plan.vid, "ibeacon-uuid")
    anchors = 0
    levels = sorted(plan.levels.values(), key=lambda lv: lv["ordinal"])
    for block, lv in enumerate(levels, 1):
        short = lv["short"]
        wanted = [("ble_beacon", BLE_HEIGHT.get(lv["category"], 2.8))]
        wanted += [(kind, positioning[name][short])
                   for kind, name in (("aoa_gateway", "aoa"), ("uwb_anchor", "uwb"))
                   if short in positioning.get(name, {})]
        for kind, height in wanted:
            spec = KINDS[kind]
            # numbered as an installer walks the floor: rows from north to south, west to east
            spots = sorted(lay_out(plan, short, kind), key=lambda p: (-round(p[1], 2), round(p[0], 2)))
            if len(spots) > 999:
                raise ValueError(f"{plan.vid} {short}: {len(spots)} {kind} devices; minors allow 999 a level")
            for n, xy in enumerate(spots, 1):
                label = f"{spec['tag'].lower()}-{n:0{spec['digits']}d}"
                d = dict(key=f"infrastructure/{short}/{label}", level=short, kind=kind, xy=xy, height=height,
                         name=f"{short}-{spec['tag']}-{n:0{spec['digits']}d}")
                if kind == "ble_beacon":
                    d.update(uuid=uuid, major=100 + lv["ordinal"], minor=block * 1000 + n, tx_power=TX_POWER,
                             interval_ms=INTERVAL_MS)
                elif kind == "aoa_gateway":
                    d.update(range=PROMISE[kind][0])
                else:
                    anchors += 1
                    d.update(anchor_id=anchors)
                devices.append(d)
    return devices


def features(plan, devices):
    """The devices as the features of infrastructure.geojson."""
    out = []
    for d in devices:
        values = dict(d, level_id=plan.level_id(d["level"]))
        out.append({"id": plan.fid(d["key"]), "type": "Feature", "feature_type": "infrastructure",
                    "geometry": point_geometry(plan.proj, d["xy"]),
                    "properties": {k: values[k] for k in PROPS[d["kind"]]}})
    return out
