//! `GET /healthz`: answers as soon as the site is loaded and listening. With `?details`, JSON
//! for whoever watches the server: the build served, each venue's version and any venue whose
//! latest files did not load (served in its previous version, or absent), the live engines and
//! streams, and the compute service's counts and memory (issue #30).

use axum::extract::{Request, State};
use axum::response::{IntoResponse, Response};
use http::{HeaderValue, header};
use std::collections::BTreeMap;

use serde::Serialize;

use super::AppState;
use super::cache_policy::CachePolicy;
use super::error::json_response;
use crate::compute::ComputeStats;

pub(super) async fn get_health(State(state): State<AppState>, request: Request) -> Response {
    let details = request
        .uri()
        .query()
        .is_some_and(|query| query.split('&').any(|pair| pair == "details"));
    let mut response = if details {
        json_response(&details_of(&state))
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

/// `/healthz?details`.
#[derive(Serialize)]
struct Details<'a> {
    /// `ok`, or `degraded` when a venue's latest files did not load.
    status: &'static str,
    build: String,
    venues: Vec<VenueVersion<'a>>,
    /// Venue id -> why its latest files did not load.
    venue_problems: BTreeMap<&'a str, &'a str>,
    live: Live,
    compute: ComputeStats,
    /// What the answers' and the flow days' caches hold.
    kept_bytes: usize,
    /// Buildings visitors brought whose engine and map this server holds now.
    buildings_loaded: usize,
    /// Device plans run since start.
    plans_computed: u64,
}

#[derive(Serialize)]
struct VenueVersion<'a> {
    id: &'a str,
    /// The version as 16 hex digits.
    version: String,
}

#[derive(Serialize)]
struct Live {
    engines: usize,
    streams: u64,
}

fn details_of(state: &AppState) -> Details<'_> {
    let venue_problems: BTreeMap<&str, &str> = state.venues.problems().collect();
    Details {
        status: if venue_problems.is_empty() {
            "ok"
        } else {
            "degraded"
        },
        build: state.site.build_id(),
        venues: state
            .venues
            .versions()
            .map(|(id, version)| VenueVersion {
                id,
                version: format!("{version:016x}"),
            })
            .collect(),
        venue_problems,
        live: Live {
            engines: state.positions.engines(),
            streams: state.streams.open_now(),
        },
        compute: state.compute.stats(),
        kept_bytes: state.answers.bytes() + state.flow_days.bytes(),
        buildings_loaded: state.buildings.loaded_count(),
        plans_computed: state.plans.computed(),
    }
}
