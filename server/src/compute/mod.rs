//! What anonymous clients make the server compute (issue #30, docs/cost-model.md; the rule in
//! docs/design.md "Cost model for computed answers"): the live demo's routes, searches,
//! hand-over codes, tracks and flow days. No HTTP types: `http/` reads the requests, names the
//! keys and answers the refusals.
//!
//! - Every computation is charged to its client's budget in milliseconds of CPU
//!   (`token_buckets.rs`): up front by an estimate, which must fit, then settled to what the
//!   computation measured on its thread (`cpu_time.rs`).
//! - Short ones (a route takes well under a millisecond) run where the request is served
//!   ([`Compute::inline`]).
//! - Long ones (a track of an hour, a day of flow: seconds) run on the pool's few threads at
//!   low priority (`thread_pool.rs`), fewer than the cores so pages always keep one; one at a
//!   time per client, with one more waiting its turn (`turns.rs`); with a bounded queue, past
//!   which they are refused at once ([`Compute::long`]). Identical ones under way share one computation, and values that are
//!   functions of their inputs are kept within a memory bound (`flights.rs`).

pub(crate) mod cpu_time;
mod flights;
mod turns;

use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

pub(crate) use flights::Flights;
use flights::{Leader, Turn};

/// What [`Compute::turn`] found.
enum Ready<V> {
    Value(V),
    Lead(Leader<V>),
}

use crate::config::ComputeConfig;
use crate::limits::sampled_log::LogSampler;
use crate::limits::slots::{Full, Slots};
use crate::limits::token_buckets::TokenBuckets;
use crate::process::thread_pool::{Priority, ThreadPool};

/// Why a computation was not run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// The client's budget is spent: it may ask again after this long (429).
    Budget(Duration),
    /// The client has a long computation under way already; about this long (503).
    ClientBusy(Duration),
    /// Every thread is busy and the queue is full; about this long (503).
    Busy(Duration),
    /// The computation failed (a bug, logged): 500.
    Failed,
}

/// How often each outcome happened since start, for `/healthz?details` and the tests.
#[derive(Debug, Default)]
struct Counts {
    inline: AtomicU64,
    computed: AtomicU64,
    joined: AtomicU64,
    kept: AtomicU64,
    refused_budget: AtomicU64,
    refused_client: AtomicU64,
    refused_busy: AtomicU64,
    failed: AtomicU64,
}

/// A snapshot of the counts and the state of the queue.
#[derive(Debug, Clone, serde::Serialize)]
pub(crate) struct ComputeStats {
    pub workers: usize,
    pub queue: usize,
    /// Long computations waiting or running now.
    pub under_way: u64,
    pub inline: u64,
    /// Long computations run.
    pub computed: u64,
    /// Requests that waited for an identical computation under way.
    pub joined: u64,
    /// Requests answered from a kept value.
    pub kept: u64,
    pub refused_budget: u64,
    pub refused_client: u64,
    pub refused_busy: u64,
    pub failed: u64,
}

/// Long computations one client may have under way: one running and one waiting its turn (a
/// visitor picks another day while the first computes). A third is refused at once.
const PER_CLIENT: u64 = 2;

/// The budgets, the pool and the counts. Cheap to clone; shared by every build's state.
#[derive(Clone)]
pub(crate) struct Compute(Arc<Inner>);

struct Inner {
    budget: TokenBuckets,
    pool: ThreadPool,
    /// Long computations queued or running: at most [`PER_CLIENT`] per client, `workers +
    /// queue` in all.
    under_way: Arc<Slots>,
    /// Whose computation runs: one per client at a time.
    turns: turns::Turns,
    workers: usize,
    queue: usize,
    /// The estimates of the long computations under way, for the wait a refusal announces.
    pending_ms: AtomicU64,
    counts: Counts,
    /// Refusals are a client's doing: logged one line per period, with a count.
    refusals_log: LogSampler,
}

