use super::*;
use serde_json::json;

pub(super) fn building() -> tempfile::TempDir {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/three-level-mall");
    let dir = tempfile::tempdir().unwrap();
    for entry in std::fs::read_dir(&source).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, dir.path().join(path.file_name().unwrap())).unwrap();
    }
    dir
}

pub(super) fn feature(dir: &Path, feature_type: &str, id: &str) -> Option<Value> {
    let text = std::fs::read_to_string(dir.join(format!("{feature_type}.geojson"))).unwrap();
    let collection: Value = serde_json::from_str(&text).unwrap();
    collection["features"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["id"] == id)
        .cloned()
}

fn first_id(dir: &Path, feature_type: &str) -> String {
    let text = std::fs::read_to_string(dir.join(format!("{feature_type}.geojson"))).unwrap();
    let collection: Value = serde_json::from_str(&text).unwrap();
    collection["features"][0]["id"].as_str().unwrap().to_owned()
}

#[test]
fn a_patch_and_its_undo_restore_the_feature_exactly() {
    let dir = building();
    let id = first_id(dir.path(), "opening");
    let before = feature(dir.path(), "opening", &id).unwrap();
    let moved = json!({"type": "LineString", "coordinates": [[121.0, 31.0], [121.00001, 31.0]]});
    let change = Change::Patch {
        feature_type: "opening".into(),
        id: id.clone(),
        geometry: Some(moved.clone()),
        properties: Some(
            json!({"name": {"zh": "北门"}, "category": null})
                .as_object()
                .unwrap()
                .clone(),
        ),
    };
    let undo = apply_changes(dir.path(), &[change], 10).unwrap();
    let after = feature(dir.path(), "opening", &id).unwrap();
    assert_eq!(after["geometry"], moved);
    assert_eq!(after["properties"]["name"], json!({"zh": "北门"}));
    assert_eq!(after["properties"]["category"], Value::Null);
    apply_changes(dir.path(), &undo, 10).unwrap();
    assert_eq!(feature(dir.path(), "opening", &id).unwrap(), before);
}

#[test]
fn a_door_slides_along_itself_and_a_move_carries_the_display_point_exactly_back_on_undo() {
    let dir = building();
    let id = first_id(dir.path(), "opening");
    let before = feature(dir.path(), "opening", &id).unwrap();
    let slide = Change::Slide {
        feature_type: "opening".into(),
        id: id.clone(),
        along_m: 1.0,
    };
    let undo = apply_changes(dir.path(), &[slide], 10).unwrap();
    let after = feature(dir.path(), "opening", &id).unwrap();
    let ends = |f: &Value| -> Vec<[f64; 2]> {
        let mut all = Vec::new();
        collect_positions(&f["geometry"], &mut all);
        all
    };
    let (old, new) = (ends(&before), ends(&after));
    let frame = Frame::new(old[0][0], old[0][1]);
    let local = |p: [f64; 2]| frame.to_local(p[0], p[1]);
    // Both ends one metre further along the door's own line (to a centimetre's rounding).
    for (o, n) in old.iter().zip(&new) {
        assert!(
            (local(*o).distance(local(*n)) - 1.0).abs() < 0.02,
            "{o:?} {n:?}"
        );
    }
    let (a, b, c) = (local(old[0]), local(old[1]), local(new[0]));
    let cross = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
    assert!(
        cross.abs() / a.distance(b) < 0.01,
        "off the line by {cross}"
    );
    apply_changes(dir.path(), &undo, 10).unwrap();
    assert_eq!(feature(dir.path(), "opening", &id).unwrap(), before);

    let unit = first_id(dir.path(), "unit");
    let mut with_point = feature(dir.path(), "unit", &unit).unwrap();
    let start = ends(&with_point)[0];
    let set = Change::Patch {
        feature_type: "unit".into(),
        id: unit.clone(),
        geometry: None,
        properties: Some(
            json!({"display_point": {"type": "Point", "coordinates": start}})
                .as_object()
                .unwrap()
                .clone(),
        ),
    };
    apply_changes(dir.path(), &[set], 10).unwrap();
    with_point = feature(dir.path(), "unit", &unit).unwrap();
    let moving = Change::Move {
        feature_type: "unit".into(),
        id: unit.clone(),
        east_m: 3.0,
        north_m: -4.0,
    };
    let undo = apply_changes(dir.path(), &[moving], 10).unwrap();
    let moved = feature(dir.path(), "unit", &unit).unwrap();
    let point = &moved["properties"]["display_point"]["coordinates"];
    let point = local([point[0].as_f64().unwrap(), point[1].as_f64().unwrap()]);
    let origin = local(start);
    assert!((point.x - origin.x - 3.0).abs() < 0.02 && (point.y - origin.y + 4.0).abs() < 0.02);
    apply_changes(dir.path(), &undo, 10).unwrap();
    assert_eq!(feature(dir.path(), "unit", &unit).unwrap(), with_point);

    let not_a_line = Change::Slide {
        feature_type: "unit".into(),
        id: unit,
        along_m: 1.0,
    };
    assert_eq!(
        apply_changes(dir.path(), &[not_a_line], 10)
            .unwrap_err()
            .to_string(),
        "第 1 处修改：只有一条线（门）能沿自身移动"
    );
}

