//! Per-client request budget of the live demo's API (issue #14): a token bucket per IP address
//! (IPv6 per /64, like the enquiry limits), `burst` requests at once, refilled at `per_second`.
//! No HTTP types: `http/venues.rs` decides the client address and answers 429.
//!
//! Memory is bounded: at most `max_clients` buckets; when the table is full, the buckets that
//! have refilled completely (clients gone quiet) are dropped first.

use std::net::IpAddr;
use std::time::{Duration, Instant};

use crate::client_table::{ClientTable, Clients, DEFAULT_MAX_CLIENTS};
use crate::config::RequestRate;

#[derive(Debug)]
pub(crate) struct RequestBudget {
    /// Tokens per second; None when the limit is off.
    rate: Option<f64>,
    burst: f64,
    buckets: ClientTable<Bucket>,
}

#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl RequestBudget {
    pub(crate) fn new(config: &RequestRate) -> Self {
        Self::with_max_clients(config, DEFAULT_MAX_CLIENTS)
    }

    pub(crate) fn with_max_clients(config: &RequestRate, max_clients: usize) -> Self {
        Self {
            rate: (config.per_second > 0).then_some(f64::from(config.per_second)),
            burst: f64::from(config.burst.max(1)),
            buckets: ClientTable::new(max_clients),
        }
    }

    /// Spends one request of `ip`'s budget, or says how long until one is available.
    pub(crate) fn spend(&self, ip: IpAddr, now: Instant) -> Result<(), Duration> {
        let Some(rate) = self.rate else {
            return Ok(());
        };
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
            let tokens = refilled(*bucket, rate, burst, now);
            if tokens >= 1.0 {
                *bucket = Bucket {
                    tokens: tokens - 1.0,
                    at: now,
                };
                Ok(())
            } else {
                *bucket = Bucket { tokens, at: now };
                Err(Duration::from_secs_f64((1.0 - tokens) / rate))
            }
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

    fn budget(per_second: u32, burst: u32) -> RequestBudget {
        RequestBudget::new(&RequestRate { per_second, burst })
    }

    /// Spends `times` requests of `ip` at `at`, each of which must pass.
    fn spend_passing(budget: &RequestBudget, ip: IpAddr, at: Instant, times: usize) {
        for _ in 0..times {
            assert!(budget.spend(ip, at).is_ok());
        }
    }

    #[test]
    fn a_burst_passes_then_the_sustained_rate_applies() {
        let budget = budget(10, 3);
        let ip: IpAddr = "203.0.113.7".parse().unwrap();
        let start = Instant::now();
        spend_passing(&budget, ip, start, 3);
        let wait = budget.spend(ip, start).unwrap_err();
        assert!(
            wait > Duration::ZERO && wait <= Duration::from_millis(100),
            "{wait:?}"
        );
        assert!(budget.spend(ip, start + Duration::from_millis(100)).is_ok());
        assert!(
            budget
                .spend(ip, start + Duration::from_millis(100))
                .is_err()
        );
    }

    #[test]
    fn clients_have_their_own_budgets_and_ipv6_counts_per_64() {
        let budget = budget(1, 1);
        let now = Instant::now();
        assert!(budget.spend("2001:db8::1".parse().unwrap(), now).is_ok());
        assert!(budget.spend("2001:db8::2".parse().unwrap(), now).is_err());
        assert!(budget.spend("198.51.100.1".parse().unwrap(), now).is_ok());
    }

    #[test]
    fn zero_per_second_turns_the_limit_off() {
        let budget = budget(0, 1);
        spend_passing(&budget, "192.0.2.1".parse().unwrap(), Instant::now(), 1000);
    }

    #[test]
    fn the_table_stays_bounded_under_many_addresses() {
        let budget = RequestBudget::with_max_clients(
            &RequestRate {
                per_second: 1,
                burst: 5,
            },
            50,
        );
        let now = Instant::now();
        for n in 0..500u32 {
            let ip = IpAddr::from(n.to_be_bytes());
            assert!(budget.spend(ip, now).is_ok());
        }
        assert!(budget.buckets.lock().len() <= 50);
    }
}
