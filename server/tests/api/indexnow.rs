//! IndexNow (issue #5) against a stand-in endpoint, through the binary as an operator runs it:
//! the run after start, `site submit-urls`, the changed-only rule, batching, retries, and
//! failures that only log.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use http::Method;
use tempfile::TempDir;

use crate::support::binary::{
    Running, blocking_client, command, get, run_to_exit, run_to_output, start,
};
use crate::support::fixture::{BuiltDist, FixtureDist, NOINDEX_PAGE, PAGES};
use crate::support::stand_in::{Answer, Recorded, StandIn};

const KEY: &str = "fixture-key-0123";
const INTERNATIONAL: &str = "https://www.indora.com";
const CHINA: &str = "https://www.indora.cn";
const RUN_FINISHED: &str = "IndexNow run finished";

const ENDPOINT: &str = "/indexnow";

/// What a run needs: a fixture build, a data directory and a stand-in IndexNow endpoint that
/// accepts every submission until told otherwise.
struct Site {
    endpoint: StandIn,
    dist: BuiltDist,
    data: TempDir,
}

impl Site {
    fn new() -> Self {
        let endpoint = StandIn::start();
        endpoint.answer(Method::POST, ENDPOINT, Answer::status(200));
        Self {
            endpoint,
            dist: FixtureDist::new().build(),
            data: TempDir::new().unwrap(),
        }
    }

    /// The binary over this site, submitting to the stand-in with a short backoff.
    fn command(&self) -> Command {
        let mut command = command(self.dist.path(), self.data.path());
        command
            .env("SITE_INDEXNOW__KEY", KEY)
            .env("SITE_INDEXNOW__ENDPOINT", self.endpoint.url(ENDPOINT))
            .env("SITE_INDEXNOW__BACKOFF_MILLIS", "10");
        command
    }

    /// The next submissions get these answers, in order.
    fn answer_next(&self, answers: impl IntoIterator<Item = Answer>) {
        self.endpoint.queue(Method::POST, ENDPOINT, answers);
    }

    /// Every later submission gets `answer`.
    fn answer_from_now_on(&self, answer: Answer) {
        self.endpoint.answer(Method::POST, ENDPOINT, answer);
    }

    fn submissions(&self) -> Vec<Recorded> {
        self.endpoint.requests()
    }
}

fn host(submission: &Recorded) -> String {
    let body = submission.json();
    body["host"].as_str().expect("host is a string").to_owned()
}

fn urls(submission: &Recorded) -> Vec<String> {
    submission.json()["urlList"]
        .as_array()
        .expect("urlList is an array")
        .iter()
        .map(|url| url.as_str().expect("urls are strings").to_owned())
        .collect()
}

/// Starts the server and waits until its IndexNow run has finished; returns the summary's
/// fields.
fn start_and_finish(command: Command) -> (Running, serde_json::Value) {
    let mut server = start(command);
    let finished = server.wait_for(RUN_FINISHED, Duration::from_secs(30));
    (server, finished["fields"].clone())
}

fn indexed_urls(origin: &str) -> Vec<String> {
    PAGES
        .iter()
        .map(|(path, _, _)| format!("{origin}{path}"))
        .collect()
}

fn state(data: &Path) -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(data.join("indexnow/state.json")).expect("state file");
    let state: serde_json::Value = serde_json::from_str(&text).expect("state is JSON");
    serde_json::from_value(state["urls"].clone()).expect("url -> hash")
}

#[test]
fn start_submits_every_indexed_page_once_per_origin() {
    let site = Site::new();
    let (server, finished) = start_and_finish(site.command());
    assert_eq!(finished["accepted"], 8, "{finished}");

    let received = site.submissions();
    assert_eq!(received.len(), 2, "{received:#?}");
    for (request, origin, host) in [
        (&received[0], INTERNATIONAL, "www.indora.com"),
        (&received[1], CHINA, "www.indora.cn"),
    ] {
        assert_eq!(
            (&request.method, request.uri.path()),
            (&Method::POST, ENDPOINT)
        );
        assert_eq!(
            request.header("content-type"),
            "application/json; charset=utf-8"
        );
        assert_eq!(
            request.json(),
            serde_json::json!({
                "host": host,
                "key": KEY,
                "keyLocation": format!("{origin}/{KEY}.txt"),
                "urlList": indexed_urls(origin),
            })
        );
        assert!(
            !urls(request)
                .iter()
                .any(|url| url.ends_with(NOINDEX_PAGE.0))
        );
    }

    // The state remembers each address with the ETag of the desktop page its origin serves.
    let state = state(site.data.path());
    assert_eq!(state.len(), 8, "{state:#?}");
    let client = blocking_client();
    for (origin, host) in [(INTERNATIONAL, "www.indora.com"), (CHINA, "www.indora.cn")] {
        let response = client
            .get(server.url("/next/map"))
            .header("host", host)
            .send()
            .unwrap();
        let etag = response.headers()["etag"]
            .to_str()
            .unwrap()
            .trim_matches('"')
            .to_owned();
        assert_eq!(state[&format!("{origin}/next/map")], etag);
    }
}

