//! What the venue API reads of a request: the venue and key of its path, its query's
//! parameters, and the refusals of a parameter that is missing, malformed or names nothing.
//! The live endpoints (`http/positions/`) read their requests with the same.

use std::collections::HashMap;

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, Request};

use super::super::error::{ApiCode, ApiError};
use crate::site::ApiErrorWords;

/// The `{venue}` of a path, or why it did not parse.
pub(in crate::http) type VenuePath = Result<Path<String>, PathRejection>;

/// The `{venue}` of a path and the key after it (`{level}`, `{kiosk}`), or why they did not
/// parse.
pub(in crate::http) type VenueKeyPath = Result<Path<(String, String)>, PathRejection>;

/// The query string's parameters.
pub(in crate::http) type Params = HashMap<String, String>;

/// The query string's parameters; the first of a repeated one counts.
pub(in crate::http) fn query_params(request: &Request) -> Params {
    params_of(request.uri().query().unwrap_or(""))
}

/// The parameters of a query string; of a name given twice, the first.
pub(in crate::http) fn params_of(query: &str) -> Params {
    let mut params = HashMap::new();
    for (key, value) in url::form_urlencoded::parse(query.as_bytes()) {
        params
            .entry(key.into_owned())
            .or_insert_with(|| value.into_owned());
    }
    params
}

/// The venue id of a `/{venue}/...` path; one that does not parse names no venue.
pub(in crate::http) fn venue_segment(
    path: VenuePath,
    words: &ApiErrorWords,
) -> Result<String, ApiError> {
    path.map(|Path(segment)| segment)
        .map_err(|_| unknown(words, ApiCode::VenueUnknown, "venue", ""))
}

/// The venue id and the key after it of a `/{venue}/.../{key}` path.
pub(in crate::http) fn venue_and_key(
    path: VenueKeyPath,
    words: &ApiErrorWords,
) -> Result<(String, String), ApiError> {
    path.map(|Path(segments)| segments)
        .map_err(|_| unknown(words, ApiCode::VenueUnknown, "venue", ""))
}

pub(in crate::http) fn unknown(
    words: &ApiErrorWords,
    code: ApiCode,
    field: &'static str,
    value: &str,
) -> ApiError {
    ApiError::new(words, code, Some(field), &[("value", value)])
}

pub(super) fn missing(words: &ApiErrorWords, field: &'static str) -> ApiError {
    ApiError::new(words, ApiCode::ParamMissing, Some(field), &[])
}

pub(super) fn required<'a>(
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

/// A whole number from 1 to `max`; absent is None. Out of range or not a number is refused with
/// `code`, whose message names the maximum.
pub(in crate::http) fn count<T>(
    params: &Params,
    words: &ApiErrorWords,
    (field, code): (&'static str, ApiCode),
    max: T,
) -> Result<Option<T>, ApiError>
where
    T: std::str::FromStr + PartialOrd + From<u8> + ToString + Copy,
{
    let Some(text) = params.get(field) else {
        return Ok(None);
    };
    text.parse::<T>()
        .ok()
        .filter(|value| *value >= T::from(1) && *value <= max)
        .map(Some)
        .ok_or_else(|| ApiError::new(words, code, Some(field), &[("max", &max.to_string())]))
}

/// `true` or `false` (also `1` or `0`); absent is false.
pub(in crate::http) fn flag(
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_accept_true_false_one_zero_and_refuse_the_rest() {
        let words = ApiErrorWords::with("boolean_malformed", "{field} 只能是 true 或 false");
        let params = |value: &str| HashMap::from([("accessible".to_owned(), value.to_owned())]);
        assert!(flag(&params("true"), &words, "accessible").unwrap());
        assert!(flag(&params("1"), &words, "accessible").unwrap());
        assert!(!flag(&params("false"), &words, "accessible").unwrap());
        assert!(!flag(&HashMap::new(), &words, "accessible").unwrap());
        assert!(flag(&params("yes"), &words, "accessible").is_err());
    }
}
