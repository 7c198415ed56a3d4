//! The file's features sorted into levels: each room and door read into the [`Plan`] of the
//! level its `level` names, in metres east and north of the file's first position.

use serde_json::Value;
use site_venues::check::UNIT_CATEGORIES;
use site_venues::geometry::Point;
use site_venues::projection::Frame;
use site_venues::{Said, said};

use super::rings::{local, lon_lat, room_ring};
use crate::mapping::LevelNaming;
use crate::plan::{DEFAULT_DOOR_M, Door, PLAUSIBLE_DOOR_M, Plan, Room};
use crate::problem::{DxfProblem, DxfRule};
use crate::read::DxfLimits;
use crate::work::Work;

pub(super) struct Levels {
    /// The file's first position, `[lon, lat]`: the levels' metres are measured from it.
    pub origin: [f64; 2],
    pub levels: Vec<GeoLevel>,
}

pub(super) struct GeoLevel {
    pub naming: LevelNaming,
    pub plan: Plan,
}

/// A level as its features are read: the ordinals they give and the name one of them gives.
struct Reading {
    key: String,
    name: Option<String>,
    ordinals: Vec<i64>,
    plan: Plan,
}

/// A feature as problems name it.
struct Named<'a> {
    handle: String,
    /// What starts the sentences about it: `要素 b（features[1]，楼层 L1）`,
    /// `Feature b (features[1], level L1)`.
    label: Said,
    level: Option<&'a str>,
    properties: Option<&'a Value>,
}

impl Named<'_> {
    /// `why` finishes the sentence the label starts (`的 name 不是文字`, ` has a name that is
    /// not a string`).
    fn problem(&self, rule: DxfRule, why: &Said) -> DxfProblem {
        DxfProblem {
            rule,
            file: None,
            handle: Some(self.handle.clone()),
            layer: self.level.map(str::to_owned),
            message: self.label.then(why),
        }
    }

    fn property(&self, key: &str) -> Option<&Value> {
        self.properties
            .and_then(|p| p.get(key))
            .filter(|v| !v.is_null())
    }
}

fn named(index: usize, feature: &Value) -> Named<'_> {
    let properties = feature.get("properties").filter(|p| p.is_object());
    let level = properties
        .and_then(|p| p.get("level"))
        .and_then(Value::as_str);
    let place = format!("features[{index}]");
    let id = match feature.get("id") {
        Some(Value::String(id)) => Some(id.clone()),
        Some(Value::Number(id)) => Some(id.to_string()),
        _ => None,
    };
    let mut about = Vec::new();
    let head = match &id {
        Some(id) => {
            about.push(Said::new(place.clone(), place.clone()));
            said!("要素 {id}", "Feature {id}")
        }
        None => said!("要素 {place}", "Feature {place}"),
    };
    about.extend(level.map(|level| said!("楼层 {level}", "level {level}")));
    let label = if about.is_empty() {
        head
    } else {
        let listed = |half: fn(&Said) -> &str, separator| {
            about.iter().map(half).collect::<Vec<_>>().join(separator)
        };
        Said::new(
            format!("{}（{}）", head.chinese(), listed(Said::chinese, "，")),
            format!("{} ({})", head.english(), listed(Said::english, ", ")),
        )
    };
    Named {
        handle: id.unwrap_or(place),
        label,
        level,
        properties,
    }
}

impl Levels {
    pub(super) fn read(features: &[Value], limits: &DxfLimits) -> Result<Levels, Vec<DxfProblem>> {
        if let Some(problem) = too_large(features, limits) {
            return Err(vec![problem]);
        }
        let origin = features
            .iter()
            .filter_map(|f| first_position(f.get("geometry")?))
            .find_map(|p| lon_lat(p).ok())
            .unwrap_or_default();
        let frame = Frame::new(origin[0], origin[1]);
        let mut work = Work::new(limits.max_steps);
        let mut readings: Vec<Reading> = Vec::new();
        let mut problems = Vec::new();
        for (index, feature) in features.iter().enumerate() {
            let feature_named = named(index, feature);
            if let Err(problem) =
                read_feature(feature, &feature_named, frame, &mut readings, &mut work)
            {
                problems.push(problem);
            }
        }
        if readings.is_empty() && problems.is_empty() {
            problems.push(DxfProblem::drawing(
                DxfRule::NoRooms,
                said!(
                    "文件里没有房间：每个房间要是一个带 level 属性的 Polygon 或 MultiPolygon 要素",
                    "The file has no rooms: make each room a Polygon or MultiPolygon feature with a level property"
                ),
            ));
        }
        let levels = finished(readings, &mut problems);
        if !problems.is_empty() {
            return Err(problems);
        }
        Ok(Levels { origin, levels })
    }
}

