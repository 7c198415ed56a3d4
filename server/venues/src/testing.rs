//! Loading venues in tests, with the words and catalog of content/venues/: for this crate's
//! tests and for the crates that build on it (the live engine's). Compiled always, not behind a
//! feature: a feature that only tests turn on would build this crate, and every crate above it,
//! twice in one `scripts/test`.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::{Catalog, StepWords, Venue, VenueExtras};

pub fn words() -> StepWords {
    #[derive(serde::Deserialize)]
    struct Words {
        steps: StepWords,
    }
    let text = std::fs::read_to_string(content_dir().join("words.toml")).expect("words.toml");
    toml::from_str::<Words>(&text)
        .expect("words.toml [steps]")
        .steps
}

/// categories.toml as the build passes it on: `[categories.<key>]` and `[[groups]]`; an empty
/// catalog until the file exists.
pub fn catalog() -> Catalog {
    let Ok(text) = std::fs::read_to_string(content_dir().join("categories.toml")) else {
        return Catalog::default();
    };
    toml::from_str(&text).unwrap_or_else(|e| panic!("categories.toml: {e}"))
}

pub fn content_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content/venues")
}

pub fn load(id: &str, dir: &Path, extras: &VenueExtras) -> Venue {
    Venue::load(id, dir, extras, Arc::new(words()), Arc::new(catalog()))
        .unwrap_or_else(|e| panic!("{e}"))
}

/// venue.toml's extras as the build passes them on.
pub fn extras_of(dir: &Path) -> VenueExtras {
    #[derive(serde::Deserialize)]
    struct Samples {
        start: Option<String>,
    }
    #[derive(serde::Deserialize)]
    struct VenueToml {
        #[serde(default)]
        kiosks: Vec<crate::KioskFacing>,
        samples: Option<Samples>,
        flow: Option<crate::FlowSettings>,
    }
    let Ok(text) = std::fs::read_to_string(dir.join("venue.toml")) else {
        return VenueExtras::default();
    };
    let toml: VenueToml =
        toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    VenueExtras {
        kiosks: toml.kiosks,
        start: toml.samples.and_then(|s| s.start),
        flow: toml.flow,
    }
}
