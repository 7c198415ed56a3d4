//! The layout rules' own plane geometry in the local frame (§2.3), on the engine's types
//! (`crate::geometry`): what the web build measured with its tolerances, kept when the rules moved
//! here and needed by no one else: rings meeting themselves, a polygon reaching outside a shape,
//! and the wall two polygons share. Kept apart so the tolerances stay exactly the build's.

use crate::geometry::{Bbox, Point, Polygon, Shape, nearest_on_segment, turn};

/// How far apart positions may be and still count as one (metres): well below a millimetre.
const EXACT: f64 = 1e-6;

/// Side of c relative to a -> b as a distance in metres (positive: left).
fn side_distance(a: Point, b: Point, c: Point) -> f64 {
    let length = a.distance(b);
    if length == 0.0 {
        a.distance(c)
    } else {
        turn(a, b, c) / length
    }
}

fn on_segment(p: Point, a: Point, b: Point) -> bool {
    nearest_on_segment(p, a, b).0 <= EXACT
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
fn crosses_beyond(a: Point, b: Point, c: Point, d: Point, tolerance: f64) -> bool {
    let d1 = side_distance(c, d, a);
    let d2 = side_distance(c, d, b);
    if !((d1 > tolerance && d2 < -tolerance) || (d1 < -tolerance && d2 > tolerance)) {
        return false;
    }
    strictly_apart(side_distance(a, b, c), side_distance(a, b, d))
}

/// Where the lines through a-b and c-d meet; for parallel ones, an end lying on the other segment.
fn intersection(a: Point, b: Point, c: Point, d: Point) -> Point {
    let denominator = (b - a).cross(d - c);
    if denominator == 0.0 {
        return if on_segment(a, c, d) {
            a
        } else if on_segment(b, c, d) {
            b
        } else {
            c
        };
    }
    a.lerp(b, (c - a).cross(d - c) / denominator)
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
        bounds: Bbox,
    }
    let mut edges: Vec<Edge> = (0..n)
        .map(|index| {
            let (start, end) = (ring[index], ring[(index + 1) % n]);
            Edge {
                index,
                start,
                end,
                bounds: Bbox::of_points([start, end]),
            }
        })
        .collect();
    edges.sort_by(|a, b| a.bounds.min.x.total_cmp(&b.bounds.min.x));
    for i in 0..n {
        let e = &edges[i];
        for f in &edges[i + 1..] {
            if f.bounds.min.x > e.bounds.max.x + EXACT {
                break;
            }
            if f.bounds.min.y > e.bounds.max.y + EXACT || e.bounds.min.y > f.bounds.max.y + EXACT {
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
                    && (ahead - shared).dot(back - shared) > 0.0
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

/// A point of `inner` that lies outside `outer` (beyond `tolerance`), or None when `inner` lies
/// within it. Tests every vertex and edge midpoint, and every edge against every boundary edge
/// of `outer` for a crossing, so a concave outer shape cannot be cut across unnoticed.
pub(super) fn point_outside(inner: &Polygon, outer: &Shape, tolerance: f64) -> Option<Point> {
    let exterior: &[Point] = inner.rings.first().map(Vec::as_slice).unwrap_or(&[]);
    let n = exterior.len();
    for i in 0..n {
        let (a, b) = (exterior[i], exterior[(i + 1) % n]);
        let middle = Point::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0);
        if !outer.covers(a, tolerance) {
            return Some(a);
        }
        if !outer.covers(middle, tolerance) {
            return Some(middle);
        }
        for (c, d) in outer.edges() {
            if crosses_beyond(a, b, c, d, tolerance) {
                return Some(intersection(a, b, c, d));
            }
        }
    }
    None
}

/// Length of boundary two polygons share: parts of their edges lying on one line (within
/// `tolerance`) and overlapping. Where two walkable units share it, it is open floor (§2.5).
pub(crate) fn shared_boundary_length(a: &Polygon, b: &Polygon, tolerance: f64) -> f64 {
    let mut total = 0.0;
    for (p, q) in a.edges() {
        let length = p.distance(q);
        if length == 0.0 {
            continue;
        }
        let bounds = Bbox::of_points([p, q]).inflated(tolerance);
        let along = Point::new((q.x - p.x) / length, (q.y - p.y) / length);
        for (r, s) in b.edges() {
            if !bounds.intersects(&Bbox::of_points([r, s]))
                || side_distance(p, q, r).abs() > tolerance
                || side_distance(p, q, s).abs() > tolerance
            {
                continue;
            }
            let tr = (r - p).dot(along);
            let ts = (s - p).dot(along);
            let overlap = length.min(tr.max(ts)) - 0f64.max(tr.min(ts));
            if overlap > 0.0 {
                total += overlap;
            }
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::test_model;

    fn rect(x0: f64, y0: f64, x1: f64, y1: f64) -> Polygon {
        test_model::rect(x0, y0, x1, y1).polygons.remove(0)
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
        let square = &rect(0.0, 0.0, 2.0, 2.0).rings[0];
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
        let level = Shape::new(vec![Polygon::new(vec![vec![
            Point::new(0.0, 0.0),
            Point::new(10.0, 0.0),
            Point::new(10.0, 10.0),
            Point::new(8.0, 10.0),
            Point::new(8.0, 2.0),
            Point::new(2.0, 2.0),
            Point::new(2.0, 10.0),
            Point::new(0.0, 10.0),
        ]])]);
        assert!(point_outside(&rect(1.0, 0.5, 9.0, 1.5), &level, 0.05).is_none());
        assert!(point_outside(&rect(1.0, 3.0, 9.0, 3.5), &level, 0.05).is_some());
        assert!(level.covers(Point::new(5.0, 2.03), 0.05));
        assert!(!level.covers(Point::new(5.0, 5.0), 0.05));
    }
}
