//! `GET /api/venues/{venue}/live?level=&truth=`: the live positioning demo (issue #17) as
//! server-sent events, one `positions` event a second with every tag's estimated position (on
//! one level, or all), the simulator's truth beside it when `truth=true`, and the accuracy of
//! the last ten minutes. A client that reconnects with `Last-Event-ID` first gets the seconds
//! it missed that are still kept (a minute). Replicas with the same seed send the same events:
//! the simulation and the estimates are functions of the seed and the time.

mod encode;
mod hub;
mod tracks;

use std::convert::Infallible;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use futures_util::StreamExt;
use http::{HeaderValue, header};
use tokio::sync::broadcast::error::RecvError;

pub(crate) use hub::PositionHub;
pub(super) use tracks::get_track;

use super::AppState;
use super::error::{ApiCode, ApiError};
use super::venues::{VenuePath, flag, query_params, unknown, venue_segment};
use encode::View;
use hub::{Frame, Subscription, Unavailable};

/// Sent first: how long a client waits before reconnecting, and a comment that opens the
/// stream at once while a venue's engine starts.
const OPENING: &[u8] = b"retry: 2000\n: live positions, one event a second\n\n";

pub(super) async fn get_live(
    State(state): State<AppState>,
    venue: VenuePath,
    request: Request,
) -> Response {
    match subscribe(&state, venue, &request) {
        Ok((view, subscription, after)) => stream(view, subscription, after),
        Err(error) => error.into_response(),
    }
}

fn subscribe(
    state: &AppState,
    venue: VenuePath,
    request: &Request,
) -> Result<(View, Subscription, Option<u64>), ApiError> {
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
    let after = request
        .headers()
        .get("last-event-id")
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.trim().parse::<u64>().ok());
    let subscription = state
        .positions
        .subscribe(&id, shared, state.venues.infrastructure_dir(&id))
        .map_err(|Unavailable::NoDevices| {
            unknown(words, ApiCode::PositioningAbsent, "venue", &id)
        })?;
    Ok(((level, truth), subscription, after))
}

fn stream(view: View, subscription: Subscription, after: Option<u64>) -> Response {
    let Subscription { recent, live } = subscription;
    // Missed seconds only for a client that says which it saw last; a new one starts now.
    let missed: Vec<Arc<Frame>> = match after {
        Some(after) => recent.into_iter().filter(|f| f.second > after).collect(),
        None => Vec::new(),
    };
    let last_sent = missed.last().map(|f| f.second).or(after);
    let opening = futures_util::stream::once(async { Bytes::from_static(OPENING) });
    let replay = {
        let view = view.clone();
        futures_util::stream::iter(missed).filter_map(move |frame| {
            let bytes = frame.view(&view);
            async move { bytes }
        })
    };
    let following = futures_util::stream::unfold(
        (live, view, last_sent),
        |(mut live, view, mut last_sent)| async move {
            loop {
                let frame = match live.recv().await {
                    Ok(frame) => frame,
                    // A client too slow for the channel skips to the newest seconds.
                    Err(RecvError::Lagged(_)) => continue,
                    Err(RecvError::Closed) => return None,
                };
                if last_sent.is_some_and(|sent| frame.second <= sent) {
                    continue;
                }
                last_sent = Some(frame.second);
                if let Some(bytes) = frame.view(&view) {
                    return Some((bytes, (live, view, last_sent)));
                }
            }
        },
    );
    let body = opening
        .chain(replay)
        .chain(following)
        .map(Ok::<_, Infallible>);
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
