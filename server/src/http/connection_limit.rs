//! The caps on open connections (issue #16): in all, so a flood cannot exhaust file descriptors
//! or memory, and per client address, so one client cannot take every slot. The accept loop
//! asks for a slot before it hands a connection on; the slot is given back when the connection
//! ends. A refused connection is closed at once, and the refusals are logged sampled.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::client_ip::TrustedProxies;
use crate::config::Connections;
use crate::limits::sampled_log::LogSampler;
use crate::limits::slots::{Full, Slot, Slots};

/// At most one log line per cap and this interval, however many connections are refused.
pub(super) const REFUSAL_LOG_INTERVAL: Duration = Duration::from_secs(5);

/// Open connections, in all and per client.
#[derive(Debug)]
pub(super) struct ConnectionLimits {
    max_per_client: u64,
    max_per_proxy: u64,
    proxies: TrustedProxies,
    slots: Arc<Slots>,
    refused_total: LogSampler,
    refused_per_client: LogSampler,
}

/// Why a connection was refused.
pub(super) type Refusal = Full;

/// One admitted connection's place in the counts, given back when dropped.
pub(super) type ConnectionSlot = Slot;

impl ConnectionLimits {
    pub(super) fn new(
        config: &Connections,
        open_files_limit: u64,
        proxies: TrustedProxies,
    ) -> Self {
        Self {
            max_per_client: config.max_per_client,
            max_per_proxy: config.max_per_proxy,
            proxies,
            slots: Slots::new(config.connection_cap(open_files_limit)),
            refused_total: LogSampler::new(REFUSAL_LOG_INTERVAL),
            refused_per_client: LogSampler::new(REFUSAL_LOG_INTERVAL),
        }
    }

    pub(super) fn max_total(&self) -> u64 {
        self.slots.max_total()
    }

    /// A slot for a connection from `peer`, or why there is none. Only the accept loop calls
    /// this; slots are given back from any thread.
    pub(super) fn admit(&self, peer: IpAddr) -> Result<ConnectionSlot, Refusal> {
        let cap = if self.proxies.contains(peer) {
            self.max_per_proxy
        } else {
            self.max_per_client
        };
        self.slots.take(peer, cap)
    }

    /// Logs a refusal, sampled: the first at once, then at most one line per interval with
    /// the number refused since the last line.
    pub(super) fn log_refusal(&self, refusal: Refusal, peer: IpAddr) {
        let now = Instant::now();
        match refusal {
            Full::Total => {
                if let Some(refused) = self.refused_total.record(now) {
                    self.log_total(refused);
                }
            }
            Full::PerClient => {
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
            max_connections = self.max_total(),
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
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(max_total: u64, max_per_client: u64, max_per_proxy: u64) -> ConnectionLimits {
        let config = Connections {
            max_connections: max_total,
            max_per_client,
            max_per_proxy,
            ..Connections::default()
        };
        let proxies = TrustedProxies::new(vec!["10.0.0.1".parse().unwrap()]);
        ConnectionLimits::new(&config, 20_000, proxies)
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn one_client_gets_its_cap_and_others_still_get_in() {
        let limits = limits(100, 2, 0);
        let first = limits.admit(ip("192.0.2.1")).unwrap();
        let _second = limits.admit(ip("192.0.2.1")).unwrap();
        assert_eq!(limits.admit(ip("192.0.2.1")).unwrap_err(), Full::PerClient);
        assert_eq!(
            limits.slots.held(),
            2,
            "a refusal takes no place in the total"
        );
        let _other = limits.admit(ip("192.0.2.2")).unwrap();
        drop(first);
        let _again = limits.admit(ip("192.0.2.1")).unwrap();
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
        assert_eq!(capped.admit(ip("10.0.0.1")).unwrap_err(), Full::PerClient);
    }

    #[test]
    fn the_total_cap_holds_across_clients_and_slots_come_back() {
        let limits = limits(3, 5, 0);
        let slots: Vec<_> = (1..=3)
            .map(|n| limits.admit(ip(&format!("192.0.2.{n}"))).unwrap())
            .collect();
        assert_eq!(limits.admit(ip("192.0.2.9")).unwrap_err(), Full::Total);
        drop(slots);
        assert_eq!(limits.slots.held(), 0);
        assert!(limits.admit(ip("192.0.2.9")).is_ok());
    }
}
