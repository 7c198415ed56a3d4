//! Stored buildings made ready to serve: the venue engine (search, routes) and the viewer's files
//! of a building, built from its stored archive on the first request that needs them, kept while
//! they are used and dropped when idle or when too many are loaded. A building is served by the
//! same API and viewer as the demo's venues.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use site_venues::intake::{IntakeLimits, unpack_imdf};
use site_venues::viewer_files::viewer_files_derived;
use site_venues::{Edition, Venue, VenueExtras, Wordings};

use super::take_in::{Refused, ScratchDir, checked_refusal};
use crate::negotiation::language::{ByLanguage, Language};
use crate::site::{Body, ViewerFiles};

/// A building ready to serve.
#[derive(Debug)]
pub(crate) struct LoadedBuilding {
    pub venue: Arc<Venue>,
    pub files: ViewerFiles,
    /// The stored version it was built from.
    pub version: i64,
}

/// Builds a building's engine and viewer files from its stored `archive`, as `id`, in a fresh
/// directory under `scratch`. Costly (a mall: a few hundred milliseconds): run it on a compute
/// thread.
pub(crate) fn load(
    id: &str,
    version: i64,
    archive: &[u8],
    limits: &IntakeLimits,
    scratch: &std::path::Path,
    wordings: &Arc<Wordings>,
) -> Result<LoadedBuilding, Refused> {
    let dir =
        ScratchDir::new(scratch).map_err(|e| Refused::Failed(format!("building {id}: {e}")))?;
    unpack_imdf(archive, limits, dir.path()).map_err(Refused::Intake)?;
    build(id, version, dir.path(), wordings)
}

/// Builds a building's engine and viewer files from the IMDF files of `dir`: the venue check
/// decides (an edited building's files have not passed it yet) as the engine loads.
pub(crate) fn build(
    id: &str,
    version: i64,
    dir: &std::path::Path,
    wordings: &Arc<Wordings>,
) -> Result<LoadedBuilding, Refused> {
    build_beside(id, version, dir, wordings, || ()).map(|(loaded, ())| loaded)
}

/// [`build`], with the viewer's files and `beside` (an edit archives the files again) made on a
/// second thread while the engine loads: an edit waits for the longest of them, not their sum.
pub(crate) fn build_beside<T: Send>(
    id: &str,
    version: i64,
    dir: &std::path::Path,
    wordings: &Arc<Wordings>,
    beside: impl FnOnce() -> T + Send,
) -> Result<(LoadedBuilding, T), Refused> {
    let failed = |why: String| Refused::Failed(format!("building {id}: {why}"));
    std::thread::scope(|scope| {
        let side = scope.spawn(|| (viewer_bodies(id, dir, wordings), beside()));
        // The viewer's sample start is not checked against the engine here: it is derived from
        // the building's own places.
        let venue = Venue::load(id, dir, &VenueExtras::default(), Arc::clone(wordings))
            .map_err(|error| checked_refusal(error, dir));
        let side = side.join();
        let venue = venue?;
        let (files, other) = side.map_err(|_| failed("its viewer files panicked".to_owned()))?;
        let files = files.map_err(|e| failed(e.to_string()))?;
        let loaded = LoadedBuilding {
            venue: Arc::new(venue),
            files,
            version,
        };
        Ok((loaded, other))
    })
}

/// The viewer's files of the building in `dir`, compressed quickly: the map waits for them on
/// the first request.
fn viewer_bodies(
    id: &str,
    dir: &std::path::Path,
    wordings: &Wordings,
) -> Result<ViewerFiles, site_venues::LoadError> {
    let editions = ByLanguage::from_fn(|language| Edition::of(wordings.get(language.tag())));
    let (_, files) = viewer_files_derived(id, dir, &editions.values().map(|edition| *edition))?;
    // In the order of `values()`, which `from_fn` fills in.
    let mut files = files.into_iter();
    let files = ByLanguage::from_fn(|_| files.next().expect("one set of files per edition"));
    let summary = files.map(|files| Body::fast(json(&files.summary), true));
    let levels = files
        .get(Language::Chinese)
        .levels
        .iter()
        .enumerate()
        .map(|(index, level)| {
            let bodies = files.map(|files| Body::fast(json(&files.levels[index]), true));
            (level.short.clone(), level.id.clone(), bodies)
        })
        .collect();
    Ok(ViewerFiles::new(id.to_owned(), summary, levels))
}

fn json(value: &impl serde::Serialize) -> Vec<u8> {
    serde_json::to_vec(value).expect("viewer files serialise")
}

/// The loaded buildings of this server, least recently used dropped first.
pub(crate) struct Engines {
    loaded: Mutex<HashMap<String, (Arc<LoadedBuilding>, Instant)>>,
    max_loaded: usize,
    idle: Duration,
}

impl Engines {
    pub(crate) fn new(max_loaded: usize, idle: Duration) -> Self {
        Self {
            loaded: Mutex::new(HashMap::new()),
            max_loaded,
            idle,
        }
    }

    /// The building `id` if it is loaded in `version`; marks it used. Buildings idle for too
    /// long are dropped on the way.
    pub(crate) fn get(&self, id: &str, version: i64) -> Option<Arc<LoadedBuilding>> {
        let now = Instant::now();
        let mut loaded = self.lock();
        loaded.retain(|_, (_, used)| now.duration_since(*used) < self.idle);
        let (building, used) = loaded.get_mut(id)?;
        if building.version != version {
            loaded.remove(id);
            return None;
        }
        *used = now;
        Some(Arc::clone(building))
    }

    /// Keeps `building` as `id`, dropping the least recently used beyond the cap.
    pub(crate) fn keep(&self, id: &str, building: Arc<LoadedBuilding>) {
        let mut loaded = self.lock();
        loaded.insert(id.to_owned(), (building, Instant::now()));
        // One in at a time: at most one to drop.
        if loaded.len() > self.max_loaded {
            let oldest = loaded.iter().min_by_key(|(_, (_, used))| *used);
            if let Some(oldest) = oldest.map(|(id, _)| id.clone()) {
                loaded.remove(&oldest);
            }
        }
    }

    /// Drops the building `id` (deleted).
    pub(crate) fn drop_building(&self, id: &str) {
        self.lock().remove(id);
    }

    pub(crate) fn count(&self) -> usize {
        self.lock().len()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, (Arc<LoadedBuilding>, Instant)>> {
        self.loaded
            .lock()
            .expect("the engines' lock is never poisoned")
    }
}
