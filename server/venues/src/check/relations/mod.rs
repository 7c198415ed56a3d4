//! The rules between features: references (docs/imdf.md §4) and the one venue feature, levels'
//! short names and ordinals (§2.4), relationships between levels (§2.7), and every category a
//! visitor sees having an entry in categories.toml (§3.1).

use std::path::Path;

use super::features::VenueFiles;
use super::problem::Problems;

/// The categories of content/venues/categories.toml, as the check needs them.
#[derive(Debug, Default)]
pub(crate) struct Categories {}

impl Categories {
    /// Reads `file` (categories.toml); its problems are reported into `problems`, whose prefix
    /// is the file's directory: report them as `problems.file(super::CATEGORIES_FILE, ...)`.
    pub(crate) fn read(_file: &Path, _problems: &mut Problems) -> Categories {
        Categories::default()
    }
}

pub(crate) fn check(
    _venue: &VenueFiles,
    _categories: Option<&Categories>,
    _problems: &mut Problems,
) {
}
