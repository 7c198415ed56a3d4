//! The online editor's edits of a stored building (issue #32), over real HTTP against the real
//! server on SQLite and PostgreSQL: moving a door of the demo mall changes the route at once and
//! its undo brings the route back; a level's height is saved and an impossible one refused; a room drawn in a walkway is routed to at once, its corner
//! moves, a corner is added to it and removed, and the room is removed; an edit to a replaced version is a conflict, and of two tabs
//! saving at once exactly one wins; an edit that breaks the building, does not apply, or is not
//! an edit is refused with its message and stores nothing, as is one that would overflow the storage.

use std::io::{Cursor, Read};

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::buildings::{api, app_on, mall_archive, post_private, refusal, upload, urlencoding};
use crate::support::app::TestApp;
use crate::support::databases::Backend;

/// Sends an edit of building `id` made to version `base`.
async fn edit(app: &TestApp, id: &str, base: i64, changes: Value) -> (StatusCode, Value) {
    let body = json!({ "base": base, "changes": changes });
    send(app, id, body.to_string()).await
}

async fn send(app: &TestApp, id: &str, body: String) -> (StatusCode, Value) {
    let path = format!("/api/buildings/{id}/changes");
    post_private(app, &path, "application/json", body.into_bytes()).await
}

/// The features of `file` in the building's IMDF archive.
async fn features(app: &TestApp, id: &str, file: &str) -> Vec<Value> {
    let bytes = app
        .fetch(&format!("/api/buildings/{id}/imdf.zip"))
        .await
        .bytes()
        .await
        .unwrap();
    let mut zip = zip::ZipArchive::new(Cursor::new(bytes.to_vec())).unwrap();
    let mut text = String::new();
    zip.by_name(file)
        .unwrap()
        .read_to_string(&mut text)
        .unwrap();
    let collection: Value = serde_json::from_str(&text).unwrap();
    collection["features"].as_array().unwrap().clone()
}

fn points(geometry: &Value) -> Vec<[f64; 2]> {
    let list = match geometry["type"].as_str() {
        Some("Polygon") => &geometry["coordinates"][0],
        _ => &geometry["coordinates"],
    };
    list.as_array()
        .unwrap()
        .iter()
        .map(|p| [p[0].as_f64().unwrap(), p[1].as_f64().unwrap()])
        .collect()
}

