//! The walkable space of one level: the walkable units joined across their shared edges, minus
//! fixtures and kiosks. Holds its walls (every boundary a walker cannot cross, oriented with the
//! walkable side on the left) and answers point and segment questions; does not route.

use std::sync::Arc;

use super::contract::contract;
use super::geometry::{Bbox, Point, Shape, nearest_on_segment, segments_within};
use super::grid::Grid;
use super::model::{Model, UnitRole};

/// Walls are this thick for segment tests, so no centimetre gap of the data is a way through.
const WALL_EPS_M: f64 = 0.02;
/// Wall pieces shorter than this, left between two nearly equal shared edges, are dropped.
const MIN_WALL_M: f64 = 0.03;
/// Grid cell size: a few metres, so a cell holds a handful of walls.
const CELL_M: f64 = 2.0;

/// A piece of boundary; the walkable side is on its left.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Wall {
    pub a: Point,
    pub b: Point,
}

#[derive(Debug, Clone)]
pub(crate) struct LevelSpace {
    pub walls: Vec<Wall>,
    wall_grid: Grid,
    /// Every unit of the level: (model index, role, shape).
    units: Vec<(usize, UnitRole, Arc<Shape>)>,
    unit_grid: Grid,
    obstacles: Vec<Shape>,
    obstacle_grid: Grid,
}

impl LevelSpace {
    pub(crate) fn build(model: &Model, level: usize) -> LevelSpace {
        let units: Vec<(usize, UnitRole, Arc<Shape>)> = model
            .units
            .iter()
            .enumerate()
            .filter(|(_, u)| u.level == level)
            .map(|(i, u)| (i, u.role, Arc::clone(&u.shape)))
            .collect();
        let obstacles: Vec<Shape> = model
            .obstacles
            .iter()
            .filter(|o| o.level == level)
            .map(|o| o.shape.clone())
            .collect();
        let mut walls = walkable_walls(&units);
        for shape in &obstacles {
            // Reversed: the walkable side of an obstacle's edge is its outside.
            walls.extend(shape.edges().map(|(a, b)| Wall { a: b, b: a }));
        }
        let area = model.levels[level]
            .outline
            .bbox
            .union(units.iter().fold(Bbox::EMPTY, |b, u| b.union(u.2.bbox)))
            .inflated(1.0);
        let wall_boxes: Vec<Bbox> = walls
            .iter()
            .map(|w| Bbox::of_points([w.a, w.b]).inflated(WALL_EPS_M))
            .collect();
        let unit_boxes: Vec<Bbox> = units.iter().map(|u| u.2.bbox).collect();
        let obstacle_boxes: Vec<Bbox> = obstacles.iter().map(|o| o.bbox).collect();
        LevelSpace {
            wall_grid: Grid::build(area, CELL_M, &wall_boxes),
            unit_grid: Grid::build(area, CELL_M * 4.0, &unit_boxes),
            obstacle_grid: Grid::build(area, CELL_M * 4.0, &obstacle_boxes),
            walls,
            units,
            obstacles,
        }
    }

    /// The unit (model index) holding `p`, of any role.
    pub(crate) fn unit_at(&self, p: Point) -> Option<usize> {
        self.unit_grid
            .at(p)
            .iter()
            .map(|&i| &self.units[i as usize])
            .find(|u| u.2.contains(p))
            .map(|u| u.0)
    }

    /// Whether `p` lies in a walkable unit and outside every obstacle.
    pub(crate) fn is_free(&self, p: Point) -> bool {
        let in_walkable = self
            .unit_grid
            .at(p)
            .iter()
            .map(|&i| &self.units[i as usize])
            .any(|u| u.1 == UnitRole::Walkable && u.2.contains(p));
        in_walkable
            && !self
                .obstacle_grid
                .at(p)
                .iter()
                .any(|&i| self.obstacles[i as usize].contains(p))
    }

    /// Whether the segment stays clear of every wall. With both ends free, that means the
    /// whole segment is in walkable space: the walls are its entire boundary.
    pub(crate) fn clear(&self, a: Point, b: Point) -> bool {
        let bbox = Bbox::of_points([a, b]).inflated(WALL_EPS_M);
        self.wall_grid.visit_segment(a, b, |i| {
            let w = &self.walls[i as usize];
            let wb = Bbox::of_points([w.a, w.b]);
            !(wb.inflated(WALL_EPS_M).intersects(&bbox)
                && segments_within(a, b, w.a, w.b, WALL_EPS_M))
        })
    }

    /// The distance from `p` to the nearest wall, if one is within `max`.
    pub(crate) fn wall_distance(&self, p: Point, max: f64) -> Option<f64> {
        let mut best: Option<f64> = None;
        self.wall_grid
            .visit_box(&Bbox::of_points([p]).inflated(max), |i| {
                let w = &self.walls[i as usize];
                let d = nearest_on_segment(p, w.a, w.b).0;
                if d <= max && best.is_none_or(|b| d < b) {
                    best = Some(d);
                }
                true
            });
        best
    }

