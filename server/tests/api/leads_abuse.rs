//! Enquiries and the sales routes under hostile traffic (issues #16 and #30), against the real
//! server: submissions another site's page makes a browser send, the site's hourly caps of
//! enquiries and of notices (on SQLite and PostgreSQL), the sales routes' host and network
//! allow-list, the throttle of wrong tokens, and log lines an attacker could cause at will,
//! sampled (read from the binary's JSON log).

use std::time::Duration;

use http::Method;
use serde_json::{Value, json};

use crate::support::app::{TestApp, assert_headers, header, json_body};
use crate::support::binary::{Running, blocking_client, command, start};
use crate::support::databases::Backend;
use crate::support::fixture::{FixtureDist, HOTLINE};
use crate::support::leads::{
    ADMIN_TOKEN, limits, no_limits, spawn_leads_app, valid_form, valid_lead,
};
use crate::support::stand_in::{Answer, StandIn};

/// A JSON enquiry with these extra request headers, answered in JSON.
fn post_with(app: &TestApp, headers: &[(&str, &str)]) -> reqwest::RequestBuilder {
    headers
        .iter()
        .fold(app.post_json(&valid_lead()), |request, (name, value)| {
            request.header(*name, *value)
        })
}

async fn cross_site(backend: Backend) {
    // Few submissions allowed per client: refusals of other sites' posts must not use them up.
    let app = spawn_leads_app(backend, limits(3, 4)).await;
    let refused_message = format!("请在本站页面提交，或致电 {HOTLINE}");
    for headers in [
        &[("sec-fetch-site", "cross-site")][..],
        &[("origin", "https://evil.example")],
        &[
            ("origin", "https://evil.example"),
            ("sec-fetch-site", "same-site"),
        ],
        &[("origin", "null")],
        // The site's own host name on another scheme is another origin.
        &[("origin", "http://www.indora.com")],
    ] {
        for _ in 0..2 {
            let response = post_with(&app, headers).send().await.unwrap();
            assert_eq!(response.status(), 403, "{headers:?}");
            assert_headers(&response, &[("content-type", "application/json")]);
            assert_eq!(
                json_body(response).await,
                json!({ "message": refused_message })
            );
        }
    }
    // A browser's form gets the form page with the message.
    let response = app
        .post_form(&[("name", "张三")])
        .header("origin", "https://evil.example")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 403);
    assert_headers(&response, &[("content-type", "text/html; charset=utf-8")]);
    let html = response.text().await.unwrap();
    assert!(
        html.contains(&format!("class=\"form-alert\">{refused_message}</p>")),
        "{html}"
    );
    // The site's own origins (each site's configured origin, and the host the request was
    // sent to), and clients that say nothing, are accepted, each within the client's limit.
    let own = format!("http://{}", app.address);
    for headers in [
        &[
            ("origin", "https://www.indora.cn"),
            ("sec-fetch-site", "cross-site"),
        ][..],
        &[("origin", "https://www.indora.com")],
        &[("origin", own.as_str()), ("sec-fetch-site", "same-origin")],
        &[],
    ] {
        let response = post_with(&app, headers).send().await.unwrap();
        let expected = if headers.contains(&("sec-fetch-site", "cross-site")) {
            403
        } else {
            201
        };
        assert_eq!(response.status(), expected, "{headers:?}");
    }
    assert_eq!(app.admin_list("").await["total"], 3, "{backend:?}");
}
on_both_backends!(leads_cross_site_submissions_get_403, cross_site);

