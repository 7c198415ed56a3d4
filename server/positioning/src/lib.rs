//! Positioning from radio signals, for the live demo (issue #17). No HTTP types and no venue
//! files: the server gives it the devices and a [`Space`] (what is walkable, where the walls
//! are), and reads estimates back.
//!
//! - [`radio`]: the signal models, with their parameters and where the values come from.
//! - [`simulate`]: what a tag at a true position measures in one second, from the models. Every
//!   random draw is a function of (seed, tag, second, device), so any replica computes the same
//!   measurements without talking to the others.
//! - [`baseline`] and [`filter`]: the estimators. They see the measurements only, never the
//!   truth: a one-shot baseline (weighted centroid for BLE) and a particle filter held to the
//!   walkable space, with [`floor`] detection.
//! - [`coverage`]: where AoA and UWB can position a tag at all (line of sight, enough devices).
//! - [`radio_map`]: per BLE beacon, the walls and the surveyed shadowing around it, for the filter.
//! - [`timed_path`]: a person's true path, walked at a steady pace.
//! - [`accuracy`]: CEP50 and CEP95 of estimates against the truth.

pub mod accuracy;
pub mod baseline;
pub mod coverage;
pub mod filter;
pub mod floor;
pub mod radio;
pub mod radio_map;
pub mod random;
pub mod simulate;
pub mod space;
pub mod timed_path;

pub use space::{Device, DeviceKind, Point, Pose, Space, Technology};
