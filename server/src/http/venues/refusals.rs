//! The venue engine's errors as the API's refusals: each with its code, the parameter it is
//! about and its message from content/venues/words.toml.

use site_venues::search::{MAX_QUERY_CHARS, QueryError};
use site_venues::{CarError, PlaceError, PlaceProblem, RouteError, SearchError};

use super::super::error::{ApiCode, ApiError};
use super::request::{missing, unknown};
use crate::site::ApiErrorWords;

pub(super) fn place_error(words: &ApiErrorWords, error: &PlaceError) -> ApiError {
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

pub(super) fn route_error(words: &ApiErrorWords, error: RouteError) -> ApiError {
    match error {
        RouteError::Place(error) => place_error(words, &error),
        RouteError::NoRoute => ApiError::new(words, ApiCode::NoRoute, None, &[]),
        RouteError::NoAccessibleRoute => {
            ApiError::new(words, ApiCode::NoAccessibleRoute, None, &[])
        }
    }
}

pub(super) fn car_error(words: &ApiErrorWords, error: CarError) -> ApiError {
    match error {
        CarError::Malformed { .. } => ApiError::new(words, ApiCode::CarMalformed, Some("car"), &[]),
        CarError::Unknown { value } => unknown(words, ApiCode::CarUnknown, "car", &value),
        CarError::NoStart => missing(words, "from"),
        CarError::Route(error) => route_error(words, error),
    }
}

pub(super) fn search_error(words: &ApiErrorWords, error: SearchError) -> ApiError {
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
