//! A loaded venue's lists trimmed to their lengths. Loading grows many small lists by push (a
//! unit's openings, a portal's links, a name's aliases), and a list grown so holds at least four
//! places, or up to twice its length; a venue is kept for as long as it is served, twenty at a
//! time for the buildings visitors bring (issue #32), so the slack is trimmed once at the end.

use super::venue::Venue;

impl Venue {
    pub(super) fn shrink_to_fit(&mut self) {
        let model = &mut self.model;
        for unit in &mut model.units {
            unit.openings.shrink_to_fit();
            unit.occupants.shrink_to_fit();
            unit.alt_names.shrink_to_fit();
        }
        for opening in &mut model.openings {
            opening.units.shrink_to_fit();
            opening.alt_names.shrink_to_fit();
        }
        for occupant in &mut model.occupants {
            occupant.alt_names.shrink_to_fit();
        }
        for amenity in &mut model.amenities {
            amenity.alt_names.shrink_to_fit();
        }
        self.places.shrink_to_fit();
        for place in &mut self.places {
            place.alt_names.shrink_to_fit();
        }
        self.portals.shrink_to_fit();
        for portal in &mut self.portals {
            portal.nodes.shrink_to_fit();
        }
        for access in &mut self.place_access {
            access.shrink_to_fit();
            for spec in access.iter_mut() {
                spec.via.shrink_to_fit();
            }
        }
        for marks in &mut self.landmarks {
            marks.shrink_to_fit();
        }
        for visible in &mut self.graph.visible {
            visible.shrink_to_fit();
        }
        for space in &mut self.spaces {
            space.walls.shrink_to_fit();
        }
        self.directory.shrink_to_fit();
    }
}
