//! Log lines about events an attacker controls the rate of (refused connections, say), sampled:
//! at most one line per interval, carrying how many events it stands for, so a flood shows in
//! the log as a few lines with counts instead of filling the disk.

use std::sync::Mutex;
use std::time::{Duration, Instant};

#[derive(Debug)]
pub(crate) struct LogSampler {
    interval: Duration,
    state: Mutex<State>,
}

#[derive(Debug, Default)]
struct State {
    last_line: Option<Instant>,
    /// Events since the last line.
    pending: u64,
}

impl LogSampler {
    pub(crate) fn new(interval: Duration) -> Self {
        Self {
            interval,
            state: Mutex::new(State::default()),
        }
    }

    /// Counts one event. Some(count) when a line is due now: the first event, or one an
    /// interval after the last line; the count includes the events that line did not report.
    pub(crate) fn record(&self, now: Instant) -> Option<u64> {
        let mut state = self.lock();
        state.pending += 1;
        Self::take_if_due(&mut state, self.interval, now)
    }

    /// The events not yet reported, once an interval has passed since the last line: the
    /// owner calls this from time to time so the end of a flood is reported too.
    pub(crate) fn flush(&self, now: Instant) -> Option<u64> {
        let mut state = self.lock();
        if state.pending == 0 {
            return None;
        }
        Self::take_if_due(&mut state, self.interval, now)
    }

    fn take_if_due(state: &mut State, interval: Duration, now: Instant) -> Option<u64> {
        let due = state
            .last_line
            .is_none_or(|last| now.saturating_duration_since(last) >= interval);
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

#[cfg(test)]
mod tests {
    use super::*;

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
