//! Rooms drawn and reshaped on the map. A visitor's tap is never exact and a shared wall must
//! be, so every corner they place is snapped to the corners and walls already stored on the
//! level (here); a new room is cut out of the walkable units it is drawn over (`draw`); a
//! corner moved, added or removed takes along every unit and level outline that shares it
//! (`corners`).

use i_overlay::core::fill_rule::FillRule;
use i_overlay::core::overlay_rule::OverlayRule;
use i_overlay::float::single::SingleFloatOverlay;
use serde_json::{Value, json};

use super::positions::{collect_rings, is_lon_lat};
use super::{Change, EditError, Files};
use crate::contract::contract;
use crate::geometry::{Point, Polygon, nearest_on_segment, signed_area};
use crate::model::UnitRole;
use crate::projection::Frame;

mod corners;
mod draw;
mod remove_room;

pub(super) use draw::DrawnRoom;

/// A corner placed this close to a stored corner or wall (m) lands exactly on it.
pub(super) const SNAP_M: f64 = 0.5;
/// A corner moved is looked for this far (m) from where the visitor pointed.
const PICK_M: f64 = 2.0;
/// Positions this close (m) are one position: a shared corner.
const SAME_M: f64 = 0.001;

/// A stored ring of a unit or level, its positions exact and in the local frame.
struct Ring {
    exact: Vec<[f64; 2]>,
    local: Vec<Point>,
}

/// The units of one level, read for snapping.
struct LevelUnits {
    /// Each unit's place in the unit file, its id, its rings and whether it is walkable.
    units: Vec<(usize, String, Vec<Ring>, bool)>,
}

impl LevelUnits {
    /// The rings of the unit at `place` in the unit file, one of this level's.
    fn rings_at(&self, place: usize) -> &[Ring] {
        (self.units.iter())
            .find(|(at, _, _, _)| *at == place)
            .map(|(_, _, rings, _)| rings.as_slice())
            .expect("the unit is on its own level")
    }

    /// The stored corner or wall point within [`SNAP_M`] of `p` (corners first), skipping
    /// corners at `except` and the walls that end there; `p` itself if none is.
    fn snap(&self, frame: Frame, p: Point, except: Option<Point>) -> [f64; 2] {
        let moving = |q: Point| except.is_some_and(|e| e.distance(q) < SAME_M);
        let rings = || self.units.iter().flat_map(|(_, _, rings, _)| rings);
        let corner = rings()
            .flat_map(|ring| ring.local.iter().zip(&ring.exact))
            .filter(|(q, _)| !moving(**q))
            .map(|(q, exact)| (q.distance(p), *exact))
            .filter(|(d, _)| *d <= SNAP_M)
            .min_by(|a, b| a.0.total_cmp(&b.0));
        if let Some((_, exact)) = corner {
            return exact;
        }
        let wall = rings()
            .flat_map(|ring| ring.local.windows(2))
            .filter(|edge| !moving(edge[0]) && !moving(edge[1]))
            .map(|edge| nearest_on_segment(p, edge[0], edge[1]))
            .filter(|(d, _)| *d <= SNAP_M)
            .min_by(|a, b| a.0.total_cmp(&b.0));
        frame.to_lon_lat(wall.map_or(p, |(_, q)| q))
    }
}

impl Files<'_> {
    fn level_units(
        &mut self,
        index: usize,
        level_id: &str,
        frame: Frame,
    ) -> Result<LevelUnits, EditError> {
        let file = self.file(index, "unit")?;
        let units = file
            .features()
            .iter()
            .enumerate()
            .filter(|(_, unit)| unit["properties"]["level_id"] == level_id)
            .map(|(at, unit)| {
                let id = unit["id"].as_str().unwrap_or_default().to_owned();
                let category = unit["properties"]["category"].as_str().unwrap_or_default();
                let walkable = contract().role(category) == UnitRole::Walkable;
                (at, id, rings_of(&unit["geometry"], frame), walkable)
            })
            .collect();
        Ok(LevelUnits { units })
    }
}

