//! Absolute source URLs: allowed only when they match a configured remote pattern (none by
//! default), fetched from public addresses only (an address literal only where a pattern names
//! it), a few at a time, with a timeout and a size limit, and kept briefly so that repeated
//! requests for one picture fetch it once.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use bytes::Bytes;
use tokio::sync::Semaphore;
use url::{Host, Url};

use super::ImageError;
use super::public_address::{NotPublic, PublicResolver};
use crate::config::RemotePattern;

/// Upstream images larger than this are refused rather than buffered.
const MAX_REMOTE_BYTES: usize = 32 << 20;
/// As Next.js: an upstream that takes longer is answered with 504.
const FETCH_TIMEOUT: Duration = Duration::from_secs(7);
/// Fetched sources kept in memory, in bytes.
const MAX_KEPT_BYTES: usize = 64 << 20;
/// How long a request waits for a fetch slot before it is answered 503.
const SLOT_WAIT: Duration = Duration::from_secs(1);
/// At most one log line per this interval says that fetches are at their cap.
const BUSY_LOG_INTERVAL: Duration = Duration::from_secs(60);

/// A fetched upstream image.
#[derive(Debug, Clone)]
pub(super) struct RemoteSource {
    pub(super) bytes: Bytes,
    pub(super) hash: u64,
}

pub(super) struct RemoteSources {
    patterns: Vec<RemotePattern>,
    client: Option<reqwest::Client>,
    ttl: Duration,
    kept: Mutex<HashMap<Url, (RemoteSource, Instant)>>,
    /// One permit per fetch that may run at once (`images.max_remote_fetches`): slow upstreams
    /// cannot tie up the server's connections and memory without bound.
    slots: Semaphore,
    max_fetches: usize,
    last_busy_log: Mutex<Option<Instant>>,
}

impl RemoteSources {
    pub(super) fn new(patterns: Vec<RemotePattern>, ttl: Duration, max_fetches: usize) -> Self {
        let client = if patterns.is_empty() {
            None
        } else {
            reqwest::Client::builder()
                .timeout(FETCH_TIMEOUT)
                // Redirects could lead outside the allowed patterns, or to an inside address.
                .redirect(reqwest::redirect::Policy::none())
                // Names resolve to public addresses only, and the connection goes to those: a
                // proxy would resolve names itself, past the check.
                .dns_resolver(PublicResolver)
                .no_proxy()
                .user_agent(concat!("indora-site-image-optimizer/", env!("CARGO_PKG_VERSION")))
                .build()
                .inspect_err(|error| {
                    tracing::error!(%error, "cannot build the HTTP client for remote images; remote images are refused");
                })
                .ok()
        };
        Self {
            patterns,
            client,
            ttl,
            kept: Mutex::default(),
            slots: Semaphore::new(max_fetches),
            max_fetches,
            last_busy_log: Mutex::default(),
        }
    }

    pub(super) fn is_allowed(&self, url: &Url) -> bool {
        self.patterns.iter().any(|pattern| matches(pattern, url))
    }

    /// The upstream bytes of an allowed URL, from memory when fetched within the TTL.
    pub(super) async fn fetch(&self, url: &Url) -> Result<RemoteSource, ImageError> {
        if !self.is_allowed(url) {
            return Err(ImageError::Param(super::ParamError::UrlNotAllowed));
        }
        if let Ok(kept) = self.kept.lock()
            && let Some((source, fetched)) = kept.get(url)
            && fetched.elapsed() < self.ttl
        {
            return Ok(source.clone());
        }
        let client = self.client.as_ref().ok_or(ImageError::UpstreamInvalid)?;
        let Ok(Ok(_slot)) = tokio::time::timeout(SLOT_WAIT, self.slots.acquire()).await else {
            self.log_busy();
            return Err(ImageError::RemoteBusy);
        };
        let mut response = client.get(url.clone()).send().await.map_err(|error| {
            if let Some(refused) = find_cause::<NotPublic>(&error) {
                tracing::warn!(%url, %refused, "remote image refused: not a public address");
                return ImageError::UpstreamNotPublic;
            }
            tracing::warn!(%url, error = %ErrorChain(&error), "remote image fetch failed");
            if error.is_timeout() {
                ImageError::UpstreamTimeout
            } else {
                ImageError::UpstreamInvalid
            }
        })?;
        if !response.status().is_success() {
            // Neither the upstream's status nor its body is passed on: they describe a server
            // the visitor should know nothing about. A redirect is not followed either.
            tracing::warn!(%url, status = response.status().as_u16(), "remote image answered with an error");
            return Err(ImageError::UpstreamInvalid);
        }
        let mut body = Vec::new();
        loop {
            match response.chunk().await {
                Ok(Some(chunk)) => {
                    if body.len() + chunk.len() > MAX_REMOTE_BYTES {
                        return Err(ImageError::UpstreamTooLarge);
                    }
                    body.extend_from_slice(&chunk);
                }
                Ok(None) => break,
                Err(error) if error.is_timeout() => return Err(ImageError::UpstreamTimeout),
                Err(_) => return Err(ImageError::UpstreamInvalid),
            }
        }
        let bytes = Bytes::from(body);
        let source = RemoteSource {
            hash: xxhash_rust::xxh3::xxh3_64(&bytes),
            bytes,
        };
        self.keep(url, &source);
        Ok(source)
    }

