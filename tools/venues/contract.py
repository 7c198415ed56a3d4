# The venue contract's rule values, read from docs/venue-contract.json: the same file the build's
# checks and the engine read, so the generator cannot pass a venue they would refuse for a rule
# written differently here (docs/venue-contract.md sections 2.3-2.7).

import json
import os

PATH = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                     "..", "..", "docs", "venue-contract.json"))

with open(PATH, encoding="utf-8") as _f:
    _RULES = json.load(_f)

# The role routes give each unit category (section 2.5); everything else is a destination,
# entered only through its openings.
ROLE = {category: r for r, categories in _RULES["unit_roles"].items() for category in categories}
# Opening categories visitors arrive through when they lie on the level outline (section 2.6).
ENTRANCES = frozenset(_RULES["entrance_openings"])
# Relationship categories routes ride, with their direction and whether they join adjacent
# levels only (section 2.7); others are kept but not ridden.
RIDES = _RULES["rides"]
# How close (m) a point lies to a wall to count as on it (section 2.6).
ON_BOUNDARY_M = _RULES["on_boundary_m"]
# The overlap (m²) of two units the build tolerates (section 5).
OVERLAP_LIMIT_M2 = _RULES["overlap_limit_m2"]
# The shared wall (m) that makes two walkable units one open space.
OPEN_EDGE_MIN_M = _RULES["open_edge_min_m"]
# The sphere of the local frame's projection (section 2.3).
EARTH_RADIUS_M = _RULES["earth_radius_m"]


def role(category):
    return ROLE.get(category, "destination")
