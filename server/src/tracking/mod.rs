//! Live positioning on the demo venues (issue #17): simulated people walking the venues' routes,
//! the signals their tags measure, and the engine's estimates. The engine is the
//! `site-positioning` crate; this module gives it the venues (`venues::RadioSpace`, the devices
//! of `infrastructure.geojson`) and the walkers. No HTTP types.

pub mod accuracy;
pub mod crowd;
pub mod engine;
pub mod fences;
pub mod flow;
pub mod parking;
pub mod rolling;
pub mod walkers;

#[cfg(test)]
mod flow_tests;
#[cfg(test)]
mod tests;
