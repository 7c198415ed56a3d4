//! The live demo's venues (issue #14): IMDF data loaded from dist/ at start, and what the demo asks
//! of it: search, routes, find my car, kiosks. No HTTP types: `http/venues.rs` reads requests and
//! writes answers.
//!
//! Loading builds, per venue, the model (`assemble`), the walkable space of each level
//! (`free_space`), the walking graph (`corners`, `graph`) and the portals of its doors and places
//! (`portals`). A request's places are resolved by `locate` (walks inside a shop by `inside`); a
//! route is an A* search between their portals (`shortest`), put together by `route` and told
//! by `steps` with `landmarks`. Find my car (`car`), the kiosk view (`kiosk`), walking distances
//! for search (`distances`) and the IMDF archive (`export`) build on the same pieces.

mod assemble;
mod car;
mod corners;
pub mod costs;
mod distances;
mod export;
mod free_space;
pub mod geometry;
mod graph;
mod grid;
mod imdf;
mod infrastructure;
mod inputs;
mod inside;
mod kiosk;
mod landmarks;
mod load_error;
mod locate;
mod locations;
pub mod model;
mod place_search;
mod places;
mod portals;
mod projection;
mod radio_space;
mod read;
mod route;
pub mod search;
mod shortest;
mod steps;
mod venue;

#[cfg(test)]
pub(crate) mod tests;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use car::{Car, CarError, FoundCar, normalise_plate, plate_hash};
pub use distances::Walk;
pub use export::{ExportError, export_imdf};
pub use infrastructure::read_devices;
pub use inputs::{
    Catalog, CategoryWords, DirectoryGroup, FlowSettings, KioskFacing, StepWords, VenueExtras,
    category_matches, fill,
};
pub use kiosk::{
    DirectoryEntry, DirectoryLevel, DirectorySection, KioskError, KioskInfo, KioskView,
};
pub use load_error::LoadError;
pub use locate::Located;
pub use locations::{Field, Location, PlaceError, PlaceProblem};
pub use model::{ConnectorKind, Level};
pub use place_search::{DEFAULT_LIMIT, Found, MAX_LIMIT, SearchError, SearchRequest};
pub use places::{Place, PlaceKind};
pub use radio_space::RadioSpace;
pub use route::{Leg, Route, RouteError, RoutePlace, Step, Transition};
pub use steps::StepKind;
pub use venue::Venue;

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
}

/// Every venue, by id.
#[derive(Debug, Default)]
pub struct Venues {
    /// Shared with the live positioning engines, which outlive a request.
    by_id: BTreeMap<String, Arc<Venue>>,
    /// The directory of each venue's `infrastructure.geojson`, for those that have one.
    infrastructure: BTreeMap<String, PathBuf>,
    /// Ids in the order given (the manifest's order).
    order: Vec<String>,
}

impl Venues {
    /// Loads every venue it can. A broken venue is left out and its error handed back: the
    /// rest of the demo and the whole site keep working without it.
    pub fn load(
        sources: &[VenueSource],
        words: StepWords,
        catalog: Catalog,
    ) -> (Venues, Vec<LoadError>) {
        let (words, catalog) = (Arc::new(words), Arc::new(catalog));
        let mut venues = Venues::default();
        let mut errors = Vec::new();
        for source in sources {
            match Venue::load(
                &source.id,
                &source.imdf_dir,
                &source.extras,
                words.clone(),
                catalog.clone(),
            ) {
                Ok(venue) => {
                    venues.order.push(source.id.clone());
                    venues.by_id.insert(source.id.clone(), Arc::new(venue));
                    if let Some(dir) = &source.infrastructure_dir {
                        venues.infrastructure.insert(source.id.clone(), dir.clone());
                    }
                }
                Err(error) => errors.push(error),
            }
        }
        (venues, errors)
    }

    /// A venue by id (HTTP 404 `venue_unknown` when none).
    pub fn get(&self, id: &str) -> Option<&Venue> {
        self.by_id.get(id).map(Arc::as_ref)
    }

    /// A venue by id, to keep beyond a request.
    pub fn shared(&self, id: &str) -> Option<Arc<Venue>> {
        self.by_id.get(id).cloned()
    }

    /// The directory of a venue's positioning devices, when it has them.
    pub fn infrastructure_dir(&self, id: &str) -> Option<&Path> {
        self.infrastructure.get(id).map(PathBuf::as_path)
    }

    /// The venues in the order they were given.
    pub fn iter(&self) -> impl Iterator<Item = &Venue> {
        self.order.iter().filter_map(|id| self.get(id))
    }

    pub fn is_empty(&self) -> bool {
        self.by_id.is_empty()
    }
}
