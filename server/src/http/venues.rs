//! `/api/venues/...`, the live demo's API (issue #14, docs/venue-contract.md §4): the viewer's files as the
//! build compressed them, and search, routes, find my car, kiosks and the phone hand-over
//! computed by the venue engine (the `site-venues` crate, server/venues), each charged to its client by what it costs
//! (`crate::compute`, issue #30). Reads requests and writes JSON; every refusal goes through
//! `ApiError` (error.rs) with its message from content/venues/words.toml.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Arc;

use axum::Extension;
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, Request, State};
use axum::response::{IntoResponse, Response};
use axum::routing::{MethodRouter, get};
use http::HeaderValue;
use serde_json::{Value, json};

use super::AppState;
use super::api_guard::Client;
use super::cache_policy::CachePolicy;
use super::computed::{self, Answer};
use super::cross_site::EmbedOrigins;
use super::error::{ApiCode, ApiError};
use super::representation::Representation;
use crate::site::{ApiErrorWords, Body, ViewerFiles};
use site_venues::search::{MAX_QUERY_CHARS, QueryError};
use site_venues::{
    CarError, DEFAULT_LIMIT, Field, FoundCar, KioskView, MAX_LIMIT, PlaceError, PlaceProblem,
    Route, RouteError, RoutePlace, SearchError, SearchRequest, Venue,
};

const JSON: HeaderValue = HeaderValue::from_static("application/json");

/// The `{venue}` of a path, or why it did not parse.
pub(super) type VenuePath = Result<Path<String>, PathRejection>;

/// The `{venue}` of a path and the key after it (`{level}`, `{kiosk}`), or why they did not
/// parse.
pub(super) type VenueKeyPath = Result<Path<(String, String)>, PathRejection>;

/// `GET /api/venues`: every venue with its levels.
pub(super) async fn get_list(State(state): State<AppState>, request: Request) -> Response {
    static_json(&state, &state.venue_api.list, &request)
}

/// `GET /api/venues/{venue}`: the viewer's summary of a venue.
pub(super) async fn get_venue(
    State(state): State<AppState>,
    venue: VenuePath,
    request: Request,
) -> Response {
    let words = &state.venue_api.words;
    let answer = venue_segment(venue, words)
        .and_then(|id| Ok(Arc::clone(&viewer_files(&state, words, &id)?.summary)));
    static_answer(&state, answer, &request)
}

/// `GET /api/venues/{venue}/levels/{level}`: the viewer's data of one level.
pub(super) async fn get_level(
    State(state): State<AppState>,
    path: VenueKeyPath,
    request: Request,
) -> Response {
    let words = &state.venue_api.words;
    let answer = venue_and_key(path, words).and_then(|(venue, level)| {
        viewer_files(&state, words, &venue)?
            .level(&level)
            .cloned()
            .ok_or_else(|| unknown(words, ApiCode::LevelNotFound, "level", &level))
    });
    static_answer(&state, answer, &request)
}

/// `GET /api/venues/{venue}/search?q=&near=&level=&category=&limit=`
pub(super) fn search(
    venue: &Venue,
    params: &Params,
    words: &ApiErrorWords,
) -> Result<Value, ApiError> {
    let category = params.get("category").map(String::as_str);
    let query = match params.get("q") {
        Some(query) => query.as_str(),
        None if category.is_some() => "",
        None => return Err(missing(words, "q")),
    };
    let limit = match params.get("limit") {
        None => DEFAULT_LIMIT,
        Some(text) => text
            .parse::<usize>()
            .ok()
            .filter(|limit| (1..=MAX_LIMIT).contains(limit))
            .ok_or_else(|| {
                let max = MAX_LIMIT.to_string();
                ApiError::new(
                    words,
                    ApiCode::LimitMalformed,
                    Some("limit"),
                    &[("max", &max)],
                )
            })?,
    };
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
    let results: Vec<Value> = found
        .iter()
        .map(|hit| {
            let place = hit.place;
            let category = place.category.as_deref();
            let label = category.and_then(|category| venue.catalog().label(category));
            json!({
                "id": place.id,
                "kind": place.kind.as_str(),
                "name": place.name.as_deref().or(label),
                "category": category,
                "category_label": label,
                "level": venue.levels()[place.level].short,
                "point": lon_lat(venue.lon_lat(place.point)),
                "unit": place.unit.map(|unit| venue.unit_id(unit)),
                "match": hit.kind.as_str(),
                "distance_m": hit.distance_m.map(tenth),
            })
        })
        .collect();
    Ok(json!({ "query": query.trim(), "results": results }))
}

