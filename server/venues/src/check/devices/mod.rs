//! infrastructure.geojson (docs/live-positioning.md): the positioning devices' keys and values
//! (`schema`), each on a level of the venue, inside its outline and not in a closed unit; ids,
//! names, minors and anchor ids once each; one iBeacon uuid per venue and one major per level.
//! Coverage (how many devices reach each place) is the generator's promise, measured by its own
//! test, not a rule of the check.

pub(in crate::check) mod local;
mod schema;

use std::collections::HashMap;

use serde_json::Value;

use schema::{DeviceKind, DeviceProperties, Issue, show};

use super::features::{Feature, Kind, VenueFiles};
use super::problem::{Problems, Rule};
use super::read::{INFRASTRUCTURE, not_a_feature_collection};
use crate::Said;
use crate::contract::contract;
use crate::geometry::{Point, Shape};
use crate::model::UnitRole;
use crate::projection::Frame;

/// A device whose envelope and properties hold.
struct Device {
    id: String,
    position: [f64; 2],
    properties: DeviceProperties,
}

/// Where a problem of infrastructure.geojson is: the feature by its id, or by its index when it
/// has none.
fn report(problems: &mut Problems, label: Result<&str, usize>, field: &str, message: Said) {
    match label {
        Ok(id) => problems.feature_id(INFRASTRUCTURE, id, field, Rule::Devices, message),
        Err(index) => {
            let place = if field.is_empty() {
                format!("features[{index}]")
            } else {
                format!("features[{index}] {field}")
            };
            problems.file(INFRASTRUCTURE, &place, Rule::Devices, message);
        }
    }
}

pub(crate) fn check(venue: &VenueFiles, problems: &mut Problems) {
    let Some(collection) = &venue.infrastructure else {
        return;
    };
    if collection.get("type").and_then(Value::as_str) != Some("FeatureCollection") {
        problems.file(
            INFRASTRUCTURE,
            "",
            Rule::Devices,
            not_a_feature_collection(),
        );
        return;
    }
    let Some(features) = collection.get("features").and_then(Value::as_array) else {
        problems.file(
            INFRASTRUCTURE,
            "features",
            Rule::Devices,
            Said::to_editors("必须是定位设备要素的列表"),
        );
        return;
    };
    let places = Places::new(venue);
    let mut devices = Vec::new();
    for (index, value) in features.iter().enumerate() {
        let label = match value.get("id").and_then(Value::as_str) {
            Some(id) if !id.is_empty() => Ok(id),
            _ => Err(index),
        };
        let schema::Envelope {
            id,
            position,
            properties,
        } = match schema::envelope(value) {
            Ok(read) => read,
            Err(issues) => {
                for (field, message) in issues {
                    report(problems, label, &field, message);
                }
                continue;
            }
        };
        let mut issues: Vec<Issue> = Vec::new();
        let properties = schema::properties(properties, &mut issues);
        for (field, message) in issues {
            report(problems, label, &field, message);
        }
        let Some(properties) = properties else {
            continue;
        };
        let device = Device {
            id: id.to_owned(),
            position,
            properties,
        };
        if let Some((field, message)) = places.problem(venue, &device) {
            report(problems, Ok(id), field, message);
        }
        devices.push(device);
    }
    check_unique(venue, &devices, problems);
    check_beacon_groups(venue, &devices, problems);
}

/// The venue's frame, its levels' outlines and each level's units, in metres.
struct Places<'a> {
    frame: Option<Frame>,
    outlines: HashMap<&'a str, Shape>,
    units: HashMap<&'a str, Vec<(&'a Feature, Shape)>>,
}