/// Degrees from `p` to the segment `a`-`b` (small distances: a flat plane is enough).
fn to_segment(p: [f64; 2], a: [f64; 2], b: [f64; 2]) -> f64 {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let t = (((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
    ((p[0] - a[0] - t * dx).powi(2) + (p[1] - a[1] - t * dy).powi(2)).sqrt()
}

/// The unit the occupant `occupant` is in.
async fn unit_of(app: &TestApp, id: &str, occupant: &str) -> Value {
    let occupants = features(app, id, "occupant.geojson").await;
    let anchor_id =
        occupants.iter().find(|o| o["id"] == occupant).unwrap()["properties"]["anchor_id"].clone();
    let anchors = features(app, id, "anchor.geojson").await;
    anchors.iter().find(|a| a["id"] == anchor_id).unwrap()["properties"]["unit_id"].clone()
}

/// The doors in the outline of the unit the occupant `occupant` is in, on its level (the
/// levels above and below have walls in the same places).
async fn doors_of(app: &TestApp, id: &str, occupant: &str) -> Vec<Value> {
    let unit_id = unit_of(app, id, occupant).await;
    let units = features(app, id, "unit.geojson").await;
    let unit = units.iter().find(|u| u["id"] == unit_id).unwrap();
    let level = unit["properties"]["level_id"].clone();
    let ring = points(&unit["geometry"]);
    let on_outline = |p: [f64; 2]| ring.windows(2).any(|w| to_segment(p, w[0], w[1]) < 2e-6);
    features(app, id, "opening.geojson")
        .await
        .into_iter()
        .filter(|door| door["properties"]["level_id"] == level)
        .filter(|door| points(&door["geometry"]).into_iter().all(on_outline))
        .collect()
}

async fn route(app: &TestApp, id: &str) -> Value {
    let from = crate::support::fixture::venues::sample("demo-mall", "route_from");
    let to = crate::support::fixture::venues::sample("demo-mall", "route_to");
    let path = format!(
        "/api/venues/{id}/route?from={}&to={}",
        urlencoding(&from),
        urlencoding(&to)
    );
    let (status, answer) = api(app, &path).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer
}

async fn version(app: &TestApp, id: &str) -> i64 {
    api(app, &format!("/api/buildings/{id}")).await.1["version"]
        .as_i64()
        .unwrap()
}

#[tokio::test]
async fn a_moved_door_changes_the_route_its_undo_restores_it_and_a_stale_edit_is_a_conflict() {
    for backend in [Backend::Sqlite, Backend::Postgres] {
        let Some((app, _url, _data)) = app_on(backend, |_| {}).await else {
            continue;
        };
        let (status, created) = upload(&app, mall_archive()).await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let id = created["id"].as_str().unwrap().to_owned();
        let before = route(&app, &id).await;

        // The restaurant's door the route goes through (the nearest to where it ends), moved
        // along its wall by its own width, one way or the other.
        let to = crate::support::fixture::venues::sample("demo-mall", "route_to");
        let end =
            before["legs"].as_array().unwrap().last().unwrap()["path"]["geometry"]["coordinates"]
                .as_array()
                .unwrap()
                .last()
                .map(|p| [p[0].as_f64().unwrap(), p[1].as_f64().unwrap()])
                .unwrap();
        let doors = doors_of(&app, &id, &to).await;
        let away = |door: &Value| {
            let [a, b] = <[[f64; 2]; 2]>::try_from(points(&door["geometry"])).unwrap();
            to_segment(end, a, b)
        };
        let door = doors
            .iter()
            .min_by(|x, y| away(x).total_cmp(&away(y)))
            .expect("the restaurant has a door");
        let door_id = door["id"].as_str().unwrap();
        let [a, b] = <[[f64; 2]; 2]>::try_from(points(&door["geometry"])).unwrap();
        let mut saved = None;
        for way in [1.0, -1.0] {
            let shift = [(b[0] - a[0]) * way, (b[1] - a[1]) * way];
            let moved = json!({"type": "LineString", "coordinates": [
                [a[0] + shift[0], a[1] + shift[1]], [b[0] + shift[0], b[1] + shift[1]]]});
            let changes = json!([{"op": "patch", "feature_type": "opening", "id": door_id,
                "geometry": moved}]);
            let (status, answer) = edit(&app, &id, 1, changes).await;
            if status == StatusCode::OK {
                saved = Some(answer);
                break;
            }
            assert_eq!(refusal(&answer).0, "edit_invalid", "{backend:?}: {answer}");
        }
        let saved = saved.expect("the door moves along its wall one way or the other");
        assert_eq!(saved["version"], 2, "{saved}");
        assert_eq!(version(&app, &id).await, 2);
        let after = route(&app, &id).await;
        assert_ne!(after["distance_m"], before["distance_m"], "{backend:?}");

        // Undo: the door where it was, the route as before, in a version of its own.
        let (status, undone) = edit(&app, &id, 2, saved["undo"].clone()).await;
        assert_eq!(status, StatusCode::OK, "{undone}");
        assert_eq!(undone["version"], 3);
        let again = route(&app, &id).await;
        assert_eq!(again["distance_m"], before["distance_m"]);
        assert_eq!(again["steps"], before["steps"]);
        let restored = features(&app, &id, "opening.geojson").await;
        let restored = restored.iter().find(|d| d["id"] == door_id).unwrap();
        assert_eq!(restored["geometry"], door["geometry"]);

        // An edit made to version 2 is a conflict now, and stores nothing.
        let (status, stale) = edit(&app, &id, 2, saved["undo"].clone()).await;
        assert_eq!(status, StatusCode::CONFLICT, "{stale}");
        let (code, message) = refusal(&stale);
        assert_eq!(code, "building_conflict");
        assert!(message.contains("第 3 版"), "{message}");
        assert_eq!(version(&app, &id).await, 3);
    }
}

#[tokio::test]
async fn a_door_added_beside_another_lies_in_its_wall_passes_the_check_and_undoes() {
    let Some((app, _url, _data)) = app_on(Backend::Sqlite, |_| {}).await else {
        return;
    };
    let (_, created) = upload(&app, mall_archive()).await;
    let id = created["id"].as_str().unwrap().to_owned();
    let to = crate::support::fixture::venues::sample("demo-mall", "route_to");
    let unit = unit_of(&app, &id, &to).await;
    let door = &doors_of(&app, &id, &to).await[0];
    let [a, b] = <[[f64; 2]; 2]>::try_from(points(&door["geometry"])).unwrap();
    // Two door widths further along the same wall.
    let at = [b[0] + 2.0 * (b[0] - a[0]), b[1] + 2.0 * (b[1] - a[1])];
    let new_door = "5a1e0000-0000-4000-8000-000000000001";
    let add = json!([{"op": "add_door", "id": new_door, "unit": unit, "at": at, "width_m": 1.2}]);
    let (status, saved) = edit(&app, &id, 1, add).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let doors = features(&app, &id, "opening.geojson").await;
    let added = doors
        .iter()
        .find(|d| d["id"] == new_door)
        .expect("the door is stored");
    assert_eq!(
        added["properties"]["level_id"],
        door["properties"]["level_id"]
    );
    assert!(
        doors_of(&app, &id, &to)
            .await
            .iter()
            .any(|d| d["id"] == new_door)
    );

    let (status, undone) = edit(&app, &id, 2, saved["undo"].clone()).await;
    assert_eq!(status, StatusCode::OK, "{undone}");
    let doors = features(&app, &id, "opening.geojson").await;
    assert!(doors.iter().all(|d| d["id"] != new_door));
}

#[tokio::test]
async fn of_two_tabs_saving_at_once_exactly_one_wins() {
    for backend in [Backend::Sqlite, Backend::Postgres] {
        let Some((app, _url, _data)) = app_on(backend, |_| {}).await else {
            continue;
        };
        let (_, created) = upload(&app, mall_archive()).await;
        let id = created["id"].as_str().unwrap().to_owned();
        let units = features(&app, &id, "unit.geojson").await;
        let unit = units[0]["id"].as_str().unwrap();
        let rename = |name: &str| {
            json!([{"op": "patch", "feature_type": "unit", "id": unit,
                "properties": {"name": {"zh-Hans": name}}}])
        };
        let (first, second) = tokio::join!(
            edit(&app, &id, 1, rename("一号")),
            edit(&app, &id, 1, rename("二号"))
        );
        let mut statuses = [first.0, second.0];
        statuses.sort();
        assert_eq!(
            statuses,
            [StatusCode::OK, StatusCode::CONFLICT],
            "{backend:?}: {} / {}",
            first.1,
            second.1
        );
        let winner = if first.0 == StatusCode::OK {
            "一号"
        } else {
            "二号"
        };
        let units = features(&app, &id, "unit.geojson").await;
        let stored = units.iter().find(|u| u["id"] == unit).unwrap();
        assert_eq!(stored["properties"]["name"]["zh-Hans"], winner);
        assert_eq!(version(&app, &id).await, 2);
    }
}

/// A building's summary lists its relationships between rooms; removing one takes it out of
/// the summary at once, and its undo puts it back. (The check refuses a lift left in no
/// relationship: the first is replaced by a copy of it before it goes.)
#[tokio::test]
async fn a_relationship_listed_in_the_summary_is_removed_and_restored() {
    let Some((app, _url, _data)) = app_on(Backend::Sqlite, |_| {}).await else {
        return;
    };
    let (_, created) = upload(&app, mall_archive()).await;
    let id = created["id"].as_str().unwrap().to_owned();
    let links = |summary: &Value| -> Vec<String> {
        summary["links"]
            .as_array()
            .expect("a building's summary lists its links")
            .iter()
            .map(|link| link["id"].as_str().unwrap().to_owned())
            .collect()
    };
    let (_, summary) = api(&app, &format!("/api/venues/{id}")).await;
    let before = links(&summary);
    let first = &summary["links"][0];
    assert!(first["units"].as_array().unwrap().len() >= 2, "{first}");
    assert!(first["units"][0]["level"].is_string(), "{first}");
    let gone = before[0].clone();
    let relationships = features(&app, &id, "relationship.geojson").await;
    let mut copy = relationships
        .iter()
        .find(|r| r["id"] == gone.as_str())
        .unwrap()
        .clone();
    copy["id"] = Value::from(uuid::Uuid::new_v4().to_string());
    let (status, saved) = edit(
        &app,
        &id,
        1,
        json!([{"op": "add", "feature": copy},
            {"op": "remove", "feature_type": "relationship", "id": gone}]),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let (_, summary) = api(&app, &format!("/api/venues/{id}")).await;
    assert_eq!(links(&summary).len(), before.len());
    assert!(!links(&summary).contains(&gone));
    let (status, restored) = edit(&app, &id, 2, saved["undo"].clone()).await;
    assert_eq!(status, StatusCode::OK, "{restored}");
    let (_, summary) = api(&app, &format!("/api/venues/{id}")).await;
    assert!(links(&summary).contains(&gone));
}

/// A level's height set in the editor shows in the summary the editor reads; one outside the
/// contract's range is the venue check's problem, named by file, feature and field.
#[tokio::test]
async fn a_level_height_is_saved_and_shown_and_an_impossible_one_refused() {
    let Some((app, _url, _data)) = app_on(Backend::Sqlite, |_| {}).await else {
        return;
    };
    let (_, created) = upload(&app, mall_archive()).await;
    let id = created["id"].as_str().unwrap().to_owned();
    let (_, summary) = api(&app, &format!("/api/venues/{id}")).await;
    let level = summary["levels"][0]["id"].as_str().unwrap().to_owned();
    assert_eq!(summary["levels"][0]["height"], Value::Null, "{summary}");
    let height = |metres: f64| {
        json!([{"op": "patch", "feature_type": "level", "id": level,
            "properties": {"height": metres}}])
    };
    let (status, saved) = edit(&app, &id, 1, height(5.2)).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let (_, summary) = api(&app, &format!("/api/venues/{id}")).await;
    assert_eq!(summary["levels"][0]["height"], json!(5.2), "{summary}");

    let (status, answer) = edit(&app, &id, 2, height(0.5)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(refusal(&answer).0, "edit_invalid");
    let problems = answer["error"]["problems"].as_array().unwrap();
    assert!(
        problems.iter().any(|p| p["file"] == "level.geojson"
            && p["feature"] == level.as_str()
            && p["field"] == "properties.height"),
        "{answer}"
    );
    assert_eq!(version(&app, &id).await, 2);
}

/// The storage's cap holds for edits as for uploads: an edit that would grow the buildings past
/// it is refused as full and stores nothing.
#[tokio::test]
async fn an_edit_that_would_overflow_the_storage_is_refused() {
    for backend in [Backend::Sqlite, Backend::Postgres] {
        let Some((app, _url, _data)) = app_on(backend, |config| {
            config.buildings.storage_mib = 1;
            config.buildings.per_client_per_day = 1000;
        })
        .await
        else {
            continue;
        };
        let size = mall_archive().len();
        let mut id = String::new();
        for _ in 0..1024 * 1024 / size {
            let (status, created) = upload(&app, mall_archive()).await;
            assert_eq!(status, StatusCode::CREATED, "{backend:?}: {created}");
            id = created["id"].as_str().unwrap().to_owned();
        }
        // Names that do not compress, 3 KB each on 150 rooms (parking spaces have names of a
        // form): more than the space left.
        let units = features(&app, &id, "unit.geojson").await;
        let changes: Vec<Value> = units
            .iter()
            .filter(|unit| unit["properties"]["category"] != "parking")
            .take(150)
            .map(|unit| {
                let name: String = (0..84)
                    .map(|_| uuid::Uuid::new_v4().simple().to_string())
                    .collect();
                json!({"op": "patch", "feature_type": "unit", "id": unit["id"],
                    "properties": {"name": {"zh-Hans": name}}})
            })
            .collect();
        let (status, body) = edit(&app, &id, 1, Value::from(changes)).await;
        assert_eq!(
            status,
            StatusCode::SERVICE_UNAVAILABLE,
            "{backend:?}: {body}"
        );
        assert_eq!(refusal(&body).0, "buildings_full", "{backend:?}");
        assert_eq!(version(&app, &id).await, 1, "{backend:?}");
    }
}

#[tokio::test]
async fn a_breaking_a_wrong_or_a_malformed_edit_is_refused_and_stores_nothing() {
    for backend in [Backend::Sqlite, Backend::Postgres] {
        let Some((app, _url, _data)) = app_on(backend, |config| {
            config.buildings.max_changes = 3;
        })
        .await
        else {
            continue;
        };
        let (_, created) = upload(&app, mall_archive()).await;
        let id = created["id"].as_str().unwrap().to_owned();
        let units = features(&app, &id, "unit.geojson").await;
        let unit = units[0]["id"].as_str().unwrap();

        // A room moved to a level that does not exist: the venue check's problems, listed.
        let lost = json!([{"op": "patch", "feature_type": "unit", "id": unit,
            "properties": {"level_id": "00000000-0000-4000-8000-000000000000"}}]);
        let (status, answer) = edit(&app, &id, 1, lost).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
        assert_eq!(refusal(&answer).0, "edit_invalid");
        let problems = answer["error"]["problems"].as_array().unwrap();
        assert!(
            problems
                .iter()
                .any(|p| p["file"] == "unit.geojson" && p["feature"] == unit),
            "{answer}"
        );

        let refused = [
            (
                json!([{"op": "remove", "feature_type": "opening", "id": "no-such-door"}]),
                "第 1 处修改：opening 里没有 id 为 no-such-door 的要素",
            ),
            (
                json!([{"op": "remove", "feature_type": "../../etc/passwd", "id": "x"}]),
                "不是 IMDF 的要素类型",
            ),
            (
                json!([{"op": "add", "feature": {"type": "Feature", "feature_type": "unit"}}]),
                "没有 id",
            ),
            (
                Value::Array(vec![
                    json!({"op": "remove", "feature_type": "unit", "id": "a"});
                    4
                ]),
                "一次最多提交 3 处修改",
            ),
            (json!([]), "没有要保存的修改"),
        ];
        for (changes, expected) in refused {
            let (status, answer) = edit(&app, &id, 1, changes).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
            let (code, message) = refusal(&answer);
            assert_eq!(code, "edit_refused", "{answer}");
            assert!(message.contains(expected), "{message}");
        }

        for body in [
            "not json".to_owned(),
            json!({"base": 1}).to_string(),
            json!({"base": 1, "changes": [{"op": "rename"}]}).to_string(),
            "x".repeat(3 * 1024 * 1024),
        ] {
            let (status, answer) = send(&app, &id, body).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
            assert_eq!(refusal(&answer).0, "edit_malformed", "{answer}");
        }
        assert_eq!(version(&app, &id).await, 1);

        let nobody = "0123456789abcdef0123456789abcdef";
        let (status, answer) = edit(&app, nobody, 1, json!([])).await;
        assert_eq!(
            (status, refusal(&answer).0),
            (StatusCode::NOT_FOUND, "building_unknown")
        );
    }
}

/// A room 4 m along the longest wall of a walkway of the mall and 2.5 m deep, its corners
/// given 20 cm off (the server snaps the two on the wall back onto it); the first that stores.
#[tokio::test]
async fn a_room_drawn_in_a_walkway_is_routed_to_at_once_and_a_corner_of_it_moves() {
    for backend in [Backend::Sqlite, Backend::Postgres] {
        let Some((app, _url, _data)) = app_on(backend, |_| {}).await else {
            continue;
        };
        let (_, created) = upload(&app, mall_archive()).await;
        let id = created["id"].as_str().unwrap().to_owned();
        // The editor's choices come with a building's summary, labelled, and with no demo's.
        let (_, summary) = api(&app, &format!("/api/venues/{id}")).await;
        assert_eq!(
            summary["choices"]["units"]["restroom"], "卫生间",
            "{summary}"
        );
        assert_eq!(summary["choices"]["amenities"]["atm"], "自助取款机");
        let (_, demo) = api(&app, "/api/venues/demo-mall").await;
        assert!(demo.get("choices").is_none());
        let walkways: Vec<Value> = features(&app, &id, "unit.geojson")
            .await
            .into_iter()
            .filter(|u| u["properties"]["category"] == "walkway")
            .collect();
        let room_id = "5a1e0000-0000-4000-8000-00000000a001";
        let door_id = "5a1e0000-0000-4000-8000-00000000a002";
        let mut drawn = None;
        for walkway in &walkways {
            let ring = points(&walkway["geometry"]);
            let (a, b) = ring
                .windows(2)
                .map(|w| (w[0], w[1]))
                .max_by(|x, y| length(x.0, x.1).total_cmp(&length(y.0, y.1)))
                .unwrap();
            // Metres to degrees near the mall, east and north.
            let (east, north) = (1.0 / 95_300.0, 1.0 / 111_200.0);
            let along = length(a, b);
            let unit = [(b[0] - a[0]) / east / along, (b[1] - a[1]) / north / along];
            // Inward: left of the wall when the ring runs counter-clockwise.
            let ccw = signed(&ring) > 0.0;
            let inward = if ccw {
                [-unit[1], unit[0]]
            } else {
                [unit[1], -unit[0]]
            };
            let middle = [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0];
            let at = |s: f64, t: f64| {
                [
                    middle[0] + (unit[0] * s + inward[0] * t) * east,
                    middle[1] + (unit[1] * s + inward[1] * t) * north,
                ]
            };
            let corners = json!([at(-2.0, 0.2), at(2.0, 0.2), at(2.0, 2.5), at(-2.0, 2.5)]);
            let level = walkway["properties"]["level_id"].clone();
            let draw = json!([{"op": "draw_room", "id": room_id, "door_id": door_id,
                "level_id": level, "corners": corners, "name": "新会议室", "category": "room"}]);
            let (status, answer) = edit(&app, &id, 1, draw).await;
            if status == StatusCode::OK {
                drawn = Some((answer, at(2.0, 2.5), at(2.6, 3.0)));
                break;
            }
            assert_eq!(refusal(&answer).0, "edit_invalid", "{backend:?}: {answer}");
        }
        let (saved, corner, moved_to) = drawn.expect("a room fits in one of the walkways");
        let drawn_ring = |units: &[Value]| {
            points(&units.iter().find(|u| u["id"] == room_id).unwrap()["geometry"])
        };
        let units = features(&app, &id, "unit.geojson").await;
        let before_move = drawn_ring(&units);
        assert!(
            units
                .iter()
                .any(|u| u["id"] == room_id && u["properties"]["name"]["zh-Hans"] == "新会议室")
        );
        let doors = features(&app, &id, "opening.geojson").await;
        assert!(doors.iter().any(|d| d["id"] == door_id));

        // Routed to at once: the new room is a place of the building's engine.
        let from = crate::support::fixture::venues::sample("demo-mall", "route_from");
        let path = format!(
            "/api/venues/{id}/route?from={}&to={room_id}",
            urlencoding(&from)
        );
        let (status, answer) = api(&app, &path).await;
        assert_eq!(status, StatusCode::OK, "{backend:?}: {answer}");
        assert_eq!(answer["to"]["name"], "新会议室", "{answer}");

        // Its far corner moved 0.6 m along and 0.5 m further in: the walkway follows.
        let change = json!([{"op": "move_corner", "id": room_id, "at": corner, "to": moved_to}]);
        let (status, moved) = edit(&app, &id, 2, change).await;
        assert_eq!(status, StatusCode::OK, "{backend:?}: {moved}");
        let units = features(&app, &id, "unit.geojson").await;
        let room = units.iter().find(|u| u["id"] == room_id).unwrap();
        assert_ne!(drawn_ring(&units), before_move);
        // Where it was asked to go, or snapped to a wall or corner within half a metre of it.
        let nearest = points(&room["geometry"])
            .into_iter()
            .map(|p| length(p, moved_to))
            .fold(f64::INFINITY, f64::min);
        assert!(nearest < 0.51, "{nearest} m: {room}");

        // A corner added in the middle of the room's first wall, and removed again.
        let ring = points(&room["geometry"]);
        let middle = [
            (ring[0][0] + ring[1][0]) / 2.0,
            (ring[0][1] + ring[1][1]) / 2.0,
        ];
        let add = json!([{"op": "add_corner", "id": room_id, "at": middle}]);
        let (status, added) = edit(&app, &id, 3, add).await;
        assert_eq!(status, StatusCode::OK, "{backend:?}: {added}");
        let units = features(&app, &id, "unit.geojson").await;
        assert_eq!(drawn_ring(&units).len(), ring.len() + 1);
        let remove = json!([{"op": "remove_corner", "id": room_id, "at": middle}]);
        let (status, removed) = edit(&app, &id, 4, remove).await;
        assert_eq!(status, StatusCode::OK, "{backend:?}: {removed}");
        let units = features(&app, &id, "unit.geojson").await;
        assert_eq!(drawn_ring(&units), ring);

        // The room removed: its floor back in the walkway, no route to it; and undone.
        let remove = json!([{"op": "remove_room", "id": room_id}]);
        let (status, removed) = edit(&app, &id, 5, remove).await;
        assert_eq!(status, StatusCode::OK, "{backend:?}: {removed}");
        let (status, _) = api(&app, &path).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{backend:?}");
        let (status, _) = edit(&app, &id, 6, removed["undo"].clone()).await;
        assert_eq!(status, StatusCode::OK);
        let (status, _) = api(&app, &path).await;
        assert_eq!(status, StatusCode::OK, "{backend:?}");

        // Undone twice: the room and its door are gone, the walkways as uploaded.
        let (status, _) = edit(&app, &id, 7, moved["undo"].clone()).await;
        assert_eq!(status, StatusCode::OK);
        let (status, _) = edit(&app, &id, 8, saved["undo"].clone()).await;
        assert_eq!(status, StatusCode::OK);
        let units = features(&app, &id, "unit.geojson").await;
        assert!(units.iter().all(|u| u["id"] != room_id));
        let now: Vec<Value> = units
            .into_iter()
            .filter(|u| u["properties"]["category"] == "walkway")
            .collect();
        assert_eq!(now, walkways, "{backend:?}");
    }
}

/// Metres between two `[lon, lat]` near the mall.
fn length(a: [f64; 2], b: [f64; 2]) -> f64 {
    ((b[0] - a[0]) * 95_300.0).hypot((b[1] - a[1]) * 111_200.0)
}

/// Twice the signed area of a ring, in degrees: positive when counter-clockwise.
fn signed(ring: &[[f64; 2]]) -> f64 {
    ring.windows(2)
        .map(|w| w[0][0] * w[1][1] - w[1][0] * w[0][1])
        .sum()
}
