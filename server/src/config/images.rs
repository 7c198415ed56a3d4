//! The image endpoint's settings: caching, formats, limits and allowed remote sources.

use std::net::IpAddr;

use serde::{Deserialize, Serialize};

use super::{ConfigError, require_positive};

/// The image endpoint `/_next/image` (issue #3). The accepted widths and, unless `qualities`
/// says otherwise, qualities come from the web build (content/site.toml), so pages and server
/// cannot disagree about them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Images {
    /// Seconds browsers may reuse an image of an unhashed source before revalidating; also
    /// how long a cached rendering counts as fresh (`X-Nextjs-Cache: STALE` after).
    pub minimum_cache_ttl_secs: u64,
    /// The qualities `q` may take, like Next.js's `images.qualities`; any other is refused, so
    /// one client cannot make a hundred renderings of each picture. Empty (the default) means
    /// the ones the build's pages use; a list must include those.
    pub qualities: Vec<u8>,
    /// Offer AVIF to browsers that accept it (smaller, but several times slower to encode).
    pub avif: bool,
    /// Pass SVG sources through (with a sandboxing Content-Security-Policy) instead of refusing.
    pub allow_svg: bool,
    /// Sources with more pixels than this are refused before decoding (decompression bombs).
    pub max_input_pixels: u64,
    /// Threads resizing images; 0 means one per CPU core. They run at a lower priority than
    /// page serving.
    pub workers: usize,
    /// Decoded pixels the workers may hold at once, in MiB (4 bytes a pixel): larger pictures
    /// take turns, so the render threads' memory stays near this whatever the pictures.
    pub render_memory_mib: u64,
    /// Resizes that may wait for a worker; beyond this, requests get 503 with Retry-After.
    pub queue: usize,
    /// Upper bound of the disk cache under `<data_dir>/images`, in MiB.
    pub disk_cache_mib: u64,
    /// Upper bound of the in-memory cache of recent renderings, in MiB.
    pub memory_cache_mib: u64,
    /// Absolute source URLs allowed in `url` (none by default), e.g.
    /// `{ protocol = "https", hostname = "**.example.com", pathname = "/media/**" }`. Host
    /// names must resolve to public addresses; an address is allowed only when a pattern's
    /// `hostname` is that address.
    pub remote_patterns: Vec<RemotePattern>,
    /// Remote sources fetched at once; a request finding them all busy waits a second for one,
    /// then gets 503 with Retry-After.
    pub max_remote_fetches: usize,
}

/// One allowed remote source, matched like Next.js's `images.remotePatterns`: `*` matches one
/// host label or path segment, `**` any number of them. No glob matches an address literal.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RemotePattern {
    /// `http` or `https`; any of the two when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protocol: Option<String>,
    pub hostname: String,
    /// Exact port; the scheme's default port when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub port: Option<u16>,
    /// Path glob; any path when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pathname: Option<String>,
}

impl RemotePattern {
    /// The address `hostname` names, if it is one (`127.0.0.1`, `::1` or `[::1]`).
    pub fn address(&self) -> Option<IpAddr> {
        let host = &self.hostname;
        host.strip_prefix('[')
            .and_then(|inner| inner.strip_suffix(']'))
            .unwrap_or(host)
            .parse()
            .ok()
    }
}

impl Default for Images {
    fn default() -> Self {
        Self {
            minimum_cache_ttl_secs: 60,
            qualities: Vec::new(),
            avif: false,
            allow_svg: false,
            // 50 megapixels: an 8K photo fits, a decompression bomb does not.
            max_input_pixels: 50_000_000,
            workers: 0,
            render_memory_mib: 16,
            queue: 64,
            disk_cache_mib: 1024,
            memory_cache_mib: 16,
            remote_patterns: Vec::new(),
            max_remote_fetches: 8,
        }
    }
}

