//! What stands in the units: occupants through their anchors, amenities, kiosks, sections, and
//! the geofences over them.

use std::collections::HashMap;

use super::super::geometry::Point;
use super::super::imdf::{self, Feature, Geometry};
use super::super::load_error::LoadError;
use super::super::model::{Amenity, FeatureRef, Geofence, Kiosk, Occupant, Section, Unit};
use super::super::name::Name;
use super::Builder;

impl Builder {
    pub(super) fn occupants(&mut self, units: &mut [Unit]) -> Result<Vec<Occupant>, LoadError> {
        let anchors = self.build_each(
            "anchor",
            |_| FeatureRef::Other,
            |b, _, f: Feature<imdf::AnchorProps>| {
                let unit = match b.ids.get(&f.properties.unit_id) {
                    Some(FeatureRef::Unit(u)) => *u,
                    _ => return Err(b.reference(&f.id, "unit_id", &f.properties.unit_id, "unit")),
                };
                let point = match &f.geometry {
                    Some(Geometry::Point(p)) => b.point(*p),
                    _ => return Err(b.geometry_error(&f.id, "an anchor's geometry is a Point")),
                };
                Ok((f.id, (unit, point)))
            },
        )?;
        let anchor_at: HashMap<String, (usize, Point)> = anchors.into_iter().collect();
        self.build_each(
            "occupant",
            FeatureRef::Occupant,
            |b, done, f: Feature<imdf::OccupantProps>| {
                let p = f.properties;
                let Some(&(unit, point)) = anchor_at.get(&p.anchor_id) else {
                    return Err(b.reference(&f.id, "anchor_id", &p.anchor_id, "anchor"));
                };
                units[unit].occupants.push(done.len());
                Ok(Occupant {
                    name: p.names.main().ok_or_else(|| b.empty(&f.id, "name"))?,
                    alt_names: p.names.aliases(),
                    category: p.category,
                    unit,
                    point,
                    hours: p.hours,
                    phone: p.phone,
                    website: p.website,
                    id: f.id,
                })
            },
        )
    }

    /// An amenity, in the unit of its `unit_ids` that holds its point.
    pub(super) fn amenity(
        &self,
        f: Feature<imdf::AmenityProps>,
        units: &[Unit],
    ) -> Result<Amenity, LoadError> {
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
        Ok(Amenity {
            level: units[unit].level,
            category: p.category,
            name: p.names.main(),
            alt_names: p.names.aliases(),
            point,
            unit,
            id: f.id,
        })
    }

    pub(super) fn kiosk(&self, f: Feature<imdf::KioskProps>) -> Result<Kiosk, LoadError> {
        let p = f.properties;
        let shape = self.shape(&f.id, f.geometry.as_ref())?;
        Ok(Kiosk {
            level: self.level_of(&f.id, &p.level_id)?,
            name: p.names.main(),
            alt_names: p.names.aliases(),
            point: self
                .display_point(p.display_point.as_ref())
                .unwrap_or_else(|| shape.interior_point()),
            shape,
            facing: 0.0,
            id: f.id,
        })
    }

    pub(super) fn geofence(&self, f: Feature<imdf::GeofenceProps>) -> Result<Geofence, LoadError> {
        let p = f.properties;
        let levels = p
            .level_ids
            .iter()
            .map(|level| self.level_of(&f.id, level))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Geofence {
            levels,
            restriction: p.restriction,
            name: p.name.as_ref().and_then(Name::of_labels),
            shape: self.shape(&f.id, f.geometry.as_ref())?,
            id: f.id,
        })
    }

    pub(super) fn section(&self, f: Feature<imdf::SectionProps>) -> Result<Section, LoadError> {
        let p = f.properties;
        Ok(Section {
            level: self.level_of(&f.id, &p.level_id)?,
            category: p.category,
            name: p.name.as_ref().and_then(Name::of_labels),
            shape: self.shape(&f.id, f.geometry.as_ref())?,
            id: f.id,
        })
    }
}
