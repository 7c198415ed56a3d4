//! The enquiry limits kept in this process's memory: a sliding window per IP address with
//! the two counts (see `mod.rs`), exact for one server.
//!
//! Memory is bounded twice: each address keeps at most `limit` timestamps per count (older
//! ones leave the window and are dropped), and at most `max_clients` addresses (IPv6 per /64)
//! are tracked.

use std::collections::VecDeque;
use std::net::IpAddr;
use std::time::{Duration, Instant};

use crate::limits::client_table::{ClientTable, Clients, DEFAULT_MAX_CLIENTS};

#[derive(Debug)]
pub(crate) struct MemoryLimiter {
    window: Duration,
    max_accepted: usize,
    max_submissions: usize,
    clients: ClientTable<Client>,
}

#[derive(Debug, Default)]
struct Client {
    submissions: VecDeque<Instant>,
    accepted: VecDeque<Instant>,
}

/// A submission counted in memory (see `mod.rs`'s `Ticket`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[must_use]
pub(crate) struct Ticket {
    key: IpAddr,
    at: Instant,
}

impl MemoryLimiter {
    pub(crate) fn new(window: Duration, max_accepted: u32, max_submissions: u32) -> Self {
        Self::with_max_clients(window, max_accepted, max_submissions, DEFAULT_MAX_CLIENTS)
    }

    pub(crate) fn with_max_clients(
        window: Duration,
        max_accepted: u32,
        max_submissions: u32,
        max_clients: usize,
    ) -> Self {
        Self {
            window,
            max_accepted: max_accepted as usize,
            max_submissions: max_submissions as usize,
            clients: ClientTable::new(max_clients),
        }
    }

    pub(crate) fn window(&self) -> Duration {
        self.window
    }

    /// Counts a submission from `ip` at `now`, or says how long until the client may submit
    /// again: until the oldest counted entry of the exhausted count leaves the window.
    /// Refused submissions are not counted, so the wait never grows while a client retries.
    pub(crate) fn check(&self, ip: IpAddr, now: Instant) -> Result<Ticket, Duration> {
        self.clients.with_client(
            ip,
            |clients| self.make_room(clients, now),
            Client::default,
            |key, client| self.count(key, client, now),
        )
    }

    fn count(&self, key: IpAddr, client: &mut Client, now: Instant) -> Result<Ticket, Duration> {
        let horizon = now.checked_sub(self.window);
        for entries in [&mut client.submissions, &mut client.accepted] {
            while let Some(&oldest) = entries.front() {
                if horizon.is_some_and(|horizon| oldest <= horizon) {
                    entries.pop_front();
                } else {
                    break;
                }
            }
        }
        let wait = |entries: &VecDeque<Instant>| {
            let oldest = entries.front().copied().unwrap_or(now);
            (oldest + self.window).saturating_duration_since(now)
        };
        if client.submissions.len() >= self.max_submissions {
            return Err(wait(&client.submissions));
        }
        if client.accepted.len() >= self.max_accepted {
            return Err(wait(&client.accepted));
        }
        client.submissions.push_back(now);
        client.accepted.push_back(now);
        Ok(Ticket { key, at: now })
    }

    /// The submission of `ticket` was not accepted (invalid, a bot, too large, or the store
    /// failed): it keeps counting as a submission but gives its accepted place back.
    pub(crate) fn not_accepted(&self, ticket: Ticket) {
        if let Some(client) = self.clients.lock().get_mut(&ticket.key)
            && let Some(position) = client.accepted.iter().rposition(|at| *at == ticket.at)
        {
            client.accepted.remove(position);
        }
    }

    /// Number of addresses tracked (for tests of the bound).
    #[cfg(test)]
    pub(crate) fn tracked(&self) -> usize {
        self.clients.lock().len()
    }