impl Images {
    pub(super) fn validate(&self) -> Result<(), ConfigError> {
        require_positive("images.max_input_pixels", self.max_input_pixels)?;
        require_positive("images.queue", self.queue as u64)?;
        require_positive("images.render_memory_mib", self.render_memory_mib)?;
        require_positive("images.max_remote_fetches", self.max_remote_fetches as u64)?;
        if let Some(quality) = self.qualities.iter().find(|q| !(1..=100).contains(*q)) {
            return Err(ConfigError(format!(
                "key `images.qualities`: {quality} is not a quality from 1 to 100"
            )));
        }
        for (index, pattern) in self.remote_patterns.iter().enumerate() {
            let key = format!("images.remote_patterns[{index}]");
            if let Some(protocol) = &pattern.protocol
                && !matches!(protocol.as_str(), "http" | "https")
            {
                return Err(ConfigError(format!(
                    "key `{key}.protocol`: {protocol:?} must be \"http\" or \"https\""
                )));
            }
            let host = &pattern.hostname;
            let valid_name = !host.is_empty()
                && host.split('.').all(|label| {
                    label == "*"
                        || label == "**"
                        || (!label.is_empty()
                            && label
                                .bytes()
                                .all(|b| b.is_ascii_alphanumeric() || b == b'-'))
                });
            let valid_host = valid_name || pattern.address().is_some();
            if !valid_host {
                return Err(ConfigError(format!(
                    "key `{key}.hostname`: {host:?} is not a host name, an address or a pattern like \"**.example.com\""
                )));
            }
            // A URL whose host ends in a number is an address (`10.0.0.1`, even `10.1`), and
            // addresses match only a pattern that names them: globs like `10.0.0.*` or
            // `**.1` match nothing.
            let numeric =
                |label: &str| !label.is_empty() && label.bytes().all(|b| b.is_ascii_digit());
            let named: Vec<&str> = host.split('.').filter(|l| !l.starts_with('*')).collect();
            let ends_in_number = host.rsplit('.').next().is_some_and(numeric);
            let only_numbers = !named.is_empty() && named.iter().all(|label| numeric(label));
            if host.contains('*') && (ends_in_number || only_numbers) {
                return Err(ConfigError(format!(
                    "key `{key}.hostname`: {host:?} looks like a range of addresses; no glob matches an address, so list each address as a pattern of its own"
                )));
            }
            if let Some(path) = &pattern.pathname
                && !path.starts_with('/')
            {
                return Err(ConfigError(format!(
                    "key `{key}.pathname`: {path:?} must start with /"
                )));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
// figment's Jail closures return figment::Error, which clippy finds large; that is its API.
#[allow(clippy::result_large_err)]
mod tests {
    use figment::Jail;

    use crate::config::testing::{file_refusal, load_in_jail, load_with, refusal};

    #[test]
    fn qualities_and_the_fetch_cap_are_read_from_the_environment() {
        let config = load_with(&[
            ("SITE_IMAGES__QUALITIES", "[50, 75, 90]"),
            ("SITE_IMAGES__MAX_REMOTE_FETCHES", "2"),
        ]);
        assert_eq!(config.images.qualities, [50, 75, 90]);
        assert_eq!(config.images.max_remote_fetches, 2);
        let defaults = load_with(&[]);
        assert!(defaults.images.qualities.is_empty(), "the pages' own");
        assert_eq!(defaults.images.max_remote_fetches, 8);
    }

    #[test]
    fn bad_qualities_and_fetch_caps_are_refused_with_their_key() {
        for (variable, value, needle) in [
            ("SITE_IMAGES__QUALITIES", "[75, 0]", "images.qualities"),
            ("SITE_IMAGES__QUALITIES", "[101]", "images.qualities"),
            (
                "SITE_IMAGES__MAX_REMOTE_FETCHES",
                "0",
                "images.max_remote_fetches",
            ),
        ] {
            let message = refusal(&[(variable, value)]);
            assert!(message.contains(needle), "{value}: {message}");
        }
    }

    #[test]
    fn patterns_may_name_addresses_exactly() {
        Jail::expect_with(|jail| {
            jail.create_file(
                "site.toml",
                "[[images.remote_patterns]]\nhostname = \"10.0.0.5\"\n\
                 [[images.remote_patterns]]\nhostname = \"[fd00::5]\"\n\
                 [[images.remote_patterns]]\nhostname = \"::1\"\n\
                 [[images.remote_patterns]]\nhostname = \"**.example.com\"\n\
                 [[images.remote_patterns]]\nhostname = \"cdn.example.*\"\n\
                 [[images.remote_patterns]]\nhostname = \"img.*.example.com\"\n",
            )?;
            let config = load_in_jail(jail, Some("site.toml")).expect("valid");
            let addresses: Vec<_> = config
                .images
                .remote_patterns
                .iter()
                .map(|pattern| pattern.address().map(|address| address.to_string()))
                .collect();
            assert_eq!(
                addresses,
                [
                    Some("10.0.0.5".to_owned()),
                    Some("fd00::5".to_owned()),
                    Some("::1".to_owned()),
                    None,
                    None,
                    None
                ]
            );
            Ok(())
        });
    }

    #[test]
    fn an_address_range_as_a_glob_is_refused() {
        for host in ["10.0.0.*", "192.168.**", "**.1", "10.*", "**.example.1"] {
            let message = file_refusal(&format!(
                "[[images.remote_patterns]]\nhostname = \"{host}\"\n"
            ));
            assert!(
                message.contains("images.remote_patterns[0].hostname")
                    && message.contains("list each address"),
                "{host}: {message}"
            );
        }
    }
}