#[test]
fn a_door_is_added_in_the_wall_nearest_the_point_and_its_undo_removes_it() {
    let dir = building();
    let unit = first_id(dir.path(), "unit");
    let room = feature(dir.path(), "unit", &unit).unwrap();
    let mut ring = Vec::new();
    collect_positions(&room["geometry"], &mut ring);
    // A point a little off the middle of the room's first wall.
    let (a, b) = (ring[0], ring[1]);
    let at = [(a[0] + b[0]) / 2.0 + 1e-6, (a[1] + b[1]) / 2.0 + 1e-6];
    let add = Change::AddDoor {
        id: "d00r".into(),
        unit: unit.clone(),
        at,
        width_m: 1.0,
    };
    let undo = apply_changes(dir.path(), &[add], 10).unwrap();
    let door = feature(dir.path(), "opening", "d00r").unwrap();
    assert_eq!(
        door["properties"]["level_id"],
        room["properties"]["level_id"]
    );
    let mut ends = Vec::new();
    collect_positions(&door["geometry"], &mut ends);
    let frame = Frame::new(a[0], a[1]);
    let local = |p: [f64; 2]| frame.to_local(p[0], p[1]);
    let (wall_a, wall_b) = (local(a), local(b));
    for end in &ends {
        let p = local(*end);
        let cross =
            (wall_b.x - wall_a.x) * (p.y - wall_a.y) - (wall_b.y - wall_a.y) * (p.x - wall_a.x);
        assert!(
            cross.abs() / wall_a.distance(wall_b) < 0.01,
            "off the wall: {end:?}"
        );
    }
    assert!((local(ends[0]).distance(local(ends[1])) - 1.0).abs() < 0.02);
    assert_eq!(
        undo,
        [Change::Remove {
            feature_type: "opening".into(),
            id: "d00r".into()
        }]
    );
    apply_changes(dir.path(), &undo, 10).unwrap();
    assert!(feature(dir.path(), "opening", "d00r").is_none());

    for (width_m, message) in [
        (20.0, "门宽应在 0.5 到 10 米之间"),
        (f64::NAN, "门宽应在 0.5 到 10 米之间"),
    ] {
        let wide = Change::AddDoor {
            id: "x".into(),
            unit: unit.clone(),
            at,
            width_m,
        };
        let error = apply_changes(dir.path(), &[wide], 10).unwrap_err();
        assert_eq!(error.to_string(), format!("第 1 处修改：{message}"));
        assert_eq!(
            error.said().english(),
            "Change 1: A door must be 0.5 to 10 m wide"
        );
    }
}

#[test]
fn add_then_remove_in_one_set_and_undo_brings_back_what_was_removed() {
    let dir = building();
    let unit = first_id(dir.path(), "unit");
    let before = feature(dir.path(), "unit", &unit).unwrap();
    let mut copy = before.clone();
    copy["id"] = json!("11111111-2222-4333-8444-555555555555");
    let changes = [
        Change::Add { feature: copy },
        Change::Remove {
            feature_type: "unit".into(),
            id: unit.clone(),
        },
    ];
    let undo = apply_changes(dir.path(), &changes, 10).unwrap();
    assert!(feature(dir.path(), "unit", &unit).is_none());
    assert!(feature(dir.path(), "unit", "11111111-2222-4333-8444-555555555555").is_some());
    assert!(matches!(&undo[0], Change::Add { .. }));
    apply_changes(dir.path(), &undo, 10).unwrap();
    assert_eq!(feature(dir.path(), "unit", &unit).unwrap(), before);
    assert!(feature(dir.path(), "unit", "11111111-2222-4333-8444-555555555555").is_none());
}

