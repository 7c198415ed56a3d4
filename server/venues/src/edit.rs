//! Edits of a visitor's building (issue #32): the online editor sends changes to single IMDF
//! features, not whole files, and each change set is applied to the building's IMDF directory
//! before the venue check decides on the result like on any upload. Applying a set answers the
//! set that undoes it exactly (the features' values before), so the editor's undo restores
//! what was there, not what it last drew.

use std::collections::HashMap;
use std::path::Path;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::export::FEATURE_TYPES;
use crate::geometry::Point;
use crate::projection::Frame;

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
    /// Removes a feature.
    Remove { feature_type: String, id: String },
}

/// The widths a door added by [`Change::AddDoor`] may have, metres.
const DOOR_WIDTHS: std::ops::RangeInclusive<f64> = 0.5..=10.0;

/// Why a change set was not applied; `index` counts the changes from 1.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EditError {
    #[error("一次最多提交 {max} 处修改，这次有 {count} 处")]
    TooMany { count: usize, max: usize },
    #[error("第 {index} 处修改：{feature_type} 不是 IMDF 的要素类型")]
    UnknownType { index: usize, feature_type: String },
    #[error("第 {index} 处修改：新要素不是 GeoJSON Feature（{reason}）")]
    NotAFeature { index: usize, reason: String },
    #[error("第 {index} 处修改：{feature_type} 里没有 id 为 {id} 的要素")]
    UnknownFeature {
        index: usize,
        feature_type: String,
        id: String,
    },
    #[error("第 {index} 处修改：{feature_type} 里已有 id 为 {id} 的要素")]
    DuplicateId {
        index: usize,
        feature_type: String,
        id: String,
    },
    #[error("第 {index} 处修改：{reason}")]
    Cannot { index: usize, reason: String },
    #[error("{file} 读不出来：{message}")]
    Unreadable { file: String, message: String },
    #[error("写入临时目录失败：{0}")]
    Write(String),
}

