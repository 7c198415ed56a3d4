//! Drawings made in the test with the dxf crate, for the cases the fixtures do not show: a
//! rounded room, a door on no room and a room without a door.

mod common;

use dxf::entities::{Entity, EntityType, Insert, Line, LwPolyline, Text};
use dxf::enums::{AcadVersion, Units};
use dxf::{Block, Drawing, LwPolylineVertex, Point};
use site_dxf::{DxfRule, convert};

/// A hall of 20 m by 10 m in millimetres, its walls on WALL, with a storeroom in its south-west
/// corner whose east wall bulges out and whose door opens north into the hall.
fn hall() -> Drawing {
    hall_labelled_on("TEXT")
}

fn hall_labelled_on(text_layer: &str) -> Drawing {
    let mut drawing = Drawing::new();
    // $INSUNITS is written from AutoCAD 2000 on.
    drawing.header.version = AcadVersion::R2013;
    drawing.header.default_drawing_units = Units::Millimeters;
    let corners = [
        (0.0, 0.0),
        (20000.0, 0.0),
        (20000.0, 10000.0),
        (0.0, 10000.0),
    ];
    for (i, a) in corners.iter().enumerate() {
        let b = corners[(i + 1) % 4];
        add(
            &mut drawing,
            "WALL",
            EntityType::Line(Line::new(
                Point::new(a.0, a.1, 0.0),
                Point::new(b.0, b.1, 0.0),
            )),
        );
    }
    let bulges = [0.0, 0.3, 0.0, 0.0];
    room(
        &mut drawing,
        &[(0.0, 0.0), (6000.0, 0.0), (6000.0, 5000.0), (0.0, 5000.0)],
        &bulges,
    );
    let mut block = Block {
        name: "D".to_owned(),
        ..Default::default()
    };
    block.entities.push(Entity::new(EntityType::Line(Line::new(
        Point::new(-450.0, 0.0, 0.0),
        Point::new(450.0, 0.0, 0.0),
    ))));
    drawing.add_block(block);
    door(&mut drawing, 3000.0, 5000.0);
    let text = Text {
        location: Point::new(2500.0, 2500.0, 0.0),
        value: "储藏室".to_owned(),
        ..Default::default()
    };
    add(&mut drawing, text_layer, EntityType::Text(text));
    drawing
}

fn add(drawing: &mut Drawing, layer: &str, specific: EntityType) -> String {
    let mut entity = Entity::new(specific);
    entity.common.layer = layer.to_owned();
    drawing.add_entity(entity).common.handle.as_string()
}

fn room(drawing: &mut Drawing, corners: &[(f64, f64)], bulges: &[f64]) -> String {
    let mut outline = LwPolyline::default();
    outline.set_is_closed(true);
    outline.vertices = corners
        .iter()
        .zip(bulges)
        .map(|(&(x, y), &bulge)| LwPolylineVertex {
            x,
            y,
            bulge,
            ..Default::default()
        })
        .collect();
    add(drawing, "ROOM", EntityType::LwPolyline(outline))
}

fn door(drawing: &mut Drawing, x: f64, y: f64) -> String {
    let insert = Insert {
        name: "D".to_owned(),
        location: Point::new(x, y, 0.0),
        ..Default::default()
    };
    add(drawing, "DOOR", EntityType::Insert(insert))
}

fn bytes(drawing: &Drawing) -> Vec<u8> {
    let mut out = Vec::new();
    drawing.save(&mut out).expect("saved");
    out
}

