//! `/_next/image`: the Next.js contract, caching, format negotiation and safety (issue #3).

use std::time::{Duration, Instant};

use reqwest::{Method, StatusCode};
use site_server::config::{Config, RemotePattern};
use tempfile::TempDir;

use crate::support::app::{
    IMMUTABLE, NO_STORE, REVALIDATE, TestApp, assert_headers, header, spawn_app_configured,
    spawn_app_with,
};
use crate::support::fixture::images::{
    ANIMATED_GIF, BOMB_PNG, FAKE_PNG, HASHED_PNG, JPEG, SMALL_PNG, SVG, SVG_BYTES, TRUNCATED_PNG,
    png_bytes,
};
use crate::support::fixture::{FixtureDist, SCRIPT_URL};
use crate::support::stand_in::{Answer, StandIn};

const CHROME_ACCEPT: &str = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";

async fn spawn() -> TestApp {
    spawn_with(|_| {}).await
}

/// The server over the fixture build with every source image, configured by `customise`.
async fn spawn_with(customise: impl FnOnce(&mut Config)) -> TestApp {
    spawn_app_with(FixtureDist::new().with_images().build(), customise).await
}

fn image_path(url: &str, width: u32, quality: Option<u8>) -> String {
    let url: String = url::form_urlencoded::byte_serialize(url.as_bytes()).collect();
    match quality {
        Some(q) => format!("/_next/image?url={url}&w={width}&q={q}"),
        None => format!("/_next/image?url={url}&w={width}"),
    }
}

async fn fetch(app: &TestApp, path: &str, accept: &str) -> reqwest::Response {
    app.fetch_with(path, &[("accept", accept)]).await
}

fn decode(bytes: &[u8]) -> image::DynamicImage {
    image::load_from_memory(bytes).expect("a decodable image")
}

#[tokio::test]
async fn each_bad_query_gets_400_with_its_message() {
    let app = spawn().await;
    let cases = [
        ("/_next/image?w=640", "\"url\" parameter is required"),
        ("/_next/image?url=&w=640", "\"url\" parameter is required"),
        (
            "/_next/image?url=/a.png&url=/b.png&w=640",
            "\"url\" parameter cannot be an array",
        ),
        (
            "/_next/image?url=//evil.example.com/a.png&w=640",
            "\"url\" parameter cannot be a protocol-relative URL (//)",
        ),
        (
            "/_next/image?url=%2F_next%2Fimage%3Furl%3D%252Fa.png%26w%3D640&w=640",
            "\"url\" parameter cannot be recursive",
        ),
        (
            "/_next/image?url=/next/../etc/passwd&w=640",
            "\"url\" parameter cannot contain \"..\" or \".\" path segments",
        ),
        (
            "/_next/image?url=/next/%252e%252e/etc/passwd&w=640",
            "\"url\" parameter cannot contain \"..\" or \".\" path segments",
        ),
        (
            "/_next/image?url=https%3A%2F%2Fcdn.example.com%2Fa.png&w=640",
            "\"url\" parameter is not allowed",
        ),
        (
            "/_next/image?url=javascript:alert(1)&w=640",
            "\"url\" parameter is invalid",
        ),
        (
            "/_next/image?url=/next/media/small.png",
            "\"w\" parameter (width) is required",
        ),
        (
            "/_next/image?url=/next/media/small.png&w=abc",
            "\"w\" parameter (width) must be an integer greater than 0",
        ),
        (
            "/_next/image?url=/next/media/small.png&w=0",
            "\"w\" parameter (width) must be an integer greater than 0",
        ),
        (
            "/_next/image?url=/next/media/small.png&w=500",
            "\"w\" parameter (width) of 500 is not allowed; allowed widths: 16, 32, 48, 64, 96, 128, 256, 384, 640, 750, 828, 1080, 1200, 1920, 2048, 3840",
        ),
        (
            "/_next/image?url=/next/media/small.png&w=640&q=0",
            "\"q\" parameter (quality) must be an integer between 1 and 100",
        ),
        (
            "/_next/image?url=/next/media/small.png&w=640&q=101",
            "\"q\" parameter (quality) must be an integer between 1 and 100",
        ),
        (
            "/_next/image?url=/next/media/small.png&w=640&q=high",
            "\"q\" parameter (quality) must be an integer between 1 and 100",
        ),
        (
            "/_next/image?url=/next/media/small.png&w=640&q=74",
            "\"q\" parameter (quality) of 74 is not allowed; allowed qualities: 75",
        ),
    ];
    for (path, message) in cases {
        let response = app.fetch(path).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{path}");
        assert_headers(
            &response,
            &[("content-type", "text/plain; charset=utf-8"), NO_STORE],
        );
        assert_eq!(response.text().await.unwrap().trim_end(), message, "{path}");
    }
}

