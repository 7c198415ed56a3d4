//! The property rules on the valid venue's features and on values the broken-venue cases do not
//! reach (test-fixtures/venues/broken/properties.json holds the cases through the whole check).

use std::path::Path;

use serde_json::{Value, json};

use super::super::features::Kind;
use super::super::problem::Rule;
use super::super::read::Scope;
use super::{categories, check, check_manifest};

fn valid(kind: Kind) -> Vec<serde_json::Map<String, Value>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../test-fixtures/venues/valid/tiny-mall")
        .join(kind.file());
    let collection: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    collection["features"]
        .as_array()
        .unwrap()
        .iter()
        .map(|feature| feature["properties"].as_object().unwrap().clone())
        .collect()
}

/// (field, rule, keeps the feature) of each problem of `properties` as a `kind`.
fn problems(kind: Kind, properties: &Value) -> Vec<(String, Rule, bool)> {
    check(kind, properties.as_object().unwrap(), Scope::Venue)
        .into_iter()
        .map(|issue| (issue.field, issue.rule, issue.keeps_feature))
        .collect()
}

/// The first valid feature of `kind` with `changes` applied (a null value removes the key when
/// `remove` names it).
fn changed(kind: Kind, changes: &Value, remove: &[&str]) -> Value {
    let mut properties = valid(kind).remove(0);
    for (key, value) in changes.as_object().unwrap() {
        properties.insert(key.clone(), value.clone());
    }
    for key in remove {
        properties.remove(*key);
    }
    Value::Object(properties)
}

fn fields(kind: Kind, changes: &Value) -> Vec<String> {
    problems(kind, &changed(kind, changes, &[]))
        .into_iter()
        .map(|(field, _, _)| field)
        .collect()
}

#[test]
fn the_valid_venue_has_every_key_of_every_type() {
    for kind in Kind::ALL {
        for properties in valid(kind) {
            let found = check(kind, &properties, Scope::Venue);
            assert!(found.is_empty(), "{kind:?}: {found:#?}");
        }
    }
}

#[test]
fn the_category_lists_are_imdfs() {
    let lists = [
        (categories::ACCESSIBILITY, 10),
        (categories::ACCESS_CONTROL, 8),
        (categories::RESTRICTION, 2),
        (categories::VENUE, 22),
        (categories::BUILDING, 5),
        (categories::FOOTPRINT, 3),
        (categories::LEVEL, 9),
        (categories::UNIT, 63),
        (categories::OPENING, 7),
        (categories::RELATIONSHIP, 7),
        (categories::AMENITY, 172),
        (categories::GEOFENCE, 1),
        (categories::SECTION, 71),
        (categories::FIXTURE, 15),
        (categories::DOOR_TYPE, 9),
        (categories::DOOR_MATERIAL, 4),
    ];
    for (list, count) in lists {
        let words: Vec<&str> = list.split_ascii_whitespace().collect();
        let mut unique = words.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!((words.len(), unique.len()), (count, count), "{list}");
    }
    assert!(categories::has(
        categories::UNIT,
        "restroom.unisex.wheelchair"
    ));
    assert!(!categories::has(categories::AMENITY, "chapel"));
}

#[test]
fn a_missing_key_leaves_the_feature_out_and_an_unknown_one_keeps_it() {
    let unit = changed(Kind::Unit, &json!({ "colour": "red" }), &["alt_name"]);
    assert_eq!(
        problems(Kind::Unit, &unit),
        [
            ("properties.alt_name".to_owned(), Rule::Features, false),
            ("properties.colour".to_owned(), Rule::Features, true),
        ]
    );
    // An occupant's alt_name is the project's own key and may be left out.
    let occupant = changed(Kind::Occupant, &json!({}), &["alt_name"]);
    assert!(problems(Kind::Occupant, &occupant).is_empty());
}

#[test]
fn names_need_a_chinese_entry() {
    let level = changed(
        Kind::Level,
        &json!({ "name": { "en": "Level 1" }, "short_name": {} }),
        &[],
    );
    assert_eq!(
        problems(Kind::Level, &level),
        [
            ("properties.name".to_owned(), Rule::Names, false),
            ("properties.short_name".to_owned(), Rule::Features, false),
            ("properties.short_name".to_owned(), Rule::Names, false),
        ]
    );
    // A visitor's building may be in any language, as IMDF allows.
    let in_english = check(Kind::Level, level.as_object().unwrap(), Scope::Imdf);
    let fields_rules: Vec<(&str, Rule)> = in_english
        .iter()
        .map(|issue| (issue.field.as_str(), issue.rule))
        .collect();
    assert_eq!(fields_rules, [("properties.short_name", Rule::Features)]);
    // alt_name needs none; a key that is no language tag, or a text that is no string, stops
    // the name's other checks.
    assert!(fields(Kind::Unit, &json!({ "alt_name": { "en": "Books" } })).is_empty());
    assert_eq!(
        fields(Kind::Unit, &json!({ "name": { "zh_Hans": "书店" } })),
        ["properties.name.zh_Hans"]
    );
    assert_eq!(
        fields(Kind::Unit, &json!({ "name": { "en": 5 } })),
        ["properties.name.en"]
    );
    assert_eq!(
        fields(Kind::Unit, &json!({ "name": { "zh-Hans": " \u{3000}" } })),
        ["properties.name.zh-Hans"]
    );
}

