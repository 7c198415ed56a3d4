//! Prints what `inspect` sees in DXF files, and what `convert` says with every suggestion taken:
//! `cargo run -p site-dxf --example dxf_inspect -- plan.dxf...`. For trying real drawings by hand.

use site_dxf::{Address, LevelNaming, Mapping, Placement, convert, inspect};

fn main() {
    for path in std::env::args().skip(1) {
        println!("== {path}");
        let bytes = match std::fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) => {
                println!("  {e}");
                continue;
            }
        };
        let summary = match inspect(&bytes) {
            Ok(summary) => summary,
            Err(e) => {
                println!("  {e}");
                continue;
            }
        };
        println!("  unit {:?}, extents {:?}", summary.unit, summary.extents);
        for layer in &summary.layers {
            println!(
                "  {:<32} {:?} {:?}",
                layer.name, layer.suggested, layer.counts
            );
        }
        let mapping = Mapping::suggested(
            &summary,
            Placement {
                lon: 121.5,
                lat: 31.2,
                rotation_deg: 0.0,
            },
            "试验",
            Address {
                address: "试验路 1 号".to_owned(),
                locality: "上海市".to_owned(),
                province: None,
                country: "CN".to_owned(),
            },
            LevelNaming {
                name: "一层".to_owned(),
                short_name: "L1".to_owned(),
                ordinal: 0,
            },
        );
        match convert(&bytes, &mapping) {
            Ok(files) => {
                let units = files
                    .get("unit.geojson")
                    .map_or(0, |t| t.matches("\"unit\"").count());
                let openings = files
                    .get("opening.geojson")
                    .map_or(0, |t| t.matches("\"opening\"").count());
                println!("  converted: {units} units, {openings} openings");
                let dir = std::env::temp_dir().join("dxf-inspect");
                let _ = std::fs::remove_dir_all(&dir);
                std::fs::create_dir_all(&dir).expect("temp dir");
                files.write_to(&dir).expect("written");
                let problems = site_venues::check::check_imdf(&dir, "upload");
                println!("  check: {} problems", problems.len());
                for p in problems.iter().take(5) {
                    println!("    {} {} {}", p.file, p.field, p.message);
                }
            }
            Err(problems) => {
                println!("  refused: {} problems", problems.len());
                for p in problems.iter().take(8) {
                    println!("    {p}");
                }
            }
        }
    }
}
