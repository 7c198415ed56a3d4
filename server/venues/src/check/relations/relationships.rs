//! Relationships as the route engine rides them (§2.7): elevators and stairs undirected, from the
//! lowest level up through the levels in between; escalators directed between adjacent levels;
//! ramps between ramp units of adjacent levels. Each joins units of its own category on distinct,
//! existing levels, and every lift, escalator and stair unit is in a relationship (otherwise it
//! leads nowhere).

use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

use serde::Deserialize;
use serde_json::Value;

use super::super::features::{Feature, Kind, VenueFiles};
use super::super::problem::{Problems, Rule};
use super::a;
use super::references::relationship_ends;
use crate::contract::contract;
use crate::model::UnitRole;
use crate::{Said, said};

/// How a ridden relationship runs (`rides` of docs/venue-contract.json). contract.rs reads only
/// which categories are ridden, so the direction and adjacency are read here from the same file.
#[derive(Debug, Deserialize)]
struct Ride {
    direction: String,
    adjacent_levels: bool,
}

#[derive(Deserialize)]
struct RidesFile {
    rides: HashMap<String, Ride>,
}

static RIDES: LazyLock<HashMap<String, Ride>> = LazyLock::new(|| {
    serde_json::from_str::<RidesFile>(include_str!("../../../../../docs/venue-contract.json"))
        .unwrap_or_else(|e| panic!("docs/venue-contract.json: rides do not parse: {e}"))
        .rides
});

/// The rule of a relationship category routes ride; None for the others (traversal,
/// movingwalkway), which are kept but not ridden.
fn ride(category: &str) -> Option<&'static Ride> {
    RIDES.get(category).filter(|_| contract().rides(category))
}

/// A JSON value as a message quotes it: `"directed"`, `null` (also when absent).
fn shown(value: Option<&Value>) -> String {
    value.unwrap_or(&Value::Null).to_string()
}

