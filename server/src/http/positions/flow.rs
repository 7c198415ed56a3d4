//! `GET /api/venues/{venue}/flow?date=&level=`: the flow analytics (客流分析) of one day of a
//! venue's simulated visitors (`tracking::flow`): arrivals and visitors present by hour, every
//! zone's visitors by hour and its dwell time, and the heat map of one level.
//!
//! A day is Beijing's; `date` is today (the default) or one of the [`PAST_DAYS`] before it. Today
//! is counted up to the last full hour. Like the tracks, nothing is stored: a day is a function
//! of the seed, the venue and the date, a long computation of the cost model (a second or two
//! on the mall; `crate::compute`), kept within a memory bound, and so is each level's answer
//! made from it.

use std::sync::Arc;

use super::super::api_guard::ApiContext;
use super::super::cache_policy::CachePolicy;
use super::super::computed::{self, Answer, Kept};
use super::super::error::{ApiCode, ApiError};
use super::super::venues::answers::HeatGrid;
use super::super::venues::request::{Params, VenuePath, unknown, venue_segment};
use super::super::venues::shared_venue;
use super::answers::{FlowAnswer, FlowHeat, FlowParking, FlowParkingLevel, FlowZone};
use crate::compute::Flights;
use crate::leads::time::{date_of_day, day_of_date};
use site_tracking::flow::{BEIJING_OFFSET_S, CELL_M, DAY_S, FlowDay, HOUR_S, Heat, flow_day};
use site_tracking::hub::unix_now;
use site_venues::Venue;

/// How many days before today may be asked for.
const PAST_DAYS: u64 = 7;
/// The estimate of a day, CPU milliseconds per visitor expected (the mall's 8,000 on a weekday
/// take about 1.5 s); the client then pays what the day measured.
const VISITOR_MS: f64 = 0.3;
/// The estimate of one level's answer made from a day: its JSON and compression.
const ANSWER_MS: f64 = 5.0;
/// How long a past day's answer may be reused: it is fixed by its inputs.
const PAST_DAY_FRESH_S: u32 = 86_400;

/// Days computed, kept and under way.
pub(in crate::http) type FlowDays = Arc<Flights<Arc<FlowDay>>>;

/// `GET /api/venues/{venue}/flow?date=&level=`: a day's flow of visitors on a level.
pub(in crate::http) async fn flow(api: ApiContext, venue: VenuePath, params: Params) -> Kept {
    let (state, client, words) = (&api.state, api.client, api.words());
    let id = venue_segment(venue, words)?;
    let venue = shared_venue(state, words, &id)?;
    let settings = venue
        .flow_settings()
        .cloned()
        .ok_or_else(|| unknown(words, ApiCode::FlowAbsent, "venue", &id))?;
    let now = unix_now() + BEIJING_OFFSET_S;
    let today = now / DAY_S;
    let day = match params.get("date") {
        None => today,
        Some(text) => {
            let day = day_of_date(text)
                .and_then(|day| u64::try_from(day).ok())
                .ok_or_else(|| unknown(words, ApiCode::DateMalformed, "date", text))?;
            if day > today || day + PAST_DAYS < today {
                let days = PAST_DAYS.to_string();
                return Err(ApiError::new(
                    words,
                    ApiCode::DateRange,
                    Some("date"),
                    &[("days", &days)],
                ));
            }
            day
        }
    };
    let level = match params.get("level") {
        None => venue
            .levels()
            .iter()
            .position(|level| !level.parking)
            .unwrap_or(0),
        Some(key) => venue
            .model()
            .level_index(key)
            .ok_or_else(|| unknown(words, ApiCode::LevelUnknown, "level", key))?,
    };
    let at = params
        .get("at")
        .map(|text| {
            text.parse::<u64>()
                .ok()
                .filter(|hour| *hour < 24)
                .ok_or_else(|| unknown(words, ApiCode::HourMalformed, "at", text))
        })
        .transpose()?;
    let (through, cache) = if day == today {
        // Fixed until the next hour is counted.
        let to_next_hour = HOUR_S - now % HOUR_S;
        let fresh = u32::try_from(to_next_hour).unwrap_or(1).max(1);
        (
            now % DAY_S / HOUR_S * HOUR_S,
            CachePolicy::RevalidateAfter(fresh),
        )
    } else {
        (DAY_S, CachePolicy::RevalidateAfter(PAST_DAY_FRESH_S))
    };
    let version = state.venues.version(&id).unwrap_or_default();
    let seed = state.positions.seed();
    let day_key = format!("flow/{id}/{version:016x}/{seed}/{day}/{through}");
    let answer_key = format!("{day_key}/{level}/{}", at.map_or(-1, |at| at as i64));
    let refused = |refused| computed::refusal(words, refused);
    if let Some(answer) = state.compute.kept(&state.answers, &answer_key) {
        return Ok(answer);
    }
    let visitors = f64::from(settings.visitors_per_day) * settings.weekend_factor.max(1.0);
    let from = venue.clone();
    let computed = state
        .compute
        .long(
            &state.flow_days,
            &day_key,
            client,
            visitors * VISITOR_MS,
            move || {
                (
                    Arc::new(flow_day(&from, &settings, seed, day, through)),
                    true,
                )
            },
        )
        .await
        .map_err(refused)?;
    state
        .compute
        .inline_kept(&state.answers, &answer_key, client, ANSWER_MS, || {
            let body = flow_json(&venue, &computed, level, at);
            let answer = Answer::new(body, "application/json", cache);
            (Arc::new(answer), true)
        })
        .await
        .map_err(refused)
}

