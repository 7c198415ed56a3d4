//! The caps on open connections (issue #16): in all, so a flood cannot exhaust file descriptors
//! or memory, and per client address, so one client cannot take every slot. The accept loop
//! asks for a slot before it hands a connection on; the slot is given back when the connection
//! ends. A refused connection is closed at once, and the refusals are logged sampled.

use std::collections::hash_map::Entry;
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::client_ip::TrustedProxies;
use crate::client_table::ClientTable;
use crate::config::Connections;
use crate::sampled_log::LogSampler;

/// At most one log line per cap and this interval, however many connections are refused.
pub(super) const REFUSAL_LOG_INTERVAL: Duration = Duration::from_secs(5);

/// Open connections, in all and per client.
#[derive(Debug)]
pub(super) struct ConnectionLimits {
    max_total: u64,
    max_per_client: u64,
    max_per_proxy: u64,
    proxies: TrustedProxies,
    open: AtomicU64,
    /// Open connections per client key; only clients under a cap are counted.
    per_client: ClientTable<u64>,
    refused_total: LogSampler,
    refused_per_client: LogSampler,
}

/// Why a connection was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Refusal {
    Total,
    PerClient,
}

/// One admitted connection's place in the counts, given back when dropped.
#[derive(Debug)]
pub(super) struct ConnectionSlot {
    limits: Arc<ConnectionLimits>,
    /// The client key counted for this connection, when its client is under a cap.
    client: Option<IpAddr>,
}

impl ConnectionLimits {
    pub(super) fn new(
        config: &Connections,
        open_files_limit: u64,
        proxies: TrustedProxies,
    ) -> Self {
        let max_total = config.connection_cap(open_files_limit);
        Self {
            max_total,
            max_per_client: config.max_per_client,
            max_per_proxy: config.max_per_proxy,
            proxies,
            open: AtomicU64::new(0),
            // Never fuller than the connections open, so it never has to forget a client.
            per_client: ClientTable::new(usize::try_from(max_total).unwrap_or(usize::MAX)),
            refused_total: LogSampler::new(REFUSAL_LOG_INTERVAL),
            refused_per_client: LogSampler::new(REFUSAL_LOG_INTERVAL),
        }
    }

    pub(super) fn max_total(&self) -> u64 {
        self.max_total
    }

    /// A slot for a connection from `peer`, or why there is none. Only the accept loop calls
    /// this; slots are given back from any thread.
    pub(super) fn admit(self: &Arc<Self>, peer: IpAddr) -> Result<ConnectionSlot, Refusal> {
        if self.open.fetch_add(1, Ordering::AcqRel) >= self.max_total {
            self.open.fetch_sub(1, Ordering::AcqRel);
            return Err(Refusal::Total);
        }
        let mut slot = ConnectionSlot {
            limits: Arc::clone(self),
            client: None,
        };
        let cap = if self.proxies.contains(peer) {
            self.max_per_proxy
        } else {
            self.max_per_client
        };
        if cap == 0 {
            return Ok(slot);
        }
        let admitted = self.per_client.with_client(
            peer,
            // The table holds at most as many clients as there are open connections.
            |_| {},
            || 0,
            |key, open| {
                if *open >= cap {
                    return None;
                }
                *open += 1;
                Some(key)
            },
        );
        match admitted {
            Some(key) => {
                slot.client = Some(key);
                Ok(slot)
            }
            // Dropping the slot gives back the place in the total.
            None => Err(Refusal::PerClient),
        }
    }

    /// Logs a refusal, sampled: the first at once, then at most one line per interval with
    /// the number refused since the last line.
    pub(super) fn log_refusal(&self, refusal: Refusal, peer: IpAddr) {
        let now = Instant::now();
        match refusal {
            Refusal::Total => {
                if let Some(refused) = self.refused_total.record(now) {
                    self.log_total(refused);
                }
            }
            Refusal::PerClient => {
                if let Some(refused) = self.refused_per_client.record(now) {
                    self.log_per_client(refused, Some(peer));
                }
            }
        }
    }

