//! The image optimizer behind `/_next/image` (issue #3): resizes the site's own pictures (and
//! allowed remote ones) to a requested width and quality, in the best format the browser
//! accepts, and keeps the results. No HTTP framework types here; `http/image.rs` maps answers
//! and errors to responses.

mod budget;
mod cache;
mod encode;
mod format;
mod public_address;
mod remote;
mod render;
#[cfg(test)]
mod render_tests;
mod request;
mod source_rows;

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime};

use bytes::Bytes;
use http::HeaderValue;
use tokio::sync::{OwnedSemaphorePermit, Semaphore, oneshot};

use crate::config::Images as ImagesConfig;
use crate::process::thread_pool::{Priority, ThreadPool};
use budget::MemoryBudget;
use cache::{CacheKey, DiskCache, MemoryCache, Rendering};
use format::SourceFormat;
use remote::RemoteSources;
use render::{RenderError, RenderJob};

pub use request::{Allowed, ImageRequest, ParamError, SourceRef};

/// Why an image request failed. Each variant's message is what the client reads.
#[derive(Debug, Clone, thiserror::Error)]
pub enum ImageError {
    #[error(transparent)]
    Param(#[from] ParamError),
    /// The site has no file at the local path (Next.js words it this way too).
    #[error("\"url\" parameter is valid but upstream response is invalid")]
    NotFound,
    /// Whatever the upstream answered (an error status, a redirect, a broken connection): its
    /// status and body are not passed on.
    #[error("\"url\" parameter is valid but upstream response is invalid")]
    UpstreamInvalid,
    #[error("\"url\" parameter is not allowed: its host does not resolve to a public address")]
    UpstreamNotPublic,
    #[error("\"url\" parameter is valid but upstream response timed out")]
    UpstreamTimeout,
    #[error("\"url\" parameter is valid but the upstream image is larger than 32 MiB")]
    UpstreamTooLarge,
    #[error("The requested resource isn't a valid image.")]
    NotAnImage,
    #[error("\"url\" parameter is valid but image type is not allowed")]
    TypeNotAllowed,
    #[error(
        "\"url\" parameter is valid but the image is too large to optimize: {width}x{height} pixels, the limit is {limit} pixels"
    )]
    TooManyPixels { width: u32, height: u32, limit: u64 },
    #[error("\"url\" parameter is valid but the image cannot be decoded")]
    Undecodable,
    #[error("too many images are being optimized right now; retry in a moment")]
    Busy,
    #[error("too many remote images are being fetched right now; retry in a moment")]
    RemoteBusy,
    #[error("the image could not be optimized")]
    Internal,
}

/// Where an answer came from, for the `X-Nextjs-Cache` header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CacheStatus {
    Hit,
    Miss,
    Stale,
}

impl CacheStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Hit => "HIT",
            Self::Miss => "MISS",
            Self::Stale => "STALE",
        }
    }
}

/// A source image as the caller found it.
#[derive(Debug, Clone)]
pub struct ImageSource {
    pub bytes: Bytes,
    /// Content hash of `bytes`.
    pub hash: u64,
    /// The source's name carries its content hash, so its renderings never change.
    pub immutable: bool,
}

/// What to send.
#[derive(Debug)]
pub struct ImageAnswer {
    pub bytes: Bytes,
    pub content_type: &'static str,
    /// A strong ETag.
    pub etag: HeaderValue,
    pub cache: CacheStatus,
    pub immutable: bool,
    /// File name for Content-Disposition: the source's stem with the output's extension.
    pub extension: &'static str,
}

/// How much lower than page serving the render threads run (Linux nice value). At 10 the
/// scheduler gives a waiting page request about ten times the CPU share of a resize, which a
/// visitor waiting for a picture still gets within the render budget.
const RENDER_NICENESS: i32 = 10;

/// The optimizer. Cheap to clone; all clones share caches and the render pool.
#[derive(Clone)]
pub struct ImageService(Arc<Inner>);

type Waiters = Vec<oneshot::Sender<Result<(Arc<Rendering>, CacheStatus), ImageError>>>;

struct Inner {
    allowed: Allowed,
    ttl: Duration,
    avif: bool,
    allow_svg: bool,
    max_input_pixels: u64,
    pool: ThreadPool,
    /// Shared with the render threads, which take their share of it before decoding.
    budget: Arc<MemoryBudget>,
    memory: MemoryCache,
    disk: DiskCache,
    remote: RemoteSources,
    /// Renderings under way, with everyone waiting for each: a burst of requests for one new
    /// image renders it once.
    inflight: Mutex<HashMap<CacheKey, Waiters>>,
    /// Renderings made and not yet on disk: the memory cache keeps a rendering only once asked
    /// for twice, so until its file is written this is where the next request finds it.
    writing: Mutex<HashMap<CacheKey, Arc<Rendering>>>,
    /// What earlier requests learned of each source, by hash: lets `cached_answer` find a
    /// rendering without the source's bytes.
    probes: Mutex<HashMap<u64, Probe>>,
    /// Source files read for renderings, in KiB (see `hold_source`).
    sources: Arc<Semaphore>,
}

