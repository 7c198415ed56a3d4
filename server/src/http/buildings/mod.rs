//! `/api/buildings`: buildings that visitors bring (issue #32). An upload (an IMDF archive, a
//! building's DXF drawings with their mapping: `drawings.rs`, or its rooms and doors as GeoJSON)
//! is read within its limit, taken in on a compute thread under the cost model (`upload.rs`),
//! and stored under an unguessable id; the answer names the link. A building is read back,
//! downloaded as IMDF (with a device plan in it: `plan_archive.rs`) and deleted through its id. Every answer is private: never cached, never
//! indexed.

mod changes;
mod drawings;
mod plan_archive;
mod upload;

use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Path, Request};
use axum::response::{IntoResponse, Response};
use http::{HeaderValue, StatusCode, header};

use super::api_guard::ApiContext;
use super::cache_policy::CachePolicy;
use super::computed;
use super::error::{ApiCode, ApiError, json_response};
use crate::buildings::{Checked, LevelName, LoadedBuilding, Refused, StoreError, Stored};
use crate::compute::Flights;
use crate::leads::time::now_millis;
use crate::site::ApiErrorWords;
pub(super) use changes::post_changes;
#[cfg(test)]
pub(super) use changes::{EditRequest, EditSaved};
pub(super) use drawings::post_drawing;
#[cfg(test)]
pub(super) use drawings::{DrawingAnswer, DrawingExtents, DrawingLayer};
pub(super) use plan_archive::post_archive;
use upload::{TakenIn, read_upload, take_in, upload_key};

/// What taking in an IMDF archive is estimated to cost, CPU milliseconds (the demo mall takes
/// about 150 in a release build); the client pays what it measured.
const TAKE_IN_MS: f64 = 300.0;

/// What converting drawings (or a building's GeoJSON) and taking their IMDF in is estimated to
/// cost, CPU milliseconds.
const DRAWINGS_MS: f64 = 600.0;

/// The buildings' work under way on this server, shared by every build's state.
#[derive(Clone)]
pub(super) struct BuildingWork {
    /// Uploads being taken in, shared by identical ones in flight.
    uploads: Arc<Flights<TakenIn>>,
    /// Room for the uploads being received at once ([`upload::UPLOADS_AT_ONCE`]).
    receiving: Arc<tokio::sync::Semaphore>,
    /// Who is sending an upload now: one at a time per client.
    senders: Arc<upload::Senders>,
    /// Drawings being read for their mapping.
    drawings: Arc<Flights<drawings::Inspected>>,
    /// Room for the one drawing parsed at a time (each may hold a few hundred MB while parsed).
    parsing: Arc<tokio::sync::Semaphore>,
    /// Stored buildings' engines being built, shared by the requests that wait for them.
    loads: Arc<Flights<Loading>>,
    /// Edits being applied and checked.
    edits: Arc<Flights<changes::Editing>>,
}

impl Default for BuildingWork {
    fn default() -> Self {
        Self {
            uploads: Flights::new(0, |_| 0),
            receiving: Arc::new(tokio::sync::Semaphore::new(upload::UPLOADS_AT_ONCE)),
            senders: Arc::default(),
            drawings: Flights::new(0, |_| 0),
            parsing: Arc::new(tokio::sync::Semaphore::new(1)),
            loads: Flights::new(0, |_| 0),
            edits: Flights::new(0, |_| 0),
        }
    }
}

/// The outcome of building a stored building's engine and map, shared by the requests that
/// need it while it is built.
pub(super) type Loading = Arc<Result<Arc<LoadedBuilding>, Refused>>;

/// What building a stored building's engine and map is estimated to cost, CPU milliseconds.
const LOAD_MS: f64 = 300.0;

/// `201 Created`: the building stored, and where it lives.
#[derive(serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(super) struct BuildingCreated<'a> {
    /// The building's id: its link's capability, 32 hex digits.
    id: &'a str,
    name: &'a str,
    /// Unix milliseconds after which the building is gone.
    #[cfg_attr(test, ts(type = "number"))]
    expires_at: i64,
    #[cfg_attr(test, ts(as = "Vec<BuildingLevel>"))]
    levels: &'a [LevelName],
    /// Entries of the upload that are not IMDF files and were left out.
    ignored: &'a [String],
    /// Its features, every file together.
    features: usize,
    /// The demo page showing the building.
    link: String,
}

/// A level as the building's answers list it.
#[cfg(test)]
#[derive(ts_rs::TS)]
#[allow(dead_code)]
pub(super) struct BuildingLevel {
    short: String,
    name: String,
}

