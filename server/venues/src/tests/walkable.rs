//! Paths stay inside walkable space: every point of every leg, sampled every 0.25 m, lies in a
//! walkable unit (outside fixtures), in a connector being ridden, in the start or end unit, or
//! in a door being walked through.

use super::support::random_pairs;
use crate::geometry::{Point, nearest_on_segment};
use crate::model::UnitRole;
use crate::{Located, Venue};

/// Units are drawn to the centimetre; a point this close to one is in it.
const TOLERANCE_M: f64 = 0.05;

fn allowed(venue: &Venue, level: usize, p: Point, ends: [&Located; 2]) -> bool {
    let model = venue.model();
    let in_unit = |u: usize| {
        let shape = &model.units[u].shape;
        model.units[u].level == level
            && (shape.contains(p) || shape.boundary_distance(p) < TOLERANCE_M)
    };
    let in_obstacle = model.obstacles.iter().any(|o| {
        o.level == level && o.shape.contains(p) && o.shape.boundary_distance(p) > TOLERANCE_M
    });
    let walkable = !in_obstacle
        && model.units.iter().enumerate().any(|(u, unit)| {
            matches!(unit.role, UnitRole::Walkable | UnitRole::Connector) && in_unit(u)
        });
    let end_unit = ends
        .iter()
        .any(|e| e.level == level && e.unit.is_some_and(in_unit));
    let in_door = model
        .openings
        .iter()
        .any(|o| o.level == level && nearest_on_segment(p, o.ends[0], o.ends[1]).0 < 0.45);
    walkable || end_unit || in_door
}

#[test]
fn every_path_point_lies_in_walkable_space_or_the_ends_units() {
    for (venue, pair) in random_pairs(7, 500) {
        let Ok(route) = venue.route_between(&pair[0], &pair[1], false, "zh-Hans") else {
            continue;
        };
        for leg in &route.legs {
            let level = venue.model().level_index(&leg.level).unwrap();
            for w in leg.points.windows(2) {
                let length = w[0].distance(w[1]);
                let samples = (length / 0.25).ceil().max(1.0) as usize;
                for k in 0..=samples {
                    let p = w[0].lerp(w[1], k as f64 / samples as f64);
                    assert!(
                        allowed(venue, level, p, [&pair[0], &pair[1]]),
                        "{}: {:?} -> {:?}: {p:?} on {} is outside walkable space ({:?} -> {:?})",
                        venue.id(),
                        pair[0].id,
                        pair[1].id,
                        leg.level,
                        w[0],
                        w[1]
                    );
                }
            }
        }
    }
}