    /// Says, at most once a minute, that fetches are at their cap: each refusal would flood
    /// the log under attack.
    fn log_busy(&self) {
        let Ok(mut last) = self.last_busy_log.lock() else {
            return;
        };
        if last.is_none_or(|at| at.elapsed() >= BUSY_LOG_INTERVAL) {
            *last = Some(Instant::now());
            tracing::warn!(
                max_remote_fetches = self.max_fetches,
                "remote image fetches are at their cap (images.max_remote_fetches); more are answered 503"
            );
        }
    }

    fn keep(&self, url: &Url, source: &RemoteSource) {
        let Ok(mut kept) = self.kept.lock() else {
            return;
        };
        kept.retain(|_, (_, fetched)| fetched.elapsed() < self.ttl);
        let mut total: usize = kept.values().map(|(s, _)| s.bytes.len()).sum();
        while total + source.bytes.len() > MAX_KEPT_BYTES {
            let Some(oldest) = kept
                .iter()
                .min_by_key(|(_, (_, fetched))| *fetched)
                .map(|(url, _)| url.clone())
            else {
                break;
            };
            if let Some((removed, _)) = kept.remove(&oldest) {
                total -= removed.bytes.len();
            }
        }
        if source.bytes.len() <= MAX_KEPT_BYTES {
            kept.insert(url.clone(), (source.clone(), Instant::now()));
        }
    }
}

/// The first error of type `T` in `error`'s chain of causes.
fn find_cause<'a, T: std::error::Error + 'static>(
    error: &'a (dyn std::error::Error + 'static),
) -> Option<&'a T> {
    let mut cause = Some(error);
    while let Some(current) = cause {
        if let Some(found) = current.downcast_ref::<T>() {
            return Some(found);
        }
        cause = current.source();
    }
    None
}

/// An error with its causes, for the log: reqwest's own message rarely says what failed.
struct ErrorChain<'a>(&'a (dyn std::error::Error + 'static));

impl std::fmt::Display for ErrorChain<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)?;
        let mut cause = self.0.source();
        while let Some(current) = cause {
            write!(f, ": {current}")?;
            cause = current.source();
        }
        Ok(())
    }
}

/// Next.js's remote pattern rule: protocol and port exact when given, host and path by glob.
/// An address literal in the URL matches only a pattern that names that address: no glob
/// reaches an address, and what an operator lists is trusted even when it is not public.
fn matches(pattern: &RemotePattern, url: &Url) -> bool {
    if let Some(protocol) = &pattern.protocol
        && protocol != url.scheme()
    {
        return false;
    }
    if pattern.port != url.port() {
        return false;
    }
    let host_matches = match url.host() {
        Some(Host::Domain(name)) => glob(&pattern.hostname, name, '.'),
        Some(Host::Ipv4(address)) => pattern.address() == Some(IpAddr::V4(address)),
        Some(Host::Ipv6(address)) => pattern.address() == Some(IpAddr::V6(address)),
        None => false,
    };
    if !host_matches {
        return false;
    }
    match &pattern.pathname {
        Some(path) => glob(path, url.path(), '/'),
        None => true,
    }
}

/// `*` matches one segment, `**` any number (including none); segments split on `separator`.
fn glob(pattern: &str, text: &str, separator: char) -> bool {
    fn go(pattern: &[&str], text: &[&str]) -> bool {
        match pattern.split_first() {
            None => text.is_empty(),
            Some((&"**", rest)) => (0..=text.len()).any(|skip| go(rest, &text[skip..])),
            Some((&segment, rest)) => match text.split_first() {
                Some((first, remaining)) => {
                    (segment == "*" || segment.eq_ignore_ascii_case(first)) && go(rest, remaining)
                }
                None => false,
            },
        }
    }
    let pattern: Vec<&str> = pattern.split(separator).collect();
    let text: Vec<&str> = text.split(separator).collect();
    go(&pattern, &text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pattern(hostname: &str, pathname: Option<&str>) -> RemotePattern {
        RemotePattern {
            protocol: Some("https".to_owned()),
            hostname: hostname.to_owned(),
            port: None,
            pathname: pathname.map(str::to_owned),
        }
    }

    fn url(text: &str) -> Url {
        Url::parse(text).unwrap()
    }

    #[test]
    fn host_and_path_globs_follow_next() {
        let cdn = pattern("**.example.com", Some("/media/**"));
        assert!(matches(&cdn, &url("https://img.example.com/media/a/b.png")));
        assert!(matches(&cdn, &url("https://a.b.example.com/media/x.png")));
        assert!(!matches(&cdn, &url("https://example.org/media/x.png")));
        assert!(!matches(&cdn, &url("https://img.example.com/other/x.png")));
        assert!(!matches(&cdn, &url("http://img.example.com/media/x.png")));
        assert!(!matches(
            &cdn,
            &url("https://img.example.com:8443/media/x.png")
        ));
        let one = pattern("*.example.com", None);
        assert!(matches(&one, &url("https://img.example.com/x.png")));
        assert!(!matches(&one, &url("https://a.b.example.com/x.png")));
    }

    #[test]
    fn no_patterns_allow_nothing() {
        let sources = RemoteSources::new(Vec::new(), Duration::from_secs(60), 8);
        assert!(!sources.is_allowed(&url("https://example.com/a.png")));
    }
}
