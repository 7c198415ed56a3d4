//! Answers computed for a request (the live demo's search, routes, tracks, flow, hand-over
//! codes), and the refusals of the cost model (`crate::compute`).
//!
//! An answer asked for once (a route, a search) is JSON compressed on the fly with fast
//! settings in the one encoding the client takes, with a strong ETag of its bytes and
//! encoding, so a repeated question gets a 304. An answer that is a function of its inputs is
//! an [`Answer`]: compressed once in every encoding, kept by the compute service's memory and
//! sent with validators per encoding and the caching rule its inputs allow.

use std::sync::Arc;

use axum::body::Body as ResponseBody;
use axum::extract::{FromRequestParts, Request};
use axum::response::{IntoResponse, Response};
use axum::routing::{MethodRouter, get};
use http::{HeaderMap, HeaderValue, Method, StatusCode, header};

use super::AppState;
use super::api_guard::ApiContext;
use super::cache_policy::CachePolicy;
use super::error::{ApiCode, ApiError, retry_after_secs};
use super::representation::{Representation, if_none_match, insert_body_headers};
use super::venues::request::{Params, query_params};
use crate::compute::Refusal;
use crate::negotiation::weighted_list::weighted_items;
use crate::site::{ApiErrorWords, Body, Effort, Encoding, compress};

/// Answers smaller than this go uncompressed: the headers would cost more than they save.
const MIN_COMPRESSED_BYTES: usize = 1024;

/// An answer as JSON. Answers are structs of strings, numbers and lists: they always serialise.
pub(super) fn to_json(answer: &impl serde::Serialize) -> Vec<u8> {
    serde_json::to_vec(answer).expect("an answer serialises")
}

/// A 200 (or 304) JSON answer (`bytes`) for `request`, cacheable for a minute: the answers are pure
/// functions of the venue data and the query.
pub(super) fn json(request: &HeaderMap, bytes: Vec<u8>) -> Response {
    let hash = xxhash_rust::xxh3::xxh3_64(&bytes);
    let encoding = if bytes.len() < MIN_COMPRESSED_BYTES {
        Encoding::Identity
    } else {
        negotiate(request)
    };
    // Each encoding is a representation of its own, with a tag of its own (RFC 9110 8.8.3).
    let etag = |encoding: Encoding| {
        let suffix = match encoding {
            Encoding::Identity => "",
            Encoding::Gzip => "-gz",
            Encoding::Brotli => "-br",
        };
        HeaderValue::from_str(&format!("\"{hash:016x}{suffix}\"")).expect("hex is a valid header")
    };
    let expected = etag(encoding);
    let mut response = if if_none_match(request, |tag| tag.as_bytes() == expected.as_bytes()) {
        let mut response = Response::new(ResponseBody::empty());
        *response.status_mut() = StatusCode::NOT_MODIFIED;
        response.headers_mut().insert(header::ETAG, expected);
        response
    } else {
        let (sent, body) = match compress(encoding, &bytes, Effort::Once) {
            Some(encoded) => (encoding, encoded),
            None => (Encoding::Identity, bytes),
        };
        let mut response = Response::new(ResponseBody::from(body));
        insert_body_headers(
            response.headers_mut(),
            HeaderValue::from_static("application/json"),
            sent,
        );
        response.headers_mut().insert(header::ETAG, etag(sent));
        response
    };
    let headers = response.headers_mut();
    headers.insert(
        header::CACHE_CONTROL,
        CachePolicy::ShortRevalidate.header_value(),
    );
    headers.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    response
}

/// A computed answer kept for the requests after the first: its bytes in every encoding worth
/// sending, and how it is sent.
#[derive(Debug)]
pub(crate) struct Answer {
    body: Body,
    content_type: HeaderValue,
    cache: CachePolicy,
    /// `Content-Disposition` of a download (a track as GeoJSON or CSV).
    disposition: Option<HeaderValue>,
    /// An HTML page's policy; such a page also varies by device (`Vary: User-Agent`).
    document_csp: Option<HeaderValue>,
}

