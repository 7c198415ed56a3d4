//! The demo mall's L1 as the generator draws it in CAD (tools/venues/dxf.py, committed as
//! test-fixtures/dxf/demo-mall-L1.dxf) converts into the same level as the mall's own IMDF
//! (content/venues/demo-mall): the same rooms and doors, every named place, and routes of about
//! the same length (issue #32). What one drawing cannot carry is left out: the categories its
//! rooms' names do not give (a shop is a `room`; a lift of a lone level too), occupants, the entrances' names and kinds, and the
//! floor opening, which site-dxf leaves inside the walkway (56 m² on L1).

mod common;

use std::collections::{BTreeSet, HashMap, HashSet};
use std::path::PathBuf;

use serde_json::Value;
use site_dxf::{Address, LayerMeaning, LengthUnit, LevelNaming, Mapping, Placement};
use site_venues::model::UnitRole;
use site_venues::{Venue, VenueExtras, testing};

/// Shops far apart: the length of L1 from corner to corner, north end to south end, and
/// between the two central blocks.
const ROUTES: [(&str, &str); 3] = [
    ("星巴克", "斯沃琪"),
    ("华为", "卡西欧"),
    ("丝芙兰", "周大福"),
];
const ROUTE_TOLERANCE: f64 = 0.15;

fn features(text: &str) -> Vec<Value> {
    let value: Value = serde_json::from_str(text).expect("JSON");
    value["features"].as_array().expect("features").clone()
}

fn mall_dir() -> PathBuf {
    testing::content_dir().join("demo-mall")
}

fn mall_features(kind: &str) -> Vec<Value> {
    let path = mall_dir().join(format!("{kind}.geojson"));
    features(&std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}")))
}

fn name(feature: &Value) -> Option<&str> {
    feature["properties"]["name"]["zh-Hans"].as_str()
}

/// A unit a visitor enters through a door (venue contract §2.5: destinations and connectors):
/// what the drawing has on its ROOM layer, and what site-dxf writes as rooms, restrooms and the
/// like. Walkways are not drawn (the corridor is the outline minus the rooms); L1's floor opening
/// (`opentobelow`, closed) is drawn on VOID, a layer the mapping ignores.
fn is_room(unit: &Value) -> bool {
    let category = unit["properties"]["category"].as_str().expect("category");
    matches!(
        UnitRole::of_category(category),
        UnitRole::Destination | UnitRole::Connector
    )
}

/// The mall's L1 as written: its rooms (unit id to the name on the plan: the occupant's for a
/// shop, else the unit's) and its openings.
struct MallL1 {
    rooms: HashMap<String, Option<String>>,
    openings: usize,
    shops: HashSet<String>,
}

fn mall_l1() -> MallL1 {
    let level = mall_features("level")
        .into_iter()
        .find(|l| l["properties"]["short_name"]["zh-Hans"] == "L1")
        .expect("L1");
    let on_l1 = |f: &Value| f["properties"]["level_id"] == level["id"];
    let mut rooms: HashMap<String, Option<String>> = mall_features("unit")
        .iter()
        .filter(|u| on_l1(u) && is_room(u))
        .map(|u| {
            (
                u["id"].as_str().expect("id").to_owned(),
                name(u).map(str::to_owned),
            )
        })
        .collect();
    let unit_of_anchor: HashMap<String, String> = mall_features("anchor")
        .iter()
        .map(|a| {
            let id = a["id"].as_str().expect("id").to_owned();
            (
                id,
                a["properties"]["unit_id"]
                    .as_str()
                    .expect("unit_id")
                    .to_owned(),
            )
        })
        .collect();
    let mut shops = HashSet::new();
    for occupant in mall_features("occupant") {
        let unit = &unit_of_anchor[occupant["properties"]["anchor_id"]
            .as_str()
            .expect("anchor")];
        if let Some(room) = rooms.get_mut(unit) {
            let shop = name(&occupant).expect("occupant name").to_owned();
            shops.insert(shop.clone());
            *room = Some(shop);
        }
    }
    let openings = mall_features("opening").iter().filter(|o| on_l1(o)).count();
    MallL1 {
        rooms,
        openings,
        shops,
    }
}

