//! A plan: devices placed to meet a target CEP95 with as few as the planner finds, proven by the
//! lab. For each level the plan covers, demand points and candidate sites are sampled
//! ([`crate::floor`]), the sites that serve each point are worked out ([`crate::serve`]), the
//! fewest sites serving every point are chosen ([`crate::cover`]) and, for UWB, sites are added
//! where the anchors around a point lie on one line ([`crate::spread`]). The lab then measures
//! the plan. Accuracy follows how near the devices are, so their reach is searched: from a first
//! guess ([`Requirement::reaches`]), shorter until the lab meets the target or longer while it
//! still does, then halfway between the longest that met it and the shortest that did not,
//! within [`MAX_ROUNDS`] (the lab's CEP95 follows the reach only roughly: one walker's route more
//! or less moves it by a tenth of a metre). The plan kept is the one with the fewest devices that
//! met the target, or when none did the one nearest to it, marked as not meeting it.
//!
//! A layout the visitor changed (a device moved, added or taken away) is not placed again: the
//! lab measures it as it is, in one round, and its gaps are found the same way.

use std::sync::atomic::{AtomicBool, Ordering};

use site_positioning::{Device, DeviceKind, Point as EnginePoint, Technology};
use site_venues::{RadioSpace, Venue};

use super::cover::{choose, shortfall};
use super::floor::{Floor, sample};
use super::gaps::{self, Gaps};
use super::lab::{self, Lab};
use super::scope::Scope;
use super::serve::{Requirement, needs, serves};
use super::spread;

/// Rounds of placement and lab a BLE plan may take.
pub const MAX_ROUNDS: usize = 6;
/// Each BLE round moves the reach by this factor.
const REACH_STEP: f64 = 1.12;

/// What the visitor asks.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    pub technology: Technology,
    pub target_cep95_m: f64,
    /// Model level indexes to cover; empty: every level.
    pub levels: Vec<usize>,
    pub seed: u64,
    /// The zone of those levels and whether stairwells count.
    pub scope: Scope,
    /// The visitor's own layout, measured as it is instead of placing devices.
    pub layout: Option<Vec<Device>>,
}

