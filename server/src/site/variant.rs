//! The page variant a request gets (spec section 4, docs/design.md "Variants"): a pure function of
//! the Host and User-Agent headers and the configured China domain.

/// Mobile user agents get the bare page without header, footer or floating tool. The order is
/// relied on by `has_mobile_marker`.
const MOBILE_MARKERS: [&[u8]; 5] = [b"android", b"webos", b"iphone", b"ipod", b"blackberry"];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Device {
    Desktop,
    Mobile,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Region {
    China,
    International,
}

impl Region {
    pub const ALL: [Region; 2] = [Region::International, Region::China];

    /// Index into per-region tables, in the order of [`Region::ALL`].
    pub const fn index(self) -> usize {
        match self {
            Region::International => 0,
            Region::China => 1,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Variant {
    pub device: Device,
    pub region: Region,
}

impl Variant {
    pub const ALL: [Variant; 4] = [
        Variant::new(Device::Desktop, Region::International),
        Variant::new(Device::Desktop, Region::China),
        Variant::new(Device::Mobile, Region::International),
        Variant::new(Device::Mobile, Region::China),
    ];

    pub const fn new(device: Device, region: Region) -> Self {
        Self { device, region }
    }

    pub fn detect(host: Option<&[u8]>, user_agent: Option<&[u8]>, china_domain: &str) -> Self {
        let device = match user_agent {
            Some(ua) if has_mobile_marker(ua) => Device::Mobile,
            _ => Device::Desktop,
        };
        let region = match host {
            Some(host) if contains_ignore_case(host, china_domain.as_bytes()) => Region::China,
            _ => Region::International,
        };
        Self { device, region }
    }

    /// The name enquiries are stored with and the manifest's `leads.variants` labels:
    /// mobile pages are the same on both sites.
    pub const fn name(self) -> &'static str {
        match (self.device, self.region) {
            (Device::Desktop, Region::International) => "desktop-international",
            (Device::Desktop, Region::China) => "desktop-china",
            (Device::Mobile, _) => "mobile",
        }
    }

    /// Index into per-variant tables, in the order of [`Variant::ALL`].
    pub const fn index(self) -> usize {
        match (self.device, self.region) {
            (Device::Desktop, Region::International) => 0,
            (Device::Desktop, Region::China) => 1,
            (Device::Mobile, Region::International) => 2,
            (Device::Mobile, Region::China) => 3,
        }
    }
}

/// One pass over the User-Agent (every page request runs this): only the letters that start a
/// marker lead to a comparison.
fn has_mobile_marker(user_agent: &[u8]) -> bool {
    let marker_at = |rest: &[u8], marker: &[u8]| {
        rest.len() >= marker.len() && rest[..marker.len()].eq_ignore_ascii_case(marker)
    };
    (0..user_agent.len()).any(|start| {
        let rest = &user_agent[start..];
        match rest[0].to_ascii_lowercase() {
            b'a' => marker_at(rest, MOBILE_MARKERS[0]),
            b'w' => marker_at(rest, MOBILE_MARKERS[1]),
            b'i' => marker_at(rest, MOBILE_MARKERS[2]) || marker_at(rest, MOBILE_MARKERS[3]),
            b'b' => marker_at(rest, MOBILE_MARKERS[4]),
            _ => false,
        }
    })
}

fn contains_ignore_case(haystack: &[u8], needle: &[u8]) -> bool {
    !needle.is_empty()
        && haystack.len() >= needle.len()
        && haystack
            .windows(needle.len())
            .any(|window| window.eq_ignore_ascii_case(needle))
}

#[cfg(test)]
mod tests {
    use super::*;

    const CHINA: &str = "indora.cn";

    fn detect(host: &str, ua: &str) -> Variant {
        Variant::detect(Some(host.as_bytes()), Some(ua.as_bytes()), CHINA)
    }

    #[test]
    fn spec_mobile_markers_match_case_insensitively() {
        for ua in [
            "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36",
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)",
            "Mozilla/5.0 (iPod touch; CPU iPhone OS 12_0 like Mac OS X)",
            "Mozilla/5.0 (BlackBerry; U; BlackBerry 9900; en)",
            "Mozilla/5.0 (webOS/1.4.0; U; en-US)",
            "ANDROID-crawler",
            "some blackberry thing",
        ] {
            assert_eq!(detect("indora.com", ua).device, Device::Mobile, "{ua}");
        }
    }

    #[test]
    fn desktop_and_tablet_agents_get_the_shell() {
        for ua in [
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0",
            "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Safari/605.1.15",
            // The spec's list does not include iPad.
            "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)",
            "",
        ] {
            assert_eq!(detect("indora.com", ua).device, Device::Desktop, "{ua}");
        }
        assert_eq!(
            Variant::detect(None, None, CHINA),
            Variant::new(Device::Desktop, Region::International)
        );
    }

    #[test]
    fn host_containing_china_domain_is_the_china_variant() {
        for host in ["indora.cn", "www.indora.cn", "WWW.INDORA.CN:8443"] {
            assert_eq!(detect(host, "").region, Region::China, "{host}");
        }
        for host in ["indora.com", "www.indora.com", "127.0.0.1:8080", "indora.c"] {
            assert_eq!(detect(host, "").region, Region::International, "{host}");
        }
    }

    #[test]
    fn index_matches_order_of_all() {
        for (position, variant) in Variant::ALL.iter().enumerate() {
            assert_eq!(variant.index(), position);
        }
        for (position, region) in Region::ALL.iter().enumerate() {
            assert_eq!(region.index(), position);
        }
    }
}
