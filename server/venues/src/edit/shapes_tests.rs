use serde_json::{Value, json};

use super::tests::{building, feature};
use super::*;
use crate::check::check_imdf;

/// The first level of the fixture: a walkway 60 m by 6 m along the north of a lobby and two
/// rooms; the lobby and the first room share the corner (121.400126, 31.1701437), which lies
/// inside the walkway's long south wall.
const LEVEL: &str = "5f130c4e-e011-49e8-8444-87779ab2d091";
const WALKWAY: &str = "905865f8-2daf-4f98-b742-2bc7cb9b7596";
const LOBBY: &str = "1505a984-197e-441a-93c3-9088d526b0d0";
const ROOM: &str = "b70e1cc6-e4f0-42f1-b5b9-402463df2e53";
const SHARED: [f64; 2] = [121.400126, 31.1701437];
const NEW_ROOM: &str = "0b7d2a4e-5f1c-4e8a-9d3b-6c2e1f0a9b8c";
const NEW_DOOR: &str = "4c9e1b7a-2d3f-4a5b-8c6d-7e8f9a0b1c2d";

fn area(geometry: &Value) -> f64 {
    let mut rings = Vec::new();
    positions::collect_rings(geometry, &mut rings);
    let frame = Frame::new(121.4, 31.17);
    rings
        .iter()
        .map(|ring| {
            let local: Vec<Point> = ring.iter().map(|p| frame.to_local(p[0], p[1])).collect();
            crate::geometry::signed_area(&local)
        })
        .sum()
}

fn problems(dir: &Path) -> Vec<String> {
    check_imdf(dir, "building")
        .into_iter()
        .map(|problem| problem.message.to_string())
        .collect()
}

/// A room named `name` drawn beside the walkway: two corners 14 cm north of its south wall,
/// one 20 cm from the corner it shares with the lobby.
fn new_room(name: &str) -> Change {
    Change::DrawRoom {
        id: NEW_ROOM.into(),
        door_id: NEW_DOOR.into(),
        level_id: LEVEL.into(),
        corners: vec![
            [121.4001278, 31.1701450],
            [121.40017, 31.1701450],
            [121.40017, 31.17017],
            [121.4001278, 31.17017],
        ],
        name: Some(name.into()),
        category: "room".into(),
    }
}

#[test]
fn a_drawn_room_snaps_to_the_wall_is_cut_out_of_the_walkway_and_its_undo_restores_it() {
    let dir = building();
    assert_eq!(problems(dir.path()), Vec::<String>::new());
    let walkway = feature(dir.path(), "unit", WALKWAY).unwrap();
    let draw = new_room("新房间");
    let undo = apply_changes(dir.path(), &[draw], 10).unwrap();
    let room = feature(dir.path(), "unit", NEW_ROOM).unwrap();
    let corners = room["geometry"]["coordinates"][0].as_array().unwrap();
    assert_eq!(corners.len(), 5, "four corners, closed: {room}");
    // Snapped exactly: the corner onto the shared corner, the other onto the wall.
    assert!(corners.contains(&json!(SHARED)), "{room}");
    assert!(
        corners
            .iter()
            .any(|c| c[1] == json!(31.1701437) && c[0] != json!(SHARED[0]))
    );
    assert!(area(&room["geometry"]) > 0.0, "counter-clockwise");
    assert_eq!(room["properties"]["name"], json!({"zh-Hans": "新房间"}));
    let cut = feature(dir.path(), "unit", WALKWAY).unwrap();
    let taken = area(&walkway["geometry"]) - area(&cut["geometry"]);
    assert!((taken - area(&room["geometry"])).abs() < 0.01, "{taken}");
    // Its door is on its north wall, the longest onto the walkway; the venue check passes.
    let door = feature(dir.path(), "opening", NEW_DOOR).unwrap();
    let ends = door["geometry"]["coordinates"].as_array().unwrap();
    assert!(
        ends.iter()
            .all(|end| (end[1].as_f64().unwrap() - 31.17017).abs() < 1e-7),
        "{door}"
    );
    assert_eq!(problems(dir.path()), Vec::<String>::new());

    apply_changes(dir.path(), &undo, 10).unwrap();
    assert_eq!(feature(dir.path(), "unit", WALKWAY).unwrap(), walkway);
    assert_eq!(feature(dir.path(), "unit", NEW_ROOM), None);
    assert_eq!(feature(dir.path(), "opening", NEW_DOOR), None);
}

