//! The static walking graph of a venue: corner nodes and the doors of connectors, joined by
//! straight edges wherever walkable space lets one see the other, and connector hubs joined
//! across levels by rides. Costs are seconds (`costs`). Shop and parking-space doors are not
//! in it: they are endpoints, attached through `portals`.

use std::collections::{HashMap, HashSet};

use super::corners::find_corners;
use super::costs::{
    ESCALATOR_RIDE_S, RAMP_MIN_LENGTH_M, STAIRS_PER_FLOOR_S, WALK_SPEED_M_S, WALL_INSET_M,
    elevator_ride_s, storeys, walk_s,
};
use super::free_space::LevelSpace;
use super::geometry::Point;
use super::model::{ConnectorKind, Model, UnitRole};

/// An edge's `connector` when it is a walk.
pub(crate) const WALK: u32 = u32::MAX;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NodeKind {
    Corner,
    /// The walkable side of a connector's opening.
    DoorOut {
        opening: u32,
    },
    /// The connector's side of its opening.
    DoorIn {
        opening: u32,
    },
    /// Where a connector unit is ridden from: its display point (a ramp's is in walkable space).
    Hub {
        unit: u32,
    },
}

#[derive(Debug, Clone, Copy)]
pub(crate) struct Node {
    pub level: usize,
    pub point: Point,
    pub kind: NodeKind,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Edge {
    pub to: u32,
    /// Index into `Model::connectors` for a ride, [`WALK`] for a walk.
    pub connector: u32,
    pub cost_s: f64,
    /// Walked metres (rides: zero, ramps: their length).
    pub metres: f64,
    pub accessible: bool,
}

#[derive(Debug, Clone)]
pub(crate) struct Graph {
    pub nodes: Vec<Node>,
    starts: Vec<u32>,
    edges: Vec<Edge>,
    /// Per level, the nodes in walkable space that straight walks join (corners, connector
    /// doors, ramp hubs): what a portal links to.
    pub visible: Vec<Vec<u32>>,
}

impl Graph {
    pub(crate) fn build(model: &Model, spaces: &[LevelSpace]) -> Graph {
        let mut nodes: Vec<Node> = Vec::new();
        let mut walks: Vec<(u32, u32, f64)> = Vec::new();
        let mut visible: Vec<Vec<u32>> = vec![Vec::new(); model.levels.len()];
        for (level, space) in spaces.iter().enumerate() {
            for corner in find_corners(space, WALL_INSET_M) {
                visible[level].push(nodes.len() as u32);
                nodes.push(Node {
                    level,
                    point: corner,
                    kind: NodeKind::Corner,
                });
            }
        }
        let mut hubs: HashMap<usize, u32> = HashMap::new();
        let ramp_units: HashSet<usize> = model
            .connectors
            .iter()
            .filter(|c| c.kind == ConnectorKind::Ramp)
            .flat_map(|c| c.units.iter().copied())
            .collect();
        for (u, unit) in model.units.iter().enumerate() {
            let space = &spaces[unit.level];
            if unit.role == UnitRole::Walkable && ramp_units.contains(&u) {
                let Some(at) = space.snap(
                    unit.point,
                    unit.shape.bbox.max.distance(unit.shape.bbox.min),
                    WALL_INSET_M,
                ) else {
                    continue;
                };
                hubs.insert(u, nodes.len() as u32);
                visible[unit.level].push(nodes.len() as u32);
                nodes.push(Node {
                    level: unit.level,
                    point: at,
                    kind: NodeKind::Hub { unit: u as u32 },
                });
                continue;
            }
            if unit.role != UnitRole::Connector {
                continue;
            }
            let hub = nodes.len() as u32;
            hubs.insert(u, hub);
            nodes.push(Node {
                level: unit.level,
                point: unit.point,
                kind: NodeKind::Hub { unit: u as u32 },
            });
            for &o in &unit.openings {
                let Some((outside, inside)) = door_sides(model, space, o, u) else {
                    continue;
                };
                let out = nodes.len() as u32;
                visible[unit.level].push(out);
                nodes.push(Node {
                    level: unit.level,
                    point: outside,
                    kind: NodeKind::DoorOut { opening: o as u32 },
                });
                nodes.push(Node {
                    level: unit.level,
                    point: inside,
                    kind: NodeKind::DoorIn { opening: o as u32 },
                });
                walks.push((out, out + 1, outside.distance(inside)));
                walks.push((out + 1, hub, inside.distance(unit.point)));
            }
        }
        for (level, space) in spaces.iter().enumerate() {
            walks.extend(visibility_edges(&nodes, &visible[level], space));
        }
        let mut lists: Vec<Vec<Edge>> = vec![Vec::new(); nodes.len()];
        for (a, b, metres) in walks {
            let edge = |to| Edge {
                to,
                connector: WALK,
                cost_s: walk_s(metres),
                metres,
                accessible: true,
            };
            lists[a as usize].push(edge(b));
            lists[b as usize].push(edge(a));
        }
        for (c, connector) in model.connectors.iter().enumerate() {
            let stops: Vec<u32> = connector
                .units
                .iter()
                .filter_map(|u| hubs.get(u).copied())
                .collect();
            for (i, &a) in stops.iter().enumerate() {
                for &b in &stops[i + 1..] {
                    let (na, nb) = (nodes[a as usize], nodes[b as usize]);
                    let rise = model.rise_m(na.level, nb.level);
                    let plan = na.point.distance(nb.point);
                    let (cost_s, metres) = match connector.kind {
                        ConnectorKind::Elevator => (elevator_ride_s(rise), 0.0),
                        // Adjacent stops only: a longer ride is the sum of its storeys.
                        ConnectorKind::Stairs if b == stops[i + 1] => {
                            (STAIRS_PER_FLOOR_S * storeys(rise), 0.0)
                        }
                        ConnectorKind::Escalator => (ESCALATOR_RIDE_S * storeys(rise), 0.0),
                        ConnectorKind::Ramp if b == stops[i + 1] => {
                            let length = ramp_length(
                                model,
                                connector.units[i],
                                connector.units[i + 1],
                                plan,
                            );
                            (walk_s(length), length)
                        }
                        _ => continue,
                    };
                    // Never cheaper than walking the plan distance: keeps A*'s estimate a lower bound.
                    let cost_s = cost_s.max(plan / WALK_SPEED_M_S);
                    let accessible = connector.kind.is_accessible();
                    let edge = |to| Edge {
                        to,
                        connector: c as u32,
                        cost_s,
                        metres,
                        accessible,
                    };
                    lists[a as usize].push(edge(b));
                    if !connector.directed {
                        lists[b as usize].push(edge(a));
                    }
                }
            }
        }
        let mut starts = Vec::with_capacity(nodes.len() + 1);
        let mut edges = Vec::with_capacity(lists.iter().map(Vec::len).sum());
        for list in lists {
            starts.push(edges.len() as u32);
            edges.extend(list);
        }
        starts.push(edges.len() as u32);
        Graph {
            nodes,
            starts,
            edges,
            visible,
        }
    }

