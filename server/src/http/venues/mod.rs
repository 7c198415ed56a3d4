//! `/api/venues/...`, the live demo's API (issue #14, docs/venue-contract.md §4): the viewer's
//! files as the build compressed them, and search, routes, find my car, kiosks and the phone
//! hand-over computed by the venue engine (the `site-venues` crate, server/venues), each charged
//! to its client by what it costs (`crate::compute`, issue #30). Here the handlers; what they
//! read of a request is `request.rs`, the engine's errors as refusals `refusals.rs`, the answers'
//! types `answers.rs`, the hand-over's QR code `handover.rs`. Every refusal goes through
//! `ApiError` (error.rs) with its message from content/venues/words.toml.

pub(in crate::http) mod answers;
mod handover;
mod plan;
pub(in crate::http) mod plan_answers;
mod plan_export;
pub(in crate::http) mod plan_request;
mod refusals;
pub(in crate::http) mod request;

use std::sync::Arc;

use axum::extract::{Extension, Request, State};
use axum::response::{IntoResponse, Response};
use axum::routing::{MethodRouter, get};
use http::HeaderValue;
use site_venues::{DEFAULT_LIMIT, MAX_LIMIT, SearchRequest, Venue};

use super::AppState;
use super::api_guard::ApiContext;
use super::buildings::loaded_building;
use super::cache_policy::CachePolicy;
use super::computed;
use super::cross_site::EmbedOrigins;
use super::error::{ApiCode, ApiError};
use super::representation::Representation;
use crate::buildings::is_building_id;
use crate::negotiation::language::{ByLanguage, Language};
use crate::site::{ApiErrorWords, Body, ViewerFiles};
use answers::{
    FindCarAnswer, KioskAnswer, RouteAnswer, SearchAnswer, SearchResult, VenueList, VenueListEntry,
    tenth,
};
pub(super) use handover::get_handover;
pub(super) use plan::{get_plan, post_plan};
pub(super) use plan_export::post_infrastructure;
#[cfg(test)]
pub(super) use plan_request::{LayoutDevice, LayoutRequest};
// The answer types' generator writes the targets for the viewer's form.
#[cfg(test)]
pub(super) use plan_request::targets as plan_targets;
use refusals::{car_error, route_error, search_error};
use request::{
    Params, VenueKeyPath, VenuePath, count, flag, missing, query_params, required, unknown,
    venue_and_key, venue_segment,
};

const JSON: HeaderValue = HeaderValue::from_static("application/json");

/// `GET /api/venues`: every venue with its levels.
pub(super) async fn get_list(
    State(state): State<AppState>,
    language: Extension<Language>,
    request: Request,
) -> Response {
    static_json(&state, state.venue_api.list.get(language.0), &request)
}

/// `GET /api/venues/{venue}`: the viewer's summary of a venue.
pub(super) async fn get_venue(api: ApiContext, venue: VenuePath, request: Request) -> Response {
    let id = venue_segment(venue, api.words());
    let answer = viewer_file(&api, id, |files| {
        Ok(Arc::clone(files.summary(api.language)))
    })
    .await;
    static_answer(&api.state, answer, &request)
}

/// `GET /api/venues/{venue}/levels/{level}`: the viewer's data of one level.
pub(super) async fn get_level(api: ApiContext, path: VenueKeyPath, request: Request) -> Response {
    let words = api.words();
    let (id, level) = match venue_and_key(path, words) {
        Ok((venue, level)) => (Ok(venue), level),
        Err(error) => (Err(error), String::new()),
    };
    let answer = viewer_file(&api, id, |files| {
        files
            .level(&level, api.language)
            .cloned()
            .ok_or_else(|| unknown(words, ApiCode::LevelNotFound, "level", &level))
    })
    .await;
    static_answer(&api.state, answer, &request)
}

/// The file `pick` takes of the viewer's files of venue `id`.
async fn viewer_file(
    api: &ApiContext,
    id: Result<String, ApiError>,
    pick: impl FnOnce(&ViewerFiles) -> Result<Arc<Body>, ApiError>,
) -> Result<Arc<Body>, ApiError> {
    served_files(api, &id?).await.and_then(|files| pick(&files))
}

/// The viewer's files of a demo venue (the build's) or of a building a visitor brought.
enum ServedFiles<'a> {
    Demo(&'a ViewerFiles),
    Building(Arc<crate::buildings::LoadedBuilding>),
}

impl std::ops::Deref for ServedFiles<'_> {
    type Target = ViewerFiles;
    fn deref(&self) -> &ViewerFiles {
        match self {
            Self::Demo(files) => files,
            Self::Building(building) => &building.files,
        }
    }
}

/// The viewer's files of venue `id`: the build's, or a building's, loaded on demand.
async fn served_files<'a>(api: &'a ApiContext, id: &str) -> Result<ServedFiles<'a>, ApiError> {
    if is_building_id(id) {
        return loaded_building(api, id).await.map(ServedFiles::Building);
    }
    viewer_files(&api.state, api.words(), id).map(ServedFiles::Demo)
}

