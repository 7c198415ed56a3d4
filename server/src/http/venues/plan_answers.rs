//! The events of a device plan's stream (`plan.rs`), as the viewer reads them.

use serde::Serialize;
#[cfg(test)]
use ts_rs::TS;

use site_planning::lab::Figures;
use site_planning::{Plan, Progress};
use site_venues::Venue;
use site_venues::geometry::Point;

use super::answers::{lon_lat, tenth};

/// `queued`: plans ahead of this one.
#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct PlanQueued {
    pub(super) ahead: usize,
}

/// `progress`: a round of the planner placing devices `reach_m` apart at most, or its lab
/// measuring them, `walked` of `walkers` walkers done.
#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct PlanProgress {
    pub(super) round: usize,
    #[cfg_attr(test, ts(type = "'placing' | 'measuring'"))]
    pub(super) stage: &'static str,
    pub(super) reach_m: Option<f64>,
    pub(super) devices: Option<usize>,
    #[cfg_attr(test, ts(type = "number | null"))]
    pub(super) walked: Option<u64>,
    #[cfg_attr(test, ts(type = "number | null"))]
    pub(super) walkers: Option<u64>,
}

impl PlanProgress {
    pub(super) fn of(step: Progress) -> Self {
        match step {
            Progress::Placing { round, reach_m } => Self {
                round,
                stage: "placing",
                reach_m: Some(tenth(reach_m)),
                devices: None,
                walked: None,
                walkers: None,
            },
            Progress::Measuring {
                round,
                devices,
                walked,
                walkers,
            } => Self {
                round,
                stage: "measuring",
                reach_m: None,
                devices: Some(devices),
                walked: Some(walked),
                walkers: Some(walkers),
            },
        }
    }
}

/// `plan`: the devices, numbered per level and kind as an installer walks each floor (rows from
/// north to south, west to east), and the lab's figures, each named by its statistic.
#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct PlanAnswer {
    #[cfg_attr(test, ts(type = "Technology"))]
    pub(super) technology: &'static str,
    pub(super) target_cep95_m: f64,
    pub(super) meets_target: bool,
    pub(super) devices: Vec<PlannedDevice>,
    /// All levels the plan covers.
    pub(super) total: PlanFigures,
    pub(super) levels: Vec<PlanFigures>,
    /// Demand points sampled every 2 m, and those no device can serve as asked.
    pub(super) points: usize,
    pub(super) short_points: usize,
    pub(super) rounds: Vec<PlanRound>,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct PlannedDevice {
    /// "L1-BLE-001".
    pub(super) name: String,
    pub(super) level: String,
    /// `[lon, lat]`.
    pub(super) point: [f64; 2],
    /// Mount height above the level's floor.
    pub(super) height_m: f64,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct PlanFigures {
    /// The level's short name; "" for all levels.
    pub(super) level: String,
    pub(super) fixes: usize,
    pub(super) cep50_m: f64,
    pub(super) cep75_m: f64,
    pub(super) cep95_m: f64,
    pub(super) floor_rate: f64,
    pub(super) served_share: f64,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct PlanRound {
    pub(super) reach_m: f64,
    pub(super) devices: usize,
    pub(super) cep95_m: f64,
}

/// `error`: why no plan came (`plan_refused`, `compute_failed`).
#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct PlanFailed {
    pub(super) code: String,
    pub(super) message: String,
}

/// Metres to the hundredth; a level no walker was served on has no figures, and NaN is not
/// JSON: 0.
fn metres(value: f64) -> f64 {
    if value.is_finite() {
        (value * 100.0).round() / 100.0
    } else {
        0.0
    }
}

impl PlanFigures {
    fn of(figures: &Figures) -> Self {
        Self {
            level: figures.level.clone(),
            fixes: figures.fixes,
            cep50_m: metres(figures.cep50_m),
            cep75_m: metres(figures.cep75_m),
            cep95_m: metres(figures.cep95_m),
            floor_rate: (figures.floor_rate * 1000.0).round() / 1000.0,
            served_share: (figures.served_share * 1000.0).round() / 1000.0,
        }
    }
}

impl PlanAnswer {
    pub(super) fn of(plan: &Plan, venue: &Venue, target: f64) -> Self {
        let model = venue.model();
        let kind = plan.technology.name().to_uppercase();
        let mut devices = Vec::with_capacity(plan.devices.len());
        for level in &model.levels {
            let mut here: Vec<_> = (plan.devices.iter())
                .filter(|d| d.level == level.ordinal)
                .collect();
            // Rows 2 m deep from north to south, west to east along each.
            here.sort_by(|a, b| {
                let row = |y: f64| -(y / 2.0).floor();
                row(a.at.y)
                    .total_cmp(&row(b.at.y))
                    .then(a.at.x.total_cmp(&b.at.x))
            });
            for (n, device) in here.into_iter().enumerate() {
                let at = Point {
                    x: device.at.x,
                    y: device.at.y,
                };
                devices.push(PlannedDevice {
                    name: format!("{}-{kind}-{:03}", level.short, n + 1),
                    level: level.short.clone(),
                    point: lon_lat(model.frame.to_lon_lat(at)),
                    height_m: tenth(device.height),
                });
            }
        }
        Self {
            technology: plan.technology.name(),
            target_cep95_m: target,
            meets_target: plan.meets_target,
            devices,
            total: PlanFigures::of(&plan.lab.total),
            levels: plan.lab.levels.iter().map(PlanFigures::of).collect(),
            points: plan.points,
            short_points: plan.short_points,
            rounds: (plan.rounds.iter())
                .map(|r| PlanRound {
                    reach_m: tenth(r.reach_m),
                    devices: r.devices,
                    cep95_m: metres(r.cep95_m),
                })
                .collect(),
        }
    }
}