#[test]
fn second_start_submits_nothing_and_a_changed_page_alone() {
    let site = Site::new();
    let (first, _) = start_and_finish(site.command());
    drop(first);
    assert_eq!(site.submissions().len(), 2);

    let (second, finished) = start_and_finish(site.command());
    drop(second);
    assert_eq!(finished["pending"], 0, "{finished}");
    assert_eq!(site.submissions().len(), 2, "nothing new is submitted");

    let page = site.dist.file("pages/map.desktop-china.html");
    let html = std::fs::read_to_string(&page).unwrap();
    std::fs::write(&page, html.replace("</main>", "<p>新增内容</p></main>")).unwrap();
    let (_third, finished) = start_and_finish(site.command());
    assert_eq!(finished["accepted"], 1, "{finished}");
    let received = site.submissions();
    assert_eq!(received.len(), 3);
    assert_eq!(host(&received[2]), "www.indora.cn");
    assert_eq!(urls(&received[2]), [format!("{CHINA}/next/map")]);
}

#[test]
fn addresses_are_sent_in_batches_of_at_most_batch_size() {
    let site = Site::new();
    let mut command = site.command();
    command.env("SITE_INDEXNOW__BATCH_SIZE", "3");
    let (_server, finished) = start_and_finish(command);
    assert_eq!(finished["accepted"], 8, "{finished}");
    let received = site.submissions();
    let shape: Vec<(String, usize)> = received.iter().map(|r| (host(r), urls(r).len())).collect();
    let expected = [
        ("www.indora.com", 3),
        ("www.indora.com", 1),
        ("www.indora.cn", 3),
        ("www.indora.cn", 1),
    ];
    assert_eq!(
        shape,
        expected.map(|(host, count)| (host.to_owned(), count))
    );
    let international: Vec<String> = received[..2].iter().flat_map(urls).collect();
    assert_eq!(international, indexed_urls(INTERNATIONAL));
}

#[test]
fn unavailable_endpoint_is_retried_until_it_accepts() {
    let site = Site::new();
    site.answer_next([Answer::status(503), Answer::status(503)]);
    let (server, finished) = start_and_finish(site.command());
    assert_eq!(finished["accepted"], 8, "{finished}");
    assert_eq!(finished["failed"], 0, "{finished}");
    let received = site.submissions();
    assert_eq!(
        received.len(),
        4,
        "three tries for the first origin, one for the second"
    );
    assert_eq!(received[0].body, received[2].body);
    // Exponential backoff from 10 ms: 10, then 20.
    assert!(received[2].at - received[1].at >= Duration::from_millis(20));
    let retries = server
        .seen()
        .iter()
        .filter(|entry| {
            entry["fields"]["message"]
                == "IndexNow endpoint did not accept the submission; retrying"
        })
        .count();
    assert_eq!(retries, 2);
    assert_eq!(state(site.data.path()).len(), 8);
}

#[test]
fn too_many_requests_waits_as_long_as_retry_after_asks() {
    let site = Site::new();
    site.answer_next([Answer::status(429).with_header("retry-after", "1")]);
    let (_server, finished) = start_and_finish(site.command());
    assert_eq!(finished["accepted"], 8, "{finished}");
    let received = site.submissions();
    assert_eq!(received.len(), 3);
    let waited = received[1].at - received[0].at;
    assert!(
        waited >= Duration::from_millis(950),
        "{waited:?}, not the 10 ms backoff"
    );
}

#[test]
fn retry_after_is_capped_by_max_backoff() {
    let site = Site::new();
    site.answer_next([Answer::status(503).with_header("retry-after", "3600")]);
    let mut command = site.command();
    command.env("SITE_INDEXNOW__MAX_BACKOFF_MILLIS", "50");
    let (_server, finished) = start_and_finish(command);
    assert_eq!(finished["accepted"], 8, "{finished}");
}

#[test]
fn refusal_is_not_retried_nor_recorded_and_the_site_keeps_serving() {
    let site = Site::new();
    site.answer_from_now_on(Answer::status(403));
    let (server, finished) = start_and_finish(site.command());
    assert_eq!(finished["failed"], 8, "{finished}");
    assert_eq!(site.submissions().len(), 2, "one try per origin");
    assert!(!site.data.path().join("indexnow/state.json").exists());
    let health = get(&server, "/healthz");
    assert_eq!(health.status(), 200);
}

