//! The rules between features: references (docs/imdf.md §4) and the one venue feature, levels'
//! short names and ordinals (§2.4), relationships between levels (§2.7), and every category a
//! visitor sees having an entry in categories.toml (§3.1).

mod categories;
mod editor_choices;
mod levels;
mod references;
mod relationships;

use super::features::VenueFiles;
use super::problem::Problems;

pub(crate) use categories::Categories;

/// Runs the rules in the web build's order: the venue feature, references, levels' short names,
/// categories (when `categories` is given: a venue checked alone has none), relationships. A
/// relationship with a broken reference is left out of the relationships' rules, as its problem
/// is already reported.
pub(crate) fn check(venue: &VenueFiles, categories: Option<&Categories>, problems: &mut Problems) {
    references::the_venue(venue, problems);
    let broken = references::check(venue, problems);
    levels::check(venue, problems);
    if let Some(categories) = categories {
        categories.check_entries(venue, problems);
    }
    relationships::check(venue, &broken, problems);
}
