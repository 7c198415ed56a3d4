//! The loader against broken venues: each test copies the fixture venue, breaks one thing, and
//! checks that loading fails with the file and the feature id in the message.

use std::path::Path;

use serde_json::{Value, json};

use super::support::{catalog, fixture_dir, words};
use crate::venues::{LoadError, Venue, VenueExtras};

/// Loads a copy of the fixture in which `break_it` changed the features of `file`.
fn load_broken(file: &str, break_it: impl FnOnce(&mut Vec<Value>)) -> LoadError {
    let dir = tempfile::tempdir().unwrap();
    copy_fixture(dir.path());
    let path = dir.path().join(file);
    let mut collection: Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    break_it(collection["features"].as_array_mut().unwrap());
    std::fs::write(&path, serde_json::to_string(&collection).unwrap()).unwrap();
    load(dir.path()).expect_err("the broken venue loaded")
}

fn copy_fixture(to: &Path) {
    for entry in std::fs::read_dir(fixture_dir("tiny-mall")).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
    }
}

fn load(dir: &Path) -> Result<Venue, LoadError> {
    Venue::load(
        "broken",
        dir,
        &VenueExtras::default(),
        std::sync::Arc::new(words()),
        std::sync::Arc::new(catalog()),
    )
}

/// The feature of `features` whose id was made from `key` by the fixture's generator is not
/// known here, so tests pick features by a property.
fn find(features: &mut [Value], test: impl Fn(&Value) -> bool) -> &mut Value {
    features
        .iter_mut()
        .find(|f| test(f))
        .expect("the fixture has such a feature")
}

fn named(name: &str) -> impl Fn(&Value) -> bool + '_ {
    move |f| f["properties"]["name"]["zh-Hans"] == name
}

fn assert_names(error: &LoadError, file: &str, feature: &str, words: &[&str]) {
    let message = error.to_string();
    assert!(message.contains(file), "{message} does not name {file}");
    assert!(
        message.contains(feature),
        "{message} does not name feature {feature}"
    );
    for word in words {
        assert!(message.contains(word), "{message} does not say {word}");
    }
}

#[test]
fn a_missing_unit_file_is_named() {
    let dir = tempfile::tempdir().unwrap();
    copy_fixture(dir.path());
    std::fs::remove_file(dir.path().join("unit.geojson")).unwrap();
    let error = load(dir.path()).unwrap_err();
    assert!(matches!(error, LoadError::Unreadable { .. }), "{error}");
    assert!(error.to_string().contains("unit.geojson"));
}

#[test]
fn a_file_that_is_not_json_is_named() {
    let dir = tempfile::tempdir().unwrap();
    copy_fixture(dir.path());
    std::fs::write(
        dir.path().join("opening.geojson"),
        "{\"type\": \"FeatureCollection\", \"features\": [",
    )
    .unwrap();
    let error = load(dir.path()).unwrap_err();
    assert!(matches!(error, LoadError::BadJson { .. }), "{error}");
    assert!(error.to_string().contains("opening.geojson"));
}

#[test]
fn a_unit_without_a_level_is_named_with_the_property() {
    let mut id = String::new();
    let error = load_broken("unit.geojson", |features| {
        let unit = find(features, named("卫生间"));
        id = unit["id"].as_str().unwrap().to_owned();
        unit["properties"]
            .as_object_mut()
            .unwrap()
            .remove("level_id");
    });
    assert!(matches!(error, LoadError::Property { .. }), "{error}");
    assert_names(&error, "unit.geojson", &id, &["level_id"]);
}

#[test]
fn a_level_ordinal_written_as_text_is_named_with_the_property() {
    let mut id = String::new();
    let error = load_broken("level.geojson", |features| {
        let level = &mut features[0];
        id = level["id"].as_str().unwrap().to_owned();
        level["properties"]["ordinal"] = json!("1");
    });
    assert_names(&error, "level.geojson", &id, &["ordinal"]);
}

#[test]
fn an_occupant_whose_anchor_does_not_exist_is_named() {
    let mut id = String::new();
    let error = load_broken("occupant.geojson", |features| {
        let occupant = find(features, named("星巴克"));
        id = occupant["id"].as_str().unwrap().to_owned();
        occupant["properties"]["anchor_id"] = json!("00000000-0000-4000-8000-000000000000");
    });
    assert!(matches!(error, LoadError::Reference { .. }), "{error}");
    assert_names(
        &error,
        "occupant.geojson",
        &id,
        &["anchor_id", "00000000-0000-4000-8000-000000000000"],
    );
}

