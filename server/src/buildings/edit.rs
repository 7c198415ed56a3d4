//! A change set of the online editor applied to a stored building (issue #32): the stored
//! archive unpacked, the changes applied to its files (`site_venues::edit`), counted again
//! within the upload's limits, decided by the venue check as the engine builds, and archived
//! again (the files it did not change copied compressed from the stored archive). The engine built on the way is the new version's, so the route the editor asks next
//! waits for nothing.

use std::io::Cursor;
use std::sync::Arc;

use site_venues::edit::{Change, apply_listing};
use site_venues::intake::{IntakeLimits, census_dir, unpack_imdf};
use site_venues::{Wordings, export_edited};

use super::engines::{LoadedBuilding, build_beside};
use super::take_in::{BuildingFiles, Refused, ScratchDir};

/// A change set that passed, ready to be stored as the next version.
#[derive(Debug)]
pub(crate) struct Edited {
    pub loaded: Arc<LoadedBuilding>,
    pub files: BuildingFiles,
    /// The changes that undo this set, in the order to apply them.
    pub undo: Vec<Change>,
}

/// What an edit works on: the building's id, the version the changes were made to, and its
/// stored archive.
pub(crate) struct EditBase<'a> {
    pub id: &'a str,
    pub version: i64,
    pub archive: &'a [u8],
}

/// Applies `changes` to `base` within `limits`, in a fresh directory under `scratch`. Costly
/// (the venue check and the engine: a mall takes about a tenth of a second): run it on a
/// compute thread.
pub(crate) fn edit(
    base: &EditBase<'_>,
    changes: &[Change],
    (limits, max_changes): (&IntakeLimits, usize),
    scratch: &std::path::Path,
    wordings: &Arc<Wordings>,
) -> Result<Edited, Refused> {
    let started = std::time::Instant::now();
    let dir = ScratchDir::new(scratch).map_err(|e| Refused::Failed(e.to_string()))?;
    unpack_imdf(base.archive, limits, dir.path()).map_err(Refused::Intake)?;
    let (undo, changed) = apply_listing(dir.path(), changes, max_changes)
        .map_err(|error| Refused::Request(error.said()))?;
    census_dir(dir.path(), limits).map_err(Refused::Intake)?;
    let applied = started.elapsed();
    let archived = || {
        let mut archive = Cursor::new(Vec::new());
        export_edited(dir.path(), base.archive, &changed, &mut archive)
            .map(|_| archive.into_inner())
    };
    let (loaded, archive) =
        build_beside(base.id, base.version + 1, dir.path(), wordings, archived)?;
    let archive = archive.map_err(|e| Refused::Failed(e.to_string()))?;
    tracing::debug!(
        applied_ms = applied.as_secs_f64() * 1000.0,
        built_ms = (started.elapsed() - applied).as_secs_f64() * 1000.0,
        "edit checked and built"
    );
    if archive.len() as u64 > limits.archive_bytes {
        return Err(Refused::Intake(
            site_venues::intake::IntakeError::TooLarge {
                size: archive.len() as u64,
                max: limits.archive_bytes,
            },
        ));
    }
    let loaded = Arc::new(loaded);
    Ok(Edited {
        files: BuildingFiles::of(&loaded.venue, archive),
        undo,
        loaded,
    })
}
