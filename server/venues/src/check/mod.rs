//! The venue check: the one decision whether a venue directory is valid (docs/venue-contract.md
//! §5). The web build, the generator and the upload of a visitor's building all ask it (the
//! `check-venue` command or [`check_venues`]), and the engine's loader asks [`check_imdf`] before
//! it builds a venue; it reports every problem it finds, each naming the file, the feature id,
//! the field and the rule, in Chinese and in English (`Said`).
//!
//! A venue is read (`read`: files, envelopes, geometry, `properties`), then the rules between its
//! features run (`relations`), then those of where things are (`layout`), then its settings and
//! devices (`settings`, `devices`). A feature with a problem of its own shape is left out of the
//! later rules, so one mistake is reported once.

#[cfg(test)]
pub(crate) mod broken_cases;
mod devices;
mod feature_stream;
mod features;
pub(crate) mod layout;
mod problem;
mod properties;
mod read;
mod relations;
mod settings;
#[cfg(test)]
mod tests;
pub mod timing;

use std::collections::BTreeMap;
use std::path::Path;

use problem::Problems;
pub use problem::{Problem, Rule};
use relations::Categories;

use crate::{Said, said};

/// The files of content/venues/ besides the venue directories.
pub const CATEGORIES_FILE: &str = "categories.toml";
pub const WORDS_FILE: &str = "words.toml";

/// IMDF 1.0.0's unit categories, space-separated: what a unit's `category` may be, for a
/// converter that takes categories from its input (site-dxf's GeoJSON rooms).
pub const UNIT_CATEGORIES: &str = properties::UNIT_CATEGORIES;

/// Checks one venue directory; `name_as` is how problems name it (`content/venues/demo-mall`),
/// `categories` the site's categories.toml, when the venue's categories are to be checked
/// against it.
pub fn check_venue(dir: &Path, name_as: &str, categories: Option<&Path>) -> Vec<Problem> {
    let mut problems = Problems::new(name_as);
    let categories = categories.map(|file| {
        // Its problems are named by the file's own directory (`Categories::read` adds its name).
        let parent = file.parent().unwrap_or(Path::new("."));
        let mut root_problems = Problems::new(&parent.to_string_lossy());
        let read = Categories::read(file, &mut root_problems);
        problems.list.extend(root_problems.into_list());
        read
    });
    check_one(dir, categories.as_ref(), &mut problems);
    problems.into_list()
}

/// Checks the IMDF files of `dir` alone, as the server loads them: every rule of
/// [`check_venue`] but those of venue.toml, infrastructure.geojson and categories.toml, which
/// the web build checked before it wrote them out. `name_as` is how problems name `dir`.
pub fn check_imdf(dir: &Path, name_as: &str) -> Vec<Problem> {
    let mut problems = Problems::new(name_as);
    let venue = timing::phase("check: read", || {
        read::read_venue(dir, read::Scope::Imdf, &mut problems)
    });
    timing::phase("check: relations", || {
        relations::check(&venue, None, &mut problems)
    });
    timing::phase("check: layout", || layout::check(&venue, &mut problems));
    timing::phase("check: drop the files read", || drop(venue));
    problems.into_list()
}

/// Checks content/venues/ (`root`) as a whole: its categories.toml, that it holds only its two
/// files and venue directories named as ids, every venue, and that the venues' places in the
/// switcher differ. `name_as` is how problems name the root (`content/venues`).
pub fn check_venues(root: &Path, name_as: &str) -> Vec<Problem> {
    let name_as = name_as.trim_end_matches('/');
    let mut problems = Problems::new(name_as);
    let mut entries: Vec<(String, bool)> = match std::fs::read_dir(root) {
        Ok(entries) => entries
            .filter_map(Result::ok)
            .map(|entry| {
                let is_dir = entry.file_type().is_ok_and(|t| t.is_dir());
                (entry.file_name().to_string_lossy().into_owned(), is_dir)
            })
            .collect(),
        Err(e) => {
            problems.file(
                "",
                "",
                Rule::Files,
                said!("无法读取这个目录：{e}", "Cannot read this directory: {e}"),
            );
            return problems.into_list();
        }
    };
    entries.sort();
    let categories = Categories::read(&root.join(CATEGORIES_FILE), &mut problems);
    let mut orders: BTreeMap<i64, String> = BTreeMap::new();
    for (name, is_dir) in &entries {
        if !is_dir {
            if name != CATEGORIES_FILE && name != WORDS_FILE {
                problems.file(
                    name,
                    "",
                    Rule::Files,
                    said!(
                        "不属于场馆数据：content/venues/ 只放 categories.toml、words.toml 和每个场馆一个目录",
                        "Not venue data: content/venues/ holds only categories.toml, words.toml and one directory per venue"
                    ),
                );
            }
            continue;
        }
        if !is_venue_id(name) {
            problems.file(
                name,
                "",
                Rule::Files,
                said!(
                    "场馆目录名只用小写字母、数字和连字符（目录名就是地址里的场馆编号）",
                    "Name a venue directory with lowercase letters, digits and hyphens only (the directory name is the venue id in the URL)"
                ),
            );
            continue;
        }
        let mut venue_problems = Problems::new(&format!("{name_as}/{name}"));
        let venue = check_one(&root.join(name), Some(&categories), &mut venue_problems);
        if let Some(order) = settings::order(&venue) {
            match orders.get(&order) {
                Some(other) => venue_problems.file(
                    read::SETTINGS,
                    "order",
                    Rule::Settings,
                    Said::to_editors(format!(
                        "是 {order}，与 {name_as}/{other}/venue.toml 相同；每个场馆在切换列表里有自己的位置"
                    )),
                ),
                None => {
                    orders.insert(order, name.clone());
                }
            }
        }
        problems.list.extend(venue_problems.into_list());
    }
    if !entries.iter().any(|(_, is_dir)| *is_dir) {
        problems.file(
            "",
            "",
            Rule::Files,
            said!(
                "没有场馆目录；实时演示至少需要一个场馆",
                "No venue directory; the live demo needs at least one venue"
            ),
        );
    }
    problems.into_list()
}

/// A venue id: lowercase letters and digits in groups joined by single hyphens.
fn is_venue_id(name: &str) -> bool {
    !name.is_empty()
        && name.split('-').all(|part| {
            !part.is_empty()
                && part
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
}

/// Runs every rule on one directory; the files as read, for the root's checks across venues.
fn check_one(
    dir: &Path,
    categories: Option<&Categories>,
    problems: &mut Problems,
) -> features::VenueFiles {
    let venue = read::read_venue(dir, read::Scope::Venue, problems);
    relations::check(&venue, categories, problems);
    layout::check(&venue, problems);
    devices::check(&venue, problems);
    settings::check(&venue, problems);
    venue
}
