//! The demo mall drawn level by level (tools/venues/dxf.py, committed as
//! test-fixtures/dxf/demo-mall-<level>.dxf) converts into one venue that the check and
//! `Venue::load` accept, whose lifts, stairs and escalators join the levels, with routes from the
//! car park up to the shops of about the length of the mall's own (issue #32). And the drawings
//! of a building that cannot be one are refused, naming the file and the level.

mod common;

use std::collections::HashMap;
use std::sync::Arc;

use serde_json::Value;
use site_dxf::{
    Address, BuildingMapping, DxfLimits, ImdfFiles, LayerMeaning, LengthUnit, LevelDrawing,
    LevelNaming, Placement, convert_building,
};
use site_venues::{Venue, VenueExtras, testing};

/// From a parking space two floors down to the top floor (the mall's sample route), from B1 to
/// L2, and between two shop floors.
const ROUTES: [(&str, &str); 3] = [("B2-015", "海底捞"), ("B1-200", "芒果"), ("星巴克", "李宁")];
const ROUTE_TOLERANCE: f64 = 0.15;

fn mall_features(kind: &str) -> Vec<Value> {
    let path = testing::content_dir()
        .join("demo-mall")
        .join(format!("{kind}.geojson"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    common::collection(&text)
}

fn name(feature: &Value) -> Option<&str> {
    feature["properties"]["name"]["zh-Hans"].as_str()
}

/// The mall's levels as a visitor names them: the short name, the name and the ordinal.
fn mall_levels() -> Vec<LevelNaming> {
    let mut levels: Vec<LevelNaming> = mall_features("level")
        .iter()
        .map(|l| LevelNaming {
            name: name(l).expect("level name").to_owned(),
            short_name: l["properties"]["short_name"]["zh-Hans"]
                .as_str()
                .expect("short name")
                .to_owned(),
            ordinal: l["properties"]["ordinal"].as_i64().expect("ordinal"),
        })
        .collect();
    levels.sort_by_key(|l| l.ordinal);
    levels
}

fn building() -> BuildingMapping {
    let venue = &mall_features("venue")[0];
    let display = &venue["properties"]["display_point"]["coordinates"];
    BuildingMapping {
        venue_name: name(venue).expect("venue name").to_owned(),
        address: Address {
            address: "寻境路 188 号".to_owned(),
            locality: "上海市".to_owned(),
            province: Some("CN-SH".to_owned()),
            country: "CN".to_owned(),
        },
        // The drawings' origin is the mall's display point, as in the generator's frame.
        placement: Placement {
            at: [0.0, 0.0],
            lon: display[0].as_f64().expect("lon"),
            lat: display[1].as_f64().expect("lat"),
            rotation_deg: 0.0,
        },
    }
}

fn drawing<'a>(bytes: &'a [u8], level: &LevelNaming) -> LevelDrawing<'a> {
    let layers = [
        ("ROOM", LayerMeaning::Room),
        ("WALL", LayerMeaning::Wall),
        ("DOOR", LayerMeaning::Door),
        ("TEXT", LayerMeaning::Text),
    ];
    LevelDrawing {
        bytes,
        file_name: format!("demo-mall-{}.dxf", level.short_name),
        layers: layers.iter().map(|(l, m)| ((*l).to_owned(), *m)).collect(),
        unit: Some(LengthUnit::Millimetre),
        known_length: None,
        level: level.clone(),
    }
}

/// Every level's drawing, read from the fixtures.
fn mall_drawings() -> Vec<(Vec<u8>, LevelNaming)> {
    mall_levels()
        .into_iter()
        .map(|level| {
            let bytes = common::fixture(&format!("demo-mall-{}.dxf", level.short_name));
            (bytes, level)
        })
        .collect()
}

/// The files checked: the check's problems, as sentences.
fn checked(files: &ImdfFiles) -> (tempfile::TempDir, Vec<String>) {
    let dir = tempfile::tempdir().expect("temp dir");
    files.write_to(dir.path()).expect("written");
    let problems = site_venues::check::check_imdf(dir.path(), "upload")
        .iter()
        .map(ToString::to_string)
        .collect();
    (dir, problems)
}

