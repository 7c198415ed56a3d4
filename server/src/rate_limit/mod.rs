//! Per-client limits on enquiry submissions (issue #6): per IP address (IPv6 per /64), two
//! counts in a sliding window, every submission whatever its outcome, and accepted enquiries.
//! No HTTP types: `http/leads.rs` decides the client address and answers 429.
//!
//! One server on SQLite keeps them in memory (`memory.rs`). Servers sharing PostgreSQL keep
//! them in the database (`shared.rs`, issue #16), so a client has one budget whichever replica
//! answers. While PostgreSQL does not answer, each server's memory stands in: enquiries are
//! refused then anyway, and limits per server are better than none.

mod memory;
mod shared;

use std::net::IpAddr;
use std::time::{Duration, Instant};

use crate::leads::Leads;
use crate::limits::sampled_log::LogSampler;
use memory::MemoryLimiter;
use shared::SharedLimits;

pub(crate) struct RateLimiter {
    memory: MemoryLimiter,
    shared: SharedLimits,
    /// The database, when it is a shared one.
    leads: Leads,
    database_failures: LogSampler,
}

/// A submission let through: it holds one of the client's accepted places until it is known
/// whether the enquiry was accepted ([`RateLimiter::not_accepted`] gives it back). Reserving
/// up front keeps concurrent submissions from one client from all passing the check.
#[must_use]
pub(crate) struct Ticket(Counted);

/// Where a ticket's submission was counted.
enum Counted {
    Memory(memory::Ticket),
    Shared(shared::Ticket),
}

impl RateLimiter {
    pub(crate) fn new(
        window: Duration,
        max_accepted: u32,
        max_submissions: u32,
        leads: Leads,
    ) -> Self {
        Self {
            memory: MemoryLimiter::new(window, max_accepted, max_submissions),
            shared: SharedLimits::new(window, max_accepted, max_submissions),
            leads,
            database_failures: LogSampler::default(),
        }
    }

    pub(crate) fn window(&self) -> Duration {
        self.memory.window()
    }

    /// Counts a submission from `ip`, or says how long until the client may submit again.
    pub(crate) async fn check(&self, ip: IpAddr) -> Result<Ticket, Duration> {
        if let Some(pool) = self.leads.shared_database() {
            let now = crate::leads::time::now_millis();
            match self.shared.check(&pool, ip, now).await {
                Ok(counted) => return counted.map(|ticket| Ticket(Counted::Shared(ticket))),
                Err(error) => self.database_failed(&error),
            }
        }
        self.memory
            .check(ip, Instant::now())
            .map(|ticket| Ticket(Counted::Memory(ticket)))
    }

    /// The submission of `ticket` was not accepted (invalid, a bot, too large, or the store
    /// failed): it keeps counting as a submission but gives its accepted place back.
    pub(crate) async fn not_accepted(&self, ticket: Ticket) {
        match ticket.0 {
            Counted::Memory(ticket) => self.memory.not_accepted(ticket),
            Counted::Shared(ticket) => {
                let Some(pool) = self.leads.shared_database() else {
                    return;
                };
                if let Err(error) = self.shared.not_accepted(&pool, &ticket).await {
                    self.database_failed(&error);
                }
            }
        }
    }

    fn database_failed(&self, error: &sqlx::Error) {
        if let Some(left_out) = self.database_failures.admit(Instant::now()) {
            tracing::warn!(
                %error,
                left_out,
                "enquiry rate limits: the database does not answer; this server counts alone meanwhile"
            );
        }
    }
}
