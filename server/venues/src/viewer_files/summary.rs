//! The venue summary (`venue.json`, §3.2): the levels, kiosks, entrances, fences, the settings'
//! samples and the labels of the categories the venue uses.

use super::Edition;
use super::coords::point;
use super::features::{Features, main_label, name_in};
use super::format::{
    EditorLabels, EntranceEntry, FenceEntry, KioskEntry, Labels, LevelEntry, LinkEntry, LinkedUnit,
    VenueSummary,
};
use super::js::{JsNumber, dm, locale_cmp};
use super::placement::{Placement, middle};
use super::settings::ViewerSettings;
use crate::contract::contract;
use crate::geometry::Bbox;
use crate::imdf::{Feature, LevelProps, RelationshipProps};
use crate::inputs::Catalog;
use crate::load_error::LoadError;
use crate::read::read_features;

/// The label of every category visitors see in this venue (names on the map, search,
/// the directory), sorted; the check found an entry for each, its own or a prefix's (§3.1).
fn labels(venue: &Features, catalog: &Catalog) -> Labels {
    let mut used: Vec<&str> = std::iter::once(venue.venue.properties.category.as_str())
        .chain(venue.units.iter().map(|f| f.properties.category.as_str()))
        .chain(
            venue
                .openings
                .iter()
                .map(|f| f.properties.category.as_str()),
        )
        .chain(
            venue
                .amenities
                .iter()
                .map(|f| f.properties.category.as_str()),
        )
        .chain(
            venue
                .occupants
                .iter()
                .map(|f| f.properties.category.as_str()),
        )
        .chain(
            venue
                .fixtures
                .iter()
                .map(|f| f.properties.category.as_str()),
        )
        .chain(
            venue
                .sections
                .iter()
                .map(|f| f.properties.category.as_str()),
        )
        .collect();
    used.sort_by(|a, b| locale_cmp(a, b));
    used.dedup();
    let labelled = used.into_iter().filter_map(|category| {
        let label = catalog.label(category)?;
        Some((category.to_owned(), label.trim().to_owned()))
    });
    Labels(labelled.collect())
}

fn kiosks(venue: &Features, settings: &ViewerSettings, language: &str) -> Vec<KioskEntry> {
    let facing = |id: &str| {
        let set = settings.kiosks.iter().find(|kiosk| kiosk.id == id);
        set.map_or(0.0, |kiosk| kiosk.facing)
    };
    let kiosks = venue.kiosks.iter().filter_map(|kiosk| {
        let &at = venue.local.display_points.get(&kiosk.id)?;
        let name = name_in(kiosk.properties.names.name.as_ref(), language)?;
        Some(KioskEntry {
            id: kiosk.id.clone(),
            name,
            level: venue.short_of(&kiosk.properties.level_id),
            at: point(at),
            facing: JsNumber(facing(&kiosk.id)),
        })
    });
    kiosks.collect()
}

/// Named doors on a level's outline that visitors arrive through.
fn entrances(venue: &Features, placement: &Placement, language: &str) -> Vec<EntranceEntry> {
    let entrances = venue.openings.iter().filter_map(|opening| {
        let &(a, b) = venue.local.lines.get(&opening.id)?;
        let name = name_in(opening.properties.names.name.as_ref(), language)?;
        let arrives = placement.outside.contains(&opening.id)
            && contract().is_entrance(&opening.properties.category);
        arrives.then(|| EntranceEntry {
            id: opening.id.clone(),
            name,
            level: venue.short_of(&opening.properties.level_id),
            at: point(middle(a, b)),
        })
    });
    entrances.collect()
}

/// Each fence once per level it is on, one entry per polygon, its outer ring unrounded.
fn fences(venue: &Features, language: &str) -> Vec<FenceEntry> {
    let mut fences = Vec::new();
    for fence in &venue.geofences {
        let polygons = venue.local.polygons.get(&fence.id);
        let name =
            name_in(fence.properties.name.as_ref(), language).unwrap_or_else(|| fence.id.clone());
        for level_id in &fence.properties.level_ids {
            for rings in polygons.into_iter().flatten() {
                fences.push(FenceEntry {
                    id: fence.id.clone(),
                    name: name.clone(),
                    level: venue.short_of(level_id),
                    ring: rings
                        .first()
                        .into_iter()
                        .flatten()
                        .map(|&p| point(p))
                        .collect(),
                });
            }
        }
    }
    fences
}

