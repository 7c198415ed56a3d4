//! Log lines an attacker could cause at will (refused enquiries, wrong admin tokens) are sampled
//! (issue #16): at most one line per kind and period, carrying how many like it were left out
//! since the line before. A flood costs a counter increment, not a line per request, and the
//! operator still sees that it happens, from whom first, and how much of it.

use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How often each kind of sampled line may be written.
pub(crate) const SAMPLE_PERIOD: Duration = Duration::from_secs(10);

#[derive(Debug)]
pub(crate) struct LogSampler {
    period: Duration,
    state: Mutex<State>,
}

#[derive(Debug, Default)]
struct State {
    last_line: Option<Instant>,
    /// Events since the last line that were not written.
    left_out: u64,
}

impl Default for LogSampler {
    fn default() -> Self {
        Self::new(SAMPLE_PERIOD)
    }
}

impl LogSampler {
    pub(crate) fn new(period: Duration) -> Self {
        Self {
            period,
            state: Mutex::new(State::default()),
        }
    }

    /// Counts an event at `now`. `Some(left_out)` when its line is to be written, with the
    /// number of events left out since the previous line; None when it is only counted.
    pub(crate) fn admit(&self, now: Instant) -> Option<u64> {
        // A counter cannot be left inconsistent by a panic elsewhere.
        let mut state = self
            .state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let due = state
            .last_line
            .is_none_or(|last| now.saturating_duration_since(last) >= self.period);
        if due {
            state.last_line = Some(now);
            Some(std::mem::take(&mut state.left_out))
        } else {
            state.left_out += 1;
            None
        }
    }
}

/// The samplers of each kind of line, kept for the life of the process (reloads included).
#[derive(Debug, Default)]
pub(crate) struct SampledLogs {
    /// Enquiries refused by the per-client limits.
    pub(crate) rate_limited: LogSampler,
    /// Enquiries refused because the hourly cap of the whole site was reached.
    pub(crate) hourly_cap: LogSampler,
    /// Enquiries sent from another site.
    pub(crate) cross_site: LogSampler,
    /// Wrong admin tokens.
    pub(crate) failed_login: LogSampler,
    /// Admin requests refused after too many wrong tokens.
    pub(crate) login_throttled: LogSampler,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_per_period_carrying_the_count_left_out() {
        let sampler = LogSampler::new(Duration::from_secs(10));
        let start = Instant::now();
        assert_eq!(sampler.admit(start), Some(0));
        for second in 1..10 {
            assert_eq!(sampler.admit(start + Duration::from_secs(second)), None);
        }
        assert_eq!(sampler.admit(start + Duration::from_secs(10)), Some(9));
        assert_eq!(sampler.admit(start + Duration::from_secs(11)), None);
        // A quiet spell: the next event is written at once, with what was left out before.
        assert_eq!(sampler.admit(start + Duration::from_secs(60)), Some(1));
        assert_eq!(sampler.admit(start + Duration::from_secs(70)), Some(0));
    }
}
