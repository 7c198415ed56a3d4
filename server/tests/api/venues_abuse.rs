//! The live API against a hostile client (issue #30), over real HTTP on the real venues: padded
//! inputs, a level in another case and an event id from the future, the cost budget, the
//! per-address and global limits of the long computations, single flight, other sites' pages,
//! a panicking engine, and the streams' lifetime, caps and end at shutdown.

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::Value;
use site_server::config::Config;

use crate::support::app::{TestApp, header, json_body, refused_at_once, spawn_app_with};
use crate::support::fixture::FixtureDist;
use crate::support::fixture::venues::{kiosk_id, sample};
use crate::support::sse::{Stream, events};

const MALL: &str = "/api/venues/demo-mall";
const HOSPITAL: &str = "/api/venues/demo-hospital";

async fn app(customise: impl FnOnce(&mut Config)) -> TestApp {
    spawn_app_with(FixtureDist::new().with_venues().build(), |config| {
        config.venues.live.tags = 10;
        customise(config);
    })
    .await
}

fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

/// `/healthz?details`.
async fn details(app: &TestApp) -> Value {
    json_body(app.fetch("/healthz?details").await).await
}

/// The path of `tag`'s track over the hour that ended `ago` seconds ago.
fn hour_of_track(tag: &str, ago: u64) -> String {
    minutes_of_track(tag, ago, 60)
}

/// The last `minutes` of `tag`'s track up to `ago` seconds ago.
fn minutes_of_track(tag: &str, ago: u64, minutes: u64) -> String {
    let to = now() - ago;
    format!(
        "{HOSPITAL}/tracks/{tag}?from={}&to={to}",
        to + 1 - minutes * 60
    )
}

#[tokio::test]
async fn a_padded_hand_over_is_refused_or_drawn_from_the_canonical_route() {
    let app = app(|_| {}).await;
    let (from, to) = (kiosk_id("demo-mall"), sample("demo-mall", "route_to"));
    let plain = app
        .fetch(&format!("{MALL}/handover.svg?from={from}&to={to}"))
        .await;
    assert_eq!(plain.status(), 200);
    let plain = plain.bytes().await.unwrap();

    // 2,300 spaces written as `+`: the query is longer than any real one.
    let cpu_before = process_cpu();
    let padded = format!(
        "{MALL}/handover.svg?from={from}{}&to={to}",
        "+".repeat(2300)
    );
    let response = app.fetch(&padded).await;
    assert_eq!(response.status(), StatusCode::URI_TOO_LONG);
    assert_eq!(
        json_body(response).await["error"]["code"],
        "request_too_long"
    );
    // 200: no real place is written so long.
    let padded = format!("{MALL}/handover.svg?from={from}{}&to={to}", "+".repeat(200));
    let response = app.fetch(&padded).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let body = response.text().await.unwrap();
    assert!(
        body.contains("place_malformed") && body.len() < 400,
        "{body}"
    );
    // What the two refusals cost, in CPU rather than wall-clock time, which a busy machine
    // stretches (this bound was 500 ms of wall clock): about 1 ms (2026-12-02), where a padded
    // code once cost 0.45 s (issue #30).
    let spent = process_cpu().saturating_sub(cpu_before);
    eprintln!("two padded hand-overs refused with {spent:?} of CPU");
    assert!(spent < Duration::from_millis(50), "{spent:?} of CPU");

    // Padding within the bound, another case: the same route, so the same code.
    let upper = from.to_uppercase();
    let spaced = format!("{MALL}/handover.svg?from={upper}{}&to={to}", "+".repeat(40));
    let response = app.fetch(&spaced).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.bytes().await.unwrap(), plain);
    let space = sample("demo-mall", "route_from");
    let mut codes = Vec::new();
    for written in [space.to_lowercase(), space.to_uppercase()] {
        let path = format!("{MALL}/handover.svg?from={written}&to={to}");
        codes.push(app.fetch(&path).await.bytes().await.unwrap());
    }
    assert_eq!(codes[0], codes[1]);
}

