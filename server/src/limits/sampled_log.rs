//! Log lines an attacker could cause at will (refused enquiries, wrong admin tokens) are sampled
//! (issue #16): at most one line per kind and period, carrying how many like it were left out
//! since the line before. A flood costs a counter increment, not a line per request, and the
//! operator still sees that it happens, from whom first, and how much of it. Refused
//! connections (`http/connection_limit.rs`) are sampled the same way.

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
    /// Events since the last line, counted but not yet written.
    pending: u64,
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

    /// Counts an event at `now`. `Some(count)` when a line is due: the first event, or one a
    /// period after the last line; the count is the events that line stands for, this one
    /// included.
    pub(crate) fn record(&self, now: Instant) -> Option<u64> {
        let mut state = self.lock();
        state.pending += 1;
        Self::take_if_due(&mut state, self.period, now)
    }

    /// Like `record`, with the number of events left out since the previous line (this one
    /// not counted), for lines that describe the event at hand.
    pub(crate) fn admit(&self, now: Instant) -> Option<u64> {
        self.record(now).map(|count| count - 1)
    }

    /// The events not yet written, once a period has passed since the last line: the owner
    /// calls this from time to time so the end of a flood is reported too.
    pub(crate) fn flush(&self, now: Instant) -> Option<u64> {
        let mut state = self.lock();
        if state.pending == 0 {
            return None;
        }
        Self::take_if_due(&mut state, self.period, now)
    }

    fn take_if_due(state: &mut State, period: Duration, now: Instant) -> Option<u64> {
        let due = state
            .last_line
            .is_none_or(|last| now.saturating_duration_since(last) >= period);
        if !due {
            return None;
        }
        state.last_line = Some(now);
        Some(std::mem::take(&mut state.pending))
    }

    /// The state, also after a panic elsewhere poisoned the lock: a count is never left half
    /// updated.
    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
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
    /// Live demo API requests sent from another site.
    pub(crate) api_cross_site: LogSampler,
    /// Live streams refused by their caps.
    pub(crate) streams_refused: LogSampler,
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

    #[test]
    fn a_flood_is_one_line_per_interval_with_its_count() {
        let sampler = LogSampler::new(Duration::from_secs(5));
        let start = Instant::now();
        assert_eq!(sampler.record(start), Some(1));
        for millis in 1..=1000 {
            assert_eq!(sampler.record(start + Duration::from_millis(millis)), None);
        }
        assert_eq!(sampler.flush(start + Duration::from_secs(4)), None);
        // The first event after the interval reports the thousand before it too.
        assert_eq!(sampler.record(start + Duration::from_secs(5)), Some(1001));
        assert_eq!(sampler.record(start + Duration::from_secs(6)), None);
        assert_eq!(sampler.flush(start + Duration::from_secs(9)), None);
        assert_eq!(sampler.flush(start + Duration::from_secs(10)), Some(1));
        assert_eq!(sampler.flush(start + Duration::from_secs(60)), None);
    }
}
