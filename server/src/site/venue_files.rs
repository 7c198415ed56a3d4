//! The live demo's viewer files (issue #14): each venue's summary and the data of each of its
//! levels in each language (issue #35), compressed by the web build, kept in memory and answered
//! by `/api/venues/...` as they are. The IMDF files beside them are the venue engine's business (the `site-venues` crate, server/venues).

use std::path::Path;
use std::sync::Arc;

use super::manifest::VenuesEntry;
use super::{Body, SiteError, read, safe_join};
use crate::negotiation::language::{ByLanguage, Language};

#[derive(Debug, Default)]
pub struct VenueFiles {
    venues: Vec<ViewerFiles>,
}

/// One venue's viewer files, in each language.
#[derive(Debug)]
pub struct ViewerFiles {
    pub id: String,
    summary: ByLanguage<Arc<Body>>,
    /// Short name, IMDF id and data of each level, in manifest (ascending ordinal) order.
    levels: Vec<(String, String, ByLanguage<Arc<Body>>)>,
}

impl VenueFiles {
    pub fn venue(&self, id: &str) -> Option<&ViewerFiles> {
        self.venues.iter().find(|venue| venue.id == id)
    }

    pub fn iter(&self) -> impl Iterator<Item = &ViewerFiles> {
        self.venues.iter()
    }
}

impl ViewerFiles {
    /// The files of a venue built outside the web build (a building a visitor brought):
    /// `levels` as (short name, IMDF id, data), lowest first.
    pub(crate) fn new(
        id: String,
        summary: ByLanguage<Body>,
        levels: Vec<(String, String, ByLanguage<Body>)>,
    ) -> Self {
        let shared = |bodies: ByLanguage<Body>| bodies.into_map(Arc::new);
        Self {
            id,
            summary: shared(summary),
            levels: levels
                .into_iter()
                .map(|(short, id, bodies)| (short, id, shared(bodies)))
                .collect(),
        }
    }

    /// The bytes held, every file, language and encoding together.
    pub fn held_bytes(&self) -> usize {
        let held = |bodies: &ByLanguage<Arc<Body>>| -> usize {
            bodies.values().iter().map(|body| body.held_bytes()).sum()
        };
        held(&self.summary)
            + self
                .levels
                .iter()
                .map(|(_, _, bodies)| held(bodies))
                .sum::<usize>()
    }

    /// The summary in `language`.
    pub(crate) fn summary(&self, language: Language) -> &Arc<Body> {
        self.summary.get(language)
    }

    /// The level named by `key` in `language`: its short name in any case, as the engine takes
    /// it, or its IMDF id.
    pub(crate) fn level(&self, key: &str, language: Language) -> Option<&Arc<Body>> {
        self.levels
            .iter()
            .find(|(short, id, _)| short.eq_ignore_ascii_case(key) || id == key)
            .map(|(_, _, bodies)| bodies.get(language))
    }
}

/// Reads every venue's summary and level files with the encodings the build wrote beside them.
pub(super) fn load(dist: &Path, entry: &VenuesEntry) -> Result<VenueFiles, SiteError> {
    let manifest = dist.join("manifest.json");
    let invalid = |problem: String| SiteError::Invalid {
        path: manifest.clone(),
        problem,
    };
    let mut venues: Vec<ViewerFiles> = Vec::with_capacity(entry.list.len());
    for venue in &entry.list {
        if !is_url_segment(&venue.id, |b| {
            b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'
        }) {
            return Err(invalid(format!(
                "venues: id {:?} may only hold a-z, 0-9 and -",
                venue.id
            )));
        }
        if venues.iter().any(|seen| seen.id == venue.id) {
            return Err(invalid(format!("venues: {} is listed twice", venue.id)));
        }
        let mut levels: Vec<(String, String, ByLanguage<Arc<Body>>)> =
            Vec::with_capacity(venue.levels.len());
        for level in &venue.levels {
            if !is_url_segment(&level.short_name, |b| b.is_ascii_alphanumeric()) {
                return Err(invalid(format!(
                    "venues: {}: level short name {:?} may only hold letters and digits",
                    venue.id, level.short_name
                )));
            }
            if levels.iter().any(|(seen, _, _)| *seen == level.short_name) {
                return Err(invalid(format!(
                    "venues: {}: level {} is listed twice",
                    venue.id, level.short_name
                )));
            }
            levels.push((
                level.short_name.clone(),
                level.id.clone(),
                level.file.try_map(|file| compressed_file(dist, file))?,
            ));
        }
        // The engine reads the IMDF files; their directory must lie inside dist/ like the rest.
        safe_join(dist, &venue.imdf_dir).map_err(invalid)?;
        if let Some(file) = &venue.infrastructure {
            safe_join(dist, file).map_err(invalid)?;
        }
        venues.push(ViewerFiles {
            id: venue.id.clone(),
            summary: venue.summary.try_map(|file| compressed_file(dist, file))?,
            levels,
        });
    }
    Ok(VenueFiles { venues })
}

fn is_url_segment(text: &str, allowed: impl Fn(u8) -> bool) -> bool {
    !text.is_empty() && text.len() <= 64 && text.bytes().all(allowed)
}

/// `file` with its `.gz` and `.br` siblings.
fn compressed_file(dist: &Path, file: &str) -> Result<Arc<Body>, SiteError> {
    let path = safe_join(dist, file).map_err(|problem| SiteError::Invalid {
        path: dist.join("manifest.json"),
        problem,
    })?;
    let sibling = |extension: &str| {
        let mut name = path.clone().into_os_string();
        name.push(extension);
        read(Path::new(&name))
    };
    Ok(Arc::new(Body::precompressed(
        read(&path)?,
        sibling(".gz")?,
        sibling(".br")?,
    )))
}

/// The IMDF directory of venue `id` in the web build at `dist`, from manifest.json's venue list
/// alone: `site export-imdf` must not load and compress the whole site to write one archive.
pub fn imdf_dir(dist: &Path, id: &str) -> Result<std::path::PathBuf, String> {
    #[derive(serde::Deserialize)]
    struct Manifest {
        venues: Venues,
    }
    #[derive(serde::Deserialize)]
    struct Venues {
        list: Vec<Venue>,
    }
    #[derive(serde::Deserialize)]
    struct Venue {
        id: String,
        imdf_dir: String,
    }
    let path = dist.join("manifest.json");
    let text = std::fs::read(&path).map_err(|error| {
        format!(
            "{}: cannot read the web build ({error}); build it first with scripts/build, or set `dist_dir` (SITE_DIST_DIR)",
            path.display()
        )
    })?;
    let manifest: Manifest = serde_json::from_slice(&text).map_err(|error| {
        format!(
            "{}: no venue list ({error}); rebuild the web build",
            path.display()
        )
    })?;
    let venues = &manifest.venues.list;
    let venue = venues.iter().find(|venue| venue.id == id).ok_or_else(|| {
        let known: Vec<&str> = venues.iter().map(|venue| venue.id.as_str()).collect();
        format!(
            "no venue {id:?} in the web build; venues: {}",
            known.join(", ")
        )
    })?;
    safe_join(dist, &venue.imdf_dir)
}
