//! Starting the real server for a test, the requests tests make of it, and reading and checking
//! its answers.

use std::io::Read;
use std::net::SocketAddr;

use reqwest::header::{HOST, USER_AGENT};
use reqwest::{Method, RequestBuilder, Response, StatusCode};
use site_server::config::Config;
use site_server::{Application, Faults};
use tempfile::TempDir;
use tokio::sync::oneshot;

use super::fixture::{BuiltDist, FixtureDist};

pub(crate) const DESKTOP_UA: &str = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
pub(crate) const ANDROID_UA: &str = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
pub(crate) const IPHONE_UA: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";
pub(crate) const CHINA_HOST: &str = "www.indora.cn";
pub(crate) const INTERNATIONAL_HOST: &str = "www.indora.com";

/// The caching rule of files whose name carries a content hash.
pub(crate) const IMMUTABLE: (&str, &str) = ("cache-control", "public, max-age=31536000, immutable");
/// The caching rule of pages and unhashed files: reuse for a minute, then ask again.
pub(crate) const REVALIDATE: (&str, &str) =
    ("cache-control", "public, max-age=60, must-revalidate");
/// The caching rule of answers about one request: errors, enquiries, health.
pub(crate) const NO_STORE: (&str, &str) = ("cache-control", "no-store");

pub(crate) struct TestApp {
    pub(crate) address: SocketAddr,
    pub(crate) client: reqwest::Client,
    /// What makes the live engine fail, for the tests of its recovery.
    pub(crate) faults: Faults,
    /// Sending on it, or dropping it, stops the server; the directories live as long as it does.
    shutdown: Option<oneshot::Sender<()>>,
    _dist: BuiltDist,
    _data: TempDir,
}

pub(crate) fn test_config(dist: &BuiltDist, data: &TempDir) -> Config {
    Config {
        listen: "127.0.0.1:0".parse().expect("address"),
        dist_dir: dist.path().to_owned(),
        data_dir: data.path().to_owned(),
        shutdown_grace_secs: 5,
        compress_at_best: super::binary::COMPRESS_AT_BEST,
        background_below_pages: super::binary::BACKGROUND_BELOW_PAGES,
        ..Config::default()
    }
}

pub(crate) async fn spawn_app() -> TestApp {
    spawn_app_configured(|_| {}).await
}

/// The server over the plain fixture build, configured by `customise`.
pub(crate) async fn spawn_app_configured(customise: impl FnOnce(&mut Config)) -> TestApp {
    spawn_app_with(FixtureDist::new().build(), customise).await
}

pub(crate) async fn spawn_app_with(
    dist: BuiltDist,
    customise: impl FnOnce(&mut Config),
) -> TestApp {
    let data = TempDir::new().expect("temp dir");
    let mut config = test_config(&dist, &data);
    customise(&mut config);
    start(config, dist, data).await
}

/// Not generic, unlike its callers: the server is compiled into this crate once, not once per
/// closure type the tests pass.
async fn start(config: Config, dist: BuiltDist, data: TempDir) -> TestApp {
    let application = Application::build(config).await.expect("server starts");
    let address = application.local_addr();
    let faults = application.faults();
    let (shutdown, stop) = oneshot::channel::<()>();
    tokio::spawn(application.run_until(Box::pin(async {
        let _ = stop.await;
    })));
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client");
    TestApp {
        address,
        client,
        faults,
        shutdown: Some(shutdown),
        _dist: dist,
        _data: data,
    }
}

