//! Device plans over real HTTP on the real venues (issue #33): a plan streams its progress,
//! then its devices and the lab's figures, and is kept; a visitor's uploaded building is planned
//! like a demo venue, and a new version of it is planned again; a wrong request is refused with its
//! code; one address plans one at a time, a full queue refuses at once, a waiting plan hears
//! its place, and a visitor who leaves cancels the plan, which frees the thread for the next.

use std::io::Cursor;
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::Value;
use site_server::config::Config;

use crate::buildings::{app_on, mall_archive, post_private, store_ready, upload};
use crate::support::app::{TestApp, json_body, refused_at_once, spawn_app_with};
use crate::support::databases::Backend;
use crate::support::fixture::FixtureDist;
use crate::support::sse::{Event, Stream, parse};

const HOSPITAL_AOA: &str = "/api/venues/demo-hospital/plan?technology=aoa&target=1&levels=L1";
const MALL_BLE: &str = "/api/venues/demo-mall/plan?technology=ble&target=3";

async fn app(customise: impl FnOnce(&mut Config)) -> TestApp {
    spawn_app_with(FixtureDist::new().with_venues().build(), |config| {
        config.venues.live.tags = 10;
        customise(config);
    })
    .await
}

/// The events of a plan's stream to its end.
async fn to_the_end(mut stream: Stream) -> Vec<Event> {
    let mut events = Vec::new();
    while let Some(block) = stream.block(Duration::from_secs(120)).await {
        events.extend(parse(&block));
    }
    events
}

/// Reads `stream` until its plan's first progress: before it, it may only be told it is next.
async fn until_progress(stream: &mut Stream) {
    loop {
        let event = parse(&stream.block(Duration::from_secs(30)).await.unwrap()).unwrap();
        match event.name.as_str() {
            "queued" => assert_eq!(event.data["ahead"], 0),
            "progress" => return,
            other => panic!("{other}"),
        }
    }
}

async fn plans_computed(app: &TestApp) -> u64 {
    let details = json_body(app.fetch("/healthz?details").await).await;
    details["plans_computed"].as_u64().unwrap()
}

#[tokio::test]
async fn a_plan_streams_its_progress_then_its_devices_and_figures_and_is_kept() {
    let app = app(|_| {}).await;
    let mut events = to_the_end(Stream::open(&app, HOSPITAL_AOA, &[]).await).await;
    // Told it is next, while the idle thread takes it up.
    if events[0].name == "queued" {
        assert_eq!(events.remove(0).data["ahead"], 0);
    }
    let names: Vec<&str> = events.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names.last(), Some(&"plan"), "{names:?}");
    assert!(names[..names.len() - 1].iter().all(|n| *n == "progress"));
    let first = &events[0].data;
    assert_eq!(
        (first["round"].as_u64(), first["stage"].as_str()),
        (Some(1), Some("placing"))
    );
    let measured = &events[events.len() - 2].data;
    assert_eq!(measured["stage"], "measuring");
    assert_eq!(measured["walked"], measured["walkers"]);

    let plan = &events.last().unwrap().data;
    assert_eq!(plan["technology"], "aoa");
    assert_eq!(plan["target_cep95_m"], 1.0);
    assert_eq!(plan["meets_target"], true, "{plan}");
    let devices = plan["devices"].as_array().unwrap();
    assert!(devices.len() >= 2, "{plan}");
    for (n, device) in devices.iter().enumerate() {
        assert_eq!(device["name"], format!("L1-AOA-{:03}", n + 1));
        assert_eq!(device["level"], "L1");
        let [lon, lat] = [&device["point"][0], &device["point"][1]].map(|v| v.as_f64().unwrap());
        assert!(
            (121.0..122.0).contains(&lon) && (31.0..32.0).contains(&lat),
            "{device}"
        );
        assert!(device["height_m"].as_f64().unwrap() > 2.0);
    }
    let total = &plan["total"];
    let cep = |name: &str| total[name].as_f64().unwrap();
    assert!(cep("cep50_m") <= cep("cep75_m") && cep("cep75_m") <= cep("cep95_m"));
    assert!(cep("cep95_m") <= 1.0, "{total}");
    assert_eq!(plan["levels"].as_array().unwrap().len(), 1);
    assert_eq!(plan["levels"][0]["level"], "L1");
    assert_eq!(plans_computed(&app).await, 1);

    // Asked again: the plan kept, at once, and nothing computed.
    let started = Instant::now();
    let again = to_the_end(Stream::open(&app, HOSPITAL_AOA, &[]).await).await;
    assert!(started.elapsed() < Duration::from_secs(1));
    assert_eq!(again.len(), 1);
    assert_eq!(&again[0].data, plan);
    assert_eq!(plans_computed(&app).await, 1);
    assert_eq!(
        (&plan["zone"], &plan["stairs"]),
        (&Value::from("all"), &Value::from(true))
    );

    // Another scope is another plan, which says what it covers.
    let zoned = format!("{HOSPITAL_AOA}&zone=circulation&stairs=false");
    let zoned = to_the_end(Stream::open(&app, &zoned, &[]).await).await;
    let zoned = &zoned.last().unwrap().data;
    assert_eq!(
        (&zoned["zone"], &zoned["stairs"]),
        (&Value::from("circulation"), &Value::from(false))
    );
    assert_eq!(plans_computed(&app).await, 2);
}