impl<'a> Places<'a> {
    fn new(venue: &'a VenueFiles) -> Places<'a> {
        let frame = venue.frame();
        let mut outlines = HashMap::new();
        let mut units: HashMap<&str, Vec<(&Feature, Shape)>> = HashMap::new();
        if let Some(frame) = frame {
            for level in venue.of(Kind::Level) {
                if let Some(shape) = local::shape(frame, level) {
                    outlines.insert(level.id.as_str(), shape);
                }
            }
            for unit in venue.of(Kind::Unit) {
                if let (Some(level), Some(shape)) =
                    (unit.str("level_id"), local::shape(frame, unit))
                {
                    units.entry(level).or_default().push((unit, shape));
                }
            }
        }
        Places {
            frame,
            outlines,
            units,
        }
    }

    /// Where the device stands is wrong: on no level of the venue, outside its level's outline,
    /// or in a closed unit.
    fn problem(&self, venue: &VenueFiles, device: &Device) -> Option<(&'static str, Said)> {
        let level_id = device.properties.level_id.as_str();
        if venue.get_of(Kind::Level, level_id).is_none() {
            return Some((
                "properties.level_id",
                Said::to_editors(format!(
                    "指向 {level_id}，但本场馆没有这个 id 的楼层；请写设备所在楼层的 id"
                )),
            ));
        }
        let frame = self.frame?;
        let outline = self.outlines.get(level_id)?;
        let [lon, lat] = device.position;
        let point: Point = frame.to_local(lon, lat);
        let at = format!("[{}, {}]", show(lon), show(lat));
        let level = venue.level_name(level_id);
        if !local::well_inside(outline, point, contract().on_boundary_m) {
            return Some((
                "geometry",
                Said::to_editors(format!(
                    "{at} 在所属楼层 {level} 的轮廓之外；设备要挂在楼层轮廓之内"
                )),
            ));
        }
        let (unit, _) = self
            .units
            .get(level_id)?
            .iter()
            .find(|(_, shape)| shape.bbox.contains(point) && local::in_shape(shape, point))?;
        let category = unit.str("category").unwrap_or_default();
        (UnitRole::of_category(category) == UnitRole::Closed).then(|| {
            (
                "geometry",
                Said::to_editors(format!(
                    "{at} 在 {level} 的 {}（{}，{category}）里，这是封闭的单元；设备要挂在人能去的地方",
                    unit.describe(),
                    unit.id
                )),
            )
        })
    }
}

/// Ids (also against the IMDF features), names, minors and anchor ids once each in the venue.
fn check_unique(venue: &VenueFiles, devices: &[Device], problems: &mut Problems) {
    let mut seen: HashMap<String, &str> = HashMap::new();
    for device in devices {
        let p = &device.properties;
        let mut values: Vec<(&str, &str, String)> = vec![
            ("id", "id", device.id.clone()),
            ("properties.name", "name", p.name.clone()),
        ];
        if let (DeviceKind::BleBeacon, Some(minor)) = (p.kind, p.minor) {
            values.push(("properties.minor", "minor", show(minor)));
        }
        if let (DeviceKind::UwbAnchor, Some(anchor_id)) = (p.kind, p.anchor_id) {
            values.push(("properties.anchor_id", "anchor_id", show(anchor_id)));
        }
        for (field, what, value) in values {
            let key = format!("{what}:{value}");
            match seen.get(&key) {
                Some(other) => report(
                    problems,
                    Ok(&device.id),
                    field,
                    Said::to_editors(format!(
                        "{value} 也是设备 {other} 的 {what}；每个设备的 {what} 在场馆内唯一"
                    )),
                ),
                None => {
                    seen.insert(key, &device.id);
                }
            }
        }
        if let Some(imdf) = venue.get(&device.id) {
            report(
                problems,
                Ok(&device.id),
                "id",
                Said::to_editors(format!(
                    "也是 {} 里 {} 的 id；设备的编号与场馆的要素也不能重复",
                    imdf.kind.file(),
                    imdf.describe()
                )),
            );
        }
    }
}

/// The beacons of a venue share one iBeacon uuid, and each level's beacons a major of its own.
fn check_beacon_groups(venue: &VenueFiles, devices: &[Device], problems: &mut Problems) {
    // Each level's major as its first beacon gives it, in the order the levels first appear.
    let mut majors: Vec<(&str, f64, &str)> = Vec::new();
    let mut uuid: Option<(&str, &str)> = None;
    for device in devices {
        let p = &device.properties;
        let (DeviceKind::BleBeacon, Some(this_uuid), Some(major)) = (p.kind, &p.uuid, p.major)
        else {
            continue;
        };
        let (first_uuid, first_device) = *uuid.get_or_insert((this_uuid, &device.id));
        if !this_uuid.eq_ignore_ascii_case(first_uuid) {
            report(
                problems,
                Ok(&device.id),
                "properties.uuid",
                Said::to_editors(format!(
                    "是 {this_uuid}，但设备 {first_device} 是 {first_uuid}；一个场馆的信标共用一个 iBeacon uuid"
                )),
            );
        }
        match majors.iter().find(|(level, _, _)| *level == p.level_id) {
            None => majors.push((&p.level_id, major, &device.id)),
            Some(&(_, level_major, first)) if level_major != major => report(
                problems,
                Ok(&device.id),
                "properties.major",
                Said::to_editors(format!(
                    "是 {}，但同一楼层的设备 {first} 是 {}；一个楼层的信标共用一个 major",
                    show(major),
                    show(level_major)
                )),
            ),
            Some(_) => {}
        }
    }
    let mut level_of: Vec<(f64, &str)> = Vec::new();
    for &(level_id, major, device) in &majors {
        if let Some(&(_, other)) = level_of.iter().find(|(m, _)| *m == major) {
            report(
                problems,
                Ok(device),
                "properties.major",
                Said::to_editors(format!(
                    "是 {}，与楼层 {} 的相同；每个楼层的信标有自己的 major",
                    show(major),
                    venue.level_name(other)
                )),
            );
        }
        level_of.retain(|(m, _)| *m != major);
        level_of.push((major, level_id));
    }
}
