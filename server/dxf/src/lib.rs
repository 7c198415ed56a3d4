//! A DXF floor plan turned into the IMDF files of one level, for a visitor who uploads the CAD
//! drawing of their building. No HTTP: the server reads the upload, asks [`inspect`] what the
//! drawing holds (its layers and what each seems to mean), lets the visitor confirm a
//! [`Mapping`], and asks [`convert`] for the files. Those go through the one venue check
//! (`site_venues::check::check_imdf`) and `Venue::load`, exactly as an IMDF upload does: this
//! crate only refuses what it cannot turn into features at all, naming the DXF entity.

mod bulge;
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
mod rings;

pub use inspect::{DrawingSummary, Extents, LayerSummary, inspect};
pub use mapping::{Address, KnownLength, LengthUnit, LevelNaming, Mapping, Placement};
pub use meaning::LayerMeaning;
pub use output::ImdfFiles;
pub use problem::{DxfError, DxfProblem, DxfRule};

/// The IMDF files of the drawing's one level, or every reason it cannot be converted.
pub fn convert(bytes: &[u8], mapping: &Mapping) -> Result<ImdfFiles, Vec<DxfProblem>> {
    let drawing = read::parse(bytes).map_err(|e| vec![DxfProblem::unreadable(&e)])?;
    let problems = mapping.problems();
    if !problems.is_empty() {
        return Err(problems);
    }
    let scale = mapping
        .metres_per_unit(read::drawing_unit(&drawing))
        .map_err(|p| vec![p])?;
    let plan = plan::Plan::read(&drawing, mapping, scale)?;
    let level = layout::lay_out(&plan)?;
    Ok(output::write(&level, mapping))
}
