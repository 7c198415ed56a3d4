# The checks the generator runs on its own output before writing it: feature shape, ids and
# property keys, IMDF categories, categories.toml coverage and venue.toml references here; the
# geometry in placement.py and the walking network in reach.py. Every problem names the file and
# the feature id; all of them are collected and raised together.

import re
import tomllib

import imdf_categories
import placement
import reach
from geometry import ring_area
from imdf import FEATURE_TYPES, PROPS, Projection

# The common subset of OSM opening_hours the site accepts: "Mo-Su 10:00-22:00", "24/7",
# "Mo-Fr 08:00-17:00; Sa-Su 08:00-12:00".
_DAYS = r"(?:Mo|Tu|We|Th|Fr|Sa|Su|PH)(?:-(?:Mo|Tu|We|Th|Fr|Sa|Su|PH))?"
_RULE = rf"(?:24/7|{_DAYS}(?:,{_DAYS})* \d{{2}}:\d{{2}}-\d{{2}}:\d{{2}}(?:,\d{{2}}:\d{{2}}-\d{{2}}:\d{{2}})*)"
HOURS = re.compile(rf"^{_RULE}(?:; {_RULE})*$")
ID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")
GEOMETRY = {"address": None, "building": None, "occupant": None, "relationship": None,
            "amenity": "Point", "anchor": "Point", "opening": "LineString"}
class CheckFailed(Exception):
    pass


class Venue:
    """The collections of one venue with every geometry in local metres, indexed for the checks."""

    def __init__(self, vid, collections):
        self.vid, self.fc, self.problems = vid, collections, []
        self.by_id = {}
        for t in FEATURE_TYPES:
            for f in collections[t]:
                if f["id"] in self.by_id:
                    self.report(f, "id is used twice in the venue")
                self.by_id[f["id"]] = f
        venue = collections["venue"][0]
        self.proj = Projection(*venue["properties"]["display_point"]["coordinates"])
        self.levels = {f["id"]: f for f in collections["level"]}
        self.ordinal = {i: f["properties"]["ordinal"] for i, f in self.levels.items()}
        self.short = {i: f["properties"]["short_name"]["zh-Hans"] for i, f in self.levels.items()}
        self.units_on = {i: [] for i in self.levels}
        for u in collections["unit"]:
            self.units_on.setdefault(u["properties"]["level_id"], []).append(u)
        self.poly, self.line, self.point = {}, {}, {}
        for t in FEATURE_TYPES:
            for f in collections[t]:
                self._local(f)

    def report(self, f, message):
        self.problems.append(f"{self.vid}/{f['feature_type']}.geojson: feature {f['id']}: {message}")

    def xy(self, coords):
        return self.proj.to_local(coords[0], coords[1])

    def _local(self, f):
        g = f["geometry"]
        if g is None:
            return
        if g["type"] == "Point":
            self.point[f["id"]] = self.xy(g["coordinates"])
        elif g["type"] == "LineString":
            self.line[f["id"]] = tuple(self.xy(c) for c in g["coordinates"])
        elif g["type"] == "Polygon":
            self.poly[f["id"]] = [[self.xy(c) for c in ring[:-1]] for ring in g["coordinates"]]

    def name(self, f):
        n = f["properties"].get("name")
        return n["zh-Hans"] if n else None

    def level_of(self, f):
        return f["properties"]["level_id"]


def check_shape(v):
    for t in FEATURE_TYPES:
        for f in v.fc[t]:
            if list(f) != ["id", "type", "feature_type", "geometry", "properties"]:
                v.report(f, f"has members {list(f)}")
            if not ID.match(f["id"]):
                v.report(f, "id is not a version-4 UUID")
            if f["type"] != "Feature" or f["feature_type"] != t:
                v.report(f, f"is a {f['type']} of type {f['feature_type']} in {t}.geojson")
            if tuple(f["properties"]) != PROPS[t]:
                v.report(f, f"property keys {list(f['properties'])}, expected {list(PROPS[t])}")
            for key in ("name", "short_name", "alt_name"):
                labels = f["properties"].get(key)
                if labels is not None and (key != "alt_name" and "zh-Hans" not in labels):
                    v.report(f, f"{key} has no zh-Hans label")
            want, g = GEOMETRY.get(t, "Polygon"), f["geometry"]
            if (g and g["type"]) != want:
                v.report(f, f"geometry is {g and g['type']}, expected {want}")
            if g and g["type"] == "Polygon":
                check_rings(v, f, g["coordinates"])
            if g and g["type"] == "LineString" and len(g["coordinates"]) != 2:
                v.report(f, "an opening is a line of exactly two points")
            for c in _coords(g):
                if any(round(x, 7) != x for x in c):
                    v.report(f, f"coordinate {c} has more than 7 decimals")
                    break
            hours = f["properties"].get("hours")
            if hours is not None and not HOURS.match(hours):
                v.report(f, f"hours {hours!r} are not OSM opening_hours like \"Mo-Su 10:00-22:00\"")
            category = f["properties"].get("category")
            known = imdf_categories.BY_TYPE.get(t)
            if known is not None and category not in known:
                v.report(f, f"category {category!r} is not an IMDF {t} category")


def _coords(g):
    if not g:
        return []
    if g["type"] == "Point":
        return [g["coordinates"]]
    if g["type"] == "LineString":
        return g["coordinates"]
    return [c for ring in g["coordinates"] for c in ring]