impl TestApp {
    pub(crate) fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.address)
    }

    /// Begins the server's shutdown, as SIGTERM does.
    pub(crate) fn shut_down(&mut self) {
        if let Some(shutdown) = self.shutdown.take() {
            let _ = shutdown.send(());
        }
    }

    /// A client whose connections come from `ip`, another loopback address (127.0.0.2...):
    /// another client to the server's per-address limits.
    pub(crate) fn client_from(ip: &str) -> reqwest::Client {
        reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .local_address(ip.parse::<std::net::IpAddr>().expect("an address"))
            .build()
            .expect("client")
    }

    /// A plain GET: no User-Agent (desktop), Host 127.0.0.1 (international), no
    /// Accept-Encoding (identity). Tests add the headers they are about; reqwest appends
    /// rather than replaces, so defaults here would shadow them.
    pub(crate) fn get(&self, path: &str) -> RequestBuilder {
        self.client.get(self.url(path))
    }

    pub(crate) fn get_as(&self, path: &str, host: &str, user_agent: &str) -> RequestBuilder {
        self.get(path)
            .header(HOST, host)
            .header(USER_AGENT, user_agent)
    }

    /// The answer to a plain GET of `path`.
    pub(crate) async fn fetch(&self, path: &str) -> Response {
        self.fetch_with(path, &[]).await
    }

    /// The answer to a GET of `path` with these headers.
    pub(crate) async fn fetch_with(&self, path: &str, headers: &[(&str, &str)]) -> Response {
        let mut request = self.get(path);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        request.send().await.expect("request")
    }

    /// The answer to a GET of `path` accepting these content codings.
    pub(crate) async fn fetch_encoded(&self, path: &str, accept_encoding: &str) -> Response {
        self.fetch_with(path, &[("accept-encoding", accept_encoding)])
            .await
    }

    /// The answer to a GET of `path` on `host` from a browser saying `user_agent`.
    pub(crate) async fn fetch_as(&self, path: &str, host: &str, user_agent: &str) -> Response {
        self.get_as(path, host, user_agent)
            .send()
            .await
            .expect("request")
    }

    /// The answer to a bare `method` request of `path`.
    pub(crate) async fn send(&self, method: Method, path: &str) -> Response {
        let request = self.client.request(method, self.url(path));
        request.send().await.expect("request")
    }

    pub(crate) async fn text(&self, request: RequestBuilder) -> (StatusCode, String) {
        let response = request.send().await.expect("request");
        let status = response.status();
        (status, response.text().await.expect("body"))
    }
}

pub(crate) fn header(response: &Response, name: &str) -> String {
    response
        .headers()
        .get(name)
        .map(|value| value.to_str().expect("ascii header").to_owned())
        .unwrap_or_default()
}

/// Asserts each `(name, value)` header of `response`.
#[track_caller]
pub(crate) fn assert_headers(response: &Response, expected: &[(&str, &str)]) {
    for (name, value) in expected {
        let url = response.url();
        assert_eq!(header(response, name), *value, "{name} of {url}");
    }
}

/// Asserts that a GET of `path` with `headers` gets an ETag, and that sending it back gets 304
/// with the same tag, the caching rule and no body. Returns the tag.
pub(crate) async fn assert_conditional_get(
    app: &TestApp,
    path: &str,
    headers: &[(&str, &str)],
) -> String {
    let first = app.fetch_with(path, headers).await;
    let etag = header(&first, "etag");
    assert!(
        etag.starts_with('"') && etag.ends_with('"'),
        "{path}: {etag}"
    );
    let conditional = [headers, &[("if-none-match", etag.as_str())]].concat();
    let again = app.fetch_with(path, &conditional).await;
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED, "{path}");
    assert_eq!(header(&again, "etag"), etag, "{path}");
    assert!(!header(&again, "cache-control").is_empty(), "{path}");
    assert!(again.bytes().await.expect("body").is_empty(), "{path}");
    etag
}

/// The body of `response` as JSON (reqwest is built without its json feature).
pub(crate) async fn json_body(response: Response) -> serde_json::Value {
    let text = response.text().await.expect("body");
    serde_json::from_str(&text).unwrap_or_else(|error| panic!("not JSON ({error}): {text}"))
}

/// The items of a JSON array; panics when `value` is not one.
pub(crate) fn items(value: &serde_json::Value) -> &[serde_json::Value] {
    value
        .as_array()
        .unwrap_or_else(|| panic!("not an array: {value}"))
}

/// The text at `field` of each item of a JSON array.
pub(crate) fn field_texts<'a>(value: &'a serde_json::Value, field: &str) -> Vec<&'a str> {
    let text = |item: &'a serde_json::Value| {
        item[field]
            .as_str()
            .unwrap_or_else(|| panic!("no text {field} in {item}"))
    };
    items(value).iter().map(text).collect()
}

pub(crate) fn gunzip(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_end(&mut out)
        .expect("valid gzip");
    out
}

pub(crate) fn unbrotli(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    brotli::BrotliDecompress(&mut &bytes[..], &mut out).expect("valid brotli");
    out
}

/// Asks for `path` as `client`: the answer must be a 503 with `code` and a `Retry-After` of at
/// least a second, within 300 ms.
pub(crate) async fn refused_at_once(
    app: &TestApp,
    client: &reqwest::Client,
    path: &str,
    code: &str,
) {
    let started = std::time::Instant::now();
    let refused = client.get(app.url(path)).send().await.unwrap();
    assert_eq!(refused.status(), StatusCode::SERVICE_UNAVAILABLE, "{path}");
    assert!(
        started.elapsed() < std::time::Duration::from_millis(300),
        "{path}"
    );
    assert!(header(&refused, "retry-after").parse::<u64>().unwrap() >= 1);
    assert_eq!(json_body(refused).await["error"]["code"], code);
}
