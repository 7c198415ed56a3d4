//! The shape of each answer of the venue API and the live endpoints (every key, and the kind of every value), against a
//! snapshot in tests/api/answer_shapes/: a field renamed, dropped or turned into another kind
//! fails here, beside the viewer's types generated from the same Rust types
//! (server/src/http/answer_types.rs). `SITE_WRITE_SHAPES=1` writes the snapshots again.

use std::path::Path;

use serde_json::Value;

use crate::support::app::{TestApp, json_body, spawn_app_with};
use crate::support::fixture::FixtureDist;
use crate::support::fixture::venues::{kiosk_id, sample};
use crate::support::sse::events;

const MALL: &str = "/api/venues/demo-mall";

/// Keys sorted, values by kind, lists by their first item (`[]` when empty).
fn shape(value: &Value, indent: usize) -> String {
    let pad = "  ".repeat(indent + 1);
    match value {
        Value::Null => "null".to_owned(),
        Value::Bool(_) => "boolean".to_owned(),
        Value::Number(_) => "number".to_owned(),
        Value::String(_) => "string".to_owned(),
        Value::Array(items) => match items.first() {
            Some(first) => format!("[{}]", shape(first, indent)),
            None => "[]".to_owned(),
        },
        Value::Object(fields) => {
            let mut keys: Vec<&String> = fields.keys().collect();
            keys.sort();
            let lines: Vec<String> = keys
                .into_iter()
                .map(|key| format!("{pad}{key}: {}", shape(&fields[key], indent + 1)))
                .collect();
            format!("{{\n{}\n{}}}", lines.join("\n"), "  ".repeat(indent))
        }
    }
}

async fn answer(app: &TestApp, path: &str) -> Value {
    let response = app.fetch(path).await;
    assert_eq!(response.status(), 200, "{path}");
    json_body(response).await
}

fn check(name: &str, value: &Value) {
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/api/answer_shapes")
        .join(format!("{name}.txt"));
    let shaped = shape(value, 0) + "\n";
    if std::env::var_os("SITE_WRITE_SHAPES").is_some() {
        std::fs::write(&file, &shaped).unwrap();
    }
    let snapshot = std::fs::read_to_string(&file).unwrap_or_default();
    assert_eq!(
        snapshot,
        shaped,
        "the answer '{name}' changed shape ({}); if that is meant, SITE_WRITE_SHAPES=1 writes it again and the viewer's types follow",
        file.display()
    );
}

#[tokio::test]
async fn every_answer_of_the_venue_api_keeps_its_shape() {
    let app = spawn_app_with(FixtureDist::new().with_venues().build(), |_| {}).await;
    check("venue-list", &answer(&app, "/api/venues").await);
    check(
        "search",
        &answer(
            &app,
            &format!("{MALL}/search?q=xbk&near={}", sample("demo-mall", "start")),
        )
        .await,
    );
    let route = format!(
        "{MALL}/route?from={}&to={}",
        sample("demo-mall", "route_from"),
        sample("demo-mall", "route_to")
    );
    check("route", &answer(&app, &route).await);
    check(
        "findcar",
        &answer(&app, &format!("{MALL}/findcar?car=b1-023")).await,
    );
    let kiosk = format!("{MALL}/kiosks/{}", kiosk_id("demo-mall"));
    check("kiosk", &answer(&app, &kiosk).await);
}

#[tokio::test]
async fn every_answer_of_the_live_endpoints_keeps_its_shape() {
    let app = spawn_app_with(FixtureDist::new().with_venues().build(), |_| {}).await;
    check(
        "track",
        &answer(&app, "/api/venues/demo-hospital/tracks/BLE-01").await,
    );
    let yesterday = crate::venues_flow::beijing_date(1);
    check(
        "flow",
        &answer(
            &app,
            &format!("/api/venues/demo-hospital/flow?date={yesterday}"),
        )
        .await,
    );
    let event = events(&app, "/api/venues/demo-hospital/live?truth=true", &[], 1).await;
    let mut data = event[0].data.clone();
    // An SOS press or a fence's event comes some seconds only: its shape is the type's.
    data.as_object_mut()
        .expect("an event is an object")
        .remove("alerts");
    check("live-event", &data);
}
