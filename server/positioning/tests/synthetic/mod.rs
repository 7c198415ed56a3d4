//! A small two-level building for the engine's tests: a 60 x 30 m floor with a corridor down
//! its middle (y 12-18) and ten 10 x 12 m shops off it, each with a 2 m door onto the corridor;
//! a stair at the east end joins the levels. Devices as a real project places them: BLE beacons
//! on a 9 m grid on both levels, AoA gateways over level 0's corridor and two shops, and UWB anchors along
//! the corridor, in its line of sight, 20 m apart.

use site_positioning::simulate::Devices;
pub(crate) use site_positioning::timed_path::TimedPath;
use site_positioning::{Device, DeviceKind, Point, Pose, Space};

pub(crate) const WIDTH: f64 = 60.0;
pub(crate) const DEPTH: f64 = 30.0;

pub(crate) struct Building {
    walls: Vec<(Point, Point)>,
}

impl Building {
    pub(crate) fn new() -> Self {
        let mut walls = Vec::new();
        for (wall_y, shop_side) in [(12.0, 0.0), (18.0, DEPTH)] {
            for shop in 0..6 {
                let (x0, x1) = (f64::from(shop) * 10.0, f64::from(shop + 1) * 10.0);
                let door = (x0 + 4.0, x0 + 6.0);
                walls.push((Point::new(x0, wall_y), Point::new(door.0, wall_y)));
                walls.push((Point::new(door.1, wall_y), Point::new(x1, wall_y)));
                if shop > 0 {
                    walls.push((Point::new(x0, wall_y), Point::new(x0, shop_side)));
                }
            }
        }
        Self { walls }
    }
}

impl Space for Building {
    fn walkable(&self, _level: i32, at: Point) -> bool {
        (0.3..WIDTH - 0.3).contains(&at.x) && (0.3..DEPTH - 0.3).contains(&at.y)
    }

    fn walls_between(&self, _level: i32, a: Point, b: Point) -> u32 {
        self.walls
            .iter()
            .filter(|(p, q)| crosses(a, b, *p, *q))
            .count() as u32
    }
}

fn crosses(a: Point, b: Point, p: Point, q: Point) -> bool {
    let side = |o: Point, u: Point, v: Point| (u.x - o.x) * (v.y - o.y) - (u.y - o.y) * (v.x - o.x);
    let (d1, d2) = (side(p, q, a), side(p, q, b));
    let (d3, d4) = (side(a, b, p), side(a, b, q));
    d1 * d2 < 0.0 && d3 * d4 < 0.0
}

pub(crate) fn devices() -> Devices {
    let mut list = Vec::new();
    let device = |kind, level, x, y, height| Device {
        kind,
        level,
        at: Point::new(x, y),
        height,
        tx_power: -59.0,
        range: 12.0,
    };
    for level in [0, 1] {
        for ix in 0..7 {
            for iy in 0..4 {
                let (x, y) = (3.0 + f64::from(ix) * 9.0, 2.0 + f64::from(iy) * 8.7);
                list.push(device(DeviceKind::BleBeacon, level, x, y, 2.8));
            }
        }
    }
    // Over the corridor every 12 m, and in the two shops the AoA walk visits.
    for x in [6.0, 18.0, 30.0, 42.0, 54.0] {
        list.push(device(DeviceKind::AoaGateway, 0, x, 15.0, 4.0));
    }
    for (x, y) in [(5.0, 6.0), (35.0, 24.0)] {
        list.push(device(DeviceKind::AoaGateway, 0, x, y, 4.0));
    }
    for (i, x) in [0.5, 20.0, 40.0, 59.5].into_iter().enumerate() {
        for y in [12.5, 17.5] {
            let x = if i % 2 == 0 { x } else { x + 2.0 };
            list.push(device(DeviceKind::UwbAnchor, 0, x, y, 2.8));
        }
    }
    Devices::new(list)
}

pub(crate) fn pose(level: i32, x: f64, y: f64) -> Pose {
    Pose {
        level,
        at: Point::new(x, y),
    }
}
