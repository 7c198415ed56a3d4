//! How visitors move through a venue, as the route engine sees it (§2.5-2.7): the role of each unit
//! category (the contract's `unit_roles`), and which units a visitor reaches from an entrance
//! through doors, open edges between walkable units and rides between levels.

use std::collections::{HashMap, HashSet};

pub(super) use crate::model::UnitRole;

/// The role of a unit category: a category the contract does not list is a destination.
pub(super) fn unit_role(category: &str) -> UnitRole {
    UnitRole::of_category(category)
}

/// A ride between connector units; a `directed` one (escalators) goes one way only.
pub(super) struct Ride {
    /// Units in riding order: origin, intermediaries, destination.
    pub units: Vec<String>,
    pub directed: bool,
}

pub(super) struct WalkNetwork<'a> {
    /// Every unit with its role.
    pub units: &'a HashMap<String, UnitRole>,
    /// The units each opening joins (two, or one for a door to the outside).
    pub doors: Vec<&'a [String]>,
    /// Pairs of walkable units sharing an open edge.
    pub open_edges: &'a [(String, String)],
    pub rides: &'a [Ride],
    /// Units joined by an entrance: where visitors start.
    pub entrances: Vec<&'a str>,
}

/// The units a visitor can reach from any entrance. Destinations are reached but never walked
/// through; closed units are never entered.
pub(super) fn reachable_units<'a>(network: &WalkNetwork<'a>) -> HashSet<&'a str> {
    let mut next: HashMap<&'a str, Vec<&'a str>> = HashMap::new();
    let mut link = |from: &'a str, to: &'a str| {
        if from != to {
            next.entry(from).or_default().push(to);
        }
    };
    for units in &network.doors {
        for a in units.iter() {
            for b in units.iter() {
                link(a, b);
            }
        }
    }
    for (a, b) in network.open_edges {
        link(a, b);
        link(b, a);
    }
    for ride in network.rides {
        for pair in ride.units.windows(2) {
            link(&pair[0], &pair[1]);
            if !ride.directed {
                link(&pair[1], &pair[0]);
            }
        }
    }
    let mut reached: HashSet<&'a str> = HashSet::new();
    let mut queue: Vec<&'a str> = Vec::new();
    let enter = |unit: &'a str, reached: &mut HashSet<&'a str>, queue: &mut Vec<&'a str>| {
        let Some(&role) = network.units.get(unit) else {
            return;
        };
        if role == UnitRole::Closed || !reached.insert(unit) {
            return;
        }
        if role != UnitRole::Destination {
            queue.push(unit);
        }
    };
    for &unit in &network.entrances {
        enter(unit, &mut reached, &mut queue);
    }
    while let Some(unit) = queue.pop() {
        for &to in next.get(unit).map(Vec::as_slice).unwrap_or(&[]) {
            enter(to, &mut reached, &mut queue);
        }
    }
    reached
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn visitors_walk_through_walkways_and_rides_but_not_through_shops() {
        let units: HashMap<String, UnitRole> = [
            ("hall", UnitRole::Walkable),
            ("mall", UnitRole::Walkable),
            ("shop", UnitRole::Destination),
            ("back", UnitRole::Destination),
            ("store", UnitRole::Closed),
            ("lift1", UnitRole::Connector),
            ("lift2", UnitRole::Connector),
            ("up", UnitRole::Walkable),
        ]
        .into_iter()
        .map(|(id, role)| (id.to_owned(), role))
        .collect();
        let door = |a: &str, b: &str| vec![a.to_owned(), b.to_owned()];
        let doors = [
            door("mall", "shop"),
            door("shop", "back"),
            door("mall", "store"),
            door("mall", "lift1"),
            door("lift2", "up"),
        ];
        let open_edges = [("hall".to_owned(), "mall".to_owned())];
        let rides = [Ride {
            units: vec!["lift1".to_owned(), "lift2".to_owned()],
            directed: false,
        }];
        let reached = reachable_units(&WalkNetwork {
            units: &units,
            doors: doors.iter().map(Vec::as_slice).collect(),
            open_edges: &open_edges,
            rides: &rides,
            entrances: vec!["hall"],
        });
        let mut reached: Vec<&str> = reached.into_iter().collect();
        reached.sort_unstable();
        assert_eq!(reached, ["hall", "lift1", "lift2", "mall", "shop", "up"]);
    }
}
