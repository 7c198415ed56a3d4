//! Names in steps: landmarks at turns (the nearest named place in view), places without a name,
//! and connectors.

use super::geometry::Point;
use super::inputs::{Wording, fill};
use super::place_table::PlaceKind;
use super::resolve_location::Located;
use super::venue::Venue;

/// Landmarks are named places whose door or point is this close to a turn.
const LANDMARK_M: f64 = 8.0;

/// How well a place serves as a landmark, best first: a shop's sign is what a walker looks
/// for; a power-bank stand beside it is not.
fn landmark_rank(kind: PlaceKind) -> u8 {
    match kind {
        PlaceKind::Occupant => 0,
        PlaceKind::Unit => 1,
        PlaceKind::Kiosk => 2,
        _ => 3,
    }
}

/// A place that can name a turn, where it is seen from. Its name and id are the place's
/// (`place`, an index into [`Venue::places`]), not copies.
#[derive(Debug, Clone)]
pub(super) struct Landmark {
    point: Point,
    place: u32,
    rank: u8,
}

impl Venue {
    /// Where each landmark candidate is seen from: its first door's portal, or its own point.
    pub(super) fn landmark_points(&self) -> Vec<Vec<Landmark>> {
        let mut out = vec![Vec::new(); self.model.levels.len()];
        for (i, place) in self.places.iter().enumerate() {
            if matches!(place.kind, PlaceKind::Space | PlaceKind::Entrance) {
                continue;
            }
            if place.name.is_none() {
                continue;
            }
            for spec in &self.place_access[i] {
                let portal = &self.portals[spec.portal as usize];
                out[portal.level].push(Landmark {
                    point: portal.point,
                    place: i as u32,
                    rank: landmark_rank(place.kind),
                });
            }
        }
        out
    }

    /// The best named place within [`LANDMARK_M`] of `at`, seen from it, other than the route's
    /// own ends: shops before other places, then the nearest.
    pub(super) fn landmark(
        &self,
        level: usize,
        at: Point,
        exclude: &[Option<&str>],
        language: &str,
    ) -> Option<String> {
        let mut candidates: Vec<&Landmark> = self.landmarks[level]
            .iter()
            .filter(|mark| {
                let id = self.places[mark.place as usize].id.as_str();
                mark.point.distance(at) <= LANDMARK_M && !exclude.contains(&Some(id))
            })
            .collect();
        candidates.sort_by(|a, b| {
            a.rank
                .cmp(&b.rank)
                .then(a.point.distance(at).total_cmp(&b.point.distance(at)))
        });
        candidates
            .into_iter()
            .find(|mark| self.spaces[level].clear(at, mark.point))
            .and_then(|mark| self.places[mark.place as usize].name.as_ref())
            .map(|name| name.in_language(language).to_owned())
    }

    /// The name a step uses for a place: its own, else "L1 地图上的位置".
    pub(super) fn display_name(&self, located: &Located, wording: &Wording) -> String {
        match &located.name {
            Some(name) => name.in_language(&wording.language).to_owned(),
            None => fill(
                &wording.steps.unnamed_place,
                &[("level", &self.model.levels[located.level].short)],
            ),
        }
    }

    /// A connector's name, else its category's label, else its kind.
    pub(super) fn connector_name(&self, connector: usize, wording: &Wording) -> String {
        let c = &self.model.connectors[connector];
        match &c.name {
            Some(name) => name.in_language(&wording.language),
            None => wording
                .catalog
                .label(c.kind.as_str())
                .unwrap_or(c.kind.as_str()),
        }
        .to_owned()
    }
}