#[test]
fn a_rounded_room_in_a_hall_passes_the_check() {
    let bytes = bytes(&hall());
    let files = convert(&bytes, &common::suggested_mapping(&bytes))
        .unwrap_or_else(|problems| panic!("{problems:#?}"));
    let dir = tempfile::tempdir().expect("temp dir");
    files.write_to(dir.path()).expect("written");
    let problems = site_venues::check::check_imdf(dir.path(), "upload");
    assert!(problems.is_empty(), "{problems:#?}");
    let units = files.get("unit.geojson").expect("units");
    assert!(units.contains("储藏室"));
    let unit: serde_json::Value = serde_json::from_str(units).expect("JSON");
    let storeroom = unit["features"]
        .as_array()
        .expect("features")
        .iter()
        .find(|f| f["properties"]["name"]["zh-Hans"] == "储藏室")
        .expect("the storeroom");
    let ring = storeroom["geometry"]["coordinates"][0]
        .as_array()
        .expect("ring");
    assert!(
        ring.len() > 8,
        "the bulged wall is drawn as chords: {} positions",
        ring.len()
    );
}

#[test]
fn a_door_on_no_room_and_a_room_without_a_door_are_named_by_handle() {
    let mut drawing = hall();
    let far = door(&mut drawing, 15000.0, 8000.0);
    let lonely = room(
        &mut drawing,
        &[
            (10000.0, 0.0),
            (14000.0, 0.0),
            (14000.0, 4000.0),
            (10000.0, 4000.0),
        ],
        &[0.0; 4],
    );
    let bytes = bytes(&drawing);
    let problems = convert(&bytes, &common::suggested_mapping(&bytes)).unwrap_err();
    assert_eq!(problems.len(), 2, "{problems:#?}");
    let door = problems
        .iter()
        .find(|p| p.rule == DxfRule::Door)
        .expect("the door");
    assert_eq!(door.handle.as_deref(), Some(far.as_str()));
    assert!(
        door.message.chinese().starts_with(&format!(
            "图层 DOOR 上的门图块（句柄 {far}）离最近的房间边线或外墙还有 2.0 米"
        )),
        "{}",
        door.message
    );
    assert!(
        door.message.english().starts_with(&format!(
            "The door block on layer DOOR (handle {far}) lies 2.0 m from the nearest room edge"
        )),
        "{:?}",
        door.message
    );
    let room = problems
        .iter()
        .find(|p| p.rule == DxfRule::RoomWithoutDoor)
        .expect("the room");
    assert_eq!(
        room.message.chinese(),
        format!(
            "图层 ROOM 上的房间（句柄 {lonely}）没有门：在门图层上给它的墙放一个门图块（INSERT），访客才能走进去"
        )
    );
    assert_eq!(
        room.message.english(),
        format!(
            "The room on layer ROOM (handle {lonely}) has no door: place a door block (INSERT) in its wall on the door layer so that visitors can walk in"
        )
    );
}

#[test]
fn overlapping_rooms_are_named_by_both_handles() {
    let mut drawing = hall();
    let storeroom = drawing
        .entities()
        .find(|e| e.common.layer == "ROOM")
        .expect("the storeroom")
        .common
        .handle
        .as_string();
    let over = room(
        &mut drawing,
        &[
            (5000.0, 0.0),
            (9000.0, 0.0),
            (9000.0, 4000.0),
            (5000.0, 4000.0),
        ],
        &[0.0; 4],
    );
    door(&mut drawing, 7000.0, 4000.0);
    let bytes = bytes(&drawing);
    let problems = convert(&bytes, &common::suggested_mapping(&bytes)).unwrap_err();
    assert_eq!(problems.len(), 1, "{problems:#?}");
    assert_eq!(problems[0].handle.as_deref(), Some(storeroom.as_str()));
    assert!(
        problems[0]
            .message
            .chinese()
            .contains(&format!("与图层 ROOM 上的房间（句柄 {over}）重叠")),
        "{}",
        problems[0].message
    );
}

