# How devices are laid out over a level, whatever they are: regular rows and grids over the
# rectangles of a floor plan or a lattice over a whole area, each point moved to the nearest place
# a device can hang (Mounts), then more devices wherever the coverage rule of coverage.py still
# finds a gap (Layout). infrastructure.py says which areas, spacings and ranges each kind gets.

import math

from coverage import MARGIN, Points
from geometry import box_of, dist_to_boundary, point_in_poly


def grid(r, spacing, reach):
    """Cell centres of a rectangle cut into about `spacing`-sized cells, with more cells where a
    device at each centre would not reach its cell's corners within `reach`: a row along a
    corridor, a grid over a hall, one or two devices in a shop."""
    x0, y0, x1, y1 = r
    w, h = x1 - x0, y1 - y0
    n, m = max(1, round(w / spacing)), max(1, round(h / spacing))
    while math.hypot(w / n, h / m) / 2 > reach:
        if w / n >= h / m:
            n += 1
        else:
            m += 1
    return [(x0 + w * (i + 0.5) / n, y0 + h * (j + 0.5) / m) for j in range(m) for i in range(n)]


def lattice(box, spacing, inset):
    """Nodes at most `spacing` apart over a box, the outer ones `inset` inside its edges: anchors
    that must surround the area they serve, as UWB anchors do, stand on its perimeter too."""
    x0, y0, x1, y1 = box
    axes = []
    for a, b in ((x0 + inset, x1 - inset), (y0 + inset, y1 - inset)):
        n = max(1, math.ceil((b - a) / spacing))
        axes.append([a + (b - a) * k / n for k in range(n + 1)])
    return [(x, y) for y in axes[1] for x in axes[0]]


def zigzag(r, spacing, inset):
    """Nodes at most `spacing` apart along a rectangle's long axis, alternately `inset` from one
    long side and the other. Ranging anchors in one line cannot tell a tag from its mirror image
    across that line (both have the same ranges), so a corridor's anchors stand staggered."""
    x0, y0, x1, y1 = r
    flip = y1 - y0 > x1 - x0
    if flip:
        x0, y0, x1, y1 = y0, x0, y1, x1
    a, b = x0 + inset, x1 - inset
    n = max(1, math.ceil((b - a) / spacing))
    sides = (y0 + min(inset, (y1 - y0) / 2), y1 - min(inset, (y1 - y0) / 2))
    nodes = [(a + (b - a) * k / n, sides[k % 2]) for k in range(n + 1)]
    return [(y, x) for x, y in nodes] if flip else nodes


def rectangles(poly):
    """A rectilinear polygon (holes allowed) cut into rectangles: horizontal slabs, merged
    upwards while the next slab has the same span."""
    ys = sorted({y for ring in poly for _, y in ring})
    edges = [(a, b) for ring in poly for a, b in zip(ring, ring[1:] + ring[:1]) if a[0] == b[0]]
    out, open_spans = [], {}
    for y0, y1 in zip(ys, ys[1:]):
        mid = (y0 + y1) / 2
        xs = sorted(a[0] for a, b in edges if (a[1] > mid) != (b[1] > mid))
        spans = {}
        for span in zip(xs[::2], xs[1::2]):
            spans[span] = open_spans.pop(span, y0)
        out += [(a, start, b, y0) for (a, b), start in open_spans.items()]
        open_spans = spans
    out += [(a, start, b, ys[-1]) for (a, b), start in open_spans.items()]
    return sorted(out, key=lambda r: (r[1], r[0]))


def merge_blocks(rects):
    """Abutting rectangles of equal span joined: parking spaces into rows, then rows back to back
    into double rows."""
    def join(rects, lo, hi, a, b):
        """Joins along axis (a, b) the rectangles with the same span (lo, hi) across it."""
        out = []
        for r in sorted(rects, key=lambda r: (r[lo], r[hi], r[a])):
            last = out[-1] if out else None
            if last and (last[lo], last[hi]) == (r[lo], r[hi]) and last[b] == r[a]:
                merged = list(last)
                merged[b] = r[b]
                out[-1] = tuple(merged)
            else:
                out.append(r)
        return out

    return sorted(join(join(set(rects), 0, 2, 1, 3), 1, 3, 0, 2), key=lambda r: (r[1], r[0]))


