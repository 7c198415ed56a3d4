//! The venue contract's rule values, compiled in from `docs/venue-contract.json`: the engine and
//! the venue check (`check/`) read them here, and the generator (tools/venues/contract.py) reads
//! the same file, so no side treats a category or a wall differently from the check that passed
//! the venue (docs/venue-contract.md §2.3-2.7).

use std::collections::HashMap;
use std::sync::LazyLock;

use serde::Deserialize;
use serde::de::IgnoredAny;

use super::model::UnitRole;

/// The file as written.
#[derive(Deserialize)]
struct ContractFile {
    unit_roles: HashMap<UnitRole, Vec<String>>,
    entrance_openings: Vec<String>,
    /// Only which categories are ridden: the engine takes a relationship's direction from the data.
    rides: HashMap<String, IgnoredAny>,
    on_boundary_m: f64,
    overlap_limit_m2: f64,
    open_edge_min_m: f64,
    earth_radius_m: f64,
    level_height_m: LevelHeights,
}

/// A level's height (§2.4): from its floor to the floor of the level above, metres.
#[derive(Debug, Clone, Copy, Deserialize)]
pub(crate) struct LevelHeights {
    /// A level whose data gives none: the storey the engine's ride times are written for.
    pub(crate) default: f64,
    pub(crate) min: f64,
    pub(crate) max: f64,
}

/// The rules the engine applies.
#[derive(Debug)]
pub(crate) struct Contract {
    roles: HashMap<String, UnitRole>,
    entrances: Vec<String>,
    rides: Vec<String>,
    /// How close (m) a point lies to a boundary to count as on it (§2.6).
    pub(crate) on_boundary_m: f64,
    /// The overlap (m²) of two units of a level that counts (§2.4; the venue check's).
    pub(crate) overlap_limit_m2: f64,
    /// Two walkable units share open floor where their common edge is at least this long (m;
    /// §2.6, the venue check's).
    pub(crate) open_edge_min_m: f64,
    /// The sphere of the local frame's projection (§2.3).
    pub(crate) earth_radius_m: f64,
    pub(crate) level_height_m: LevelHeights,
}

impl Contract {
    fn parse(text: &str) -> Result<Contract, serde_json::Error> {
        let file: ContractFile = serde_json::from_str(text)?;
        let roles = file
            .unit_roles
            .into_iter()
            .flat_map(|(role, categories)| categories.into_iter().map(move |c| (c, role)))
            .collect();
        Ok(Contract {
            roles,
            entrances: file.entrance_openings,
            rides: file.rides.into_keys().collect(),
            on_boundary_m: file.on_boundary_m,
            overlap_limit_m2: file.overlap_limit_m2,
            open_edge_min_m: file.open_edge_min_m,
            earth_radius_m: file.earth_radius_m,
            level_height_m: file.level_height_m,
        })
    }

    /// How routes treat a unit of `category` (§2.5): a category the file does not list is a
    /// destination.
    pub(crate) fn role(&self, category: &str) -> UnitRole {
        self.roles
            .get(category)
            .copied()
            .unwrap_or(UnitRole::Destination)
    }

    /// Whether visitors arrive through an opening of `category` on the level outline (§2.6).
    pub(crate) fn is_entrance(&self, category: &str) -> bool {
        self.entrances.iter().any(|c| c == category)
    }

    /// Whether routes ride a relationship of `category` (§2.7); others are kept but not ridden.
    pub(crate) fn rides(&self, category: &str) -> bool {
        self.rides.iter().any(|c| c == category)
    }
}

static CONTRACT: LazyLock<Contract> = LazyLock::new(|| {
    Contract::parse(include_str!("../../../docs/venue-contract.json"))
        .unwrap_or_else(|e| panic!("docs/venue-contract.json does not parse: {e}"))
});

/// The contract, parsed on first use.
pub(crate) fn contract() -> &'static Contract {
    &CONTRACT
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::ConnectorKind;

    /// The file read on its own, as JSON, so that these tests hold the engine to the file and
    /// not to its own reading of it.
    fn file() -> serde_json::Value {
        serde_json::from_str(include_str!("../../../docs/venue-contract.json")).unwrap()
    }

    #[test]
    fn the_file_parses_and_every_role_but_destination_lists_categories() {
        let file = file();
        let roles = file["unit_roles"].as_object().unwrap();
        let mut names: Vec<&str> = roles.keys().map(String::as_str).collect();
        names.sort_unstable();
        assert_eq!(names, ["closed", "connector", "walkable"]);
        for (name, categories) in roles {
            let role = match name.as_str() {
                "walkable" => UnitRole::Walkable,
                "connector" => UnitRole::Connector,
                _ => UnitRole::Closed,
            };
            let categories = categories.as_array().unwrap();
            assert!(!categories.is_empty(), "{name} lists no category");
            for category in categories {
                let category = category.as_str().unwrap();
                assert_eq!(UnitRole::of_category(category), role, "{category}");
            }
        }
        assert_eq!(
            UnitRole::of_category("restroom.female"),
            UnitRole::Destination
        );
    }

    #[test]
    fn entrances_rides_and_tolerances_are_the_files() {
        let file = file();
        for category in file["entrance_openings"].as_array().unwrap() {
            assert!(contract().is_entrance(category.as_str().unwrap()));
        }
        assert!(!contract().is_entrance("service"));
        // Every ride of the file is a kind of connector the engine knows how to cost.
        for category in file["rides"].as_object().unwrap().keys() {
            let kind = ConnectorKind::of_category(category);
            assert_eq!(kind.map(ConnectorKind::as_str), Some(category.as_str()));
        }
        assert_eq!(ConnectorKind::of_category("traversal"), None);
        assert_eq!(
            contract().on_boundary_m,
            file["on_boundary_m"].as_f64().unwrap()
        );
        assert_eq!(
            contract().earth_radius_m,
            file["earth_radius_m"].as_f64().unwrap()
        );
        assert_eq!(
            contract().overlap_limit_m2,
            file["overlap_limit_m2"].as_f64().unwrap()
        );
        assert_eq!(
            contract().open_edge_min_m,
            file["open_edge_min_m"].as_f64().unwrap()
        );
        let heights = &file["level_height_m"];
        let LevelHeights { default, min, max } = contract().level_height_m;
        assert_eq!(default, heights["default"].as_f64().unwrap());
        assert_eq!(min, heights["min"].as_f64().unwrap());
        assert_eq!(max, heights["max"].as_f64().unwrap());
        assert!(min <= default && default <= max);
    }

    #[test]
    fn a_file_without_a_rule_is_refused() {
        assert!(Contract::parse(r#"{"unit_roles": {"walkable": ["walkway"]}}"#).is_err());
        assert!(
            Contract::parse(
                r#"{"unit_roles": {"open": ["walkway"]}, "entrance_openings": [], "rides": {},
                "on_boundary_m": 0.05, "earth_radius_m": 6378137}"#
            )
            .is_err()
        );
    }
}
