//! `GET /api/venues/{venue}/plan?technology=&target=&levels=` (issue #33, docs/planning.md): a
//! device plan of a demo venue or a visitor's building, as server-sent events: `queued` (plans
//! ahead of it) while it waits, `progress` while it is placed and proven, then `plan` with the
//! devices and the lab's figures, or `error`. A kept plan is one `plan` event at once. Closing
//! the stream cancels the plan.

use std::sync::Arc;

use axum::extract::Request;
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use futures_util::StreamExt;
use site_planning::Request as PlanRequest;
use site_positioning::Technology;
use site_venues::Venue;

use super::super::api_guard::ApiContext;
use super::super::buildings::loaded_building;
use super::super::error::{ApiCode, ApiError, retry_after_secs};
use super::super::positions::event_stream;
use super::plan_answers::{PlanAnswer, PlanFailed, PlanProgress, PlanQueued};
use super::request::{VenuePath, query_params, unknown, venue_segment};
use super::shared_venue;
use crate::buildings::is_building_id;
use crate::http::AppState;
use crate::plans::{Job, Refusal, Update};
use crate::site::ApiErrorWords;

/// The targets a visitor may ask, CEP95 in metres, and the one asked when none is given (the
/// viewer's form takes them from web/src/demo/api-answers.ts, generated from this).
pub(in crate::http) fn targets(technology: Technology) -> (f64, f64, f64) {
    match technology {
        Technology::Ble => (1.0, 10.0, 3.0),
        Technology::Aoa => (0.3, 5.0, 1.0),
        Technology::Uwb => (0.1, 2.0, 0.3),
    }
}

/// The plans' seed: fixed, so a plan is the same on every replica and every time.
const SEED: u64 = 1;

pub(in crate::http) async fn get_plan(
    ApiContext { state, client }: ApiContext,
    venue: VenuePath,
    request: Request,
) -> Response {
    // Read before any await: a request's body is not shared between threads.
    let params = query_params(&request);
    match start(&state, client, venue, params).await {
        Ok(job) => respond(job),
        Err(error) => error.into_response(),
    }
}

/// What the stream needs: the job, its venue (for the devices' names and positions), the
/// target, and the words of its refusals.
type Started = (Job, Arc<Venue>, f64, ApiErrorWords);

async fn start(
    state: &AppState,
    client: std::net::IpAddr,
    venue: VenuePath,
    params: super::request::Params,
) -> Result<Started, ApiError> {
    let words = &state.venue_api.words;
    let id = venue_segment(venue, words)?;
    let (venue, version) = if is_building_id(&id) {
        let building = loaded_building(state, &id, client).await?;
        (Arc::clone(&building.venue), building.version as u64)
    } else {
        let version = state.venues.version(&id).unwrap_or_default();
        (shared_venue(state, words, &id)?, version)
    };
    let technology = match params.get("technology").map(String::as_str) {
        Some("ble") | None => Technology::Ble,
        Some("aoa") => Technology::Aoa,
        Some("uwb") => Technology::Uwb,
        Some(other) => {
            return Err(unknown(
                words,
                ApiCode::TechnologyUnknown,
                "technology",
                other,
            ));
        }
    };
    let (min, max, default) = targets(technology);
    let target = match params.get("target") {
        None => default,
        Some(text) => text
            .parse::<f64>()
            .ok()
            .filter(|t| (min..=max).contains(t))
            .ok_or_else(|| {
                let (min, max) = (min.to_string(), max.to_string());
                ApiError::new(
                    words,
                    ApiCode::TargetMalformed,
                    Some("target"),
                    &[("min", &min), ("max", &max), ("value", text)],
                )
            })?,
    };
    // Hundredths of a metre: a request differing below that is the same plan.
    let target = (target * 100.0).round() / 100.0;
    let mut levels = Vec::new();
    if let Some(list) = params.get("levels").filter(|l| !l.trim().is_empty()) {
        for key in list
            .split(',')
            .map(str::trim)
            .take(venue.levels().len() + 1)
        {
            let index = venue
                .model()
                .level_index(key)
                .ok_or_else(|| unknown(words, ApiCode::LevelUnknown, "levels", key))?;
            if !levels.contains(&index) {
                levels.push(index);
            }
        }
        levels.sort_unstable();
    }
    let key = format!(
        "plan/{id}/{version:016x}/{SEED}/{}/{target}/{levels:?}",
        technology.name()
    );
    let plan_request = PlanRequest {
        technology,
        target_cep95_m: target,
        levels,
        seed: SEED,
    };
    let job = state
        .plans
        .start(client, key, Arc::clone(&venue), plan_request)
        .map_err(|refusal| refused(words, refusal))?;
    Ok((job, venue, target, words.clone()))
}

fn refused(words: &ApiErrorWords, refusal: Refusal) -> ApiError {
    match refusal {
        Refusal::Budget(wait) => ApiError::rate_limited(words, retry_after_secs(wait)),
        Refusal::ClientBusy => ApiError::retry_after(words, ApiCode::ClientBusy, 10),
        Refusal::Busy => ApiError::retry_after(words, ApiCode::Busy, 30),
    }
}

fn respond((job, venue, target, words): Started) -> Response {
    let opening = futures_util::stream::once(async { Bytes::from_static(b"retry: 5000\n\n") });
    let updates = futures_util::stream::unfold(Some(job), move |job| {
        let (venue, words) = (Arc::clone(&venue), words.clone());
        async move {
            let mut job = job?;
            let update = job.next().await?;
            let (event, last) = event(&update, &venue, target, &words);
            Some((event, (!last).then_some(job)))
        }
    });
    event_stream(opening.chain(updates))
}

/// An update as its event, and whether it is the last.
fn event(update: &Update, venue: &Venue, target: f64, words: &ApiErrorWords) -> (Bytes, bool) {
    let sse = |name: &str, data: &dyn erased::Json| {
        Bytes::from(format!("event: {name}\ndata: {}\n\n", data.json()))
    };
    match update {
        Update::Queued(ahead) => (sse("queued", &PlanQueued { ahead: *ahead }), false),
        Update::Progress(step) => (sse("progress", &PlanProgress::of(*step)), false),
        Update::Done(plan) => (sse("plan", &PlanAnswer::of(plan, venue, target)), true),
        Update::Refused(error) => {
            let reason = error.to_string();
            let error = ApiError::explained(words, ApiCode::PlanRefused, "reason", &reason);
            (sse("error", &PlanFailed::from(error)), true)
        }
        Update::Failed => {
            let error = ApiError::new(words, ApiCode::ComputeFailed, None, &[]);
            (sse("error", &PlanFailed::from(error)), true)
        }
    }
}

/// Serialises the events' different types through one closure.
mod erased {
    pub(super) trait Json {
        fn json(&self) -> String;
    }

    impl<T: serde::Serialize> Json for T {
        fn json(&self) -> String {
            serde_json::to_string(self).unwrap_or_else(|_| "null".to_owned())
        }
    }
}

impl From<ApiError> for PlanFailed {
    fn from(error: ApiError) -> Self {
        let (code, message) = error.code_and_message();
        Self {
            code: code.to_owned(),
            message,
        }
    }
}