impl Answer {
    /// `bytes` of `content_type`, compressed quickly in both encodings.
    pub(super) fn new(bytes: Vec<u8>, content_type: &'static str, cache: CachePolicy) -> Self {
        Self::of_body(Body::fast(bytes, true), content_type, cache)
    }

    /// The answer as a page of the site, under `csp`, differing by device.
    pub(super) fn page(mut self, csp: HeaderValue) -> Self {
        self.document_csp = Some(csp);
        self
    }

    /// An answer of a body compressed already.
    pub(super) fn of_body(body: Body, content_type: &'static str, cache: CachePolicy) -> Self {
        Self {
            body,
            content_type: HeaderValue::from_static(content_type),
            cache,
            disposition: None,
            document_csp: None,
        }
    }

    /// The answer as a download named `file_name`.
    pub(super) fn download(mut self, file_name: &str) -> Self {
        self.disposition =
            HeaderValue::from_str(&format!("attachment; filename=\"{file_name}\"")).ok();
        self
    }

    /// The memory it holds, as the compute service's bound counts it.
    pub(crate) fn weight(&self) -> usize {
        self.body.held_bytes() + 256
    }

    /// The 200 (or 304) answer to `request`.
    pub(super) fn respond(&self, method: &Method, request: &HeaderMap) -> Response {
        let mut response = Representation {
            body: &self.body,
            content_type: self.content_type.clone(),
            cache: self.cache,
            vary_user_agent: self.document_csp.is_some(),
            document_csp: self.document_csp.as_ref(),
        }
        .respond_exact(method, request);
        if let Some(disposition) = &self.disposition {
            response
                .headers_mut()
                .insert(header::CONTENT_DISPOSITION, disposition.clone());
        }
        response
    }
}

/// An answer kept, or why not.
pub(super) type Kept = Result<Arc<Answer>, ApiError>;

/// The `GET` handler of an answer `answer` computes of the request's path (`P`) and query, and
/// keeps: 200 or 304 by its validators, or the refusal.
pub(super) fn kept_route<P, F, Made>(answer: F) -> MethodRouter<AppState>
where
    P: FromRequestParts<AppState> + Send + 'static,
    F: Fn(ApiContext, P, Params) -> Made + Clone + Send + Sync + 'static,
    Made: Future<Output = Kept> + Send + 'static,
{
    get(
        move |api: ApiContext, path: P, request: Request| async move {
            let params = query_params(&request);
            match answer(api, path, params).await {
                Ok(answer) => answer.respond(request.method(), request.headers()),
                Err(error) => error.into_response(),
            }
        },
    )
}

/// The answer to a computation the cost model refused.
pub(super) fn refusal(words: &ApiErrorWords, refusal: Refusal) -> ApiError {
    match refusal {
        Refusal::Budget(wait) => ApiError::rate_limited(words, retry_after_secs(wait)),
        Refusal::ClientBusy(wait) => {
            ApiError::retry_after(words, ApiCode::ClientBusy, retry_after_secs(wait))
        }
        Refusal::Busy(wait) => ApiError::retry_after(words, ApiCode::Busy, retry_after_secs(wait)),
        Refusal::Failed => ApiError::new(words, ApiCode::ComputeFailed, None, &[]),
    }
}

/// A refusal or an answer, as the response.
pub(super) fn answered(answer: Result<Response, ApiError>) -> Response {
    answer.unwrap_or_else(IntoResponse::into_response)
}

