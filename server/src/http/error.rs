//! The one place errors become HTTP responses. Page routes answer "not found" with the styled
//! 404 page (see pages.rs); everything else that goes wrong is mapped here.

use axum::response::{IntoResponse, Response};
use http::{HeaderValue, StatusCode, header};

use super::cache_policy::CachePolicy;
use crate::images::ImageError;

#[derive(Debug, thiserror::Error)]
pub(super) enum AppError {
    #[error("this address only answers GET and HEAD requests")]
    MethodNotAllowed,
    #[error(transparent)]
    Image(#[from] ImageError),
}

impl AppError {
    fn status(&self) -> StatusCode {
        match self {
            Self::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            Self::Image(error) => match error {
                ImageError::Param(_)
                | ImageError::NotAnImage
                | ImageError::TypeNotAllowed
                | ImageError::TooManyPixels { .. }
                | ImageError::Undecodable => StatusCode::BAD_REQUEST,
                ImageError::NotFound => StatusCode::NOT_FOUND,
                ImageError::UpstreamInvalid { status } => {
                    StatusCode::from_u16(*status).unwrap_or(StatusCode::BAD_GATEWAY)
                }
                ImageError::UpstreamTooLarge => StatusCode::BAD_GATEWAY,
                ImageError::UpstreamTimeout => StatusCode::GATEWAY_TIMEOUT,
                ImageError::Busy => StatusCode::SERVICE_UNAVAILABLE,
                ImageError::Internal => StatusCode::INTERNAL_SERVER_ERROR,
            },
        }
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let status = self.status();
        let mut response = (status, format!("{self}\n")).into_response();
        let headers = response.headers_mut();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/plain; charset=utf-8"),
        );
        // Errors are answers about this moment (a full queue, a missing file): never cached.
        headers.insert(header::CACHE_CONTROL, CachePolicy::NoStore.header_value());
        if status == StatusCode::METHOD_NOT_ALLOWED {
            headers.insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        }
        if status == StatusCode::SERVICE_UNAVAILABLE {
            headers.insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        response
    }
}
