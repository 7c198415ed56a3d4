//! A building as plain GeoJSON (issue #32), for developers who already hold their rooms as
//! polygons: one FeatureCollection in WGS 84 longitude and latitude, its rooms as `Polygon` or
//! `MultiPolygon` features, its doors as `LineString` features, each with a `level` property.
//! Each level is built as the [`Plan`] a DXF drawing gives, in metres from the file's first
//! position, then laid out and written exactly as drawn levels are (`crate::building`).
//!
//! What the file holds:
//! - the FeatureCollection's own `properties`: `name` (the building), `address`, `locality`
//!   (the city), optional `province` (ISO 3166-2) and `country` (ISO 3166 alpha-2, `CN` if
//!   absent);
//! - a room: `level` (the level's key, Latin letters, digits and hyphens: `L1`, `B1`), optional
//!   `name`, `category` (an IMDF unit category, else guessed from the name as for a DXF room),
//!   `ordinal` (an integer: 0 the ground level, else derived from `L1`/`1F`/`F1` = 0,
//!   `B1` = -1, `G`/`GF` = 0) and `level_name` (what visitors see, else the key); no holes;
//! - a door: a `LineString` across the opening, on a room's edge, with `"door": true` (or
//!   `"type": "door"`) and `level`: its middle places it, its length is its width.
//!
//! Every refusal names the feature: its `id` and its place in `features`.

mod building_properties;
mod levels;
mod rings;
#[cfg(test)]
mod tests;

use serde_json::Value;
use site_venues::{Said, said};

use crate::building;
use crate::layout;
use crate::output::ImdfFiles;
use crate::problem::{DxfProblem, DxfRule};
use crate::read::DxfLimits;
use crate::work::Work;
use levels::Levels;

/// The IMDF files of the building the GeoJSON `bytes` describe, or every reason it cannot be
/// converted. `file_name` is what the problems name as the file.
pub fn convert_geojson(
    bytes: &[u8],
    file_name: &str,
    limits: &DxfLimits,
) -> Result<ImdfFiles, Vec<DxfProblem>> {
    let in_file = |problems: Vec<DxfProblem>| -> Vec<DxfProblem> {
        problems
            .into_iter()
            .map(|mut p| {
                p.file = Some(file_name.to_owned());
                p
            })
            .collect()
    };
    let collection = read(bytes, limits).map_err(|p| in_file(vec![p]))?;
    let features = features(&collection).map_err(|p| in_file(vec![p]))?;
    let levels = Levels::read(features, limits).map_err(in_file)?;
    let (mapping, mut problems) = building_properties::mapping(&collection, levels.origin);
    let mut laid = Vec::with_capacity(levels.levels.len());
    for level in &levels.levels {
        let mut work = Work::new(limits.max_steps);
        match layout::lay_out(&level.plan, &mut work) {
            Ok(done) => laid.push((&level.naming, done)),
            Err(found) => problems.extend(found.into_iter().map(reworded)),
        }
    }
    if !problems.is_empty() {
        return Err(in_file(problems));
    }
    Ok(building::write(&mapping, laid))
}

/// The file's JSON, refused when it is none: NaN and Infinity are no JSON numbers, so a file
/// holding them is named for them rather than for the parser's column. A file of more values
/// than a building within the limits holds is refused before it is parsed: each value takes
/// some 40 bytes as a tree, so 20 MB of `[1,1,1,...]` would take 400 MB.
fn read(bytes: &[u8], limits: &DxfLimits) -> Result<Value, DxfProblem> {
    let values = bytes
        .iter()
        .filter(|b| matches!(b, b',' | b'[' | b'{'))
        .count();
    let most = 4 * limits.max_vertices + 16 * limits.max_objects;
    if values > most {
        return Err(DxfProblem::drawing(
            DxfRule::Level,
            said!(
                "文件有约 {values} 个值，超过了 {most} 个的上限：请简化房间轮廓，去掉与房间和门无关的要素和属性",
                "The file has about {values} values, more than the limit of {most}: simplify the room outlines, and remove the features and properties that have nothing to do with rooms and doors"
            ),
        ));
    }
    serde_json::from_slice(bytes).map_err(|error| {
        let why = if contains(bytes, b"NaN") || contains(bytes, b"Infinity") {
            said!(
                "坐标里有 NaN 或 Infinity，JSON 里没有这样的数：每个坐标都要是有限的数",
                "its coordinates hold NaN or Infinity, which are not JSON numbers: every coordinate must be a finite number"
            )
        } else {
            let (line, column) = (error.line(), error.column());
            said!(
                "第 {line} 行第 {column} 列：{error}",
                "line {line}, column {column}: {error}"
            )
        };
        DxfProblem::drawing(
            DxfRule::Unreadable,
            Said::new(
                format!(
                    "不是 JSON 文件（{}）：请上传 GeoJSON 的 FeatureCollection",
                    why.chinese()
                ),
                format!(
                    "This is not a JSON file ({}): upload a GeoJSON FeatureCollection",
                    why.english()
                ),
            ),
        )
    })
}

fn contains(bytes: &[u8], word: &[u8]) -> bool {
    bytes.windows(word.len()).any(|w| w == word)
}

fn features(collection: &Value) -> Result<&[Value], DxfProblem> {
    let not_collection = || {
        DxfProblem::drawing(
            DxfRule::Unreadable,
            Said::new(
                "不是 GeoJSON 的 FeatureCollection：文件要是 {\"type\": \"FeatureCollection\", \"features\": [...]}",
                "This is not a GeoJSON FeatureCollection: the file must be {\"type\": \"FeatureCollection\", \"features\": [...]}",
            ),
        )
    };
    if collection.get("type").and_then(Value::as_str) != Some("FeatureCollection") {
        return Err(not_collection());
    }
    collection
        .get("features")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .ok_or_else(not_collection)
}

/// The layout speaks of DXF drawings (layers, handles, door blocks); the same sentences for a
/// GeoJSON file, the most specific words first: in Chinese, then in English.
const GEOJSON_WORDS: [(&str, &str); 6] = [
    (
        "在门图层上给它的墙放一个门图块（INSERT）",
        "在它的边上画一个门（LineString，\"door\": true）",
    ),
    ("门图块", "门"),
    ("图层 ", "楼层 "),
    (" 上的", " 的"),
    ("句柄 ", "要素 "),
    ("图纸", "文件"),
];
const GEOJSON_WORDS_EN: [(&str, &str); 5] = [
    (
        "place a door block (INSERT) in its wall on the door layer",
        "draw a door on its edge (LineString, \"door\": true)",
    ),
    ("door block", "door"),
    (" on layer ", " on level "),
    ("(handle ", "(feature "),
    ("The drawing ", "The file "),
];

fn reworded(mut problem: DxfProblem) -> DxfProblem {
    let said = &problem.message;
    problem.message = Said::new(
        replaced(said.chinese(), &GEOJSON_WORDS),
        replaced(said.english(), &GEOJSON_WORDS_EN),
    );
    problem
}

fn replaced(text: &str, words: &[(&str, &str)]) -> String {
    words.iter().fold(text.to_owned(), |text, (dxf, geojson)| {
        text.replace(dxf, geojson)
    })
}