/// Checks the relationships, leaving out those in `broken` (their references are reported).
pub(super) fn check(venue: &VenueFiles, broken: &HashSet<String>, problems: &mut Problems) {
    let mut ordinals: Vec<f64> = venue
        .of(Kind::Level)
        .iter()
        .filter_map(|level| level.properties.get("ordinal")?.as_f64())
        .collect();
    ordinals.sort_by(f64::total_cmp);
    ordinals.dedup();
    // A search, not a scan: an upload may hold many levels and many relationships.
    let rank = |ordinal: f64| {
        let at = ordinals.partition_point(|&o| o < ordinal);
        (ordinals.get(at) == Some(&ordinal)).then_some(at)
    };
    let mut ridden: HashSet<&str> = HashSet::new();
    for relationship in venue.of(Kind::Relationship) {
        if broken.contains(&relationship.id) {
            continue;
        }
        let Some(category) = relationship.str("category") else {
            continue;
        };
        let Some(rule) = ride(category) else {
            continue;
        };
        let properties = &relationship.properties;
        let mut found: Vec<(String, Said)> = Vec::new();
        let is_null = |key: &str| properties.get(key).is_none_or(Value::is_null);
        if is_null("origin") {
            found.push((
                "properties.origin".to_owned(),
                said!(
                    "是 null；{category} 关系从一个 unit 出发，请填起点的单元",
                    "is null; {category} relationships start at a unit, so give the starting unit"
                ),
            ));
        }
        if is_null("destination") {
            found.push((
                "properties.destination".to_owned(),
                said!(
                    "是 null；{category} 关系到一个 unit 为止，请填终点的单元",
                    "is null; {category} relationships end at a unit, so give the final unit"
                ),
            ));
        }
        if relationship.str("direction") != Some(rule.direction.as_str()) {
            found.push((
                "properties.direction".to_owned(),
                said!(
                    "是 {}；{category} 关系的方向是 \"{}\"",
                    "is {}; the direction of {category} relationships is \"{}\"",
                    shown(properties.get("direction")),
                    rule.direction
                ),
            ));
        }
        let has_intermediary = properties
            .get("intermediary")
            .and_then(Value::as_array)
            .is_some_and(|list| !list.is_empty());
        if rule.adjacent_levels && has_intermediary {
            found.push((
                "properties.intermediary".to_owned(),
                said!(
                    "必须是 null；{category} 关系直接连接两个相邻楼层，不经过中间楼层",
                    "must be null; {category} relationships join two adjacent levels directly, with no level in between"
                ),
            ));
        }
        let mut units: Vec<&Feature> = Vec::new();
        for (field, id, feature_type) in relationship_ends(relationship) {
            let unit = match feature_type {
                "unit" => venue.get_of(Kind::Unit, id),
                _ => None,
            };
            match unit {
                None => found.push((
                    field,
                    Said::new(
                        format!("指向一个 {feature_type}；{category} 关系连接的是 unit"),
                        format!(
                            "points to {}; {category} relationships join units",
                            a(feature_type)
                        ),
                    ),
                )),
                Some(unit) if unit.str("category") != Some(category) => {
                    let is = match unit.str("category") {
                        Some(other) => Said::new(other, format!("{} unit", a(other))),
                        None => said!("没有类别的", "a unit without a category"),
                    };
                    found.push((
                        field,
                        Said::new(
                            format!(
                                "指向 {}（{}），它是 {} 单元；{category} 关系只连接 {category} 单元",
                                unit.describe(),
                                unit.id,
                                is.chinese()
                            ),
                            format!(
                                "points to {} ({}), which is {}; {category} relationships join only {category} units",
                                unit.describe(),
                                unit.id,
                                is.english()
                            ),
                        ),
                    ))
                }
                Some(unit) => units.push(unit),
            }
        }
        let levels: Option<Vec<&Feature>> = units
            .iter()
            .map(|unit| venue.get_of(Kind::Level, unit.str("level_id")?))
            .collect();
        if let (true, Some(levels)) = (found.is_empty(), levels) {
            let ids: Vec<&str> = levels.iter().map(|level| level.id.as_str()).collect();
            // Ordinals are whole numbers once the properties' rules pass; without them the order
            // is not checked.
            let here: Option<Vec<f64>> = levels
                .iter()
                .map(|level| level.properties.get("ordinal")?.as_f64())
                .collect();
            let names: Vec<&str> = ids.iter().map(|id| venue.level_name(id)).collect();
            let names = Said::new(names.join("、"), names.join(", "));
            let (names_zh, names_en) = (names.chinese(), names.english());
            let distinct: HashSet<&str> = ids.iter().copied().collect();
            let ascending = here
                .as_ref()
                .is_none_or(|here| here.windows(2).all(|pair| pair[0] < pair[1]));
            let adjacent = match here.as_deref() {
                Some([a, b]) => match (rank(*a), rank(*b)) {
                    (Some(a), Some(b)) => a.abs_diff(b) == 1,
                    _ => false,
                },
                _ => true,
            };
            if distinct.len() != ids.len() {
                found.push((
                    "properties".to_owned(),
                    said!(
                        "在同一楼层连接了不止一个单元（{names_zh}）；一个关系连接的是不同楼层的单元",
                        "joins more than one unit on the same level ({names_en}); a relationship joins units on different levels"
                    ),
                ));
            } else if rule.direction == "undirected" && !ascending {
                found.push((
                    "properties".to_owned(),
                    Said::new(
                        format!(
                            "按 {names_zh} 的顺序连接；起点应是最低楼层的单元，中间按楼层序号从低到高，终点是最高楼层的单元"
                        ),
                        format!(
                            "joins its levels in the order {names_en}; the origin should be the unit on the lowest level, the intermediaries follow by ordinal from low to high, and the destination is the unit on the highest level"
                        ),
                    ),
                ));
            } else if rule.adjacent_levels && !adjacent {
                found.push((
                    "properties".to_owned(),
                    Said::new(
                        format!("连接 {names_zh}，它们不是相邻楼层；{category} 关系只连接两个相邻楼层"),
                        format!(
                            "joins {names_en}, which are not adjacent levels; {category} relationships join only two adjacent levels"
                        ),
                    ),
                ));
            }
        }
        if found.is_empty() {
            ridden.extend(units.iter().map(|unit| unit.id.as_str()));
        }
        for (field, message) in found {
            problems.feature(relationship, &field, Rule::Relationships, message);
        }
    }
    for unit in venue.of(Kind::Unit) {
        let Some(category) = unit.str("category") else {
            continue;
        };
        if contract().role(category) == UnitRole::Connector && !ridden.contains(unit.id.as_str()) {
            let level = unit.str("level_id").map_or("?", |id| venue.level_name(id));
            problems.feature(
                unit,
                "",
                Rule::Relationships,
                said!(
                    "{}（{level}）不在任何完好的 {category} 关系里（relationship.geojson），所以到不了别的楼层；请加一个关系，或修正指向它的那个",
                    "{} ({level}) is not in any valid {category} relationship (relationship.geojson), so it leads to no other level; add a relationship, or fix the one that points to it",
                    unit.describe()
                ),
            );
        }
    }
}
