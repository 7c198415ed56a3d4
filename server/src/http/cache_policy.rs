//! Every caching rule the server uses, named once.

use std::time::Duration;

use http::HeaderValue;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum CachePolicy {
    /// File names carry a content hash: browsers and CDNs may keep them for a year.
    ForeverImmutable,
    /// Pages and unhashed files: reuse for a minute, then revalidate with the ETag.
    ShortRevalidate,
    /// Health checks and other answers that must never come from a cache.
    NoStore,
    /// Computed answers fixed by their inputs for this many seconds (a past day's flow, a
    /// closed span of a track; today's flow until the hour ends): reuse, then revalidate.
    RevalidateAfter(u32),
    /// Answers that may be kept but change at any time (a track's last minutes): revalidate
    /// every time, with the ETag.
    AlwaysRevalidate,
}

impl CachePolicy {
    pub(super) fn header_value(self) -> HeaderValue {
        HeaderValue::from_static(match self {
            Self::ForeverImmutable => "public, max-age=31536000, immutable",
            Self::ShortRevalidate => "public, max-age=60, must-revalidate",
            Self::NoStore => "no-store",
            Self::AlwaysRevalidate => "no-cache",
            Self::RevalidateAfter(seconds) => {
                return revalidate_after(Duration::from_secs(u64::from(seconds)));
            }
        })
    }
}

/// Reuse for `ttl`, then revalidate with the ETag: resized images of unhashed sources, whose
/// TTL is configured (`images.minimum_cache_ttl_secs`).
pub(super) fn revalidate_after(ttl: Duration) -> HeaderValue {
    HeaderValue::from_str(&format!(
        "public, max-age={}, must-revalidate",
        ttl.as_secs()
    ))
    .expect("digits are a valid header")
}
