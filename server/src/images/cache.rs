//! Renderings kept for reuse: a small in-memory cache in front of a bounded disk cache under
//! the data directory. Entries are keyed by the source's content hash, so a changed source
//! never meets an old rendering, and the disk cache survives restarts. A disk that cannot be
//! written only costs speed: the cache turns itself off with a warning.
//!
//! A rendering on disk is served as immutable for a year, so a damaged file must never be
//! served: each is written whole to a temporary file, synced, renamed into place (and the
//! directory synced), and carries a trailer with its length and hash, checked on every read.

use std::collections::{HashMap, HashSet, VecDeque};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::SystemTime;

use bytes::Bytes;
use http::HeaderValue;

use super::format::OutputFormat;

/// One rendering's identity: source content, width, quality and format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct CacheKey {
    pub(super) source_hash: u64,
    pub(super) width: u32,
    pub(super) quality: u8,
    pub(super) format: OutputFormat,
}

impl CacheKey {
    fn file_name(&self) -> String {
        format!(
            "{:016x}-{}-{}.{}",
            self.source_hash,
            self.width,
            self.quality,
            self.format.extension()
        )
    }

    fn from_file_name(name: &str) -> Option<Self> {
        let (stem, extension) = name.rsplit_once('.')?;
        let format = OutputFormat::from_extension(extension)?;
        let mut parts = stem.split('-');
        let hash = parts.next()?;
        if hash.len() != 16 {
            return None;
        }
        let key = Self {
            source_hash: u64::from_str_radix(hash, 16).ok()?,
            width: parts.next()?.parse().ok()?,
            quality: parts.next()?.parse().ok()?,
            format,
        };
        parts.next().is_none().then_some(key)
    }
}

/// A finished rendering.
#[derive(Debug)]
pub(super) struct Rendering {
    pub(super) bytes: Bytes,
    /// Strong ETag of `bytes`, kept as a header value so a hit copies nothing.
    pub(super) etag: HeaderValue,
    /// When it was made (or last renewed); older than the TTL means stale.
    pub(super) created: SystemTime,
}

impl Rendering {
    pub(super) fn new(bytes: Bytes, created: SystemTime) -> Self {
        let hash = xxhash_rust::xxh3::xxh3_64(&bytes);
        Self::with_hash(bytes, hash, created)
    }

    fn with_hash(bytes: Bytes, hash: u64, created: SystemTime) -> Self {
        Self {
            bytes,
            etag: etag_for(hash),
            created,
        }
    }
}

/// Ends every file of the disk cache, written after the rendering: its length and hash (both
/// little-endian u64), then this marker.
const TRAILER_MARKER: &[u8; 8] = b"idora-i1";
const TRAILER_LEN: usize = 24;

fn trailer(bytes: &[u8]) -> [u8; TRAILER_LEN] {
    let mut trailer = [0; TRAILER_LEN];
    trailer[..8].copy_from_slice(&(bytes.len() as u64).to_le_bytes());
    trailer[8..16].copy_from_slice(&xxhash_rust::xxh3::xxh3_64(bytes).to_le_bytes());
    trailer[16..].copy_from_slice(TRAILER_MARKER);
    trailer
}

/// The rendering in a cache file and its hash, or `None` when the file is not whole: empty,
/// truncated, written by an older version without a trailer, or changed on disk.
fn checked(mut file: Vec<u8>) -> Option<(Vec<u8>, u64)> {
    let length = file.len().checked_sub(TRAILER_LEN)?;
    let (stored_length, rest) = file[length..].split_at(8);
    let (stored_hash, marker) = rest.split_at(8);
    if marker != TRAILER_MARKER.as_slice() || stored_length != (length as u64).to_le_bytes() {
        return None;
    }
    let stored_hash = u64::from_le_bytes(stored_hash.try_into().ok()?);
    file.truncate(length);
    let hash = xxhash_rust::xxh3::xxh3_64(&file);
    (hash == stored_hash).then_some((file, hash))
}

