//! `POST /api/venues/{venue}/plan/infrastructure.geojson?technology=&levels=` (issue #33,
//! docs/api.md): a plan's devices, as the visitor left them (the body is the layout the lab
//! measures, `LayoutRequest`), as the infrastructure.geojson a venue carries beside its IMDF
//! files, to save. A visitor's building has its whole IMDF archive with it
//! (`buildings/plan_archive.rs`).

use axum::extract::Request;
use axum::response::{IntoResponse, Response};
use http::{HeaderValue, header};

use super::super::api_guard::ApiContext;
use super::super::cache_policy::CachePolicy;
use super::plan_request::exported_layout;
use super::request::{VenuePath, venue_segment};

pub(in crate::http) async fn post_infrastructure(
    api: ApiContext,
    venue: VenuePath,
    request: Request,
) -> Response {
    let id = match venue_segment(venue, api.words()) {
        Ok(id) => id,
        Err(error) => return error.into_response(),
    };
    let (technology, file) = match exported_layout(&api, &id, request).await {
        Ok(exported) => exported,
        Err(refusal) => return refusal,
    };
    let name = format!("{id}-{}-infrastructure.geojson", technology.name());
    attachment(file.to_string().into_bytes(), "application/geo+json", &name)
}

/// `bytes` as a file to save named `name`; for this visitor alone.
pub(in crate::http) fn attachment(
    bytes: Vec<u8>,
    content_type: &'static str,
    name: &str,
) -> Response {
    let mut response = bytes.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(header::CACHE_CONTROL, CachePolicy::NoStore.header_value());
    if let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"{name}\"")) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    response
}
