//! Which addresses a remote source may be fetched from: public ones only (issue #16). An allowed
//! host name that resolves to the machine itself or to the private network behind it would let
//! any visitor make this server fetch from there. The check runs on the addresses a name
//! resolves to, inside the resolver the HTTP client connects with, so the addresses checked
//! are the addresses used.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

use reqwest::dns::{Addrs, Name, Resolve, Resolving};

/// A host name whose addresses are all non-public. Found in the HTTP client's error chain.
#[derive(Debug, thiserror::Error)]
#[error("{host} resolves to no public address ({addresses})")]
pub(super) struct NotPublic {
    host: String,
    addresses: String,
}

/// Resolves with the system's resolver and keeps the public addresses only; a name with none
/// is refused with [`NotPublic`]. The client connects to what this returns and nothing else:
/// a name that answers differently a second time (DNS rebinding) meets the same check.
pub(super) struct PublicResolver;

impl Resolve for PublicResolver {
    fn resolve(&self, name: Name) -> Resolving {
        let host = name.as_str().to_owned();
        Box::pin(async move {
            let resolved: Vec<SocketAddr> =
                tokio::net::lookup_host((host.as_str(), 0)).await?.collect();
            let public = public_only(&host, resolved)?;
            Ok(Box::new(public.into_iter()) as Addrs)
        })
    }
}

fn public_only(host: &str, resolved: Vec<SocketAddr>) -> Result<Vec<SocketAddr>, NotPublic> {
    let (public, refused): (Vec<SocketAddr>, Vec<SocketAddr>) = resolved
        .into_iter()
        .partition(|address| is_public(address.ip()));
    if public.is_empty() {
        let addresses: Vec<String> = refused.iter().map(|a| a.ip().to_string()).collect();
        return Err(NotPublic {
            host: host.to_owned(),
            addresses: addresses.join(", "),
        });
    }
    Ok(public)
}

/// False for loopback, private, link-local, unique-local, unspecified, multicast, broadcast,
/// documentation, shared (CGNAT), benchmarking and reserved addresses, in IPv4 and IPv6, and
/// for IPv6 addresses that carry such an IPv4 address (mapped, compatible, NAT64, 6to4).
pub(super) fn is_public(address: IpAddr) -> bool {
    match address {
        IpAddr::V4(address) => is_public_v4(address),
        IpAddr::V6(address) => is_public_v6(address),
    }
}

fn is_public_v4(address: Ipv4Addr) -> bool {
    let [a, b, c, _] = address.octets();
    let special = a == 0 // "this network", 0.0.0.0 included (RFC 1122)
        || a == 10 // private (RFC 1918)
        || a == 127 // loopback
        || (a == 100 && (64..128).contains(&b)) // shared address space, CGNAT (RFC 6598)
        || (a == 169 && b == 254) // link-local
        || (a == 172 && (16..32).contains(&b)) // private
        || (a == 192 && b == 0 && c == 0) // IETF protocol assignments (RFC 6890)
        || (a == 192 && b == 0 && c == 2) // documentation, TEST-NET-1 (RFC 5737)
        || (a == 192 && b == 168) // private
        || (a == 198 && (b == 18 || b == 19)) // benchmarking (RFC 2544)
        || (a == 198 && b == 51 && c == 100) // documentation, TEST-NET-2
        || (a == 203 && b == 0 && c == 113) // documentation, TEST-NET-3
        || a >= 224; // multicast, reserved, and the broadcast address
    !special
}

fn is_public_v6(address: Ipv6Addr) -> bool {
    if let Some(carried) = carried_v4(address) {
        return is_public_v4(carried);
    }
    let s = address.segments();
    let special = address.is_unspecified()
        || address.is_loopback()
        || (s[0] & 0xfe00) == 0xfc00 // unique local (RFC 4193)
        || (s[0] & 0xffc0) == 0xfe80 // link-local
        || (s[0] & 0xffc0) == 0xfec0 // site-local, deprecated but routed by some networks
        || (s[0] & 0xff00) == 0xff00 // multicast
        || (s[0] == 0x2001 && s[1] == 0x0db8) // documentation (RFC 3849)
        || (s[0] == 0x3fff && s[1] < 0x1000) // documentation (RFC 9637)
        || (s[0] == 0x0100 && s[1] == 0 && s[2] == 0 && s[3] == 0) // discard-only (RFC 6666)
        || (s[0] == 0x2001 && s[1] < 0x0200) // IETF protocol assignments: Teredo, benchmarking, ORCHID
        || (s[0] == 0x0064 && s[1] == 0xff9b && s[2] == 0x0001); // local-use NAT64 (RFC 8215)
    !special
}

