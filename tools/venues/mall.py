# The demo shopping mall 寻境示范购物中心 (demo-mall): five retail floors L1-L5 around two atria,
# the car park levels B1-B2 (mall_parking.py), the lifts, stairs and escalators joining them, and
# the shops of mall_shops.py. The layout is described, with its numbers, in README.md.

import mall_parking
import mall_shops
import names
from builder import Plan
from geometry import rect, union_one
from mall_frame import (ELEVATORS, ESCALATOR_LEVELS, L1_VOID, LEVELS, NORTH_VOID, SOUTH_VOID, STAIRS,
                        BUILDING, ESCALATOR_NAMES, escalator_pads)

ORIGIN = (121.4, 31.17)
SITE = (-60.0, -100.0, 60.0, 100.0)
HOURS = "Mo-Su 10:00-22:00"
SLIDING = {"automatic": True, "material": "glass", "type": "sliding"}
LIFT_DOOR = {"automatic": True, "material": "metal", "type": "sliding"}

# Walkways: 5 m side corridors the length of the building, 5 m cross corridors at both ends and
# in the middle, 3 m restroom lanes, two 36 m x 20 m atria and (L1) four 5 m entrance halls.
CW, CE = (-23.0, -80.0, -18.0, 80.0), (18.0, -80.0, 23.0, 80.0)
CN, CS, CM = (-18.0, 63.0, 18.0, 68.0), (-18.0, -68.0, 18.0, -63.0), (-18.0, -2.5, 18.0, 2.5)
ATRIA = [(-18.0, 28.0, 18.0, 48.0), (-18.0, -48.0, 18.0, -28.0)]
LANES = [(-1.5, 2.5, 1.5, 12.5), (-1.5, -12.5, 1.5, -2.5)]
HALLS = {"N": (-2.5, 68.0, 2.5, 80.0), "S": (-2.5, -80.0, 2.5, -68.0),   # by the wall of their entrance
         "W": (-35.0, -2.5, -23.0, 2.5), "E": (23.0, -2.5, 35.0, 2.5)}
ENTRANCES = {"N": ("北门", "North entrance"), "S": ("南门", "South entrance"),
             "W": ("西门", "West entrance"), "E": ("东门", "East entrance")}
CINEMA = [(-35.0, 68.0, 35.0, 80.0), (-35.0, 56.0, -23.0, 68.0), (23.0, 56.0, 35.0, 68.0)]

FLIP = {"N": "S", "S": "N", "E": "E", "W": "W"}
# Shop frontages alternate around the mean width so rows do not look stamped out.
RHYTHM = (1.0, 0.8, 1.25, 0.9, 1.1, 0.95)


def flip(r):
    return (r[0], -r[3], r[2], -r[1])


def split(length, mean):
    n = max(1, round(length / mean))
    raw = [RHYTHM[i % len(RHYTHM)] for i in range(n)]
    widths = [round(length * w / sum(raw), 1) for w in raw[:-1]]
    return widths + [round(length - sum(widths), 1)]


def band(prefix, r, axis, side, mean):
    """Shops side by side along a band, doors on `side`."""
    x0, y0, x1, y1 = r
    start, stop = (y0, y1) if axis == "y" else (x0, x1)
    slots, pos, widths = [], start, split(stop - start, mean)
    for i, w in enumerate(widths):
        end = stop if i == len(widths) - 1 else round(pos + w, 3)
        slots.append((f"{prefix}{i + 1:02d}", (x0, pos, x1, end) if axis == "y" else (pos, y0, end, y1), side))
        pos = end
    return slots


def walk_pieces(level):
    cw, ce = CW, CE
    if level == "L5":   # the cinema takes the north end of the side corridors
        cw, ce = (-23.0, -80.0, -18.0, 68.0), (18.0, -80.0, 23.0, 68.0)
    pieces = [("corridor", r) for r in (cw, ce, CN, CS, CM, *LANES)] + [("atrium", r) for r in ATRIA]
    if level == "L1":
        pieces += [("corridor", r) for r in HALLS.values()]
    return pieces


