//! A person's true path: waypoints on levels, walked at a steady pace, with a pause where the
//! level changes (a lift ride or a flight of stairs). The simulator's truth, for the tests and
//! for the venues' walkers alike.

use crate::space::{Point, Pose};

/// Seconds a change of level takes.
pub const LEVEL_CHANGE_S: f64 = 20.0;

#[derive(Debug, Clone)]
pub struct TimedPath {
    /// (second it is reached, pose), in order.
    timed: Vec<(f64, Pose)>,
}

impl TimedPath {
    /// Through `waypoints` at `speed` m/s; two consecutive waypoints on different levels are a
    /// change of level in place. At least one waypoint.
    pub fn new(waypoints: &[Pose], speed: f64) -> Self {
        let mut timed = vec![(0.0, waypoints[0])];
        for pair in waypoints.windows(2) {
            let (from, to) = (pair[0], pair[1]);
            let seconds = if from.level == to.level {
                from.at.distance(to.at) / speed
            } else {
                LEVEL_CHANGE_S
            };
            let last = timed.last().map_or(0.0, |t| t.0);
            timed.push((last + seconds, to));
        }
        Self { timed }
    }

    /// Seconds from the first waypoint to the last.
    pub fn seconds(&self) -> f64 {
        self.timed.last().map_or(0.0, |t| t.0)
    }

    /// Where the walker is `second` seconds after starting (at the end after it). During a
    /// change of level it stays where it left, on the level it left, until it arrives.
    pub fn at(&self, second: f64) -> Pose {
        let next = self
            .timed
            .iter()
            .position(|(t, _)| *t >= second)
            .unwrap_or(self.timed.len() - 1)
            .max(1)
            .min(self.timed.len() - 1);
        if self.timed.len() == 1 {
            return self.timed[0].1;
        }
        let ((t0, a), (t1, b)) = (self.timed[next - 1], self.timed[next]);
        let f = ((second - t0) / (t1 - t0).max(1e-9)).clamp(0.0, 1.0);
        if a.level != b.level {
            return if f >= 1.0 { b } else { a };
        }
        Pose {
            level: a.level,
            at: Point::new(
                a.at.x + (b.at.x - a.at.x) * f,
                a.at.y + (b.at.y - a.at.y) * f,
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pose(level: i32, x: f64, y: f64) -> Pose {
        Pose {
            level,
            at: Point::new(x, y),
        }
    }

    #[test]
    fn walks_at_its_pace_and_changes_level_in_place() {
        let walk = TimedPath::new(
            &[pose(0, 0.0, 0.0), pose(0, 12.0, 0.0), pose(1, 12.0, 0.0)],
            1.2,
        );
        assert_eq!(walk.seconds(), 10.0 + LEVEL_CHANGE_S);
        assert_eq!(walk.at(5.0), pose(0, 6.0, 0.0));
        assert_eq!(walk.at(10.0 + LEVEL_CHANGE_S / 2.0), pose(0, 12.0, 0.0));
        assert_eq!(walk.at(100.0), pose(1, 12.0, 0.0));
        assert_eq!(
            TimedPath::new(&[pose(2, 1.0, 1.0)], 1.0).at(3.0),
            pose(2, 1.0, 1.0)
        );
    }
}
