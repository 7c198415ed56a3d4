//! Which requests another site made a browser send (issue #16): what `POST /api/leads` refuses,
//! what the sales page's status changes check, and who may call the live demo's API (issue
//! #30). Browsers say where a request comes from in `Sec-Fetch-Site` and `Origin`, and a page
//! cannot forge either; clients that send neither (old browsers, curl, scripts) are not
//! browsers acting for someone else's page.

use http::{HeaderMap, HeaderValue, header};
use url::Url;

use crate::config::Origins;

/// The site's own origins: the configured public origin of each site (international and China).
#[derive(Debug, Clone, Default)]
pub(super) struct SiteOrigins {
    /// ASCII serialisations (`https://www.indora.com`), as browsers write them in `Origin`.
    origins: Vec<String>,
}

impl SiteOrigins {
    pub(super) fn new(origins: &Origins) -> Self {
        let origins = [&origins.international, &origins.china]
            .into_iter()
            .filter_map(|origin| Url::parse(origin).ok())
            .map(|url| url.origin().ascii_serialization())
            .collect();
        Self { origins }
    }

    /// True when a browser sent this request for a page of another site: `Sec-Fetch-Site:
    /// cross-site`, or an `Origin` that is neither one of the site's origins nor the origin the
    /// request was addressed to (its `Host`: the site as reached directly, e.g. on 127.0.0.1
    /// or behind a proxy that keeps the host name). `Origin: null` (sandboxed frames, pages
    /// from files) is another site too.
    pub(super) fn is_cross_site(&self, headers: &HeaderMap) -> bool {
        let fetch_site = headers
            .get("sec-fetch-site")
            .map(|value| value.as_bytes().trim_ascii());
        if fetch_site.is_some_and(|site| site.eq_ignore_ascii_case(b"cross-site")) {
            return true;
        }
        let Some(origin) = headers.get(header::ORIGIN) else {
            return false;
        };
        let Some(origin) = origin.to_str().ok().and_then(|text| Url::parse(text).ok()) else {
            return true;
        };
        let serialised = origin.origin().ascii_serialization();
        !(self.origins.contains(&serialised) || names_host(&origin, headers))
    }
}

/// Who is calling the live demo's API, as far as a browser tells.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum ApiCaller {
    /// The site's own pages, a person opening an address, or a client that is no browser.
    Site,
    /// The page of an origin allowed to embed the API (`venues.embed_origins`), by its
    /// `Origin` as sent.
    Embedder(HeaderValue),
    /// Another site's page making the visitor's browser ask: refused.
    CrossSite,
}

/// Origins allowed to embed the API, as browsers write them in `Origin`.
#[derive(Debug, Clone, Default)]
pub(super) struct EmbedOrigins(Vec<String>);

impl EmbedOrigins {
    pub(super) fn new(origins: &[String]) -> Self {
        Self(
            origins
                .iter()
                .filter_map(|origin| Url::parse(origin).ok())
                .map(|url| url.origin().ascii_serialization())
                .collect(),
        )
    }

