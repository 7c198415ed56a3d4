//! Turns the feature files of a venue directory into the [`Model`]: projects every geometry to
//! the local frame, resolves references, joins openings to the units they lie on and
//! relationships to connectors. Refuses broken data with a [`LoadError`] naming file and
//! feature; it checks what the engine relies on, not everything the build validates.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;

mod connectors;
mod contents;
mod structure;

use super::feature_ids::FeatureIds;
use super::geometry::{Point, Polygon, Shape};
use super::imdf::{self, DisplayPoint, Feature, Geometry, Labels};
use super::load_error::LoadError;
use super::model::{FeatureRef, Model, Obstacle};
use super::name::Name;
use super::projection::Frame;
use super::read::read_features;

pub(crate) fn assemble(dir: &Path) -> Result<Model, LoadError> {
    let (file, venues) = read_features::<imdf::VenueProps>(dir, "venue")?;
    let [venue] = <[_; 1]>::try_from(venues).map_err(|v: Vec<_>| LoadError::VenueCount {
        file: file.clone(),
        count: v.len(),
    })?;
    let [lon0, lat0] = venue.properties.display_point.coordinates;
    let mut b = Builder {
        dir: dir.to_owned(),
        frame: Frame::new(lon0, lat0),
        ids: HashMap::new(),
        file: file.clone(),
    };
    b.claim(&venue.id, FeatureRef::Other)?;
    let name = venue.properties.name.main().unwrap_or_default().to_owned();

    let levels = b.levels()?;
    for (i, level) in levels.iter().enumerate() {
        b.ids.insert(level.id.clone(), FeatureRef::Level(i));
    }
    let mut units = b.build_each("unit", FeatureRef::Unit, |b, _, f| b.unit(f))?;
    let openings = b.openings(&levels, &mut units)?;
    let occupants = b.occupants(&mut units)?;
    let amenities = b.build_each("amenity", FeatureRef::Amenity, |b, _, f| {
        b.amenity(f, &units)
    })?;
    let mut obstacles = b.build_each("fixture", |_| FeatureRef::Other, |b, _, f| b.fixture(&f))?;
    let kiosks = b.build_each("kiosk", FeatureRef::Kiosk, |b, _, f| b.kiosk(f))?;
    obstacles.extend(kiosks.iter().map(|k| Obstacle {
        level: k.level,
        shape: k.shape.clone(),
    }));
    let sections = b.build_each("section", FeatureRef::Section, |b, _, f| b.section(f))?;
    let geofences = b.build_each("geofence", |_| FeatureRef::Other, |b, _, f| b.geofence(f))?;
    let connectors = b.connectors(&units, &levels)?;
    let mut model = Model {
        frame: b.frame,
        name,
        category: venue.properties.category,
        levels,
        units,
        openings,
        occupants,
        amenities,
        kiosks,
        obstacles,
        sections,
        geofences,
        connectors,
        ids: FeatureIds::default(),
    };
    // The builder's map saw every id once (duplicates are refused); the model keeps only the
    // features it holds, without copies of their ids.
    model.ids = FeatureIds::of(&model);
    Ok(model)
}

pub(super) struct Builder {
    /// The venue directory.
    pub(super) dir: PathBuf,
    pub(super) frame: Frame,
    pub(super) ids: HashMap<String, FeatureRef>,
    /// The file being read, for messages.
    pub(super) file: PathBuf,
}

impl Builder {
    /// The features of `<feature_type>.geojson`, each claimed under its id as `claim(index)`,
    /// then turned into an item by `build`, which is also given the items built before it.
    pub(super) fn build_each<P: DeserializeOwned, T>(
        &mut self,
        feature_type: &str,
        claim: impl Fn(usize) -> FeatureRef,
        mut build: impl FnMut(&mut Self, &[T], Feature<P>) -> Result<T, LoadError>,
    ) -> Result<Vec<T>, LoadError> {
        let (file, features) = read_features::<P>(&self.dir, feature_type)?;
        self.file = file;
        let mut built = Vec::with_capacity(features.len());
        for feature in features {
            self.claim(&feature.id, claim(built.len()))?;
            let item = build(self, &built, feature)?;
            built.push(item);
        }
        Ok(built)
    }

    /// A fixture: an obstacle on its level.
    fn fixture(&self, f: &Feature<imdf::FixtureProps>) -> Result<Obstacle, LoadError> {
        let level = self.level_of(&f.id, &f.properties.level_id)?;
        Ok(Obstacle {
            level,
            shape: self.shape(&f.id, f.geometry.as_ref())?,
        })
    }

