//! A venue directory the check passed, read for the viewer's files: the features it draws, and
//! every located one in the local frame (§2.3, origin the venue's display point). The check
//! found the geometry types, references and rings valid, so this only reads and projects.

use std::collections::HashMap;
use std::path::Path;

use serde::Deserialize;

use crate::geometry::{Point, Shape};
use crate::imdf::{
    AmenityProps, AnchorProps, DisplayPoint, Feature, GeofenceProps, Geometry, KioskProps, Labels,
    LevelProps, OccupantProps, OpeningProps, Position, SectionProps, UnitProps, VenueProps,
};
use crate::load_error::LoadError;
use crate::name::Name;
use crate::projection::Frame;
use crate::read::read_features;

/// The engine itself reads no fixture's category; the viewer colours fixtures by it.
#[derive(Debug, Deserialize)]
pub(super) struct FixtureProps {
    pub category: String,
    pub level_id: String,
}

fn read<P: serde::de::DeserializeOwned>(
    dir: &Path,
    feature_type: &str,
) -> Result<Vec<Feature<P>>, LoadError> {
    read_features(dir, feature_type).map(|(_, features)| features)
}

/// A polygon's rings in the local frame, open and without repeated neighbours.
pub(super) type Rings = Vec<Vec<Point>>;

pub(super) struct Features {
    pub venue: Feature<VenueProps>,
    pub levels: Vec<Feature<LevelProps>>,
    pub units: Vec<Feature<UnitProps>>,
    pub openings: Vec<Feature<OpeningProps>>,
    pub amenities: Vec<Feature<AmenityProps>>,
    pub anchors: Vec<Feature<AnchorProps>>,
    pub occupants: Vec<Feature<OccupantProps>>,
    pub fixtures: Vec<Feature<FixtureProps>>,
    pub kiosks: Vec<Feature<KioskProps>>,
    pub sections: Vec<Feature<SectionProps>>,
    pub geofences: Vec<Feature<GeofenceProps>>,
    pub local: LocalShapes,
}

/// Every located feature in the local frame, by feature id.
#[derive(Default)]
pub(super) struct LocalShapes {
    pub polygons: HashMap<String, Vec<Rings>>,
    /// Openings: their two ends.
    pub lines: HashMap<String, (Point, Point)>,
    /// Amenities and anchors.
    pub points: HashMap<String, Point>,
    /// Units' and kiosks' display points.
    pub display_points: HashMap<String, Point>,
}

/// The main label of LABELS (zh-Hans in content/venues/, a visitor's building's own language
/// otherwise), trimmed as the check compares names. What the files key levels by (their short
/// names) whatever the language they are written in.
pub(super) fn main_label(labels: Option<&Labels>) -> Option<String> {
    labels?.main().map(|name| name.trim().to_owned())
}

/// The name LABELS give in `language` (an IMDF tag), else their main one (`Name`).
pub(super) fn name_in(labels: Option<&Labels>, language: &str) -> Option<String> {
    Name::of_labels(labels?).map(|name| name.in_language(language).to_owned())
}

impl Features {
    pub(super) fn read(dir: &Path) -> Result<Features, LoadError> {
        let (file, mut venues) = read_features::<VenueProps>(dir, "venue")?;
        if venues.len() != 1 {
            let count = venues.len();
            return Err(LoadError::VenueCount { file, count });
        }
        let venue = venues.remove(0);
        let [lon, lat] = venue.properties.display_point.coordinates;
        let frame = Frame::new(lon, lat);
        let mut features = Features {
            venue,
            levels: read(dir, "level")?,
            units: read(dir, "unit")?,
            openings: read(dir, "opening")?,
            amenities: read(dir, "amenity")?,
            anchors: read(dir, "anchor")?,
            occupants: read(dir, "occupant")?,
            fixtures: read(dir, "fixture")?,
            kiosks: read(dir, "kiosk")?,
            sections: read(dir, "section")?,
            geofences: read(dir, "geofence")?,
            local: LocalShapes::default(),
        };
        let local = &mut features.local;
        local.add(frame, &features.levels, |_| None);
        local.add(frame, &features.units, |p| p.display_point.as_ref());
        local.add(frame, &features.openings, |_| None);
        local.add(frame, &features.amenities, |_| None);
        local.add(frame, &features.anchors, |_| None);
        local.add(frame, &features.fixtures, |_| None);
        local.add(frame, &features.kiosks, |p| p.display_point.as_ref());
        local.add(frame, &features.sections, |_| None);
        local.add(frame, &features.geofences, |_| None);
        Ok(features)
    }

    pub(super) fn origin(&self) -> Position {
        self.venue.properties.display_point.coordinates
    }

    pub(super) fn level(&self, id: &str) -> Option<&Feature<LevelProps>> {
        self.levels.iter().find(|level| level.id == id)
    }

    pub(super) fn unit(&self, id: &str) -> Option<&Feature<UnitProps>> {
        self.units.iter().find(|unit| unit.id == id)
    }

    /// The short name of a level, empty for an unknown one.
    pub(super) fn short_of(&self, level_id: &str) -> String {
        self.level(level_id)
            .and_then(|level| main_label(Some(&level.properties.short_name)))
            .unwrap_or_default()
    }

    /// A feature's polygons as a shape for the geometry's tests.
    pub(super) fn shape(&self, id: &str) -> Option<Shape> {
        let polygons = self.local.polygons.get(id)?;
        Some(Shape::new(
            polygons
                .iter()
                .map(|rings| crate::geometry::Polygon::new(rings.clone()))
                .collect(),
        ))
    }
}

impl LocalShapes {
    fn add<P>(
        &mut self,
        frame: Frame,
        features: &[Feature<P>],
        display_point: impl Fn(&P) -> Option<&DisplayPoint>,
    ) {
        let local = |[lon, lat]: Position| frame.to_local(lon, lat);
        for feature in features {
            let id = feature.id.clone();
            if let Some(display) = display_point(&feature.properties) {
                self.display_points
                    .insert(id.clone(), local(display.coordinates));
            }
            match &feature.geometry {
                None => {}
                Some(Geometry::Point(position)) => {
                    self.points.insert(id, local(*position));
                }
                Some(Geometry::LineString(positions)) => {
                    if let [a, b, ..] = positions.as_slice() {
                        self.lines.insert(id, (local(*a), local(*b)));
                    }
                }
                Some(Geometry::Polygon(rings)) => {
                    self.polygons.insert(id, vec![project(frame, rings)]);
                }
                Some(Geometry::MultiPolygon(polygons)) => {
                    let polygons = polygons.iter().map(|rings| project(frame, rings));
                    self.polygons.insert(id, polygons.collect());
                }
            }
        }
    }
}

/// GeoJSON rings in the local frame, open; a position equal to the next one (the first after
/// the last) carries no shape and is dropped, as the web build did.
fn project(frame: Frame, rings: &[Vec<Position>]) -> Rings {
    rings
        .iter()
        .map(|positions| {
            let ring = frame.open_ring(positions);
            (0..ring.len())
                .filter(|&i| ring[i] != ring[(i + 1) % ring.len()])
                .map(|i| ring[i])
                .collect()
        })
        .collect()
}
