//! What stands in the units: occupants through their anchors, amenities, kiosks, and sections.

use std::collections::HashMap;
use std::path::Path;

use super::super::geometry::Point;
use super::super::imdf::{self, Geometry};
use super::super::load_error::LoadError;
use super::super::model::{Amenity, FeatureRef, Kiosk, Occupant, Section, Unit};
use super::super::read::read_features;
use super::{Builder, aliases, label};

impl Builder {
    pub(super) fn occupants(
        &mut self,
        dir: &Path,
        units: &mut [Unit],
    ) -> Result<Vec<Occupant>, LoadError> {
        let (file, anchors) = read_features::<imdf::AnchorProps>(dir, "anchor", false)?;
        self.file = file;
        let mut anchor_at: HashMap<String, (usize, Point)> = HashMap::new();
        for f in anchors {
            self.claim(&f.id, FeatureRef::Other)?;
            let unit = match self.ids.get(&f.properties.unit_id) {
                Some(FeatureRef::Unit(u)) => *u,
                _ => return Err(self.reference(&f.id, "unit_id", &f.properties.unit_id, "unit")),
            };
            let point = match &f.geometry {
                Some(Geometry::Point(p)) => self.point(*p),
                _ => return Err(self.geometry_error(&f.id, "an anchor's geometry is a Point")),
            };
            anchor_at.insert(f.id, (unit, point));
        }
        let (file, features) = read_features::<imdf::OccupantProps>(dir, "occupant", false)?;
        self.file = file;
        let mut occupants = Vec::with_capacity(features.len());
        for f in features {
            self.claim(&f.id, FeatureRef::Occupant(occupants.len()))?;
            let p = f.properties;
            let Some(&(unit, point)) = anchor_at.get(&p.anchor_id) else {
                return Err(self.reference(&f.id, "anchor_id", &p.anchor_id, "anchor"));
            };
            units[unit].occupants.push(occupants.len());
            occupants.push(Occupant {
                name: label(&p.name).ok_or_else(|| self.empty(&f.id, "name"))?,
                alt_names: aliases(Some(&p.name), p.alt_name.as_ref()),
                category: p.category,
                unit,
                point,
                hours: p.hours,
                phone: p.phone,
                website: p.website,
                id: f.id,
            });
        }
        Ok(occupants)
    }

    pub(super) fn amenities(
        &mut self,
        dir: &Path,
        units: &[Unit],
    ) -> Result<Vec<Amenity>, LoadError> {
        let (file, features) = read_features::<imdf::AmenityProps>(dir, "amenity", false)?;
        self.file = file;
        let mut amenities = Vec::with_capacity(features.len());
        for f in features {
            self.claim(&f.id, FeatureRef::Amenity(amenities.len()))?;
            let point = match &f.geometry {
                Some(Geometry::Point(p)) => self.point(*p),
                _ => return Err(self.geometry_error(&f.id, "an amenity's geometry is a Point")),
            };
            let p = f.properties;
            let mut holder = None;
            for id in &p.unit_ids {
                match self.ids.get(id) {
                    Some(FeatureRef::Unit(u)) => {
                        if holder.is_none() || units[*u].shape.contains(point) {
                            holder = Some(*u);
                        }
                    }
                    _ => return Err(self.reference(&f.id, "unit_ids", id, "unit")),
                }
            }
            let Some(unit) = holder else {
                return Err(self.reference(&f.id, "unit_ids", "(empty list)", "unit"));
            };
            amenities.push(Amenity {
                level: units[unit].level,
                category: p.category,
                name: p.name.as_ref().and_then(label),
                alt_names: aliases(p.name.as_ref(), p.alt_name.as_ref()),
                point,
                unit,
                id: f.id,
            });
        }
        Ok(amenities)
    }

    pub(super) fn kiosks(
        &mut self,
        dir: &Path,
        levels: &HashMap<String, usize>,
    ) -> Result<Vec<Kiosk>, LoadError> {
        let (file, features) = read_features::<imdf::KioskProps>(dir, "kiosk", false)?;
        self.file = file;
        let mut kiosks = Vec::with_capacity(features.len());
        for f in features {
            self.claim(&f.id, FeatureRef::Kiosk(kiosks.len()))?;
            let p = f.properties;
            let shape = self.shape(&f.id, f.geometry.as_ref())?;
            kiosks.push(Kiosk {
                level: self.level_of(&f.id, &p.level_id, levels)?,
                name: p.name.as_ref().and_then(label),
                alt_names: aliases(p.name.as_ref(), p.alt_name.as_ref()),
                point: self
                    .display_point(p.display_point.as_ref())
                    .unwrap_or_else(|| shape.interior_point()),
                shape,
                facing: 0.0,
                id: f.id,
            });
        }
        Ok(kiosks)
    }

    pub(super) fn sections(
        &mut self,
        dir: &Path,
        levels: &HashMap<String, usize>,
    ) -> Result<Vec<Section>, LoadError> {
        let (file, features) = read_features::<imdf::SectionProps>(dir, "section", false)?;
        self.file = file;
        let mut sections = Vec::with_capacity(features.len());
        for f in features {
            self.claim(&f.id, FeatureRef::Section(sections.len()))?;
            let p = f.properties;
            sections.push(Section {
                level: self.level_of(&f.id, &p.level_id, levels)?,
                category: p.category,
                name: p.name.as_ref().and_then(label),
                shape: self.shape(&f.id, f.geometry.as_ref())?,
                id: f.id,
            });
        }
        Ok(sections)
    }
}
