//! The `site` binary as a child process: starting it over a fixture, reading its JSON log
//! lines, and stopping it.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

pub(crate) const BINARY: &str = env!("CARGO_BIN_EXE_site");

/// `compress_at_best` for the tests' servers: off, the quick compression made at load stays.
/// Compressing each build again at best after start cost CPU in every one of the hundreds of
/// servers the tests start, and only the tests of that compression (which turn it on) read it.
pub(crate) const COMPRESS_AT_BEST: bool = false;

/// `background_below_pages` for the tests' servers: off, background work (plans, uploaded
/// buildings' computations, picture renders) runs at the tests' own priority, since the tests
/// wait for it. In the idle class it had only what the browser tests and the other tests left of
/// two cores: in a fresh clone's run (2026-12-02) three upload and edit tests took 81-95 s that
/// take 3-7 s alone, and earlier three plans 20-29 s (1.2 s alone). The classes themselves are
/// tested in the server's process/thread_pool.rs.
pub(crate) const BACKGROUND_BELOW_PAGES: bool = false;

/// The binary with a clean environment: an ephemeral port, the given dist/ and data
/// directories, JSON logs on stderr, no compression at best after start
/// ([`COMPRESS_AT_BEST`]) and background work at the tests' priority
/// ([`BACKGROUND_BELOW_PAGES`]).
pub(crate) fn command(dist: &Path, data: &Path) -> Command {
    let mut command = Command::new(BINARY);
    command
        .env_clear()
        .env("SITE_LISTEN", "127.0.0.1:0")
        .env("SITE_DIST_DIR", dist)
        .env("SITE_DATA_DIR", data)
        .env("SITE_LOG__FORMAT", "json")
        .env("SITE_COMPRESS_AT_BEST", COMPRESS_AT_BEST.to_string())
        .env(
            "SITE_BACKGROUND_BELOW_PAGES",
            BACKGROUND_BELOW_PAGES.to_string(),
        )
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    command
}

/// [`command`], started with its soft open-files limit lowered to `soft`, as many systems
/// start services (1024), to see what the server makes of it.
pub(crate) fn command_with_soft_open_files_limit(dist: &Path, data: &Path, soft: u64) -> Command {
    let server = command(dist, data);
    let mut shell = Command::new("/bin/sh");
    shell
        .arg("-c")
        .arg(format!("ulimit -S -n {soft} && exec \"$0\""))
        .arg(server.get_program())
        .env_clear()
        .envs(
            server
                .get_envs()
                .filter_map(|(name, value)| Some((name, value?))),
        )
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    shell
}

pub(crate) struct Running {
    pub(crate) child: Child,
    pub(crate) address: SocketAddr,
    /// Log lines not yet read by `wait_for`.
    pub(crate) log: mpsc::Receiver<String>,
    /// Log entries read so far, including those before "listening".
    seen: Vec<serde_json::Value>,
}

/// Starts the binary and waits for its "listening" log line.
pub(crate) fn start(mut command: Command) -> Running {
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
    let mut running = Running {
        child,
        address: SocketAddr::from(([127, 0, 0, 1], 0)),
        log,
        seen: Vec::new(),
    };
    let listening = running.wait_for("listening", Duration::from_secs(30));
    running.address = listening["fields"]["address"]
        .as_str()
        .expect("address field")
        .parse()
        .expect("socket address");
    running
}

impl Running {
    /// The first log entry (seen before or arriving within `timeout`) whose message is
    /// `message`.
    pub(crate) fn wait_for(&mut self, message: &str, timeout: Duration) -> serde_json::Value {
        self.entries(message, 1, timeout).remove(0)
    }

    /// The first `count` log entries whose message is `message`, waiting up to `timeout` for
    /// them to arrive.
    pub(crate) fn entries(
        &mut self,
        message: &str,
        count: usize,
        timeout: Duration,
    ) -> Vec<serde_json::Value> {
        let deadline = Instant::now() + timeout;
        loop {
            let found: Vec<serde_json::Value> = self
                .seen
                .iter()
                .filter(|entry| entry["fields"]["message"] == message)
                .take(count)
                .cloned()
                .collect();
            if found.len() == count {
                return found;
            }
            let Ok(line) = self
                .log
                .recv_timeout(deadline.saturating_duration_since(Instant::now()))
            else {
                panic!(
                    "{} of {count} log entries {message:?} within {timeout:?}; log so far: {:#?}",
                    found.len(),
                    self.seen
                );
            };
            let entry = serde_json::from_str(&line)
                .unwrap_or_else(|_| panic!("JSON log line expected: {line}"));
            self.seen.push(entry);
        }
    }

    /// Reads the log entries arriving within `duration`, for [`Self::seen`].
    pub(crate) fn read_for(&mut self, duration: Duration) {
        let deadline = Instant::now() + duration;
        while let Ok(line) = self
            .log
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            let entry: serde_json::Value = serde_json::from_str(&line)
                .unwrap_or_else(|_| panic!("JSON log line expected: {line}"));
            self.seen.push(entry);
        }
    }

    /// Every log entry read so far.
    pub(crate) fn seen(&self) -> &[serde_json::Value] {
        &self.seen
    }

    pub(crate) fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.address)
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

pub(crate) fn terminate(child: &Child) {
    let status = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
}

pub(crate) fn wait_with_timeout(child: &mut Child, timeout: Duration) -> ExitStatus {
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

/// Runs to the end; the exit code and stderr.
pub(crate) fn run_to_exit(command: Command) -> (i32, String) {
    let output = run_to_output(command);
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Runs to the end with stdout captured.
pub(crate) fn run_to_output(mut command: Command) -> Output {
    command
        .stdout(Stdio::piped())
        .output()
        .expect("binary runs")
}

/// A blocking HTTP client for tests that drive the binary. reqwest is built without a TLS
/// provider of its own (the server installs ring at start), so this installs it too.
pub(crate) fn blocking_client() -> reqwest::blocking::Client {
    let _ = rustls::crypto::ring::default_provider().install_default();
    reqwest::blocking::Client::new()
}

/// A plain GET of `path` on the running binary.
pub(crate) fn get(server: &Running, path: &str) -> reqwest::blocking::Response {
    blocking_client()
        .get(server.url(path))
        .send()
        .expect("request")
}
