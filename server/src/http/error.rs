//! The one place errors become HTTP responses. Page routes answer "not found" with the styled
//! 404 page (see pages.rs); everything else that goes wrong is mapped here.

use axum::response::{IntoResponse, Response};
use http::{HeaderValue, StatusCode, header};

#[derive(Debug, thiserror::Error)]
pub(super) enum AppError {
    #[error("this address only answers GET and HEAD requests")]
    MethodNotAllowed,
}

impl AppError {
    fn status(&self) -> StatusCode {
        match self {
            Self::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
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
        if status == StatusCode::METHOD_NOT_ALLOWED {
            headers.insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        }
        response
    }
}
