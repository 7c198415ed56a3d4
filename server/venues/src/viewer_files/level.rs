//! One level's file (`levels/<short>.json`, §3.3): its outline and everything drawn on it, each
//! kind in the order of its feature file.

use std::collections::HashMap;

use super::coords::{point, poly};
use super::features::{Features, main_label, name_in};
use super::format::{
    AmenityShape, FixtureShape, KioskShape, LevelData, OccupantInfo, OpeningShape, SectionShape,
    UnitShape,
};
use super::placement::Placement;
use crate::imdf::{AnchorProps, Feature, LevelProps, OccupantProps};

/// A text the files carry only when it says something.
fn non_empty(text: Option<String>) -> Option<String> {
    text.filter(|text| !text.is_empty())
}

/// Per unit, its first occupant (in occupant file order) and that occupant's anchor.
pub(super) type Occupants<'v> =
    HashMap<&'v str, (&'v Feature<OccupantProps>, &'v Feature<AnchorProps>)>;

/// The occupants of `venue` by unit: found once for every level (a scan of the anchors for each
/// occupant on each level took most of an edit's time).
pub(super) fn occupants(venue: &Features) -> Occupants<'_> {
    let anchors: HashMap<&str, &Feature<AnchorProps>> = venue
        .anchors
        .iter()
        .map(|anchor| (anchor.id.as_str(), anchor))
        .collect();
    let mut found = HashMap::new();
    for occupant in &venue.occupants {
        let Some(&anchor) = anchors.get(occupant.properties.anchor_id.as_str()) else {
            continue;
        };
        found
            .entry(anchor.properties.unit_id.as_str())
            .or_insert((occupant, anchor));
    }
    found
}

fn units(
    venue: &Features,
    occupants: &Occupants<'_>,
    level_id: &str,
    language: &str,
) -> Vec<UnitShape> {
    let local = &venue.local;
    let on_level = venue
        .units
        .iter()
        .filter(|u| u.properties.level_id == level_id);
    on_level
        .filter_map(|unit| {
            let shape = local.polygons.get(&unit.id)?.first()?;
            let occupied = occupants.get(unit.id.as_str());
            let label_at = local
                .display_points
                .get(&unit.id)
                .or_else(|| local.points.get(&occupied?.1.id));
            // The occupant's name when it has one at all, else the unit's own.
            let name = occupied
                .and_then(|(occupant, _)| {
                    name_in(occupant.properties.names.name.as_ref(), language)
                })
                .or_else(|| name_in(unit.properties.names.name.as_ref(), language));
            Some(UnitShape {
                id: unit.id.clone(),
                c: unit.properties.category.clone(),
                g: poly(shape),
                n: non_empty(name),
                lp: label_at.map(|&p| point(p)),
                o: occupied.map(|(occupant, _)| {
                    let props = &occupant.properties;
                    OccupantInfo {
                        id: occupant.id.clone(),
                        c: props.category.clone(),
                        h: non_empty(props.hours.clone()),
                        p: non_empty(props.phone.clone()),
                        w: non_empty(props.website.clone()),
                    }
                }),
            })
        })
        .collect()
}

fn openings(venue: &Features, level_id: &str, language: &str) -> Vec<OpeningShape> {
    let on_level = venue
        .openings
        .iter()
        .filter(|o| o.properties.level_id == level_id);
    on_level
        .filter_map(|opening| {
            let &(a, b) = venue.local.lines.get(&opening.id)?;
            let ([x1, y1], [x2, y2]) = (point(a), point(b));
            Some(OpeningShape {
                id: opening.id.clone(),
                c: opening.properties.category.clone(),
                a: [x1, y1, x2, y2],
                n: non_empty(name_in(opening.properties.names.name.as_ref(), language)),
            })
        })
        .collect()
}

fn amenities(
    venue: &Features,
    placement: &Placement,
    level_id: &str,
    language: &str,
) -> Vec<AmenityShape> {
    venue
        .amenities
        .iter()
        .filter_map(|amenity| {
            let unit = placement
                .amenity_unit
                .get(&amenity.id)
                .or_else(|| amenity.properties.unit_ids.first())?;
            let &at = venue.local.points.get(&amenity.id)?;
            if venue.unit(unit)?.properties.level_id != level_id {
                return None;
            }
            Some(AmenityShape {
                id: amenity.id.clone(),
                c: amenity.properties.category.clone(),
                at: point(at),
                u: unit.clone(),
                n: non_empty(name_in(amenity.properties.names.name.as_ref(), language)),
            })
        })
        .collect()
}

fn fixtures(venue: &Features, level_id: &str) -> Vec<FixtureShape> {
    let on_level = venue
        .fixtures
        .iter()
        .filter(|f| f.properties.level_id == level_id);
    on_level
        .filter_map(|fixture| {
            Some(FixtureShape {
                id: fixture.id.clone(),
                c: fixture.properties.category.clone(),
                g: poly(venue.local.polygons.get(&fixture.id)?.first()?),
            })
        })
        .collect()
}

fn sections(venue: &Features, level_id: &str, language: &str) -> Vec<SectionShape> {
    let on_level = venue
        .sections
        .iter()
        .filter(|s| s.properties.level_id == level_id);
    on_level
        .filter_map(|section| {
            Some(SectionShape {
                id: section.id.clone(),
                c: section.properties.category.clone(),
                g: poly(venue.local.polygons.get(&section.id)?.first()?),
                n: non_empty(name_in(section.properties.name.as_ref(), language)),
            })
        })
        .collect()
}

/// Kiosks drawn on the level: those with a shape, a display point and a name.
fn kiosks(venue: &Features, level_id: &str, language: &str) -> Vec<KioskShape> {
    let on_level = venue
        .kiosks
        .iter()
        .filter(|k| k.properties.level_id == level_id);
    on_level
        .filter_map(|kiosk| {
            let shape = venue.local.polygons.get(&kiosk.id)?.first()?;
            let &at = venue.local.display_points.get(&kiosk.id)?;
            Some(KioskShape {
                id: kiosk.id.clone(),
                g: poly(shape),
                at: point(at),
                n: non_empty(name_in(kiosk.properties.names.name.as_ref(), language))?,
            })
        })
        .collect()
}

pub(super) fn level_data(
    venue: &Features,
    (placement, occupants): (&Placement, &Occupants<'_>),
    level: &Feature<LevelProps>,
    language: &str,
) -> LevelData {
    let id = level.id.as_str();
    let outline = venue.local.polygons.get(id).map(Vec::as_slice);
    LevelData {
        v: 1,
        id: level.id.clone(),
        short: main_label(Some(&level.properties.short_name)).unwrap_or_default(),
        name: name_in(Some(&level.properties.name), language).unwrap_or_default(),
        ordinal: level.properties.ordinal,
        outline: outline.unwrap_or_default().iter().map(poly).collect(),
        units: units(venue, occupants, id, language),
        openings: openings(venue, id, language),
        amenities: amenities(venue, placement, id, language),
        fixtures: fixtures(venue, id),
        sections: sections(venue, id, language),
        kiosks: kiosks(venue, id, language),
    }
}
