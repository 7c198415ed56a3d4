//! What part of a venue a plan covers, beside its levels: a zone (the car park, the public
//! circulation, the rooms) and whether stairwells count. Lift cars never do: no technology
//! positions a tag inside a metal box (`site_positioning::coverage::served`), so no plan promises
//! it. A zone is read from the venue's own data: a unit's category and role (the venue contract)
//! and whether its level is a car park.

use site_positioning::Point as EnginePoint;
use site_venues::RadioSpace;
use site_venues::model::{Level, Model, Unit, UnitRole};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Zone {
    #[default]
    All,
    /// Car park levels, and parking spaces, roads and ramps on any level.
    Parking,
    /// Public circulation (corridors, halls, lobbies) off the car park.
    Circulation,
    /// Rooms a visitor enters (shops, consulting rooms, wards, restrooms) off the car park.
    Rooms,
    /// Everything but the car park: with a plan of the car park in another technology, a mix.
    Rest,
}

impl Zone {
    pub const ALL: [Zone; 5] = [
        Zone::All,
        Zone::Parking,
        Zone::Circulation,
        Zone::Rooms,
        Zone::Rest,
    ];

    /// The API's name of the zone.
    pub fn name(self) -> &'static str {
        match self {
            Zone::All => "all",
            Zone::Parking => "parking",
            Zone::Circulation => "circulation",
            Zone::Rooms => "rooms",
            Zone::Rest => "rest",
        }
    }

    pub fn parse(name: &str) -> Option<Zone> {
        Zone::ALL.into_iter().find(|zone| zone.name() == name)
    }
}

/// Unit categories of a car park outside car park levels.
const PARKING_CATEGORIES: [&str; 3] = ["parking", "road", "ramp"];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scope {
    pub zone: Zone,
    /// Stairwells of the zone's levels count (on by default: the way out in an emergency).
    pub stairs: bool,
}

impl Default for Scope {
    fn default() -> Self {
        Self {
            zone: Zone::All,
            stairs: true,
        }
    }
}

impl Scope {
    /// `unit`, on `level`, is part of the plan.
    pub fn holds(self, unit: &Unit, level: &Level) -> bool {
        let parking = level.parking || PARKING_CATEGORIES.contains(&unit.category.as_str());
        if unit.category == "stairs" {
            return self.stairs
                && match self.zone {
                    Zone::All | Zone::Circulation => true,
                    Zone::Parking => level.parking,
                    Zone::Rest => !level.parking,
                    Zone::Rooms => false,
                };
        }
        match self.zone {
            Zone::All => true,
            Zone::Parking => parking,
            Zone::Circulation => !parking && unit.role == UnitRole::Walkable,
            Zone::Rooms => !parking && unit.role == UnitRole::Destination,
            Zone::Rest => !parking,
        }
    }

    /// Whether a point of the engine's (on the level of `ordinal`) lies in the plan: in a unit
    /// it holds, as the engine's raster sees the units.
    pub fn contains(
        self,
        model: &Model,
        space: &RadioSpace,
        ordinal: i32,
        at: EnginePoint,
    ) -> bool {
        if self == Scope::default() {
            return true;
        }
        space.unit_at(ordinal, at).is_some_and(|index| {
            let unit = &model.units[index];
            self.holds(unit, &model.levels[unit.level])
        })
    }
}
