//! Simulated people: each walks the venue's own routes from place to place, so the truth the
//! signals are drawn from is a path a visitor could take (through doors, by lift between
//! levels). Chosen by keyed draws: the same seed and walker give the same walk everywhere.

use site_positioning::random::{Rng, key};
use site_positioning::timed_path::TimedPath;
use site_positioning::{Point as EnginePoint, Pose};

use site_venues::{Place, Venue};

/// Walking pace, m/s: a visitor's unhurried 1.2 (Fruin's pedestrian studies: 1.2-1.4).
pub const PACE: f64 = 1.2;

/// A walk through `stops` places drawn from those `eligible` allows, along the venue's routes.
/// `None` when too few places qualify or no route joins the draws.
pub fn random_walk(
    venue: &Venue,
    seed: u64,
    walker: u64,
    stops: usize,
    eligible: impl Fn(&Place) -> bool,
) -> Option<TimedPath> {
    let places: Vec<&Place> = venue.places().iter().filter(|p| eligible(p)).collect();
    if places.len() < 2 {
        return None;
    }
    let mut rng = Rng::new(key(&[seed, walker, 0x7761_6c6b]));
    let mut waypoints: Vec<Pose> = Vec::new();
    let mut here = places[rng.below(places.len())];
    for _ in 0..stops {
        let there = places[rng.below(places.len())];
        if there.id == here.id {
            continue;
        }
        if let Some(route) = route_poses(venue, here, there) {
            waypoints.extend(route);
        }
        here = there;
    }
    (waypoints.len() >= 2).then(|| TimedPath::new(&waypoints, PACE))
}

/// The poses of the venue's route from one place to another, level by level; `None` when no
/// route joins them.
pub fn route_poses(venue: &Venue, from: &Place, to: &Place) -> Option<Vec<Pose>> {
    let route = venue
        .route(&from.id, &to.id, false, venue.main_language())
        .ok()?;
    let mut poses = Vec::new();
    for leg in &route.legs {
        let ordinal = venue.level(&leg.level)?.ordinal;
        poses.extend(leg.points.iter().map(|p| Pose {
            level: ordinal,
            at: EnginePoint::new(p.x, p.y),
        }));
    }
    Some(poses)
}
