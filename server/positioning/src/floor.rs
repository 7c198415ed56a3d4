//! Which level a tag is on. BLE hears beacons of the levels around it, each slab costing 15 dB
//! or more: the level whose strongest beacons are loudest is the tag's. AoA gateways and UWB
//! anchors are not heard through a slab, so their level is the tag's. A change is accepted
//! only when the new level wins [`CONFIRM_SECONDS`] seconds running: a single loud beacon
//! through an atrium does not move a shopper upstairs.

use std::collections::BTreeMap;

use crate::simulate::{Devices, Reading};

/// Seconds a new level must win before the tag is moved to it.
pub const CONFIRM_SECONDS: u32 = 2;

/// Beacons per level whose RSSIs are averaged into the level's score.
const LOUDEST: usize = 3;

#[derive(Debug, Clone, Default)]
pub struct FloorDetector {
    level: Option<i32>,
    candidate: Option<(i32, u32)>,
}

impl FloorDetector {
    pub fn level(&self) -> Option<i32> {
        self.level
    }

    /// Updates with one second's readings; returns the level now believed.
    pub fn update(&mut self, readings: &[Reading], devices: &Devices) -> Option<i32> {
        let Some(winner) = loudest_level(readings, devices) else {
            return self.level;
        };
        match self.level {
            None => self.level = Some(winner),
            Some(current) if current == winner => self.candidate = None,
            Some(_) => {
                let seen = match self.candidate {
                    Some((level, seconds)) if level == winner => seconds + 1,
                    _ => 1,
                };
                if seen >= CONFIRM_SECONDS {
                    self.level = Some(winner);
                    self.candidate = None;
                } else {
                    self.candidate = Some((winner, seen));
                }
            }
        }
        self.level
    }
}

fn loudest_level(readings: &[Reading], devices: &Devices) -> Option<i32> {
    let mut by_level: BTreeMap<i32, Vec<f64>> = BTreeMap::new();
    for reading in readings {
        let (device, score) = match *reading {
            Reading::Ble { device, rssi, .. } => (device, rssi),
            // Heard at all means same level; nearer devices count a little more.
            Reading::Aoa { device, .. } => (device, 0.0),
            Reading::Uwb { device, range } => (device, -range),
        };
        by_level
            .entry(devices.get(device).level)
            .or_default()
            .push(score);
    }
    by_level
        .into_iter()
        .map(|(level, mut scores)| {
            scores.sort_by(|a, b| b.total_cmp(a));
            // A level heard through one beacon only scores as if its others were at -100 dBm.
            let top: f64 = (0..LOUDEST)
                .map(|i| scores.get(i).copied().unwrap_or(-100.0))
                .sum();
            (level, top / LOUDEST as f64)
        })
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(level, _)| level)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::space::{Device, DeviceKind, Point};

    fn beacons() -> Devices {
        let beacon = |level, x| Device {
            kind: DeviceKind::BleBeacon,
            level,
            at: Point::new(x, 0.0),
            height: 2.8,
            tx_power: -59.0,
            range: 0.0,
        };
        Devices::new(vec![
            beacon(0, 0.0),
            beacon(0, 9.0),
            beacon(0, 18.0),
            beacon(1, 0.0),
            beacon(1, 9.0),
            beacon(1, 18.0),
        ])
    }

    /// Level 0's beacons at `own` dBm and level 1's at `other`.
    fn second(own: f64, other: f64) -> Vec<Reading> {
        (0..6)
            .map(|device| Reading::Ble {
                device,
                rssi: if device < 3 { own } else { other },
                heard: 3,
            })
            .collect()
    }

    #[test]
    fn the_loudest_level_wins_but_a_change_needs_two_seconds_running() {
        let devices = beacons();
        let mut floor = FloorDetector::default();
        assert_eq!(floor.update(&second(-65.0, -85.0), &devices), Some(0));
        // One loud second upstairs (a beacon seen through an atrium) does not move the tag.
        assert_eq!(floor.update(&second(-85.0, -65.0), &devices), Some(0));
        assert_eq!(floor.update(&second(-65.0, -85.0), &devices), Some(0));
        assert_eq!(floor.update(&second(-85.0, -65.0), &devices), Some(0));
        assert_eq!(floor.update(&second(-85.0, -65.0), &devices), Some(1));
        // Nothing heard: the level stays.
        assert_eq!(floor.update(&[], &devices), Some(1));
    }

    #[test]
    fn a_level_heard_through_one_loud_beacon_loses_to_one_heard_through_three() {
        let devices = beacons();
        let readings = vec![
            Reading::Ble {
                device: 0,
                rssi: -80.0,
                heard: 3,
            },
            Reading::Ble {
                device: 1,
                rssi: -80.0,
                heard: 3,
            },
            Reading::Ble {
                device: 2,
                rssi: -82.0,
                heard: 3,
            },
            Reading::Ble {
                device: 3,
                rssi: -62.0,
                heard: 3,
            },
        ];
        assert_eq!(
            FloorDetector::default().update(&readings, &devices),
            Some(0)
        );
    }
}
