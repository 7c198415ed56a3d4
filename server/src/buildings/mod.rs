//! Buildings that visitors bring (issue #32; docs/design.md "Buildings that visitors bring"):
//! an upload is taken in (`take_in`: the intake's limits, then the venue check as the engine
//! loads it) and stored in the site's database (`store`) under an unguessable id, the
//! capability its link carries, until it expires or its owner deletes it. Nothing is stored
//! from an upload that fails, and nothing of it stays on disk. No HTTP types: `http/buildings.rs`
//! reads the requests and answers.

mod drawings;
mod edit;
mod engines;
mod problems;
mod store;
mod take_in;

use std::net::IpAddr;
use std::path::PathBuf;
use std::sync::Arc;

use site_venues::Wordings;
use site_venues::intake::IntakeLimits;

pub(crate) use drawings::{Drawing, DrawingMapping};
#[cfg(test)]
pub(crate) use drawings::{DrawingAddress, DrawingLength, DrawingLevel, DrawingPlacement};
pub(crate) use edit::{EditBase, Edited};
use engines::Engines;
pub(crate) use engines::LoadedBuilding;
pub(crate) use problems::UploadProblem;
pub(crate) use store::{BuildingRow, StoreError};
use store::{Caps, DAY_MILLIS, NewBuilding, SavedEdit};
pub(crate) use take_in::{Checked, LevelName, Refused};

use crate::config::{BuildingsConfig, Config};
use crate::leads::Leads;
use crate::limits::client_table::client_key;

/// What problems call an uploaded GeoJSON file, which comes as a body without a name.
const GEOJSON_FILE: &str = "building.geojson";

/// A building as stored: its id (the capability) and when it expires.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Stored {
    pub id: String,
    pub expires_at: i64,
}

/// The service. Cheap to clone.
#[derive(Clone)]
pub(crate) struct Buildings(Arc<Inner>);

struct Inner {
    config: BuildingsConfig,
    limits: IntakeLimits,
    /// Where uploads are expanded while they are checked (`<data_dir>/buildings-scratch`).
    scratch: PathBuf,
    /// Whose database the buildings are stored in (see [`Leads::database`]).
    leads: Leads,
    engines: Engines,
}

impl Buildings {
    /// The service over `leads`' database. What a crash left in the scratch directory is
    /// removed.
    pub(crate) fn new(config: &Config, leads: Leads) -> Self {
        let scratch = config.data_dir.join("buildings-scratch");
        let _ = std::fs::remove_dir_all(&scratch);
        Self(Arc::new(Inner {
            config: config.buildings.clone(),
            limits: config.buildings.intake_limits(),
            scratch,
            leads,
            engines: Engines::new(
                config.buildings.max_loaded,
                std::time::Duration::from_secs(config.buildings.idle_secs),
            ),
        }))
    }

    pub(crate) fn limits(&self) -> &IntakeLimits {
        &self.0.limits
    }

    pub(crate) fn per_client_per_day(&self) -> u32 {
        self.0.config.per_client_per_day
    }

    /// Takes an upload in (see `take_in`): costly, run it on a compute thread.
    pub(crate) fn take_in(
        &self,
        bytes: &[u8],
        wordings: Arc<Wordings>,
    ) -> Result<Checked, Refused> {
        take_in::take_in(bytes, &self.0.limits, &self.0.scratch, wordings)
    }

    /// Converts a building's drawings with their mapping and takes the IMDF they make in, as
    /// [`Buildings::take_in`] does an uploaded archive: costly, run it on a compute thread.
    pub(crate) fn take_in_drawings(
        &self,
        mapping: &DrawingMapping,
        drawings: &[Drawing],
        wordings: Arc<Wordings>,
    ) -> Result<Checked, Refused> {
        let inner = &self.0;
        let drawn = inner.config.drawing_limits();
        let archive = drawings::imdf_archive(
            mapping,
            drawings,
            (inner.limits.levels, &drawn),
            &inner.scratch,
        )?;
        self.take_in(&archive, wordings)
    }

    /// Converts a building's GeoJSON (rooms and doors with their levels, docs/api.md) and takes
    /// the IMDF it makes in, as [`Buildings::take_in_drawings`] does drawings: costly, run it on
    /// a compute thread.
    pub(crate) fn take_in_geojson(
        &self,
        bytes: &[u8],
        wordings: Arc<Wordings>,
    ) -> Result<Checked, Refused> {
        let inner = &self.0;
        let archive = drawings::geojson_archive(
            bytes,
            GEOJSON_FILE,
            &inner.config.drawing_limits(),
            &inner.scratch,
        )?;
        self.take_in(&archive, wordings)
    }

    /// What a drawing holds, for its mapping: costly for a large one, run it on a compute
    /// thread.
    pub(crate) fn inspect(&self, bytes: &[u8]) -> Result<site_dxf::DrawingSummary, Refused> {
        site_dxf::inspect_within(bytes, &self.0.config.drawing_limits())
            .map_err(|error| Refused::Request(error.said()))
    }

