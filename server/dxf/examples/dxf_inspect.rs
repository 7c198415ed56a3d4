//! Prints what `inspect` sees in DXF files, and what `convert` says with every suggestion taken
//! but those given as `LAYER=room|wall|door|text|elevator|escalator|stairs|ignore`:
//! `cargo run -p site-dxf --example dxf_inspect -- plan.dxf... [LAYER=meaning...]`. For trying
//! real drawings by hand.

use site_dxf::{Address, LayerMeaning, LevelNaming, Mapping, Placement, convert, inspect};

fn main() {
    let (overrides, paths): (Vec<String>, Vec<String>) =
        std::env::args().skip(1).partition(|arg| arg.contains('='));
    let overrides: Vec<(String, LayerMeaning)> = overrides
        .iter()
        .filter_map(|arg| {
            let (layer, meaning) = arg.rsplit_once('=')?;
            let meaning = match meaning {
                "room" => LayerMeaning::Room,
                "wall" => LayerMeaning::Wall,
                "door" => LayerMeaning::Door,
                "text" => LayerMeaning::Text,
                "elevator" => LayerMeaning::Elevator,
                "escalator" => LayerMeaning::Escalator,
                "stairs" => LayerMeaning::Stairs,
                _ => LayerMeaning::Ignore,
            };
            Some((layer.to_owned(), meaning))
        })
        .collect();
    for path in paths {
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
                "  {:<32} {:?} {:?} closed {} {:?}",
                layer.name, layer.suggested, layer.counts, layer.closed_polylines, layer.texts
            );
        }
        let mapping = Mapping::suggested(
            &summary,
            Placement {
                // Far-off plans are placed by their extents' corner.
                at: summary.extents.map_or([0.0, 0.0], |e| e.min),
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
        let mut mapping = mapping;
        mapping.layers.extend(overrides.iter().cloned());
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