/// Posts `body` as a changed layout of `path`'s plan: the stream, or the refusal's status and
/// answer.
async fn post_layout(
    app: &TestApp,
    path: &str,
    body: Vec<u8>,
) -> Result<Stream, (StatusCode, Value)> {
    let response = app
        .client
        .post(app.url(path))
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
        .expect("request");
    if response.status() == StatusCode::OK {
        Ok(Stream::of(response, path))
    } else {
        Err((response.status(), json_body(response).await))
    }
}

/// The plan's own layout posted back is measured as it is and gives the plan's figures (within
/// the noise of points rounded to a centimetre); with a
/// gateway taken away, one device fewer and the lab's figures of that; the heat map, the gaps
/// and the time to first fix come with each; a wrong layout is refused, naming what is wrong.
#[tokio::test]
async fn a_changed_layout_is_measured_as_it_is_and_a_wrong_one_is_refused() {
    let app = app(|_| {}).await;
    let events = to_the_end(Stream::open(&app, HOSPITAL_AOA, &[]).await).await;
    let plan = events.last().unwrap().data.clone();
    assert_eq!(
        plan["heat"].as_array().unwrap().len(),
        1,
        "{}",
        plan["heat"]
    );
    assert_eq!(plan["heat"][0]["level"], "L1");
    assert_eq!(plan["heat"][0]["scale_m"], 2.0);
    assert!(plan["heat"][0]["cells"].as_str().unwrap().len() > 10);
    assert_eq!(plan["gaps"][0]["level"], "L1");
    assert!(plan["total"]["first_fix_p50_s"].as_f64().unwrap() >= 1.0);
    let layout: Vec<Value> = (plan["devices"].as_array().unwrap().iter())
        .map(|d| serde_json::json!({"level": d["level"], "point": d["point"]}))
        .collect();
    let body =
        |devices: &[Value]| serde_json::to_vec(&serde_json::json!({ "devices": devices })).unwrap();

    let same = post_layout(&app, HOSPITAL_AOA, body(&layout))
        .await
        .ok()
        .unwrap();
    let same = to_the_end(same).await;
    let measured = &same.last().unwrap().data;
    assert_eq!(same.last().unwrap().name, "plan");
    // The same devices in the same order, their points rounded to a centimetre by [lon, lat]:
    // the same walkers, figures within the filter's noise.
    assert_eq!(measured["total"]["fixes"], plan["total"]["fixes"]);
    for cep in ["cep50_m", "cep75_m", "cep95_m"] {
        let (a, b) = (
            measured["total"][cep].as_f64().unwrap(),
            plan["total"][cep].as_f64().unwrap(),
        );
        assert!(
            (a - b).abs() <= 0.05 + 0.05 * b,
            "{cep}: {a} measured, {b} planned"
        );
    }
    assert_eq!(measured["devices"], plan["devices"]);
    assert_eq!(measured["rounds"], serde_json::json!([]));
    assert_eq!(plans_computed(&app).await, 2);

    let fewer = to_the_end(
        post_layout(&app, HOSPITAL_AOA, body(&layout[1..]))
            .await
            .ok()
            .unwrap(),
    )
    .await;
    let fewer = &fewer.last().unwrap().data;
    assert_eq!(fewer["devices"].as_array().unwrap().len(), layout.len() - 1);
    assert_eq!(fewer["levels"][0]["level"], "L1");
    assert_eq!(plans_computed(&app).await, 3);

    let point = &layout[0]["point"];
    let many: Vec<Value> = (0..2_001).map(|_| layout[0].clone()).collect();
    for (body, reason) in [
        (
            body(&[serde_json::json!({"level": "L2", "point": point})]),
            "第 1 台设备的楼层 L2 不在规划的楼层中",
        ),
        (
            body(&[
                layout[0].clone(),
                serde_json::json!({"level": "L1", "point": [0.0, 0.0]}),
            ]),
            "第 2 台设备不在 L1 层的范围内",
        ),
        (body(&many), "一个布局最多 2000 台设备"),
        (b"{\"devices\": 3}".to_vec(), "不是设备布局的 JSON"),
        (
            body(&[serde_json::json!({"level": "L1", "point": point, "extra": 1})]),
            "unknown field",
        ),
    ] {
        let (status, answer) = post_layout(&app, HOSPITAL_AOA, body).await.err().unwrap();
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        assert_eq!(answer["error"]["code"], "layout_malformed");
        let message = answer["error"]["message"].as_str().unwrap();
        assert!(
            message.starts_with("设备布局有误：") && message.contains(reason),
            "{message}"
        );
    }
    // Past 256 KB the body is not read to its end, and the connection closes after the answer.
    let response = app
        .client
        .post(app.url(HOSPITAL_AOA))
        .body(vec![b' '; 300 * 1024])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(response.headers()["connection"], "close");
    assert_eq!(plans_computed(&app).await, 3);
}