    pub(super) fn claim(&mut self, id: &str, what: FeatureRef) -> Result<(), LoadError> {
        if self.ids.insert(id.to_owned(), what).is_some() {
            return Err(LoadError::DuplicateId {
                file: self.file.clone(),
                feature: id.to_owned(),
            });
        }
        Ok(())
    }

    pub(super) fn reference(
        &self,
        feature: &str,
        key: &str,
        target: &str,
        expected: &str,
    ) -> LoadError {
        LoadError::Reference {
            file: self.file.clone(),
            feature: feature.to_owned(),
            key: key.to_owned(),
            target: target.to_owned(),
            expected: expected.to_owned(),
        }
    }

    pub(super) fn geometry_error(&self, feature: &str, message: impl Into<String>) -> LoadError {
        LoadError::Geometry {
            file: self.file.clone(),
            feature: feature.to_owned(),
            message: message.into(),
        }
    }

    /// The index of the level a feature's `level_id` names.
    pub(super) fn level_of(&self, feature: &str, level_id: &str) -> Result<usize, LoadError> {
        match self.ids.get(level_id) {
            Some(FeatureRef::Level(i)) => Ok(*i),
            _ => Err(self.reference(feature, "level_id", level_id, "level")),
        }
    }

    pub(super) fn point(&self, p: [f64; 2]) -> Point {
        self.frame.to_local(p[0], p[1])
    }

    pub(super) fn display_point(&self, dp: Option<&DisplayPoint>) -> Option<Point> {
        dp.map(|dp| self.point(dp.coordinates))
    }

    /// A POLYGONAL geometry, projected; rings lose their closing repeat.
    pub(super) fn shape(
        &self,
        feature: &str,
        geometry: Option<&Geometry>,
    ) -> Result<Shape, LoadError> {
        let polygons: Vec<&Vec<Vec<[f64; 2]>>> = match geometry {
            Some(Geometry::Polygon(rings)) => vec![rings],
            Some(Geometry::MultiPolygon(polys)) => polys.iter().collect(),
            Some(other) => {
                let message = format!("geometry is a {}, a Polygon is needed", other.type_name());
                return Err(self.geometry_error(feature, message));
            }
            None => {
                return Err(self.geometry_error(feature, "geometry is null, a Polygon is needed"));
            }
        };
        // Exact capacities: a shape is kept for the venue's life, and a Vec grown by push holds
        // at least four (a one-polygon unit's shape had 3 times the bytes it needed).
        let mut out = Vec::with_capacity(polygons.len());
        for rings in polygons {
            let mut local = Vec::with_capacity(rings.len());
            for ring in rings {
                let mut points: Vec<Point> = ring.iter().map(|&p| self.point(p)).collect();
                if points.len() > 1 && points.first() == points.last() {
                    points.pop();
                    points.shrink_to_fit();
                }
                if points.len() < 3 {
                    return Err(
                        self.geometry_error(feature, "a polygon ring has fewer than 4 positions")
                    );
                }
                local.push(points);
            }
            if local.is_empty() {
                return Err(self.geometry_error(feature, "a polygon has no rings"));
            }
            out.push(Polygon::new(local));
        }
        if out.is_empty() {
            return Err(self.geometry_error(feature, "the geometry has no polygons"));
        }
        Ok(Shape::new(out))
    }

    pub(super) fn empty(&self, feature: &str, key: &str) -> LoadError {
        LoadError::Property {
            file: self.file.clone(),
            feature: feature.to_owned(),
            key: key.to_owned(),
            message: "has no label".to_owned(),
        }
    }
}

pub(super) fn label(labels: &Labels) -> Option<String> {
    labels
        .main()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
}

impl imdf::Names {
    /// The feature's name, if it has one.
    pub(super) fn main(&self) -> Option<Name> {
        self.name.as_ref().and_then(Name::of_labels)
    }

    pub(super) fn aliases(&self) -> Vec<String> {
        aliases(self.name.as_ref(), self.alt_name.as_ref())
    }
}

/// A feature's other names: its name in languages besides the main one (a brand's Latin
/// name, `{"zh-Hans": "星巴克", "en": "Starbucks"}`), then its `alt_name`s.
pub(super) fn aliases(name: Option<&Labels>, alt_name: Option<&Labels>) -> Vec<String> {
    let main = name.and_then(Labels::main);
    let mut out: Vec<String> = Vec::new();
    for text in name.into_iter().chain(alt_name).flat_map(Labels::all) {
        if Some(text.as_str()) != main && !out.contains(&text) {
            out.push(text);
        }
    }
    out
}
