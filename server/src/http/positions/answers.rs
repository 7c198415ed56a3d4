//! The live endpoints' answers as types (docs/api.md): a tag's track, a day's flow analytics and
//! the live stream's events. The viewer's TypeScript types are generated from these
//! (`http/answer_types.rs`), like the venue API's (`http/venues/answers.rs`). Unix seconds are
//! numbers in TypeScript: they are far within its exact integers.

use serde::Serialize;

use super::super::venues::answers::HeatGrid;

#[cfg(test)]
use ts_rs::TS;

/// `GET /api/venues/{venue}/tracks/{tag}`: every second the tag was positioned, with the truth.
#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct TrackAnswer<'a> {
    pub(super) tag: &'a str,
    /// Null when the span holds no second.
    #[cfg_attr(test, ts(type = "Technology | null"))]
    pub(super) technology: Option<&'static str>,
    #[cfg_attr(test, ts(type = "number | null"))]
    pub(super) from: Option<u64>,
    #[cfg_attr(test, ts(type = "number | null"))]
    pub(super) to: Option<u64>,
    pub(super) points: Vec<TrackPoint>,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct TrackPoint {
    #[cfg_attr(test, ts(type = "number"))]
    pub(super) second: u64,
    pub(super) level: String,
    /// `[lon, lat]` of the estimate.
    pub(super) point: [f64; 2],
    pub(super) truth: Truth,
}

/// Where the simulator put the tag.
#[derive(Serialize, Clone)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct Truth {
    /// Null when it is on no level the venue has (between floors in a lift).
    pub(super) level: Option<String>,
    pub(super) point: [f64; 2],
}

/// `GET /api/venues/{venue}/flow`: one day's flow analytics with the heat map of one level.
#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct FlowAnswer<'a> {
    pub(super) venue: &'a str,
    /// Beijing's date, 2026-11-25.
    pub(super) date: String,
    pub(super) weekend: bool,
    /// Hours of the day counted: 24 for a past day, the full hours so far for today.
    #[cfg_attr(test, ts(type = "number"))]
    pub(super) hours_counted: u64,
    pub(super) visitors: u32,
    /// Visitors who arrived in each hour, 0 to 23.
    #[cfg_attr(test, ts(type = "Array<number>"))]
    pub(super) arrivals: &'a [u32; 24],
    /// Visitors in the venue at the middle of each hour.
    #[cfg_attr(test, ts(type = "Array<number>"))]
    pub(super) present: &'a [u32; 24],
    /// Every zone (occupant), the most visited first.
    pub(super) zones: Vec<FlowZone<'a>>,
    pub(super) heat: FlowHeat,
    /// The car park; null for a venue without one.
    pub(super) parking: Option<FlowParking<'a>>,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct FlowZone<'a> {
    pub(super) id: &'a str,
    pub(super) name: Option<&'a str>,
    pub(super) category: Option<&'a str>,
    pub(super) level: &'a str,
    pub(super) visitors: u32,
    /// Visits that began in each hour.
    #[cfg_attr(test, ts(type = "Array<number>"))]
    pub(super) visits: &'a [u32; 24],
    pub(super) dwell_median_s: Option<u32>,
    pub(super) dwell_mean_s: Option<u32>,
}

/// The heat map of one level: each cell's warmth, 255 for `peak_s`, the seconds visitors
/// spent in the level's warmest cell.
#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct FlowHeat {
    #[serde(flatten)]
    pub(super) grid: HeatGrid,
    pub(super) peak_s: f64,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct FlowParking<'a> {
    /// Spaces taken at the middle of each hour, per parking level.
    pub(super) levels: Vec<FlowParkingLevel<'a>>,
    /// The hour `taken` is for.
    #[cfg_attr(test, ts(type = "number"))]
    pub(super) at: u64,
    pub(super) level: &'a str,
    /// Unit ids of the spaces taken on `level` at `at`.
    pub(super) taken: Vec<&'a str>,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct FlowParkingLevel<'a> {
    pub(super) level: &'a str,
    pub(super) spaces: usize,
    pub(super) occupied: Vec<usize>,
}

/// The data of one `positions` event of the live stream.
#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct LiveEvent<'a> {
    #[cfg_attr(test, ts(type = "number"))]
    pub(super) second: u64,
    /// The level shown; null: every level.
    pub(super) level: Option<&'a str>,
    pub(super) tags: Vec<&'a LiveTagEvent>,
    pub(super) accuracy: &'a [LiveAccuracyEvent],
    pub(super) alerts: &'a [LiveAlertEvent],
}

/// A tag's estimate in an event.
#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct LiveTagEvent {
    pub(super) id: String,
    #[cfg_attr(test, ts(type = "Technology"))]
    pub(super) technology: &'static str,
    pub(super) level: String,
    pub(super) point: [f64; 2],
    /// The filter's own uncertainty, metres.
    pub(super) spread_m: f64,
    /// Only in the views that ask for the truth.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub(super) truth: Option<Truth>,
}

/// The last ten minutes' accuracy of one technology.
#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct LiveAccuracyEvent {
    #[cfg_attr(test, ts(type = "Technology"))]
    pub(super) technology: &'static str,
    pub(super) cep50_m: f64,
    pub(super) cep95_m: f64,
    pub(super) floor_rate: f64,
    pub(super) fixes: usize,
}

/// An SOS press, or a fence's enter, exit or dwell.
#[derive(Serialize, PartialEq)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct LiveAlertEvent {
    #[cfg_attr(test, ts(type = "'sos' | 'enter' | 'exit' | 'dwell'"))]
    pub(super) kind: &'static str,
    pub(super) tag: String,
    /// "drawn" (the visitor's fence), a venue fence's name, or null (an SOS press).
    pub(super) fence: Option<String>,
    #[cfg_attr(test, ts(type = "number"))]
    pub(super) second: u64,
    pub(super) level: String,
    pub(super) point: [f64; 2],
}
