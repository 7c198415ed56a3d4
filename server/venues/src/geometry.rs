//! Plane geometry in the local metric frame (docs/venue-contract.md §2.3): points, segments, polygons with
//! holes. Pure functions only; nothing here knows about IMDF or routes.

use std::ops::{Add, Mul, Sub};

/// A point or vector in metres, x east and y north.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

impl Point {
    pub const fn new(x: f64, y: f64) -> Self {
        Self { x, y }
    }

    pub fn dot(self, other: Point) -> f64 {
        self.x * other.x + self.y * other.y
    }

    /// The z component of the cross product: positive when `other` turns left from `self`.
    pub fn cross(self, other: Point) -> f64 {
        self.x * other.y - self.y * other.x
    }

    pub fn length(self) -> f64 {
        self.x.hypot(self.y)
    }

    pub fn distance(self, other: Point) -> f64 {
        (self - other).length()
    }

    /// The unit vector of the same direction, or zero for a zero vector.
    pub fn normalized(self) -> Point {
        let length = self.length();
        if length > 0.0 {
            self * (1.0 / length)
        } else {
            Point::default()
        }
    }

    /// The vector turned a quarter to the left (counter-clockwise).
    pub fn left_normal(self) -> Point {
        Point::new(-self.y, self.x)
    }

    pub fn lerp(self, other: Point, t: f64) -> Point {
        self + (other - self) * t
    }
}

impl Add for Point {
    type Output = Point;
    fn add(self, other: Point) -> Point {
        Point::new(self.x + other.x, self.y + other.y)
    }
}

impl Sub for Point {
    type Output = Point;
    fn sub(self, other: Point) -> Point {
        Point::new(self.x - other.x, self.y - other.y)
    }
}

impl Mul<f64> for Point {
    type Output = Point;
    fn mul(self, factor: f64) -> Point {
        Point::new(self.x * factor, self.y * factor)
    }
}

/// An axis-aligned box.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bbox {
    pub min: Point,
    pub max: Point,
}

impl Bbox {
    pub const EMPTY: Bbox = Bbox {
        min: Point::new(f64::INFINITY, f64::INFINITY),
        max: Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY),
    };

    pub fn of_points(points: impl IntoIterator<Item = Point>) -> Bbox {
        points.into_iter().fold(Bbox::EMPTY, Bbox::including)
    }

    pub fn including(self, p: Point) -> Bbox {
        Bbox {
            min: Point::new(self.min.x.min(p.x), self.min.y.min(p.y)),
            max: Point::new(self.max.x.max(p.x), self.max.y.max(p.y)),
        }
    }

    pub fn union(self, other: Bbox) -> Bbox {
        self.including(other.min).including(other.max)
    }

    pub fn inflated(self, margin: f64) -> Bbox {
        Bbox {
            min: Point::new(self.min.x - margin, self.min.y - margin),
            max: Point::new(self.max.x + margin, self.max.y + margin),
        }
    }

    pub fn contains(&self, p: Point) -> bool {
        p.x >= self.min.x && p.x <= self.max.x && p.y >= self.min.y && p.y <= self.max.y
    }

    pub fn intersects(&self, other: &Bbox) -> bool {
        self.min.x <= other.max.x
            && other.min.x <= self.max.x
            && self.min.y <= other.max.y
            && other.min.y <= self.max.y
    }

    /// Whether the insides meet: boxes that only touch do not overlap.
    pub fn overlaps(&self, other: &Bbox) -> bool {
        self.min.x < other.max.x
            && other.min.x < self.max.x
            && self.min.y < other.max.y
            && other.min.y < self.max.y
    }
}