/// Which encoding to spend CPU on: the client's best of brotli and gzip.
fn negotiate(request: &HeaderMap) -> Encoding {
    let Some(accept) = request
        .get(header::ACCEPT_ENCODING)
        .and_then(|value| value.to_str().ok())
    else {
        return Encoding::Identity;
    };
    let (mut brotli, mut gzip) = (0.0_f32, 0.0_f32);
    for (coding, quality) in weighted_items(accept) {
        if coding.eq_ignore_ascii_case("br") {
            brotli = quality;
        } else if coding.eq_ignore_ascii_case("gzip") || coding.eq_ignore_ascii_case("x-gzip") {
            gzip = quality;
        }
    }
    if brotli > 0.0 && brotli >= gzip {
        Encoding::Brotli
    } else if gzip > 0.0 {
        Encoding::Gzip
    } else {
        Encoding::Identity
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::test_headers::headers;

    fn large() -> Vec<u8> {
        to_json(&serde_json::json!({ "steps": vec!["直行 35 米，在星巴克处右转"; 200] }))
    }

    #[test]
    fn picks_brotli_then_gzip_and_skips_small_answers() {
        let answer = json(&headers(&[("accept-encoding", "gzip, br")]), large());
        assert_eq!(answer.headers()[header::CONTENT_ENCODING], "br");
        let answer = json(&headers(&[("accept-encoding", "gzip")]), large());
        assert_eq!(answer.headers()[header::CONTENT_ENCODING], "gzip");
        let answer = json(&headers(&[("accept-encoding", "br;q=0, gzip")]), large());
        assert_eq!(answer.headers()[header::CONTENT_ENCODING], "gzip");
        let small = json(
            &headers(&[("accept-encoding", "br")]),
            to_json(&serde_json::json!({"a": 1})),
        );
        assert!(!small.headers().contains_key(header::CONTENT_ENCODING));
    }

    #[test]
    fn each_encoding_has_its_tag_and_only_its_own_gets_304() {
        let gzip = json(&headers(&[("accept-encoding", "gzip")]), large());
        let brotli = json(&headers(&[("accept-encoding", "br")]), large());
        let plain = json(&HeaderMap::new(), large());
        let tags: Vec<_> = [&gzip, &brotli, &plain]
            .iter()
            .map(|answer| answer.headers()[header::ETAG].clone())
            .collect();
        assert!(
            tags[0] != tags[1] && tags[1] != tags[2] && tags[0] != tags[2],
            "{tags:?}"
        );
        let ask = |accept: &str, tag: &HeaderValue| {
            let mut request = headers(&[("accept-encoding", accept)]);
            request.insert(header::IF_NONE_MATCH, tag.clone());
            json(&request, large()).status()
        };
        assert_eq!(ask("gzip", &tags[0]), StatusCode::NOT_MODIFIED);
        assert_eq!(ask("br", &tags[1]), StatusCode::NOT_MODIFIED);
        assert_eq!(ask("br", &tags[0]), StatusCode::OK, "gzip's tag for brotli");
    }

    #[test]
    fn a_kept_answer_confirms_only_the_tag_of_the_encoding_it_sends() {
        let bytes = large();
        let answer = Answer::new(
            bytes,
            "application/json",
            CachePolicy::RevalidateAfter(3600),
        )
        .download("t.json");
        let first = answer.respond(&Method::GET, &headers(&[("accept-encoding", "br")]));
        assert_eq!(first.headers()[header::CONTENT_ENCODING], "br");
        assert_eq!(
            first.headers()[header::CACHE_CONTROL],
            "public, max-age=3600, must-revalidate"
        );
        assert!(first.headers().contains_key(header::CONTENT_DISPOSITION));
        let tag = first.headers()[header::ETAG].clone();
        let again = |accept: &str| {
            let mut request = headers(&[("accept-encoding", accept)]);
            request.insert(header::IF_NONE_MATCH, tag.clone());
            answer.respond(&Method::GET, &request).status()
        };
        assert_eq!(again("br"), StatusCode::NOT_MODIFIED);
        assert_eq!(again("gzip"), StatusCode::OK);
        assert!(answer.weight() < large().len());
    }
}
