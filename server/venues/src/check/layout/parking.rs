//! Parking as find-my-car uses it (§2.8): each space a `parking` unit named "<level>-<three
//! digits>", unique in the venue, with one automobile opening onto a road (the aisle), its centre
//! in exactly one named guidance zone (a `parking` section) of its level.

use std::collections::HashMap;

use crate::contract::contract;

use super::super::features::{Feature, Kind, VenueFiles};
use super::super::problem::{Problems, Rule};
use super::placement::Placement;
use super::shapes::LocalShapes;
use crate::{Said, said};

fn is_zone(category: &str) -> bool {
    category == "parking" || category.starts_with("parking.")
}

/// "<short>-" and three ASCII digits.
fn is_space_number(number: &str, short: &str) -> bool {
    number
        .strip_prefix(short)
        .and_then(|rest| rest.strip_prefix('-'))
        .is_some_and(|digits| digits.len() == 3 && digits.bytes().all(|b| b.is_ascii_digit()))
}

pub(super) fn check(
    venue: &VenueFiles,
    shapes: &LocalShapes,
    placement: &Placement,
    problems: &mut Problems,
) {
    let zones: Vec<&Feature> = venue
        .of(Kind::Section)
        .iter()
        .filter(|section| section.str("category").is_some_and(is_zone))
        .collect();
    for zone in &zones {
        if zone.label("name").is_none() {
            problems.feature(
                zone,
                "properties.name",
                Rule::KiosksAndParking,
                said!(
                    "是 null；停车引导分区要有名称，例如 {{\"zh-Hans\": \"A区\"}}",
                    "is null; a parking guidance zone needs a name, such as {{\"en\": \"Zone A\"}}"
                ),
            );
        }
    }
    let mut automobile_doors: HashMap<&str, Vec<&str>> = HashMap::new();
    for opening in venue.of(Kind::Opening) {
        if opening.str("category") != Some("automobile") {
            continue;
        }
        for unit in placement.joins.get(&opening.id).into_iter().flatten() {
            automobile_doors.entry(unit).or_default().push(&opening.id);
        }
    }
    let is_road = |unit: &String| {
        venue
            .get_of(Kind::Unit, unit)
            .is_some_and(|unit| unit.str("category") == Some("road"))
    };
    let mut numbers: HashMap<String, &str> = HashMap::new();
    for space in venue.of(Kind::Unit) {
        if space.str("category") != Some("parking") {
            continue;
        }
        let Some(level) = space
            .str("level_id")
            .and_then(|id| venue.get_of(Kind::Level, id))
        else {
            continue;
        };
        let short = level.label("short_name").unwrap_or_default();
        match space.label("name") {
            Some(number) if is_space_number(number, short) => {
                match numbers.get(&number.to_uppercase()) {
                    Some(other) => problems.feature(
                        space,
                        "properties.name",
                        Rule::KiosksAndParking,
                        said!(
                            "“{number}”也是车位 {other} 的编号；车位编号在整个场馆里不重复",
                            "\"{number}\" is also the number of parking space {other}; parking space numbers are unique across the venue"
                        ),
                    ),
                    None => {
                        numbers.insert(number.to_uppercase(), &space.id);
                    }
                }
            }
            number => {
                let shown = number.map_or(Said::new("null", "null"), |n| said!("“{n}”", "\"{n}\""));
                problems.feature(
                    space,
                    "properties.name",
                    Rule::KiosksAndParking,
                    Said::new(
                        format!(
                            "是 {}；车位以楼层和三位数字命名，例如 {{\"zh-Hans\": \"{short}-001\"}}",
                            shown.chinese()
                        ),
                        format!(
                            "is {}; a parking space is named with its level and three digits, such as {{\"en\": \"{short}-001\"}}",
                            shown.english()
                        ),
                    ),
                )
            }
        }
        let doors = automobile_doors
            .get(space.id.as_str())
            .map(Vec::as_slice)
            .unwrap_or(&[]);
        let on_road = doors
            .iter()
            .filter(|door| {
                placement
                    .joins
                    .get(**door)
                    .into_iter()
                    .flatten()
                    .any(is_road)
            })
            .count();
        let Some(shape) = shapes.polygons.get(&space.id) else {
            continue;
        };
        if doors.len() != 1 || on_road != 1 {
            let count = doors.len();
            let road = match count {
                0 => Said::new("", ""),
                1 => Said::new(
                    format!("，其中 {on_road} 扇通向道路单元"),
                    ", which does not open onto a road unit",
                ),
                _ => said!(
                    "，其中 {on_road} 扇通向道路单元",
                    ", {on_road} of them onto a road unit"
                ),
            };
            let (road_zh, road_en) = (road.chinese(), road.english());
            let openings = if count == 1 { "opening" } else { "openings" };
            problems.feature(
                space,
                "geometry",
                Rule::KiosksAndParking,
                said!(
                    "有 {count} 扇机动车门（automobile）{road_zh}；车位在通道一侧有一扇机动车门，与一个道路单元（road）共用",
                    "has {count} automobile {openings}{road_en}; a parking space has one automobile opening on its aisle side, shared with a road unit (road)"
                ),
            );
        }
        let Some(first) = shape.polygons.first() else {
            continue;
        };
        let centre = first.centroid();
        let holding: Vec<&&Feature> = zones
            .iter()
            .filter(|zone| {
                zone.str("level_id") == Some(level.id.as_str())
                    && shapes.polygons.get(&zone.id).is_some_and(|zone_shape| {
                        zone_shape.covers(centre, contract().on_boundary_m)
                    })
            })
            .collect();
        match holding.len() {
            1 => {}
            0 => problems.feature(
                space,
                "geometry",
                Rule::KiosksAndParking,
                said!(
                    "中心不在 {} 的任何停车分区里；每个车位都在一个引导分区（类别为 parking 的 section）之内",
                    "its centre is in no parking zone of {}; every parking space lies within a guidance zone (a section of category parking)",
                    venue.level_name(&level.id)
                ),
            ),
            count => {
                let names: Vec<&str> = holding
                    .iter()
                    .map(|zone| zone.label("name").unwrap_or(&zone.id))
                    .collect();
                problems.feature(
                    space,
                    "geometry",
                    Rule::KiosksAndParking,
                    Said::new(
                        format!(
                            "中心在 {count} 个停车分区里（{}）；每个车位恰好在一个分区之内",
                            names.join("、")
                        ),
                        format!(
                            "its centre is in {count} parking zones ({}); every parking space lies within exactly one zone",
                            names.join(", ")
                        ),
                    ),
                )
            }
        }
    }
}
