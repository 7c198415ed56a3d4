//! Enquiries for the tests: valid ones in the shapes the site takes them (JSON over HTTP, and
//! already cleaned for the store), the server with the sales routes on, and its requests.

use reqwest::{RequestBuilder, Response};
use site_server::config::{Config, Secret};
use site_server::leads::{CleanLead, Origin};

use super::app::{TestApp, json_body, spawn_app_configured};
use super::databases::{Backend, database_url};

/// Per-client enquiry limits high enough never to be reached.
pub(crate) fn no_limits(config: &mut Config) {
    config.leads.rate_limit.accepted = 10_000;
    config.leads.rate_limit.submissions = 10_000;
}

/// Per-client limits of `accepted` enquiries and `submissions` of any outcome in ten minutes.
pub(crate) fn limits(accepted: u32, submissions: u32) -> impl FnOnce(&mut Config) {
    move |config| {
        config.leads.rate_limit.accepted = accepted;
        config.leads.rate_limit.submissions = submissions;
        config.leads.rate_limit.window_secs = 600;
    }
}

/// The sales token the enquiry tests configure.
pub(crate) const ADMIN_TOKEN: &str = "test-admin-token-0123456789";

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

/// A complete, valid enquiry as the form without JavaScript posts it, with `message`.
pub(crate) fn valid_form(message: &str) -> [(&'static str, &str); 6] {
    [
        ("name", "张三"),
        ("company", "寻境"),
        ("phone", "13812345678"),
        ("scenario", "factory"),
        ("message", message),
        ("consent", "on"),
    ]
}

/// A valid enquiry as the store takes it, after cleaning.
pub(crate) fn lead(name: &str, company: &str, message: &str) -> CleanLead {
    CleanLead {
        name: name.to_owned(),
        company: company.to_owned(),
        phone: "13800138000".to_owned(),
        email: "zhang.san@Example.com".to_owned(),
        scenario: "factory".to_owned(),
        product: "device:1".to_owned(),
        message: message.to_owned(),
    }
}

/// Where the enquiries of [`lead`] come from.
pub(crate) fn origin() -> Origin {
    Origin {
        page: "/next/business".to_owned(),
        variant: "desktop-china".to_owned(),
        user_agent: "Mozilla/5.0 test".to_owned(),
    }
}

/// The server over the fixture dist with enquiries stored on `backend` and the admin routes
/// on. PostgreSQL must be configured (`on_both_backends!` skips its variant otherwise).
pub(crate) async fn spawn_leads_app(
    backend: Backend,
    customise: impl FnOnce(&mut Config),
) -> TestApp {
    let database_url = match backend {
        // The default: <data_dir>/leads.sqlite3 of the app's own data directory.
        Backend::Sqlite => String::new(),
        Backend::Postgres => database_url(backend, std::path::Path::new(""))
            .await
            .expect("PostgreSQL is configured"),
    };
    spawn_app_configured(move |config| {
        config.database_url = database_url;
        config.leads.admin_token = Secret::new(ADMIN_TOKEN);
        customise(config);
    })
    .await
}

impl TestApp {
    /// An enquiry body of `content_type`, asking for an answer of type `accept`.
    pub(crate) fn post_lead(
        &self,
        content_type: &str,
        accept: &str,
        body: impl Into<reqwest::Body>,
    ) -> RequestBuilder {
        self.post_lead_from(&self.client, content_type, accept, body)
    }

    /// [`Self::post_lead`] sent by `client` (one of `TestApp::client_from`'s addresses).
    fn post_lead_from(
        &self,
        client: &reqwest::Client,
        content_type: &str,
        accept: &str,
        body: impl Into<reqwest::Body>,
    ) -> RequestBuilder {
        client
            .post(self.url("/api/leads"))
            .header("content-type", content_type)
            .header("accept", accept)
            .body(body)
    }

    /// A JSON enquiry answered in JSON.
    pub(crate) fn post_json(&self, body: &serde_json::Value) -> RequestBuilder {
        self.post_json_from(&self.client, body)
    }

    /// A JSON enquiry answered in JSON, sent by `client`.
    pub(crate) fn post_json_from(
        &self,
        client: &reqwest::Client,
        body: &serde_json::Value,
    ) -> RequestBuilder {
        self.post_lead_from(
            client,
            "application/json",
            "application/json",
            body.to_string(),
        )
    }

    /// A form enquiry as a browser without JavaScript sends it.
    pub(crate) fn post_form(&self, pairs: &[(&str, &str)]) -> RequestBuilder {
        let body: String = url::form_urlencoded::Serializer::new(String::new())
            .extend_pairs(pairs)
            .finish();
        let accept = "text/html,application/xhtml+xml,*/*;q=0.8";
        self.post_lead("application/x-www-form-urlencoded", accept, body)
    }

    /// A GET of `path` with the sales token.
    pub(crate) async fn fetch_as_sales(&self, path: &str) -> Response {
        let request = self.get(path).bearer_auth(ADMIN_TOKEN);
        request.send().await.expect("request")
    }

    /// The admin list (all statuses, first page) as JSON.
    pub(crate) async fn admin_list(&self, query: &str) -> serde_json::Value {
        let response = self
            .fetch_as_sales(&format!("/admin/leads.json{query}"))
            .await;
        assert_eq!(response.status(), 200);
        json_body(response).await
    }
}