    /// Reports refusals the sampled lines have not told yet; called every interval.
    pub(super) fn flush_refusals(&self) {
        let now = Instant::now();
        if let Some(refused) = self.refused_total.flush(now) {
            self.log_total(refused);
        }
        if let Some(refused) = self.refused_per_client.flush(now) {
            self.log_per_client(refused, None);
        }
    }

    fn log_total(&self, refused: u64) {
        tracing::warn!(
            refused,
            max_connections = self.max_total,
            "connection cap reached: new connections are closed (connections.max_connections)"
        );
    }

    fn log_per_client(&self, refused: u64, client: Option<IpAddr>) {
        let client = client.map(|ip| ip.to_string()).unwrap_or_default();
        tracing::warn!(
            refused,
            client,
            max_per_client = self.max_per_client,
            "per-client connection cap reached: the client's new connections are closed \
             (connections.max_per_client)"
        );
    }

    fn release(&self, client: Option<IpAddr>) {
        if let Some(key) = client {
            let mut clients = self.per_client.lock();
            if let Entry::Occupied(mut entry) = clients.entry(key) {
                *entry.get_mut() -= 1;
                if *entry.get() == 0 {
                    entry.remove();
                }
            }
        }
        self.open.fetch_sub(1, Ordering::AcqRel);
    }
}

impl Drop for ConnectionSlot {
    fn drop(&mut self) {
        self.limits.release(self.client);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(max_total: u64, max_per_client: u64, max_per_proxy: u64) -> Arc<ConnectionLimits> {
        let config = Connections {
            max_connections: max_total,
            max_per_client,
            max_per_proxy,
            ..Connections::default()
        };
        let proxies = TrustedProxies::new(vec!["10.0.0.1".parse().unwrap()]);
        Arc::new(ConnectionLimits::new(&config, 20_000, proxies))
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn one_client_gets_its_cap_and_others_still_get_in() {
        let limits = limits(100, 2, 0);
        let first = limits.admit(ip("192.0.2.1")).unwrap();
        let _second = limits.admit(ip("192.0.2.1")).unwrap();
        assert_eq!(
            limits.admit(ip("192.0.2.1")).unwrap_err(),
            Refusal::PerClient
        );
        // A refusal takes no place in the total.
        assert_eq!(limits.open.load(Ordering::Relaxed), 2);
        let _other = limits.admit(ip("192.0.2.2")).unwrap();
        drop(first);
        let _again = limits.admit(ip("192.0.2.1")).unwrap();
    }

    #[test]
    fn an_ipv6_client_is_its_64_block() {
        let limits = limits(100, 1, 0);
        let _slot = limits.admit(ip("2001:db8:1:2::1")).unwrap();
        assert!(limits.admit(ip("2001:db8:1:2:ffff::9")).is_err());
        assert!(limits.admit(ip("2001:db8:1:3::1")).is_ok());
    }

    #[test]
    fn trusted_proxies_have_their_own_cap() {
        let uncapped = limits(100, 1, 0);
        let slots: Vec<_> = (0..10)
            .map(|_| uncapped.admit(ip("10.0.0.1")).unwrap())
            .collect();
        assert_eq!(slots.len(), 10);
        let capped = limits(100, 1, 3);
        let _slots: Vec<_> = (0..3)
            .map(|_| capped.admit(ip("10.0.0.1")).unwrap())
            .collect();
        assert_eq!(
            capped.admit(ip("10.0.0.1")).unwrap_err(),
            Refusal::PerClient
        );
    }

    #[test]
    fn the_total_cap_holds_across_clients_and_slots_come_back() {
        let limits = limits(3, 5, 0);
        let slots: Vec<_> = (1..=3)
            .map(|n| limits.admit(ip(&format!("192.0.2.{n}"))).unwrap())
            .collect();
        assert_eq!(limits.admit(ip("192.0.2.9")).unwrap_err(), Refusal::Total);
        drop(slots);
        assert_eq!(limits.open.load(Ordering::Relaxed), 0);
        assert!(limits.per_client.lock().is_empty());
        assert!(limits.admit(ip("192.0.2.9")).is_ok());
    }
}
