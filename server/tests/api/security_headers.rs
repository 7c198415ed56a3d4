//! The security headers every answer carries (issue #16), whatever made it: pages, files,
//! 304s, errors, images, the APIs, the sales pages, redirects.

use reqwest::{Method, Response, StatusCode};
use site_server::config::{Config, Hsts, Secret};

use crate::support::app::{TestApp, header, spawn_app_with};
use crate::support::fixture::images::HASHED_PNG;
use crate::support::fixture::{FixtureDist, PAGES};
use crate::support::leads::{ADMIN_TOKEN, valid_lead};

/// The set, with HSTS as the default configuration sends it (its origins are https).
const SECURITY_HEADERS: [(&str, &str); 6] = [
    ("x-content-type-options", "nosniff"),
    ("x-frame-options", "SAMEORIGIN"),
    ("referrer-policy", "strict-origin-when-cross-origin"),
    (
        "permissions-policy",
        "accelerometer=(), browsing-topics=(), camera=(), display-capture=(), geolocation=(), \
         gyroscope=(), hid=(), idle-detection=(), magnetometer=(), microphone=(), midi=(), \
         payment=(), publickey-credentials-get=(), screen-wake-lock=(), serial=(), usb=(), \
         xr-spatial-tracking=()",
    ),
    // Only for https origins, like HSTS by default: see `plain_http_origins_...` below.
    ("cross-origin-opener-policy", "same-origin"),
    ("strict-transport-security", "max-age=63072000"),
];

/// The server with images and the sales routes, configured by `customise`.
async fn spawn(customise: impl FnOnce(&mut Config)) -> TestApp {
    let dist = FixtureDist::new().with_images().build();
    spawn_app_with(dist, |config| {
        config.leads.admin_token = Secret::new(ADMIN_TOKEN);
        customise(config);
    })
    .await
}

#[track_caller]
fn assert_security_headers(what: &str, response: &Response, expected: &[(&str, &str)]) {
    for (name, value) in expected {
        assert_eq!(header(response, name), *value, "{name} of {what}");
    }
}

/// One answer of each kind the server makes, named, with the status it must have.
async fn one_answer_of_each_kind(app: &TestApp) -> Vec<(&'static str, StatusCode, Response)> {
    let page = PAGES[0].0;
    let etag = header(&app.fetch(page).await, "etag");
    let image = format!(
        "/_next/image?url={}&w=640&q=75",
        url::form_urlencoded::byte_serialize(HASHED_PNG.as_bytes()).collect::<String>()
    );
    vec![
        ("a page", StatusCode::OK, app.fetch(page).await),
        (
            "the 404 page",
            StatusCode::NOT_FOUND,
            app.fetch("/next/no-such-page").await,
        ),
        (
            "a 304",
            StatusCode::NOT_MODIFIED,
            app.fetch_with(page, &[("if-none-match", &etag)]).await,
        ),
        ("an image", StatusCode::OK, app.fetch(&image).await),
        (
            "an image refusal",
            StatusCode::BAD_REQUEST,
            app.fetch("/_next/image?w=640").await,
        ),
        (
            "an API answer",
            StatusCode::OK,
            app.fetch("/api/venues").await,
        ),
        (
            "an API refusal",
            StatusCode::NOT_FOUND,
            app.fetch("/api/venues/no-such-venue").await,
        ),
        (
            "an enquiry refusal",
            StatusCode::UNPROCESSABLE_ENTITY,
            app.post_json(&serde_json::json!({ "name": "" }))
                .send()
                .await
                .unwrap(),
        ),
        (
            "an accepted enquiry",
            StatusCode::CREATED,
            app.post_json(&valid_lead()).send().await.unwrap(),
        ),
        (
            "the sales page without the token",
            StatusCode::UNAUTHORIZED,
            app.fetch("/admin/leads").await,
        ),
        (
            "the sales list",
            StatusCode::OK,
            app.fetch_as_sales("/admin/leads.json").await,
        ),
        (
            "a method a page does not take",
            StatusCode::METHOD_NOT_ALLOWED,
            app.send(Method::DELETE, page).await,
        ),
        (
            "a redirect",
            StatusCode::MOVED_PERMANENTLY,
            app.fetch("/next").await,
        ),
        (
            "the health check",
            StatusCode::OK,
            app.fetch("/healthz").await,
        ),
        ("robots.txt", StatusCode::OK, app.fetch("/robots.txt").await),
    ]
}

#[tokio::test]
async fn every_kind_of_answer_carries_the_security_headers() {
    let app = spawn(|_| {}).await;
    for (what, status, response) in one_answer_of_each_kind(&app).await {
        assert_eq!(response.status(), status, "{what}");
        assert_security_headers(what, &response, &SECURITY_HEADERS);
    }
    // Browsers that read only the policy are told the same about framing.
    let page = app.fetch(PAGES[0].0).await;
    let policy = header(&page, "content-security-policy");
    assert!(policy.contains("frame-ancestors 'self'"), "{policy}");
}

#[tokio::test]
async fn plain_http_origins_get_no_hsts_unless_turned_on_and_no_opener_policy() {
    let plain_http = |config: &mut Config| {
        config.origins.international = "http://127.0.0.1:8080".to_owned();
        config.origins.china = "http://127.0.0.1:8081".to_owned();
    };
    let app = spawn(plain_http).await;
    for (what, _, response) in one_answer_of_each_kind(&app).await {
        assert_eq!(header(&response, "strict-transport-security"), "", "{what}");
        // Chromium refuses it on an insecure origin with a console error on every page.
        assert_eq!(
            header(&response, "cross-origin-opener-policy"),
            "",
            "{what}"
        );
        assert_security_headers(what, &response, &SECURITY_HEADERS[..4]);
    }
    let forced = spawn(|config| {
        plain_http(config);
        config.headers.hsts = Hsts::On;
    })
    .await;
    let page = forced.fetch(PAGES[0].0).await;
    assert_security_headers("a page", &page, &SECURITY_HEADERS[..4]);
    assert_security_headers("a page", &page, &SECURITY_HEADERS[5..]);
    assert_eq!(header(&page, "cross-origin-opener-policy"), "");
    let off = spawn(|config| config.headers.hsts = Hsts::Off).await;
    let page = off.fetch(PAGES[0].0).await;
    assert_eq!(header(&page, "strict-transport-security"), "");
}
