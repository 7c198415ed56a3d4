//! Every reference between features resolves to a feature of the stated type (IMDF's
//! ReferencedFeatureIDMustBeResolvable, docs/imdf.md §4), and a venue directory has exactly one
//! venue feature. The later rules rely on this: they look references up without asking again.

use std::collections::HashSet;

use serde_json::Value;

use super::super::features::{Feature, Kind, VenueFiles};
use super::super::problem::{Problems, Rule};
use super::a;
use crate::{Said, said};

/// Property keys holding feature ids, and the type each must name (docs/imdf.md §4).
const REFERENCE_KEYS: [(Kind, &str, Kind); 22] = [
    (Kind::Venue, "address_id", Kind::Address),
    (Kind::Building, "address_id", Kind::Address),
    (Kind::Footprint, "building_ids", Kind::Building),
    (Kind::Level, "building_ids", Kind::Building),
    (Kind::Level, "address_id", Kind::Address),
    (Kind::Unit, "level_id", Kind::Level),
    (Kind::Opening, "level_id", Kind::Level),
    (Kind::Fixture, "level_id", Kind::Level),
    (Kind::Fixture, "anchor_id", Kind::Anchor),
    (Kind::Kiosk, "level_id", Kind::Level),
    (Kind::Kiosk, "anchor_id", Kind::Anchor),
    (Kind::Section, "level_id", Kind::Level),
    (Kind::Section, "address_id", Kind::Address),
    (Kind::Section, "parents", Kind::Section),
    (Kind::Geofence, "level_ids", Kind::Level),
    (Kind::Geofence, "building_ids", Kind::Building),
    (Kind::Geofence, "parents", Kind::Geofence),
    (Kind::Amenity, "unit_ids", Kind::Unit),
    (Kind::Amenity, "address_id", Kind::Address),
    (Kind::Anchor, "unit_id", Kind::Unit),
    (Kind::Anchor, "address_id", Kind::Address),
    (Kind::Occupant, "anchor_id", Kind::Anchor),
];

/// A venue directory describes one venue: one venue feature (VenueCountMustBeExactlyOne).
pub(super) fn the_venue(venue: &VenueFiles, problems: &mut Problems) {
    let count = venue.of(Kind::Venue).len();
    if count != 1 {
        problems.file(
            Kind::Venue.file(),
            "",
            Rule::References,
            said!(
                "有 {count} 个有效的 venue 要素；一个场馆目录只描述一个场馆，要有恰好一个 venue 要素",
                "has {count} valid venue features; the files of a venue describe a single venue and need exactly one venue feature"
            ),
        );
    }
}

/// Checks every reference; the ids of the features with a broken one.
pub(super) fn check(venue: &VenueFiles, problems: &mut Problems) -> HashSet<String> {
    let mut broken = HashSet::new();
    for (from, key, to) in REFERENCE_KEYS {
        for feature in venue.of(from) {
            for (field, id) in reference_ids(feature, key) {
                if !resolves(venue, feature, &field, id, to.name(), problems) {
                    broken.insert(feature.id.clone());
                }
            }
        }
    }
    for relationship in venue.of(Kind::Relationship) {
        for (field, id, feature_type) in relationship_ends(relationship) {
            if !resolves(venue, relationship, &field, id, feature_type, problems) {
                broken.insert(relationship.id.clone());
            }
        }
    }
    broken
}

/// The ids a reference property names, each with its field: `properties.level_id`, or
/// `properties.unit_ids[0]` for a list. Null (or an empty id) names none; a value of another
/// type is the properties' rules' to report.
fn reference_ids<'a>(feature: &'a Feature, key: &str) -> Vec<(String, &'a str)> {
    match feature.properties.get(key) {
        Some(Value::String(id)) if !id.is_empty() => vec![(format!("properties.{key}"), id)],
        Some(Value::Array(ids)) => ids
            .iter()
            .enumerate()
            .filter_map(|(index, id)| Some((format!("properties.{key}[{index}]"), id.as_str()?)))
            .collect(),
        _ => Vec::new(),
    }
}

/// A relationship's ends in riding order, with their fields: origin, intermediaries,
/// destination; each as (field, id, feature_type). A null end names nothing.
pub(super) fn relationship_ends(relationship: &Feature) -> Vec<(String, &str, &str)> {
    let properties = &relationship.properties;
    let mut ends = vec![("properties.origin".to_owned(), properties.get("origin"))];
    if let Some(Value::Array(list)) = properties.get("intermediary") {
        ends.extend(
            list.iter()
                .enumerate()
                .map(|(index, end)| (format!("properties.intermediary[{index}]"), Some(end))),
        );
    }
    ends.push((
        "properties.destination".to_owned(),
        properties.get("destination"),
    ));
    ends.into_iter()
        .filter_map(|(field, end)| {
            let end = end?;
            Some((
                field,
                end.get("id")?.as_str()?,
                end.get("feature_type")?.as_str()?,
            ))
        })
        .collect()
}

/// Whether `id` names a feature of type `to`; reports on `feature` when not.
fn resolves(
    venue: &VenueFiles,
    feature: &Feature,
    field: &str,
    id: &str,
    to: &str,
    problems: &mut Problems,
) -> bool {
    match venue.get(id) {
        Some(target) if target.kind.name() == to => true,
        Some(target) => {
            problems.feature(
                feature,
                field,
                Rule::References,
                Said::new(
                    format!(
                        "指向 {id}，那是一个 {}，不是 {to}；请改为一个 {to} 的编号",
                        target.describe()
                    ),
                    format!(
                        "points to {id}, which is {}, not {}; change it to the id of {}",
                        a(&target.describe()),
                        a(to),
                        a(to)
                    ),
                ),
            );
            false
        }
        None => {
            problems.feature(
                feature,
                field,
                Rule::References,
                said!(
                    "指向 {id}，但这个场馆没有这个编号的 {to}（或者那个要素自身有问题，见它的报告）；请改为一个存在的 {to} 的编号",
                    "points to {id}, but this venue has no {to} with that id (or that feature has problems of its own: see its report); change it to the id of an existing {to}"
                ),
            );
            false
        }
    }
}
