//! A building drawn in CAD: one DXF drawing per level and the visitor's mapping of it (what each
//! layer means, the unit, where the building stands, what it and its levels are called); or a
//! building's rooms and doors as one GeoJSON file, which says all that itself. The drawings or
//! the GeoJSON are converted by site-dxf into IMDF files, archived, and that archive is taken in
//! exactly as an uploaded one (the intake's limits, then the venue check as the engine loads
//! it), so what is stored is what was checked. The mapping's JSON is the API's contract
//! (docs/api.md); its TypeScript twin is generated (http/answer_types.rs).

use std::collections::{HashMap, HashSet};
use std::io::Cursor;
use std::path::Path;

use serde::Deserialize;
use site_dxf::{
    Address, BuildingMapping, KnownLength, LayerMeaning, LengthUnit, LevelDrawing, LevelNaming,
    Placement,
};

use site_venues::{Said, said};

use super::problems::UploadProblem;
use super::take_in::{Refused, ScratchDir};

/// The mapping of a building's drawings (the `mapping` part of the upload).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct DrawingMapping {
    pub venue_name: String,
    pub address: DrawingAddress,
    pub placement: DrawingPlacement,
    /// One per drawing, in any order (the ordinals order them).
    pub levels: Vec<DrawingLevel>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct DrawingAddress {
    /// Street and number (`示例路 1 号`).
    pub address: String,
    /// City (`上海市`).
    pub locality: String,
    /// ISO 3166-2 (`CN-SH`).
    pub province: Option<String>,
    /// ISO 3166 alpha-2 (`CN`).
    pub country: String,
}

/// The drawings' point `at` (drawing units) lies at `lon`, `lat`; their y axis points
/// `rotation_deg` clockwise from north.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct DrawingPlacement {
    pub at: [f64; 2],
    pub lon: f64,
    pub lat: f64,
    pub rotation_deg: f64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct DrawingLevel {
    /// The drawing's file name, as its part of the upload names it.
    pub file: String,
    /// The name visitors see (`一层`).
    pub name: String,
    /// The level's key (`L1`).
    pub short_name: String,
    /// 0 for the ground level, negative below it.
    #[cfg_attr(test, ts(type = "number"))]
    pub ordinal: i64,
    /// Meaning per layer name; a layer not listed is ignored.
    pub layers: HashMap<String, LayerMeaning>,
    /// The drawing unit, when the drawing does not say or says wrong.
    pub unit: Option<LengthUnit>,
    /// Two points of the drawing and their real distance, for a drawing of unknown unit.
    pub known_length: Option<DrawingLength>,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct DrawingLength {
    pub a: [f64; 2],
    pub b: [f64; 2],
    pub metres: f64,
}

/// One uploaded drawing: its file name and bytes.
#[derive(Debug, Clone)]
pub(crate) struct Drawing {
    pub file: String,
    pub bytes: Vec<u8>,
}

/// Why a mapping and its drawings do not go together: the request's fault, not the drawings'.
fn mismatch(message: Said) -> Refused {
    Refused::Request(message)
}

/// Pairs each level of `mapping` with its drawing: every drawing mapped once, every level
/// drawn, at most `max_levels`.
fn paired<'a>(
    mapping: &'a DrawingMapping,
    drawings: &'a [Drawing],
    max_levels: usize,
) -> Result<Vec<(&'a DrawingLevel, &'a Drawing)>, Refused> {
    if mapping.levels.is_empty() {
        return Err(mismatch(said!(
            "映射里没有楼层：每张图纸对应一个楼层",
            "The mapping has no levels: map each drawing to one level"
        )));
    }
    if mapping.levels.len() > max_levels {
        let levels = mapping.levels.len();
        return Err(mismatch(said!(
            "一座建筑最多 {max_levels} 个楼层，这里有 {levels} 个",
            "A building has at most {max_levels} levels; this one has {levels}"
        )));
    }
    let mut seen = HashSet::new();
    let by_file: HashMap<&str, &Drawing> = drawings.iter().map(|d| (d.file.as_str(), d)).collect();
    if by_file.len() != drawings.len() {
        return Err(mismatch(said!(
            "两张图纸同名：请给每张图纸不同的文件名",
            "Two drawings have the same name: give each drawing a file name of its own"
        )));
    }
    let mut pairs = Vec::new();
    for level in &mapping.levels {
        let drawing = by_file.get(level.file.as_str()).ok_or_else(|| {
            let (short, file) = (&level.short_name, &level.file);
            mismatch(said!(
                "楼层 {short} 的图纸“{file}”没有上传",
                "The drawing \"{file}\" of level {short} was not uploaded"
            ))
        })?;
        if !seen.insert(level.file.as_str()) {
            let file = &level.file;
            return Err(mismatch(said!(
                "图纸“{file}”对应了两个楼层",
                "The drawing \"{file}\" is mapped to two levels"
            )));
        }
        pairs.push((level, *drawing));
    }
    if let Some(extra) = drawings.iter().find(|d| !seen.contains(d.file.as_str())) {
        let file = &extra.file;
        return Err(mismatch(said!(
            "图纸“{file}”没有对应的楼层",
            "The drawing \"{file}\" is mapped to no level"
        )));
    }
    Ok(pairs)
}

