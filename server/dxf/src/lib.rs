//! DXF floor plans turned into the IMDF files of a venue: [`convert`] for the drawing of one
//! level, [`convert_building`] for a building drawn level by level, for a visitor who uploads
//! the CAD drawings of their building; [`convert_geojson`] for a building whose rooms are
//! GeoJSON polygons already. No HTTP: the server reads the upload, asks [`inspect`] what the
//! drawing holds (its layers and what each seems to mean), lets the visitor confirm a
//! [`Mapping`], and asks [`convert`] for the files. Those go through the one venue check
//! (`site_venues::check::check_imdf`) and `Venue::load`, exactly as an IMDF upload does: this
//! crate only refuses what it cannot turn into features at all, naming the DXF entity.

// A problem is 128 bytes (its sentence in two languages, the file, layer and handle it names),
// which clippy finds large for an error; it is made once per refusal, never on a hot path.
#![allow(clippy::result_large_err)]

mod building;
mod bulge;
mod categories;
mod doorways;
mod geojson;
mod inspect;
mod labels;
mod layout;
mod mapping;
mod meaning;
mod output;
mod overlaps;
mod plan;
mod points;
mod problem;
mod read;
mod rides;
mod rings;
mod walls;
mod work;

pub use building::{BuildingMapping, LevelDrawing, convert_building};
pub use geojson::convert_geojson;
pub use inspect::{DrawingSummary, Extents, LayerSummary, inspect, inspect_within};
pub use mapping::{Address, KnownLength, LengthUnit, LevelNaming, Mapping, Placement};
pub use meaning::LayerMeaning;
pub use output::ImdfFiles;
pub use problem::{DxfError, DxfProblem, DxfRule};
pub use read::DxfLimits;

/// The IMDF files of the drawing's one level, or every reason it cannot be converted.
pub fn convert(bytes: &[u8], mapping: &Mapping) -> Result<ImdfFiles, Vec<DxfProblem>> {
    let level = building::lay_out(bytes, mapping, mapping.problems(), &DxfLimits::default())?;
    let building = BuildingMapping {
        venue_name: mapping.venue_name.clone(),
        address: mapping.address.clone(),
        placement: mapping.placement,
    };
    Ok(building::write(&building, vec![(&mapping.level, level)]))
}
