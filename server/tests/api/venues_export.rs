//! `site export-imdf`: the binary writes a venue of the web build as an IMDF archive that keeps
//! IMDF's structural rules (manifest.json, one FeatureCollection per feature type, unique
//! version-4 ids, feature types matching their files, geometry types per type, references that
//! resolve), and refuses an unknown venue naming the known ones.

use std::collections::{HashMap, HashSet};
use std::io::Read;
use std::process::Command;

use serde_json::Value;
use tempfile::TempDir;

use crate::support::binary::BINARY;
use crate::support::fixture::FixtureDist;

fn export(dist: &std::path::Path, venue: &str, output: &std::path::Path) -> std::process::Output {
    Command::new(BINARY)
        .env_clear()
        .env("SITE_DIST_DIR", dist)
        .args(["export-imdf", venue, "--output"])
        .arg(output)
        .output()
        .expect("binary runs")
}

fn is_v4_uuid(id: &str) -> bool {
    let bytes = id.as_bytes();
    id.len() == 36
        && [8, 13, 18, 23].iter().all(|&at| bytes[at] == b'-')
        && bytes[14] == b'4'
        && b"89ab".contains(&bytes[19])
        && id.chars().enumerate().all(|(at, c)| {
            [8, 13, 18, 23].contains(&at) || c.is_ascii_hexdigit() && !c.is_ascii_uppercase()
        })
}

/// The geometry types IMDF allows per feature type (None: must be null).
fn geometry_allowed(feature_type: &str) -> &'static [Option<&'static str>] {
    match feature_type {
        "address" | "building" | "occupant" => &[None],
        "amenity" | "anchor" => &[Some("Point")],
        "opening" => &[Some("LineString")],
        "relationship" => &[None, Some("Point"), Some("LineString"), Some("Polygon")],
        _ => &[Some("Polygon"), Some("MultiPolygon")],
    }
}

#[test]
fn a_venue_is_exported_as_an_imdf_archive_that_keeps_the_structural_rules() {
    let dist = FixtureDist::new().with_venues().build();
    let out = TempDir::new().unwrap();
    let archive = out.path().join("mall.zip");
    let result = export(dist.path(), "demo-mall", &archive);
    assert!(
        result.status.success(),
        "{}",
        String::from_utf8_lossy(&result.stderr)
    );

    let mut zip = zip::ZipArchive::new(std::fs::File::open(&archive).unwrap()).unwrap();
    let mut files: HashMap<String, Value> = HashMap::new();
    for index in 0..zip.len() {
        let mut entry = zip.by_index(index).unwrap();
        let mut text = String::new();
        entry.read_to_string(&mut text).unwrap();
        files.insert(
            entry.name().expect("UTF-8 name").into_owned(),
            serde_json::from_str(&text).unwrap(),
        );
    }
    let manifest = &files["manifest.json"];
    assert_eq!(manifest["version"], "1.0.0");
    assert_eq!(manifest["language"], "zh-Hans");
    assert!(manifest["created"].as_str().unwrap().contains('T'));

    let mut types_by_id: HashMap<String, String> = HashMap::new();
    for (name, collection) in &files {
        let Some(feature_type) = name.strip_suffix(".geojson") else {
            continue;
        };
        assert_eq!(collection["type"], "FeatureCollection", "{name}");
        for feature in collection["features"].as_array().unwrap() {
            let id = feature["id"].as_str().unwrap();
            assert!(is_v4_uuid(id), "{name}: {id}");
            assert_eq!(feature["type"], "Feature", "{name}: {id}");
            assert_eq!(feature["feature_type"], feature_type, "{name}: {id}");
            let geometry = feature["geometry"]["type"].as_str();
            assert!(
                geometry_allowed(feature_type).contains(&geometry),
                "{name}: {id}: {geometry:?}"
            );
            let duplicate = types_by_id.insert(id.to_owned(), feature_type.to_owned());
            assert!(duplicate.is_none(), "{id} twice");
        }
    }
    for required in [
        "venue",
        "address",
        "building",
        "footprint",
        "level",
        "unit",
        "opening",
    ] {
        assert!(
            files.contains_key(&format!("{required}.geojson")),
            "{required}"
        );
    }
    // Every reference names a feature of the stated type.
    let refers = |value: &Value, to: &str, from: &str| {
        let id = value
            .as_str()
            .unwrap_or_else(|| panic!("{from}: reference {value}"));
        assert_eq!(
            types_by_id.get(id).map(String::as_str),
            Some(to),
            "{from} -> {id}"
        );
    };
    let mut checked = HashSet::new();
    for (name, collection) in &files {
        for feature in collection["features"].as_array().into_iter().flatten() {
            let properties = &feature["properties"];
            for (key, target) in [
                ("level_id", "level"),
                ("anchor_id", "anchor"),
                ("unit_id", "unit"),
                ("address_id", "address"),
            ] {
                if let Some(value) = properties.get(key).filter(|v| !v.is_null()) {
                    refers(value, target, name);
                    checked.insert(key);
                }
            }
            for (key, target) in [("unit_ids", "unit"), ("building_ids", "building")] {
                for value in properties[key].as_array().into_iter().flatten() {
                    refers(value, target, name);
                }
            }
            for end in ["origin", "destination"] {
                let reference = &properties[end];
                if reference.is_object() {
                    refers(
                        &reference["id"],
                        reference["feature_type"].as_str().unwrap(),
                        name,
                    );
                }
            }
        }
    }
    assert!(checked.contains("level_id") && checked.contains("anchor_id"));
}

#[test]
fn an_unknown_venue_is_refused_naming_the_known_ones() {
    let dist = FixtureDist::new().with_venues().build();
    let out = TempDir::new().unwrap();
    let result = export(dist.path(), "nowhere", &out.path().join("x.zip"));
    assert_eq!(result.status.code(), Some(2));
    let message = String::from_utf8_lossy(&result.stderr);
    assert!(
        message.contains("demo-mall") && message.contains("nowhere"),
        "{message}"
    );
}
