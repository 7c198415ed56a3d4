//! `GET /api/venues/{venue}/tracks/{tag}?from=&to=&format=`: one tag's track (轨迹) for replay
//! and export, any span of up to [`MAX_SPAN_S`] seconds in the last 24 hours.
//!
//! Nothing is stored: the estimates are a function of the seed and the time, so a track is
//! computed again from the seconds it depends on, and is the same as what the live stream sent
//! for those seconds. Memory stays the same however long the server runs; the cost is CPU (an
//! hour of one tag is about 3,600 filter steps, a second or two), run off the request threads and
//! at most [`CONCURRENT`] at a time.
//!
//! Formats: `json` (the replay's, every second), `geojson` (a LineString per stretch on one
//! level, with the seconds), `csv` (every second, every cell quoted).

use std::fmt::Write as _;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::response::{IntoResponse, Response};
use http::{HeaderValue, header};
use serde_json::{Value, json};
use tokio::sync::Semaphore;

use super::super::AppState;
use super::super::error::{ApiCode, ApiError, json_response};
use super::super::venues::{Params, VenueKeyPath, query_params, unknown, venue_and_key};
use super::encode::{lon_lat, short};
use super::hub::{Unavailable, unix_now};
use crate::tracking::engine::{Fix, Simulation};

/// The longest track one request may ask for.
pub(super) const MAX_SPAN_S: u64 = 3_600;
/// How far back tracks reach.
pub(super) const KEPT_S: u64 = 24 * 3_600;
/// The span when `from` is left out.
const DEFAULT_SPAN_S: u64 = 300;
/// Track and flow computations at once: each takes a core for up to a second or two.
const CONCURRENT: usize = 2;

static RUNNING: Semaphore = Semaphore::const_new(CONCURRENT);

/// A turn at the computations of tracks and flow days, held while one runs.
pub(super) async fn computing() -> tokio::sync::SemaphorePermit<'static> {
    RUNNING
        .acquire()
        .await
        .expect("the semaphore is never closed")
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Format {
    Json,
    GeoJson,
    Csv,
}

pub(in crate::http) async fn get_track(
    State(state): State<AppState>,
    path: VenueKeyPath,
    request: Request,
) -> Response {
    // The parameters, not the request, cross the awaits: a request's body is not `Sync`.
    let params = query_params(&request);
    match track(&state, path, params).await {
        Ok(response) => response,
        Err(error) => error.into_response(),
    }
}

async fn track(state: &AppState, path: VenueKeyPath, params: Params) -> Result<Response, ApiError> {
    let words = &state.venue_api.words;
    let (id, tag_name) = venue_and_key(path, words)?;
    let venue = state
        .venues
        .shared(&id)
        .ok_or_else(|| unknown(words, ApiCode::VenueUnknown, "venue", &id))?;
    let format = match params.get("format").map(String::as_str) {
        None | Some("json") => Format::Json,
        Some("geojson") => Format::GeoJson,
        Some("csv") => Format::Csv,
        Some(other) => return Err(unknown(words, ApiCode::FormatUnknown, "format", other)),
    };
    let time = |field: &'static str| -> Result<Option<u64>, ApiError> {
        params
            .get(field)
            .map(|value| {
                value
                    .parse::<u64>()
                    .map_err(|_| unknown(words, ApiCode::TimeMalformed, field, value))
            })
            .transpose()
    };
    let now = unix_now();
    let to = time("to")?.unwrap_or(now.saturating_sub(1));
    let from = time("from")?.unwrap_or(to.saturating_sub(DEFAULT_SPAN_S - 1));
    if from > to || to > now || from + KEPT_S < now || to - from >= MAX_SPAN_S {
        let max = (MAX_SPAN_S / 60).to_string();
        return Err(ApiError::new(
            words,
            ApiCode::TrackRange,
            Some("from"),
            &[("max_minutes", &max)],
        ));
    }
    let simulation = state
        .positions
        .simulation(&id, venue, state.venues.infrastructure_dir(&id))
        .map_err(|Unavailable::NoDevices| {
            unknown(words, ApiCode::PositioningAbsent, "venue", &id)
        })?;
    let index = simulation
        .tags()
        .iter()
        .position(|tag| tag_id(tag) == tag_name)
        .ok_or_else(|| unknown(words, ApiCode::TagUnknown, "tag", &tag_name))?;
    let permit = computing().await;
    let computing = simulation.clone();
    let fixes = tokio::task::spawn_blocking(move || computing.track(index, from, to))
        .await
        .expect("a track computation panicked");
    drop(permit);
    let tag = tag_name.as_str();
    Ok(match format {
        Format::Json => json_response(&track_json(&simulation, tag, &fixes)),
        Format::GeoJson => download(
            geojson(&simulation, tag, &fixes).to_string(),
            "application/geo+json",
            &format!("{tag}-{from}.geojson"),
        ),
        Format::Csv => download(
            csv(&simulation, tag, &fixes),
            "text/csv; charset=utf-8",
            &format!("{tag}-{from}.csv"),
        ),
    })
}

