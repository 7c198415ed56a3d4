# Radio coverage on one level, in the local metric frame: which units each kind of device serves
# and may hang in, sample points on a 2 m grid over the units it serves, and an index of device
# positions answering "which devices are within r of this point". Shared by the placement
# (infrastructure.py, device_layout.py) and the smoke test (test_generate.py), which holds the
# written devices to these promises: the venue check (server/venues) checks where devices hang,
# not how far they reach.

import math

from contract import role
from geometry import box_of, dist_to_boundary, point_in_poly

SAMPLE = 2.0    # m between sample points, as README.md promises
MARGIN = 1.0    # m a device keeps from the walls of the unit it hangs in
# What each kind promises the positioning engine: every sample point of the units it serves on
# its level lies within this many metres of at least so many devices of the kind.
PROMISE = {"ble_beacon": (7.0, 1), "aoa_gateway": (12.0, 2), "uwb_anchor": (30.0, 3)}
# Units open to a UWB anchor's line of sight besides the walkable ones: a car park's bays, a
# hospital's waiting areas. Shops and consulting rooms have walls in the way.
OPEN = frozenset({"parking", "waitingroom"})


def serves(kind, category):
    """Whether a device kind must cover a unit of this category on the levels it is on. BLE covers
    every unit a visitor can enter but the lift cars (a metal box; nobody is positioned in one);
    AoA gateways cover the walkable units, UWB anchors the open areas."""
    r = role(category)
    if kind == "ble_beacon":
        return r != "closed" and category != "elevator"
    if kind == "aoa_gateway":
        return r == "walkable"
    return r == "walkable" or category in OPEN


def hangs_in(kind, category):
    """Whether a device of this kind may be mounted in a unit of this category: beacons in any
    walkable unit, room or stair core; gateways and anchors only where they cover."""
    if kind == "ble_beacon":
        return role(category) in ("walkable", "destination") or category == "stairs"
    return serves(kind, category)


def samples(polys):
    """The centres of a 2 m grid (anchored at the venue's origin) that lie inside the polygons or
    on their edges, in a fixed order. Edges count, so a symmetric floor is sampled symmetrically."""
    out, seen = [], set()
    for poly in polys:
        x0, y0, x1, y1 = box_of(poly)
        # a grid point on an edge of a rectilinear polygon shares its x or y with a corner
        corner_xs = {x for ring in poly for x, _ in ring}
        corner_ys = {y for ring in poly for _, y in ring}
        i0, i1 = math.floor(x0 / SAMPLE), math.ceil(x1 / SAMPLE)
        j0, j1 = math.floor(y0 / SAMPLE), math.ceil(y1 / SAMPLE)
        for j in range(j0, j1 + 1):
            for i in range(i0, i1 + 1):
                p = ((i + 0.5) * SAMPLE, (j + 0.5) * SAMPLE)
                if p in seen:
                    continue
                if point_in_poly(p, poly) or ((p[0] in corner_xs or p[1] in corner_ys)
                                               and dist_to_boundary(p, poly) < 1e-6):
                    seen.add(p)
                    out.append(p)
    return out


class Points:
    """Device positions in square buckets, for counting those within a radius."""

    def __init__(self, cell):
        self.cell, self.buckets, self.items = cell, {}, []

    def _key(self, p):
        return (math.floor(p[0] / self.cell), math.floor(p[1] / self.cell))

    def add(self, p):
        self.items.append(p)
        self.buckets.setdefault(self._key(p), []).append(p)

    def remove(self, p):
        self.items.remove(p)
        self.buckets[self._key(p)].remove(p)

    def near(self, p, r):
        """The positions within r of p."""
        kx, ky = self._key(p)
        reach = math.ceil(r / self.cell)
        out = []
        for i in range(kx - reach, kx + reach + 1):
            for j in range(ky - reach, ky + reach + 1):
                out += [q for q in self.buckets.get((i, j), ()) if math.dist(p, q) <= r]
        return out
