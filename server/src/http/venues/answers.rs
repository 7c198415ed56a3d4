//! The venue API's answers as types (docs/api.md): what search, routes, find my car and the
//! guide screens answer, field by field. The viewer's TypeScript types are generated from these
//! (`http/answer_types.rs` writes web/src/demo/api-answers.ts), so renaming a field here fails
//! the viewer's build until it follows. Numbers are rounded here, to what an answer needs.

use base64::Engine as _;
use serde::{Deserialize, Serialize};
use site_venues::geometry::Point;
use site_venues::{FoundCar, KioskView, Route, RoutePlace, Venue};

#[cfg(test)]
use ts_rs::TS;

/// `[lon, lat]` rounded for an answer: 7 decimals, about a centimetre.
pub(in crate::http) fn lon_lat([lon, lat]: [f64; 2]) -> [f64; 2] {
    let round = |value: f64| (value * 1e7).round() / 1e7;
    [round(lon), round(lat)]
}

/// Metres to a tenth.
pub(in crate::http) fn tenth(value: f64) -> f64 {
    (value * 10.0).round() / 10.0
}

/// A level's grid of one byte a cell, as the viewer draws a heat map (the flow analytics'
/// visitors, a device plan's error): its corners, its shape, and the cells row by row from the
/// south, base64; 0 is an empty cell, 1-255 cold to hot.
#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct HeatGrid {
    /// The level's short name.
    level: String,
    cell_m: f64,
    south_west: [f64; 2],
    north_east: [f64; 2],
    columns: usize,
    rows: usize,
    cells: String,
}

impl HeatGrid {
    /// The grid of `columns` x `rows` cells of `cell_m` from `origin` (its south-west corner) on
    /// level `level` of `venue`, with a byte a cell.
    pub(in crate::http) fn of(
        venue: &Venue,
        level: usize,
        (origin, cell_m): (Point, f64),
        (columns, rows): (usize, usize),
        bytes: &[u8],
    ) -> Self {
        let north_east = Point::new(
            origin.x + columns as f64 * cell_m,
            origin.y + rows as f64 * cell_m,
        );
        Self {
            level: venue.levels()[level].short.clone(),
            cell_m,
            south_west: lon_lat(venue.lon_lat(origin)),
            north_east: lon_lat(venue.lon_lat(north_east)),
            columns,
            rows,
            cells: base64::engine::general_purpose::STANDARD.encode(bytes),
        }
    }
}

/// One end of a route.
#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct RouteEnd<'a> {
    /// The place's IMDF id; null for a point given by coordinates.
    id: Option<&'a str>,
    kind: &'static str,
    /// Its name, or what the point is near.
    name: &'a str,
    /// The level's short name.
    level: &'a str,
    /// `[lon, lat]`
    point: [f64; 2],
}

impl<'a> RouteEnd<'a> {
    fn of(place: &'a RoutePlace) -> Self {
        Self {
            id: place.id.as_deref(),
            kind: place.kind.as_str(),
            name: &place.name,
            level: &place.level,
            point: lon_lat(place.lon_lat),
        }
    }
}

/// `GET /api/venues`: every venue the engine serves, with its levels.
#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct VenueList {
    pub(super) venues: Vec<VenueListEntry>,
}

/// A venue of the list.
#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct VenueListEntry {
    id: String,
    name: String,
    /// Its IMDF venue category (`shoppingcenter`, `healthcare`...).
    category: String,
    /// The levels' short names, in the summary's order.
    levels: Vec<String>,
    default_level: String,
}

impl VenueListEntry {
    /// The level the viewer shows first.
    pub(in crate::http) fn default_level(self) -> String {
        self.default_level
    }