#[test]
fn a_room_over_a_whole_walkway_crossing_itself_or_too_small_is_refused() {
    let dir = building();
    let draw = |corners: Vec<[f64; 2]>| Change::DrawRoom {
        id: "x".into(),
        door_id: "y".into(),
        level_id: LEVEL.into(),
        corners,
        name: None,
        category: "room".into(),
    };
    let cases = [
        (
            vec![
                [121.3999, 31.17014],
                [121.4007, 31.17014],
                [121.4007, 31.1702],
                [121.3999, 31.1702],
            ],
            "盖住了整个",
        ),
        (
            vec![
                [121.4001, 31.17015],
                [121.4002, 31.17019],
                [121.4002, 31.17015],
                [121.4001, 31.17019],
            ],
            "交叉",
        ),
        (
            vec![
                [121.4001, 31.17015],
                [121.40010001, 31.17015],
                [121.4001, 31.1701501],
            ],
            "面积",
        ),
        (
            vec![
                [121.4001, 31.17015],
                [f64::NAN, 31.17015],
                [121.4001, 31.1701501],
            ],
            "经纬度",
        ),
    ];
    for (corners, says) in cases {
        let error = apply_changes(dir.path(), &[draw(corners)], 10).unwrap_err();
        assert!(error.to_string().contains(says), "{error}");
        assert_eq!(feature(dir.path(), "unit", "x"), None);
    }
}

#[test]
fn a_moved_corner_takes_the_rooms_and_walls_sharing_it_and_its_undo_restores_them() {
    let dir = building();
    let before: Vec<Value> = [LOBBY, ROOM, WALKWAY]
        .iter()
        .map(|id| feature(dir.path(), "unit", id).unwrap())
        .collect();
    let frame = Frame::new(SHARED[0], SHARED[1]);
    // Pointed at 30 cm off the corner; moved 1.5 m east.
    let at = frame.to_lon_lat(Point::new(0.3, -0.1));
    let to = frame.to_lon_lat(Point::new(1.5, 0.0));
    let change = Change::MoveCorner {
        id: LOBBY.into(),
        at,
        to,
    };
    let undo = apply_changes(dir.path(), &[change], 10).unwrap();
    for id in [LOBBY, ROOM, WALKWAY] {
        let unit = feature(dir.path(), "unit", id).unwrap();
        let mut all = Vec::new();
        positions::collect_positions(&unit["geometry"], &mut all);
        assert!(all.contains(&to), "{id}: {unit}");
        assert!(!all.contains(&SHARED), "{id}: {unit}");
    }
    // The lobby grew by what the room lost; the walkway only bent its wall.
    let gain = area(&feature(dir.path(), "unit", LOBBY).unwrap()["geometry"])
        - area(&before[0]["geometry"]);
    let loss = area(&before[1]["geometry"])
        - area(&feature(dir.path(), "unit", ROOM).unwrap()["geometry"]);
    assert!(gain > 1.0 && (gain - loss).abs() < 0.01, "{gain} {loss}");
    let found = problems(dir.path());
    assert_eq!(found, Vec::<String>::new());

    apply_changes(dir.path(), &undo, 10).unwrap();
    for (id, old) in [LOBBY, ROOM, WALKWAY].iter().zip(&before) {
        assert_eq!(&feature(dir.path(), "unit", id).unwrap(), old);
    }
}

#[test]
fn a_corner_is_looked_for_within_two_metres() {
    let dir = building();
    let frame = Frame::new(SHARED[0], SHARED[1]);
    let change = Change::MoveCorner {
        id: LOBBY.into(),
        at: frame.to_lon_lat(Point::new(-5.0, -5.0)),
        to: SHARED,
    };
    let error = apply_changes(dir.path(), &[change], 10).unwrap_err();
    assert!(error.to_string().contains("2 米内"), "{error}");
}

