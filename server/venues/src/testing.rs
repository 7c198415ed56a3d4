//! Loading venues in tests, with the words and catalogs of content/venues/ and its English twin
//! content/en/venues/: for this crate's tests and for the crates that build on it (the live
//! engine's). Compiled always, not behind a
//! feature: a feature that only tests turn on would build this crate, and every crate above it,
//! twice in one `scripts/test`.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::{Catalog, StepWords, Venue, VenueExtras, Wording, Wordings};

/// The Chinese step words (content/venues/words.toml `[steps]`).
pub fn words() -> StepWords {
    words_in(&content_dir())
}

fn words_in(dir: &Path) -> StepWords {
    #[derive(serde::Deserialize)]
    struct Words {
        steps: StepWords,
    }
    let path = dir.join("words.toml");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    toml::from_str::<Words>(&text)
        .unwrap_or_else(|e| panic!("{path:?} [steps]: {e}"))
        .steps
}

/// The Chinese categories.toml as the build passes it on: `[categories.<key>]` and `[[groups]]`.
pub fn catalog() -> Catalog {
    catalog_in(&content_dir())
}

fn catalog_in(dir: &Path) -> Catalog {
    let path = dir.join("categories.toml");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    toml::from_str(&text).unwrap_or_else(|e| panic!("{path:?}: {e}"))
}

/// Both editions' words, Chinese first, as the server hands them to the engine.
pub fn wordings() -> Wordings {
    let wording = |language: &str, dir: &Path| Wording {
        language: language.to_owned(),
        steps: words_in(dir),
        catalog: catalog_in(dir),
    };
    Wordings::new(
        wording("zh-Hans", &content_dir()),
        [wording("en", &content_dir().join("../en/venues"))],
    )
}

pub fn content_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content/venues")
}

pub fn load(id: &str, dir: &Path, extras: &VenueExtras) -> Venue {
    Venue::load(id, dir, extras, Arc::new(wordings())).unwrap_or_else(|e| panic!("{e}"))
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
