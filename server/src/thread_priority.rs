//! Background threads (image renders, the live positioning engines) run below page serving: on
//! Linux niceness is per thread, so this lowers only the calling thread.

/// Lowers the calling thread to `niceness`; `what` names it in the warning if it cannot.
pub(crate) fn lower(niceness: i32, what: &str) {
    if let Err(error) = rustix::process::setpriority_process(None, niceness) {
        tracing::warn!(%error, "cannot lower the priority of {what}");
    }
}