/// `GET /api/venues/{venue}/route?from=&to=&accessible=`
pub(super) fn route(
    venue: &Venue,
    params: &Params,
    words: &ApiErrorWords,
) -> Result<Value, ApiError> {
    let from = required(params, words, "from")?;
    let to = required(params, words, "to")?;
    let accessible = flag(params, words, "accessible")?;
    let route = venue
        .route(from, to, accessible)
        .map_err(|error| route_error(words, error))?;
    Ok(route_json(&route))
}

/// `GET /api/venues/{venue}/findcar?car=&from=&accessible=`
pub(super) fn find_car(
    venue: &Venue,
    params: &Params,
    words: &ApiErrorWords,
) -> Result<Value, ApiError> {
    let car = required(params, words, "car")?;
    let from = params.get("from").map(String::as_str);
    let accessible = flag(params, words, "accessible")?;
    let found = venue
        .find_car(car, from, accessible)
        .map_err(|error| car_error(words, error))?;
    Ok(find_car_json(venue, &found))
}

/// `GET /api/venues/{venue}/kiosks/{kiosk}`: a guide screen and the venue's directory.
pub(super) async fn get_kiosk(
    State(state): State<AppState>,
    Extension(Client(client)): Extension<Client>,
    path: VenueKeyPath,
    request: Request,
) -> Response {
    let words = &state.venue_api.words;
    let answer = venue_and_key(path, words).and_then(|(venue, kiosk)| {
        let venue = engine_venue(&state, words, &venue)?;
        state
            .compute
            .inline(client, KIOSK_MS, || {
                venue
                    .kiosk(&kiosk)
                    .map(|view| computed::json(request.headers(), &kiosk_json(&view)))
                    .map_err(|_| unknown(words, ApiCode::KioskUnknown, "kiosk", &kiosk))
            })
            .map_err(|refused| computed::refusal(words, refused))?
    });
    computed::answered(answer)
}

