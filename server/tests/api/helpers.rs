//! Starting the real server for a test, and the requests tests make.

use std::io::Read;
use std::net::SocketAddr;

use reqwest::header::{HOST, USER_AGENT};
use site_server::Application;
use site_server::config::Config;
use tempfile::TempDir;
use tokio::sync::oneshot;

use crate::fixture::{BuiltDist, FixtureDist};

pub(crate) const DESKTOP_UA: &str = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
pub(crate) const ANDROID_UA: &str = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
pub(crate) const IPHONE_UA: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";
pub(crate) const CHINA_HOST: &str = "www.indora.cn";
pub(crate) const INTERNATIONAL_HOST: &str = "www.indora.com";

pub(crate) struct TestApp {
    pub(crate) address: SocketAddr,
    pub(crate) client: reqwest::Client,
    /// Dropping the sender stops the server; the directories live as long as it does.
    _shutdown: oneshot::Sender<()>,
    _dist: BuiltDist,
    _data: TempDir,
}

pub(crate) fn test_config(dist: &BuiltDist, data: &TempDir) -> Config {
    Config {
        listen: "127.0.0.1:0".parse().expect("address"),
        dist_dir: dist.path().to_owned(),
        data_dir: data.path().to_owned(),
        shutdown_grace_secs: 5,
        ..Config::default()
    }
}

pub(crate) async fn spawn_app() -> TestApp {
    spawn_app_with(FixtureDist::new().build(), |_| {}).await
}

pub(crate) async fn spawn_app_with(
    dist: BuiltDist,
    customise: impl FnOnce(&mut Config),
) -> TestApp {
    let data = TempDir::new().expect("temp dir");
    let mut config = test_config(&dist, &data);
    customise(&mut config);
    let application = Application::build(config).await.expect("server starts");
    let address = application.local_addr();
    let (shutdown, stop) = oneshot::channel::<()>();
    tokio::spawn(application.run_until(async {
        let _ = stop.await;
    }));
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client");
    TestApp {
        address,
        client,
        _shutdown: shutdown,
        _dist: dist,
        _data: data,
    }
}

impl TestApp {
    pub(crate) fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.address)
    }

    /// A plain GET: no User-Agent (desktop), Host 127.0.0.1 (international), no
    /// Accept-Encoding (identity). Tests add the headers they are about; reqwest appends
    /// rather than replaces, so defaults here would shadow them.
    pub(crate) fn get(&self, path: &str) -> reqwest::RequestBuilder {
        self.client.get(self.url(path))
    }

    pub(crate) fn get_as(
        &self,
        path: &str,
        host: &str,
        user_agent: &str,
    ) -> reqwest::RequestBuilder {
        self.get(path)
            .header(HOST, host)
            .header(USER_AGENT, user_agent)
    }

    pub(crate) async fn text(
        &self,
        request: reqwest::RequestBuilder,
    ) -> (reqwest::StatusCode, String) {
        let response = request.send().await.expect("request");
        let status = response.status();
        (status, response.text().await.expect("body"))
    }
}

pub(crate) fn header(response: &reqwest::Response, name: &str) -> String {
    response
        .headers()
        .get(name)
        .map(|value| value.to_str().expect("ascii header").to_owned())
        .unwrap_or_default()
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