/// The distance from `p` to the segment `a`–`b`, and the nearest point on it.
pub fn nearest_on_segment(p: Point, a: Point, b: Point) -> (f64, Point) {
    let ab = b - a;
    let len2 = ab.dot(ab);
    let t = if len2 > 0.0 {
        ((p - a).dot(ab) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let q = a + ab * t;
    (p.distance(q), q)
}

/// Whether the segments `a`–`b` and `c`–`d` come closer than `eps` to each other (crossing
/// counts as distance zero). Walls are treated as this thick so that centimetre gaps left by
/// the 7-decimal coordinates of the data are never a way through.
pub fn segments_within(a: Point, b: Point, c: Point, d: Point, eps: f64) -> bool {
    if segments_cross(a, b, c, d) {
        return true;
    }
    nearest_on_segment(a, c, d).0 < eps
        || nearest_on_segment(b, c, d).0 < eps
        || nearest_on_segment(c, a, b).0 < eps
        || nearest_on_segment(d, a, b).0 < eps
}

/// Twice the signed area of the triangle `a`, `b`, `c`: positive when `c` lies left of `a`–`b`.
pub fn turn(a: Point, b: Point, c: Point) -> f64 {
    (b - a).cross(c - a)
}

/// Whether the closed segments `a`–`b` and `c`–`d` share a point.
pub fn segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool {
    let d1 = turn(a, b, c);
    let d2 = turn(a, b, d);
    let d3 = turn(c, d, a);
    let d4 = turn(c, d, b);
    ((d1 > 0.0 && d2 < 0.0) || (d1 < 0.0 && d2 > 0.0))
        && ((d3 > 0.0 && d4 < 0.0) || (d3 < 0.0 && d4 > 0.0))
}

/// A polygon: the exterior ring first (counter-clockwise), then holes (clockwise), each ring
/// without the closing repeat of its first point.
#[derive(Debug, Clone, PartialEq)]
pub struct Polygon {
    pub rings: Vec<Vec<Point>>,
    pub bbox: Bbox,
}

impl Polygon {
    pub fn new(rings: Vec<Vec<Point>>) -> Polygon {
        let bbox = Bbox::of_points(rings.first().into_iter().flatten().copied());
        Polygon { rings, bbox }
    }

    /// Even-odd rule over all rings, so holes are outside.
    pub fn contains(&self, p: Point) -> bool {
        self.bbox.contains(p) && self.even_odd(p)
    }

    /// The even-odd rule alone, without `contains`'s test of the exterior's box. The two differ
    /// only for a hole drawn outside the exterior, where this counts the hole's inside as inside:
    /// the venue check's answer for such a polygon, which no rule of it rejects.
    pub fn even_odd(&self, p: Point) -> bool {
        let mut inside = false;
        for ring in &self.rings {
            let mut j = ring.len().wrapping_sub(1);
            for i in 0..ring.len() {
                let (a, b) = (ring[i], ring[j]);
                if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x
                {
                    inside = !inside;
                }
                j = i;
            }
        }
        inside
    }

    /// Every edge of every ring, in ring order (so the inside is on the left of each edge).
    pub fn edges(&self) -> impl Iterator<Item = (Point, Point)> + '_ {
        self.rings
            .iter()
            .flat_map(|ring| (0..ring.len()).map(move |i| (ring[i], ring[(i + 1) % ring.len()])))
    }

    /// The distance from `p` to the nearest edge.
    pub fn boundary_distance(&self, p: Point) -> f64 {
        self.edges()
            .map(|(a, b)| nearest_on_segment(p, a, b).0)
            .fold(f64::INFINITY, f64::min)
    }

    /// The signed area of the exterior ring minus the holes.
    pub fn area(&self) -> f64 {
        self.rings
            .iter()
            .map(|ring| signed_area(ring))
            .sum::<f64>()
            .abs()
    }

    /// The area centroid of the exterior ring.
    pub fn centroid(&self) -> Point {
        let ring = &self.rings[0];
        let (mut cx, mut cy, mut area2) = (0.0, 0.0, 0.0);
        for i in 0..ring.len() {
            let (a, b) = (ring[i], ring[(i + 1) % ring.len()]);
            let c = a.cross(b);
            area2 += c;
            cx += (a.x + b.x) * c;
            cy += (a.y + b.y) * c;
        }
        if area2.abs() < 1e-12 {
            return ring[0];
        }
        Point::new(cx / (3.0 * area2), cy / (3.0 * area2))
    }

    /// A point inside: the centroid when it is inside, else the middle of the widest
    /// horizontal run through the box's middle line (for L- and U-shaped units).
    pub fn interior_point(&self) -> Point {
        let c = self.centroid();
        if self.contains(c) {
            return c;
        }
        for t in [0.5, 0.25, 0.75, 0.1, 0.9] {
            let y = self.bbox.min.y + (self.bbox.max.y - self.bbox.min.y) * t;
            let mut xs: Vec<f64> = self
                .edges()
                .filter(|(a, b)| (a.y > y) != (b.y > y))
                .map(|(a, b)| a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y))
                .collect();
            xs.sort_by(f64::total_cmp);
            let best = xs
                .chunks_exact(2)
                .max_by(|p, q| (p[1] - p[0]).total_cmp(&(q[1] - q[0])));
            if let Some(run) = best {
                return Point::new((run[0] + run[1]) / 2.0, y);
            }
        }
        c
    }
}

