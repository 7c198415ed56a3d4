//! The venue as the positioning engine sees it (`site_positioning::Space`): each level drawn on a
//! half-metre raster of the unit each cell lies in. A person may stand in any unit that is not
//! closed (walkways, shops, rooms, lifts); a wall is where the raster passes from one unit into
//! another, except between two open units (walkways and parking spaces) and at a door. Walls
//! attenuate signals, and particles of the filter do not step through them. A raster answers the
//! filter's thousands of questions a second with a walk over a few cells instead of polygon
//! tests.

use site_positioning::{Point as EnginePoint, Space};

use super::geometry::Point;
use super::model::{Model, UnitRole};

const CELL_M: f64 = 0.5;
/// Cells around an opening's line that count as its doorway, so a line through a door a few
/// centimetres off the drawn segment is not taken for a wall.
const DOOR_REACH_CELLS: i64 = 1;
/// Label of a cell in no enterable unit: outside, or in a closed unit.
const BLOCKED: u32 = 0;

#[derive(Debug, Clone)]
pub struct RadioSpace {
    /// Per model level index, with its ordinal.
    levels: Vec<(i32, LevelRaster)>,
    /// Per model unit index: an open unit (a walkway or a parking space), which joins another
    /// open unit without a wall.
    open: Vec<bool>,
    /// Per model unit index: a lift car.
    lift: Vec<bool>,
}

#[derive(Debug, Clone)]
struct LevelRaster {
    origin: Point,
    cols: i64,
    rows: i64,
    /// Per cell: 0 (blocked) or 1 + the unit's model index.
    labels: Vec<u32>,
    doors: Vec<bool>,
}

impl RadioSpace {
    pub fn build(model: &Model) -> Self {
        // Parking spaces are painted lines on an open floor, not rooms.
        let open = model
            .units
            .iter()
            .map(|u| u.role == UnitRole::Walkable || u.category == "parking")
            .collect();
        let lift = model
            .units
            .iter()
            .map(|u| u.category == "elevator")
            .collect();
        let levels = model
            .levels
            .iter()
            .enumerate()
            .map(|(index, level)| (level.ordinal, LevelRaster::build(model, index)))
            .collect();
        Self { levels, open, lift }
    }

    fn level(&self, ordinal: i32) -> Option<&LevelRaster> {
        self.levels
            .iter()
            .find(|(o, _)| *o == ordinal)
            .map(|(_, raster)| raster)
    }
}

impl LevelRaster {
    fn build(model: &Model, level: usize) -> Self {
        let units: Vec<(usize, &super::model::Unit)> = model
            .units
            .iter()
            .enumerate()
            .filter(|(_, u)| u.level == level && u.role != UnitRole::Closed)
            .collect();
        let bbox = model.levels[level].outline.bbox.inflated(1.0);
        let cols = ((bbox.max.x - bbox.min.x) / CELL_M).ceil() as i64;
        let rows = ((bbox.max.y - bbox.min.y) / CELL_M).ceil() as i64;
        let mut raster = Self {
            origin: bbox.min,
            cols,
            rows,
            labels: vec![BLOCKED; (cols * rows) as usize],
            doors: vec![false; (cols * rows) as usize],
        };
        for (index, unit) in units {
            let b = unit.shape.bbox;
            let (c0, r0) = raster.cell_of(b.min);
            let (c1, r1) = raster.cell_of(b.max);
            for row in r0.max(0)..=r1.min(rows - 1) {
                for col in c0.max(0)..=c1.min(cols - 1) {
                    let centre = raster.centre(col, row);
                    if unit.shape.contains(centre) {
                        raster.labels[(row * cols + col) as usize] = index as u32 + 1;
                    }
                }
            }
        }
        for opening in model.openings.iter().filter(|o| o.level == level) {
            let [a, b] = opening.ends;
            let steps = (a.distance(b) / (CELL_M / 2.0)).ceil().max(1.0) as usize;
            for i in 0..=steps {
                let (col, row) = raster.cell_of(a.lerp(b, i as f64 / steps as f64));
                for dr in -DOOR_REACH_CELLS..=DOOR_REACH_CELLS {
                    for dc in -DOOR_REACH_CELLS..=DOOR_REACH_CELLS {
                        if let Some(cell) = raster.index(col + dc, row + dr) {
                            raster.doors[cell] = true;
                        }
                    }
                }
            }
        }
        raster
    }

