//! The flow analytics (issue #17) over real HTTP: a day of the hospital's simulated visitors,
//! its hours, zones and heat map, the same answer for the same day, and the refusals.

use std::time::Duration;

use base64::Engine as _;
use reqwest::StatusCode;
use serde_json::Value;

use crate::support::app::{TestApp, header, json_body, spawn_app_with};
use crate::support::fixture::FixtureDist;

const FLOW: &str = "/api/venues/demo-hospital/flow";

async fn flow_app() -> TestApp {
    spawn_app_with(FixtureDist::new().with_venues().build(), |_| {}).await
}

/// Beijing's date `back` days before today, as the API writes it.
pub(crate) fn beijing_date(back: u64) -> String {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("after 1970")
        .as_secs();
    let midnight = ((now + 8 * 3_600) / 86_400 - back) * 86_400;
    // "Wed, 25 Nov 2026 00:00:00 GMT"
    let text = httpdate::fmt_http_date(std::time::UNIX_EPOCH + Duration::from_secs(midnight));
    let parts: Vec<&str> = text.split(' ').collect();
    let months = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let month = months.iter().position(|m| *m == parts[2]).expect("a month") + 1;
    format!("{}-{month:02}-{}", parts[3], parts[1])
}

async fn get_json(app: &TestApp, path: &str) -> (StatusCode, Value) {
    let response = app.get(path).send().await.expect("request");
    let status = response.status();
    (status, json_body(response).await)
}

#[tokio::test]
async fn a_past_day_has_every_hour_every_department_and_a_heat_map() {
    let app = flow_app().await;
    let date = beijing_date(1);
    let (status, day) = get_json(&app, &format!("{FLOW}?date={date}&level=L2")).await;
    assert_eq!(status, StatusCode::OK, "{day}");
    assert_eq!(day["date"], date.as_str());
    assert_eq!(day["hours_counted"], 24);
    let arrivals: Vec<u64> = serde_json::from_value(day["arrivals"].clone()).unwrap();
    assert_eq!(arrivals.len(), 24);
    assert_eq!(day["visitors"], arrivals.iter().sum::<u64>());
    // The hospital registers from seven; nobody comes in the night.
    assert!(arrivals[..7].iter().all(|&n| n == 0), "{arrivals:?}");
    assert!(arrivals[8] > 100, "{arrivals:?}");
    let zones = day["zones"].as_array().unwrap();
    assert_eq!(zones.len(), 38, "every department of the building");
    let visitors: Vec<u64> = zones
        .iter()
        .map(|z| z["visitors"].as_u64().unwrap())
        .collect();
    assert!(visitors.windows(2).all(|w| w[0] >= w[1]), "busiest first");
    for zone in zones {
        let visits: Vec<u64> = serde_json::from_value(zone["visits"].clone()).unwrap();
        assert_eq!(
            visits.iter().sum::<u64>(),
            zone["visitors"].as_u64().unwrap()
        );
        assert!(zone["name"].is_string() && zone["level"].is_string());
        let median = zone["dwell_median_s"].as_u64().unwrap();
        assert!((5 * 60..60 * 60).contains(&median), "{zone}");
    }
    assert!(day["parking"].is_null(), "the building has no car park");
    let heat = &day["heat"];
    assert_eq!(heat["level"], "L2");
    let (columns, rows) = (
        heat["columns"].as_u64().unwrap(),
        heat["rows"].as_u64().unwrap(),
    );
    let cells = base64::engine::general_purpose::STANDARD
        .decode(heat["cells"].as_str().unwrap())
        .unwrap();
    assert_eq!(cells.len() as u64, columns * rows);
    assert_eq!(
        cells.iter().max(),
        Some(&255),
        "the warmest cell is the scale's top"
    );
    let warm = cells.iter().filter(|&&c| c > 0).count();
    assert!(
        warm > 50 && warm < cells.len(),
        "{warm} of {} cells",
        cells.len()
    );
    let (sw, ne) = (&heat["south_west"], &heat["north_east"]);
    assert!(sw[0].as_f64() < ne[0].as_f64() && sw[1].as_f64() < ne[1].as_f64());

    // The same day again is the same answer, from any replica with the seed.
    let (_, again) = get_json(&app, &format!("{FLOW}?date={date}&level=L2")).await;
    assert_eq!(again, day);
    let compressed = app
        .fetch_encoded(&format!("{FLOW}?date={date}&level=L2"), "gzip")
        .await;
    assert_eq!(header(&compressed, "content-encoding"), "gzip");
    let (_, other_level) = get_json(&app, &format!("{FLOW}?date={date}&level=L3")).await;
    assert_eq!(other_level["zones"], day["zones"]);
    assert_ne!(other_level["heat"]["cells"], heat["cells"]);
}

#[tokio::test]
async fn today_is_counted_to_the_last_full_hour() {
    let app = flow_app().await;
    let (status, today) = get_json(&app, FLOW).await;
    assert_eq!(status, StatusCode::OK, "{today}");
    assert_eq!(today["date"], beijing_date(0).as_str());
    let hours = today["hours_counted"].as_u64().unwrap();
    assert!(hours < 24);
    let arrivals: Vec<u64> = serde_json::from_value(today["arrivals"].clone()).unwrap();
    assert!(
        arrivals[hours as usize..].iter().all(|&n| n == 0),
        "{arrivals:?}"
    );
    assert_eq!(
        today["heat"]["level"], "L1",
        "the first level a visitor walks"
    );
}

#[tokio::test]
async fn refusals_name_the_field_and_say_why() {
    let app = flow_app().await;
    let cases = [
        (
            "/api/venues/demo-mall/flow",
            StatusCode::NOT_FOUND,
            "flow_absent",
            "venue",
        ),
        (
            "/api/venues/nowhere/flow",
            StatusCode::NOT_FOUND,
            "venue_unknown",
            "venue",
        ),
        (
            &format!("{FLOW}?date=2026-02-30"),
            StatusCode::BAD_REQUEST,
            "date_malformed",
            "date",
        ),
        (
            &format!("{FLOW}?date=yesterday"),
            StatusCode::BAD_REQUEST,
            "date_malformed",
            "date",
        ),
        (
            &format!("{FLOW}?date={}", beijing_date(8)),
            StatusCode::UNPROCESSABLE_ENTITY,
            "date_range",
            "date",
        ),
        (
            &format!("{FLOW}?level=L9"),
            StatusCode::UNPROCESSABLE_ENTITY,
            "level_unknown",
            "level",
        ),
        (
            &format!("{FLOW}?at=24"),
            StatusCode::BAD_REQUEST,
            "hour_malformed",
            "at",
        ),
    ];
    for (path, status, code, field) in cases {
        let (got, body) = get_json(&app, path).await;
        assert_eq!(got, status, "{path}: {body}");
        assert_eq!(body["error"]["code"], code, "{path}");
        assert_eq!(body["error"]["field"], field, "{path}");
        let message = body["error"]["message"].as_str().unwrap();
        assert!(!message.is_empty() && !message.contains('{'), "{message}");
    }
}
