//! How much an upload's feature files hold, counted as they are read, one feature at a time, so
//! that a file of millions of positions is refused holding one feature in memory rather than
//! all of them. Only the geometry is read; the properties are the venue check's.
//! A file that is not GeoJSON is refused here with the line and column where reading stopped:
//! the check's own explanation of a bad file reads it whole into memory, which only a file
//! read through here once may cost.

use std::fmt;

use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};

use super::{IntakeError, IntakeLimits};
use crate::{Said, said};

/// What the feature files hold, together.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Census {
    pub levels: usize,
    pub features: usize,
    /// The most positions of one geometry.
    pub most_vertices: usize,
    /// [west, south, east, north] of every position, once there is one.
    pub bounds: Option<[f64; 4]>,
}

/// Metres per degree of latitude (and of longitude at the equator), as the spread is judged.
const METRES_PER_DEGREE: f64 = 111_320.0;

impl Census {
    /// Counts the features of `text`, the file `name`, refusing it at the first limit passed.
    pub(super) fn add(
        &mut self,
        name: &str,
        text: &[u8],
        limits: &IntakeLimits,
    ) -> Result<(), IntakeError> {
        if !name.ends_with(".geojson") {
            return Ok(());
        }
        let before = self.features;
        let mut counting = Counting {
            census: self,
            limits,
            refusal: None,
        };
        let mut reader = serde_json::Deserializer::from_slice(text);
        let read = CollectionSeed(&mut counting).deserialize(&mut reader);
        if let Some(message) = counting.refusal {
            return Err(IntakeError::Census {
                file: name.to_owned(),
                message,
            });
        }
        if let Err(error) = read {
            let (line, column) = (error.line(), error.column());
            return Err(IntakeError::Census {
                file: name.to_owned(),
                message: said!(
                    "不是能读的 GeoJSON（第 {line} 行第 {column} 列）：{error}",
                    "not readable GeoJSON (line {line}, column {column}): {error}"
                ),
            });
        }
        if name == "level.geojson" {
            self.levels = self.features - before;
            if self.levels > limits.levels {
                return Err(IntakeError::Census {
                    file: name.to_owned(),
                    message: said!(
                        "有 {} 个楼层，最多 {} 个",
                        "{} levels; there may be at most {}",
                        self.levels,
                        limits.levels
                    ),
                });
            }
        }
        Ok(())
    }

    /// Judges what only the whole shows: how far the positions spread.
    pub(super) fn finish(&self, limits: &IntakeLimits) -> Result<(), IntakeError> {
        let Some([west, south, east, north]) = self.bounds else {
            return Ok(());
        };
        let middle = ((south + north) / 2.0).to_radians();
        let north_south = (north - south) * METRES_PER_DEGREE;
        let east_west = (east - west) * METRES_PER_DEGREE * middle.cos();
        let metres = north_south.max(east_west);
        if metres > limits.extent_m {
            return Err(IntakeError::Spread {
                metres,
                max: limits.extent_m,
            });
        }
        Ok(())
    }

    fn include(&mut self, [lon, lat]: [f64; 2]) {
        let bounds = self.bounds.get_or_insert([lon, lat, lon, lat]);
        bounds[0] = bounds[0].min(lon);
        bounds[1] = bounds[1].min(lat);
        bounds[2] = bounds[2].max(lon);
        bounds[3] = bounds[3].max(lat);
    }
}

/// The census being added to, and why it stopped when it did.
struct Counting<'a> {
    census: &'a mut Census,
    limits: &'a IntakeLimits,
    refusal: Option<Said>,
}

