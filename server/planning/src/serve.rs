//! When a device at a candidate site serves a demand point, per technology: within its reach,
//! and through no more walls than its signal takes (counted on the positioning engine's raster,
//! `site_venues::RadioSpace`, as the simulator counts them). AoA and UWB need line of sight,
//! and two gateways (bearings that cross) or three anchors (trilateration) at every point, as
//! `site_positioning::coverage::served` asks; BLE needs one beacon near enough, the reach chosen
//! by the planner for the accuracy asked.

use site_positioning::coverage::{AOA_GATEWAYS, UWB_ANCHORS};
use std::ops::RangeInclusive;

use site_positioning::{Point as EnginePoint, Space, Technology};
use site_venues::RadioSpace;
use site_venues::geometry::{Bbox, Point};
use site_venues::grid::Grid;

use super::floor::Floor;

/// What a technology asks of the devices around a point.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Requirement {
    /// Devices that must serve each point.
    pub need: u8,
    /// Devices that must serve each point of public circulation, where people walk most.
    pub need_walkable: u8,
    /// How far a device serves, metres.
    pub reach_m: f64,
    /// How far it serves a point of public circulation.
    pub reach_walkable_m: f64,
    /// Walls its signal may pass between the device and the point.
    pub walls: u32,
    /// The spread ([`crate::spread`]) the devices serving a point must have around it.
    pub min_spread: Option<f64>,
}

/// How much farther a beacon serves a room than public circulation (measured on the demo
/// hospital with the lab: 1.4 to 1.6 met CEP95 3 m with 102-118 beacons, 1.0 needed 155).
pub const ROOM_REACH_FACTOR: f64 = 1.5;
/// An AoA gateway's reach: the `range` the demo venues' gateways carry (docs/live-positioning.md).
pub const AOA_RANGE_M: f64 = 12.0;
/// A UWB anchor's planned reach: 30 m of the radio's 40, the margin the demo venues keep.
pub const UWB_REACH_M: f64 = 30.0;
/// The spread UWB anchors keep around each point: the demo venues' hand-placed anchors have at
/// least 0.022 (the hospital's corridor, staggered from wall to wall); anchors on one line have 0.
pub const UWB_MIN_SPREAD: f64 = 0.02;

impl Requirement {
    /// BLE with a beacon in sight of every point, within `reach_m` of each point of public
    /// circulation and within [`ROOM_REACH_FACTOR`] times that in rooms. In sight: a beacon
    /// behind a wall is heard, but a room served only through its wall is where the filter puts
    /// a tag on the wrong side of it. Nearer in circulation: the walkers' routes run there, and
    /// along a corridor the beacons either side of a tag fix where along it the tag is; a tag in
    /// a room stands still more, and the room's own beacon places it in the room.
    pub fn ble(reach_m: f64) -> Self {
        Self {
            need: 1,
            need_walkable: 1,
            reach_m: reach_m * ROOM_REACH_FACTOR,
            reach_walkable_m: reach_m,
            walls: 0,
            min_spread: None,
        }
    }

    /// What `technology` asks with devices reaching `reach_m` (the planner's searched
    /// variable; [`Requirement::reaches`] bounds it).
    pub fn of(technology: Technology, reach_m: f64) -> Self {
        let (need, min_spread) = match technology {
            Technology::Ble => return Self::ble(reach_m),
            Technology::Aoa => (AOA_GATEWAYS as u8, None),
            Technology::Uwb => (UWB_ANCHORS as u8, Some(UWB_MIN_SPREAD)),
        };
        Self {
            need,
            need_walkable: need,
            reach_m,
            reach_walkable_m: reach_m,
            walls: 0,
            min_spread,
        }
    }

    /// The reaches the planner tries for `technology`, and its first for a target CEP95: BLE's
    /// from the demo venues' beacons (every point within 7 m of one measures about 2.3 m);
    /// gateways and anchors from their radio's reach down (more devices, nearer: finer angles
    /// and ranges).
    pub fn reaches(technology: Technology, target_cep95_m: f64) -> (f64, RangeInclusive<f64>) {
        match technology {
            Technology::Ble => ((target_cep95_m * 2.1).clamp(3.0, 12.0), 3.0..=12.0),
            Technology::Aoa => (AOA_RANGE_M, 4.0..=AOA_RANGE_M),
            Technology::Uwb => (UWB_REACH_M, 8.0..=UWB_REACH_M),
        }
    }
}

/// How many devices each point of `floor` needs.
pub fn needs(floor: &Floor, requirement: Requirement) -> Vec<u8> {
    (floor.walkable.iter())
        .map(|&w| {
            if w {
                requirement.need_walkable
            } else {
                requirement.need
            }
        })
        .collect()
}

/// For each candidate site of `floor`, the demand points it serves.
pub fn serves(floor: &Floor, space: &RadioSpace, requirement: Requirement) -> Vec<Vec<u32>> {
    let longest = requirement.reach_m.max(requirement.reach_walkable_m);
    // The venue engine's spatial index, each point a box of no size.
    let boxes: Vec<Bbox> = (floor.points.iter())
        .map(|&p| Bbox { min: p, max: p })
        .collect();
    let grid = Grid::build(
        Bbox::of_points(floor.points.iter().copied()),
        longest,
        &boxes,
    );
    let reach2 = requirement.reach_m * requirement.reach_m;
    let reach_walkable2 = requirement.reach_walkable_m * requirement.reach_walkable_m;
    floor
        .sites
        .iter()
        .map(|&site| {
            let mut served = Vec::new();
            let near = Bbox {
                min: site,
                max: site,
            }
            .inflated(longest);
            grid.visit_box(&near, |index| {
                let point = floor.points[index as usize];
                let (dx, dy) = (point.x - site.x, point.y - site.y);
                let reach2 = if floor.walkable[index as usize] {
                    reach_walkable2
                } else {
                    reach2
                };
                if dx * dx + dy * dy <= reach2
                    && space.walls_up_to(
                        floor.ordinal,
                        engine(site),
                        engine(point),
                        requirement.walls,
                    ) <= requirement.walls
                {
                    served.push(index);
                }
                true
            });
            served.sort_unstable();
            served
        })
        .collect()
}

fn engine(p: Point) -> EnginePoint {
    EnginePoint::new(p.x, p.y)
}
