//! Device plans as jobs (issue #33, docs/planning.md): a plan of a venue and its accuracy lab
//! take seconds (the demo mall about ten), so they run one after another on their own
//! low-priority threads, each waiting visitor told its place in the queue and then the plan's
//! progress, walker by walker. One client has one plan waiting or running; past `queue`
//! waiting, plans are refused at once. A visitor who leaves (the stream dropped) cancels the
//! plan, waiting or running. Finished plans are kept by venue version and request, so asking
//! again costs nothing; their answers are shared with the other servers of the database
//! (`store.rs`). No HTTP types: `http/venues/plan.rs` reads the request and streams the
//! updates.

pub(crate) mod store;

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use site_planning::{Plan, Progress, Request};
use site_venues::Venue;
use tokio::sync::{mpsc, watch};

use crate::compute::cpu_time::measured;
use crate::config::PlanningConfig;
use crate::limits::slots::{Full, Slot, Slots};
use crate::limits::token_buckets::TokenBuckets;
use crate::process::thread_pool::{Priority, ThreadPool};

/// What a waiting visitor hears.
#[derive(Debug, Clone)]
pub(crate) enum Update {
    /// Plans ahead of this one (0: it is next).
    Queued(usize),
    Progress(Progress),
    Done(Arc<Plan>),
    /// The planner could not plan (nowhere to mount a device on the levels asked).
    Refused(site_planning::PlanError),
    /// The job panicked (a bug, logged).
    Failed,
}

/// Why a plan was not started.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// The client's hour of plans is spent: it may ask again after this long (429).
    Budget(Duration),
    /// The client has a plan waiting or running (503).
    ClientBusy,
    /// The queue is full (503).
    Busy,
}

#[derive(Clone)]
pub(crate) struct Plans(Arc<Inner>);

struct Inner {
    pool: ThreadPool,
    slots: Arc<Slots>,
    budget: TokenBuckets,
    /// Tickets of the plans waiting, in order.
    queue: Mutex<VecDeque<u64>>,
    /// Bumped whenever the queue moves, so each waiting stream tells its visitor.
    moved: watch::Sender<u64>,
    kept: Mutex<Kept>,
    next_ticket: AtomicU64,
    /// Plans run since start, for the tests and `/healthz?details`.
    computed: AtomicU64,
}

/// Finished plans by key, the oldest out first past `capacity`.
struct Kept {
    capacity: usize,
    plans: HashMap<String, Arc<Plan>>,
    order: VecDeque<String>,
}

impl Plans {
    /// `below_pages`: the plans' threads in the idle class (`background_below_pages`).
    pub(crate) fn new(config: &PlanningConfig, below_pages: bool) -> std::io::Result<Self> {
        let total = (config.workers + config.queue) as u64;
        let per_second_ms = config.cpu_secs_per_hour.saturating_mul(1000) / 3600;
        let priority = Priority::Idle.below_pages_if(below_pages);
        Ok(Self(Arc::new(Inner {
            pool: ThreadPool::new("plans", config.workers, total as usize, priority)?,
            slots: Slots::new(total),
            // An hour's CPU at once, refilled evenly; a zero rate turns it off.
            budget: TokenBuckets::new(
                if config.cpu_secs_per_hour == 0 {
                    0
                } else {
                    per_second_ms.max(1)
                },
                config.cpu_secs_per_hour.saturating_mul(1000),
            ),
            queue: Mutex::new(VecDeque::new()),
            moved: watch::Sender::new(0),
            kept: Mutex::new(Kept {
                capacity: config.kept,
                plans: HashMap::new(),
                order: VecDeque::new(),
            }),
            next_ticket: AtomicU64::new(0),
            computed: AtomicU64::new(0),
        })))
    }

    /// Whether this server keeps the plan of `key`.
    pub(crate) fn is_kept(&self, key: &str) -> bool {
        self.0.kept(key).is_some()
    }

    /// Plans run since start.
    pub(crate) fn computed(&self) -> u64 {
        self.0.computed.load(Ordering::Relaxed)
    }

