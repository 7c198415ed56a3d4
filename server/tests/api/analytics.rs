//! Statistics scripts (spec section 7, issue #5): absent unless configured; when configured,
//! one deferred loader adds them after the load event, and the Content-Security-Policy allows
//! exactly their origins.

use reqwest::StatusCode;
use site_server::config::AnalyticsScript;

use crate::support::app::{
    ANDROID_UA, CHINA_HOST, DESKTOP_UA, IMMUTABLE, assert_headers, header, spawn_app,
    spawn_app_configured,
};

const BASE_CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; \
frame-ancestors 'self'";

fn script(src: &str) -> AnalyticsScript {
    AnalyticsScript {
        src: src.parse().unwrap(),
    }
}

#[tokio::test]
async fn without_configured_scripts_pages_have_no_loader_and_the_usual_policy() {
    let app = spawn_app().await;
    for path in ["/next/", "/next/map", "/next/nope"] {
        let response = app.fetch(path).await;
        assert_headers(&response, &[("content-security-policy", BASE_CSP)]);
        let body = response.text().await.unwrap();
        assert!(!body.contains("analytics"), "{path}");
        assert!(
            body.contains("</script></head>"),
            "the slot is left empty: {path}"
        );
    }
}

#[tokio::test]
async fn configured_scripts_get_a_deferred_loader_and_their_hosts_in_the_policy() {
    let app = spawn_app_configured(|config| {
        config.analytics.scripts = vec![
            script("https://hm.baidu.com/hm.js?0123abcd"),
            script("https://stats.example.com:8443/count.js"),
        ];
    })
    .await;
    let response = app.fetch_as("/next/map", CHINA_HOST, DESKTOP_UA).await;
    let csp = header(&response, "content-security-policy");
    let page = response.text().await.unwrap();
    let hosts = "https://hm.baidu.com https://stats.example.com:8443";
    assert_eq!(
        csp,
        format!(
            "default-src 'self'; script-src 'self' {hosts}; style-src 'self'; img-src 'self' data: {hosts}; \
             font-src 'self'; connect-src 'self' {hosts}; object-src 'none'; base-uri 'self'; \
             form-action 'self'; frame-ancestors 'self'"
        )
    );

    let start = page
        .find("<script src=\"/next/_site/analytics-")
        .expect("loader tag in the head");
    let tag = &page[start..start + page[start..].find("</script>").unwrap() + "</script>".len()];
    assert!(tag.ends_with(".js\" defer></script>"), "{tag}");
    assert!(page[..start].contains("<head>") && page[start..].contains("</head>"));
    // The third-party scripts themselves are not in the page: the loader adds them later.
    assert!(!page.contains("hm.baidu.com"));

    let loader_url = &tag["<script src=\"".len()..tag.find("\" defer").unwrap()];
    let loader = app.fetch(loader_url).await;
    assert_eq!(loader.status(), StatusCode::OK);
    assert_headers(
        &loader,
        &[
            ("content-type", "text/javascript; charset=utf-8"),
            IMMUTABLE,
        ],
    );
    let source = loader.text().await.unwrap();
    assert!(
        source.contains(
            r#"["https://hm.baidu.com/hm.js?0123abcd","https://stats.example.com:8443/count.js"]"#
        ),
        "{source}"
    );
    assert!(source.contains("addEventListener(\"load\""), "{source}");
    assert!(source.contains("async=true"), "{source}");

    // Mobile pages fill the same slot.
    let (_, mobile) = app
        .text(app.get_as("/next/map", CHINA_HOST, ANDROID_UA))
        .await;
    assert!(mobile.contains(tag), "{mobile}");
}

#[tokio::test]
async fn loader_address_changes_with_the_configured_scripts() {
    let mut addresses = Vec::new();
    let one = vec![script("https://hm.baidu.com/hm.js?aaa")];
    let two_on_one_host = vec![
        script("https://hm.baidu.com/hm.js?aaa"),
        script("https://hm.baidu.com/hm.js?bbb"),
    ];
    for scripts in [one, two_on_one_host] {
        let app = spawn_app_configured(|config| {
            config.analytics.scripts = scripts;
        })
        .await;
        let (_, page) = app.text(app.get("/next/")).await;
        let start = page.find("/next/_site/analytics-").unwrap();
        addresses.push(page[start..start + page[start..].find('"').unwrap()].to_owned());
        let response = app.fetch("/next/").await;
        assert_eq!(
            header(&response, "content-security-policy"),
            BASE_CSP
                .replace(
                    "script-src 'self'",
                    "script-src 'self' https://hm.baidu.com"
                )
                .replace(
                    "img-src 'self' data:",
                    "img-src 'self' data: https://hm.baidu.com"
                )
                .replace(
                    "connect-src 'self'",
                    "connect-src 'self' https://hm.baidu.com"
                ),
            "one origin listed once"
        );
    }
    assert_ne!(addresses[0], addresses[1], "content-hashed: {addresses:?}");
}
