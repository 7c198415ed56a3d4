//! Levels, units and the openings between them: the building's structure.

use std::collections::HashSet;
use std::sync::Arc;

use super::super::contract::contract;
use super::super::geometry::nearest_on_segment;
use super::super::imdf::{self, Feature, Geometry};
use super::super::load_error::LoadError;
use super::super::model::{FeatureRef, Level, Opening, Unit, UnitRole};
use super::{Builder, label};

impl Builder {
    pub(super) fn levels(&mut self) -> Result<Vec<Level>, LoadError> {
        // A set, not a scan of the levels built: an upload may hold many levels.
        let mut shorts = HashSet::new();
        let mut levels = self.build_each(
            "level",
            |_| FeatureRef::Other,
            |b, _: &[Level], f: Feature<imdf::LevelProps>| {
                let short =
                    label(&f.properties.short_name).ok_or_else(|| b.empty(&f.id, "short_name"))?;
                if !shorts.insert(short.clone()) {
                    return Err(LoadError::DuplicateLevel {
                        file: b.file.clone(),
                        feature: f.id,
                        short,
                    });
                }
                Ok(Level {
                    outline: b.shape(&f.id, f.geometry.as_ref())?,
                    name: label(&f.properties.name).unwrap_or_else(|| short.clone()),
                    short,
                    ordinal: f.properties.ordinal,
                    height: (f.properties.height)
                        .unwrap_or(crate::contract::contract().level_height_m.default),
                    parking: f.properties.category == "parking",
                    id: f.id,
                })
            },
        )?;
        levels.sort_by_key(|l| l.ordinal);
        Ok(levels)
    }

    pub(super) fn unit(&self, f: Feature<imdf::UnitProps>) -> Result<Unit, LoadError> {
        let p = f.properties;
        let level = self.level_of(&f.id, &p.level_id)?;
        let shape = self.shape(&f.id, f.geometry.as_ref())?;
        let point = self
            .display_point(p.display_point.as_ref())
            .unwrap_or_else(|| shape.interior_point());
        Ok(Unit {
            level,
            role: UnitRole::of_category(&p.category),
            category: p.category,
            name: p.names.main(),
            alt_names: p.names.aliases(),
            shape: Arc::new(shape),
            point,
            openings: Vec::new(),
            occupants: Vec::new(),
            id: f.id,
        })
    }

    pub(super) fn openings(
        &mut self,
        levels: &[Level],
        units: &mut [Unit],
    ) -> Result<Vec<Opening>, LoadError> {
        let mut by_level: Vec<Vec<usize>> = vec![Vec::new(); levels.len()];
        for (i, u) in units.iter().enumerate() {
            by_level[u.level].push(i);
        }
        self.build_each(
            "opening",
            FeatureRef::Opening,
            |b, done, f: Feature<imdf::OpeningProps>| {
                let level = b.level_of(&f.id, &f.properties.level_id)?;
                let ends = match &f.geometry {
                    Some(Geometry::LineString(line)) if line.len() == 2 => {
                        [b.point(line[0]), b.point(line[1])]
                    }
                    _ => {
                        return Err(b.geometry_error(
                            &f.id,
                            "an opening is a LineString of exactly 2 positions",
                        ));
                    }
                };
                let mid = ends[0].lerp(ends[1], 0.5);
                // On a unit's boundary: its ends and middle this close to it (§2.6).
                let tolerance = contract().on_boundary_m;
                let on = |u: &Unit| {
                    u.shape.bbox.inflated(tolerance).contains(mid)
                        && [ends[0], ends[1], mid].iter().all(|&p| {
                            u.shape
                                .edges()
                                .any(|(a, b)| nearest_on_segment(p, a, b).0 <= tolerance)
                        })
                };
                let joined: Vec<usize> = by_level[level]
                    .iter()
                    .copied()
                    .filter(|&u| on(&units[u]))
                    .collect();
                if joined.is_empty() {
                    return Err(LoadError::OpeningTouchesNoUnit {
                        file: b.file.clone(),
                        feature: f.id,
                    });
                }
                for &u in &joined {
                    units[u].openings.push(done.len());
                }
                let p = f.properties;
                Ok(Opening {
                    id: f.id,
                    level,
                    category: p.category,
                    name: p.names.main(),
                    alt_names: p.names.aliases(),
                    ends,
                    units: joined,
                })
            },
        )
    }
}
