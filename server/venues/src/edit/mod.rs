//! Edits of a visitor's building (issue #32): the online editor sends changes to single IMDF
//! features, not whole files, and each change set is applied to the building's IMDF directory
//! before the venue check decides on the result like on any upload. Applying a set answers the
//! set that undoes it exactly (the features' values before), so the editor's undo restores
//! what was there, not what it last drew.

use std::collections::HashMap;
use std::path::Path;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

mod error;
mod levels;
mod positions;
mod shapes;

pub use error::EditError;

use crate::export::FEATURE_TYPES;
use crate::geometry::Point;
use crate::imdf::MAIN_LANGUAGE;
use crate::projection::Frame;
use crate::{Said, said};
use positions::{collect_positions, collect_rings, move_positions};

/// One change to one feature.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "FeatureChange"))]
pub enum Change {
    /// A new feature, a GeoJSON Feature with its `id` and `feature_type`.
    Add {
        #[cfg_attr(
            feature = "ts",
            ts(
                type = "{ type: 'Feature'; id: string; feature_type: string; geometry: unknown; properties: Record<string, unknown> }"
            )
        )]
        feature: Value,
    },
    /// Gives a feature a new geometry, and sets properties (IMDF keeps a property it has no
    /// value for as `null`, so a property absent before is `null` after its undo).
    Patch {
        feature_type: String,
        id: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional, type = "unknown"))]
        geometry: Option<Value>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional, type = "Record<string, unknown>"))]
        properties: Option<Map<String, Value>>,
    },
    /// Moves a feature (its geometry, and its display point if it has one) by metres east and
    /// north: exact, where a new geometry drawn from the viewer's rounded map would not be.
    Move {
        feature_type: String,
        id: String,
        east_m: f64,
        north_m: f64,
    },
    /// Moves a line (a door) along itself by metres, from its first position towards its last:
    /// a door slides along its wall.
    Slide {
        feature_type: String,
        id: String,
        along_m: f64,
    },
    /// Adds a door of `width_m` to the room `unit`, in the wall nearest `at` (`[lon, lat]`),
    /// centred as near `at` as the wall allows: placed from the room's stored outline, so it
    /// lies exactly in the wall, which a door drawn on the viewer's map would not.
    AddDoor {
        /// The new door's id.
        id: String,
        unit: String,
        #[cfg_attr(feature = "ts", ts(type = "[number, number]"))]
        at: [f64; 2],
        width_m: f64,
    },
    /// Adds a room drawn on the map: its corners (`[lon, lat]`, in order around it) snapped to
    /// the level's corners and walls within half a metre, cut out of the walkable units it
    /// covers (a walkway, a lobby), with a door in its longest wall onto walkable floor.
    DrawRoom {
        /// The new room's id.
        id: String,
        /// Its door's id.
        door_id: String,
        level_id: String,
        #[cfg_attr(feature = "ts", ts(type = "[number, number][]"))]
        corners: Vec<[f64; 2]>,
        #[serde(default)]
        #[cfg_attr(feature = "ts", ts(optional))]
        name: Option<String>,
        category: String,
    },
    /// Moves the corner of room `id` nearest `at` to `to` (snapped like a drawn corner), and
    /// with it every room and level outline sharing the corner and the doors on its walls.
    MoveCorner {
        id: String,
        #[cfg_attr(feature = "ts", ts(type = "[number, number]"))]
        at: [f64; 2],
        #[cfg_attr(feature = "ts", ts(type = "[number, number]"))]
        to: [f64; 2],
    },
    /// Adds a corner to room `id` on its wall nearest `at` (within 2 m), and to every room and
    /// level outline whose wall passes there.
    AddCorner {
        id: String,
        #[cfg_attr(feature = "ts", ts(type = "[number, number]"))]
        at: [f64; 2],
    },
    /// Removes the corner of room `id` nearest `at` (within 2 m) from every room and level
    /// outline that has it; its two walls become one, from the nearest corner of another room
    /// on each.
    RemoveCorner {
        id: String,
        #[cfg_attr(feature = "ts", ts(type = "[number, number]"))]
        at: [f64; 2],
    },
    /// Removes room `id`: its floor joins the walkable unit it shares the longest wall with, the
    /// doors between them go, its shops go, its amenities and anchors stand in the walkway.
    RemoveRoom { id: String },
    /// Orders the levels as listed, lowest first: they keep the ordinals they had, in the new
    /// order, and every relationship lists its units in it.
    OrderLevels { ids: Vec<String> },
    /// Removes a feature.
    Remove { feature_type: String, id: String },
}

