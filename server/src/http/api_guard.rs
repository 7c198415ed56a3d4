//! What every request of the live demo's API passes before its handler (issues #14 and #30):
//! the client's address is decided once (and handed on as [`Client`]), a query string longer
//! than any real one is refused (414), another site's page is refused (403) before it spends
//! the visitor's budget, and one request of the client's request budget is spent (429). The
//! language of its answer's words is decided here too (handed on as [`Language`]): `lang=`,
//! else Accept-Language; a `lang` of another language is refused (400). Every answer leaves
//! with `Cross-Origin-Resource-Policy` (and CORS headers for an embedder).

use std::net::IpAddr;
use std::time::Instant;

use axum::extract::{FromRequestParts, Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http::request::Parts;
use http::{HeaderMap, HeaderValue, StatusCode, header};

use super::AppState;
use super::cross_site::{ApiCaller, origin_for_log};
use super::error::{ApiCode, ApiError, retry_after_secs};
use crate::negotiation::language::Language;
use crate::site::ApiErrorWords;

/// The longest query string the API reads, in bytes. The longest real one is a drawn fence of
/// 32 corners (about 1.3 KB); everything else is under 200 bytes.
pub(super) const MAX_QUERY_BYTES: usize = 2048;

/// The client of an API request, as `leads.trusted_proxies` reads it.
#[derive(Debug, Clone, Copy)]
pub(super) struct Client(pub IpAddr);

/// What an API handler takes first: the server's state, and the client and the language
/// [`guard`] decided.
pub(super) struct ApiContext {
    pub(super) state: AppState,
    pub(super) client: IpAddr,
    pub(super) language: Language,
}

impl FromRequestParts<AppState> for ApiContext {
    /// Only a route left outside the guard can have no client: a bug, answered as one.
    type Rejection = StatusCode;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, StatusCode> {
        let Client(client) = *parts
            .extensions
            .get::<Client>()
            .ok_or(StatusCode::INTERNAL_SERVER_ERROR)?;
        let language = *parts
            .extensions
            .get::<Language>()
            .ok_or(StatusCode::INTERNAL_SERVER_ERROR)?;
        Ok(Self {
            state: state.clone(),
            client,
            language,
        })
    }
}

impl ApiContext {
    /// The words of this request's refusals, in its language.
    pub(super) fn words(&self) -> &ApiErrorWords {
        self.state.venue_api.words(self.language)
    }
}

/// The query's `lang` parameter (the first, as every parameter), if any.
fn lang_param(request: &Request) -> Option<String> {
    let query = request.uri().query()?;
    url::form_urlencoded::parse(query.as_bytes())
        .find(|(name, _)| name == "lang")
        .map(|(_, value)| value.into_owned())
}

/// Whether `path` is one of a visitor's building's venue answers (`/api/venues/<building id>...`).
fn building_path(path: &str) -> bool {
    path.strip_prefix("/api/venues/")
        .and_then(|rest| rest.split('/').next())
        .is_some_and(crate::buildings::is_building_id)
}

pub(super) async fn guard(
    State(state): State<AppState>,
    mut request: Request,
    next: Next,
) -> Response {
    let client = state
        .trusted_proxies
        .client_of(request.extensions(), request.headers());
    request.extensions_mut().insert(Client(client));
    let caller = state
        .site_origins
        .api_caller(request.headers(), &state.venue_api.embedders);
    let too_long = request.uri().query().map_or(0, str::len) > MAX_QUERY_BYTES;
    let lang = (!too_long).then(|| lang_param(&request)).flatten();
    let accept_language = request
        .headers()
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|value| value.to_str().ok());
    let (language, lang_refused) = match Language::requested(lang.as_deref(), accept_language) {
        Ok(language) => (language, false),
        Err(language) => (language, true),
    };
    request.extensions_mut().insert(language);
    // Its words are those of Accept-Language unless `lang` chose them.
    let by_accept_language = lang.is_none() || lang_refused;
    let words = state.venue_api.words(language);
    let refusal = if too_long {
        let max = MAX_QUERY_BYTES.to_string();
        Some(ApiError::new(
            words,
            ApiCode::RequestTooLong,
            None,
            &[("max", &max)],
        ))
    } else if caller == ApiCaller::CrossSite {
        if let Some(left_out) = state.sampled_logs.api_cross_site.admit(Instant::now()) {
            let origin = origin_for_log(request.headers());
            tracing::info!(%client, origin, left_out, "API request refused: sent from another site");
        }
        Some(ApiError::new(words, ApiCode::CrossSite, None, &[]))
    } else {
        state
            .api_budget
            .spend(client, Instant::now(), 1.0)
            .err()
            .map(|wait| ApiError::rate_limited(words, retry_after_secs(wait)))
            .or_else(|| {
                lang_refused.then(|| {
                    let value = lang.unwrap_or_default();
                    ApiError::new(
                        words,
                        ApiCode::LangUnknown,
                        Some("lang"),
                        &[("value", &value)],
                    )
                })
            })
    };
    // A visitor's building is private, and changes under the editor: none of its answers may
    // be kept by a browser or a shared cache, or indexed.
    let building = building_path(request.uri().path());
    let mut response = match refusal {
        Some(refusal) => refusal.into_response(),
        None => next.run(request).await,
    };
    if building {
        response = super::buildings::private(response);
    }
    if by_accept_language {
        add_vary(response.headers_mut(), "Accept-Language");
    }
    mark(
        response.headers_mut(),
        &caller,
        !state.venue_api.embedders.is_empty(),
    );
    response
}

/// Adds `name` to the response's `Vary`, once.
fn add_vary(headers: &mut HeaderMap, name: &str) {
    let vary = headers.get(header::VARY).and_then(|v| v.to_str().ok());
    let listed = vary.is_some_and(|vary| {
        vary.split(',')
            .any(|item| item.trim().eq_ignore_ascii_case(name))
    });
    let value = match vary {
        _ if listed => return,
        Some(vary) if !vary.trim().is_empty() => format!("{vary}, {name}"),
        _ => name.to_owned(),
    };
    if let Ok(value) = HeaderValue::from_str(&value) {
        headers.insert(header::VARY, value);
    }
}

/// Who may read the answer: the site's own pages (`same-origin`), or the embedder that asked
/// (CORS). With embedders configured the answer varies by `Origin`, for caches between.
fn mark(headers: &mut HeaderMap, caller: &ApiCaller, has_embedders: bool) {
    let policy = match caller {
        ApiCaller::Embedder(origin) => {
            headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin.clone());
            "cross-origin"
        }
        ApiCaller::Site | ApiCaller::CrossSite => "same-origin",
    };
    headers.insert(
        "cross-origin-resource-policy",
        HeaderValue::from_static(policy),
    );
    if has_embedders {
        add_vary(headers, "Origin");
    }
}
