//! Plane geometry of the layout rules in the local frame (§2.3), as the web build measured it (its
//! tolerances, kept when the rules moved here): open rings (the closing repeat dropped), bounding
//! boxes, winding, self-crossing, point location with a tolerance, containment and shared walls.
//! Kept here, private to the check, so the tolerances stay exactly the build's.

use crate::geometry::Point;

/// A ring without its closing repeat.
pub(super) type Ring = Vec<Point>;
/// The exterior ring first, then the holes.
pub(super) type Poly = Vec<Ring>;
/// min x, min y, max x, max y.
pub(super) type Bounds = [f64; 4];

/// How far apart positions may be and still count as one (metres): well below a millimetre.
const EXACT: f64 = 1e-6;

pub(super) fn ring_box(ring: &[Point]) -> Bounds {
    let mut b = [
        f64::INFINITY,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NEG_INFINITY,
    ];
    for p in ring {
        b[0] = b[0].min(p.x);
        b[1] = b[1].min(p.y);
        b[2] = b[2].max(p.x);
        b[3] = b[3].max(p.y);
    }
    b
}

pub(super) fn union_box(boxes: impl IntoIterator<Item = Bounds>) -> Bounds {
    boxes.into_iter().fold(
        [
            f64::INFINITY,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NEG_INFINITY,
        ],
        |a, b| {
            [
                a[0].min(b[0]),
                a[1].min(b[1]),
                a[2].max(b[2]),
                a[3].max(b[3]),
            ]
        },
    )
}

/// The exterior bounds the holes.
pub(super) fn polygon_box(polygon: &Poly) -> Bounds {
    ring_box(polygon.first().map(Vec::as_slice).unwrap_or(&[]))
}

pub(super) fn shape_box(shape: &[Poly]) -> Bounds {
    union_box(shape.iter().map(polygon_box))
}

pub(super) fn grow_box(b: Bounds, margin: f64) -> Bounds {
    [b[0] - margin, b[1] - margin, b[2] + margin, b[3] + margin]
}

pub(super) fn boxes_touch(a: Bounds, b: Bounds, margin: f64) -> bool {
    a[0] <= b[2] + margin && b[0] <= a[2] + margin && a[1] <= b[3] + margin && b[1] <= a[3] + margin
}

pub(super) fn segment_box(a: Point, b: Point) -> Bounds {
    [a.x.min(b.x), a.y.min(b.y), a.x.max(b.x), a.y.max(b.y)]
}

/// Shoelace area: positive when the ring runs counter-clockwise (x east, y north).
pub(super) fn signed_area(ring: &[Point]) -> f64 {
    let n = ring.len();
    let mut twice = 0.0;
    for i in 0..n {
        let (p, q) = (ring[i], ring[(i + 1) % n]);
        twice += p.x * q.y - q.x * p.y;
    }
    twice / 2.0
}

/// The area centroid of a polygon's exterior (the centre of a parking space).
pub(super) fn centroid(polygon: &Poly) -> Point {
    let ring: &[Point] = polygon.first().map(Vec::as_slice).unwrap_or(&[]);
    let n = ring.len();
    let (mut twice, mut cx, mut cy) = (0.0, 0.0, 0.0);
    for i in 0..n {
        let (p, q) = (ring[i], ring[(i + 1) % n]);
        let cross = p.x * q.y - q.x * p.y;
        twice += cross;
        cx += (p.x + q.x) * cross;
        cy += (p.y + q.y) * cross;
    }
    if twice == 0.0 {
        return ring.first().copied().unwrap_or_default();
    }
    Point::new(cx / (3.0 * twice), cy / (3.0 * twice))
}

/// Twice the signed area of triangle a, b, c: > 0 when c is left of a -> b.
pub(super) fn cross(a: Point, b: Point, c: Point) -> f64 {
    (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
}

pub(super) fn point_segment_distance(p: Point, a: Point, b: Point) -> f64 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let length_squared = dx * dx + dy * dy;
    if length_squared == 0.0 {
        return p.distance(a);
    }
    let t = (((p.x - a.x) * dx + (p.y - a.y) * dy) / length_squared).clamp(0.0, 1.0);
    (p.x - (a.x + t * dx)).hypot(p.y - (a.y + t * dy))
}

