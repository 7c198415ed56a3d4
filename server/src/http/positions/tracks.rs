//! `GET /api/venues/{venue}/tracks/{tag}?from=&to=&format=`: one tag's track (轨迹) for replay
//! and export, any span of up to [`MAX_SPAN_S`] seconds in the last 24 hours.
//!
//! Nothing is stored: the estimates are a function of the seed and the time, so a track is
//! computed again from the seconds it depends on, and is the same as what the live stream sent
//! for those seconds. The cost is CPU (an hour of one tag is about 3,600 filter steps, a second
//! or two), a long computation of the cost model (`crate::compute`): charged to its client,
//! run on the background threads one at a time per client, shared by identical requests, and
//! kept, within the memory bound, as the function of its inputs it is.
//!
//! Formats: `json` (the replay's, every second), `geojson` (a LineString per stretch on one
//! level, with the seconds), `csv` (every second, every cell quoted).

use std::fmt::Write as _;
use std::sync::Arc;

use serde::Serialize;

use super::super::api_guard::ApiContext;
use super::super::cache_policy::CachePolicy;
use super::super::computed::{self, Answer, Kept};
use super::super::error::{ApiCode, ApiError};
use super::super::venues::request::{Params, VenueKeyPath, unknown, venue_and_key};
use super::super::venues::shared_venue;
use super::answers::{TrackAnswer, TrackPoint, Truth};
use super::encode::{lon_lat, short};
use site_tracking::engine::{EPOCH_S, Fix, Simulation, WARM_S};
use site_tracking::hub::{Unavailable, unix_now};

/// The longest track one request may ask for.
pub(super) const MAX_SPAN_S: u64 = 3_600;
/// How far back tracks reach.
pub(super) const KEPT_S: u64 = 24 * 3_600;
/// The span when `from` is left out.
const DEFAULT_SPAN_S: u64 = 300;
/// The estimate of one second of one tag, CPU milliseconds: the filter's step with the scan
/// it reads (a UWB step on the mall, the dearest, is about 0.4); the client then pays what the
/// track measured.
const STEP_MS: f64 = 0.5;
/// The longest tag id: the technology's name and a number.
const MAX_TAG_CHARS: usize = 16;
/// How long a track of a span given in full may be reused: it is fixed by its inputs.
const CLOSED_SPAN_FRESH_S: u32 = 86_400;

#[derive(Debug, Clone, Copy, PartialEq)]
enum Format {
    Json,
    GeoJson,
    Csv,
}

impl Format {
    fn name(self) -> &'static str {
        match self {
            Self::Json => "json",
            Self::GeoJson => "geojson",
            Self::Csv => "csv",
        }
    }
}