    /// Drops clients whose entries have all left the window; when that is not enough (many
    /// addresses active at once), forgets a tenth of the table. Forgetting lets those clients
    /// start afresh, which is the lesser harm than refusing every new address or growing
    /// without bound. Runs only when the table is full, so its cost is spread over many
    /// inserts.
    fn make_room(&self, clients: &mut Clients<Client>, now: Instant) {
        let horizon = now.checked_sub(self.window);
        clients.retain(|_, client| {
            let newest = client.submissions.back().copied();
            match (newest, horizon) {
                (None, _) => false,
                (Some(newest), Some(horizon)) => newest > horizon,
                (Some(_), None) => true,
            }
        });
        let max = self.clients.max();
        if clients.len() >= max {
            let excess = clients.len() + 1 - max;
            let drop = excess.max(max / 10);
            let victims: Vec<IpAddr> = clients.keys().take(drop).copied().collect();
            for key in victims {
                clients.remove(&key);
            }
            tracing::warn!(
                forgotten = drop,
                "enquiry rate limit: too many clients at once, forgetting some"
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MINUTE: Duration = Duration::from_secs(60);

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    /// Submissions from `client` at each of `times` that pass the check and are not accepted.
    fn not_accepted_at(
        limiter: &MemoryLimiter,
        client: IpAddr,
        times: impl Iterator<Item = Instant>,
    ) {
        for at in times {
            let ticket = limiter.check(client, at).unwrap();
            limiter.not_accepted(ticket);
        }
    }

    /// A limiter with a ten-minute window, a time to start at and a client.
    fn ten_minutes(
        accepted: u32,
        submissions: u32,
        client: &str,
    ) -> (MemoryLimiter, Instant, IpAddr) {
        let limiter = MemoryLimiter::new(10 * MINUTE, accepted, submissions);
        (limiter, Instant::now(), ip(client))
    }

    #[test]
    fn accepted_limit_counts_only_accepted_ones() {
        let (limiter, start, client) = ten_minutes(2, 30, "203.0.113.7");
        let seconds = (0..5).map(|s| start + Duration::from_secs(s));
        not_accepted_at(&limiter, client, seconds);
        let _ = limiter.check(client, start + MINUTE).unwrap();
        let _ = limiter.check(client, start + 2 * MINUTE).unwrap();
        // The oldest accepted one leaves the window 10 minutes after it was counted.
        let wait = limiter.check(client, start + 3 * MINUTE).unwrap_err();
        assert_eq!(wait, 8 * MINUTE);
        assert!(limiter.check(client, start + 11 * MINUTE).is_ok());
        // Other clients are not affected.
        assert!(limiter.check(ip("203.0.113.8"), start + 3 * MINUTE).is_ok());
    }

    #[test]
    fn submission_limit_counts_every_outcome_and_refusals_do_not_extend_it() {
        let (limiter, start, client) = ten_minutes(5, 3, "198.51.100.1");
        not_accepted_at(&limiter, client, (0..3).map(|m| start + m * MINUTE));
        for minute in 3..9 {
            let wait = limiter.check(client, start + minute * MINUTE).unwrap_err();
            assert_eq!(wait, (10 - minute) * MINUTE);
        }
        assert!(limiter.check(client, start + 10 * MINUTE).is_ok());
    }

    #[test]
    fn ipv6_clients_are_counted_per_64() {
        let limiter = MemoryLimiter::new(MINUTE, 1, 10);
        let now = Instant::now();
        let _ = limiter.check(ip("2001:db8:1:2::1"), now).unwrap();
        assert!(limiter.check(ip("2001:db8:1:2:ffff::9"), now).is_err());
        assert!(limiter.check(ip("2001:db8:1:3::1"), now).is_ok());
        let _ = limiter.check(ip("::ffff:192.0.2.1"), now).unwrap();
        assert!(limiter.check(ip("192.0.2.1"), now).is_err());
    }

    #[test]
    fn table_of_clients_is_bounded() {
        let limiter = MemoryLimiter::with_max_clients(MINUTE, 5, 30, 1000);
        let now = Instant::now();
        for index in 0..50_000u32 {
            let _ = limiter.check(IpAddr::from(index.to_be_bytes()), now);
            assert!(limiter.tracked() <= 1000);
        }
        // Once their entries leave the window, old clients make room without forgetting
        // active ones.
        let later = now + 2 * MINUTE;
        let _ = limiter.check(ip("192.0.2.200"), later).unwrap();
        assert_eq!(limiter.tracked(), 1);
    }
}