#[tokio::test]
async fn a_level_in_another_case_and_an_event_id_from_the_future_still_get_their_events() {
    let app = app(|_| {}).await;
    let started = Instant::now();
    let seen = events(&app, &format!("{HOSPITAL}/live?level=l1"), &[], 2).await;
    assert!(started.elapsed() < Duration::from_secs(10));
    assert_eq!(seen[0].data["level"], "L1", "answered under its short name");
    let future = (now() + 86_400).to_string();
    let seen = events(
        &app,
        &format!("{HOSPITAL}/live"),
        &[("last-event-id", &future)],
        2,
    )
    .await;
    assert!(seen[0].id <= now() + 1, "a frame of now, {}", seen[0].id);
    assert_eq!(seen[1].id, seen[0].id + 1);
}

#[tokio::test]
async fn one_address_gets_one_long_computation_at_a_time_and_a_full_queue_refuses_at_once() {
    // One thread, two places in the queue, no budget to run out of.
    let app = app(|config| {
        config.venues.compute.workers = 1;
        config.venues.compute.queue = 2;
        config.venues.compute.per_second_ms = 0;
    })
    .await;
    let (first, second, third) = (
        TestApp::client_from("127.0.0.1"),
        TestApp::client_from("127.0.0.2"),
        TestApp::client_from("127.0.0.3"),
    );
    // The first address's twenty minutes of UWB (the dearest technology; seconds of a thread)
    // take the thread, and its next computation waits its turn (a visitor who asked for another
    // time meanwhile). The waiting ones need not be long: ten minutes each.
    let running = tokio::spawn(
        first
            .get(app.url(&minutes_of_track("UWB-01", 60, 20)))
            .send(),
    );
    tokio::time::sleep(Duration::from_millis(150)).await;
    let waiting = tokio::spawn(
        first
            .get(app.url(&minutes_of_track("BLE-01", 60, 10)))
            .send(),
    );
    tokio::time::sleep(Duration::from_millis(100)).await;
    // Its third is refused at once, while the first runs.
    refused_at_once(&app, &first, &hour_of_track("AOA-01", 60), "client_busy").await;
    // A second address takes the last place in the queue and is served in its turn.
    let queued = tokio::spawn(
        second
            .get(app.url(&minutes_of_track("BLE-01", 90, 10)))
            .send(),
    );
    tokio::time::sleep(Duration::from_millis(100)).await;
    // A third finds the thread and the queue taken: refused at once.
    refused_at_once(&app, &third, &hour_of_track("AOA-01", 90), "busy").await;
    // Cheap answers are not queued: the third address still gets its route meanwhile.
    let route = third
        .get(app.url(&format!(
            "{MALL}/route?from={}&to={}",
            sample("demo-mall", "route_from"),
            sample("demo-mall", "route_to")
        )))
        .send()
        .await
        .unwrap();
    assert_eq!(route.status(), 200);
    for answer in [running, waiting, queued] {
        assert_eq!(answer.await.unwrap().unwrap().status(), 200);
    }
    let compute = &details(&app).await["compute"];
    assert_eq!(compute["computed"], 3, "{compute}");
    assert_eq!(compute["refused_client"], 1, "{compute}");
    assert_eq!(compute["refused_busy"], 1, "{compute}");
    assert_eq!(compute["under_way"], 0, "{compute}");
}

#[tokio::test]
async fn identical_requests_share_one_computation_and_its_answer_is_kept() {
    let app = app(|_| {}).await;
    let to = now() - 120;
    let path = format!("{HOSPITAL}/tracks/BLE-01?from={}&to={to}", to - 3_599);
    let asked: Vec<_> = (0..8)
        .map(|_| tokio::spawn(app.get(&path).header("accept-encoding", "br").send()))
        .collect();
    let mut bodies = Vec::new();
    let mut tags = Vec::new();
    for answer in asked {
        let response = answer.await.unwrap().unwrap();
        assert_eq!(response.status(), 200);
        tags.push(header(&response, "etag"));
        bodies.push(response.bytes().await.unwrap());
    }
    assert!(bodies.windows(2).all(|pair| pair[0] == pair[1]));
    assert!(tags.windows(2).all(|pair| pair[0] == pair[1]));
    let compute = &details(&app).await["compute"];
    assert_eq!(compute["computed"], 1, "one computation: {compute}");
    let shared = compute["joined"].as_u64().unwrap() + compute["kept"].as_u64().unwrap();
    assert_eq!(shared, 7, "{compute}");

    // Kept: validators per encoding, and a closed span may be reused for a day.
    let again = app
        .fetch_with(
            &path,
            &[("accept-encoding", "br"), ("if-none-match", &tags[0])],
        )
        .await;
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    let gzip = app
        .fetch_with(
            &path,
            &[("accept-encoding", "gzip"), ("if-none-match", &tags[0])],
        )
        .await;
    assert_eq!(gzip.status(), 200, "brotli's tag does not confirm gzip");
    assert_ne!(header(&gzip, "etag"), tags[0]);
    assert_eq!(
        header(&gzip, "cache-control"),
        "public, max-age=86400, must-revalidate"
    );
    assert_eq!(details(&app).await["compute"]["computed"], 1);
    // Another spelling of the same question is the same computation.
    let reordered = format!(
        "{HOSPITAL}/tracks/BLE-01?to={to}&format=json&from={}&from=0",
        to - 3_599
    );
    assert_eq!(app.fetch(&reordered).await.status(), 200);
    assert_eq!(details(&app).await["compute"]["computed"], 1);
}