#[test]
fn endpoint_down_only_logs() {
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let endpoint = format!("http://{}/indexnow", closed.local_addr().unwrap());
    drop(closed);
    let site = Site::new();
    let mut command = site.command();
    command
        .env("SITE_INDEXNOW__ENDPOINT", endpoint)
        .env("SITE_INDEXNOW__RETRIES", "1");
    let (server, finished) = start_and_finish(command);
    assert_eq!(finished["failed"], 8, "{finished}");
    let failures = server
        .seen()
        .iter()
        .filter(|entry| entry["fields"]["message"] == "IndexNow submission failed")
        .count();
    assert_eq!(failures, 2);
    let page = get(&server, "/next/map");
    assert_eq!(page.status(), 200);
}

#[test]
fn unwritable_state_only_logs() {
    let site = Site::new();
    // A file where the state directory should be: neither reading nor writing can work.
    std::fs::write(site.data.path().join("indexnow"), b"in the way").unwrap();
    let (mut server, finished) = start_and_finish(site.command());
    assert_eq!(finished["accepted"], 8, "{finished}");
    assert_eq!(finished["unsaved"], 2, "{finished}");
    server.wait_for(
        "cannot save the IndexNow state; these pages will be submitted again",
        Duration::from_secs(1),
    );
    let health = get(&server, "/healthz");
    assert_eq!(health.status(), 200);
}

#[test]
fn no_key_disables_submission_and_the_key_file() {
    let site = Site::new();
    let mut command = command(site.dist.path(), site.data.path());
    command.env("SITE_INDEXNOW__ENDPOINT", site.endpoint.url(ENDPOINT));
    let mut server = start(command);
    server.wait_for(
        "IndexNow is disabled: no `indexnow.key` configured",
        Duration::from_secs(1),
    );
    let key_file = get(&server, &format!("/{KEY}.txt"));
    assert_eq!(key_file.status(), 404);
    std::thread::sleep(Duration::from_millis(200));
    assert!(site.submissions().is_empty());
    assert!(
        !server
            .seen()
            .iter()
            .any(|entry| entry["fields"]["message"] == RUN_FINISHED)
    );

    let mut submit = crate::support::binary::command(site.dist.path(), site.data.path());
    submit
        .arg("submit-urls")
        .env("SITE_INDEXNOW__ENDPOINT", site.endpoint.url(ENDPOINT));
    let (code, stderr) = run_to_exit(submit);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("IndexNow is disabled"), "{stderr}");
    assert!(stderr.contains("SITE_INDEXNOW__KEY"), "{stderr}");
    assert!(site.submissions().is_empty());
}

#[test]
fn dry_run_prints_the_bodies_and_sends_nothing() {
    let site = Site::new();
    let mut command = site.command();
    command.args(["submit-urls", "--dry-run"]);
    let output = run_to_output(command);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    let bodies: Vec<serde_json::Value> = stdout
        .lines()
        .map(|line| serde_json::from_str(line).expect("one JSON body per line"))
        .collect();
    assert_eq!(bodies.len(), 2, "{stdout}");
    assert_eq!(bodies[0]["host"], "www.indora.com");
    assert_eq!(bodies[0]["key"], KEY);
    assert_eq!(
        bodies[0]["keyLocation"],
        format!("{INTERNATIONAL}/{KEY}.txt")
    );
    assert_eq!(bodies[1]["urlList"], serde_json::json!(indexed_urls(CHINA)));
    assert!(site.submissions().is_empty());
    assert!(!site.data.path().join("indexnow").exists());
}

#[test]
fn submit_urls_sends_changed_pages_and_records_them() {
    let site = Site::new();
    let mut submit = site.command();
    submit.args(["submit-urls"]);
    let (code, stderr) = run_to_exit(submit);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("8 addresses accepted"), "{stderr}");
    assert_eq!(site.submissions().len(), 2);

    let mut again = site.command();
    again.args(["submit-urls", "--dry-run"]);
    let output = run_to_output(again);
    assert!(output.status.success());
    assert!(output.stdout.is_empty(), "nothing changed");
    assert!(String::from_utf8_lossy(&output.stderr).contains("nothing changed"));

    site.answer_from_now_on(Answer::status(422));
    let page = site.dist.file("pages/notice.desktop-international.html");
    let html = std::fs::read_to_string(&page).unwrap();
    std::fs::write(&page, html.replace("</main>", "<p>更新</p></main>")).unwrap();
    let mut refused = site.command();
    refused.args(["submit-urls"]);
    let (code, stderr) = run_to_exit(refused);
    assert_eq!(code, 1, "a refused submission fails the command: {stderr}");
    assert!(stderr.contains("1 not accepted"), "{stderr}");
}
