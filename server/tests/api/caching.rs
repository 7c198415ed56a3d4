//! Cache headers and conditional requests.

use reqwest::StatusCode;

use crate::support::app::{
    ANDROID_UA, IMMUTABLE, INTERNATIONAL_HOST, REVALIDATE, assert_conditional_get, assert_headers,
    header, spawn_app,
};
use crate::support::fixture::{FAVICON_URL, SCRIPT_URL};

#[tokio::test]
async fn hashed_assets_are_immutable_for_a_year() {
    let app = spawn_app().await;
    let response = app.fetch(SCRIPT_URL).await;
    assert_headers(&response, &[IMMUTABLE]);
}

#[tokio::test]
async fn pages_and_unhashed_files_revalidate_after_a_minute() {
    let app = spawn_app().await;
    for path in ["/next/map", FAVICON_URL] {
        let response = app.fetch(path).await;
        assert_headers(&response, &[REVALIDATE]);
    }
}

#[tokio::test]
async fn matching_etag_gets_304_without_body() {
    let app = spawn_app().await;
    for path in ["/next/map", SCRIPT_URL] {
        assert_conditional_get(&app, path, &[]).await;
    }
}

#[tokio::test]
async fn etag_from_another_encoding_or_weak_form_still_matches() {
    let app = spawn_app().await;
    let br = app.fetch_encoded("/next/map", "br").await;
    let br_etag = header(&br, "etag");
    assert!(br_etag.ends_with("-br\""), "{br_etag}");
    let weak = format!("W/{br_etag}");
    let plain = app
        .fetch_with("/next/map", &[("if-none-match", weak.as_str())])
        .await;
    assert_eq!(plain.status(), StatusCode::NOT_MODIFIED);
    assert!(!header(&plain, "etag").ends_with("-br\""));
}

#[tokio::test]
async fn stale_or_other_variant_etag_gets_the_full_page() {
    let app = spawn_app().await;
    let mobile = app
        .fetch_as("/next/map", INTERNATIONAL_HOST, ANDROID_UA)
        .await;
    let mobile_etag = header(&mobile, "etag");
    for etag in [mobile_etag.as_str(), "\"0123456789abcdef\""] {
        let desktop = app
            .fetch_with("/next/map", &[("if-none-match", etag)])
            .await;
        assert_eq!(desktop.status(), StatusCode::OK, "{etag}");
        assert_ne!(header(&desktop, "etag"), etag);
    }
}

#[tokio::test]
async fn not_found_ignores_if_none_match() {
    let app = spawn_app().await;
    let first = app.fetch("/next/nope").await;
    let etag = header(&first, "etag");
    let second = app
        .fetch_with("/next/nope", &[("if-none-match", etag.as_str())])
        .await;
    assert_eq!(second.status(), StatusCode::NOT_FOUND);
}
