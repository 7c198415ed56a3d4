//! Every destination is reachable from an entrance (§5): units with occupants, named units,
//! amenities, kiosks and parking spaces. The walk network is built from what placement found
//! (doors, doors to the outside, open edges) and from the rides between levels; `topology` walks
//! it.
//!
//! The rides are read here from relationship.geojson: every relationship of a category routes
//! ride (§2.7) whose origin, intermediaries and destination all name units of its category. The
//! relationship rules (`relations`) report the ones that break §2.7.

use std::collections::{HashMap, HashSet};

use serde_json::Value;

use crate::contract::contract;

use super::super::features::{Feature, Kind, VenueFiles};
use super::super::problem::{Problems, Rule};
use super::placement::Placement;
use super::topology::{Ride, UnitRole, WalkNetwork, reachable_units, unit_role};
use crate::said;

/// The rides of the relationships whose ends resolve to units of their category.
fn rides(venue: &VenueFiles) -> Vec<Ride> {
    let mut rides = Vec::new();
    for relationship in venue.of(Kind::Relationship) {
        let Some(category) = relationship.str("category") else {
            continue;
        };
        if !contract().rides(category) {
            continue;
        }
        let property = |key: &str| relationship.properties.get(key).filter(|v| !v.is_null());
        let (Some(origin), Some(destination)) = (property("origin"), property("destination"))
        else {
            continue;
        };
        let intermediary = property("intermediary")
            .and_then(Value::as_array)
            .map(Vec::as_slice)
            .unwrap_or(&[]);
        let ends = std::iter::once(origin)
            .chain(intermediary)
            .chain(std::iter::once(destination));
        let units: Option<Vec<String>> = ends
            .map(|end| {
                if end.get("feature_type")?.as_str()? != "unit" {
                    return None;
                }
                let unit = venue.get_of(Kind::Unit, end.get("id")?.as_str()?)?;
                (unit.str("category") == Some(category)).then(|| unit.id.clone())
            })
            .collect();
        if let Some(units) = units {
            rides.push(Ride {
                units,
                directed: relationship.str("direction") == Some("directed"),
            });
        }
    }
    rides
}

pub(super) fn check(venue: &VenueFiles, placement: &Placement, problems: &mut Problems) {
    let units: HashMap<String, UnitRole> = venue
        .of(Kind::Unit)
        .iter()
        .map(|unit| {
            let role = unit_role(unit.str("category").unwrap_or_default());
            (unit.id.clone(), role)
        })
        .collect();
    let entrances: Vec<&str> = venue
        .of(Kind::Opening)
        .iter()
        .filter(|opening| {
            placement.outside.contains(&opening.id)
                && opening
                    .str("category")
                    .is_some_and(|c| contract().is_entrance(c))
        })
        .flat_map(|opening| placement.joins.get(&opening.id).into_iter().flatten())
        .map(String::as_str)
        .collect();
    if entrances.is_empty() {
        if let Some(venue_feature) = venue.of(Kind::Venue).first() {
            problems.feature(
                venue_feature,
                "",
                Rule::Reachable,
                said!(
                    "没有入口：没有一扇行人门（pedestrian）同时在楼层轮廓和单元边界上，所以任何目的地都到不了；在楼层轮廓上的墙上加一扇门",
                    "No entrance: no pedestrian opening lies both on a level's outline and on a unit's boundary, so no destination can be reached; add an opening to a wall on the level's outline"
                ),
            );
        }
        return;
    }
    let rides = rides(venue);
    let reached = reachable_units(&WalkNetwork {
        units: &units,
        doors: placement.joins.values().map(Vec::as_slice).collect(),
        open_edges: &placement.open_edges,
        rides: &rides,
        entrances,
    });
    // An occupied unit is named after its occupant in messages, as the viewer names it.
    let occupants: HashMap<&str, Option<&str>> = venue
        .of(Kind::Occupant)
        .iter()
        .filter_map(|occupant| {
            let anchor = venue.get_of(Kind::Anchor, occupant.str("anchor_id")?)?;
            Some((anchor.str("unit_id")?, occupant.label("name")))
        })
        .collect();
    let mut unreachable: HashSet<&str> = HashSet::new();
    for unit in venue.of(Kind::Unit) {
        let is_destination = occupants.contains_key(unit.id.as_str())
            || unit.label("name").is_some()
            || unit.str("category") == Some("parking");
        if units[&unit.id] == UnitRole::Closed
            || !is_destination
            || reached.contains(unit.id.as_str())
        {
            continue;
        }
        unreachable.insert(&unit.id);
        let name = match occupants.get(unit.id.as_str()) {
            Some(Some(occupant)) => format!("unit {occupant}"),
            _ => unit.describe(),
        };
        let level = venue.level_name(unit.str("level_id").unwrap_or_default());
        problems.feature(
            unit,
            "",
            Rule::Reachable,
            said!(
                "{name}（{level}）从任何入口都到不了：门、相通的通道边、电梯、扶梯、楼梯都通不到它；给它开一扇门，通向一个本身可达的可步行单元（通道、大堂、道路）",
                "{name} ({level}) cannot be reached from any entrance: no opening, open edge between walkways, elevator, escalator or stairs leads to it; give it an opening onto a walkable unit that is itself reachable (walkway, lobby, road)"
            ),
        );
    }
    let stands_in = |feature: &Feature, unit: &str, problems: &mut Problems| {
        problems.feature(
            feature,
            "",
            Rule::Reachable,
            said!(
                "立在单元 {unit} 里，而没有访客能从入口到达那个单元；把它移走，或把那个单元连通",
                "stands in unit {unit}, which no visitor can reach from an entrance; move it, or connect that unit"
            ),
        );
    };
    for amenity in venue.of(Kind::Amenity) {
        let Some(unit) = placement.amenity_unit.get(&amenity.id) else {
            continue;
        };
        if reached.contains(unit.as_str()) || unreachable.contains(unit.as_str()) {
            continue;
        }
        stands_in(amenity, unit, problems);
    }
    for kiosk in venue.of(Kind::Kiosk) {
        let Some(unit) = placement.kiosk_unit.get(&kiosk.id) else {
            continue;
        };
        if !reached.contains(unit.as_str()) {
            stands_in(kiosk, unit, problems);
        }
    }
}