#[test]
fn a_unit_on_an_unknown_level_is_named() {
    let mut id = String::new();
    let error = load_broken("unit.geojson", |features| {
        let unit = find(features, named("卫生间"));
        id = unit["id"].as_str().unwrap().to_owned();
        unit["properties"]["level_id"] = json!("11111111-1111-4111-8111-111111111111");
    });
    assert_names(
        &error,
        "unit.geojson",
        &id,
        &["level_id", "11111111-1111-4111-8111-111111111111"],
    );
}

#[test]
fn a_relationship_joining_one_level_to_itself_is_named() {
    let mut id = String::new();
    let error = load_broken("relationship.geojson", |features| {
        let stairs = find(features, |f| f["properties"]["category"] == "stairs");
        id = stairs["id"].as_str().unwrap().to_owned();
        stairs["properties"]["destination"] = stairs["properties"]["origin"].clone();
    });
    assert!(matches!(error, LoadError::Relationship { .. }), "{error}");
    assert_names(&error, "relationship.geojson", &id, &["level"]);
}

#[test]
fn a_relationship_to_an_unknown_unit_is_named() {
    let mut id = String::new();
    let error = load_broken("relationship.geojson", |features| {
        let elevator = find(features, |f| f["properties"]["category"] == "elevator");
        id = elevator["id"].as_str().unwrap().to_owned();
        elevator["properties"]["destination"]["id"] = json!("22222222-2222-4222-8222-222222222222");
    });
    assert!(matches!(error, LoadError::Reference { .. }), "{error}");
    assert_names(
        &error,
        "relationship.geojson",
        &id,
        &["destination", "22222222-2222-4222-8222-222222222222"],
    );
}

#[test]
fn an_opening_off_every_unit_boundary_is_named() {
    let mut id = String::new();
    let error = load_broken("opening.geojson", |features| {
        let door = find(features, |f| {
            f["properties"]["category"] == "pedestrian.principal"
        });
        id = door["id"].as_str().unwrap().to_owned();
        for position in door["geometry"]["coordinates"].as_array_mut().unwrap() {
            position[1] = json!(position[1].as_f64().unwrap() + 0.00005);
        }
    });
    assert!(
        matches!(error, LoadError::OpeningTouchesNoUnit { .. }),
        "{error}"
    );
    assert_names(&error, "opening.geojson", &id, &[]);
}

#[test]
fn an_opening_that_is_not_a_two_point_line_is_named() {
    let mut id = String::new();
    let error = load_broken("opening.geojson", |features| {
        id = features[0]["id"].as_str().unwrap().to_owned();
        features[0]["geometry"] = json!({"type": "Point", "coordinates": [121.4, 31.17]});
    });
    assert!(matches!(error, LoadError::Geometry { .. }), "{error}");
    assert_names(&error, "opening.geojson", &id, &["LineString"]);
}

#[test]
fn an_id_used_twice_is_named() {
    let mut id = String::new();
    let error = load_broken("fixture.geojson", |features| {
        let mut copy = features[0].clone();
        id = copy["id"].as_str().unwrap().to_owned();
        copy["properties"]["name"] = json!(null);
        features.push(copy);
    });
    assert!(matches!(error, LoadError::DuplicateId { .. }), "{error}");
    assert_names(&error, "fixture.geojson", &id, &[]);
}

#[test]
fn two_levels_with_one_short_name_are_named() {
    let mut id = String::new();
    let error = load_broken("level.geojson", |features| {
        id = features[1]["id"].as_str().unwrap().to_owned();
        features[1]["properties"]["short_name"] = features[0]["properties"]["short_name"].clone();
    });
    assert!(matches!(error, LoadError::DuplicateLevel { .. }), "{error}");
    assert_names(&error, "level.geojson", &id, &[]);
}

#[test]
fn a_unit_drawn_as_a_line_is_named() {
    let mut id = String::new();
    let error = load_broken("unit.geojson", |features| {
        id = features[0]["id"].as_str().unwrap().to_owned();
        features[0]["geometry"] =
            json!({"type": "LineString", "coordinates": [[121.4, 31.17], [121.401, 31.17]]});
    });
    assert_names(&error, "unit.geojson", &id, &["LineString", "Polygon"]);
}

#[test]
fn a_feature_in_the_wrong_file_is_named() {
    let mut id = String::new();
    let error = load_broken("kiosk.geojson", |features| {
        id = features[0]["id"].as_str().unwrap().to_owned();
        features[0]["feature_type"] = json!("fixture");
    });
    assert!(
        matches!(error, LoadError::WrongFeatureType { .. }),
        "{error}"
    );
    assert_names(&error, "kiosk.geojson", &id, &["fixture"]);
}
