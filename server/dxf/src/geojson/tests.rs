use serde_json::{Value, json};
use site_venues::geometry::Point;
use site_venues::projection::Frame;

use super::convert_geojson;
use super::levels::derived_ordinal;
use crate::output::ImdfFiles;
use crate::problem::{DxfProblem, DxfRule};
use crate::read::DxfLimits;

const OFFICE: &str = include_str!("../../../../test-fixtures/geojson/office.geojson");

/// `[lon, lat]` of a point `x`, `y` metres east and north of a corner in Shanghai.
fn at(x: f64, y: f64) -> Value {
    let [lon, lat] = Frame::new(121.47, 31.23).to_lon_lat(Point::new(x, y));
    json!([lon, lat])
}

fn room(id: &str, level: &str, name: &str, [x0, y0, x1, y1]: [f64; 4]) -> Value {
    let ring = [(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)].map(|(x, y)| at(x, y));
    json!({"type": "Feature", "id": id, "properties": {"level": level, "name": name},
        "geometry": {"type": "Polygon", "coordinates": [ring]}})
}

fn door(id: &str, level: &str, (x, y): (f64, f64)) -> Value {
    json!({"type": "Feature", "id": id, "properties": {"level": level, "door": true},
        "geometry": {"type": "LineString", "coordinates": [at(x - 0.45, y), at(x + 0.45, y)]}})
}

fn collection(features: &[Value]) -> Vec<u8> {
    let value = json!({"type": "FeatureCollection",
        "properties": {"name": "测试楼", "address": "示例路 1 号", "locality": "上海市"},
        "features": features});
    serde_json::to_vec(&value).expect("JSON")
}

/// One level: two rooms south of a corridor, each with a door onto it.
fn one_level(level: &str) -> Vec<Value> {
    vec![
        room("a", level, "办公室", [0.0, 0.0, 10.0, 6.0]),
        room("b", level, "会议室", [10.0, 0.0, 20.0, 6.0]),
        room("c", level, "茶水间", [0.0, 10.0, 20.0, 14.0]),
        door("da", level, (5.0, 6.0)),
        door("db", level, (15.0, 6.0)),
        door("dc", level, (8.0, 10.0)),
    ]
}

fn convert(bytes: &[u8]) -> Result<ImdfFiles, Vec<DxfProblem>> {
    convert_geojson(bytes, "building.geojson", &DxfLimits::default())
}

fn refused(bytes: &[u8]) -> Vec<DxfProblem> {
    let problems = convert(bytes).expect_err("refused");
    assert!(
        problems
            .iter()
            .all(|p| p.file.as_deref() == Some("building.geojson")),
        "{problems:#?}"
    );
    problems
}

fn checked(files: &ImdfFiles) {
    let dir = tempfile::tempdir().expect("temp dir");
    files.write_to(dir.path()).expect("written");
    let problems = site_venues::check::check_imdf(dir.path(), "upload");
    assert!(problems.is_empty(), "{problems:#?}");
}

fn features(files: &ImdfFiles, file: &str) -> Vec<Value> {
    let value: Value = serde_json::from_str(files.get(file).expect(file)).expect("JSON");
    value["features"].as_array().expect("features").clone()
}

#[test]
fn the_office_fixture_converts_and_passes_the_venue_check() {
    let files = convert(OFFICE.as_bytes()).unwrap_or_else(|p| panic!("{p:#?}"));
    checked(&files);
    let levels = features(&files, "level.geojson");
    let shorts: Vec<&str> = levels
        .iter()
        .filter_map(|l| l["properties"]["short_name"]["zh-Hans"].as_str())
        .collect();
    assert_eq!(shorts.len(), 2, "{levels:#?}");
    assert!(shorts.contains(&"L1") && shorts.contains(&"L2"));
    // The lift and the stairs each join the two levels.
    let rides = features(&files, "relationship.geojson");
    let categories: Vec<&str> = rides
        .iter()
        .filter_map(|r| r["properties"]["category"].as_str())
        .collect();
    assert!(
        categories.contains(&"elevator") && categories.contains(&"stairs"),
        "{categories:?}"
    );
    let units = features(&files, "unit.geojson");
    assert!(
        units
            .iter()
            .any(|u| u["properties"]["category"] == "conferenceroom"),
        "the category given is kept"
    );
    assert!(
        units
            .iter()
            .any(|u| u["properties"]["category"] == "restroom.male"),
        "a category from the name"
    );
}