class Mounts:
    """Where devices may hang on a level: inside one of `units` (dicts with a `poly` and a `key`),
    at least MARGIN from that unit's boundary."""

    CELL = 10.0

    def __init__(self, units):
        self.units, self.inner, self.known = {}, {}, {}
        for u in units:
            self._index(self.units, box_of(u["poly"]), u)
            # each rectangle of the unit shrunk by the margin: points there keep clear of its walls
            for x0, y0, x1, y1 in rectangles(u["poly"]):
                if x1 - x0 >= 2 * MARGIN and y1 - y0 >= 2 * MARGIN:
                    inner = (x0 + MARGIN, y0 + MARGIN, x1 - MARGIN, y1 - MARGIN)
                    self._index(self.inner, inner, (u["key"], inner))

    def _index(self, buckets, box, item):
        for i in range(math.floor(box[0] / self.CELL), math.floor(box[2] / self.CELL) + 1):
            for j in range(math.floor(box[1] / self.CELL), math.floor(box[3] / self.CELL) + 1):
                buckets.setdefault((i, j), []).append(item)

    def _near(self, buckets, p, r):
        seen = []
        for i in range(math.floor((p[0] - r) / self.CELL), math.floor((p[0] + r) / self.CELL) + 1):
            for j in range(math.floor((p[1] - r) / self.CELL), math.floor((p[1] + r) / self.CELL) + 1):
                seen += [item for item in buckets.get((i, j), ()) if item not in seen]
        return seen

    def clearance(self, p, unit=None):
        """How far p is from the walls of the unit it may hang in (only `unit` when given), or
        None when it may not hang there."""
        if p not in self.known:
            key = (math.floor(p[0] / self.CELL), math.floor(p[1] / self.CELL))
            u = next((u for u in self.units.get(key, ()) if point_in_poly(p, u["poly"])), None)
            d = u and dist_to_boundary(p, u["poly"])
            self.known[p] = (u["key"], d) if u and d >= MARGIN - 1e-9 else (None, None)
        holder, d = self.known[p]
        return d if holder and unit in (None, holder) else None

    def valid(self, p, unit=None):
        return self.clearance(p, unit) is not None

    def snap(self, p, radius, unit=None):
        """p, or the nearest point within `radius` where a device may hang, in `unit` if one is
        given and can be reached; None when there is none."""
        if self.valid(p, unit):
            return p
        boxes = self._near(self.inner, p, radius)
        for wanted in ((unit, None) if unit else (None,)):
            best = None
            for key, (x0, y0, x1, y1) in boxes:
                if wanted in (None, key):
                    q = (round(min(max(p[0], x0), x1), 3), round(min(max(p[1], y0), y1), 3))
                    rank = (math.dist(p, q), q[1], q[0])
                    if rank[0] <= radius and (best is None or rank < best[0]):
                        best = (rank, q)
            if best:
                return best[1]
        return None


class Layout:
    """Devices of one kind on one level, and how often each sample point of the area they serve
    is reached (within `reach` metres)."""

    def __init__(self, mounts, area_samples, reach, wanted):
        self.mounts, self.reach, self.wanted = mounts, reach, wanted
        self.devices = Points(max(reach, 4.0))
        self.samples = area_samples
        self.sample_index = Points(max(reach, 4.0))
        for p in area_samples:
            self.sample_index.add(p)
        self.count = {p: 0 for p in area_samples}

    def add(self, p):
        self.devices.add(p)
        for s in self.sample_index.near(p, self.reach):
            self.count[s] += 1

    def place(self, seeds, snap, gap):
        """Each (point, unit) seed moved to the nearest place a device can hang (in that unit when
        one is named), unless another device already stands within `gap`."""
        for p, unit in seeds:
            q = self.mounts.snap(p, snap, unit)
            if q is not None and not self.devices.near(q, gap):
                self.add(q)

    def short(self):
        return [s for s in self.samples if self.count[s] < self.wanted]

    def fill(self, gap, step):
        """Adds devices until every sample is reached `wanted` times, each at the mountable point
        (on a `step` lattice) reaching the most samples still short, at least `gap` from every
        device when that is possible; among equals, the one standing clearest of the devices and
        walls around it, then farthest from the devices."""
        candidates, added = {}, 0
        while True:
            short = self.short()
            if not short:
                return added
            lacking = Points(self.devices.cell)
            n = math.floor(self.reach / step)
            for s in short:
                lacking.add(s)
                i0, j0 = round(s[0] / step), round(s[1] / step)
                for i in range(i0 - n, i0 + n + 1):
                    for j in range(j0 - n, j0 + n + 1):
                        if (i, j) not in candidates:
                            q = (round(i * step, 3), round(j * step, 3))
                            candidates[(i, j)] = (q, self.mounts.clearance(q))
            scored = []
            for q, wall in candidates.values():
                gain = wall and len(lacking.near(q, self.reach))
                if gain:
                    nearest = min((math.dist(q, d) for d in self.devices.near(q, 2 * self.reach)),
                                  default=2 * self.reach)
                    rank = (-gain, -min(nearest, 2 * wall), -nearest, q[1], q[0])
                    scored.append((rank, q, nearest))
            best = None
            for keep in (gap, gap / 2, 0.0):
                best = min(((rank, q) for rank, q, nearest in scored if nearest > keep or not keep),
                           default=None)
                if best:
                    break
            if best is None:
                raise ValueError(f"no place for a device within {self.reach} m of {short[0]}")
            self.add(best[1])
            added += 1
