//! `site reload` (SIGHUP): the real binary swaps in a new dist/ while clients keep asking,
//! and refuses a broken one without dropping a request.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::support::binary::{self, Running};
use crate::support::fixture::{BuiltDist, FixtureDist};

const PAGE: &str = "/next/map";
const PAGE_FILE: &str = "pages/map.desktop-international.html";
const OLD_TITLE: &str = "室内地图服务";
const NEW_TITLE: &str = "室内地图服务（新版）";

/// Asks for `PAGE` from several threads until stopped; counts answers by title and failures.
struct Load {
    stop: Arc<AtomicBool>,
    old: Arc<AtomicUsize>,
    new: Arc<AtomicUsize>,
    threads: Vec<std::thread::JoinHandle<Vec<String>>>,
}

impl Load {
    fn start(server: &Running, clients: usize) -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        let old = Arc::new(AtomicUsize::new(0));
        let new = Arc::new(AtomicUsize::new(0));
        let threads = (0..clients)
            .map(|_| {
                let (stop, old, new) = (stop.clone(), old.clone(), new.clone());
                let url = server.url(PAGE);
                std::thread::spawn(move || {
                    let client = binary::blocking_client();
                    let mut failures = Vec::new();
                    while !stop.load(Ordering::Relaxed) {
                        match client.get(&url).send().and_then(|r| r.error_for_status()) {
                            Ok(response) => match response.text() {
                                Ok(text) if text.contains(NEW_TITLE) => {
                                    new.fetch_add(1, Ordering::Relaxed);
                                }
                                Ok(text) if text.contains(OLD_TITLE) => {
                                    old.fetch_add(1, Ordering::Relaxed);
                                }
                                Ok(text) => failures.push(format!("unexpected page: {text:.200}")),
                                Err(error) => failures.push(error.to_string()),
                            },
                            Err(error) => failures.push(error.to_string()),
                        }
                    }
                    failures
                })
            })
            .collect();
        Self {
            stop,
            old,
            new,
            threads,
        }
    }

    fn new_answers(&self) -> usize {
        self.new.load(Ordering::Relaxed)
    }

    /// Stops the clients; every request they made must have been answered.
    fn finish(self) -> (usize, usize) {
        self.stop.store(true, Ordering::Relaxed);
        let failures: Vec<String> = self
            .threads
            .into_iter()
            .flat_map(|thread| thread.join().expect("client thread"))
            .collect();
        assert!(failures.is_empty(), "failed requests: {failures:?}");
        (
            self.old.load(Ordering::Relaxed),
            self.new.load(Ordering::Relaxed),
        )
    }
}

fn reload(server: &Running) {
    let status = std::process::Command::new("kill")
        .args(["-HUP", &server.child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
}

#[test]
fn sighup_swaps_in_a_new_build_under_load_and_refuses_a_broken_one() {
    let dist = FixtureDist::new().build();
    let data = tempfile::TempDir::new().expect("temp dir");
    let mut server = binary::start(binary::command(dist.path(), data.path()));
    let load = Load::start(&server, 8);
    std::thread::sleep(Duration::from_millis(300));

    // A new build: one page changed. Requests go on; new ones get the new page.
    let page = std::fs::read_to_string(dist.file(PAGE_FILE)).expect("page");
    std::fs::write(dist.file(PAGE_FILE), page.replace(OLD_TITLE, NEW_TITLE)).expect("write");
    reload(&server);
    let reloaded = server.wait_for(
        "reloaded: new requests get the new build",
        Duration::from_secs(30),
    );
    assert_eq!(reloaded["fields"]["pages"], 7, "{reloaded}");
    let deadline = Instant::now() + Duration::from_secs(5);
    while load.new_answers() == 0 {
        assert!(Instant::now() < deadline, "no request got the new page");
        std::thread::sleep(Duration::from_millis(20));
    }

    // A broken build: refused with a log line, the running one goes on serving.
    let manifest = dist.file("manifest.json");
    let good = std::fs::read(&manifest).expect("manifest");
    std::fs::write(&manifest, b"{\"version\": 5").expect("write");
    reload(&server);
    let refused = server.wait_for(
        "reload refused, the running build goes on",
        Duration::from_secs(30),
    );
    assert!(
        refused["fields"]["error"]
            .as_str()
            .is_some_and(|message| message.contains("manifest.json: not a valid manifest")),
        "{refused}"
    );
    std::fs::write(&manifest, good).expect("write");
    let before = load.new_answers();
    std::thread::sleep(Duration::from_millis(300));
    assert!(load.new_answers() > before, "the site stopped answering");

    let (old, new) = load.finish();
    assert!(old > 0 && new > 0, "old {old}, new {new}");
    let page = binary::get(&server, PAGE).text().expect("text");
    assert!(page.contains(NEW_TITLE), "{page:.300}");
}

#[test]
fn site_reload_signals_the_server_named_by_its_pid_file() {
    let dist = FixtureDist::new().build();
    let data = tempfile::TempDir::new().expect("temp dir");
    let mut server = binary::start(binary::command(dist.path(), data.path()));
    let pid = std::fs::read_to_string(data.path().join("site.pid")).expect("pid file");
    assert_eq!(pid.trim(), server.child.id().to_string());

    let (code, output) = binary::run_to_exit(reload_command(&dist, &data));
    assert_eq!(code, 0, "{output}");
    server.wait_for(
        "reloaded: new requests get the new build",
        Duration::from_secs(30),
    );

    binary::terminate(&server.child);
    binary::wait_with_timeout(&mut server.child, Duration::from_secs(15));
    assert!(
        !data.path().join("site.pid").exists(),
        "pid file left behind"
    );
    let (code, output) = binary::run_to_exit(reload_command(&dist, &data));
    assert_eq!(code, 1, "{output}");
    assert!(output.contains("is a server running"), "{output}");
}

fn reload_command(dist: &BuiltDist, data: &tempfile::TempDir) -> std::process::Command {
    let mut command = binary::command(dist.path(), data.path());
    command.arg("reload");
    command
}