#[tokio::test]
async fn a_missing_source_is_404_and_non_images_are_400() {
    let app = spawn().await;
    let missing = app
        .fetch(&image_path("/next/media/none.png", 640, None))
        .await;
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    assert_eq!(
        missing.text().await.unwrap().trim_end(),
        "\"url\" parameter is valid but upstream response is invalid"
    );
    for source in [FAKE_PNG, SCRIPT_URL, "/next/map"] {
        let response = app.fetch(&image_path(source, 640, None)).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{source}");
        assert_eq!(
            response.text().await.unwrap().trim_end(),
            "The requested resource isn't a valid image.",
            "{source}"
        );
    }
    let truncated = app.fetch(&image_path(TRUNCATED_PNG, 640, None)).await;
    assert_eq!(truncated.status(), StatusCode::BAD_REQUEST);
    assert!(
        truncated
            .text()
            .await
            .unwrap()
            .contains("cannot be decoded"),
        "a truncated PNG is named as undecodable"
    );
}

#[tokio::test]
async fn resizes_to_the_requested_width_as_webp_when_accepted() {
    let app = spawn().await;
    let response = fetch(&app, &image_path(HASHED_PNG, 640, Some(75)), CHROME_ACCEPT).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_headers(
        &response,
        &[
            ("content-type", "image/webp"),
            ("vary", "Accept"),
            ("x-content-type-options", "nosniff"),
            (
                "content-disposition",
                "inline; filename=\"photo-1a2b3c4d.webp\"",
            ),
            (
                "content-security-policy",
                "script-src 'none'; frame-src 'none'; sandbox;",
            ),
        ],
    );
    let bytes = response.bytes().await.unwrap();
    assert_eq!(&bytes[..4], b"RIFF");
    let image = decode(&bytes);
    assert_eq!((image.width(), image.height()), (640, 480));
}

#[tokio::test]
async fn without_webp_in_accept_the_source_format_is_kept() {
    let app = spawn().await;
    for (source, accept, content_type) in [
        (HASHED_PNG, "image/png,image/*;q=0.8", "image/png"),
        (HASHED_PNG, "*/*", "image/png"),
        (JPEG, "image/jpeg", "image/jpeg"),
    ] {
        let response = fetch(&app, &image_path(source, 384, None), accept).await;
        assert_eq!(response.status(), StatusCode::OK, "{source}");
        assert_eq!(header(&response, "content-type"), content_type, "{source}");
        let image = decode(&response.bytes().await.unwrap());
        assert_eq!((image.width(), image.height()), (384, 288), "{source}");
    }
}

#[tokio::test]
async fn never_upscales_a_narrow_source() {
    let app = spawn().await;
    let response = fetch(&app, &image_path(SMALL_PNG, 1920, None), CHROME_ACCEPT).await;
    assert_eq!(response.status(), StatusCode::OK);
    let image = decode(&response.bytes().await.unwrap());
    assert_eq!((image.width(), image.height()), (300, 200));
}