/// `GET /api/buildings/{id}`.
#[derive(serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(super) struct BuildingInfo {
    id: String,
    name: String,
    #[cfg_attr(test, ts(type = "number"))]
    created_at: i64,
    #[cfg_attr(test, ts(type = "number"))]
    expires_at: i64,
    #[cfg_attr(test, ts(as = "Vec<BuildingLevel>"))]
    levels: Vec<LevelName>,
    #[cfg_attr(test, ts(type = "number"))]
    version: i64,
    /// The size of its IMDF archive.
    #[cfg_attr(test, ts(type = "number"))]
    archive_bytes: i64,
    link: String,
}

/// `POST /api/buildings`: an IMDF archive (ZIP) as the body, a building's drawings as
/// `multipart/form-data` (`drawings.rs`), or its rooms and doors as GeoJSON
/// (`application/geo+json` or `application/json`).
pub(super) async fn post_building(api: ApiContext, request: Request) -> Response {
    let (state, client, words) = (&api.state, api.client, api.words());
    let answer = async {
        // Before the body is read: a client whose uploads of the day are spent costs a query.
        state
            .buildings
            .check_quota(client, now_millis())
            .await
            .map_err(|error| store_refusal(&api, &error))?;
        let headers = request.headers().clone();
        let bytes = read_upload(&api, request).await?;
        let taken = if drawings::is_drawings(&headers) {
            let key = upload_key("drawings", &bytes);
            let (mapping, drawings) = drawings::drawings_of(words, &headers, bytes).await?;
            let parsing = drawings::parsing_turn(state, words).await?;
            let job: upload::TakeInJob = Box::new(move |buildings, wordings| {
                let _parsing = parsing;
                buildings.take_in_drawings(&mapping, &drawings, wordings)
            });
            take_in(&api, (&key, DRAWINGS_MS), job).await?
        } else if is_geojson(&headers) {
            let key = upload_key("geojson", &bytes);
            // Its JSON is held as a tree while it is converted, as a drawing is while parsed.
            let parsing = drawings::parsing_turn(state, words).await?;
            let job: upload::TakeInJob = Box::new(move |buildings, wordings| {
                let _parsing = parsing;
                buildings.take_in_geojson(&bytes, wordings)
            });
            take_in(&api, (&key, DRAWINGS_MS), job).await?
        } else {
            let key = upload_key("imdf", &bytes);
            let job: upload::TakeInJob =
                Box::new(move |buildings, wordings| buildings.take_in(&bytes, wordings));
            take_in(&api, (&key, TAKE_IN_MS), job).await?
        };
        let checked = match taken.as_ref() {
            Ok(checked) => checked,
            Err(refused) => return Err(refusal(words, refused)),
        };
        let stored = state
            .buildings
            .store(checked, client, now_millis())
            .await
            .map_err(|error| store_refusal(&api, &error))?;
        Ok(created(checked, &stored))
    };
    private(computed::answered(answer.await))
}

/// Whether the body is a building's GeoJSON rather than an archive: its content type says so.
fn is_geojson(headers: &http::HeaderMap) -> bool {
    let essence = headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .map(|essence| essence.trim().to_ascii_lowercase());
    matches!(
        essence.as_deref(),
        Some("application/geo+json" | "application/json")
    )
}

/// The building `id` ready to serve (`/api/venues/{id}/...`): as loaded on this server, or built
/// from its stored archive on a compute thread, charged to `client`. A building deleted or
/// expired is unknown here at once, whichever server it was loaded on.
pub(super) async fn loaded_building(
    api: &ApiContext,
    id: &str,
) -> Result<Arc<LoadedBuilding>, ApiError> {
    let (state, words) = (&api.state, api.words());
    let unknown = || ApiError::new(words, ApiCode::BuildingUnknown, None, &[]);
    let now = now_millis();
    let buildings = &state.buildings;
    let stored = |error| store_refusal(api, &error);
    let row = buildings
        .get(id, now)
        .await
        .map_err(stored)?
        .ok_or_else(unknown)?;
    if let Some(loaded) = buildings.loaded(&row) {
        return Ok(loaded);
    }
    let key = format!("{}:{}", row.id, row.version);
    let archive = buildings
        .archive(id, now)
        .await
        .map_err(stored)?
        .ok_or_else(unknown)?;
    let (buildings, venues) = (buildings.clone(), state.site.venues());
    let wordings = venues.wordings();
    let loading = state
        .compute
        .long(
            &state.building_work.loads,
            &key,
            api.client,
            LOAD_MS,
            move || {
                let loaded = buildings.load(&row, &archive, &wordings);
                (Arc::new(loaded), false)
            },
        )
        .await
        .map_err(|refused| computed::refusal(words, refused))?;
    match loading.as_ref() {
        Ok(loaded) => Ok(Arc::clone(loaded)),
        Err(refused) => Err(refusal(words, refused)),
    }
}

