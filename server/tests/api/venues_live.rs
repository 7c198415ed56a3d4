//! The live positioning stream (issue #17) over real HTTP: server-sent events from the real
//! engine on the real hospital, their format, the views (one level, the truth), the seconds
//! missed sent again after a reconnection with `Last-Event-ID`, and the refusals.

use reqwest::StatusCode;
use serde_json::Value;

use crate::support::app::{TestApp, header, items, json_body, spawn_app_with};
use crate::support::fixture::FixtureDist;
use crate::support::sse::{Event, events};

const LIVE: &str = "/api/venues/demo-hospital/live";

async fn live_app() -> TestApp {
    spawn_app_with(FixtureDist::new().with_venues().build(), |config| {
        config.venues.live.tags = 10;
    })
    .await
}

/// Reads the stream until `count` events named `name` have come.
async fn events_named(app: &TestApp, path: &str, name: &str, count: usize) -> Vec<Event> {
    let mut wanted = Vec::new();
    let mut read = 0;
    while wanted.len() < count {
        read += 1;
        let all = events(app, path, &[], read * 4).await;
        wanted = all.into_iter().filter(|e| e.name == name).collect();
        assert!(read < 8, "no {name} events in {} events", read * 4);
    }
    wanted
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

fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

/// A track is computed again from the seed and the time: for the seconds the stream sent, it
/// says what the stream said, and it reaches back a day without anything kept in memory.
#[tokio::test]
async fn a_tags_track_repeats_what_the_stream_sent_and_reaches_back_a_day() {
    let app = live_app().await;
    let seen = events(&app, &format!("{LIVE}?truth=true"), &[], 2).await;
    let last = &seen[1];
    let tag = &items(&last.data["tags"])[0];
    let id = tag["id"].as_str().unwrap();
    let path = format!(
        "/api/venues/demo-hospital/tracks/{id}?from={}&to={}",
        last.id - 30,
        last.id
    );
    let response = app.fetch(&path).await;
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    let track = json_body(response).await;
    assert_eq!(track["tag"], id);
    assert_eq!(track["technology"], tag["technology"]);
    let points = items(&track["points"]);
    assert!(points.len() >= 25, "{} points", points.len());
    let final_point = points.last().unwrap();
    assert_eq!(final_point["second"], last.id);
    assert_eq!(final_point["point"], tag["point"], "the stream's estimate");
    assert_eq!(final_point["truth"], tag["truth"], "the stream's truth");

    // 23 hours ago, a minute: as many points, none stored.
    let from = now() - 23 * 3_600;
    let old = app
        .fetch(&format!(
            "/api/venues/demo-hospital/tracks/{id}?from={from}&to={}",
            from + 59
        ))
        .await;
    assert_eq!(old.status(), StatusCode::OK);
    let old = json_body(old).await;
    assert!(items(&old["points"]).len() >= 55);

    // Exports: GeoJSON stretches per level, CSV with every cell quoted, both as downloads.
    let geojson = app.fetch(&format!("{path}&format=geojson")).await;
    assert_eq!(header(&geojson, "content-type"), "application/geo+json");
    assert!(header(&geojson, "content-disposition").starts_with("attachment; filename="));
    let geojson = json_body(geojson).await;
    assert_eq!(geojson["type"], "FeatureCollection");
    let feature = &items(&geojson["features"])[0];
    assert!(["LineString", "Point"].contains(&feature["geometry"]["type"].as_str().unwrap()));
    assert_eq!(feature["properties"]["tag"], id);
    let csv = app.fetch(&format!("{path}&format=csv")).await;
    assert_eq!(header(&csv, "content-type"), "text/csv; charset=utf-8");
    let text = csv.text().await.unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("\"second\",\"tag\",\"level\""),
        "{}",
        lines[0]
    );
    assert_eq!(lines.len(), points.len() + 1);
    for line in &lines {
        assert!(line.starts_with('"') && line.ends_with('"'), "{line}");
    }
}