    pub(crate) fn edges_of(&self, node: u32) -> &[Edge] {
        &self.edges[self.starts[node as usize] as usize..self.starts[node as usize + 1] as usize]
    }

    #[cfg(test)]
    pub(crate) fn edge_count(&self) -> usize {
        self.edges.len()
    }
}

/// The two sides of opening `o` of connector unit `u`: a point in the walkable unit it joins
/// and one inside `u`.
fn door_sides(model: &Model, space: &LevelSpace, o: usize, u: usize) -> Option<(Point, Point)> {
    let outside = walkable_side(model, space, o, Some(u))?;
    let opening = &model.openings[o];
    let mid = opening.midpoint();
    let inward = (mid - outside).normalized();
    let inside = [1.0, 0.5, 0.25]
        .iter()
        .map(|f| mid + inward * (WALL_INSET_M * f))
        .find(|&p| model.units[u].shape.contains(p))
        .unwrap_or(mid);
    Some((outside, inside))
}

/// The point in front of opening `o` on its walkable side (a unit other than `not`), kept
/// [`WALL_INSET_M`] from the wall where there is room: where a walker stands at that door.
pub(crate) fn walkable_side(
    model: &Model,
    space: &LevelSpace,
    o: usize,
    not: Option<usize>,
) -> Option<Point> {
    let opening = &model.openings[o];
    let mid = opening.midpoint();
    let normal = (opening.ends[1] - opening.ends[0])
        .normalized()
        .left_normal();
    let walkable = opening
        .units
        .iter()
        .find(|&&w| Some(w) != not && model.units[w].role == UnitRole::Walkable)?;
    let shape = &model.units[*walkable].shape;
    let sign = if shape.contains(mid + normal * 0.1) {
        1.0
    } else {
        -1.0
    };
    let threshold = mid + normal * (sign * 0.05);
    [1.0, 0.5, 0.25]
        .iter()
        .map(|f| mid + normal * (sign * WALL_INSET_M * f))
        .find(|&p| space.is_free(p) && space.clear(p, threshold))
        .or_else(|| space.snap(threshold, 1.0, WALL_INSET_M))
}

/// A ramp's walked length between two of its units: the plan distance of their hubs, or half
/// of each unit's longer side together, or [`RAMP_MIN_LENGTH_M`], whichever is longest.
fn ramp_length(model: &Model, a: usize, b: usize, plan: f64) -> f64 {
    let half_side = |u: usize| {
        let bbox = model.units[u].shape.bbox;
        f64::max(bbox.max.x - bbox.min.x, bbox.max.y - bbox.min.y) / 2.0
    };
    plan.max(half_side(a) + half_side(b)).max(RAMP_MIN_LENGTH_M)
}

/// Straight walks between every two visible nodes of one level that see each other. (Edges
/// no shortest path uses are kept: pruning them by tangents saved nothing measurable on the
/// demo venues, and a wrong prune would silently cut a way.)
fn visibility_edges(nodes: &[Node], visible: &[u32], space: &LevelSpace) -> Vec<(u32, u32, f64)> {
    let mut out = Vec::new();
    for (i, &a) in visible.iter().enumerate() {
        let pa = nodes[a as usize].point;
        for &b in &visible[i + 1..] {
            let pb = nodes[b as usize].point;
            if space.clear(pa, pb) {
                out.push((a, b, pa.distance(pb)));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::test_model::one_level;

    #[test]
    fn corners_that_see_each_other_are_joined_and_walls_block_the_rest() {
        // A U of corridors: west and east arms joined by the south one; the arms cannot see
        // each other's ends across the closed block between them.
        let model = one_level(
            &[
                ("walkway", [0.0, 0.0, 30.0, 4.0]),
                ("walkway", [0.0, 4.0, 4.0, 30.0]),
                ("walkway", [26.0, 4.0, 30.0, 30.0]),
                ("structure", [4.0, 4.0, 26.0, 30.0]),
            ],
            &[],
        );
        let spaces = [LevelSpace::build(&model, 0)];
        let graph = Graph::build(&model, &spaces);
        assert_eq!(graph.nodes.len(), 2);
        let edges = graph.edges_of(0);
        assert_eq!(edges.len(), 1);
        // The inner corners (4, 4) and (26, 4) have their nodes 0.4 m off each wall.
        assert!((edges[0].metres - 22.8).abs() < 1e-6);
        assert!((edges[0].cost_s - 22.8 / WALK_SPEED_M_S).abs() < 1e-9);
        assert!(!spaces[0].clear(Point::new(2.0, 20.0), Point::new(28.0, 20.0)));
        assert!(spaces[0].clear(Point::new(2.0, 20.0), Point::new(2.0, 2.0)));
    }
}
