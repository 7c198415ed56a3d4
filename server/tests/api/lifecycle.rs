//! The binary as an operator meets it: start-up errors, the listening log line, and graceful
//! shutdown on SIGTERM with a request still in flight.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Command;
use std::time::{Duration, Instant};

use site_server::Application;
use tempfile::TempDir;

use crate::support::app::test_config;
use crate::support::binary::{BINARY, command, run_to_exit, start, terminate, wait_with_timeout};
use crate::support::fixture::{FixtureDist, LARGE_URL, noise};

/// What the binary over a fixture build prints when it refuses to start (exit code 2) with
/// these variables and, when given, this TOML file as `--config site.toml`.
fn refusal(variables: &[(&str, &str)], toml: Option<&str>) -> String {
    let dist = FixtureDist::new().build();
    let data = TempDir::new().unwrap();
    let mut cmd = command(dist.path(), data.path());
    cmd.envs(variables.iter().copied());
    if let Some(toml) = toml {
        let file = data.path().join("site.toml");
        std::fs::write(&file, toml).unwrap();
        cmd.arg("--config").arg(&file);
    }
    let (code, stderr) = run_to_exit(cmd);
    assert_eq!(code, 2, "{stderr}");
    stderr
}

#[test]
fn invalid_config_stops_start_with_the_key_named() {
    let stderr = refusal(&[("SITE_LISTEN", "not-an-address")], None);
    assert!(stderr.contains("key `listen`"), "{stderr}");
    assert!(stderr.contains("SITE_LISTEN"), "{stderr}");

    let stderr = refusal(&[("SITE_DOMAINS__CHINAA", "indora.cn")], None);
    assert!(stderr.contains("chinaa"), "{stderr}");
}

#[test]
fn origin_indexnow_and_analytics_errors_stop_start_with_the_key_named() {
    for (variable, value, needle) in [
        (
            "SITE_ORIGINS__CHINA",
            "https://www.indora.cn/",
            "origins.china",
        ),
        (
            "SITE_ORIGINS__INTERNATIONAL",
            "www.indora.com",
            "origins.international",
        ),
        ("SITE_INDEXNOW__KEY", "short", "indexnow.key"),
        (
            "SITE_INDEXNOW__KEY",
            "no_underscores_allowed",
            "8 to 128 characters",
        ),
    ] {
        let stderr = refusal(&[(variable, value)], None);
        assert!(stderr.contains(needle), "{variable}={value}: {stderr}");
    }
    for (toml, needles) in [
        (
            "[[analytics.scripts]]\nsrc = \"http://hm.baidu.com/hm.js?abc\"\n".to_owned(),
            ["analytics.scripts[0].src", "must be an https:// address"],
        ),
        (
            "[[analytics.scripts]]\nsrc = \"https://a.example.com/s.js\"\n".repeat(3),
            ["analytics.scripts", "3 scripts configured, at most 2"],
        ),
    ] {
        let stderr = refusal(&[], Some(&toml));
        for needle in needles {
            assert!(stderr.contains(needle), "{stderr}");
        }
    }
}

#[test]
fn config_file_is_read_and_its_errors_named() {
    let stderr = refusal(&[], Some("shutdown_grace_secs = \"soon\"\n"));
    assert!(stderr.contains("shutdown_grace_secs"), "{stderr}");
    assert!(stderr.contains("site.toml"), "{stderr}");
}

#[test]
fn missing_web_build_is_explained() {
    let empty = TempDir::new().unwrap();
    let (code, stderr) = run_to_exit(command(empty.path(), empty.path()));
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("manifest.json"), "{stderr}");
    assert!(stderr.contains("scripts/build"), "{stderr}");
}

#[test]
fn help_lists_configuration_keys() {
    let output = Command::new(BINARY).arg("--help").output().unwrap();
    let help = String::from_utf8(output.stdout).unwrap();
    assert!(help.contains("SITE_LISTEN"), "{help}");
    assert!(help.contains("SITE_LINKS__CONSOLE"), "{help}");
}

/// Why the server refuses to start over a fixture build whose `file` has `from` replaced by
/// `to`.
async fn start_error_after_edit(file: &str, from: &str, to: &str) -> String {
    let dist = FixtureDist::new().build();
    let path = dist.file(file);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "{text}");
    std::fs::write(&path, text.replace(from, to)).unwrap();
    let data = TempDir::new().unwrap();
    let error = Application::build(test_config(&dist, &data))
        .await
        .err()
        .expect("start fails");
    format!("{error:#}")
}

#[tokio::test]
async fn unknown_placeholder_in_a_page_stops_start() {
    let page = "pages/map.desktop-china.html";
    let message = start_error_after_edit(page, "%%SITE:link.console%%", "%%SITE:link.typo%%").await;
    assert!(message.contains("map.desktop-china.html"), "{message}");
    assert!(message.contains("link.typo"), "{message}");
}