/// Refused before anything is worked out: rooms are compared with the rooms and doors near them.
fn too_large(features: &[Value], limits: &DxfLimits) -> Option<DxfProblem> {
    let (mut rooms, mut vertices) = (0usize, 0usize);
    for feature in features {
        let geometry = feature.get("geometry");
        let kind = geometry.and_then(|g| g.get("type")).and_then(Value::as_str);
        let coordinates = geometry.and_then(|g| g.get("coordinates"));
        rooms += match (kind, coordinates) {
            (Some("Polygon"), _) => 1,
            (Some("MultiPolygon"), Some(Value::Array(parts))) => parts.len(),
            _ => 0,
        };
        vertices += coordinates.map_or(0, positions);
    }
    let too_many = features.len() > limits.max_objects
        || rooms > limits.max_rooms
        || vertices > limits.max_vertices;
    too_many.then(|| {
        DxfProblem::drawing(
            DxfRule::Level,
            said!(
                "文件有 {} 个要素、{rooms} 个房间、共 {vertices} 个坐标，超过了 {} 个要素、{} 个房间、{} 个坐标的上限：请简化房间轮廓，或把建筑分成几个文件",
                "The file has {} features, {rooms} rooms and {vertices} positions in all, more than the limit of {} features, {} rooms and {} positions: simplify the room outlines, or split the building into several files",
                features.len(),
                limits.max_objects,
                limits.max_rooms,
                limits.max_vertices
            ),
        )
    })
}

/// The positions under `coordinates`, however deeply nested.
fn positions(coordinates: &Value) -> usize {
    match coordinates {
        Value::Array(items) if items.first().is_some_and(Value::is_array) => {
            items.iter().map(positions).sum()
        }
        Value::Array(_) => 1,
        _ => 0,
    }
}

fn first_position(geometry: &Value) -> Option<&Value> {
    let mut at = geometry.get("coordinates")?;
    while let Some(first) = at.as_array()?.first() {
        if !first.is_array() {
            return Some(at);
        }
        at = first;
    }
    None
}

