//! The venue as the engine sees it: levels, units with their roles, openings joined to units,
//! occupants, amenities, kiosks, sections and connectors, all in the local metric frame and
//! referring to each other by index. Built once by `assemble`; never changed after.

use std::sync::Arc;

use serde::Deserialize;

use super::contract::contract;
use super::feature_ids::FeatureIds;
use super::geometry::{Point, Shape};
use super::name::Name;
use super::projection::Frame;

/// How routes treat a unit (docs/venue-contract.md §2.5; which categories take which role is
/// docs/venue-contract.json's `unit_roles`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum UnitRole {
    /// Public circulation: routes run inside.
    Walkable,
    /// Elevators, escalators, stairs: entered through their openings to change level.
    Connector,
    /// Never entered.
    Closed,
    /// Entered only through its openings, never walked through (shops, spaces, rooms).
    Destination,
}

impl UnitRole {
    pub fn of_category(category: &str) -> UnitRole {
        contract().role(category)
    }
}

#[derive(Debug, Clone)]
pub struct Level {
    pub id: String,
    /// "L1", "B2": the level key of the API (unique in a venue).
    pub short: String,
    pub name: String,
    pub ordinal: i32,
    /// From its floor to the floor of the level above, metres (the contract's default when
    /// the data gives none): what a ride between levels climbs.
    pub height: f64,
    pub parking: bool,
    pub outline: Shape,
}

#[derive(Debug, Clone)]
pub struct Unit {
    pub id: String,
    pub level: usize,
    pub category: String,
    pub role: UnitRole,
    pub name: Option<Name>,
    pub alt_names: Vec<String>,
    /// Shared with its level's walkable space (`free_space`), which would otherwise hold a copy
    /// of every unit's outline.
    pub shape: Arc<Shape>,
    /// The display point, or a point inside the unit when the data has none.
    pub point: Point,
    /// Indexes into `Model::openings`.
    pub openings: Vec<usize>,
    /// Indexes into `Model::occupants`.
    pub occupants: Vec<usize>,
}

#[derive(Debug, Clone)]
pub struct Opening {
    pub id: String,
    pub level: usize,
    pub category: String,
    pub name: Option<Name>,
    pub alt_names: Vec<String>,
    pub ends: [Point; 2],
    /// The units whose boundary the opening lies on (docs/venue-contract.md §2.6).
    pub units: Vec<usize>,
}

impl Opening {
    pub fn midpoint(&self) -> Point {
        self.ends[0].lerp(self.ends[1], 0.5)
    }

    /// An entrance: an opening of an entrance category (a pedestrian one) on one unit only,
    /// i.e. on the outside wall.
    pub fn is_entrance(&self) -> bool {
        self.units.len() == 1 && contract().is_entrance(&self.category)
    }
}

#[derive(Debug, Clone)]
pub struct Occupant {
    pub id: String,
    pub name: Name,
    pub alt_names: Vec<String>,
    pub category: String,
    pub unit: usize,
    /// The anchor's point.
    pub point: Point,
    pub hours: Option<String>,
    pub phone: Option<String>,
    pub website: Option<String>,
}

#[derive(Debug, Clone)]
pub struct Amenity {
    pub id: String,
    pub level: usize,
    pub category: String,
    pub name: Option<Name>,
    pub alt_names: Vec<String>,
    pub point: Point,
    /// The unit of `unit_ids` that holds the point.
    pub unit: usize,
}

#[derive(Debug, Clone)]
pub struct Kiosk {
    pub id: String,
    pub level: usize,
    pub name: Option<Name>,
    pub alt_names: Vec<String>,
    pub shape: Shape,
    pub point: Point,
    /// Degrees clockwise from north that a visitor at the screen looks (venue.toml).
    pub facing: f64,
}

/// A fixture or a kiosk: something standing in walkable space that routes go around.
#[derive(Debug, Clone)]
pub struct Obstacle {
    pub level: usize,
    pub shape: Shape,
}

#[derive(Debug, Clone)]
pub struct Section {
    pub id: String,
    pub level: usize,
    pub category: String,
    pub name: Option<Name>,
    pub shape: Shape,
}

/// An IMDF geofence: an area the live demo watches on each of its levels (issue #17).
#[derive(Debug, Clone)]
pub struct Geofence {
    pub id: String,
    pub name: Option<Name>,
    /// IMDF's RESTRICTION-CATEGORY ("restricted", "employeesonly"), if any.
    pub restriction: Option<String>,
    /// Indexes into the levels.
    pub levels: Vec<usize>,
    pub shape: Shape,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ConnectorKind {
    Elevator,
    Escalator,
    Stairs,
    Ramp,
}

impl ConnectorKind {
    /// The connector a relationship of `category` is, when routes ride it (the contract's
    /// `rides`); other relationships are kept but not ridden.
    pub fn of_category(category: &str) -> Option<ConnectorKind> {
        if !contract().rides(category) {
            return None;
        }
        [
            ConnectorKind::Elevator,
            ConnectorKind::Escalator,
            ConnectorKind::Stairs,
            ConnectorKind::Ramp,
        ]
        .into_iter()
        .find(|kind| kind.as_str() == category)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            ConnectorKind::Elevator => "elevator",
            ConnectorKind::Escalator => "escalator",
            ConnectorKind::Stairs => "stairs",
            ConnectorKind::Ramp => "ramp",
        }
    }