    /// The entry of a venue from the summary the build wrote for the viewer; None when it is
    /// not one.
    pub(in crate::http) fn of_summary(json: &[u8]) -> Option<Self> {
        #[derive(Deserialize)]
        #[serde(rename_all = "camelCase")]
        struct Summary {
            id: String,
            name: String,
            category: String,
            levels: Vec<Level>,
            default_level: String,
        }
        #[derive(Deserialize)]
        struct Level {
            short: String,
        }
        let summary: Summary = serde_json::from_slice(json).ok()?;
        Some(Self {
            id: summary.id,
            name: summary.name,
            category: summary.category,
            levels: summary
                .levels
                .into_iter()
                .map(|level| level.short)
                .collect(),
            default_level: summary.default_level,
        })
    }
}

/// `GET /api/venues/{venue}/search`
#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct SearchAnswer<'a> {
    pub(super) query: &'a str,
    pub(super) results: Vec<SearchResult<'a>>,
}

/// A place found, best first.
#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct SearchResult<'a> {
    pub(super) id: &'a str,
    pub(super) kind: &'static str,
    /// Its name, or its category's label when it has none.
    pub(super) name: Option<&'a str>,
    pub(super) category: Option<&'a str>,
    pub(super) category_label: Option<&'a str>,
    pub(super) level: &'a str,
    /// `[lon, lat]`
    pub(super) point: [f64; 2],
    /// The unit it is in, when it is in one.
    pub(super) unit: Option<&'a str>,
    /// How the query matched it (name, pinyin, initials, category...).
    #[serde(rename = "match")]
    pub(super) matched: &'static str,
    /// Walking distance from `near`, when asked.
    pub(super) distance_m: Option<f64>,
}

/// `GET /api/venues/{venue}/route`
#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct RouteAnswer<'a> {
    from: RouteEnd<'a>,
    to: RouteEnd<'a>,
    accessible: bool,
    distance_m: f64,
    duration_s: f64,
    legs: Vec<RouteLeg<'a>>,
    transitions: Vec<RouteTransition<'a>>,
    steps: Vec<RouteStep<'a>>,
}

/// The part of a route on one level, as a GeoJSON line.
#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct RouteLeg<'a> {
    level: &'a str,
    distance_m: f64,
    duration_s: f64,
    /// How far along the route the leg starts.
    start_m: f64,
    path: LegPath<'a>,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct LegPath<'a> {
    #[serde(rename = "type")]
    #[cfg_attr(test, ts(type = "'Feature'"))]
    kind: &'static str,
    properties: LegProperties<'a>,
    geometry: LineString,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct LegProperties<'a> {
    level: &'a str,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct LineString {
    #[serde(rename = "type")]
    #[cfg_attr(test, ts(type = "'LineString'"))]
    kind: &'static str,
    coordinates: Vec<[f64; 2]>,
}

/// A ride between levels: elevator, escalator or stairs.
#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct RouteTransition<'a> {
    kind: &'static str,
    name: &'a str,
    from_level: &'a str,
    to_level: &'a str,
    duration_s: f64,
}

/// One instruction of the route.
#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct RouteStep<'a> {
    kind: &'static str,
    text: &'a str,
    level: &'a str,
    point: [f64; 2],
    /// How far along the route it is.
    along_m: f64,
    /// The index of its leg.
    leg: usize,
}

impl<'a> RouteAnswer<'a> {
    pub(in crate::http) fn of(route: &'a Route) -> Self {
        let legs = route
            .legs
            .iter()
            .map(|leg| RouteLeg {
                level: &leg.level,
                distance_m: tenth(leg.distance_m),
                duration_s: leg.duration_s.round(),
                start_m: tenth(leg.start_m),
                path: LegPath {
                    kind: "Feature",
                    properties: LegProperties { level: &leg.level },
                    geometry: LineString {
                        kind: "LineString",
                        coordinates: leg.lon_lat.iter().copied().map(lon_lat).collect(),
                    },
                },
            })
            .collect();
        let transitions = route
            .transitions
            .iter()
            .map(|ride| RouteTransition {
                kind: ride.kind.as_str(),
                name: &ride.name,
                from_level: &ride.from_level,
                to_level: &ride.to_level,
                duration_s: ride.duration_s.round(),
            })
            .collect();
        let steps = route
            .steps
            .iter()
            .map(|step| RouteStep {
                kind: step.kind.as_str(),
                text: &step.text,
                level: &step.level,
                point: lon_lat(step.lon_lat),
                along_m: tenth(step.along_m),
                leg: step.leg,
            })
            .collect();
        Self {
            from: RouteEnd::of(&route.from),
            to: RouteEnd::of(&route.to),
            accessible: route.accessible,
            distance_m: tenth(route.distance_m),
            duration_s: route.duration_s.round(),
            legs,
            transitions,
            steps,
        }
    }
}