#[tokio::test]
async fn track_refusals_name_the_tag_time_span_or_format_at_fault() {
    let app = live_app().await;
    let now = now();
    let tracks = "/api/venues/demo-hospital/tracks";
    for (path, status, code, field) in [
        (
            format!("{tracks}/BLE-99"),
            StatusCode::NOT_FOUND,
            "tag_unknown",
            "tag",
        ),
        (
            format!("{tracks}/BLE-01?from=yesterday"),
            StatusCode::BAD_REQUEST,
            "time_malformed",
            "from",
        ),
        (
            format!(
                "{tracks}/BLE-01?from={}&to={}",
                now - 25 * 3_600,
                now - 24 * 3_600 - 60
            ),
            StatusCode::UNPROCESSABLE_ENTITY,
            "track_range",
            "from",
        ),
        (
            format!("{tracks}/BLE-01?from={}&to={}", now - 7_200, now - 60),
            StatusCode::UNPROCESSABLE_ENTITY,
            "track_range",
            "from",
        ),
        (
            format!("{tracks}/BLE-01?format=kml"),
            StatusCode::BAD_REQUEST,
            "format_unknown",
            "format",
        ),
        (
            "/api/venues/demo-mall/tracks/BLE-01".to_owned(),
            StatusCode::NOT_FOUND,
            "positioning_absent",
            "venue",
        ),
    ] {
        let response = app.fetch(&path).await;
        assert_eq!(response.status(), status, "{path}");
        let body = json_body(response).await;
        assert_eq!(body["error"]["code"], code, "{path}");
        assert_eq!(body["error"]["field"], field, "{path}");
        assert!(!body["error"]["message"].as_str().unwrap().contains('{'));
    }
}

/// A fence drawn around a tag raises its entry within seconds: the alert names the tag, the
/// fence, the second and the level. SOS presses arrive in the positions events.
#[tokio::test]
async fn a_drawn_fence_around_a_tag_raises_its_entry() {
    let app = live_app().await;
    let first = events(&app, &format!("{LIVE}?level=L1"), &[], 1).await;
    let tags = items(&first[0].data["tags"]);
    assert!(!tags.is_empty(), "tags on L1");
    // About 30 m around the first tag.
    let [lon, lat] = [&tags[0]["point"][0], &tags[0]["point"][1]].map(|v| v.as_f64().unwrap());
    let d = 0.0003;
    let fence = format!(
        "{},{};{},{};{},{};{},{}",
        lon - d,
        lat - d,
        lon + d,
        lat - d,
        lon + d,
        lat + d,
        lon - d,
        lat + d
    );
    let path = format!("{LIVE}?level=L1&fence={fence}&dwell=1");
    let alerts = events_named(&app, &path, "alert", 1).await;
    let alert = &alerts[0].data;
    assert_eq!(alert["kind"], "enter", "{alert}");
    assert_eq!(alert["fence"], "drawn");
    assert_eq!(alert["level"], "L1");
    assert!(alert["tag"].as_str().unwrap().contains('-'));
    assert!(alert["second"].as_u64().unwrap() >= first[0].id);
    for event in events(&app, LIVE, &[], 1).await {
        assert!(event.data["alerts"].is_array());
    }
}

#[tokio::test]
async fn a_fence_without_a_level_or_with_too_few_corners_is_refused() {
    let app = live_app().await;
    for (query, code, field) in [
        (
            "fence=121.4,31.17;121.5,31.17;121.5,31.18",
            "fence_malformed",
            "fence",
        ),
        (
            "level=L1&fence=121.4,31.17;121.5,31.17",
            "fence_malformed",
            "fence",
        ),
        (
            "level=L1&fence=121.4,31.17;121.5,x;121.5,31.18",
            "fence_malformed",
            "fence",
        ),
        (
            "level=L1&fence=121.4,31.17;121.5,31.17;121.5,31.18&dwell=0",
            "dwell_malformed",
            "dwell",
        ),
    ] {
        let response = app.fetch(&format!("{LIVE}?{query}")).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{query}");
        let body = json_body(response).await;
        assert_eq!(body["error"]["code"], code, "{query}");
        assert_eq!(body["error"]["field"], field, "{query}");
    }
}