/// Side of c relative to a -> b as a distance in metres (positive: left).
fn side_distance(a: Point, b: Point, c: Point) -> f64 {
    let length = a.distance(b);
    if length == 0.0 {
        a.distance(c)
    } else {
        cross(a, b, c) / length
    }
}

fn on_segment(p: Point, a: Point, b: Point) -> bool {
    point_segment_distance(p, a, b) <= EXACT
}

fn strictly_apart(u: f64, v: f64) -> bool {
    (u > EXACT && v < -EXACT) || (u < -EXACT && v > EXACT)
}

/// Whether closed segments a-b and c-d meet anywhere (crossing, touching or overlapping).
fn segments_meet(a: Point, b: Point, c: Point, d: Point) -> bool {
    let d1 = side_distance(c, d, a);
    let d2 = side_distance(c, d, b);
    let d3 = side_distance(a, b, c);
    let d4 = side_distance(a, b, d);
    if strictly_apart(d1, d2) && strictly_apart(d3, d4) {
        return true;
    }
    on_segment(a, c, d) || on_segment(b, c, d) || on_segment(c, a, b) || on_segment(d, a, b)
}

/// Whether a-b passes from one side of c-d to the other, each end farther than `tolerance` from
/// c-d's line, through a point inside both segments: a real crossing, not a touch along a wall.
fn segments_cross(a: Point, b: Point, c: Point, d: Point, tolerance: f64) -> bool {
    let d1 = side_distance(c, d, a);
    let d2 = side_distance(c, d, b);
    if !((d1 > tolerance && d2 < -tolerance) || (d1 < -tolerance && d2 > tolerance)) {
        return false;
    }
    strictly_apart(side_distance(a, b, c), side_distance(a, b, d))
}

fn intersection(a: Point, b: Point, c: Point, d: Point) -> Point {
    let denominator = (b.x - a.x) * (d.y - c.y) - (b.y - a.y) * (d.x - c.x);
    if denominator == 0.0 {
        return if on_segment(a, c, d) {
            a
        } else if on_segment(b, c, d) {
            b
        } else {
            c
        };
    }
    let t = ((c.x - a.x) * (d.y - c.y) - (c.y - a.y) * (d.x - c.x)) / denominator;
    Point::new(a.x + t * (b.x - a.x), a.y + t * (b.y - a.y))
}

/// Where a ring meets itself other than at the shared end of consecutive edges (crossing,
/// touching, or folding back along itself), or None for a simple ring. Edges are swept by their
/// left end.
pub(super) fn self_intersection(ring: &[Point]) -> Option<Point> {
    let n = ring.len();
    if n < 3 {
        return ring.first().copied();
    }
    struct Edge {
        index: usize,
        start: Point,
        end: Point,
        bounds: Bounds,
    }
    let mut edges: Vec<Edge> = (0..n)
        .map(|index| {
            let (start, end) = (ring[index], ring[(index + 1) % n]);
            Edge {
                index,
                start,
                end,
                bounds: segment_box(start, end),
            }
        })
        .collect();
    edges.sort_by(|a, b| a.bounds[0].total_cmp(&b.bounds[0]));
    for i in 0..n {
        let e = &edges[i];
        for f in &edges[i + 1..] {
            if f.bounds[0] > e.bounds[2] + EXACT {
                break;
            }
            if f.bounds[1] > e.bounds[3] + EXACT || e.bounds[1] > f.bounds[3] + EXACT {
                continue;
            }
            let gap = e.index.abs_diff(f.index);
            if gap == 1 || gap == n - 1 {
                // Consecutive edges share one end; they may only meet there, unless they fold back.
                let (first, second) = if (f.index + n - e.index) % n == 1 {
                    (e, f)
                } else {
                    (f, e)
                };
                let shared = first.end;
                let back = first.start;
                let ahead = second.end;
                if side_distance(back, shared, ahead).abs() <= EXACT
                    && (ahead.x - shared.x) * (back.x - shared.x)
                        + (ahead.y - shared.y) * (back.y - shared.y)
                        > 0.0
                {
                    return Some(shared);
                }
                continue;
            }
            if segments_meet(e.start, e.end, f.start, f.end) {
                return Some(intersection(e.start, e.end, f.start, f.end));
            }
        }
    }
    None
}

