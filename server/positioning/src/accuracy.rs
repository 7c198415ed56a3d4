//! Accuracy against the simulator's truth: CEP50 and CEP95 (the radius of the circle around
//! the truth that holds half, or 95 %, of the estimates), and how often the level was right.

use crate::space::Pose;

#[derive(Debug, Clone, Default)]
pub struct Errors {
    horizontal: Vec<f64>,
    floor_right: u64,
    missing: u64,
}

impl Errors {
    /// One second: the truth and what was estimated (`None`: no estimate yet).
    pub fn add(&mut self, truth: Pose, estimate: Option<Pose>) {
        let Some(estimate) = estimate else {
            self.missing += 1;
            return;
        };
        self.horizontal.push(truth.at.distance(estimate.at));
        if truth.level == estimate.level {
            self.floor_right += 1;
        }
    }

    pub fn count(&self) -> usize {
        self.horizontal.len()
    }

    pub fn missing(&self) -> u64 {
        self.missing
    }

    /// The error below which `fraction` of the estimates fall (nearest rank).
    pub fn cep(&self, fraction: f64) -> f64 {
        if self.horizontal.is_empty() {
            return f64::NAN;
        }
        let mut sorted = self.horizontal.clone();
        sorted.sort_by(f64::total_cmp);
        let rank = ((fraction * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
        sorted[rank - 1]
    }

    /// Share of estimates on the right level.
    pub fn floor_rate(&self) -> f64 {
        self.floor_right as f64 / self.horizontal.len().max(1) as f64
    }

    pub fn merge(&mut self, other: &Errors) {
        self.horizontal.extend_from_slice(&other.horizontal);
        self.floor_right += other.floor_right;
        self.missing += other.missing;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::space::Point;

    #[test]
    fn cep_is_the_nearest_rank_percentile_of_horizontal_errors() {
        let mut errors = Errors::default();
        let truth = Pose {
            level: 0,
            at: Point::new(0.0, 0.0),
        };
        for i in 1..=100 {
            let level = if i <= 98 { 0 } else { 1 };
            errors.add(
                truth,
                Some(Pose {
                    level,
                    at: Point::new(f64::from(i) / 10.0, 0.0),
                }),
            );
        }
        errors.add(truth, None);
        assert_eq!(errors.cep(0.5), 5.0);
        assert_eq!(errors.cep(0.95), 9.5);
        assert!((errors.floor_rate() - 0.98).abs() < 1e-12);
        assert_eq!(errors.missing(), 1);
    }
}