    /// Whether a wheelchair or a pram can use it (accessible routes take only these).
    pub fn is_accessible(self) -> bool {
        matches!(self, ConnectorKind::Elevator | ConnectorKind::Ramp)
    }
}

/// One relationship: an elevator shaft, a stair core, one escalator, one ramp.
#[derive(Debug, Clone)]
pub struct Connector {
    pub id: String,
    pub kind: ConnectorKind,
    /// The origin unit's name ("2 号电梯"), else another unit's.
    pub name: Option<Name>,
    /// Units in the relationship's order: origin, intermediaries, destination.
    pub units: Vec<usize>,
    /// Escalators run from the first unit to the last only.
    pub directed: bool,
}

/// What a feature id names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FeatureRef {
    Level(usize),
    Unit(usize),
    Opening(usize),
    Occupant(usize),
    Amenity(usize),
    Kiosk(usize),
    Section(usize),
    Other,
}

#[derive(Debug, Clone)]
pub struct Model {
    pub frame: Frame,
    pub name: String,
    pub category: String,
    /// Ascending ordinal.
    pub levels: Vec<Level>,
    pub units: Vec<Unit>,
    pub openings: Vec<Opening>,
    pub occupants: Vec<Occupant>,
    pub amenities: Vec<Amenity>,
    pub kiosks: Vec<Kiosk>,
    pub obstacles: Vec<Obstacle>,
    pub sections: Vec<Section>,
    pub geofences: Vec<Geofence>,
    pub connectors: Vec<Connector>,
    /// Found by [`Model::feature`].
    pub ids: FeatureIds,
}

impl Model {
    /// The height between the floors of levels `a` and `b` (indexes into `levels`, which run
    /// from the lowest up): the heights of the levels from the lower one up to the higher one.
    pub fn rise_m(&self, a: usize, b: usize) -> f64 {
        let (low, high) = (a.min(b), a.max(b));
        self.levels[low..high]
            .iter()
            .map(|level| level.height)
            .sum()
    }

    /// A level by short name ("L1", any case) or id.
    pub fn level_index(&self, key: &str) -> Option<usize> {
        self.levels
            .iter()
            .position(|l| l.short.eq_ignore_ascii_case(key) || l.id == key)
    }

    /// Parking spaces: units of category `parking`.
    pub fn spaces(&self) -> impl Iterator<Item = (usize, &Unit)> {
        self.units
            .iter()
            .enumerate()
            .filter(|(_, u)| u.category == "parking")
    }
}

#[cfg(test)]
pub(crate) mod test_model {
    //! Small venues drawn in code for geometry and graph tests: one level of axis-aligned
    //! rectangles.

    use super::*;
    use crate::geometry::Polygon;

    pub(crate) fn rect(x0: f64, y0: f64, x1: f64, y1: f64) -> Shape {
        let p = Point::new;
        Shape::new(vec![Polygon::new(vec![vec![
            p(x0, y0),
            p(x1, y0),
            p(x1, y1),
            p(x0, y1),
        ]])])
    }

    /// One level holding `units` (category, rectangle) and `obstacles` (rectangles).
    pub(crate) fn one_level(units: &[(&str, [f64; 4])], obstacles: &[[f64; 4]]) -> Model {
        let units = units
            .iter()
            .enumerate()
            .map(|(i, (category, r))| {
                let shape = rect(r[0], r[1], r[2], r[3]);
                Unit {
                    id: format!("unit-{i}"),
                    level: 0,
                    category: (*category).to_owned(),
                    role: UnitRole::of_category(category),
                    name: None,
                    alt_names: Vec::new(),
                    point: shape.interior_point(),
                    shape: Arc::new(shape),
                    openings: Vec::new(),
                    occupants: Vec::new(),
                }
            })
            .collect();
        Model {
            frame: Frame::new(121.4, 31.17),
            name: "test".into(),
            category: "shoppingcenter".into(),
            levels: vec![Level {
                id: "level-0".into(),
                short: "L1".into(),
                name: "一层".into(),
                ordinal: 0,
                height: 4.5,
                parking: false,
                outline: rect(-100.0, -100.0, 100.0, 100.0),
            }],
            units,
            openings: Vec::new(),
            occupants: Vec::new(),
            amenities: Vec::new(),
            kiosks: Vec::new(),
            obstacles: obstacles
                .iter()
                .map(|r| Obstacle {
                    level: 0,
                    shape: rect(r[0], r[1], r[2], r[3]),
                })
                .collect(),
            sections: Vec::new(),
            geofences: Vec::new(),
            connectors: Vec::new(),
            ids: FeatureIds::default(),
        }
    }
}
