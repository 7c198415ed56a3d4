//! Levels, units and the openings between them: the building's structure.

use std::collections::HashMap;
use std::path::Path;

use super::super::geometry::nearest_on_segment;
use super::super::imdf::{self, Geometry};
use super::super::load_error::LoadError;
use super::super::model::{FeatureRef, Level, Opening, Unit, UnitRole};
use super::super::read::read_features;
use super::{Builder, aliases, label};

/// An opening lies on a unit's boundary when its ends and middle are this close to it
/// (contract §2.6).
const ON_BOUNDARY_M: f64 = 0.05;

impl Builder {
    pub(super) fn levels(&mut self, dir: &Path) -> Result<Vec<Level>, LoadError> {
        let (file, features) = read_features::<imdf::LevelProps>(dir, "level", true)?;
        self.file = file;
        let mut levels = Vec::new();
        for f in features {
            self.claim(&f.id, FeatureRef::Other)?;
            let short =
                label(&f.properties.short_name).ok_or_else(|| self.empty(&f.id, "short_name"))?;
            if levels.iter().any(|l: &Level| l.short == short) {
                return Err(LoadError::DuplicateLevel {
                    file: self.file.clone(),
                    feature: f.id,
                    short,
                });
            }
            levels.push(Level {
                outline: self.shape(&f.id, f.geometry.as_ref())?,
                name: label(&f.properties.name).unwrap_or_else(|| short.clone()),
                short,
                ordinal: f.properties.ordinal,
                parking: f.properties.category == "parking",
                id: f.id,
            });
        }
        levels.sort_by_key(|l| l.ordinal);
        Ok(levels)
    }

    pub(super) fn units(
        &mut self,
        dir: &Path,
        levels: &HashMap<String, usize>,
    ) -> Result<Vec<Unit>, LoadError> {
        let (file, features) = read_features::<imdf::UnitProps>(dir, "unit", true)?;
        self.file = file;
        let mut units = Vec::with_capacity(features.len());
        for f in features {
            self.claim(&f.id, FeatureRef::Unit(units.len()))?;
            let p = f.properties;
            let level = self.level_of(&f.id, &p.level_id, levels)?;
            let shape = self.shape(&f.id, f.geometry.as_ref())?;
            let point = self
                .display_point(p.display_point.as_ref())
                .unwrap_or_else(|| shape.interior_point());
            units.push(Unit {
                level,
                role: UnitRole::of_category(&p.category),
                category: p.category,
                name: p.name.as_ref().and_then(label),
                alt_names: aliases(p.name.as_ref(), p.alt_name.as_ref()),
                shape,
                point,
                openings: Vec::new(),
                occupants: Vec::new(),
                id: f.id,
            });
        }
        Ok(units)
    }

    pub(super) fn openings(
        &mut self,
        dir: &Path,
        levels: &HashMap<String, usize>,
        units: &mut [Unit],
    ) -> Result<Vec<Opening>, LoadError> {
        let (file, features) = read_features::<imdf::OpeningProps>(dir, "opening", false)?;
        self.file = file;
        let mut by_level: Vec<Vec<usize>> = vec![Vec::new(); levels.len()];
        for (i, u) in units.iter().enumerate() {
            by_level[u.level].push(i);
        }
        let mut openings = Vec::with_capacity(features.len());
        for f in features {
            let index = openings.len();
            self.claim(&f.id, FeatureRef::Opening(index))?;
            let level = self.level_of(&f.id, &f.properties.level_id, levels)?;
            let ends = match &f.geometry {
                Some(Geometry::LineString(line)) if line.len() == 2 => {
                    [self.point(line[0]), self.point(line[1])]
                }
                _ => {
                    return Err(self.geometry_error(
                        &f.id,
                        "an opening is a LineString of exactly 2 positions",
                    ));
                }
            };
            let mid = ends[0].lerp(ends[1], 0.5);
            let on = |u: &Unit| {
                u.shape.bbox.inflated(ON_BOUNDARY_M).contains(mid)
                    && [ends[0], ends[1], mid].iter().all(|&p| {
                        u.shape
                            .edges()
                            .any(|(a, b)| nearest_on_segment(p, a, b).0 <= ON_BOUNDARY_M)
                    })
            };
            let joined: Vec<usize> = by_level[level]
                .iter()
                .copied()
                .filter(|&u| on(&units[u]))
                .collect();
            if joined.is_empty() {
                return Err(LoadError::OpeningTouchesNoUnit {
                    file: self.file.clone(),
                    feature: f.id,
                });
            }
            for &u in &joined {
                units[u].openings.push(index);
            }
            let p = f.properties;
            openings.push(Opening {
                id: f.id,
                level,
                category: p.category,
                name: p.name.as_ref().and_then(label),
                alt_names: aliases(p.name.as_ref(), p.alt_name.as_ref()),
                ends,
                units: joined,
            });
        }
        Ok(openings)
    }
}