/// Applies `changes` in order to the IMDF files of `dir` (as [`crate::intake::unpack_imdf`]
/// wrote them) and rewrites the files they touched; answers the changes that undo them, in the
/// order to apply them. Nothing is written unless every change applies.
pub fn apply_changes(
    dir: &Path,
    changes: &[Change],
    max_changes: usize,
) -> Result<Vec<Change>, EditError> {
    if changes.len() > max_changes {
        return Err(EditError::TooMany {
            count: changes.len(),
            max: max_changes,
        });
    }
    let mut files = Files::new(dir);
    let mut undo = Vec::with_capacity(changes.len());
    for (at, change) in changes.iter().enumerate() {
        undo.push(files.apply(at + 1, change)?);
    }
    files.write()?;
    undo.reverse();
    Ok(undo)
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

    fn apply(&mut self, index: usize, change: &Change) -> Result<Change, EditError> {
        match change {
            Change::Add { feature } => self.add(index, feature.clone()),
            Change::AddDoor {
                id,
                unit,
                at,
                width_m,
            } => {
                let door = self.door_in_wall(index, unit, *at, *width_m)?;
                let feature = serde_json::json!({
                    "type": "Feature",
                    "id": id,
                    "feature_type": "opening",
                    "geometry": {"type": "LineString", "coordinates": door.ends},
                    "properties": {
                        "category": "pedestrian",
                        "accessibility": null,
                        "access_control": null,
                        "door": null,
                        "name": null,
                        "alt_name": null,
                        "display_point": null,
                        "level_id": door.level_id,
                    },
                });
                self.add(index, feature)
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
                    _ => Err("只有一条线（门）能沿自身移动".to_owned()),
                };
                self.shift(index, feature_type, id, by)
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
        let cannot = |reason: &str| EditError::Cannot {
            index,
            reason: reason.to_owned(),
        };
        if !DOOR_WIDTHS.contains(&width_m) {
            return Err(cannot("门宽应在 0.5 到 10 米之间"));
        }
        if !(at[0].is_finite() && at[1].is_finite() && at[0].abs() <= 180.0 && at[1].abs() <= 90.0)
        {
            return Err(cannot("门的位置不是有效的经纬度"));
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
            return Err(cannot("这个房间没有比门更长的墙"));
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
        by: impl Fn(&[Point]) -> Result<Point, String>,
    ) -> Result<Change, EditError> {
        let cannot = |reason: String| EditError::Cannot { index, reason };
        let file = self.file(index, feature_type)?;
        let at = found(index, file, feature_type, id)?;
        let feature = &mut file.features()[at];
        let mut positions = Vec::new();
        collect_positions(&feature["geometry"], &mut positions);
        let Some(&[lon0, lat0]) = positions.first() else {
            return Err(cannot("要素没有坐标".to_owned()));
        };
        let frame = Frame::new(lon0, lat0);
        let local: Vec<Point> = positions
            .iter()
            .map(|&[lon, lat]| frame.to_local(lon, lat))
            .collect();
        let offset = by(&local).map_err(cannot)?;
        if !(offset.x.is_finite() && offset.y.is_finite()) {
            return Err(cannot("移动的距离不是有限的数".to_owned()));
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
    let unreadable = |message: String| EditError::Unreadable {
        file: name.clone(),
        message,
    };
    let mut collection = match std::fs::read(dir.join(&name)) {
        Ok(bytes) => {
            serde_json::from_slice::<Value>(&bytes).map_err(|e| unreadable(e.to_string()))?
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            serde_json::json!({"type": "FeatureCollection", "features": []})
        }
        Err(e) => return Err(unreadable(e.to_string())),
    };
    let Some(features) = collection.get_mut("features").and_then(Value::as_array_mut) else {
        return Err(unreadable("没有 features 数组".to_owned()));
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

/// The rings of a Polygon or MultiPolygon geometry, as lists of `[lon, lat]`.
fn collect_rings(geometry: &Value, into: &mut Vec<Vec<[f64; 2]>>) {
    let polygons: Vec<&Value> = match geometry["type"].as_str() {
        Some("Polygon") => vec![&geometry["coordinates"]],
        Some("MultiPolygon") => geometry["coordinates"]
            .as_array()
            .map(|list| list.iter().collect())
            .unwrap_or_default(),
        _ => Vec::new(),
    };
    for polygon in polygons {
        for ring in polygon.as_array().into_iter().flatten() {
            let mut positions = Vec::new();
            collect_positions(ring, &mut positions);
            into.push(positions);
        }
    }
}

/// Every `[lon, lat]` position of a GeoJSON geometry (or a `Point` geometry's), in order.
fn collect_positions(value: &Value, into: &mut Vec<[f64; 2]>) {
    match value {
        Value::Object(object) => {
            if let Some(coordinates) = object.get("coordinates") {
                collect_positions(coordinates, into);
            }
        }
        Value::Array(items) => match position(items) {
            Some(position) => into.push(position),
            None => items.iter().for_each(|item| collect_positions(item, into)),
        },
        _ => {}
    }
}

fn move_positions(value: &mut Value, frame: Frame, by: Point) {
    match value {
        Value::Object(object) => {
            if let Some(coordinates) = object.get_mut("coordinates") {
                move_positions(coordinates, frame, by);
            }
        }
        Value::Array(items) => match position(items) {
            Some([lon, lat]) => {
                let local = frame.to_local(lon, lat);
                let [lon, lat] = frame.to_lon_lat(Point::new(local.x + by.x, local.y + by.y));
                items[0] = Value::from(lon);
                items[1] = Value::from(lat);
            }
            None => items
                .iter_mut()
                .for_each(|item| move_positions(item, frame, by)),
        },
        _ => {}
    }
}

/// A GeoJSON position: two or more numbers.
fn position(items: &[Value]) -> Option<[f64; 2]> {
    match items {
        [lon, lat, ..] => Some([lon.as_f64()?, lat.as_f64()?]),
        _ => None,
    }
}

/// A new feature's type and id.
fn identity(index: usize, feature: &Value) -> Result<(String, String), EditError> {
    let not = |reason: &str| EditError::NotAFeature {
        index,
        reason: reason.to_owned(),
    };
    if feature.get("type").and_then(Value::as_str) != Some("Feature") {
        return Err(not("type 不是 Feature"));
    }
    let id = feature
        .get("id")
        .and_then(Value::as_str)
        .ok_or_else(|| not("没有 id"))?;
    let feature_type = feature
        .get("feature_type")
        .and_then(Value::as_str)
        .ok_or_else(|| not("没有 feature_type"))?;
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
mod tests {
    use super::*;
    use serde_json::json;

    fn building() -> tempfile::TempDir {
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/three-level-mall");
        let dir = tempfile::tempdir().unwrap();
        for entry in std::fs::read_dir(&source).unwrap() {
            let path = entry.unwrap().path();
            std::fs::copy(&path, dir.path().join(path.file_name().unwrap())).unwrap();
        }
        dir
    }

    fn feature(dir: &Path, feature_type: &str, id: &str) -> Option<Value> {
        let text = std::fs::read_to_string(dir.join(format!("{feature_type}.geojson"))).unwrap();
        let collection: Value = serde_json::from_str(&text).unwrap();
        collection["features"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["id"] == id)
            .cloned()
    }

    fn first_id(dir: &Path, feature_type: &str) -> String {
        let text = std::fs::read_to_string(dir.join(format!("{feature_type}.geojson"))).unwrap();
        let collection: Value = serde_json::from_str(&text).unwrap();
        collection["features"][0]["id"].as_str().unwrap().to_owned()
    }

    #[test]
    fn a_patch_and_its_undo_restore_the_feature_exactly() {
        let dir = building();
        let id = first_id(dir.path(), "opening");
        let before = feature(dir.path(), "opening", &id).unwrap();
        let moved =
            json!({"type": "LineString", "coordinates": [[121.0, 31.0], [121.00001, 31.0]]});
        let change = Change::Patch {
            feature_type: "opening".into(),
            id: id.clone(),
            geometry: Some(moved.clone()),
            properties: Some(
                json!({"name": {"zh": "北门"}, "category": null})
                    .as_object()
                    .unwrap()
                    .clone(),
            ),
        };
        let undo = apply_changes(dir.path(), &[change], 10).unwrap();
        let after = feature(dir.path(), "opening", &id).unwrap();
        assert_eq!(after["geometry"], moved);
        assert_eq!(after["properties"]["name"], json!({"zh": "北门"}));
        assert_eq!(after["properties"]["category"], Value::Null);
        apply_changes(dir.path(), &undo, 10).unwrap();
        assert_eq!(feature(dir.path(), "opening", &id).unwrap(), before);
    }

    #[test]
    fn a_door_slides_along_itself_and_a_move_carries_the_display_point_exactly_back_on_undo() {
        let dir = building();
        let id = first_id(dir.path(), "opening");
        let before = feature(dir.path(), "opening", &id).unwrap();
        let slide = Change::Slide {
            feature_type: "opening".into(),
            id: id.clone(),
            along_m: 1.0,
        };
        let undo = apply_changes(dir.path(), &[slide], 10).unwrap();
        let after = feature(dir.path(), "opening", &id).unwrap();
        let ends = |f: &Value| -> Vec<[f64; 2]> {
            let mut all = Vec::new();
            collect_positions(&f["geometry"], &mut all);
            all
        };
        let (old, new) = (ends(&before), ends(&after));
        let frame = Frame::new(old[0][0], old[0][1]);
        let local = |p: [f64; 2]| frame.to_local(p[0], p[1]);
        // Both ends one metre further along the door's own line (to a centimetre's rounding).
        for (o, n) in old.iter().zip(&new) {
            assert!(
                (local(*o).distance(local(*n)) - 1.0).abs() < 0.02,
                "{o:?} {n:?}"
            );
        }
        let (a, b, c) = (local(old[0]), local(old[1]), local(new[0]));
        let cross = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
        assert!(
            cross.abs() / a.distance(b) < 0.01,
            "off the line by {cross}"
        );
        apply_changes(dir.path(), &undo, 10).unwrap();
        assert_eq!(feature(dir.path(), "opening", &id).unwrap(), before);

        let unit = first_id(dir.path(), "unit");
        let mut with_point = feature(dir.path(), "unit", &unit).unwrap();
        let start = ends(&with_point)[0];
        let set = Change::Patch {
            feature_type: "unit".into(),
            id: unit.clone(),
            geometry: None,
            properties: Some(
                json!({"display_point": {"type": "Point", "coordinates": start}})
                    .as_object()
                    .unwrap()
                    .clone(),
            ),
        };
        apply_changes(dir.path(), &[set], 10).unwrap();
        with_point = feature(dir.path(), "unit", &unit).unwrap();
        let moving = Change::Move {
            feature_type: "unit".into(),
            id: unit.clone(),
            east_m: 3.0,
            north_m: -4.0,
        };
        let undo = apply_changes(dir.path(), &[moving], 10).unwrap();
        let moved = feature(dir.path(), "unit", &unit).unwrap();
        let point = &moved["properties"]["display_point"]["coordinates"];
        let point = local([point[0].as_f64().unwrap(), point[1].as_f64().unwrap()]);
        let origin = local(start);
        assert!((point.x - origin.x - 3.0).abs() < 0.02 && (point.y - origin.y + 4.0).abs() < 0.02);
        apply_changes(dir.path(), &undo, 10).unwrap();
        assert_eq!(feature(dir.path(), "unit", &unit).unwrap(), with_point);

        let not_a_line = Change::Slide {
            feature_type: "unit".into(),
            id: unit,
            along_m: 1.0,
        };
        assert_eq!(
            apply_changes(dir.path(), &[not_a_line], 10)
                .unwrap_err()
                .to_string(),
            "第 1 处修改：只有一条线（门）能沿自身移动"
        );
    }

    #[test]
    fn a_door_is_added_in_the_wall_nearest_the_point_and_its_undo_removes_it() {
        let dir = building();
        let unit = first_id(dir.path(), "unit");
        let room = feature(dir.path(), "unit", &unit).unwrap();
        let mut ring = Vec::new();
        collect_positions(&room["geometry"], &mut ring);
        // A point a little off the middle of the room's first wall.
        let (a, b) = (ring[0], ring[1]);
        let at = [(a[0] + b[0]) / 2.0 + 1e-6, (a[1] + b[1]) / 2.0 + 1e-6];
        let add = Change::AddDoor {
            id: "d00r".into(),
            unit: unit.clone(),
            at,
            width_m: 1.0,
        };
        let undo = apply_changes(dir.path(), &[add], 10).unwrap();
        let door = feature(dir.path(), "opening", "d00r").unwrap();
        assert_eq!(
            door["properties"]["level_id"],
            room["properties"]["level_id"]
        );
        let mut ends = Vec::new();
        collect_positions(&door["geometry"], &mut ends);
        let frame = Frame::new(a[0], a[1]);
        let local = |p: [f64; 2]| frame.to_local(p[0], p[1]);
        let (wall_a, wall_b) = (local(a), local(b));
        for end in &ends {
            let p = local(*end);
            let cross =
                (wall_b.x - wall_a.x) * (p.y - wall_a.y) - (wall_b.y - wall_a.y) * (p.x - wall_a.x);
            assert!(
                cross.abs() / wall_a.distance(wall_b) < 0.01,
                "off the wall: {end:?}"
            );
        }
        assert!((local(ends[0]).distance(local(ends[1])) - 1.0).abs() < 0.02);
        assert_eq!(
            undo,
            [Change::Remove {
                feature_type: "opening".into(),
                id: "d00r".into()
            }]
        );
        apply_changes(dir.path(), &undo, 10).unwrap();
        assert!(feature(dir.path(), "opening", "d00r").is_none());

        for (width_m, message) in [
            (20.0, "门宽应在 0.5 到 10 米之间"),
            (f64::NAN, "门宽应在 0.5 到 10 米之间"),
        ] {
            let wide = Change::AddDoor {
                id: "x".into(),
                unit: unit.clone(),
                at,
                width_m,
            };
            let error = apply_changes(dir.path(), &[wide], 10).unwrap_err();
            assert_eq!(error.to_string(), format!("第 1 处修改：{message}"));
        }
    }

    #[test]
    fn add_then_remove_in_one_set_and_undo_brings_back_what_was_removed() {
        let dir = building();
        let unit = first_id(dir.path(), "unit");
        let before = feature(dir.path(), "unit", &unit).unwrap();
        let mut copy = before.clone();
        copy["id"] = json!("11111111-2222-4333-8444-555555555555");
        let changes = [
            Change::Add { feature: copy },
            Change::Remove {
                feature_type: "unit".into(),
                id: unit.clone(),
            },
        ];
        let undo = apply_changes(dir.path(), &changes, 10).unwrap();
        assert!(feature(dir.path(), "unit", &unit).is_none());
        assert!(feature(dir.path(), "unit", "11111111-2222-4333-8444-555555555555").is_some());
        assert!(matches!(&undo[0], Change::Add { .. }));
        apply_changes(dir.path(), &undo, 10).unwrap();
        assert_eq!(feature(dir.path(), "unit", &unit).unwrap(), before);
        assert!(feature(dir.path(), "unit", "11111111-2222-4333-8444-555555555555").is_none());
    }

    #[test]
    fn a_set_with_one_bad_change_writes_nothing_and_names_it() {
        let dir = building();
        let id = first_id(dir.path(), "opening");
        let before = std::fs::read(dir.path().join("opening.geojson")).unwrap();
        let changes = [
            Change::Remove {
                feature_type: "opening".into(),
                id,
            },
            Change::Remove {
                feature_type: "opening".into(),
                id: "no-such-door".into(),
            },
        ];
        let error = apply_changes(dir.path(), &changes, 10).unwrap_err();
        assert_eq!(
            error.to_string(),
            "第 2 处修改：opening 里没有 id 为 no-such-door 的要素"
        );
        assert_eq!(
            std::fs::read(dir.path().join("opening.geojson")).unwrap(),
            before
        );

        let unknown = Change::Remove {
            feature_type: "../venue".into(),
            id: "x".into(),
        };
        assert!(matches!(
            apply_changes(dir.path(), &[unknown], 10),
            Err(EditError::UnknownType { index: 1, .. })
        ));
        let not_feature = Change::Add {
            feature: json!({"type": "Feature", "feature_type": "unit"}),
        };
        assert_eq!(
            apply_changes(dir.path(), &[not_feature], 10)
                .unwrap_err()
                .to_string(),
            "第 1 处修改：新要素不是 GeoJSON Feature（没有 id）"
        );
        let many = vec![
            Change::Remove {
                feature_type: "unit".into(),
                id: "x".into()
            };
            11
        ];
        assert!(matches!(
            apply_changes(dir.path(), &many, 10),
            Err(EditError::TooMany { count: 11, max: 10 })
        ));
    }

    #[test]
    fn changes_read_as_the_editor_sends_them() {
        let text = r#"[{"op":"patch","feature_type":"opening","id":"a","geometry":{"type":"Point","coordinates":[1,2]}},
            {"op":"remove","feature_type":"unit","id":"b"},
            {"op":"add","feature":{"type":"Feature","id":"c","feature_type":"amenity"}}]"#;
        let changes: Vec<Change> = serde_json::from_str(text).unwrap();
        assert!(matches!(
            &changes[0],
            Change::Patch {
                properties: None,
                ..
            }
        ));
        assert!(matches!(&changes[1], Change::Remove { id, .. } if id == "b"));
        let again: Vec<Change> =
            serde_json::from_str(&serde_json::to_string(&changes).unwrap()).unwrap();
        assert_eq!(again, changes);
    }
}