#[tokio::test]
async fn quality_changes_the_bytes_and_defaults_to_75() {
    let app = spawn_with(|config| config.images.qualities = vec![10, 75]).await;
    let body = |path: String| {
        let app = &app;
        async move {
            fetch(app, &path, CHROME_ACCEPT)
                .await
                .bytes()
                .await
                .unwrap()
        }
    };
    let default = body(image_path(HASHED_PNG, 640, None)).await;
    let explicit = body(image_path(HASHED_PNG, 640, Some(75))).await;
    let low = body(image_path(HASHED_PNG, 640, Some(10))).await;
    assert_eq!(default, explicit);
    assert!(
        low.len() < default.len(),
        "{} < {}",
        low.len(),
        default.len()
    );
}

#[tokio::test]
async fn cache_headers_follow_the_source_and_the_ttl() {
    let app = spawn().await;
    let hashed = fetch(&app, &image_path(HASHED_PNG, 640, None), CHROME_ACCEPT).await;
    assert_headers(&hashed, &[IMMUTABLE]);
    let plain = fetch(&app, &image_path(SMALL_PNG, 640, None), CHROME_ACCEPT).await;
    assert_headers(&plain, &[REVALIDATE]);
}

#[tokio::test]
async fn first_request_misses_then_hits_and_etag_gives_304() {
    let app = spawn().await;
    let path = image_path(HASHED_PNG, 828, Some(75));
    let first = fetch(&app, &path, CHROME_ACCEPT).await;
    assert_eq!(header(&first, "x-nextjs-cache"), "MISS");
    let etag = header(&first, "etag");
    assert!(etag.starts_with('"') && etag.ends_with('"'), "{etag}");
    let first_bytes = first.bytes().await.unwrap();

    let second = fetch(&app, &path, CHROME_ACCEPT).await;
    assert_eq!(header(&second, "x-nextjs-cache"), "HIT");
    assert_eq!(header(&second, "etag"), etag);
    assert_eq!(second.bytes().await.unwrap(), first_bytes);

    let conditional = [("accept", CHROME_ACCEPT), ("if-none-match", etag.as_str())];
    let conditional = app.fetch_with(&path, &conditional).await;
    assert_eq!(conditional.status(), StatusCode::NOT_MODIFIED);
    assert_eq!(header(&conditional, "etag"), etag);
    assert_eq!(header(&conditional, "vary"), "Accept");
    assert!(!header(&conditional, "cache-control").is_empty());
    assert!(conditional.bytes().await.unwrap().is_empty());

    // The PNG rendering for another client is another entry with another tag.
    let png = fetch(&app, &path, "image/png").await;
    assert_eq!(header(&png, "x-nextjs-cache"), "MISS");
    assert_ne!(header(&png, "etag"), etag);
}

#[tokio::test]
async fn head_answers_headers_without_the_image() {
    let app = spawn().await;
    let response = app
        .client
        .head(app.url(&image_path(HASHED_PNG, 256, None)))
        .header("accept", CHROME_ACCEPT)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(header(&response, "content-type"), "image/webp");
    assert!(header(&response, "content-length").parse::<u64>().unwrap() > 0);
    assert!(response.bytes().await.unwrap().is_empty());
    let post = app
        .send(Method::POST, &image_path(HASHED_PNG, 256, None))
        .await;
    assert_eq!(post.status(), StatusCode::METHOD_NOT_ALLOWED);
}

#[tokio::test]
async fn animated_images_are_passed_through_unchanged() {
    let app = spawn().await;
    let source = app.fetch(ANIMATED_GIF).await.bytes().await.unwrap();
    let response = fetch(&app, &image_path(ANIMATED_GIF, 16, None), CHROME_ACCEPT).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(header(&response, "content-type"), "image/gif");
    assert_eq!(response.bytes().await.unwrap(), source);
}

#[tokio::test]
async fn svg_is_refused_unless_allowed_then_sandboxed() {
    let app = spawn().await;
    let refused = fetch(&app, &image_path(SVG, 640, None), CHROME_ACCEPT).await;
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        refused.text().await.unwrap().trim_end(),
        "\"url\" parameter is valid but image type is not allowed"
    );

    let allowed = spawn_with(|config| config.images.allow_svg = true).await;
    let response = fetch(&allowed, &image_path(SVG, 640, None), CHROME_ACCEPT).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(header(&response, "content-type"), "image/svg+xml");
    assert!(header(&response, "content-security-policy").contains("script-src 'none'"));
    assert!(header(&response, "content-security-policy").contains("sandbox"));
    assert!(header(&response, "content-disposition").starts_with("inline"));
    assert_eq!(response.bytes().await.unwrap().as_ref(), SVG_BYTES);
}

