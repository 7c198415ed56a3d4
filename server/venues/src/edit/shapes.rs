//! Rooms drawn and reshaped on the map. A visitor's tap is never exact and a shared wall must
//! be, so every corner they place is snapped to the corners and walls already stored on the
//! level; a new room is cut out of the walkable units it is drawn over (units of a level never
//! overlap, venue contract §2.4); a moved corner takes along every unit and level outline that
//! shares it, and the doors on its walls keep their distance from the walls' other ends.

use i_overlay::core::fill_rule::FillRule;
use i_overlay::core::overlay_rule::OverlayRule;
use i_overlay::float::single::SingleFloatOverlay;
use serde_json::{Value, json};

use super::positions::collect_rings;
use super::{Change, EditError, Files};
use crate::contract::contract;
use crate::geometry::{Point, Polygon, nearest_on_segment, segments_cross, signed_area};
use crate::model::UnitRole;
use crate::projection::Frame;

/// A corner placed this close to a stored corner or wall (m) lands exactly on it.
pub(super) const SNAP_M: f64 = 0.5;
/// A corner moved is looked for this far (m) from where the visitor pointed.
const PICK_M: f64 = 2.0;
/// Positions this close (m) are one position: a shared corner.
const SAME_M: f64 = 0.001;
/// The corners a drawn room may have.
const CORNERS: std::ops::RangeInclusive<usize> = 3..=100;
/// The width of the door a drawn room gets, m.
const DOOR_M: f64 = 1.5;
/// The smallest room that can be drawn, m².
const MIN_ROOM_M2: f64 = 1.0;