/// `GET /api/venues/{venue}/findcar`
#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct FindCarAnswer<'a> {
    /// The car as asked for, normalised.
    car: &'a str,
    /// Whether `car` was a plate (else a space).
    plate: bool,
    space: ParkingSpace<'a>,
    route: RouteAnswer<'a>,
}

/// The space the car is in.
#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct ParkingSpace<'a> {
    id: Option<&'a str>,
    kind: &'static str,
    name: Option<&'a str>,
    /// The level's short name.
    level: &'a str,
    /// `[lon, lat]`
    point: [f64; 2],
    /// The car park's zone, when the venue names zones.
    zone: Option<&'a str>,
}

impl<'a> FindCarAnswer<'a> {
    pub(super) fn of(venue: &'a Venue, found: &'a FoundCar) -> Self {
        let space = &found.space;
        Self {
            car: &found.car,
            plate: found.plate,
            space: ParkingSpace {
                id: space.id.as_deref(),
                kind: space.kind.as_str(),
                name: space.name.as_deref(),
                level: &venue.levels()[space.level].short,
                point: lon_lat(venue.lon_lat(space.point)),
                zone: found.zone.as_deref(),
            },
            route: RouteAnswer::of(&found.route),
        }
    }
}

/// `GET /api/venues/{venue}/kiosks/{kiosk}`: a guide screen and the venue's directory.
#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct KioskAnswer<'a> {
    kiosk: Kiosk<'a>,
    directory: Vec<DirectorySection<'a>>,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct Kiosk<'a> {
    id: &'a str,
    name: Option<&'a str>,
    level: &'a str,
    point: [f64; 2],
    /// The screen's facing, degrees clockwise from north.
    facing: f64,
}

/// A group of the directory (shops, food, services...), level by level.
#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct DirectorySection<'a> {
    label: &'a str,
    levels: Vec<DirectoryLevel<'a>>,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct DirectoryLevel<'a> {
    level: &'a str,
    entries: Vec<DirectoryEntry<'a>>,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct DirectoryEntry<'a> {
    id: &'a str,
    name: &'a str,
    category: &'a str,
    kind: &'static str,
}

impl<'a> KioskAnswer<'a> {
    pub(super) fn of(view: &'a KioskView) -> Self {
        let kiosk = &view.kiosk;
        let directory = view
            .directory
            .iter()
            .map(|section| DirectorySection {
                label: &section.label,
                levels: section
                    .levels
                    .iter()
                    .map(|level| DirectoryLevel {
                        level: &level.level,
                        entries: level
                            .entries
                            .iter()
                            .map(|entry| DirectoryEntry {
                                id: &entry.id,
                                name: &entry.name,
                                category: &entry.category,
                                kind: entry.kind.as_str(),
                            })
                            .collect(),
                    })
                    .collect(),
            })
            .collect();
        Self {
            kiosk: Kiosk {
                id: &kiosk.id,
                name: kiosk.name.as_deref(),
                level: &kiosk.level,
                point: lon_lat(kiosk.lon_lat),
                facing: kiosk.facing,
            },
            directory,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_and_metres_are_rounded_for_the_answer() {
        assert_eq!(
            lon_lat([121.400_012_345, 31.170_219_99]),
            [121.400_012_3, 31.170_22]
        );
        assert_eq!(tenth(12.345), 12.3);
    }
}