/// The corners of the rooms one change set may draw (a room has at most 100).
const MAX_DRAWN_CORNERS: usize = 1000;

/// The widths a door added by [`Change::AddDoor`] may have, metres.
const DOOR_WIDTHS: std::ops::RangeInclusive<f64> = 0.5..=10.0;

/// Applies `changes` in order to the IMDF files of `dir` (as [`crate::intake::unpack_imdf`]
/// wrote them) and rewrites the files they touched; answers the changes that undo them, in the
/// order to apply them. Nothing is written unless every change applies.
pub fn apply_changes(
    dir: &Path,
    changes: &[Change],
    max_changes: usize,
) -> Result<Vec<Change>, EditError> {
    apply_listing(dir, changes, max_changes).map(|(undo, _)| undo)
}

/// [`apply_changes`], answering also the feature types whose files it rewrote (an edit's archive
/// recompresses only those, [`crate::export_edited`]).
pub fn apply_listing(
    dir: &Path,
    changes: &[Change],
    max_changes: usize,
) -> Result<(Vec<Change>, Vec<String>), EditError> {
    if changes.is_empty() {
        // A version that changes nothing would only push the building's history along.
        return Err(EditError::Nothing);
    }
    // Each drawn corner is snapped against every corner of its level, which the rooms drawn
    // before it in the set have grown: the set's corners are bounded, not only its changes.
    let corners: usize = (changes.iter())
        .map(|change| match change {
            Change::DrawRoom { corners, .. } => corners.len(),
            _ => 0,
        })
        .sum();
    if corners > MAX_DRAWN_CORNERS {
        return Err(EditError::TooManyCorners {
            count: corners,
            max: MAX_DRAWN_CORNERS,
        });
    }
    if changes.len() > max_changes {
        return Err(EditError::TooMany {
            count: changes.len(),
            max: max_changes,
        });
    }
    let mut files = Files::new(dir);
    let mut undo = Vec::with_capacity(changes.len());
    for (at, change) in changes.iter().enumerate() {
        undo.extend(files.apply(at + 1, change)?);
    }
    files.write()?;
    undo.reverse();
    let mut changed: Vec<String> = (files.read.iter())
        .filter(|(_, file)| file.changed)
        .map(|(feature_type, _)| feature_type.clone())
        .collect();
    changed.sort();
    Ok((undo, changed))
}

/// The feature files read so far, each with its features' places by id.
struct Files<'a> {
    dir: &'a Path,
    read: HashMap<String, FeatureFile>,
}

struct FeatureFile {
    collection: Value,
    by_id: HashMap<String, usize>,
    changed: bool,
}

impl FeatureFile {
    fn features(&mut self) -> &mut Vec<Value> {
        self.collection["features"]
            .as_array_mut()
            .expect("read() made sure it is an array")
    }
}

impl<'a> Files<'a> {
    fn new(dir: &'a Path) -> Self {
        Self {
            dir,
            read: HashMap::new(),
        }
    }

    /// The language the building's data is in (its manifest's `language`): what a name typed
    /// in the editor is labelled with, so an English building's new room is named in English.
    fn data_language(&self) -> String {
        std::fs::read(self.dir.join("manifest.json"))
            .ok()
            .and_then(|bytes| serde_json::from_slice::<Value>(&bytes).ok())
            .and_then(|manifest| Some(manifest.get("language")?.as_str()?.to_owned()))
            .unwrap_or_else(|| MAIN_LANGUAGE.to_owned())
    }

    /// Applies `change`; answers the changes that undo it, in the order they were made.
    fn apply(&mut self, index: usize, change: &Change) -> Result<Vec<Change>, EditError> {
        match change {
            Change::DrawRoom {
                id,
                door_id,
                level_id,
                corners,
                name,
                category,
            } => {
                let room = shapes::DrawnRoom {
                    id,
                    door_id,
                    level_id,
                    corners,
                    name: name.as_deref().filter(|name| !name.is_empty()),
                    category,
                };
                self.draw_room(index, room)
            }
            Change::MoveCorner { id, at, to } => self.move_corner(index, id, *at, *to),
            Change::OrderLevels { ids } => self.order_levels(index, ids),
            Change::RemoveRoom { id } => self.remove_room(index, id),
            Change::AddCorner { id, at } => {
                let pointed = self.pointed(index, id, *at)?;
                self.add_corner(index, &pointed)
            }
            Change::RemoveCorner { id, at } => {
                let pointed = self.pointed(index, id, *at)?;
                self.remove_corner(index, &pointed)
            }
            other => self.apply_one(index, other).map(|undo| vec![undo]),
        }
    }