/// A tag's id in the stream and the URLs: its technology and number, "BLE-07".
pub(super) fn tag_id(tag: &crate::tracking::crowd::Tag) -> String {
    format!("{}-{:02}", tag.technology.name().to_uppercase(), tag.number)
}

fn track_json(simulation: &Simulation, tag: &str, fixes: &[Fix]) -> Value {
    let venue = simulation.venue();
    let points: Vec<Value> = fixes
        .iter()
        .filter_map(|fix| {
            let estimate = fix.estimate?;
            Some(json!({
                "second": fix.second,
                "level": short(venue, estimate.pose)?,
                "point": lon_lat(venue, estimate.pose),
                "truth": { "level": short(venue, fix.truth), "point": lon_lat(venue, fix.truth) },
            }))
        })
        .collect();
    json!({
        "tag": tag,
        "technology": fixes.first().map(|f| simulation.tags()[f.tag].technology.name()),
        "from": fixes.first().map(|f| f.second),
        "to": fixes.last().map(|f| f.second),
        "points": points,
    })
}

fn geojson(simulation: &Simulation, tag: &str, fixes: &[Fix]) -> Value {
    let venue = simulation.venue();
    // Stretches of consecutive estimates on one level.
    let mut stretches: Vec<(String, Vec<[f64; 2]>, Vec<u64>)> = Vec::new();
    for fix in fixes {
        let Some(estimate) = fix.estimate else {
            continue;
        };
        let Some(level) = short(venue, estimate.pose) else {
            continue;
        };
        match stretches.last_mut() {
            Some((on, points, seconds)) if *on == level => {
                points.push(lon_lat(venue, estimate.pose));
                seconds.push(fix.second);
            }
            _ => stretches.push((level, vec![lon_lat(venue, estimate.pose)], vec![fix.second])),
        }
    }
    let features: Vec<Value> = stretches
        .into_iter()
        .map(|(level, points, seconds)| {
            let geometry = if points.len() == 1 {
                json!({ "type": "Point", "coordinates": points[0] })
            } else {
                json!({ "type": "LineString", "coordinates": points })
            };
            json!({
                "type": "Feature",
                "properties": { "tag": tag, "level": level, "seconds": seconds },
                "geometry": geometry,
            })
        })
        .collect();
    json!({ "type": "FeatureCollection", "features": features })
}

fn csv(simulation: &Simulation, tag: &str, fixes: &[Fix]) -> String {
    let venue = simulation.venue();
    let mut out = String::from(
        "\"second\",\"tag\",\"level\",\"lon\",\"lat\",\"truth_level\",\"truth_lon\",\"truth_lat\"\r\n",
    );
    for fix in fixes {
        let Some(estimate) = fix.estimate else {
            continue;
        };
        let [lon, lat] = lon_lat(venue, estimate.pose);
        let [truth_lon, truth_lat] = lon_lat(venue, fix.truth);
        let cells = [
            fix.second.to_string(),
            tag.to_owned(),
            short(venue, estimate.pose).unwrap_or_default(),
            lon.to_string(),
            lat.to_string(),
            short(venue, fix.truth).unwrap_or_default(),
            truth_lon.to_string(),
            truth_lat.to_string(),
        ];
        let quoted: Vec<String> = cells
            .iter()
            .map(|cell| format!("\"{}\"", cell.replace('"', "\"\"")))
            .collect();
        let _ = write!(out, "{}\r\n", quoted.join(","));
    }
    out
}

fn download(body: String, content_type: &'static str, file_name: &str) -> Response {
    let mut response = Body::from(body).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    if let Ok(disposition) = HeaderValue::from_str(&format!("attachment; filename=\"{file_name}\""))
    {
        headers.insert(header::CONTENT_DISPOSITION, disposition);
    }
    response
}
