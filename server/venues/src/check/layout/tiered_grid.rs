//! A spatial index of boxes that stays linear wherever the boxes are (issue #32): an uploaded
//! level may put thousands of units far outside its outline, where a grid over the outline would
//! pile them all into its border cells and compare each with all. Only occupied cells are
//! stored (a map), so the extent costs nothing; tiers of ever larger cells keep each box in a
//! handful of cells, so a huge box costs no more than a small one.

use std::collections::HashMap;

use crate::geometry::Bbox;

/// Each tier's cells are this many times wider than the tier below.
const TIER_FACTOR: f64 = 16.0;
/// Tiers from the finest cell up: the last one's cells (8 m × 16⁶ ≈ 134,000 km) hold anything on
/// Earth in a few cells.
const TIERS: usize = 7;
/// A box goes to the finest tier where it spans at most this many cells.
const MOST_CELLS: i64 = 64;

struct Tier {
    cell: f64,
    cells: HashMap<(i64, i64), Vec<u32>>,
}

impl Tier {
    /// The first and last column and row of `b`; coordinates beyond i64 saturate.
    fn span(&self, b: &Bbox) -> (i64, i64, i64, i64) {
        let at = |v: f64| (v / self.cell).floor() as i64;
        (at(b.min.x), at(b.max.x), at(b.min.y), at(b.max.y))
    }

    fn cell_count((c0, c1, r0, r1): (i64, i64, i64, i64)) -> i64 {
        (c1.saturating_sub(c0).saturating_add(1))
            .saturating_mul(r1.saturating_sub(r0).saturating_add(1))
    }
}

pub(super) struct TieredGrid {
    tiers: Vec<Tier>,
    /// Boxes too large even for the last tier (or not finite): asked of every query.
    huge: Vec<u32>,
}

impl TieredGrid {
    /// An index of `boxes` whose finest cells are `cell` metres wide.
    pub(super) fn build(cell: f64, boxes: &[Bbox]) -> TieredGrid {
        let mut tiers: Vec<Tier> = (0..TIERS)
            .map(|k| Tier {
                cell: cell * TIER_FACTOR.powi(k as i32),
                cells: HashMap::new(),
            })
            .collect();
        let mut huge = Vec::new();
        for (i, b) in boxes.iter().enumerate() {
            let last = tiers.len() - 1;
            let k = (0..last)
                .find(|&k| Tier::cell_count(tiers[k].span(b)) <= MOST_CELLS)
                .unwrap_or(last);
            let tier = &mut tiers[k];
            let (c0, c1, r0, r1) = tier.span(b);
            if Tier::cell_count((c0, c1, r0, r1)) > MOST_CELLS {
                huge.push(i as u32);
                continue;
            }
            for r in r0..=r1 {
                for c in c0..=c1 {
                    tier.cells.entry((c, r)).or_default().push(i as u32);
                }
            }
        }
        tiers.retain(|tier| !tier.cells.is_empty());
        TieredGrid { tiers, huge }
    }

    /// The items whose box in `boxes` (those the index was built from) touches `query`, edges
    /// included: each once, in ascending order.
    pub(super) fn touching(&self, boxes: &[Bbox], query: &Bbox) -> Vec<usize> {
        let mut found = Vec::new();
        for tier in &self.tiers {
            let (c0, c1, r0, r1) = tier.span(query);
            if Tier::cell_count((c0, c1, r0, r1)) > tier.cells.len() as i64 {
                // A query wider than what the tier holds: read its cells instead of the span's.
                for items in tier.cells.values() {
                    found.extend(items.iter().map(|&i| i as usize));
                }
                continue;
            }
            for r in r0..=r1 {
                for c in c0..=c1 {
                    if let Some(items) = tier.cells.get(&(c, r)) {
                        found.extend(items.iter().map(|&i| i as usize));
                    }
                }
            }
        }
        found.extend(self.huge.iter().map(|&i| i as usize));
        found.sort_unstable();
        found.dedup();
        found.retain(|&item| boxes[item].intersects(query));
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Point;

    fn bbox(x0: f64, y0: f64, x1: f64, y1: f64) -> Bbox {
        Bbox {
            min: Point::new(x0, y0),
            max: Point::new(x1, y1),
        }
    }

    #[test]
    fn finds_exactly_the_boxes_touching_the_query_wherever_they_are() {
        let boxes = [
            bbox(0.0, 0.0, 1.0, 1.0),
            bbox(1.0, 1.0, 2.0, 2.0),
            bbox(-5e6, 3e6, -5e6 + 1.0, 3e6 + 1.0),
            bbox(-1e5, -1e5, 1e5, 1e5),
            bbox(-1e300, 0.0, 1e300, 1.0),
            bbox(50.0, 50.0, 51.0, 51.0),
        ];
        let grid = TieredGrid::build(8.0, &boxes);
        assert_eq!(
            grid.touching(&boxes, &bbox(0.5, 0.5, 1.0, 1.0)),
            vec![0, 1, 3, 4]
        );
        assert_eq!(grid.touching(&boxes, &bbox(-5e6, 3e6, -5e6, 3e6)), vec![2]);
        assert_eq!(
            grid.touching(&boxes, &bbox(-1e7, -1e7, 1e7, 1e7)),
            vec![0, 1, 2, 3, 4, 5]
        );
        assert_eq!(grid.touching(&boxes, &bbox(3.0, 3.0, 4.0, 4.0)), vec![3]);
    }
}
