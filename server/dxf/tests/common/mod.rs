//! The fixtures of test-fixtures/dxf/ (the office plans written by
//! tools/dxf-fixtures/make_fixtures.py, the mall's level by tools/venues/dxf.py) and the
//! mapping a visitor who accepts every suggestion would send. Each test binary uses a part.
#![allow(dead_code, unreachable_pub)]

use std::path::PathBuf;

use site_dxf::{Address, LevelNaming, Mapping, Placement};

pub fn fixture(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../test-fixtures/dxf")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

pub fn suggested_mapping(bytes: &[u8]) -> Mapping {
    let summary = site_dxf::inspect(bytes).expect("the fixture reads");
    Mapping::suggested(
        &summary,
        Placement {
            at: [0.0, 0.0],
            lon: 121.5,
            lat: 31.2,
            rotation_deg: 30.0,
        },
        "示例办公楼",
        Address {
            address: "示例路 1 号".to_owned(),
            locality: "上海市".to_owned(),
            province: Some("CN-SH".to_owned()),
            country: "CN".to_owned(),
        },
        LevelNaming {
            name: "一层".to_owned(),
            short_name: "L1".to_owned(),
            ordinal: 0,
        },
    )
}