impl Compute {
    /// `below_pages`: the computations' threads in the idle class (`background_below_pages`).
    pub(crate) fn new(config: &ComputeConfig, below_pages: bool) -> std::io::Result<Self> {
        let cores = std::thread::available_parallelism().map_or(1, |cores| cores.get());
        let workers = config.workers_for(cores);
        let total = (workers + config.queue) as u64;
        Ok(Self(Arc::new(Inner {
            budget: TokenBuckets::new(config.per_second_ms, config.burst_ms),
            // The slots are the gate; the channel only needs room for what they let through.
            // In the idle class: a computation runs on what pages leave, and a burst of them
            // meets the queue.
            pool: ThreadPool::new(
                "compute",
                workers,
                workers + config.queue,
                Priority::Idle.below_pages_if(below_pages),
            )?,
            under_way: Slots::new(total),
            turns: turns::Turns::default(),
            workers,
            queue: config.queue,
            pending_ms: AtomicU64::new(0),
            counts: Counts::default(),
            refusals_log: LogSampler::default(),
        })))
    }

    /// Runs `f` on this thread, charged to `client`: `estimate_ms` must fit in its budget, then
    /// the CPU `f` took is what it pays.
    pub(crate) fn inline<T>(
        &self,
        client: IpAddr,
        estimate_ms: f64,
        f: impl FnOnce() -> T,
    ) -> Result<T, Refusal> {
        let inner = &self.0;
        inner.charge(client, estimate_ms)?;
        inner.counts.inline.fetch_add(1, Ordering::Relaxed);
        let (value, used_ms) = cpu_time::measured(f);
        inner
            .budget
            .settle(client, Instant::now(), used_ms - estimate_ms);
        Ok(value)
    }

