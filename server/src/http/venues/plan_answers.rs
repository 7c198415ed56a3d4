//! The events of a device plan's stream (`plan.rs`), as the viewer reads them.

use serde::Serialize;
#[cfg(test)]
use ts_rs::TS;

use site_planning::lab::{Figures, HEAT_CELL_M, Heat};
use site_planning::{Plan, Progress};
use site_venues::Venue;
use site_venues::geometry::Point;

use super::answers::{HeatGrid, lon_lat, tenth};

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
    round: usize,
    #[cfg_attr(test, ts(type = "'placing' | 'measuring'"))]
    stage: &'static str,
    reach_m: Option<f64>,
    devices: Option<usize>,
    #[cfg_attr(test, ts(type = "number | null"))]
    walked: Option<u64>,
    #[cfg_attr(test, ts(type = "number | null"))]
    walkers: Option<u64>,
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

/// `plan`: the devices, numbered per level and kind in the plan's order (as an installer walks
/// each floor: rows from north to south, west to east), and the lab's figures, each named by its statistic.
#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct PlanAnswer {
    #[cfg_attr(test, ts(type = "Technology"))]
    technology: &'static str,
    target_cep95_m: f64,
    /// The zone of the levels covered, and whether stairwells count.
    #[cfg_attr(
        test,
        ts(type = "'all' | 'parking' | 'circulation' | 'rooms' | 'rest'")
    )]
    zone: &'static str,
    stairs: bool,
    meets_target: bool,
    devices: Vec<PlannedDevice>,
    /// All levels the plan covers.
    total: PlanFigures,
    levels: Vec<PlanFigures>,
    /// Demand points sampled every 2 m, and those no device can serve as asked.
    points: usize,
    short_points: usize,
    /// Empty for a layout the visitor changed: measured as it is, not placed.
    rounds: Vec<PlanRound>,
    /// The lab's error per level, for its heat map.
    heat: Vec<PlanHeat>,
    /// Per level, the points no device serves even at the longest reach the target allows,
    /// outlined: each outline a closed ring of `[lon, lat]` corners (the first not repeated).
    gaps: Vec<PlanGaps>,
}

/// One level's error, drawn as the flow analytics' heat map is: 0 no fix in the cell, 1-255 the
/// cell's mean error from 0 to `scale_m` (twice the target) or more.
#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct PlanHeat {
    #[serde(flatten)]
    grid: HeatGrid,
    scale_m: f64,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct PlanGaps {
    level: String,
    /// Demand points (one every 2 m) left without service.
    points: usize,
    outlines: Vec<Vec<[f64; 2]>>,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct PlannedDevice {
    /// "L1-BLE-001".
    name: String,
    level: String,
    /// `[lon, lat]`.
    point: [f64; 2],
    /// Mount height above the level's floor.
    height_m: f64,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct PlanFigures {
    /// The level's short name; "" for all levels.
    level: String,
    fixes: usize,
    cep50_m: f64,
    cep75_m: f64,
    cep95_m: f64,
    floor_rate: f64,
    served_share: f64,
    /// Seconds of scanning to a walker's first fix from a cold start: the median walker's and
    /// the 95th percentile's (0 with no walker).
    first_fix_p50_s: f64,
    first_fix_p95_s: f64,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct PlanRound {
    reach_m: f64,
    devices: usize,
    cep95_m: f64,
}

/// `error`: why no plan came (`plan_refused`, `compute_failed`).
#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub(in crate::http) struct PlanFailed {
    pub(super) code: String,
    pub(super) message: String,
}

/// To the hundredth (metres, seconds); a level no walker was served on has no figures, and NaN is not
/// JSON: 0.
fn hundredths(value: f64) -> f64 {
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
            cep50_m: hundredths(figures.cep50_m),
            cep75_m: hundredths(figures.cep75_m),
            cep95_m: hundredths(figures.cep95_m),
            floor_rate: (figures.floor_rate * 1000.0).round() / 1000.0,
            served_share: (figures.served_share * 1000.0).round() / 1000.0,
            first_fix_p50_s: hundredths(figures.first_fix_p50_s),
            first_fix_p95_s: hundredths(figures.first_fix_p95_s),
        }
    }
}

impl PlanAnswer {
    pub(super) fn of(plan: &Plan, venue: &Venue, target: f64) -> Self {
        let model = venue.model();
        // In the plan's order (the installer's rows of the planner, or the visitor's own).
        let names = site_planning::export::names(model, plan.technology, &plan.devices);
        let devices = (plan.devices.iter().zip(names))
            .filter_map(|(device, name)| {
                let level = model.levels.iter().find(|l| l.ordinal == device.level)?;
                let at = Point {
                    x: device.at.x,
                    y: device.at.y,
                };
                Some(PlannedDevice {
                    name,
                    level: level.short.clone(),
                    point: lon_lat(model.frame.to_lon_lat(at)),
                    height_m: tenth(device.height),
                })
            })
            .collect();
        Self {
            technology: plan.technology.name(),
            target_cep95_m: target,
            zone: plan.scope.zone.name(),
            stairs: plan.scope.stairs,
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
                    cep95_m: hundredths(r.cep95_m),
                })
                .collect(),
            heat: (plan.lab.heat.iter())
                .map(|heat| PlanHeat::of(venue, heat, 2.0 * target))
                .collect(),
            gaps: (plan.gaps.iter())
                .map(|gaps| PlanGaps {
                    level: model.levels[gaps.level].short.clone(),
                    points: gaps.points,
                    outlines: (gaps.outlines.iter())
                        .map(|ring| {
                            (ring.iter())
                                .map(|&p| lon_lat(model.frame.to_lon_lat(p)))
                                .collect()
                        })
                        .collect(),
                })
                .collect(),
        }
    }
}

impl PlanHeat {
    fn of(venue: &Venue, heat: &Heat, scale_m: f64) -> Self {
        let bytes: Vec<u8> = (heat.mean_error_m.iter())
            .map(|error| match error {
                None => 0,
                Some(e) => (1.0 + 254.0 * (f64::from(*e) / scale_m).min(1.0)).round() as u8,
            })
            .collect();
        let shape = (heat.columns, heat.rows);
        Self {
            grid: HeatGrid::of(venue, heat.level, (heat.origin, HEAT_CELL_M), shape, &bytes),
            scale_m,
        }
    }
}
