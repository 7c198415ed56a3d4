//! The places of a venue that a visitor can look for and route to (contract §4.3's kinds):
//! occupants, amenities, named units, parking spaces, kiosks and entrances, as one list built
//! from the model. Search ranks them; routes and the kiosk directory use them.

use super::geometry::Point;
use super::model::{FeatureRef, Model};

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
}

/// A place of the venue.
#[derive(Debug, Clone, PartialEq)]
pub struct Place {
    /// The IMDF feature id.
    pub id: String,
    pub kind: PlaceKind,
    /// The zh-Hans name; unnamed amenities have none (they are found by category).
    pub name: Option<String>,
    /// Every other label (`alt_name`s in any language, e.g. "Starbucks").
    pub alt_names: Vec<String>,
    /// The IMDF category; kiosks have none.
    pub category: Option<String>,
    /// Index into the venue's levels (ascending ordinal).
    pub level: usize,
    /// Local metres (contract §2.3); `Venue::lon_lat` gives `[lon, lat]`.
    pub point: Point,
    /// The unit the place is in or is (index into the model's units).
    pub unit: Option<usize>,
}

/// Every place of the model, in a stable order: occupants, amenities, units, kiosks, entrances.
pub(crate) fn list_places(model: &Model) -> Vec<Place> {
    let mut places = Vec::new();
    for o in &model.occupants {
        places.push(Place {
            id: o.id.clone(),
            kind: PlaceKind::Occupant,
            name: Some(o.name.clone()),
            alt_names: o.alt_names.clone(),
            category: Some(o.category.clone()),
            level: model.units[o.unit].level,
            point: o.point,
            unit: Some(o.unit),
        });
    }
    for a in &model.amenities {
        places.push(Place {
            id: a.id.clone(),
            kind: PlaceKind::Amenity,
            name: a.name.clone(),
            alt_names: a.alt_names.clone(),
            category: Some(a.category.clone()),
            level: a.level,
            point: a.point,
            unit: Some(a.unit),
        });
    }
    for (i, u) in model.units.iter().enumerate() {
        let kind = if u.category == "parking" {
            PlaceKind::Space
        } else {
            PlaceKind::Unit
        };
        if u.name.is_none() {
            continue;
        }
        places.push(Place {
            id: u.id.clone(),
            kind,
            name: u.name.clone(),
            alt_names: u.alt_names.clone(),
            category: Some(u.category.clone()),
            level: u.level,
            point: u.point,
            unit: Some(i),
        });
    }
    for k in &model.kiosks {
        places.push(Place {
            id: k.id.clone(),
            kind: PlaceKind::Kiosk,
            name: k.name.clone(),
            alt_names: k.alt_names.clone(),
            category: None,
            level: k.level,
            point: k.point,
            unit: None,
        });
    }
    for o in model
        .openings
        .iter()
        .filter(|o| o.is_entrance() && o.name.is_some())
    {
        places.push(Place {
            id: o.id.clone(),
            kind: PlaceKind::Entrance,
            name: o.name.clone(),
            alt_names: o.alt_names.clone(),
            category: Some(o.category.clone()),
            level: o.level,
            point: o.midpoint(),
            unit: o.units.first().copied(),
        });
    }
    places
}

/// The place a feature id names as a route endpoint, also for features that are not in the
/// list (unnamed units, inner doors).
pub(crate) fn place_of_feature(model: &Model, id: &str) -> Option<Place> {
    let place = |kind, name: Option<String>, category: Option<&String>, level, point, unit| Place {
        id: id.to_owned(),
        kind,
        name,
        alt_names: Vec::new(),
        category: category.cloned(),
        level,
        point,
        unit,
    };
    Some(match *model.ids.get(id)? {
        FeatureRef::Occupant(i) => {
            let o = &model.occupants[i];
            place(
                PlaceKind::Occupant,
                Some(o.name.clone()),
                Some(&o.category),
                model.units[o.unit].level,
                o.point,
                Some(o.unit),
            )
        }
        FeatureRef::Amenity(i) => {
            let a = &model.amenities[i];
            place(
                PlaceKind::Amenity,
                a.name.clone(),
                Some(&a.category),
                a.level,
                a.point,
                Some(a.unit),
            )
        }
        FeatureRef::Unit(i) => {
            let u = &model.units[i];
            let kind = if u.category == "parking" {
                PlaceKind::Space
            } else {
                PlaceKind::Unit
            };
            place(
                kind,
                u.name.clone(),
                Some(&u.category),
                u.level,
                u.point,
                Some(i),
            )
        }
        FeatureRef::Kiosk(i) => {
            let k = &model.kiosks[i];
            place(
                PlaceKind::Kiosk,
                k.name.clone(),
                None,
                k.level,
                k.point,
                None,
            )
        }
        FeatureRef::Opening(i) => {
            let o = &model.openings[i];
            let kind = if o.is_entrance() {
                PlaceKind::Entrance
            } else {
                PlaceKind::Opening
            };
            place(
                kind,
                o.name.clone(),
                Some(&o.category),
                o.level,
                o.midpoint(),
                None,
            )
        }
        FeatureRef::Level(_) | FeatureRef::Section(_) | FeatureRef::Other => return None,
    })
}