/// minX, minY, maxX, maxY over the exteriors of every level's outline; zeros without any.
fn bounds(venue: &Features, levels: &[&Feature<LevelProps>]) -> [i64; 4] {
    let outlines = levels
        .iter()
        .filter_map(|level| venue.local.polygons.get(&level.id))
        .flatten();
    let exteriors: Vec<_> = outlines.filter_map(|rings| rings.first()).collect();
    if exteriors.is_empty() {
        return [0; 4];
    }
    let b = Bbox::of_points(exteriors.into_iter().flatten().copied());
    [dm(b.min.x), dm(b.min.y), dm(b.max.x), dm(b.max.y)]
}

pub(super) fn summary(
    id: &str,
    venue: &Features,
    placement: &Placement,
    levels: &[&Feature<LevelProps>],
    settings: &ViewerSettings,
    edition: Edition,
) -> VenueSummary {
    let language = edition.language;
    let [lon, lat] = venue.origin();
    let props = &venue.venue.properties;
    let entries = levels.iter().map(|level| LevelEntry {
        id: level.id.clone(),
        short: main_label(Some(&level.properties.short_name)).unwrap_or_default(),
        name: name_in(Some(&level.properties.name), language).unwrap_or_default(),
        ordinal: level.properties.ordinal,
        height: level.properties.height.map(JsNumber),
        parking: level.properties.category == "parking",
    });
    VenueSummary {
        v: 1,
        id: id.to_owned(),
        name: name_in(Some(&props.name), language).unwrap_or_default(),
        category: props.category.clone(),
        origin: [JsNumber(lon), JsNumber(lat)],
        bounds: bounds(venue, levels),
        levels: entries.collect(),
        default_level: settings.default_level.clone(),
        kiosks: kiosks(venue, settings, language),
        entrances: entrances(venue, placement, language),
        samples: settings.samples.clone(),
        labels: labels(venue, edition.catalog),
        fences: fences(venue, language),
        choices: None,
        links: None,
    }
}

/// The editor's choices with their labels (a category without one is left out: the check makes
/// sure each has one).
pub(super) fn editor_labels(catalog: &Catalog) -> EditorLabels {
    let labelled = |list: &[String]| {
        Labels(
            list.iter()
                .filter_map(|c| Some((c.clone(), catalog.label(c)?.to_owned())))
                .collect(),
        )
    };
    EditorLabels {
        units: labelled(&catalog.editor.units),
        amenities: labelled(&catalog.editor.amenities),
    }
}

/// The venue's relationships between rooms, each with the rooms it joins in order (origin,
/// intermediaries, destination); references to other features are left out.
pub(super) fn links(
    venue: &Features,
    dir: &std::path::Path,
    language: &str,
) -> Result<Vec<LinkEntry>, LoadError> {
    let (_, relationships) = read_features::<RelationshipProps>(dir, "relationship")?;
    let by_id: std::collections::HashMap<&str, &Feature<crate::imdf::UnitProps>> = venue
        .units
        .iter()
        .map(|unit| (unit.id.as_str(), unit))
        .collect();
    let unit = |id: &str| {
        let unit = by_id.get(id)?;
        let level = venue.level(&unit.properties.level_id)?;
        Some(LinkedUnit {
            id: id.to_owned(),
            level: main_label(Some(&level.properties.short_name)).unwrap_or_default(),
            name: name_in(unit.properties.names.name.as_ref(), language),
        })
    };
    Ok(relationships
        .into_iter()
        .map(|relationship| {
            let p = relationship.properties;
            let ends = p
                .origin
                .into_iter()
                .chain(p.intermediary.into_iter().flatten());
            let units = ends
                .chain(p.destination)
                .filter(|end| end.feature_type == "unit")
                .filter_map(|end| unit(&end.id))
                .collect();
            LinkEntry {
                id: relationship.id,
                category: p.category,
                units,
            }
        })
        .collect())
}