/// `GET /api/venues/{venue}/search?q=&near=&level=&category=&limit=`
pub(super) fn search(
    venue: &Venue,
    params: &Params,
    Answering { language, words }: Answering,
) -> Result<Vec<u8>, ApiError> {
    let category = params.get("category").map(String::as_str);
    let query = match params.get("q") {
        Some(query) => query.as_str(),
        None if category.is_some() => "",
        None => return Err(missing(words, "q")),
    };
    let limit = count(params, words, ("limit", ApiCode::LimitMalformed), MAX_LIMIT)?
        .unwrap_or(DEFAULT_LIMIT);
    let request = SearchRequest {
        query,
        near: params.get("near").map(String::as_str),
        level: params.get("level").map(String::as_str),
        category,
        limit,
    };
    let found = venue
        .search(&request)
        .map_err(|error| search_error(words, error))?;
    let wording = venue.wording(language.tag());
    let results = found
        .iter()
        .map(|hit| {
            let place = hit.place;
            let category = place.category.as_deref();
            let label = category.and_then(|category| wording.catalog.label(category));
            let name = place
                .name
                .as_ref()
                .map(|name| name.in_language(language.tag()));
            SearchResult {
                id: &place.id,
                kind: place.kind.as_str(),
                name: name.or(label),
                category,
                category_label: label,
                level: &venue.levels()[place.level].short,
                point: answers::lon_lat(venue.lon_lat(place.point)),
                unit: place.unit.map(|unit| venue.unit_id(unit)),
                matched: hit.kind.as_str(),
                distance_m: hit.distance_m.map(tenth),
            }
        })
        .collect();
    let answer = SearchAnswer {
        query: query.trim(),
        results,
    };
    Ok(computed::to_json(&answer))
}

/// `GET /api/venues/{venue}/route?from=&to=&accessible=`
pub(super) fn route(
    venue: &Venue,
    params: &Params,
    Answering { language, words }: Answering,
) -> Result<Vec<u8>, ApiError> {
    let from = required(params, words, "from")?;
    let to = required(params, words, "to")?;
    let accessible = flag(params, words, "accessible")?;
    let route = venue
        .route(from, to, accessible, language.tag())
        .map_err(|error| route_error(words, error))?;
    Ok(computed::to_json(&RouteAnswer::of(&route)))
}

/// `GET /api/venues/{venue}/findcar?car=&from=&accessible=`
pub(super) fn find_car(
    venue: &Venue,
    params: &Params,
    Answering { language, words }: Answering,
) -> Result<Vec<u8>, ApiError> {
    let car = required(params, words, "car")?;
    let from = params.get("from").map(String::as_str);
    let accessible = flag(params, words, "accessible")?;
    let found = venue
        .find_car(car, from, accessible, language.tag())
        .map_err(|error| car_error(words, error))?;
    Ok(computed::to_json(&FindCarAnswer::of(venue, &found)))
}

/// `GET /api/venues/{venue}/kiosks/{kiosk}`: a guide screen and the venue's directory.
pub(super) async fn get_kiosk(api: ApiContext, path: VenueKeyPath, request: Request) -> Response {
    let words = api.words();
    let (venue, kiosk) = match venue_and_key(path, words) {
        Ok(pair) => pair,
        Err(error) => return error.into_response(),
    };
    let answer = served_venue(&api, &venue).await.and_then(|venue| {
        api.state
            .compute
            .inline(api.client, KIOSK_MS, || {
                venue
                    .kiosk(&kiosk, api.language.tag())
                    .map(|view| {
                        let answer = computed::to_json(&KioskAnswer::of(&view));
                        computed::json(request.headers(), answer)
                    })
                    .map_err(|_| unknown(words, ApiCode::KioskUnknown, "kiosk", &kiosk))
            })
            .map_err(|refused| computed::refusal(words, refused))?
    });
    computed::answered(answer)
}

/// A venue file or list kept in memory: 304 on a matching ETag, the build's encodings.
fn static_json(state: &AppState, body: &Body, request: &Request) -> Response {
    Representation {
        body,
        content_type: JSON,
        cache: CachePolicy::ShortRevalidate,
        vary_user_agent: false,
        document_csp: Some(&state.content_security_policy),
    }
    .respond(request.method(), request.headers())
}

fn static_answer(
    state: &AppState,
    answer: Result<Arc<Body>, ApiError>,
    request: &Request,
) -> Response {
    match answer {
        Ok(body) => static_json(state, &body, request),
        Err(error) => error.into_response(),
    }
}

/// What a computed route answers from the venue of its path and its query: its JSON.
type Compute = fn(&Venue, &Params, Answering) -> Result<Vec<u8>, ApiError>;

/// The language a computed answer is written in, and the words of its refusals.
#[derive(Clone, Copy)]
pub(super) struct Answering<'a> {
    pub language: Language,
    pub words: &'a ApiErrorWords,
}

