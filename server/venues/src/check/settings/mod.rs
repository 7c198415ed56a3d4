//! venue.toml (§2.9): its keys and their types, and what it names existing (the default level,
//! every kiosk with its facing, the sample locations).

use super::features::VenueFiles;
use super::problem::Problems;

pub(crate) fn check(_venue: &VenueFiles, _problems: &mut Problems) {}

/// The venue's place in the switcher, when venue.toml gives a valid one (the root check keeps
/// it unique across venues).
pub(crate) fn order(venue: &VenueFiles) -> Option<i64> {
    venue.settings.as_ref()?.get("order")?.as_integer()
}
