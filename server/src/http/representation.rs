//! Turns an in-memory body into a response for one request: picks the encoding from
//! Accept-Encoding, answers If-None-Match with 304, leaves the body out for HEAD.

use axum::body::Body as ResponseBody;
use axum::response::Response;
use http::{HeaderMap, HeaderValue, Method, StatusCode, header};

use super::cache_policy::CachePolicy;
use crate::negotiation::weighted_list::weighted_items;
use crate::site::{Body, Encoding};

/// What the server knows about a body beyond its bytes.
pub(super) struct Representation<'a> {
    pub body: &'a Body,
    pub content_type: HeaderValue,
    pub cache: CachePolicy,
    /// The route answers desktop and mobile user agents differently.
    pub vary_user_agent: bool,
    /// HTML documents get this Content-Security-Policy; the security headers every answer
    /// carries are added on the way out (`security_headers.rs`).
    pub document_csp: Option<&'a HeaderValue>,
}

/// The pages' Content-Security-Policy. Configured statistics scripts (issue #5) add their
/// origins, and only those, to the script, image and connection sources: the scripts load from
/// them and send their beacons there as image requests or fetches.
pub(super) fn content_security_policy(analytics_origins: &[String]) -> HeaderValue {
    content_security_policy_with_inline(analytics_origins, "", "")
}

/// The policy of a page that holds its own script and stylesheet (the demo page of a hand-over
/// address, issue #34): the pages' policy, which also allows exactly those elements by their
/// hashes (` 'sha256-…'` each, checked when the build was loaded).
pub(super) fn content_security_policy_with_inline(
    analytics_origins: &[String],
    scripts: &str,
    styles: &str,
) -> HeaderValue {
    let extra: String = analytics_origins
        .iter()
        .map(|origin| format!(" {origin}"))
        .collect();
    let policy = format!(
        "default-src 'self'; script-src 'self'{extra}{scripts}; style-src 'self'{styles}; \
         img-src 'self' data:{extra}; font-src 'self'; connect-src 'self'{extra}; \
         object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'"
    );
    HeaderValue::from_str(&policy).expect("origins and hashes checked at load are header text")
}

impl Representation<'_> {
    /// A 200 (or 304) answer to a GET or HEAD request.
    pub(super) fn respond(&self, method: &Method, request: &HeaderMap) -> Response {
        let encoding = negotiate(request.get(header::ACCEPT_ENCODING), self.body);
        if if_none_match(request, |tag| self.body.matches_etag(tag)) {
            let mut response = Response::new(ResponseBody::empty());
            *response.status_mut() = StatusCode::NOT_MODIFIED;
            self.common_headers(response.headers_mut(), encoding);
            return response;
        }
        self.full(StatusCode::OK, method, encoding)
    }

    /// As [`Self::respond`], but a tag of If-None-Match must name the very encoding about to be
    /// sent (RFC 9110 8.8.3: each encoding is a representation of its own): what the computed
    /// answers do, so a cache that kept one encoding never has another's tag confirmed.
    pub(super) fn respond_exact(&self, method: &Method, request: &HeaderMap) -> Response {
        let encoding = negotiate(request.get(header::ACCEPT_ENCODING), self.body);
        let ours = self.body.etag(self.body.served(encoding));
        if if_none_match(request, |tag| tag.as_bytes() == ours.as_bytes()) {
            let mut response = Response::new(ResponseBody::empty());
            *response.status_mut() = StatusCode::NOT_MODIFIED;
            self.common_headers(response.headers_mut(), encoding);
            return response;
        }
        self.full(StatusCode::OK, method, encoding)
    }

    /// An answer with `status` that ignores conditional headers (the 404 page).
    pub(super) fn respond_with_status(
        &self,
        status: StatusCode,
        method: &Method,
        request: &HeaderMap,
    ) -> Response {
        let encoding = negotiate(request.get(header::ACCEPT_ENCODING), self.body);
        self.full(status, method, encoding)
    }

    fn full(&self, status: StatusCode, method: &Method, wanted: Encoding) -> Response {
        let (encoding, bytes) = self.body.bytes(wanted);
        let length = HeaderValue::from(bytes.len());
        let body = if method == Method::HEAD {
            ResponseBody::empty()
        } else {
            ResponseBody::from(bytes)
        };
        let mut response = Response::new(body);
        *response.status_mut() = status;
        // Room for every header the answer leaves with, the security headers included: the
        // map is not grown (and its entries moved) on the way out.
        *response.headers_mut() = HeaderMap::with_capacity(16);
        let headers = response.headers_mut();
        headers.insert(header::CONTENT_LENGTH, length);
        insert_body_headers(headers, self.content_type.clone(), encoding);
        if let Some(csp) = self.document_csp {
            headers.insert(header::CONTENT_SECURITY_POLICY, csp.clone());
        }
        self.common_headers(headers, encoding);
        response
    }

    /// Headers a 304 must repeat from the 200 it stands for.
    fn common_headers(&self, headers: &mut HeaderMap, encoding: Encoding) {
        let encoding = self.body.served(encoding);
        headers.insert(header::ETAG, self.body.etag(encoding).clone());
        headers.insert(header::CACHE_CONTROL, self.cache.header_value());
        let vary = match (self.vary_user_agent, self.body.has_compressed()) {
            (true, true) => Some("User-Agent, Accept-Encoding"),
            (true, false) => Some("User-Agent"),
            (false, true) => Some("Accept-Encoding"),
            (false, false) => None,
        };
        if let Some(vary) = vary {
            headers.insert(header::VARY, HeaderValue::from_static(vary));
        }
    }
}