fn flow_json(venue: &Venue, day: &FlowDay, level: usize, at: Option<u64>) -> Vec<u8> {
    let places = venue.places();
    let levels = venue.levels();
    let zones = day
        .zones
        .iter()
        .map(|zone| {
            let place = &places[zone.place];
            FlowZone {
                id: &place.id,
                name: place.name.as_deref(),
                category: place.category.as_deref(),
                level: &levels[place.level].short,
                visitors: zone.visitors(),
                visits: &zone.visits,
                dwell_median_s: zone.dwell_median_s(),
                dwell_mean_s: zone.dwell_mean_s(),
            }
        })
        .collect();
    computed::to_json(&FlowAnswer {
        venue: venue.id(),
        date: date_of_day(day.day as i64),
        weekend: day.weekend,
        hours_counted: day.through / HOUR_S,
        visitors: day.visitors(),
        arrivals: &day.arrivals,
        present: &day.present,
        zones,
        heat: heat_answer(venue, &day.heat[level]),
        parking: parking_answer(venue, day, level, at),
    })
}

/// The car park's spaces taken on each parking level at the middle of each hour, and which are
/// taken on `level` at hour `at`: by default the last hour counted today, or a past day's busiest.
fn parking_answer<'a>(
    venue: &'a Venue,
    day: &FlowDay,
    level: usize,
    at: Option<u64>,
) -> Option<FlowParking<'a>> {
    let park = day.car_park.as_ref()?;
    let places = venue.places();
    let levels = venue.levels();
    let taken: Vec<Vec<usize>> = (0..24).map(|hour| day.parked_at(hour)).collect();
    let on = |spaces: &[usize], level: usize| -> Vec<usize> {
        spaces
            .iter()
            .copied()
            .filter(|&s| places[s].level == level)
            .collect()
    };
    let per_level = (0..levels.len())
        .filter(|&l| park.spaces().iter().any(|&s| places[s].level == l))
        .map(|l| FlowParkingLevel {
            level: &levels[l].short,
            spaces: on(park.spaces(), l).len(),
            occupied: taken.iter().map(|hour| on(hour, l).len()).collect(),
        })
        .collect();
    let counted = day.through / HOUR_S;
    let at = at.unwrap_or(if counted < 24 {
        counted.saturating_sub(1)
    } else {
        (0..24).max_by_key(|&h| taken[h].len()).unwrap_or(0) as u64
    });
    let ids = on(&taken[at as usize], level)
        .into_iter()
        .map(|s| places[s].id.as_str())
        .collect();
    Some(FlowParking {
        levels: per_level,
        at,
        level: &levels[level].short,
        taken: ids,
    })
}

/// The grid's south-west corner and shape, and each cell's warmth as one byte (0 none, 255 the
/// level's warmest cell; the square root, so the corridors show beside the busiest shops),
/// row by row from the south, in base64.
fn heat_answer(venue: &Venue, heat: &Heat) -> FlowHeat {
    let peak = heat.peak();
    let bytes: Vec<u8> = heat
        .seconds
        .iter()
        .map(|&s| {
            if peak <= 0.0 || s <= 0.0 {
                0
            } else {
                (255.0 * (s / peak).sqrt()).round().clamp(1.0, 255.0) as u8
            }
        })
        .collect();
    let shape = (heat.columns, heat.rows);
    FlowHeat {
        grid: HeatGrid::of(venue, heat.level, (heat.origin, CELL_M), shape, &bytes),
        peak_s: f64::from(peak.round()),
    }
}