/// Bytes of source files held in memory for renderings at once: a request for a rendering that
/// is not cached reads its whole source, then waits for a render thread. Twenty cold requests
/// for a 9 MB photo held 184 MB of copies of it (`bench/images.sh`, peak 219 MiB); now requests
/// wait for their share before reading. The site's own sources are under 1 MB.
const SOURCE_BUDGET_KIB: u32 = 32 * 1024;

/// A share of the source budget, given back when dropped.
pub struct SourceHold {
    _permit: OwnedSemaphorePermit,
}

/// A source's format, and whether it is sent as it is instead of rendered.
#[derive(Debug, Clone, Copy)]
struct Probe {
    format: SourceFormat,
    passed_through: bool,
}

/// Sources remembered at most; more are answered by reading them, as before.
const MAX_PROBES: usize = 4096;

impl ImageService {
    /// Starts the render pool and opens the disk cache under `data_dir`. Blocking.
    /// `below_pages`: the render threads at [`RENDER_NICENESS`] (`background_below_pages`).
    pub fn start(
        config: &ImagesConfig,
        data_dir: &Path,
        allowed: Allowed,
        below_pages: bool,
    ) -> std::io::Result<Self> {
        let workers = match config.workers {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        };
        let ttl = Duration::from_secs(config.minimum_cache_ttl_secs);
        Ok(Self(Arc::new(Inner {
            allowed,
            ttl,
            avif: config.avif,
            allow_svg: config.allow_svg,
            max_input_pixels: config.max_input_pixels,
            pool: ThreadPool::new(
                "image-render",
                workers,
                config.queue,
                Priority::Nice(RENDER_NICENESS).below_pages_if(below_pages),
            )?,
            budget: Arc::new(MemoryBudget::new(config.render_memory_mib << 20)),
            memory: MemoryCache::new(mib(config.memory_cache_mib)),
            disk: DiskCache::open(data_dir.join("images"), config.disk_cache_mib << 20),
            remote: RemoteSources::new(
                config.remote_patterns.clone(),
                ttl,
                config.max_remote_fetches,
            ),
            inflight: Mutex::default(),
            writing: Mutex::default(),
            probes: Mutex::default(),
            sources: Arc::new(Semaphore::new(SOURCE_BUDGET_KIB as usize)),
        })))
    }

    /// Waits until `bytes` of source may be read into memory; hold the share until the
    /// answer is made. A source larger than the whole budget waits for all of it.
    pub async fn hold_source(&self, bytes: u64) -> SourceHold {
        let kib = u32::try_from(bytes.div_ceil(1024))
            .unwrap_or(u32::MAX)
            .clamp(1, SOURCE_BUDGET_KIB);
        let permit = Arc::clone(&self.0.sources)
            .acquire_many_owned(kib)
            .await
            .expect("the source budget is never closed");
        SourceHold { _permit: permit }
    }

    /// The widths and qualities requests may ask for.
    pub fn allowed(&self) -> &Allowed {
        &self.0.allowed
    }

    pub fn ttl(&self) -> Duration {
        self.0.ttl
    }

    /// Fetches an absolute source allowed by the remote patterns.
    pub async fn fetch_remote(&self, url: &url::Url) -> Result<ImageSource, ImageError> {
        let fetched = self.0.remote.fetch(url).await?;
        Ok(ImageSource {
            bytes: fetched.bytes,
            hash: fetched.hash,
            immutable: false,
        })
    }

    /// Answers one request for `source` at `width` and `quality`, for a client whose Accept
    /// header is `accept`.
    pub async fn answer(
        &self,
        source: ImageSource,
        width: u32,
        quality: u8,
        accept: Option<&str>,
    ) -> Result<ImageAnswer, ImageError> {
        let inner = &self.0;
        let format = SourceFormat::sniff(&source.bytes).ok_or(ImageError::NotAnImage)?;
        if format == SourceFormat::Svg && !inner.allow_svg {
            return Err(ImageError::TypeNotAllowed);
        }
        let passed_through =
            format.is_passed_through() || format::is_animated(format, &source.bytes);
        self.remember(
            source.hash,
            Probe {
                format,
                passed_through,
            },
        );
        if passed_through {
            return Ok(ImageAnswer {
                etag: cache::etag_for(source.hash),
                bytes: source.bytes,
                content_type: format.content_type(),
                cache: CacheStatus::Hit,
                immutable: source.immutable,
                extension: format.extension(),
            });
        }
        let key = self.key(source.hash, format, width, quality, accept);
        let output = key.format;
        let (rendering, cache) = match self.in_memory(&key) {
            Some(rendering) => {
                let status = self.freshness(&key, &rendering);
                (rendering, status)
            }
            None => {
                let job = RenderJob {
                    source: format,
                    width,
                    quality,
                    output,
                    max_input_pixels: inner.max_input_pixels,
                };
                self.produce(key, source.bytes.clone(), job).await?
            }
        };
        Ok(ImageAnswer {
            bytes: rendering.bytes.clone(),
            content_type: output.content_type(),
            etag: rendering.etag.clone(),
            cache,
            immutable: source.immutable,
            extension: output.extension(),
        })
    }