fn load(dir: &std::path::Path) -> Venue {
    Venue::load(
        "upload",
        dir,
        &VenueExtras::default(),
        Arc::new(testing::wordings()),
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

/// Unit id by the name on the plan (for a shop of the mall, its occupant's).
fn named_units(units: &[Value], anchors: &[Value], occupants: &[Value]) -> HashMap<String, String> {
    let mut ids: HashMap<String, String> = units
        .iter()
        .filter_map(|u| Some((name(u)?.to_owned(), u["id"].as_str()?.to_owned())))
        .collect();
    let unit_of_anchor: HashMap<&str, &str> = anchors
        .iter()
        .filter_map(|a| Some((a["id"].as_str()?, a["properties"]["unit_id"].as_str()?)))
        .collect();
    for occupant in occupants {
        let anchor = occupant["properties"]["anchor_id"]
            .as_str()
            .expect("anchor");
        ids.insert(
            name(occupant).expect("occupant name").to_owned(),
            unit_of_anchor[anchor].to_owned(),
        );
    }
    ids
}

#[test]
fn the_mall_drawn_level_by_level_is_the_mall() {
    let drawings = mall_drawings();
    let levels: Vec<LevelDrawing<'_>> = drawings
        .iter()
        .map(|(bytes, level)| drawing(bytes, level))
        .collect();
    let started = std::time::Instant::now();
    let files = convert_building(&building(), &levels, &DxfLimits::default())
        .unwrap_or_else(|problems| panic!("refused: {problems:#?}"));
    let converted_in = started.elapsed();
    let (dir, problems) = checked(&files);
    assert!(problems.is_empty(), "{problems:#?}");
    let drawn = load(dir.path());
    println!("converted in {converted_in:?}");

    let units = common::features(&files, "unit.geojson");
    let relationships = common::features(&files, "relationship.geojson");
    let count = |category: &str| {
        relationships
            .iter()
            .filter(|r| r["properties"]["category"] == category)
            .count()
    };
    // As the mall: four lift shafts and four stair cores from B2 to L5, each one relationship;
    // an up and a down escalator between each pair of levels from B1 to L5.
    assert_eq!(
        (count("elevator"), count("stairs"), count("escalator")),
        (4, 4, 10)
    );
    let in_category = |category: &str| {
        units
            .iter()
            .filter(|u| u["properties"]["category"] == category)
            .count()
    };
    assert_eq!(in_category("elevator"), 28, "four lifts on seven levels");
    // The doors drawn in the outer walls: L1's eight and B1's two car ramps; no level gets an
    // entrance the drawings do not have.
    let entrances = common::features(&files, "opening.geojson")
        .iter()
        .filter(|o| name(o).is_some())
        .count();
    assert_eq!(entrances, 10);
    assert_eq!(in_category("restroom.wheelchair"), 12);

    let original = testing::load(
        "demo-mall",
        &testing::content_dir().join("demo-mall"),
        &VenueExtras::default(),
    );
    let mall_ids = named_units(
        &mall_features("unit"),
        &mall_features("anchor"),
        &mall_features("occupant"),
    );
    let drawn_ids = named_units(&units, &[], &[]);
    for (from, to) in ROUTES {
        let length = |venue: &Venue, ids: &HashMap<String, String>| {
            venue
                .route(&ids[from], &ids[to], false, "zh-Hans")
                .unwrap_or_else(|e| panic!("{from} → {to}: {e:?}"))
                .distance_m
        };
        let (was, is) = (length(&original, &mall_ids), length(&drawn, &drawn_ids));
        println!("{from} → {to}: {is:.0} m drawn, {was:.0} m in the mall");
        assert!(
            (is - was).abs() <= ROUTE_TOLERANCE * was,
            "{from} → {to}: {is} m from the drawings, {was} m in the mall"
        );
    }
}

#[test]
fn two_drawings_of_one_level_are_refused() {
    let drawings = mall_drawings();
    let l1 = drawings
        .iter()
        .find(|(_, l)| l.short_name == "L1")
        .expect("L1");
    let l2 = drawings
        .iter()
        .find(|(_, l)| l.short_name == "L2")
        .expect("L2");
    let mut again = drawing(&l2.0, &l2.1);
    again.level.short_name = "L1".to_owned();
    again.file_name = "二层.dxf".to_owned();
    let problems = convert_building(
        &building(),
        &[drawing(&l1.0, &l1.1), again],
        &DxfLimits::default(),
    )
    .expect_err("two L1");
    assert_eq!(problems.len(), 1, "{problems:#?}");
    assert_eq!(problems[0].file.as_deref(), Some("二层.dxf"));
    assert!(
        problems[0].message.chinese().contains("demo-mall-L1.dxf")
            && problems[0].message.chinese().contains("简称 L1"),
        "{}",
        problems[0].message
    );
    assert!(
        problems[0]
            .message
            .english()
            .starts_with("Files demo-mall-L1.dxf and 二层.dxf are the same level (short name L1)"),
        "{:?}",
        problems[0].message
    );

    let mut same_ordinal = drawing(&l2.0, &l2.1);
    same_ordinal.level.ordinal = 0;
    let problems = convert_building(
        &building(),
        &[drawing(&l1.0, &l1.1), same_ordinal],
        &DxfLimits::default(),
    )
    .expect_err("two ordinals 0");
    assert!(
        problems[0].message.chinese().contains("楼层序号 0"),
        "{problems:#?}"
    );
}

/// A level drawn in the wrong unit lies far from the others: its lifts, stairs and escalators
/// stand over nothing of their kind, ride nowhere, and the check's message says on which level.
#[test]
fn a_level_whose_connectors_meet_nothing_is_named() {
    let drawings = mall_drawings();
    let l1 = drawings
        .iter()
        .find(|(_, l)| l.short_name == "L1")
        .expect("L1");
    let l2 = drawings
        .iter()
        .find(|(_, l)| l.short_name == "L2")
        .expect("L2");
    let mut off = drawing(&l2.0, &l2.1);
    // The drawing's millimetres read as centimetres: L2 ten times as large, its cores elsewhere.
    off.unit = Some(LengthUnit::Centimetre);
    let files = convert_building(
        &building(),
        &[drawing(&l1.0, &l1.1), off],
        &DxfLimits::default(),
    )
    .unwrap_or_else(|problems| panic!("{problems:#?}"));
    let (_dir, problems) = checked(&files);
    assert!(
        !problems.is_empty(),
        "the check accepts lifts that lead nowhere"
    );
    assert!(
        problems
            .iter()
            .any(|p| p.contains("电梯（L2）") && p.contains("到不了别的楼层")),
        "{problems:#?}"
    );
}

/// A layer the visitor says holds stair cores makes every room on it a stair, whatever its
/// text: the office drawn twice, as two floors, has six stair cores each joining both.
#[test]
fn a_connector_layer_gives_its_rooms_their_category() {
    let bytes = common::fixture("office-chinese-layers.dxf");
    let summary = site_dxf::inspect(&bytes).expect("the fixture reads");
    let floor = |short: &str, ordinal: i64| {
        let mut layers: HashMap<String, LayerMeaning> = summary
            .layers
            .iter()
            .map(|layer| (layer.name.clone(), layer.suggested))
            .collect();
        layers.insert("房间".to_owned(), LayerMeaning::Stairs);
        LevelDrawing {
            bytes: &bytes,
            file_name: format!("{short}.dxf"),
            layers,
            unit: None,
            known_length: None,
            level: LevelNaming {
                name: format!("{short} 层"),
                short_name: short.to_owned(),
                ordinal,
            },
        }
    };
    let files = convert_building(
        &building(),
        &[floor("L1", 0), floor("L2", 1)],
        &DxfLimits::default(),
    )
    .unwrap_or_else(|problems| panic!("{problems:#?}"));
    let (_dir, problems) = checked(&files);
    assert!(problems.is_empty(), "{problems:#?}");
    let units = common::features(&files, "unit.geojson");
    let stairs = units
        .iter()
        .filter(|u| u["properties"]["category"] == "stairs")
        .count();
    assert_eq!(stairs, 12);
    let relationships = common::features(&files, "relationship.geojson");
    assert_eq!(relationships.len(), 6);
    assert!(relationships.iter().all(|r| {
        r["properties"]["category"] == "stairs" && r["properties"]["intermediary"].is_null()
    }));
}

/// A drawing that cannot be a level is refused in the words `convert` uses, after the name of
/// the file and level, so a visitor who uploaded seven knows which to fix.
#[test]
fn a_broken_drawing_is_named_by_its_file_and_level() {
    let drawings = mall_drawings();
    let l1 = drawings
        .iter()
        .find(|(_, l)| l.short_name == "L1")
        .expect("L1");
    let broken = common::fixture("no-closed-room.dxf");
    let mut upper = drawing(&broken, &mall_levels()[3]);
    upper.file_name = "二层.dxf".to_owned();
    let problems = convert_building(
        &building(),
        &[drawing(&l1.0, &l1.1), upper],
        &DxfLimits::default(),
    )
    .expect_err("no rooms on L2");
    assert!(!problems.is_empty());
    for problem in &problems {
        assert_eq!(problem.file.as_deref(), Some("二层.dxf"));
        assert!(
            problem
                .message
                .chinese()
                .starts_with("文件 二层.dxf（二层）："),
            "{}",
            problem.message
        );
        assert!(
            problem
                .message
                .english()
                .starts_with("File 二层.dxf (二层): "),
            "{:?}",
            problem.message
        );
    }
}

/// The conversion's comparisons have a budget of steps (`DxfLimits::max_steps`): the whole mall
/// takes far less than a fiftieth of the default, and a budget it cannot meet refuses it as too
/// complex, saying what to look for, instead of running on.
#[test]
fn the_conversion_has_a_budget_of_steps_that_a_real_building_stays_far_below() {
    let drawings = mall_drawings();
    let levels: Vec<LevelDrawing<'_>> = drawings
        .iter()
        .map(|(bytes, level)| drawing(bytes, level))
        .collect();
    let within = |max_steps| DxfLimits {
        max_steps,
        ..DxfLimits::default()
    };
    let default = DxfLimits::default().max_steps;
    convert_building(&building(), &levels, &within(default / 50))
        .unwrap_or_else(|problems| panic!("refused: {problems:#?}"));
    let problems = convert_building(&building(), &levels, &within(1_000))
        .expect_err("a thousand steps are not enough");
    assert!(
        problems
            .iter()
            .all(|p| p.message.chinese().contains("图纸太复杂")),
        "{problems:#?}"
    );
}
