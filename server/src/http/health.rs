//! `GET /healthz`: answers as soon as the site is loaded and listening. With `?details`, JSON
//! for whoever watches the server: the build served, each venue's version and any venue whose
//! latest files did not load (served in its previous version, or absent), the live engines and
//! streams, and the compute service's counts and memory (issue #30).

use axum::extract::{Request, State};
use axum::response::{IntoResponse, Response};
use http::{HeaderValue, header};
use serde_json::json;

use super::AppState;
use super::cache_policy::CachePolicy;
use super::error::json_response;

pub(super) async fn get_health(State(state): State<AppState>, request: Request) -> Response {
    let details = request
        .uri()
        .query()
        .is_some_and(|query| query.split('&').any(|pair| pair == "details"));
    let mut response = if details {
        json_response(&details_json(&state))
    } else {
        (
            [(
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/plain; charset=utf-8"),
            )],
            "ok\n",
        )
            .into_response()
    };
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, CachePolicy::NoStore.header_value());
    response
}

fn details_json(state: &AppState) -> serde_json::Value {
    let venues: Vec<serde_json::Value> = state
        .venues
        .versions()
        .map(|(id, version)| json!({ "id": id, "version": format!("{version:016x}") }))
        .collect();
    let problems: serde_json::Map<String, serde_json::Value> = state
        .venues
        .problems()
        .map(|(id, why)| (id.to_owned(), why.into()))
        .collect();
    json!({
        "status": if problems.is_empty() { "ok" } else { "degraded" },
        "build": state.site.build_id(),
        "venues": venues,
        "venue_problems": problems,
        "live": {
            "engines": state.positions.engines(),
            "streams": state.streams.open_now(),
        },
        "compute": state.compute.stats(),
        "kept_bytes": state.answers.bytes() + state.flow_days.bytes(),
    })
}
