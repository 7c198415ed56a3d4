//! Resolving a `from`, `to` or `near` value in a venue (docs/venue-contract.md §4.2), and the ways into a
//! resolved place that a route starts or ends by: the doors of its unit, or a portal at its point.

use std::borrow::Cow;

use super::costs::{SNAP_MAX_M, WALL_INSET_M};
use super::geometry::Point;
use super::inside::path_inside;
use super::location_text::{Field, Location, PlaceError, PlaceProblem};
use super::model::{FeatureRef, UnitRole};
use super::name::Name;
use super::place_table::{Place, PlaceKind, place_of_feature};
use super::portals::Portal;
use super::shortest::{Access, Endpoint};
use super::venue::Venue;

/// A place or point resolved in a venue: what a `from`, `to` or `near` value names.
#[derive(Debug, Clone, PartialEq)]
pub struct Located {
    /// The feature id; none for a point.
    pub id: Option<String>,
    pub kind: PlaceKind,
    pub name: Option<Name>,
    pub category: Option<String>,
    /// Index into `Venue::levels()`.
    pub level: usize,
    /// Local metres; a point in a wall gap is already moved to walkable space.
    pub point: Point,
    /// The unit it is in (model index), if any.
    pub unit: Option<usize>,
    /// Index into `Venue::places()` when it is one of them.
    pub place: Option<usize>,
}

/// A precomputed way into a place: portal index, walk from the place's point to the portal.
#[derive(Debug, Clone)]
pub(super) struct AccessSpec {
    pub(super) portal: u32,
    pub(super) via: Vec<Point>,
    pub(super) metres: f64,
}

impl Venue {
    /// Resolves a `from`, `to` or `near` value (docs/venue-contract.md §4.2).
    pub fn locate(&self, field: Field, text: &str) -> Result<Located, PlaceError> {
        let unknown = |text: &str| PlaceError::new(PlaceProblem::Unknown, field, text.trim());
        match Location::parse(field, text)? {
            Location::Feature(id) => {
                let place = place_of_feature(&self.model, &id).ok_or_else(|| unknown(text))?;
                Ok(self.located_place(place))
            }
            Location::Space(number) => {
                let u = self.space_numbered(&number).ok_or_else(|| unknown(text))?;
                let place = place_of_feature(&self.model, &self.model.units[u].id)
                    .expect("a space is a unit");
                Ok(self.located_place(place))
            }
            Location::Point { lon, lat, level } => {
                let l = self
                    .model
                    .level_index(&level)
                    .ok_or_else(|| PlaceError::new(PlaceProblem::LevelUnknown, field, &level))?;
                let p = self.to_local(lon, lat);
                let short = &self.model.levels[l].short;
                if !self.model.levels[l].outline.contains(p) {
                    return Err(PlaceError::new(PlaceProblem::OutsideLevel, field, short));
                }
                let space = &self.spaces[l];
                let unit = space.unit_at(p);
                let inside_room = unit.is_some_and(|u| {
                    matches!(
                        self.model.units[u].role,
                        UnitRole::Destination | UnitRole::Connector
                    )
                });
                let point = if inside_room {
                    p
                } else {
                    space.snap(p, SNAP_MAX_M, WALL_INSET_M).ok_or_else(|| {
                        PlaceError::new(PlaceProblem::NotWalkable, field, text.trim())
                    })?
                };
                let unit = if inside_room {
                    unit
                } else {
                    space.unit_at(point)
                };
                Ok(Located {
                    id: None,
                    kind: PlaceKind::Point,
                    name: None,
                    category: None,
                    level: l,
                    point,
                    unit,
                    place: None,
                })
            }
        }
    }

    /// The canonical form of a `from`, `to` or `near` value that names a place or point of
    /// this venue: a feature id in lower case, a space number in upper case, a point to seven
    /// decimals (about a centimetre) on its level's short name. Its length is bounded whatever
    /// was written, and so is what is made of it (a hand-over code).
    pub fn canonical(&self, field: Field, text: &str) -> Result<String, PlaceError> {
        let located = self.locate(field, text)?;
        Ok(match Location::parse(field, text)? {
            Location::Feature(id) => id,
            Location::Space(number) => number,
            Location::Point { lon, lat, .. } => {
                let short = &self.model.levels[located.level].short;
                format!("{lon:.7},{lat:.7}@{short}")
            }
        })
    }

