//! A building as plain GeoJSON (issue #32), over real HTTP against the real server and a real
//! SQLite file: rooms and doors with their levels are uploaded as `application/geo+json`,
//! converted as drawings are, stored and routed through from one level to the other; files that
//! make no building are refused with problems naming the feature, and nothing is stored.

use std::path::Path;

use reqwest::StatusCode;
use serde_json::{Value, json};

use super::buildings::{
    api, app_on, post_private, refusal, route_across_levels, stored_count, urlencoding,
};
use crate::support::app::TestApp;
use crate::support::databases::Backend;

fn office() -> Vec<u8> {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../test-fixtures/geojson/office.geojson");
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

async fn upload_geojson(app: &TestApp, content_type: &str, body: Vec<u8>) -> (StatusCode, Value) {
    post_private(app, "/api/buildings", content_type, body).await
}

#[tokio::test]
async fn the_office_is_uploaded_stored_and_routed_from_level_to_level() {
    let Some((app, url, _data)) = app_on(Backend::Sqlite, |_| {}).await else {
        return;
    };
    let (status, created) = upload_geojson(&app, "application/geo+json", office()).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    assert_eq!(created["name"], "示例办公楼");
    assert_eq!(
        created["levels"],
        json!([{"short": "L1", "name": "一层"}, {"short": "L2", "name": "二层"}])
    );
    assert_eq!(stored_count(&url).await, 1);

    let id = created["id"].as_str().unwrap();
    let (status, info) = api(&app, &format!("/api/buildings/{id}")).await;
    assert_eq!(status, StatusCode::OK, "{info}");
    assert_eq!(info["name"], "示例办公楼");
    assert_eq!(info["levels"].as_array().unwrap().len(), 2, "{info}");

    // From the meeting room on the ground floor to an office upstairs, by the lift or stairs.
    let venue = format!("/api/venues/{id}");
    let (status, meeting) = api(&app, &format!("{venue}/search?q={}", urlencoding("会议室"))).await;
    assert_eq!(status, StatusCode::OK, "{meeting}");
    let (status, office) = api(
        &app,
        &format!("{venue}/search?q={}", urlencoding("办公室 203")),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{office}");
    assert_eq!(office["results"][0]["name"], "办公室 203", "{office}");
    let metres = route_across_levels(&app, &venue, &meeting, &office).await;
    assert!((10.0..80.0).contains(&metres), "{metres} m");
}

/// A FeatureCollection of `features` with the building's properties.
fn collection(features: &Value) -> Vec<u8> {
    json!({"type": "FeatureCollection",
        "properties": {"name": "测试楼", "address": "示例路 1 号", "locality": "上海市"},
        "features": features})
    .to_string()
    .into_bytes()
}

fn square(properties: &Value, coordinates: &Value) -> Value {
    json!({"type": "Feature", "id": "r1", "properties": properties,
        "geometry": {"type": "Polygon", "coordinates": coordinates}})
}

#[tokio::test]
async fn files_that_make_no_building_are_refused_and_nothing_is_stored() {
    let Some((app, url, _data)) = app_on(Backend::Sqlite, |_| {}).await else {
        return;
    };
    let ring = json!([[
        [121.47, 31.23],
        [121.4701, 31.23],
        [121.4701, 31.2301],
        [121.47, 31.2301],
        [121.47, 31.23]
    ]]);
    let bow = json!([[
        [121.47, 31.23],
        [121.4701, 31.2301],
        [121.4701, 31.23],
        [121.47, 31.2301],
        [121.47, 31.23]
    ]]);
    let door = json!({"type": "Feature", "id": "d1", "properties": {"level": "L1", "door": true},
        "geometry": {"type": "LineString", "coordinates": [[121.47, 31.23], [121.470005, 31.23]]}});
    let cases: Vec<(&str, Vec<u8>, &str, &str)> = vec![
        ("not JSON", b"PK\x03\x04 a zip".to_vec(), "dxf-unreadable", "不是 JSON"),
        (
            "a room without level",
            collection(&json!([square(&json!({"name": "办公室"}), &ring)])),
            "dxf-mapping",
            "要素 r1（features[0]）没有 level 属性",
        ),
        (
            "NaN coordinates",
            br#"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"level": "L1"}, "geometry": {"type": "Polygon", "coordinates": [[[NaN, NaN], [121.4701, 31.23], [121.4701, 31.2301], [NaN, NaN]]]}}]}"#.to_vec(),
            "dxf-unreadable",
            "NaN",
        ),
        (
            "a self-intersecting room",
            collection(&json!([square(&json!({"level": "L1"}), &bow)])),
            "dxf-room",
            "要素 r1（features[0]，楼层 L1）的边线自相交",
        ),
        (
            "doors only",
            collection(&json!([door])),
            "dxf-mapping",
            "楼层 L1 只有门，没有房间",
        ),
    ];
    for (what, body, rule, words) in cases {
        let (status, answer) = upload_geojson(&app, "application/geo+json", body).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{what}: {answer}");
        assert_eq!(refusal(&answer).0, "building_invalid", "{what}: {answer}");
        let problem = &answer["error"]["problems"][0];
        assert_eq!(problem["file"], "building.geojson", "{what}: {answer}");
        assert_eq!(problem["rule"], rule, "{what}: {answer}");
        assert!(
            problem["message"].as_str().unwrap().contains(words),
            "{what}: {answer}"
        );
    }

    // Plain JSON is taken as GeoJSON too; a body over the upload limit is refused unread.
    let (status, answer) = upload_geojson(&app, "application/json", b"[]".to_vec()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(refusal(&answer).0, "building_invalid", "{answer}");
    let message = answer["error"]["problems"][0]["message"].as_str().unwrap();
    assert!(message.contains("FeatureCollection"), "{answer}");
    let huge = vec![b' '; 25 * 1024 * 1024];
    let (status, answer) = upload_geojson(&app, "application/geo+json", huge).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{answer}");
    assert_eq!(refusal(&answer).0, "building_too_large");
    assert_eq!(stored_count(&url).await, 0);
}