/// Shoelace area of a ring: positive when it runs counter-clockwise (x east, y north).
pub fn signed_area(ring: &[Point]) -> f64 {
    (0..ring.len())
        .map(|i| ring[i].cross(ring[(i + 1) % ring.len()]))
        .sum::<f64>()
        / 2.0
}

/// One or more polygons (an IMDF POLYGONAL geometry).
#[derive(Debug, Clone, PartialEq)]
pub struct Shape {
    pub polygons: Vec<Polygon>,
    pub bbox: Bbox,
}

impl Shape {
    pub fn new(polygons: Vec<Polygon>) -> Shape {
        let bbox = polygons.iter().fold(Bbox::EMPTY, |b, p| b.union(p.bbox));
        Shape { polygons, bbox }
    }

    pub fn contains(&self, p: Point) -> bool {
        self.bbox.contains(p) && self.polygons.iter().any(|poly| poly.contains(p))
    }

    pub fn edges(&self) -> impl Iterator<Item = (Point, Point)> + '_ {
        self.polygons.iter().flat_map(Polygon::edges)
    }

    /// Whether `p` lies inside one of the polygons (by [`Polygon::even_odd`]) or within
    /// `tolerance` of its boundary.
    pub fn covers(&self, p: Point, tolerance: f64) -> bool {
        self.polygons
            .iter()
            .any(|polygon| polygon.boundary_distance(p) <= tolerance || polygon.even_odd(p))
    }

    pub fn boundary_distance(&self, p: Point) -> f64 {
        self.polygons
            .iter()
            .map(|poly| poly.boundary_distance(p))
            .fold(f64::INFINITY, f64::min)
    }

    /// A point inside the largest polygon.
    pub fn interior_point(&self) -> Point {
        self.polygons
            .iter()
            .max_by(|a, b| a.area().total_cmp(&b.area()))
            .map_or(Point::default(), Polygon::interior_point)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The ring of an axis-aligned square, counter-clockwise from its lower left corner.
    pub(crate) fn square(x0: f64, y0: f64, size: f64) -> Vec<Point> {
        vec![
            Point::new(x0, y0),
            Point::new(x0 + size, y0),
            Point::new(x0 + size, y0 + size),
            Point::new(x0, y0 + size),
        ]
    }

    #[test]
    fn a_hole_is_outside_its_polygon() {
        let mut hole = square(4.0, 4.0, 2.0);
        hole.reverse();
        let poly = Polygon::new(vec![square(0.0, 0.0, 10.0), hole]);
        assert!(poly.contains(Point::new(1.0, 1.0)));
        assert!(!poly.contains(Point::new(5.0, 5.0)));
        assert!(!poly.contains(Point::new(11.0, 5.0)));
        assert!((poly.area() - 96.0).abs() < 1e-9);
    }

    #[test]
    fn crossing_segments_are_found_and_parallel_ones_are_not() {
        let p = Point::new;
        assert!(segments_cross(
            p(0.0, 0.0),
            p(2.0, 2.0),
            p(0.0, 2.0),
            p(2.0, 0.0)
        ));
        assert!(!segments_cross(
            p(0.0, 0.0),
            p(2.0, 0.0),
            p(0.0, 1.0),
            p(2.0, 1.0)
        ));
        assert!(segments_within(
            p(0.0, 0.0),
            p(2.0, 0.0),
            p(1.0, 0.01),
            p(1.0, 3.0),
            0.02
        ));
        assert!(!segments_within(
            p(0.0, 0.0),
            p(2.0, 0.0),
            p(1.0, 0.05),
            p(1.0, 3.0),
            0.02
        ));
    }

    #[test]
    fn the_interior_point_of_a_u_shape_is_inside_it() {
        let p = Point::new;
        let u = Polygon::new(vec![vec![
            p(0.0, 0.0),
            p(9.0, 0.0),
            p(9.0, 9.0),
            p(6.0, 9.0),
            p(6.0, 3.0),
            p(3.0, 3.0),
            p(3.0, 9.0),
            p(0.0, 9.0),
        ]]);
        assert!(u.contains(u.interior_point()));
    }
}
