mod common;

use std::collections::HashMap;
use std::time::Duration;

use common::fixture;
use site_dxf::{DxfError, DxfLimits, LayerMeaning, LengthUnit, inspect};

fn meanings(name: &str) -> HashMap<String, LayerMeaning> {
    let summary = inspect(&fixture(name)).expect("the fixture reads");
    summary
        .layers
        .into_iter()
        .map(|layer| (layer.name, layer.suggested))
        .collect()
}

#[test]
fn latin_layer_names_are_recognised() {
    let meanings = meanings("office-mm.dxf");
    assert_eq!(meanings["WALL"], LayerMeaning::Wall);
    assert_eq!(meanings["DOOR"], LayerMeaning::Door);
    assert_eq!(meanings["ROOM"], LayerMeaning::Room);
    assert_eq!(meanings["TEXT"], LayerMeaning::Text);
    assert_eq!(meanings["0"], LayerMeaning::Ignore);
}

#[test]
fn chinese_layer_names_are_recognised() {
    let meanings = meanings("office-chinese-layers.dxf");
    assert_eq!(meanings["墙"], LayerMeaning::Wall);
    assert_eq!(meanings["门"], LayerMeaning::Door);
    assert_eq!(meanings["房间"], LayerMeaning::Room);
    assert_eq!(meanings["文字"], LayerMeaning::Text);
}

#[test]
fn counts_unit_and_extents() {
    let summary = inspect(&fixture("office-mm.dxf")).expect("the fixture reads");
    assert_eq!(summary.unit, Some(LengthUnit::Millimetre));
    let count = |layer: &str, kind: &str| {
        summary
            .layers
            .iter()
            .find(|l| l.name == layer)
            .and_then(|l| l.counts.get(kind).copied())
    };
    assert_eq!(count("ROOM", "LWPOLYLINE"), Some(6));
    assert_eq!(count("DOOR", "INSERT"), Some(6));
    assert_eq!(count("TEXT", "TEXT"), Some(6));
    assert_eq!(count("WALL", "LINE"), Some(24));
    let room = summary
        .layers
        .iter()
        .find(|l| l.name == "ROOM")
        .expect("ROOM");
    assert_eq!(room.closed_polylines, 6);
    let text = summary
        .layers
        .iter()
        .find(|l| l.name == "TEXT")
        .expect("TEXT");
    assert_eq!(text.texts[..2], ["前台", "会议室"]);
    let extents = summary.extents.expect("extents");
    assert_eq!(extents.min, [0.0, 0.0]);
    assert_eq!(extents.max, [30000.0, 14400.0]);
}

#[test]
fn unitless_drawing_has_no_unit() {
    let summary = inspect(&fixture("unitless.dxf")).expect("the fixture reads");
    assert_eq!(summary.unit, None);
}

#[test]
fn dwg_and_other_files_are_refused_in_chinese() {
    let dwg = inspect(b"AC1032\0\0\0\0binary").unwrap_err();
    assert_eq!(dwg, DxfError::Dwg);
    assert!(dwg.to_string().contains("DWG"), "{dwg}");
    let png = inspect(b"\x89PNG\r\n\x1a\n").unwrap_err();
    assert_eq!(png, DxfError::NotDxf);
    let broken = inspect(b"0\nSECTION\n2\nENTITIES\n0\nLINE\n10\nnot a number\n").unwrap_err();
    assert!(matches!(broken, DxfError::Unreadable(_)), "{broken:?}");
    assert!(broken.to_string().starts_with("无法读取"), "{broken}");
    assert!(
        broken
            .said()
            .english()
            .starts_with("This DXF file cannot be read: "),
        "{broken:?}"
    );
    assert_eq!(
        png.said().english(),
        "This is not a DXF file (DXF is text that starts with \"0 SECTION\", or binary DXF): export DXF from your CAD program"
    );
}

/// A drawing is refused by its count of objects before the parser holds them (about 2 KB
/// each): the count is every group code 0 of a text DXF, and a binary one's size.
#[test]
fn objects_are_counted_before_the_drawing_is_parsed() {
    let office = fixture("office-mm.dxf");
    let objects = String::from_utf8_lossy(&office)
        .lines()
        .collect::<Vec<_>>()
        .chunks(2)
        .filter(|pair| pair[0].trim() == "0")
        .count();
    let within = |max_objects| {
        let limits = DxfLimits {
            max_objects,
            ..DxfLimits::default()
        };
        site_dxf::inspect_within(&office, &limits)
    };
    assert!(within(objects).is_ok());
    assert_eq!(
        within(objects - 1),
        Err(DxfError::TooManyObjects {
            objects,
            max: objects - 1
        })
    );
    // 900,000 bare points in 19 MB: refused at once, nothing parsed.
    let mut points = b"0\nSECTION\n2\nENTITIES\n".to_vec();
    for _ in 0..900_000 {
        points.extend_from_slice(b"0\nPOINT\n8\n0\n10\n1\n20\n2\n");
    }
    // Counted in CPU time: in a CI run beside a browser and three other tests, the wall clock
    // said more than a second for what takes 0.05 s alone.
    let started = common::thread_cpu();
    assert!(matches!(
        inspect(&points),
        Err(DxfError::TooManyObjects {
            objects: 900_001,
            max: 50_000
        })
    ));
    let used = common::thread_cpu().saturating_sub(started);
    assert!(used < Duration::from_secs(1), "{used:?} of CPU");
    let mut binary = b"AutoCAD Binary DXF\r\n\x1a\0".to_vec();
    binary.resize(3_000_000, 0);
    assert!(matches!(
        inspect(&binary),
        Err(DxfError::TooManyObjects {
            objects: 150_000,
            ..
        })
    ));
}
