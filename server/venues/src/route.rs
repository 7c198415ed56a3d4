//! A route answer (docs/venue-contract.md §4.4) and how it is put together from a path on the graph: the
//! points per level, the rides between levels, distances, times and the steps.

use super::costs::walk_s;
use super::geometry::Point;
use super::graph::{NodeKind, WALK};
use super::inputs::Wording;
use super::location_text::PlaceError;
use super::model::{ConnectorKind, UnitRole};
use super::place_table::PlaceKind;
use super::resolve_location::Located;
use super::shortest::{Endpoint, Found};
use super::steps::{LegWalk, Ride, StepKind, StepsInput, steps};
use super::venue::Venue;

/// Why no route was given.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RouteError {
    #[error(transparent)]
    Place(#[from] PlaceError),
    /// No path joins the two places (HTTP 422 `no_route`).
    #[error("no route joins the two places")]
    NoRoute,
    /// Only stairs or escalators join them (HTTP 422 `no_accessible_route`).
    #[error("no route joins the two places without stairs or escalators")]
    NoAccessibleRoute,
}

/// A route's end as the answer shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct RoutePlace {
    /// The feature id; none for a point picked on the map.
    pub id: Option<String>,
    pub kind: PlaceKind,
    /// The place's name, or words.toml's `unnamed_place` ("L1 地图上的位置") for a point.
    pub name: String,
    /// Level short name.
    pub level: String,
    pub point: Point,
    pub lon_lat: [f64; 2],
}