    /// The answer from the caches alone (memory, then disk), for a source an earlier request
    /// showed: a source kept on disk is then not read at all. None when it has to be read.
    /// The disk cache matters once the renderings asked for outgrow the memory cache: reading
    /// a rendering is a few kilobytes, reading its source megabytes (with the memory cache at
    /// 8 MiB the soak's image hits read their sources and its peak went from 157 to 256 MiB).
    pub async fn cached_answer(
        &self,
        hash: u64,
        immutable: bool,
        width: u32,
        quality: u8,
        accept: Option<&str>,
    ) -> Option<ImageAnswer> {
        let probe = *self.0.probes.lock().ok()?.get(&hash)?;
        if probe.passed_through {
            return None;
        }
        let key = self.key(hash, probe.format, width, quality, accept);
        let rendering = match self.in_memory(&key) {
            Some(rendering) => rendering,
            None => self.stored(key).await?,
        };
        let cache = self.freshness(&key, &rendering);
        Some(ImageAnswer {
            bytes: rendering.bytes.clone(),
            content_type: key.format.content_type(),
            etag: rendering.etag.clone(),
            cache,
            immutable,
            extension: key.format.extension(),
        })
    }

    /// A rendering in the memory cache or on its way to the disk cache.
    fn in_memory(&self, key: &CacheKey) -> Option<Arc<Rendering>> {
        self.0.memory.get(key).or_else(|| {
            let writing = self.0.writing.lock().ok()?;
            writing.get(key).cloned()
        })
    }

    fn remember(&self, hash: u64, probe: Probe) {
        if let Ok(mut probes) = self.0.probes.lock()
            && (probes.len() < MAX_PROBES || probes.contains_key(&hash))
        {
            probes.insert(hash, probe);
        }
    }

    /// The rendering a request gets: its output format follows the Accept header.
    fn key(
        &self,
        hash: u64,
        format: SourceFormat,
        width: u32,
        quality: u8,
        accept: Option<&str>,
    ) -> CacheKey {
        CacheKey {
            source_hash: hash,
            width,
            quality,
            format: format::negotiate(accept, self.0.avif).unwrap_or(format.fallback_output()),
        }
    }

    /// HIT, or STALE once older than the TTL; a stale entry is renewed as it is served.
    fn freshness(&self, key: &CacheKey, rendering: &Arc<Rendering>) -> CacheStatus {
        let fresh = rendering
            .created
            .elapsed()
            .map_or(true, |age| age <= self.0.ttl);
        if fresh {
            return CacheStatus::Hit;
        }
        let renewed = Arc::new(Rendering::new(rendering.bytes.clone(), SystemTime::now()));
        self.0.memory.insert(*key, renewed);
        let (service, key) = (self.clone(), *key);
        tokio::task::spawn_blocking(move || service.0.disk.renew(&key));
        CacheStatus::Stale
    }

    /// Finds a rendering on disk or makes one, joining a rendering already under way.
    async fn produce(
        &self,
        key: CacheKey,
        bytes: Bytes,
        job: RenderJob,
    ) -> Result<(Arc<Rendering>, CacheStatus), ImageError> {
        let (sender, receiver) = oneshot::channel();
        let leads = {
            let mut inflight = self.0.inflight.lock().map_err(|_| ImageError::Internal)?;
            match inflight.get_mut(&key) {
                Some(waiters) => {
                    waiters.push(sender);
                    false
                }
                None => {
                    inflight.insert(key, vec![sender]);
                    true
                }
            }
        };
        if leads {
            // A task of its own: the work finishes (and is cached) even if this client leaves.
            let service = self.clone();
            tokio::spawn(async move {
                let result = service.load_or_render(key, bytes, job).await;
                let waiters = service
                    .0
                    .inflight
                    .lock()
                    .ok()
                    .and_then(|mut inflight| inflight.remove(&key))
                    .unwrap_or_default();
                for waiter in waiters {
                    let _ = waiter.send(result.clone());
                }
            });
        }
        receiver.await.map_err(|_| ImageError::Internal)?
    }