#[test]
fn one_level_converts_around_its_first_position() {
    let files = convert(&collection(&one_level("G"))).unwrap_or_else(|p| panic!("{p:#?}"));
    checked(&files);
    let level = &features(&files, "level.geojson")[0];
    assert_eq!(level["properties"]["ordinal"], 0);
}

#[test]
fn a_multipolygons_parts_are_rooms_of_one_name() {
    let mut features = one_level("L1");
    let a = features[0]["geometry"]["coordinates"].clone();
    let b = features[1]["geometry"]["coordinates"].clone();
    features[0]["geometry"] = json!({"type": "MultiPolygon", "coordinates": [a, b]});
    features.remove(1);
    let files = convert(&collection(&features)).unwrap_or_else(|p| panic!("{p:#?}"));
    checked(&files);
    let offices = features_named(&files, "办公室");
    assert_eq!(offices, 2);
}

fn features_named(files: &ImdfFiles, name: &str) -> usize {
    features(files, "unit.geojson")
        .iter()
        .filter(|u| u["properties"]["name"]["zh-Hans"] == name)
        .count()
}

#[test]
fn what_is_no_geojson_building_is_named() {
    let not_json = refused(b"PK\x03\x04 not json");
    assert_eq!(not_json[0].rule, DxfRule::Unreadable);
    assert!(
        not_json[0].message.chinese().contains("不是 JSON"),
        "{not_json:#?}"
    );
    let nan = refused(br#"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"level": "L1"}, "geometry": {"type": "Polygon", "coordinates": [[[NaN, 31], [121, 31], [121, 32], [NaN, 31]]]}}]}"#);
    assert!(nan[0].message.chinese().contains("NaN"), "{nan:#?}");
    let not_collection = refused(br#"{"type": "Feature"}"#);
    assert!(
        not_collection[0]
            .message
            .chinese()
            .contains("FeatureCollection")
    );
    assert!(
        not_collection[0]
            .message
            .english()
            .starts_with("This is not a GeoJSON FeatureCollection"),
        "{not_collection:#?}"
    );
    let empty = refused(&collection(&[]));
    assert_eq!(empty[0].rule, DxfRule::NoRooms);
}

#[test]
fn a_room_without_level_names_the_feature() {
    let mut features = one_level("L1");
    features[1]["properties"]
        .as_object_mut()
        .expect("properties")
        .remove("level");
    let problems = refused(&collection(&features));
    assert_eq!(problems.len(), 1, "{problems:#?}");
    assert_eq!(problems[0].handle.as_deref(), Some("b"));
    assert!(
        problems[0]
            .message
            .chinese()
            .starts_with("要素 b（features[1]）没有 level 属性"),
        "{problems:#?}"
    );
    assert!(
        problems[0]
            .message
            .english()
            .starts_with("Feature b (features[1]) has no level property: "),
        "{problems:#?}"
    );
}

#[test]
fn coordinates_off_the_earth_or_far_from_the_building_are_refused() {
    let mut features = one_level("L1");
    features[0]["geometry"]["coordinates"][0][2] = json!([200.0, 31.23]);
    features[2]["geometry"]["coordinates"][0][1] = json!([121.57, 31.23]);
    let problems = refused(&collection(&features));
    assert_eq!(problems.len(), 2, "{problems:#?}");
    assert!(
        problems[0].message.chinese().contains("不在地球上"),
        "{problems:#?}"
    );
    assert_eq!(problems[0].layer.as_deref(), Some("L1"));
    assert!(
        problems[1].message.chinese().contains("超过 5 公里"),
        "{problems:#?}"
    );
}

#[test]
fn a_self_intersecting_room_is_refused() {
    let mut features = one_level("L1");
    // A bow tie: the ring's second and third corners swapped.
    let bow = [(0.0, 0.0), (10.0, 6.0), (10.0, 0.0), (0.0, 6.0), (0.0, 0.0)].map(|(x, y)| at(x, y));
    features[0]["geometry"]["coordinates"] = json!([bow]);
    let problems = refused(&collection(&features));
    assert_eq!(problems.len(), 1, "{problems:#?}");
    assert_eq!(problems[0].rule, DxfRule::Room);
    assert!(
        problems[0]
            .message
            .chinese()
            .contains("要素 a（features[0]，楼层 L1）的边线自相交"),
        "{problems:#?}"
    );
    assert!(
        problems[0]
            .message
            .english()
            .starts_with("Feature a (features[0], level L1) crosses itself (near ["),
        "{problems:#?}"
    );
}

#[test]
fn a_file_of_doors_only_has_no_rooms() {
    let features: Vec<Value> = one_level("L1")
        .into_iter()
        .filter(|f| f["properties"]["door"] == true)
        .collect();
    let problems = refused(&collection(&features));
    assert!(
        problems[0].message.chinese().contains("只有门，没有房间"),
        "{problems:#?}"
    );
}

#[test]
fn too_many_rooms_are_refused_before_any_work() {
    let limits = DxfLimits {
        max_rooms: 2,
        ..DxfLimits::default()
    };
    let problems =
        convert_geojson(&collection(&one_level("L1")), "x.geojson", &limits).expect_err("refused");
    assert_eq!(problems.len(), 1);
    assert!(
        problems[0].message.chinese().contains("3 个房间"),
        "{problems:#?}"
    );
}

#[test]
fn a_file_of_too_many_values_is_refused_before_it_is_parsed() {
    let limits = DxfLimits {
        max_vertices: 10,
        max_objects: 1,
        ..DxfLimits::default()
    };
    let mut bytes = b"[1".to_vec();
    bytes.extend(b",1".repeat(100));
    bytes.push(b']');
    let problems = convert_geojson(&bytes, "x.geojson", &limits).expect_err("refused");
    assert!(
        problems[0].message.chinese().contains("超过了 56 个的上限"),
        "{problems:#?}"
    );
}

#[test]
fn the_layouts_problems_speak_of_features_not_dxf_blocks() {
    let mut features = one_level("L1");
    features.retain(|f| f["id"] != "db");
    features.push(door("far", "L1", (15.0, 8.0)));
    let problems = refused(&collection(&features));
    let messages: Vec<&str> = problems.iter().map(|p| p.message.chinese()).collect();
    assert!(
        messages
            .iter()
            .any(|m| m.contains("楼层 L1 的门（要素 far）")),
        "{messages:#?}"
    );
    assert!(
        messages
            .iter()
            .any(|m| m.contains("楼层 L1 的房间（要素 b）没有门")),
        "{messages:#?}"
    );
    assert!(
        messages
            .iter()
            .all(|m| !m.contains("句柄") && !m.contains("图块")),
        "{messages:#?}"
    );
    let english: Vec<&str> = problems.iter().map(|p| p.message.english()).collect();
    assert!(
        english
            .iter()
            .any(|m| m.starts_with("The door on level L1 (feature far) lies ")),
        "{english:#?}"
    );
    assert!(
        english.iter().any(|m| m.starts_with(
            "The room on level L1 (feature b) has no door: draw a door on its edge (LineString, \"door\": true)"
        )),
        "{english:#?}"
    );
    assert!(
        english
            .iter()
            .all(|m| !m.contains("handle") && !m.contains("block") && !m.contains("layer")),
        "{english:#?}"
    );
}

#[test]
fn levels_need_one_ordinal_each() {
    let mut features = one_level("M");
    features.extend(one_level("L2"));
    let problems = refused(&collection(&features));
    assert!(
        problems[0]
            .message
            .chinese()
            .contains("楼层 M 的楼层序号不明"),
        "{problems:#?}"
    );
    features[0]["properties"]["ordinal"] = json!(1);
    let problems = refused(&collection(&features));
    assert!(
        problems[0].message.chinese().contains("序号都是 1"),
        "{problems:#?}"
    );
    for (key, ordinal) in [
        ("L1", Some(0)),
        ("1F", Some(0)),
        ("f3", Some(2)),
        ("B2", Some(-2)),
        ("GF", Some(0)),
        ("M1", None),
        ("L0", None),
    ] {
        assert_eq!(derived_ordinal(key), ordinal, "{key}");
    }
}

#[test]
fn a_missing_address_names_the_collections_properties() {
    let mut value: Value = serde_json::from_slice(&collection(&one_level("L1"))).expect("JSON");
    value["properties"]
        .as_object_mut()
        .expect("properties")
        .remove("address");
    let problems = refused(&serde_json::to_vec(&value).expect("JSON"));
    assert_eq!(problems.len(), 1, "{problems:#?}");
    assert_eq!(
        problems[0].message.chinese(),
        "FeatureCollection 的 properties 里地址不能为空（name 建筑名称、address 地址、locality 城市）"
    );
    assert_eq!(
        problems[0].message.english(),
        "The address must not be empty (in the FeatureCollection's properties: name is the building's name, address its street address, locality its city)"
    );
}