/// What the planner reports while it works.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Progress {
    /// Round `round` (from 1) places devices `reach_m` apart at most.
    Placing { round: usize, reach_m: f64 },
    /// Round `round`'s lab runs over `devices` devices: `walked` of its `walkers` walkers have
    /// walked (one about every tenth of a second on the demo mall).
    Measuring {
        round: usize,
        devices: usize,
        walked: u64,
        walkers: u64,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct Round {
    pub reach_m: f64,
    pub devices: usize,
    pub cep95_m: f64,
}

#[derive(Debug, Clone)]
pub struct Plan {
    pub technology: Technology,
    /// The zone of the levels covered, and whether stairwells count.
    pub scope: Scope,
    /// In installation order: by level, then in rows from north to south (a changed layout: as
    /// the visitor sent it).
    pub devices: Vec<Device>,
    /// Demand points of the plan's levels, and those left without the service asked (no site
    /// can serve them: a room too small to hang a device in, behind too many walls).
    pub points: usize,
    pub short_points: usize,
    pub lab: Lab,
    pub meets_target: bool,
    pub rounds: Vec<Round>,
    /// Per level the plan covers, the points its devices leave without service.
    pub gaps: Vec<Gaps>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PlanError {
    #[error("规划已取消")]
    Cancelled,
    #[error("所选楼层上没有可以安装设备的位置")]
    NowhereToMount,
}

/// Plans `request` over `venue`. `progress` hears each step; `cancel` stops it between steps.
pub fn plan(
    venue: &Venue,
    request: &Request,
    progress: &mut dyn FnMut(Progress),
    cancel: &AtomicBool,
) -> Result<Plan, PlanError> {
    let model = venue.model();
    let space = RadioSpace::build(model);
    let levels: Vec<usize> = if request.levels.is_empty() {
        (0..model.levels.len()).collect()
    } else {
        request.levels.clone()
    };
    let floors: Vec<Floor> = levels
        .iter()
        .map(|&level| sample(model, level, request.technology, request.scope))
        .collect();
    if let Some(layout) = &request.layout {
        return measure(venue, &space, &floors, request, layout, progress, cancel);
    }
    if floors.iter().all(|f| f.sites.is_empty()) {
        return Err(PlanError::NowhereToMount);
    }
    let stopped = || {
        if cancel.load(Ordering::Relaxed) {
            Err(PlanError::Cancelled)
        } else {
            Ok(())
        }
    };
    let (mut reach, reaches) = Requirement::reaches(request.technology, request.target_cep95_m);
    let mut rounds = Vec::new();
    let mut best: Option<Plan> = None;
    // Of the plans that missed the target, the nearest to it.
    let mut closest: Option<Plan> = None;
    // The longest reach that met the target and the shortest that did not, once known.
    let (mut met, mut missed): (Option<f64>, Option<f64>) = (None, None);
    for round in 1..=MAX_ROUNDS {
        stopped()?;
        progress(Progress::Placing {
            round,
            reach_m: reach,
        });
        let requirement = Requirement::of(request.technology, reach);
        let (devices, points, short_points) =
            place(venue, &space, &floors, requirement, request.technology);
        stopped()?;
        let lab = prove(venue, &space, request, round, &devices, progress, cancel)?;
        let meets = lab.total.cep95_m <= request.target_cep95_m;
        rounds.push(Round {
            reach_m: reach,
            devices: devices.len(),
            cep95_m: lab.total.cep95_m,
        });
        let candidate = Plan {
            technology: request.technology,
            scope: request.scope,
            devices,
            points,
            short_points,
            lab,
            meets_target: meets,
            rounds: Vec::new(),
            gaps: Vec::new(),
        };
        if meets {
            met = Some(met.map_or(reach, |m: f64| m.max(reach)));
            if (best.as_ref()).is_none_or(|b| candidate.devices.len() < b.devices.len()) {
                best = Some(candidate);
            }
        } else {
            missed = Some(missed.map_or(reach, |m: f64| m.min(reach)));
            if (closest.as_ref()).is_none_or(|c| candidate.lab.total.cep95_m < c.lab.total.cep95_m)
            {
                closest = Some(candidate);
            }
        }
        // Outwards by steps until the target is bracketed, then halfway (geometrically)
        // between the two; a bracket narrower than a tenth of a step is close enough.
        let next = match (met, missed) {
            (Some(m), Some(x)) if x / m > 1.0 + (REACH_STEP - 1.0) / 10.0 => (m * x).sqrt(),
            (Some(_), Some(_)) => break,
            (Some(m), None) => m * REACH_STEP,
            (None, Some(x)) => x / REACH_STEP,
            (None, None) => unreachable!("a round either met the target or missed it"),
        };
        if !reaches.contains(&next) {
            break;
        }
        reach = next;
    }
    let mut plan = best.or(closest).expect("at least one round ran");
    plan.rounds = rounds;
    plan.gaps = gaps_of(&space, &floors, &plan.devices, request);
    Ok(plan)
}

/// The lab over the visitor's `layout` (its devices of the plan's technology on the plan's
/// levels), in one round.
fn measure(
    venue: &Venue,
    space: &RadioSpace,
    floors: &[Floor],
    request: &Request,
    layout: &[Device],
    progress: &mut dyn FnMut(Progress),
    cancel: &AtomicBool,
) -> Result<Plan, PlanError> {
    let kind = request.technology.device_kind();
    let devices: Vec<Device> = (layout.iter())
        .filter(|d| d.kind == kind && floors.iter().any(|f| f.ordinal == d.level))
        .cloned()
        .collect();
    let lab = prove(venue, space, request, 1, &devices, progress, cancel)?;
    let gaps = gaps_of(space, floors, &devices, request);
    let cep95_m = lab.total.cep95_m;
    Ok(Plan {
        technology: request.technology,
        scope: request.scope,
        points: floors.iter().map(|f| f.points.len()).sum(),
        short_points: gaps.iter().map(|g| g.points).sum(),
        meets_target: cep95_m <= request.target_cep95_m,
        // No placement: no rounds.
        rounds: Vec::new(),
        devices,
        lab,
        gaps,
    })
}

/// Round `round`'s lab over `devices`, within the request's scope, telling `progress` walker by
/// walker; stopped by `cancel` between walkers.
fn prove(
    venue: &Venue,
    space: &RadioSpace,
    request: &Request,
    round: usize,
    devices: &[Device],
    progress: &mut dyn FnMut(Progress),
    cancel: &AtomicBool,
) -> Result<Lab, PlanError> {
    let mut watch = |walked, walkers| {
        progress(Progress::Measuring {
            round,
            devices: devices.len(),
            walked,
            walkers,
        });
        !cancel.load(Ordering::Relaxed)
    };
    let within = |ordinal, at| request.scope.contains(venue.model(), space, ordinal, at);
    let (technology, seed) = (request.technology, request.seed);
    lab::run_watched(venue, devices, technology, seed, &within, &mut watch)
        .ok_or(PlanError::Cancelled)
}

fn gaps_of(
    space: &RadioSpace,
    floors: &[Floor],
    devices: &[Device],
    request: &Request,
) -> Vec<Gaps> {
    (floors.iter())
        .map(|floor| {
            gaps::find(
                floor,
                space,
                devices,
                request.technology,
                request.target_cep95_m,
            )
        })
        .collect()
}

/// Devices on every floor meeting `requirement`: the demand points in all and those left short.
fn place(
    venue: &Venue,
    space: &RadioSpace,
    floors: &[Floor],
    requirement: Requirement,
    technology: Technology,
) -> (Vec<Device>, usize, usize) {
    let model = venue.model();
    let mut devices = Vec::new();
    let (mut points, mut short) = (0, 0);
    for floor in floors {
        let serves = serves(floor, space, requirement);
        let need = needs(floor, requirement);
        let mut chosen = choose(&need, &serves);
        points += floor.points.len();
        short += shortfall(&need, &serves, &chosen);
        if let Some(min) = requirement.min_spread {
            short += spread::repair(&floor.points, &floor.sites, &serves, &mut chosen, min);
        }
        let level = &model.levels[floor.level];
        // In the order an installer walks the floor: rows 2 m deep from north to south, west
        // to east along each. The lab's random draws follow the devices' order, so the plan's
        // layout sent back as it was named measures the same.
        chosen.sort_by(|&a, &b| {
            let (a, b) = (floor.sites[a], floor.sites[b]);
            let row = |y: f64| -(y / 2.0).floor();
            row(a.y).total_cmp(&row(b.y)).then(a.x.total_cmp(&b.x))
        });
        for site in chosen {
            let at = floor.sites[site];
            devices.push(device(
                technology,
                floor.ordinal,
                EnginePoint::new(at.x, at.y),
                level,
            ));
        }
    }
    (devices, points, short)
}

/// Mount heights: beacons at 2.8 m (2.6 m in a car park), gateways at 4 m, anchors at 3 m (the
/// demo venues' figures, docs/live-positioning.md), each at least 0.3 m under the next floor.
pub fn device(
    technology: Technology,
    ordinal: i32,
    at: EnginePoint,
    level: &site_venues::Level,
) -> Device {
    let kind = technology.device_kind();
    let wanted: f64 = match kind {
        DeviceKind::BleBeacon if level.parking => 2.6,
        DeviceKind::BleBeacon => 2.8,
        DeviceKind::AoaGateway => 4.0,
        DeviceKind::UwbAnchor => 3.0,
    };
    Device {
        kind,
        level: ordinal,
        at,
        height: wanted.min(level.height - 0.3),
        tx_power: if kind == DeviceKind::BleBeacon {
            -59.0
        } else {
            0.0
        },
        range: if kind == DeviceKind::AoaGateway {
            super::serve::AOA_RANGE_M
        } else {
            0.0
        },
    }
}