    /// `p` itself when it is free and not hard by a wall, else the nearest free point within
    /// `max` metres, kept `inset` from the walls where the space allows: for points in a wall,
    /// a fixture or a gap between units.
    pub(crate) fn snap(&self, p: Point, max: f64, inset: f64) -> Option<Point> {
        // A free point hard by a wall would see nothing past the walls' thickness.
        if self.is_free(p) && self.wall_distance(p, 2.0 * WALL_EPS_M).is_none() {
            return Some(p);
        }
        let mut candidates: Vec<(f64, Point, Point)> = Vec::new();
        self.wall_grid
            .visit_box(&Bbox::of_points([p]).inflated(max), |i| {
                let w = &self.walls[i as usize];
                let (d, q) = nearest_on_segment(p, w.a, w.b);
                if d <= max {
                    candidates.push((d, q, (w.b - w.a).normalized().left_normal()));
                }
                true
            });
        candidates.sort_by(|x, y| x.0.total_cmp(&y.0));
        candidates.dedup_by(|x, y| x.1.distance(y.1) < 1e-6);
        for (_, q, normal) in candidates {
            for depth in [inset, inset / 2.0, inset / 4.0] {
                let s = q + normal * depth;
                if self.is_free(s) && self.wall_distance(s, depth * 0.9).is_none() {
                    return Some(s);
                }
            }
        }
        None
    }
}

/// The edges of the walkable units, less the parts shared with another walkable unit.
fn walkable_walls(units: &[(usize, UnitRole, Arc<Shape>)]) -> Vec<Wall> {
    // Two walkable units share an edge where their edges run within the contract's boundary
    // tolerance (docs/venue-contract.md §2.6: the data's 7-decimal coordinates move points by up
    // to a centimetre).
    let shared_edge_m = contract().on_boundary_m;
    let walkable: Vec<&Shape> = units
        .iter()
        .filter(|u| u.1 == UnitRole::Walkable)
        .map(|u| &*u.2)
        .collect();
    let mut edges: Vec<(usize, Point, Point)> = Vec::new();
    for (i, shape) in walkable.iter().enumerate() {
        edges.extend(shape.edges().map(|(a, b)| (i, a, b)));
    }
    let boxes: Vec<Bbox> = edges
        .iter()
        .map(|e| Bbox::of_points([e.1, e.2]).inflated(shared_edge_m))
        .collect();
    let area = boxes.iter().fold(Bbox::EMPTY, |acc, b| acc.union(*b));
    let grid = Grid::build(area, CELL_M * 4.0, &boxes);
    let mut walls = Vec::new();
    for (k, &(owner, a, b)) in edges.iter().enumerate() {
        let length = a.distance(b);
        if length < 1e-9 {
            continue;
        }
        let dir = (b - a) * (1.0 / length);
        let mut open: Vec<(f64, f64)> = Vec::new();
        let mut seen: Vec<u32> = Vec::new();
        grid.visit_box(&boxes[k], |j| {
            if seen.contains(&j) {
                return true;
            }
            seen.push(j);
            let (other, c, d) = edges[j as usize];
            if other == owner || !boxes[k].intersects(&boxes[j as usize]) {
                return true;
            }
            let (tc, td) = ((c - a).dot(dir), (d - a).dot(dir));
            let (t0, t1) = (tc.min(td).max(0.0), tc.max(td).min(length));
            if t1 - t0 > 1e-3
                && nearest_on_segment(a + dir * t0, c, d).0 <= shared_edge_m
                && nearest_on_segment(a + dir * t1, c, d).0 <= shared_edge_m
            {
                open.push((t0, t1));
            }
            true
        });
        open.sort_by(|x, y| x.0.total_cmp(&y.0));
        let mut from = 0.0;
        for (t0, t1) in open.into_iter().chain([(length, length)]) {
            if t0 - from >= MIN_WALL_M {
                walls.push(Wall {
                    a: a + dir * from,
                    b: a + dir * t0,
                });
            }
            from = f64::max(from, t1);
        }
    }
    walls
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::test_model::rect;

    #[test]
    fn the_shared_part_of_two_corridors_is_open_and_the_rest_is_wall() {
        // A horizontal corridor with a vertical one standing on the middle of its top edge.
        let units = vec![
            (0, UnitRole::Walkable, Arc::new(rect(0.0, 0.0, 20.0, 4.0))),
            (
                1,
                UnitRole::Walkable,
                Arc::new(rect(8.0, 4.005, 12.0, 20.0)),
            ),
        ];
        let walls = walkable_walls(&units);
        let crossing = |a: Point, b: Point| {
            walls
                .iter()
                .any(|w| segments_within(a, b, w.a, w.b, WALL_EPS_M))
        };
        assert!(!crossing(Point::new(10.0, 2.0), Point::new(10.0, 10.0)));
        assert!(crossing(Point::new(4.0, 2.0), Point::new(4.0, 10.0)));
        let total: f64 = walls.iter().map(|w| w.a.distance(w.b)).sum();
        // Perimeters 48 and 40, less the 4 m each shares with the other.
        assert!((total - (48.0 - 4.0 + 40.0 - 4.0)).abs() < 0.05, "{total}");
    }
}
