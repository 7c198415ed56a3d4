//! The build's large pictures stay on disk and are read when asked for: same answers as from
//! memory (bytes, ETag, 304, cache headers), and a file that disappears after start degrades
//! that file only.

use reqwest::StatusCode;

use crate::support::app::{
    IMMUTABLE, assert_conditional_get, assert_headers, header, spawn_app_with,
};
use crate::support::fixture::{FixtureDist, LARGE_URL};

const LARGE_FILE: &str = "client/assets/large-9f8e7d6c.bin.png";

#[tokio::test]
async fn a_large_picture_is_served_from_disk_like_any_file() {
    let dist = FixtureDist::new().with_large_file(200_000).build();
    let on_disk = std::fs::read(dist.file(LARGE_FILE)).unwrap();
    let app = spawn_app_with(dist, |_| {}).await;

    let response = app.fetch_encoded(LARGE_URL, "gzip, br").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_headers(&response, &[IMMUTABLE, ("content-type", "image/png")]);
    assert!(header(&response, "content-encoding").is_empty());
    assert_eq!(response.bytes().await.unwrap(), on_disk);
    assert_conditional_get(&app, LARGE_URL, &[]).await;
}

#[tokio::test]
async fn a_large_file_gone_from_disk_answers_503_and_a_rewritten_one_its_new_bytes() {
    let dist = FixtureDist::new().with_large_file(200_000).build();
    let path = dist.file(LARGE_FILE);
    let app = spawn_app_with(dist, |_| {}).await;
    let before = header(&app.fetch(LARGE_URL).await, "etag");

    std::fs::remove_file(&path).unwrap();
    let gone = app.fetch(LARGE_URL).await;
    assert_eq!(gone.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(header(&gone, "cache-control"), "no-store");
    assert_eq!(app.fetch("/next/map").await.status(), StatusCode::OK);

    // A new build written over the old one before the reload: its bytes, with their own tag.
    std::fs::write(&path, vec![7u8; 100_000]).unwrap();
    let rewritten = app.fetch(LARGE_URL).await;
    assert_eq!(rewritten.status(), StatusCode::OK);
    assert_ne!(header(&rewritten, "etag"), before);
    assert_eq!(rewritten.bytes().await.unwrap(), vec![7u8; 100_000]);
}