impl Counting<'_> {
    fn feature<E: de::Error>(&mut self, feature: Feature) -> Result<(), E> {
        let census = &mut *self.census;
        census.features += 1;
        if census.features > self.limits.features {
            let max = self.limits.features;
            return self.refuse(said!(
                "要素总数超过了 {max} 个的上限",
                "the total number of features exceeds the limit of {max}"
            ));
        }
        let Some(geometry) = feature.geometry else {
            return Ok(());
        };
        let positions = geometry.positions();
        let id = match &feature.id {
            Some(Id::Text(text)) => Said::new(text.clone(), text.clone()),
            Some(Id::Number(number)) => Said::verbatim(number.to_string()),
            None => said!("（无 id）", "(no id)"),
        };
        let (zh, en) = (id.chinese(), id.english());
        if positions.len() > self.limits.vertices_per_geometry {
            let (count, max) = (positions.len(), self.limits.vertices_per_geometry);
            return self.refuse(Said::new(
                format!("要素 {zh} 的几何有 {count} 个顶点，最多 {max} 个"),
                format!(
                    "the geometry of feature {en} has {count} vertices; it may have at most {max}"
                ),
            ));
        }
        census.most_vertices = census.most_vertices.max(positions.len());
        for position in positions {
            if !(position[0].is_finite() && position[1].is_finite()) {
                return self.refuse(Said::new(
                    format!("要素 {zh} 有不是有限数的坐标"),
                    format!("feature {en} has a coordinate that is not a finite number"),
                ));
            }
            census.include(position);
        }
        Ok(())
    }

    fn refuse<E: de::Error>(&mut self, message: Said) -> Result<(), E> {
        self.refusal = Some(message);
        Err(E::custom("refused"))
    }
}

/// A feature as the census reads it: its id, for messages, and its geometry.
#[derive(Deserialize)]
struct Feature {
    id: Option<Id>,
    geometry: Option<Geometry>,
}

/// GeoJSON allows a number as a feature's id; the check asks for a UUID.
#[derive(Deserialize)]
#[serde(untagged)]
enum Id {
    Text(String),
    Number(f64),
}

/// A position's longitude and latitude; an altitude after them is skipped.
struct Position([f64; 2]);

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct PositionVisitor;
        impl<'de> Visitor<'de> for PositionVisitor {
            type Value = Position;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a position [longitude, latitude]")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Position, A::Error> {
                let lon: f64 = seq
                    .next_element()?
                    .ok_or_else(|| de::Error::invalid_length(0, &self))?;
                let lat: f64 = seq
                    .next_element()?
                    .ok_or_else(|| de::Error::invalid_length(1, &self))?;
                while seq.next_element::<IgnoredAny>()?.is_some() {}
                Ok(Position([lon, lat]))
            }
        }
        deserializer.deserialize_seq(PositionVisitor)
    }
}

#[derive(Deserialize)]
#[serde(tag = "type", content = "coordinates")]
enum Geometry {
    Point(Position),
    MultiPoint(Vec<Position>),
    LineString(Vec<Position>),
    MultiLineString(Vec<Vec<Position>>),
    Polygon(Vec<Vec<Position>>),
    MultiPolygon(Vec<Vec<Vec<Position>>>),
}

impl Geometry {
    fn positions(self) -> Vec<[f64; 2]> {
        let flat = |line: Vec<Position>| line.into_iter().map(|p| p.0);
        match self {
            Self::Point(p) => vec![p.0],
            Self::MultiPoint(line) | Self::LineString(line) => flat(line).collect(),
            Self::MultiLineString(lines) | Self::Polygon(lines) => {
                lines.into_iter().flat_map(flat).collect()
            }
            Self::MultiPolygon(polygons) => polygons.into_iter().flatten().flat_map(flat).collect(),
        }
    }
}

/// A FeatureCollection whose features are counted as they are read.
struct CollectionSeed<'a, 'b>(&'a mut Counting<'b>);

impl<'de> DeserializeSeed<'de> for CollectionSeed<'_, '_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for CollectionSeed<'_, '_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a GeoJSON FeatureCollection")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some(key) = map.next_key::<String>()? {
            if key == "features" {
                map.next_value_seed(FeaturesSeed(&mut *self.0))?;
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(())
    }
}

struct FeaturesSeed<'a, 'b>(&'a mut Counting<'b>);

impl<'de> DeserializeSeed<'de> for FeaturesSeed<'_, '_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for FeaturesSeed<'_, '_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an array of features")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while let Some(feature) = seq.next_element::<Feature>()? {
            self.0.feature(feature)?;
        }
        Ok(())
    }
}