    pub(super) fn located_place(&self, place: Place) -> Located {
        Located {
            place: self.place_index(&place.id),
            id: Some(place.id),
            kind: place.kind,
            name: place.name,
            category: place.category,
            level: place.level,
            point: place.point,
            unit: place.unit,
        }
    }

    pub(super) fn is_room(&self, unit: Option<usize>) -> bool {
        unit.is_some_and(|u| {
            matches!(
                self.model.units[u].role,
                UnitRole::Destination | UnitRole::Connector
            )
        })
    }

    /// The ways into a resolved place.
    pub(super) fn endpoint(
        &self,
        located: &Located,
        field: Field,
    ) -> Result<Endpoint<'_>, PlaceError> {
        let specs: Cow<[AccessSpec]> = match located.place {
            Some(i) => Cow::Borrowed(&self.place_access[i]),
            None => Cow::Owned(self.access_specs(located)),
        };
        let mut accesses: Vec<Access> = specs
            .iter()
            .map(|s| Access {
                portal: Cow::Borrowed(&self.portals[s.portal as usize]),
                via: s.via.clone(),
                metres: s.metres,
            })
            .collect();
        if accesses.is_empty() && !self.is_room(located.unit) {
            // A free point of a request: its own portal, linked now.
            let space = &self.spaces[located.level];
            let point = space
                .snap(located.point, SNAP_MAX_M, WALL_INSET_M)
                .ok_or_else(|| {
                    let id = located.id.as_deref().unwrap_or_default();
                    PlaceError::new(PlaceProblem::NotWalkable, field, id)
                })?;
            accesses.push(Access {
                portal: Cow::Owned(Portal::at(&self.graph, space, located.level, point)),
                via: Vec::new(),
                metres: 0.0,
            });
        }
        Ok(Endpoint {
            level: located.level,
            accesses,
        })
    }

    /// The ways in through doors or a precomputed portal; empty for a free point without one.
    fn access_specs(&self, located: &Located) -> Vec<AccessSpec> {
        let door = |o: usize, from: Option<Point>| {
            let portal = self.door_portal[o]?;
            let mid = self.model.openings[o].midpoint();
            let mut via: Vec<Point> = Vec::new();
            if let (Some(p), Some(u)) = (from, located.unit) {
                via.push(p);
                via.extend(path_inside(&self.model.units[u].shape, p, mid));
            }
            via.push(mid);
            let metres = via.windows(2).map(|w| w[0].distance(w[1])).sum::<f64>()
                + mid.distance(self.portals[portal as usize].point);
            Some(AccessSpec {
                portal,
                via,
                metres,
            })
        };
        if let Some(id) = &located.id
            && let Some(FeatureRef::Opening(o)) = self.model.feature(id)
        {
            return door(o, None).into_iter().collect();
        }
        if let Some(u) = located.unit
            && self.is_room(Some(u))
        {
            return self.model.units[u]
                .openings
                .iter()
                .filter_map(|&o| door(o, Some(located.point)))
                .collect();
        }
        Vec::new()
    }

    /// A place's ways in, with a portal of its own when it stands in walkable space.
    pub(super) fn precompute_access(&mut self, i: usize) -> Vec<AccessSpec> {
        let place = self.places[i].clone();
        let located = self.located_place(place);
        let specs = self.access_specs(&located);
        if !specs.is_empty() || self.is_room(located.unit) {
            return specs;
        }
        let space = &self.spaces[located.level];
        let Some(point) = space.snap(located.point, SNAP_MAX_M, WALL_INSET_M) else {
            return Vec::new();
        };
        self.portals
            .push(Portal::at(&self.graph, space, located.level, point));
        vec![AccessSpec {
            portal: self.portals.len() as u32 - 1,
            via: Vec::new(),
            metres: 0.0,
        }]
    }
}
