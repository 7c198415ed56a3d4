//! The venue engine: the live demo's venues (IMDF data loaded from dist/ at start) and what the
//! demo asks of them: search, routes, find my car, kiosks, the IMDF export. A crate of its own so
//! that it holds no HTTP types: the server's `http/venues.rs` reads requests and writes answers.
//!
//! Loading builds, per venue, the model (`assemble`), the walkable space of each level
//! (`free_space`), the walking graph (`corners`, `graph`), the place table (`place_table`) and
//! the portals of its doors and places (`portals`). A request's place text is parsed by
//! `location_text` and resolved to a place by `resolve_location` (walks inside a shop by
//! `inside`); a route is an A* search between their portals (`shortest`), put together by
//! `route` and told by `steps` with `landmarks`. Find my car (`car`), the kiosk view (`kiosk`),
//! search (`search_request`, with the walking distances of `distances`) and the IMDF archive
//! (`export`) build on the same pieces.

mod assemble;
mod car;
pub mod check;
mod compact;
mod contract;
mod corners;
pub mod costs;
mod distances;
pub mod edit;
mod export;
mod feature_ids;
mod free_space;
pub mod geometry;
mod graph;
pub mod grid;
mod imdf;
mod infrastructure;
mod inputs;
mod inside;
pub mod intake;
mod kiosk;
mod landmarks;
mod load_error;
mod location_text;
pub mod model;
mod name;
mod place_table;
mod portals;
pub mod projection;
mod radio_space;
mod read;
mod resolve_location;
mod route;
mod said;
pub mod search;
mod search_request;
mod shortest;
mod steps;
mod venue;
pub mod viewer_files;

#[doc(hidden)]
pub mod testing;
#[cfg(test)]
mod tests;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use car::{Car, CarError, FoundCar, normalise_plate, plate_hash};
pub use distances::PlaceDistance;
pub use export::{ExportError, export_edited, export_imdf, with_file};
pub use infrastructure::read_devices;
pub use inputs::{
    Catalog, CategoryWords, DirectoryGroup, EditorChoices, FlowSettings, KioskFacing, StepWords,
    VenueExtras, Wording, Wordings, category_matches, fill,
};
pub use kiosk::{
    DirectoryEntry, DirectoryLevel, DirectorySection, KioskError, KioskInfo, KioskView,
};
pub use load_error::LoadError;
pub use location_text::{Field, Location, PlaceError, PlaceProblem};
pub use model::{ConnectorKind, Level};
pub use name::Name;
pub use place_table::{Place, PlaceKind};
pub use radio_space::RadioSpace;
pub use resolve_location::Located;
pub use route::{Leg, Route, RouteError, RoutePlace, Step, Transition};
pub use said::Said;
pub use search_request::{DEFAULT_LIMIT, Found, MAX_LIMIT, SearchError, SearchRequest};
pub use steps::StepKind;
pub use venue::Venue;
pub use viewer_files::{Edition, ViewerFiles, ViewerSettings, viewer_files};

/// Where one venue's files are and what venue.toml adds (from dist/manifest.json's
/// `venues.list`).
#[derive(Debug, Clone, PartialEq)]
pub struct VenueSource {
    /// The venue id of the URLs ("demo-mall").
    pub id: String,
    /// The directory of `<feature_type>.geojson` files.
    pub imdf_dir: PathBuf,
    /// The directory of its `infrastructure.geojson` (see [`read_devices`]), when it has one.
    pub infrastructure_dir: Option<PathBuf>,
    pub extras: VenueExtras,
    /// A hash of everything the venue is loaded from (its files, its manifest entry, the words
    /// and catalog): the same version is the same venue, and is not loaded again.
    pub version: u64,
}

/// One loaded venue and what it was loaded from.
#[derive(Debug, Clone)]
struct Loaded {
    /// Shared with the live positioning engines, which outlive a request.
    venue: Arc<Venue>,
    version: u64,
    /// The directory of its `infrastructure.geojson`, when it has one.
    infrastructure: Option<PathBuf>,
}

