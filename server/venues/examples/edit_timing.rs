//! Where an edit of a visitor's building spends its time (issue #32's 100 ms target): the
//! demo mall archived, then one door slid along its wall as the server's edit does it, each
//! phase timed: unpack, apply, count again, check and load, viewer files, archive again.
//!
//! `cargo run --release -p site-venues --example edit_timing -- [rounds]`

use std::io::Cursor;
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use site_venues::edit::{Change, apply_listing};
use site_venues::intake::{IntakeLimits, census_dir, unpack_imdf};
use site_venues::viewer_files::viewer_files_derived;
use site_venues::{Edition, Venue, VenueExtras, export_edited, export_imdf, testing};

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .map_or(5, |n| n.parse().expect("a count"));
    let mall = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content/venues/demo-mall");
    let mut archive = Cursor::new(Vec::new());
    export_imdf(&mall, &mut archive).expect("the mall archives");
    let archive = archive.into_inner();
    let text = std::fs::read_to_string(mall.join("opening.geojson")).expect("openings");
    let openings: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let door = openings["features"][5]["id"]
        .as_str()
        .expect("an id")
        .to_owned();
    let limits = IntakeLimits::default();
    let wordings = Arc::new(testing::wordings());
    let editions: Vec<Edition> = wordings.iter().map(Edition::of).collect();
    for round in 0..rounds {
        let dir = tempfile::tempdir().expect("a directory");
        let mut phases = Vec::new();
        let mut clock = Instant::now();
        let mut lap = |name: &'static str| {
            phases.push((name, clock.elapsed().as_secs_f64() * 1000.0));
            clock = Instant::now();
        };
        unpack_imdf(&archive, &limits, dir.path()).expect("unpacks");
        lap("unpack");
        let along = if round % 2 == 0 { 0.2 } else { -0.2 };
        let slide = Change::Slide {
            feature_type: "opening".into(),
            id: door.clone(),
            along_m: along,
        };
        let (_, changed) = apply_listing(dir.path(), &[slide], 10).expect("applies");
        lap("apply");
        census_dir(dir.path(), &limits).expect("within the limits");
        lap("count again");
        let venue = Venue::load(
            "edited",
            dir.path(),
            &VenueExtras::default(),
            Arc::clone(&wordings),
        )
        .expect("loads");
        lap("check and load");
        let files = viewer_files_derived("edited", dir.path(), &editions).expect("viewer files");
        lap("viewer files");
        let mut again = Cursor::new(Vec::new());
        export_edited(dir.path(), &archive, &changed, &mut again).expect("archives");
        lap("archive again");
        drop((venue, files));
        let total: f64 = phases.iter().map(|(_, ms)| ms).sum();
        let list: Vec<String> = phases
            .iter()
            .map(|(n, ms)| format!("{n} {ms:.1}"))
            .collect();
        println!("round {round}: {total:.1} ms = {}", list.join(", "));
    }
}