    /// The value of `key` in `flights`: kept, computed by an identical request under way, or
    /// computed by `job` on a background thread for `client`, who pays what it costs (an
    /// estimate of `estimate_ms` up front). `job` says whether its value may be kept.
    ///
    /// The computation goes on if the request that started it goes away: others may be
    /// waiting for it, and its value may be kept.
    pub(crate) async fn long<V: Clone + Send + Sync + 'static>(
        &self,
        flights: &Arc<Flights<V>>,
        key: &str,
        client: IpAddr,
        estimate_ms: f64,
        job: impl FnOnce() -> (V, bool) + Send + 'static,
    ) -> Result<V, Refusal> {
        let inner = &self.0;
        let leader = match self.turn(flights, key).await? {
            Ready::Value(value) => return Ok(value),
            Ready::Lead(leader) => leader,
        };
        let slot = match inner.under_way.take(client, PER_CLIENT) {
            Ok(slot) => slot,
            Err(full) => {
                let wait = inner.expected_wait();
                return Err(match full {
                    Full::PerClient => inner.refused(client, &inner.counts.refused_client, || {
                        Refusal::ClientBusy(wait)
                    }),
                    Full::Total => {
                        inner.refused(client, &inner.counts.refused_busy, || Refusal::Busy(wait))
                    }
                });
            }
        };
        inner.charge(client, estimate_ms)?;
        // Given back if this request goes away while it waits, or is not taken: nothing was
        // computed.
        let mut refund = Refund {
            inner,
            client,
            estimate_ms,
            armed: true,
        };
        let pending = Pending::new(&self.0, estimate_ms);
        let turn = inner.turns.take(client).await;
        let owner = Arc::clone(&self.0);
        let submitted = inner.pool.submit(move || {
            // Given back when the job ends, however it ends.
            let (_slot, _turn, _pending) = (slot, turn, pending);
            let ((value, keep), used_ms) = cpu_time::measured(job);
            owner
                .budget
                .settle(client, Instant::now(), used_ms - estimate_ms);
            owner.counts.computed.fetch_add(1, Ordering::Relaxed);
            leader.finish(value.clone(), keep);
            value
        });
        let Ok(receiver) = submitted else {
            // Not reached while the slots keep the queue within its room; said anyway.
            let wait = inner.expected_wait();
            return Err(inner.refused(client, &inner.counts.refused_busy, || Refusal::Busy(wait)));
        };
        refund.armed = false;
        match receiver.await {
            Ok(Ok(value)) => Ok(value),
            _ => {
                inner.counts.failed.fetch_add(1, Ordering::Relaxed);
                tracing::error!(key, "a computation panicked; its requests are answered 500");
                Err(Refusal::Failed)
            }
        }
    }

    /// The value of `key` kept in `flights`, if any.
    pub(crate) fn kept<V: Clone>(&self, flights: &Flights<V>, key: &str) -> Option<V> {
        let value = flights.kept(key)?;
        self.0.counts.kept.fetch_add(1, Ordering::Relaxed);
        Some(value)
    }

    /// The value of `key` in `flights`: kept, computed by an identical request under way, or
    /// computed here by `f` as [`Compute::inline`] does, and kept when `f` says so. For short
    /// computations whose answers are worth keeping (hand-over codes, flow answers).
    pub(crate) async fn inline_kept<V: Clone>(
        &self,
        flights: &Arc<Flights<V>>,
        key: &str,
        client: IpAddr,
        estimate_ms: f64,
        f: impl FnOnce() -> (V, bool),
    ) -> Result<V, Refusal> {
        match self.turn(flights, key).await? {
            Ready::Value(value) => Ok(value),
            Ready::Lead(leader) => {
                let (value, keep) = self.inline(client, estimate_ms, f)?;
                leader.finish(value.clone(), keep);
                Ok(value)
            }
        }
    }

    /// A value kept or computed by another request, or the lead of its computation. A request
    /// whose leader failed or was refused tries once more, then fails: a computation that
    /// panics is not run over and over for the requests that waited for it.
    async fn turn<V: Clone>(
        &self,
        flights: &Arc<Flights<V>>,
        key: &str,
    ) -> Result<Ready<V>, Refusal> {
        let counts = &self.0.counts;
        for _ in 0..2 {
            match flights.turn(key) {
                Turn::Kept(value) => {
                    counts.kept.fetch_add(1, Ordering::Relaxed);
                    return Ok(Ready::Value(value));
                }
                Turn::Wait(waiting) => {
                    if let Some(value) = waiting.value().await {
                        counts.joined.fetch_add(1, Ordering::Relaxed);
                        return Ok(Ready::Value(value));
                    }
                }
                Turn::Lead(leader) => return Ok(Ready::Lead(leader)),
            }
        }
        Err(Refusal::Failed)
    }

    pub(crate) fn stats(&self) -> ComputeStats {
        let inner = &self.0;
        let count = |counter: &AtomicU64| counter.load(Ordering::Relaxed);
        let counts = &inner.counts;
        ComputeStats {
            workers: inner.workers,
            queue: inner.queue,
            under_way: inner.under_way.held(),
            inline: count(&counts.inline),
            computed: count(&counts.computed),
            joined: count(&counts.joined),
            kept: count(&counts.kept),
            refused_budget: count(&counts.refused_budget),
            refused_client: count(&counts.refused_client),
            refused_busy: count(&counts.refused_busy),
            failed: count(&counts.failed),
        }
    }
}

/// What a long computation was charged up front, given back if it never ran.
struct Refund<'a> {
    inner: &'a Inner,
    client: IpAddr,
    estimate_ms: f64,
    armed: bool,
}

impl Drop for Refund<'_> {
    fn drop(&mut self) {
        if self.armed {
            self.inner
                .budget
                .settle(self.client, Instant::now(), -self.estimate_ms);
        }
    }
}

/// A long computation's estimate counted among those under way (for the wait a refusal
/// announces) as long as this lives.
struct Pending {
    inner: Arc<Inner>,
    estimate: u64,
}

