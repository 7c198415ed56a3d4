//! Where the venue check and the engine's load spend their time on a large upload (issue #32):
//! the time of each phase of `check_imdf`, then of `Venue::load`, and the peak memory.
//!
//! `cargo run --release -p site-venues --example check_timing -- [venue directory] [extra units]
//! [valid]`
//!
//! With a number of extra units, the directory (the demo mall by default) is copied to a
//! temporary one whose unit.geojson gets that many tiny squares on its first level, 2 m apart
//! and far from everything, each a copy of the first unit's properties with its own id and name:
//! the hostile upload of the issue; with `valid`, unnamed walkways on a level of their own, a
//! venue the check passes and the engine loads. Without a number, the directory is checked and
//! loaded as it is. `check_timing grow <venue directory> <extra units> <into> [valid]` only
//! writes the grown directory.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use site_venues::check::{check_imdf, timing};
use site_venues::{Venue, VenueExtras, testing};

/// Squares a row, then the next row further north.
const PER_ROW: usize = 70;
/// Where each square starts after the last, in degrees (about 4.8 m east, 5.5 m north), and its
/// side (about 2 m): as in the lead's archives.
const STEP: f64 = 0.00005;
const SIDE: f64 = 0.00002;
/// The level of the valid squares.
const NEW_LEVEL: &str = "ffffffff-0000-4000-8000-000000000000";

/// The mall of `source` with `extra` squares, in `into`. Hostile (`valid` false): on the first
/// level, far outside it, each a copy of the first unit's properties with its own name (two
/// problems each: outside its level, display point outside it). Valid: unnamed walkways with
/// their display point inside, on a level of their own that holds them, which the engine then
/// loads.
fn grow(source: &Path, extra: usize, into: &Path, valid: bool) {
    for entry in std::fs::read_dir(source).expect("read the venue directory") {
        let path = entry.expect("a directory entry").path();
        if path.is_file() {
            std::fs::copy(&path, into.join(path.file_name().expect("a name"))).expect("copy");
        }
    }
    let read = |name: &str| -> Value {
        let text = std::fs::read_to_string(source.join(name)).expect("read a feature file");
        serde_json::from_str(&text).expect("a feature file is JSON")
    };
    let write = |name: &str, value: &Value| {
        std::fs::write(into.join(name), serde_json::to_vec(value).expect("JSON"))
            .expect("write a feature file");
    };
    // North of the mall, as in the lead's archives.
    let (x0, y0) = (121.3996325, 31.1792813);
    let mut units = read("unit.geojson");
    let features = units["features"].as_array_mut().expect("features");
    let mut properties = features[0]["properties"].clone();
    if valid {
        let mut levels = read("level.geojson");
        let list = levels["features"].as_array_mut().expect("features");
        let mut level = list[0].clone();
        let (x1, y1) = (
            x0 + STEP * PER_ROW as f64,
            y0 + STEP * extra.div_ceil(PER_ROW) as f64,
        );
        let (a, b) = (x0 - STEP, y0 - STEP);
        level["id"] = json!(NEW_LEVEL);
        level["geometry"]["coordinates"] = json!([[[a, b], [x1, b], [x1, y1], [a, y1], [a, b]]]);
        let p = &mut level["properties"];
        p["ordinal"] = json!(50);
        p["category"] = json!("unspecified");
        p["short_name"] = json!({"zh-Hans": "X9"});
        p["name"] = json!({"zh-Hans": "测试层"});
        p["display_point"] =
            json!({"type": "Point", "coordinates": [(a + x1) / 2.0, (b + y1) / 2.0]});
        list.push(level);
        write("level.geojson", &levels);
        properties["category"] = json!("walkway");
        properties["level_id"] = json!(NEW_LEVEL);
    }
    for i in 0..extra {
        let (x, y) = (
            x0 + STEP * (i % PER_ROW) as f64,
            y0 + STEP * (i / PER_ROW) as f64,
        );
        let mut properties = properties.clone();
        if valid {
            properties["name"] = Value::Null;
            properties["display_point"] =
                json!({"type": "Point", "coordinates": [x + SIDE / 2.0, y + SIDE / 2.0]});
        } else {
            properties["name"] = json!({ "zh-Hans": format!("房间{i}") });
        }
        features.push(json!({
            "type": "Feature",
            "id": format!("{:08x}-0000-4000-8000-{:012x}", i, i),
            "feature_type": "unit",
            "geometry": {"type": "Polygon", "coordinates": [[
                [x, y], [x + SIDE, y], [x + SIDE, y + SIDE], [x, y + SIDE], [x, y]
            ]]},
            "properties": properties,
        }));
    }
    write("unit.geojson", &units);
}

fn print_phases(title: &str, total: Duration, phases: &[(&'static str, Duration)]) {
    println!("{title}: {:.3} s", total.as_secs_f64());
    for (name, took) in phases {
        println!("  {name:<34} {:>9.3} s", took.as_secs_f64());
    }
}

/// The peak resident memory of this process so far (Linux), in MB.
fn peak_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [grow_word, source, extra, into, rest @ ..] = args.as_slice()
        && grow_word == "grow"
    {
        std::fs::create_dir_all(into).expect("create the directory");
        let extra = extra.parse().expect("a number of units");
        let valid = rest.first().is_some_and(|v| v == "valid");
        grow(Path::new(source), extra, Path::new(into), valid);
        return;
    }
    let dir = args
        .first()
        .map_or_else(|| testing::content_dir().join("demo-mall"), PathBuf::from);
    let extra: usize = args
        .get(1)
        .map_or(0, |n| n.parse().expect("a number of units"));
    let temporary = tempfile::tempdir().expect("a temporary directory");
    let dir = if extra > 0 {
        // Grown by another run of this example: the memory it takes is not the check's.
        let status = std::process::Command::new(std::env::current_exe().expect("this example"))
            .arg("grow")
            .arg(&dir)
            .arg(extra.to_string())
            .arg(temporary.path())
            .args(args.get(2))
            .status()
            .expect("run the example to grow the mall");
        assert!(status.success(), "growing the mall failed");
        temporary.path().to_owned()
    } else {
        dir
    };
    println!("peak before: {:.0} MB", peak_mb().unwrap_or(0.0));

    let start = Instant::now();
    let (problems, phases) = timing::record(|| check_imdf(&dir, "upload"));
    print_phases("check_imdf", start.elapsed(), &phases);
    println!(
        "  {} problems; peak {:.0} MB",
        problems.len(),
        peak_mb().unwrap_or(0.0)
    );
    let mut kinds: Vec<(String, usize)> = Vec::new();
    for problem in &problems {
        let kind = format!("{} {}", problem.rule.name(), problem.field);
        match kinds.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, n)) => *n += 1,
            None => kinds.push((kind, 1)),
        }
    }
    for (kind, n) in kinds.iter().take(10) {
        println!("    {n:>7} × {kind}");
    }
    if let Some(first) = problems.first() {
        println!("    first: {first}");
    }

    let wordings = Arc::new(testing::wordings());
    let start = Instant::now();
    let (loaded, phases) = timing::record(|| {
        Venue::load(
            "upload",
            &dir,
            &VenueExtras::default(),
            Arc::clone(&wordings),
        )
    });
    print_phases("Venue::load", start.elapsed(), &phases);
    match loaded {
        Ok(venue) => println!("  loaded: {} places", venue.places().len()),
        Err(e) => println!("  refused: {}", e.to_string().lines().next().unwrap_or("")),
    }
    println!("peak: {:.0} MB", peak_mb().unwrap_or(0.0));
}