def check_rings(v, f, rings):
    for k, ring in enumerate(rings):
        if len(ring) < 4 or ring[0] != ring[-1]:
            v.report(f, f"ring {k} is not closed or has fewer than 4 positions")
            continue
        local = [v.xy(c) for c in ring[:-1]]
        a = ring_area(local)
        if (k == 0) != (a > 0):
            winds = "clockwise" if a < 0 else "counter-clockwise"
            v.report(f, f"ring {k} winds {winds}; exteriors are counter-clockwise, holes clockwise")
        if _self_intersects(local):
            v.report(f, f"ring {k} crosses itself")


def _self_intersects(ring):
    n = len(ring)
    segs = [(ring[k], ring[(k + 1) % n]) for k in range(n)]
    for i in range(n):
        (ax, ay), (bx, by) = segs[i]
        for j in range(i + 2, n):
            if i == 0 and j == n - 1:
                continue
            (cx, cy), (dx, dy) = segs[j]
            if max(ax, bx) < min(cx, dx) or max(cx, dx) < min(ax, bx):
                continue
            if max(ay, by) < min(cy, dy) or max(cy, dy) < min(ay, by):
                continue
            d1 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
            d2 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax)
            d3 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx)
            d4 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx)
            if d1 * d2 <= 0 and d3 * d4 <= 0:
                return True
    return False


def check_categories_toml(v, categories):
    entries = categories.get("categories", {})

    def covered(c):
        while c:
            if c in entries:
                return True
            c = c.rpartition(".")[0]
        return False

    for t in FEATURE_TYPES:
        for f in v.fc[t]:
            c = f["properties"].get("category")
            if c is not None and not covered(c):
                v.report(f, f"category {c!r} has no entry in content/venues/categories.toml")
    grouped = {}
    for g in categories.get("groups", []):
        for c in g["categories"]:
            if c not in entries:
                v.problems.append(f"categories.toml: group {g['label']} lists {c!r}, which has no entry")
            if c in grouped:
                v.problems.append(f"categories.toml: {c!r} is in groups {grouped[c]} and {g['label']}")
            grouped[c] = g["label"]


def check_venue_toml(v, text):
    try:
        toml = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        v.problems.append(f"{v.vid}/venue.toml: {e}")
        return
    where = f"{v.vid}/venue.toml"
    if toml.get("default_level") not in v.short.values():
        v.problems.append(f"{where}: default_level {toml.get('default_level')!r} is no level")
    kiosk_ids = {k["id"] for k in v.fc["kiosk"]}
    listed = [k["id"] for k in toml.get("kiosks", [])]
    if sorted(listed) != sorted(kiosk_ids):
        v.problems.append(f"{where}: [[kiosks]] lists {sorted(listed)}, "
                          f"the kiosk features are {sorted(kiosk_ids)}")
    for k in toml.get("kiosks", []):
        if not (isinstance(k.get("facing"), int) and 0 <= k["facing"] < 360):
            v.problems.append(f"{where}: kiosk {k['id']}: facing must be 0..359 degrees")
    s = toml.get("samples", {})
    spaces = {v.name(u) for u in v.fc["unit"] if u["properties"]["category"] == "parking"}
    for key in ("route_from", "route_to", "start"):
        loc = s.get(key)
        if loc not in spaces and loc not in v.by_id:
            v.problems.append(f"{where}: samples.{key} {loc!r} is neither a feature id nor a space number")
    start = v.by_id.get(s.get("start"))
    if not start or start["feature_type"] != "opening" or not start["properties"]["name"]:
        v.problems.append(f"{where}: samples.start must be the id of a named entrance")
    if not s.get("queries") or (spaces and not s.get("plates")):
        v.problems.append(f"{where}: samples need queries, and plates where there are parking spaces")
    f = toml.get("flow", {})
    arrivals = f.get("arrivals", [])
    if len(arrivals) != 24 or min(arrivals, default=-1) < 0 or sum(arrivals) <= 0:
        v.problems.append(f"{where}: flow.arrivals must be 24 weights, none negative, some positive")
    stops = f.get("stops", [])
    if len(stops) != 2 or not 1 <= stops[0] <= stops[1]:
        v.problems.append(f"{where}: flow.stops must be [fewest, most] with 1 <= fewest <= most")
    if not 0 <= f.get("drive_share", 0) <= 1 or (f.get("drive_share", 0) > 0 and not spaces):
        v.problems.append(f"{where}: flow.drive_share must be 0 to 1, and 0 without parking spaces")


def run(vid, collections, venue_toml, categories, corridors):
    """All checks of one venue; raises CheckFailed listing every problem."""
    v = Venue(vid, collections)
    check_shape(v)
    check_categories_toml(v, categories)
    check_venue_toml(v, venue_toml)
    if not v.problems:    # geometry checks assume well-formed features
        placement.check(v, corridors)
        reach.check(v)
    raise_problems(v)
    return v


def raise_problems(v):
    """Raises CheckFailed listing the problems of venue v, if it has any."""
    if v.problems:
        shown = "\n  ".join(v.problems[:60])
        more = f"\n  ... and {len(v.problems) - 60} more" if len(v.problems) > 60 else ""
        raise CheckFailed(f"{len(v.problems)} problem(s) in {v.vid}:\n  {shown}{more}")
