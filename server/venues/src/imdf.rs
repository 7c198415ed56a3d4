//! Serde types for the IMDF features the engine reads (contract §2, docs/imdf.md section 3):
//! only the keys it uses, so a producer's extra keys are ignored. Geometry stays in WGS 84
//! here; `assemble` projects it.

use std::collections::BTreeMap;

use serde::Deserialize;

/// A GeoJSON position; the venues write `[lon, lat]` only.
pub(crate) type Position = [f64; 2];

/// The geometries IMDF allows on the features the engine reads.
#[derive(Debug, Clone, Deserialize)]
#[serde(tag = "type", content = "coordinates")]
pub(crate) enum Geometry {
    Point(Position),
    LineString(Vec<Position>),
    Polygon(Vec<Vec<Position>>),
    MultiPolygon(Vec<Vec<Vec<Position>>>),
}

impl Geometry {
    pub(crate) fn type_name(&self) -> &'static str {
        match self {
            Geometry::Point(_) => "Point",
            Geometry::LineString(_) => "LineString",
            Geometry::Polygon(_) => "Polygon",
            Geometry::MultiPolygon(_) => "MultiPolygon",
        }
    }
}

/// A `display_point`: a GeoJSON Point in the properties.
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct DisplayPoint {
    pub coordinates: Position,
}

/// LABELS: language tag -> text.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(transparent)]
pub(crate) struct Labels(pub BTreeMap<String, String>);

/// The language of a feature's main label: content/venues/' data is in it (docs/venue-contract.md
/// §2.2); a visitor's building may be in any other.
pub(crate) const MAIN_LANGUAGE: &str = "zh-Hans";

/// The main entry of LABELS (language tag -> text, in the order of their tags): the
/// [`MAIN_LANGUAGE`]'s, else the first. One rule for the engine, the check and the viewer's files.
pub(crate) fn main_entry<'a, V>(
    entries: impl IntoIterator<Item = (&'a String, &'a V)>,
) -> Option<&'a V> {
    let mut first = None;
    for (tag, value) in entries {
        if tag == MAIN_LANGUAGE {
            return Some(value);
        }
        first = first.or(Some(value));
    }
    first
}

impl Labels {
    /// The main label ([`main_entry`]).
    pub(crate) fn main(&self) -> Option<&str> {
        main_entry(&self.0).map(String::as_str)
    }

    /// Every label, the main one first, without repeats.
    pub(crate) fn all(&self) -> Vec<String> {
        let mut out: Vec<String> = self.main().map(str::to_owned).into_iter().collect();
        for text in self.0.values() {
            if !out.contains(text) {
                out.push(text.clone());
            }
        }
        out
    }
}

/// One feature of a file, with its type's properties.
#[derive(Debug, Deserialize)]
pub(crate) struct Feature<P> {
    pub id: String,
    pub feature_type: String,
    pub geometry: Option<Geometry>,
    pub properties: P,
}

/// A feature file.
#[derive(Debug, Deserialize)]
pub(crate) struct FeatureCollection<P> {
    #[serde(rename = "type")]
    pub kind: String,
    pub features: Vec<Feature<P>>,
}

/// `{"id": ..., "feature_type": ...}` in relationships.
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct FeatureReference {
    pub id: String,
    pub feature_type: String,
}

#[derive(Debug, Deserialize)]
pub(crate) struct VenueProps {
    pub category: String,
    pub name: Labels,
    pub display_point: DisplayPoint,
}

#[derive(Debug, Deserialize)]
pub(crate) struct LevelProps {
    pub category: String,
    pub ordinal: i32,
    /// Not in IMDF's level table: the storey's height, metres (contract §2.4). May be left out.
    #[serde(default)]
    pub height: Option<f64>,
    pub name: Labels,
    pub short_name: Labels,
}

/// The optional `name` and `alt_name` of the features that may be named.
#[derive(Debug, Deserialize)]
pub(crate) struct Names {
    // A missing Option field is None without `#[serde(default)]`, flattened or not.
    pub name: Option<Labels>,
    pub alt_name: Option<Labels>,
}

#[derive(Debug, Deserialize)]
pub(crate) struct UnitProps {
    pub category: String,
    pub level_id: String,
    #[serde(flatten)]
    pub names: Names,
    #[serde(default)]
    pub display_point: Option<DisplayPoint>,
}

/// IMDF gives an opening the properties of a unit: a category, a level, names and a display
/// point.
pub(crate) type OpeningProps = UnitProps;

#[derive(Debug, Deserialize)]
pub(crate) struct AmenityProps {
    pub category: String,
    pub unit_ids: Vec<String>,
    #[serde(flatten)]
    pub names: Names,
}

#[derive(Debug, Deserialize)]
pub(crate) struct AnchorProps {
    pub unit_id: String,
}

#[derive(Debug, Deserialize)]
pub(crate) struct OccupantProps {
    pub category: String,
    pub anchor_id: String,
    /// Required of an occupant; `assemble` says so when it is missing.
    #[serde(flatten)]
    pub names: Names,
    pub hours: Option<String>,
    pub phone: Option<String>,
    pub website: Option<String>,
}

#[derive(Debug, Deserialize)]
pub(crate) struct FixtureProps {
    pub level_id: String,
}

#[derive(Debug, Deserialize)]
pub(crate) struct KioskProps {
    pub level_id: String,
    #[serde(flatten)]
    pub names: Names,
    #[serde(default)]
    pub display_point: Option<DisplayPoint>,
}

#[derive(Debug, Deserialize)]
pub(crate) struct SectionProps {
    pub category: String,
    pub level_id: String,
    #[serde(default)]
    pub name: Option<Labels>,
}

#[derive(Debug, Deserialize)]
pub(crate) struct GeofenceProps {
    #[serde(default)]
    pub restriction: Option<String>,
    #[serde(default)]
    pub name: Option<Labels>,
    pub level_ids: Vec<String>,
}

#[derive(Debug, Deserialize)]
pub(crate) struct RelationshipProps {
    pub category: String,
    pub direction: String,
    #[serde(default)]
    pub origin: Option<FeatureReference>,
    #[serde(default)]
    pub intermediary: Option<Vec<FeatureReference>>,
    #[serde(default)]
    pub destination: Option<FeatureReference>,
}