/// The IPv4 address inside an IPv6 one that stands for it: mapped `::ffff:a.b.c.d`,
/// compatible `::a.b.c.d` (`::` and `::1` among them), NAT64 `64:ff9b::a.b.c.d` and 6to4
/// `2002:aabb:ccdd::`.
fn carried_v4(address: Ipv6Addr) -> Option<Ipv4Addr> {
    if let Some(mapped) = address.to_ipv4_mapped() {
        return Some(mapped);
    }
    let s = address.segments();
    let last = Ipv4Addr::new((s[6] >> 8) as u8, s[6] as u8, (s[7] >> 8) as u8, s[7] as u8);
    if s[..6] == [0; 6] || s[..6] == [0x0064, 0xff9b, 0, 0, 0, 0] {
        return Some(last);
    }
    if s[0] == 0x2002 {
        return Some(Ipv4Addr::new(
            (s[1] >> 8) as u8,
            s[1] as u8,
            (s[2] >> 8) as u8,
            s[2] as u8,
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each address parses and is (or is not) public.
    fn check(addresses: &[&str], expected: bool) {
        for address in addresses {
            assert_eq!(is_public(address.parse().unwrap()), expected, "{address}");
        }
    }

    #[test]
    fn special_ipv4_addresses_are_not_public() {
        check(
            &[
                "0.0.0.0",
                "0.1.2.3",
                "10.0.0.1",
                "10.255.255.255",
                "100.64.0.1",
                "100.127.255.254",
                "127.0.0.1",
                "127.8.9.10",
                "169.254.169.254",
                "172.16.0.1",
                "172.31.255.255",
                "192.0.0.8",
                "192.0.2.1",
                "192.168.1.1",
                "198.18.0.1",
                "198.19.255.255",
                "198.51.100.7",
                "203.0.113.9",
                "224.0.0.1",
                "239.255.255.250",
                "240.0.0.1",
                "255.255.255.255",
            ],
            false,
        );
    }

    #[test]
    fn ordinary_ipv4_addresses_are_public() {
        check(
            &[
                "1.1.1.1",
                "8.8.8.8",
                "100.63.255.255",
                "100.128.0.1",
                "172.15.255.255",
                "172.32.0.1",
                "192.0.1.1",
                "192.169.0.1",
                "198.17.0.1",
                "198.20.0.1",
                "223.255.255.254",
            ],
            true,
        );
    }

    #[test]
    fn special_ipv6_addresses_are_not_public() {
        check(
            &[
                "::",
                "::1",
                "::ffff:127.0.0.1",
                "::ffff:10.1.2.3",
                "::ffff:169.254.169.254",
                "::127.0.0.1",
                "64:ff9b::10.0.0.1",
                "64:ff9b:1::1",
                "2002:7f00:1::",
                "2002:c0a8:101::1",
                "fc00::1",
                "fd12:3456:789a::1",
                "fe80::1",
                "febf::1",
                "fec0::1",
                "ff02::1",
                "2001:db8::1",
                "3fff::1",
                "100::1",
                "2001::1",
                "2001:2::1",
            ],
            false,
        );
    }

    #[test]
    fn ordinary_ipv6_addresses_are_public() {
        check(
            &[
                "2606:4700:4700::1111",
                "2400:3200::1",
                "::ffff:8.8.8.8",
                "64:ff9b::808:808",
                "2002:808:808::1",
                "2001:4860:4860::8888",
            ],
            true,
        );
    }

    #[test]
    fn a_name_keeps_only_its_public_addresses() {
        let at = |ip: &str| SocketAddr::new(ip.parse().unwrap(), 0);
        let mixed = vec![at("10.0.0.1"), at("93.184.215.14"), at("::1")];
        assert_eq!(
            public_only("mixed.example", mixed).unwrap(),
            vec![at("93.184.215.14")]
        );
        let error = public_only("inside.example", vec![at("127.0.0.1"), at("::1")]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "inside.example resolves to no public address (127.0.0.1, ::1)"
        );
    }

    #[tokio::test]
    async fn localhost_is_refused_by_the_resolver() {
        let resolved = PublicResolver.resolve("localhost".parse().unwrap()).await;
        let error = resolved.err().expect("localhost has no public address");
        assert!(error.downcast_ref::<NotPublic>().is_some(), "{error}");
    }
}
