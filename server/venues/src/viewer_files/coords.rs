//! Local metres -> the viewer's whole decimetres, and rings -> flat lists, keeping a level of a
//! large mall to tens of kilobytes over the wire.

use super::features::Rings;
use super::format::{Point, Poly, Ring};
use super::js::dm;
use crate::geometry;

pub(super) fn point(p: geometry::Point) -> Point {
    [dm(p.x), dm(p.y)]
}

/// Rounding to decimetres can make neighbours equal; a repeated position carries no shape.
fn flat_ring(ring: &[geometry::Point]) -> Ring {
    let mut flat: Ring = Vec::with_capacity(ring.len() * 2);
    for &vertex in ring {
        let [x, y] = point(vertex);
        if flat.len() >= 2 && flat[flat.len() - 2..] == [x, y] {
            continue;
        }
        flat.extend([x, y]);
    }
    if flat.len() >= 4 && flat[..2] == flat[flat.len() - 2..] {
        flat.truncate(flat.len() - 2);
    }
    flat
}

/// A polygon's rings, leaving out those that rounding left without area (fewer than three
/// points).
pub(super) fn poly(rings: &Rings) -> Poly {
    rings
        .iter()
        .map(|ring| flat_ring(ring))
        .filter(|ring| ring.len() >= 6)
        .collect()
}
