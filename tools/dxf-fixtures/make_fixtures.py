"""Writes the small DXF floor plans of test-fixtures/dxf/ that the site-dxf crate's tests read.

The tests read the committed .dxf files, so they need no Python; run this again (with ezdxf
installed: `pip install ezdxf`) only to change the plans:

    python3 tools/dxf-fixtures/make_fixtures.py

Every plan is one level in millimetres: a corridor 2.4 m wide running west to east, three rooms
south of it and three north, each with a door on the corridor side and its name as a text.
"""

from pathlib import Path

import ezdxf

OUT = Path(__file__).resolve().parents[2] / "test-fixtures" / "dxf"

LENGTH = 30000
SOUTH_DEPTH = 6000
CORRIDOR = 2400
NORTH_DEPTH = 6000
DOOR_WIDTH = 900
WINDOW_WIDTH = 4500
SOUTH_NAMES = ["前台", "会议室", "经理办公室"]
NORTH_NAMES = ["茶水间", "档案室", "培训室"]

LATIN_LAYERS = {"wall": "WALL", "door": "DOOR", "room": "ROOM", "text": "TEXT"}
CHINESE_LAYERS = {"wall": "墙", "door": "门", "room": "房间", "text": "文字"}


def rooms():
    """(name, corners, door centre, door rotation) of each room, in millimetres."""
    width = LENGTH / 3
    north_y0 = SOUTH_DEPTH + CORRIDOR
    for i, name in enumerate(SOUTH_NAMES):
        x0, x1 = i * width, (i + 1) * width
        corners = [(x0, 0), (x1, 0), (x1, SOUTH_DEPTH), (x0, SOUTH_DEPTH)]
        yield name, corners, ((x0 + x1) / 2, SOUTH_DEPTH), 0
    for i, name in enumerate(NORTH_NAMES):
        x0, x1 = i * width, (i + 1) * width
        corners = [(x0, north_y0), (x1, north_y0), (x1, north_y0 + NORTH_DEPTH), (x0, north_y0 + NORTH_DEPTH)]
        yield name, corners, ((x0 + x1) / 2, north_y0), 180


def new_drawing(layers, units):
    """A drawing with the layers and the door block the plans use."""
    doc = ezdxf.new("R2013", setup=False)
    doc.header["$INSUNITS"] = units
    for layer in layers.values():
        doc.layers.add(layer)
    # A door block drawn around its base point: the leaf across the opening and its swing.
    door = doc.blocks.new("DOOR900")
    half = DOOR_WIDTH / 2
    door.add_line((-half, 0), (half, 0))
    door.add_arc((-half, 0), DOOR_WIDTH, 0, 90)
    return doc


def plan(path, layers, units=4, closed=True):
    doc = new_drawing(layers, units)
    msp = doc.modelspace()
    for name, corners, centre, rotation in rooms():
        msp.add_lwpolyline(corners, close=closed, dxfattribs={"layer": layers["room"]})
        for a, b in zip(corners, corners[1:] + corners[:1]):
            msp.add_line(a, b, dxfattribs={"layer": layers["wall"]})
        cx = sum(x for x, _ in corners) / 4
        cy = sum(y for _, y in corners) / 4
        msp.add_text(name, height=300, dxfattribs={"layer": layers["text"], "insert": (cx, cy)})
        msp.add_blockref("DOOR900", centre, dxfattribs={"layer": layers["door"], "rotation": rotation})
    doc.saveas(path)


def walls_plan(path, swings=False, doors=True):
    """The same office as an architect's CAD draws it: no room outlines, one LINE per wall on
    the wall layer with a gap for each door, the door block in the gap swinging into the room,
    the corridor closed at both ends and entered by a door in the west wall, a window on the
    doors' layer in the north wall. With `swings`, each
    door is its leaf and swing (a LINE and an ARC) instead of a block; without `doors`, the
    doorways are only gaps in the walls, as drawings filtered down to their walls have them."""
    layers = LATIN_LAYERS
    doc = new_drawing(layers, 4)
    half = DOOR_WIDTH / 2
    msp = doc.modelspace()
    wall = {"layer": layers["wall"]}
    top = SOUTH_DEPTH + CORRIDOR + NORTH_DEPTH
    north_y0 = SOUTH_DEPTH + CORRIDOR
    # The outer walls, the west one with the entrance's gap in the corridor, the north one with
    # a window's: a block of four lines along the gap (the wall's faces and the glass), wider
    # than any door, named as nothing in particular.
    entrance_y = SOUTH_DEPTH + CORRIDOR / 2
    window = doc.blocks.new("GLASS4500")
    for y in (-100, -33, 33, 100):
        window.add_line((-WINDOW_WIDTH / 2, y), (WINDOW_WIDTH / 2, y))
    window_x = LENGTH / 6
    msp.add_line((0, 0), (LENGTH, 0), dxfattribs=wall)
    msp.add_line((LENGTH, 0), (LENGTH, top), dxfattribs=wall)
    msp.add_line((LENGTH, top), (window_x + WINDOW_WIDTH / 2, top), dxfattribs=wall)
    msp.add_line((window_x - WINDOW_WIDTH / 2, top), (0, top), dxfattribs=wall)
    msp.add_blockref("GLASS4500", (window_x, top), dxfattribs={"layer": layers["door"]})
    msp.add_line((0, top), (0, entrance_y + half), dxfattribs=wall)
    msp.add_line((0, entrance_y - half), (0, 0), dxfattribs=wall)
    if doors:
        msp.add_blockref("DOOR900", (0, entrance_y), dxfattribs={"layer": layers["door"], "rotation": 90})
    # The partitions between rooms.
    width = LENGTH / 3
    for x in (width, 2 * width):
        msp.add_line((x, 0), (x, SOUTH_DEPTH), dxfattribs=wall)
        msp.add_line((x, north_y0), (x, top), dxfattribs=wall)
    # The corridor's walls, a gap at each room's door.
    for y, rotation in ((SOUTH_DEPTH, 180), (north_y0, 0)):
        x = 0
        for i in range(3):
            centre = (i + 0.5) * width
            msp.add_line((x, y), (centre - half, y), dxfattribs=wall)
            if doors:
                msp.add_blockref("DOOR900", (centre, y), dxfattribs={"layer": layers["door"], "rotation": rotation})
            x = centre + half
        msp.add_line((x, y), (LENGTH, y), dxfattribs=wall)
    for name, corners, _, _ in rooms():
        cx = sum(x for x, _ in corners) / 4
        cy = sum(y for _, y in corners) / 4
        msp.add_text(name, height=300, dxfattribs={"layer": layers["text"], "insert": (cx, cy)})
    if swings:
        for insert in list(msp.query("INSERT")):
            for piece in insert.explode():
                piece.dxf.layer = layers["door"]
    doc.saveas(path)


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    plan(OUT / "office-mm.dxf", LATIN_LAYERS)
    plan(OUT / "office-chinese-layers.dxf", CHINESE_LAYERS)
    plan(OUT / "no-closed-room.dxf", LATIN_LAYERS, closed=False)
    plan(OUT / "unitless.dxf", LATIN_LAYERS, units=0)
    walls_plan(OUT / "office-walls.dxf")
    walls_plan(OUT / "office-walls-swings.dxf", swings=True)
    walls_plan(OUT / "office-walls-gaps.dxf", doors=False)


if __name__ == "__main__":
    main()
