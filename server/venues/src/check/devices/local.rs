//! Features' shapes in the venue's local metric frame (§2.3), for the checks of where a device or
//! a sample point lies. Written here rather than in the check's shared model because only the
//! devices and venue.toml's locations need it so far.

use crate::check::features::{Feature, VenueFiles};
use crate::geometry::{Point, Polygon, Shape};
use crate::imdf::{Geometry, Position};
use crate::projection::Frame;

/// The feature's polygons in `frame`, when it has a polygonal geometry.
pub(in crate::check) fn shape(frame: Frame, feature: &Feature) -> Option<Shape> {
    let project = |rings: &Vec<Vec<Position>>| {
        Polygon::new(rings.iter().map(|ring| frame.open_ring(ring)).collect())
    };
    let polygons = match feature.geometry.as_ref()? {
        Geometry::Polygon(rings) => vec![project(rings)],
        Geometry::MultiPolygon(polygons) => polygons.iter().map(project).collect(),
        Geometry::Point(_) | Geometry::LineString(_) => return None,
    };
    polygons
        .iter()
        .all(|polygon| polygon.rings.iter().all(|ring| ring.len() >= 3))
        .then(|| Shape::new(polygons))
}

/// `p` lies inside `shape` or on its boundary (the build's `pointInShape` with no tolerance).
/// Not `Shape::covers(p, 0.0)`: the inside is `Polygon::contains`'s, box test included, as the
/// device rules have always had it; the two differ only for a hole drawn outside its exterior.
pub(in crate::check) fn in_shape(shape: &Shape, p: Point) -> bool {
    shape
        .polygons
        .iter()
        .any(|polygon| polygon.contains(p) || polygon.boundary_distance(p) <= 0.0)
}

/// `p` lies inside `shape` farther than `margin` from its boundary (the build's `locatePoint`
/// placing it 'inside').
pub(in crate::check) fn well_inside(shape: &Shape, p: Point, margin: f64) -> bool {
    shape
        .polygons
        .iter()
        .any(|polygon| polygon.boundary_distance(p) > margin && polygon.contains(p))
}

/// The venue's frame and the shape of the feature `id`, when both exist.
pub(in crate::check) fn shape_of(venue: &VenueFiles, feature: &Feature) -> Option<(Frame, Shape)> {
    let frame = venue.frame()?;
    Some((frame, shape(frame, feature)?))
}
