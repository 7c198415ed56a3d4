//! The live demo's part of the fixture build (issue #14): the real venues of content/venues/ as
//! the web build puts them in dist/ (their IMDF files, the words and categories in the
//! manifest), with small stand-in viewer files, so the API tests ask the real engine about the
//! real mall and hospital.

use std::io::Write;
use std::path::{Path, PathBuf};

use serde_json::{Value, json};

/// The venues in content/, in the viewer's order.
pub(crate) const VENUES: [&str; 2] = ["demo-mall", "demo-hospital"];

fn content_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../content/venues")
}

fn read_toml(path: &Path) -> toml::Table {
    let text = std::fs::read_to_string(path).expect("read toml");
    text.parse().expect("valid toml")
}

fn to_json(value: toml::Value) -> Value {
    serde_json::to_value(value).expect("toml converts to json")
}

/// `[samples]` of a venue's venue.toml.
pub(crate) fn samples(venue: &str) -> toml::Table {
    let settings = read_toml(&content_dir().join(venue).join("venue.toml"));
    settings["samples"].as_table().expect("samples").clone()
}

/// The manifest's `words`: `[steps]` and `[api_errors]` of words.toml.
fn words() -> Value {
    let mut words = read_toml(&content_dir().join("words.toml"));
    json!({
        "steps": to_json(words.remove("steps").expect("steps")),
        "api_errors": to_json(words.remove("api_errors").expect("api_errors")),
    })
}

fn compressed(dir: &Path, relative: &str, bytes: &[u8]) {
    let path = dir.join(relative);
    std::fs::create_dir_all(path.parent().expect("parent")).expect("create dirs");
    std::fs::write(&path, bytes).expect("write");
    let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gzip.write_all(bytes).expect("gzip");
    std::fs::write(
        format!("{}.gz", path.display()),
        gzip.finish().expect("gzip"),
    )
    .expect("write");
    let mut brotli = Vec::new();
    brotli::BrotliCompress(&mut &bytes[..], &mut brotli, &Default::default()).expect("brotli");
    std::fs::write(format!("{}.br", path.display()), brotli).expect("write");
}

/// Writes `venues` into the build at `dir` and returns the manifest's `venues` section; with
/// none, only the words and categories (the server needs them either way).
pub(crate) fn write_venues(dir: &Path, venues: &[&str]) -> Value {
    let content = content_dir();
    let catalog = read_toml(&content.join("categories.toml"));
    let mut list = Vec::new();
    for venue in venues {
        let imdf_dir = format!("venues/{venue}/imdf");
        std::fs::create_dir_all(dir.join(&imdf_dir)).expect("create dirs");
        for entry in std::fs::read_dir(content.join(venue)).expect("venue dir") {
            let path = entry.expect("entry").path();
            let name = path
                .file_name()
                .expect("name")
                .to_string_lossy()
                .into_owned();
            if name.ends_with(".geojson") || name == "manifest.json" {
                std::fs::copy(&path, dir.join(&imdf_dir).join(&name)).expect("copy");
            }
        }
        let settings = read_toml(&content.join(venue).join("venue.toml"));
        let levels: Vec<Value> = level_names(&content.join(venue))
            .into_iter()
            .map(|(short, id)| {
                let file = format!("venues/{venue}/levels/{short}.json");
                // Big enough that compressing it pays, as real level data does.
                let units: Vec<Value> = (0..50)
                    .map(|n| json!({ "id": format!("unit-{n}"), "c": "room", "g": [[0, 0, 10, 0, 10, 10]] }))
                    .collect();
                let data = json!({ "v": 1, "id": id, "short": short, "units": units });
                compressed(dir, &file, data.to_string().as_bytes());
                json!({ "short_name": short, "id": id, "file": file })
            })
            .collect();
        let summary = format!("venues/{venue}/venue.json");
        let shorts: Vec<Value> = levels
            .iter()
            .map(|level| json!({ "short": level["short_name"] }))
            .collect();
        let data = json!({
            "v": 1,
            "id": venue,
            "name": format!("{venue} 的名字"),
            "category": "shoppingcenter",
            "levels": shorts,
            "defaultLevel": settings["default_level"].as_str(),
        });
        compressed(dir, &summary, data.to_string().as_bytes());
        let kiosks: Vec<Value> = settings["kiosks"]
            .as_array()
            .expect("kiosks")
            .iter()
            .map(|kiosk| {
                let facing = &kiosk["facing"];
                let degrees = facing.as_float().or(facing.as_integer().map(|d| d as f64));
                json!({ "id": kiosk["id"].as_str(), "facing": degrees })
            })
            .collect();
        list.push(json!({
            "id": venue,
            "imdf_dir": imdf_dir,
            "summary": summary,
            "levels": levels,
            "kiosks": kiosks,
            "start": settings["samples"]["start"].as_str(),
        }));
    }
    json!({
        "list": list,
        "categories": to_json(catalog.get("categories").cloned().expect("categories")),
        "groups": to_json(catalog.get("groups").cloned().expect("groups")),
        "words": words(),
    })
}

/// (short name, id) of each level in a venue's level.geojson.
fn level_names(venue_dir: &Path) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(venue_dir.join("level.geojson")).expect("levels");
    let levels: Value = serde_json::from_str(&text).expect("json");
    levels["features"]
        .as_array()
        .expect("features")
        .iter()
        .map(|level| {
            (
                level["properties"]["short_name"]["zh-Hans"]
                    .as_str()
                    .expect("short name")
                    .to_owned(),
                level["id"].as_str().expect("id").to_owned(),
            )
        })
        .collect()
}