#[tokio::test]
async fn a_client_pays_what_its_computations_cost_and_then_waits() {
    // 300 ms of CPU at once, hardly refilled: one five-minute track spends most of it.
    let app = app(|config| {
        config.venues.compute.per_second_ms = 1;
        config.venues.compute.burst_ms = 300;
    })
    .await;
    // Five minutes of UWB-01, ending `ago` seconds ago: a new computation each time.
    let track = |ago: u64| {
        format!(
            "{HOSPITAL}/tracks/UWB-01?to={}&from={}",
            now() - ago,
            now() - ago - 299
        )
    };
    let mut refused = None;
    for ago in [10, 400, 800, 1_200, 1_600, 2_000] {
        let response = app.fetch(&track(ago)).await;
        if response.status() == StatusCode::TOO_MANY_REQUESTS {
            refused = Some(response);
            break;
        }
        assert_eq!(response.status(), 200, "{ago}");
    }
    let refused = refused.expect("the budget ran out");
    let wait: u64 = header(&refused, "retry-after").parse().unwrap();
    assert!(wait > 10, "at 1 ms a second: {wait} s");
    assert_eq!(json_body(refused).await["error"]["code"], "rate_limited");
    // Another address has a budget of its own.
    let other = TestApp::client_from("127.0.0.2")
        .get(app.url(&track(2_400)))
        .send()
        .await
        .unwrap();
    assert_eq!(other.status(), 200);
}

#[tokio::test]
async fn other_sites_pages_are_refused_and_an_embedder_is_let_in() {
    let app = app(|config| {
        config.venues.embed_origins = vec!["https://partner.example".to_owned()];
    })
    .await;
    let route = format!(
        "{MALL}/route?from={}&to={}",
        sample("demo-mall", "route_from"),
        sample("demo-mall", "route_to")
    );
    let ours = app.fetch(&route).await;
    assert_eq!(ours.status(), 200);
    assert_eq!(header(&ours, "cross-origin-resource-policy"), "same-origin");
    assert_eq!(header(&ours, "access-control-allow-origin"), "");
    assert!(header(&ours, "vary").contains("Origin"));
    for (path, headers) in [
        (route.as_str(), &[("sec-fetch-site", "cross-site")][..]),
        (route.as_str(), &[("origin", "https://evil.example")][..]),
        (
            &format!("{HOSPITAL}/live"),
            &[
                ("origin", "https://evil.example"),
                ("sec-fetch-site", "cross-site"),
            ][..],
        ),
        (
            &hour_of_track("BLE-01", 60),
            &[
                ("sec-fetch-site", "cross-site"),
                ("sec-fetch-dest", "image"),
            ][..],
        ),
    ] {
        let response = app.fetch_with(path, headers).await;
        assert_eq!(
            response.status(),
            StatusCode::FORBIDDEN,
            "{path} {headers:?}"
        );
        assert_eq!(
            header(&response, "cross-origin-resource-policy"),
            "same-origin"
        );
        assert_eq!(json_body(response).await["error"]["code"], "cross_site");
    }
    assert_eq!(
        details(&app).await["compute"]["computed"],
        0,
        "refused before any work"
    );
    // A person following a link from another site, and the embedder's page.
    let followed = app
        .fetch_with(
            &route,
            &[
                ("sec-fetch-site", "cross-site"),
                ("sec-fetch-mode", "navigate"),
                ("sec-fetch-dest", "document"),
            ],
        )
        .await;
    assert_eq!(followed.status(), 200);
    let embedded = app
        .fetch_with(
            &route,
            &[
                ("origin", "https://partner.example"),
                ("sec-fetch-site", "cross-site"),
            ],
        )
        .await;
    assert_eq!(embedded.status(), 200);
    assert_eq!(
        header(&embedded, "access-control-allow-origin"),
        "https://partner.example"
    );
    assert_eq!(
        header(&embedded, "cross-origin-resource-policy"),
        "cross-origin"
    );
}

