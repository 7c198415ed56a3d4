//! A building drawn in CAD (issue #32), over real HTTP against the real server and a real SQLite
//! file: a DXF drawing is read for its layers and unit, then uploaded with its mapping as
//! `multipart/form-data`, stored and routed through like an IMDF upload; drawings that cannot
//! make a building are refused with problems naming the file, the entity's handle and layer,
//! and nothing is stored.

use std::path::Path;

use reqwest::StatusCode;
use serde_json::{Value, json};

use super::buildings::{
    api, app_on, post_private, refusal, route_across_levels, stored_count, urlencoding,
};
use crate::support::app::TestApp;
use crate::support::databases::Backend;

fn fixture(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../test-fixtures/dxf")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

async fn inspect(app: &TestApp, bytes: Vec<u8>) -> (StatusCode, Value) {
    post_private(app, "/api/buildings/drawings", "application/dxf", bytes).await
}

const BOUNDARY: &str = "----drawings-test-boundary";

/// A `multipart/form-data` body of `parts`: (name, file name, bytes).
fn multipart(parts: &[(&str, Option<&str>, &[u8])]) -> Vec<u8> {
    let mut body = Vec::new();
    for (name, file, bytes) in parts {
        body.extend_from_slice(format!("--{BOUNDARY}\r\n").as_bytes());
        let disposition = match file {
            Some(file) => format!("form-data; name=\"{name}\"; filename=\"{file}\""),
            None => format!("form-data; name=\"{name}\""),
        };
        body.extend_from_slice(format!("Content-Disposition: {disposition}\r\n\r\n").as_bytes());
        body.extend_from_slice(bytes);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{BOUNDARY}--\r\n").as_bytes());
    body
}

async fn upload_drawings(app: &TestApp, body: Vec<u8>) -> (StatusCode, Value) {
    let content_type = format!("multipart/form-data; boundary={BOUNDARY}");
    post_private(app, "/api/buildings", &content_type, body).await
}

/// The mapping a visitor who accepts every suggestion of `summary` sends for one level.
fn accepted(summary: &Value, file: &str, unit: Option<&str>) -> Value {
    let layers: serde_json::Map<String, Value> = summary["layers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|layer| {
            (
                layer["name"].as_str().unwrap().to_owned(),
                layer["suggested"].clone(),
            )
        })
        .collect();
    json!({
        "venue_name": "示例办公楼",
        "address": {"address": "示例路 1 号", "locality": "上海市", "province": "CN-SH", "country": "CN"},
        "placement": {"at": [0.0, 0.0], "lon": 121.5, "lat": 31.2, "rotation_deg": 30.0},
        "levels": [{
            "file": file, "name": "一层", "short_name": "L1", "ordinal": 0,
            "layers": layers, "unit": unit, "known_length": null
        }]
    })
}

#[tokio::test]
async fn a_drawing_is_read_mapped_uploaded_and_routed_through() {
    let Some((app, url, _data)) = app_on(Backend::Sqlite, |_| {}).await else {
        return;
    };
    let drawing = fixture("office-mm.dxf");
    let (status, summary) = inspect(&app, drawing.clone()).await;
    assert_eq!(status, StatusCode::OK, "{summary}");
    assert_eq!(summary["unit"], "millimetre");
    let suggested = |name: &str| {
        summary["layers"]
            .as_array()
            .unwrap()
            .iter()
            .find(|layer| layer["name"] == name)
            .map(|layer| layer["suggested"].clone())
            .unwrap_or_else(|| panic!("layer {name}: {summary}"))
    };
    for (layer, meaning) in [
        ("WALL", "wall"),
        ("ROOM", "room"),
        ("DOOR", "door"),
        ("TEXT", "text"),
    ] {
        assert_eq!(suggested(layer), meaning);
    }
    let room = summary["layers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|layer| layer["name"] == "ROOM")
        .unwrap();
    assert_eq!(room["closed_polylines"], 6, "{room}");
    uploaded_and_routed(&app, &url, &drawing, &summary).await;
}

/// The same office as an architect's CAD draws it, walls as lines with door blocks in their
/// gaps and no room outlines: its rooms are the spaces the walls enclose, named by their texts.
#[tokio::test]
async fn a_drawing_of_wall_lines_only_becomes_rooms_and_is_routed_through() {
    let Some((app, url, _data)) = app_on(Backend::Sqlite, |_| {}).await else {
        return;
    };
    let drawing = fixture("office-walls.dxf");
    let (status, summary) = inspect(&app, drawing.clone()).await;
    assert_eq!(status, StatusCode::OK, "{summary}");
    uploaded_and_routed(&app, &url, &drawing, &summary).await;
}

/// Uploads the office drawing with every suggestion taken, then searches it for two rooms on
/// the two sides of its corridor and routes between them.
async fn uploaded_and_routed(app: &TestApp, url: &str, drawing: &[u8], summary: &Value) {
    let mapping = accepted(summary, "office.dxf", None).to_string();
    let body = multipart(&[
        ("mapping", None, mapping.as_bytes()),
        ("drawing", Some("office.dxf"), drawing),
    ]);
    let (status, created) = upload_drawings(app, body).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    assert_eq!(created["name"], "示例办公楼");
    assert_eq!(created["levels"], json!([{"short": "L1", "name": "一层"}]));
    assert_eq!(stored_count(url).await, 1);

    // On the map and routed through as the demo's venues are.
    let id = created["id"].as_str().unwrap();
    let venue = format!("/api/venues/{id}");
    let found = |answer: &Value| answer["results"][0]["id"].as_str().unwrap().to_owned();
    let (status, desk) = api(app, &format!("{venue}/search?q={}", urlencoding("前台"))).await;
    assert_eq!(status, StatusCode::OK, "{desk}");
    let (_, training) = api(app, &format!("{venue}/search?q=peixunshi")).await;
    let (status, route) = api(
        app,
        &format!(
            "{venue}/route?from={}&to={}",
            found(&desk),
            found(&training)
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{route}");
    let metres = route["distance_m"].as_f64().unwrap();
    assert!((20.0..40.0).contains(&metres), "{metres} m");
}

/// The mall's levels as the generator draws them: short name and ordinal.
const MALL_LEVELS: [(&str, i64); 7] = [
    ("B2", -2),
    ("B1", -1),
    ("L1", 0),
    ("L2", 1),
    ("L3", 2),
    ("L4", 3),
    ("L5", 4),
];

#[tokio::test]
async fn the_demo_mall_drawn_level_by_level_routes_from_the_car_park_to_the_top_floor() {
    let Some((app, _url, _data)) = app_on(Backend::Sqlite, |_| {}).await else {
        return;
    };
    let mut levels = Vec::new();
    let mut drawings = Vec::new();
    for (short, ordinal) in MALL_LEVELS {
        let file = format!("demo-mall-{short}.dxf");
        let bytes = fixture(&file);
        let (status, summary) = inspect(&app, bytes.clone()).await;
        assert_eq!(status, StatusCode::OK, "{file}: {summary}");
        let mut level = accepted(&summary, &file, None)["levels"][0].clone();
        level["short_name"] = Value::from(short);
        level["name"] = Value::from(format!("{short} 层"));
        level["ordinal"] = Value::from(ordinal);
        levels.push(level);
        drawings.push((file, bytes));
    }
    let mut mapping = accepted(&json!({"layers": []}), "", None);
    mapping["venue_name"] = Value::from("图纸里的购物中心");
    mapping["levels"] = Value::from(levels);
    let mapping = mapping.to_string();
    let mut parts: Vec<(&str, Option<&str>, &[u8])> = vec![("mapping", None, mapping.as_bytes())];
    for (file, bytes) in &drawings {
        parts.push(("drawing", Some(file), bytes));
    }
    let (status, created) = upload_drawings(&app, multipart(&parts)).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    assert_eq!(created["levels"].as_array().unwrap().len(), 7, "{created}");

    // From a parking space two floors down to a restaurant on the top floor, by lift or stairs.
    let venue = format!("/api/venues/{}", created["id"].as_str().unwrap());
    let (_, space) = api(&app, &format!("{venue}/search?q=B2-015")).await;
    let (_, restaurant) = api(&app, &format!("{venue}/search?q=haidilao")).await;
    let metres = route_across_levels(&app, &venue, &space, &restaurant).await;
    assert!((100.0..250.0).contains(&metres), "{metres} m");
}

#[tokio::test]
async fn drawings_that_make_no_building_are_refused_and_nothing_is_stored() {
    let Some((app, url, _data)) = app_on(Backend::Sqlite, |_| {}).await else {
        return;
    };
    // Not a drawing at all, and a DWG: read and refused, saying what to do.
    let (status, body) = inspect(&app, b"hello".to_vec()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(refusal(&body).0, "building_refused");
    assert!(refusal(&body).1.contains("不是 DXF 文件"), "{body}");
    let (status, body) = inspect(&app, b"AC1027\0\0\0\0".to_vec()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(refusal(&body).1.contains("另存为"), "{body}");

    // Open outlines on the room layer: each named by its handle and layer.
    let open = fixture("no-closed-room.dxf");
    let (_, summary) = inspect(&app, open.clone()).await;
    let mapping = accepted(&summary, "open.dxf", None).to_string();
    let (status, body) = upload_drawings(
        &app,
        multipart(&[
            ("mapping", None, mapping.as_bytes()),
            ("drawing", Some("open.dxf"), &open),
        ]),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(refusal(&body).0, "building_invalid");
    let problems = body["error"]["problems"].as_array().unwrap();
    assert_eq!(problems.len(), 6, "{body}");
    for problem in problems {
        assert_eq!(problem["file"], "open.dxf");
        assert_eq!(problem["field"], "ROOM");
        assert_eq!(problem["rule"], "dxf-room");
        let handle = problem["feature"].as_str().unwrap();
        assert!(
            problem["message"].as_str().unwrap().contains(handle),
            "{problem}"
        );
    }

    // No unit in the drawing and none given.
    let unitless = fixture("unitless.dxf");
    let (_, summary) = inspect(&app, unitless.clone()).await;
    assert_eq!(summary["unit"], Value::Null);
    let mapping = accepted(&summary, "plan.dxf", None).to_string();
    let parts = |mapping: &str| {
        multipart(&[
            ("mapping", None, mapping.as_bytes()),
            ("drawing", Some("plan.dxf"), &unitless),
        ])
    };
    let (status, body) = upload_drawings(&app, parts(&mapping)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["error"]["problems"][0]["rule"], "dxf-unit", "{body}");

    // A mapping that does not go with the drawings, or is no mapping.
    let elsewhere = accepted(&summary, "other.dxf", Some("metre")).to_string();
    for (body, expected) in [
        (parts(&elsewhere), "other.dxf"),
        (parts("{\"venue_name\": 1}"), "mapping"),
        (
            multipart(&[("drawing", Some("plan.dxf"), &unitless)]),
            "mapping",
        ),
        (multipart(&[("mapping", None, mapping.as_bytes())]), "图纸"),
        (b"--nothing".to_vec(), "表单"),
    ] {
        let (status, answer) = upload_drawings(&app, body).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
        assert_eq!(refusal(&answer).0, "building_refused", "{answer}");
        assert!(refusal(&answer).1.contains(expected), "{answer}");
    }
    assert_eq!(stored_count(&url).await, 0);
}

/// A drawing of more objects than the limit is refused before it is parsed, whether read for its
/// mapping or uploaded with it; nothing is stored.
#[tokio::test]
async fn a_drawing_of_too_many_objects_is_refused_before_it_is_parsed() {
    let Some((app, url, _data)) = app_on(Backend::Sqlite, |config| {
        config.buildings.max_drawing_objects = 50;
    })
    .await
    else {
        return;
    };
    let drawing = fixture("office-mm.dxf");
    let (status, body) = inspect(&app, drawing.clone()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(refusal(&body).0, "building_refused");
    assert!(refusal(&body).1.contains("超过了 50 个的上限"), "{body}");

    let layers = json!({"layers": [{"name": "ROOM", "suggested": "room"}]});
    let mapping = accepted(&layers, "office.dxf", None).to_string();
    let (status, body) = upload_drawings(
        &app,
        multipart(&[
            ("mapping", None, mapping.as_bytes()),
            ("drawing", Some("office.dxf"), &drawing),
        ]),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["error"]["problems"][0]["file"], "office.dxf", "{body}");
    assert_eq!(body["error"]["problems"][0]["rule"], "dxf-unreadable");
    assert!(
        body["error"]["problems"][0]["message"]
            .as_str()
            .unwrap()
            .contains("超过了 50 个的上限"),
        "{body}"
    );
    assert_eq!(stored_count(&url).await, 0);
}

/// 300 rooms without a door: the answer counts every problem and lists the first 200.
#[tokio::test]
async fn a_drawing_of_many_problems_lists_the_first_two_hundred() {
    let Some((app, url, _data)) = app_on(Backend::Sqlite, |_| {}).await else {
        return;
    };
    let mut dxf = String::from("0\nSECTION\n2\nHEADER\n9\n$INSUNITS\n70\n6\n0\nENDSEC\n");
    dxf.push_str("0\nSECTION\n2\nENTITIES\n");
    for i in 0..300 {
        let (x, y) = (f64::from(i % 20) * 6.0, f64::from(i / 20) * 6.0);
        dxf.push_str(&format!(
            "0\nLWPOLYLINE\n8\nROOM\n90\n4\n70\n1\n10\n{x}\n20\n{y}\n10\n{}\n20\n{y}\n10\n{}\n20\n{}\n10\n{x}\n20\n{}\n",
            x + 4.0,
            x + 4.0,
            y + 4.0,
            y + 4.0
        ));
    }
    dxf.push_str("0\nENDSEC\n0\nEOF\n");
    let layers = json!({"layers": [{"name": "ROOM", "suggested": "room"}]});
    let mapping = accepted(&layers, "rooms.dxf", None).to_string();
    let (status, body) = upload_drawings(
        &app,
        multipart(&[
            ("mapping", None, mapping.as_bytes()),
            ("drawing", Some("rooms.dxf"), dxf.as_bytes()),
        ]),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(refusal(&body).1.contains("300 处问题"), "{body}");
    let problems = body["error"]["problems"].as_array().unwrap();
    assert_eq!(problems.len(), 200);
    assert!(
        problems
            .iter()
            .all(|p| p["rule"] == "dxf-room-without-door"),
        "{body}"
    );
    assert_eq!(stored_count(&url).await, 0);
}

/// One client sends one upload at a time: while its slow upload is still arriving, its second
/// is refused as busy with `Retry-After`; another client's goes through; once the first
/// connection is gone, the client may send again.
#[tokio::test]
async fn a_client_sends_one_upload_at_a_time() {
    use tokio::io::AsyncWriteExt;
    // Off: the test asks again and again until the slow upload is being received.
    let Some((app, _url, _data)) = app_on(Backend::Sqlite, |config| {
        config.venues.rate_limit.per_second = 0;
    })
    .await
    else {
        return;
    };
    // The slow upload starts alone: had it arrived while a request below was being received,
    // it would itself have been the one refused. It is being received once the server has not
    // answered it for a while.
    let mut slow = None;
    for _ in 0..20 {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind(([127, 0, 0, 1], 0).into()).unwrap();
        let mut started = socket.connect(app.address).await.unwrap();
        started.write_all(
            b"POST /api/buildings/drawings HTTP/1.1\r\nHost: www.indora.com\r\nContent-Type: application/dxf\r\nContent-Length: 100000\r\n\r\n0\nSECTION\n",
        )
        .await
        .unwrap();
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        let mut answer = [0u8; 64];
        match started.try_read(&mut answer) {
            Err(error) if error.kind() == std::io::ErrorKind::WouldBlock => {
                slow = Some(started);
                break;
            }
            _ => continue,
        }
    }
    let slow = slow.expect("the slow upload is being received");
    let drawing = fixture("office-mm.dxf");
    // Until the server is receiving the slow upload: up to 10 s on a loaded machine.
    let busy = || async {
        for _ in 0..500 {
            let (status, body) = inspect(&app, drawing.clone()).await;
            if status == StatusCode::SERVICE_UNAVAILABLE {
                return body;
            }
            assert_eq!(status, StatusCode::OK, "{body}");
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        panic!("the second upload was never refused");
    };
    assert_eq!(refusal(&busy().await).0, "busy");

    // Another client (another loopback address, as the server sees it) is not held up.
    let other = reqwest::Client::builder()
        .local_address(std::net::IpAddr::from([127, 0, 0, 2]))
        .build()
        .unwrap();
    let response = other
        .post(app.url("/api/buildings/drawings"))
        .header("content-type", "application/dxf")
        .body(drawing.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);

    drop(slow);
    let mut status = StatusCode::SERVICE_UNAVAILABLE;
    for _ in 0..500 {
        status = inspect(&app, drawing.clone()).await.0;
        if status == StatusCode::OK {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(status, StatusCode::OK);
}
