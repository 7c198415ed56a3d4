//! Per-client budgets as token buckets (IPv6 per /64, like the enquiry limits): `burst` tokens at
//! once, refilled at `per_second`. The live demo's API spends one per request (issue #14) and,
//! for what it computes, the CPU milliseconds the answer costs (issue #30): charged up front by
//! an estimate, then settled to what the computation measured. No HTTP types: `http/` decides
//! the client address and answers 429.
//!
//! Memory is bounded: at most `max_clients` buckets; when the table is full, the buckets that
//! have refilled completely (clients gone quiet) are dropped first.

use std::net::IpAddr;
use std::time::{Duration, Instant};

use crate::limits::client_table::{ClientTable, Clients, DEFAULT_MAX_CLIENTS};

#[derive(Debug)]
pub(crate) struct TokenBuckets {
    /// Tokens per second; None when the limit is off.
    rate: Option<f64>,
    burst: f64,
    buckets: ClientTable<Bucket>,
}

#[derive(Debug, Clone, Copy)]
struct Bucket {
    /// Below zero when a settled cost came out dearer than its estimate: the client waits it
    /// off.
    tokens: f64,
    at: Instant,
}

impl TokenBuckets {
    /// `per_second` 0 turns the limit off.
    pub(crate) fn new(per_second: u32, burst: u32) -> Self {
        Self::with_max_clients(per_second, burst, DEFAULT_MAX_CLIENTS)
    }

    pub(crate) fn with_max_clients(per_second: u32, burst: u32, max_clients: usize) -> Self {
        Self {
            rate: (per_second > 0).then_some(f64::from(per_second)),
            burst: f64::from(burst.max(1)),
            buckets: ClientTable::new(max_clients),
        }
    }

    /// Spends `cost` tokens of `ip`'s budget, or says how long until they are available. A
    /// cost above the burst is charged as the whole burst.
    pub(crate) fn spend(&self, ip: IpAddr, now: Instant, cost: f64) -> Result<(), Duration> {
        let Some(rate) = self.rate else {
            return Ok(());
        };
        let cost = cost.clamp(0.0, self.burst);
        self.with_bucket(ip, now, |tokens| {
            if tokens >= cost {
                (tokens - cost, Ok(()))
            } else {
                (tokens, Err(Duration::from_secs_f64((cost - tokens) / rate)))
            }
        })
    }

    /// Charges `delta` more tokens (a refund when negative) to `ip` after the fact: what a
    /// computation cost beyond its estimate. The bucket may go below zero, down to minus the
    /// burst.
    pub(crate) fn settle(&self, ip: IpAddr, now: Instant, delta: f64) {
        if self.rate.is_none() || delta == 0.0 {
            return;
        }
        let floor = -self.burst;
        self.with_bucket(ip, now, |tokens| (((tokens - delta).max(floor)), ()));
    }

    /// Runs `f` on `ip`'s tokens refilled to `now`, and keeps the tokens it gives back.
    fn with_bucket<R>(&self, ip: IpAddr, now: Instant, f: impl FnOnce(f64) -> (f64, R)) -> R {
        let rate = self.rate.unwrap_or(0.0);
        let burst = self.burst;
        let make_room = |buckets: &mut Clients<Bucket>| {
            buckets.retain(|_, bucket| refilled(*bucket, rate, burst, now) < burst);
            if buckets.len() >= self.buckets.max() {
                // Every tracked client is busy: an attack from many addresses. Forgetting them
                // all hands each a fresh burst once, which is better than unbounded memory.
                buckets.clear();
            }
        };
        let full = || Bucket {
            tokens: burst,
            at: now,
        };
        self.buckets.with_client(ip, make_room, full, |_, bucket| {
            let (tokens, result) = f(refilled(*bucket, rate, burst, now));
            *bucket = Bucket { tokens, at: now };
            result
        })
    }
}

fn refilled(bucket: Bucket, rate: f64, burst: f64, now: Instant) -> f64 {
    let elapsed = now.saturating_duration_since(bucket.at).as_secs_f64();
    (bucket.tokens + elapsed * rate).min(burst)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Spends `times` single tokens of `ip` at `at`, each of which must pass.
    fn spend_passing(budget: &TokenBuckets, ip: IpAddr, at: Instant, times: usize) {
        for _ in 0..times {
            assert!(budget.spend(ip, at, 1.0).is_ok());
        }
    }

    #[test]
    fn a_burst_passes_then_the_sustained_rate_applies() {
        let budget = TokenBuckets::new(10, 3);
        let ip: IpAddr = "203.0.113.7".parse().unwrap();
        let start = Instant::now();
        spend_passing(&budget, ip, start, 3);
        let wait = budget.spend(ip, start, 1.0).unwrap_err();
        assert!(
            wait > Duration::ZERO && wait <= Duration::from_millis(100),
            "{wait:?}"
        );
        assert!(
            budget
                .spend(ip, start + Duration::from_millis(100), 1.0)
                .is_ok()
        );
        assert!(
            budget
                .spend(ip, start + Duration::from_millis(100), 1.0)
                .is_err()
        );
    }

    #[test]
    fn costs_are_charged_whole_and_settled_after_the_fact() {
        let budget = TokenBuckets::new(100, 1000);
        let ip: IpAddr = "203.0.113.8".parse().unwrap();
        let start = Instant::now();
        assert!(budget.spend(ip, start, 600.0).is_ok());
        // 400 left: a 500 waits a second for the missing 100.
        let wait = budget.spend(ip, start, 500.0).unwrap_err();
        assert_eq!(wait, Duration::from_secs(1));
        // The 600 estimate cost 900: 100 left, then nothing for another 150.
        budget.settle(ip, start, 300.0);
        assert!(budget.spend(ip, start, 150.0).is_err());
        assert!(budget.spend(ip, start, 100.0).is_ok());
        // A refund gives tokens back; a cost above the burst is charged as the burst.
        budget.settle(ip, start, -1000.0);
        assert!(budget.spend(ip, start, 5000.0).is_ok());
        assert!(budget.spend(ip, start, 1.0).is_err());
    }

    #[test]
    fn clients_have_their_own_budgets_and_ipv6_counts_per_64() {
        let budget = TokenBuckets::new(1, 1);
        let now = Instant::now();
        assert!(
            budget
                .spend("2001:db8::1".parse().unwrap(), now, 1.0)
                .is_ok()
        );
        assert!(
            budget
                .spend("2001:db8::2".parse().unwrap(), now, 1.0)
                .is_err()
        );
        assert!(
            budget
                .spend("198.51.100.1".parse().unwrap(), now, 1.0)
                .is_ok()
        );
    }

    #[test]
    fn zero_per_second_turns_the_limit_off() {
        let budget = TokenBuckets::new(0, 1);
        spend_passing(&budget, "192.0.2.1".parse().unwrap(), Instant::now(), 1000);
    }

    #[test]
    fn the_table_stays_bounded_under_many_addresses() {
        let budget = TokenBuckets::with_max_clients(1, 5, 50);
        let now = Instant::now();
        for n in 0..500u32 {
            let ip = IpAddr::from(n.to_be_bytes());
            assert!(budget.spend(ip, now, 1.0).is_ok());
        }
        assert!(budget.buckets.lock().len() <= 50);
    }
}
