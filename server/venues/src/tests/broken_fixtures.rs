//! The loader against broken venues: each test copies the fixture venue, breaks one thing, and
//! checks that loading fails with the file and the feature id in the message.

use std::path::Path;

use serde_json::{Value, json};

use super::support::{catalog, fixture_dir, words};
use crate::{LoadError, Venue, VenueExtras};

/// Loads a copy of the fixture after `change` changed its directory; it must fail.
fn load_changed(change: impl FnOnce(&Path)) -> LoadError {
    let dir = tempfile::tempdir().unwrap();
    for entry in std::fs::read_dir(fixture_dir("three-level-mall")).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), dir.path().join(entry.file_name())).unwrap();
    }
    change(dir.path());
    Venue::load(
        "broken",
        dir.path(),
        &VenueExtras::default(),
        std::sync::Arc::new(words()),
        std::sync::Arc::new(catalog()),
    )
    .expect_err("the broken venue loaded")
}

/// Loads a copy of the fixture in which `break_it` changed the features of `file` and returned
/// the id of the feature at fault; the message must name the file, that feature and `says`.
fn refused(
    file: &str,
    says: &[&str],
    break_it: impl FnOnce(&mut Vec<Value>) -> String,
) -> LoadError {
    let mut feature = String::new();
    let error = load_changed(|dir| {
        let path = dir.join(file);
        let mut collection: Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        feature = break_it(collection["features"].as_array_mut().unwrap());
        std::fs::write(&path, serde_json::to_string(&collection).unwrap()).unwrap();
    });
    let message = error.to_string();
    for word in [file, &feature].into_iter().chain(says.iter().copied()) {
        assert!(message.contains(word), "{message} does not say {word}");
    }
    error
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

fn of_category(category: &str) -> impl Fn(&Value) -> bool + '_ {
    move |f| f["properties"]["category"] == category
}

fn id(feature: &Value) -> String {
    feature["id"].as_str().unwrap().to_owned()
}

#[test]
fn a_missing_unit_file_is_named() {
    let error = load_changed(|dir| std::fs::remove_file(dir.join("unit.geojson")).unwrap());
    assert!(matches!(error, LoadError::Unreadable { .. }), "{error}");
    assert!(error.to_string().contains("unit.geojson"));
}

#[test]
fn a_file_that_is_not_json_is_named() {
    let error = load_changed(|dir| {
        let text = "{\"type\": \"FeatureCollection\", \"features\": [";
        std::fs::write(dir.join("opening.geojson"), text).unwrap();
    });
    assert!(matches!(error, LoadError::BadJson { .. }), "{error}");
    assert!(error.to_string().contains("opening.geojson"));
}

#[test]
fn a_unit_without_a_level_is_named_with_the_property() {
    let error = refused("unit.geojson", &["level_id"], |features| {
        let unit = find(features, named("卫生间"));
        unit["properties"]
            .as_object_mut()
            .unwrap()
            .remove("level_id");
        id(unit)
    });
    assert!(matches!(error, LoadError::Property { .. }), "{error}");
}

#[test]
fn a_level_ordinal_written_as_text_is_named_with_the_property() {
    refused("level.geojson", &["ordinal"], |features| {
        features[0]["properties"]["ordinal"] = json!("1");
        id(&features[0])
    });
}

#[test]
fn a_reference_to_an_unknown_id_is_named_with_the_property_and_the_id() {
    let unknown = |file, pick: &dyn Fn(&Value) -> bool, pointer, key| {
        let nowhere = "00000000-0000-4000-8000-000000000000";
        let error = refused(file, &[key, nowhere], |features| {
            let feature = find(features, pick);
            *feature.pointer_mut(pointer).unwrap() = json!(nowhere);
            id(feature)
        });
        assert!(matches!(error, LoadError::Reference { .. }), "{error}");
    };
    unknown(
        "occupant.geojson",
        &named("星巴克"),
        "/properties/anchor_id",
        "anchor_id",
    );
    unknown(
        "unit.geojson",
        &named("卫生间"),
        "/properties/level_id",
        "level_id",
    );
    unknown(
        "relationship.geojson",
        &of_category("elevator"),
        "/properties/destination/id",
        "destination",
    );
}

#[test]
fn a_relationship_joining_one_level_to_itself_is_named() {
    let error = refused("relationship.geojson", &["level"], |features| {
        let stairs = find(features, of_category("stairs"));
        stairs["properties"]["destination"] = stairs["properties"]["origin"].clone();
        id(stairs)
    });
    assert!(matches!(error, LoadError::Relationship { .. }), "{error}");
}

#[test]
fn an_opening_off_every_unit_boundary_is_named() {
    let error = refused("opening.geojson", &[], |features| {
        let door = find(features, of_category("pedestrian.principal"));
        for position in door["geometry"]["coordinates"].as_array_mut().unwrap() {
            position[1] = json!(position[1].as_f64().unwrap() + 0.00005);
        }
        id(door)
    });
    assert!(
        matches!(error, LoadError::OpeningTouchesNoUnit { .. }),
        "{error}"
    );
}

#[test]
fn a_geometry_of_the_wrong_type_is_named_with_the_type() {
    let point = json!({"type": "Point", "coordinates": [121.4, 31.17]});
    let line = json!({"type": "LineString", "coordinates": [[121.4, 31.17], [121.401, 31.17]]});
    for (file, geometry, says) in [
        ("opening.geojson", point, &["LineString"][..]),
        ("unit.geojson", line, &["LineString", "Polygon"]),
    ] {
        let error = refused(file, says, |features| {
            features[0]["geometry"] = geometry;
            id(&features[0])
        });
        assert!(matches!(error, LoadError::Geometry { .. }), "{error}");
    }
}

#[test]
fn an_id_used_twice_is_named() {
    let error = refused("fixture.geojson", &[], |features| {
        let mut copy = features[0].clone();
        copy["properties"]["name"] = json!(null);
        features.push(copy);
        id(&features[0])
    });
    assert!(matches!(error, LoadError::DuplicateId { .. }), "{error}");
}

#[test]
fn two_levels_with_one_short_name_are_named() {
    let error = refused("level.geojson", &[], |features| {
        features[1]["properties"]["short_name"] = features[0]["properties"]["short_name"].clone();
        id(&features[1])
    });
    assert!(matches!(error, LoadError::DuplicateLevel { .. }), "{error}");
}

#[test]
fn a_feature_in_the_wrong_file_is_named() {
    let error = refused("kiosk.geojson", &["fixture"], |features| {
        features[0]["feature_type"] = json!("fixture");
        id(&features[0])
    });
    assert!(
        matches!(error, LoadError::WrongFeatureType { .. }),
        "{error}"
    );
}