#[tokio::test]
async fn a_decompression_bomb_is_refused_before_decoding() {
    let app = spawn().await;
    let started = Instant::now();
    let response = fetch(&app, &image_path(BOMB_PNG, 640, None), CHROME_ACCEPT).await;
    // Decoding 10^10 pixels would take minutes and 30 GB; refusing takes a header read.
    assert!(started.elapsed() < Duration::from_secs(2));
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        response.text().await.unwrap().trim_end(),
        "\"url\" parameter is valid but the image is too large to optimize: 100000x100000 pixels, the limit is 50000000 pixels"
    );
}

#[tokio::test]
async fn the_disk_cache_survives_a_restart() {
    let data = TempDir::new().unwrap();
    let path = image_path(HASHED_PNG, 1080, Some(75));
    let data_dir = data.path().to_owned();
    let first_etag = {
        let app = spawn_with(|config| {
            config.data_dir = data_dir.clone();
        })
        .await;
        let response = fetch(&app, &path, CHROME_ACCEPT).await;
        assert_eq!(header(&response, "x-nextjs-cache"), "MISS");
        cache_file(data.path(), "-1080-75.webp").await;
        header(&response, "etag")
    };
    let restarted = spawn_with(|config| {
        config.data_dir = data_dir.clone();
    })
    .await;
    let response = fetch(&restarted, &path, CHROME_ACCEPT).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(header(&response, "x-nextjs-cache"), "HIT");
    assert_eq!(header(&response, "etag"), first_etag);
}

