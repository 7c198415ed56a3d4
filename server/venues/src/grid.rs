//! A uniform grid of item indexes over a level, in compressed rows: the spatial index behind
//! "which walls are near this segment" and "which units hold this point". Knows nothing of
//! what the items are.

use super::geometry::{Bbox, Point};

#[derive(Debug, Clone)]
pub struct Grid {
    origin: Point,
    cell: f64,
    cols: usize,
    rows: usize,
    /// `starts[c]..starts[c + 1]` are cell c's items.
    starts: Vec<u32>,
    items: Vec<u32>,
}

impl Grid {
    /// A grid over `area` with square cells of `cell` metres, each item listed in every cell
    /// its box touches.
    pub fn build(area: Bbox, cell: f64, boxes: &[Bbox]) -> Grid {
        let area = if area.min.x.is_finite() {
            area
        } else {
            Bbox {
                min: Point::default(),
                max: Point::default(),
            }
        };
        // An outline far larger than what it holds (an uploaded level may be kilometres wide)
        // would cost millions of empty cells: the cells grow instead, to about 16 a box.
        let most = (16 * boxes.len()).max(65_536) as f64;
        let extent = (area.max.x - area.min.x) * (area.max.y - area.min.y);
        let cell = cell.max((extent / most).sqrt());
        let cols = (((area.max.x - area.min.x) / cell).ceil() as usize).clamp(1, 4096);
        let rows = (((area.max.y - area.min.y) / cell).ceil() as usize).clamp(1, 4096);
        let mut grid = Grid {
            origin: area.min,
            cell,
            cols,
            rows,
            starts: vec![0; cols * rows + 1],
            items: Vec::new(),
        };
        let mut counts = vec![0u32; cols * rows];
        for b in boxes {
            grid.for_cells_in(b, |c| counts[c] += 1);
        }
        let mut total = 0;
        for (c, n) in counts.iter().enumerate() {
            grid.starts[c] = total;
            total += n;
        }
        grid.starts[cols * rows] = total;
        grid.items = vec![0; total as usize];
        let mut fill = grid.starts.clone();
        for (i, b) in boxes.iter().enumerate() {
            let (c0, c1, r0, r1) = grid.span(b);
            for r in r0..=r1 {
                for c in c0..=c1 {
                    let cell = r * cols + c;
                    grid.items[fill[cell] as usize] = i as u32;
                    fill[cell] += 1;
                }
            }
        }
        grid
    }

    fn col_of(&self, x: f64) -> usize {
        (((x - self.origin.x) / self.cell).floor().max(0.0) as usize).min(self.cols - 1)
    }

    fn row_of(&self, y: f64) -> usize {
        (((y - self.origin.y) / self.cell).floor().max(0.0) as usize).min(self.rows - 1)
    }

    fn span(&self, b: &Bbox) -> (usize, usize, usize, usize) {
        (
            self.col_of(b.min.x),
            self.col_of(b.max.x),
            self.row_of(b.min.y),
            self.row_of(b.max.y),
        )
    }

    fn for_cells_in(&self, b: &Bbox, mut f: impl FnMut(usize)) {
        let (c0, c1, r0, r1) = self.span(b);
        for r in r0..=r1 {
            for c in c0..=c1 {
                f(r * self.cols + c);
            }
        }
    }

    fn cell_items(&self, cell: usize) -> &[u32] {
        &self.items[self.starts[cell] as usize..self.starts[cell + 1] as usize]
    }

    /// The items listed in the cell of `p` (points outside the grid use the nearest cell).
    pub(crate) fn at(&self, p: Point) -> &[u32] {
        self.cell_items(self.row_of(p.y) * self.cols + self.col_of(p.x))
    }

    /// Calls `f` with the items of every cell the box touches until it returns false; an item
    /// may come more than once.
    pub fn visit_box(&self, b: &Bbox, mut f: impl FnMut(u32) -> bool) -> bool {
        let (c0, c1, r0, r1) = self.span(b);
        for r in r0..=r1 {
            for c in c0..=c1 {
                for &item in self.cell_items(r * self.cols + c) {
                    if !f(item) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Calls `f` with the items of every cell the segment `a`–`b` passes through, from `a`
    /// on, until it returns false (Amanatides and Woo's traversal). Returns false when stopped.
    pub(crate) fn visit_segment(&self, a: Point, b: Point, mut f: impl FnMut(u32) -> bool) -> bool {
        let (mut c, mut r) = (self.col_of(a.x) as i64, self.row_of(a.y) as i64);
        let (c_end, r_end) = (self.col_of(b.x) as i64, self.row_of(b.y) as i64);
        let d = b - a;
        let step_c = if d.x > 0.0 { 1 } else { -1 };
        let step_r = if d.y > 0.0 { 1 } else { -1 };
        let next_boundary =
            |i: i64, step: i64, origin: f64| origin + (i + i64::from(step > 0)) as f64 * self.cell;
        let mut t_max_c = if d.x != 0.0 {
            (next_boundary(c, step_c, self.origin.x) - a.x) / d.x
        } else {
            f64::INFINITY
        };
        let mut t_max_r = if d.y != 0.0 {
            (next_boundary(r, step_r, self.origin.y) - a.y) / d.y
        } else {
            f64::INFINITY
        };
        let t_delta_c = if d.x != 0.0 {
            self.cell / d.x.abs()
        } else {
            f64::INFINITY
        };
        let t_delta_r = if d.y != 0.0 {
            self.cell / d.y.abs()
        } else {
            f64::INFINITY
        };
        // The cell count bounds the walk even if rounding misses the last cell.
        let limit = (c_end - c).abs() + (r_end - r).abs() + 1;
        for _ in 0..=limit {
            for &item in self.cell_items(r as usize * self.cols + c as usize) {
                if !f(item) {
                    return false;
                }
            }
            if c == c_end && r == r_end {
                break;
            }
            if t_max_c < t_max_r {
                c += step_c;
                t_max_c += t_delta_c;
            } else {
                r += step_r;
                t_max_r += t_delta_r;
            }
            if c < 0 || r < 0 || c >= self.cols as i64 || r >= self.rows as i64 {
                break;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bbox(x0: f64, y0: f64, x1: f64, y1: f64) -> Bbox {
        Bbox {
            min: Point::new(x0, y0),
            max: Point::new(x1, y1),
        }
    }

    #[test]
    fn a_diagonal_segment_meets_the_items_of_the_cells_it_crosses() {
        let boxes = [
            bbox(0.5, 0.5, 0.6, 0.6),
            bbox(5.5, 5.5, 5.6, 5.6),
            bbox(0.5, 8.5, 0.6, 8.6),
        ];
        let grid = Grid::build(bbox(0.0, 0.0, 10.0, 10.0), 1.0, &boxes);
        let mut seen = Vec::new();
        grid.visit_segment(Point::new(0.1, 0.2), Point::new(9.9, 9.7), |i| {
            seen.push(i);
            true
        });
        assert!(seen.contains(&0) && seen.contains(&1) && !seen.contains(&2));
    }

    #[test]
    fn a_point_finds_the_items_of_its_cell() {
        let grid = Grid::build(bbox(0.0, 0.0, 10.0, 10.0), 2.0, &[bbox(1.0, 1.0, 3.0, 3.0)]);
        assert_eq!(grid.at(Point::new(2.5, 2.5)), &[0]);
        assert!(grid.at(Point::new(8.0, 8.0)).is_empty());
    }
}