/// Even-odd ray test; holes count because their crossings flip the answer back.
fn point_in_polygon(polygon: &Poly, p: Point) -> bool {
    let mut inside = false;
    for ring in polygon {
        let n = ring.len();
        let mut j = n.wrapping_sub(1);
        for i in 0..n {
            let (pi, pj) = (ring[i], ring[j]);
            if (pi.y > p.y) != (pj.y > p.y)
                && p.x < (pj.x - pi.x) * (p.y - pi.y) / (pj.y - pi.y) + pi.x
            {
                inside = !inside;
            }
            j = i;
        }
    }
    inside
}

pub(super) fn distance_to_boundary(polygon: &Poly, p: Point) -> f64 {
    let mut best = f64::INFINITY;
    for ring in polygon {
        let n = ring.len();
        for i in 0..n {
            best = best.min(point_segment_distance(p, ring[i], ring[(i + 1) % n]));
        }
    }
    best
}

/// Inside or within `tolerance` of the boundary of any of the polygons.
pub(super) fn point_in_shape(shape: &[Poly], p: Point, tolerance: f64) -> bool {
    shape.iter().any(|polygon| {
        distance_to_boundary(polygon, p) <= tolerance || point_in_polygon(polygon, p)
    })
}

/// A point of `inner` that lies outside `outer` (beyond `tolerance`), or None when `inner` lies
/// within it. Tests every vertex and edge midpoint, and every edge against every boundary edge
/// of `outer` for a crossing, so a concave outer shape cannot be cut across unnoticed.
pub(super) fn point_outside(inner: &Poly, outer: &[Poly], tolerance: f64) -> Option<Point> {
    let exterior: &[Point] = inner.first().map(Vec::as_slice).unwrap_or(&[]);
    let n = exterior.len();
    for i in 0..n {
        let (a, b) = (exterior[i], exterior[(i + 1) % n]);
        let middle = Point::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0);
        if !point_in_shape(outer, a, tolerance) {
            return Some(a);
        }
        if !point_in_shape(outer, middle, tolerance) {
            return Some(middle);
        }
        for ring in outer.iter().flatten() {
            let m = ring.len();
            for j in 0..m {
                let (c, d) = (ring[j], ring[(j + 1) % m]);
                if segments_cross(a, b, c, d, tolerance) {
                    return Some(intersection(a, b, c, d));
                }
            }
        }
    }
    None
}

/// Length of boundary two polygons share: parts of their edges lying on one line (within
/// `tolerance`) and overlapping. Where two walkable units share it, it is open floor (§2.5).
pub(super) fn shared_boundary_length(a: &Poly, b: &Poly, tolerance: f64) -> f64 {
    let mut total = 0.0;
    for ring_a in a {
        let n = ring_a.len();
        for i in 0..n {
            let (p, q) = (ring_a[i], ring_a[(i + 1) % n]);
            let length = p.distance(q);
            if length == 0.0 {
                continue;
            }
            let bounds = grow_box(segment_box(p, q), tolerance);
            let (ux, uy) = ((q.x - p.x) / length, (q.y - p.y) / length);
            for ring_b in b {
                let m = ring_b.len();
                for j in 0..m {
                    let (r, s) = (ring_b[j], ring_b[(j + 1) % m]);
                    if !boxes_touch(bounds, segment_box(r, s), 0.0)
                        || side_distance(p, q, r).abs() > tolerance
                        || side_distance(p, q, s).abs() > tolerance
                    {
                        continue;
                    }
                    let tr = (r.x - p.x) * ux + (r.y - p.y) * uy;
                    let ts = (s.x - p.x) * ux + (s.y - p.y) * uy;
                    let overlap = length.min(tr.max(ts)) - 0f64.max(tr.min(ts));
                    if overlap > 0.0 {
                        total += overlap;
                    }
                }
            }
        }
    }
    total
}

/// A uniform grid of bounding boxes: which items might touch a box, without testing every pair
/// (a level holds hundreds of units and thousands of edges).
pub(super) struct BoxGrid<T> {
    cells: std::collections::HashMap<usize, Vec<usize>>,
    items: Vec<(T, Bounds)>,
    bounds: Bounds,
    cell: f64,
    columns: usize,
}

