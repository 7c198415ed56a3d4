//! The radio map of each BLE beacon: on a 1 m grid around it, how many walls lie between it and the
//! point, and the shadowing a site survey measured there. Real BLE deployments survey the
//! site after installing the beacons (fingerprinting); here the survey is simulated from the
//! same shadowing field as the signals, with its own measurement error ([`SURVEY_ERROR_DB`]),
//! so the filter knows the place about as well as a surveyed system does and no better.
//! The filter predicts a particle's RSSI from it: thousands of predictions a second per tag
//! could not each trace a line through the venue. (2 x 24 + 1)^2 cells of two bytes per device,
//! about 4.8 KB, made when first needed.

use std::sync::OnceLock;

use crate::radio::BleModel;
use crate::random::{Rng, key};
use crate::simulate::{Devices, SHADOWING, SURVEY};
use crate::space::{DeviceKind, Point, Space};

/// Standard deviation of a surveyed point's error, in dB: a survey averages a few seconds of
/// advertisements per point, leaving about half the per-advertisement fading.
pub const SURVEY_ERROR_DB: f64 = 1.5;
/// Surveyed shadowing is kept in steps of a quarter dB.
const STEP_DB: f64 = 0.25;

/// Metres around a beacon the map covers; farther, a beacon is seldom heard on its level.
const RADIUS: i32 = 24;
const SIDE: i32 = 2 * RADIUS + 1;

#[derive(Debug, Default)]
pub struct RadioMap {
    seed: u64,
    /// Per device index: its grid, made the first time a filter asks for the device (a live
    /// crowd touches the beacons near its tags only, and a venue's map would take seconds).
    grids: Vec<OnceLock<Vec<Cell>>>,
}

#[derive(Debug, Clone, Copy)]
struct Cell {
    walls: u8,
    /// Surveyed shadowing in [`STEP_DB`] steps.
    shadowing: i8,
}

impl RadioMap {
    /// The map of a venue whose signals [`Simulator`](crate::simulate::Simulator) draws with
    /// `seed`. Each device's grid is made when first asked for, the same whenever it is.
    pub fn build(devices: &Devices, seed: u64) -> Self {
        Self {
            seed,
            grids: devices.all().iter().map(|_| OnceLock::new()).collect(),
        }
    }

    /// Walls between `device` and `at` on its level, and for a BLE beacon the shadowing
    /// surveyed there in dB, from the nearest grid point; beyond the grid, those at its edge in
    /// that direction. `devices` and `space` must be those the map was built for.
    pub fn at(
        &self,
        devices: &Devices,
        space: &impl Space,
        device: usize,
        at: Point,
    ) -> (u32, f64) {
        let Some(slot) = self.grids.get(device) else {
            return (0, 0.0);
        };
        let origin = devices.get(device).at;
        let grid = slot.get_or_init(|| self.grid(devices, space, device));
        let column = ((at.x - origin.x).round() as i32).clamp(-RADIUS, RADIUS) + RADIUS;
        let row = ((at.y - origin.y).round() as i32).clamp(-RADIUS, RADIUS) + RADIUS;
        let cell = grid[(row * SIDE + column) as usize];
        (u32::from(cell.walls), f64::from(cell.shadowing) * STEP_DB)
    }

    fn grid(&self, devices: &Devices, space: &impl Space, index: usize) -> Vec<Cell> {
        let device = devices.get(index);
        let ble = BleModel::STANDARD;
        let beacon = device.kind == DeviceKind::BleBeacon;
        let mut grid = Vec::with_capacity((SIDE * SIDE) as usize);
        let field = key(&[self.seed, SHADOWING, index as u64]);
        let mut survey = Rng::new(key(&[self.seed, SURVEY, index as u64]));
        for row in -RADIUS..=RADIUS {
            for column in -RADIUS..=RADIUS {
                let at = Point::new(
                    device.at.x + f64::from(column),
                    device.at.y + f64::from(row),
                );
                let walls = space.walls_between(device.level, device.at, at);
                let surveyed = if beacon {
                    ble.shadowing(field, at) + SURVEY_ERROR_DB * survey.normal()
                } else {
                    0.0
                };
                grid.push(Cell {
                    walls: walls.min(u32::from(u8::MAX)) as u8,
                    shadowing: (surveyed / STEP_DB).round().clamp(-127.0, 127.0) as i8,
                });
            }
        }
        grid
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::space::Device;

    /// One wall along x = 5, from y = -100 to 100.
    struct OneWall;

    impl Space for OneWall {
        fn walkable(&self, _level: i32, _at: Point) -> bool {
            true
        }
        fn walls_between(&self, _level: i32, a: Point, b: Point) -> u32 {
            u32::from((a.x < 5.0) != (b.x < 5.0))
        }
    }

    #[test]
    fn the_map_counts_the_walls_a_line_crosses_and_surveys_the_shadowing_with_its_error() {
        let beacon = Device {
            kind: DeviceKind::BleBeacon,
            level: 0,
            at: Point::new(0.0, 0.0),
            height: 2.8,
            tx_power: -59.0,
            range: 0.0,
        };
        let devices = Devices::new(vec![beacon.clone()]);
        let map = RadioMap::build(&devices, 42);
        let at = |p: Point| map.at(&devices, &OneWall, 0, p);
        assert_eq!(at(Point::new(3.0, 2.0)).0, 0);
        assert_eq!(at(Point::new(8.0, -7.0)).0, 1);
        // Beyond the grid: its edge in that direction.
        assert_eq!(at(Point::new(90.0, 0.0)).0, 1);
        // The survey differs from the true shadowing by about SURVEY_ERROR_DB.
        let ble = BleModel::STANDARD;
        let field = key(&[42, SHADOWING, 0]);
        let errors: Vec<f64> = (-20..=20)
            .flat_map(|x| (-20..=20).map(move |y| Point::new(f64::from(x), f64::from(y))))
            .map(|p| at(p).1 - ble.shadowing(field, p))
            .collect();
        let sd = (errors.iter().map(|e| e * e).sum::<f64>() / errors.len() as f64).sqrt();
        assert!((sd - SURVEY_ERROR_DB).abs() < 0.15, "{sd}");
    }
}
