//! What a plan covers and where its devices may hang, sampled on a level: demand points on a 2 m
//! grid over the units the technology serves, and candidate sites on the same grid over the
//! units a device of the technology may hang in, at least [`WALL_CLEARANCE_M`] inside them. The
//! grid is aligned to the venue's frame, so neighbouring units never sample the same spot twice.

use site_positioning::Technology;
use site_venues::geometry::{Bbox, Point};
use site_venues::model::{Model, Unit, UnitRole};

use super::scope::Scope;

/// Spacing of demand points and candidate sites, metres: the coverage tests of the demo venues'
/// hand-placed devices use 2 m too (tools/venues/coverage.py).
pub const GRID_M: f64 = 2.0;
/// Spacing of candidate sites: finer than the points, so a device can stand in a corridor's
/// middle whatever its width.
pub const SITE_GRID_M: f64 = 1.0;
/// How far inside its unit a device hangs: clear of the wall for its bracket and cable tray.
pub const WALL_CLEARANCE_M: f64 = 1.0;

/// One level's demand points and candidate sites.
#[derive(Debug, Clone)]
pub struct Floor {
    /// Index into the model's levels.
    pub level: usize,
    pub ordinal: i32,
    pub points: Vec<Point>,
    /// Per point: whether it lies in public circulation, where people walk most.
    pub walkable: Vec<bool>,
    pub sites: Vec<Point>,
}

/// A unit a visitor or a tag can be in, and so a device of `technology` must serve. BLE: every
/// unit but closed ones and lift cars (a metal box no technology serves). AoA: public
/// circulation, where gateways see the tags. UWB: the open floors a tag crosses (walkways,
/// parking spaces).
pub fn served_unit(technology: Technology, unit: &Unit) -> bool {
    match technology {
        Technology::Ble => unit.role != UnitRole::Closed && unit.category != "elevator",
        Technology::Aoa => unit.role == UnitRole::Walkable,
        Technology::Uwb => unit.role == UnitRole::Walkable || unit.category == "parking",
    }
}

/// A unit a device of `technology` may hang in: beacons in any unit they serve but escalators
/// (no ceiling over a moving stair); gateways and anchors where they serve.
pub fn mount_unit(technology: Technology, unit: &Unit) -> bool {
    served_unit(technology, unit) && unit.category != "escalator"
}

/// The demand points and candidate sites of `technology` on model level `level`, in `scope`.
pub fn sample(model: &Model, level: usize, technology: Technology, scope: Scope) -> Floor {
    let mut points = Vec::new();
    let mut walkable = Vec::new();
    let mut sites = Vec::new();
    for unit in model.units.iter().filter(|u| u.level == level) {
        let here = scope.holds(unit, &model.levels[level]);
        let serve = here && served_unit(technology, unit);
        let mount = here && mount_unit(technology, unit);
        if !serve && !mount {
            continue;
        }
        let b = unit.shape.bbox;
        if serve {
            for at in grid(b, GRID_M).filter(|&at| unit.shape.contains(at)) {
                points.push(at);
                walkable.push(unit.role == UnitRole::Walkable);
            }
        }
        if mount {
            for at in grid(b, SITE_GRID_M) {
                // Outside the unit, the distance to its boundary is no clearance.
                if unit.shape.contains(at) {
                    let clearance = unit.shape.boundary_distance(at);
                    if clearance >= WALL_CLEARANCE_M {
                        sites.push((clearance, at));
                    }
                }
            }
        }
    }
    // The cover takes the first of equally good sites. Beacons and gateways: the one farthest
    // from walls, in the middle of a corridor or a room, where a signal's loss is the same to
    // either side. Anchors: the nearest to a wall, so that anchors down a corridor stand off
    // the line tags walk (a tag's mirror image across the anchors' line is then in the wall,
    // not in the corridor, and the filter does not take it).
    if technology == Technology::Uwb {
        sites.sort_by(|a, b| a.0.total_cmp(&b.0));
    } else {
        sites.sort_by(|a, b| b.0.total_cmp(&a.0));
    }
    let sites = sites.into_iter().map(|(_, at)| at).collect();
    Floor {
        level,
        ordinal: model.levels[level].ordinal,
        points,
        walkable,
        sites,
    }
}

/// The centres of a `step` grid's cells (aligned to the frame's origin) over `bbox`.
fn grid(bbox: Bbox, step: f64) -> impl Iterator<Item = Point> {
    let first = move |v: f64| (v / step).floor() as i64;
    let (cols, rows) = (
        first(bbox.min.x)..=first(bbox.max.x),
        first(bbox.min.y)..=first(bbox.max.y),
    );
    rows.flat_map(move |row| {
        cols.clone().map(move |col| Point {
            x: (col as f64 + 0.5) * step,
            y: (row as f64 + 0.5) * step,
        })
    })
}