/// `GET /api/buildings/{id}`.
pub(super) async fn get_building(api: ApiContext, Path(id): Path<String>) -> Response {
    let found = api.state.buildings.get(&id, now_millis()).await;
    answer_stored(&api, found, |row| {
        json_response(&BuildingInfo {
            link: link(&row.id),
            levels: serde_json::from_str(&row.levels).unwrap_or_default(),
            id: row.id,
            name: row.name,
            created_at: row.created_at,
            expires_at: row.expires_at,
            version: row.version,
            archive_bytes: row.archive_bytes,
        })
    })
}

/// `GET /api/buildings/{id}/imdf.zip`: the building as IMDF, to take away.
pub(super) async fn get_archive(api: ApiContext, Path(id): Path<String>) -> Response {
    let found = api.state.buildings.archive(&id, now_millis()).await;
    answer_stored(&api, found, |archive| download(&id, archive))
}

/// The archive of building `id` as a file to save.
fn download(id: &str, archive: Vec<u8>) -> Response {
    let mut response = Body::from(archive).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/zip"),
    );
    let disposition = format!("attachment; filename=\"building-{id}.imdf.zip\"");
    if let Ok(value) = HeaderValue::from_str(&disposition) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    response
}

/// `DELETE /api/buildings/{id}`: gone at once, for every replica.
pub(super) async fn delete_building(api: ApiContext, Path(id): Path<String>) -> Response {
    let gone = api.state.buildings.delete(&id).await;
    let found = gone.map(|gone| gone.then_some(()));
    answer_stored(&api, found, |()| StatusCode::NO_CONTENT.into_response())
}

/// The answer `answer` makes of what the database `found`: a building unknown (never was,
/// expired, deleted) or the database unavailable otherwise; private either way.
fn answer_stored<T>(
    api: &ApiContext,
    found: Result<Option<T>, StoreError>,
    answer: impl FnOnce(T) -> Response,
) -> Response {
    private(match found {
        Ok(Some(found)) => answer(found),
        Ok(None) => ApiError::new(api.words(), ApiCode::BuildingUnknown, None, &[]).into_response(),
        Err(error) => store_refusal(api, &error).into_response(),
    })
}

/// The codes of a request the building service refused, and of one that would make a building
/// the venue check does not pass: an upload's, and an edit's.
pub(super) type RefusalCodes = (ApiCode, ApiCode);
const UPLOAD_REFUSED: RefusalCodes = (ApiCode::BuildingRefused, ApiCode::BuildingInvalid);
pub(super) const EDIT_REFUSED: RefusalCodes = (ApiCode::EditRefused, ApiCode::EditInvalid);

/// An upload's refusal.
pub(super) fn refusal(words: &ApiErrorWords, refused: &Refused) -> ApiError {
    refused_as(words, refused, UPLOAD_REFUSED)
}

/// What the building service `refused`, answered with `codes`.
pub(super) fn refused_as(
    words: &ApiErrorWords,
    refused: &Refused,
    (code, invalid): RefusalCodes,
) -> ApiError {
    let said = match refused {
        Refused::Request(reason) => reason.clone(),
        Refused::Intake(error) => error.said(),
        Refused::Invalid(problems) => return ApiError::invalid(words, invalid, problems.clone()),
        Refused::Failed(why) => {
            tracing::error!(why, "a building the check passed could not be made");
            return ApiError::new(words, ApiCode::ComputeFailed, None, &[]);
        }
    };
    ApiError::explained(words, code, "reason", words.said(&said))
}

pub(super) fn store_refusal(api: &ApiContext, error: &StoreError) -> ApiError {
    let words = api.words();
    match error {
        StoreError::PerDay => {
            let max = api.state.buildings.per_client_per_day().to_string();
            ApiError::new(words, ApiCode::BuildingsPerDay, None, &[("max", &max)])
        }
        StoreError::Full => ApiError::new(words, ApiCode::BuildingsFull, None, &[]),
        StoreError::Conflict(version) => {
            let version = version.to_string();
            ApiError::new(
                words,
                ApiCode::BuildingConflict,
                None,
                &[("version", &version)],
            )
        }
        StoreError::Unavailable(_) => {
            ApiError::retry_after(words, ApiCode::BuildingsUnavailable, 30)
        }
    }
}

fn created(checked: &Checked, stored: &Stored) -> Response {
    let mut response = json_response(&BuildingCreated {
        id: &stored.id,
        name: &checked.files.name,
        expires_at: stored.expires_at,
        levels: &checked.files.levels,
        ignored: &checked.ignored,
        features: checked.census.features,
        link: link(&stored.id),
    });
    *response.status_mut() = StatusCode::CREATED;
    response
}

/// The demo page of building `id`.
fn link(id: &str) -> String {
    format!("/next/demo?building={id}")
}

/// A building's answers, refusals included, are its owner's alone: never stored by a cache,
/// never indexed.
pub(super) fn private(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, CachePolicy::NoStore.header_value());
    headers.insert("x-robots-tag", HeaderValue::from_static("noindex"));
    response
}
