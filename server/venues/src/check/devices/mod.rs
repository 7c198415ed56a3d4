//! infrastructure.geojson (docs/live-positioning.md): the positioning devices' keys and values,
//! unique ids, mounted inside their level and in reach of the places they serve.

use super::features::VenueFiles;
use super::problem::Problems;

pub(crate) fn check(_venue: &VenueFiles, _problems: &mut Problems) {}
