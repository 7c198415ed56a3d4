//! The rules of where things are, in the local frame (§2.3), as the web build applied them before
//! this check replaced its copy: rings with area, wound as §2.3 says and not crossing themselves
//! (`shapes`); everything inside its level and no two units of a level overlapping (§2.4), openings
//! on their walls and entrances named (§2.6), guide screens in walkable units (§2.8) (`placement`);
//! parking spaces as §2.8 says (`parking`); and every shop, named room, amenity, guide screen and
//! parking space reachable from an entrance (§5, `reach`). Parking and reachability build on what
//! placement found, so they run only when the shapes and placement found no problem.

mod geom;
pub(crate) use geom::shared_boundary_length;
mod level_index;
mod overlap;
mod parking;
mod placement;
mod reach;
mod shapes;
mod tiered_grid;
mod topology;

use super::features::VenueFiles;
use super::problem::Problems;
use super::timing::phase;

pub(crate) fn check(venue: &VenueFiles, problems: &mut Problems) {
    // Without one venue feature and its display point there is no frame; `references` and the
    // properties rules report why.
    let Some(frame) = venue.frame() else {
        return;
    };
    let before = problems.len();
    let shapes = phase("layout: shapes", || {
        shapes::local_shapes(venue, frame, problems)
    });
    let placement = phase("layout: placement", || {
        placement::check(venue, &shapes, problems)
    });
    if problems.len() > before {
        return;
    }
    phase("layout: parking", || {
        parking::check(venue, &shapes, &placement, problems)
    });
    phase("layout: reach", || {
        reach::check(venue, &placement, problems)
    });
}