    fn cell_of(&self, p: Point) -> (i64, i64) {
        (
            ((p.x - self.origin.x) / CELL_M).floor() as i64,
            ((p.y - self.origin.y) / CELL_M).floor() as i64,
        )
    }

    fn centre(&self, col: i64, row: i64) -> Point {
        Point::new(
            self.origin.x + (col as f64 + 0.5) * CELL_M,
            self.origin.y + (row as f64 + 0.5) * CELL_M,
        )
    }

    fn index(&self, col: i64, row: i64) -> Option<usize> {
        ((0..self.cols).contains(&col) && (0..self.rows).contains(&row))
            .then(|| (row * self.cols + col) as usize)
    }

    fn label(&self, p: Point) -> u32 {
        let (col, row) = self.cell_of(p);
        self.index(col, row).map_or(BLOCKED, |i| self.labels[i])
    }

    /// Walls crossed from `a` to `b`, walking every cell the segment passes through in order
    /// (Amanatides and Woo's traversal: one step per cell boundary crossed, no sampling). A run
    /// of blocked cells is one wall, however thick.
    fn walls(&self, a: Point, b: Point, open: &[bool], limit: u32) -> u32 {
        let to_cells = |p: Point| {
            (
                (p.x - self.origin.x) / CELL_M,
                (p.y - self.origin.y) / CELL_M,
            )
        };
        let ((fx, fy), (gx, gy)) = (to_cells(a), to_cells(b));
        let (mut col, mut row) = (fx.floor() as i64, fy.floor() as i64);
        let crossings = (gx.floor() as i64 - col).abs() + (gy.floor() as i64 - row).abs();
        // Per axis: the step, the segment fraction one cell takes, and where the next boundary is.
        let axis = |from: f64, to: f64, cell: i64| {
            let d = to - from;
            if d == 0.0 {
                return (0, f64::INFINITY, f64::INFINITY);
            }
            let next = if d > 0.0 {
                cell as f64 + 1.0 - from
            } else {
                from - cell as f64
            };
            (if d > 0.0 { 1 } else { -1 }, 1.0 / d.abs(), next / d.abs())
        };
        let (step_c, delta_x, mut next_x) = axis(fx, gx, col);
        let (step_r, delta_y, mut next_y) = axis(fy, gy, row);
        let mut walls = 0;
        for _ in 0..crossings {
            let previous = self.index(col, row);
            if next_x < next_y {
                col += step_c;
                next_x += delta_x;
            } else {
                row += step_r;
                next_y += delta_y;
            }
            if let (Some(from), Some(to)) = (previous, self.index(col, row)) {
                walls += u32::from(self.is_wall(from, to, open));
                if walls > limit {
                    break;
                }
            }
        }
        walls
    }

    fn is_wall(&self, from: usize, to: usize, open: &[bool]) -> bool {
        let (a, b) = (self.labels[from], self.labels[to]);
        if a == b || self.doors[from] || self.doors[to] {
            return false;
        }
        let is_open = |label: u32| label != BLOCKED && open[(label - 1) as usize];
        // Out of a wall's thickness into a unit is the same wall, counted when it was entered.
        !(is_open(a) && is_open(b) || a == BLOCKED)
    }
}

fn point(p: EnginePoint) -> Point {
    Point::new(p.x, p.y)
}

impl Space for RadioSpace {
    fn walkable(&self, level: i32, at: EnginePoint) -> bool {
        self.level(level)
            .is_some_and(|raster| raster.label(point(at)) != BLOCKED)
    }

    fn in_lift(&self, level: i32, at: EnginePoint) -> bool {
        self.level(level).is_some_and(|raster| {
            let label = raster.label(point(at));
            label != BLOCKED && self.lift[(label - 1) as usize]
        })
    }

    fn walls_between(&self, level: i32, a: EnginePoint, b: EnginePoint) -> u32 {
        self.level(level).map_or(0, |raster| {
            raster.walls(point(a), point(b), &self.open, u32::MAX)
        })
    }

    fn walls_up_to(&self, level: i32, a: EnginePoint, b: EnginePoint, limit: u32) -> u32 {
        self.level(level).map_or(0, |raster| {
            raster.walls(point(a), point(b), &self.open, limit)
        })
    }
}
