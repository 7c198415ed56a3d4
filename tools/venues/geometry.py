# Plane geometry in a venue's local metric frame (x east, y north, metres): rectangles, the
# rectilinear union that draws walkways, roads and outlines, and the polygon measures the checks
# use (area, point in polygon, distance to a boundary, overlap area, shared edge length).
#
# A ring is a list of (x, y) without the closing repeat; a polygon is a list of rings, the first the
# exterior (counter-clockwise), the others holes (clockwise), as GeoJSON wants them.

import math

# Two lengths closer than this are the same (a tenth of a millimetre; output is rounded to ~1 cm,
# but rounding keeps equal coordinates equal, see imdf.py).
EPS = 1e-4


def rect(x0, y0, x1, y1):
    """The polygon of an axis-aligned rectangle."""
    return [[(x0, y0), (x1, y0), (x1, y1), (x0, y1)]]


def box_of(poly):
    xs = [p[0] for p in poly[0]]
    ys = [p[1] for p in poly[0]]
    return (min(xs), min(ys), max(xs), max(ys))


def boxes_overlap(a, b, margin=0.0):
    return a[0] < b[2] + margin and b[0] < a[2] + margin and a[1] < b[3] + margin and b[1] < a[3] + margin


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


def strictly_inside(p, poly, margin=EPS):
    return point_in_poly(p, poly) and dist_to_boundary(p, poly) > margin


def is_rect(poly):
    if len(poly) != 1 or len(poly[0]) != 4:
        return False
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = poly[0]
    return (y0 == y1 and x1 == x2 and y2 == y3 and x3 == x0) or (x0 == x1 and y1 == y2 and x2 == x3 and y3 == y0)


def _cross(ax, ay, bx, by):
    return ax * by - ay * bx


def _cut_params(a, b, other):
    """Where segment a-b meets the edges of polygon `other`, as parameters 0..1 along a-b."""
    (ax, ay), (bx, by) = a, b
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    length = math.sqrt(length2)
    ts = {0.0, 1.0}
    lo_x, hi_x, lo_y, hi_y = min(ax, bx) - EPS, max(ax, bx) + EPS, min(ay, by) - EPS, max(ay, by) + EPS
    for (cx, cy), (ex, ey) in segments(other):
        if max(cx, ex) < lo_x or min(cx, ex) > hi_x or max(cy, ey) < lo_y or min(cy, ey) > hi_y:
            continue
        fx, fy = ex - cx, ey - cy
        den = _cross(dx, dy, fx, fy)
        if abs(den) < 1e-12 * length * math.hypot(fx, fy):
            if abs(_cross(dx, dy, cx - ax, cy - ay)) / length < EPS:
                for px, py in ((cx, cy), (ex, ey)):
                    t = ((px - ax) * dx + (py - ay) * dy) / length2
                    if 0 < t < 1:
                        ts.add(t)
            continue
        t = _cross(cx - ax, cy - ay, fx, fy) / den
        u = _cross(cx - ax, cy - ay, dx, dy) / den
        tol_t, tol_u = EPS / length, EPS / math.hypot(fx, fy)
        if -tol_t <= t <= 1 + tol_t and -tol_u <= u <= 1 + tol_u:
            ts.add(min(1.0, max(0.0, t)))
    return sorted(ts)


def _boundary_direction(p, poly):
    """The unit direction of the edge of `poly` that p lies on, or None."""
    for a, b in segments(poly):
        if dist_point_segment(p, a, b) < EPS:
            length = math.hypot(b[0] - a[0], b[1] - a[1])
            return ((b[0] - a[0]) / length, (b[1] - a[1]) / length)
    return None


def _inside_part(poly, other, keep_shared):
    """The sum of x dy - y dx over the boundary pieces of `poly` that lie inside `other`."""
    s = 0.0
    for a, b in segments(poly):
        ts = _cut_params(a, b, other)
        dx, dy = b[0] - a[0], b[1] - a[1]
        for t0, t1 in zip(ts, ts[1:]):
            if (t1 - t0) * math.hypot(dx, dy) < 1e-9:
                continue
            p0 = (a[0] + t0 * dx, a[1] + t0 * dy)
            p1 = (a[0] + t1 * dx, a[1] + t1 * dy)
            mid = ((p0[0] + p1[0]) / 2, (p0[1] + p1[1]) / 2)
            direction = _boundary_direction(mid, other)
            if direction is not None:
                same = direction[0] * dx + direction[1] * dy > 0
                if not (keep_shared and same):
                    continue
            elif not point_in_poly(mid, other):
                continue
            s += p0[0] * p1[1] - p1[0] * p0[1]
    return s


def overlap_area(p, q):
    """The area of the intersection of two polygons (holes allowed), by Green's theorem: the
    boundary of the intersection is the part of each boundary inside the other, plus the
    boundary the two share running the same way (counted once)."""
    if is_rect(p) and is_rect(q):
        a, b = box_of(p), box_of(q)
        w = min(a[2], b[2]) - max(a[0], b[0])
        h = min(a[3], b[3]) - max(a[1], b[1])
        return w * h if w > 0 and h > 0 else 0.0
    return (_inside_part(p, q, True) + _inside_part(q, p, False)) / 2


def shared_length(p, q):
    """The length of boundary two polygons share (edges lying on each other)."""
    total = 0.0
    for a, b in segments(p):
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy)
        for c, d in segments(q):
            if dist_point_segment(c, a, b) > EPS and dist_point_segment(d, a, b) > EPS:
                continue
            if abs(_cross(dx, dy, c[0] - a[0], c[1] - a[1])) / length > EPS:
                continue
            if abs(_cross(dx, dy, d[0] - a[0], d[1] - a[1])) / length > EPS:
                continue
            t0 = ((c[0] - a[0]) * dx + (c[1] - a[1]) * dy) / length
            t1 = ((d[0] - a[0]) * dx + (d[1] - a[1]) * dy) / length
            lo, hi = max(0.0, min(t0, t1)), min(length, max(t0, t1))
            if hi > lo:
                total += hi - lo
    return total


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
