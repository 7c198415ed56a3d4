//! One venue directory while it is checked: the features whose envelope, geometry and properties
//! passed (`read`), the manifest and venue.toml as read, and the lookups every rule needs. A
//! feature with a problem of its shape is reported once and left out, so the rules after it do
//! not report it again.

use std::collections::HashMap;

use serde_json::{Map, Value};

use crate::imdf::{Geometry, Position, main_entry};
use crate::projection::Frame;

/// The IMDF feature types of a venue directory, in the order their files are read (contract §1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Kind {
    Address,
    Venue,
    Building,
    Footprint,
    Level,
    Unit,
    Opening,
    Amenity,
    Anchor,
    Occupant,
    Fixture,
    Kiosk,
    Section,
    Relationship,
    Geofence,
}

impl Kind {
    pub(crate) const ALL: [Kind; 15] = [
        Kind::Address,
        Kind::Venue,
        Kind::Building,
        Kind::Footprint,
        Kind::Level,
        Kind::Unit,
        Kind::Opening,
        Kind::Amenity,
        Kind::Anchor,
        Kind::Occupant,
        Kind::Fixture,
        Kind::Kiosk,
        Kind::Section,
        Kind::Relationship,
        Kind::Geofence,
    ];

    /// The `feature_type` value.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Kind::Address => "address",
            Kind::Venue => "venue",
            Kind::Building => "building",
            Kind::Footprint => "footprint",
            Kind::Level => "level",
            Kind::Unit => "unit",
            Kind::Opening => "opening",
            Kind::Amenity => "amenity",
            Kind::Anchor => "anchor",
            Kind::Occupant => "occupant",
            Kind::Fixture => "fixture",
            Kind::Kiosk => "kiosk",
            Kind::Section => "section",
            Kind::Relationship => "relationship",
            Kind::Geofence => "geofence",
        }
    }

    pub(crate) fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|kind| kind.name() == name)
    }

    /// Its file in the venue directory.
    pub(crate) fn file(self) -> &'static str {
        match self {
            Kind::Address => "address.geojson",
            Kind::Venue => "venue.geojson",
            Kind::Building => "building.geojson",
            Kind::Footprint => "footprint.geojson",
            Kind::Level => "level.geojson",
            Kind::Unit => "unit.geojson",
            Kind::Opening => "opening.geojson",
            Kind::Amenity => "amenity.geojson",
            Kind::Anchor => "anchor.geojson",
            Kind::Occupant => "occupant.geojson",
            Kind::Fixture => "fixture.geojson",
            Kind::Kiosk => "kiosk.geojson",
            Kind::Section => "section.geojson",
            Kind::Relationship => "relationship.geojson",
            Kind::Geofence => "geofence.geojson",
        }
    }
}

/// One feature that passed the shape checks.
#[derive(Debug, Clone)]
pub(crate) struct Feature {
    pub id: String,
    pub kind: Kind,
    /// None where the type is unlocated (address, building, occupant) or a relationship has none.
    pub geometry: Option<Geometry>,
    pub properties: Map<String, Value>,
}

impl Feature {
    /// A string property; None when null or absent.
    pub(crate) fn str(&self, key: &str) -> Option<&str> {
        self.properties.get(key).and_then(Value::as_str)
    }

    /// The ids of a reference property: one string, or a list of them; none when null.
    pub(crate) fn ids(&self, key: &str) -> Vec<&str> {
        match self.properties.get(key) {
            Some(Value::String(id)) => vec![id.as_str()],
            Some(Value::Array(ids)) => ids.iter().filter_map(Value::as_str).collect(),
            _ => Vec::new(),
        }
    }

    /// The main label of a LABELS property (`name`, `short_name`, `alt_name`): its zh-Hans entry
    /// in content/venues/, a visitor's building's own language's otherwise (`imdf::main_entry`).
    pub(crate) fn label(&self, key: &str) -> Option<&str> {
        main_entry(self.properties.get(key)?.as_object()?)?.as_str()
    }

    /// `display_point`'s position, when it has one.
    pub(crate) fn display_point(&self) -> Option<Position> {
        let coordinates = self.properties.get("display_point")?.get("coordinates")?;
        Some([coordinates.get(0)?.as_f64()?, coordinates.get(1)?.as_f64()?])
    }

    /// How a message names the feature besides its id: "unit 星巴克", or "unit".
    pub(crate) fn describe(&self) -> String {
        match self.label("name") {
            Some(name) => format!("{} {name}", self.kind.name()),
            None => self.kind.name().to_owned(),
        }
    }
}

/// The venue directory as read.
#[derive(Debug, Default)]
pub(crate) struct VenueFiles {
    /// The features that passed, by kind (indexed by `Kind as usize`).
    pub features: [Vec<Feature>; 15],
    /// Where each passing feature is: (kind, index in its list).
    pub by_id: HashMap<String, (Kind, usize)>,
    /// manifest.json as parsed, when it parses.
    pub manifest: Option<Value>,
    /// venue.toml as parsed, when it parses (its keys are checked by `settings`).
    pub settings: Option<toml::Table>,
    /// infrastructure.geojson as parsed, when the venue has one and it parses.
    pub infrastructure: Option<Value>,
}

impl VenueFiles {
    pub(crate) fn of(&self, kind: Kind) -> &[Feature] {
        &self.features[kind as usize]
    }

    /// The feature `id` names, if it passed the shape checks.
    pub(crate) fn get(&self, id: &str) -> Option<&Feature> {
        let &(kind, index) = self.by_id.get(id)?;
        self.features[kind as usize].get(index)
    }

    /// The feature `id` names, if it exists and is a `kind`.
    pub(crate) fn get_of(&self, kind: Kind, id: &str) -> Option<&Feature> {
        self.get(id).filter(|feature| feature.kind == kind)
    }

    /// The one venue feature, when there is exactly one (`references` reports otherwise).
    pub(crate) fn venue(&self) -> Option<&Feature> {
        match self.of(Kind::Venue) {
            [venue] => Some(venue),
            _ => None,
        }
    }

    /// The local frame (§2.3): from the venue feature's display point.
    pub(crate) fn frame(&self) -> Option<Frame> {
        let [lon, lat] = self.venue()?.display_point()?;
        Some(Frame::new(lon, lat))
    }

    /// A level's short name as editors call it ("L1"), else its id.
    pub(crate) fn level_name<'a>(&'a self, level_id: &'a str) -> &'a str {
        self.get_of(Kind::Level, level_id)
            .and_then(|level| level.label("short_name"))
            .unwrap_or(level_id)
    }

    pub(crate) fn insert(&mut self, feature: Feature) {
        let list = &mut self.features[feature.kind as usize];
        self.by_id
            .insert(feature.id.clone(), (feature.kind, list.len()));
        list.push(feature);
    }
}
