//! What crawlers read (issue #5): `/sitemap.xml` and `/robots.txt` on the origin the request
//! came to, the IndexNow key file, and the origin filled into each page's canonical and share
//! links.

use reqwest::{Method, StatusCode};

use crate::support::app::{
    ANDROID_UA, CHINA_HOST, DESKTOP_UA, INTERNATIONAL_HOST, REVALIDATE, assert_conditional_get,
    assert_headers, gunzip, spawn_app, spawn_app_configured,
};
use crate::support::fixture::NOINDEX_PAGE;
use crate::support::stand_in::{Answer, StandIn};

const TEXT: (&str, &str) = ("content-type", "text/plain; charset=utf-8");

fn expected_sitemap(origin: &str) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" \
         xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n  \
         <url><loc>{origin}/next/</loc><lastmod>2025-06-01</lastmod>\
         <xhtml:link rel=\"alternate\" hreflang=\"zh-Hans\" href=\"{origin}/next/\"/>\
         <xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"{origin}/next/\"/></url>\n  \
         <url><loc>{origin}/next/map</loc><lastmod>2025-06-02</lastmod></url>\n  \
         <url><loc>{origin}/next/device/1</loc><lastmod>2025-06-03</lastmod></url>\n  \
         <url><loc>{origin}/next/notice</loc><lastmod>2025-06-04</lastmod></url>\n\
         </urlset>\n"
    )
}

#[tokio::test]
async fn sitemap_lists_indexed_pages_on_the_requesting_origin() {
    let app = spawn_app().await;
    for (host, origin) in [
        (INTERNATIONAL_HOST, "https://www.indora.com"),
        ("127.0.0.1", "https://www.indora.com"),
        (CHINA_HOST, "https://www.indora.cn"),
        ("indora.cn:8443", "https://www.indora.cn"),
    ] {
        let response = app.fetch_as("/sitemap.xml", host, DESKTOP_UA).await;
        assert_eq!(response.status(), StatusCode::OK, "{host}");
        let xml = ("content-type", "application/xml; charset=utf-8");
        assert_headers(&response, &[xml, REVALIDATE]);
        let body = response.text().await.unwrap();
        assert_eq!(body, expected_sitemap(origin), "{host}");
        assert!(!body.contains(NOINDEX_PAGE.0));
    }
}

#[tokio::test]
async fn noindex_page_is_served_but_not_listed() {
    let app = spawn_app().await;
    let (status, body) = app.text(app.get(NOINDEX_PAGE.0)).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains(NOINDEX_PAGE.2));
    let (_, sitemap) = app.text(app.get("/sitemap.xml")).await;
    assert!(!sitemap.contains("/next/draft"), "{sitemap}");
}

#[tokio::test]
async fn robots_allows_everything_and_points_at_the_origin_sitemap() {
    let app = spawn_app().await;
    for (host, origin) in [
        (INTERNATIONAL_HOST, "https://www.indora.com"),
        (CHINA_HOST, "https://www.indora.cn"),
    ] {
        let response = app.fetch_as("/robots.txt", host, ANDROID_UA).await;
        assert_eq!(response.status(), StatusCode::OK);
        assert_headers(&response, &[TEXT, REVALIDATE]);
        assert_eq!(
            response.text().await.unwrap(),
            format!("User-agent: *\nAllow: /\n\nSitemap: {origin}/sitemap.xml\n")
        );
    }
}

#[tokio::test]
async fn sitemap_and_robots_answer_304_to_their_etag_per_origin() {
    let app = spawn_app().await;
    for path in ["/sitemap.xml", "/robots.txt"] {
        let desktop = ("user-agent", DESKTOP_UA);
        let international = [("host", INTERNATIONAL_HOST), desktop];
        let etag = assert_conditional_get(&app, path, &international).await;
        // The China origin's file differs, so the international tag does not match it.
        let china = [
            ("host", CHINA_HOST),
            desktop,
            ("if-none-match", etag.as_str()),
        ];
        let china = app.fetch_with(path, &china).await;
        assert_eq!(china.status(), StatusCode::OK, "{path}");
    }
}

