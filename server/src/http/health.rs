//! `GET /healthz`: answers as soon as the site is loaded and listening.

use axum::response::{IntoResponse, Response};
use http::{HeaderValue, header};

use super::cache_policy::CachePolicy;

pub(super) async fn get_health() -> Response {
    (
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/plain; charset=utf-8"),
            ),
            (header::CACHE_CONTROL, CachePolicy::NoStore.header_value()),
        ],
        "ok\n",
    )
        .into_response()
}
