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
use site_positioning::Technology;
use site_venues::Venue;

use super::super::api_guard::ApiContext;
use super::super::buildings::loaded_building;
use super::super::error::{ApiCode, ApiError, retry_after_secs};
use super::super::positions::event_stream;
use super::super::request_body::{self, ReadError};
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
    match start(&state, client, venue, params, None).await {
        Ok(job) => respond(job),
        Err(error) => error.into_response(),
    }
}

/// A layout's body at most: 2,000 devices of about 60 bytes each, with room to spare.
const LAYOUT_BYTES: usize = 256 * 1024;
/// Devices a layout may hold: nearly twice the demo mall's planned beacons (1,079).
const LAYOUT_DEVICES: usize = 2_000;

/// A layout the visitor changed.
#[derive(serde::Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub(in crate::http) struct LayoutRequest {
    devices: Vec<LayoutDevice>,
}

#[derive(serde::Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub(in crate::http) struct LayoutDevice {
    /// The level's short name ("L1").
    level: String,
    /// `[lon, lat]`.
    point: [f64; 2],
}

pub(in crate::http) async fn post_plan(
    ApiContext { state, client }: ApiContext,
    venue: VenuePath,
    request: Request,
) -> Response {
    let params = query_params(&request);
    let words = &state.venue_api.words;
    let malformed =
        |reason: &str| ApiError::explained(words, ApiCode::LayoutMalformed, "reason", reason);
    let body = match request_body::read_limited(request.into_body(), LAYOUT_BYTES).await {
        Ok(body) => body,
        Err(error) => {
            let reason = match error {
                ReadError::TooLarge => format!("布局最多 {} KB", LAYOUT_BYTES / 1024),
                ReadError::Broken => "请求没有发完".to_owned(),
            };
            return request_body::closing(malformed(&reason).into_response());
        }
    };
    let layout = match serde_json::from_slice::<LayoutRequest>(&body) {
        Ok(layout) if layout.devices.len() > LAYOUT_DEVICES => {
            let reason = format!("一个布局最多 {LAYOUT_DEVICES} 台设备");
            return malformed(&reason).into_response();
        }
        Ok(layout) => layout,
        Err(error) => return malformed(&format!("不是设备布局的 JSON：{error}")).into_response(),
    };
    match start(&state, client, venue, params, Some(layout)).await {
        Ok(job) => respond(job),
        Err(error) => error.into_response(),
    }
}

/// The layout's devices of `technology` on the engine's terms, or why one cannot be: a level
/// the plan does not cover, a point off its level.
fn layout_devices(
    venue: &Venue,
    technology: Technology,
    levels: &[usize],
    layout: &LayoutRequest,
    words: &ApiErrorWords,
) -> Result<Vec<site_positioning::Device>, ApiError> {
    let model = venue.model();
    let mut devices = Vec::with_capacity(layout.devices.len());
    for (n, device) in layout.devices.iter().enumerate() {
        let refuse = |why: &str| {
            let reason = format!("第 {} 台设备{why}", n + 1);
            ApiError::explained(words, ApiCode::LayoutMalformed, "reason", &reason)
        };
        let index = (model.level_index(&device.level))
            .filter(|i| levels.is_empty() || levels.contains(i))
            .ok_or_else(|| refuse(&format!("的楼层 {} 不在规划的楼层中", device.level)))?;
        let level = &model.levels[index];
        let [lon, lat] = device.point;
        let at = venue.to_local(lon, lat);
        if !(at.x.is_finite() && at.y.is_finite() && level.outline.bbox.contains(at)) {
            return Err(refuse(&format!("不在 {} 层的范围内", level.short)));
        }
        let at = site_positioning::Point::new(at.x, at.y);
        devices.push(site_planning::plan::device(
            technology,
            level.ordinal,
            at,
            level,
        ));
    }
    Ok(devices)
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
    let layout = (layout.as_ref())
        .map(|layout| layout_devices(&venue, technology, &levels, layout, words))
        .transpose()?;
    let mut key = format!(
        "plan/{id}/{version:016x}/{SEED}/{}/{target}/{levels:?}",
        technology.name()
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
