# The venue contract's rule values the generator draws with, read from docs/venue-contract.json:
# the same file the venue check (server/venues) and the web build read, so the generator places
# devices by the roles they check against (docs/venue-contract.md sections 2.3 and 2.5).

import json
import os

PATH = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                     "..", "..", "docs", "venue-contract.json"))

with open(PATH, encoding="utf-8") as _f:
    _RULES = json.load(_f)

# The role routes give each unit category (section 2.5); everything else is a destination,
# entered only through its openings.
ROLE = {category: r for r, categories in _RULES["unit_roles"].items() for category in categories}
# The sphere of the local frame's projection (section 2.3).
EARTH_RADIUS_M = _RULES["earth_radius_m"]


def role(category):
    return ROLE.get(category, "destination")