/// A strong ETag from a content hash.
pub(super) fn etag_for(hash: u64) -> HeaderValue {
    HeaderValue::from_str(&format!("\"{hash:016x}\"")).expect("hex is a valid header")
}

/// Recent renderings in memory, bounded in bytes, least recently used evicted first. A
/// rendering gets a place only when asked for a second time (`offer`), like nginx's
/// `proxy_cache_min_uses 2`: renderings asked for once (a crawler going through every width, a
/// client making up sizes) would otherwise push out the pages' own, which then come from disk,
/// and fill the bound with bytes nobody asks for again. The disk cache holds everything.
pub(super) struct MemoryCache {
    state: Mutex<MemoryState>,
    max_bytes: usize,
}

#[derive(Default)]
struct MemoryState {
    entries: HashMap<CacheKey, (std::sync::Arc<Rendering>, u64)>,
    bytes: usize,
    clock: u64,
    /// Renderings asked for once lately, oldest first, at most `SEEN_KEYS`.
    seen: HashSet<CacheKey>,
    seen_order: VecDeque<CacheKey>,
}

/// Renderings remembered as asked for once: tens of bytes each.
const SEEN_KEYS: usize = 4096;

impl MemoryCache {
    pub(super) fn new(max_bytes: usize) -> Self {
        Self {
            state: Mutex::default(),
            max_bytes,
        }
    }

    pub(super) fn get(&self, key: &CacheKey) -> Option<std::sync::Arc<Rendering>> {
        let mut state = self.state.lock().ok()?;
        state.clock += 1;
        let clock = state.clock;
        let (rendering, used) = state.entries.get_mut(key)?;
        *used = clock;
        Some(std::sync::Arc::clone(rendering))
    }

    /// Keeps `rendering` if it was asked for before (or is here already); otherwise notes that
    /// it was asked for once.
    pub(super) fn offer(&self, key: CacheKey, rendering: std::sync::Arc<Rendering>) {
        let Ok(mut state) = self.state.lock() else {
            return;
        };
        if state.entries.contains_key(&key) || state.seen.remove(&key) {
            self.keep(&mut state, key, rendering);
            return;
        }
        if state.seen_order.len() == SEEN_KEYS
            && let Some(oldest) = state.seen_order.pop_front()
        {
            state.seen.remove(&oldest);
        }
        state.seen.insert(key);
        state.seen_order.push_back(key);
    }

    /// Keeps `rendering`: a renewed one in place of the entry it renews, or any when there is
    /// no disk cache to fall back on.
    pub(super) fn insert(&self, key: CacheKey, rendering: std::sync::Arc<Rendering>) {
        if let Ok(mut state) = self.state.lock() {
            self.keep(&mut state, key, rendering);
        }
    }

    fn keep(&self, state: &mut MemoryState, key: CacheKey, rendering: std::sync::Arc<Rendering>) {
        let size = rendering.bytes.len();
        if size > self.max_bytes {
            return;
        }
        state.clock += 1;
        let clock = state.clock;
        if let Some((old, _)) = state.entries.insert(key, (rendering, clock)) {
            state.bytes -= old.bytes.len();
        }
        state.bytes += size;
        if state.bytes > self.max_bytes {
            // Evicting is rare and the map small (a few thousand entries at most): a sort
            // beats keeping a second ordered structure on every hit.
            let mut by_age: Vec<(u64, CacheKey, usize)> = state
                .entries
                .iter()
                .map(|(key, (rendering, used))| (*used, *key, rendering.bytes.len()))
                .collect();
            by_age.sort_unstable_by_key(|(used, _, _)| *used);
            let target = self.max_bytes / 10 * 9;
            for (_, key, size) in by_age {
                if state.bytes <= target {
                    break;
                }
                state.entries.remove(&key);
                state.bytes -= size;
            }
        }
    }
}