#[test]
fn a_corner_added_on_a_shared_wall_moved_and_removed_leaves_the_rooms_as_they_were_and_valid() {
    let dir = building();
    let before: Vec<Value> = [LOBBY, WALKWAY]
        .iter()
        .map(|id| feature(dir.path(), "unit", id).unwrap())
        .collect();
    // The middle of the lobby's north wall, the walkway's south wall, pointed at 30 cm off.
    let frame = Frame::new(121.400063, 31.1701437);
    let at = frame.to_lon_lat(Point::new(0.0, 0.3));
    let add = Change::AddCorner {
        id: LOBBY.into(),
        at,
    };
    apply_changes(dir.path(), &[add], 10).unwrap();
    let corner = [121.400063, 31.1701437];
    let has = |id: &str, point: [f64; 2]| {
        let mut all = Vec::new();
        positions::collect_positions(
            &feature(dir.path(), "unit", id).unwrap()["geometry"],
            &mut all,
        );
        let local = |p: [f64; 2]| frame.to_local(p[0], p[1]);
        all.iter().any(|p| local(*p).distance(local(point)) < 0.001)
    };
    assert!(has(LOBBY, corner) && has(WALKWAY, corner));
    let to = frame.to_lon_lat(Point::new(0.0, 1.0));
    let moved = Change::MoveCorner {
        id: LOBBY.into(),
        at,
        to,
    };
    apply_changes(dir.path(), &[moved], 10).unwrap();
    assert!(has(LOBBY, to) && has(WALKWAY, to));
    assert_eq!(problems(dir.path()), Vec::<String>::new());
    let remove = Change::RemoveCorner {
        id: LOBBY.into(),
        at: to,
    };
    apply_changes(dir.path(), &[remove], 10).unwrap();
    // The lobby as it was; the walkway too, but for the corners of the lobby and the room it
    // took on its straight south wall while the corner moved.
    let lobby = feature(dir.path(), "unit", LOBBY).unwrap();
    assert_eq!(lobby["geometry"], before[0]["geometry"]);
    let walkway = feature(dir.path(), "unit", WALKWAY).unwrap();
    assert!((area(&walkway["geometry"]) - area(&before[1]["geometry"])).abs() < 1e-6);
    assert_eq!(problems(dir.path()), Vec::<String>::new());
}

#[test]
fn a_corner_is_not_added_twice_nor_removed_below_three() {
    let dir = building();
    let frame = Frame::new(SHARED[0], SHARED[1]);
    let add = Change::AddCorner {
        id: LOBBY.into(),
        at: frame.to_lon_lat(Point::new(-0.05, 0.05)),
    };
    let error = apply_changes(dir.path(), &[add], 10).unwrap_err();
    assert!(error.to_string().contains("已经有一个角"), "{error}");
    // The first room is a rectangle: one corner goes, the second would leave two.
    let room = feature(dir.path(), "unit", ROOM).unwrap();
    let corners = room["geometry"]["coordinates"][0]
        .as_array()
        .unwrap()
        .clone();
    let corner = |i: usize| {
        [
            corners[i][0].as_f64().unwrap(),
            corners[i][1].as_f64().unwrap(),
        ]
    };
    let remove = |i: usize| Change::RemoveCorner {
        id: ROOM.into(),
        at: corner(i),
    };
    let error = apply_changes(dir.path(), &[remove(1), remove(2)], 10).unwrap_err();
    assert!(error.to_string().contains("不到三个角"), "{error}");
    assert_eq!(feature(dir.path(), "unit", ROOM).unwrap(), room);
}

#[test]
fn a_removed_room_gives_its_floor_to_the_walkway_and_its_undo_restores_every_file() {
    let dir = building();
    let files = ["unit", "opening", "anchor", "occupant", "amenity"];
    let read = |dir: &Path| -> Vec<Value> {
        files
            .iter()
            .map(|t| {
                let text = std::fs::read_to_string(dir.join(format!("{t}.geojson"))).unwrap();
                let mut collection: Value = serde_json::from_str(&text).unwrap();
                // An undone removal adds the feature back at the end of its file.
                let features = collection["features"].as_array_mut().unwrap();
                features.sort_by_key(|f| f["id"].as_str().unwrap().to_owned());
                collection
            })
            .collect()
    };
    let before = read(dir.path());
    let walkway = feature(dir.path(), "unit", WALKWAY).unwrap();
    let room = feature(dir.path(), "unit", ROOM).unwrap();
    let change = Change::RemoveRoom { id: ROOM.into() };
    let undo = apply_changes(dir.path(), &[change], 10).unwrap();
    assert_eq!(feature(dir.path(), "unit", ROOM), None);
    // The room's floor went to the walkway it shares its longest wall with, not to the lobby.
    let grown = area(&feature(dir.path(), "unit", WALKWAY).unwrap()["geometry"]);
    let sum = area(&walkway["geometry"]) + area(&room["geometry"]);
    assert!((grown - sum).abs() < 0.01, "{grown} {sum}");
    assert_eq!(problems(dir.path()), Vec::<String>::new());
    apply_changes(dir.path(), &undo, 10).unwrap();
    assert!(
        read(dir.path()) == before,
        "the undo restores every feature"
    );
}