    pub(super) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl SiteOrigins {
    /// Who calls the API with these headers. A top-level navigation from another site (a
    /// person following a link to a track's CSV) is the person's own doing and is let through;
    /// anything else another site's page starts (a fetch, a stream, an image, a frame) is not,
    /// unless that site is an embedder.
    pub(super) fn api_caller(&self, headers: &HeaderMap, embedders: &EmbedOrigins) -> ApiCaller {
        if let Some(origin) = headers.get(header::ORIGIN)
            && let Some(parsed) = origin.to_str().ok().and_then(|text| Url::parse(text).ok())
            && embedders.0.contains(&parsed.origin().ascii_serialization())
        {
            return ApiCaller::Embedder(origin.clone());
        }
        if !self.is_cross_site(headers) {
            return ApiCaller::Site;
        }
        let says = |name: &str, value: &[u8]| {
            headers
                .get(name)
                .is_some_and(|v| v.as_bytes().trim_ascii().eq_ignore_ascii_case(value))
        };
        if says("sec-fetch-mode", b"navigate") && says("sec-fetch-dest", b"document") {
            ApiCaller::Site
        } else {
            ApiCaller::CrossSite
        }
    }
}

/// The `Origin` a refused request came with, as a log line shows it ("" without one).
pub(super) fn origin_for_log(headers: &HeaderMap) -> String {
    headers
        .get(header::ORIGIN)
        .map(|value| String::from_utf8_lossy(value.as_bytes()).into_owned())
        .unwrap_or_default()
}

/// The CSRF guard of the sales page's state changes: an `Origin`, when the browser sends one,
/// must name the host the request was sent to.
pub(super) fn origin_names_host(headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    origin
        .to_str()
        .ok()
        .and_then(|text| Url::parse(text).ok())
        .is_some_and(|origin| names_host(&origin, headers))
}

/// True when `origin` (scheme, host, port) names the request's `Host`.
fn names_host(origin: &Url, headers: &HeaderMap) -> bool {
    let Some(host) = headers
        .get(header::HOST)
        .and_then(|value| value.to_str().ok())
    else {
        return false;
    };
    let Some(origin_host) = origin.host_str() else {
        return false;
    };
    // Host is `name[:port]`, with IPv6 literals in brackets like the URL's host.
    let (host_name, host_port) = match host.rsplit_once(':') {
        Some((name, port)) if !port.contains(']') => (name, port.parse::<u16>().ok()),
        _ => (host, None),
    };
    let default_port = origin.port_or_known_default();
    // A Host without a port names the default port of the scheme it was reached by.
    host_name.eq_ignore_ascii_case(origin_host) && host_port.or(default_port) == default_port
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::test_headers::headers;

    #[test]
    fn origin_must_name_the_host() {
        let check = |origin: &str, host: &str| {
            origin_names_host(&headers(&[("origin", origin), ("host", host)]))
        };
        assert!(check("http://127.0.0.1:8080", "127.0.0.1:8080"));
        assert!(check("https://www.indora.com", "www.indora.com"));
        assert!(check("https://www.indora.com", "WWW.indora.com:443"));
        assert!(check("http://[::1]:8080", "[::1]:8080"));
        assert!(!check("http://evil.example", "www.indora.com"));
        assert!(!check("http://127.0.0.1:8081", "127.0.0.1:8080"));
        assert!(!check("null", "127.0.0.1:8080"));
        assert!(origin_names_host(&headers(&[("host", "x")])));
    }

    #[test]
    fn the_api_takes_the_site_embedders_and_navigations_and_refuses_other_pages() {
        let origins = SiteOrigins::new(&Origins {
            international: "https://www.indora.com".to_owned(),
            china: "https://www.indora.cn".to_owned(),
        });
        let embedders = EmbedOrigins::new(&["https://partner.example:8443".to_owned()]);
        let caller = |pairs: &[(&str, &str)]| origins.api_caller(&headers(pairs), &embedders);
        let host = ("host", "www.indora.com");
        assert_eq!(caller(&[host]), ApiCaller::Site);
        assert_eq!(
            caller(&[host, ("sec-fetch-site", "same-origin")]),
            ApiCaller::Site
        );
        assert_eq!(
            caller(&[host, ("origin", "https://www.indora.cn")]),
            ApiCaller::Site
        );
        // Another site's page: a fetch, a stream or an image.
        for pairs in [
            &[host, ("origin", "https://evil.example")][..],
            &[
                host,
                ("sec-fetch-site", "cross-site"),
                ("sec-fetch-dest", "image"),
            ][..],
            &[
                host,
                ("sec-fetch-site", "cross-site"),
                ("sec-fetch-mode", "navigate"),
                ("sec-fetch-dest", "iframe"),
            ][..],
        ] {
            assert_eq!(caller(pairs), ApiCaller::CrossSite, "{pairs:?}");
        }
        // A person following a link from elsewhere.
        assert_eq!(
            caller(&[
                host,
                ("sec-fetch-site", "cross-site"),
                ("sec-fetch-mode", "navigate"),
                ("sec-fetch-dest", "document"),
            ]),
            ApiCaller::Site
        );
        // An embedder's page, by its Origin whatever Sec-Fetch-Site says.
        assert_eq!(
            caller(&[
                host,
                ("origin", "https://PARTNER.example:8443"),
                ("sec-fetch-site", "cross-site"),
            ]),
            ApiCaller::Embedder(HeaderValue::from_static("https://PARTNER.example:8443"))
        );
        assert_eq!(
            caller(&[host, ("origin", "https://partner.example")]),
            ApiCaller::CrossSite,
            "another port is another origin"
        );
    }

    #[test]
    fn the_sites_origins_and_the_addressed_host_are_the_site_the_rest_another() {
        let origins = SiteOrigins::new(&Origins {
            international: "https://www.indora.com".to_owned(),
            china: "https://www.indora.cn:8443".to_owned(),
        });
        let cross = |pairs: &[(&str, &str)]| origins.is_cross_site(&headers(pairs));
        let host = ("host", "127.0.0.1:8080");
        // No word from a browser: a script or an old browser, not another site's page.
        assert!(!cross(&[host]));
        assert!(!cross(&[host, ("sec-fetch-site", "same-origin")]));
        assert!(!cross(&[host, ("origin", "https://www.indora.com")]));
        assert!(!cross(&[host, ("origin", "https://WWW.indora.cn:8443")]));
        assert!(!cross(&[host, ("origin", "http://127.0.0.1:8080")]));
        assert!(cross(&[host, ("sec-fetch-site", "cross-site")]));
        assert!(cross(&[
            ("host", "www.indora.com"),
            ("origin", "https://www.indora.com"),
            ("sec-fetch-site", "Cross-Site"),
        ]));
        assert!(cross(&[host, ("origin", "https://evil.example")]));
        assert!(cross(&[host, ("origin", "https://www.indora.cn")]));
        assert!(cross(&[host, ("origin", "http://www.indora.com")]));
        assert!(cross(&[host, ("origin", "null")]));
        assert!(cross(&[host, ("origin", "not a url")]));
    }
}
