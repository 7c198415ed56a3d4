//! The viewer's files of a venue (docs/venue-contract.md §3.2-3.3): the summary (`venue.json`)
//! and one file per level, built from a venue directory the check passed. One implementation
//! for the web build (through `check-venue --viewer-files`) and for buildings visitors upload.

mod coords;
mod features;
mod format;
mod js;
mod level;
mod placement;
mod settings;
mod summary;
#[cfg(test)]
mod tests;

use std::path::Path;

use crate::inputs::Catalog;
use crate::load_error::LoadError;
use features::Features;
use js::locale_cmp;

pub use format::{
    AmenityShape, EntranceEntry, FenceEntry, FixtureShape, KioskEntry, KioskShape, Labels,
    LevelData, LevelEntry, OccupantInfo, OpeningShape, Point, Poly, Ring, Samples, SectionShape,
    UnitShape, VenueSummary,
};
pub use js::JsNumber;
pub use settings::ViewerSettings;

/// A venue's viewer files: the summary, and the levels from the lowest up.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct ViewerFiles {
    pub summary: VenueSummary,
    pub levels: Vec<LevelData>,
}

/// The viewer's files of venue `id` from the IMDF files of `dir`, which the venue check passed
/// (on other files the result is unspecified, though it does not panic). `catalog` gives the
/// categories' labels.
pub fn viewer_files(
    id: &str,
    dir: &Path,
    settings: &ViewerSettings,
    catalog: &Catalog,
) -> Result<ViewerFiles, LoadError> {
    let venue = Features::read(dir)?;
    Ok(build(id, &venue, settings, catalog))
}

/// The viewer's files of a venue without venue.toml (a building a visitor brought), with the
/// settings [`ViewerSettings::derived`] chooses for it; its files are read once for both.
pub fn viewer_files_derived(
    id: &str,
    dir: &Path,
    catalog: &Catalog,
) -> Result<(ViewerSettings, ViewerFiles), LoadError> {
    let venue = Features::read(dir)?;
    let settings = ViewerSettings::derived_from(&venue);
    let mut files = build(id, &venue, &settings, catalog);
    files.summary.choices = Some(summary::editor_labels(catalog));
    files.summary.links = Some(summary::links(&venue, dir)?);
    Ok((settings, files))
}

fn build(id: &str, venue: &Features, settings: &ViewerSettings, catalog: &Catalog) -> ViewerFiles {
    let placement = placement::placement(venue);
    let occupants = level::occupants(venue);
    // The viewer lists levels from the lowest up, ties by short name.
    let mut levels: Vec<_> = venue.levels.iter().collect();
    let short = |level: &&crate::imdf::Feature<crate::imdf::LevelProps>| {
        features::zh(Some(&level.properties.short_name)).unwrap_or_default()
    };
    levels.sort_by(|a, b| {
        let by_ordinal = a.properties.ordinal.cmp(&b.properties.ordinal);
        by_ordinal.then_with(|| locale_cmp(&short(a), &short(b)))
    });
    ViewerFiles {
        summary: summary::summary(id, venue, &placement, &levels, settings, catalog),
        levels: levels
            .iter()
            .map(|level| level::level_data(venue, (&placement, &occupants), level))
            .collect(),
    }
}
