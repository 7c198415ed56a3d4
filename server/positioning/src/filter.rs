//! The particle filter. Each particle is a guess of where the tag is and how it moves; every
//! second they walk (never through a wall or into a space that is not walkable), are weighed
//! by how well they explain the second's measurements, and the unlikely ones are replaced by
//! copies of the likely ones. The level comes from [`FloorDetector`]; a change of level, or a
//! cloud that has drifted away from what the measurements say, starts the cloud again around
//! the one-shot [`baseline`](crate::baseline) estimate.

use std::borrow::Cow;

use crate::floor::FloorDetector;
use crate::radio::{AoaModel, BleModel, UwbModel, angle_difference};
use crate::radio_map::RadioMap;
use crate::random::Rng;
use crate::simulate::{Devices, Reading, Scan, ble_distance};
use crate::space::{Point, Pose, Space, Technology};

/// Per-technology settings: particle count, the spread of a fresh cloud, and the likelihood's
/// standard deviations. The likelihoods are wider than the simulator's noise where the filter
/// cannot know what the simulator does: BLE's walls and shadowing, UWB's obstructions.
#[derive(Debug, Clone, Copy)]
struct Tuning {
    particles: usize,
    start_spread_m: f64,
    /// Seconds the cloud may sit this far from the baseline before it is started again.
    drift_limit_m: f64,
    /// Share of particles drawn afresh around each second's one-shot fix, and their spread.
    reset_share: f64,
    reset_spread_m: f64,
    /// The likelihood is raised to this power. Readings of one second share their errors (the
    /// shadowing around the tag, the people near it), so multiplying their likelihoods as if
    /// independent makes the cloud far too sure of itself: it collapses onto a few particles
    /// and cannot follow the tag out of a shop.
    temper: f64,
}

fn tuning(technology: Technology) -> Tuning {
    match technology {
        Technology::Ble => Tuning {
            particles: 200,
            start_spread_m: 3.0,
            drift_limit_m: 8.0,
            reset_share: 0.1,
            reset_spread_m: 2.0,
            temper: 0.5,
        },
        Technology::Aoa => Tuning {
            particles: 300,
            start_spread_m: 1.0,
            drift_limit_m: 3.0,
            reset_share: 0.1,
            reset_spread_m: 0.5,
            temper: 1.0,
        },
        Technology::Uwb => Tuning {
            particles: 300,
            start_spread_m: 0.3,
            drift_limit_m: 1.5,
            reset_share: 0.1,
            reset_spread_m: 0.3,
            temper: 1.0,
        },
    }
}

/// BLE: a measured RSSI below the prediction is likelier than one above it (walls and people
/// only take signal away), so the two sides have their own deviations.
const BLE_BELOW_DB: f64 = 7.0;
const BLE_ABOVE_DB: f64 = 4.0;
const AOA_ANGLE_DEG: f64 = 3.0;
const BLE_STRONGEST: usize = 10;
const UWB_NEAREST: usize = 8;
/// A range's deviation in line of sight: the ranging noise and a little more. Behind walls the
/// expected obstruction bias widens it.
const UWB_RANGE_M: f64 = 0.08;
/// Velocity kept from one second to the next, and the random change added (m/s per axis).
const INERTIA: f64 = 0.8;
const ACCELERATION: f64 = 0.4;
/// Spread of a fresh particle's velocity per axis (m/s): people walk at about 1.2 m/s.
const START_SPEED: f64 = 0.8;
/// Seconds away from the baseline before the cloud is started again.
const DRIFT_SECONDS: u32 = 3;

#[derive(Debug, Clone, Copy)]
struct Particle {
    at: Point,
    vx: f64,
    vy: f64,
    log_weight: f64,
}

/// What the filter believes after a second.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Estimate {
    pub pose: Pose,
    /// Weighted standard deviation of the cloud, in metres: the filter's own uncertainty.
    pub spread: f64,
}

#[derive(Debug, Clone)]
pub struct ParticleFilter {
    tuning: Tuning,
    particles: Vec<Particle>,
    level: Option<i32>,
    floor: FloorDetector,
    rng: Rng,
    drifting: u32,
    last: Option<Estimate>,
}

impl ParticleFilter {
    /// A filter with no belief yet; `key` seeds its draws (see [`crate::random`]).
    pub fn new(technology: Technology, key: u64) -> Self {
        Self {
            tuning: tuning(technology),
            particles: Vec::new(),
            level: None,
            floor: FloorDetector::default(),
            rng: Rng::new(key),
            drifting: 0,
            last: None,
        }
    }

