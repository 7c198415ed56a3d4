//! Cache headers and conditional requests.

use reqwest::StatusCode;

use crate::fixture::{FAVICON_URL, SCRIPT_URL};
use crate::helpers::{ANDROID_UA, INTERNATIONAL_HOST, header, spawn_app};

#[tokio::test]
async fn hashed_assets_are_immutable_for_a_year() {
    let app = spawn_app().await;
    let response = app.get(SCRIPT_URL).send().await.unwrap();
    assert_eq!(
        header(&response, "cache-control"),
        "public, max-age=31536000, immutable"
    );
}

#[tokio::test]
async fn pages_and_unhashed_files_revalidate_after_a_minute() {
    let app = spawn_app().await;
    for path in ["/next/map", FAVICON_URL] {
        let response = app.get(path).send().await.unwrap();
        assert_eq!(
            header(&response, "cache-control"),
            "public, max-age=60, must-revalidate",
            "{path}"
        );
    }
}

#[tokio::test]
async fn matching_etag_gets_304_without_body() {
    let app = spawn_app().await;
    for path in ["/next/map", SCRIPT_URL] {
        let first = app.get(path).send().await.unwrap();
        let etag = header(&first, "etag");
        assert!(etag.starts_with('"') && etag.ends_with('"'), "{etag}");
        let second = app
            .get(path)
            .header("if-none-match", &etag)
            .send()
            .await
            .unwrap();
        assert_eq!(second.status(), StatusCode::NOT_MODIFIED, "{path}");
        assert_eq!(header(&second, "etag"), etag);
        assert!(!header(&second, "cache-control").is_empty());
        assert!(second.bytes().await.unwrap().is_empty());
    }
}

#[tokio::test]
async fn etag_from_another_encoding_or_weak_form_still_matches() {
    let app = spawn_app().await;
    let br = app
        .get("/next/map")
        .header("accept-encoding", "br")
        .send()
        .await
        .unwrap();
    let br_etag = header(&br, "etag");
    assert!(br_etag.ends_with("-br\""), "{br_etag}");
    let plain = app
        .get("/next/map")
        .header("if-none-match", format!("W/{br_etag}"))
        .send()
        .await
        .unwrap();
    assert_eq!(plain.status(), StatusCode::NOT_MODIFIED);
    assert!(!header(&plain, "etag").ends_with("-br\""));
}

#[tokio::test]
async fn stale_or_other_variant_etag_gets_the_full_page() {
    let app = spawn_app().await;
    let mobile = app
        .get_as("/next/map", INTERNATIONAL_HOST, ANDROID_UA)
        .send()
        .await
        .unwrap();
    let mobile_etag = header(&mobile, "etag");
    let desktop = app
        .get("/next/map")
        .header("if-none-match", &mobile_etag)
        .send()
        .await
        .unwrap();
    assert_eq!(desktop.status(), StatusCode::OK);
    assert_ne!(header(&desktop, "etag"), mobile_etag);
    let stale = app
        .get("/next/map")
        .header("if-none-match", "\"0123456789abcdef\"")
        .send()
        .await
        .unwrap();
    assert_eq!(stale.status(), StatusCode::OK);
}

#[tokio::test]
async fn not_found_ignores_if_none_match() {
    let app = spawn_app().await;
    let first = app.get("/next/nope").send().await.unwrap();
    let etag = header(&first, "etag");
    let second = app
        .get("/next/nope")
        .header("if-none-match", etag)
        .send()
        .await
        .unwrap();
    assert_eq!(second.status(), StatusCode::NOT_FOUND);
}
