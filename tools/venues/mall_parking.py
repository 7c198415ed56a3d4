# The car park levels B1 and B2 of the demo mall: rows of numbered 2.5 m x 5.3 m spaces on 6 m
# drive aisles, lift and stair lobbies where the cores of mall_frame.py come down, restrooms and a
# nursing room by the north lifts, guidance zones A区-F区, the B1-B2 ramp and (B1) the car ramps
# from the street.

import names
from geometry import rect, union_one
from mall_frame import BUILDING, ELEVATORS, ESCALATOR_NAMES, STAIRS, escalator_pads

SPACE_W, SPACE_D, AISLE = 2.5, 5.3, 6.0

# Rows of spaces across the building, west to east: x range and the side their aisle is on. A
# 5.3 m row against each long wall, three back-to-back double rows between four 6 m aisles:
# 5.3 + 4 x 6 + 3 x 10.6 + 5.3 = 66.4 m, centred in the 70 m building (1.8 m left at each wall).
ROWS = [(-33.2, -27.9, "E"), (-21.9, -16.6, "W"), (-16.6, -11.3, "E"), (-5.3, 0.0, "W"),
        (0.0, 5.3, "E"), (11.3, 16.6, "W"), (16.6, 21.9, "E"), (27.9, 33.2, "W")]
AISLES = [(-27.9, -21.9), (-11.3, -5.3), (5.3, 11.3), (21.9, 27.9)]   # north-south, y -74..74
CROSS_AISLES = [(-80.0, -74.0), (-3.0, 3.0), (74.0, 80.0)]            # east-west, wall to wall
RUNS = [(-74.0, -3.0), (3.0, 74.0)]                                  # where spaces line the aisles

NORTH_LOBBY = (-5.3, 38.0, 5.3, 48.0)
SOUTH_LOBBY = (-5.3, -48.0, 5.3, -43.0)
REST_ROOMS = [  # under the north lobby, doors onto it
    ("wc-female", (-5.3, 29.0, -1.75, 38.0), "restroom.female", None),
    ("nursing", (-1.75, 29.0, 1.75, 38.0), "mothersroom", None),
    ("wc-male", (1.75, 29.0, 5.3, 38.0), "restroom.male", None),
]
ACCESSIBLE_WC = (2.8, 48.0, 5.3, 50.6)        # beside lift 2, door onto the north lobby
RAMP = (-35.0, -40.0, -27.9, -20.0)            # the B1-B2 car ramp with its footpath, west wall
STREET_RAMPS = [  # B1 only: (slug, rect, name of the entrance, entrance side)
    ("ramp-east", (35.0, 74.0, 55.0, 80.0), ("东侧车库入口", "East car park entrance"), "E"),
    ("ramp-west", (-55.0, -80.0, -35.0, -74.0), ("西侧车库入口", "West car park entrance"), "W"),
]
# Guidance zones, named by their letter (A区, Zone A): letter, rect (cut across the middle cross
# aisle and at y = +-38).
ZONES = [
    ("A", (-35.0, 38.0, 0.0, 80.0)), ("B", (0.0, 38.0, 35.0, 80.0)),
    ("C", (-35.0, -38.0, 0.0, 38.0)), ("D", (0.0, -38.0, 35.0, 38.0)),
    ("E", (-35.0, -80.0, 0.0, -38.0)), ("F", (0.0, -80.0, 35.0, -38.0)),
]
SLIDING = {"automatic": True, "material": "glass", "type": "sliding"}
LIFT_DOOR = {"automatic": True, "material": "metal", "type": "sliding"}


def stair_lobby(r, side):
    """The lobby between a stair core's door and the nearest drive aisle."""
    x0, y0, x1, y1 = r
    return (-21.9, y0, x0, y1) if side == "W" else (x1, y0, 21.9, y1)