/// `GET /api/venues/{venue}/tracks/{tag}?from=&to=&format=`: a tag's track over a span.
pub(in crate::http) async fn track(api: ApiContext, path: VenueKeyPath, params: Params) -> Kept {
    let (state, client, words) = (&api.state, api.client, api.words());
    let (id, tag_name) = venue_and_key(path, words)?;
    let venue = shared_venue(state, words, &id)?;
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
    let (asked_from, asked_to) = (time("from")?, time("to")?);
    let to = asked_to.unwrap_or(now.saturating_sub(1));
    let from = asked_from.unwrap_or(to.saturating_sub(DEFAULT_SPAN_S - 1));
    if from > to || to > now || from + KEPT_S < now || to - from >= MAX_SPAN_S {
        let max = (MAX_SPAN_S / 60).to_string();
        return Err(ApiError::new(
            words,
            ApiCode::TrackRange,
            Some("from"),
            &[("max_minutes", &max)],
        ));
    }
    let version = state.venues.version(&id).unwrap_or_default();
    let simulation = state
        .positions
        .simulation(&id, version, venue, state.venues.infrastructure_dir(&id))
        .map_err(|Unavailable::NoDevices| {
            unknown(words, ApiCode::PositioningAbsent, "venue", &id)
        })?;
    let index = (tag_name.len() <= MAX_TAG_CHARS)
        .then(|| {
            simulation
                .tags()
                .iter()
                .position(|tag| tag.id() == tag_name)
        })
        .flatten()
        .ok_or_else(|| unknown(words, ApiCode::TagUnknown, "tag", &tag_name))?;
    // A span given in full is in the past (`to` is before now) and fixed by its inputs.
    let cache = if asked_from.is_some() && asked_to.is_some() {
        CachePolicy::RevalidateAfter(CLOSED_SPAN_FRESH_S)
    } else {
        CachePolicy::AlwaysRevalidate
    };
    let seed = state.positions.seed();
    let key = format!(
        "tracks/{id}/{version:016x}/{seed}/{tag_name}/{from}/{to}/{}",
        format.name()
    );
    let estimate = (to - from + 1 + EPOCH_S + WARM_S) as f64 * STEP_MS;
    let job = move || {
        let fixes = simulation.track(index, from, to);
        let tag = tag_name.as_str();
        let answer = match format {
            Format::Json => Answer::new(
                track_json(&simulation, tag, &fixes),
                "application/json",
                cache,
            ),
            Format::GeoJson => Answer::new(
                serde_json::to_vec(&geojson(&simulation, tag, &fixes)).expect("a track serialises"),
                "application/geo+json",
                cache,
            )
            .download(&format!("{tag}-{from}.geojson")),
            Format::Csv => Answer::new(
                csv(&simulation, tag, &fixes).into_bytes(),
                "text/csv; charset=utf-8",
                cache,
            )
            .download(&format!("{tag}-{from}.csv")),
        };
        (Arc::new(answer), true)
    };
    state
        .compute
        .long(&state.answers, &key, client, estimate, job)
        .await
        .map_err(|refused| computed::refusal(words, refused))
}

fn track_json(simulation: &Simulation, tag: &str, fixes: &[Fix]) -> Vec<u8> {
    let venue = simulation.venue();
    let points = fixes
        .iter()
        .filter_map(|fix| {
            let estimate = fix.estimate?;
            Some(TrackPoint {
                second: fix.second,
                level: short(venue, estimate.pose)?,
                point: lon_lat(venue, estimate.pose),
                truth: Truth {
                    level: short(venue, fix.truth),
                    point: lon_lat(venue, fix.truth),
                },
            })
        })
        .collect();
    computed::to_json(&TrackAnswer {
        tag,
        technology: fixes
            .first()
            .map(|f| simulation.tags()[f.tag].technology.name()),
        from: fixes.first().map(|f| f.second),
        to: fixes.last().map(|f| f.second),
        points,
    })
}

/// The GeoJSON download of a track: one feature per stretch of consecutive estimates on one
/// level, with the second of each position.
#[derive(Serialize)]
struct TrackCollection<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    features: Vec<TrackStretch<'a>>,
}

#[derive(Serialize)]
struct TrackStretch<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    properties: StretchProperties<'a>,
    geometry: StretchGeometry,
}

#[derive(Serialize)]
struct StretchProperties<'a> {
    tag: &'a str,
    level: String,
    seconds: Vec<u64>,
}

/// A lone estimate is a Point, a stretch a LineString.
#[derive(Serialize)]
#[serde(tag = "type", content = "coordinates")]
enum StretchGeometry {
    Point([f64; 2]),
    LineString(Vec<[f64; 2]>),
}

fn geojson<'a>(simulation: &Simulation, tag: &'a str, fixes: &[Fix]) -> TrackCollection<'a> {
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
    let features = stretches
        .into_iter()
        .map(|(level, points, seconds)| TrackStretch {
            kind: "Feature",
            properties: StretchProperties {
                tag,
                level,
                seconds,
            },
            geometry: if points.len() == 1 {
                StretchGeometry::Point(points[0])
            } else {
                StretchGeometry::LineString(points)
            },
        })
        .collect();
    TrackCollection {
        kind: "FeatureCollection",
        features,
    }
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