    fn apply_one(&mut self, index: usize, change: &Change) -> Result<Change, EditError> {
        match change {
            Change::Add { feature } => self.add(index, feature.clone()),
            Change::AddDoor {
                id,
                unit,
                at,
                width_m,
            } => {
                let door = self.door_in_wall(index, unit, *at, *width_m)?;
                self.add(index, door_feature(id, door.ends, &door.level_id))
            }
            Change::Remove { feature_type, id } => {
                let file = self.file(index, feature_type)?;
                let at = found(index, file, feature_type, id)?;
                let features = file.features();
                let old = features.remove(at);
                // Indexes after it moved down by one.
                file.by_id.remove(id);
                for place in file.by_id.values_mut() {
                    if *place > at {
                        *place -= 1;
                    }
                }
                file.changed = true;
                Ok(Change::Add { feature: old })
            }
            Change::Move {
                feature_type,
                id,
                east_m,
                north_m,
            } => {
                let by = |_: &[Point]| Ok(Point::new(*east_m, *north_m));
                self.shift(index, feature_type, id, by)
            }
            Change::Slide {
                feature_type,
                id,
                along_m,
            } => {
                let is_line = self.geometry_type(index, feature_type, id)? == "LineString";
                let by = |line: &[Point]| match (line.first(), line.last()) {
                    (Some(a), Some(b)) if is_line && a.distance(*b) > 0.0 => {
                        let length = a.distance(*b);
                        Ok(Point::new(
                            (b.x - a.x) / length * along_m,
                            (b.y - a.y) / length * along_m,
                        ))
                    }
                    _ => Err(said!(
                        "只有一条线（门）能沿自身移动",
                        "Only a line (a door) can slide along itself"
                    )),
                };
                self.shift(index, feature_type, id, by)
            }
            Change::DrawRoom { .. }
            | Change::MoveCorner { .. }
            | Change::AddCorner { .. }
            | Change::RemoveCorner { .. }
            | Change::OrderLevels { .. }
            | Change::RemoveRoom { .. } => {
                unreachable!("apply() takes the changes of several features")
            }
            Change::Patch {
                feature_type,
                id,
                geometry,
                properties,
            } => {
                let file = self.file(index, feature_type)?;
                let at = found(index, file, feature_type, id)?;
                let feature = &mut file.features()[at];
                let old_geometry = geometry
                    .as_ref()
                    .map(|new| std::mem::replace(&mut feature["geometry"], new.clone()));
                let old_properties = properties.as_ref().map(|set| {
                    let own = &mut feature["properties"];
                    if !own.is_object() {
                        *own = Value::Object(Map::new());
                    }
                    let own = own.as_object_mut().expect("made an object above");
                    set.iter()
                        .map(|(key, value)| {
                            let old = own.insert(key.clone(), value.clone());
                            (key.clone(), old.unwrap_or(Value::Null))
                        })
                        .collect()
                });
                file.changed = true;
                Ok(Change::Patch {
                    feature_type: feature_type.clone(),
                    id: id.clone(),
                    geometry: old_geometry,
                    properties: old_properties,
                })
            }
        }
    }

    fn geometry_type(
        &mut self,
        index: usize,
        feature_type: &str,
        id: &str,
    ) -> Result<String, EditError> {
        let file = self.file(index, feature_type)?;
        let at = found(index, file, feature_type, id)?;
        let kind = &file.features()[at]["geometry"]["type"];
        Ok(kind.as_str().unwrap_or_default().to_owned())
    }

    /// Adds `feature`, answering its removal.
    fn add(&mut self, index: usize, feature: Value) -> Result<Change, EditError> {
        let (feature_type, id) = identity(index, &feature)?;
        let file = self.file(index, &feature_type)?;
        if file.by_id.contains_key(&id) {
            return Err(EditError::DuplicateId {
                index,
                feature_type,
                id,
            });
        }
        let features = file.features();
        features.push(feature);
        let at = features.len() - 1;
        file.by_id.insert(id.clone(), at);
        file.changed = true;
        Ok(Change::Remove { feature_type, id })
    }