impl Pending {
    fn new(inner: &Arc<Inner>, estimate_ms: f64) -> Self {
        let estimate = estimate_ms.max(1.0) as u64;
        inner.pending_ms.fetch_add(estimate, Ordering::AcqRel);
        Self {
            inner: Arc::clone(inner),
            estimate,
        }
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        self.inner
            .pending_ms
            .fetch_sub(self.estimate, Ordering::AcqRel);
    }
}

impl Inner {
    /// Takes `estimate_ms` from `client`'s budget, or says how long until it has them.
    fn charge(&self, client: IpAddr, estimate_ms: f64) -> Result<(), Refusal> {
        self.budget
            .spend(client, Instant::now(), estimate_ms)
            .map_err(|wait| {
                self.refused(client, &self.counts.refused_budget, || {
                    Refusal::Budget(wait)
                })
            })
    }

    fn refused(
        &self,
        client: IpAddr,
        counter: &AtomicU64,
        refusal: impl FnOnce() -> Refusal,
    ) -> Refusal {
        counter.fetch_add(1, Ordering::Relaxed);
        let refusal = refusal();
        if let Some(left_out) = self.refusals_log.admit(Instant::now()) {
            tracing::info!(%client, ?refusal, left_out, "computation refused");
        }
        refusal
    }