/// The disk cache's file whose name ends in `suffix`, once the rendering written after an
/// answer is in place (it appears whole, by a rename).
async fn cache_file(data_dir: &std::path::Path, suffix: &str) -> std::path::PathBuf {
    let cache_dir = data_dir.join("images");
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let found = std::fs::read_dir(&cache_dir).ok().and_then(|entries| {
            entries
                .flatten()
                .find(|entry| entry.file_name().to_string_lossy().ends_with(suffix))
        });
        if let Some(entry) = found {
            return entry.path();
        }
        assert!(
            Instant::now() < deadline,
            "no cache file *{suffix} was written"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A rendering on disk is served as immutable for a year, so a damaged file (a full disk, a
/// crash, a hand) must never be: it is found on read, removed, and the picture rendered again.
#[tokio::test]
async fn a_truncated_or_emptied_cache_file_is_rendered_again() {
    let data = TempDir::new().unwrap();
    let data_dir = data.path().to_owned();
    let app = spawn_with(|config| {
        config.data_dir = data_dir;
        // Every answer after the first comes from disk.
        config.images.memory_cache_mib = 0;
    })
    .await;
    let path = image_path(HASHED_PNG, 640, None);
    let first = fetch(&app, &path, CHROME_ACCEPT).await;
    assert_eq!(header(&first, "x-nextjs-cache"), "MISS");
    let (etag, good) = (header(&first, "etag"), first.bytes().await.unwrap());
    assert_eq!(decode(&good).width(), 640);
    let file = cache_file(data.path(), "-640-75.webp").await;
    let from_disk = fetch(&app, &path, CHROME_ACCEPT).await;
    assert_eq!(header(&from_disk, "x-nextjs-cache"), "HIT");
    assert_eq!(from_disk.bytes().await.unwrap(), good);

    let whole = std::fs::metadata(&file).unwrap().len();
    for (damage, length) in [("truncated", whole / 2), ("emptied", 0)] {
        std::fs::File::options()
            .write(true)
            .open(&file)
            .unwrap()
            .set_len(length)
            .unwrap();
        // Until its write has ended (the directory synced: long on a busy disk), a rendering is
        // served from memory, whole: the damaged file is never read. Then it is rendered again.
        let deadline = Instant::now() + Duration::from_secs(10);
        let again = loop {
            let again = fetch(&app, &path, CHROME_ACCEPT).await;
            assert_eq!(again.status(), StatusCode::OK, "{damage}");
            if header(&again, "x-nextjs-cache") == "MISS" || Instant::now() > deadline {
                break again;
            }
            assert_eq!(again.bytes().await.unwrap(), good, "{damage}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        };
        assert_eq!(header(&again, "x-nextjs-cache"), "MISS", "{damage}");
        assert_eq!(header(&again, "etag"), etag, "{damage}");
        assert_headers(&again, &[IMMUTABLE]);
        assert_eq!(again.bytes().await.unwrap(), good, "{damage}");
        // The new rendering replaces the damaged file whole.
        let deadline = Instant::now() + Duration::from_secs(10);
        while std::fs::metadata(&file).map_or(0, |m| m.len()) != whole {
            assert!(Instant::now() < deadline, "{damage}: not written again");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let healed = fetch(&app, &path, CHROME_ACCEPT).await;
        assert_eq!(header(&healed, "x-nextjs-cache"), "HIT", "{damage}");
        assert_eq!(healed.bytes().await.unwrap(), good, "{damage}");
    }
}

#[tokio::test]
async fn an_unusable_cache_directory_still_serves_images() {
    let data = TempDir::new().unwrap();
    // A file where the data directory should be: nothing can be created under it.
    let blocked = data.path().join("not-a-directory");
    std::fs::write(&blocked, b"x").unwrap();
    let app = spawn_with(|config| {
        config.data_dir = blocked.clone();
    })
    .await;
    for expected in ["MISS", "HIT"] {
        let response = fetch(&app, &image_path(HASHED_PNG, 640, None), CHROME_ACCEPT).await;
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(header(&response, "x-nextjs-cache"), expected);
        assert_eq!(decode(&response.bytes().await.unwrap()).width(), 640);
    }
}

#[tokio::test]
async fn renderings_older_than_the_ttl_are_served_stale_and_renewed() {
    let app = spawn_with(|config| {
        config.images.minimum_cache_ttl_secs = 0;
    })
    .await;
    let path = image_path(SMALL_PNG, 256, None);
    let first = fetch(&app, &path, CHROME_ACCEPT).await;
    assert_eq!(header(&first, "x-nextjs-cache"), "MISS");
    assert_headers(
        &first,
        &[("cache-control", "public, max-age=0, must-revalidate")],
    );
    tokio::time::sleep(Duration::from_millis(20)).await;
    let second = fetch(&app, &path, CHROME_ACCEPT).await;
    assert_eq!(header(&second, "x-nextjs-cache"), "STALE");
    assert_eq!(header(&second, "etag"), header(&first, "etag"));
}

#[tokio::test]
async fn a_full_render_queue_answers_503_with_retry_after() {
    let app = spawn_app_with(
        FixtureDist::new()
            .with_file("/next/media/large.png", &png_bytes(2400, 1600), false)
            .build(),
        |config| {
            config.images.workers = 1;
            config.images.queue = 1;
            config.images.qualities = (1..=12).chain([75]).collect();
        },
    )
    .await;
    let requests = (1..=12u8).map(|quality| {
        let request = app
            .get(&image_path("/next/media/large.png", 1080, Some(quality)))
            .header("accept", CHROME_ACCEPT)
            .send();
        async move { request.await.unwrap() }
    });
    let responses = futures_join_all(requests).await;
    let busy: Vec<_> = responses
        .iter()
        .filter(|response| response.status() == StatusCode::SERVICE_UNAVAILABLE)
        .collect();
    assert!(
        !busy.is_empty(),
        "12 renders at once cannot all fit a queue of one"
    );
    assert!(
        busy.iter()
            .all(|response| header(response, "retry-after") == "1")
    );
    assert!(
        responses
            .iter()
            .any(|response| response.status() == StatusCode::OK),
        "the ones that fit are served"
    );
}

async fn futures_join_all<F: std::future::Future + Send + 'static>(
    futures: impl Iterator<Item = F>,
) -> Vec<F::Output>
where
    F::Output: Send + 'static,
{
    let handles: Vec<_> = futures.map(tokio::spawn).collect();
    let mut out = Vec::with_capacity(handles.len());
    for handle in handles {
        out.push(handle.await.unwrap());
    }
    out
}

/// The qualities a client may ask for are the pages' (the build's manifest), so one client
/// cannot have each picture rendered at a hundred qualities; a configured list replaces them.
#[tokio::test]
async fn only_the_qualities_the_pages_use_are_rendered() {
    let dist = FixtureDist::new().with_images().build();
    let manifest_path = dist.file("manifest.json");
    let mut manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&manifest_path).unwrap()).unwrap();
    manifest["images"]["qualities"] = serde_json::json!([60]);
    std::fs::write(&manifest_path, manifest.to_string()).unwrap();
    let app = spawn_app_with(dist, |_| {}).await;
    let (source, width) = (SMALL_PNG, 256);

    let explicit = fetch(&app, &image_path(source, width, Some(60)), CHROME_ACCEPT).await;
    assert_eq!(explicit.status(), StatusCode::OK);
    let explicit = explicit.bytes().await.unwrap();
    // Without q, the pages' quality: the same rendering.
    let default = fetch(&app, &image_path(source, width, None), CHROME_ACCEPT).await;
    assert_eq!(header(&default, "x-nextjs-cache"), "HIT");
    assert_eq!(default.bytes().await.unwrap(), explicit);
    for other in [1, 59, 61, 75, 100] {
        let response = fetch(&app, &image_path(source, width, Some(other)), CHROME_ACCEPT).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "q={other}");
        assert_eq!(
            response.text().await.unwrap().trim_end(),
            format!("\"q\" parameter (quality) of {other} is not allowed; allowed qualities: 60")
        );
    }
}

/// A configured list that would refuse the pages' own pictures is a mistake caught at start.
#[tokio::test]
async fn configured_qualities_without_the_pages_one_stop_start() {
    let dist = FixtureDist::new().build();
    let data = TempDir::new().unwrap();
    let mut config = crate::support::app::test_config(&dist, &data);
    config.images.qualities = vec![50, 90];
    let Err(error) = site_server::Application::build(config).await else {
        panic!("a server started that refuses the quality of every picture of the site");
    };
    let message = format!("{error:#}");
    assert!(message.contains("images.qualities"), "{message}");
    assert!(message.contains("request 75"), "{message}");
}

/// What an upstream error answer carries; none of it may reach the visitor.
const UPSTREAM_SECRET: &str = "upstream-internal-detail";

/// A stand-in for a remote image host: a photo, a slow photo, a redirect to it, a 500 with a
/// body of its own, and 404 for anything else.
fn start_image_host() -> StandIn {
    let host = StandIn::start();
    let photo = Answer::status(200)
        .with_header("content-type", "image/png")
        .with_body(png_bytes(800, 600));
    host.answer(Method::GET, "/img/photo.png", photo.clone());
    host.answer(Method::GET, "/img/other.png", photo.clone());
    host.answer(
        Method::GET,
        "/img/slow.png",
        photo.after(Duration::from_secs(4)),
    );
    let moved = Answer::status(302).with_header("location", "/img/photo.png");
    host.answer(Method::GET, "/img/moved.png", moved);
    let broken = Answer::status(500)
        .with_header("content-type", "text/plain")
        .with_body(UPSTREAM_SECRET);
    host.answer(Method::GET, "/img/broken.png", broken);
    host
}

/// A pattern for the stand-in's port with `hostname`, under `/img/`.
fn image_host_pattern(hostname: &str, port: u16) -> RemotePattern {
    RemotePattern {
        protocol: Some("http".to_owned()),
        hostname: hostname.to_owned(),
        port: Some(port),
        pathname: Some("/img/**".to_owned()),
    }
}

const NOT_ALLOWED: &str = "\"url\" parameter is not allowed";
const UPSTREAM_INVALID: &str = "\"url\" parameter is valid but upstream response is invalid";

#[tokio::test]
async fn remote_sources_are_fetched_only_when_a_pattern_allows_them() {
    let image_host = start_image_host();
    let host = image_host.address();
    // The stand-in listens on 127.0.0.1: allowed because a pattern names that address exactly.
    let app = spawn_app_configured(|config| {
        config.images.remote_patterns = vec![image_host_pattern("127.0.0.1", host.port())];
    })
    .await;
    let remote = |path: &str| image_path(&format!("http://{host}{path}"), 640, None);

    let response = fetch(&app, &remote("/img/photo.png"), CHROME_ACCEPT).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(header(&response, "content-type"), "image/webp");
    assert_headers(&response, &[REVALIDATE]);
    assert_eq!(decode(&response.bytes().await.unwrap()).width(), 640);

    for outside in [
        format!("http://{host}/other/photo.png"),
        format!("https://{host}/img/photo.png"),
        "http://localhost/img/photo.png".to_owned(),
    ] {
        let response = fetch(&app, &image_path(&outside, 640, None), CHROME_ACCEPT).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{outside}");
        assert_eq!(
            response.text().await.unwrap().trim_end(),
            NOT_ALLOWED,
            "{outside}"
        );
    }
}

/// An upstream's error status and body describe a server the visitor should know nothing
/// about: every failure is 502 with our words. A redirect could lead anywhere; it is not
/// followed.
#[tokio::test]
async fn upstream_failures_are_502_without_the_upstream_status_or_body() {
    let image_host = start_image_host();
    let host = image_host.address();
    let app = spawn_app_configured(|config| {
        config.images.remote_patterns = vec![image_host_pattern("127.0.0.1", host.port())];
    })
    .await;
    for path in ["/img/none.png", "/img/broken.png", "/img/moved.png"] {
        let url = image_path(&format!("http://{host}{path}"), 640, None);
        let response = fetch(&app, &url, CHROME_ACCEPT).await;
        assert_eq!(response.status(), StatusCode::BAD_GATEWAY, "{path}");
        assert_headers(&response, &[NO_STORE]);
        let body = response.text().await.unwrap();
        assert_eq!(body.trim_end(), UPSTREAM_INVALID, "{path}");
    }
    let fetched: Vec<String> = image_host
        .requests()
        .iter()
        .map(|request| request.uri.path().to_owned())
        .collect();
    assert_eq!(
        fetched,
        ["/img/none.png", "/img/broken.png", "/img/moved.png"],
        "each fetched once, the redirect not followed"
    );
}

/// A host name is fetched only from public addresses, checked after resolution: `localhost`
/// (and any allowed name an attacker points at 127.0.0.1) reaches nothing inside.
#[tokio::test]
async fn a_host_name_resolving_to_a_loopback_address_is_refused() {
    let image_host = start_image_host();
    let port = image_host.address().port();
    let app = spawn_app_configured(|config| {
        config.images.remote_patterns = vec![image_host_pattern("localhost", port)];
    })
    .await;
    let url = image_path(&format!("http://localhost:{port}/img/photo.png"), 640, None);
    let response = fetch(&app, &url, CHROME_ACCEPT).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        response.text().await.unwrap().trim_end(),
        "\"url\" parameter is not allowed: its host does not resolve to a public address"
    );
    assert!(
        image_host.requests().is_empty(),
        "no connection reached the loopback host"
    );
}

/// An address literal is fetched only when a pattern names that very address: no glob, not a
/// neighbour, not the same address written as IPv4-mapped IPv6.
#[tokio::test]
async fn an_address_literal_is_refused_unless_a_pattern_names_it() {
    let image_host = start_image_host();
    let port = image_host.address().port();
    let app = spawn_app_configured(|config| {
        config.images.remote_patterns = vec![
            image_host_pattern("**", port),
            image_host_pattern("*.*.*.*", port),
            image_host_pattern("127.0.0.2", port),
        ];
    })
    .await;
    for host in [
        "127.0.0.1",
        "127.0.0.3",
        "[::ffff:127.0.0.1]",
        "[::1]",
        "10.0.0.1",
    ] {
        let url = image_path(&format!("http://{host}:{port}/img/photo.png"), 640, None);
        let response = fetch(&app, &url, CHROME_ACCEPT).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{host}");
        assert_eq!(
            response.text().await.unwrap().trim_end(),
            NOT_ALLOWED,
            "{host}"
        );
    }
    assert!(image_host.requests().is_empty());
}

/// Remote fetches run a few at a time (`images.max_remote_fetches`): a request that finds
/// every slot taken by a slow upstream waits briefly, then gets 503 with Retry-After.
#[tokio::test]
async fn remote_fetches_beyond_the_cap_get_503_with_retry_after() {
    let image_host = start_image_host();
    let host = image_host.address();
    let app = spawn_app_configured(|config| {
        config.images.remote_patterns = vec![image_host_pattern("127.0.0.1", host.port())];
        config.images.max_remote_fetches = 1;
    })
    .await;
    let remote = |path: &str| image_path(&format!("http://{host}{path}"), 640, None);
    let slow = tokio::spawn({
        let request = app
            .get(&remote("/img/slow.png"))
            .header("accept", CHROME_ACCEPT);
        async move { request.send().await.unwrap() }
    });
    // The slow fetch holds the only slot once the upstream has its request.
    let deadline = Instant::now() + Duration::from_secs(10);
    while image_host.requests().is_empty() {
        assert!(Instant::now() < deadline, "the slow fetch never started");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }

    let refused = fetch(&app, &remote("/img/photo.png"), CHROME_ACCEPT).await;
    assert_eq!(refused.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_headers(&refused, &[("retry-after", "1"), NO_STORE]);
    assert_eq!(
        refused.text().await.unwrap().trim_end(),
        "too many remote images are being fetched right now; retry in a moment"
    );
    assert_eq!(
        image_host.requests().len(),
        1,
        "the refused one was not fetched"
    );

    let slow = slow.await.unwrap();
    assert_eq!(slow.status(), StatusCode::OK);
    let freed = fetch(&app, &remote("/img/other.png"), CHROME_ACCEPT).await;
    assert_eq!(freed.status(), StatusCode::OK, "the slot is free again");
}

/// A server built without the AVIF encoder (the default, see the `avif` feature) refuses the
/// key at start instead of failing every AVIF request.
#[cfg(not(feature = "avif"))]
#[tokio::test]
async fn avif_without_the_encoder_is_refused_at_start() {
    let dist = crate::support::fixture::FixtureDist::new().build();
    let data = tempfile::TempDir::new().expect("temp dir");
    let mut config = crate::support::app::test_config(&dist, &data);
    config.images.avif = true;
    let Err(error) = site_server::Application::build(config).await else {
        panic!("a server without AVIF started with images.avif on");
    };
    assert!(error.to_string().contains("--features avif"), "{error}");
}

#[cfg(feature = "avif")]
#[tokio::test]
async fn avif_is_offered_only_when_enabled_in_config() {
    let app = spawn_with(|config| {
        config.images.avif = true;
    })
    .await;
    let path = image_path(HASHED_PNG, 256, None);
    let avif = fetch(&app, &path, CHROME_ACCEPT).await;
    assert_eq!(avif.status(), StatusCode::OK);
    assert_eq!(header(&avif, "content-type"), "image/avif");
    assert_headers(
        &avif,
        &[(
            "content-disposition",
            "inline; filename=\"photo-1a2b3c4d.avif\"",
        )],
    );
    assert_eq!(&avif.bytes().await.unwrap()[4..12], b"ftypavif");
    // A browser without AVIF still gets WebP from the same server.
    let webp = fetch(&app, &path, "image/webp,*/*").await;
    assert_eq!(header(&webp, "content-type"), "image/webp");
}