/// The best encoding the client accepts and the body has: brotli, then gzip, then identity,
/// honouring q-values (`br;q=0` refuses brotli) and `*`.
pub(super) fn negotiate(accept: Option<&HeaderValue>, body: &Body) -> Encoding {
    let Some(accept) = accept.and_then(|value| value.to_str().ok()) else {
        return Encoding::Identity;
    };
    let (mut brotli, mut gzip, mut identity, mut any) = (None, None, None, None);
    for (coding, quality) in weighted_items(accept) {
        let slot = if coding.eq_ignore_ascii_case("br") {
            &mut brotli
        } else if coding.eq_ignore_ascii_case("gzip") || coding.eq_ignore_ascii_case("x-gzip") {
            &mut gzip
        } else if coding.eq_ignore_ascii_case("identity") {
            &mut identity
        } else if coding == "*" {
            &mut any
        } else {
            continue;
        };
        *slot = Some(quality);
    }
    // RFC 9110 12.5.3: `*` covers identity too when identity is not named; left unnamed,
    // identity stays acceptable but is the last choice.
    let identity_quality = identity.or(any).unwrap_or(f32::MIN_POSITIVE);
    let candidates = [
        (Encoding::Brotli, brotli.or(any).unwrap_or(0.0)),
        (Encoding::Gzip, gzip.or(any).unwrap_or(0.0)),
        (Encoding::Identity, identity_quality),
    ];
    let mut best = (Encoding::Identity, 0.0_f32);
    for (encoding, quality) in candidates {
        if quality > best.1 && body.available(encoding) {
            best = (encoding, quality);
        }
    }
    // Nothing acceptable: send identity rather than a 406 nobody handles.
    best.0
}

/// The headers that describe a body as sent: its type and its encoding.
pub(super) fn insert_body_headers(
    headers: &mut HeaderMap,
    content_type: HeaderValue,
    encoding: Encoding,
) {
    headers.insert(header::CONTENT_TYPE, content_type);
    let coding = match encoding {
        Encoding::Brotli => Some("br"),
        Encoding::Gzip => Some("gzip"),
        Encoding::Identity => None,
    };
    if let Some(coding) = coding {
        headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(coding));
    }
}

/// True when the request's If-None-Match names the current answer: `*`, or a tag that
/// `is_ours` recognises. The comparison is weak (RFC 9110 13.1.2): `W/` is dropped before
/// `is_ours` sees the tag.
pub(super) fn if_none_match(request: &HeaderMap, is_ours: impl Fn(&str) -> bool) -> bool {
    let Some(tags) = request
        .get(header::IF_NONE_MATCH)
        .and_then(|value| value.to_str().ok())
    else {
        return false;
    };
    tags.split(',')
        .map(str::trim)
        .any(|tag| tag == "*" || is_ours(tag.strip_prefix("W/").unwrap_or(tag)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body() -> Body {
        Body::new("<p>室内导航</p>".repeat(100).into_bytes(), true)
    }

    fn pick(accept: &str) -> Encoding {
        negotiate(Some(&HeaderValue::from_str(accept).unwrap()), &body())
    }

    #[test]
    fn prefers_brotli_then_gzip() {
        assert_eq!(pick("gzip, deflate, br, zstd"), Encoding::Brotli);
        assert_eq!(pick("gzip"), Encoding::Gzip);
        assert_eq!(pick("deflate"), Encoding::Identity);
        assert_eq!(negotiate(None, &body()), Encoding::Identity);
    }

    #[test]
    fn honours_quality_values() {
        assert_eq!(pick("br;q=0, gzip"), Encoding::Gzip);
        assert_eq!(pick("br;q=0.5, gzip;q=0.8"), Encoding::Gzip);
        assert_eq!(pick("gzip;q=0, br;q=0"), Encoding::Identity);
        assert_eq!(pick("*"), Encoding::Brotli);
        assert_eq!(pick("*;q=0.5, br;q=0"), Encoding::Gzip);
        assert_eq!(pick("identity"), Encoding::Identity);
        assert_eq!(pick("GZIP ; Q=1"), Encoding::Gzip);
    }

    #[test]
    fn csp_without_analytics_is_the_fixed_policy() {
        assert_eq!(
            content_security_policy(&[]),
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
             font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; \
             form-action 'self'; frame-ancestors 'self'"
        );
    }

    #[test]
    fn csp_allows_analytics_origins_for_scripts_images_and_connections() {
        let csp = content_security_policy(&["https://hm.baidu.com".to_owned()]);
        let csp = csp.to_str().unwrap();
        for directive in [
            "script-src 'self' https://hm.baidu.com;",
            "img-src 'self' data: https://hm.baidu.com;",
            "connect-src 'self' https://hm.baidu.com;",
            "style-src 'self';",
        ] {
            assert!(csp.contains(directive), "{csp}");
        }
    }

    #[test]
    fn if_none_match_accepts_lists_weak_tags_and_star() {
        let body = body();
        let tag = body.etag(Encoding::Gzip).to_str().unwrap().to_owned();
        let hits = |value: &str| {
            let mut request = HeaderMap::new();
            request.insert(header::IF_NONE_MATCH, HeaderValue::from_str(value).unwrap());
            if_none_match(&request, |tag| body.matches_etag(tag))
        };
        assert!(hits(&format!("\"nope\", {tag}")));
        assert!(hits(&format!("W/{tag}")));
        assert!(hits("*"));
        assert!(!hits("\"nope\""));
        assert!(!if_none_match(&HeaderMap::new(), |_| true));
    }
}
