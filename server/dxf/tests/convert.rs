//! A converted fixture goes through the venue check and the engine as an upload does, and a
//! route runs between rooms on the two sides of the corridor, through their doors.

mod common;

use common::{converted as load, features, fixture, suggested_mapping};
use serde_json::Value;
use site_dxf::{DxfRule, KnownLength, convert};
use site_venues::Venue;
use site_venues::geometry::{Point, nearest_on_segment};

fn unit_named<'a>(units: &'a [Value], name: &str) -> &'a Value {
    units
        .iter()
        .find(|f| f["properties"]["name"]["zh-Hans"] == name)
        .unwrap_or_else(|| panic!("no unit {name}"))
}

fn local(venue: &Venue, position: &Value) -> Point {
    venue.to_local(
        position[0].as_f64().expect("lon"),
        position[1].as_f64().expect("lat"),
    )
}

/// The middle of the opening nearest the room's display point: its door.
fn door_of(venue: &Venue, files: &site_dxf::ImdfFiles, room: &Value) -> Point {
    let inside = local(venue, &room["properties"]["display_point"]["coordinates"]);
    features(files, "opening.geojson")
        .iter()
        .map(|f| {
            let ends = &f["geometry"]["coordinates"];
            local(venue, &ends[0]).lerp(local(venue, &ends[1]), 0.5)
        })
        .min_by(|a, b| a.distance(inside).total_cmp(&b.distance(inside)))
        .expect("openings")
}

fn distance_to_line(p: Point, line: &[Point]) -> f64 {
    line.windows(2)
        .map(|w| nearest_on_segment(p, w[0], w[1]).0)
        .fold(f64::MAX, f64::min)
}

fn route_through_corridor(name: &str) {
    let (venue, files) = load(name, &suggested_mapping(&fixture(name)));
    assert_eq!(
        features(&files, "unit.geojson").len(),
        7,
        "six rooms and the corridor"
    );
    assert_eq!(
        features(&files, "opening.geojson").len(),
        7,
        "six doors and an entrance"
    );
    let units = features(&files, "unit.geojson");
    let (from, to) = (unit_named(&units, "前台"), unit_named(&units, "培训室"));
    let route = venue
        .route(
            from["id"].as_str().expect("id"),
            to["id"].as_str().expect("id"),
            false,
            "zh-Hans",
        )
        .expect("a route");
    let line: Vec<Point> = route
        .legs
        .iter()
        .flat_map(|l| l.points.iter().copied())
        .collect();
    let distance = route.legs.iter().map(|l| l.distance_m).sum::<f64>();
    // Out of 前台 to its door, 20 m along the corridor and 2.4 m across it, into 培训室.
    assert!((20.0..40.0).contains(&distance), "{distance} m");
    for room in [from, to] {
        let door = door_of(&venue, &files, room);
        let off = distance_to_line(door, &line);
        assert!(
            off < 0.2,
            "the route passes {off} m from the door of {}",
            room["properties"]["name"]
        );
    }
}

#[test]
fn millimetre_plan_routes_across_the_corridor() {
    route_through_corridor("office-mm.dxf");
}

#[test]
fn chinese_layers_route_across_the_corridor() {
    route_through_corridor("office-chinese-layers.dxf");
}

/// Walls drawn as lines with door blocks in their gaps, and no room outlines: the rooms are the
/// spaces the walls enclose, the corridor the one most doors open onto.
#[test]
fn rooms_enclosed_by_wall_lines_route_across_the_corridor() {
    route_through_corridor("office-walls.dxf");
}

/// The same with no doors drawn at all, only the gaps in the walls where they are.
#[test]
fn gaps_in_wall_lines_are_doorways() {
    route_through_corridor("office-walls-gaps.dxf");
}

/// The same with each door drawn as its leaf and swing (a LINE and an ARC on the doors' layer)
/// instead of a block.
#[test]
fn doors_drawn_as_their_swing_are_doors() {
    route_through_corridor("office-walls-swings.dxf");
}

#[test]
fn rooms_take_the_names_written_inside_them() {
    let (_, files) = load(
        "office-mm.dxf",
        &suggested_mapping(&fixture("office-mm.dxf")),
    );
    let mut names: Vec<String> = features(&files, "unit.geojson")
        .iter()
        .filter_map(|f| {
            f["properties"]["name"]["zh-Hans"]
                .as_str()
                .map(str::to_owned)
        })
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["会议室", "前台", "培训室", "档案室", "经理办公室", "茶水间"]
    );
}

#[test]
fn open_room_outlines_are_refused_by_handle() {
    let bytes = fixture("no-closed-room.dxf");
    let problems = convert(&bytes, &suggested_mapping(&bytes)).unwrap_err();
    assert_eq!(problems.len(), 6, "{problems:#?}");
    for problem in &problems {
        assert_eq!(problem.rule, DxfRule::Room);
        let handle = problem.handle.as_deref().expect("handle");
        assert_eq!(
            problem.message.chinese(),
            format!(
                "图层 ROOM 上的多段线（句柄 {handle}）没有闭合，不能作为房间：请把它改成闭合多段线"
            )
        );
        assert_eq!(
            problem.message.english(),
            format!(
                "The polyline on layer ROOM (handle {handle}) is not closed, so it cannot be a room: make it a closed polyline"
            )
        );
    }
}

#[test]
fn unitless_drawing_needs_a_unit_or_a_known_length() {
    let bytes = fixture("unitless.dxf");
    let mut mapping = suggested_mapping(&bytes);
    let problems = convert(&bytes, &mapping).unwrap_err();
    assert_eq!(problems.len(), 1);
    assert_eq!(problems[0].rule, DxfRule::Unit);
    assert!(
        problems[0].message.chinese().contains("$INSUNITS"),
        "{}",
        problems[0].message
    );
    // The corridor's length, 30 000 drawing units, is 30 m.
    mapping.known_length = Some(KnownLength {
        a: [0.0, 6000.0],
        b: [30000.0, 6000.0],
        metres: 30.0,
    });
    load("unitless.dxf", &mapping);
}
