//! Why a venue directory could not be loaded. Every message names the file and, where there is
//! one, the feature id, like the venue check (docs/venue-contract.md §5), so a broken venue is
//! fixed from the message alone.
//!
//! The check decides whether the IMDF files are valid ([`LoadError::Invalid`]); the engine reads
//! them only after it passed them. `Unreadable` remains reachable (a file removed or changed
//! between the check and the read), and `Extras` (venue.toml's kiosks and start, which the check
//! of the IMDF files does not read). The other structural variants are what the engine's reader
//! says when it cannot build its model; the check's rules cover what it relies on (one venue,
//! unique ids, references, levels' short names, relationships, openings on a unit's boundary within
//! the same tolerance, geometry types), so on files the check passed they are not expected. They
//! stay so that the reader never has to panic on a file that changed after the check, and
//! `Geometry` and `Property` also name the problems of infrastructure.geojson (`read_devices`).

use std::path::PathBuf;

use crate::check::Problem;

/// How many of the check's problems a load error lists; the rest are counted.
const PROBLEMS_SHOWN: usize = 20;

#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The venue check found problems in the IMDF files (named as the directory was given).
    #[error("{}", invalid_message(problems))]
    Invalid {
        dir: PathBuf,
        problems: Vec<Problem>,
    },
    #[error("{}: cannot be read: {source}", file.display())]
    Unreadable {
        file: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: not a GeoJSON FeatureCollection: {message}", file.display())]
    BadJson { file: PathBuf, message: String },
    #[error("{}: feature {feature}: property {key}: {message}", file.display())]
    Property {
        file: PathBuf,
        feature: String,
        key: String,
        message: String,
    },
    #[error("{}: feature {feature}: {message}", file.display())]
    Geometry {
        file: PathBuf,
        feature: String,
        message: String,
    },
    #[error("{}: feature {feature}: feature_type is {found:?}, the file holds {expected:?}", file.display())]
    WrongFeatureType {
        file: PathBuf,
        feature: String,
        found: String,
        expected: String,
    },
    #[error("{}: feature {feature}: the id is used twice in the venue", file.display())]
    DuplicateId { file: PathBuf, feature: String },
    #[error("{}: feature {feature}: property {key}: no {expected} has the id {target}", file.display())]
    Reference {
        file: PathBuf,
        feature: String,
        key: String,
        target: String,
        expected: String,
    },
    #[error("{}: feature {feature}: {message}", file.display())]
    Relationship {
        file: PathBuf,
        feature: String,
        message: String,
    },
    #[error("{}: feature {feature}: the opening lies on the boundary of no unit of its level (within 5 cm)", file.display())]
    OpeningTouchesNoUnit { file: PathBuf, feature: String },
    #[error("{}: feature {feature}: short name {short:?} is used by another level", file.display())]
    DuplicateLevel {
        file: PathBuf,
        feature: String,
        short: String,
    },
    #[error("{}: holds {count} venues, a venue directory needs exactly one", file.display())]
    VenueCount { file: PathBuf, count: usize },
    #[error("venue {venue}: {message}")]
    Extras { venue: String, message: String },
}

/// The problems one per line, as `check-venue` prints them, the first [`PROBLEMS_SHOWN`] of them.
/// The directory is not in the first line: every problem names its file, and the server strips
/// the directory from them before it tells `/healthz?details`.
fn invalid_message(problems: &[Problem]) -> String {
    let mut text = format!(
        "the venue check found {} problem{}:",
        problems.len(),
        if problems.len() == 1 { "" } else { "s" }
    );
    for problem in problems.iter().take(PROBLEMS_SHOWN) {
        text.push('\n');
        text.push_str(&problem.to_string());
    }
    if problems.len() > PROBLEMS_SHOWN {
        let more = problems.len() - PROBLEMS_SHOWN;
        text.push_str(&format!("\n… and {more} more (check-venue lists them all)"));
    }
    text
}
