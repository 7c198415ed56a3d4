//! The signal models. Each is the standard one of its technology, with parameters from
//! published measurements; the simulator draws from them and the estimators invert them.
//!
//! | model | formula | parameters (source) |
//! | --- | --- | --- |
//! | BLE RSSI | `P0 - 10 n log10(d / 1 m) - walls Lw - Lf(floors) + S + e` | `P0` the beacon's measured power, -59 dBm (Apple, *Getting Started with iBeacon*, calibration at 1 m); `n` = 2.0 (Rappaport, *Wireless Communications*, table 4.2: 1.6-1.8 in-building line of sight, 2-3 obstructed); `Lw` = 4 dB per interior wall (Wilson, *Propagation losses through common building materials*, 2.4 GHz: drywall 3, brick about 6); `Lf` = 15 + 4 (floors - 1) dB (ITU-R P.1238 floor penetration factor at 2.4 GHz, office); `S` spatially correlated shadowing, 3 dB over about 3 m (Gudmundson's model); `e` per-advertisement fading, 4 dB (Faragher and Harle, *Location fingerprinting with BLE beacons*, IEEE JSAC 2015: several dB between advertising channels); 25 % of advertisements missed in a scan; nothing below -95 dBm (phone sensitivity) |
//! | AoA angles | true azimuth and elevation at the gateway, plus normal noise | 2.5 degrees in azimuth and elevation after a second's packets are combined (Bluetooth 5.1 direction finding; vendors give 1-5 degrees in line of sight); a gateway hears tags within its `range` on its own level |
//! | UWB ranges | 3D distance `+ N(0, 0.05 m)`, `+ Exp(0.4 m)` per wall in the way | 5 cm ranging noise (Decawave DW1000 datasheet: 10 cm accuracy); non-line-of-sight bias positive and about 0.3-0.5 m per obstruction (Schroeder et al., *NLOS detection for UWB*, 2007); anchors heard within 40 m on the tag's level |

use crate::random::{Rng, smooth_noise};
use crate::space::{Device, Point, TAG_HEIGHT};

/// BLE parameters (see the module's table).
#[derive(Debug, Clone, Copy)]
pub struct BleModel {
    pub path_loss_exponent: f64,
    pub wall_loss_db: f64,
    pub first_floor_loss_db: f64,
    pub next_floor_loss_db: f64,
    pub shadowing_db: f64,
    pub shadowing_cell_m: f64,
    pub fading_db: f64,
    pub miss_rate: f64,
    pub sensitivity_dbm: f64,
    /// Advertisements a beacon sends in one second (its interval is 200 ms).
    pub adverts_per_second: u32,
}

impl BleModel {
    pub const STANDARD: BleModel = BleModel {
        path_loss_exponent: 2.0,
        wall_loss_db: 4.0,
        first_floor_loss_db: 15.0,
        next_floor_loss_db: 4.0,
        shadowing_db: 3.0,
        shadowing_cell_m: 3.0,
        fading_db: 4.0,
        miss_rate: 0.25,
        sensitivity_dbm: -95.0,
        adverts_per_second: 5,
    };

    /// Mean RSSI in dBm at 3D distance `distance` behind `walls` walls and `floors` slabs,
    /// without shadowing or fading: what an estimator can predict.
    pub fn mean_rssi(&self, tx_power: f64, distance: f64, walls: u32, floors: u32) -> f64 {
        tx_power
            - 10.0 * self.path_loss_exponent * distance.max(0.1).log10()
            - self.wall_loss_db * f64::from(walls)
            - self.floor_loss_db(floors)
    }

    pub fn floor_loss_db(&self, floors: u32) -> f64 {
        match floors {
            0 => 0.0,
            n => self.first_floor_loss_db + self.next_floor_loss_db * f64::from(n - 1),
        }
    }

    /// The distance at which the mean RSSI is `rssi` in line of sight: the inverse of
    /// [`mean_rssi`](Self::mean_rssi) with no walls or floors.
    pub fn distance_for(&self, tx_power: f64, rssi: f64) -> f64 {
        10f64.powf((tx_power - rssi) / (10.0 * self.path_loss_exponent))
    }

    /// Shadowing at a point for one beacon: the same for every tag and second there.
    pub fn shadowing(&self, device_key: u64, at: Point) -> f64 {
        self.shadowing_db * smooth_noise(device_key, at.x, at.y, self.shadowing_cell_m)
    }

    /// One second's scan of one beacon: the mean RSSI of the advertisements heard, and how
    /// many were heard (none: the beacon is not in the scan).
    pub fn scan(&self, mean_with_shadowing: f64, rng: &mut Rng) -> Option<(f64, u8)> {
        let (mut sum, mut heard) = (0.0, 0u8);
        for _ in 0..self.adverts_per_second {
            let missed = rng.uniform() < self.miss_rate;
            let rssi = mean_with_shadowing + self.fading_db * rng.normal();
            if !missed && rssi >= self.sensitivity_dbm {
                sum += rssi;
                heard += 1;
            }
        }
        (heard > 0).then(|| (sum / f64::from(heard), heard))
    }
}

/// AoA parameters.
#[derive(Debug, Clone, Copy)]
pub struct AoaModel {
    pub angle_noise_deg: f64,
}

impl AoaModel {
    pub const STANDARD: AoaModel = AoaModel {
        angle_noise_deg: 2.5,
    };