    /// A rendering from the disk cache, kept in memory if asked for before. Read on the calling
    /// thread, as nginx reads its cache: a rendering is tens of kilobytes, usually in the page
    /// cache, and a hop to tokio's blocking pool cost more than the read. It also grew the
    /// pool by a thread per concurrent hit, each with an allocator heap of its own: with the
    /// memory cache at 4 MiB the soak's hits held 84 MiB resident through the pool and 64 MiB
    /// read here (`SITE_IMAGES__MEMORY_CACHE_MIB=4 MIX=page=176,imageHit=64,enquiry=8,admin=4
    /// DURATION=20 WARMUP=5 bench/soak.sh`).
    async fn stored(&self, key: CacheKey) -> Option<Arc<Rendering>> {
        let stored = self.0.disk.get(&key)?;
        let rendering = Arc::new(stored);
        self.0.memory.offer(key, Arc::clone(&rendering));
        Some(rendering)
    }

    async fn load_or_render(
        &self,
        key: CacheKey,
        bytes: Bytes,
        job: RenderJob,
    ) -> Result<(Arc<Rendering>, CacheStatus), ImageError> {
        if let Some(rendering) = self.stored(key).await {
            let status = self.freshness(&key, &rendering);
            return Ok((rendering, status));
        }
        let budget = Arc::clone(&self.0.budget);
        let receiver = self
            .0
            .pool
            .submit(move || render::render(&bytes, job, &budget))
            .map_err(|_| ImageError::Busy)?;
        let rendered = match receiver.await {
            Ok(Ok(Ok(rendered))) => rendered,
            Ok(Ok(Err(error))) => return Err(render_error(&error)),
            Ok(Err(_panicked)) => {
                tracing::error!(?key, "an image render panicked");
                return Err(ImageError::Internal);
            }
            Err(_) => return Err(ImageError::Internal),
        };
        let rendering = Arc::new(Rendering::new(Bytes::from(rendered), SystemTime::now()));
        if !self.0.disk.is_usable() {
            // Nothing to fall back on: keep it at once.
            self.0.memory.insert(key, Arc::clone(&rendering));
            return Ok((rendering, CacheStatus::Miss));
        }
        self.0.memory.offer(key, Arc::clone(&rendering));
        if let Ok(mut writing) = self.0.writing.lock() {
            writing.insert(key, Arc::clone(&rendering));
        }
        let (service, stored) = (self.clone(), rendering.bytes.clone());
        tokio::task::spawn_blocking(move || {
            service.0.disk.put(&key, &stored);
            if let Ok(mut writing) = service.0.writing.lock() {
                writing.remove(&key);
            }
        });
        Ok((rendering, CacheStatus::Miss))
    }
}

fn render_error(error: &RenderError) -> ImageError {
    match *error {
        RenderError::TooManyPixels {
            width,
            height,
            limit,
        } => ImageError::TooManyPixels {
            width,
            height,
            limit,
        },
        RenderError::Decode(_) | RenderError::Truncated => {
            tracing::info!(%error, "an image source could not be decoded");
            ImageError::Undecodable
        }
        RenderError::Unsupported(_) => ImageError::NotAnImage,
        RenderError::Encode { .. } | RenderError::Resize(_) => {
            tracing::error!(%error, "image encoding failed");
            ImageError::Internal
        }
    }
}

fn mib(value: u64) -> usize {
    usize::try_from(value << 20).unwrap_or(usize::MAX)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[tokio::test]
    async fn source_reads_wait_for_their_share_and_one_larger_than_the_budget_waits_for_all() {
        let data = tempfile::tempdir().unwrap();
        let allowed = Allowed::for_build(&[640], &[75], &[]).unwrap();
        let service =
            ImageService::start(&ImagesConfig::default(), data.path(), allowed, true).unwrap();
        let budget = u64::from(SOURCE_BUDGET_KIB) * 1024;
        let waits = |bytes: u64| {
            let service = service.clone();
            async move {
                tokio::time::timeout(Duration::from_millis(100), service.hold_source(bytes))
                    .await
                    .is_err()
            }
        };
        let first = service.hold_source(budget / 2).await;
        let second = service.hold_source(budget / 4).await;
        assert!(waits(budget / 2).await, "over the budget with the two held");
        drop(second);
        assert!(!waits(budget / 2).await, "within it once one is given back");
        assert!(
            waits(budget * 10).await,
            "a huge source waits for the whole budget"
        );
        drop(first);
        assert!(
            !waits(budget * 10).await,
            "and gets it when nothing else is held"
        );
    }
}