#[tokio::test]
async fn a_wrong_plan_request_is_refused_with_its_code() {
    let app = app(|_| {}).await;
    for (query, status, code) in [
        (
            "technology=wifi",
            StatusCode::BAD_REQUEST,
            "technology_unknown",
        ),
        (
            "technology=uwb&target=0.05",
            StatusCode::BAD_REQUEST,
            "target_malformed",
        ),
        (
            "technology=ble&target=NaN",
            StatusCode::BAD_REQUEST,
            "target_malformed",
        ),
        (
            "levels=L1,L9",
            StatusCode::UNPROCESSABLE_ENTITY,
            "level_unknown",
        ),
        ("zone=garden", StatusCode::BAD_REQUEST, "zone_unknown"),
        ("stairs=maybe", StatusCode::BAD_REQUEST, "boolean_malformed"),
    ] {
        let response = app
            .fetch(&format!("/api/venues/demo-hospital/plan?{query}"))
            .await;
        assert_eq!(response.status(), status, "{query}");
        let answer: Value = json_body(response).await;
        assert_eq!(answer["error"]["code"], code, "{query}");
    }
    let response = app.fetch("/api/venues/nowhere/plan").await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    assert_eq!(plans_computed(&app).await, 0);
}

#[tokio::test]
async fn one_address_plans_one_at_a_time_a_full_queue_refuses_and_leaving_cancels() {
    // One thread, one place in the queue, no budget to run out of.
    let app = app(|config| {
        config.venues.planning.workers = 1;
        config.venues.planning.queue = 1;
        config.venues.planning.cpu_secs_per_hour = 0;
    })
    .await;
    let (first, second, third) = (
        TestApp::client_from("127.0.0.1"),
        TestApp::client_from("127.0.0.2"),
        TestApp::client_from("127.0.0.3"),
    );
    // The first address's plan of the whole mall (seconds) takes the thread.
    let mall = first.get(app.url(MALL_BLE)).send().await.unwrap();
    let mut mall = Stream::of(mall, MALL_BLE);
    let opening = mall.block(Duration::from_secs(30)).await.unwrap();
    assert!(opening.starts_with("retry:"), "{opening}");
    // Told it is next (until the thread takes it), then its progress.
    until_progress(&mut mall).await;
    // Its second plan is refused at once.
    refused_at_once(&app, &first, HOSPITAL_AOA, "client_busy").await;
    // A second address waits in the queue and is told it is next.
    let waiting = second.get(app.url(HOSPITAL_AOA)).send().await.unwrap();
    let mut waiting = Stream::of(waiting, HOSPITAL_AOA);
    waiting.block(Duration::from_secs(5)).await.unwrap();
    let queued = parse(&waiting.block(Duration::from_secs(5)).await.unwrap()).unwrap();
    assert_eq!(
        (queued.name.as_str(), &queued.data),
        ("queued", &serde_json::json!({"ahead": 0}))
    );
    // A third finds the thread and the queue taken.
    refused_at_once(&app, &third, HOSPITAL_AOA, "busy").await;

    // The first visitor leaves: the mall's plan stops, and the waiting one starts at once (its
    // first progress; how long the rest of its plan takes depends on the machine's load).
    let left = Instant::now();
    drop(mall);
    until_progress(&mut waiting).await;
    assert!(
        left.elapsed() < Duration::from_secs(10),
        "{:?}",
        left.elapsed()
    );
    let events = to_the_end(waiting).await;
    assert_eq!(events.last().unwrap().name, "plan");
    assert_eq!(
        plans_computed(&app).await,
        1,
        "the cancelled plan is not counted"
    );
    // The first address may plan again.
    let again = first.get(app.url(HOSPITAL_AOA)).send().await.unwrap();
    assert_eq!(again.status(), StatusCode::OK);
}