    /// One second: move, weigh, resample. `None` until the first usable scan.
    pub fn step(
        &mut self,
        scan: &Scan,
        devices: &Devices,
        map: &RadioMap,
        space: &impl Space,
    ) -> Option<Estimate> {
        let Some(level) = self.floor.update(&scan.readings, devices) else {
            return self.last;
        };
        let baseline = crate::baseline::estimate(&scan.readings, level, devices);
        if self.level != Some(level) || self.particles.is_empty() {
            let Some(centre) = baseline else {
                return self.last;
            };
            self.start(level, centre, space);
        } else {
            self.predict(level, space);
            if let Some(centre) = baseline {
                self.reset_some(level, centre, space);
            }
        }
        if scan.readings.is_empty() {
            return self.last;
        }
        self.weigh(level, &strongest(scan), devices, map, space);
        let weights: Vec<f64> = self.particles.iter().map(|p| p.log_weight.exp()).collect();
        let estimate = self.estimate(level, &weights);
        let restarted =
            baseline.is_some_and(|centre| self.watch_drift(level, estimate.pose.at, centre, space));
        // A restarted cloud has equal weights: nothing to resample.
        if !restarted {
            self.resample_if_degenerate(&weights);
        }
        self.last = Some(estimate);
        self.last
    }

    fn start(&mut self, level: i32, centre: Point, space: &impl Space) {
        self.level = Some(level);
        self.drifting = 0;
        let spread = self.tuning.start_spread_m;
        self.particles = (0..self.tuning.particles)
            .map(|_| {
                let at = (0..20)
                    .map(|_| {
                        Point::new(
                            centre.x + spread * self.rng.normal(),
                            centre.y + spread * self.rng.normal(),
                        )
                    })
                    .find(|&p| space.walkable(level, p))
                    .unwrap_or(centre);
                Particle {
                    at,
                    vx: START_SPEED * self.rng.normal(),
                    vy: START_SPEED * self.rng.normal(),
                    log_weight: 0.0,
                }
            })
            .collect();
    }

    fn predict(&mut self, level: i32, space: &impl Space) {
        for particle in &mut self.particles {
            let mut moved = false;
            for _ in 0..2 {
                let vx = INERTIA * particle.vx + ACCELERATION * self.rng.normal();
                let vy = INERTIA * particle.vy + ACCELERATION * self.rng.normal();
                let to = Point::new(particle.at.x + vx, particle.at.y + vy);
                if space.can_step(level, particle.at, to) {
                    (particle.at, particle.vx, particle.vy) = (to, vx, vy);
                    moved = true;
                    break;
                }
            }
            if !moved {
                (particle.vx, particle.vy) = (0.0, 0.0);
            }
        }
    }

    /// Sensor resetting (Lenser and Veloso, 2000): a share of the particles is drawn afresh
    /// around the second's one-shot fix. With ranges as sharp as UWB's, a cloud that only
    /// drifts and is weighed has too few particles near the truth to resolve centimetres.
    fn reset_some(&mut self, level: i32, centre: Point, space: &impl Space) {
        let Tuning {
            reset_share,
            reset_spread_m,
            ..
        } = self.tuning;
        let count = (self.particles.len() as f64 * reset_share) as usize;
        for _ in 0..count {
            let index = self.rng.below(self.particles.len());
            let at = Point::new(
                centre.x + reset_spread_m * self.rng.normal(),
                centre.y + reset_spread_m * self.rng.normal(),
            );
            if space.walkable(level, at) {
                let particle = &mut self.particles[index];
                particle.at = at;
            }
        }
    }

