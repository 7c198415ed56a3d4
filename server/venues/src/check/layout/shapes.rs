//! Every located feature in the local metric frame (§2.3, origin the venue's display point), after
//! the rules that need metres: rings with area, exterior rings counter-clockwise and holes
//! clockwise, no ring crossing itself. Features that fail keep no shape, so the placement rules
//! after this never measure a broken polygon.

use std::collections::HashMap;

use crate::geometry::{Point, Polygon, Shape, signed_area};
use crate::imdf::{Geometry, Position};
use crate::projection::Frame;

use super::super::features::{Feature, Kind, VenueFiles};
use super::super::problem::{Problems, Rule};
use super::geom::self_intersection;
use crate::said;

pub(super) struct LocalShapes {
    pub frame: Frame,
    /// Polygonal features (venue, footprint, level, unit, fixture, kiosk, section).
    pub polygons: HashMap<String, Shape>,
    /// Openings: their two ends.
    pub lines: HashMap<String, [Point; 2]>,
    /// Amenities and anchors.
    pub points: HashMap<String, Point>,
    /// Every feature's display point, where it has one, in the order the features are read.
    pub display_points: Vec<(String, Point)>,
}

impl LocalShapes {
    /// A local point as the data writes it: `[121.4998765, 31.2001234]`.
    pub(super) fn lon_lat(&self, p: Point) -> String {
        let [lon, lat] = self.frame.to_lon_lat(p);
        format!("[{lon:.7}, {lat:.7}]")
    }
}

fn local(frame: Frame, [lon, lat]: Position) -> Point {
    frame.to_local(lon, lat)
}

/// GeoJSON positions of a closed ring -> an open ring in the local frame, without repeated
/// consecutive positions (they carry no shape, only zero-length edges).
fn project_ring(positions: &[Position], frame: Frame) -> Vec<Point> {
    let ring = frame.open_ring(positions);
    let n = ring.len();
    (0..n)
        .filter(|&i| ring[i] != ring[(i + 1) % n])
        .map(|i| ring[i])
        .collect()
}

fn check_polygon(
    feature: &Feature,
    rings: &[Vec<Position>],
    field: &str,
    shapes: &LocalShapes,
    problems: &mut Problems,
) -> Option<Polygon> {
    let rings: Vec<Vec<Point>> = rings
        .iter()
        .map(|ring| project_ring(ring, shapes.frame))
        .collect();
    let mut valid = true;
    for (index, ring) in rings.iter().enumerate() {
        let at = format!("{field}[{index}]");
        if ring.len() < 3 || signed_area(ring).abs() < 1e-4 {
            problems.feature(
                feature,
                &at,
                Rule::Geometry,
                said!(
                    "没有面积；一个环至少要有三个不在一条直线上的角",
                    "has no area; a ring needs at least three corners that are not on one line"
                ),
            );
            valid = false;
            continue;
        }
        let exterior = index == 0;
        if (signed_area(ring) > 0.0) != exterior {
            let message = if exterior {
                said!(
                    "是顺时针的；外环按逆时针排列（RFC 7946），请把它的位置倒过来排列",
                    "is clockwise; an exterior ring runs counter-clockwise (RFC 7946), so reverse the order of its positions"
                )
            } else {
                said!(
                    "是逆时针的；洞（内环）按顺时针排列（RFC 7946），请把它的位置倒过来排列",
                    "is counter-clockwise; a hole (interior ring) runs clockwise (RFC 7946), so reverse the order of its positions"
                )
            };
            problems.feature(feature, &at, Rule::Geometry, message);
            valid = false;
        }
        if let Some(crossing) = self_intersection(ring) {
            problems.feature(
                feature,
                &at,
                Rule::Geometry,
                said!(
                    "在 {} 附近与自身交叉或相接；环的边只能在相邻两边共用的角上相接",
                    "crosses or touches itself near {}; the edges of a ring may meet only at the corner two adjacent edges share",
                    shapes.lon_lat(crossing)
                ),
            );
            valid = false;
        }
    }
    valid.then(|| Polygon::new(rings))
}

/// Projects every located feature and checks its rings.
pub(super) fn local_shapes(
    venue: &VenueFiles,
    frame: Frame,
    problems: &mut Problems,
) -> LocalShapes {
    let mut shapes = LocalShapes {
        frame,
        polygons: HashMap::new(),
        lines: HashMap::new(),
        points: HashMap::new(),
        display_points: Vec::new(),
    };
    for feature in Kind::ALL.iter().flat_map(|&kind| venue.of(kind)) {
        if let Some(p) = feature.display_point() {
            shapes
                .display_points
                .push((feature.id.clone(), local(frame, p)));
        }
        if feature.kind == Kind::Relationship {
            continue;
        }
        match &feature.geometry {
            None => {}
            Some(Geometry::Point(p)) => {
                shapes.points.insert(feature.id.clone(), local(frame, *p));
            }
            Some(Geometry::LineString(line)) => {
                let ends: Vec<Point> = line.iter().map(|&p| local(frame, p)).collect();
                match ends[..] {
                    [a, b, ..] if a != b => {
                        shapes.lines.insert(feature.id.clone(), [a, b]);
                    }
                    _ => problems.feature(
                        feature,
                        "geometry.coordinates",
                        Rule::Geometry,
                        said!(
                            "没有宽度；{} 需要两个不同的端点",
                            "has no width; {} needs two distinct ends",
                            feature.describe()
                        ),
                    ),
                }
            }
            Some(Geometry::Polygon(rings)) => {
                if let Some(polygon) =
                    check_polygon(feature, rings, "geometry.coordinates", &shapes, problems)
                {
                    let shape = Shape::new(vec![polygon]);
                    shapes.polygons.insert(feature.id.clone(), shape);
                }
            }
            Some(Geometry::MultiPolygon(polygons)) => {
                let checked: Vec<Option<Polygon>> = polygons
                    .iter()
                    .enumerate()
                    .map(|(index, rings)| {
                        let field = format!("geometry.coordinates[{index}]");
                        check_polygon(feature, rings, &field, &shapes, problems)
                    })
                    .collect();
                if let Some(all) = checked.into_iter().collect::<Option<Vec<Polygon>>>() {
                    shapes.polygons.insert(feature.id.clone(), Shape::new(all));
                }
            }
        }
    }
    shapes
}
