//! Per-client limits on enquiry submissions (issue #6): a sliding window per IP address with
//! two counts, every submission whatever its outcome, and accepted enquiries. No HTTP types:
//! `http/leads.rs` decides the client address and answers 429.
//!
//! Memory is bounded twice: each address keeps at most `limit` timestamps per count (older
//! ones leave the window and are dropped), and at most `max_clients` addresses are tracked.
//! IPv6 clients are counted per /64, the block one subscriber usually gets, so rotating
//! addresses inside it does not escape the limit.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Addresses tracked before the oldest are forgotten. About 100 bytes each with a few
/// timestamps, so the table stays around 10 MB under an attack from many addresses.
pub(crate) const DEFAULT_MAX_CLIENTS: usize = 100_000;

#[derive(Debug)]
pub(crate) struct RateLimiter {
    window: Duration,
    max_accepted: usize,
    max_submissions: usize,
    max_clients: usize,
    clients: Mutex<HashMap<IpAddr, Client>>,
}

#[derive(Debug, Default)]
struct Client {
    submissions: VecDeque<Instant>,
    accepted: VecDeque<Instant>,
}

/// A submission let through: it holds one of the client's accepted places until it is known
/// whether the enquiry was accepted ([`RateLimiter::not_accepted`] gives it back). Reserving
/// up front keeps concurrent submissions from one client from all passing the check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[must_use]
pub(crate) struct Ticket {
    key: IpAddr,
    at: Instant,
}

impl RateLimiter {
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
            max_clients: max_clients.max(1),
            clients: Mutex::new(HashMap::new()),
        }
    }

    pub(crate) fn window(&self) -> Duration {
        self.window
    }

    /// Counts a submission from `ip` at `now`, or says how long until the client may submit
    /// again: until the oldest counted entry of the exhausted count leaves the window.
    /// Refused submissions are not counted, so the wait never grows while a client retries.
    pub(crate) fn check(&self, ip: IpAddr, now: Instant) -> Result<Ticket, Duration> {
        let key = client_key(ip);
        let mut clients = self
            .clients
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if !clients.contains_key(&key) && clients.len() >= self.max_clients {
            self.make_room(&mut clients, now);
        }
        let client = clients.entry(key).or_default();
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
        let mut clients = self
            .clients
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(client) = clients.get_mut(&ticket.key)
            && let Some(position) = client.accepted.iter().rposition(|at| *at == ticket.at)
        {
            client.accepted.remove(position);
        }
    }

    /// Number of addresses tracked (for tests of the bound).
    #[cfg(test)]
    pub(crate) fn tracked(&self) -> usize {
        self.clients.lock().map_or(0, |clients| clients.len())
    }

    /// Drops clients whose entries have all left the window; when that is not enough (many
    /// addresses active at once), forgets a tenth of the table. Forgetting lets those clients
    /// start afresh, which is the lesser harm than refusing every new address or growing
    /// without bound. Runs only when the table is full, so its cost is spread over many
    /// inserts.
    fn make_room(&self, clients: &mut HashMap<IpAddr, Client>, now: Instant) {
        let horizon = now.checked_sub(self.window);
        clients.retain(|_, client| {
            let newest = client.submissions.back().copied();
            match (newest, horizon) {
                (None, _) => false,
                (Some(newest), Some(horizon)) => newest > horizon,
                (Some(_), None) => true,
            }
        });
        if clients.len() >= self.max_clients {
            let excess = clients.len() + 1 - self.max_clients;
            let drop = excess.max(self.max_clients / 10);
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

/// IPv4 addresses as they are (IPv4-mapped IPv6 included), IPv6 by their /64.
pub(crate) fn client_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let segments = v6.segments();
                IpAddr::V6(std::net::Ipv6Addr::new(
                    segments[0],
                    segments[1],
                    segments[2],
                    segments[3],
                    0,
                    0,
                    0,
                    0,
                ))
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MINUTE: Duration = Duration::from_secs(60);

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn accepted_limit_counts_only_accepted_ones() {
        let limiter = RateLimiter::new(10 * MINUTE, 2, 30);
        let start = Instant::now();
        let client = ip("203.0.113.7");
        for second in 0..5 {
            let ticket = limiter
                .check(client, start + Duration::from_secs(second))
                .unwrap();
            limiter.not_accepted(ticket);
        }
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
        let limiter = RateLimiter::new(10 * MINUTE, 5, 3);
        let start = Instant::now();
        let client = ip("198.51.100.1");
        for minute in 0..3 {
            let ticket = limiter.check(client, start + minute * MINUTE).unwrap();
            limiter.not_accepted(ticket);
        }
        for minute in 3..9 {
            let wait = limiter.check(client, start + minute * MINUTE).unwrap_err();
            assert_eq!(wait, (10 - minute) * MINUTE);
        }
        assert!(limiter.check(client, start + 10 * MINUTE).is_ok());
    }

    #[test]
    fn ipv6_clients_are_counted_per_64() {
        let limiter = RateLimiter::new(MINUTE, 1, 10);
        let now = Instant::now();
        let _ = limiter.check(ip("2001:db8:1:2::1"), now).unwrap();
        assert!(limiter.check(ip("2001:db8:1:2:ffff::9"), now).is_err());
        assert!(limiter.check(ip("2001:db8:1:3::1"), now).is_ok());
        let _ = limiter.check(ip("::ffff:192.0.2.1"), now).unwrap();
        assert!(limiter.check(ip("192.0.2.1"), now).is_err());
    }

    #[test]
    fn table_of_clients_is_bounded() {
        let limiter = RateLimiter::with_max_clients(MINUTE, 5, 30, 1000);
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