fn mapping() -> Mapping {
    let venue = &mall_features("venue")[0];
    let display = &venue["properties"]["display_point"]["coordinates"];
    let layers = [
        ("ROOM", LayerMeaning::Room),
        ("WALL", LayerMeaning::Wall),
        ("DOOR", LayerMeaning::Door),
        ("TEXT", LayerMeaning::Text),
    ];
    Mapping {
        layers: layers.iter().map(|(l, m)| ((*l).to_owned(), *m)).collect(),
        unit: Some(LengthUnit::Millimetre),
        known_length: None,
        // The drawing's origin is the mall's display point, as in the generator's frame.
        placement: Placement {
            at: [0.0, 0.0],
            lon: display[0].as_f64().expect("lon"),
            lat: display[1].as_f64().expect("lat"),
            rotation_deg: 0.0,
        },
        venue_name: name(venue).expect("venue name").to_owned(),
        address: Address {
            address: "寻境路 188 号".to_owned(),
            locality: "上海市".to_owned(),
            province: Some("CN-SH".to_owned()),
            country: "CN".to_owned(),
        },
        level: LevelNaming {
            name: "一层".to_owned(),
            short_name: "L1".to_owned(),
            ordinal: 0,
        },
    }
}

/// The drawing converted, checked and loaded as an upload is; its units and openings.
fn converted() -> (Venue, Vec<Value>, Vec<Value>) {
    let (venue, files) = common::converted("demo-mall-L1.dxf", &mapping());
    let units = features(files.get("unit.geojson").expect("units"));
    let openings = features(files.get("opening.geojson").expect("openings"));
    (venue, units, openings)
}

fn unit_id<'a>(
    units: impl IntoIterator<Item = (&'a String, &'a Option<String>)>,
    shop: &str,
) -> String {
    units
        .into_iter()
        .find(|(_, name)| name.as_deref() == Some(shop))
        .map(|(id, _)| id.clone())
        .unwrap_or_else(|| panic!("no room {shop}"))
}

#[test]
fn the_mall_drawing_gives_the_mall_l1() {
    let mall = mall_l1();
    let (drawn, units, openings) = converted();
    let rooms: HashMap<String, Option<String>> = units
        .iter()
        .filter(|u| is_room(u))
        .map(|u| {
            (
                u["id"].as_str().expect("id").to_owned(),
                name(u).map(str::to_owned),
            )
        })
        .collect();

    // One polyline per room and one door block per opening, so the counts are equal; the
    // conversion would add an entrance only to a walkway with no door to the outside, and L1's
    // has eight (four main entrances, four fire exits).
    assert_eq!(rooms.len(), mall.rooms.len(), "rooms");
    assert_eq!(openings.len(), mall.openings, "openings");
    let walkways = units
        .iter()
        .filter(|u| u["properties"]["category"] == "walkway")
        .count();
    assert_eq!(walkways, 1, "the corridor is one walkway, as in the mall");

    let named = |rooms: &HashMap<String, Option<String>>| -> BTreeSet<String> {
        rooms.values().flatten().cloned().collect()
    };
    assert_eq!(named(&rooms), named(&mall.rooms), "the names on the plan");
    assert_eq!(mall.shops.len(), 56, "L1's shops");
    for shop in &mall.shops {
        assert!(named(&rooms).contains(shop), "{shop}");
    }

    let original = testing::load("demo-mall", &mall_dir(), &VenueExtras::default());
    for (from, to) in ROUTES {
        let length = |venue: &Venue, rooms: &HashMap<String, Option<String>>| {
            venue
                .route(&unit_id(rooms, from), &unit_id(rooms, to), false, "zh-Hans")
                .unwrap_or_else(|e| panic!("{from} → {to}: {e:?}"))
                .distance_m
        };
        let (was, is) = (length(&original, &mall.rooms), length(&drawn, &rooms));
        assert!(
            (is - was).abs() <= ROUTE_TOLERANCE * was,
            "{from} → {to}: {is} m from the drawing, {was} m in the mall"
        );
    }
}