    /// About how long until the queue has room: the estimates under way, shared by the
    /// threads; at least a second.
    fn expected_wait(&self) -> Duration {
        let pending = self.pending_ms.load(Ordering::Acquire) as f64;
        let per_thread = pending / self.workers.max(1) as f64;
        Duration::from_secs_f64((per_thread / 1e3).max(1.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn compute(workers: usize, queue: usize, per_second_ms: u32) -> Compute {
        Compute::new(
            &ComputeConfig {
                per_second_ms,
                burst_ms: 10_000,
                workers,
                queue,
                cache_mib: 1,
            },
            true,
        )
        .unwrap()
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn flights() -> Arc<Flights<u64>> {
        Flights::new(1024, |_| 8)
    }

    /// A job that holds its thread until `release` is sent (or dropped).
    fn blocked(release: std::sync::mpsc::Receiver<()>, value: u64) -> impl FnOnce() -> (u64, bool) {
        move || {
            let _ = release.recv();
            (value, true)
        }
    }

    #[tokio::test]
    async fn one_computation_per_client_at_a_time_and_a_full_queue_turns_work_away() {
        // Two threads, one place in the queue: three computations under way at most.
        let compute = compute(2, 1, 0);
        let flights = flights();
        let (release, wait) = std::sync::mpsc::channel();
        let spawn =
            |key: &'static str, ip: &'static str, job: Box<dyn FnOnce() -> (u64, bool) + Send>| {
                let (compute, flights) = (compute.clone(), flights.clone());
                tokio::spawn(async move {
                    compute
                        .long(&flights, key, ip.parse().unwrap(), 10.0, job)
                        .await
                })
            };
        // Waits until `held` computations are under way: spawned tasks start when the machine
        // lets them.
        let under_way = |held: u64| {
            let compute = compute.clone();
            async move {
                for _ in 0..1000 {
                    if compute.stats().under_way == held {
                        return;
                    }
                    tokio::time::sleep(Duration::from_millis(5)).await;
                }
                panic!("never {held} under way");
            }
        };
        let first = spawn("a", "192.0.2.1", Box::new(blocked(wait, 1)));
        under_way(1).await;
        // The same client's second waits its turn; its third is refused at once.
        let ran_second = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let second = {
            let ran = Arc::clone(&ran_second);
            spawn(
                "b",
                "192.0.2.1",
                Box::new(move || {
                    ran.store(true, Ordering::SeqCst);
                    (2, true)
                }),
            )
        };
        under_way(2).await;
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(
            !ran_second.load(Ordering::SeqCst),
            "a thread is free, yet the client's second waits for its first"
        );
        let third = compute
            .long(&flights, "c", ip("192.0.2.1"), 10.0, || (3, true))
            .await;
        assert!(matches!(third, Err(Refusal::ClientBusy(_))));
        // Another client takes the last place (and the free thread); a third finds none.
        let (release_other, wait_other) = std::sync::mpsc::channel();
        let other = spawn("d", "192.0.2.2", Box::new(blocked(wait_other, 4)));
        under_way(3).await;
        let full = compute
            .long(&flights, "e", ip("192.0.2.3"), 10.0, || (5, true))
            .await;
        assert!(matches!(full, Err(Refusal::Busy(wait)) if wait >= Duration::from_secs(1)));
        // The same key as one under way waits for it instead (or, if it comes late, finds it
        // kept): never computed again.
        let joined = spawn("a", "192.0.2.9", Box::new(|| (99, true)));
        assert!(
            !ran_second.load(Ordering::SeqCst),
            "not before the first is done"
        );
        release.send(()).unwrap();
        release_other.send(()).unwrap();
        assert_eq!(first.await.unwrap(), Ok(1));
        assert_eq!(joined.await.unwrap(), Ok(1));
        assert_eq!(second.await.unwrap(), Ok(2));
        assert_eq!(other.await.unwrap(), Ok(4));
        let stats = compute.stats();
        assert_eq!((stats.computed, stats.joined + stats.kept), (3, 1));
        assert_eq!((stats.refused_client, stats.refused_busy), (1, 1));
        assert_eq!(stats.under_way, 0);
        // Kept: asked again, not computed again.
        let again = compute
            .long(&flights, "a", ip("192.0.2.1"), 10.0, || (100, true))
            .await;
        assert_eq!(again, Ok(1));
        assert_eq!(compute.stats().kept, stats.kept + 1);
    }

    #[tokio::test]
    async fn a_panicking_job_fails_its_request_and_frees_its_place() {
        let compute = compute(1, 1, 0);
        let flights = flights();
        let failed = compute
            .long(&flights, "a", ip("192.0.2.1"), 10.0, || -> (u64, bool) {
                panic!("a bug")
            })
            .await;
        assert_eq!(failed, Err(Refusal::Failed));
        assert_eq!(
            compute.0.pending_ms.load(Ordering::Acquire),
            0,
            "its estimate is no longer counted as under way"
        );
        let next = compute
            .long(&flights, "a", ip("192.0.2.1"), 10.0, || (5, false))
            .await;
        assert_eq!(next, Ok(5));
    }

    #[tokio::test]
    async fn the_budget_is_charged_by_what_the_work_cost() {
        // 10,000 ms at once, refilled at 1 ms a second: nothing to speak of meanwhile.
        let compute = compute(1, 1, 1);
        let flights = flights();
        let client = ip("192.0.2.1");
        // Estimated at 1 ms, the job burns 60 ms of CPU: the client pays 60. Counted in the
        // thread's CPU time, not the clock's: the pool's idle-class threads get little of a busy
        // machine, and 60 ms of clock were sometimes 40 of CPU.
        let busy = || {
            let started = cpu_time::thread_cpu();
            while cpu_time::thread_cpu().saturating_sub(started) < Duration::from_millis(60) {
                std::hint::black_box(0);
            }
            (1, false)
        };
        compute
            .long(&flights, "a", client, 1.0, busy)
            .await
            .unwrap();
        assert!(matches!(
            compute.inline(client, 9_950.0, || ()),
            Err(Refusal::Budget(_))
        ));
        // An inline answer pays what it took, next to nothing: the estimate comes back.
        assert!(compute.inline(client, 9_900.0, || ()).is_ok());
        assert!(compute.inline(client, 9_900.0, || ()).is_ok());
        assert!(compute.inline(ip("192.0.2.2"), 9_999.0, || ()).is_ok());
    }
}
