//! Routes: pages, redirects, the styled 404, methods, health.

use reqwest::{Method, StatusCode};

use crate::support::app::{
    IPHONE_UA, NO_STORE, assert_headers, header, spawn_app, spawn_app_configured,
};
use crate::support::fixture::{FAVICON_URL, PAGES, SCRIPT_URL};

#[tokio::test]
async fn root_redirects_permanently_to_next_home() {
    let app = spawn_app().await;
    for (from, to) in [
        ("/", "/next/"),
        ("/?utm_source=baidu", "/next/?utm_source=baidu"),
    ] {
        let response = app.fetch(from).await;
        assert_eq!(response.status(), StatusCode::MOVED_PERMANENTLY, "{from}");
        assert_headers(&response, &[("location", to)]);
    }
}

#[tokio::test]
async fn every_manifest_page_answers_200_with_its_own_title() {
    let app = spawn_app().await;
    for (path, _, title) in PAGES {
        let (status, body) = app.text(app.get(path)).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert!(body.contains(&format!("<title>{title}</title>")), "{path}");
    }
}

#[tokio::test]
async fn unknown_paths_get_the_styled_404_page_with_status_404() {
    let app = spawn_app().await;
    for path in [
        "/next/device/0",
        "/next/device/11",
        "/next/device/abc",
        "/next/nope",
        "/nope",
        "/next/map.html",
        "/next//map",
    ] {
        let response = app.fetch(path).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        assert_headers(&response, &[("content-type", "text/html; charset=utf-8")]);
        let body = response.text().await.unwrap();
        assert!(body.contains("<title>页面未找到</title>"), "{path}");
        assert!(
            body.contains("<header>"),
            "desktop 404 has the shell: {path}"
        );
    }
}

/// An unknown address under the English edition's `/next/en/` gets its English 404 page; any
/// other, the Chinese one (issue #35).
#[tokio::test]
async fn the_404_page_speaks_the_language_of_the_edition_asked_for() {
    let app = spawn_app().await;
    for (path, title) in [
        ("/next/en/nope", "Page not found"),
        ("/next/en/device/11", "Page not found"),
        ("/next/en//map", "Page not found"),
        ("/next/english", "页面未找到"),
        ("/next/nope", "页面未找到"),
    ] {
        let response = app.fetch_with(path, &[("accept-language", "en")]).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        let body = response.text().await.unwrap();
        assert!(body.contains(&format!("<title>{title}</title>")), "{path}");
    }
}

#[tokio::test]
async fn not_found_page_follows_the_variant() {
    let app = spawn_app().await;
    let (status, body) = app
        .text(app.get_as("/next/nope", "indora.cn", IPHONE_UA))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(body.contains("data-variant=\"mobile\""));
}

#[tokio::test]
async fn alternative_spellings_redirect_to_the_one_address() {
    let app = spawn_app().await;
    for (from, to) in [
        ("/next", "/next/"),
        ("/next/map/", "/next/map"),
        ("/next/device/1/?from=menu", "/next/device/1?from=menu"),
    ] {
        let response = app.fetch(from).await;
        assert_eq!(response.status(), StatusCode::MOVED_PERMANENTLY, "{from}");
        assert_headers(&response, &[("location", to)]);
    }
    let response = app.fetch("/next/nope/").await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn query_strings_do_not_change_the_page() {
    let app = spawn_app().await;
    let (status, body) = app.text(app.get("/next/map?from=baidu&kw=室内地图")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("<title>室内地图服务</title>"));
}

#[tokio::test]
async fn head_answers_like_get_without_a_body() {
    let app = spawn_app().await;
    for path in ["/next/map", SCRIPT_URL] {
        let get = app.fetch(path).await;
        let get_length = header(&get, "content-length");
        let get_etag = header(&get, "etag");
        let get_bytes = get.bytes().await.unwrap();
        let head = app.send(Method::HEAD, path).await;
        assert_eq!(head.status(), StatusCode::OK);
        assert_eq!(header(&head, "content-length"), get_length, "{path}");
        assert_eq!(get_length, get_bytes.len().to_string());
        assert_eq!(header(&head, "etag"), get_etag);
        assert!(head.bytes().await.unwrap().is_empty());
    }
}

#[tokio::test]
async fn other_methods_are_refused_with_allow() {
    let app = spawn_app().await;
    for path in ["/next/map", "/next/nope", FAVICON_URL] {
        let response = app.send(Method::POST, path).await;
        assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED, "{path}");
        assert_headers(&response, &[("allow", "GET, HEAD")]);
    }
}

#[tokio::test]
async fn content_types_match_the_files() {
    let app = spawn_app().await;
    for (path, expected) in [
        ("/next/map", "text/html; charset=utf-8"),
        (SCRIPT_URL, "text/javascript; charset=utf-8"),
        (FAVICON_URL, "image/svg+xml"),
    ] {
        let response = app.fetch(path).await;
        assert_headers(
            &response,
            &[
                ("content-type", expected),
                ("x-content-type-options", "nosniff"),
            ],
        );
    }
}

#[tokio::test]
async fn pages_carry_security_headers() {
    let app = spawn_app().await;
    let response = app.fetch("/next/map").await;
    let csp = header(&response, "content-security-policy");
    assert!(csp.contains("default-src 'self'"), "{csp}");
    assert!(csp.contains("script-src 'self'"), "{csp}");
    assert!(csp.contains("object-src 'none'"), "{csp}");
    assert_headers(
        &response,
        &[("referrer-policy", "strict-origin-when-cross-origin")],
    );
}

#[tokio::test]
async fn health_check_answers_ok_uncached() {
    let app = spawn_app().await;
    let response = app.fetch("/healthz").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_headers(&response, &[NO_STORE]);
    assert_eq!(response.text().await.unwrap(), "ok\n");
}

#[tokio::test]
async fn many_connections_at_once_are_all_answered_by_several_workers() {
    let app = spawn_app_configured(|config| {
        config.workers = 3;
    })
    .await;
    let requests = (0..48).map(|n| {
        // A client each: separate connections, spread over the workers.
        let client = reqwest::Client::new();
        let url = app.url(if n % 2 == 0 { "/next/map" } else { SCRIPT_URL });
        tokio::spawn(async move {
            let response = client.get(url).send().await.expect("answered");
            (
                response.status(),
                response.bytes().await.expect("body").len(),
            )
        })
    });
    for request in requests {
        let (status, length) = request.await.expect("task");
        assert_eq!(status, StatusCode::OK);
        assert!(length > 0);
    }
}
