# Plane geometry in a venue's local metric frame (x east, y north, metres): rectangles, the
# rectilinear union that draws walkways, roads and outlines, and the polygon measures the layout
# and the device placement use (area, point in polygon, distance to a boundary, a point inside).
#
# A ring is a list of (x, y) without the closing repeat; a polygon is a list of rings, the first the
# exterior (counter-clockwise), the others holes (clockwise), as GeoJSON wants them.

import math

def rect(x0, y0, x1, y1):
    """The polygon of an axis-aligned rectangle."""
    return [[(x0, y0), (x1, y0), (x1, y1), (x0, y1)]]


def box_of(poly):
    xs = [p[0] for p in poly[0]]
    ys = [p[1] for p in poly[0]]
    return (min(xs), min(ys), max(xs), max(ys))


def rect_union(adds, subs=()):
    """The union of rectangles `adds` minus rectangles `subs` (each (x0, y0, x1, y1)) as polygons.

    The plane is cut into cells along every rectangle edge; the boundary between covered and
    uncovered cells, walked with the inside on the left, gives counter-clockwise exteriors and
    clockwise holes. Two pieces meeting at a single corner would make an ambiguous ring, so they
    are refused: the layouts never draw one.
    """
    key = lambda v: round(v, 6)
    xs = sorted({key(v) for r in (*adds, *subs) for v in (r[0], r[2])})
    ys = sorted({key(v) for r in (*adds, *subs) for v in (r[1], r[3])})

    def inside(r, x, y):
        return r[0] < x < r[2] and r[1] < y < r[3]

    nx, ny = len(xs) - 1, len(ys) - 1
    cover = [[False] * ny for _ in range(nx)]
    for i in range(nx):
        cx = (xs[i] + xs[i + 1]) / 2
        for j in range(ny):
            cy = (ys[j] + ys[j + 1]) / 2
            cover[i][j] = any(inside(r, cx, cy) for r in adds) and not any(inside(r, cx, cy) for r in subs)
    on = lambda i, j: 0 <= i < nx and 0 <= j < ny and cover[i][j]
    edges = {}

    def edge(a, b):
        if a in edges:
            raise ValueError(f"rect_union: pieces meet at a single corner at {a}")
        edges[a] = b

    for i in range(nx):
        for j in range(ny):
            if not cover[i][j]:
                continue
            x0, x1, y0, y1 = xs[i], xs[i + 1], ys[j], ys[j + 1]
            if not on(i, j - 1):
                edge((x0, y0), (x1, y0))
            if not on(i + 1, j):
                edge((x1, y0), (x1, y1))
            if not on(i, j + 1):
                edge((x1, y1), (x0, y1))
            if not on(i - 1, j):
                edge((x0, y1), (x0, y0))
    rings = []
    while edges:
        start = min(edges)
        ring = [start]
        point = edges.pop(start)
        while point != start:
            ring.append(point)
            point = edges.pop(point)
        rings.append(_drop_collinear(ring))
    outers = [[r] for r in rings if ring_area(r) > 0]
    for hole in (r for r in rings if ring_area(r) < 0):
        probe = _inner_probe(hole)
        owner = next(p for p in outers if point_in_ring(probe, p[0]))
        owner.append(hole)
    return outers


def union_one(adds, subs=()):
    """rect_union that must give exactly one polygon."""
    polys = rect_union(adds, subs)
    if len(polys) != 1:
        raise ValueError(f"expected one polygon, got {len(polys)} from {adds} minus {subs}")
    return polys[0]


def _drop_collinear(ring):
    out = []
    n = len(ring)
    for k in range(n):
        a, b, c = ring[k - 1], ring[k], ring[(k + 1) % n]
        if abs((b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])) > 1e-9:
            out.append(b)
    # start at the lowest-leftmost corner so the output does not depend on dict order
    first = out.index(min(out))
    return out[first:] + out[:first]


def _inner_probe(hole):
    """A point just outside a clockwise hole ring (inside the polygon that owns it)."""
    (ax, ay), (bx, by) = hole[0], hole[1]
    mx, my = (ax + bx) / 2, (ay + by) / 2
    length = math.hypot(bx - ax, by - ay)
    # the polygon interior lies to the left of a hole edge walked clockwise
    return (mx - (by - ay) / length * 1e-3, my + (bx - ax) / length * 1e-3)


def ring_area(ring):
    """Signed area: positive for counter-clockwise rings."""
    s = 0.0
    n = len(ring)
    for k in range(n):
        x0, y0 = ring[k]
        x1, y1 = ring[(k + 1) % n]
        s += x0 * y1 - x1 * y0
    return s / 2


def area(poly):
    return sum(ring_area(r) for r in poly)


def point_in_ring(p, ring):
    x, y = p
    inside = False
    n = len(ring)
    for k in range(n):
        (x0, y0), (x1, y1) = ring[k], ring[(k + 1) % n]
        if (y0 > y) != (y1 > y):
            if x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
                inside = not inside
    return inside


def point_in_poly(p, poly):
    return point_in_ring(p, poly[0]) and not any(point_in_ring(p, h) for h in poly[1:])


def segments(poly):
    for ring in poly:
        n = len(ring)
        for k in range(n):
            yield ring[k], ring[(k + 1) % n]


def dist_point_segment(p, a, b):
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def dist_to_boundary(p, poly):
    return min(dist_point_segment(p, a, b) for a, b in segments(poly))


def strictly_inside(p, poly, margin):
    return point_in_poly(p, poly) and dist_to_boundary(p, poly) > margin


def _cross(ax, ay, bx, by):
    return ax * by - ay * bx


def interior_point(poly):
    """A point well inside a polygon: its centroid when that is inside, else the middle of the
    widest inside stretch of a horizontal line through it."""
    ring = poly[0]
    a = ring_area(ring)
    cx = sum((ring[k][0] + ring[k - 1][0]) * _cross(*ring[k - 1], *ring[k]) for k in range(len(ring))) / (6 * a)
    cy = sum((ring[k][1] + ring[k - 1][1]) * _cross(*ring[k - 1], *ring[k]) for k in range(len(ring))) / (6 * a)
    if strictly_inside((cx, cy), poly, 0.5):
        return (cx, cy)
    x0, y0, x1, y1 = box_of(poly)
    best = None
    for frac in (0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.1, 0.9):
        y = y0 + (y1 - y0) * frac
        xs = sorted(
            a[0] + (y - a[1]) * (b[0] - a[0]) / (b[1] - a[1])
            for a, b in segments(poly)
            if (a[1] > y) != (b[1] > y)
        )
        for xa, xb in zip(xs[::2], xs[1::2]):
            if best is None or xb - xa > best[0]:
                best = (xb - xa, ((xa + xb) / 2, y))
    return best[1]
