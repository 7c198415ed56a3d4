//! The live engine: live positioning on the demo venues (issue #17), simulated people walking
//! the venues' routes, the signals their tags measure, and the positioning engine's estimates.
//! The positioning engine is the `site-positioning` crate; this one gives it the venues
//! (`site_venues::RadioSpace`, the devices of `infrastructure.geojson`) and the walkers, and runs
//! one engine thread per venue watched (`hub`). A crate of its own so that it holds no HTTP
//! types: the server's `http/positions/` encodes its seconds and serves them.

pub mod accuracy;
pub mod crowd;
pub mod engine;
pub mod fences;
pub mod flow;
pub mod hub;
pub mod parking;
pub mod rolling;
pub mod walkers;

#[cfg(test)]
mod flow_tests;
#[cfg(test)]
mod tests;