/// Renderings on disk, one file each, bounded in total size.
pub(super) struct DiskCache {
    dir: PathBuf,
    max_bytes: u64,
    state: Mutex<DiskState>,
}

#[derive(Default)]
struct DiskState {
    /// False once the directory proved unusable; the cache is then skipped.
    usable: bool,
    entries: HashMap<CacheKey, (u64, u64)>,
    bytes: u64,
    clock: u64,
    warned_write: bool,
}

impl DiskCache {
    /// Opens (creating) the directory and indexes what an earlier run left. Blocking.
    pub(super) fn open(dir: PathBuf, max_bytes: u64) -> Self {
        let mut state = DiskState::default();
        match index_dir(&dir) {
            Ok(entries) => {
                state.usable = true;
                // Oldest files first, so the least recently made are evicted first.
                for (index, (key, size)) in entries.into_iter().enumerate() {
                    state.entries.insert(key, (size, index as u64));
                    state.bytes += size;
                    state.clock = index as u64 + 1;
                }
                tracing::info!(
                    dir = %dir.display(),
                    entries = state.entries.len(),
                    mib = state.bytes >> 20,
                    "image cache opened"
                );
            }
            Err(error) => tracing::warn!(
                dir = %dir.display(),
                %error,
                "image cache directory is not usable; images are served without a disk cache"
            ),
        }
        let cache = Self {
            dir,
            max_bytes,
            state: Mutex::new(state),
        };
        cache.evict_if_needed();
        cache
    }

    pub(super) fn is_usable(&self) -> bool {
        self.state.lock().is_ok_and(|state| state.usable)
    }

    /// Reads a stored rendering. Blocking.
    pub(super) fn get(&self, key: &CacheKey) -> Option<Rendering> {
        {
            let mut state = self.state.lock().ok()?;
            if !state.usable {
                return None;
            }
            state.clock += 1;
            let clock = state.clock;
            let (_, used) = state.entries.get_mut(key)?;
            *used = clock;
        }
        let path = self.dir.join(key.file_name());
        let read = fs::read(&path).and_then(|bytes| {
            let modified = fs::metadata(&path)?.modified()?;
            Ok((bytes, modified))
        });
        match read {
            Ok((file, created)) => match checked(file) {
                Some((bytes, hash)) => {
                    Some(Rendering::with_hash(Bytes::from(bytes), hash, created))
                }
                None => {
                    tracing::warn!(
                        file = %path.display(),
                        "image cache entry is damaged (empty, truncated or changed on disk); removed, rendering it again"
                    );
                    let _ = fs::remove_file(&path);
                    self.forget(key);
                    None
                }
            },
            Err(_) => {
                // Removed behind our back (or unreadable): forget it and render again.
                self.forget(key);
                None
            }
        }
    }

    /// Stores a rendering, then evicts the least recently used beyond the bound. Blocking.
    /// Failures are logged once and otherwise ignored: the cache is an optimisation.
    pub(super) fn put(&self, key: &CacheKey, bytes: &[u8]) {
        if !self.is_usable() {
            return;
        }
        let name = key.file_name();
        let temporary = self.dir.join(format!("{name}.tmp"));
        let written = write_whole(&self.dir, &temporary, &self.dir.join(&name), bytes);
        let Ok(mut state) = self.state.lock() else {
            return;
        };
        match written {
            Ok(()) => {
                state.clock += 1;
                let clock = state.clock;
                let size = (bytes.len() + TRAILER_LEN) as u64;
                if let Some((old, _)) = state.entries.insert(*key, (size, clock)) {
                    state.bytes -= old;
                }
                state.bytes += size;
            }
            Err(error) => {
                let _ = fs::remove_file(&temporary);
                if !state.warned_write {
                    state.warned_write = true;
                    tracing::warn!(dir = %self.dir.display(), %error, "cannot write to the image cache; serving without it until it can");
                }
                return;
            }
        }
        drop(state);
        self.evict_if_needed();
    }

