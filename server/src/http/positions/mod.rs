//! `GET /api/venues/{venue}/live?level=&truth=`: the live positioning demo (issue #17) as
//! server-sent events, one `positions` event a second with every tag's estimated position (on
//! one level, or all), the simulator's truth beside it when `truth=true`, and the accuracy of
//! the last ten minutes. A client that reconnects with `Last-Event-ID` first gets the seconds
//! it missed that are still kept (a minute). Replicas with the same seed send the same events:
//! the simulation and the estimates are functions of the seed and the time.
//!
//! With `fence=lon,lat;lon,lat;...` (a polygon a visitor drew on `level`) and `dwell` minutes,
//! the client also gets `alert` events when tags enter or leave it or stay over the dwell time
//! (`tracking::fences`). The fence lives as long as the connection.
//!
//! A level is named as the API names levels anywhere (any case, or its id) and answered under
//! its short name; a `Last-Event-ID` outside the minute kept is taken as the nearest second
//! kept. How long a stream lives, its heartbeat, its caps and its end are `stream.rs`.

pub(in crate::http) mod answers;
mod encode;
mod flow;
mod stream;
mod tracks;

use std::collections::VecDeque;
use std::sync::Arc;

use axum::extract::Request;
use axum::response::{IntoResponse, Response};
use bytes::Bytes;

pub(super) use flow::{FlowDays, flow};
pub(crate) use stream::Streams;
pub(in crate::http) use stream::event_stream;
pub(super) use tracks::track;

use super::api_guard::ApiContext;
use super::error::{ApiCode, ApiError};
use super::venues::request::{
    Params, VenuePath, count, flag, query_params, unknown, venue_segment,
};
use super::venues::shared_venue;
use crate::config::LiveConfig;
use crate::limits::slots::Full;
use crate::site::ApiErrorWords;
use answers::LiveAlertEvent;
use encode::{lon_lat, short};
use site_positioning::{Point, Pose};
use site_tracking::fences::Fence;
use site_tracking::hub::{Hub, HubSettings, Subscription, Unavailable};
use site_venues::Venue;
use stream::Watch;

/// The live engines, each second encoded as this module's events, one per view.
pub(crate) type PositionHub = Hub<encode::Views>;
type Frame = site_tracking::hub::Frame<encode::Views>;

/// How much lower than page serving the engine threads run (Linux nice value): the lowest, so
/// that on a busy core a page never waits for an engine. On cores saturated by pages an engine
/// falls behind, sends its seconds late and catches up when the load passes. Beside pages that
/// leave a core free, what an engine costs them is its CPU time, whatever its priority
/// (`bench/live.sh` prints both sides' cores). The catch-up of a cold engine runs before this,
/// at the priority of the request that started it: the first viewer waits for it, and it is
/// bounded (a second or so of CPU, once per start).
const ENGINE_NICENESS: i32 = 19;

/// The live engines of this server, encoding their seconds as this module's events;
/// `below_pages`: at [`ENGINE_NICENESS`] after their catch-up (`background_below_pages`).
pub(crate) fn position_hub(live: &LiveConfig, below_pages: bool) -> PositionHub {
    fn lower() {
        crate::process::thread_priority::lower(ENGINE_NICENESS, "a live positioning thread");
    }
    let settings = HubSettings {
        tags: live.tags,
        seed: live.seed,
        after_catch_up: if below_pages { lower } else { || {} },
    };
    Hub::new(settings, encode::encode_frame)
}

/// How long a client refused by the cap on all streams is asked to wait.
const STREAMS_FULL_RETRY_S: u64 = 10;

/// The most corners a drawn fence may have.
const MAX_FENCE_CORNERS: usize = 32;
/// The longest dwell a fence may watch for, in minutes; and the default.
const MAX_DWELL_MINUTES: u64 = 60;
const DEFAULT_DWELL_MINUTES: u64 = 1;

pub(super) async fn get_live(api: ApiContext, venue: VenuePath, request: Request) -> Response {
    match subscribe(&api, venue, &request) {
        Ok(watch) => stream::respond(watch, &api.state.streams),
        Err(error) => error.into_response(),
    }
}

