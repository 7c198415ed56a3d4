# Where things stand, checked on the written coordinates (docs/venue-contract.md sections 2.3-2.8,
# 5): units inside their level and not overlapping, openings on the walls of the units they join,
# display points, anchors and amenities inside their features, guide screens and fixtures standing
# in walkable space with 2.5 m left to pass, parking spaces and their zones, and the walkway pieces
# of the layout no narrower than 3 m and no wider than 6 m where they are corridors.

import re

from contract import ENTRANCES, ON_BOUNDARY_M as TOL, OVERLAP_LIMIT_M2 as AREA_TOL, role
from geometry import (EPS, area, box_of, boxes_overlap, dist_point_segment, dist_to_boundary,
                      overlap_area, point_in_poly, rect, rect_union)

CLEAR = 2.5        # m left to pass a fixture or guide screen


def check(v, corridors):
    v.level_by_short = {s: i for i, s in v.short.items()}
    inside_levels(v)
    overlaps(v)
    openings(v)
    display_points(v)
    points(v)
    obstacles(v)
    spaces(v)
    corridor_widths(v, corridors)


def _within(v, fid, poly):
    return area(v.poly[fid]) - overlap_area(v.poly[fid], poly) <= AREA_TOL


def inside_levels(v):
    for t in ("unit", "fixture", "kiosk", "section"):
        for f in v.fc[t]:
            if not _within(v, f["id"], v.poly[v.level_of(f)]):
                v.report(f, f"does not lie inside its level {v.short[v.level_of(f)]}")
    for f in v.fc["opening"]:
        outline = v.poly[v.level_of(f)]
        for p in v.line[f["id"]]:
            if not point_in_poly(p, outline) and dist_to_boundary(p, outline) > TOL:
                v.report(f, f"end {p} lies outside its level {v.short[v.level_of(f)]}")


def overlaps(v):
    for level, units in v.units_on.items():
        items = sorted(((box_of(v.poly[u["id"]]), u) for u in units), key=lambda t: t[0][0])
        for i, (a, u) in enumerate(items):
            for b, w in items[i + 1:]:
                if b[0] >= a[2] - EPS:
                    break
                if boxes_overlap(a, b, -EPS):
                    o = overlap_area(v.poly[u["id"]], v.poly[w["id"]])
                    if o > AREA_TOL:
                        what = v.name(w) or w["properties"]["category"]
                        v.report(u, f"overlaps unit {w['id']} ({what}) by {o:.3f} m²")


def openings(v):
    """Which units each opening joins: every unit whose wall both ends and the middle lie on."""
    v.joins, v.outside = {}, set()
    for f in v.fc["opening"]:
        a, b = v.line[f["id"]]
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        seg_box = (min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))
        joined = [u for u in v.units_on[v.level_of(f)]
                  if boxes_overlap(box_of(v.poly[u["id"]]), seg_box, TOL)
                  and all(dist_to_boundary(p, v.poly[u["id"]]) <= TOL for p in (a, mid, b))]
        v.joins[f["id"]] = [u["id"] for u in joined]
        outline = v.poly[v.level_of(f)]
        on_outline = all(dist_to_boundary(p, outline) <= TOL for p in (a, mid, b))
        if on_outline:
            v.outside.add(f["id"])
        roles = [role(u["properties"]["category"]) for u in joined]
        what = ", ".join(f"{v.name(u) or u['properties']['category']} {u['id']}" for u in joined)
        if not joined:
            v.report(f, "lies on the wall of no unit")
        elif len(joined) == 1 and not on_outline:
            v.report(f, f"lies on the wall of one unit only ({what}) and not on the level outline")
        if "closed" in roles:
            v.report(f, f"opens onto a closed unit ({what})")
        if "destination" in roles and sorted(roles) != ["destination", "walkable"]:
            v.report(f, f"a door of a shop, room or space joins one of them and one walkable unit, not {what}")
        if "connector" in roles and sorted(roles) != ["connector", "walkable"]:
            v.report(f, f"a lift, stair or escalator door joins it and one walkable unit, not {what}")
        if on_outline and f["properties"]["category"] in ENTRANCES:
            if not v.name(f):
                v.report(f, "is an entrance (on the level outline) without a name")
            if roles != ["walkable"]:
                v.report(f, f"an entrance opens into one walkable unit, not {what}")


