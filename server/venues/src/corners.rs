//! The corners a shortest walk can bend around: the reflex corners of a level's walkable space
//! (where its walls turn away from the walker), each with a node set back from the walls so
//! paths keep their distance. Finds corners only; `graph` joins them.

use std::collections::HashMap;

use super::free_space::LevelSpace;
use super::geometry::Point;

/// Walls meet at a corner when their ends are this close (the data's centimetre noise).
const JOIN_M: f64 = 0.05;
/// A turn of less than about half a degree is a straight wall, not a corner.
const MIN_TURN: f64 = 0.01;

/// The corner nodes of a level, set back `inset` metres from the walls (less where the space
/// is narrower), without duplicates.
pub(crate) fn find_corners(space: &LevelSpace, inset: f64) -> Vec<Point> {
    let walls = &space.walls;
    let key = |p: Point| ((p.x / JOIN_M).round() as i64, (p.y / JOIN_M).round() as i64);
    let mut starts: HashMap<(i64, i64), Vec<usize>> = HashMap::new();
    let mut ends: HashMap<(i64, i64), Vec<usize>> = HashMap::new();
    for (i, w) in walls.iter().enumerate() {
        starts.entry(key(w.a)).or_default().push(i);
        ends.entry(key(w.b)).or_default().push(i);
    }
    let near = |map: &HashMap<(i64, i64), Vec<usize>>, p: Point, end: bool| -> Vec<usize> {
        let (kx, ky) = key(p);
        let mut found = Vec::new();
        for dx in -1..=1 {
            for dy in -1..=1 {
                for &j in map.get(&(kx + dx, ky + dy)).into_iter().flatten() {
                    let q = if end { walls[j].b } else { walls[j].a };
                    if q.distance(p) <= JOIN_M {
                        found.push(j);
                    }
                }
            }
        }
        found
    };
    let mut corners = Vec::new();
    for (i, w) in walls.iter().enumerate() {
        let d_in = (w.b - w.a).normalized();
        let next = near(&starts, w.b, false);
        if next.is_empty() {
            // A loose end: the walkable side wraps around it.
            let guess = d_in + d_in.left_normal();
            corners.extend(place(space, w.b, guess * (inset / guess.length()), inset));
        }
        for j in next {
            let d_out = (walls[j].b - walls[j].a).normalized();
            if j == i || d_in.cross(d_out) > -MIN_TURN {
                continue;
            }
            let sum = d_in.left_normal() + d_out.left_normal();
            let offset = if sum.length() < 0.1 {
                d_in * inset
            } else {
                let scaled = sum * (2.0 * inset / sum.dot(sum));
                scaled * f64::min(1.0, 3.0 * inset / scaled.length())
            };
            corners.extend(place(space, w.b, offset, inset));
        }
        if near(&ends, w.a, true).is_empty() {
            let guess = d_in * -1.0 + d_in.left_normal();
            corners.extend(place(space, w.a, guess * (inset / guess.length()), inset));
        }
    }
    dedup(corners)
}

/// The node for a corner at `p`: the full offset when that point is free and clear of other
/// walls, else a half or a quarter of it (narrow passages), else none.
fn place(space: &LevelSpace, p: Point, offset: Point, inset: f64) -> Option<Point> {
    [1.0, 0.5, 0.25].into_iter().find_map(|f| {
        let at = p + offset * f;
        let clear = space.wall_distance(at, inset * f * 0.9).is_none();
        (clear && space.is_free(at)).then_some(at)
    })
}

fn dedup(corners: Vec<Point>) -> Vec<Point> {
    let mut kept: Vec<Point> = Vec::with_capacity(corners.len());
    let mut cells: HashMap<(i64, i64), Vec<usize>> = HashMap::new();
    for c in corners {
        let (kx, ky) = ((c.x / JOIN_M).floor() as i64, (c.y / JOIN_M).floor() as i64);
        let duplicate = (-1..=1)
            .flat_map(|dx| (-1..=1).map(move |dy| (kx + dx, ky + dy)))
            .flat_map(|cell| cells.get(&cell).into_iter().flatten().copied())
            .any(|k| kept[k].distance(c) < JOIN_M);
        if !duplicate {
            cells.entry((kx, ky)).or_default().push(kept.len());
            kept.push(c);
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::test_model::one_level;

    /// The corner nodes, 0.4 m out, of one level holding `units` and `obstacles`.
    fn corners_of(units: &[(&str, [f64; 4])], obstacles: &[[f64; 4]]) -> Vec<Point> {
        find_corners(&LevelSpace::build(&one_level(units, obstacles), 0), 0.4)
    }

    #[test]
    fn an_l_shaped_corridor_has_one_corner_set_back_from_both_walls() {
        // Two corridors meeting in an L: the inner corner at (4, 4) is the only reflex one, and
        // its node stands diagonally away from the corner, 0.4 m from both walls.
        let corners = corners_of(
            &[
                ("walkway", [0.0, 0.0, 20.0, 4.0]),
                ("walkway", [0.0, 4.0, 4.0, 20.0]),
            ],
            &[],
        );
        assert_eq!(corners.len(), 1, "{corners:?}");
        assert!(
            corners[0].distance(Point::new(3.6, 3.6)) < 1e-6,
            "{:?}",
            corners[0]
        );
    }

    #[test]
    fn a_bench_has_a_node_off_each_of_its_corners() {
        let corners = corners_of(
            &[("walkway", [0.0, 0.0, 20.0, 6.0])],
            &[[8.0, 2.0, 12.0, 3.0]],
        );
        assert_eq!(corners.len(), 4);
        for c in &corners {
            let d = [(8.0, 2.0), (12.0, 2.0), (12.0, 3.0), (8.0, 3.0)]
                .iter()
                .map(|&(x, y)| c.distance(Point::new(x, y)))
                .fold(f64::INFINITY, f64::min);
            assert!((d - 0.4 * 2f64.sqrt()).abs() < 1e-6, "{c:?}");
        }
    }
}
