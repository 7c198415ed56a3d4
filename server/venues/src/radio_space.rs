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
/// Side of a cell in any open unit: walkways and parking spaces join without a wall.
const OPEN_FLOOR: u32 = 1;
/// Side of a cell in a doorway, from or into which no line crosses a wall.
const DOORWAY: u32 = u32::MAX;

#[derive(Debug, Clone)]
pub struct RadioSpace {
    /// Per model level index, with its ordinal.
    levels: Vec<(i32, LevelRaster)>,
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
    /// Per cell: which side of the walls it lies on, so that a line crosses a wall between two
    /// cells exactly when `is_wall` says so: [`BLOCKED`], [`OPEN_FLOOR`], [`DOORWAY`], or 2 + the
    /// unit's model index for a room. The traversal reads one number per cell, not three.
    sides: Vec<u32>,
}

impl RadioSpace {
    pub fn build(model: &Model) -> Self {
        // Per model unit index: an open unit (a walkway or a parking space: painted lines on an
        // open floor, not rooms), which joins another open unit without a wall.
        let open: Vec<bool> = model
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
            .map(|(index, level)| (level.ordinal, LevelRaster::build(model, index, &open)))
            .collect();
        Self { levels, lift }
    }

    /// The model index of the unit at `at` on the level of `ordinal`, at the raster's
    /// resolution; none between units.
    pub fn unit_at(&self, ordinal: i32, at: EnginePoint) -> Option<usize> {
        let label = self.level(ordinal)?.label(point(at));
        (label != BLOCKED).then(|| (label - 1) as usize)
    }

    fn level(&self, ordinal: i32) -> Option<&LevelRaster> {
        self.levels
            .iter()
            .find(|(o, _)| *o == ordinal)
            .map(|(_, raster)| raster)
    }
}

impl LevelRaster {
    fn build(model: &Model, level: usize, open: &[bool]) -> Self {
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
            sides: Vec::new(),
        };
        let mut doors = vec![false; (cols * rows) as usize];
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
                            doors[cell] = true;
                        }
                    }
                }
            }
        }
        raster.sides = raster
            .labels
            .iter()
            .zip(&doors)
            .map(|(&label, &door)| match label {
                _ if door => DOORWAY,
                BLOCKED => BLOCKED,
                _ if open[(label - 1) as usize] => OPEN_FLOOR,
                _ => label + 1,
            })
            .collect();
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
    fn walls(&self, a: Point, b: Point, limit: u32) -> u32 {
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
        let side = |col, row| self.index(col, row).map(|cell| self.sides[cell]);
        let mut previous = side(col, row);
        let mut walls = 0;
        for _ in 0..crossings {
            if next_x < next_y {
                col += step_c;
                next_x += delta_x;
            } else {
                row += step_r;
                next_y += delta_y;
            }
            let current = side(col, row);
            if let (Some(from), Some(to)) = (previous, current) {
                walls += u32::from(is_wall(from, to));
                if walls > limit {
                    break;
                }
            }
            previous = current;
        }
        walls
    }
}

/// A line from a cell on side `from` into one on side `to` crosses a wall: into another unit,
/// not through a doorway, not from one open unit into another, and not out of a wall's
/// thickness (the same wall, counted when it was entered).
fn is_wall(from: u32, to: u32) -> bool {
    from != to && from != BLOCKED && from != DOORWAY && to != DOORWAY
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
        self.level(level)
            .map_or(0, |raster| raster.walls(point(a), point(b), u32::MAX))
    }

    fn walls_up_to(&self, level: i32, a: EnginePoint, b: EnginePoint, limit: u32) -> u32 {
        self.level(level)
            .map_or(0, |raster| raster.walls(point(a), point(b), limit))
    }
}
