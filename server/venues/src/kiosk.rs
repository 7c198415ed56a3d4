//! The kiosk view (docs/venue-contract.md §4.6): a guide screen's own data and the venue's directory, grouped
//! by the catalog's groups, then by level from the top, then by name.

use super::geometry::Point;
use super::inputs::{Wording, category_matches};
use super::model::Model;
use super::place_table::{Place, PlaceKind};
use super::venue::Venue;

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum KioskError {
    /// No kiosk of the venue has this id (HTTP 404 `kiosk_unknown`).
    #[error("no kiosk {value:?} in this venue")]
    Unknown { value: String },
}

#[derive(Debug, Clone, PartialEq)]
pub struct KioskInfo {
    pub id: String,
    pub name: Option<String>,
    /// Level short name.
    pub level: String,
    pub point: Point,
    pub lon_lat: [f64; 2],
    /// Degrees clockwise from north that a visitor at the screen looks.
    pub facing: f64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct DirectoryEntry {
    pub id: String,
    pub name: String,
    pub category: String,
    pub kind: PlaceKind,
}

#[derive(Debug, Clone, PartialEq)]
pub struct DirectoryLevel {
    /// Level short name.
    pub level: String,
    pub entries: Vec<DirectoryEntry>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct DirectorySection {
    pub label: String,
    pub levels: Vec<DirectoryLevel>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct KioskView {
    pub kiosk: KioskInfo,
    pub directory: Vec<DirectorySection>,
}

impl Venue {
    /// A kiosk and the venue's directory, named in `language` (an IMDF tag).
    pub fn kiosk(&self, id: &str, language: &str) -> Result<KioskView, KioskError> {
        let k = self
            .model
            .kiosks
            .iter()
            .find(|k| k.id.eq_ignore_ascii_case(id.trim()))
            .ok_or_else(|| KioskError::Unknown {
                value: id.to_owned(),
            })?;
        Ok(KioskView {
            kiosk: KioskInfo {
                id: k.id.clone(),
                name: k
                    .name
                    .as_ref()
                    .map(|name| name.in_language(language).to_owned()),
                level: self.model.levels[k.level].short.clone(),
                point: k.point,
                lon_lat: self.lon_lat(k.point),
                facing: k.facing,
            },
            directory: self.directory[self.wordings.index(language)].clone(),
        })
    }
}

/// The directory in one language: every group with at least one named place of its categories
/// (occupants, amenities, units, entrances; not spaces or kiosks), levels from the top, entries
/// by name.
pub(crate) fn directory(
    model: &Model,
    places: &[Place],
    wording: &Wording,
) -> Vec<DirectorySection> {
    let mut sections = Vec::new();
    for group in &wording.catalog.groups {
        let mut levels = Vec::new();
        for level in (0..model.levels.len()).rev() {
            let mut entries: Vec<DirectoryEntry> = places
                .iter()
                .filter(|p| {
                    p.level == level && !matches!(p.kind, PlaceKind::Space | PlaceKind::Kiosk)
                })
                .filter_map(|p| {
                    let category = p.category.as_deref()?;
                    let name = p.name.as_ref()?.in_language(&wording.language);
                    group
                        .categories
                        .iter()
                        .any(|g| category_matches(category, g))
                        .then(|| DirectoryEntry {
                            id: p.id.clone(),
                            name: name.to_owned(),
                            category: category.to_owned(),
                            kind: p.kind,
                        })
                })
                .collect();
            if entries.is_empty() {
                continue;
            }
            entries.sort_by(|a, b| a.name.cmp(&b.name).then_with(|| a.id.cmp(&b.id)));
            levels.push(DirectoryLevel {
                level: model.levels[level].short.clone(),
                entries,
            });
        }
        if !levels.is_empty() {
            sections.push(DirectorySection {
                label: group.label.clone(),
                levels,
            });
        }
    }
    sections
}