#[tokio::test]
async fn an_engine_that_panics_is_started_again_and_its_streams_go_on() {
    let app = app(|_| {}).await;
    let mut stream = Stream::open(&app, &format!("{HOSPITAL}/live"), &[]).await;
    let before = stream.events(2).await;
    assert!(app.faults.panic_live_engine("demo-hospital"));
    // The same connection: seconds after the restart come on it.
    let after = stream.events(3).await;
    assert!(after[0].id > before[1].id);
    assert_eq!(after[2].id, after[1].id + 1);
    assert_eq!(details(&app).await["live"]["engines"], 1);
}

#[tokio::test]
async fn a_stream_ends_after_its_lifetime_and_at_once_at_shutdown_telling_its_browser_to_return() {
    let mut app = app(|config| config.venues.live.stream_lifetime_secs = 3).await;
    let mut stream = Stream::open(&app, &format!("{HOSPITAL}/live"), &[]).await;
    let started = Instant::now();
    let mut last = String::new();
    while let Some(block) = stream.block(Duration::from_secs(10)).await {
        last = block;
    }
    assert!(last.contains("retry: 1000"), "{last}");
    // The reason is in the last block; the bounds say "at its lifetime (2.7-3 s)" and "at once",
    // with room for a loaded machine: in a fresh clone's run beside the browser tests the
    // shutdown's end came after 1.37 s. Either end missed would last until the reads' timeouts.
    assert!(
        started.elapsed() < Duration::from_secs(6),
        "{:?}",
        started.elapsed()
    );

    let mut stream = Stream::open(&app, &format!("{HOSPITAL}/live"), &[]).await;
    stream.events(1).await;
    let started = Instant::now();
    app.shut_down();
    let mut last = String::new();
    while let Some(block) = stream.block(Duration::from_secs(5)).await {
        last = block;
    }
    assert!(
        last.contains("stopping") && last.contains("retry:"),
        "{last}"
    );
    assert!(
        started.elapsed() < Duration::from_millis(2500),
        "{:?}",
        started.elapsed()
    );
}

#[tokio::test]
async fn streams_are_capped_per_address_and_in_all() {
    let app = app(|config| {
        config.venues.live.max_streams = 3;
        config.venues.live.max_streams_per_client = 2;
    })
    .await;
    let live = app.url(&format!("{HOSPITAL}/live"));
    let (first, second, third) = (
        TestApp::client_from("127.0.0.1"),
        TestApp::client_from("127.0.0.2"),
        TestApp::client_from("127.0.0.3"),
    );
    let mut open = Vec::new();
    for _ in 0..2 {
        open.push(first.get(&live).send().await.unwrap());
    }
    let over = first.get(&live).send().await.unwrap();
    assert_eq!(over.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(json_body(over).await["error"]["code"], "streams_per_client");
    open.push(second.get(&live).send().await.unwrap());
    assert!(open.iter().all(|stream| stream.status() == 200));
    let full = third.get(&live).send().await.unwrap();
    assert_eq!(full.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert!(!header(&full, "retry-after").is_empty());
    assert_eq!(json_body(full).await["error"]["code"], "streams_full");
    assert_eq!(details(&app).await["live"]["streams"], 3);
    // A closed stream gives its place back.
    drop(open.pop());
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let again = third.get(&live).send().await.unwrap();
        if again.status() == 200 {
            break;
        }
        assert!(Instant::now() < deadline, "the place did not come back");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The CPU time this test's process (its server, its client) has used so far.
fn process_cpu() -> Duration {
    let now = rustix::time::clock_gettime(rustix::time::ClockId::ProcessCPUTime);
    Duration::new(
        u64::try_from(now.tv_sec).unwrap_or(0),
        u32::try_from(now.tv_nsec).unwrap_or(0),
    )
}
