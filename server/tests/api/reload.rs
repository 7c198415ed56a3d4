//! `site reload` (SIGHUP): the real binary swaps in a new dist/ while clients keep asking,
//! and refuses a broken one without dropping a request; the live demo's venues keep their
//! previous version when their new files are broken, and a changed one restarts its engine.

use std::io::Read;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::support::binary::{self, Running};
use crate::support::fixture::venues::sample;
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
    assert_eq!(reloaded["fields"]["pages"], 11, "{reloaded}");
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

/// The live demo's venues over a reload (issue #30): a venue whose new files do not load keeps
/// its previous version, and says so in `/healthz?details`, until its files are mended.
#[test]
fn a_venue_whose_new_files_do_not_load_keeps_its_previous_version() {
    let dist = FixtureDist::new().with_venues().build();
    let data = tempfile::TempDir::new().expect("temp dir");
    let mut server = binary::start(venue_command(&dist, &data));
    let route = format!(
        "/api/venues/demo-mall/route?from={}&to={}",
        sample("demo-mall", "route_from"),
        sample("demo-mall", "route_to")
    );
    assert_eq!(binary::get(&server, &route).status(), 200);

    let units = dist.file("venues/demo-mall/imdf/unit.geojson");
    let good = std::fs::read(&units).expect("units");
    std::fs::write(&units, b"{\"type\": \"FeatureCollection\", \"features\": [").expect("write");
    reload(&server);
    let failed = server.wait_for(
        "a venue of the live demo did not load; its previous version, if any, goes on",
        Duration::from_secs(30),
    );
    assert!(failed.to_string().contains("unit.geojson"), "{failed}");
    server.wait_for(
        "reloaded: new requests get the new build",
        Duration::from_secs(30),
    );
    // The previous version answers: routes, and the list still names it.
    assert_eq!(binary::get(&server, &route).status(), 200);
    let list = binary::get(&server, "/api/venues").text().expect("text");
    assert!(list.contains("demo-mall"), "{list}");
    let details: serde_json::Value = serde_json::from_str(
        &binary::get(&server, "/healthz?details")
            .text()
            .expect("text"),
    )
    .expect("json");
    assert_eq!(details["status"], "degraded", "{details}");
    let problem = details["venue_problems"]["demo-mall"]
        .as_str()
        .expect("a problem");
    assert!(
        problem.contains("unit.geojson") && problem.contains("goes on"),
        "{problem}"
    );
    assert!(
        !problem.contains(&dist.path().display().to_string()),
        "where dist/ is stays private: {problem}"
    );

    std::fs::write(&units, good).expect("write");
    reload(&server);
    server.entries(
        "reloaded: new requests get the new build",
        2,
        Duration::from_secs(30),
    );
    let details = binary::get(&server, "/healthz?details")
        .text()
        .expect("text");
    assert!(details.contains("\"status\":\"ok\""), "{details}");
}

/// A reload that changes a venue stops its live engine: the streams on the old version are
/// told to reconnect, and the next stream follows the new version.
#[test]
fn a_changed_venue_restarts_its_engine_and_tells_its_streams_to_reconnect() {
    let dist = FixtureDist::new().with_venues().build();
    let data = tempfile::TempDir::new().expect("temp dir");
    let mut server = binary::start(venue_command(&dist, &data));
    let version = |server: &Running| {
        let details: serde_json::Value = serde_json::from_str(
            &binary::get(server, "/healthz?details")
                .text()
                .expect("text"),
        )
        .expect("json");
        details["venues"][1]["version"]
            .as_str()
            .expect("version")
            .to_owned()
    };
    let before = version(&server);
    let mut stream = binary::get(&server, "/api/venues/demo-hospital/live");
    read_until(&mut stream, "\nid: ");

    let occupants = dist.file("venues/demo-hospital/imdf/occupant.geojson");
    let text = std::fs::read_to_string(&occupants).expect("occupants");
    std::fs::write(&occupants, text.replacen("西药房", "西药房（新）", 1)).expect("write");
    reload(&server);
    server.wait_for(
        "reloaded: new requests get the new build",
        Duration::from_secs(30),
    );
    let ending = read_until(&mut stream, "retry: 500");
    assert!(ending.contains("the venue changed"), "{ending}");
    let mut rest = String::new();
    stream.read_to_string(&mut rest).expect("the stream ends");
    assert!(rest.is_empty(), "{rest}");

    assert_ne!(version(&server), before);
    let mut again = binary::get(&server, "/api/venues/demo-hospital/live");
    read_until(&mut again, "\nid: ");
}

/// The binary over a build with the venues, with a small live crowd.
fn venue_command(dist: &BuiltDist, data: &tempfile::TempDir) -> std::process::Command {
    let mut command = binary::command(dist.path(), data.path());
    command.env("SITE_VENUES__LIVE__TAGS", "10");
    command
}

/// Reads a stream until `wanted` has come (in a minute at most); returns what was read.
fn read_until(stream: &mut reqwest::blocking::Response, wanted: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut text = String::new();
    let mut buffer = [0; 4096];
    while !text.contains(wanted) {
        assert!(Instant::now() < deadline, "no {wanted:?} in {text:.500}");
        let read = stream.read(&mut buffer).expect("read");
        assert!(read > 0, "the stream ended before {wanted:?}: {text:.500}");
        text.push_str(&String::from_utf8_lossy(&buffer[..read]));
    }
    text
}
