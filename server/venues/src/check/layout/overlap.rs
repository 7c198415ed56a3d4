//! The area two polygons (with holes) have in common, for the rule that units of a level do not
//! overlap (§2.4). Each simple ring is cut into triangles by ear clipping; two rings overlap by the
//! sum of their triangles' pairwise intersections, each a convex clip; holes are taken out by
//! inclusion-exclusion.

use std::collections::HashMap;

use crate::geometry::{Bbox, Point, Polygon, signed_area, turn};

type Triangle = [Point; 3];

struct Triangulated {
    triangles: Vec<Triangle>,
    boxes: Vec<Bbox>,
    bounds: Bbox,
}

fn point_in_triangle(p: Point, [a, b, c]: Triangle) -> bool {
    turn(a, b, p) >= 0.0 && turn(b, c, p) >= 0.0 && turn(c, a, p) >= 0.0
}

fn same_position(p: Point, others: &[Point]) -> bool {
    others.iter().any(|q| q.x == p.x && q.y == p.y)
}

/// Ear clipping of a simple ring (either orientation) into counter-clockwise triangles.
fn triangulate(ring: &[Point]) -> Vec<Triangle> {
    let mut points: Vec<Point> = ring.to_vec();
    if signed_area(ring) < 0.0 {
        points.reverse();
    }
    let mut triangles = Vec::new();
    // Collinear corners make zero-area "ears"; dropping them loses no area.
    let scale = points
        .iter()
        .fold(1f64, |m, p| m.max(p.x.abs().max(p.y.abs())));
    let flat = 1e-12 * scale * scale;
    let mut guard = points.len() * points.len() + 10;
    while points.len() > 3 && guard > 0 {
        guard -= 1;
        let mut clipped = false;
        let n = points.len();
        for i in 0..n {
            let a = points[(i + n - 1) % n];
            let b = points[i];
            let c = points[(i + 1) % n];
            let corner = turn(a, b, c);
            if corner.abs() <= flat {
                points.remove(i);
                clipped = true;
                break;
            }
            if corner < 0.0 {
                continue;
            }
            let ear = [a, b, c];
            // The TS compares positions by identity first; equal positions are the same corner.
            let blocked = points
                .iter()
                .any(|&p| !same_position(p, &ear) && point_in_triangle(p, ear));
            if blocked {
                continue;
            }
            triangles.push(ear);
            points.remove(i);
            clipped = true;
            break;
        }
        // Only a ring that is not simple has no ear; the ring rules report it, so give up quietly.
        if !clipped {
            break;
        }
    }
    if points.len() == 3 && turn(points[0], points[1], points[2]) > flat {
        triangles.push([points[0], points[1], points[2]]);
    }
    triangles
}

/// Sutherland-Hodgman: the area of the part of convex `subject` inside the counter-clockwise
/// triangle.
fn clip_area(subject: &[Point], [a, b, c]: Triangle) -> f64 {
    let mut polygon: Vec<Point> = subject.to_vec();
    for (p, q) in [(a, b), (b, c), (c, a)] {
        if polygon.is_empty() {
            return 0.0;
        }
        let n = polygon.len();
        let mut next = Vec::with_capacity(n + 2);
        for i in 0..n {
            let current = polygon[i];
            let previous = polygon[(i + n - 1) % n];
            let current_in = turn(p, q, current) >= 0.0;
            let previous_in = turn(p, q, previous) >= 0.0;
            if current_in != previous_in {
                next.push(line_intersection(previous, current, p, q));
            }
            if current_in {
                next.push(current);
            }
        }
        polygon = next;
    }
    if polygon.len() < 3 {
        0.0
    } else {
        signed_area(&polygon).max(0.0)
    }
}

fn line_intersection(a: Point, b: Point, p: Point, q: Point) -> Point {
    let da = turn(p, q, a);
    let db = turn(p, q, b);
    a.lerp(b, da / (da - db))
}

/// The triangles of every ring measured, by the ring's address (rings live as long as the check).
#[derive(Default)]
pub(super) struct Overlaps {
    cache: HashMap<*const Point, Triangulated>,
}

impl Overlaps {
    fn triangulated(&mut self, ring: &[Point]) -> &Triangulated {
        self.cache.entry(ring.as_ptr()).or_insert_with(|| {
            let triangles = triangulate(ring);
            Triangulated {
                boxes: triangles.iter().map(|t| Bbox::of_points(*t)).collect(),
                triangles,
                bounds: Bbox::of_points(ring.iter().copied()),
            }
        })
    }

    /// Area common to two simple rings.
    fn rings(&mut self, a: &[Point], b: &[Point]) -> f64 {
        self.triangulated(a);
        self.triangulated(b);
        let ta = &self.cache[&a.as_ptr()];
        let tb = &self.cache[&b.as_ptr()];
        if !ta.bounds.overlaps(&tb.bounds) {
            return 0.0;
        }
        let mut area = 0.0;
        for (i, triangle_a) in ta.triangles.iter().enumerate() {
            for (j, triangle_b) in tb.triangles.iter().enumerate() {
                if ta.boxes[i].overlaps(&tb.boxes[j]) {
                    area += clip_area(triangle_a, *triangle_b);
                }
            }
        }
        area
    }

    /// Area common to two polygons with holes. With A = EA - HA and B = EB - HB (holes inside
    /// their exterior, not overlapping each other): |A∩B| = |EA∩EB| - |HA∩EB| - |EA∩HB| + |HA∩HB|.
    pub(super) fn area(&mut self, a: &Polygon, b: &Polygon) -> f64 {
        let (Some((exterior_a, holes_a)), Some((exterior_b, holes_b))) =
            (a.rings.split_first(), b.rings.split_first())
        else {
            return 0.0;
        };
        let mut total = self.rings(exterior_a, exterior_b);
        if total == 0.0 {
            return 0.0;
        }
        for hole in holes_a {
            total -= self.rings(hole, exterior_b);
        }
        for hole in holes_b {
            total -= self.rings(exterior_a, hole);
        }
        for hole_a in holes_a {
            for hole_b in holes_b {
                total += self.rings(hole_a, hole_b);
            }
        }
        total.max(0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::tests::square;

    #[test]
    fn two_squares_overlap_by_their_common_part() {
        let mut overlaps = Overlaps::default();
        let a = Polygon::new(vec![square(0.0, 0.0, 2.0)]);
        let b = Polygon::new(vec![square(1.0, 1.0, 2.0)]);
        assert!((overlaps.area(&a, &b) - 1.0).abs() < 1e-9);
        let c = Polygon::new(vec![square(2.0, 0.0, 2.0)]);
        assert_eq!(overlaps.area(&a, &c), 0.0);
    }

    #[test]
    fn a_hole_takes_its_area_out() {
        let mut overlaps = Overlaps::default();
        let mut hole = square(1.0, 1.0, 2.0);
        hole.reverse();
        let a = Polygon::new(vec![square(0.0, 0.0, 4.0), hole]);
        let b = Polygon::new(vec![square(1.0, 1.0, 2.0)]);
        assert!(overlaps.area(&a, &b).abs() < 1e-9);
    }
}
