//! The places of a venue that a visitor can look for and route to (docs/venue-contract.md §4.3's kinds):
//! occupants, amenities, named units, parking spaces, kiosks and entrances, as one list built
//! from the model. Search ranks them; routes and the kiosk directory use them.

use super::geometry::Point;
use super::model::{FeatureRef, Model, Opening, Unit};
use super::name::Name;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PlaceKind {
    Occupant,
    Amenity,
    Unit,
    Space,
    Kiosk,
    Entrance,
    /// A door that is not an entrance (only as a route endpoint given by its id).
    Opening,
    /// A point picked on the map (only as a route endpoint).
    Point,
}

impl PlaceKind {
    pub fn as_str(self) -> &'static str {
        match self {
            PlaceKind::Occupant => "occupant",
            PlaceKind::Amenity => "amenity",
            PlaceKind::Unit => "unit",
            PlaceKind::Space => "space",
            PlaceKind::Kiosk => "kiosk",
            PlaceKind::Entrance => "entrance",
            PlaceKind::Opening => "opening",
            PlaceKind::Point => "point",
        }
    }

    /// A parking unit is a space; any other is a unit.
    fn of_unit(unit: &Unit) -> PlaceKind {
        if unit.category == "parking" {
            PlaceKind::Space
        } else {
            PlaceKind::Unit
        }
    }

    fn of_opening(opening: &Opening) -> PlaceKind {
        if opening.is_entrance() {
            PlaceKind::Entrance
        } else {
            PlaceKind::Opening
        }
    }
}

/// A place of the venue.
#[derive(Debug, Clone, PartialEq)]
pub struct Place {
    /// The IMDF feature id.
    pub id: String,
    pub kind: PlaceKind,
    /// Unnamed amenities have none (they are found by category).
    pub name: Option<Name>,
    /// Every other label (`alt_name`s in any language, e.g. "Starbucks").
    pub alt_names: Vec<String>,
    /// The IMDF category; kiosks have none.
    pub category: Option<String>,
    /// Index into the venue's levels (ascending ordinal).
    pub level: usize,
    /// Local metres (docs/venue-contract.md §2.3); `Venue::lon_lat` gives `[lon, lat]`.
    pub point: Point,
    /// The unit the place is in or is (index into the model's units).
    pub unit: Option<usize>,
}

/// Every place of the model, in a stable order: occupants, amenities, named units, kiosks,
/// named entrances.
pub(crate) fn list_places(model: &Model) -> Vec<Place> {
    let occupants = (0..model.occupants.len()).map(FeatureRef::Occupant);
    let amenities = (0..model.amenities.len()).map(FeatureRef::Amenity);
    let units = (0..model.units.len())
        .filter(|&i| model.units[i].name.is_some())
        .map(FeatureRef::Unit);
    let kiosks = (0..model.kiosks.len()).map(FeatureRef::Kiosk);
    let entrances = (0..model.openings.len())
        .filter(|&i| model.openings[i].is_entrance() && model.openings[i].name.is_some())
        .map(FeatureRef::Opening);
    occupants
        .chain(amenities)
        .chain(units)
        .chain(kiosks)
        .chain(entrances)
        .filter_map(|feature| place_at(model, feature))
        .collect()
}

/// The place a feature id names as a route endpoint, also for features that are not in the
/// list (unnamed units, inner doors).
pub(crate) fn place_of_feature(model: &Model, id: &str) -> Option<Place> {
    let feature = model.feature(id)?;
    let mut place = place_at(model, feature)?;
    if let FeatureRef::Opening(_) = feature {
        // A door named as an endpoint is entered through itself, not through its unit: it
        // stands in no unit, so no route from it is the walk across one room.
        place.unit = None;
    }
    Some(place)
}

/// The place a feature is, listed or not; levels, sections and the rest are none.
fn place_at(model: &Model, feature: FeatureRef) -> Option<Place> {
    // A place is its kind and category, where it is (level, point, unit) and the feature's
    // labels (id, name, other names).
    type Labels<'a> = (&'a String, Option<&'a Name>, &'a [String]);
    let place = |kind, category: Option<&String>, (level, point, unit), labels: Labels| {
        let (id, name, alt_names) = labels;
        Place {
            id: id.clone(),
            kind,
            name: name.cloned(),
            alt_names: alt_names.to_vec(),
            category: category.cloned(),
            level,
            point,
            unit,
        }
    };
    Some(match feature {
        FeatureRef::Unit(i) => {
            let u = &model.units[i];
            place(
                PlaceKind::of_unit(u),
                Some(&u.category),
                (u.level, u.point, Some(i)),
                (&u.id, u.name.as_ref(), &u.alt_names),
            )
        }
        FeatureRef::Opening(i) => {
            let o = &model.openings[i];
            place(
                PlaceKind::of_opening(o),
                Some(&o.category),
                (o.level, o.midpoint(), o.units.first().copied()),
                (&o.id, o.name.as_ref(), &o.alt_names),
            )
        }
        FeatureRef::Occupant(i) => {
            let o = &model.occupants[i];
            place(
                PlaceKind::Occupant,
                Some(&o.category),
                (model.units[o.unit].level, o.point, Some(o.unit)),
                (&o.id, Some(&o.name), &o.alt_names),
            )
        }
        FeatureRef::Amenity(i) => {
            let a = &model.amenities[i];
            place(
                PlaceKind::Amenity,
                Some(&a.category),
                (a.level, a.point, Some(a.unit)),
                (&a.id, a.name.as_ref(), &a.alt_names),
            )
        }
        FeatureRef::Kiosk(i) => {
            let k = &model.kiosks[i];
            place(
                PlaceKind::Kiosk,
                None,
                (k.level, k.point, None),
                (&k.id, k.name.as_ref(), &k.alt_names),
            )
        }
        FeatureRef::Level(_) | FeatureRef::Section(_) | FeatureRef::Other => return None,
    })
}