    /// Applies the editor's `changes` to `base` (see `edit`): costly, run it on a compute
    /// thread.
    pub(crate) fn edit(
        &self,
        base: &EditBase<'_>,
        changes: &[site_venues::edit::Change],
        wordings: &Arc<Wordings>,
    ) -> Result<Edited, Refused> {
        let inner = &self.0;
        let limits = (&inner.limits, inner.config.max_changes);
        edit::edit(base, changes, limits, &inner.scratch, wordings)
    }

    /// Stores `edited` as the version after `base` of building `id` and keeps its engine; the
    /// new version, `None` when the building is gone, [`StoreError::Conflict`] when another
    /// edit was stored first.
    pub(crate) async fn save_edit(
        &self,
        id: &str,
        base: i64,
        edited: &Edited,
        now: i64,
    ) -> Result<Option<i64>, StoreError> {
        let saved = SavedEdit {
            id,
            base,
            now,
            files: &edited.files,
        };
        let storage_bytes = self.0.config.storage_mib * 1024 * 1024;
        if !self.database()?.save_edit(&saved, storage_bytes).await? {
            return Ok(None);
        }
        let version = edited.loaded.version;
        self.0.engines.keep(id, Arc::clone(&edited.loaded));
        Ok(Some(version))
    }

    /// Stores a building that passed, for `client`, under a new id.
    pub(crate) async fn store(
        &self,
        checked: &Checked,
        client: IpAddr,
        now: i64,
    ) -> Result<Stored, StoreError> {
        let pool = self.database()?;
        let config = &self.0.config;
        let id = uuid::Uuid::new_v4().simple().to_string();
        let expires_at = now + i64::from(config.expiry_days) * DAY_MILLIS;
        let client = client_hash(client);
        let new = NewBuilding {
            id: &id,
            now,
            expires_at,
            client: &client,
            files: &checked.files,
        };
        let caps = Caps {
            per_client_per_day: config.per_client_per_day,
            storage_bytes: config.storage_mib * 1024 * 1024,
        };
        pool.insert_building(&new, caps).await?;
        Ok(Stored { id, expires_at })
    }

    /// Whether `client` may upload now: refused before its upload is read and checked when its
    /// uploads of the day are spent (storing counts again, in the same transaction as the
    /// insert).
    pub(crate) async fn check_quota(&self, client: IpAddr, now: i64) -> Result<(), StoreError> {
        let today = self
            .database()?
            .uploads_since(&client_hash(client), now - DAY_MILLIS)
            .await?;
        if today >= i64::from(self.0.config.per_client_per_day) {
            return Err(StoreError::PerDay);
        }
        Ok(())
    }

    /// The building `id`, unless it expired or never was.
    pub(crate) async fn get(&self, id: &str, now: i64) -> Result<Option<BuildingRow>, StoreError> {
        if !is_building_id(id) {
            return Ok(None);
        }
        self.database()?.building(id, now).await
    }

    /// The IMDF archive of the building `id`.
    pub(crate) async fn archive(&self, id: &str, now: i64) -> Result<Option<Vec<u8>>, StoreError> {
        if !is_building_id(id) {
            return Ok(None);
        }
        self.database()?.building_archive(id, now).await
    }

    /// Deletes the building `id` at once; whether there was one. Other servers drop their
    /// engine of it at their next request for it, which finds it gone.
    pub(crate) async fn delete(&self, id: &str) -> Result<bool, StoreError> {
        if !is_building_id(id) {
            return Ok(false);
        }
        self.0.engines.drop_building(id);
        self.database()?.delete_building(id).await
    }

    /// The building `row` as loaded here, if it is in its stored version.
    pub(crate) fn loaded(&self, row: &BuildingRow) -> Option<Arc<LoadedBuilding>> {
        self.0.engines.get(&row.id, row.version)
    }

    /// Builds the engine and map of `row` from its `archive` (costly: on a compute thread) and
    /// keeps them.
    pub(crate) fn load(
        &self,
        row: &BuildingRow,
        archive: &[u8],
        wordings: &Arc<Wordings>,
    ) -> Result<Arc<LoadedBuilding>, Refused> {
        let scratch = &self.0.scratch;
        let loaded = engines::load(
            &row.id,
            row.version,
            archive,
            &self.0.limits,
            scratch,
            wordings,
        )?;
        let loaded = Arc::new(loaded);
        self.0.engines.keep(&row.id, Arc::clone(&loaded));
        Ok(loaded)
    }

    /// Buildings loaded on this server now.
    pub(crate) fn loaded_count(&self) -> usize {
        self.0.engines.count()
    }

    fn database(&self) -> Result<crate::database::Pool, StoreError> {
        self.0
            .leads
            .database()
            .ok_or_else(|| StoreError::Unavailable("the database is not ready".to_owned()))
    }
}

/// A building's id as [`Buildings::store`] makes them: 32 lower-case hex digits.
pub(crate) fn is_building_id(id: &str) -> bool {
    id.len() == 32
        && id
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// How the database knows an uploader: a hash of its address (IPv6: its /64), enough to count
/// its uploads of the day without keeping the address.
fn client_hash(client: IpAddr) -> String {
    let key = client_key(client).to_string();
    format!("{:032x}", xxhash_rust::xxh3::xxh3_128(key.as_bytes()))
}
