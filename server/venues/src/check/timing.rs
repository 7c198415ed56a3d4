//! Where a check or a load spends its time, for `examples/check_timing.rs` (issue #32: an
//! uploaded building must not hold a thread for minutes). The phases record into a per-thread
//! list only while [`record`] runs, so the server pays one thread-local look-up a phase.

use std::cell::RefCell;
use std::time::{Duration, Instant};

thread_local! {
    static PHASES: RefCell<Option<Vec<(&'static str, Duration)>>> = const { RefCell::new(None) };
}

/// Runs `work`, returning what it returned and the time of each phase it ran, in order (a
/// phase inside another is listed before it). Not an API.
#[doc(hidden)]
pub fn record<T>(work: impl FnOnce() -> T) -> (T, Vec<(&'static str, Duration)>) {
    let outer = PHASES.with(|p| p.borrow_mut().replace(Vec::new()));
    let value = work();
    let phases = PHASES.with(|p| std::mem::replace(&mut *p.borrow_mut(), outer));
    (value, phases.unwrap_or_default())
}

/// Runs one named phase of a check or a load.
pub(crate) fn phase<T>(name: &'static str, work: impl FnOnce() -> T) -> T {
    if PHASES.with(|p| p.borrow().is_none()) {
        return work();
    }
    let start = Instant::now();
    let value = work();
    let took = start.elapsed();
    PHASES.with(|p| {
        if let Some(list) = p.borrow_mut().as_mut() {
            list.push((name, took));
        }
    });
    value
}