#[test]
fn a_set_with_one_bad_change_writes_nothing_and_names_it() {
    let dir = building();
    let id = first_id(dir.path(), "opening");
    let before = std::fs::read(dir.path().join("opening.geojson")).unwrap();
    let changes = [
        Change::Remove {
            feature_type: "opening".into(),
            id,
        },
        Change::Remove {
            feature_type: "opening".into(),
            id: "no-such-door".into(),
        },
    ];
    let error = apply_changes(dir.path(), &changes, 10).unwrap_err();
    assert_eq!(
        error.to_string(),
        "第 2 处修改：opening 里没有 id 为 no-such-door 的要素"
    );
    assert_eq!(
        std::fs::read(dir.path().join("opening.geojson")).unwrap(),
        before
    );

    let unknown = Change::Remove {
        feature_type: "../venue".into(),
        id: "x".into(),
    };
    assert!(matches!(
        apply_changes(dir.path(), &[unknown], 10),
        Err(EditError::UnknownType { index: 1, .. })
    ));
    let not_feature = Change::Add {
        feature: json!({"type": "Feature", "feature_type": "unit"}),
    };
    assert_eq!(
        apply_changes(dir.path(), &[not_feature], 10)
            .unwrap_err()
            .to_string(),
        "第 1 处修改：新要素不是 GeoJSON Feature（没有 id）"
    );
    let many = vec![
        Change::Remove {
            feature_type: "unit".into(),
            id: "x".into()
        };
        11
    ];
    assert!(matches!(
        apply_changes(dir.path(), &many, 10),
        Err(EditError::TooMany { count: 11, max: 10 })
    ));
}

#[test]
fn changes_read_as_the_editor_sends_them() {
    let text = r#"[{"op":"patch","feature_type":"opening","id":"a","geometry":{"type":"Point","coordinates":[1,2]}},
        {"op":"remove","feature_type":"unit","id":"b"},
        {"op":"add","feature":{"type":"Feature","id":"c","feature_type":"amenity"}}]"#;
    let changes: Vec<Change> = serde_json::from_str(text).unwrap();
    assert!(matches!(
        &changes[0],
        Change::Patch {
            properties: None,
            ..
        }
    ));
    assert!(matches!(&changes[1], Change::Remove { id, .. } if id == "b"));
    let again: Vec<Change> =
        serde_json::from_str(&serde_json::to_string(&changes).unwrap()).unwrap();
    assert_eq!(again, changes);
}

/// The editor's level order: two levels swapped keep the ordinals' set, the relationships list
/// their units in the new order, the venue check passes and the engine reads the new order;
/// the undo restores every file exactly.
#[test]
fn levels_put_in_a_new_order_pass_the_check_and_undo_exactly() {
    let dir = building();
    let read = |file: &str| std::fs::read_to_string(dir.path().join(file)).unwrap();
    let before = (read("level.geojson"), read("relationship.geojson"));
    let (b1, l1, l2) = (
        "70666b84-a16b-456a-ad0c-0bdadc3216ab",
        "5f130c4e-e011-49e8-8444-87779ab2d091",
        "5159f094-dd6a-4eab-9ef0-bbc3846e3d87",
    );
    let order = |ids: &[&str]| Change::OrderLevels {
        ids: ids.iter().map(|id| (*id).to_owned()).collect(),
    };
    for wrong in [vec![b1, l2], vec![b1, l1, l1], vec![b1, l1, "x"]] {
        let error = apply_changes(dir.path(), &[order(&wrong)], 10).unwrap_err();
        assert!(error.to_string().contains("全部 3 个楼层"), "{error}");
    }
    let undo = apply_changes(dir.path(), &[order(&[b1, l2, l1])], 10).unwrap();
    let problems = crate::check::check_imdf(dir.path(), "building");
    assert!(problems.is_empty(), "{problems:?}");
    let venue = crate::testing::load("building", dir.path(), &crate::VenueExtras::default());
    let mut levels: Vec<_> = venue.levels().iter().collect();
    levels.sort_by_key(|level| level.ordinal);
    let order: Vec<&str> = levels.iter().map(|level| level.short.as_str()).collect();
    assert_eq!(order, ["B1", "L2", "L1"]);
    apply_changes(dir.path(), &undo, 10).unwrap();
    let after: (Value, Value) = (
        serde_json::from_str(&read("level.geojson")).unwrap(),
        serde_json::from_str(&read("relationship.geojson")).unwrap(),
    );
    let before: (Value, Value) = (
        serde_json::from_str(&before.0).unwrap(),
        serde_json::from_str(&before.1).unwrap(),
    );
    assert_eq!(after, before);
}