    /// The plan kept under `key`, or a job planning `request` over `venue` for `client`.
    pub(crate) fn start(
        &self,
        client: IpAddr,
        key: String,
        venue: Arc<Venue>,
        request: Request,
    ) -> Result<Job, Refusal> {
        let inner = &self.0;
        let (sender, updates) = mpsc::unbounded_channel();
        let job = |slot| Job {
            updates,
            moved: inner.moved.subscribe(),
            ticket: None,
            inner: Arc::clone(inner),
            cancel: Arc::new(AtomicBool::new(false)),
            last_place: None,
            _slot: slot,
        };
        if let Some(plan) = inner.kept(&key) {
            let _ = sender.send(Update::Done(plan));
            return Ok(job(None));
        }
        let slot = inner.slots.take(client, 1).map_err(|full| match full {
            Full::PerClient => Refusal::ClientBusy,
            Full::Total => Refusal::Busy,
        })?;
        // A plan is charged what it measured once done; it starts only with budget left.
        inner
            .budget
            .spend(client, Instant::now(), 1.0)
            .map_err(Refusal::Budget)?;
        let mut job = job(Some(slot));
        let ticket = inner.next_ticket.fetch_add(1, Ordering::Relaxed);
        job.ticket = Some(ticket);
        inner.lock_queue().push_back(ticket);
        inner.moved.send_modify(|n| *n += 1);
        let cancel = Arc::clone(&job.cancel);
        let owner = Arc::clone(inner);
        let progress_sender = sender.clone();
        let panic_sender = sender.clone();
        let submitted = inner.pool.submit(move || {
            owner.leave_queue(ticket);
            if cancel.load(Ordering::Relaxed) {
                return;
            }
            let mut progress = |step| {
                let _ = progress_sender.send(Update::Progress(step));
            };
            let (result, used_ms) =
                measured(|| site_planning::plan(&venue, &request, &mut progress, &cancel));
            owner.budget.settle(client, Instant::now(), used_ms - 1.0);
            let update = match result {
                Ok(plan) => {
                    owner.computed.fetch_add(1, Ordering::Relaxed);
                    let plan = Arc::new(plan);
                    owner.keep(key, Arc::clone(&plan));
                    Update::Done(plan)
                }
                Err(site_planning::PlanError::Cancelled) => return,
                Err(error) => Update::Refused(error),
            };
            let _ = sender.send(update);
        });
        let Ok(receiver) = submitted else {
            // Not reached while the slots keep the queue within the pool's room.
            return Err(Refusal::Busy);
        };
        // A panic is logged and told to the visitor.
        tokio::spawn(async move {
            if let Ok(Err(_)) = receiver.await {
                tracing::error!("a device plan panicked");
                let _ = panic_sender.send(Update::Failed);
            }
        });
        Ok(job)
    }
}

impl Inner {
    fn lock_queue(&self) -> std::sync::MutexGuard<'_, VecDeque<u64>> {
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn leave_queue(&self, ticket: u64) {
        let mut queue = self.lock_queue();
        if let Some(at) = queue.iter().position(|&t| t == ticket) {
            queue.remove(at);
            drop(queue);
            self.moved.send_modify(|n| *n += 1);
        }
    }

    fn place(&self, ticket: u64) -> Option<usize> {
        self.lock_queue().iter().position(|&t| t == ticket)
    }

    fn kept(&self, key: &str) -> Option<Arc<Plan>> {
        let kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        kept.plans.get(key).cloned()
    }

    fn keep(&self, key: String, plan: Arc<Plan>) {
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        if kept.plans.insert(key.clone(), plan).is_none() {
            kept.order.push_back(key);
        }
        while kept.order.len() > kept.capacity {
            if let Some(oldest) = kept.order.pop_front() {
                kept.plans.remove(&oldest);
            }
        }
    }
}

/// One visitor's plan: its updates, until done. Dropping it (the visitor left) cancels the plan.
pub(crate) struct Job {
    updates: mpsc::UnboundedReceiver<Update>,
    moved: watch::Receiver<u64>,
    ticket: Option<u64>,
    inner: Arc<Inner>,
    cancel: Arc<AtomicBool>,
    last_place: Option<usize>,
    _slot: Option<Slot>,
}

impl Job {
    /// The next update: the place in the queue when it changed, the planner's progress, then
    /// the plan; `None` after it.
    pub(crate) async fn next(&mut self) -> Option<Update> {
        loop {
            if let Some(ticket) = self.ticket {
                let place = self.inner.place(ticket);
                if place.is_some() && place != self.last_place {
                    self.last_place = place;
                    return place.map(Update::Queued);
                }
                if place.is_none() {
                    // Running or done: the queue no longer concerns it.
                    self.ticket = None;
                }
            }
            tokio::select! {
                update = self.updates.recv() => return update,
                changed = self.moved.changed(), if self.ticket.is_some() => {
                    if changed.is_err() {
                        self.ticket = None;
                    }
                }
            }
        }
    }
}

impl Drop for Job {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
        if let Some(ticket) = self.ticket {
            self.inner.leave_queue(ticket);
        }
    }
}