/// The demo mall uploaded as a visitor would: its ground floor planned with AoA gateways, named
/// by the building's own level, and exported with the building; an edit makes a new version,
/// which is planned afresh.
#[tokio::test]
async fn an_uploaded_building_is_planned_and_its_next_version_planned_again() {
    let Some((app, _url, _data)) = app_on(Backend::Sqlite, |_| {}).await else {
        return;
    };
    let (_, created) = upload(&app, mall_archive()).await;
    let id = created["id"].as_str().unwrap().to_owned();
    let path = format!("/api/venues/{id}/plan?technology=aoa&target=1&levels=L1");
    let events = to_the_end(Stream::open(&app, &path, &[]).await).await;
    let plan = &events.last().unwrap().data;
    assert_eq!(events.last().unwrap().name, "plan", "{plan}");
    let devices = plan["devices"].as_array().unwrap();
    assert!(devices.len() >= 10, "{plan}");
    assert!(devices.iter().all(|d| d["level"] == "L1"));
    assert_eq!(plans_computed(&app).await, 1);
    exported_with_the_building(&app, &id, devices).await;
    // The same again is the plan kept; a level's height set is another version, planned again.
    let again = to_the_end(Stream::open(&app, &path, &[]).await).await;
    assert_eq!(&again.last().unwrap().data, plan);
    assert_eq!(plans_computed(&app).await, 1);
    let summary = json_body(app.fetch(&format!("/api/venues/{id}")).await).await;
    let level = summary["levels"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["short"] == "L1")
        .unwrap();
    let edit = serde_json::json!({"base": 1, "changes": [{"op": "patch", "feature_type": "level",
        "id": level["id"], "properties": {"height": 5.0}}]});
    let changes = format!("/api/buildings/{id}/changes");
    let (status, saved) = post_private(
        &app,
        &changes,
        "application/json",
        edit.to_string().into_bytes(),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let replanned = to_the_end(Stream::open(&app, &path, &[]).await).await;
    assert_eq!(replanned.last().unwrap().name, "plan");
    assert_eq!(plans_computed(&app).await, 2);
}

/// The plan's gateways in the building's IMDF archive: every file of the building and
/// infrastructure.geojson, which passes the venue check (every key of the contract, ids, names
/// and anchor ids once each, every device inside its level) and reads back as the engine's
/// devices where the plan put them. The same devices alone as infrastructure.geojson.
async fn exported_with_the_building(app: &TestApp, id: &str, devices: &[Value]) {
    let layout: Vec<Value> = (devices.iter())
        .map(|d| serde_json::json!({"level": d["level"], "point": d["point"]}))
        .collect();
    let body = serde_json::to_vec(&serde_json::json!({ "devices": layout })).unwrap();
    let post = |path: String| {
        app.client
            .post(app.url(&path))
            .header("content-type", "application/json")
            .body(body.clone())
            .send()
    };
    let plain = app.fetch(&format!("/api/buildings/{id}/imdf.zip")).await;
    let plain = zip::ZipArchive::new(Cursor::new(plain.bytes().await.unwrap().to_vec())).unwrap();
    let response = post(format!(
        "/api/buildings/{id}/imdf.zip?technology=aoa&levels=L1"
    ))
    .await
    .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "application/zip");
    assert_eq!(response.headers()["cache-control"], "no-store");
    let bytes = response.bytes().await.unwrap().to_vec();
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).unwrap();
    assert_eq!(archive.len(), plain.len() + 1);
    let dir = tempfile::tempdir().unwrap();
    archive.extract(dir.path()).unwrap();
    let text = std::fs::read_to_string(dir.path().join("infrastructure.geojson")).unwrap();
    let file: Value = serde_json::from_str(&text).unwrap();
    let features = file["features"].as_array().unwrap();
    assert_eq!(features.len(), devices.len());
    assert_eq!(features[0]["properties"]["kind"], "aoa_gateway");
    assert_eq!(features[0]["properties"]["name"], devices[0]["name"]);
    assert_eq!(features[0]["geometry"]["coordinates"], devices[0]["point"]);
    // The venue check's rules of infrastructure.geojson, on the building as exported.
    let problems = site_venues::check::check_venue(dir.path(), "exported", None);
    let devices_problems: Vec<_> = (problems.iter())
        .filter(|p| p.file.contains("infrastructure"))
        .collect();
    assert!(devices_problems.is_empty(), "{devices_problems:?}");
    let model = site_venues::testing::load(id, dir.path(), &Default::default());
    let read = site_venues::read_devices(dir.path(), model.model()).unwrap();
    assert_eq!(read.len(), devices.len());

    let alone = post(format!(
        "/api/venues/{id}/plan/infrastructure.geojson?technology=aoa&levels=L1"
    ))
    .await
    .unwrap();
    assert_eq!(alone.status(), StatusCode::OK);
    assert_eq!(alone.headers()["content-type"], "application/geo+json");
    let disposition = alone.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(
        disposition.ends_with("-aoa-infrastructure.geojson\""),
        "{disposition}"
    );
    let alone: Value = serde_json::from_slice(&alone.bytes().await.unwrap()).unwrap();
    assert_eq!(alone, file);
    // A layout on a level the export does not cover is refused, nothing written.
    let refused = post(format!(
        "/api/buildings/{id}/imdf.zip?technology=aoa&levels=L2"
    ))
    .await
    .unwrap();
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
}