/// site-dxf's mapping of the building.
fn building_mapping(mapping: &DrawingMapping) -> BuildingMapping {
    let DrawingPlacement {
        at,
        lon,
        lat,
        rotation_deg,
    } = mapping.placement;
    let address = &mapping.address;
    BuildingMapping {
        venue_name: mapping.venue_name.clone(),
        address: Address {
            address: address.address.clone(),
            locality: address.locality.clone(),
            province: address.province.clone(),
            country: address.country.clone(),
        },
        placement: Placement {
            at,
            lon,
            lat,
            rotation_deg,
        },
    }
}

/// site-dxf's drawing of one level.
fn level_drawing<'a>(level: &DrawingLevel, drawing: &'a Drawing) -> LevelDrawing<'a> {
    LevelDrawing {
        bytes: &drawing.bytes,
        file_name: drawing.file.clone(),
        layers: level.layers.clone(),
        unit: level.unit,
        known_length: level.known_length.map(|k| KnownLength {
            a: k.a,
            b: k.b,
            metres: k.metres,
        }),
        level: LevelNaming {
            name: level.name.clone(),
            short_name: level.short_name.clone(),
            ordinal: level.ordinal,
        },
    }
}

/// The drawings converted into an IMDF archive, or every problem found, each naming its
/// drawing. `scratch` is where the files are written to be archived.
pub(super) fn imdf_archive(
    mapping: &DrawingMapping,
    drawings: &[Drawing],
    (max_levels, limits): (usize, &site_dxf::DxfLimits),
    scratch: &Path,
) -> Result<Vec<u8>, Refused> {
    let pairs = paired(mapping, drawings, max_levels)?;
    let levels: Vec<LevelDrawing<'_>> = pairs
        .iter()
        .map(|(level, drawing)| level_drawing(level, drawing))
        .collect();
    let files = site_dxf::convert_building(&building_mapping(mapping), &levels, limits).map_err(
        |problems| {
            // A problem of the building as a whole names the first drawing.
            let first = &drawings[0].file;
            Refused::Invalid(
                problems
                    .into_iter()
                    .map(|problem| UploadProblem::drawn(first, problem))
                    .collect(),
            )
        },
    )?;
    archived(&files, scratch)
}

/// A building's GeoJSON (`site_dxf::convert_geojson`) converted into an IMDF archive, or every
/// problem found, each naming `file_name` and the feature.
pub(super) fn geojson_archive(
    bytes: &[u8],
    file_name: &str,
    limits: &site_dxf::DxfLimits,
    scratch: &Path,
) -> Result<Vec<u8>, Refused> {
    let files = site_dxf::convert_geojson(bytes, file_name, limits).map_err(|problems| {
        Refused::Invalid(
            problems
                .into_iter()
                .map(|problem| UploadProblem::drawn(file_name, problem))
                .collect(),
        )
    })?;
    archived(&files, scratch)
}

/// The converted files as the IMDF archive an upload would be, so that they are taken in as one.
fn archived(files: &site_dxf::ImdfFiles, scratch: &Path) -> Result<Vec<u8>, Refused> {
    let failed = |e: &dyn std::fmt::Display| Refused::Failed(e.to_string());
    let dir = ScratchDir::new(scratch).map_err(|e| failed(&e))?;
    files.write_to(dir.path()).map_err(|e| failed(&e))?;
    let mut archive = Cursor::new(Vec::new());
    site_venues::export_imdf(dir.path(), &mut archive).map_err(|e| failed(&e))?;
    Ok(archive.into_inner())
}