/// `GET /api/venues/{venue}/handover.svg?from=&to=&accessible=`: a QR code of the address that
/// opens this route on a phone, on the public origin of the site the request reached (a guide
/// screen's page may be served from anywhere; the phone needs the public address). The address
/// holds the ends in their canonical form, so the code's size does not depend on how they were
/// written; a code is a function of its inputs, made once and kept.
pub(super) async fn get_handover(
    State(state): State<AppState>,
    Extension(Client(client)): Extension<Client>,
    venue: VenuePath,
    request: Request,
) -> Response {
    let words = &state.venue_api.words;
    let params = query_params(&request);
    let prepared = venue_segment(venue, words).and_then(|id| {
        let venue = engine_venue(&state, words, &id)?;
        let from = required(&params, words, "from")?;
        let to = required(&params, words, "to")?;
        let accessible = flag(&params, words, "accessible")?;
        let [from, to] = [(Field::From, from), (Field::To, to)].map(|(field, text)| {
            venue
                .canonical(field, text)
                .map_err(|error| place_error(words, &error))
        });
        let (from, to) = (from?, to?);
        let origin = state.site.origin(state.variant(request.headers()).region);
        let mut address = format!("{origin}/next/demo?");
        let mut query = url::form_urlencoded::Serializer::new(String::new());
        query.append_pair("venue", venue.id());
        query.append_pair("from", &from);
        query.append_pair("to", &to);
        if accessible {
            query.append_pair("accessible", "true");
        }
        address.push_str(&query.finish());
        let version = state.venues.version(&id).unwrap_or_default();
        Ok((format!("handover/{version:016x}/{address}"), address))
    });
    let (key, address) = match prepared {
        Ok(prepared) => prepared,
        Err(error) => return error.into_response(),
    };
    let made = state
        .compute
        .inline_kept(&state.answers, &key, client, HANDOVER_MS, || {
            // A canonical address is far within a QR code's capacity: an error is a bug,
            // answered with an empty picture that is not kept.
            let (svg, keep) = match crate::site::qr_svg(&address) {
                Ok(svg) => (svg, true),
                Err(error) => {
                    tracing::error!(%error, address, "cannot make a hand-over code");
                    (String::new(), false)
                }
            };
            let cache = CachePolicy::RevalidateAfter(HANDOVER_FRESH_S);
            let answer = Answer::new(svg.into_bytes(), "image/svg+xml", cache);
            (Arc::new(answer), keep)
        })
        .await;
    match made {
        Ok(answer) => answer.respond(request.method(), request.headers()),
        Err(refused) => computed::refusal(words, refused).into_response(),
    }
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

/// The query string's parameters.
pub(super) type Params = HashMap<String, String>;

/// What a computed route answers from the venue of its path and its query.
type Compute = fn(&Venue, &Params, &ApiErrorWords) -> Result<Value, ApiError>;

/// The `GET` handler of a route computed from the venue of its path and its query, charged to
/// its client by what it costs (`estimate_ms` must fit the client's budget).
pub(super) fn computed_route(compute: Compute, estimate_ms: f64) -> MethodRouter<AppState> {
    get(
        move |State(state): State<AppState>,
              Extension(Client(client)): Extension<Client>,
              venue: VenuePath,
              request: Request| async move {
            computed::answered(computed_answer(
                &state,
                client,
                venue,
                &request,
                (compute, estimate_ms),
            ))
        },
    )
}

/// Resolves the venue of the path, reads the query and answers with what `compute` computed.
fn computed_answer(
    state: &AppState,
    client: IpAddr,
    venue: VenuePath,
    request: &Request,
    (compute, estimate_ms): (Compute, f64),
) -> Result<Response, ApiError> {
    let words = &state.venue_api.words;
    let venue = engine_venue(state, words, &venue_segment(venue, words)?)?;
    state
        .compute
        .inline(client, estimate_ms, || {
            let params = query_params(request);
            compute(venue, &params, words).map(|value| computed::json(request.headers(), &value))
        })
        .map_err(|refused| computed::refusal(words, refused))?
}

/// The query string's parameters; the first of a repeated one counts.
pub(super) fn query_params(request: &Request) -> Params {
    let mut params = HashMap::new();
    for (key, value) in url::form_urlencoded::parse(request.uri().query().unwrap_or("").as_bytes())
    {
        params
            .entry(key.into_owned())
            .or_insert_with(|| value.into_owned());
    }
    params
}

/// The venue id of a `/{venue}/...` path; one that does not parse names no venue.
pub(super) fn venue_segment(path: VenuePath, words: &ApiErrorWords) -> Result<String, ApiError> {
    path.map(|Path(segment)| segment)
        .map_err(|_| unknown(words, ApiCode::VenueUnknown, "venue", ""))
}

/// The venue id and the key after it of a `/{venue}/.../{key}` path.
pub(super) fn venue_and_key(
    path: VenueKeyPath,
    words: &ApiErrorWords,
) -> Result<(String, String), ApiError> {
    path.map(|Path(segments)| segments)
        .map_err(|_| unknown(words, ApiCode::VenueUnknown, "venue", ""))
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

/// A venue the engine loaded.
fn engine_venue<'a>(
    state: &'a AppState,
    words: &ApiErrorWords,
    id: &str,
) -> Result<&'a Venue, ApiError> {
    state
        .venues
        .get(id)
        .ok_or_else(|| unknown(words, ApiCode::VenueUnknown, "venue", id))
}

pub(super) fn unknown(
    words: &ApiErrorWords,
    code: ApiCode,
    field: &'static str,
    value: &str,
) -> ApiError {
    ApiError::new(words, code, Some(field), &[("value", value)])
}

fn missing(words: &ApiErrorWords, field: &'static str) -> ApiError {
    ApiError::new(words, ApiCode::ParamMissing, Some(field), &[])
}

fn required<'a>(
    params: &'a HashMap<String, String>,
    words: &ApiErrorWords,
    field: &'static str,
) -> Result<&'a str, ApiError> {
    params
        .get(field)
        .map(String::as_str)
        .filter(|value| !value.trim().is_empty())
        .ok_or_else(|| missing(words, field))
}

/// `true` or `false` (also `1` or `0`); absent is false.
pub(super) fn flag(
    params: &HashMap<String, String>,
    words: &ApiErrorWords,
    field: &'static str,
) -> Result<bool, ApiError> {
    match params.get(field).map(String::as_str) {
        None | Some("false" | "0") => Ok(false),
        Some("true" | "1") => Ok(true),
        Some(_) => Err(ApiError::new(
            words,
            ApiCode::BooleanMalformed,
            Some(field),
            &[],
        )),
    }
}

