//! Who sent a request, for the enquiry rate limit and the sales routes' allow-list and login
//! throttle: the socket peer, unless the peer is a configured trusted proxy
//! (`leads.trusted_proxies`), in which case the proxies' own `X-Forwarded-For` says. Only what
//! trusted proxies appended is believed: the list is read from the right, skipping trusted
//! addresses, and the first other address is the client. A client writing its own
//! `X-Forwarded-For` only adds entries to the left of that. The same proxies have their own cap
//! on open connections (`connection_limit.rs`).

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use axum::extract::ConnectInfo;
use http::{Extensions, HeaderMap};

use crate::config::ProxyNet;

/// Addresses and networks (`10.0.0.0/8`, `::1`) whose `X-Forwarded-For` is believed.
#[derive(Debug, Clone, Default)]
pub(super) struct TrustedProxies {
    networks: Vec<ProxyNet>,
}

impl TrustedProxies {
    pub(super) fn new(networks: Vec<ProxyNet>) -> Self {
        Self { networks }
    }

    pub(super) fn contains(&self, ip: IpAddr) -> bool {
        self.networks.iter().any(|network| network.contains(ip))
    }

    /// The client of a request: its socket peer (which the accept loop records with each
    /// request) as [`Self::client_ip`] reads it.
    pub(super) fn client_of(&self, extensions: &Extensions, headers: &HeaderMap) -> IpAddr {
        let peer = extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |info| info.0.ip());
        self.client_ip(peer, headers)
    }

    /// The client's address: `peer`, or when `peer` is trusted, the rightmost
    /// `X-Forwarded-For` address that is not itself trusted.
    pub(super) fn client_ip(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        let peer = peer.to_canonical();
        if self.networks.is_empty() || !self.contains(peer) {
            return peer;
        }
        let mut client = peer;
        // Several header lines form one list, in order.
        let values: Vec<&str> = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|value| value.to_str().ok())
            .collect();
        for entry in values.iter().rev().flat_map(|value| value.rsplit(',')) {
            let Some(address) = parse_forwarded(entry.trim()) else {
                // Not an address: what lies left of it cannot be trusted either.
                break;
            };
            client = address;
            if !self.contains(address) {
                break;
            }
        }
        client
    }
}

/// An `X-Forwarded-For` entry: an address, possibly with a port (`1.2.3.4:80`, `[::1]:80`).
fn parse_forwarded(entry: &str) -> Option<IpAddr> {
    entry
        .parse::<IpAddr>()
        .ok()
        .or_else(|| entry.parse::<SocketAddr>().ok().map(|socket| socket.ip()))
        .map(|ip| ip.to_canonical())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn trusting(networks: &[&str]) -> TrustedProxies {
        TrustedProxies::new(networks.iter().map(|text| text.parse().unwrap()).collect())
    }

    fn headers(values: &[&str]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for value in values {
            map.append("x-forwarded-for", value.parse().unwrap());
        }
        map
    }

    #[test]
    fn untrusted_peers_are_the_client_whatever_they_forward() {
        let trusted = trusting(&["10.0.0.0/8"]);
        let forged = headers(&["1.1.1.1"]);
        assert_eq!(
            trusted.client_ip(ip("203.0.113.9"), &forged),
            ip("203.0.113.9")
        );
        let none = TrustedProxies::default();
        assert_eq!(none.client_ip(ip("10.0.0.1"), &forged), ip("10.0.0.1"));
    }

    #[test]
    fn trusted_peers_name_the_rightmost_untrusted_address() {
        let trusted = trusting(&["10.0.0.0/8", "127.0.0.1", "::1"]);
        let peer = ip("10.1.2.3");
        // The client forged the first entry; the proxies appended the rest.
        let chain = headers(&["6.6.6.6, 198.51.100.7", "10.9.9.9"]);
        assert_eq!(trusted.client_ip(peer, &chain), ip("198.51.100.7"));
        assert_eq!(
            trusted.client_ip(ip("::1"), &headers(&["198.51.100.8:4711"])),
            ip("198.51.100.8")
        );
        assert_eq!(
            trusted.client_ip(ip("::ffff:127.0.0.1"), &headers(&["[2001:db8::1]:80"])),
            ip("2001:db8::1")
        );
        // No header, or only proxies in it: the leftmost proxy is the best we know.
        assert_eq!(trusted.client_ip(peer, &HeaderMap::new()), peer);
        assert_eq!(
            trusted.client_ip(peer, &headers(&["10.0.0.5, 10.0.0.6"])),
            ip("10.0.0.5")
        );
        // Garbage stops the walk at the last address read.
        assert_eq!(
            trusted.client_ip(peer, &headers(&["198.51.100.1, nonsense, 10.0.0.6"])),
            ip("10.0.0.6")
        );
    }
}