def overlaps(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def parking_level(plan, short, ordinal, name):
    street = short == "B1"
    outline = [r for _, r, _, _ in STREET_RAMPS] if street else []
    plan.level(short, ordinal, name, "parking", union_one([BUILDING] + outline))
    roads = [(BUILDING[0], y0, BUILDING[2], y1) for y0, y1 in CROSS_AISLES]
    roads += [(x0, -74.0, x1, 74.0) for x0, x1 in AISLES]
    for kind, r in [("aisle", r) for r in roads]:
        plan.corridor(short, kind, r)
    road = plan.unit(short, "road", "road", union_one(roads))

    # lifts and their lobbies
    north = plan.unit(short, "lobby-north", "lobby", NORTH_LOBBY, name=("北电梯厅", "North lift lobby"))
    south = plan.unit(short, "lobby-south", "lobby", SOUTH_LOBBY, name=("南电梯厅", "South lift lobby"))
    for slug, r in (("lobby-north", NORTH_LOBBY), ("lobby-south", SOUTH_LOBBY)):
        for side in "WE":
            plan.door(short, f"{slug}-{side}", r, side, 2.0, door=SLIDING)
    reserved = [(-5.3, 29.0, 5.3, 50.6), (-5.3, -50.6, 5.3, -43.0), RAMP]
    for n, r, side in ELEVATORS:
        plan.unit(short, f"elevator-{n}", "elevator", r, name=names.lift(n), accessibility=["wheelchair"])
        plan.door(short, f"elevator-{n}", r, side, 1.2, door=LIFT_DOOR)
    for n, r, side in STAIRS:
        lobby = stair_lobby(r, side)
        plan.unit(short, f"stairs-{n}", "stairs", r, name=names.stairs(n))
        plan.door(short, f"stairs-{n}", r, side, 1.5)
        plan.unit(short, f"stair-lobby-{n}", "lobby", lobby)
        reserved += [r, lobby]
    for slug, r, category, access in REST_ROOMS:
        plan.unit(short, slug, category, r, name=names.RESTROOMS[category], accessibility=access)
        plan.door(short, slug, r, "N", 1.2)
    plan.unit(short, "wc-access", "restroom.wheelchair", ACCESSIBLE_WC,
              name=names.RESTROOMS["restroom.wheelchair"], accessibility=["wheelchair"])
    plan.door(short, "wc-access", ACCESSIBLE_WC, "S", 1.0)

    # escalators up to L1 (B1): landings south of the escalator runs, mouths onto the south lobby
    pads, end = escalator_pads(short)
    for lane, r in pads.items():
        plan.unit(short, f"escalator-{lane}", "escalator", r, name=ESCALATOR_NAMES[lane])
        plan.door(short, f"escalator-{lane}", r, end, 1.6)
    if pads:
        plan.unit(short, "escalator-runs", "structure", (-3.5, -41.0, 3.5, -33.0))
        reserved.append((-5.3, -43.0, 5.3, -33.0))   # the landings and the runs rising to L1

    # ramps
    plan.unit(short, "ramp", "ramp", RAMP, name=("坡道人行道", "Ramp footpath"))
    if street:
        for slug, r, (zh, en), side in STREET_RAMPS:
            plan.unit(short, slug, "ramp", r, name=(zh + "坡道", en + " ramp"))
            plan.door(short, slug, r, side, 5.0, category="automobile", name=(zh, en))

    spaces = parking_spaces(reserved)
    zone_of = lambda c: next(z for z, r in ZONES if r[0] < c[0] < r[2] and r[1] < c[1] < r[3])
    spaces.sort(key=lambda s: (zone_of(s[2]), s[0][0], -s[0][1]))
    for n, (r, side, _centre) in enumerate(spaces, 1):
        label = f"{short}-{n:03d}"   # a code, the same in English
        plan.unit(short, f"space-{n:03d}", "parking", r, name=(label, label))
        plan.door(short, f"space-{n:03d}", r, side, 2.3, category="automobile")
    for z, r in ZONES:
        plan.section(short, f"zone-{z}", "parking", rect(*r), name=(f"{z}区", f"Zone {z}"))

    # what a driver looks for on the way to the lifts
    plan.amenity(short, "paystation", "cashier", (-4.4, 40.0), north, name=("自助缴费机", "Pay station"))
    plan.amenity(short, "aed", "defibrillator", (4.4, 40.0), north, name=names.AED)
    return road, north, south, len(spaces)


def parking_spaces(reserved):
    """Every space that fits its row without touching a lobby, core, ramp or room."""
    out = []
    for x0, x1, side in ROWS:
        for y0, y1 in RUNS:
            k = 0
            while y0 + SPACE_W * (k + 1) <= y1 + 1e-9:
                ya = round(y0 + SPACE_W * k, 3)
                r = (x0, ya, x1, round(ya + SPACE_W, 3))
                k += 1
                if any(overlaps(r, b) for b in reserved):
                    continue
                out.append((r, side, ((x0 + x1) / 2, ya + SPACE_W / 2)))
    return out