    fn weigh(
        &mut self,
        level: i32,
        readings: &[Reading],
        devices: &Devices,
        map: &RadioMap,
        space: &impl Space,
    ) {
        let uwb = UwbModel::STANDARD;
        let ble = BleModel::STANDARD;
        let temper = self.tuning.temper;
        for particle in &mut self.particles {
            let pose = Pose {
                level,
                at: particle.at,
            };
            let mut log_likelihood = 0.0;
            for reading in readings {
                log_likelihood += match *reading {
                    Reading::Ble { device, rssi, .. } => {
                        let beacon = devices.get(device);
                        let floors = level.abs_diff(beacon.level);
                        let (walls, surveyed) = if floors == 0 {
                            map.at(devices, space, device, particle.at)
                        } else {
                            (0, 0.0)
                        };
                        let distance = ble_distance(beacon, pose);
                        let predicted =
                            ble.mean_rssi(beacon.tx_power, distance, walls, floors) + surveyed;
                        let residual = rssi - predicted;
                        let sigma = if residual < 0.0 {
                            BLE_BELOW_DB
                        } else {
                            BLE_ABOVE_DB
                        };
                        -0.5 * (residual / sigma).powi(2)
                    }
                    Reading::Aoa {
                        device,
                        azimuth,
                        elevation,
                    } => {
                        let (a, e) = AoaModel::angles(devices.get(device), particle.at);
                        let sigma = AOA_ANGLE_DEG.to_radians();
                        let (da, de) = (angle_difference(azimuth, a), elevation - e);
                        -0.5 * (da * da + de * de) / (sigma * sigma)
                    }
                    Reading::Uwb { device, range } => {
                        // Each wall between anchor and particle lengthens a range by the
                        // obstruction bias on average. Counted on the floor plan itself: the
                        // radio map's metre grid puts a particle by a wall on the wrong side of
                        // it, and at UWB's centimetres that pushes the cloud off the walls.
                        let anchor = devices.get(device);
                        let walls = space.walls_between(level, anchor.at, particle.at) as f64;
                        let bias = walls * uwb.nlos_bias_mean_m;
                        let residual = range - UwbModel::distance(anchor, particle.at) - bias;
                        let sigma = UWB_RANGE_M + bias;
                        // A floor under the Gaussian: one wildly wrong range cannot wipe out
                        // the cloud.
                        (-0.5 * (residual / sigma).powi(2)).max(-12.0)
                    }
                };
            }
            particle.log_weight += temper * log_likelihood;
        }
        let top = self
            .particles
            .iter()
            .map(|p| p.log_weight)
            .fold(f64::NEG_INFINITY, f64::max);
        for particle in &mut self.particles {
            particle.log_weight -= top;
        }
    }

    /// The weighted mean of the cloud; `weights` are the particles' weights, in order.
    fn estimate(&self, level: i32, weights: &[f64]) -> Estimate {
        let total: f64 = weights.iter().sum();
        let (mut x, mut y) = (0.0, 0.0);
        for (particle, weight) in self.particles.iter().zip(weights) {
            x += particle.at.x * weight;
            y += particle.at.y * weight;
        }
        let centre = Point::new(x / total, y / total);
        let variance = self
            .particles
            .iter()
            .zip(weights)
            .map(|(p, w)| p.at.distance(centre).powi(2) * w)
            .sum::<f64>()
            / total;
        Estimate {
            pose: Pose { level, at: centre },
            spread: variance.sqrt(),
        }
    }

    /// Starts the cloud again around the baseline once it has sat too far from it for
    /// [`DRIFT_SECONDS`]; true when it did.
    fn watch_drift(
        &mut self,
        level: i32,
        estimate: Point,
        baseline: Point,
        space: &impl Space,
    ) -> bool {
        if estimate.distance(baseline) <= self.tuning.drift_limit_m {
            self.drifting = 0;
            return false;
        }
        self.drifting += 1;
        if self.drifting < DRIFT_SECONDS {
            return false;
        }
        self.start(level, baseline, space);
        true
    }

    /// Systematic resampling when the effective number of particles falls under half.
    fn resample_if_degenerate(&mut self, weights: &[f64]) {
        let total: f64 = weights.iter().sum();
        let effective = total * total / weights.iter().map(|w| w * w).sum::<f64>();
        if effective >= self.particles.len() as f64 / 2.0 {
            return;
        }
        let count = self.particles.len();
        let step = total / count as f64;
        let mut pointer = self.rng.uniform() * step;
        let (mut index, mut cumulative) = (0, weights[0]);
        let mut next = Vec::with_capacity(count);
        for _ in 0..count {
            while cumulative < pointer && index + 1 < count {
                index += 1;
                cumulative += weights[index];
            }
            next.push(Particle {
                log_weight: 0.0,
                ..self.particles[index]
            });
            pointer += step;
        }
        self.particles = next;
    }
}

/// The readings the filter weighs: all of an AoA scan, the [`BLE_STRONGEST`] strongest beacons
/// of a BLE one, the [`UWB_NEAREST`] shortest ranges of a UWB one. Far beacons add little but
/// noise and walls the map does not reach; far anchors add little but cost, every range being
/// weighed against the walls between anchor and particle.
fn strongest(scan: &Scan) -> Cow<'_, [Reading]> {
    let (keep, rank): (usize, fn(&Reading) -> f64) = match scan.technology {
        Technology::Aoa => return Cow::Borrowed(&scan.readings),
        Technology::Ble => (BLE_STRONGEST, |reading| match *reading {
            Reading::Ble { rssi, .. } => -rssi,
            _ => f64::INFINITY,
        }),
        Technology::Uwb => (UWB_NEAREST, |reading| match *reading {
            Reading::Uwb { range, .. } => range,
            _ => f64::INFINITY,
        }),
    };
    if scan.readings.len() <= keep {
        return Cow::Borrowed(&scan.readings);
    }
    let mut used = scan.readings.clone();
    used.sort_by(|a, b| rank(a).total_cmp(&rank(b)));
    used.truncate(keep);
    Cow::Owned(used)
}