#[test]
fn a_walkway_or_a_lift_is_not_removed_as_a_room() {
    let dir = building();
    let lift = "b5ad503f-97a9-4101-9e9e-dfef5ebd195f";
    for (id, says) in [(WALKWAY, "不是房间"), (lift, "连着其他楼层")] {
        let change = Change::RemoveRoom { id: id.into() };
        let error = apply_changes(dir.path(), &[change], 10).unwrap_err();
        assert!(error.to_string().contains(says), "{error}");
    }
}

#[test]
fn a_change_set_draws_at_most_a_thousand_corners() {
    let dir = building();
    let corners: Vec<[f64; 2]> = (0..100)
        .map(|i| {
            [
                121.4001 + f64::from(i) * 1e-7,
                31.17015 + f64::from(i % 2) * 1e-5,
            ]
        })
        .collect();
    let draw = |i: usize| Change::DrawRoom {
        id: format!("room-{i}"),
        door_id: format!("door-{i}"),
        level_id: LEVEL.into(),
        corners: corners.clone(),
        name: None,
        category: "room".into(),
    };
    let set: Vec<Change> = (0..11).map(draw).collect();
    let error = apply_changes(dir.path(), &set, 200).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("一次最多画 1000 个房间的角，这次有 1100 个"),
        "{error}"
    );
}

/// 120 copies of a room over each other make 7,140 overlapping pairs: the check reports the
/// first hundred and stops looking (an upload or an edit must not hold a thread for seconds).
#[test]
fn the_check_reports_a_hundred_overlaps_at_most() {
    let dir = building();
    let room = feature(dir.path(), "unit", ROOM).unwrap();
    let copies: Vec<Change> = (0..120)
        .map(|i| {
            let mut copy = room.clone();
            copy["id"] = json!(format!("0b7d2a4e-5f1c-4e8a-9d3b-{i:012x}"));
            Change::Add { feature: copy }
        })
        .collect();
    apply_changes(dir.path(), &copies, 200).unwrap();
    let overlaps = problems(dir.path())
        .iter()
        .filter(|p| p.contains("重叠"))
        .count();
    assert_eq!(overlaps, 100);
}

#[test]
fn a_removed_corner_keeps_the_walls_joined_at_a_neighbours_corner() {
    let dir = building();
    // The lobby's north-west corner is the walkway's south-west one too; the walkway's south
    // wall runs on past the lobby's north-east corner (the next room's), which pins it.
    let frame = Frame::new(SHARED[0], SHARED[1]);
    let west = frame.to_lon_lat(Point::new(-12.0, 0.0));
    let pin = frame.to_lon_lat(Point::new(0.0, 0.0));
    let remove = Change::RemoveCorner {
        id: LOBBY.into(),
        at: west,
    };
    apply_changes(dir.path(), &[remove], 10).unwrap();
    let corners = |id: &str| {
        let mut all = Vec::new();
        positions::collect_positions(
            &feature(dir.path(), "unit", id).unwrap()["geometry"],
            &mut all,
        );
        all.iter()
            .map(|p| frame.to_local(p[0], p[1]))
            .collect::<Vec<Point>>()
    };
    let near = |points: &[Point], p: [f64; 2]| {
        let p = frame.to_local(p[0], p[1]);
        points.iter().any(|q| q.distance(p) < 0.001)
    };
    let walkway = corners(WALKWAY);
    assert!(!near(&walkway, west), "{walkway:?}");
    // The walkway's new wall runs to the lobby's other corner on it, not across to its far end.
    assert!(near(&walkway, pin), "{walkway:?}");
    assert!(near(&corners(LOBBY), pin));
}

#[test]
fn a_room_drawn_in_a_building_of_another_language_is_named_in_it() {
    let dir = building();
    let manifest = dir.path().join("manifest.json");
    let mut json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&manifest).unwrap()).unwrap();
    json["language"] = json!("en-GB");
    std::fs::write(&manifest, json.to_string()).unwrap();
    let draw = new_room("Meeting room");
    apply_changes(dir.path(), &[draw], 10).unwrap();
    let room = feature(dir.path(), "unit", NEW_ROOM).unwrap();
    assert_eq!(room["properties"]["name"], json!({"en-GB": "Meeting room"}));
}
