//! Pre-compressed bodies: brotli or gzip by Accept-Encoding, identical content once decoded.

use std::time::Duration;

use tempfile::TempDir;

use crate::support::app::{gunzip, header, spawn_app, unbrotli};
use crate::support::binary::{Running, blocking_client, command, start};
use crate::support::fixture::{FAVICON_URL, FixtureDist};

#[tokio::test]
async fn brotli_gzip_and_identity_carry_the_same_page() {
    let app = spawn_app().await;
    let identity = app.fetch("/next/map").await;
    assert_eq!(header(&identity, "content-encoding"), "");
    let plain = identity.bytes().await.unwrap().to_vec();

    let br = app
        .fetch_encoded("/next/map", "gzip, deflate, br, zstd")
        .await;
    assert_eq!(header(&br, "content-encoding"), "br");
    let length: usize = header(&br, "content-length").parse().unwrap();
    let compressed = br.bytes().await.unwrap();
    assert_eq!(compressed.len(), length);
    assert!(
        compressed.len() < plain.len() / 3,
        "brotli should shrink HTML well"
    );
    assert_eq!(unbrotli(&compressed), plain);

    let gz = app.fetch_encoded("/next/map", "gzip").await;
    assert_eq!(header(&gz, "content-encoding"), "gzip");
    assert_eq!(gunzip(&gz.bytes().await.unwrap()), plain);
}

#[tokio::test]
async fn refused_encodings_are_not_used() {
    let app = spawn_app().await;
    let response = app.fetch_encoded("/next/map", "br;q=0, gzip;q=0.5").await;
    assert_eq!(header(&response, "content-encoding"), "gzip");
}

#[tokio::test]
async fn compressed_404_page_keeps_its_status() {
    let app = spawn_app().await;
    let response = app.fetch_encoded("/next/device/11", "br").await;
    assert_eq!(response.status(), reqwest::StatusCode::NOT_FOUND);
    assert_eq!(header(&response, "content-encoding"), "br");
    let html = String::from_utf8(unbrotli(&response.bytes().await.unwrap())).unwrap();
    assert!(html.contains("页面未找到"));
}

#[tokio::test]
async fn tiny_files_that_do_not_shrink_are_sent_as_they_are() {
    let app = spawn_app().await;
    let response = app.fetch_encoded(FAVICON_URL, "br, gzip").await;
    // Whichever way it goes, what is sent must decode to the file.
    let encoding = header(&response, "content-encoding");
    let bytes = response.bytes().await.unwrap();
    let svg = match encoding.as_str() {
        "br" => unbrotli(&bytes),
        "gzip" => gunzip(&bytes),
        _ => bytes.to_vec(),
    };
    assert!(String::from_utf8(svg).unwrap().starts_with("<svg"));
}

/// After start the bodies are compressed again at best in the background (config
/// `compress_at_best`, on by default); off, the quick ones made at load stay.
#[test]
fn bodies_are_compressed_again_at_best_after_start_unless_turned_off() {
    let encoded = |server: &Running, encoding: &str| {
        let answer = blocking_client()
            .get(server.url("/next/map"))
            .header("accept-encoding", encoding)
            .send()
            .expect("answer");
        assert_eq!(answer.headers()["content-encoding"], encoding);
        answer.bytes().expect("body").to_vec()
    };
    let dist = FixtureDist::new().build();
    let start_with = |setting: &str| {
        let data = TempDir::new().expect("temp dir");
        let mut command = command(dist.path(), data.path());
        command.env("SITE_COMPRESS_AT_BEST", setting);
        (start(command), data)
    };

    let (mut best, _data) = start_with("true");
    best.wait_for(
        "compressed at best: answers are smaller from now on",
        Duration::from_secs(30),
    );
    let (mut quick, _data) = start_with("false");
    quick.read_for(Duration::from_secs(2));
    assert!(
        quick.seen().iter().all(|entry| entry["fields"]["message"]
            != "compressed at best: answers are smaller from now on"),
        "{:#?}",
        quick.seen()
    );
    let (best_brotli, quick_brotli) = (encoded(&best, "br"), encoded(&quick, "br"));
    assert!(best_brotli.len() < quick_brotli.len());
    // The smaller bodies are the same page.
    let page = unbrotli(&quick_brotli);
    assert_eq!(unbrotli(&best_brotli), page);
    assert_eq!(gunzip(&encoded(&best, "gzip")), page);
}