#[test]
fn values_of_the_wrong_kind_are_named_by_their_path() {
    let cases = [
        (
            Kind::Unit,
            json!({ "category": "shop" }),
            "properties.category",
        ),
        (Kind::Unit, json!({ "category": 3 }), "properties.category"),
        (
            Kind::Unit,
            json!({ "restriction": "private" }),
            "properties.restriction",
        ),
        (
            Kind::Unit,
            json!({ "accessibility": ["ramp"] }),
            "properties.accessibility[0]",
        ),
        (
            Kind::Unit,
            json!({ "accessibility": "wheelchair" }),
            "properties.accessibility",
        ),
        (
            Kind::Unit,
            json!({ "level_id": "L1" }),
            "properties.level_id",
        ),
        (
            Kind::Unit,
            json!({ "level_id": null }),
            "properties.level_id",
        ),
        (
            Kind::Unit,
            json!({ "display_point": { "type": "Point", "coordinates": [121.47, 91] } }),
            "properties.display_point.coordinates[1]",
        ),
        (
            Kind::Unit,
            json!({ "display_point": { "type": "point", "coordinates": [121.47, 31.2] } }),
            "properties.display_point.type",
        ),
        (
            Kind::Unit,
            json!({ "display_point": [121.47, 31.2] }),
            "properties.display_point",
        ),
        (Kind::Level, json!({ "ordinal": 1.5 }), "properties.ordinal"),
        (Kind::Level, json!({ "ordinal": "1" }), "properties.ordinal"),
        (
            Kind::Level,
            json!({ "outdoor": "no" }),
            "properties.outdoor",
        ),
        (
            Kind::Footprint,
            json!({ "building_ids": [] }),
            "properties.building_ids",
        ),
        (
            Kind::Amenity,
            json!({ "phone": "021 1234 5678" }),
            "properties.phone",
        ),
        (
            Kind::Amenity,
            json!({ "website": "www.example.com" }),
            "properties.website",
        ),
        (
            Kind::Amenity,
            json!({ "hours": "daily 10-22" }),
            "properties.hours",
        ),
        (
            Kind::Amenity,
            json!({ "correlation_id": "x" }),
            "properties.correlation_id",
        ),
        (
            Kind::Occupant,
            json!({ "category": "Cafe" }),
            "properties.category",
        ),
        (
            Kind::Occupant,
            json!({ "validity": { "start": "2026-11-24" } }),
            "properties.validity.start",
        ),
        (
            Kind::Occupant,
            json!({ "validity": { "from": null } }),
            "properties.validity",
        ),
        (
            Kind::Opening,
            json!({ "door": { "type": "trapdoor" } }),
            "properties.door.type",
        ),
        (
            Kind::Opening,
            json!({ "door": { "automatic": "yes" } }),
            "properties.door.automatic",
        ),
        (
            Kind::Opening,
            json!({ "access_control": ["dog"] }),
            "properties.access_control[0]",
        ),
        (
            Kind::Address,
            json!({ "country": "CHN" }),
            "properties.country",
        ),
        (
            Kind::Address,
            json!({ "province": "Shanghai" }),
            "properties.province",
        ),
        (
            Kind::Address,
            json!({ "locality": "  " }),
            "properties.locality",
        ),
        (
            Kind::Relationship,
            json!({ "direction": "both" }),
            "properties.direction",
        ),
        (
            Kind::Relationship,
            json!({ "origin": { "id": "x", "feature_type": "unit" } }),
            "properties.origin.id",
        ),
        (
            Kind::Relationship,
            json!({ "intermediary": [{ "id": "2f23497b-601c-48d6-8c32-9af5ec78874a", "feature_type": "door" }] }),
            "properties.intermediary[0].feature_type",
        ),
        (
            Kind::Geofence,
            json!({ "level_ids": null }),
            "properties.level_ids",
        ),
    ];
    for (kind, change, field) in cases {
        let found = problems(kind, &changed(kind, &change, &[]));
        assert!(
            found.len() == 1 && found[0].0 == field && found[0].1 == Rule::Features && !found[0].2,
            "{kind:?} {change}: {found:?}"
        );
    }
}