#[tokio::test]
async fn sitemap_is_compressed_and_answers_head() {
    let app = spawn_app().await;
    let response = app.fetch_encoded("/sitemap.xml", "gzip").await;
    assert_headers(
        &response,
        &[("content-encoding", "gzip"), ("vary", "Accept-Encoding")],
    );
    let body = gunzip(&response.bytes().await.unwrap());
    assert_eq!(
        String::from_utf8(body).unwrap(),
        expected_sitemap("https://www.indora.com")
    );
    let head = app.send(Method::HEAD, "/robots.txt").await;
    assert_eq!(head.status(), StatusCode::OK);
    assert!(head.bytes().await.unwrap().is_empty());
    let post = app.send(Method::POST, "/sitemap.xml").await;
    assert_eq!(post.status(), StatusCode::METHOD_NOT_ALLOWED);
}

#[tokio::test]
async fn configured_origins_are_used_in_sitemap_robots_and_pages() {
    let app = spawn_app_configured(|config| {
        config.origins.china = "https://cn.example.com:8443".to_owned();
    })
    .await;
    let (_, sitemap) = app
        .text(app.get_as("/sitemap.xml", CHINA_HOST, DESKTOP_UA))
        .await;
    assert_eq!(sitemap, expected_sitemap("https://cn.example.com:8443"));
    let (_, robots) = app
        .text(app.get_as("/robots.txt", CHINA_HOST, DESKTOP_UA))
        .await;
    assert!(robots.ends_with("Sitemap: https://cn.example.com:8443/sitemap.xml\n"));
    let (_, page) = app
        .text(app.get_as("/next/map", CHINA_HOST, DESKTOP_UA))
        .await;
    assert!(
        page.contains("<link rel=\"canonical\" href=\"https://cn.example.com:8443/next/map\">"),
        "{page}"
    );
}

#[tokio::test]
async fn pages_carry_their_own_origin_in_every_variant() {
    let app = spawn_app().await;
    for (host, user_agent, origin) in [
        (INTERNATIONAL_HOST, DESKTOP_UA, "https://www.indora.com"),
        (CHINA_HOST, DESKTOP_UA, "https://www.indora.cn"),
        (INTERNATIONAL_HOST, ANDROID_UA, "https://www.indora.com"),
        (CHINA_HOST, ANDROID_UA, "https://www.indora.cn"),
    ] {
        let (_, page) = app.text(app.get_as("/next/map", host, user_agent)).await;
        assert!(!page.contains("%%SITE:"), "{page}");
        assert!(
            page.contains(&format!(
                "<link rel=\"canonical\" href=\"{origin}/next/map\">"
            )),
            "{host} {user_agent}"
        );
        assert!(page.contains(&format!(
            "<meta property=\"og:url\" content=\"{origin}/next/map\">"
        )));
        let start = page.find("<script type=\"application/ld+json\">").unwrap();
        let json = &page[start..];
        let json = &json[json.find('>').unwrap() + 1..json.find("</script>").unwrap()];
        let data: serde_json::Value = serde_json::from_str(json).expect("JSON-LD stays valid");
        assert_eq!(data["url"], format!("{origin}/next/"));
    }
}

#[tokio::test]
async fn key_file_is_served_at_the_key_location_only_when_configured() {
    let indexnow = StandIn::start();
    indexnow.answer(Method::POST, "/indexnow", Answer::status(200));
    let endpoint: url::Url = indexnow.url("/indexnow").parse().unwrap();
    let app = spawn_app_configured(|config| {
        config.indexnow.key = "a1b2c3d4-e5f6".to_owned();
        config.indexnow.endpoint = endpoint.clone();
    })
    .await;
    for host in [INTERNATIONAL_HOST, CHINA_HOST] {
        let response = app.fetch_as("/a1b2c3d4-e5f6.txt", host, DESKTOP_UA).await;
        assert_eq!(response.status(), StatusCode::OK);
        assert_headers(&response, &[TEXT]);
        assert_eq!(response.text().await.unwrap(), "a1b2c3d4-e5f6");
    }

    let app = spawn_app_configured(|config| {
        config.indexnow.key = "a1b2c3d4-e5f6".to_owned();
        config.indexnow.key_location = "/next/indexnow-key.txt".to_owned();
        config.indexnow.endpoint = endpoint;
    })
    .await;
    let (status, body) = app.text(app.get("/next/indexnow-key.txt")).await;
    assert_eq!((status, body.as_str()), (StatusCode::OK, "a1b2c3d4-e5f6"));
    let (status, _) = app.text(app.get("/a1b2c3d4-e5f6.txt")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
