//! `GET /sitemap.xml` and `GET /robots.txt`: files for crawlers, prepared at start for each
//! region (see `site`). The Host picks the region exactly as it does for pages, so each origin
//! lists its own addresses and names its own sitemap.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::response::{IntoResponse, Response};
use http::{HeaderValue, Method};

use super::AppState;
use super::cache_policy::CachePolicy;
use super::error::AppError;
use super::representation::Representation;
use crate::site::{Body, Region, Site};

fn respond(
    state: &AppState,
    request: &Request,
    body: fn(&Site, Region) -> &Arc<Body>,
    content_type: &'static str,
) -> Response {
    let (method, headers) = (request.method(), request.headers());
    if method != Method::GET && method != Method::HEAD {
        return AppError::MethodNotAllowed.into_response();
    }
    let region = state.variant(headers).region;
    Representation {
        body: body(&state.site, region),
        content_type: HeaderValue::from_static(content_type),
        cache: CachePolicy::ShortRevalidate,
        vary_user_agent: false,
        document_csp: None,
    }
    .respond(method, headers)
}

pub(super) async fn get_sitemap(State(state): State<AppState>, request: Request) -> Response {
    respond(
        &state,
        &request,
        Site::sitemap,
        "application/xml; charset=utf-8",
    )
}

pub(super) async fn get_robots(State(state): State<AppState>, request: Request) -> Response {
    respond(&state, &request, Site::robots, "text/plain; charset=utf-8")
}