    /// The two ends (`[lon, lat]`) and the level of a door `width_m` wide in the wall of room
    /// `unit` nearest `at`.
    fn door_in_wall(
        &mut self,
        index: usize,
        unit: &str,
        at: [f64; 2],
        width_m: f64,
    ) -> Result<PlacedDoor, EditError> {
        let cannot = |reason: Said| EditError::Cannot { index, reason };
        if !DOOR_WIDTHS.contains(&width_m) {
            return Err(cannot(said!(
                "门宽应在 0.5 到 10 米之间",
                "A door must be 0.5 to 10 m wide"
            )));
        }
        if !positions::is_lon_lat(at) {
            return Err(cannot(said!(
                "门的位置不是有效的经纬度",
                "The door's position is not a valid longitude/latitude"
            )));
        }
        let file = self.file(index, "unit")?;
        let found_at = found(index, file, "unit", unit)?;
        let room = &file.features()[found_at];
        let level_id = room["properties"]["level_id"].clone();
        let frame = Frame::new(at[0], at[1]);
        let mut rings = Vec::new();
        collect_rings(&room["geometry"], &mut rings);
        let mut best: Option<(f64, Point, Point)> = None;
        for ring in &rings {
            let local: Vec<Point> = ring
                .iter()
                .map(|&[lon, lat]| frame.to_local(lon, lat))
                .collect();
            for edge in local.windows(2) {
                let (a, b) = (edge[0], edge[1]);
                let length = a.distance(b);
                if length < width_m {
                    continue;
                }
                let direction = Point::new((b.x - a.x) / length, (b.y - a.y) / length);
                // The door's centre: `at` projected on the wall, kept half a door from its ends.
                let along = (-a.x * direction.x - a.y * direction.y)
                    .clamp(width_m / 2.0, length - width_m / 2.0);
                let centre = Point::new(a.x + direction.x * along, a.y + direction.y * along);
                let away = centre.distance(Point::new(0.0, 0.0));
                if best.is_none_or(|(nearest, _, _)| away < nearest) {
                    best = Some((away, centre, direction));
                }
            }
        }
        let Some((_, centre, direction)) = best else {
            return Err(cannot(said!(
                "这个房间没有比门更长的墙",
                "This room has no wall longer than the door"
            )));
        };
        let half = width_m / 2.0;
        let end = |sign: f64| {
            frame.to_lon_lat(Point::new(
                centre.x + sign * direction.x * half,
                centre.y + sign * direction.y * half,
            ))
        };
        Ok(PlacedDoor {
            ends: [end(-1.0), end(1.0)],
            level_id,
        })
    }

    /// Moves the feature `id` by the metres `by` finds from its geometry's positions (in a local
    /// frame around its first); answers the patch that puts its geometry and display point back.
    fn shift(
        &mut self,
        index: usize,
        feature_type: &str,
        id: &str,
        by: impl Fn(&[Point]) -> Result<Point, Said>,
    ) -> Result<Change, EditError> {
        let cannot = |reason: Said| EditError::Cannot { index, reason };
        let file = self.file(index, feature_type)?;
        let at = found(index, file, feature_type, id)?;
        let feature = &mut file.features()[at];
        let mut positions = Vec::new();
        collect_positions(&feature["geometry"], &mut positions);
        let Some(&[lon0, lat0]) = positions.first() else {
            return Err(cannot(said!(
                "要素没有坐标",
                "The feature has no coordinates"
            )));
        };
        let frame = Frame::new(lon0, lat0);
        let local: Vec<Point> = positions
            .iter()
            .map(|&[lon, lat]| frame.to_local(lon, lat))
            .collect();
        let offset = by(&local).map_err(cannot)?;
        if !(offset.x.is_finite() && offset.y.is_finite()) {
            return Err(cannot(said!(
                "移动的距离不是有限的数",
                "The distance to move is not a finite number"
            )));
        }
        let old_geometry = feature["geometry"].clone();
        move_positions(&mut feature["geometry"], frame, offset);
        let mut old_properties = None;
        if let Some(point) = feature
            .pointer_mut("/properties/display_point")
            .filter(|p| !p.is_null())
        {
            let old = point.clone();
            move_positions(point, frame, offset);
            old_properties = Some(Map::from_iter([("display_point".to_owned(), old)]));
        }
        file.changed = true;
        Ok(Change::Patch {
            feature_type: feature_type.to_owned(),
            id: id.to_owned(),
            geometry: Some(old_geometry),
            properties: old_properties,
        })
    }