    /// Azimuth (radians, counter-clockwise from east) and elevation (radians below the
    /// gateway's horizon) of a tag at `at`, seen from `gateway`.
    pub fn angles(gateway: &Device, at: Point) -> (f64, f64) {
        let (dx, dy) = (at.x - gateway.at.x, at.y - gateway.at.y);
        let drop = (gateway.height - TAG_HEIGHT).max(0.1);
        (dy.atan2(dx), drop.atan2((dx * dx + dy * dy).sqrt()))
    }
}

/// UWB parameters.
#[derive(Debug, Clone, Copy)]
pub struct UwbModel {
    pub range_noise_m: f64,
    pub nlos_bias_mean_m: f64,
    pub max_range_m: f64,
}

impl UwbModel {
    pub const STANDARD: UwbModel = UwbModel {
        range_noise_m: 0.05,
        nlos_bias_mean_m: 0.4,
        max_range_m: 40.0,
    };

    /// 3D distance from a tag at `at` to `anchor`.
    pub fn distance(anchor: &Device, at: Point) -> f64 {
        let drop = anchor.height - TAG_HEIGHT;
        (at.distance_squared(anchor.at) + drop * drop).sqrt()
    }

    /// One measured range: the distance, noise, and a positive bias per wall in the way.
    pub fn range(&self, distance: f64, walls: u32, rng: &mut Rng) -> f64 {
        let bias: f64 = (0..walls)
            .map(|_| rng.exponential(self.nlos_bias_mean_m))
            .sum();
        (distance + bias + self.range_noise_m * rng.normal()).max(0.0)
    }
}

/// Smallest difference between two angles, in radians, in [-pi, pi].
pub fn angle_difference(a: f64, b: f64) -> f64 {
    let d = (a - b).rem_euclid(std::f64::consts::TAU);
    if d > std::f64::consts::PI {
        d - std::f64::consts::TAU
    } else {
        d
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::space::DeviceKind;

    const BLE: BleModel = BleModel::STANDARD;

    #[test]
    fn ble_mean_rssi_follows_the_log_distance_formula() {
        assert!((BLE.mean_rssi(-59.0, 1.0, 0, 0) - -59.0).abs() < 1e-9);
        // n = 2: 20 dB per decade of distance.
        assert!((BLE.mean_rssi(-59.0, 10.0, 0, 0) - -79.0).abs() < 1e-9);
        assert!((BLE.mean_rssi(-59.0, 10.0, 2, 0) - -87.0).abs() < 1e-9);
        assert!((BLE.mean_rssi(-59.0, 10.0, 0, 1) - -94.0).abs() < 1e-9);
        assert!((BLE.mean_rssi(-59.0, 10.0, 0, 2) - -98.0).abs() < 1e-9);
        assert!((BLE.distance_for(-59.0, -79.0) - 10.0).abs() < 1e-9);
    }

    #[test]
    fn a_ble_scan_averages_the_adverts_heard_with_the_fading_and_misses_of_the_model() {
        let mut rng = Rng::new(3);
        let scans: Vec<(f64, u8)> = (0..20_000)
            .filter_map(|_| BLE.scan(-70.0, &mut rng))
            .collect();
        let mean = scans.iter().map(|s| s.0).sum::<f64>() / scans.len() as f64;
        let heard = scans.iter().map(|s| f64::from(s.1)).sum::<f64>() / scans.len() as f64;
        assert!((mean - -70.0).abs() < 0.1, "{mean}");
        assert!((heard - 3.75).abs() < 0.1, "{heard}");
        // Far below the sensitivity nothing is heard.
        assert!((0..100).all(|_| BLE.scan(-120.0, &mut rng).is_none()));
    }

    fn device(kind: DeviceKind, x: f64, y: f64, height: f64) -> Device {
        Device {
            kind,
            level: 0,
            at: Point::new(x, y),
            height,
            tx_power: -59.0,
            range: 12.0,
        }
    }

    #[test]
    fn aoa_angles_point_at_the_tag() {
        let gateway = device(DeviceKind::AoaGateway, 0.0, 0.0, 4.0);
        let (azimuth, elevation) = AoaModel::angles(&gateway, Point::new(0.0, 2.8));
        assert!((azimuth - std::f64::consts::FRAC_PI_2).abs() < 1e-9);
        // 2.8 m below and 2.8 m away: 45 degrees down.
        assert!((elevation - std::f64::consts::FRAC_PI_4).abs() < 1e-9);
        assert!((angle_difference(0.1, std::f64::consts::TAU - 0.1) - 0.2).abs() < 1e-9);
    }

    #[test]
    fn uwb_ranges_are_the_3d_distance_with_noise_and_a_positive_bias_behind_walls() {
        let anchor = device(DeviceKind::UwbAnchor, 0.0, 0.0, 2.8 + TAG_HEIGHT);
        assert!((UwbModel::distance(&anchor, Point::new(2.1, 0.0)) - 3.5).abs() < 1e-9);
        let model = UwbModel::STANDARD;
        let mut rng = Rng::new(9);
        let clear: Vec<f64> = (0..10_000)
            .map(|_| model.range(10.0, 0, &mut rng))
            .collect();
        let mean = clear.iter().sum::<f64>() / clear.len() as f64;
        let sd =
            (clear.iter().map(|r| (r - mean).powi(2)).sum::<f64>() / clear.len() as f64).sqrt();
        assert!(
            (mean - 10.0).abs() < 0.005 && (sd - 0.05).abs() < 0.005,
            "{mean} {sd}"
        );
        let behind: f64 = (0..10_000)
            .map(|_| model.range(10.0, 1, &mut rng))
            .sum::<f64>()
            / 1e4;
        assert!((behind - 10.4).abs() < 0.03, "{behind}");
    }
}
