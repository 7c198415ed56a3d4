//! Wrong admin tokens per client (issue #16): after [`MAX_FAILURES`] within [`WINDOW`], the
//! client is refused until the oldest of them leaves the window, whatever it presents, the
//! right token included, so guessing stays slow even for an attacker who happens on it. Only
//! wrong tokens count: a browser's first request without credentials does not. No HTTP types:
//! `http/admin.rs` decides the client address and answers 429.
//!
//! Kept in memory per server process, in the bounded table of `client_table.rs`; with several
//! replicas an attacker gets this many tries per replica, which a token of at least 16
//! characters makes no difference to.

use std::collections::VecDeque;
use std::net::IpAddr;
use std::time::{Duration, Instant};

use crate::limits::client_table::{ClientTable, Clients, DEFAULT_MAX_CLIENTS};

/// Wrong tokens one client may present within [`WINDOW`].
pub(crate) const MAX_FAILURES: usize = 10;
pub(crate) const WINDOW: Duration = Duration::from_secs(15 * 60);

#[derive(Debug)]
pub(crate) struct LoginThrottle {
    clients: ClientTable<VecDeque<Instant>>,
}

impl Default for LoginThrottle {
    fn default() -> Self {
        Self::with_max_clients(DEFAULT_MAX_CLIENTS)
    }
}

impl LoginThrottle {
    pub(crate) fn with_max_clients(max_clients: usize) -> Self {
        Self {
            clients: ClientTable::new(max_clients),
        }
    }

    /// `Err(wait)` while `ip` has used up its failures: how long until it may try again.
    pub(crate) fn check(&self, ip: IpAddr, now: Instant) -> Result<(), Duration> {
        let mut clients = self.clients.lock();
        let Some(failures) = clients.get_mut(&crate::limits::client_table::client_key(ip)) else {
            return Ok(());
        };
        forget_old(failures, now);
        match failures.front() {
            Some(&oldest) if failures.len() >= MAX_FAILURES => {
                Err((oldest + WINDOW).saturating_duration_since(now))
            }
            _ => Ok(()),
        }
    }

    /// Counts a wrong token from `ip` at `now`.
    pub(crate) fn failed(&self, ip: IpAddr, now: Instant) {
        self.clients.with_client(
            ip,
            |clients| make_room(clients, now, self.clients.max()),
            VecDeque::new,
            |_, failures| {
                forget_old(failures, now);
                if failures.len() < MAX_FAILURES {
                    failures.push_back(now);
                }
            },
        );
    }
}

fn forget_old(failures: &mut VecDeque<Instant>, now: Instant) {
    while failures
        .front()
        .is_some_and(|&at| now.saturating_duration_since(at) >= WINDOW)
    {
        failures.pop_front();
    }
}

/// Drops clients whose failures have all left the window; when that is not enough, forgets a
/// tenth of the table (they start afresh, the lesser harm than unbounded memory).
fn make_room(clients: &mut Clients<VecDeque<Instant>>, now: Instant, max: usize) {
    clients.retain(|_, failures| {
        forget_old(failures, now);
        !failures.is_empty()
    });
    if clients.len() >= max {
        let drop = (clients.len() + 1 - max).max(max / 10);
        let victims: Vec<IpAddr> = clients.keys().take(drop).copied().collect();
        for key in victims {
            clients.remove(&key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn ten_failures_lock_the_client_until_the_oldest_leaves_the_window() {
        let throttle = LoginThrottle::default();
        let (client, start) = (ip("203.0.113.5"), Instant::now());
        for minute in 0..MAX_FAILURES as u64 {
            assert_eq!(
                throttle.check(client, start + Duration::from_secs(minute * 60)),
                Ok(())
            );
            throttle.failed(client, start + Duration::from_secs(minute * 60));
        }
        let now = start + Duration::from_secs(10 * 60);
        assert_eq!(
            throttle.check(client, now),
            Err(Duration::from_secs(5 * 60))
        );
        // Failures while locked out do not make the wait longer.
        throttle.failed(client, now);
        assert_eq!(
            throttle.check(client, now),
            Err(Duration::from_secs(5 * 60))
        );
        assert_eq!(throttle.check(client, start + WINDOW), Ok(()));
        // Others, and the same client's IPv6 neighbours outside its /64, are not affected.
        assert_eq!(throttle.check(ip("203.0.113.6"), now), Ok(()));
    }

    #[test]
    fn ipv6_clients_are_counted_per_64_and_the_table_is_bounded() {
        let throttle = LoginThrottle::with_max_clients(100);
        let now = Instant::now();
        for host in 0..MAX_FAILURES as u16 {
            throttle.failed(IpAddr::from([0x2001, 0xdb8, 0, 1, 0, 0, 0, host]), now);
        }
        assert!(throttle.check(ip("2001:db8:0:1::ffff"), now).is_err());
        assert!(throttle.check(ip("2001:db8:0:2::1"), now).is_ok());
        for index in 0..10_000u32 {
            throttle.failed(IpAddr::from(index.to_be_bytes()), now);
            assert!(throttle.clients.lock().len() <= 100);
        }
    }
}