/// Two servers of one database (replicas), on both backends: a plan the first made is sent at
/// once by the second, which computes nothing; a visitor's own layout is not shared.
#[tokio::test]
async fn a_plan_one_server_made_is_sent_at_once_by_another_of_its_database() {
    for backend in [Backend::Sqlite, Backend::Postgres] {
        let Some((first, url, _data)) = app_on(backend, |_| {}).await else {
            continue;
        };
        let second = spawn_app_with(FixtureDist::new().with_venues().build(), |config| {
            config.database_url = url.clone();
            config.venues.live.tags = 10;
        })
        .await;
        store_ready(&second).await;
        let made = to_the_end(Stream::open(&first, HOSPITAL_AOA, &[]).await).await;
        let plan = &made.last().unwrap().data;
        assert_eq!(plans_computed(&first).await, 1, "{backend:?}");
        // Kept in the database before the first visitor had it: the second server sends it.
        let started = Instant::now();
        let shared = to_the_end(Stream::open(&second, HOSPITAL_AOA, &[]).await).await;
        assert!(started.elapsed() < Duration::from_secs(1));
        assert_eq!(plans_computed(&second).await, 0, "{backend:?}");
        assert_eq!(shared.len(), 1, "{backend:?}");
        assert_eq!((shared[0].name.as_str(), &shared[0].data), ("plan", plan));

        let layout: Vec<Value> = (plan["devices"].as_array().unwrap().iter())
            .map(|d| serde_json::json!({"level": d["level"], "point": d["point"]}))
            .collect();
        let body = serde_json::to_vec(&serde_json::json!({ "devices": layout })).unwrap();
        let measured = post_layout(&first, HOSPITAL_AOA, body.clone())
            .await
            .ok()
            .unwrap();
        to_the_end(measured).await;
        let again = post_layout(&second, HOSPITAL_AOA, body).await.ok().unwrap();
        to_the_end(again).await;
        assert_eq!(plans_computed(&second).await, 1, "{backend:?}");
    }
}