fn subscribe(api: &ApiContext, venue: VenuePath, request: &Request) -> Result<Watch, ApiError> {
    let (state, client, words) = (&api.state, api.client, api.words());
    let id = venue_segment(venue, words)?;
    let shared = shared_venue(state, words, &id)?;
    let params = query_params(request);
    let level = match params.get("level") {
        None => None,
        Some(key) => match shared.level(key) {
            Some(level) => Some(level.short.clone()),
            None => return Err(unknown(words, ApiCode::LevelUnknown, "level", key)),
        },
    };
    let truth = flag(&params, words, "truth")?;
    let fence = fence(&params, words, &shared, level.as_deref())?;
    let asked_after = request
        .headers()
        .get("last-event-id")
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.trim().parse::<u64>().ok());
    let slot = state.streams.open(client).map_err(|full| {
        if let Some(left_out) = state
            .sampled_logs
            .streams_refused
            .admit(std::time::Instant::now())
        {
            tracing::info!(%client, ?full, left_out, "live stream refused: too many open");
        }
        match full {
            Full::PerClient => {
                let max = state.streams.per_client().to_string();
                ApiError::new(words, ApiCode::StreamsPerClient, None, &[("max", &max)])
            }
            Full::Total => ApiError::retry_after(words, ApiCode::StreamsFull, STREAMS_FULL_RETRY_S),
        }
    })?;
    let version = state.venues.version(&id).unwrap_or_default();
    let Subscription { recent, live } = state
        .positions
        .subscribe(
            &id,
            version,
            shared.clone(),
            state.venues.infrastructure_dir(&id),
        )
        .map_err(|Unavailable::NoDevices| {
            unknown(words, ApiCode::PositioningAbsent, "venue", &id)
        })?;
    let (missed, after) = resume(recent, asked_after);
    Ok(Watch {
        view: encode::View {
            level,
            truth,
            language: api.language,
        },
        missed,
        live,
        after,
        fence,
        venue: shared,
        _slot: slot,
    })
}

/// The kept frames a client reconnecting after second `asked_after` missed, and the second to
/// go on from. A second outside the minute kept is taken as the nearest kept: one from the
/// future (a clock ahead, a forged header) would otherwise hold every frame back. A new client
/// starts with the next frame.
fn resume(
    recent: Vec<Arc<Frame>>,
    asked_after: Option<u64>,
) -> (VecDeque<Arc<Frame>>, Option<u64>) {
    let (Some(asked), Some(first), Some(last)) = (asked_after, recent.first(), recent.last())
    else {
        return (VecDeque::new(), None);
    };
    let after = asked.clamp(first.second.saturating_sub(1), last.second);
    let missed = recent.into_iter().filter(|f| f.second > after).collect();
    (missed, Some(after))
}

/// `fence=lon,lat;lon,lat;...` on the stream's `level`, with `dwell` minutes.
fn fence(
    params: &Params,
    words: &ApiErrorWords,
    venue: &Venue,
    level: Option<&str>,
) -> Result<Option<Fence>, ApiError> {
    let Some(text) = params.get("fence") else {
        return Ok(None);
    };
    let max = MAX_FENCE_CORNERS.to_string();
    let malformed = || {
        ApiError::new(
            words,
            ApiCode::FenceMalformed,
            Some("fence"),
            &[("max", &max)],
        )
    };
    let level = level
        .and_then(|short| venue.level(short))
        .ok_or_else(malformed)?;
    let corners: Option<Vec<Point>> = text
        .split(';')
        .map(|corner| {
            let (lon, lat) = corner.split_once(',')?;
            let (lon, lat) = (
                lon.trim().parse::<f64>().ok()?,
                lat.trim().parse::<f64>().ok()?,
            );
            (lon.is_finite() && lat.is_finite()).then(|| {
                let local = venue.to_local(lon, lat);
                Point::new(local.x, local.y)
            })
        })
        .collect();
    let corners = corners
        .filter(|c| (3..=MAX_FENCE_CORNERS).contains(&c.len()))
        .ok_or_else(malformed)?;
    let dwell = count(
        params,
        words,
        ("dwell", ApiCode::DwellMalformed),
        MAX_DWELL_MINUTES,
    )?
    .unwrap_or(DEFAULT_DWELL_MINUTES);
    Ok(Some(Fence::new(level.ordinal, corners, dwell * 60)))
}

/// The events of `frame` for this client: its view of the positions, then its fence's alerts.
fn events_of(
    frame: &Frame,
    view: &encode::View,
    fence: Option<&mut Fence>,
    venue: &Venue,
) -> Option<Bytes> {
    let positions = frame.encoded.get(view).cloned()?;
    let Some(fence) = fence else {
        return Some(positions);
    };
    let estimates = frame
        .estimates
        .iter()
        .map(|(tag, level, at)| (tag.as_str(), *level, *at));
    let alerts = fence.update(frame.second, estimates);
    if alerts.is_empty() {
        return Some(positions);
    }
    let mut out = positions.to_vec();
    for alert in alerts {
        let pose = Pose {
            level: fence.level(),
            at: alert.at,
        };
        let data = encode::to_string(&LiveAlertEvent {
            kind: alert.kind.name(),
            tag: alert.tag.clone(),
            fence: Some("drawn".to_owned()),
            second: alert.second,
            level: short(venue, pose).unwrap_or_default(),
            point: lon_lat(venue, pose),
        });
        out.extend_from_slice(format!("event: alert\ndata: {data}\n\n").as_bytes());
    }
    Some(Bytes::from(out))
}
