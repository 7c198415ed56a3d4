//! The accuracy the live demo shows beside its dots: CEP50, CEP95 and the floor rate of the last
//! [`WINDOW_S`] seconds per technology, from the engine's estimates against the simulator's truth,
//! counted where the technology serves the tag (as in bench/README.md's "Positioning accuracy" table).

use std::collections::VecDeque;

use site_positioning::Technology;

use super::engine::Fix;

/// Seconds of estimates the figures cover.
pub const WINDOW_S: u64 = 600;

/// One technology's figures.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Figures {
    pub technology: Technology,
    pub cep50: f64,
    pub cep95: f64,
    pub floor_rate: f64,
    pub count: usize,
}

#[derive(Debug, Default)]
pub struct RollingAccuracy {
    /// Per technology (in `Technology::ALL` order): (second, horizontal error, level right).
    errors: [VecDeque<(u64, f32, bool)>; 3],
}

impl RollingAccuracy {
    /// Adds one second's fixes of tags of the given technologies.
    pub fn add(&mut self, second: u64, fixes: &[Fix], technology: impl Fn(&Fix) -> Technology) {
        for fix in fixes {
            let Some(estimate) = fix.estimate.filter(|_| fix.served) else {
                continue;
            };
            let error = estimate.pose.at.distance(fix.truth.at) as f32;
            let right = estimate.pose.level == fix.truth.level;
            self.errors[technology(fix) as usize].push_back((second, error, right));
        }
        for list in &mut self.errors {
            while list.front().is_some_and(|(s, _, _)| s + WINDOW_S <= second) {
                list.pop_front();
            }
        }
    }

    /// The figures of every technology with estimates in the window.
    pub fn figures(&self) -> Vec<Figures> {
        Technology::ALL
            .into_iter()
            .zip(&self.errors)
            .filter(|(_, list)| !list.is_empty())
            .map(|(technology, list)| {
                let mut sorted: Vec<f32> = list.iter().map(|(_, e, _)| *e).collect();
                sorted.sort_by(f32::total_cmp);
                let rank = |fraction: f64| {
                    let rank = (fraction * sorted.len() as f64).ceil() as usize;
                    f64::from(sorted[rank.clamp(1, sorted.len()) - 1])
                };
                Figures {
                    technology,
                    cep50: rank(0.5),
                    cep95: rank(0.95),
                    floor_rate: list.iter().filter(|(_, _, r)| *r).count() as f64
                        / list.len() as f64,
                    count: list.len(),
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use site_positioning::filter::Estimate;
    use site_positioning::{Point, Pose};

    use super::*;

    fn fix(error: f64, level: i32, served: bool) -> Fix {
        let truth = Pose {
            level: 0,
            at: Point::new(0.0, 0.0),
        };
        Fix {
            tag: 0,
            second: 0,
            truth,
            estimate: Some(Estimate {
                pose: Pose {
                    level,
                    at: Point::new(error, 0.0),
                },
                spread: 1.0,
            }),
            served,
            sos: false,
        }
    }

    #[test]
    fn figures_cover_the_window_and_served_fixes_only() {
        let mut rolling = RollingAccuracy::default();
        let ble = |_: &Fix| Technology::Ble;
        rolling.add(0, &[fix(50.0, 0, true)], ble);
        for second in 1..=100 {
            let error = f64::from(second as u32) / 10.0;
            let level = if second <= 2 { 1 } else { 0 };
            rolling.add(second, &[fix(error, level, true), fix(99.0, 0, false)], ble);
        }
        assert_eq!(rolling.figures()[0].count, 101);
        // Second 0 leaves the window: errors 0.1..10 m remain.
        rolling.add(WINDOW_S, &[], ble);
        let figures = rolling.figures();
        assert_eq!(figures.len(), 1);
        let ble = figures[0];
        assert_eq!(ble.count, 100);
        assert!((ble.cep50 - 5.0).abs() < 1e-6, "{}", ble.cep50);
        assert!((ble.cep95 - 9.5).abs() < 1e-6, "{}", ble.cep95);
        assert!((ble.floor_rate - 0.98).abs() < 1e-9);
    }
}