def shop_slots(level):
    slots = []
    if level == "L1":
        side_runs, end_runs = [(-80.0, -2.5), (2.5, 80.0)], [(-18.0, -2.5), (2.5, 18.0)]
    else:
        side_runs, end_runs = [(-80.0, 56.0 if level == "L5" else 80.0)], [(-18.0, 18.0)]
    mean = 14.0 if level == "L5" else 11.5
    for tag, x0, x1, door in (("W", -35.0, -23.0, "E"), ("E", 23.0, 35.0, "W")):
        for k, (y0, y1) in enumerate(side_runs):
            slots += band(f"{tag}{k + 1}-", (x0, y0, x1, y1), "y", door, mean)
    for k, (x0, x1) in enumerate(end_runs):
        if level != "L5":
            slots += band(f"N{k + 1}-", (x0, 68.0, x1, 80.0), "x", "S", 12.0)
        slots += band(f"S{k + 1}-", (x0, -80.0, x1, -68.0), "x", "N", 40.0 if level == "L4" else 12.0)
    for south in (False, True):
        f = flip if south else (lambda r: r)
        s = (lambda d: FLIP[d]) if south else (lambda d: d)
        t = "S" if south else "N"
        # the block beyond each atrium, around the lifts and two stair cores
        slots += [(f"C{t}a", f((-18.0, 48.0, -13.0, 57.0)), "W"), (f"C{t}b", f((13.0, 48.0, 18.0, 57.0)), "E"),
                  (f"C{t}c", f((-13.0, 48.0, -2.8, 63.0)), s("S")), (f"C{t}d", f((2.8, 48.0, 13.0, 63.0)), s("S")),
                  (f"C{t}e", f((-2.8, 50.6, 2.8, 63.0)), s("N"))]
        # the block between the atrium and the middle corridor, around the restrooms
        for i, (y0, y1) in enumerate(((2.5, 11.0), (11.0, 19.5), (19.5, 28.0))):
            slots += [(f"M{t}w{i + 1}", f((-18.0, y0, -6.5, y1)), "W"),
                      (f"M{t}e{i + 1}", f((6.5, y0, 18.0, y1)), "E")]
        slots.append((f"M{t}m", f((-6.5, 12.5, 6.5, 28.0)), s("N")))
    return slots


def restrooms(plan, level, south):
    """A restroom court: a 3 m lane off the middle corridor with rooms on both sides."""
    f = flip if south else (lambda r: r)
    rooms = [
        ("wc-access", (-6.5, 2.5, -1.5, 6.0), "E", "restroom.wheelchair", ["wheelchair"]),
        ("wc-female", (-6.5, 6.0, -1.5, 12.5), "E", "restroom.female", None),
        ("wc-male", (1.5, 6.0, 6.5, 12.5), "W", "restroom.male", None),
        # the fourth room: a family restroom in the south court, a nursing room in the north one
        ("wc-family", (1.5, 2.5, 6.5, 6.0), "W", "restroom.family", ["wheelchair"])
        if south else ("nursing", (1.5, 2.5, 6.5, 6.0), "W", "mothersroom", None),
    ]
    for slug, r, side, category, access in rooms:
        slug += "-s" if south else "-n"
        plan.unit(level, slug, category, f(r), name=names.RESTROOMS[category], accessibility=access)
        plan.door(level, slug, f(r), side, 1.2)


def cores(plan, level):
    for n, r, side in ELEVATORS:
        plan.unit(level, f"elevator-{n}", "elevator", r, name=names.lift(n), accessibility=["wheelchair"])
        plan.door(level, f"elevator-{n}", r, side, 1.2, door=LIFT_DOOR)
    for n, r, side in STAIRS:
        plan.unit(level, f"stairs-{n}", "stairs", r, name=names.stairs(n))
        plan.door(level, f"stairs-{n}", r, side, 1.5)


