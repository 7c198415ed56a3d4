//! What a tag measures in one second at its true pose. Every draw is keyed by (seed, tag,
//! second, device), so a scan is a pure function of them: the same in every replica, and
//! recomputable for any past second.

use crate::radio::{AoaModel, BleModel, UwbModel};
use crate::random::{Rng, key};
use crate::space::{Device, DeviceKind, Pose, Space, TAG_HEIGHT, Technology};

/// Height between two levels' floors, in metres: a slab and a storey.
pub const STOREY_M: f64 = 4.5;

/// Purposes of keyed draws, so two uses of one (tag, second, device) never share numbers.
pub(crate) const SHADOWING: u64 = 1;
const SCAN: u64 = 2;
pub(crate) const SURVEY: u64 = 3;

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Reading {
    /// The mean RSSI of `heard` advertisements of beacon `device` in the second.
    Ble { device: usize, rssi: f64, heard: u8 },
    /// Radians; see [`AoaModel::angles`].
    Aoa {
        device: usize,
        azimuth: f64,
        elevation: f64,
    },
    /// Metres, 3D.
    Uwb { device: usize, range: f64 },
}

/// One second of one tag's measurements.
#[derive(Debug, Clone, PartialEq)]
pub struct Scan {
    pub second: u64,
    pub technology: Technology,
    pub readings: Vec<Reading>,
}

/// The venue's devices, indexed by kind and level.
#[derive(Debug, Clone)]
pub struct Devices {
    list: Vec<Device>,
    /// (kind, level) -> indices into `list`.
    by_level: std::collections::HashMap<(DeviceKind, i32), Vec<usize>>,
}

impl Devices {
    pub fn new(list: Vec<Device>) -> Self {
        let mut by_level: std::collections::HashMap<_, Vec<usize>> = Default::default();
        for (index, device) in list.iter().enumerate() {
            by_level
                .entry((device.kind, device.level))
                .or_default()
                .push(index);
        }
        Self { list, by_level }
    }

    pub fn get(&self, index: usize) -> &Device {
        &self.list[index]
    }

    pub fn all(&self) -> &[Device] {
        &self.list
    }

    pub fn on(&self, kind: DeviceKind, level: i32) -> &[usize] {
        self.by_level.get(&(kind, level)).map_or(&[], Vec::as_slice)
    }

    /// Levels that have devices of this kind, lowest first.
    pub fn levels(&self, kind: DeviceKind) -> Vec<i32> {
        let mut levels: Vec<i32> = self
            .by_level
            .keys()
            .filter(|(k, _)| *k == kind)
            .map(|(_, level)| *level)
            .collect();
        levels.sort_unstable();
        levels
    }
}

/// The signal simulator of one venue.
pub struct Simulator<'a, S: Space> {
    pub devices: &'a Devices,
    pub space: &'a S,
    pub seed: u64,
    pub ble: BleModel,
    pub aoa: AoaModel,
    pub uwb: UwbModel,
}

impl<'a, S: Space> Simulator<'a, S> {
    pub fn new(devices: &'a Devices, space: &'a S, seed: u64) -> Self {
        Self {
            devices,
            space,
            seed,
            ble: BleModel::STANDARD,
            aoa: AoaModel::STANDARD,
            uwb: UwbModel::STANDARD,
        }
    }

    /// What tag `tag` positioned by `technology` measures during `second` at `truth`.
    pub fn scan(&self, tag: u64, technology: Technology, second: u64, truth: Pose) -> Scan {
        let mut readings = Vec::new();
        let draws = |device: usize| Rng::new(key(&[self.seed, SCAN, tag, second, device as u64]));
        match technology {
            Technology::Ble => self.ble_readings(truth, &draws, &mut readings),
            Technology::Aoa => {
                for &index in self.devices.on(DeviceKind::AoaGateway, truth.level) {
                    let gateway = self.devices.get(index);
                    let in_sight = gateway.at.distance(truth.at) <= gateway.range
                        && self.space.walls_up_to(truth.level, gateway.at, truth.at, 0) == 0;
                    if !in_sight {
                        continue;
                    }
                    let (azimuth, elevation) = AoaModel::angles(gateway, truth.at);
                    let noise = self.aoa.angle_noise_deg.to_radians();
                    let mut rng = draws(index);
                    readings.push(Reading::Aoa {
                        device: index,
                        azimuth: azimuth + noise * rng.normal(),
                        elevation: elevation + noise * rng.normal(),
                    });
                }
            }
            Technology::Uwb => {
                for &index in self.devices.on(DeviceKind::UwbAnchor, truth.level) {
                    let anchor = self.devices.get(index);
                    let distance = UwbModel::distance(anchor, truth.at);
                    if distance > self.uwb.max_range_m {
                        continue;
                    }
                    let walls = self.space.walls_between(truth.level, anchor.at, truth.at);
                    let mut rng = draws(index);
                    readings.push(Reading::Uwb {
                        device: index,
                        range: self.uwb.range(distance, walls, &mut rng),
                    });
                }
            }
        }
        Scan {
            second,
            technology,
            readings,
        }
    }

    fn ble_readings(&self, truth: Pose, draws: &impl Fn(usize) -> Rng, out: &mut Vec<Reading>) {
        let ble = &self.ble;
        for level in truth.level - 2..=truth.level + 2 {
            let floors = truth.level.abs_diff(level);
            for &index in self.devices.on(DeviceKind::BleBeacon, level) {
                let beacon = self.devices.get(index);
                let distance = ble_distance(beacon, truth);
                let clear = ble.mean_rssi(beacon.tx_power, distance, 0, floors);
                // Out of earshot even with the luckiest draws: skip the wall count. Past as many
                // walls as that margin pays for, the beacon is out of earshot too, so the count
                // may stop there.
                let margin = clear + 3.0 * (ble.shadowing_db + ble.fading_db) - ble.sensitivity_dbm;
                if margin < 0.0 {
                    continue;
                }
                let walls = if floors == 0 {
                    let limit = (margin / ble.wall_loss_db) as u32;
                    let walls = self.space.walls_up_to(level, beacon.at, truth.at, limit);
                    if walls > limit {
                        continue;
                    }
                    walls
                } else {
                    0
                };
                let mean = ble.mean_rssi(beacon.tx_power, distance, walls, floors)
                    + ble.shadowing(key(&[self.seed, SHADOWING, index as u64]), truth.at);
                if let Some((rssi, heard)) = ble.scan(mean, &mut draws(index)) {
                    out.push(Reading::Ble {
                        device: index,
                        rssi,
                        heard,
                    });
                }
            }
        }
    }
}

/// 3D distance from a tag to a beacon, across levels [`STOREY_M`] apart.
pub fn ble_distance(beacon: &Device, tag: Pose) -> f64 {
    let vertical = f64::from(beacon.level - tag.level) * STOREY_M + beacon.height - TAG_HEIGHT;
    (tag.at.distance_squared(beacon.at) + vertical * vertical).sqrt()
}
