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

/// The sales token the enquiry tests configure.
pub(crate) const ADMIN_TOKEN: &str = "test-admin-token-0123456789";

/// The server over the fixture dist with enquiries stored on `backend` and the admin routes
/// on; None (skipped) for PostgreSQL when SITE_TEST_POSTGRES_URL is not set.
pub(crate) async fn spawn_leads_app(
    backend: crate::databases::Backend,
    customise: impl FnOnce(&mut Config),
) -> Option<TestApp> {
    let database_url = match backend {
        // The default: <data_dir>/leads.sqlite3 of the app's own data directory.
        crate::databases::Backend::Sqlite => String::new(),
        crate::databases::Backend::Postgres => {
            crate::databases::database_url(backend, std::path::Path::new("")).await?
        }
    };
    Some(
        spawn_app_with(FixtureDist::new().build(), move |config| {
            config.database_url = database_url;
            config.leads.admin_token = site_server::config::Secret::new(ADMIN_TOKEN);
            customise(config);
        })
        .await,
    )
}

impl TestApp {
    /// A JSON enquiry answered in JSON.
    pub(crate) fn post_json(&self, body: &serde_json::Value) -> reqwest::RequestBuilder {
        self.client
            .post(self.url("/api/leads"))
            .header("content-type", "application/json")
            .header("accept", "application/json")
            .body(body.to_string())
    }

    /// A form enquiry as a browser without JavaScript sends it.
    pub(crate) fn post_form(&self, pairs: &[(&str, &str)]) -> reqwest::RequestBuilder {
        let body: String = url::form_urlencoded::Serializer::new(String::new())
            .extend_pairs(pairs)
            .finish();
        self.client
            .post(self.url("/api/leads"))
            .header("content-type", "application/x-www-form-urlencoded")
            .header("accept", "text/html,application/xhtml+xml,*/*;q=0.8")
            .body(body)
    }

    /// The admin list (all statuses, first page) as JSON.
    pub(crate) async fn admin_list(&self, query: &str) -> serde_json::Value {
        let response = self
            .get(&format!("/admin/leads.json{query}"))
            .bearer_auth(ADMIN_TOKEN)
            .send()
            .await
            .expect("request");
        assert_eq!(response.status(), 200);
        json_body(response).await
    }
}

/// A complete, valid enquiry in the JSON shape.
pub(crate) fn valid_lead() -> serde_json::Value {
    serde_json::json!({
        "name": "张三",
        "company": "寻境科技有限公司",
        "phone": "13812345678",
        "email": "zhang@example.com",
        "scenario": "factory",
        "product": "device:1",
        "message": "想了解工厂人员定位方案。",
        "consent": true
    })
}

/// The body of `response` as JSON (reqwest is built without its json feature).
pub(crate) async fn json_body(response: reqwest::Response) -> serde_json::Value {
    let text = response.text().await.expect("body");
    serde_json::from_str(&text).unwrap_or_else(|error| panic!("not JSON ({error}): {text}"))
}
