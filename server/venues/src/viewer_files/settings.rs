//! What the summary takes from outside the IMDF files (§2.9): the default level, the kiosks'
//! facings and the samples. A venue of content/ has them in its venue.toml; a building a visitor
//! uploads has none, so they are derived from its features.

use std::collections::HashMap;
use std::path::Path;

use serde::Deserialize;

use super::features::{Features, main_label};
use super::format::Samples;
use crate::contract::contract;
use crate::inputs::KioskFacing;
use crate::load_error::LoadError;
use crate::model::UnitRole;

#[derive(Debug, Clone, PartialEq)]
pub struct ViewerSettings {
    /// Short name of the level shown first.
    pub default_level: String,
    /// Kiosks not listed face north (0).
    pub kiosks: Vec<KioskFacing>,
    pub samples: Samples,
}

/// The keys of venue.toml the summary takes (the check read the whole file).
#[derive(Deserialize)]
struct VenueToml {
    default_level: String,
    #[serde(default)]
    kiosks: Vec<KioskFacing>,
    samples: SamplesToml,
}

#[derive(Deserialize)]
struct SamplesToml {
    queries: Vec<String>,
    plates: Vec<String>,
    route_from: String,
    route_to: String,
    start: String,
}

/// How many searches a derived venue suggests.
const DERIVED_QUERIES: usize = 3;

impl ViewerSettings {
    /// venue.toml's text, its words trimmed as the check compares them (the plates are written
    /// as given).
    pub fn from_venue_toml(text: &str) -> Result<ViewerSettings, toml::de::Error> {
        let file: VenueToml = toml::from_str(text)?;
        let trim = |text: String| text.trim().to_owned();
        Ok(ViewerSettings {
            default_level: trim(file.default_level),
            kiosks: file.kiosks,
            samples: Samples {
                queries: file.samples.queries.into_iter().map(trim).collect(),
                plates: file.samples.plates,
                route_from: trim(file.samples.route_from),
                route_to: trim(file.samples.route_to),
                start: trim(file.samples.start),
            },
        })
    }

    /// Settings for a venue without venue.toml (an uploaded building), from the features of
    /// `dir`:
    /// - the default level is the lowest with ordinal >= 0 that is not parking (the ground floor
    ///   visitors walk in on), else the lowest level of all;
    /// - no kiosk has a facing, so every kiosk faces north (0);
    /// - the samples come from the named units (the shops and rooms among them when there are
    ///   two or more), an occupant's name before the unit's own, in the order of the files: the first three different names as searches, a route from the
    ///   first to the second named unit of the default level (the first two of the venue when
    ///   that level has fewer), starting where the route starts; no plates, since nothing says
    ///   which cars park there.
    pub fn derived(dir: &Path) -> Result<ViewerSettings, LoadError> {
        Ok(Self::derived_from(&Features::read(dir)?))
    }

    pub(super) fn derived_from(venue: &Features) -> ViewerSettings {
        let mut levels: Vec<_> = venue.levels.iter().collect();
        levels.sort_by_key(|level| level.properties.ordinal);
        let walked_in = levels
            .iter()
            .find(|l| l.properties.ordinal >= 0 && l.properties.category != "parking");
        let default = walked_in.or(levels.first());
        let default_id = default.map(|level| level.id.as_str());
        // Shops and rooms make the samples: a lift or a corridor named in a drawing makes a
        // poor search and a poorer route (an uploaded mall once got escalator to escalator).
        let all = named_units(venue);
        let is_destination = |unit: &&NamedUnit| contract().role(unit.3) == UnitRole::Destination;
        let destinations: Vec<NamedUnit> = all.iter().filter(is_destination).cloned().collect();
        let named = if destinations.len() >= 2 {
            destinations
        } else {
            all
        };
        let mut queries: Vec<String> = Vec::new();
        for (_, _, name, _) in &named {
            if queries.len() < DERIVED_QUERIES && !queries.contains(name) {
                queries.push(name.clone());
            }
        }
        let on_default: Vec<&str> = named
            .iter()
            .filter(|(_, level, _, _)| Some(*level) == default_id)
            .map(|(id, _, _, _)| *id)
            .collect();
        let ends = if on_default.len() >= 2 {
            on_default
        } else {
            named.iter().map(|(id, _, _, _)| *id).collect()
        };
        let end = |i: usize| ends.get(i).map_or_else(String::new, |id| (*id).to_owned());
        ViewerSettings {
            default_level: venue.short_of(default_id.unwrap_or_default()),
            kiosks: Vec::new(),
            samples: Samples {
                queries,
                plates: Vec::new(),
                route_from: end(0),
                route_to: end(1),
                start: end(0),
            },
        }
    }
}

/// (unit id, level id, name, category) of a named unit.
type NamedUnit<'v> = (&'v str, &'v str, String, &'v str);

/// Every named unit, in unit file order.
fn named_units(venue: &Features) -> Vec<NamedUnit<'_>> {
    // Per unit, the name of its first named occupant: found in one pass (a search of the
    // occupants and their anchors for every unit took most of an edit's time).
    let anchors: HashMap<&str, &str> = venue
        .anchors
        .iter()
        .map(|anchor| (anchor.id.as_str(), anchor.properties.unit_id.as_str()))
        .collect();
    let mut occupant_names: HashMap<&str, String> = HashMap::new();
    for occupant in &venue.occupants {
        let Some(&unit) = anchors.get(occupant.properties.anchor_id.as_str()) else {
            continue;
        };
        if let Some(name) = main_label(occupant.properties.names.name.as_ref()) {
            occupant_names.entry(unit).or_insert(name);
        }
    }
    let occupant_name = |unit_id: &str| occupant_names.get(unit_id).cloned();
    venue
        .units
        .iter()
        .filter_map(|unit| {
            let name = occupant_name(&unit.id)
                .or_else(|| main_label(unit.properties.names.name.as_ref()))
                .filter(|name| !name.is_empty())?;
            let category = unit.properties.category.as_str();
            Some((
                unit.id.as_str(),
                unit.properties.level_id.as_str(),
                name,
                category,
            ))
        })
        .collect()
}