/// A room the visitor drew (a [`Change::DrawRoom`]).
#[derive(Clone, Copy)]
pub(super) struct DrawnRoom<'a> {
    pub id: &'a str,
    /// The id of the door it gets onto the walkable floor beside it.
    pub door_id: &'a str,
    pub level_id: &'a str,
    pub corners: &'a [[f64; 2]],
    pub name: Option<&'a str>,
    pub category: &'a str,
}

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

    /// Adds the room, cut out of the walkable units of its level it covers; answers the
    /// changes that undo it, in the order they were made.
    pub(super) fn draw_room(
        &mut self,
        index: usize,
        room: DrawnRoom,
    ) -> Result<Vec<Change>, EditError> {
        let cannot = |reason: &str| EditError::Cannot {
            index,
            reason: reason.to_owned(),
        };
        if !CORNERS.contains(&room.corners.len()) {
            return Err(cannot("画的房间应有 3 到 100 个角"));
        }
        if !room.corners.iter().all(|&p| is_lon_lat(p)) {
            return Err(cannot("房间的角不是有效的经纬度"));
        }
        let [lon0, lat0] = room.corners[0];
        let frame = Frame::new(lon0, lat0);
        let level = self.level_units(index, room.level_id, frame)?;
        let mut corners: Vec<[f64; 2]> = Vec::with_capacity(room.corners.len());
        for &[lon, lat] in room.corners {
            let snapped = level.snap(frame, frame.to_local(lon, lat), None);
            let local = |q: [f64; 2]| frame.to_local(q[0], q[1]);
            if corners
                .last()
                .is_none_or(|&last| local(last).distance(local(snapped)) >= SAME_M)
            {
                corners.push(snapped);
            }
        }
        let local = |ring: &[[f64; 2]]| -> Vec<Point> {
            ring.iter()
                .map(|&[lon, lat]| frame.to_local(lon, lat))
                .collect()
        };
        while corners.len() > 1
            && local(&corners[..1])[0].distance(local(&corners)[corners.len() - 1]) < SAME_M
        {
            corners.pop();
        }
        let mut ring = local(&corners);
        if crosses_itself(&ring) {
            return Err(cannot("房间的边互相交叉了：请按顺序沿墙画一圈"));
        }
        if ring.len() < 3 || signed_area(&ring).abs() < MIN_ROOM_M2 {
            return Err(cannot("房间至少要有三个不同的角，面积不小于 1 平方米"));
        }
        // Counter-clockwise, as the contract has outer rings (§2.3).
        if signed_area(&ring) < 0.0 {
            ring.reverse();
            corners.reverse();
        }

        let mut undo = Vec::new();
        let door = door_onto_floor(&ring, &level);
        let room_exact: Vec<(Point, [f64; 2])> =
            ring.iter().copied().zip(corners.clone()).collect();
        let file = self.file(index, "unit")?;
        for (at, id, rings, walkable) in &level.units {
            if !walkable {
                continue;
            }
            let unit = &mut file.features()[*at];
            let category = unit["properties"]["category"].as_str().unwrap_or_default();
            let before =
                Polygon::new(rings.iter().map(|r| open(&r.local).to_vec()).collect()).area();
            let subject: Vec<Vec<[f64; 2]>> = rings
                .iter()
                .map(|r| open(&r.local).iter().map(|p| [p.x, p.y]).collect())
                .collect();
            let clip: Vec<[f64; 2]> = ring.iter().map(|p| [p.x, p.y]).collect();
            let shapes = subject.overlay(&[clip], OverlayRule::Difference, FillRule::EvenOdd);
            let known: Vec<(Point, [f64; 2])> = rings
                .iter()
                .flat_map(|r| r.local.iter().copied().zip(r.exact.iter().copied()))
                .chain(room_exact.iter().copied())
                .collect();
            let polygons = polygons_of(shapes, frame, &known);
            let after: f64 = polygons.iter().map(|(_, area)| area).sum();
            if before - after < contract().overlap_limit_m2 {
                continue;
            }
            if polygons.is_empty() {
                return Err(cannot(&format!(
                    "新房间盖住了整个 {id}（{category}）：请把房间画在它里面"
                )));
            }
            let coordinates: Vec<Value> = polygons.into_iter().map(|(p, _)| p).collect();
            let geometry = match <[Value; 1]>::try_from(coordinates) {
                Ok([polygon]) => json!({"type": "Polygon", "coordinates": polygon}),
                Err(many) => json!({"type": "MultiPolygon", "coordinates": many}),
            };
            let old = std::mem::replace(&mut unit["geometry"], geometry);
            file.changed = true;
            undo.push(Change::Patch {
                feature_type: "unit".to_owned(),
                id: id.clone(),
                geometry: Some(old),
                properties: None,
            });
        }
        let mut closed = corners;
        closed.push(closed[0]);
        let feature = json!({
            "type": "Feature",
            "id": room.id,
            "feature_type": "unit",
            "geometry": {"type": "Polygon", "coordinates": [closed]},
            "properties": {
                "category": room.category,
                "restriction": null,
                "accessibility": null,
                "name": room.name.map(|name| json!({"zh-Hans": name})),
                "alt_name": null,
                "display_point": null,
                "level_id": room.level_id,
            },
        });
        undo.push(self.add(index, feature)?);
        if let Some([a, b]) = door {
            let ends = [frame.to_lon_lat(a), frame.to_lon_lat(b)];
            let door = super::door_feature(room.door_id, ends, &json!(room.level_id));
            undo.push(self.add(index, door)?);
        }
        Ok(undo)
    }

    /// Moves the corner of unit `id` nearest `at` to `to` (snapped), with every unit and level
    /// outline of its level sharing that corner, and the doors on the walls that end there.
    pub(super) fn move_corner(
        &mut self,
        index: usize,
        id: &str,
        at: [f64; 2],
        to: [f64; 2],
    ) -> Result<Vec<Change>, EditError> {
        let cannot = |reason: &str| EditError::Cannot {
            index,
            reason: reason.to_owned(),
        };
        if !(is_lon_lat(at) && is_lon_lat(to)) {
            return Err(cannot("角的位置不是有效的经纬度"));
        }
        let frame = Frame::new(at[0], at[1]);
        let file = self.file(index, "unit")?;
        let place = super::found(index, file, "unit", id)?;
        let level_id = file.features()[place]["properties"]["level_id"].clone();
        let Some(level_id) = level_id.as_str().map(str::to_owned) else {
            return Err(cannot("这个房间没有楼层"));
        };
        let level = self.level_units(index, &level_id, frame)?;
        let own = level
            .units
            .iter()
            .find(|(at, _, _, _)| *at == place)
            .map(|(_, _, rings, _)| rings)
            .expect("the unit is on its own level");
        let Some(corner) = own
            .iter()
            .flat_map(|ring| ring.local.iter().copied())
            .map(|q| (q.distance(Point::new(0.0, 0.0)), q))
            .filter(|(d, _)| *d <= PICK_M)
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, q)| q)
        else {
            return Err(cannot("所指的位置 2 米内没有这个房间的角"));
        };
        let target = level.snap(frame, frame.to_local(to[0], to[1]), Some(corner));
        let target_local = frame.to_local(target[0], target[1]);

        // The other ends of the walls that end at the corner.
        let mut walls: Vec<Point> = Vec::new();
        let mut undo = Vec::new();
        for (at, unit_id, rings, _) in &level.units {
            if !rings.iter().any(|ring| touches(&ring.local, corner)) {
                continue;
            }
            for ring in rings {
                // The walls that end at the corner, or are cut in two there.
                for edge in ring.local.windows(2) {
                    if nearest_on_segment(corner, edge[0], edge[1]).0 >= SAME_M {
                        continue;
                    }
                    walls.extend(edge.iter().filter(|end| end.distance(corner) >= SAME_M));
                }
            }
            let file = self.file(index, "unit")?;
            let unit = &mut file.features()[*at];
            let old = unit["geometry"].clone();
            move_corner_in(&mut unit["geometry"], frame, corner, target);
            file.changed = true;
            undo.push(patch_back("unit", unit_id, old));
        }
        let levels = self.file(index, "level")?;
        if let Some(&at) = levels.by_id.get(&level_id) {
            let outline = &mut levels.features()[at]["geometry"];
            let old = outline.clone();
            if move_corner_in(outline, frame, corner, target) {
                levels.changed = true;
                undo.push(patch_back("level", &level_id, old));
            }
        }
        let openings = self.file(index, "opening")?;
        let on_wall = contract().on_boundary_m;
        let mut doors_moved = false;
        for door in openings.features().iter_mut() {
            if door["properties"]["level_id"] != level_id.as_str() {
                continue;
            }
            let mut ends = Vec::new();
            super::positions::collect_positions(&door["geometry"], &mut ends);
            let [a, b] = match ends.as_slice() {
                [a, b] => [frame.to_local(a[0], a[1]), frame.to_local(b[0], b[1])],
                _ => continue,
            };
            let Some(&fixed) = walls.iter().find(|&&fixed| {
                nearest_on_segment(a, corner, fixed).0 < on_wall
                    && nearest_on_segment(b, corner, fixed).0 < on_wall
            }) else {
                continue;
            };
            // The door keeps its width and its distance from the wall's end that stays.
            let centre = a.lerp(b, 0.5);
            let from_fixed = fixed.distance(centre);
            let half = a.distance(b) / 2.0;
            let along = (target_local - fixed).normalized();
            let new_centre = fixed + along * from_fixed;
            let old = door["geometry"].clone();
            door["geometry"] = json!({
                "type": "LineString",
                "coordinates": [
                    frame.to_lon_lat(new_centre + along * half),
                    frame.to_lon_lat(new_centre - along * half),
                ],
            });
            doors_moved = true;
            let door_id = door["id"].as_str().unwrap_or_default().to_owned();
            undo.push(patch_back("opening", &door_id, old));
        }
        openings.changed |= doors_moved;
        Ok(undo)
    }
}

