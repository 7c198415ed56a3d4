# The checks of infrastructure.geojson, run on the features as they will be written, after the
# IMDF checks of checks.py have passed: each feature's shape and the properties of its kind, ids,
# names, minors and anchor ids unique in the venue, heights in the range of the kind, every device
# hanging inside a unit of its level that it may hang in, at least 1 m from that unit's walls, and
# the coverage each kind promises (coverage.PROMISE) on a 2 m grid over the units it serves.

import re
from math import dist

from checks import raise_problems
from coverage import MARGIN, PROMISE, Points, hangs_in, samples, serves
from geometry import box_of, dist_to_boundary, point_in_poly
from infrastructure import HEIGHTS, PROPS

TOL = 0.05   # m: coordinates are rounded to about 1 cm when written
UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
ID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")


def is_int(value, lo, hi):
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi


def check_shape(v, f):
    """Whether f is a device the later checks can read (members, kind, keys and a point on a level
    of the venue), reporting what is wrong with it, and with its values."""
    if list(f) != ["id", "type", "feature_type", "geometry", "properties"]:
        v.report(f, f"has members {list(f)}")
        return False
    p, g = f["properties"], f["geometry"]
    kind = p.get("kind")
    usable = True
    if not ID.match(f["id"]):
        v.report(f, "id is not a version-4 UUID")
    if f["type"] != "Feature" or f["feature_type"] != "infrastructure":
        v.report(f, f"is a {f['type']} of type {f['feature_type']} in infrastructure.geojson")
    if not (g and g["type"] == "Point" and len(g["coordinates"]) == 2):
        v.report(f, f"geometry is {g and g['type']}, expected a Point")
        usable = False
    elif any(round(c, 7) != c for c in g["coordinates"]):
        v.report(f, f"coordinate {g['coordinates']} has more than 7 decimals")
    if kind not in PROPS:
        v.report(f, f"kind {kind!r} is none of {sorted(PROPS)}")
        return False
    if tuple(p) != PROPS[kind]:
        v.report(f, f"property keys {list(p)}, expected {list(PROPS[kind])}")
        return False
    if p["level_id"] not in v.levels:
        v.report(f, f"level_id {p['level_id']} names no level")
        usable = False
    lo, hi = HEIGHTS[kind]
    if not (isinstance(p["height"], (int, float)) and lo <= p["height"] <= hi):
        v.report(f, f"height {p['height']} m is outside {lo}-{hi} m for a {kind}")
    if kind == "ble_beacon":
        if not (isinstance(p["uuid"], str) and UUID.match(p["uuid"])):
            v.report(f, f"uuid {p['uuid']!r} is not a UUID")
        for key in ("major", "minor"):
            if not is_int(p[key], 1, 65535):
                v.report(f, f"{key} {p[key]!r} is not an integer 1-65535")
        if not is_int(p["tx_power"], -100, 0) or not is_int(p["interval_ms"], 20, 10240):
            v.report(f, f"tx_power {p['tx_power']!r} dBm or interval_ms {p['interval_ms']!r} is not plausible")
    elif kind == "aoa_gateway" and not (isinstance(p["range"], (int, float)) and p["range"] > 0):
        v.report(f, f"range {p['range']!r} is not a distance in metres")
        usable = False
    elif kind == "uwb_anchor" and not is_int(p["anchor_id"], 1, 2 ** 31 - 1):
        v.report(f, f"anchor_id {p['anchor_id']!r} is not a positive integer")
    return usable


def check_unique(v, devices):
    seen = {}
    for f in devices:
        p = f["properties"]
        keys = [("id", f["id"]), ("name", p["name"])]
        keys += [(k, p[k]) for k in ("minor", "anchor_id") if k in p]
        for what, value in keys:
            other = seen.get((what, value))
            if other:
                v.report(f, f"{what} {value!r} is also the {what} of device {other}")
            seen[(what, value)] = f["id"]
        if f["id"] in v.by_id:
            v.report(f, "id is also the id of an IMDF feature")
    beacons = [f["properties"] for f in devices if f["properties"]["kind"] == "ble_beacon"]
    if len({b["uuid"] for b in beacons}) > 1:
        v.problems.append(f"{v.vid}/infrastructure.geojson: the beacons of a venue share one iBeacon uuid")
    majors = {(b["level_id"], b["major"]) for b in beacons}
    if len(majors) != len({level for level, _ in majors}) or len(majors) != len({m for _, m in majors}):
        v.problems.append(f"{v.vid}/infrastructure.geojson: each level has one major of its own")


def check_mounting(v, f, xy, boxes):
    """A device hangs inside a unit of its level that its kind may hang in, clear of the walls."""
    kind, level = f["properties"]["kind"], v.level_of(f)
    holder = next((u for (x0, y0, x1, y1), u in boxes[level]
                   if x0 <= xy[0] <= x1 and y0 <= xy[1] <= y1 and point_in_poly(xy, v.poly[u["id"]])), None)
    if not holder or not hangs_in(kind, holder["properties"]["category"]):
        what = f"a {holder['properties']['category']} unit" if holder else "no unit"
        v.report(f, f"hangs in {what} on {v.short[level]}, not in a unit a {kind} may hang in")
        return
    gap = dist_to_boundary(xy, v.poly[holder["id"]])
    if gap < MARGIN - TOL:
        v.report(f, f"stands {gap:.2f} m from the walls of unit {holder['id']}; keep {MARGIN:g} m")


def check_coverage(v, kind, level, ranges):
    """Every sample of the units `kind` serves on `level` within range of enough devices;
    `ranges` maps each device's position to its range."""
    promised, wanted = PROMISE[kind]
    longest = max(ranges.values())
    index = Points(max(longest, 4.0))
    for xy in ranges:
        index.add(xy)
    served = [v.poly[u["id"]] for u in v.units_on[level] if serves(kind, u["properties"]["category"])]
    short = [s for s in samples(served)
             if sum(1 for xy in index.near(s, longest + TOL) if dist(xy, s) <= ranges[xy] + TOL) < wanted]
    if short:
        x, y = short[0]
        v.problems.append(f"{v.vid}/infrastructure.geojson: {v.short[level]}: {len(short)} point(s) of the "
                          f"units a {kind} serves are within range of fewer than {wanted} of them "
                          f"(promised: {promised:g} m), the first ({x:.1f}, {y:.1f}) m from the venue's "
                          f"display point")


def run(v, devices):
    """Every check of the devices of venue `v` (the checks.Venue checks.run returned); raises
    CheckFailed listing every problem."""
    check(v, devices)
    raise_problems(v)


def check(v, devices):
    """Every check of the devices of venue `v`, reported into v.problems."""
    sound = [f for f in devices if check_shape(v, f)]
    if len(sound) < len(devices):
        return
    check_unique(v, devices)
    boxes = {level: [(box_of(v.poly[u["id"]]), u) for u in units] for level, units in v.units_on.items()}
    ranges = {}
    for f in devices:
        p = f["properties"]
        xy = v.xy(f["geometry"]["coordinates"])
        check_mounting(v, f, xy, boxes)
        ranges.setdefault((p["kind"], p["level_id"]), {})[xy] = p.get("range", PROMISE[p["kind"]][0])
    for level in v.levels:
        if ("ble_beacon", level) not in ranges:
            v.problems.append(f"{v.vid}/infrastructure.geojson: {v.short[level]} has no BLE beacon")
    for (kind, level), of_level in sorted(ranges.items()):
        check_coverage(v, kind, level, of_level)
