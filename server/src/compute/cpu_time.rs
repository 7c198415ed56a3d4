//! The CPU time of the calling thread: what a computation cost, whatever else the machine did
//! meanwhile.

use std::time::Duration;

use rustix::time::{ClockId, clock_gettime};

/// CPU time the calling thread has used so far.
pub(crate) fn thread_cpu() -> Duration {
    let now = clock_gettime(ClockId::ThreadCPUTime);
    let secs = u64::try_from(now.tv_sec).unwrap_or(0);
    let nanos = u32::try_from(now.tv_nsec).unwrap_or(0);
    Duration::new(secs, nanos)
}

/// Runs `f` and says how many milliseconds of this thread's CPU it took.
pub(crate) fn measured<T>(f: impl FnOnce() -> T) -> (T, f64) {
    let before = thread_cpu();
    let value = f();
    let used = thread_cpu().saturating_sub(before);
    (value, used.as_secs_f64() * 1e3)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn busy_work_is_counted_and_sleep_is_not() {
        // Work until the thread has had 30 ms of CPU, however long the machine takes to give
        // them: a busy neighbour must not make the test fail.
        let ((), busy) = measured(|| {
            let started = thread_cpu();
            while thread_cpu().saturating_sub(started) < Duration::from_millis(30) {
                std::hint::black_box(0);
            }
        });
        assert!((30.0..1_000.0).contains(&busy), "{busy} ms");
        let ((), asleep) = measured(|| std::thread::sleep(Duration::from_millis(30)));
        assert!(asleep < 5.0, "{asleep} ms");
    }
}
