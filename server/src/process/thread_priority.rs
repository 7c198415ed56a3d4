//! Background threads (image renders, the live positioning engines, the live demo's long
//! computations) run below page serving: on Linux niceness and scheduling policy are per
//! thread, so these change only the calling thread.

use thread_priority::{
    NormalThreadSchedulePolicy, ThreadPriority, ThreadSchedulePolicy,
    set_thread_priority_and_policy, thread_native_id,
};

/// Lowers the calling thread to `niceness`; `what` names it in the warning if it cannot.
pub(crate) fn lower(niceness: i32, what: &str) {
    if let Err(error) = rustix::process::setpriority_process(None, niceness) {
        tracing::warn!(%error, "cannot lower the priority of {what}");
    }
}

/// Puts the calling thread in Linux's idle scheduling class (`SCHED_IDLE`): it runs on what
/// every other thread leaves, and gives way the moment a page request wakes. On this 2-core
/// machine a busy thread at nice 19 still cost the pages about a fifth of their throughput, one
/// in the idle class about a twentieth (bench/abuse.sh). Where the class is refused, nice 19.
pub(crate) fn idle(what: &str) {
    let policy = ThreadSchedulePolicy::Normal(NormalThreadSchedulePolicy::Idle);
    if let Err(error) =
        set_thread_priority_and_policy(thread_native_id(), ThreadPriority::Min, policy)
    {
        tracing::warn!(
            ?error,
            "cannot put {what} in the idle scheduling class; nice 19 instead"
        );
        lower(19, what);
    }
}
