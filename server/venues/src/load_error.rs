//! Why a venue directory could not be loaded. Every message names the file and, where there is
//! one, the feature id, like the build's validation (docs/venue-contract.md §5), so a broken venue is fixed
//! from the message alone.

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum LoadError {
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
