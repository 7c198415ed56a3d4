//! Enquiries under hostile traffic (issue #16), against the real server: submissions another
//! site's page makes a browser send, and the site's hourly cap (on SQLite and PostgreSQL).

use serde_json::json;

use crate::support::app::{TestApp, assert_headers, header, json_body};
use crate::support::databases::Backend;
use crate::support::fixture::HOTLINE;
use crate::support::leads::{limits, no_limits, spawn_leads_app, valid_lead};

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
    let response = app
        .post_form(&[
            ("name", "张三"),
            ("company", "寻境"),
            ("phone", "13812345678"),
            ("scenario", "factory"),
            ("message", "上限之后"),
            ("consent", "on"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 503);
    assert!(!header(&response, "retry-after").is_empty());
    let html = response.text().await.unwrap();
    assert!(html.contains("value=\"13812345678\""), "values kept");
    assert!(html.contains("咨询较多，请 60 分钟后再试"), "{html}");
    assert_eq!(app.admin_list("").await["total"], 2);
}
on_both_backends!(leads_over_the_hourly_cap_get_503, hourly_cap);