async fn hourly_cap(backend: Backend) {
    let app = spawn_leads_app(backend, |config| {
        no_limits(config);
        config.leads.accepted_per_hour = 2;
    })
    .await;
    for _ in 0..2 {
        let response = app.post_json(&valid_lead()).send().await.unwrap();
        assert_eq!(response.status(), 201);
    }
    let response = app.post_json(&valid_lead()).send().await.unwrap();
    assert_eq!(response.status(), 503, "{backend:?}");
    let retry_after: u64 = header(&response, "retry-after")
        .parse()
        .expect("Retry-After");
    assert!((3590..=3600).contains(&retry_after), "{retry_after}");
    let body = json_body(response).await;
    assert_eq!(body["retry_after_secs"], retry_after);
    assert_eq!(
        body["message"],
        format!("咨询较多，请 60 分钟后再试或致电 {HOTLINE}")
    );
    // The form without JavaScript: the page again, with what was typed and the message.
    let response = app.post_form(&valid_form("上限之后")).send().await.unwrap();
    assert_eq!(response.status(), 503);
    assert!(!header(&response, "retry-after").is_empty());
    let html = response.text().await.unwrap();
    assert!(html.contains("value=\"13812345678\""), "values kept");
    assert!(html.contains("咨询较多，请 60 分钟后再试"), "{html}");
    assert_eq!(app.admin_list("").await["total"], 2);
}
on_both_backends!(leads_over_the_hourly_cap_get_503, hourly_cap);

/// Four addresses spending their whole allowance reach the hourly cap of notices, not of
/// enquiries (issue #30): a real prospect after them is still stored, marked for sales as
/// unannounced, and sales were told of as many as `leads.notified_per_hour`, not more.
async fn notices_cap(backend: Backend) {
    let app = spawn_leads_app(backend, |config| {
        config.leads.notified_per_hour = 10;
        // A robot that never answers: its notices stay pending, which is what is counted.
        config.leads.wechat.webhook =
            site_server::config::Secret::new("http://127.0.0.1:9/cgi-bin/webhook/send?key=k");
    })
    .await;
    for n in 2..=5 {
        let client = TestApp::client_from(&format!("127.0.0.{n}"));
        let mut statuses = Vec::new();
        for _ in 0..6 {
            let response = app
                .post_json_from(&client, &valid_lead())
                .send()
                .await
                .unwrap();
            statuses.push(response.status().as_u16());
        }
        assert_eq!(statuses, [201, 201, 201, 201, 201, 429], "{backend:?}");
    }
    let prospect = app
        .post_json_from(&TestApp::client_from("127.0.0.6"), &valid_lead())
        .send()
        .await
        .unwrap();
    assert_eq!(
        prospect.status(),
        201,
        "{backend:?}: the real prospect is kept"
    );
    let list = app.admin_list("").await;
    assert_eq!(list["total"], 21, "{backend:?}");
    let leads = list["leads"].as_array().unwrap();
    let unannounced = leads
        .iter()
        .filter(|lead| lead["unannounced"] == true)
        .count();
    assert_eq!(unannounced, 11, "{backend:?}: all past the first ten");
    assert!(
        leads
            .iter()
            .filter(|lead| lead["unannounced"] == true)
            .all(|lead| lead["delivered"] == false),
        "{backend:?}"
    );
}
on_both_backends!(
    leads_four_addresses_cannot_shut_real_prospects_out,
    notices_cap
);

