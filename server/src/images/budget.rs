//! Render memory: before a rendering decodes its picture it takes a share of a budget the size
//! of the decoded pixels, and gives it back when done. Small pictures render side by side; two
//! large ones (a 2400x1350 hero decodes to 13 MB) take turns instead of doubling the server's
//! peak. Shares are granted in order of asking, so a large picture is not starved by a stream
//! of small ones.

use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

pub(super) struct MemoryBudget {
    total: u64,
    free: Mutex<u64>,
    freed: Condvar,
    /// Held by the one rendering waiting for its share: the others queue here, in turn.
    turn: Mutex<()>,
}

/// A share of the budget, returned when dropped.
pub(super) struct Share<'a> {
    budget: &'a MemoryBudget,
    bytes: u64,
}

impl MemoryBudget {
    pub(super) fn new(total_bytes: u64) -> Self {
        Self {
            total: total_bytes.max(1),
            free: Mutex::new(total_bytes.max(1)),
            freed: Condvar::new(),
            turn: Mutex::new(()),
        }
    }

    /// Blocks until `bytes` are free, then takes them. A rendering larger than the whole budget
    /// waits for all of it and runs alone.
    pub(super) fn take(&self, bytes: u64) -> Share<'_> {
        let bytes = bytes.clamp(1, self.total);
        let _turn = self.turn.lock().unwrap_or_else(PoisonError::into_inner);
        let mut free = self.free();
        while *free < bytes {
            free = self
                .freed
                .wait(free)
                .unwrap_or_else(PoisonError::into_inner);
        }
        *free -= bytes;
        Share {
            budget: self,
            bytes,
        }
    }

    fn free(&self) -> MutexGuard<'_, u64> {
        self.free.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Drop for Share<'_> {
    fn drop(&mut self) {
        *self.budget.free() += self.bytes;
        self.budget.freed.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::time::{Duration, Instant};

    use super::*;

    #[test]
    fn shares_never_exceed_the_budget_and_an_oversized_one_runs_alone() {
        let budget = Arc::new(MemoryBudget::new(100));
        let (held, peak) = (Arc::new(AtomicU64::new(0)), Arc::new(AtomicU64::new(0)));
        let threads: Vec<_> = [60, 60, 30, 30, 500, 10, 90]
            .into_iter()
            .map(|bytes| {
                let (budget, held, peak) = (budget.clone(), held.clone(), peak.clone());
                std::thread::spawn(move || {
                    let share = budget.take(bytes);
                    let now = held.fetch_add(share.bytes, Ordering::SeqCst) + share.bytes;
                    peak.fetch_max(now, Ordering::SeqCst);
                    std::thread::sleep(Duration::from_millis(20));
                    held.fetch_sub(share.bytes, Ordering::SeqCst);
                })
            })
            .collect();
        for thread in threads {
            thread.join().unwrap();
        }
        assert!(peak.load(Ordering::SeqCst) <= 100);
        assert_eq!(*budget.free(), 100, "every share was returned");
    }

    #[test]
    fn a_large_share_waits_and_then_is_served_before_later_small_ones() {
        let budget = Arc::new(MemoryBudget::new(100));
        let small = budget.take(50);
        let order = Arc::new(Mutex::new(Vec::new()));
        // A thread that takes `bytes` of the budget and then says it was served.
        let taker = |bytes: u64, name: &'static str| {
            let (budget, order) = (budget.clone(), order.clone());
            std::thread::spawn(move || {
                let _share = budget.take(bytes);
                order.lock().unwrap().push(name);
            })
        };
        let large = taker(100, "large");
        // Until its thread holds the turn, waiting for memory. A fixed pause was not enough: in a
        // CI run on a loaded machine the small share's thread, started 50 ms later, came first.
        let deadline = Instant::now() + Duration::from_secs(10);
        while budget.turn.try_lock().is_ok() {
            assert!(
                Instant::now() < deadline,
                "the large share was never asked for"
            );
            std::thread::sleep(Duration::from_millis(1));
        }
        let later = taker(10, "small");
        // Time for the small share to be asked for, behind the large one.
        std::thread::sleep(Duration::from_millis(50));
        assert!(order.lock().unwrap().is_empty(), "the large share waits");
        drop(small);
        large.join().unwrap();
        later.join().unwrap();
        assert_eq!(*order.lock().unwrap(), ["large", "small"]);
    }
}