#[test]
fn a_list_of_ids_names_each_once() {
    let id = "2f23497b-601c-48d6-8c32-9af5ec78874a";
    assert_eq!(
        fields(Kind::Amenity, &json!({ "unit_ids": [id, id] })),
        ["properties.unit_ids"]
    );
    // A malformed id is reported, and the repetition still; a number stops the list's checks.
    assert_eq!(
        fields(Kind::Amenity, &json!({ "unit_ids": ["a", "a"] })),
        [
            "properties.unit_ids[0]",
            "properties.unit_ids[1]",
            "properties.unit_ids"
        ]
    );
    assert_eq!(
        fields(Kind::Amenity, &json!({ "unit_ids": [5, 5] })),
        ["properties.unit_ids[0]", "properties.unit_ids[1]"]
    );
}

#[test]
fn the_manifest_is_imdfs_in_chinese() {
    let good = json!({
        "version": "1.0.0",
        "created": "2026-11-24T00:00:00+08:00",
        "language": "zh-Hans",
    });
    assert!(check_manifest(&good, Scope::Venue).is_empty());
    let found = |manifest: Value| -> Vec<(String, Rule)> {
        check_manifest(&manifest, Scope::Venue)
            .into_iter()
            .map(|issue| (issue.field, issue.rule))
            .collect()
    };
    let with = |key: &str, value: Value| {
        let mut manifest = good.clone();
        manifest[key] = value;
        found(manifest)
    };
    assert_eq!(
        with("language", json!("en")),
        [("language".to_owned(), Rule::Names)]
    );
    assert_eq!(
        with("language", json!("zh_CN")),
        [("language".to_owned(), Rule::Names)]
    );
    assert_eq!(
        with("version", json!("1.0")),
        [("version".to_owned(), Rule::Features)]
    );
    assert_eq!(
        with("created", json!("today")),
        [("created".to_owned(), Rule::Features)]
    );
    assert_eq!(
        with("generated_by", json!("")),
        [("generated_by".to_owned(), Rule::Features)]
    );
    assert_eq!(
        with("extensions", json!(["imdf:extension:x"])),
        [("extensions[0]".to_owned(), Rule::Features)]
    );
    assert_eq!(
        with("author", json!("me")),
        [("author".to_owned(), Rule::Features)]
    );
    assert_eq!(
        found(json!({ "version": "1.0.0" })),
        [
            ("created".to_owned(), Rule::Features),
            ("language".to_owned(), Rule::Names)
        ]
    );
    assert_eq!(found(json!([])), [(String::new(), Rule::Features)]);
    // A visitor's archive names its own language; it still has to be a language tag.
    let in_language = |tag: &str| {
        let mut manifest = good.clone();
        manifest["language"] = json!(tag);
        check_manifest(&manifest, Scope::Imdf).len()
    };
    assert_eq!(
        (
            in_language("en-US"),
            in_language("fr"),
            in_language("en_US")
        ),
        (0, 0, 1)
    );
}

#[test]
fn uuids_are_told_apart_by_form() {
    use super::patterns::{UuidForm, is_uuid};
    let random = "3b1f6a52-2d0e-4c3f-9a53-6f0e8e1d2c44";
    let time_based = "3b1f6a52-2d0e-1c3f-9a53-6f0e8e1d2c44";
    let other_variant = "3b1f6a52-2d0e-4c3f-ca53-6f0e8e1d2c44";
    let upper = "3B1F6A52-2D0E-4C3F-9A53-6F0E8E1D2C44";
    for (text, feature_id, lowercase, any_case) in [
        (random, true, true, true),
        (time_based, false, true, true),
        (other_variant, false, true, true),
        (upper, false, false, true),
        ("3b1f6a52-2d0e-4c3f-9a53-6f0e8e1d2c4", false, false, false),
        ("3b1f6a52-2d0e-4c3f-9a53-6f0e8e1d2c445", false, false, false),
        ("3b1f6a52x2d0e-4c3f-9a53-6f0e8e1d2c44", false, false, false),
        ("3b1f6a52-2d0e-4c3f-9a53-6f0e8e1d2g44", false, false, false),
        ("3b1f6a52-2d0e-4c3f-9a53-6f0e8e1d2c4é", false, false, false),
        ("", false, false, false),
    ] {
        assert_eq!(is_uuid(text, UuidForm::FeatureId), feature_id, "{text}");
        assert_eq!(is_uuid(text, UuidForm::Lowercase), lowercase, "{text}");
        assert_eq!(is_uuid(text, UuidForm::AnyCase), any_case, "{text}");
    }
}