#[tokio::test]
async fn admin_answers_only_on_its_hosts_and_networks() {
    let app = spawn_leads_app(Backend::Sqlite, |config| {
        config.leads.admin_hosts = vec!["admin.indora.com".to_owned()];
        config.leads.admin_networks = vec!["10.0.0.0/8".parse().unwrap()];
        config.leads.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    })
    .await;
    let (_, not_found_page) = app.text(app.get("/next/no-such-page")).await;
    let sales = |host: &str, client: &str| {
        app.get("/admin/leads.json")
            .bearer_auth(ADMIN_TOKEN)
            .header("host", host)
            .header("x-forwarded-for", client)
    };
    let (status, _) = app.text(sales("admin.indora.com", "10.1.2.3")).await;
    assert_eq!(status, 200);
    let (status, _) = app.text(sales("Admin.Indora.com:8443", "10.200.0.1")).await;
    assert_eq!(status, 200);
    for (host, client) in [
        ("www.indora.com", "10.1.2.3"),
        ("admin.indora.com", "192.0.2.10"),
        ("www.indora.com", "192.0.2.10"),
    ] {
        let (status, body) = app.text(sales(host, client)).await;
        assert_eq!(status, 404, "{host} {client}");
        assert_eq!(body, not_found_page, "as if the route did not exist");
    }
    // Without X-Forwarded-For the client is the test's own loopback address: not listed.
    let response = app.fetch_as_sales("/admin/leads").await;
    assert_eq!(response.status(), 404);
    assert!(header(&response, "www-authenticate").is_empty());
    // A status change from elsewhere is answered like any other unknown address.
    let status_change = app
        .client
        .post(app.url("/admin/leads/some-id/status"))
        .bearer_auth(ADMIN_TOKEN)
        .header("host", "admin.indora.com")
        .header("x-forwarded-for", "192.0.2.10")
        .header("content-type", "application/json")
        .body(r#"{"status":"closed"}"#);
    let (status, _) = app.text(status_change).await;
    let (other, _) = app
        .text(app.client.post(app.url("/next/no-such-page")))
        .await;
    assert_eq!(status, other);
}

#[tokio::test]
async fn wrong_tokens_are_throttled_per_client_even_for_the_right_one() {
    let app = spawn_leads_app(Backend::Sqlite, |config| {
        config.leads.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    })
    .await;
    let from = |client: &str, token: Option<&str>| {
        let request = app
            .get("/admin/leads.json")
            .header("x-forwarded-for", client);
        match token {
            Some(token) => request.bearer_auth(token),
            None => request,
        }
    };
    let attacker = "198.51.100.66";
    // A browser's first request carries no credentials: not a failure, however many.
    for _ in 0..20 {
        let (status, _) = app.text(from(attacker, None)).await;
        assert_eq!(status, 401);
    }
    for _ in 0..10 {
        let (status, _) = app
            .text(from(attacker, Some("wrong-token-0123456789")))
            .await;
        assert_eq!(status, 401);
    }
    for token in [Some("wrong-token-0123456789"), Some(ADMIN_TOKEN), None] {
        let response = from(attacker, token).send().await.unwrap();
        assert_eq!(response.status(), 429, "{token:?}");
        let retry_after: u64 = header(&response, "retry-after")
            .parse()
            .expect("Retry-After");
        assert!((890..=900).contains(&retry_after), "{retry_after}");
        assert_headers(
            &response,
            &[("x-robots-tag", "noindex"), ("cache-control", "no-store")],
        );
    }
    // Another client, and the sales page's own requests from it, are not affected.
    let (status, _) = app.text(from("198.51.100.7", Some(ADMIN_TOKEN))).await;
    assert_eq!(status, 200);
}

/// The binary over the fixture build, its enquiries in SQLite under `data`, with these
/// variables set.
fn start_binary(data: &tempfile::TempDir, dist: &std::path::Path, env: &[(&str, &str)]) -> Running {
    let mut command = command(dist, data.path());
    command.env("SITE_LEADS__ADMIN_TOKEN", ADMIN_TOKEN);
    for (name, value) in env {
        command.env(name, value);
    }
    start(command)
}

/// How many log entries read so far have this message.
fn count(server: &Running, message: &str) -> usize {
    server
        .seen()
        .iter()
        .filter(|entry| entry["fields"]["message"] == message)
        .count()
}

#[test]
fn floods_of_refusals_and_wrong_tokens_are_logged_once_per_period() {
    let dist = FixtureDist::new().build();
    let data = tempfile::TempDir::new().expect("temp dir");
    let mut server = start_binary(
        &data,
        dist.path(),
        &[("SITE_LEADS__RATE_LIMIT__ACCEPTED", "1")],
    );
    let client = blocking_client();
    let post = || {
        client
            .post(server.url("/api/leads"))
            .header("content-type", "application/json")
            .body(valid_lead().to_string())
            .send()
            .expect("request")
            .status()
    };
    assert_eq!(post(), 201);
    for _ in 0..30 {
        assert_eq!(post(), 429);
    }
    let admin = || {
        client
            .get(server.url("/admin/leads.json"))
            .bearer_auth("wrong-token-0123456789")
            .send()
            .expect("request")
            .status()
    };
    let statuses: Vec<u16> = (0..25).map(|_| admin().as_u16()).collect();
    assert_eq!(statuses, [[401; 10].as_slice(), &[429; 15]].concat());
    // A last, different refusal: once its line is read, every earlier line has been too.
    let last = client
        .post(server.url("/api/leads"))
        .header("content-type", "application/json")
        .header("origin", "https://evil.example")
        .body(valid_lead().to_string())
        .send()
        .expect("request");
    assert_eq!(last.status(), 403);
    let entry = server.wait_for(
        "enquiry refused: sent from another site",
        Duration::from_secs(10),
    );
    assert_eq!(entry["fields"]["origin"], "https://evil.example");
    assert_eq!(count(&server, "enquiry refused: rate limited"), 1);
    assert_eq!(count(&server, "admin: wrong token presented"), 1);
    assert_eq!(
        count(
            &server,
            "admin: refused, too many wrong tokens from this client"
        ),
        1
    );
    let first = server
        .seen()
        .iter()
        .find(|entry| entry["fields"]["message"] == "enquiry refused: rate limited")
        .expect("logged")
        .clone();
    assert_eq!(first["fields"]["client"], "127.0.0.1");
    assert_eq!(first["fields"]["left_out"], 0);
}

#[test]
fn a_notice_given_up_is_logged_once_as_an_error() {
    let robot = StandIn::start();
    robot.answer(
        Method::POST,
        "/cgi-bin/webhook/send",
        Answer::status(500).with_body("down"),
    );
    let dist = FixtureDist::new().build();
    let data = tempfile::TempDir::new().expect("temp dir");
    let webhook = robot.url("/cgi-bin/webhook/send?key=test-key");
    let mut server = start_binary(
        &data,
        dist.path(),
        &[
            ("SITE_LEADS__WECHAT__WEBHOOK", webhook.as_str()),
            ("SITE_LEADS__DELIVERY__RETRY_BASE_MILLIS", "50"),
            ("SITE_LEADS__DELIVERY__RETRY_MAX_MILLIS", "100"),
            ("SITE_LEADS__DELIVERY__POLL_SECS", "1"),
            ("SITE_LEADS__DELIVERY__MAX_ATTEMPTS", "3"),
            ("SITE_LEADS__DELIVERY__RETRY_FOR_SECS", "0"),
        ],
    );
    let response = blocking_client()
        .post(server.url("/api/leads"))
        .header("content-type", "application/json")
        .body(valid_lead().to_string())
        .send()
        .expect("request");
    assert_eq!(response.status(), 201);
    let message = "enquiry notice given up; sales must follow the enquiry up from /admin/leads";
    let entry = server.wait_for(message, Duration::from_secs(15));
    assert_eq!(entry["level"], "ERROR");
    assert_eq!(entry["fields"]["attempts"], 3);
    assert_eq!(entry["fields"]["channel"], "wechat");
    // Several polls later: neither tried again nor logged again.
    server.read_for(Duration::from_millis(2500));
    assert_eq!(robot.requests().len(), 3);
    let listed = blocking_client()
        .get(server.url("/admin/leads.json"))
        .bearer_auth(ADMIN_TOKEN)
        .send()
        .expect("request")
        .text()
        .expect("body");
    let listed: Value = serde_json::from_str(&listed).expect("JSON");
    assert_eq!(listed["undeliverable"], 1);
    assert_eq!(count(&server, message), 1);
}
