//! `GET /api/venues/{venue}/plan?technology=&target=&levels=` (issue #33, docs/planning.md): a
//! device plan of a demo venue or a visitor's building, as server-sent events: `queued` (plans
//! ahead of it) while it waits, `progress` while it is placed and proven, then `plan` with the
//! devices and the lab's figures, or `error`. A kept plan is one `plan` event at once. Closing
//! the stream cancels the plan.
//!
//! `POST` to the same address with a layout the visitor changed (`{"devices": [{"level",
//! "point"}]}`, the plan's devices moved, added or taken away) measures that layout instead of
//! placing devices: the same events, the same job queue and budget, kept by the layout's hash.

use std::sync::Arc;

use axum::extract::Request;
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use futures_util::StreamExt;
use site_planning::Request as PlanRequest;
use site_venues::Venue;

use super::super::api_guard::ApiContext;
use super::super::error::{ApiCode, ApiError, retry_after_secs};
use super::super::positions::event_stream;
use super::plan_answers::{PlanAnswer, PlanFailed, PlanProgress, PlanQueued};
use super::plan_request::{
    LayoutRequest, layout_devices, levels_of, read_layout, scope_of, target_of, technology_of,
    venue_of,
};
use super::request::{VenuePath, query_params, venue_segment};
use crate::http::AppState;
use crate::plans::{Job, Refusal, Update};
use crate::site::ApiErrorWords;

/// The plans' seed: fixed, so a plan is the same on every replica and every time.
const SEED: u64 = 1;

pub(in crate::http) async fn get_plan(
    ApiContext { state, client }: ApiContext,
    venue: VenuePath,
    request: Request,
) -> Response {
    // Read before any await: a request's body is not shared between threads.
    let params = query_params(&request);
    match start(&state, client, venue, params, None).await {
        Ok(job) => respond(job),
        Err(error) => error.into_response(),
    }
}

pub(in crate::http) async fn post_plan(
    ApiContext { state, client }: ApiContext,
    venue: VenuePath,
    request: Request,
) -> Response {
    let params = query_params(&request);
    let layout = match read_layout(request.into_body(), &state.venue_api.words).await {
        Ok(layout) => layout,
        Err(refusal) => return refusal,
    };
    match start(&state, client, venue, params, Some(layout)).await {
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
    layout: Option<LayoutRequest>,
) -> Result<Started, ApiError> {
    let words = &state.venue_api.words;
    let id = venue_segment(venue, words)?;
    let (venue, version) = venue_of(state, client, &id).await?;
    let technology = technology_of(&params, words)?;
    let target = target_of(&params, technology, words)?;
    let levels = levels_of(&params, &venue, words)?;
    let scope = scope_of(&params, words)?;
    let layout = (layout.as_ref())
        .map(|layout| layout_devices(&venue, technology, &levels, layout, words))
        .transpose()?;
    let mut key = format!(
        "plan/{id}/{version:016x}/{SEED}/{}/{target}/{levels:?}/{}/{}",
        technology.name(),
        scope.zone.name(),
        scope.stairs
    );
    if let Some(devices) = &layout {
        // The devices in their order: the lab's random draws follow it.
        let mut hash = std::hash::DefaultHasher::new();
        for d in devices {
            std::hash::Hash::hash(&(d.level, d.at.x.to_bits(), d.at.y.to_bits()), &mut hash);
        }
        key.push_str(&format!(
            "/layout/{}/{:016x}",
            devices.len(),
            std::hash::Hasher::finish(&hash)
        ));
    }
    let plan_request = PlanRequest {
        technology,
        target_cep95_m: target,
        levels,
        seed: SEED,
        scope,
        layout,
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
