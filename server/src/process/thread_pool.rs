//! A fixed set of low-priority threads with a bounded queue, for work a request asks for that
//! takes longer than serving a page: image renderings (`images/`) and the live demo's long
//! computations (`compute/`). A burst of such requests waits here (or is turned away when the
//! queue is full) instead of taking the cores that serve pages.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex};

use tokio::sync::oneshot;

type Job = Box<dyn FnOnce() + Send>;

pub(crate) struct ThreadPool {
    queue: SyncSender<Job>,
}

/// How far below page serving a pool's threads run.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Priority {
    /// At this Linux nice value.
    Nice(i32),
    /// In the idle scheduling class: only on what other threads leave.
    Idle,
    /// At page serving's own priority (`background_below_pages` off).
    Pages,
}

impl Priority {
    /// This priority where background work runs below pages (`background_below_pages`),
    /// else page serving's own.
    pub(crate) fn below_pages_if(self, below: bool) -> Self {
        if below { self } else { Self::Pages }
    }
}

/// The queue is full: the caller should answer 503 and let the client retry.
#[derive(Debug)]
pub(crate) struct PoolBusy;

/// The job panicked (a decoder bug on hostile input); its worker survived.
#[derive(Debug)]
pub(crate) struct JobPanicked;

impl ThreadPool {
    /// `workers` threads named `<name>-<n>` running at `priority` (below page serving), with
    /// room for `queue` jobs waiting.
    pub(crate) fn new(
        name: &str,
        workers: usize,
        queue: usize,
        priority: Priority,
    ) -> std::io::Result<Self> {
        let (sender, receiver) = sync_channel::<Job>(queue);
        let receiver = Arc::new(Mutex::new(receiver));
        for index in 0..workers.max(1) {
            let receiver = Arc::clone(&receiver);
            std::thread::Builder::new()
                .name(format!("{name}-{index}"))
                .spawn(move || work(&receiver, priority))?;
        }
        Ok(Self { queue: sender })
    }

    /// Queues `job`; its result arrives on the returned receiver.
    pub(crate) fn submit<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<oneshot::Receiver<Result<T, JobPanicked>>, PoolBusy> {
        let (sender, receiver) = oneshot::channel();
        let wrapped: Job = Box::new(move || {
            let result = catch_unwind(AssertUnwindSafe(job)).map_err(|_| JobPanicked);
            let _ = sender.send(result);
        });
        match self.queue.try_send(wrapped) {
            Ok(()) => Ok(receiver),
            Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => Err(PoolBusy),
        }
    }
}

fn work(receiver: &Mutex<Receiver<Job>>, priority: Priority) {
    match priority {
        Priority::Nice(niceness) => {
            crate::process::thread_priority::lower(niceness, "a background thread")
        }
        Priority::Idle => crate::process::thread_priority::idle("a background thread"),
        Priority::Pages => {}
    }
    loop {
        let job = {
            let Ok(receiver) = receiver.lock() else {
                return;
            };
            match receiver.recv() {
                Ok(job) => job,
                // The pool was dropped: the server is shutting down.
                Err(_) => return,
            }
        };
        job();
    }
}

#[cfg(test)]
mod tests {
    use thread_priority::{NormalThreadSchedulePolicy, ThreadSchedulePolicy};

    use super::*;

    #[tokio::test]
    async fn runs_jobs_and_survives_panics() {
        let pool = ThreadPool::new("test", 1, 4, Priority::Nice(10)).unwrap();
        let panicked = pool.submit(|| -> u32 { panic!("hostile input") }).unwrap();
        assert!(panicked.await.unwrap().is_err());
        let answer = pool.submit(|| 42).unwrap();
        assert_eq!(answer.await.unwrap().unwrap(), 42);
    }

    /// The calling thread's nice value and scheduling policy (both per thread on Linux).
    fn nice_and_policy() -> (i32, ThreadSchedulePolicy) {
        let nice = rustix::process::getpriority_process(None).unwrap();
        (
            nice,
            thread_priority::unix::thread_schedule_policy().unwrap(),
        )
    }

    #[tokio::test]
    async fn a_pools_threads_run_at_its_priority() {
        const SCHED_IDLE: ThreadSchedulePolicy =
            ThreadSchedulePolicy::Normal(NormalThreadSchedulePolicy::Idle);
        // Nice 19, the lowest: a process may always lower a thread, whatever its own niceness.
        let mine = nice_and_policy();
        for (priority, expected) in [
            (Priority::Nice(19), (19, mine.1)),
            (Priority::Idle, (mine.0, SCHED_IDLE)),
            (Priority::Idle.below_pages_if(true), (mine.0, SCHED_IDLE)),
            (Priority::Idle.below_pages_if(false), mine),
            (Priority::Nice(19).below_pages_if(false), mine),
        ] {
            let pool = ThreadPool::new("test", 1, 1, priority).unwrap();
            let seen = pool
                .submit(nice_and_policy)
                .unwrap()
                .await
                .unwrap()
                .unwrap();
            assert_eq!(seen, expected, "{priority:?}");
        }
    }

    #[tokio::test]
    async fn a_full_queue_turns_jobs_away() {
        let pool = ThreadPool::new("test", 1, 1, Priority::Nice(10)).unwrap();
        let (release, blocked) = std::sync::mpsc::channel::<()>();
        let first = pool
            .submit(move || {
                let _ = blocked.recv();
            })
            .unwrap();
        // The worker may or may not have taken the first job yet; fill whatever room is left.
        let mut accepted = vec![];
        let mut refused = 0;
        for _ in 0..3 {
            match pool.submit(|| ()) {
                Ok(receiver) => accepted.push(receiver),
                Err(PoolBusy) => refused += 1,
            }
        }
        assert!(
            refused >= 1,
            "a queue of one must refuse some of three jobs"
        );
        release.send(()).unwrap();
        first.await.unwrap().unwrap();
        for receiver in accepted {
            receiver.await.unwrap().unwrap();
        }
    }
}