#[derive(Debug, Clone, PartialEq)]
pub struct Leg {
    /// Level short name.
    pub level: String,
    pub distance_m: f64,
    pub duration_s: f64,
    /// Metres walked before the leg begins.
    pub start_m: f64,
    /// Local metres.
    pub points: Vec<Point>,
    /// The same points as `[lon, lat]`.
    pub lon_lat: Vec<[f64; 2]>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Transition {
    pub kind: ConnectorKind,
    /// The relationship's id.
    pub connector_id: String,
    pub name: String,
    pub from_level: String,
    pub to_level: String,
    pub duration_s: f64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    pub kind: StepKind,
    pub text: String,
    pub level: String,
    pub point: Point,
    pub lon_lat: [f64; 2],
    pub along_m: f64,
    pub leg: usize,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Route {
    pub from: RoutePlace,
    pub to: RoutePlace,
    pub accessible: bool,
    /// Metres walked (rides add none; ramps their length), to a tenth.
    pub distance_m: f64,
    /// Seconds, whole.
    pub duration_s: f64,
    pub legs: Vec<Leg>,
    pub transitions: Vec<Transition>,
    pub steps: Vec<Step>,
}

/// One point of the path in walking order, and the ride that leads to it, if any.
struct Stop {
    level: usize,
    point: Point,
    ride: Option<(u32, f64)>,
    /// Inside an elevator, escalator or stairs unit: not narrated before a ride.
    inside: bool,
}

impl Venue {
    /// The route answer for a path `found` between two resolved places.
    pub(super) fn assemble_route(
        &self,
        from: &Located,
        to: &Located,
        ends: (&Endpoint, &Endpoint),
        found: &Found,
        (accessible, wording): (bool, &Wording),
    ) -> Route {
        let (a, b) = (
            &ends.0.accesses[found.from_access],
            &ends.1.accesses[found.to_access],
        );
        let mut stops: Vec<Stop> = Vec::new();
        let push = |stops: &mut Vec<Stop>, level, point, ride, inside| {
            stops.push(Stop {
                level,
                point,
                ride,
                inside,
            })
        };
        for &p in &a.via {
            push(&mut stops, ends.0.level, p, None, false);
        }
        push(&mut stops, a.portal.level, a.portal.point, None, false);
        // The walk is told from the door a place is left by (the point in front of it is fixed).
        let (walk_from, fixed) = if a.via.is_empty() {
            (0, 0)
        } else {
            (a.via.len() - 1, 2)
        };
        let mut previous: Option<u32> = None;
        for &node in &found.nodes {
            let n = &self.graph.nodes[node as usize];
            let ride = previous.and_then(|prev| {
                self.graph
                    .edges_of(prev)
                    .iter()
                    .filter(|e| e.to == node && e.connector != WALK)
                    .min_by(|x, y| x.cost_s.total_cmp(&y.cost_s))
                    .map(|e| (e.connector, e.cost_s))
            });
            let inside = match n.kind {
                NodeKind::DoorIn { .. } => true,
                NodeKind::Hub { unit } => {
                    self.model.units[unit as usize].role == UnitRole::Connector
                }
                NodeKind::Corner | NodeKind::DoorOut { .. } => false,
            };
            push(&mut stops, n.level, n.point, ride, inside);
            previous = Some(node);
        }
        push(&mut stops, b.portal.level, b.portal.point, None, false);
        let walk_to = stops.len() - 1;
        for &p in b.via.iter().rev() {
            push(&mut stops, ends.1.level, p, None, false);
        }

        // Split into legs at rides, measuring as we go.
        let mut legs: Vec<LegBuild> = Vec::new();
        let mut rides: Vec<(u32, f64)> = Vec::new(); // connector, cost
        let mut walked = 0.0;
        let (mut walk_start, mut walk_end) = ((0, 0), (0, 0));
        for (i, stop) in stops.iter().enumerate() {
            let new_leg = match (legs.last(), stop.ride) {
                (None, _) | (_, Some(_)) => true,
                (Some(leg), None) => leg.level != stop.level,
            };
            if new_leg {
                if let Some((connector, cost)) = stop.ride {
                    if self.model.connectors[connector as usize].kind == ConnectorKind::Ramp {
                        walked += cost * super::costs::WALK_SPEED_M_S;
                    }
                    rides.push((connector, cost));
                }
                legs.push(LegBuild {
                    level: stop.level,
                    points: vec![stop.point],
                    start_m: walked,
                    metres: 0.0,
                    told_from: 0,
                    told_until: 0,
                });
            } else {
                let leg = legs.last_mut().expect("a leg was started");
                let step = leg.points.last().map_or(0.0, |q| q.distance(stop.point));
                if step > 1e-6 {
                    leg.points.push(stop.point);
                    leg.metres += step;
                    walked += step;
                }
            }
            let index = legs.len() - 1;
            let leg = &mut legs[index];
            if !stop.inside {
                leg.told_until = leg.points.len() - 1;
            } else if leg.told_until == 0 {
                // Still stepping out of the car: tell the walk from its door.
                leg.told_from = leg.points.len() - 1;
            }
            let at = (index, leg.points.len() - 1);
            if i == walk_from {
                walk_start = at;
            }
            if i == walk_to {
                walk_end = at;
            }
        }
        let short = |level: usize| self.model.levels[level].short.clone();
        let out_legs: Vec<Leg> = legs
            .iter()
            .map(|leg| Leg {
                level: short(leg.level),
                distance_m: round1(leg.metres),
                duration_s: walk_s(leg.metres).round(),
                start_m: round1(leg.start_m),
                lon_lat: leg.points.iter().map(|&p| self.lon_lat(p)).collect(),
                points: leg.points.clone(),
            })
            .collect();
        let transitions: Vec<Transition> = rides
            .iter()
            .enumerate()
            .map(|(i, &(connector, cost))| {
                let c = &self.model.connectors[connector as usize];
                Transition {
                    kind: c.kind,
                    connector_id: c.id.clone(),
                    name: self.connector_name(connector as usize, wording),
                    from_level: short(legs[i].level),
                    to_level: short(legs[i + 1].level),
                    duration_s: cost.round(),
                }
            })
            .collect();

        // Steps tell the walk from the door left to the portal of the destination, each leg
        // up to the connector's door (not into the car).
        let last = legs.len() - 1;
        let walks: Vec<LegWalk> = legs
            .iter()
            .enumerate()
            .map(|(i, leg)| {
                let from_k = if i == walk_start.0 {
                    walk_start.1
                } else {
                    leg.told_from
                };
                let to_k = if i == walk_end.0 {
                    walk_end.1
                } else if i < last {
                    leg.told_until
                } else {
                    leg.points.len() - 1
                };
                let to_k = to_k.max(from_k);
                let skipped: f64 = leg.points[..=from_k]
                    .windows(2)
                    .map(|w| w[0].distance(w[1]))
                    .sum();
                LegWalk {
                    points: &leg.points[from_k..=to_k],
                    start_m: leg.start_m + skipped,
                    fixed: if i == 0 {
                        fixed
                    } else if leg.told_from > 0 {
                        2
                    } else {
                        0
                    },
                }
            })
            .collect();
        let names: Vec<String> = rides
            .iter()
            .map(|r| self.connector_name(r.0 as usize, wording))
            .collect();
        let to_levels: Vec<String> = legs[1..].iter().map(|leg| short(leg.level)).collect();
        let ride_list: Vec<Ride> = rides
            .iter()
            .enumerate()
            .map(|(i, r)| Ride {
                kind: self.model.connectors[r.0 as usize].kind,
                name: &names[i],
                to_level: &to_levels[i],
            })
            .collect();
        let exclude = [from.id.as_deref(), to.id.as_deref()];
        let leg_levels: Vec<usize> = legs.iter().map(|leg| leg.level).collect();
        let landmark =
            |leg: usize, at: Point| self.landmark(leg_levels[leg], at, &exclude, &wording.language);
        let (from_name, to_name) = (
            self.display_name(from, wording),
            self.display_name(to, wording),
        );
        let raw = steps(&StepsInput {
            words: &wording.steps,
            walks,
            rides: ride_list,
            from_name: &from_name,
            from_point: from.point,
            to_name: &to_name,
            to_point: to.point,
            landmark: &landmark,
        });
        let steps = raw
            .into_iter()
            .map(|s| Step {
                kind: s.kind,
                level: short(legs[s.leg].level),
                lon_lat: self.lon_lat(s.point),
                point: s.point,
                along_m: round1(s.along_m),
                leg: s.leg,
                text: s.text,
            })
            .collect();
        Route {
            from: self.route_place(from, wording),
            to: self.route_place(to, wording),
            accessible,
            distance_m: round1(walked),
            duration_s: found.cost_s.round(),
            legs: out_legs,
            transitions,
            steps,
        }
    }

    fn route_place(&self, located: &Located, wording: &Wording) -> RoutePlace {
        RoutePlace {
            id: located.id.clone(),
            kind: located.kind,
            name: self.display_name(located, wording),
            level: self.model.levels[located.level].short.clone(),
            point: located.point,
            lon_lat: self.lon_lat(located.point),
        }
    }
}

/// A leg while the path is split.
struct LegBuild {
    level: usize,
    points: Vec<Point>,
    start_m: f64,
    metres: f64,
    /// The connector's door the walker leaves it by (after a ride), and the last point before
    /// stepping into the next one.
    told_from: usize,
    told_until: usize,
}

fn round1(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}