    /// Marks a stale entry fresh again. The key holds the source's content hash, so a stale
    /// rendering is still the right one; only its age is renewed. Blocking.
    pub(super) fn renew(&self, key: &CacheKey) {
        let path = self.dir.join(key.file_name());
        if let Ok(file) = fs::File::options().append(true).open(path) {
            let _ = file.set_modified(SystemTime::now());
        }
    }

    fn forget(&self, key: &CacheKey) {
        if let Ok(mut state) = self.state.lock()
            && let Some((size, _)) = state.entries.remove(key)
        {
            state.bytes -= size;
        }
    }

    fn evict_if_needed(&self) {
        let victims = {
            let Ok(mut state) = self.state.lock() else {
                return;
            };
            if state.bytes <= self.max_bytes {
                return;
            }
            let mut by_age: Vec<(u64, CacheKey, u64)> = state
                .entries
                .iter()
                .map(|(key, (size, used))| (*used, *key, *size))
                .collect();
            by_age.sort_unstable_by_key(|(used, _, _)| *used);
            let target = self.max_bytes / 10 * 9;
            let mut victims = Vec::new();
            for (_, key, size) in by_age {
                if state.bytes <= target {
                    break;
                }
                state.entries.remove(&key);
                state.bytes -= size;
                victims.push(key);
            }
            victims
        };
        for key in victims {
            let _ = fs::remove_file(self.dir.join(key.file_name()));
        }
    }
}

/// Writes `bytes` and their trailer to `temporary`, syncs it, renames it to `path` and syncs the
/// directory: a crash or a full disk leaves the old entry or none, never a part of one.
fn write_whole(dir: &Path, temporary: &Path, path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut file = fs::File::create(temporary)?;
    file.write_all(bytes)?;
    file.write_all(&trailer(bytes))?;
    file.sync_all()?;
    drop(file);
    fs::rename(temporary, path)?;
    fs::File::open(dir)?.sync_all()
}

