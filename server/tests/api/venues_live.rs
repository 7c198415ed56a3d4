//! The live positioning stream (issue #17) over real HTTP: server-sent events from the real
//! engine on the real hospital, their format, the views (one level, the truth), the seconds
//! missed sent again after a reconnection with `Last-Event-ID`, and the refusals.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::Value;

use crate::support::app::{TestApp, header, items, json_body, spawn_app_with};
use crate::support::fixture::FixtureDist;

const LIVE: &str = "/api/venues/demo-hospital/live";

async fn live_app() -> TestApp {
    spawn_app_with(FixtureDist::new().with_venues().build(), |config| {
        config.venues.live.tags = 10;
    })
    .await
}

/// One parsed event: its id, name and data.
struct Event {
    id: u64,
    name: String,
    data: Value,
}

/// Reads `count` events of the stream at `path` (sent with `headers`), checking the answer's
/// headers; gives up after a minute.
async fn events(app: &TestApp, path: &str, headers: &[(&str, &str)], count: usize) -> Vec<Event> {
    let mut request = app.get(path);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let mut response = request.send().await.expect("request");
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    assert_eq!(
        header(&response, "content-type"),
        "text/event-stream; charset=utf-8"
    );
    assert_eq!(header(&response, "cache-control"), "no-store");
    assert_eq!(header(&response, "x-content-type-options"), "nosniff");
    let mut text = String::new();
    let mut parsed = Vec::new();
    let reading = async {
        while parsed.len() < count {
            let chunk = response.chunk().await.expect("chunk").expect("stream open");
            text.push_str(std::str::from_utf8(&chunk).expect("utf-8"));
            while let Some(end) = text.find("\n\n") {
                let block: String = text.drain(..end + 2).collect();
                if let Some(event) = parse(&block) {
                    parsed.push(event);
                }
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(60), reading)
        .await
        .expect("events within a minute");
    parsed
}

/// An event block, or `None` for the opening (a retry and a comment).
fn parse(block: &str) -> Option<Event> {
    let (mut id, mut name, mut data) = (None, None, None);
    for line in block.lines() {
        match line.split_once(": ") {
            Some(("id", value)) => id = Some(value.parse().expect("numeric id")),
            Some(("event", value)) => name = Some(value.to_owned()),
            Some(("data", value)) => data = Some(serde_json::from_str(value).expect("JSON data")),
            _ => assert!(
                line.is_empty() || line.starts_with(':') || line.starts_with("retry: "),
                "unexpected line {line:?}"
            ),
        }
    }
    Some(Event {
        id: id?,
        name: name.expect("event name"),
        data: data.expect("event data"),
    })
}

#[tokio::test]
async fn the_stream_sends_every_tag_once_a_second_with_the_truth_on_request() {
    let app = live_app().await;
    let seen = events(&app, &format!("{LIVE}?truth=true"), &[], 3).await;
    for pair in seen.windows(2) {
        assert_eq!(pair[1].id, pair[0].id + 1, "one event a second");
    }
    for event in &seen {
        assert_eq!(event.name, "positions");
        assert_eq!(event.data["second"], event.id);
        assert_eq!(event.data["level"], Value::Null);
        let tags = items(&event.data["tags"]);
        assert!(tags.len() >= 8, "{} of 10 tags positioned", tags.len());
        for tag in tags {
            let id = tag["id"].as_str().unwrap();
            let technology = tag["technology"].as_str().unwrap();
            assert!(id.starts_with(&technology.to_uppercase()), "{id}");
            let [lon, lat] = [&tag["point"][0], &tag["point"][1]].map(|v| v.as_f64().unwrap());
            assert!(
                (121.0..122.0).contains(&lon) && (31.0..32.0).contains(&lat),
                "{tag}"
            );
            assert!(tag["spread_m"].as_f64().unwrap() >= 0.0);
            assert!(tag["truth"]["point"].is_array(), "{tag}");
            assert!(["L1", "L2", "L3", "L4"].contains(&tag["level"].as_str().unwrap()));
        }
        let technologies: Vec<&str> = items(&event.data["accuracy"])
            .iter()
            .map(|a| a["technology"].as_str().unwrap())
            .collect();
        assert!(technologies.contains(&"ble"), "{technologies:?}");
    }
    // Without the truth, and one level: only that level's tags, no truth.
    let level = events(&app, &format!("{LIVE}?level=L3"), &[], 1).await;
    for tag in items(&level[0].data["tags"]) {
        assert_eq!(tag["level"], "L3");
        assert!(tag.get("truth").is_none(), "{tag}");
    }
    assert_eq!(level[0].data["level"], "L3");
}

#[tokio::test]
async fn a_reconnection_with_last_event_id_gets_the_seconds_it_missed_first() {
    let app = live_app().await;
    let first = events(&app, LIVE, &[], 4).await;
    let missed_from = first[0].id;
    let again = events(
        &app,
        LIVE,
        &[("last-event-id", &missed_from.to_string())],
        4,
    )
    .await;
    let ids: Vec<u64> = again.iter().map(|e| e.id).collect();
    let expected: Vec<u64> = (missed_from + 1..missed_from + 5).collect();
    assert_eq!(
        ids, expected,
        "the kept seconds after the last one seen, in order"
    );
    // The same second is the same event for everyone: the engine runs once per venue.
    assert_eq!(again[0].data, first[1].data);
}

#[tokio::test]
async fn refusals_name_the_venue_level_or_flag_at_fault() {
    let app = live_app().await;
    for (path, status, code, field) in [
        (
            "/api/venues/demo-mall/live",
            StatusCode::NOT_FOUND,
            "positioning_absent",
            "venue",
        ),
        (
            "/api/venues/nowhere/live",
            StatusCode::NOT_FOUND,
            "venue_unknown",
            "venue",
        ),
        (
            "/api/venues/demo-hospital/live?level=L9",
            StatusCode::UNPROCESSABLE_ENTITY,
            "level_unknown",
            "level",
        ),
        (
            "/api/venues/demo-hospital/live?truth=maybe",
            StatusCode::BAD_REQUEST,
            "boolean_malformed",
            "truth",
        ),
    ] {
        let response = app.fetch(path).await;
        assert_eq!(response.status(), status, "{path}");
        let body = json_body(response).await;
        assert_eq!(body["error"]["code"], code, "{path}");
        assert_eq!(body["error"]["field"], field, "{path}");
        let message = body["error"]["message"].as_str().unwrap();
        assert!(message.contains('场') || message.contains('层') || message.contains("true"));
    }
}
