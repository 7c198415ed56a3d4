//! The viewer's files as written (docs/venue-contract.md §3.2-3.3; the viewer's own reading of
//! them is web/src/content/venues/viewer-files.ts): field names and order as there, an optional
//! field left out rather than null. Coordinates are whole decimetres in the venue's local frame,
//! x east and y north from its origin; a ring is a flat `[x0, y0, x1, y1, ...]` without the
//! closing repeat.

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use super::js::JsNumber;

pub type Point = [i64; 2];
pub type Ring = Vec<i64>;
/// The exterior ring first, then its holes.
pub type Poly = Vec<Ring>;

/// `venue.json`: what the viewer needs before it draws a level.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VenueSummary {
    pub v: u8,
    /// The venue id of URLs, e.g. "demo-mall".
    pub id: String,
    pub name: String,
    /// The IMDF venue category.
    pub category: String,
    /// `[lon, lat]` of the local frame's origin, the venue's display point.
    pub origin: [JsNumber; 2],
    /// minX, minY, maxX, maxY over every level's outline.
    pub bounds: [i64; 4],
    /// From the lowest ordinal up.
    pub levels: Vec<LevelEntry>,
    /// Short name of the level shown first.
    pub default_level: String,
    pub kiosks: Vec<KioskEntry>,
    pub entrances: Vec<EntranceEntry>,
    pub samples: Samples,
    /// Category -> Chinese label of every category the venue's visitors see.
    pub labels: Labels,
    pub fences: Vec<FenceEntry>,
    /// What the online editor offers, labelled: only a visitor's building has it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub choices: Option<EditorLabels>,
    /// The relationships joining rooms (lifts, escalators, stairs across levels), for the
    /// editor to show and remove: only a visitor's building has them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub links: Option<Vec<LinkEntry>>,
}

/// An IMDF relationship between rooms: its id and category, and the rooms it joins in order.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LinkEntry {
    pub id: String,
    pub category: String,
    pub units: Vec<LinkedUnit>,
}

/// A room a relationship joins: its id, its level's short name, its name when it has one.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LinkedUnit {
    pub id: String,
    pub level: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// The categories a visitor may give a room or an amenity in the editor, in the order offered.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EditorLabels {
    pub units: Labels,
    pub amenities: Labels,
}

/// Hints the viewer shows; the routes' ends and the start are locations (§4.2).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Samples {
    pub queries: Vec<String>,
    pub plates: Vec<String>,
    #[serde(rename = "routeFrom")]
    pub route_from: String,
    #[serde(rename = "routeTo")]
    pub route_to: String,
    /// Where a visitor is when no start is chosen.
    pub start: String,
}

/// Category -> label pairs, written as one JSON object in this order (the viewer's files keep
/// the categories sorted).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Labels(pub Vec<(String, String)>);

impl Serialize for Labels {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (category, label) in &self.0 {
            map.serialize_entry(category, label)?;
        }
        map.end()
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LevelEntry {
    pub id: String,
    /// The short name, the level's key in URLs: "B2", "L1".
    pub short: String,
    pub name: String,
    pub ordinal: i32,
    /// The storey's height in metres as the data gives it (contract §2.4); null: not given,
    /// and routes take the contract's default.
    pub height: Option<JsNumber>,
    pub parking: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct KioskEntry {
    pub id: String,
    pub name: String,
    pub level: String,
    pub at: Point,
    /// Where a visitor at the screen looks, degrees clockwise from north.
    pub facing: JsNumber,
}

/// A door to the outside that visitors arrive through.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EntranceEntry {
    pub id: String,
    pub name: String,
    pub level: String,
    pub at: Point,
}

/// One of the venue's own fences (IMDF geofences) on one level.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FenceEntry {
    pub id: String,
    pub name: String,
    pub level: String,
    /// The outline as points, not rounded together (unlike a `Ring`).
    pub ring: Vec<Point>,
}

/// `levels/<short>.json`: everything drawn on one level.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LevelData {
    pub v: u8,
    pub id: String,
    pub short: String,
    pub name: String,
    pub ordinal: i32,
    pub outline: Vec<Poly>,
    pub units: Vec<UnitShape>,
    pub openings: Vec<OpeningShape>,
    pub amenities: Vec<AmenityShape>,
    pub fixtures: Vec<FixtureShape>,
    pub sections: Vec<SectionShape>,
    pub kiosks: Vec<KioskShape>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct UnitShape {
    pub id: String,
    /// The IMDF unit category.
    pub c: String,
    pub g: Poly,
    /// Display name: the occupant's, else the unit's own.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub n: Option<String>,
    /// Label point.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lp: Option<Point>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub o: Option<OccupantInfo>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OccupantInfo {
    pub id: String,
    /// The IMDF occupant category.
    pub c: String,
    /// Opening hours, OSM syntax.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub h: Option<String>,
    /// Phone, E.164.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub w: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OpeningShape {
    pub id: String,
    pub c: String,
    /// x1, y1, x2, y2
    pub a: [i64; 4],
    #[serde(skip_serializing_if = "Option::is_none")]
    pub n: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AmenityShape {
    pub id: String,
    pub c: String,
    pub at: Point,
    /// The unit it stands in.
    pub u: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub n: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FixtureShape {
    pub id: String,
    pub c: String,
    pub g: Poly,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SectionShape {
    pub id: String,
    pub c: String,
    pub g: Poly,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub n: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct KioskShape {
    pub id: String,
    pub g: Poly,
    pub at: Point,
    pub n: String,
}
