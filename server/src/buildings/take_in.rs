//! An upload taken in: read within the intake's limits, decided by the venue check as the
//! engine loads it (one decision, the demo's venues go through the same), and archived again
//! from the files that passed, so what is stored is exactly what was checked. Runs on a compute
//! thread: it is the costly part of an upload.

use std::io::Cursor;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use site_venues::intake::{Census, IntakeError, IntakeLimits, unpack_imdf};
use site_venues::{LoadError, Said, Venue, VenueExtras, Wordings, export_imdf};

use super::problems::UploadProblem;

/// What is stored of a building that passed the check: its name, its levels, and its IMDF
/// files as a deflated ZIP.
#[derive(Debug, Clone)]
pub(crate) struct BuildingFiles {
    pub name: String,
    pub levels: Vec<LevelName>,
    pub archive: Vec<u8>,
}

impl BuildingFiles {
    /// The files of `venue`, as the engine loaded them from `archive`.
    pub(super) fn of(venue: &Venue, archive: Vec<u8>) -> Self {
        Self {
            name: venue.name().to_owned(),
            levels: LevelName::of(venue),
            archive,
        }
    }
}

/// A building that passed, ready to be stored.
#[derive(Debug, Clone)]
pub(crate) struct Checked {
    pub files: BuildingFiles,
    /// Entries of the upload that were not IMDF files, as it named them.
    pub ignored: Vec<String>,
    pub census: Census,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) struct LevelName {
    pub short: String,
    pub name: String,
}

impl LevelName {
    /// The levels of `venue`, as its answers list them.
    pub(super) fn of(venue: &Venue) -> Vec<LevelName> {
        venue
            .levels()
            .iter()
            .map(|level| LevelName {
                short: level.short.clone(),
                name: level.name.clone(),
            })
            .collect()
    }
}

/// Why an upload was not taken.
#[derive(Debug, Clone)]
pub(crate) enum Refused {
    /// Refused before the check: too large, not a ZIP, unsafe, beyond a limit.
    Intake(IntakeError),
    /// The check's or the drawing's problems, each naming its file as the visitor named it,
    /// the feature or entity, the field or layer, and the rule.
    Invalid(Vec<UploadProblem>),
    /// The request does not hold together (a mapping that names a drawing not sent): answered
    /// with this sentence, in the language asked.
    Request(Said),
    /// The engine could not build what the check passed (a bug), or the scratch directory
    /// failed: logged, and answered as a failure of ours.
    Failed(String),
}

/// Takes `bytes` in within `limits`, using a fresh directory under `scratch` that is removed
/// afterwards whatever happens.
pub(crate) fn take_in(
    bytes: &[u8],
    limits: &IntakeLimits,
    scratch: &Path,
    wordings: Arc<Wordings>,
) -> Result<Checked, Refused> {
    let dir = ScratchDir::new(scratch).map_err(|e| Refused::Failed(e.to_string()))?;
    let unpacked = unpack_imdf(bytes, limits, &dir.0).map_err(Refused::Intake)?;
    let extras = VenueExtras::default();
    let venue = Venue::load("upload", &dir.0, &extras, wordings)
        .map_err(|error| checked_refusal(error, &dir.0))?;
    let mut archive = Cursor::new(Vec::new());
    export_imdf(&dir.0, &mut archive).map_err(|e| Refused::Failed(e.to_string()))?;
    Ok(Checked {
        files: BuildingFiles::of(&venue, archive.into_inner()),
        ignored: unpacked.ignored,
        census: unpacked.census,
    })
}

/// The refusal of files in `dir` the engine did not load: the venue check's problems, each
/// naming its file as the visitor knows it, else a failure of ours.
pub(super) fn checked_refusal(error: LoadError, dir: &Path) -> Refused {
    match error {
        LoadError::Invalid { problems, .. } => {
            let dir = dir.display().to_string();
            let named = problems
                .into_iter()
                .map(|problem| UploadProblem::checked(problem, &dir))
                .collect();
            Refused::Invalid(named)
        }
        error => Refused::Failed(error.to_string()),
    }
}

/// A directory of its own under the scratch directory, removed when dropped.
pub(super) struct ScratchDir(PathBuf);

impl ScratchDir {
    pub(super) fn path(&self) -> &Path {
        &self.0
    }

    pub(super) fn new(scratch: &Path) -> std::io::Result<Self> {
        let dir = scratch.join(uuid::Uuid::new_v4().simple().to_string());
        std::fs::create_dir_all(&dir)?;
        Ok(Self(dir))
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
