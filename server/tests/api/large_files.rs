//! The build's large pictures stay on disk and are read when asked for: same answers as from
//! memory (bytes, ETag, 304, cache headers), and a file that disappears after start degrades
//! that file only. A rendering of one in the image caches (memory or disk) is answered without
//! reading it.

use reqwest::StatusCode;

use crate::support::app::{
    IMMUTABLE, assert_conditional_get, assert_headers, header, spawn_app_with,
};
use crate::support::fixture::images::png_bytes;
use crate::support::fixture::{FixtureDist, LARGE_URL};

const LARGE_FILE: &str = "client/assets/large-9f8e7d6c.bin.png";

/// Several megabytes: streamed in chunks, it arrives whole under the length announced first.
#[tokio::test]
async fn a_large_picture_is_served_from_disk_like_any_file() {
    let dist = FixtureDist::new().with_large_file(3_000_000).build();
    let on_disk = std::fs::read(dist.file(LARGE_FILE)).unwrap();
    let app = spawn_app_with(dist, |_| {}).await;

    let response = app.fetch_encoded(LARGE_URL, "gzip, br").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_headers(&response, &[IMMUTABLE, ("content-type", "image/png")]);
    assert!(header(&response, "content-encoding").is_empty());
    assert_eq!(
        header(&response, "content-length"),
        on_disk.len().to_string()
    );
    assert_eq!(response.bytes().await.unwrap(), on_disk);
    assert_conditional_get(&app, LARGE_URL, &[]).await;

    let head = app.client.head(app.url(LARGE_URL)).send().await.unwrap();
    assert_eq!(head.status(), StatusCode::OK);
    assert_eq!(header(&head, "content-length"), on_disk.len().to_string());
    assert!(head.bytes().await.unwrap().is_empty());
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

/// A picture kept on disk (large enough), its file name, and its `/_next/image` address.
fn picture_on_disk() -> (
    crate::support::fixture::BuiltDist,
    std::path::PathBuf,
    String,
) {
    const URL: &str = "/next/assets/photo-0123abcd.png";
    let png = png_bytes(400, 300);
    assert!(png.len() >= 32 * 1024, "{} bytes stay in memory", png.len());
    let dist = FixtureDist::new().with_file(URL, &png, true).build();
    let path = dist.file("client/assets/photo-0123abcd.png");
    let encoded: String = url::form_urlencoded::byte_serialize(URL.as_bytes()).collect();
    (dist, path, format!("/_next/image?url={encoded}&w=640&q=75"))
}

#[tokio::test]
async fn a_cached_rendering_of_a_picture_on_disk_is_answered_without_reading_the_picture() {
    let (dist, path, image) = picture_on_disk();
    let app = spawn_app_with(dist, |_| {}).await;

    let first = app.fetch_with(&image, &[("accept", "image/webp")]).await;
    assert_eq!(first.status(), StatusCode::OK);
    assert_eq!(header(&first, "x-nextjs-cache"), "MISS");
    let rendering = first.bytes().await.unwrap();

    // With the picture gone, a hit can only have come from memory, without reading it.
    std::fs::remove_file(&path).unwrap();
    let hit = app.fetch_with(&image, &[("accept", "image/webp")]).await;
    assert_eq!(hit.status(), StatusCode::OK);
    assert_eq!(header(&hit, "x-nextjs-cache"), "HIT");
    assert_eq!(header(&hit, "content-type"), "image/webp");
    assert_eq!(hit.bytes().await.unwrap(), rendering);
}

#[tokio::test]
async fn past_the_memory_cache_a_rendering_comes_from_the_disk_cache_without_the_picture() {
    let (dist, path, image) = picture_on_disk();
    let app = spawn_app_with(dist, |config| config.images.memory_cache_mib = 0).await;
    let first = app.fetch_with(&image, &[("accept", "image/webp")]).await;
    assert_eq!(header(&first, "x-nextjs-cache"), "MISS");
    let rendering = first.bytes().await.unwrap();
    std::fs::remove_file(&path).unwrap();

    // The rendering is written to the disk cache just after it is sent: wait for it.
    let mut answer = None;
    for _ in 0..100 {
        let hit = app.fetch_with(&image, &[("accept", "image/webp")]).await;
        if hit.status() == StatusCode::OK {
            answer = Some(hit);
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let hit = answer.expect("the rendering is answered from the disk cache within 2 s");
    assert_eq!(header(&hit, "x-nextjs-cache"), "HIT");
    assert_eq!(hit.bytes().await.unwrap(), rendering);
}