/// Whether `corner` is a corner of `ring` or lies on one of its edges.
fn touches(ring: &[Point], corner: Point) -> bool {
    ring.windows(2)
        .any(|edge| nearest_on_segment(corner, edge[0], edge[1]).0 < SAME_M)
}

/// A door in the middle of the room's longest wall onto walkable floor (a room nobody can enter
/// would fail the venue check), [`DOOR_M`] wide or most of a shorter wall; none if no wall of
/// the room (counter-clockwise) borders walkable floor.
fn door_onto_floor(ring: &[Point], level: &LevelUnits) -> Option<[Point; 2]> {
    let floors: Vec<Polygon> = level
        .units
        .iter()
        .filter(|(_, _, _, walkable)| *walkable)
        .map(|(_, _, rings, _)| {
            Polygon::new(rings.iter().map(|r| open(&r.local).to_vec()).collect())
        })
        .collect();
    let n = ring.len();
    let (a, b) = (0..n)
        .map(|i| (ring[i], ring[(i + 1) % n]))
        .filter(|&(a, b)| {
            // Just outside the wall's middle: right of a counter-clockwise ring.
            let along = (b - a).normalized();
            let outside = a.lerp(b, 0.5) + Point::new(along.y, -along.x) * 0.05;
            floors.iter().any(|floor| floor.contains(outside))
        })
        .max_by(|x, y| x.0.distance(x.1).total_cmp(&y.0.distance(y.1)))?;
    let half = DOOR_M.min(a.distance(b) * 0.8) / 2.0;
    let along = (b - a).normalized();
    let centre = a.lerp(b, 0.5);
    Some([centre - along * half, centre + along * half])
}