#[test]
fn the_placement_point_is_where_the_drawing_meets_the_map() {
    let bytes = bytes(&hall());
    let mut mapping = common::suggested_mapping(&bytes);
    // The hall's north-east corner at the given position, the drawing turned 30° clockwise.
    mapping.placement.at = [20000.0, 10000.0];
    let files = convert(&bytes, &mapping).unwrap_or_else(|problems| panic!("{problems:#?}"));
    let level: serde_json::Value =
        serde_json::from_str(files.get("level.geojson").expect("level")).expect("JSON");
    let ring = level["features"][0]["geometry"]["coordinates"][0]
        .as_array()
        .expect("ring");
    let corner = ring.iter().any(|p| {
        (p[0].as_f64().expect("lon") - 121.5).abs() < 1e-7
            && (p[1].as_f64().expect("lat") - 31.2).abs() < 1e-7
    });
    assert!(corner, "no corner of the level at the placement: {ring:?}");
    let dir = tempfile::tempdir().expect("temp dir");
    files.write_to(dir.path()).expect("written");
    let problems = site_venues::check::check_imdf(dir.path(), "upload");
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn an_impossible_placement_is_refused_before_anything_is_drawn() {
    let bytes = bytes(&hall());
    let mut mapping = common::suggested_mapping(&bytes);
    mapping.placement.lat = 95.0;
    mapping.venue_name = " ".to_owned();
    let problems = convert(&bytes, &mapping).unwrap_err();
    let messages: Vec<&str> = problems.iter().map(|p| p.message.chinese()).collect();
    assert_eq!(problems.len(), 2, "{messages:?}");
    assert!(problems.iter().all(|p| p.rule == DxfRule::Mapping));
    assert!(messages[1] == "场馆名称不能为空", "{messages:?}");
    assert_eq!(
        problems[1].message.english(),
        "The venue name must not be empty"
    );
}

#[test]
fn a_label_on_the_room_layer_names_the_room() {
    let bytes = bytes(&hall_labelled_on("ROOM"));
    let files = convert(&bytes, &common::suggested_mapping(&bytes))
        .unwrap_or_else(|problems| panic!("{problems:#?}"));
    assert!(files.get("unit.geojson").expect("units").contains("储藏室"));
}

#[test]
fn a_door_between_two_rooms_is_a_door_of_both() {
    let mut drawing = hall();
    // An office east of the storeroom, sharing no wall with the bulge: its only door leads
    // into a second office north of it, which opens onto the hall.
    room(
        &mut drawing,
        &[
            (8000.0, 0.0),
            (12000.0, 0.0),
            (12000.0, 3000.0),
            (8000.0, 3000.0),
        ],
        &[0.0; 4],
    );
    room(
        &mut drawing,
        &[
            (8000.0, 3000.0),
            (12000.0, 3000.0),
            (12000.0, 6000.0),
            (8000.0, 6000.0),
        ],
        &[0.0; 4],
    );
    door(&mut drawing, 10000.0, 3000.0);
    door(&mut drawing, 10000.0, 6000.0);
    let bytes = bytes(&drawing);
    let files = convert(&bytes, &common::suggested_mapping(&bytes));
    assert!(files.is_ok(), "{:#?}", files.err());
}

#[test]
fn a_door_in_the_outer_wall_is_the_entrance() {
    let mut drawing = hall();
    door(&mut drawing, 0.0, 8000.0);
    let bytes = bytes(&drawing);
    let files = convert(&bytes, &common::suggested_mapping(&bytes))
        .unwrap_or_else(|problems| panic!("{problems:#?}"));
    let openings: serde_json::Value =
        serde_json::from_str(files.get("opening.geojson").expect("openings")).expect("JSON");
    let names: Vec<&serde_json::Value> = openings["features"]
        .as_array()
        .expect("features")
        .iter()
        .map(|f| &f["properties"]["name"])
        .collect();
    assert_eq!(
        names.len(),
        2,
        "the storeroom's door and the west door: {names:?}"
    );
    assert!(
        names.contains(&&serde_json::json!({"zh-Hans": "入口"})),
        "{names:?}"
    );
    let dir = tempfile::tempdir().expect("temp dir");
    files.write_to(dir.path()).expect("written");
    let problems = site_venues::check::check_imdf(dir.path(), "upload");
    assert!(problems.is_empty(), "{problems:#?}");
}