impl<T> BoxGrid<T> {
    pub(super) fn new(bounds: Bounds, cell: f64) -> BoxGrid<T> {
        let columns = (((bounds[2] - bounds[0]) / cell).ceil() + 1.0).max(1.0) as usize;
        BoxGrid {
            cells: Default::default(),
            items: Vec::new(),
            bounds,
            cell,
            columns,
        }
    }

    fn column(&self, x: f64) -> usize {
        (((x - self.bounds[0]) / self.cell).floor().max(0.0) as usize).min(self.columns - 1)
    }

    fn row(&self, y: f64) -> usize {
        ((y - self.bounds[1]) / self.cell).floor().max(0.0) as usize
    }

    pub(super) fn insert(&mut self, bounds: Bounds, item: T) {
        let index = self.items.len();
        self.items.push((item, bounds));
        for row in self.row(bounds[1])..=self.row(bounds[3]) {
            for column in self.column(bounds[0])..=self.column(bounds[2]) {
                self.cells
                    .entry(row * self.columns + column)
                    .or_default()
                    .push(index);
            }
        }
    }

    /// Every item whose box touches `bounds` (edges included), each once, in insertion order.
    pub(super) fn query(&self, bounds: Bounds) -> Vec<&T> {
        let mut found = Vec::new();
        for row in self.row(bounds[1])..=self.row(bounds[3]) {
            for column in self.column(bounds[0])..=self.column(bounds[2]) {
                if let Some(cell) = self.cells.get(&(row * self.columns + column)) {
                    found.extend(cell.iter().copied());
                }
            }
        }
        found.sort_unstable();
        found.dedup();
        found
            .into_iter()
            .filter_map(|index| {
                let (item, b) = &self.items[index];
                (b[0] <= bounds[2] && bounds[0] <= b[2] && b[1] <= bounds[3] && bounds[1] <= b[3])
                    .then_some(item)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rect(x0: f64, y0: f64, x1: f64, y1: f64) -> Poly {
        vec![vec![
            Point::new(x0, y0),
            Point::new(x1, y0),
            Point::new(x1, y1),
            Point::new(x0, y1),
        ]]
    }

    #[test]
    fn two_walkways_side_by_side_share_their_common_wall() {
        let a = rect(0.0, 0.0, 4.0, 2.0);
        let b = rect(4.0, 1.0, 8.0, 5.0);
        assert!((shared_boundary_length(&a, &b, 0.05) - 1.0).abs() < 1e-9);
        assert_eq!(
            shared_boundary_length(&a, &rect(5.0, 0.0, 6.0, 1.0), 0.05),
            0.0
        );
    }

    #[test]
    fn a_figure_eight_crosses_itself_and_a_square_does_not() {
        let square = &rect(0.0, 0.0, 2.0, 2.0)[0];
        assert_eq!(self_intersection(square), None);
        let eight = [
            Point::new(0.0, 0.0),
            Point::new(2.0, 2.0),
            Point::new(2.0, 0.0),
            Point::new(0.0, 2.0),
        ];
        let at = self_intersection(&eight).unwrap();
        assert!((at.x - 1.0).abs() < 1e-9 && (at.y - 1.0).abs() < 1e-9);
    }

    #[test]
    fn a_unit_cutting_across_a_concave_level_is_outside() {
        // An L-shaped level; a rectangle spanning its notch has its corners inside.
        let level = vec![vec![vec![
            Point::new(0.0, 0.0),
            Point::new(10.0, 0.0),
            Point::new(10.0, 10.0),
            Point::new(8.0, 10.0),
            Point::new(8.0, 2.0),
            Point::new(2.0, 2.0),
            Point::new(2.0, 10.0),
            Point::new(0.0, 10.0),
        ]]];
        assert!(point_outside(&rect(1.0, 0.5, 9.0, 1.5), &level, 0.05).is_none());
        assert!(point_outside(&rect(1.0, 3.0, 9.0, 3.5), &level, 0.05).is_some());
        assert!(point_in_shape(&level, Point::new(5.0, 2.03), 0.05));
        assert!(!point_in_shape(&level, Point::new(5.0, 5.0), 0.05));
    }
}