fn patch_back(feature_type: &str, id: &str, geometry: Value) -> Change {
    Change::Patch {
        feature_type: feature_type.to_owned(),
        id: id.to_owned(),
        geometry: Some(geometry),
        properties: None,
    }
}

fn rings_of(geometry: &Value, frame: Frame) -> Vec<Ring> {
    let mut rings = Vec::new();
    collect_rings(geometry, &mut rings);
    rings
        .into_iter()
        .map(|exact| Ring {
            local: exact
                .iter()
                .map(|&[lon, lat]| frame.to_local(lon, lat))
                .collect(),
            exact,
        })
        .collect()
}

/// A closed ring without its closing position.
fn open(ring: &[Point]) -> &[Point] {
    match ring {
        [first, .., last] if first.distance(*last) < SAME_M => &ring[..ring.len() - 1],
        _ => ring,
    }
}

/// The rings as one polygon (a MultiPolygon's rings together: its area and walls add up).
fn polygon(rings: &[Ring]) -> Polygon {
    Polygon::new(rings.iter().map(|r| open(&r.local).to_vec()).collect())
}

/// `subject` and `clip` (rings of `frame`) combined by `rule`, as a GeoJSON Polygon or
/// MultiPolygon whose corners keep the exact coordinates they had in either, with its area;
/// None when nothing is left.
fn overlay(
    subject: &[Ring],
    clip: &[Ring],
    rule: OverlayRule,
    frame: Frame,
) -> Option<(Value, f64)> {
    let contours = |rings: &[Ring]| -> Vec<Vec<[f64; 2]>> {
        (rings.iter())
            .map(|r| open(&r.local).iter().map(|p| [p.x, p.y]).collect())
            .collect()
    };
    let shapes = contours(subject).overlay(&contours(clip), rule, FillRule::EvenOdd);
    let known: Vec<(Point, [f64; 2])> = (subject.iter().chain(clip))
        .flat_map(|r| r.local.iter().copied().zip(r.exact.iter().copied()))
        .collect();
    let (coordinates, areas): (Vec<Value>, Vec<f64>) =
        polygons_of(shapes, frame, &known).into_iter().unzip();
    let area = areas.iter().sum();
    let geometry = match <[Value; 1]>::try_from(coordinates) {
        Ok([polygon]) => json!({"type": "Polygon", "coordinates": polygon}),
        Err(many) if many.is_empty() => return None,
        Err(many) => json!({"type": "MultiPolygon", "coordinates": many}),
    };
    Some((geometry, area))
}

/// The overlay's shapes as GeoJSON polygon coordinates (outer ring counter-clockwise, holes
/// clockwise, closed) with each one's area; a position within [`SAME_M`] of a `known` one is
/// written as that one's exact coordinates, so shared walls stay exactly shared.
fn polygons_of(
    shapes: Vec<Vec<Vec<[f64; 2]>>>,
    frame: Frame,
    known: &[(Point, [f64; 2])],
) -> Vec<(Value, f64)> {
    let exact = |p: Point| {
        known
            .iter()
            .find(|(q, _)| q.distance(p) < SAME_M)
            .map_or_else(|| frame.to_lon_lat(p), |(_, exact)| *exact)
    };
    shapes
        .into_iter()
        .filter_map(|shape| {
            let mut area = 0.0;
            let rings: Vec<Vec<[f64; 2]>> = shape
                .into_iter()
                .enumerate()
                .map(|(i, contour)| {
                    let mut ring: Vec<Point> =
                        contour.into_iter().map(|[x, y]| Point::new(x, y)).collect();
                    if (signed_area(&ring) > 0.0) != (i == 0) {
                        ring.reverse();
                    }
                    area += signed_area(&ring);
                    let mut positions: Vec<[f64; 2]> = ring.into_iter().map(exact).collect();
                    positions.push(positions[0]);
                    positions
                })
                .collect();
            (area > contract().overlap_limit_m2).then(|| (json!(rings), area))
        })
        .collect()
}