/// Lists the renderings in `dir`, oldest first, removing leftovers of interrupted writes.
fn index_dir(dir: &Path) -> std::io::Result<Vec<(CacheKey, u64)>> {
    fs::create_dir_all(dir)?;
    // Proves the directory is writable now, rather than at the first rendering.
    let probe = dir.join(".write-probe");
    fs::write(&probe, b"")?;
    fs::remove_file(&probe)?;
    let mut found = Vec::new();
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        if name.ends_with(".tmp") {
            let _ = fs::remove_file(entry.path());
            continue;
        }
        let Some(key) = CacheKey::from_file_name(name) else {
            continue;
        };
        let metadata = entry.metadata()?;
        let modified = metadata.modified().unwrap_or(SystemTime::UNIX_EPOCH);
        found.push((modified, key, metadata.len()));
    }
    found.sort_by_key(|(modified, _, _)| *modified);
    Ok(found
        .into_iter()
        .map(|(_, key, size)| (key, size))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn key(n: u64) -> CacheKey {
        CacheKey {
            source_hash: n,
            width: 640,
            quality: 75,
            format: OutputFormat::Webp,
        }
    }

    #[test]
    fn file_names_round_trip() {
        let key = key(0xdead_beef);
        assert_eq!(CacheKey::from_file_name(&key.file_name()), Some(key));
        assert_eq!(CacheKey::from_file_name("notes.txt"), None);
        assert_eq!(CacheKey::from_file_name("00ff-640-75.webp"), None);
    }

    #[test]
    fn memory_cache_keeps_what_was_asked_for_twice() {
        let cache = MemoryCache::new(1000);
        let rendering = || Arc::new(Rendering::new(Bytes::from(vec![0; 100]), SystemTime::now()));
        cache.offer(key(1), rendering());
        assert!(cache.get(&key(1)).is_none(), "asked for once");
        cache.offer(key(1), rendering());
        assert!(cache.get(&key(1)).is_some(), "asked for twice");
        // What was seen once long ago is forgotten, and counts as new again.
        cache.offer(key(2), rendering());
        for other in 100..100 + SEEN_KEYS as u64 {
            cache.offer(key(other), rendering());
        }
        cache.offer(key(2), rendering());
        assert!(cache.get(&key(2)).is_none());
        assert_eq!(cache.state.lock().unwrap().seen.len(), SEEN_KEYS);
    }

    #[test]
    fn memory_cache_evicts_least_recently_used() {
        let cache = MemoryCache::new(250);
        let rendering = || Arc::new(Rendering::new(Bytes::from(vec![0; 100]), SystemTime::now()));
        cache.insert(key(1), rendering());
        cache.insert(key(2), rendering());
        assert!(cache.get(&key(1)).is_some());
        cache.insert(key(3), rendering());
        assert!(cache.get(&key(1)).is_some());
        assert!(cache.get(&key(2)).is_none());
        assert!(cache.get(&key(3)).is_some());
    }

    #[test]
    fn disk_cache_survives_reopening_and_stays_bounded() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("images");
        // Room for two entries of 100 bytes and their trailers.
        let cache = DiskCache::open(path.clone(), 300);
        cache.put(&key(1), &[1; 100]);
        cache.put(&key(2), &[2; 100]);
        assert_eq!(cache.get(&key(1)).unwrap().bytes.as_ref(), &[1; 100]);
        cache.put(&key(3), &[3; 100]);
        // Key 2 was the least recently used.
        assert!(cache.get(&key(2)).is_none());
        drop(cache);
        fs::write(path.join("leftover.webp.tmp"), b"x").unwrap();
        let reopened = DiskCache::open(path.clone(), 300);
        assert_eq!(reopened.get(&key(3)).unwrap().bytes.as_ref(), &[3; 100]);
        assert!(!path.join("leftover.webp.tmp").exists());
    }

    #[test]
    fn a_damaged_entry_is_removed_and_never_returned() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("images");
        let cache = DiskCache::open(path.clone(), 1 << 20);
        let file = path.join(key(1).file_name());
        let rendering: Vec<u8> = (0..=255).collect();
        type Damage = fn(&mut Vec<u8>);
        let damages: [(&str, Damage); 5] = [
            ("emptied", |bytes| bytes.clear()),
            ("truncated", |bytes| bytes.truncate(bytes.len() / 2)),
            ("cut in its trailer", |bytes| {
                bytes.truncate(bytes.len() - 1)
            }),
            ("changed", |bytes| bytes[10] ^= 1),
            ("without a trailer", |bytes| bytes.truncate(256)),
        ];
        for (damage, apply) in damages {
            cache.put(&key(1), &rendering);
            assert_eq!(cache.get(&key(1)).unwrap().bytes.as_ref(), &rendering[..]);
            let mut bytes = fs::read(&file).unwrap();
            apply(&mut bytes);
            fs::write(&file, &bytes).unwrap();
            assert!(cache.get(&key(1)).is_none(), "{damage}");
            assert!(!file.exists(), "{damage}: removed");
            assert!(cache.get(&key(1)).is_none(), "{damage}: forgotten");
        }
        // Written again, it is whole again.
        cache.put(&key(1), &rendering);
        let stored = cache.get(&key(1)).unwrap();
        assert_eq!(stored.bytes.as_ref(), &rendering[..]);
        assert_eq!(
            stored.etag,
            etag_for(xxhash_rust::xxh3::xxh3_64(&rendering))
        );
    }

    #[test]
    fn an_unusable_directory_disables_the_cache() {
        let dir = tempfile::tempdir().unwrap();
        let blocker = dir.path().join("file");
        fs::write(&blocker, b"not a directory").unwrap();
        let cache = DiskCache::open(blocker.join("images"), 1 << 20);
        assert!(!cache.is_usable());
        cache.put(&key(1), &[1; 10]);
        assert!(cache.get(&key(1)).is_none());
    }
}
