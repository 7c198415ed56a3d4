//! Doorways: gaps in the walls with no door drawn in them. Architects' drawings filtered down to
//! their walls (or whose doors sit on a layer the visitor left out) still show every doorway as a
//! wall that stops and goes on in line a door's width further. Each such gap, closed, separates
//! the rooms, and becomes a door of its width between them.

use std::collections::HashMap;

use site_venues::geometry::{Point, nearest_on_segment};

use crate::plan::Door;
use crate::problem::DxfProblem;
use crate::work::Work;

/// The widths a gap may have to be a doorway, metres: a narrow door to a double door.
const WIDTH_M: std::ops::RangeInclusive<f64> = 0.6..=2.0;
/// A wall's end within this of another wall touches it: it is no end of a gap.
const TOUCH_M: f64 = 0.02;
/// The walls on both sides of a gap run within this angle of the gap's direction.
const IN_LINE_COS: f64 = 0.985;
/// A line across a wall's end no longer than this is its cap: walls are thinner.
const CAP_M: f64 = 0.6;
/// The side of the grid's cells, metres: a gap fits in the cells around its end.
const CELL_M: f64 = 2.0;

/// The doorways of `walls` that no door of `doors` stands in: each the segment that closes it.
pub(crate) fn doorways(
    walls: &[[Point; 2]],
    doors: &[Door],
    work: &mut Work,
) -> Result<Vec<[Point; 2]>, DxfProblem> {
    let cell = |p: Point| ((p.x / CELL_M).floor() as i64, (p.y / CELL_M).floor() as i64);
    // Each wall in every cell its box covers (walls longer than a few cells are few).
    let mut grid: HashMap<(i64, i64), Vec<usize>> = HashMap::new();
    for (i, [a, b]) in walls.iter().enumerate() {
        let ((x0, y0), (x1, y1)) = (cell(*a), cell(*b));
        let cells = (x0.abs_diff(x1) + 1) * (y0.abs_diff(y1) + 1);
        work.spend(cells as usize)?;
        for x in x0.min(x1)..=x0.max(x1) {
            for y in y0.min(y1)..=y0.max(y1) {
                grid.entry((x, y)).or_default().push(i);
            }
        }
    }
    let near = |p: Point| {
        let (cx, cy) = cell(p);
        (cx - 1..=cx + 1)
            .flat_map(move |x| (cy - 1..=cy + 1).map(move |y| (x, y)))
            .filter_map(|key| grid.get(&key))
            .flatten()
            .copied()
    };
    // The free ends: each with the direction its wall runs out in.
    let mut ends: Vec<(Point, Point)> = Vec::new();
    for (i, [a, b]) in walls.iter().enumerate() {
        for (end, from) in [(*b, *a), (*a, *b)] {
            let length = end.distance(from);
            if length < 1e-6 {
                continue;
            }
            work.spend(9)?;
            let touches = near(end)
                .any(|j| j != i && nearest_on_segment(end, walls[j][0], walls[j][1]).0 < TOUCH_M);
            if !touches {
                ends.push((end, (end - from) * (1.0 / length)));
            }
        }
    }
    // A wall drawn as its two faces ends in a cap, a short line across it: its middle is the
    // wall's end, running out away from the faces.
    for (i, [a, b]) in walls.iter().enumerate() {
        let width = a.distance(*b);
        if !(1e-3..=CAP_M).contains(&width) {
            continue;
        }
        work.spend(18)?;
        let across = (*b - *a) * (1.0 / width);
        let face = |p: Point| {
            near(p).find_map(|j| {
                let [c, d] = walls[j];
                let (from, to) = if c.distance(p) < TOUCH_M {
                    (c, d)
                } else if d.distance(p) < TOUCH_M {
                    (d, c)
                } else {
                    return None;
                };
                let length = from.distance(to);
                let inward = (to - from) * (1.0 / length.max(1e-9));
                (j != i && length > width && inward.dot(across).abs() < 0.2).then_some(inward)
            })
        };
        if let (Some(x), Some(y)) = (face(*a), face(*b))
            && x.dot(y) > IN_LINE_COS
        {
            ends.push((a.lerp(*b, 0.5), x * -1.0));
        }
    }
    // Ends in each cell, to pair each with the ends across a gap from it.
    let mut by_cell: HashMap<(i64, i64), Vec<usize>> = HashMap::new();
    for (i, (end, _)) in ends.iter().enumerate() {
        by_cell.entry(cell(*end)).or_default().push(i);
    }
    let partner = |i: usize, work: &mut Work| -> Result<Option<usize>, DxfProblem> {
        let (end, out) = ends[i];
        let (cx, cy) = cell(end);
        let mut best: Option<(usize, f64)> = None;
        for key in (cx - 1..=cx + 1).flat_map(|x| (cy - 1..=cy + 1).map(move |y| (x, y))) {
            let Some(list) = by_cell.get(&key) else {
                continue;
            };
            work.spend(list.len())?;
            for &j in list {
                let (other, back) = ends[j];
                let gap = other - end;
                let width = gap.length();
                if j == i || !WIDTH_M.contains(&width) {
                    continue;
                }
                let along = gap * (1.0 / width);
                let in_line = out.dot(along) >= IN_LINE_COS && -back.dot(along) >= IN_LINE_COS;
                if in_line && best.is_none_or(|(_, w)| width < w) {
                    best = Some((j, width));
                }
            }
        }
        Ok(best.map(|(j, _)| j))
    };
    let mut closers = Vec::new();
    for i in 0..ends.len() {
        // Each gap once, from the end whose partner has it as its own partner too.
        let Some(j) = partner(i, work)? else {
            continue;
        };
        if j < i || partner(j, work)? != Some(i) {
            continue;
        }
        let (a, b) = (ends[i].0, ends[j].0);
        let middle = a.lerp(b, 0.5);
        let doored = doors
            .iter()
            .any(|door| door.centre.distance(middle) <= door.width.max(a.distance(b)));
        if !doored {
            closers.push([a, b]);
        }
    }
    Ok(closers)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: f64, y: f64) -> Point {
        Point::new(x, y)
    }

    /// A wall piece from x0 to x1 along y = 0, drawn as its two faces 0.2 m apart and its caps.
    fn capped(x0: f64, x1: f64) -> Vec<[Point; 2]> {
        vec![
            [p(x0, 0.0), p(x1, 0.0)],
            [p(x0, 0.2), p(x1, 0.2)],
            [p(x0, 0.0), p(x0, 0.2)],
            [p(x1, 0.0), p(x1, 0.2)],
        ]
    }

    #[test]
    fn a_gap_between_wall_ends_in_line_is_a_doorway() {
        let walls = [[p(0.0, 0.0), p(5.0, 0.0)], [p(5.9, 0.0), p(10.0, 0.0)]];
        let closers = doorways(&walls, &[], &mut Work::new(1_000_000)).unwrap();
        assert_eq!(closers, vec![[p(5.0, 0.0), p(5.9, 0.0)]]);
    }

    #[test]
    fn a_gap_between_capped_walls_is_a_doorway_from_cap_to_cap() {
        let mut walls = capped(0.0, 5.0);
        walls.extend(capped(6.0, 10.0));
        let closers = doorways(&walls, &[], &mut Work::new(1_000_000)).unwrap();
        assert_eq!(closers, vec![[p(5.0, 0.1), p(6.0, 0.1)]]);
    }

    #[test]
    fn ends_out_of_line_too_far_apart_or_with_a_door_are_no_doorway() {
        let work = &mut Work::new(1_000_000);
        // A wall that ends by another's middle, across a corridor.
        let across = [[p(0.0, 0.0), p(5.0, 0.0)], [p(5.0, 1.0), p(5.0, 5.0)]];
        assert!(doorways(&across, &[], work).unwrap().is_empty());
        // Three metres: a corridor, not a door.
        let wide = [[p(0.0, 0.0), p(5.0, 0.0)], [p(8.0, 0.0), p(10.0, 0.0)]];
        assert!(doorways(&wide, &[], work).unwrap().is_empty());
        // A door drawn in the gap closes it itself.
        let walls = [[p(0.0, 0.0), p(5.0, 0.0)], [p(5.9, 0.0), p(10.0, 0.0)]];
        let door = Door {
            handle: "1F".into(),
            layer: "DOOR".into(),
            centre: p(5.45, 0.4),
            width: 0.9,
        };
        assert!(doorways(&walls, &[door], work).unwrap().is_empty());
    }
}
