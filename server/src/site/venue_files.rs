//! The live demo's viewer files (issue #14): each venue's summary and the data of each of its
//! levels in each language (issue #35), compressed by the web build, kept in memory and answered
//! by `/api/venues/...` as they are. The IMDF files beside them are the venue engine's business (the `site-venues` crate, server/venues).

use std::path::Path;
use std::sync::{Arc, OnceLock};

use bytes::Bytes;

use super::manifest::VenuesEntry;
use super::{Body, Encoding, SiteError, read, safe_join};
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
    /// In manifest (ascending ordinal) order.
    levels: Vec<LevelFiles>,
}

#[derive(Debug)]
struct LevelFiles {
    short: String,
    /// IMDF id.
    id: String,
    data: ByLanguage<Arc<Body>>,
    /// The data as a first frame carries it ([`frame_level`]), made when first asked for.
    frame: ByLanguage<OnceLock<Bytes>>,
}

impl LevelFiles {
    fn new(short: String, id: String, data: ByLanguage<Arc<Body>>) -> Self {
        Self {
            short,
            id,
            data,
            frame: ByLanguage::from_fn(|_| OnceLock::new()),
        }
    }
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
                .map(|(short, id, bodies)| LevelFiles::new(short, id, shared(bodies)))
                .collect(),
        }
    }

    /// The bytes held, every file, language and encoding together, first frames' levels too.
    pub fn held_bytes(&self) -> usize {
        let held = |bodies: &ByLanguage<Arc<Body>>| -> usize {
            bodies.values().iter().map(|body| body.held_bytes()).sum()
        };
        let frames = |frames: &ByLanguage<OnceLock<Bytes>>| -> usize {
            frames
                .values()
                .iter()
                .filter_map(|frame| frame.get())
                .map(Bytes::len)
                .sum()
        };
        held(&self.summary)
            + self
                .levels
                .iter()
                .map(|level| held(&level.data) + frames(&level.frame))
                .sum::<usize>()
    }

    /// The summary in `language`.
    pub(crate) fn summary(&self, language: Language) -> &Arc<Body> {
        self.summary.get(language)
    }

    /// The level named by `key` in `language`: its short name in any case, as the engine takes
    /// it, or its IMDF id.
    pub(crate) fn level(&self, key: &str, language: Language) -> Option<&Arc<Body>> {
        self.level_files(key).map(|level| level.data.get(language))
    }

    /// The level named by `key` in `language` as a hand-over page's first frame carries it
    /// ([`frame_level`]).
    pub(crate) fn first_frame_level(&self, key: &str, language: Language) -> Option<Bytes> {
        let level = self.level_files(key)?;
        let frame = level.frame.get(language).get_or_init(|| {
            let data = level.data.get(language).bytes(Encoding::Identity).1;
            frame_level(&data).map_or(data, Bytes::from)
        });
        Some(frame.clone())
    }

    fn level_files(&self, key: &str) -> Option<&LevelFiles> {
        self.levels
            .iter()
            .find(|level| level.short.eq_ignore_ascii_case(key) || level.id == key)
    }
}

/// A level's data as a hand-over page's first frame carries it (issue #34): the same less the
/// ids of the openings without a name. Nothing the first frame shows or a visitor can pick
/// reads those (unnamed doors are drawn, never labelled); only the map editor does, on a
/// visitor's building, which never comes with a first frame. They were 8 of a car park level's
/// 22 KB (brotli), about 45 ms on a slow mobile connection. The viewer asks the API for the
/// whole level once the first frame is drawn. None when `json` is not a level's.
fn frame_level(json: &[u8]) -> Option<Vec<u8>> {
    let mut level: serde_json::Value = serde_json::from_slice(json).ok()?;
    for opening in level.get_mut("openings")?.as_array_mut()? {
        let opening = opening.as_object_mut()?;
        if !opening.contains_key("n") {
            opening.remove("id");
        }
    }
    serde_json::to_vec(&level).ok()
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
        let mut levels: Vec<LevelFiles> = Vec::with_capacity(venue.levels.len());
        for level in &venue.levels {
            if !is_url_segment(&level.short_name, |b| b.is_ascii_alphanumeric()) {
                return Err(invalid(format!(
                    "venues: {}: level short name {:?} may only hold letters and digits",
                    venue.id, level.short_name
                )));
            }
            if levels.iter().any(|seen| seen.short == level.short_name) {
                return Err(invalid(format!(
                    "venues: {}: level {} is listed twice",
                    venue.id, level.short_name
                )));
            }
            levels.push(LevelFiles::new(
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_first_frame_level_keeps_everything_but_the_ids_of_unnamed_openings() {
        let level = br#"{"v":1,"id":"L","units":[{"id":"u1","c":"room","g":[[0,0,1,0,1,1]]}],
            "openings":[{"id":"door","c":"pedestrian","a":[0,0,1,0]},
                        {"id":"gate","c":"pedestrian","a":[1,1,2,1],"n":"North gate"}],
            "amenities":[{"id":"a1","c":"atm","at":[0,0],"u":"u1"}]}"#;
        let frame: serde_json::Value =
            serde_json::from_slice(&frame_level(level).expect("a level")).unwrap();
        let mut expected: serde_json::Value = serde_json::from_slice(level).unwrap();
        expected["openings"][0]
            .as_object_mut()
            .unwrap()
            .remove("id");
        assert_eq!(frame, expected);
        // Not a level: the frame carries the data as it is.
        assert_eq!(frame_level(b"[1]"), None);
        assert_eq!(frame_level(br#"{"openings":[1]}"#), None);
    }
}
