//! What a device plan's request says (issue #33, docs/api.md): the technology, the target
//! CEP95, the levels, and the body of a layout the visitor changed, each refused with its code
//! and the words of content/venues/words.toml when wrong. Read by the plan's stream (`plan.rs`)
//! and the plan's exports (`plan_export.rs`, `buildings/plan_archive.rs`).

use axum::body::Body;
use axum::response::{IntoResponse, Response};
use site_planning::scope::{Scope, Zone};
use site_positioning::{Device, Technology};
use site_venues::Venue;

use super::super::api_guard::ApiContext;
use super::super::computed;
use super::super::error::{ApiCode, ApiError};
use super::super::reasons::Reason;
use super::super::request_body::{self, ReadError};
use super::request::{Params, flag, query_params, unknown};
use super::served_venue;
use crate::site::ApiErrorWords;

/// A layout posted for export (`plan_export.rs`, `buildings/plan_archive.rs`): the venue `id`
/// names, the technology, and the devices as infrastructure.geojson; the refusal otherwise.
pub(in crate::http) async fn exported_layout(
    api: &ApiContext,
    id: &str,
    request: axum::extract::Request,
) -> Result<(Technology, serde_json::Value), Response> {
    let (state, client, words) = (&api.state, api.client, api.words());
    let params = query_params(&request);
    let layout = read_layout(request.into_body(), words).await?;
    let read = async {
        let venue = served_venue(api, id).await?;
        let technology = technology_of(&params, words)?;
        let levels = levels_of(&params, &venue, words)?;
        // Charged to the client like any computation (2,000 devices take about 20 ms).
        let file = state
            .compute
            .inline(client, EXPORT_MS, || {
                let devices = layout_devices(&venue, technology, &levels, &layout, words)?;
                let model = venue.model();
                Ok(site_planning::export::infrastructure(
                    model, id, technology, &devices,
                ))
            })
            .map_err(|refused| computed::refusal(words, refused))??;
        Ok::<_, ApiError>((technology, file))
    };
    read.await.map_err(IntoResponse::into_response)
}

/// What reading a layout and writing its devices is estimated to cost, CPU milliseconds.
pub(in crate::http) const EXPORT_MS: f64 = 20.0;

/// The targets a visitor may ask, CEP95 in metres, and the one asked when none is given (the
/// viewer's form takes them from web/src/demo/api-answers.ts, generated from this).
pub(in crate::http) fn targets(technology: Technology) -> (f64, f64, f64) {
    match technology {
        Technology::Ble => (1.0, 10.0, 3.0),
        Technology::Aoa => (0.3, 5.0, 1.0),
        Technology::Uwb => (0.1, 2.0, 0.3),
    }
}

/// `technology`: `ble` (the default), `aoa` or `uwb`.
pub(in crate::http) fn technology_of(
    params: &Params,
    words: &ApiErrorWords,
) -> Result<Technology, ApiError> {
    match params.get("technology").map(String::as_str) {
        Some("ble") | None => Ok(Technology::Ble),
        Some("aoa") => Ok(Technology::Aoa),
        Some("uwb") => Ok(Technology::Uwb),
        Some(other) => Err(unknown(
            words,
            ApiCode::TechnologyUnknown,
            "technology",
            other,
        )),
    }
}

/// `zone` (`all`, the default, `parking`, `circulation` or `rooms`) and `stairs` (stairwells
/// count unless `false`: a flag that is on when absent).
pub(in crate::http) fn scope_of(params: &Params, words: &ApiErrorWords) -> Result<Scope, ApiError> {
    let zone = match params.get("zone").map(String::as_str) {
        None | Some("") => Zone::All,
        Some(name) => {
            Zone::parse(name).ok_or_else(|| unknown(words, ApiCode::ZoneUnknown, "zone", name))?
        }
    };
    let stairs = !params.contains_key("stairs") || flag(params, words, "stairs")?;
    Ok(Scope { zone, stairs })
}

/// `target`, CEP95 metres within the technology's range (its default when absent), to the
/// hundredth: a request differing below that is the same plan.
pub(in crate::http) fn target_of(
    params: &Params,
    technology: Technology,
    words: &ApiErrorWords,
) -> Result<f64, ApiError> {
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
    Ok((target * 100.0).round() / 100.0)
}

/// `levels`: short names, comma-separated, as model level indexes in order without repeats;
/// none for every level. Read no further than the venue has levels.
pub(in crate::http) fn levels_of(
    params: &Params,
    venue: &Venue,
    words: &ApiErrorWords,
) -> Result<Vec<usize>, ApiError> {
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
    Ok(levels)
}

/// A layout's body, read within its limits; the refusal when it is not one.
pub(in crate::http) async fn read_layout(
    body: Body,
    words: &ApiErrorWords,
) -> Result<LayoutRequest, Response> {
    let malformed = |reason: Reason, values: &[(&str, &str)]| {
        ApiError::because(words, ApiCode::LayoutMalformed, reason, values)
    };
    let body = match request_body::read_limited(body, LAYOUT_BYTES).await {
        Ok(body) => body,
        Err(error) => {
            let max = (LAYOUT_BYTES / 1024).to_string();
            let refusal = match error {
                ReadError::TooLarge => malformed(Reason::LayoutTooLarge, &[("max", &max)]),
                ReadError::Broken => malformed(Reason::RequestIncomplete, &[]),
            };
            return Err(request_body::closing(refusal.into_response()));
        }
    };
    match serde_json::from_slice::<LayoutRequest>(&body) {
        Ok(layout) if layout.devices.len() > LAYOUT_DEVICES => {
            let max = LAYOUT_DEVICES.to_string();
            Err(malformed(Reason::LayoutDevices, &[("max", &max)]).into_response())
        }
        Ok(layout) => Ok(layout),
        Err(error) => {
            let error = error.to_string();
            Err(malformed(Reason::LayoutNotJson, &[("error", &error)]).into_response())
        }
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

/// The layout's devices of `technology` on the engine's terms, or why one cannot be: a level
/// the plan does not cover, a point off its level.
pub(in crate::http) fn layout_devices(
    venue: &Venue,
    technology: Technology,
    levels: &[usize],
    layout: &LayoutRequest,
    words: &ApiErrorWords,
) -> Result<Vec<Device>, ApiError> {
    let model = venue.model();
    let mut devices = Vec::with_capacity(layout.devices.len());
    for (n, device) in layout.devices.iter().enumerate() {
        let position = (n + 1).to_string();
        let refuse = |reason: Reason, level: &str| {
            let values = [("n", position.as_str()), ("level", level)];
            ApiError::because(words, ApiCode::LayoutMalformed, reason, &values)
        };
        let index = (model.level_index(&device.level))
            .filter(|i| levels.is_empty() || levels.contains(i))
            .ok_or_else(|| refuse(Reason::DeviceLevelUnplanned, &device.level))?;
        let level = &model.levels[index];
        let [lon, lat] = device.point;
        let at = venue.to_local(lon, lat);
        if !(at.x.is_finite() && at.y.is_finite() && level.outline.bbox.contains(at)) {
            return Err(refuse(Reason::DeviceOutsideLevel, &level.short));
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