    /// The file of `feature_type`, read on first use (an empty collection if it has none yet).
    fn file(&mut self, index: usize, feature_type: &str) -> Result<&mut FeatureFile, EditError> {
        if !FEATURE_TYPES.contains(&feature_type) {
            return Err(EditError::UnknownType {
                index,
                feature_type: feature_type.to_owned(),
            });
        }
        if !self.read.contains_key(feature_type) {
            let file = read(self.dir, feature_type)?;
            self.read.insert(feature_type.to_owned(), file);
        }
        Ok(self.read.get_mut(feature_type).expect("inserted above"))
    }

    fn write(&self) -> Result<(), EditError> {
        for (feature_type, file) in &self.read {
            if file.changed {
                let bytes = serde_json::to_vec(&file.collection).expect("JSON values serialise");
                std::fs::write(self.dir.join(format!("{feature_type}.geojson")), bytes)
                    .map_err(|e| EditError::Write(e.to_string()))?;
            }
        }
        Ok(())
    }
}

fn read(dir: &Path, feature_type: &str) -> Result<FeatureFile, EditError> {
    let name = format!("{feature_type}.geojson");
    let unreadable = |message: Said| EditError::Unreadable {
        file: name.clone(),
        message,
    };
    let mut collection = match std::fs::read(dir.join(&name)) {
        Ok(bytes) => serde_json::from_slice::<Value>(&bytes)
            .map_err(|e| unreadable(Said::verbatim(e.to_string())))?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            serde_json::json!({"type": "FeatureCollection", "features": []})
        }
        Err(e) => return Err(unreadable(Said::verbatim(e.to_string()))),
    };
    let Some(features) = collection.get_mut("features").and_then(Value::as_array_mut) else {
        return Err(unreadable(said!(
            "没有 features 数组",
            "it has no features array"
        )));
    };
    let by_id = features
        .iter()
        .enumerate()
        .filter_map(|(at, feature)| Some((feature.get("id")?.as_str()?.to_owned(), at)))
        .collect();
    Ok(FeatureFile {
        collection,
        by_id,
        changed: false,
    })
}

/// A door placed in a wall: its ends, and the level of its room.
struct PlacedDoor {
    ends: [[f64; 2]; 2],
    level_id: Value,
}

/// A plain pedestrian door (an IMDF opening) between `ends`, on the level `level_id`.
fn door_feature(id: &str, ends: [[f64; 2]; 2], level_id: &Value) -> Value {
    serde_json::json!({
        "type": "Feature",
        "id": id,
        "feature_type": "opening",
        "geometry": {"type": "LineString", "coordinates": ends},
        "properties": {
            "category": "pedestrian",
            "accessibility": null,
            "access_control": null,
            "door": null,
            "name": null,
            "alt_name": null,
            "display_point": null,
            "level_id": level_id,
        },
    })
}

/// A new feature's type and id.
fn identity(index: usize, feature: &Value) -> Result<(String, String), EditError> {
    let not = |reason: Said| EditError::NotAFeature { index, reason };
    if feature.get("type").and_then(Value::as_str) != Some("Feature") {
        return Err(not(said!("type 不是 Feature", "its type is not Feature")));
    }
    let id = feature
        .get("id")
        .and_then(Value::as_str)
        .ok_or_else(|| not(said!("没有 id", "it has no id")))?;
    let feature_type = feature
        .get("feature_type")
        .and_then(Value::as_str)
        .ok_or_else(|| not(said!("没有 feature_type", "it has no feature_type")))?;
    Ok((feature_type.to_owned(), id.to_owned()))
}

fn found(
    index: usize,
    file: &FeatureFile,
    feature_type: &str,
    id: &str,
) -> Result<usize, EditError> {
    file.by_id
        .get(id)
        .copied()
        .ok_or_else(|| EditError::UnknownFeature {
            index,
            feature_type: feature_type.to_owned(),
            id: id.to_owned(),
        })
}

#[cfg(test)]
mod shapes_tests;
#[cfg(test)]
mod tests;