fn place_error(words: &ApiErrorWords, error: &PlaceError) -> ApiError {
    let (code, name) = match error.problem {
        PlaceProblem::Malformed => (ApiCode::PlaceMalformed, "value"),
        PlaceProblem::CoordinatesMalformed => (ApiCode::CoordinatesMalformed, "value"),
        PlaceProblem::Unknown => (ApiCode::PlaceUnknown, "value"),
        PlaceProblem::LevelUnknown => (ApiCode::LevelUnknown, "value"),
        PlaceProblem::OutsideLevel => (ApiCode::PointOutsideLevel, "level"),
        PlaceProblem::NotWalkable => (ApiCode::PointNotWalkable, "value"),
    };
    let field = error.field.as_str();
    ApiError::new(words, code, Some(field), &[(name, &error.value)])
}

fn route_error(words: &ApiErrorWords, error: RouteError) -> ApiError {
    match error {
        RouteError::Place(error) => place_error(words, &error),
        RouteError::NoRoute => ApiError::new(words, ApiCode::NoRoute, None, &[]),
        RouteError::NoAccessibleRoute => {
            ApiError::new(words, ApiCode::NoAccessibleRoute, None, &[])
        }
    }
}

fn car_error(words: &ApiErrorWords, error: CarError) -> ApiError {
    match error {
        CarError::Malformed { .. } => ApiError::new(words, ApiCode::CarMalformed, Some("car"), &[]),
        CarError::Unknown { value } => unknown(words, ApiCode::CarUnknown, "car", &value),
        CarError::NoStart => missing(words, "from"),
        CarError::Route(error) => route_error(words, error),
    }
}

fn search_error(words: &ApiErrorWords, error: SearchError) -> ApiError {
    match error {
        SearchError::Query(QueryError::Empty) => {
            ApiError::new(words, ApiCode::QueryEmpty, Some("q"), &[])
        }
        SearchError::Query(QueryError::TooLong { chars }) => {
            let (max, length) = (MAX_QUERY_CHARS.to_string(), chars.to_string());
            ApiError::new(
                words,
                ApiCode::QueryTooLong,
                Some("q"),
                &[("max", &max), ("length", &length)],
            )
        }
        SearchError::Near(error) => place_error(words, &error),
        SearchError::LevelUnknown(level) => unknown(words, ApiCode::LevelUnknown, "level", &level),
        SearchError::CategoryUnknown(category) => {
            unknown(words, ApiCode::CategoryUnknown, "category", &category)
        }
    }
}

/// Degrees to seven decimals (about a centimetre), metres to a tenth: the answers' precision.
/// `[lon, lat]` rounded for an answer: 7 decimals, about a centimetre.
pub(super) fn lon_lat([lon, lat]: [f64; 2]) -> [f64; 2] {
    let round = |value: f64| (value * 1e7).round() / 1e7;
    [round(lon), round(lat)]
}

fn tenth(value: f64) -> f64 {
    (value * 10.0).round() / 10.0
}

fn place_json(place: &RoutePlace) -> Value {
    json!({
        "id": place.id,
        "kind": place.kind.as_str(),
        "name": place.name,
        "level": place.level,
        "point": lon_lat(place.lon_lat),
    })
}

fn route_json(route: &Route) -> Value {
    let legs: Vec<Value> = route
        .legs
        .iter()
        .map(|leg| {
            let coordinates: Vec<[f64; 2]> = leg.lon_lat.iter().copied().map(lon_lat).collect();
            json!({
                "level": leg.level,
                "distance_m": tenth(leg.distance_m),
                "duration_s": leg.duration_s.round(),
                "start_m": tenth(leg.start_m),
                "path": {
                    "type": "Feature",
                    "properties": { "level": leg.level },
                    "geometry": { "type": "LineString", "coordinates": coordinates },
                },
            })
        })
        .collect();
    let transitions: Vec<Value> = route
        .transitions
        .iter()
        .map(|ride| {
            json!({
                "kind": ride.kind.as_str(),
                "name": ride.name,
                "from_level": ride.from_level,
                "to_level": ride.to_level,
                "duration_s": ride.duration_s.round(),
            })
        })
        .collect();
    let steps: Vec<Value> = route
        .steps
        .iter()
        .map(|step| {
            json!({
                "kind": step.kind.as_str(),
                "text": step.text,
                "level": step.level,
                "point": lon_lat(step.lon_lat),
                "along_m": tenth(step.along_m),
                "leg": step.leg,
            })
        })
        .collect();
    json!({
        "from": place_json(&route.from),
        "to": place_json(&route.to),
        "accessible": route.accessible,
        "distance_m": tenth(route.distance_m),
        "duration_s": route.duration_s.round(),
        "legs": legs,
        "transitions": transitions,
        "steps": steps,
    })
}

