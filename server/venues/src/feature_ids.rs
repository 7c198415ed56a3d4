//! Feature ids (and parking spaces' numbers) looked up without a second copy of them: the
//! features a venue keeps, sorted by id and found by bisection. Maps keyed by id strings held every id once more (a uuid: 36 bytes,
//! and the map's slot), a seventh of a loaded mall; a route asks a handful of ids, at a dozen
//! comparisons each.

use std::cmp::Ordering;

use super::model::{FeatureRef, Model};
use super::place_table::Place;
use super::venue::Venue;

/// The features of a model that the engine keeps (levels, units, openings, occupants,
/// amenities, kiosks, sections), in the order of their ids.
#[derive(Debug, Clone, Default)]
pub struct FeatureIds {
    sorted: Vec<FeatureRef>,
}

impl FeatureIds {
    pub(crate) fn of(model: &Model) -> FeatureIds {
        let kept = [
            (
                model.levels.len(),
                FeatureRef::Level as fn(usize) -> FeatureRef,
            ),
            (model.units.len(), FeatureRef::Unit),
            (model.openings.len(), FeatureRef::Opening),
            (model.occupants.len(), FeatureRef::Occupant),
            (model.amenities.len(), FeatureRef::Amenity),
            (model.kiosks.len(), FeatureRef::Kiosk),
            (model.sections.len(), FeatureRef::Section),
        ];
        let mut sorted = Vec::with_capacity(kept.iter().map(|(count, _)| count).sum());
        sorted.extend(
            kept.into_iter()
                .flat_map(|(count, feature)| (0..count).map(feature)),
        );
        sorted.sort_unstable_by(|&a, &b| model.id_of(a).cmp(model.id_of(b)));
        FeatureIds { sorted }
    }
}

impl Model {
    /// What the feature `id` is, if it is one the engine keeps; `None` for the others (the
    /// venue, fixtures, geofences, relationships...), which no question of the engine names.
    pub fn feature(&self, id: &str) -> Option<FeatureRef> {
        let sorted = &self.ids.sorted;
        let at = sorted
            .binary_search_by(|&feature| self.id_of(feature).cmp(id))
            .ok()?;
        Some(sorted[at])
    }

    fn id_of(&self, feature: FeatureRef) -> &str {
        match feature {
            FeatureRef::Level(i) => &self.levels[i].id,
            FeatureRef::Unit(i) => &self.units[i].id,
            FeatureRef::Opening(i) => &self.openings[i].id,
            FeatureRef::Occupant(i) => &self.occupants[i].id,
            FeatureRef::Amenity(i) => &self.amenities[i].id,
            FeatureRef::Kiosk(i) => &self.kiosks[i].id,
            FeatureRef::Section(i) => &self.sections[i].id,
            FeatureRef::Other => "",
        }
    }
}

/// The places' indexes in the order of their ids.
pub(crate) fn places_by_id(places: &[Place]) -> Vec<u32> {
    let mut sorted: Vec<u32> = (0..places.len() as u32).collect();
    sorted.sort_unstable_by(|&a, &b| places[a as usize].id.cmp(&places[b as usize].id));
    sorted
}

/// The parking spaces (unit indexes) in the order of their numbers in upper case, one per
/// number: of spaces sharing one, the last in the model, as a map by number kept it.
pub(crate) fn spaces_by_number(model: &Model) -> Vec<u32> {
    let mut sorted: Vec<u32> = model
        .spaces()
        .filter(|(_, unit)| unit.name.is_some())
        .map(|(u, _)| u as u32)
        .collect();
    // Stable, then reversed: of equal numbers the last in the model comes first and is kept.
    sorted.sort_by(|&a, &b| upper_cmp(space_number(model, a), space_number(model, b)));
    sorted.reverse();
    sorted.dedup_by(|a, b| upper_cmp(space_number(model, *a), space_number(model, *b)).is_eq());
    sorted.reverse();
    sorted.shrink_to_fit();
    sorted
}

fn space_number(model: &Model, unit: u32) -> &str {
    model.units[unit as usize]
        .name
        .as_deref()
        .unwrap_or_default()
}

/// `a.to_uppercase().cmp(&b.to_uppercase())`, without the two strings.
fn upper_cmp(a: &str, b: &str) -> Ordering {
    a.chars()
        .flat_map(char::to_uppercase)
        .cmp(b.chars().flat_map(char::to_uppercase))
}

impl Venue {
    /// The parking space (unit index) whose number in upper case is `number`.
    pub(crate) fn space_numbered(&self, number: &str) -> Option<usize> {
        let at = self
            .space_by_number
            .binary_search_by(|&unit| {
                let upper = space_number(&self.model, unit)
                    .chars()
                    .flat_map(char::to_uppercase);
                upper.cmp(number.chars())
            })
            .ok()?;
        Some(self.space_by_number[at] as usize)
    }

    /// The index in [`Venue::places`] of the place `id`.
    pub(crate) fn place_index(&self, id: &str) -> Option<usize> {
        let at = self
            .place_by_id
            .binary_search_by(|&place| self.places[place as usize].id.as_str().cmp(id))
            .ok()?;
        Some(self.place_by_id[at] as usize)
    }
}
