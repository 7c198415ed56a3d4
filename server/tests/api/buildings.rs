//! Buildings that visitors bring (issue #32), over real HTTP against the real server with a real
//! SQLite file and a real PostgreSQL database: the demo mall exported as IMDF and uploaded is
//! stored under an unguessable id, read back, downloaded and deleted; hostile and broken uploads
//! are refused with their message and leave nothing stored; the caps per client and on storage.

use std::io::{Cursor, Write};
use std::path::Path;

use reqwest::StatusCode;
use serde_json::Value;
use site_server::config::Config;
use zip::write::{SimpleFileOptions, ZipWriter};

use crate::support::app::{TestApp, header, json_body, spawn_app_with};
use crate::support::databases::{Backend, database_url};
use crate::support::fixture::FixtureDist;

pub(crate) fn mall_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../content/venues/demo-mall")
}

/// The demo mall as `site export-imdf` archives it.
pub(crate) fn mall_archive() -> Vec<u8> {
    let mut buffer = Cursor::new(Vec::new());
    site_venues::export_imdf(&mall_dir(), &mut buffer).expect("the mall exports");
    buffer.into_inner()
}

/// A ZIP of `(name, bytes)` entries.
pub(crate) fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    for (name, bytes) in entries {
        zip.start_file(*name, SimpleFileOptions::default()).unwrap();
        zip.write_all(bytes).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

/// The mall with its first unit on a level that does not exist.
pub(crate) fn broken_mall_archive() -> Vec<u8> {
    let dir = mall_dir();
    let mut entries: Vec<(String, Vec<u8>)> = Vec::new();
    for name in [
        "manifest.json",
        "venue.geojson",
        "level.geojson",
        "unit.geojson",
        "opening.geojson",
    ] {
        let mut bytes = std::fs::read(dir.join(name)).unwrap();
        if name == "unit.geojson" {
            let mut units: Value = serde_json::from_slice(&bytes).unwrap();
            units["features"][0]["properties"]["level_id"] =
                Value::from("00000000-0000-4000-8000-000000000000");
            bytes = serde_json::to_vec(&units).unwrap();
        }
        entries.push((name.to_owned(), bytes));
    }
    let borrowed: Vec<(&str, &[u8])> = entries
        .iter()
        .map(|(n, b)| (n.as_str(), b.as_slice()))
        .collect();
    zip_of(&borrowed)
}

/// The server on `backend`, and the database's URL (a SQLite file in a directory that lives
/// as long as the returned one).
pub(crate) async fn app_on(
    backend: Backend,
    customise: impl FnOnce(&mut Config),
) -> Option<(TestApp, String, tempfile::TempDir)> {
    let data = tempfile::TempDir::new().unwrap();
    let url = database_url(backend, data.path()).await?;
    let app = spawn_app_with(FixtureDist::new().with_venues().build(), |config| {
        config.database_url = url.clone();
        config.venues.live.tags = 10;
        // Off: these tests upload more in a minute than one visitor's budget allows.
        config.venues.compute.per_second_ms = 0;
        customise(config);
    })
    .await;
    store_ready(&app).await;
    Some((app, url, data))
}

/// Waits until `app`'s buildings' store is ready. The database is migrated in the background
/// after start, and a building asked for before then is answered 503 (`buildings_unavailable`),
/// as it should be. A fresh clone's run lost that race on a busy machine; an unknown building's
/// 404 says the store is ready.
pub(crate) async fn store_ready(app: &TestApp) {
    let unknown = format!("/api/venues/{}", "0".repeat(32));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while app.fetch(&unknown).await.status() == StatusCode::SERVICE_UNAVAILABLE {
        assert!(
            std::time::Instant::now() < deadline,
            "the buildings' store was not ready 30 s after start"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

/// Uploads `bytes`; every answer, refusals included, is private.
pub(crate) async fn upload(app: &TestApp, bytes: Vec<u8>) -> (StatusCode, Value) {
    post_private(app, "/api/buildings", "application/zip", bytes).await
}

/// Posts `body` to `path` of the buildings API; its answer, refusals included, is private
/// (`no-store`, `noindex`).
pub(crate) async fn post_private(
    app: &TestApp,
    path: &str,
    content_type: &str,
    body: Vec<u8>,
) -> (StatusCode, Value) {
    let response = app
        .client
        .post(app.url(path))
        .header("content-type", content_type)
        .body(body)
        .send()
        .await
        .expect("request");
    let status = response.status();
    let private = (
        header(&response, "cache-control"),
        header(&response, "x-robots-tag"),
    );
    let body = json_body(response).await;
    assert_eq!(
        private,
        ("no-store".to_owned(), "noindex".to_owned()),
        "{body}"
    );
    (status, body)
}

/// The code and message of a refusal.
pub(crate) fn refusal(body: &Value) -> (&str, &str) {
    (
        body["error"]["code"].as_str().unwrap_or_default(),
        body["error"]["message"].as_str().unwrap_or_default(),
    )
}

/// Buildings in the SQLite database of `url`, read from the file itself.
pub(crate) async fn stored_count(url: &str) -> i64 {
    use sqlx::ConnectOptions;
    let options: sqlx::sqlite::SqliteConnectOptions = url.parse().expect("a SQLite URL");
    let mut connection = options.connect().await.expect("the file opens");
    sqlx::query_scalar("SELECT COUNT(*) FROM buildings")
        .fetch_one(&mut connection)
        .await
        .expect("the table exists")
}

#[tokio::test]
async fn an_uploaded_venue_is_stored_read_back_downloaded_and_deleted_on_both_backends() {
    for backend in [Backend::Sqlite, Backend::Postgres] {
        let Some((app, _url, _data)) = app_on(backend, |_| {}).await else {
            continue;
        };
        let (status, created) = upload(&app, mall_archive()).await;
        assert_eq!(status, StatusCode::CREATED, "{backend:?}: {created}");
        let id = created["id"].as_str().unwrap().to_owned();
        assert!(
            id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit()),
            "{id}"
        );
        assert_eq!(created["link"], format!("/next/demo?building={id}"));
        let levels: Vec<&str> = created["levels"]
            .as_array()
            .unwrap()
            .iter()
            .map(|level| level["short"].as_str().unwrap())
            .collect();
        assert_eq!(
            levels,
            ["B2", "B1", "L1", "L2", "L3", "L4", "L5"],
            "{created}"
        );
        assert!(created["features"].as_u64().unwrap() > 1000, "{created}");
        let week = 7 * 86_400_000;
        let expires = created["expires_at"].as_i64().unwrap();
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_millis() as i64;
        assert!((expires - now - week).abs() < 60_000, "{expires}");

        let path = format!("/api/buildings/{id}");
        let info = app.fetch(&path).await;
        assert_eq!(info.status(), StatusCode::OK);
        assert_eq!(header(&info, "x-robots-tag"), "noindex");
        let info = json_body(info).await;
        assert_eq!(info["name"], created["name"]);
        assert_eq!(info["version"], 1);

        let archive = app.fetch(&format!("{path}/imdf.zip")).await;
        assert_eq!(header(&archive, "content-type"), "application/zip");
        let bytes = archive.bytes().await.unwrap().to_vec();
        let mut zip = zip::ZipArchive::new(Cursor::new(bytes)).expect("a ZIP");
        assert!(zip.by_name("unit.geojson").is_ok());

        let deleted = app.send(reqwest::Method::DELETE, &path).await;
        assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
        let gone = app.fetch(&path).await;
        assert_eq!(gone.status(), StatusCode::NOT_FOUND);
        assert_eq!(refusal(&json_body(gone).await).0, "building_unknown");
        let again = app.send(reqwest::Method::DELETE, &path).await;
        assert_eq!(again.status(), StatusCode::NOT_FOUND);
    }
}

#[tokio::test]
async fn hostile_and_broken_uploads_are_refused_with_their_message() {
    let Some((app, url, _data)) = app_on(Backend::Sqlite, |config| {
        config.buildings.max_upload_mib = 1;
    })
    .await
    else {
        return;
    };
    let cases: Vec<(&str, Vec<u8>, StatusCode, &str, &str)> = vec![
        (
            "a path out of the folder",
            zip_of(&[("venue.geojson", b"{}"), ("../evil.txt", b"x")]),
            StatusCode::UNPROCESSABLE_ENTITY,
            "building_refused",
            "路径不安全",
        ),
        (
            "a truncated archive",
            mall_archive()[..4000].to_vec(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "building_refused",
            "ZIP",
        ),
        (
            "a DWG drawing",
            b"AC1032 binary drawing".to_vec(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "building_refused",
            "ZIP",
        ),
        (
            "a file over the limit",
            vec![b'x'; 1024 * 1024 + 1],
            StatusCode::PAYLOAD_TOO_LARGE,
            "building_too_large",
            "最多 1 MB",
        ),
    ];
    for (what, bytes, status, code, words) in cases {
        let (got, body) = upload(&app, bytes).await;
        assert_eq!(got, status, "{what}: {body}");
        let (got_code, message) = refusal(&body);
        assert_eq!(got_code, code, "{what}: {body}");
        assert!(message.contains(words), "{what}: {message}");
    }
    let (status, body) = upload(&app, broken_mall_archive()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(refusal(&body).0, "building_invalid");
    let problems = body["error"]["problems"].as_array().expect("problems");
    assert!(
        problems
            .iter()
            .any(|problem| problem["file"] == "unit.geojson"
                && problem["feature"].is_string()
                && problem["rule"] == "references"),
        "{problems:?}"
    );
    assert_eq!(stored_count(&url).await, 0);
    // The same server still takes a good one.
    assert_eq!(upload(&app, mall_archive()).await.0, StatusCode::CREATED);
    assert_eq!(stored_count(&url).await, 1);
}

#[tokio::test]
async fn a_client_uploads_so_many_buildings_a_day_and_storage_has_a_cap() {
    let Some((app, _url, _data)) = app_on(Backend::Sqlite, |config| {
        config.buildings.per_client_per_day = 2;
    })
    .await
    else {
        return;
    };
    for _ in 0..2 {
        assert_eq!(upload(&app, mall_archive()).await.0, StatusCode::CREATED);
    }
    let (status, body) = upload(&app, mall_archive()).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert_eq!(refusal(&body).0, "buildings_per_day");
    assert!(refusal(&body).1.contains("最多上传 2 座建筑"), "{body}");

    let Some((full, _url, _data)) = app_on(Backend::Sqlite, |config| {
        config.buildings.storage_mib = 1;
        config.buildings.per_client_per_day = 1000;
    })
    .await
    else {
        return;
    };
    let size = mall_archive().len();
    let fits = 1024 * 1024 / size;
    for _ in 0..fits {
        assert_eq!(upload(&full, mall_archive()).await.0, StatusCode::CREATED);
    }
    let (status, body) = upload(&full, mall_archive()).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert_eq!(refusal(&body).0, "buildings_full");
}

#[tokio::test]
async fn an_unknown_or_malformed_id_is_no_building() {
    let Some((app, _url, _data)) = app_on(Backend::Sqlite, |_| {}).await else {
        return;
    };
    for id in [
        "0123456789abcdef0123456789abcdef",
        "nope",
        "..%2F..%2Fetc",
        "0123456789ABCDEF0123456789ABCDEF",
    ] {
        let response = app.fetch(&format!("/api/buildings/{id}")).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{id}");
        assert_eq!(refusal(&json_body(response).await).0, "building_unknown");
    }
}

/// `path` of the API as JSON, with its status.
pub(crate) async fn api(app: &TestApp, path: &str) -> (StatusCode, Value) {
    let response = app.fetch(path).await;
    (response.status(), json_body(response).await)
}

#[tokio::test]
async fn an_uploaded_venue_answers_as_the_demo_venue_it_was_exported_from() {
    let Some((app, _url, _data)) = app_on(Backend::Sqlite, |_| {}).await else {
        return;
    };
    let (status, created) = upload(&app, mall_archive()).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().unwrap().to_owned();
    let (mine, demo) = (
        format!("/api/venues/{id}"),
        "/api/venues/demo-mall".to_owned(),
    );

    let (status, summary) = api(&app, &mine).await;
    assert_eq!(status, StatusCode::OK, "{summary}");
    assert_eq!(summary["id"], id.as_str());
    assert_eq!(summary["name"], created["name"]);
    assert_eq!(summary["levels"].as_array().unwrap().len(), 7);
    let default_level = summary["defaultLevel"].as_str().unwrap().to_owned();
    let (status, level) = api(&app, &format!("{mine}/levels/{default_level}")).await;
    assert_eq!(status, StatusCode::OK, "{level}");
    assert!(level["units"].as_array().unwrap().len() > 10, "{level}");
    let (status, level) = api(&app, &format!("{mine}/levels/L9")).await;
    assert_eq!(
        (status, refusal(&level).0),
        (StatusCode::NOT_FOUND, "level_unknown")
    );

    // The same engine on the same files: the same places found, the same routes.
    for query in ["xbk", "星巴克", "muying", "卫生间"] {
        let path = |base: &str| format!("{base}/search?q={}", urlencoding(query));
        let (_, theirs) = api(&app, &path(&demo)).await;
        let (status, ours) = api(&app, &path(&mine)).await;
        assert_eq!(status, StatusCode::OK, "{query}: {ours}");
        let ids = |answer: &Value| -> Vec<String> {
            answer["results"]
                .as_array()
                .unwrap()
                .iter()
                .map(|result| result["id"].as_str().unwrap().to_owned())
                .collect()
        };
        assert!(!ids(&theirs).is_empty(), "{query}");
        assert_eq!(ids(&ours), ids(&theirs), "{query}");
    }
    let from = crate::support::fixture::venues::sample("demo-mall", "route_from");
    let to = crate::support::fixture::venues::sample("demo-mall", "route_to");
    for accessible in [false, true] {
        let path = |base: &str| {
            format!(
                "{base}/route?from={}&to={}&accessible={accessible}",
                urlencoding(&from),
                urlencoding(&to)
            )
        };
        let (_, theirs) = api(&app, &path(&demo)).await;
        let (status, ours) = api(&app, &path(&mine)).await;
        assert_eq!(status, StatusCode::OK, "{ours}");
        assert_eq!(ours["distance_m"], theirs["distance_m"]);
        assert_eq!(ours["steps"], theirs["steps"]);
    }
    let details = json_body(app.fetch("/healthz?details").await).await;
    assert_eq!(details["buildings_loaded"], 1, "{details}");

    // Private, and changed by the editor: no browser or cache keeps any of its answers, while
    // the demo venue's stay cacheable.
    for path in [
        mine.clone(),
        format!("{mine}/levels/{default_level}"),
        format!("{mine}/search?q=xbk"),
        format!(
            "{mine}/route?from={}&to={}",
            urlencoding(&from),
            urlencoding(&to)
        ),
    ] {
        let response = app.fetch(&path).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let headers = (
            header(&response, "cache-control"),
            header(&response, "x-robots-tag"),
        );
        assert_eq!(
            headers,
            ("no-store".to_owned(), "noindex".to_owned()),
            "{path}"
        );
    }
    let demo_level = app.fetch(&format!("{demo}/levels/{default_level}")).await;
    assert!(header(&demo_level, "cache-control").starts_with("public"));

    // Deleted: gone from the API at once.
    let deleted = app
        .send(reqwest::Method::DELETE, &format!("/api/buildings/{id}"))
        .await;
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
    let (status, gone) = api(&app, &format!("{mine}/search?q=xbk")).await;
    assert_eq!(
        (status, refusal(&gone).0),
        (StatusCode::NOT_FOUND, "building_unknown")
    );
}

/// The route between the first results of two searches of `venue` (its API path), which must
/// change level; its length in metres.
pub(crate) async fn route_across_levels(
    app: &TestApp,
    venue: &str,
    from: &Value,
    to: &Value,
) -> f64 {
    let first = |answer: &Value| answer["results"][0]["id"].as_str().unwrap().to_owned();
    let path = format!(
        "{venue}/route?from={}&to={}",
        urlencoding(&first(from)),
        urlencoding(&first(to))
    );
    let (status, route) = api(app, &path).await;
    assert_eq!(status, StatusCode::OK, "{route}");
    assert!(
        !route["transitions"].as_array().unwrap().is_empty(),
        "{route}"
    );
    route["distance_m"].as_f64().unwrap()
}

pub(crate) fn urlencoding(text: &str) -> String {
    url::form_urlencoded::byte_serialize(text.as_bytes()).collect()
}
