//! Buildings that visitors bring (issue #32): how much one upload may hold, how long a building
//! is kept, and how much all of them together may take.

use serde::{Deserialize, Serialize};
use site_venues::intake::IntakeLimits;

use super::{ConfigError, require_positive};

const MIB: u64 = 1024 * 1024;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BuildingsConfig {
    /// An upload as sent (an IMDF archive), MiB; a larger one is refused (413) before it is
    /// read.
    pub max_upload_mib: u64,
    /// Every file of an archive expanded, together, MiB; checked from the archive's directory
    /// before anything is expanded.
    pub max_expanded_mib: u64,
    /// Entries of an archive, files and folders.
    pub max_entries: usize,
    pub max_levels: usize,
    /// Features of a building, every file together.
    pub max_features: usize,
    /// Positions of one geometry (a room's outline with its holes).
    pub max_vertices: usize,
    /// How far apart a building's positions may be, metres.
    pub max_extent_m: f64,
    /// Objects (entities, blocks, table entries) of one DXF drawing, counted before it is
    /// parsed: the parser holds about 2 KB for each.
    pub max_drawing_objects: usize,
    /// Changes of one edit sent by the online editor (each adds, changes or removes one
    /// feature).
    pub max_changes: usize,
    /// Days a building is kept after its upload; then its link stops working and it is
    /// deleted.
    pub expiry_days: u32,
    /// Buildings one client address (IPv6: one /64) may upload in 24 hours, counted in the
    /// database (so across replicas and restarts).
    pub per_client_per_day: u32,
    /// Storage for every building together, MiB; expired ones are deleted first, oldest first,
    /// and past it uploads are refused (503) until some expire.
    pub storage_mib: u64,
    /// Buildings whose engine (search, routes) and map are held in memory at once, per server;
    /// the least recently used is dropped for another.
    pub max_loaded: usize,
    /// Seconds a loaded building is kept without a request before it is dropped.
    pub idle_secs: u64,
}

impl Default for BuildingsConfig {
    fn default() -> Self {
        let intake = IntakeLimits::default();
        Self {
            max_upload_mib: intake.archive_bytes / MIB,
            max_expanded_mib: intake.expanded_bytes / MIB,
            max_entries: intake.entries,
            max_levels: intake.levels,
            max_features: intake.features,
            max_vertices: intake.vertices_per_geometry,
            max_extent_m: intake.extent_m,
            max_drawing_objects: site_dxf::DxfLimits::default().max_objects,
            max_changes: 200,
            expiry_days: 7,
            per_client_per_day: 20,
            storage_mib: 2048,
            max_loaded: 20,
            idle_secs: 600,
        }
    }
}

impl BuildingsConfig {
    /// The limits the intake reads an upload within.
    pub fn intake_limits(&self) -> IntakeLimits {
        IntakeLimits {
            archive_bytes: self.max_upload_mib * MIB,
            expanded_bytes: self.max_expanded_mib * MIB,
            entries: self.max_entries,
            levels: self.max_levels,
            features: self.max_features,
            vertices_per_geometry: self.max_vertices,
            extent_m: self.max_extent_m,
        }
    }

    /// The limits a drawing is read within.
    pub fn drawing_limits(&self) -> site_dxf::DxfLimits {
        site_dxf::DxfLimits {
            max_objects: self.max_drawing_objects,
            ..site_dxf::DxfLimits::default()
        }
    }

    pub(super) fn validate(&self) -> Result<(), ConfigError> {
        require_positive("buildings.max_upload_mib", self.max_upload_mib)?;
        require_positive("buildings.max_expanded_mib", self.max_expanded_mib)?;
        require_positive("buildings.max_entries", self.max_entries as u64)?;
        require_positive("buildings.max_levels", self.max_levels as u64)?;
        require_positive("buildings.max_features", self.max_features as u64)?;
        require_positive("buildings.max_vertices", self.max_vertices as u64)?;
        require_positive(
            "buildings.max_drawing_objects",
            self.max_drawing_objects as u64,
        )?;
        require_positive("buildings.max_changes", self.max_changes as u64)?;
        require_positive("buildings.expiry_days", u64::from(self.expiry_days))?;
        require_positive("buildings.storage_mib", self.storage_mib)?;
        require_positive("buildings.max_loaded", self.max_loaded as u64)?;
        require_positive("buildings.idle_secs", self.idle_secs)?;
        if !(self.max_extent_m.is_finite() && self.max_extent_m > 0.0) {
            return Err(ConfigError(format!(
                "key `buildings.max_extent_m`: must be a positive number of metres, not {}",
                self.max_extent_m
            )));
        }
        Ok(())
    }
}
