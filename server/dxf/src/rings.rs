//! Ring clean-up around the polygon difference, so the level's units meet exactly: units that
//! share a wall must share its vertices, or the 7-decimal coordinates (contract §2.3) bend one
//! side of it by up to a centimetre and the check finds them overlapping.

use site_venues::geometry::{Bbox, Point, nearest_on_segment};

use crate::problem::DxfProblem;
use crate::work::Work;

/// Closer than this, a vertex lies on an edge (a millimetre: CAD drawings are exact to far less).
const ON_EDGE_M: f64 = 0.001;

/// Andrew's monotone chain; counter-clockwise, without the closing repeat.
pub(crate) fn convex_hull(mut points: Vec<Point>) -> Vec<Point> {
    points.sort_by(|p, q| p.x.total_cmp(&q.x).then(p.y.total_cmp(&q.y)));
    points.dedup();
    if points.len() < 3 {
        return points;
    }
    let cross = |o: Point, a: Point, b: Point| (a - o).cross(b - o);
    let mut hull: Vec<Point> = Vec::with_capacity(points.len() * 2);
    for pass in [points.clone(), points.into_iter().rev().collect()] {
        let start = hull.len();
        for p in pass {
            while hull.len() >= start + 2
                && cross(hull[hull.len() - 2], hull[hull.len() - 1], p) <= 0.0
            {
                hull.pop();
            }
            hull.push(p);
        }
        hull.pop();
    }
    hull
}

/// Drops repeated vertices and spikes (an edge that runs out and straight back), which a
/// difference of nearly touching polygons can leave.
pub(crate) fn without_spikes(mut ring: Vec<Point>) -> Vec<Point> {
    loop {
        let n = ring.len();
        if n < 3 {
            return ring;
        }
        let spike = (0..n).find(|&i| {
            let (prev, p, next) = (ring[(i + n - 1) % n], ring[i], ring[(i + 1) % n]);
            let (a, b) = (p - prev, next - p);
            p.distance(prev) < ON_EDGE_M
                || (a.cross(b).abs() <= ON_EDGE_M * a.length().max(b.length()) && a.dot(b) < 0.0)
        });
        match spike {
            Some(i) => {
                ring.remove(i);
            }
            None => return ring,
        }
    }
}

/// Adds to every ring's edges the vertices of the other rings that lie on them.
pub(crate) fn share_vertices(rings: &mut [Vec<Point>], work: &mut Work) -> Result<(), DxfProblem> {
    let vertices: Vec<Point> = rings.iter().flatten().copied().collect();
    for ring in rings.iter_mut() {
        work.spend(vertices.len())?;
        let bbox = Bbox::of_points(ring.iter().copied()).inflated(ON_EDGE_M);
        let near: Vec<Point> = vertices
            .iter()
            .copied()
            .filter(|p| bbox.contains(*p))
            .collect();
        let mut out = Vec::with_capacity(ring.len());
        for (i, &a) in ring.iter().enumerate() {
            let b = ring[(i + 1) % ring.len()];
            work.spend(near.len())?;
            out.push(a);
            let mut on_edge: Vec<(f64, Point)> = near
                .iter()
                .filter(|p| p.distance(a) > ON_EDGE_M && p.distance(b) > ON_EDGE_M)
                .filter(|p| nearest_on_segment(**p, a, b).0 <= ON_EDGE_M)
                .map(|p| (p.distance(a), *p))
                .collect();
            on_edge.sort_by(|x, y| x.0.total_cmp(&y.0));
            on_edge.dedup_by(|x, y| x.1.distance(y.1) <= ON_EDGE_M);
            out.extend(on_edge.into_iter().map(|(_, p)| p));
        }
        *ring = out;
    }
    Ok(())
}
