//! The fixtures of test-fixtures/dxf/ (the office plans written by
//! tools/dxf-fixtures/make_fixtures.py, the mall's level by tools/venues/dxf.py) and the
//! mapping a visitor who accepts every suggestion would send. Each test binary uses a part.
#![allow(dead_code, unreachable_pub)]

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use rustix::time::{ClockId, clock_gettime};

use serde_json::Value;
use site_dxf::{Address, ImdfFiles, LevelNaming, Mapping, Placement, convert};
use site_venues::{Venue, VenueExtras, testing};

/// The CPU time the calling thread has used: what a test of how much work a call does reads,
/// where the wall clock would count the time other processes took the core. The clock
/// site-server's compute budget reads (its `compute::cpu_time`).
pub fn thread_cpu() -> Duration {
    let now = clock_gettime(ClockId::ThreadCPUTime);
    let secs = u64::try_from(now.tv_sec).unwrap_or(0);
    let nanos = u32::try_from(now.tv_nsec).unwrap_or(0);
    Duration::new(secs, nanos)
}

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

/// The fixture `name` converted with `mapping`, checked and loaded as an upload is.
pub fn converted(name: &str, mapping: &Mapping) -> (Venue, ImdfFiles) {
    let files = convert(&fixture(name), mapping).unwrap_or_else(|problems| {
        panic!("{name} refused: {problems:#?}");
    });
    let dir = tempfile::tempdir().expect("temp dir");
    files.write_to(dir.path()).expect("written");
    let problems = site_venues::check::check_imdf(dir.path(), "upload");
    assert!(problems.is_empty(), "{name}: {problems:#?}");
    let venue = Venue::load(
        "upload",
        dir.path(),
        &VenueExtras::default(),
        Arc::new(testing::wordings()),
    )
    .unwrap_or_else(|e| panic!("{name}: {e}"));
    (venue, files)
}

/// The features of `file` of the converted files.
pub fn features(files: &ImdfFiles, file: &str) -> Vec<Value> {
    let value: Value = serde_json::from_str(files.get(file).expect(file)).expect("JSON");
    value["features"].as_array().expect("features").clone()
}

/// The features of a FeatureCollection's text.
pub fn collection(text: &str) -> Vec<Value> {
    let value: Value = serde_json::from_str(text).expect("JSON");
    value["features"].as_array().expect("features").clone()
}