def display_points(v):
    for t in ("venue", "level", "unit", "section", "kiosk", "fixture"):
        for f in v.fc[t]:
            dp = f["properties"].get("display_point")
            if dp is not None and not point_in_poly(v.xy(dp["coordinates"]), v.poly[f["id"]]):
                v.report(f, "display_point lies outside its geometry")
    for f in v.fc["building"]:
        p = v.xy(f["properties"]["display_point"]["coordinates"])
        if not any(point_in_poly(p, v.poly[fp["id"]]) for fp in v.fc["footprint"]):
            v.report(f, "display_point lies in no footprint")


def _on_or_in(p, poly):
    return point_in_poly(p, poly) or dist_to_boundary(p, poly) <= TOL


def points(v):
    for f in v.fc["anchor"]:
        unit = v.by_id.get(f["properties"]["unit_id"])
        if not unit or unit["feature_type"] != "unit":
            v.report(f, "unit_id names no unit")
        elif not point_in_poly(v.point[f["id"]], v.poly[unit["id"]]):
            v.report(f, f"lies outside its unit {unit['id']}")
    for f in v.fc["occupant"]:
        anchor = v.by_id.get(f["properties"]["anchor_id"])
        if not anchor or anchor["feature_type"] != "anchor":
            v.report(f, "anchor_id names no anchor")
    for f in v.fc["amenity"]:
        units = [v.by_id.get(i) for i in f["properties"]["unit_ids"]]
        if not all(u and u["feature_type"] == "unit" for u in units):
            v.report(f, "unit_ids name a feature that is no unit")
        elif not any(_on_or_in(v.point[f["id"]], v.poly[u["id"]]) for u in units):
            v.report(f, "lies in none of its units")


def obstacles(v):
    """Guide screens and fixtures stand in one walkable unit, away from doors, and leave a
    2.5 m passage on at least one side across each direction (east or west, and north or south)."""
    v.kiosk_unit = {}
    things = v.fc["kiosk"] + v.fc["fixture"]
    for f in things:
        level = v.level_of(f)
        walkable = [u for u in v.units_on[level] if role(u["properties"]["category"]) == "walkable"]
        holder = [u for u in walkable if _within(v, f["id"], v.poly[u["id"]])]
        if not holder:
            v.report(f, "does not stand inside one walkable unit")
            continue
        if f["feature_type"] == "kiosk":
            v.kiosk_unit[f["id"]] = holder[0]["id"]
        others = [v.poly[g["id"]] for g in things if g is not f and v.level_of(g) == level]
        x0, y0, x1, y1 = box_of(v.poly[f["id"]])
        sides = {"W": (x0 - CLEAR, y0, x0, y1), "E": (x1, y0, x1 + CLEAR, y1),
                 "S": (x0, y0 - CLEAR, x1, y0), "N": (x0, y1, x1, y1 + CLEAR)}

        def clear(r):
            strip = rect(*r)
            free = sum(overlap_area(strip, v.poly[u["id"]]) for u in walkable)
            return free >= area(strip) - AREA_TOL and all(overlap_area(strip, o) <= AREA_TOL for o in others)

        open_sides = {s for s, r in sides.items() if clear(r)}
        if not (open_sides & {"W", "E"} and open_sides & {"S", "N"}):
            v.report(f, f"leaves less than {CLEAR} m to pass (clear sides: {sorted(open_sides) or 'none'})")
        for a in v.fc["amenity"]:
            if point_in_poly(v.point[a["id"]], v.poly[f["id"]]):
                v.report(f, f"covers amenity {a['id']} ({v.name(a)})")
        for o in v.fc["opening"]:
            if v.level_of(o) == level:
                a, b = v.line[o["id"]]
                corners = v.poly[f["id"]][0]
                gap = min(min(dist_point_segment(c, a, b) for c in corners),
                          min(dist_to_boundary(p, v.poly[f["id"]]) for p in (a, b)))
                if gap < 1.0:
                    v.report(f, f"stands {gap:.2f} m from opening {o['id']}; keep doors free")