def retail_floor(plan, short, ordinal, name):
    plan.level(short, ordinal, name, "unspecified", rect(*BUILDING))
    pads, end = escalator_pads(short)
    voids = [L1_VOID] if short == "L1" else [NORTH_VOID, SOUTH_VOID]
    pieces = walk_pieces(short)
    for kind, r in pieces:
        plan.corridor(short, kind, r)
    walk = plan.unit(short, "walkway", "walkway", union_one([r for _, r in pieces], voids + list(pads.values())))
    for i, v in enumerate(voids):
        plan.unit(short, f"void-{i + 1}", "opentobelow", union_one([v], list(pads.values())))
    for lane, r in pads.items():
        plan.unit(short, f"escalator-{lane}", "escalator", r, name=ESCALATOR_NAMES[lane])
        plan.door(short, f"escalator-{lane}", r, end, 1.6)
    cores(plan, short)
    restrooms(plan, short, False)
    restrooms(plan, short, True)
    if short == "L1":
        for side, r in HALLS.items():
            plan.door(short, f"entrance-{side}", r, side, 4.0, category="pedestrian.principal",
                      name=ENTRANCES[side], door=SLIDING)
        for x in (-20.5, 20.5):   # the side corridors end in fire exits
            for y, side in ((80.0, "N"), (-80.0, "S")):
                r = (x - 2.5, y - 1, x + 2.5, y) if y > 0 else (x - 2.5, y, x + 2.5, y + 1)
                plan.door(short, f"exit-{side}{'W' if x < 0 else 'E'}", r, side, 2.0, category="emergencyexit")
    fill_shops(plan, short, shop_slots(short))
    if short == "L5":
        cinema = plan.unit(short, "cinema", "movietheater", union_one(CINEMA), name=None)
        plan.door(short, "cinema", (-23.0, 68.0, 23.0, 80.0), "S", 4.0, door=SLIDING)
        zh, category, en, hours = mall_shops.CINEMA
        plan.occupant(cinema, (zh, en), category, hours=hours)
    return walk


def fill_shops(plan, level, slots):
    entries, big = mall_shops.FLOORS[level], mall_shops.BIG[level]
    if len(entries) != len(slots):
        raise ValueError(f"{level}: {len(slots)} shop units but {len(entries)} names in mall_shops.py")
    area_of = {slug: (r[2] - r[0]) * (r[3] - r[1]) for slug, r, _ in slots}
    largest = sorted(area_of, key=lambda s: (-area_of[s], s))
    by_name = {e[0]: e for e in entries}
    assigned = {slug: by_name[n] for slug, n in zip(largest, big)}
    rest = iter(e for e in entries if e[0] not in big)
    for slug, r, side in slots:
        name, category, en, hours = assigned.get(slug) or next(rest)
        frontage = (r[2] - r[0]) if side in "NS" else (r[3] - r[1])
        key = plan.unit(level, f"shop-{slug}", "room", r)
        plan.door(level, f"shop-{slug}", r, side, 3.0 if frontage >= 15 else 2.0)
        plan.occupant(key, (name, en), category, hours=hours or HOURS)


def furnish(plan, walks):
    """Service desk, amenities, guide screens, planters and benches."""
    w = walks
    charging, bench = ("共享充电宝", "Power bank hire"), ("休息座椅", "Seating")
    plan.amenity("L1", "info", "information", (0.0, 34.0), w["L1"], name=("服务台", "Information desk"),
                 hours=HOURS)
    plan.amenity("L1", "atm", "atm", (-16.0, 30.0), w["L1"], name=names.ATM)
    plan.amenity("L1", "charging", "powerchargingstation", (16.0, 30.0), w["L1"], name=charging)
    for level in ("L1", "L3", "L5"):
        plan.amenity(level, "aed", "defibrillator", (16.0, -46.5), w[level], name=names.AED)
    for level in ("L2", "L4"):
        plan.amenity(level, "water", "drinkingfountain", (0.0, 11.5), w[level],
                     name=("直饮水", "Drinking water"))
    plan.amenity("L4", "stroller", "strollerrental", (-16.0, 46.5), w["L4"],
                 name=("婴儿车租借", "Pushchair hire"))
    plan.amenity("L5", "charging", "powerchargingstation", (16.0, 46.5), w["L5"], name=charging)

    plan.kiosk("L1", "kiosk-atrium", ("L1 北中庭导视屏", "L1 North atrium guide screen"), (0.0, 44.5), 180)
    plan.kiosk("L1", "kiosk-south", ("L1 南入口导视屏", "L1 South entrance guide screen"), (2.2, -72.0), 90)
    plan.kiosk("B1", "kiosk-lobby", ("B1 电梯厅导视屏", "B1 Lift lobby guide screen"), (0.0, 41.0), 180)
    plan.kiosk("L3", "kiosk-atrium", ("L3 中庭导视屏", "L3 Atrium guide screen"), (-15.0, 38.0), 270)

    for y in (38.0, -38.0):
        for x in (-12.0, 12.0):
            plan.fixture("L1", f"planter-{x:+.0f}{y:+.0f}", "vegetation", (x - 1, y - 1, x + 1, y + 1),
                         name=names.PLANTER)
        plan.fixture("L1", f"bench{y:+.0f}", "furniture", (-8.0, y - 0.3, -6.0, y + 0.3), name=bench)
    for level in ("L2", "L3", "L4", "L5"):
        plan.fixture(level, "bench-north", "furniture", (14.0, 37.0, 14.6, 39.0), name=bench)
        plan.fixture(level, "bench-south", "furniture", (14.0, -39.0, 14.6, -37.0), name=bench)


