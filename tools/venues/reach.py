# The walking network the route engine will see (docs/venue-contract.md sections 2.5-2.7): doors
# (the units each opening joins, from placement.py), open edges between walkable units sharing
# enough wall, and the relationships routes ride (lifts, stairs, escalators, ramps: the contract's
# rides, contract.py). Relationships are checked for their categories and levels, then every
# destination must be reached from an entrance of the ground floor.

from contract import ENTRANCES, ON_BOUNDARY_M, OPEN_EDGE_MIN_M, RIDES, role
from geometry import box_of, boxes_overlap, shared_length


def check(v):
    rides = relationships(v)
    reachable(v, rides)


def relationships(v):
    rides = []
    in_relationship = set()
    level_order = sorted(v.ordinal.values())
    for f in v.fc["relationship"]:
        p = f["properties"]
        refs = [p["origin"], *(p["intermediary"] or []), p["destination"]]
        units = []
        for r in refs:
            u = v.by_id.get(r["id"]) if r else None
            if not r or r["feature_type"] != "unit" or not u or u["feature_type"] != "unit":
                v.report(f, f"reference {r} names no unit")
                break
            units.append(u)
        else:
            category = p["category"]
            rule = RIDES.get(category)
            if rule is None:
                continue   # kept but not ridden (contract 2.7)
            for u in units:
                in_relationship.add(u["id"])
                if u["properties"]["category"] != category:
                    v.report(f, f"joins unit {u['id']} of category {u['properties']['category']}, "
                                f"but the relationship is of category {category}")
            ordinals = [v.ordinal[v.level_of(u)] for u in units]
            if len(set(ordinals)) != len(ordinals):
                v.report(f, "joins two units on the same level")
            if p["direction"] != rule["direction"]:
                v.report(f, f"a {category} relationship is {rule['direction']}")
            if rule["adjacent_levels"]:
                if p["intermediary"] is not None or len(units) != 2:
                    v.report(f, f"a {category} relationship runs from one unit to one, no intermediary")
                elif abs(level_order.index(ordinals[0]) - level_order.index(ordinals[1])) != 1:
                    v.report(f, f"a {category} relationship joins adjacent levels")
            if rule["direction"] == "undirected":
                span = [o for o in level_order if ordinals[0] <= o <= ordinals[-1]]
                if ordinals != span:
                    v.report(f, f"an undirected {category} relationship runs from the lowest level up "
                                f"through every level it serves (ordinals {ordinals})")
            rides.append(([u["id"] for u in units], rule["direction"] == "directed"))
    for u in v.fc["unit"]:
        if role(u["properties"]["category"]) == "connector" and u["id"] not in in_relationship:
            v.report(u, "a lift, stair or escalator unit in no relationship")
    return rides


def reachable(v, rides):
    links = {}

    def link(a, b):
        if a != b:
            links.setdefault(a, set()).add(b)

    for joined in v.joins.values():
        for a in joined:
            for b in joined:
                link(a, b)
    for units in v.units_on.values():
        walk = [u for u in units if role(u["properties"]["category"]) == "walkable"]
        for i, a in enumerate(walk):
            for b in walk[i + 1:]:
                pa, pb = v.poly[a["id"]], v.poly[b["id"]]
                if (boxes_overlap(box_of(pa), box_of(pb), ON_BOUNDARY_M)
                        and shared_length(pa, pb) >= OPEN_EDGE_MIN_M):
                    link(a["id"], b["id"])
                    link(b["id"], a["id"])
    for units, directed in rides:
        for a, b in zip(units, units[1:]):
            link(a, b)
            if not directed:
                link(b, a)

    ground = [i for i, o in v.ordinal.items() if o == 0]
    starts = [u for o in v.fc["opening"]
              if o["id"] in v.outside and o["properties"]["category"] in ENTRANCES and v.level_of(o) in ground
              for u in v.joins[o["id"]]]
    if not starts:
        v.problems.append(f"{v.vid}: no entrance on the ground floor")
    reached, queue = set(), []

    def enter(uid):
        r = role(v.by_id[uid]["properties"]["category"])
        if r == "closed" or uid in reached:
            return
        reached.add(uid)
        if r != "destination":
            queue.append(uid)

    for s in starts:
        enter(s)
    while queue:
        for n in sorted(links.get(queue.pop(), ())):
            enter(n)

    anchors = {a["id"]: a["properties"]["unit_id"] for a in v.fc["anchor"]}
    for f in v.fc["occupant"]:
        if anchors.get(f["properties"]["anchor_id"]) not in reached:
            v.report(f, f"{v.name(f)}: its unit cannot be reached from an entrance")
    for u in v.fc["unit"]:
        named = v.name(u) is not None
        if (named or u["properties"]["category"] == "parking") and u["id"] not in reached:
            v.report(u, f"{v.name(u) or 'space'} cannot be reached from an entrance")
    for f in v.fc["amenity"]:
        if not any(i in reached for i in f["properties"]["unit_ids"]):
            v.report(f, f"{v.name(f)}: its unit cannot be reached from an entrance")
    for f in v.fc["kiosk"]:
        if v.kiosk_unit.get(f["id"]) not in reached:
            v.report(f, f"{v.name(f)}: stands where no route reaches")
