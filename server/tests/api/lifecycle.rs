//! The binary as an operator meets it: start-up errors, the listening log line, and graceful
//! shutdown on SIGTERM with a request still in flight.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use site_server::Application;
use tempfile::TempDir;

use crate::fixture::{FixtureDist, LARGE_URL};
use crate::helpers::test_config;

const BINARY: &str = env!("CARGO_BIN_EXE_site");

fn command(dist: &std::path::Path, data: &std::path::Path) -> Command {
    let mut command = Command::new(BINARY);
    command
        .env_clear()
        .env("SITE_LISTEN", "127.0.0.1:0")
        .env("SITE_DIST_DIR", dist)
        .env("SITE_DATA_DIR", data)
        .env("SITE_LOG__FORMAT", "json")
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    command
}

struct Running {
    child: Child,
    address: SocketAddr,
    log: mpsc::Receiver<String>,
}

/// Starts the binary and waits for its "listening" log line.
fn start(mut command: Command) -> Running {
    let mut child = command.spawn().expect("binary starts");
    let stderr = child.stderr.take().expect("piped stderr");
    let (lines, log) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if lines.send(line).is_err() {
                break;
            }
        }
    });
    let deadline = Instant::now() + Duration::from_secs(30);
    let address = loop {
        let Ok(line) = log.recv_timeout(deadline.saturating_duration_since(Instant::now())) else {
            child.kill().ok();
            child.wait().ok();
            panic!("server did not log that it is listening within 30 s");
        };
        let entry: serde_json::Value = serde_json::from_str(&line).expect("JSON log line");
        if entry["fields"]["message"] == "listening" {
            break entry["fields"]["address"]
                .as_str()
                .expect("address field")
                .parse()
                .expect("socket address");
        }
    };
    Running {
        child,
        address,
        log,
    }
}

/// A test that fails half-way must not leave its server running.
impl Drop for Running {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            self.child.kill().ok();
            self.child.wait().ok();
        }
    }
}

fn terminate(child: &Child) {
    let status = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
}

fn wait_with_timeout(child: &mut Child, timeout: Duration) -> ExitStatus {
    let deadline = Instant::now() + timeout;
    loop {
        if let Some(status) = child.try_wait().expect("try_wait") {
            return status;
        }
        if Instant::now() > deadline {
            child.kill().ok();
            panic!("server did not exit within {timeout:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn run_to_exit(mut command: Command) -> (i32, String) {
    let output = command.output().expect("binary runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn invalid_config_stops_start_with_the_key_named() {
    let dist = FixtureDist::new().build();
    let data = TempDir::new().unwrap();
    let mut cmd = command(dist.path(), data.path());
    cmd.env("SITE_LISTEN", "not-an-address");
    let (code, stderr) = run_to_exit(cmd);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("key `listen`"), "{stderr}");
    assert!(stderr.contains("SITE_LISTEN"), "{stderr}");

    let mut cmd = command(dist.path(), data.path());
    cmd.env("SITE_DOMAINS__CHINAA", "indora.cn");
    let (code, stderr) = run_to_exit(cmd);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("chinaa"), "{stderr}");
}

#[test]
fn config_file_is_read_and_its_errors_named() {
    let dist = FixtureDist::new().build();
    let data = TempDir::new().unwrap();
    let file = data.path().join("site.toml");
    std::fs::write(&file, "shutdown_grace_secs = \"soon\"\n").unwrap();
    let mut cmd = command(dist.path(), data.path());
    cmd.arg("--config").arg(&file);
    let (code, stderr) = run_to_exit(cmd);
    assert_eq!(code, 2, "{stderr}");
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

#[tokio::test]
async fn unknown_placeholder_in_a_page_stops_start() {
    let dist = FixtureDist::new().build();
    let page = dist.file("pages/map.desktop-china.html");
    let html = std::fs::read_to_string(&page).unwrap();
    std::fs::write(
        &page,
        html.replace("%%SITE:link.console%%", "%%SITE:link.typo%%"),
    )
    .unwrap();
    let data = TempDir::new().unwrap();
    let error = Application::build(test_config(&dist, &data))
        .await
        .err()
        .expect("start fails");
    let message = format!("{error:#}");
    assert!(message.contains("map.desktop-china.html"), "{message}");
    assert!(message.contains("link.typo"), "{message}");
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