def build():
    plan = Plan("demo-mall", ("寻境示范购物中心", "Indora Demo Mall"), "shoppingcenter", ORIGIN, SITE,
                mall_shops.ADDRESS, HOURS)
    walks = {}
    for short, ordinal, name, category in LEVELS:
        if category == "parking":
            mall_parking.parking_level(plan, short, ordinal, name)
        else:
            walks[short] = retail_floor(plan, short, ordinal, name)
    plan.footprints = [("ground", plan.levels["L1"]["outline"]), ("subterranean", plan.levels["B1"]["outline"])]
    furnish(plan, walks)

    shorts = [lv[0] for lv in LEVELS]
    for n, _, _ in ELEVATORS:
        plan.relationship(f"elevator-{n}", "elevator", "undirected", [f"{s}/elevator-{n}" for s in shorts])
    for n, _, _ in STAIRS:
        plan.relationship(f"stairs-{n}", "stairs", "undirected", [f"{s}/stairs-{n}" for s in shorts])
    for lower, upper in zip(ESCALATOR_LEVELS, ESCALATOR_LEVELS[1:]):
        plan.relationship(f"escalator-{lower}-{upper}", "escalator", "directed",
                          [f"{lower}/escalator-up", f"{upper}/escalator-up"])
        plan.relationship(f"escalator-{upper}-{lower}", "escalator", "directed",
                          [f"{upper}/escalator-down", f"{lower}/escalator-down"])
    plan.relationship("ramp-B2-B1", "ramp", "undirected", ["B2/ramp", "B1/ramp"])

    # A fence the live demo watches for every visitor: the jeweller's on L1.
    jeweller = next(o for o in plan.occupants if o["name"][0] == "周大福")
    plan.geofence("L1", "jeweller", jeweller["unit"],
                  ("周大福珠宝警戒区", "Chow Tai Fook jewellery alert zone"))

    route_to = next(o for o in plan.occupants if o["name"][0] == mall_shops.ROUTE_TO)
    plan.toml = dict(order=1, default_level="L1", samples=dict(
        queries=["xbk", "星巴克", "母婴室", "洗手间", "hdl"],
        plates=["沪A·D2345", "沪B·12345", "苏E·6P789"],
        route_from=("B2-015", "B2 的一个车位"),
        route_to=(plan.occupant_id(route_to["unit"]), f"{route_to['name'][0]}（L5）"),
        start=(plan.opening_id("L1/entrance-N"), "北门")), flow=FLOW)
    return plan


# The simulated visitors of the flow analytics: a regional mall's weekday, more at weekends, open
# 10:00-22:00 with peaks at lunch and after work; a stay of a quarter of an hour in a shop; a
# third of the visitors drive (a suburban mall's share: about 60 % of its 766 spaces are taken at
# the evening peak).
FLOW = dict(visitors_per_day=8000, weekend_factor=1.6,
            arrivals=[0] * 10 + [5, 8, 12, 11, 8, 8, 9, 11, 14, 12, 7, 3] + [0, 0],
            dwell_minutes=15, stops=[2, 5], drive_share=0.35)


# Positioning infrastructure (infrastructure.py) besides the BLE beacons of every level: AoA
# gateways over the L1 walkways and atria (ceiling height in metres), UWB anchors in the B1 car park.
POSITIONING = {"aoa": {"L1": 4.5}, "uwb": {"B1": 2.5}}

HEADER = """
寻境示范购物中心 (demo-mall): what the live demo needs that IMDF has no place for (contract 2.9).
Written by tools/venues/generate.py with the .geojson files beside it: regenerate rather than edit,
or edit both. Ids are feature ids from those files; the comments name them.
"""