fn patch_back(feature_type: &str, id: &str, geometry: Value) -> Change {
    Change::Patch {
        feature_type: feature_type.to_owned(),
        id: id.to_owned(),
        geometry: Some(geometry),
        properties: None,
    }
}

fn is_lon_lat([lon, lat]: [f64; 2]) -> bool {
    lon.is_finite() && lat.is_finite() && lon.abs() <= 180.0 && lat.abs() <= 90.0
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

fn crosses_itself(ring: &[Point]) -> bool {
    let n = ring.len();
    (0..n).any(|i| {
        (i + 2..n).any(|j| {
            // Edges that share a corner meet there by design.
            (i + 1) % n != j && (j + 1) % n != i && {
                let (a, b) = (ring[i], ring[(i + 1) % n]);
                let (c, d) = (ring[j], ring[(j + 1) % n]);
                segments_cross(a, b, c, d)
            }
        })
    })
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

/// Moves the corner `from` (local) of every ring of `geometry` to `to`: a ring with the corner
/// moves it, a ring with the corner inside one of its edges gets it as a new corner first (a
/// room's corner on a corridor's long wall bends that wall too); whether a ring changed.
fn move_corner_in(geometry: &mut Value, frame: Frame, from: Point, to: [f64; 2]) -> bool {
    let polygons: Vec<&mut Value> = match geometry["type"].as_str() {
        Some("Polygon") => vec![&mut geometry["coordinates"]],
        Some("MultiPolygon") => match geometry["coordinates"].as_array_mut() {
            Some(list) => list.iter_mut().collect(),
            None => Vec::new(),
        },
        _ => Vec::new(),
    };
    let mut changed = false;
    for ring in polygons
        .into_iter()
        .filter_map(Value::as_array_mut)
        .flatten()
    {
        let Some(positions) = ring.as_array_mut() else {
            continue;
        };
        let local: Vec<Option<Point>> = positions
            .iter()
            .map(|p| Some(frame.to_local(p.get(0)?.as_f64()?, p.get(1)?.as_f64()?)))
            .collect();
        let mut moved = Vec::with_capacity(positions.len() + 1);
        for (i, position) in positions.iter().enumerate() {
            let here = local[i];
            if here.is_some_and(|p| p.distance(from) < SAME_M) {
                moved.push(json!(to));
                changed = true;
                continue;
            }
            moved.push(position.clone());
            if let (Some(a), Some(Some(b))) = (here, local.get(i + 1)) {
                let (distance, _) = nearest_on_segment(from, a, *b);
                if distance < SAME_M && a.distance(from) >= SAME_M && b.distance(from) >= SAME_M {
                    moved.push(json!(to));
                    changed = true;
                }
            }
        }
        *positions = moved;
    }
    changed
}
