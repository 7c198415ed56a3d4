//! What walking and riding cost, in seconds: the one place the route engine's numbers live.
//! Routes are optimal in time, so these decide between an elevator and the stairs. Rides are
//! timed per storey of the contract's default level height (4.5 m, §2.4); a ride past taller or
//! lower levels takes their heights' share of it ([`storeys`]).

/// Walking speed in a mall or hospital. Pedestrian studies give about 1.2–1.4 m/s for free
/// walking (the U.S. MUTCD assumes 1.07–1.22 m/s at crossings; Fruin's indoor figures are
/// about 1.3 m/s); indoors, with shoppers and signs, the lower end.
pub const WALK_SPEED_M_S: f64 = 1.2;

/// The average wait for an elevator car. Planning guides aim at 25–45 s in offices at peak
/// (CIBSE Guide D); a mall's or hospital's cars serve more floors and more stops.
pub const ELEVATOR_WAIT_S: f64 = 30.0;
/// Doors opening and closing, boarding and leaving: about 5 s per stop.
pub const ELEVATOR_DOORS_S: f64 = 5.0;
/// Travel per floor: a 1–1.6 m/s car covers a 4–5 m storey in about 2.5–4 s with
/// acceleration; 2.5 s is the figure for a mall's 1.75 m/s cars.
pub const ELEVATOR_PER_FLOOR_S: f64 = 2.5;

/// One escalator ride: a 5 m rise at 30° is about 10 m of steps at 0.5 m/s, plus getting on
/// and off.
pub const ESCALATOR_RIDE_S: f64 = 20.0;

/// One storey of stairs, climbing or descending: about 24–28 steps at roughly 1 step/s with
/// the landing.
pub const STAIRS_PER_FLOOR_S: f64 = 25.0;

/// A ramp is walked: its length at [`WALK_SPEED_M_S`], never shorter than this (a storey's
/// rise at the 1:12 slope of accessibility codes, about 4 m × 12, is longer still; the data's
/// two ramp units give the real plan length when larger).
pub const RAMP_MIN_LENGTH_M: f64 = 10.0;

/// How far route nodes keep from walls, so that paths do not graze them: about a shoulder's
/// half-width with a margin.
pub const WALL_INSET_M: f64 = 0.4;

/// A point in a wall gap or fixture is moved to walkable space when it is at most this far
/// away (docs/venue-contract.md §4.2); farther is "far from walkable space".
pub const SNAP_MAX_M: f64 = 10.0;

/// How many default storeys a ride climbing `rise_m` metres is worth.
pub fn storeys(rise_m: f64) -> f64 {
    rise_m / crate::contract::contract().level_height_m.default
}

/// The time of an elevator ride climbing or descending `rise_m` metres: the wait is paid once
/// per ride.
pub fn elevator_ride_s(rise_m: f64) -> f64 {
    ELEVATOR_WAIT_S + ELEVATOR_DOORS_S + ELEVATOR_PER_FLOOR_S * storeys(rise_m)
}

/// The time of a walk of `metres`.
pub fn walk_s(metres: f64) -> f64 {
    metres / WALK_SPEED_M_S
}
