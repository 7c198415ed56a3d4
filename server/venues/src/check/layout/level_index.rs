//! The units of each level and their edges, each with a grid over their bounding boxes, so that
//! placement asks "which units or edges are near this box" of a handful, not of every unit.

use std::collections::HashMap;

use crate::geometry::{Bbox, Point};

use super::super::features::{Feature, Kind, VenueFiles};
use super::shapes::LocalShapes;
use super::tiered_grid::TieredGrid;

/// One edge of a unit's ring, with the unit's index in its level.
pub(super) struct Edge {
    pub unit: usize,
    pub a: Point,
    pub b: Point,
}

/// The units of one level whose level and shape are sound, in file order, and their edges, each
/// with a grid over their bounding boxes.
pub(super) struct LevelUnits<'v> {
    pub units: Vec<&'v Feature>,
    unit_boxes: Vec<Bbox>,
    unit_grid: TieredGrid,
    /// Unit edges, for the opening test.
    edges: Vec<Edge>,
    edge_boxes: Vec<Bbox>,
    edge_grid: TieredGrid,
}

impl LevelUnits<'_> {
    /// The units whose box touches `query`: indexes into `units`, ascending.
    pub(super) fn units_touching(&self, query: &Bbox) -> Vec<usize> {
        self.unit_grid.touching(&self.unit_boxes, query)
    }

    pub(super) fn edges_touching(&self, query: &Bbox) -> impl Iterator<Item = &Edge> {
        let found = self.edge_grid.touching(&self.edge_boxes, query);
        found.into_iter().map(|at| &self.edges[at])
    }
}

/// Every level with a shape, in file order, with its units whose shape is sound.
pub(super) fn index_levels<'v>(
    venue: &'v VenueFiles,
    shapes: &LocalShapes,
) -> Vec<(&'v str, LevelUnits<'v>)> {
    type Found<'v> = (&'v str, Vec<&'v Feature>, Vec<Edge>);
    let mut levels: Vec<Found> = Vec::new();
    // A map, not a scan: an upload may hold many levels as well as many units.
    let mut level_at: HashMap<&str, usize> = HashMap::new();
    for level in venue.of(Kind::Level) {
        if !shapes.polygons.contains_key(&level.id) {
            continue;
        }
        level_at.entry(&level.id).or_insert(levels.len());
        levels.push((&level.id, Vec::new(), Vec::new()));
    }
    for unit in venue.of(Kind::Unit) {
        let level_id = unit.str("level_id").unwrap_or_default();
        let Some(&level) = level_at.get(level_id) else {
            continue;
        };
        let Some(shape) = shapes.polygons.get(&unit.id) else {
            continue;
        };
        let (_, units, edges) = &mut levels[level];
        let at = units.len();
        units.push(unit);
        edges.extend(shape.edges().map(|(a, b)| Edge { unit: at, a, b }));
    }
    // Cells of about 8 m: a few shop fronts, a handful of parking spaces.
    let cell = 8.0;
    levels
        .into_iter()
        .map(|(id, units, edges)| {
            let unit_boxes: Vec<Bbox> = units.iter().map(|u| shapes.polygons[&u.id].bbox).collect();
            let edge_boxes: Vec<Bbox> = edges.iter().map(|e| Bbox::of_points([e.a, e.b])).collect();
            let level = LevelUnits {
                unit_grid: TieredGrid::build(cell, &unit_boxes),
                edge_grid: TieredGrid::build(cell, &edge_boxes),
                units,
                unit_boxes,
                edges,
                edge_boxes,
            };
            (id, level)
        })
        .collect()
}
