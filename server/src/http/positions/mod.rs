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

mod encode;
mod flow;
mod hub;
mod tracks;

use std::collections::VecDeque;
use std::convert::Infallible;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use futures_util::StreamExt;
use http::{HeaderValue, header};
use tokio::sync::broadcast::error::RecvError;

pub(super) use flow::get_flow;
pub(crate) use hub::PositionHub;
pub(super) use tracks::get_track;

use super::AppState;
use super::error::{ApiCode, ApiError};
use super::venues::{Params, VenuePath, flag, query_params, unknown, venue_segment};
use crate::site::ApiErrorWords;
use crate::tracking::fences::Fence;
use crate::venues::Venue;
use encode::{View, alert_json, lon_lat, short};
use hub::{Frame, Subscription, Unavailable};
use site_positioning::{Point, Pose};

/// Sent first: how long a client waits before reconnecting, and a comment that opens the
/// stream at once while a venue's engine starts.
const OPENING: &[u8] = b"retry: 2000\n: live positions, one event a second\n\n";

/// The most corners a drawn fence may have.
const MAX_FENCE_CORNERS: usize = 32;
/// The longest dwell a fence may watch for, in minutes; and the default.
const MAX_DWELL_MINUTES: u64 = 60;
const DEFAULT_DWELL_MINUTES: u64 = 1;

pub(super) async fn get_live(
    State(state): State<AppState>,
    venue: VenuePath,
    request: Request,
) -> Response {
    match subscribe(&state, venue, &request) {
        Ok(watch) => stream(watch),
        Err(error) => error.into_response(),
    }
}

/// What one client watches: its view, the frames, where it left off and its fence.
struct Watch {
    view: View,
    subscription: Subscription,
    after: Option<u64>,
    fence: Option<Fence>,
    venue: Arc<Venue>,
}

fn subscribe(state: &AppState, venue: VenuePath, request: &Request) -> Result<Watch, ApiError> {
    let words = &state.venue_api.words;
    let id = venue_segment(venue, words)?;
    let shared = state
        .venues
        .shared(&id)
        .ok_or_else(|| unknown(words, ApiCode::VenueUnknown, "venue", &id))?;
    let params = query_params(request);
    let level = match params.get("level") {
        None => None,
        Some(level) if shared.level(level).is_some() => Some(level.clone()),
        Some(level) => return Err(unknown(words, ApiCode::LevelUnknown, "level", level)),
    };
    let truth = flag(&params, words, "truth")?;
    let fence = fence(&params, words, &shared, level.as_deref())?;
    let after = request
        .headers()
        .get("last-event-id")
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.trim().parse::<u64>().ok());
    let subscription = state
        .positions
        .subscribe(&id, shared.clone(), state.venues.infrastructure_dir(&id))
        .map_err(|Unavailable::NoDevices| {
            unknown(words, ApiCode::PositioningAbsent, "venue", &id)
        })?;
    Ok(Watch {
        view: (level, truth),
        subscription,
        after,
        fence,
        venue: shared,
    })
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
    let dwell = match params.get("dwell") {
        None => DEFAULT_DWELL_MINUTES,
        Some(value) => value
            .parse::<u64>()
            .ok()
            .filter(|m| (1..=MAX_DWELL_MINUTES).contains(m))
            .ok_or_else(|| {
                let max = MAX_DWELL_MINUTES.to_string();
                ApiError::new(
                    words,
                    ApiCode::DwellMalformed,
                    Some("dwell"),
                    &[("max", &max)],
                )
            })?,
    };
    Ok(Some(Fence::new(level.ordinal, corners, dwell * 60)))
}

/// The events of `frame` for this client: its view of the positions, then its fence's alerts.
fn events_of(
    frame: &Frame,
    view: &View,
    fence: Option<&mut Fence>,
    venue: &Venue,
) -> Option<Bytes> {
    let positions = frame.view(view)?;
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
        let data = alert_json(
            alert.kind.name(),
            &alert.tag,
            Some("drawn"),
            alert.second,
            &short(venue, pose).unwrap_or_default(),
            lon_lat(venue, pose),
        );
        out.extend_from_slice(format!("event: alert\ndata: {data}\n\n").as_bytes());
    }
    Some(Bytes::from(out))
}

fn stream(watch: Watch) -> Response {
    let Watch {
        view,
        subscription: Subscription { recent, live },
        after,
        fence,
        venue,
    } = watch;
    // Missed seconds only for a client that says which it saw last; a new one starts now.
    let missed: VecDeque<Arc<Frame>> = match after {
        Some(after) => recent.into_iter().filter(|f| f.second > after).collect(),
        None => VecDeque::new(),
    };
    let opening = futures_util::stream::once(async { Bytes::from_static(OPENING) });
    let state = (missed, live, view, after, fence, venue);
    let following = futures_util::stream::unfold(
        state,
        |(mut missed, mut live, view, mut last_sent, mut fence, venue)| async move {
            loop {
                let frame = match missed.pop_front() {
                    Some(frame) => frame,
                    None => match live.recv().await {
                        Ok(frame) => frame,
                        // A client too slow for the channel skips to the newest seconds.
                        Err(RecvError::Lagged(_)) => continue,
                        Err(RecvError::Closed) => return None,
                    },
                };
                if last_sent.is_some_and(|sent| frame.second <= sent) {
                    continue;
                }
                last_sent = Some(frame.second);
                if let Some(bytes) = events_of(&frame, &view, fence.as_mut(), &venue) {
                    return Some((bytes, (missed, live, view, last_sent, fence, venue)));
                }
            }
        },
    );
    let body = opening.chain(following).map(Ok::<_, Infallible>);
    let mut response = Body::from_stream(body).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/event-stream; charset=utf-8"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    // nginx would otherwise hold the events back to fill its buffer.
    headers.insert("x-accel-buffering", HeaderValue::from_static("no"));
    response
}