/// An amenity as the editor places it (web/src/demo/modes/edit/draw-tools.tsx) passes the check.
#[test]
fn an_amenity_placed_in_a_room_passes_the_check() {
    let dir = building();
    let amenity = json!({
        "type": "Feature",
        "id": "6b0e4c2a-1d3f-4e5a-9b7c-8d9e0f1a2b3c",
        "feature_type": "amenity",
        "geometry": {"type": "Point", "coordinates": [121.40022, 31.17007]},
        "properties": {
            "category": "atm", "accessibility": null, "name": {"zh-Hans": "取款机"},
            "alt_name": null, "hours": null, "phone": null, "website": null,
            "unit_ids": ["b70e1cc6-e4f0-42f1-b5b9-402463df2e53"], "address_id": null,
            "correlation_id": null,
        },
    });
    apply_changes(dir.path(), &[Change::Add { feature: amenity }], 10).unwrap();
    let problems = crate::check::check_imdf(dir.path(), "building");
    assert!(problems.is_empty(), "{problems:?}");
}

/// The editor's level height: a patch the check passes, which the engine reads into the ride
/// times (an elevator climbing 18 m instead of two default storeys of 4.5 m rides two storeys
/// more at the contract's pace; routes answer whole seconds); cleared again, the default applies.
#[test]
fn a_level_height_set_in_the_editor_times_the_rides_past_it() {
    let dir = building();
    let (b1, l1) = (
        "70666b84-a16b-456a-ad0c-0bdadc3216ab",
        "5f130c4e-e011-49e8-8444-87779ab2d091",
    );
    let height = |id: &str, metres: Value| Change::Patch {
        feature_type: "level".into(),
        id: id.into(),
        geometry: None,
        properties: Some(json!({ "height": metres }).as_object().unwrap().clone()),
    };
    let ride = |dir: &Path| {
        let venue = crate::testing::load("building", dir, &crate::VenueExtras::default());
        let to = "3c2b3a5a-6034-44ce-a91f-faf3262d0e52";
        venue
            .route("B1-001", to, true, "zh-Hans")
            .unwrap()
            .duration_s
    };
    let before = ride(dir.path());
    let undo = apply_changes(
        dir.path(),
        &[height(b1, json!(9)), height(l1, json!(9))],
        10,
    )
    .unwrap();
    let problems = crate::check::check_imdf(dir.path(), "building");
    assert!(problems.is_empty(), "{problems:?}");
    let longer = ride(dir.path()) - before;
    let expected = crate::costs::ELEVATOR_PER_FLOOR_S * 2.0;
    assert!(
        (longer - expected).abs() < 1e-9,
        "{longer} s longer, not {expected}"
    );
    apply_changes(dir.path(), &undo, 10).unwrap();
    assert_eq!(ride(dir.path()), before);
    // Absent before, null after the undo (IMDF's "no value").
    let properties = &feature(dir.path(), "level", b1).unwrap()["properties"];
    assert!(properties.get("height").is_none_or(Value::is_null));

    let applied = apply_changes(dir.path(), &[height(l1, json!(1))], 10);
    assert!(
        applied.is_ok(),
        "the edit applies; the check refuses the result"
    );
    let problems = crate::check::check_imdf(dir.path(), "building");
    assert!(
        problems
            .iter()
            .any(|p| p.to_string().contains("2 到 30 米")),
        "{problems:?}"
    );
}
