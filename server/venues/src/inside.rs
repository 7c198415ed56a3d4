//! Walks inside one unit: from a point in a shop to its door, bending round the unit's own
//! corners when the shop is not convex (an L-shaped store, a cinema wrapped around a corridor).
//! Only the unit's outline matters here; the walking graph is not involved.

use super::geometry::{Point, Shape, segments_cross};

/// Bends keep this far from the unit's corners.
const CORNER_INSET_M: f64 = 0.3;

/// The points strictly between `from` and `to` of the shortest walk inside `shape` (empty when
/// the straight line stays inside, or when no walk inside is found).
pub(crate) fn path_inside(shape: &Shape, from: Point, to: Point) -> Vec<Point> {
    if sees(shape, from, to) {
        return Vec::new();
    }
    let mut nodes = vec![from, to];
    for polygon in &shape.polygons {
        for ring in &polygon.rings {
            let n = ring.len();
            for i in 0..n {
                let (prev, at, next) = (ring[(i + n - 1) % n], ring[i], ring[(i + 1) % n]);
                let (d_in, d_out) = ((at - prev).normalized(), (next - at).normalized());
                // The inside is on the left of every edge: a right turn is a reflex corner.
                if d_in.cross(d_out) >= -1e-9 {
                    continue;
                }
                let bisector = (d_in.left_normal() + d_out.left_normal()).normalized();
                let node = at + bisector * CORNER_INSET_M;
                if shape.contains(node) {
                    nodes.push(node);
                }
            }
        }
    }
    // Dijkstra over at most a few dozen points: quadratic is fine.
    let count = nodes.len();
    let mut dist = vec![f64::INFINITY; count];
    let mut prev = vec![usize::MAX; count];
    let mut done = vec![false; count];
    dist[0] = 0.0;
    while let Some(u) = (0..count)
        .filter(|&i| !done[i] && dist[i].is_finite())
        .min_by(|&a, &b| dist[a].total_cmp(&dist[b]))
    {
        done[u] = true;
        if u == 1 {
            break;
        }
        for v in 0..count {
            let d = dist[u] + nodes[u].distance(nodes[v]);
            if !done[v] && d < dist[v] && sees(shape, nodes[u], nodes[v]) {
                dist[v] = d;
                prev[v] = u;
            }
        }
    }
    let mut path = Vec::new();
    let mut at = prev[1];
    while at != usize::MAX && at != 0 {
        path.push(nodes[at]);
        at = prev[at];
    }
    path.reverse();
    path
}

/// Whether the segment stays inside the shape: it crosses no edge and its middle is inside
/// (ends on the outline, like a door's middle, are allowed).
fn sees(shape: &Shape, a: Point, b: Point) -> bool {
    shape.contains(a.lerp(b, 0.5)) && !shape.edges().any(|(c, d)| segments_cross(a, b, c, d))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Polygon;

    #[test]
    fn a_walk_across_an_l_shaped_shop_bends_round_its_inner_corner() {
        let p = Point::new;
        let l = Shape::new(vec![Polygon::new(vec![vec![
            p(0.0, 0.0),
            p(10.0, 0.0),
            p(10.0, 4.0),
            p(4.0, 4.0),
            p(4.0, 10.0),
            p(0.0, 10.0),
        ]])]);
        let path = path_inside(&l, p(8.0, 2.0), p(2.0, 10.0));
        assert_eq!(path.len(), 1);
        assert!(
            path[0].distance(p(4.0 - 0.3 / 2f64.sqrt(), 4.0 - 0.3 / 2f64.sqrt())) < 1e-9,
            "{path:?}"
        );
        assert!(path_inside(&l, p(1.0, 1.0), p(2.0, 10.0)).is_empty());
    }
}