#[tokio::test]
async fn old_manifest_or_bad_lastmod_stops_start_with_the_reason() {
    for (from, to, needle) in [
        ("\"version\": 9", "\"version\": 8", "manifest version 8"),
        (
            "\"hreflang\": \"zh-Hans\"",
            "\"hreflang\": \"zh Hans\"",
            "hreflang \"zh Hans\" is not a language tag",
        ),
        (
            "\"2025-06-02\"",
            "\"2 June\"",
            "lastmod \"2 June\" is not a YYYY-MM-DD date",
        ),
    ] {
        let message = start_error_after_edit("manifest.json", from, to).await;
        assert!(message.contains(needle), "{message}");
    }
}

#[tokio::test]
async fn port_in_use_is_reported_with_the_key() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let dist = FixtureDist::new().build();
    let data = TempDir::new().unwrap();
    let mut config = test_config(&dist, &data);
    config.listen = taken.local_addr().unwrap();
    let error = Application::build(config).await.err().expect("bind fails");
    let message = format!("{error:#}");
    assert!(message.contains("SITE_LISTEN"), "{message}");
}

fn read_headers(stream: &mut TcpStream) -> (String, Vec<u8>) {
    let mut buffer = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        let read = stream.read(&mut chunk).expect("read");
        assert!(read > 0, "connection closed before headers");
        buffer.extend_from_slice(&chunk[..read]);
        if let Some(end) = buffer.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = String::from_utf8(buffer[..end].to_vec()).unwrap();
            return (head, buffer[end + 4..].to_vec());
        }
    }
}

#[test]
fn sigterm_finishes_the_request_in_flight_and_refuses_new_ones() {
    const SIZE: usize = 16 * 1024 * 1024;
    let dist = FixtureDist::new().with_large_file(SIZE).build();
    let data = TempDir::new().unwrap();
    let mut server = start(command(dist.path(), data.path()));

    let mut stream = TcpStream::connect(server.address).unwrap();
    write!(
        stream,
        "GET {LARGE_URL} HTTP/1.1\r\nHost: indora.com\r\nAccept-Encoding: identity\r\n\r\n"
    )
    .unwrap();
    let (head, mut body) = read_headers(&mut stream);
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    assert!(
        head.to_ascii_lowercase()
            .contains(&format!("content-length: {SIZE}"))
    );

    // The client has read only the first bytes; the rest cannot fit in socket buffers, so the
    // server is still writing when the signal arrives.
    terminate(&server.child);
    let deadline = Instant::now() + Duration::from_secs(5);
    while TcpStream::connect(server.address).is_ok() {
        assert!(Instant::now() < deadline, "still accepting after SIGTERM");
        std::thread::sleep(Duration::from_millis(20));
    }
    stream.read_to_end(&mut body).expect("rest of the body");
    let log: Vec<String> = server.log.try_iter().collect();
    assert_eq!(
        body.len(),
        SIZE,
        "the in-flight response was completed; log: {log:#?}"
    );

    let status = wait_with_timeout(&mut server.child, Duration::from_secs(10));
    assert!(status.success(), "{status}");
    let log: Vec<String> = log.into_iter().chain(server.log.try_iter()).collect();
    assert!(
        log.iter().any(|line| line.contains("SIGTERM received")),
        "{log:?}"
    );
}

#[test]
fn idle_keep_alive_connections_do_not_delay_shutdown() {
    let dist = FixtureDist::new().build();
    let data = TempDir::new().unwrap();
    let mut cmd = command(dist.path(), data.path());
    cmd.env("SITE_SHUTDOWN_GRACE_SECS", "60");
    let mut server = start(cmd);
    let mut stream = TcpStream::connect(server.address).unwrap();
    write!(stream, "GET /healthz HTTP/1.1\r\nHost: indora.com\r\n\r\n").unwrap();
    let (head, _) = read_headers(&mut stream);
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    let started = Instant::now();
    terminate(&server.child);
    let status = wait_with_timeout(&mut server.child, Duration::from_secs(10));
    assert!(status.success());
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn sigterm_does_not_wait_for_the_compression_at_best() {
    // Eight MiB of text that compresses (letters and spaces, no repeats to find): brotli's best
    // takes seconds over it, a quick compression a fraction of one.
    let text: Vec<u8> = noise(0x2545_f491)
        .take(8 * 1024 * 1024)
        .map(|n| b"abcdefghijklmnopqrstuvwxyz      "[(n % 32) as usize])
        .collect();
    let dist = FixtureDist::new()
        .with_file("/next/assets/words-1a2b3c4d.js", &text, true)
        .build();
    let data = TempDir::new().unwrap();
    let mut at_best = command(dist.path(), data.path());
    at_best.env("SITE_COMPRESS_AT_BEST", "true");
    let mut server = start(at_best);
    let started = Instant::now();
    terminate(&server.child);
    let status = wait_with_timeout(&mut server.child, Duration::from_secs(60));
    let stopped = started.elapsed();
    assert!(status.success(), "{status}");
    let log: Vec<String> = server.log.try_iter().collect();
    // Had compression at best finished before the signal, this test would prove nothing.
    assert!(
        !log.iter().any(|line| line.contains("compressed at best")),
        "{log:#?}"
    );
    assert!(
        stopped < Duration::from_secs(3),
        "stopped after {stopped:?}"
    );
}