/// Every venue, by id.
#[derive(Debug, Default)]
pub struct Venues {
    by_id: BTreeMap<String, Loaded>,
    /// Ids in the order given (the manifest's order).
    order: Vec<String>,
    /// Venues whose latest files did not load: why, for `/healthz?details`. Such a venue is
    /// served in its previous version when it had one, and is absent otherwise.
    problems: BTreeMap<String, String>,
}

impl Venues {
    /// Loads the venues of `sources` again beside `previous`: a venue whose version did not
    /// change is taken over as it is (the same `Arc`, so its live engine goes on), and one
    /// whose new files do not load keeps its previous version, its error handed back and
    /// remembered (see [`Venues::problems`]). Nothing the visitors had is lost to a bad file.
    pub fn reload(
        sources: &[VenueSource],
        wordings: &Arc<Wordings>,
        previous: &Venues,
    ) -> (Venues, Vec<LoadError>) {
        let mut venues = Venues::default();
        let mut errors = Vec::new();
        for source in sources {
            let kept = previous.by_id.get(&source.id);
            let loaded = match kept {
                Some(kept) if kept.version == source.version => Ok(kept.clone()),
                _ => Venue::load(
                    &source.id,
                    &source.imdf_dir,
                    &source.extras,
                    Arc::clone(wordings),
                )
                .map(|venue| Loaded {
                    venue: Arc::new(venue),
                    version: source.version,
                    infrastructure: source.infrastructure_dir.clone(),
                }),
            };
            let loaded = match (loaded, kept) {
                (Ok(loaded), _) => Some(loaded),
                (Err(error), kept) => {
                    // Told publicly (`/healthz?details`): the files by name, not where they are
                    // (a problem of the directory itself names it alone).
                    let dir = source.imdf_dir.display().to_string();
                    let error_text = error
                        .to_string()
                        .replace(&format!("{dir}/"), "")
                        .replace(&dir, "its IMDF directory");
                    let why = match kept {
                        Some(kept) => format!(
                            "its new files did not load; version {:016x} goes on: {error_text}",
                            kept.version
                        ),
                        None => format!("did not load and is left out: {error_text}"),
                    };
                    venues.problems.insert(source.id.clone(), why);
                    errors.push(error);
                    kept.cloned()
                }
            };
            if let Some(loaded) = loaded {
                venues.order.push(source.id.clone());
                venues.by_id.insert(source.id.clone(), loaded);
            }
        }
        (venues, errors)
    }

    /// A venue by id (HTTP 404 `venue_unknown` when none).
    pub fn get(&self, id: &str) -> Option<&Venue> {
        self.by_id.get(id).map(|loaded| loaded.venue.as_ref())
    }

    /// A venue by id, to keep beyond a request.
    pub fn shared(&self, id: &str) -> Option<Arc<Venue>> {
        self.by_id.get(id).map(|loaded| loaded.venue.clone())
    }

    /// The version of a venue: the hash of what it was loaded from.
    pub fn version(&self, id: &str) -> Option<u64> {
        self.by_id.get(id).map(|loaded| loaded.version)
    }

    /// The directory of a venue's positioning devices, when it has them.
    pub fn infrastructure_dir(&self, id: &str) -> Option<&Path> {
        self.by_id
            .get(id)
            .and_then(|loaded| loaded.infrastructure.as_deref())
    }

    /// The venues in the order they were given.
    pub fn iter(&self) -> impl Iterator<Item = &Venue> {
        self.order.iter().filter_map(|id| self.get(id))
    }

    /// `(id, version)` of every venue served, in order.
    pub fn versions(&self) -> impl Iterator<Item = (&str, u64)> {
        self.order
            .iter()
            .filter_map(|id| Some((id.as_str(), self.version(id)?)))
    }

    /// Venues whose latest files did not load, and why.
    pub fn problems(&self) -> impl Iterator<Item = (&str, &str)> {
        self.problems
            .iter()
            .map(|(id, why)| (id.as_str(), why.as_str()))
    }

    pub fn is_empty(&self) -> bool {
        self.by_id.is_empty()
    }
}
