//! The process's open-files limit. Every connection is a file descriptor, and the usual soft
//! limit (1024) would stop a busy server long before memory or CPU do; the hard limit is what
//! the operator allows, so the server takes all of it at start.

use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};

/// Where an unlimited hard limit is brought down to: Linux refuses a soft limit above
/// `fs.nr_open`, whose default this is.
const UNLIMITED_TARGET: u64 = 1 << 20;

/// Raises the soft RLIMIT_NOFILE to the hard limit, logs both values, and returns the soft
/// limit now in force.
pub(crate) fn raise_to_hard_limit() -> u64 {
    let before = getrlimit(Resource::Nofile);
    let soft = before.current.unwrap_or(UNLIMITED_TARGET);
    let hard = before.maximum.unwrap_or(UNLIMITED_TARGET);
    if soft >= hard {
        tracing::info!(soft, hard, "open-files limit already at its hard limit");
        return soft;
    }
    let raised = Rlimit {
        current: Some(hard),
        maximum: before.maximum,
    };
    match setrlimit(Resource::Nofile, raised) {
        Ok(()) => {
            tracing::info!(before = soft, now = hard, hard, "open-files limit raised");
            hard
        }
        Err(error) => {
            tracing::warn!(%error, soft, hard, "cannot raise the open-files limit; keeping it");
            soft
        }
    }
}
