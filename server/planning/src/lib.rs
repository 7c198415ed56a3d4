//! Device planning (issue #33): where BLE beacons, AoA gateways or UWB anchors go on a venue
//! for a target accuracy, with as few devices as the planner finds, and the accuracy lab that
//! proves a plan with the live engine's own simulator and particle filter. No HTTP types: the
//! server runs plans as jobs and shapes their answers.
//!
//! - [`floor`]: demand points and candidate sites, sampled on a level per technology.
//! - [`serve`]: which sites serve which points (reach, walls, line of sight).
//! - [`cover`]: the fewest sites serving every point as often as it needs (greedy, pruned).
//! - [`spread`]: devices around a point, not on one line through it (UWB's geometry).
//! - [`lab`]: CEP50/75/95, floor detection, service share and time to first fix, per level
//!   and in all, and each level's error as a heat map.
//! - [`gaps`]: where a layout leaves points without service, outlined.
//! - [`export`]: the devices' names and infrastructure.geojson.
//! - [`scope`]: the zone of the levels a plan covers, and whether stairwells count.
//! - [`plan`]: the rounds of placement and lab that meet the target, or the lab over a layout
//!   the visitor changed.

pub mod cover;
pub mod export;
pub mod floor;
pub mod gaps;
pub mod lab;
pub mod plan;
pub mod scope;
pub mod serve;
pub mod spread;

pub use plan::{Plan, PlanError, Progress, Request, plan};

#[cfg(test)]
mod tests;
