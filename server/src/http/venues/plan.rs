//! `GET /api/venues/{venue}/plan?technology=&target=&levels=&zone=&stairs=` (issue #33,
//! docs/planning.md): a device plan of a demo venue or a visitor's building, as server-sent
//! events: `queued` (plans ahead of it) while it waits, `progress` while it is placed and
//! proven, then `plan` with the devices and the lab's figures, or `error`. A plan kept (by this
//! server, or by another of its database: `plans/store.rs`) is one `plan` event at once. Closing
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
};
use super::request::{VenuePath, query_params, venue_segment};
use super::venue_of;
use crate::database::Pool;
use crate::leads::time::now_millis;
use crate::plans::{Job, Refusal, Update};
use crate::site::ApiErrorWords;

/// The plans' seed: fixed, so a plan is the same on every replica and every time.
const SEED: u64 = 1;

pub(in crate::http) async fn get_plan(
    api: ApiContext,
    venue: VenuePath,
    request: Request,
) -> Response {
    // Read before any await: a request's body is not shared between threads.
    let params = query_params(&request);
    match start(&api, venue, params, None).await {
        Ok(started) => respond(started),
        Err(error) => error.into_response(),
    }
}

pub(in crate::http) async fn post_plan(
    api: ApiContext,
    venue: VenuePath,
    request: Request,
) -> Response {
    let params = query_params(&request);
    let layout = match read_layout(request.into_body(), api.words()).await {
        Ok(layout) => layout,
        Err(refusal) => return refusal,
    };
    match start(&api, venue, params, Some(layout)).await {
        Ok(started) => respond(started),
        Err(error) => error.into_response(),
    }
}

/// What the stream needs: the job, its venue (for the devices' names and positions), the
/// target, the words of its refusals and where to share its answer; or the answer another
/// server of the database made.
enum Started {
    Job {
        job: Job,
        venue: Arc<Venue>,
        target: f64,
        words: ApiErrorWords,
        share: Option<(Pool, String)>,
    },
    Shared(String),
}

async fn start(
    api: &ApiContext,
    venue: VenuePath,
    params: super::request::Params,
    layout: Option<LayoutRequest>,
) -> Result<Started, ApiError> {
    let (state, client, words) = (&api.state, api.client, api.words());
    let id = venue_segment(venue, words)?;
    let (venue, version) = venue_of(api, &id).await?;
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
    // A planner's plan is shared through the database (a visitor's own layout is theirs).
    let share = (layout.is_none())
        .then(|| state.leads.database())
        .flatten()
        .map(|pool| (pool, key.clone()));
    if let Some((pool, key)) = &share
        && !state.plans.is_kept(key)
    {
        match pool.plan_answer(key).await {
            Ok(Some(answer)) => return Ok(Started::Shared(answer)),
            Ok(None) => {}
            Err(error) => tracing::warn!(%error, "the shared plans could not be read"),
        }
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
    Ok(Started::Job {
        job,
        venue,
        target,
        words: words.clone(),
        share,
    })
}

fn refused(words: &ApiErrorWords, refusal: Refusal) -> ApiError {
    match refusal {
        Refusal::Budget(wait) => ApiError::rate_limited(words, retry_after_secs(wait)),
        Refusal::ClientBusy => ApiError::retry_after(words, ApiCode::ClientBusy, 10),
        Refusal::Busy => ApiError::retry_after(words, ApiCode::Busy, 30),
    }
}

fn respond(started: Started) -> Response {
    let opening = futures_util::stream::once(async { Bytes::from_static(b"retry: 5000\n\n") });
    let (job, venue, target, words, share) = match started {
        Started::Shared(answer) => {
            let plan = Bytes::from(format!("event: plan\ndata: {answer}\n\n"));
            return event_stream(opening.chain(futures_util::stream::once(async { plan })));
        }
        Started::Job {
            job,
            venue,
            target,
            words,
            share,
        } => (job, venue, target, words, share),
    };
    let updates = futures_util::stream::unfold(Some(job), move |job| {
        let (venue, words, share) = (Arc::clone(&venue), words.clone(), share.clone());
        async move {
            let mut job = job?;
            let update = job.next().await?;
            let (event, last, answer) = event(&update, &venue, target, &words);
            if let (Some(answer), Some((pool, key))) = (answer, share) {
                shared(&pool, &key, &answer).await;
            }
            Some((event, (!last).then_some(job)))
        }
    });
    event_stream(opening.chain(updates))
}

/// How long the database may take to keep a plan for the other servers before the visitor is
/// sent it anyway.
const SHARING: std::time::Duration = std::time::Duration::from_secs(2);

/// Keeps a plan's answer in the database for the other servers, before its visitor is sent it:
/// once one visitor has a plan, every replica has it. A failure costs only the sharing.
async fn shared(pool: &Pool, key: &str, answer: &str) {
    match tokio::time::timeout(SHARING, pool.keep_plan_answer(key, now_millis(), answer)).await {
        Ok(Ok(())) => {}
        Ok(Err(error)) => tracing::warn!(%error, "a plan could not be shared"),
        Err(_) => tracing::warn!("sharing a plan took too long"),
    }
}

/// An update as its event, whether it is the last, and a plan's answer (to share).
fn event(
    update: &Update,
    venue: &Venue,
    target: f64,
    words: &ApiErrorWords,
) -> (Bytes, bool, Option<String>) {
    use erased::Json as _;
    let sse = |name: &str, data: &dyn erased::Json| {
        Bytes::from(format!("event: {name}\ndata: {}\n\n", data.json()))
    };
    match update {
        Update::Queued(ahead) => (sse("queued", &PlanQueued { ahead: *ahead }), false, None),
        Update::Progress(step) => (sse("progress", &PlanProgress::of(*step)), false, None),
        Update::Done(plan) => {
            let answer = PlanAnswer::of(plan, venue, target).json();
            let event = Bytes::from(format!("event: plan\ndata: {answer}\n\n"));
            (event, true, Some(answer))
        }
        Update::Refused(error) => {
            let reason = error.to_string();
            let error = ApiError::explained(words, ApiCode::PlanRefused, "reason", &reason);
            (sse("error", &PlanFailed::from(error)), true, None)
        }
        Update::Failed => {
            let error = ApiError::new(words, ApiCode::ComputeFailed, None, &[]);
            (sse("error", &PlanFailed::from(error)), true, None)
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
