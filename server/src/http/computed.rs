//! Answers computed per request (the live demo's search and routes): JSON compressed on the
//! fly with fast settings when the client accepts it, with a strong ETag from its bytes so a
//! repeated question gets a 304. Bodies kept in memory use `Representation` instead.

use std::io::Write;

use axum::body::Body as ResponseBody;
use axum::response::Response;
use http::{HeaderMap, HeaderValue, StatusCode, header};

use super::cache_policy::CachePolicy;
use super::representation::{if_none_match, insert_body_headers};
use crate::site::Encoding;
use crate::weighted_list::weighted_items;

/// Answers smaller than this go uncompressed: the headers would cost more than they save.
const MIN_COMPRESSED_BYTES: usize = 1024;

/// A 200 (or 304) JSON answer for `request`, cacheable for a minute: the answers are pure
/// functions of the venue data and the query.
pub(super) fn json(request: &HeaderMap, value: &serde_json::Value) -> Response {
    let bytes = value.to_string().into_bytes();
    let etag = HeaderValue::from_str(&format!("\"{:016x}\"", xxhash_rust::xxh3::xxh3_64(&bytes)))
        .expect("hex is a valid header");
    let ours = etag.to_str().unwrap_or_default();
    let mut response = if if_none_match(request, |tag| tag == ours) {
        let mut response = Response::new(ResponseBody::empty());
        *response.status_mut() = StatusCode::NOT_MODIFIED;
        response
    } else {
        let encoding = if bytes.len() < MIN_COMPRESSED_BYTES {
            Encoding::Identity
        } else {
            negotiate(request)
        };
        let (encoding, body) = match encode(encoding, &bytes) {
            Some(encoded) => (encoding, encoded),
            None => (Encoding::Identity, bytes),
        };
        let mut response = Response::new(ResponseBody::from(body));
        insert_body_headers(
            response.headers_mut(),
            HeaderValue::from_static("application/json"),
            encoding,
        );
        response
    };
    let headers = response.headers_mut();
    // One tag for every encoding: the decoded bytes are the same, and the answer is computed
    // again for a conditional request anyway.
    headers.insert(header::ETAG, etag);
    headers.insert(
        header::CACHE_CONTROL,
        CachePolicy::ShortRevalidate.header_value(),
    );
    headers.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    response
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

/// Fast settings: a route answer of ~10 KB compresses in well under a millisecond to about a
/// fifth of its size; the best settings would take longer than the route itself.
fn encode(encoding: Encoding, bytes: &[u8]) -> Option<Vec<u8>> {
    match encoding {
        Encoding::Identity => None,
        Encoding::Gzip => {
            let mut encoder =
                flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(4));
            encoder.write_all(bytes).ok()?;
            encoder.finish().ok()
        }
        Encoding::Brotli => {
            let params = brotli::enc::BrotliEncoderParams {
                quality: 4,
                lgwin: 18,
                size_hint: bytes.len(),
                ..Default::default()
            };
            let mut out = Vec::new();
            brotli::BrotliCompress(&mut &bytes[..], &mut out, &params).ok()?;
            Some(out)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::test_headers::headers;

    fn large() -> serde_json::Value {
        serde_json::json!({ "steps": vec!["直行 35 米，在星巴克处右转"; 200] })
    }

    #[test]
    fn picks_brotli_then_gzip_and_skips_small_answers() {
        let answer = json(&headers(&[("accept-encoding", "gzip, br")]), &large());
        assert_eq!(answer.headers()[header::CONTENT_ENCODING], "br");
        let answer = json(&headers(&[("accept-encoding", "gzip")]), &large());
        assert_eq!(answer.headers()[header::CONTENT_ENCODING], "gzip");
        let answer = json(&headers(&[("accept-encoding", "br;q=0, gzip")]), &large());
        assert_eq!(answer.headers()[header::CONTENT_ENCODING], "gzip");
        let small = json(
            &headers(&[("accept-encoding", "br")]),
            &serde_json::json!({"a": 1}),
        );
        assert!(!small.headers().contains_key(header::CONTENT_ENCODING));
    }

    #[test]
    fn a_matching_etag_gets_304() {
        let first = json(&HeaderMap::new(), &large());
        let tag = first.headers()[header::ETAG].clone();
        let mut request = HeaderMap::new();
        request.insert(header::IF_NONE_MATCH, tag);
        assert_eq!(json(&request, &large()).status(), StatusCode::NOT_MODIFIED);
    }
}