fn find_car_json(venue: &Venue, found: &FoundCar) -> Value {
    let space = &found.space;
    json!({
        "car": found.car,
        "plate": found.plate,
        "space": {
            "id": space.id,
            "kind": space.kind.as_str(),
            "name": space.name,
            "level": venue.levels()[space.level].short,
            "point": lon_lat(venue.lon_lat(space.point)),
            "zone": found.zone,
        },
        "route": route_json(&found.route),
    })
}

fn kiosk_json(view: &KioskView) -> Value {
    let kiosk = &view.kiosk;
    let directory: Vec<Value> = view
        .directory
        .iter()
        .map(|section| {
            let levels: Vec<Value> = section
                .levels
                .iter()
                .map(|level| {
                    let entries: Vec<Value> = level
                        .entries
                        .iter()
                        .map(|entry| {
                            json!({
                                "id": entry.id,
                                "name": entry.name,
                                "category": entry.category,
                                "kind": entry.kind.as_str(),
                            })
                        })
                        .collect();
                    json!({ "level": level.level, "entries": entries })
                })
                .collect();
            json!({ "label": section.label, "levels": levels })
        })
        .collect();
    json!({
        "kiosk": {
            "id": kiosk.id,
            "name": kiosk.name,
            "level": kiosk.level,
            "point": lon_lat(kiosk.lon_lat),
            "facing": kiosk.facing,
        },
        "directory": directory,
    })
}

/// Estimates of what the answers cost, CPU milliseconds: each must fit its client's budget,
/// which is then charged what the answer measured (routes take well under a millisecond with
/// their JSON; a QR code, made once per route and kept, a few).
pub(super) const ROUTE_MS: f64 = 2.0;
pub(super) const SEARCH_MS: f64 = 2.0;
pub(super) const KIOSK_MS: f64 = 2.0;
const HANDOVER_MS: f64 = 10.0;
/// How long a hand-over code may be reused without asking: it changes only with the venue.
const HANDOVER_FRESH_S: u32 = 3_600;

/// What the venue API holds beyond the engine: its words, the list, and who may embed it.
pub(crate) struct VenueApi {
    pub(super) words: ApiErrorWords,
    /// `GET /api/venues`, built once from the summaries of the venues the engine serves.
    pub(super) list: Body,
    pub(super) embedders: EmbedOrigins,
}

impl VenueApi {
    pub(crate) fn new(
        site: &crate::site::Site,
        venues: &site_venues::Venues,
        embedders: EmbedOrigins,
    ) -> Self {
        let venues: Vec<Value> = site
            .venue_files()
            .iter()
            // A venue the engine could not load is not offered: the viewer would fail on it.
            .filter(|files| venues.get(&files.id).is_some())
            .filter_map(|files| {
                let (_, bytes) = files.summary.bytes(crate::site::Encoding::Identity);
                let summary: Value = serde_json::from_slice(&bytes).ok()?;
                let levels: Vec<&Value> = summary["levels"]
                    .as_array()?
                    .iter()
                    .map(|level| &level["short"])
                    .collect();
                Some(json!({
                    "id": summary["id"],
                    "name": summary["name"],
                    "category": summary["category"],
                    "levels": levels,
                    "default_level": summary["defaultLevel"],
                }))
            })
            .collect();
        let list = json!({ "venues": venues }).to_string().into_bytes();
        Self {
            words: site.venues().words.api_errors.clone(),
            list: Body::new(list, true),
            embedders,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_and_metres_are_rounded_for_the_answer() {
        assert_eq!(
            lon_lat([121.400_012_345, 31.170_219_99]),
            [121.400_012_3, 31.170_22]
        );
        assert_eq!(tenth(12.345), 12.3);
    }

    #[test]
    fn flags_accept_true_false_one_zero_and_refuse_the_rest() {
        let words = ApiErrorWords {
            boolean_malformed: "{field} 只能是 true 或 false".to_owned(),
            ..ApiErrorWords::default()
        };
        let params = |value: &str| HashMap::from([("accessible".to_owned(), value.to_owned())]);
        assert!(flag(&params("true"), &words, "accessible").unwrap());
        assert!(flag(&params("1"), &words, "accessible").unwrap());
        assert!(!flag(&params("false"), &words, "accessible").unwrap());
        assert!(!flag(&HashMap::new(), &words, "accessible").unwrap());
        assert!(flag(&params("yes"), &words, "accessible").is_err());
    }
}
