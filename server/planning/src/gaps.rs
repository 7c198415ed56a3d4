//! Coverage gaps: the demand points of a level that no device of the layout serves even at the
//! longest reach the planner would give it for the target ([`Requirement::reaches`]), as the
//! outlines of the [`GRID_M`] squares around them, so the viewer can draw each gap as one shape.

use std::collections::{HashMap, HashSet};

use site_positioning::{Device, Technology};
use site_venues::RadioSpace;
use site_venues::geometry::Point;

use super::cover::shortfall_points;
use super::floor::{Floor, GRID_M};
use super::serve::{Requirement, needs, serves};

/// One level's gaps: index into the venue's levels, the points left without service and the
/// closed outlines around them (local metres, the last corner not repeating the first).
#[derive(Debug, Clone, PartialEq)]
pub struct Gaps {
    pub level: usize,
    pub points: usize,
    pub outlines: Vec<Vec<Point>>,
}

/// The gaps `devices` leave on `floor` for `technology` at its target.
pub fn find(
    floor: &Floor,
    space: &RadioSpace,
    devices: &[Device],
    technology: Technology,
    target_cep95_m: f64,
) -> Gaps {
    let (_, reaches) = Requirement::reaches(technology, target_cep95_m);
    let requirement = Requirement::of(technology, *reaches.end());
    let kind = technology.device_kind();
    // The layout's devices on this level stand in for the candidate sites.
    let placed = Floor {
        sites: (devices.iter())
            .filter(|d| d.kind == kind && d.level == floor.ordinal)
            .map(|d| Point {
                x: d.at.x,
                y: d.at.y,
            })
            .collect(),
        ..floor.clone()
    };
    let serves = serves(&placed, space, requirement);
    let chosen: Vec<usize> = (0..placed.sites.len()).collect();
    let short = shortfall_points(&needs(&placed, requirement), &serves, &chosen);
    let centres: Vec<Point> = short.iter().map(|&p| floor.points[p]).collect();
    Gaps {
        level: floor.level,
        points: centres.len(),
        outlines: outline(&centres, GRID_M),
    }
}

/// The outlines of the union of `side`-metre squares centred on `centres` (which lie on a grid
/// of that spacing): every square's edges, less those two squares share, joined end to end.
pub fn outline(centres: &[Point], side: f64) -> Vec<Vec<Point>> {
    let cell = |p: &Point| ((p.x / side).round() as i64, (p.y / side).round() as i64);
    let cells: HashSet<(i64, i64)> = centres.iter().map(cell).collect();
    // Corners are cell indices offset by half a side: corner (i, j) is the south-west corner of
    // cell (i, j). Edges run counter-clockwise around each cell, so an edge two cells share
    // appears once each way and both go.
    let mut next: HashMap<(i64, i64), Vec<(i64, i64)>> = HashMap::new();
    let mut sorted: Vec<_> = cells.iter().copied().collect();
    sorted.sort_unstable();
    for &(i, j) in &sorted {
        let corners = [(i, j), (i + 1, j), (i + 1, j + 1), (i, j + 1)];
        let neighbours = [(i, j - 1), (i + 1, j), (i, j + 1), (i - 1, j)];
        for k in 0..4 {
            if !cells.contains(&neighbours[k]) {
                next.entry(corners[k])
                    .or_default()
                    .push(corners[(k + 1) % 4]);
            }
        }
    }
    let to_point = |(i, j): (i64, i64)| Point {
        x: (i as f64 - 0.5) * side,
        y: (j as f64 - 0.5) * side,
    };
    let mut starts: Vec<_> = next.keys().copied().collect();
    starts.sort_unstable();
    let mut rings = Vec::new();
    for start in starts {
        while next.get(&start).is_some_and(|n| !n.is_empty()) {
            let mut ring = vec![start];
            let mut at = start;
            while let Some(to) = next.get_mut(&at).and_then(Vec::pop) {
                if to == start {
                    break;
                }
                ring.push(to);
                at = to;
            }
            rings.push(ring.into_iter().map(to_point).collect());
        }
    }
    rings
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: f64, y: f64) -> Point {
        Point { x, y }
    }

    #[test]
    fn one_square_is_its_four_corners() {
        let rings = outline(&[p(2.0, 2.0)], 2.0);
        assert_eq!(rings.len(), 1);
        let mut ring = rings[0].clone();
        ring.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
        assert_eq!(ring, [p(1.0, 1.0), p(1.0, 3.0), p(3.0, 1.0), p(3.0, 3.0)]);
    }

    #[test]
    fn neighbours_share_one_outline_and_apart_squares_have_their_own() {
        // Two squares side by side: one outline of six corners; a third far off: its own.
        let rings = outline(&[p(0.0, 0.0), p(2.0, 0.0), p(10.0, 10.0)], 2.0);
        let mut sizes: Vec<usize> = rings.iter().map(Vec::len).collect();
        sizes.sort_unstable();
        assert_eq!(sizes, [4, 6]);
        // The outline's length is the union's perimeter: 2 × (4 + 2) m.
        let long = rings.iter().find(|r| r.len() == 6).unwrap();
        let perimeter: f64 = (0..long.len())
            .map(|k| {
                let (a, b) = (long[k], long[(k + 1) % long.len()]);
                (a.x - b.x).abs() + (a.y - b.y).abs()
            })
            .sum();
        assert_eq!(perimeter, 12.0);
    }

    #[test]
    fn a_ring_of_squares_has_an_outer_and_an_inner_outline() {
        let mut centres = Vec::new();
        for i in 0..3 {
            for j in 0..3 {
                if (i, j) != (1, 1) {
                    centres.push(p(i as f64 * 2.0, j as f64 * 2.0));
                }
            }
        }
        let rings = outline(&centres, 2.0);
        assert_eq!(rings.len(), 2, "{rings:?}");
        assert!(outline(&[], 2.0).is_empty());
    }
}