fn read_feature(
    feature: &Value,
    named: &Named<'_>,
    frame: Frame,
    readings: &mut Vec<Reading>,
    work: &mut Work,
) -> Result<(), DxfProblem> {
    let geometry = feature.get("geometry").filter(|g| g.is_object());
    let kind = geometry.and_then(|g| g.get("type")).and_then(Value::as_str);
    let coordinates = geometry
        .and_then(|g| g.get("coordinates"))
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default();
    let is_door = named.property("door") == Some(&Value::Bool(true))
        || named.property("type").and_then(Value::as_str) == Some("door");
    let room = matches!(kind, Some("Polygon" | "MultiPolygon"));
    if !(room || kind == Some("LineString") && is_door) {
        let why = match kind {
            Some("LineString") => Said::new(
                "是线，但没有标成门：门要有属性 \"door\": true",
                " is a line but is not marked as a door: give a door the property \"door\": true",
            ),
            _ => Said::new(
                "既不是房间（Polygon、MultiPolygon）也不是门（LineString，\"door\": true）",
                " is neither a room (Polygon, MultiPolygon) nor a door (LineString, \"door\": true)",
            ),
        };
        return Err(named.problem(DxfRule::Room, &why));
    }
    let reading = level_of(named, readings)?;
    if !room {
        reading.plan.doors.push(door(named, frame, coordinates)?);
        return Ok(());
    }
    let name = match named.property("name") {
        None => None,
        Some(Value::String(name)) => Some(name.trim().to_owned()).filter(|n| !n.is_empty()),
        Some(_) => {
            return Err(named.problem(
                DxfRule::Room,
                &said!("的 name 不是文字", " has a name that is not a string"),
            ));
        }
    };
    let category = match named.property("category") {
        None => None,
        Some(given) => Some(unit_category(given).ok_or_else(|| {
            named.problem(
                DxfRule::Room,
                &said!(
                    "的 category {given} 不是 IMDF 的房间类别（如 room、office、restroom、elevator、stairs）",
                    " has the category {given}, which is not an IMDF unit category (such as room, office, restroom, elevator, stairs)"
                ),
            )
        })?),
    };
    let polygons: Vec<&Value> = if kind == Some("Polygon") {
        vec![
            geometry
                .and_then(|g| g.get("coordinates"))
                .unwrap_or(&Value::Null),
        ]
    } else {
        coordinates.iter().collect()
    };
    let parts = polygons.len();
    for (k, polygon) in polygons.into_iter().enumerate() {
        let rings = polygon.as_array().map(Vec::as_slice).unwrap_or_default();
        let why = match rings {
            [] => Err(said!("：没有坐标", " has no coordinates")),
            [outer] => {
                let outer = outer.as_array().map(Vec::as_slice).unwrap_or_default();
                room_ring(frame, outer, work)
            }
            _ => Err(said!(
                "：有内洞，房间不能有洞：请把它分成几个房间",
                " has a hole, and a room cannot have holes: split it into several rooms"
            )),
        };
        let ring = why.map_err(|why| named.problem(DxfRule::Room, &why))?;
        let handle = if parts > 1 {
            format!("{}/{}", named.handle, k + 1)
        } else {
            named.handle.clone()
        };
        reading.plan.rooms.push(Room {
            handle,
            layer: reading.key.clone(),
            ring,
            name: name.clone(),
            category,
        });
    }
    Ok(())
}

/// The category as IMDF spells it, when it is one of its unit categories.
fn unit_category(given: &Value) -> Option<&'static str> {
    let given = given.as_str()?;
    UNIT_CATEGORIES.split_whitespace().find(|c| *c == given)
}

/// The door across an opening: its middle places it, its length is its width.
fn door(named: &Named<'_>, frame: Frame, coordinates: &[Value]) -> Result<Door, DxfProblem> {
    let (Some(first), Some(last)) = (coordinates.first(), coordinates.last()) else {
        return Err(named.problem(
            DxfRule::Door,
            &said!("：门没有坐标", " is a door without coordinates"),
        ));
    };
    let at = |p: &Value| local(frame, p).map_err(|why| named.problem(DxfRule::Door, &why));
    let (a, b): (Point, Point) = (at(first)?, at(last)?);
    let width = a.distance(b);
    Ok(Door {
        handle: named.handle.clone(),
        layer: named.level.unwrap_or_default().to_owned(),
        centre: a.lerp(b, 0.5),
        width: if PLAUSIBLE_DOOR_M.contains(&width) {
            width
        } else {
            DEFAULT_DOOR_M
        },
    })
}