SPACE = re.compile(r"^(B\d+|L\d+)-\d{3}$")


def spaces(v):
    seen = {}
    zones = {}
    for s in v.fc["section"]:
        if s["properties"]["category"] == "parking":
            zones.setdefault(v.level_of(s), []).append(s)
    doors = {}
    for o in v.fc["opening"]:
        if o["properties"]["category"] == "automobile":
            for u in v.joins.get(o["id"], []):
                doors.setdefault(u, []).append(o["id"])
    for u in v.fc["unit"]:
        if u["properties"]["category"] != "parking":
            continue
        name, level = v.name(u), v.level_of(u)
        if not name or not SPACE.match(name) or not name.startswith(v.short[level] + "-"):
            v.report(u, f"a space is named <level>-<three digits>, not {name!r}")
        if name in seen:
            v.report(u, f"space number {name} is also unit {seen[name]}")
        seen[name] = u["id"]
        x0, y0, x1, y1 = box_of(v.poly[u["id"]])
        dims = sorted((x1 - x0, y1 - y0))
        if abs(dims[0] - 2.5) > 0.02 or abs(dims[1] - 5.3) > 0.02 or len(v.poly[u["id"]][0]) != 4:
            v.report(u, f"a space is 2.5 m x 5.3 m, not {dims[0]:.2f} m x {dims[1]:.2f} m")
        if len(doors.get(u["id"], [])) != 1:
            v.report(u, f"has {len(doors.get(u['id'], []))} automobile openings, not one")
        centre = ((x0 + x1) / 2, (y0 + y1) / 2)
        holders = [z for z in zones.get(level, []) if point_in_poly(centre, v.poly[z["id"]])]
        if len(holders) != 1:
            v.report(u, f"centre lies in {len(holders)} parking zones of its level, not one")


def corridor_widths(v, corridors):
    """Every walkway and road lies inside the pieces the layout drew it from, and each corridor
    piece is 3-6 m wide (drive aisles 5.5-6.5 m); atria are open squares, not corridors."""
    for short, pieces in corridors.items():
        for kind, (x0, y0, x1, y1) in pieces:
            width = min(x1 - x0, y1 - y0)
            lo, hi = {"corridor": (3.0, 6.0), "aisle": (5.5, 6.5), "atrium": (0, 1e9)}[kind]
            if not lo - EPS <= width <= hi + EPS:
                v.problems.append(f"{v.vid} {short}: {kind} {(x0, y0, x1, y1)} is {width:.2f} m wide, "
                                  f"not {lo}-{hi} m")
        # the pieces rounded the way the written coordinates were, so equal edges stay equal
        snap = lambda x, y: v.proj.to_local(*v.proj.to_lonlat(x, y))
        drawn = rect_union([(*snap(x0, y0), *snap(x1, y1)) for _, (x0, y0, x1, y1) in pieces])
        for u in v.units_on[v.level_by_short[short]]:
            if u["properties"]["category"] in ("walkway", "road"):
                covered = sum(overlap_area(v.poly[u["id"]], d) for d in drawn)
                if area(v.poly[u["id"]]) - covered > AREA_TOL:
                    extra = area(v.poly[u["id"]]) - covered
                    v.report(u, f"extends {extra:.2f} m² beyond the corridors of the layout")