/// The `GET` handler of a route computed from the venue of its path and its query, charged to
/// its client by what it costs (`estimate_ms` must fit the client's budget).
pub(super) fn computed_route(compute: Compute, estimate_ms: f64) -> MethodRouter<AppState> {
    get(
        move |api: ApiContext, venue: VenuePath, request: Request| async move {
            let venue = served_venue_at(&api, venue).await;
            computed::answered(venue.and_then(|(_, venue)| {
                computed_answer(&api, &venue, &request, (compute, estimate_ms))
            }))
        },
    )
}

/// Reads the query and answers with what `compute` computed of `venue`.
fn computed_answer(
    api: &ApiContext,
    venue: &Venue,
    request: &Request,
    (compute, estimate_ms): (Compute, f64),
) -> Result<Response, ApiError> {
    let answering = Answering {
        language: api.language,
        words: api.words(),
    };
    api.state
        .compute
        .inline(api.client, estimate_ms, || {
            let params = query_params(request);
            compute(venue, &params, answering)
                .map(|answer| computed::json(request.headers(), answer))
        })
        .map_err(|refused| computed::refusal(answering.words, refused))?
}

/// The viewer's files of a venue the build wrote.
fn viewer_files<'a>(
    state: &'a AppState,
    words: &ApiErrorWords,
    id: &str,
) -> Result<&'a ViewerFiles, ApiError> {
    state
        .site
        .venue_files()
        .venue(id)
        .ok_or_else(|| unknown(words, ApiCode::VenueUnknown, "venue", id))
}

/// A venue the API serves: a demo venue the engine loaded, or a building a visitor brought,
/// loaded on demand (charged to `client` when it has to be built).
pub(super) async fn served_venue(api: &ApiContext, id: &str) -> Result<Arc<Venue>, ApiError> {
    venue_of(api, id).await.map(|(venue, _)| venue)
}

/// The venue `id` names, as [`served_venue`] serves it, and its version.
pub(in crate::http) async fn venue_of(
    api: &ApiContext,
    id: &str,
) -> Result<(Arc<Venue>, u64), ApiError> {
    if is_building_id(id) {
        let building = loaded_building(api, id).await?;
        Ok((Arc::clone(&building.venue), building.version as u64))
    } else {
        let version = api.state.venues.version(id).unwrap_or_default();
        Ok((shared_venue(&api.state, api.words(), id)?, version))
    }
}

/// The venue a `/{venue}/...` path names, with its id, as [`served_venue`] serves it.
pub(super) async fn served_venue_at(
    api: &ApiContext,
    path: VenuePath,
) -> Result<(String, Arc<Venue>), ApiError> {
    let id = venue_segment(path, api.words())?;
    let venue = served_venue(api, &id).await?;
    Ok((id, venue))
}

/// A venue the engine loaded, shared with what outlives the request (engines, long
/// computations).
pub(in crate::http) fn shared_venue(
    state: &AppState,
    words: &ApiErrorWords,
    id: &str,
) -> Result<Arc<Venue>, ApiError> {
    state
        .venues
        .shared(id)
        .ok_or_else(|| unknown(words, ApiCode::VenueUnknown, "venue", id))
}

/// Estimates of what the answers cost, CPU milliseconds: each must fit its client's budget,
/// which is then charged what the answer measured (routes take well under a millisecond with
/// their JSON).
pub(super) const ROUTE_MS: f64 = 2.0;
pub(super) const SEARCH_MS: f64 = 2.0;
pub(super) const KIOSK_MS: f64 = 2.0;

/// What the venue API holds beyond the engine: its words, the list, and who may embed it.
pub(crate) struct VenueApi {
    /// The messages of refusals, in each language an answer may speak.
    words: ByLanguage<ApiErrorWords>,
    /// `GET /api/venues`, built once from the summaries of the venues the engine serves.
    pub(super) list: ByLanguage<Body>,
    pub(super) embedders: EmbedOrigins,
}

impl VenueApi {
    pub(crate) fn new(
        site: &crate::site::Site,
        venues: &site_venues::Venues,
        embedders: EmbedOrigins,
    ) -> Self {
        let list = ByLanguage::from_fn(|language| {
            let venues = site
                .venue_files()
                .iter()
                // A venue the engine could not load is not offered: the viewer would fail on it.
                .filter(|files| venues.get(&files.id).is_some())
                .filter_map(|files| {
                    let summary = files.summary(language);
                    let (_, bytes) = summary.bytes(crate::site::Encoding::Identity);
                    VenueListEntry::of_summary(&bytes)
                })
                .collect();
            Body::new(computed::to_json(&VenueList { venues }), true)
        });
        Self {
            words: site.venues().api_errors(),
            list,
            embedders,
        }
    }

    /// The messages of refusals in `language`.
    pub(in crate::http) fn words(&self, language: Language) -> &ApiErrorWords {
        self.words.get(language)
    }
}
