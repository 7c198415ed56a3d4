//! The one place errors become HTTP responses. Page routes answer "not found" with the styled
//! 404 page (see pages.rs); everything else that goes wrong is mapped here, including every
//! refused enquiry (docs/enquiries.md section 5), whose answer is JSON or the form page again.

use std::collections::BTreeMap;
use std::sync::Arc;

use axum::response::{IntoResponse, Response};
use http::{HeaderValue, StatusCode, header};

use super::cache_policy::CachePolicy;
use super::reasons::Reason;
use crate::buildings::UploadProblem;
use crate::images::ImageError;
use crate::site::ApiErrorWords;
use crate::site::lead_form::{FormState, LeadTemplate};

#[derive(Debug, thiserror::Error)]
pub(super) enum AppError {
    #[error("this address only answers GET and HEAD requests")]
    MethodNotAllowed,
    /// The request body did not arrive within `connections.body_timeout_secs`.
    #[error("the request body did not arrive in time")]
    BodyTimedOut,
    #[error(transparent)]
    Image(#[from] ImageError),
    #[error("enquiry refused: {0:?}")]
    Enquiry(Box<EnquiryRefusal>),
    #[error(transparent)]
    Admin(#[from] AdminError),
    #[error("venue API refusal: {0:?}")]
    Api(Box<ApiError>),
    #[error("this file cannot be read right now; try again later")]
    FileUnavailable,
}

impl From<ApiError> for AppError {
    fn from(error: ApiError) -> Self {
        Self::Api(Box::new(error))
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        AppError::from(self).into_response()
    }
}

/// Declares [`ApiCode`] from one table: each code's variant, its name in the JSON answer (and
/// its key in content/venues/words.toml `[api_errors]`, which holds its message) and its status.
macro_rules! api_codes {
    ($($(#[$meta:meta])* $variant:ident => $name:literal, $status:ident;)*) => {
        /// Why the live demo's API refused a request (issues #14 and #32).
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub(super) enum ApiCode {
            $($(#[$meta])* $variant,)*
        }

        impl ApiCode {
            #[cfg(test)]
            pub(super) const ALL: &[ApiCode] = &[$(ApiCode::$variant,)*];

            fn status(self) -> StatusCode {
                match self {
                    $(Self::$variant => StatusCode::$status,)*
                }
            }

            /// The code of the JSON answer, for scripts to tell refusals apart.
            pub(super) fn name(self) -> &'static str {
                match self {
                    $(Self::$variant => $name,)*
                }
            }
        }
    };
}

api_codes! {
    VenueUnknown => "venue_unknown", NOT_FOUND;
    /// A level in the path (404); `LevelUnknown` is one in a query parameter (422).
    LevelNotFound => "level_unknown", NOT_FOUND;
    LevelUnknown => "level_unknown", UNPROCESSABLE_ENTITY;
    KioskUnknown => "kiosk_unknown", NOT_FOUND;
    ParamMissing => "param_missing", BAD_REQUEST;
    QueryEmpty => "query_empty", BAD_REQUEST;
    QueryTooLong => "query_too_long", BAD_REQUEST;
    CategoryUnknown => "category_unknown", UNPROCESSABLE_ENTITY;
    LimitMalformed => "limit_malformed", BAD_REQUEST;
    BooleanMalformed => "boolean_malformed", BAD_REQUEST;
    PlaceMalformed => "place_malformed", BAD_REQUEST;
    CoordinatesMalformed => "coordinates_malformed", BAD_REQUEST;
    PlaceUnknown => "place_unknown", UNPROCESSABLE_ENTITY;
    PointOutsideLevel => "point_outside_level", UNPROCESSABLE_ENTITY;
    PointNotWalkable => "point_not_walkable", UNPROCESSABLE_ENTITY;
    NoRoute => "no_route", UNPROCESSABLE_ENTITY;
    NoAccessibleRoute => "no_accessible_route", UNPROCESSABLE_ENTITY;
    CarMalformed => "car_malformed", BAD_REQUEST;
    CarUnknown => "car_unknown", UNPROCESSABLE_ENTITY;
    RateLimited => "rate_limited", TOO_MANY_REQUESTS;
    PositioningAbsent => "positioning_absent", NOT_FOUND;
    TagUnknown => "tag_unknown", NOT_FOUND;
    TimeMalformed => "time_malformed", BAD_REQUEST;
    TrackRange => "track_range", UNPROCESSABLE_ENTITY;
    FormatUnknown => "format_unknown", BAD_REQUEST;
    FenceMalformed => "fence_malformed", BAD_REQUEST;
    DwellMalformed => "dwell_malformed", BAD_REQUEST;
    FlowAbsent => "flow_absent", NOT_FOUND;
    DateMalformed => "date_malformed", BAD_REQUEST;
    DateRange => "date_range", UNPROCESSABLE_ENTITY;
    HourMalformed => "hour_malformed", BAD_REQUEST;
    RequestTooLong => "request_too_long", URI_TOO_LONG;
    CrossSite => "cross_site", FORBIDDEN;
    Busy => "busy", SERVICE_UNAVAILABLE;
    ClientBusy => "client_busy", SERVICE_UNAVAILABLE;
    ComputeFailed => "compute_failed", INTERNAL_SERVER_ERROR;
    StreamsPerClient => "streams_per_client", TOO_MANY_REQUESTS;
    StreamsFull => "streams_full", SERVICE_UNAVAILABLE;
    BuildingUnknown => "building_unknown", NOT_FOUND;
    BuildingTooLarge => "building_too_large", PAYLOAD_TOO_LARGE;
    BuildingRefused => "building_refused", UNPROCESSABLE_ENTITY;
    BuildingInvalid => "building_invalid", UNPROCESSABLE_ENTITY;
    BuildingsPerDay => "buildings_per_day", TOO_MANY_REQUESTS;
    BuildingsFull => "buildings_full", SERVICE_UNAVAILABLE;
    BuildingsUnavailable => "buildings_unavailable", SERVICE_UNAVAILABLE;
    /// An edit made to a version another edit replaced.
    BuildingConflict => "building_conflict", CONFLICT;
    EditMalformed => "edit_malformed", BAD_REQUEST;
    EditRefused => "edit_refused", UNPROCESSABLE_ENTITY;
    EditInvalid => "edit_invalid", UNPROCESSABLE_ENTITY;
    TechnologyUnknown => "technology_unknown", BAD_REQUEST;
    TargetMalformed => "target_malformed", BAD_REQUEST;
    PlanRefused => "plan_refused", UNPROCESSABLE_ENTITY;
    LayoutMalformed => "layout_malformed", BAD_REQUEST;
    ZoneUnknown => "zone_unknown", BAD_REQUEST;
    /// A `lang` other than Chinese or English (issue #35).
    LangUnknown => "lang_unknown", BAD_REQUEST;
}

impl ApiCode {
    fn template(self, words: &ApiErrorWords) -> &str {
        words.message(self.name())
    }
}

/// Problems an answer lists at most: a drawing of 90,000 rooms without doors has as many, and
/// the first few show what to fix.
const PROBLEMS_LISTED: usize = 200;

/// A refused API request: JSON `{"error": {"field", "code", "message"}}`.
#[derive(Debug)]
pub(super) struct ApiError {
    code: ApiCode,
    /// The query parameter or path segment at fault; None for the request as a whole.
    field: Option<&'static str>,
    message: String,
    retry_after_secs: Option<u64>,
    /// What the venue check found in an uploaded building, each naming its file, feature,
    /// field and rule, worded in the language asked.
    problems: Vec<BuildingProblem>,
}

/// One problem of a visitor's building as the API shows it: an [`UploadProblem`] in the
/// language asked.
#[derive(Debug, serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(super) struct BuildingProblem {
    /// The file at fault as the visitor named it: `unit.geojson` in their archive, `L1.dxf`.
    file: String,
    /// The feature id, or the DXF entity's handle (`2F`), when one is at fault.
    feature: Option<String>,
    /// The property at fault, or the DXF layer; empty when neither.
    field: String,
    /// The rule broken: the venue check's (`geometry`, `references`...) or the drawing's
    /// (`dxf-room`, `dxf-door`...).
    rule: String,
    message: String,
}

impl ApiError {
    /// The message of `code` with its `{placeholders}` filled from `values`; `{field}` is
    /// filled with the field's name.
    pub(super) fn new(
        words: &ApiErrorWords,
        code: ApiCode,
        field: Option<&'static str>,
        values: &[(&str, &str)],
    ) -> Self {
        let mut message = code.template(words).to_owned();
        for (name, value) in values
            .iter()
            .copied()
            .chain(field.map(|field| ("field", field)))
        {
            message = message.replace(&format!("{{{name}}}"), &quoted(value));
        }
        Self {
            code,
            field,
            message,
            retry_after_secs: None,
            problems: Vec::new(),
        }
    }

    /// A refusal of `code` whose `{name}` is a whole explanation (an uploaded file's fault,
    /// already bounded), not a value of the request to be shortened.
    pub(super) fn explained(words: &ApiErrorWords, code: ApiCode, name: &str, text: &str) -> Self {
        let mut error = Self::new(words, code, None, &[]);
        error.message = error.message.replace(&format!("{{{name}}}"), text);
        error
    }

    /// A refusal whose `{reason}` is one of the API's reasons, worded in the words' language.
    pub(super) fn because(
        words: &ApiErrorWords,
        code: ApiCode,
        reason: Reason,
        values: &[(&str, &str)],
    ) -> Self {
        Self::explained(words, code, "reason", &words.reason(reason.key(), values))
    }

    /// The refusal of a building the venue check did not pass (uploaded, or as an edit would
    /// leave it), with its problems: the first [`PROBLEMS_LISTED`] of them, the message counting
    /// them all.
    pub(super) fn invalid(
        words: &ApiErrorWords,
        code: ApiCode,
        mut problems: Vec<UploadProblem>,
    ) -> Self {
        let count = problems.len().to_string();
        problems.truncate(PROBLEMS_LISTED);
        let problems = problems
            .into_iter()
            .map(|problem| BuildingProblem {
                message: words.said(&problem.message).to_owned(),
                file: problem.file,
                feature: problem.feature,
                field: problem.field,
                rule: problem.rule,
            })
            .collect();
        Self {
            problems,
            ..Self::new(words, code, None, &[("count", &count)])
        }
    }

    /// The code and message, for a refusal sent inside a stream (an event, not a status).
    pub(super) fn code_and_message(self) -> (&'static str, String) {
        (self.code.name(), self.message)
    }

    pub(super) fn rate_limited(words: &ApiErrorWords, retry_after_secs: u64) -> Self {
        Self::retry_after(words, ApiCode::RateLimited, retry_after_secs)
    }

    /// A refusal of `code` (rate limited, busy) whose message and `Retry-After` give the wait.
    pub(super) fn retry_after(words: &ApiErrorWords, code: ApiCode, retry_after_secs: u64) -> Self {
        let seconds = retry_after_secs.to_string();
        Self {
            retry_after_secs: Some(retry_after_secs),
            ..Self::new(words, code, None, &[("seconds", &seconds)])
        }
    }
}

/// A value of the request as a message repeats it: at most [`MAX_QUOTED_CHARS`] characters,
/// so a refusal of a huge value is not huge too.
fn quoted(value: &str) -> std::borrow::Cow<'_, str> {
    match value.char_indices().nth(MAX_QUOTED_CHARS) {
        Some((end, _)) => format!("{}…", &value[..end]).into(),
        None => value.into(),
    }
}

const MAX_QUOTED_CHARS: usize = 64;

/// Why an enquiry was not accepted, with what its answer needs.
#[derive(Debug)]
pub(super) struct EnquiryRefusal {
    pub reason: RefusalReason,
    /// The form-level message from the catalog (summary, bot, rate_limited, ...).
    pub message: String,
    pub answer: EnquiryAnswer,
}

#[derive(Debug)]
pub(super) enum RefusalReason {
    /// Field -> its message.
    Invalid(BTreeMap<&'static str, String>),
    /// The honeypot was filled.
    Bot,
    RateLimited {
        retry_after_secs: u64,
    },
    TooLarge,
    UnsupportedType,
    /// A body that is not JSON, not an object, or not UTF-8.
    Malformed,
    /// The store cannot take it now.
    Unavailable,
    /// A browser sent it for a page of another site.
    CrossSite,
    /// The whole site's hourly cap of accepted enquiries is reached.
    Busy {
        retry_after_secs: u64,
    },
}

/// JSON for scripts; the form page again, filled, for browsers without JavaScript.
#[derive(Debug)]
pub(super) enum EnquiryAnswer {
    Json,
    Page {
        template: Arc<LeadTemplate>,
        form: Box<FormState>,
        csp: HeaderValue,
    },
}

/// The sales endpoints' refusals. Their bodies are for the sales page's script and for
/// whoever debugs it, so they are short JSON.
#[derive(Debug, thiserror::Error)]
pub(super) enum AdminError {
    #[error("authorisation required")]
    Unauthorized,
    #[error("the Origin of this request is not this site")]
    CrossOrigin,
    #[error("too many wrong tokens from this address; try again in {retry_after_secs} s")]
    Throttled { retry_after_secs: u64 },
    #[error("{0}")]
    UnsupportedType(String),
    #[error("{0}")]
    Unprocessable(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Unavailable(String),
}

impl AdminError {
    fn status(&self) -> StatusCode {
        match self {
            Self::Unauthorized => StatusCode::UNAUTHORIZED,
            Self::CrossOrigin => StatusCode::FORBIDDEN,
            Self::Throttled { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::UnsupportedType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::Unprocessable(_) => StatusCode::UNPROCESSABLE_ENTITY,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
        }
    }
}

impl RefusalReason {
    fn status(&self) -> StatusCode {
        match self {
            Self::Invalid(_) | Self::Bot => StatusCode::UNPROCESSABLE_ENTITY,
            Self::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Self::UnsupportedType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::Malformed => StatusCode::BAD_REQUEST,
            Self::Unavailable | Self::Busy { .. } => StatusCode::SERVICE_UNAVAILABLE,
            Self::CrossSite => StatusCode::FORBIDDEN,
        }
    }

    /// How long the client should wait before trying again, when that is known.
    fn retry_after_secs(&self) -> Option<u64> {
        match self {
            Self::RateLimited { retry_after_secs } | Self::Busy { retry_after_secs } => {
                Some(*retry_after_secs)
            }
            _ => None,
        }
    }
}

impl AppError {
    fn status(&self) -> StatusCode {
        match self {
            Self::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            Self::BodyTimedOut => StatusCode::REQUEST_TIMEOUT,
            Self::Image(error) => match error {
                ImageError::Param(_)
                | ImageError::NotAnImage
                | ImageError::TypeNotAllowed
                | ImageError::TooManyPixels { .. }
                | ImageError::Undecodable
                | ImageError::UpstreamNotPublic => StatusCode::BAD_REQUEST,
                ImageError::NotFound => StatusCode::NOT_FOUND,
                ImageError::UpstreamInvalid | ImageError::UpstreamTooLarge => {
                    StatusCode::BAD_GATEWAY
                }
                ImageError::UpstreamTimeout => StatusCode::GATEWAY_TIMEOUT,
                ImageError::Busy | ImageError::RemoteBusy => StatusCode::SERVICE_UNAVAILABLE,
                ImageError::Internal => StatusCode::INTERNAL_SERVER_ERROR,
            },
            Self::Enquiry(refusal) => refusal.reason.status(),
            Self::Admin(error) => error.status(),
            Self::Api(error) => error.code.status(),
            Self::FileUnavailable => StatusCode::SERVICE_UNAVAILABLE,
        }
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let status = self.status();
        let mut response = match self {
            Self::Enquiry(refusal) => enquiry_response(*refusal),
            Self::Admin(error) => admin_response(&error),
            Self::Api(error) => api_response(&error),
            other => {
                let mut response = (status, format!("{other}\n")).into_response();
                response.headers_mut().insert(
                    header::CONTENT_TYPE,
                    HeaderValue::from_static("text/plain; charset=utf-8"),
                );
                response
            }
        };
        *response.status_mut() = status;
        let headers = response.headers_mut();
        // Errors are answers about this moment (a full queue, a missing file): never cached.
        headers.insert(header::CACHE_CONTROL, CachePolicy::NoStore.header_value());
        if status == StatusCode::METHOD_NOT_ALLOWED {
            headers.insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        }
        if status == StatusCode::REQUEST_TIMEOUT {
            // The rest of the body may still be on its way; the connection cannot be reused.
            headers.insert(header::CONNECTION, HeaderValue::from_static("close"));
        }
        if status == StatusCode::SERVICE_UNAVAILABLE && !headers.contains_key(header::RETRY_AFTER) {
            headers.insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        response
    }
}

/// The JSON answer to an enquiry refused (docs/enquiries.md section 4); the form's type of it is
/// generated from this one (`answer_types.rs`).
#[derive(serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(super) struct EnquiryRefused<'a> {
    /// For the visitor, in Chinese.
    message: &'a str,
    /// Each field at fault with its message: for a submission that fails the rules (empty for
    /// a bot's), absent for the other refusals.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional, type = "Record<string, string>"))]
    errors: Option<&'a BTreeMap<&'static str, String>>,
    /// When the visitor may send again (too many enquiries from one address).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional, type = "number"))]
    retry_after_secs: Option<u64>,
}

fn enquiry_response(refusal: EnquiryRefusal) -> Response {
    let EnquiryRefusal {
        reason,
        message,
        answer,
    } = refusal;
    let mut response = match (answer, &reason) {
        // A wrong content type gets JSON either way: there is no form to show it next to.
        (EnquiryAnswer::Json, _) | (_, RefusalReason::UnsupportedType) => {
            static NONE: BTreeMap<&str, String> = BTreeMap::new();
            json_response(&EnquiryRefused {
                message: &message,
                errors: match &reason {
                    RefusalReason::Invalid(errors) => Some(errors),
                    RefusalReason::Bot => Some(&NONE),
                    _ => None,
                },
                retry_after_secs: reason.retry_after_secs(),
            })
        }
        (
            EnquiryAnswer::Page {
                template,
                form,
                csp,
            },
            _,
        ) => {
            let mut response = Response::new(template.render(&form).into());
            let headers = response.headers_mut();
            headers.insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/html; charset=utf-8"),
            );
            headers.insert(header::CONTENT_SECURITY_POLICY, csp);
            response
        }
    };
    if let Some(retry_after_secs) = reason.retry_after_secs() {
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(retry_after_secs));
    }
    response
}

/// The body of every refusal of the live demo's API (docs/api.md); the viewer's type of it is
/// generated from this one (`answer_types.rs`).
#[derive(serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(super) struct ApiRefusal<'a> {
    pub(super) error: RefusalDetail<'a>,
}

#[derive(serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(super) struct RefusalDetail<'a> {
    /// The query parameter or path segment at fault; null for the request as a whole.
    field: Option<&'static str>,
    /// Stable, for scripts to tell refusals apart (`venue_unknown`, `no_route`...).
    code: &'static str,
    /// For people, in the language asked (`lang=` or Accept-Language, Chinese by default).
    message: &'a str,
    /// An uploaded building's problems (`building_invalid`); absent otherwise.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    #[cfg_attr(test, ts(optional, as = "Option<Vec<BuildingProblem>>"))]
    problems: &'a [BuildingProblem],
}

fn api_response(error: &ApiError) -> Response {
    let mut response = json_response(&ApiRefusal {
        error: RefusalDetail {
            field: error.field,
            code: error.code.name(),
            message: &error.message,
            problems: &error.problems,
        },
    });
    if let Some(seconds) = error.retry_after_secs {
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
    }
    response
}

/// The JSON body of a refused request of the leads' admin pages.
#[derive(serde::Serialize)]
struct AdminRefusal {
    message: String,
}

fn admin_response(error: &AdminError) -> Response {
    let mut response = json_response(&AdminRefusal {
        message: error.to_string(),
    });
    let headers = response.headers_mut();
    headers.insert("x-robots-tag", HeaderValue::from_static("noindex"));
    match error {
        AdminError::Unauthorized => {
            headers.insert(
                header::WWW_AUTHENTICATE,
                HeaderValue::from_static("Basic realm=\"leads\", charset=\"UTF-8\""),
            );
        }
        AdminError::Throttled { retry_after_secs } => {
            headers.insert(header::RETRY_AFTER, HeaderValue::from(*retry_after_secs));
        }
        _ => {}
    }
    response
}

/// A wait as a `Retry-After` value: whole seconds, rounded up (at least 1), so a client that
/// waits exactly this long gets through.
pub(super) fn retry_after_secs(wait: std::time::Duration) -> u64 {
    (wait.as_secs() + u64::from(wait.subsec_nanos() > 0)).max(1)
}

/// A JSON body with its content type; status and caching are the caller's.
pub(super) fn json_response(value: &impl serde::Serialize) -> Response {
    let body = serde_json::to_vec(value).expect("an answer serialises");
    let mut response = Response::new(body.into());
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}
