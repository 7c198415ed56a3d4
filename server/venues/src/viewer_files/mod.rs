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

use crate::inputs::{Catalog, Wording};
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

/// The language a venue's viewer files are written in: its names' labels in `language` (an
/// IMDF tag, else Chinese) and the categories' labels of `catalog`.
#[derive(Debug, Clone, Copy)]
pub struct Edition<'a> {
    pub language: &'a str,
    pub catalog: &'a Catalog,
}

impl<'a> Edition<'a> {
    pub fn of(wording: &'a Wording) -> Edition<'a> {
        Edition {
            language: &wording.language,
            catalog: &wording.catalog,
        }
    }
}

/// A venue's viewer files: the summary, and the levels from the lowest up.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct ViewerFiles {
    pub summary: VenueSummary,
    pub levels: Vec<LevelData>,
}

/// The viewer's files of venue `id` from the IMDF files of `dir`, which the venue check passed
/// (on other files the result is unspecified, though it does not panic), in `edition`'s
/// language.
pub fn viewer_files(
    id: &str,
    dir: &Path,
    settings: &ViewerSettings,
    edition: Edition,
) -> Result<ViewerFiles, LoadError> {
    let venue = Features::read(dir)?;
    Ok(build(id, &venue, settings, edition))
}

/// The viewer's files of a venue without venue.toml (a building a visitor brought), with the
/// settings [`ViewerSettings::derived`] chooses for it, in each of `editions` (in its order);
/// its files are read once for all.
pub fn viewer_files_derived(
    id: &str,
    dir: &Path,
    editions: &[Edition],
) -> Result<(ViewerSettings, Vec<ViewerFiles>), LoadError> {
    let venue = Features::read(dir)?;
    let settings = ViewerSettings::derived_from(&venue);
    let mut all = Vec::with_capacity(editions.len());
    for &edition in editions {
        let mut files = build(id, &venue, &settings, edition);
        files.summary.choices = Some(summary::editor_labels(edition.catalog));
        files.summary.links = Some(summary::links(&venue, dir, edition.language)?);
        all.push(files);
    }
    Ok((settings, all))
}

fn build(id: &str, venue: &Features, settings: &ViewerSettings, edition: Edition) -> ViewerFiles {
    let placement = placement::placement(venue);
    let occupants = level::occupants(venue);
    // The viewer lists levels from the lowest up, ties by short name.
    let mut levels: Vec<_> = venue.levels.iter().collect();
    let short = |level: &&crate::imdf::Feature<crate::imdf::LevelProps>| {
        features::main_label(Some(&level.properties.short_name)).unwrap_or_default()
    };
    levels.sort_by(|a, b| {
        let by_ordinal = a.properties.ordinal.cmp(&b.properties.ordinal);
        by_ordinal.then_with(|| locale_cmp(&short(a), &short(b)))
    });
    ViewerFiles {
        summary: summary::summary(id, venue, &placement, &levels, settings, edition),
        levels: levels
            .iter()
            .map(|level| {
                level::level_data(venue, (&placement, &occupants), level, edition.language)
            })
            .collect(),
    }
}