/// The level the feature names, begun when it is the first of it.
fn level_of<'r>(
    named: &Named<'_>,
    readings: &'r mut Vec<Reading>,
) -> Result<&'r mut Reading, DxfProblem> {
    let Some(key) = named.level else {
        return Err(named.problem(
            DxfRule::Mapping,
            &Said::new(
                "没有 level 属性：每个房间和门都要写明它在哪个楼层（如 \"level\": \"L1\"）",
                " has no level property: give every room and door the level it is on (such as \"level\": \"L1\")",
            ),
        ));
    };
    let is_key =
        (1..=16).contains(&key.len()) && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
    if !is_key {
        return Err(named.problem(
            DxfRule::Mapping,
            &said!(
                "的 level 不是楼层简称：只能用拉丁字母、数字和连字符，最多 16 个字符（如 L1、B1）",
                " has a level that is not a valid short name: use only Latin letters, digits and hyphens, 16 characters at most (such as L1, B1)"
            ),
        ));
    }
    let ordinal = match named.property("ordinal") {
        None => None,
        Some(given) => Some(given.as_i64().ok_or_else(|| {
            named.problem(
                DxfRule::Mapping,
                &said!(
                    "的 ordinal 不是整数（0 为地面层，地下为负）",
                    " has an ordinal that is not an integer (0 for the ground level, negative below it)"
                ),
            )
        })?),
    };
    let name = named
        .property("level_name")
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|n| !n.is_empty());
    let index = match readings.iter().position(|r| r.key == key) {
        Some(index) => index,
        None => {
            readings.push(Reading {
                key: key.to_owned(),
                name: None,
                ordinals: Vec::new(),
                plan: Plan {
                    rooms: Vec::new(),
                    doors: Vec::new(),
                    wall_points: Vec::new(),
                    walls: Vec::new(),
                    rooms_from_walls: false,
                },
            });
            readings.len() - 1
        }
    };
    let reading = &mut readings[index];
    reading.ordinals.extend(ordinal);
    if reading.name.is_none() {
        reading.name = name.map(str::to_owned);
    }
    Ok(reading)
}

/// The levels as read, each named and placed in the stack; what stops one is a problem.
fn finished(readings: Vec<Reading>, problems: &mut Vec<DxfProblem>) -> Vec<GeoLevel> {
    let mut levels: Vec<GeoLevel> = Vec::with_capacity(readings.len());
    for mut reading in readings {
        let level_problem = |why: Said| {
            let mut problem = DxfProblem::drawing(DxfRule::Mapping, why);
            problem.layer = Some(reading.key.clone());
            problem
        };
        reading.ordinals.sort_unstable();
        reading.ordinals.dedup();
        let ordinal = match reading.ordinals[..] {
            [ordinal] => Some(ordinal),
            [] => derived_ordinal(&reading.key),
            _ => None,
        };
        let Some(ordinal) = ordinal else {
            problems.push(level_problem(said!(
                "楼层 {} 的楼层序号不明：在它的要素上给出同一个 ordinal（整数，0 为地面层，地下为负），或用 L1、1F、B1 这样的简称",
                "Level {} has no known ordinal: give all its features the same ordinal (an integer, 0 for the ground level, negative below it), or use a short name such as L1, 1F or B1",
                reading.key
            )));
            continue;
        };
        if reading.plan.rooms.is_empty() {
            problems.push(level_problem(said!(
                "楼层 {} 只有门，没有房间：房间是带 level 属性的 Polygon 或 MultiPolygon 要素",
                "Level {} has doors but no rooms: a room is a Polygon or MultiPolygon feature with a level property",
                reading.key
            )));
            continue;
        }
        if let Some(other) = levels.iter().find(|l| l.naming.ordinal == ordinal) {
            problems.push(level_problem(said!(
                "楼层 {} 和 {} 的楼层序号都是 {ordinal}：每个楼层的序号各不相同",
                "Levels {} and {} both have the ordinal {ordinal}: give each level its own ordinal",
                other.naming.short_name,
                reading.key
            )));
            continue;
        }
        levels.push(GeoLevel {
            naming: LevelNaming {
                name: reading.name.take().unwrap_or_else(|| reading.key.clone()),
                short_name: reading.key,
                ordinal,
            },
            plan: reading.plan,
        });
    }
    levels
}

/// The ordinal a level's key says: `L1`, `F1`, `1F` and `G` are the ground level, `B1` the
/// first below it.
pub(super) fn derived_ordinal(key: &str) -> Option<i64> {
    let key = key.to_ascii_uppercase();
    if key == "G" || key == "GF" {
        return Some(0);
    }
    let number = |s: &str| s.parse::<i64>().ok().filter(|n| (1..1000).contains(n));
    if let Some(n) = key.strip_prefix('B').and_then(number) {
        return Some(-n);
    }
    let above = key
        .strip_prefix('L')
        .or_else(|| key.strip_prefix('F'))
        .or_else(|| key.strip_suffix('F'));
    above.and_then(number).map(|n| n - 1)
}
