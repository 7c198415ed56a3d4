//! One response body kept in memory in every encoding worth sending. A build is served first
//! with quickly compressed bodies, which are then compressed again at best in the background
//! (see `Site::recompress`), so the server answers within a second of starting.

use std::io::{Read, Write};
use std::sync::Arc;

use arc_swap::ArcSwap;

use bytes::Bytes;
use http::HeaderValue;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Identity,
    Gzip,
    Brotli,
}

/// How hard bodies are compressed. `Fast` when a build is loaded, at start or on reload: the
/// whole site in a fraction of a second, a tenth larger over the wire. `Best` is what visitors
/// then download: brotli at quality 11 takes seconds per megabyte, so it runs after the build
/// is served (never in editing mode, where the bytes do not leave the machine). `Once` for an
/// answer computed for one request and not kept: brotli at quality 1, whose hash table is small
/// (at quality 4 the encoder's fresh tables cost a 2.4 KB route 1.5 ms of page faults in the
/// server, at quality 1 a tenth of that, for 15 % more bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Effort {
    Once,
    Fast,
    Best,
}

#[derive(Debug)]
pub struct Body {
    /// Swapped whole when the body is compressed again at best (`recompress`): a request gets
    /// the old or the new set, never a mix.
    encodings: ArcSwap<Encodings>,
    identity_len: usize,
    /// Hash of the identity bytes; ETags of all encodings share it. A body compressed again
    /// keeps its ETags: the content is the same, only the encoding's bytes are smaller, and the
    /// server answers no range requests that could mix the two.
    hash: u64,
    etags: [HeaderValue; 3],
}

#[derive(Debug)]
struct Encodings {
    /// The uncompressed bytes, unless this body compressed them to gzip itself: then the rare
    /// request that accepts no compression gets them decoded from gzip, and memory holds only
    /// the compressed forms (the pages' uncompressed bytes were a third of the resident set).
    identity: Option<Bytes>,
    gzip: Option<Bytes>,
    brotli: Option<Bytes>,
    /// How hard they were compressed; `Best` when there is nothing to compress.
    effort: Effort,
}

impl Encodings {
    /// Compresses `bytes` with gzip and brotli when `compressible`, keeping an encoding only
    /// when it is actually smaller, and the identity bytes only when there is no gzip.
    fn compressed(bytes: Vec<u8>, compressible: bool, effort: Effort) -> Self {
        if !compressible {
            return Self::kept(bytes, None, None, Effort::Best);
        }
        let (gzip, brotli) = (gzip(&bytes, effort), brotli(&bytes, effort));
        let mut encodings = Self::kept(bytes, gzip, brotli, effort);
        if encodings.gzip.is_some() {
            encodings.identity = None;
        }
        encodings
    }

    /// Keeps an encoding only when it is actually smaller than the identity bytes.
    fn kept(
        bytes: Vec<u8>,
        gzip: Option<Vec<u8>>,
        brotli: Option<Vec<u8>>,
        effort: Effort,
    ) -> Self {
        let smaller =
            |out: Option<Vec<u8>>| out.filter(|out| out.len() < bytes.len()).map(Bytes::from);
        Self {
            gzip: smaller(gzip),
            brotli: smaller(brotli),
            identity: Some(Bytes::from(bytes)),
            effort,
        }
    }

    fn identity(&self, identity_len: usize) -> (Encoding, Bytes) {
        if let Some(identity) = &self.identity {
            return (Encoding::Identity, identity.clone());
        }
        let gzip = self
            .gzip
            .as_ref()
            .expect("a body without identity bytes has gzip");
        let mut plain = Vec::with_capacity(identity_len);
        match flate2::read::GzDecoder::new(&gzip[..]).read_to_end(&mut plain) {
            Ok(_) => (Encoding::Identity, Bytes::from(plain)),
            Err(error) => {
                // Our own gzip of bytes we held: cannot fail short of a bug. The gzip is still
                // the right content, so it goes out, labelled as what it is.
                tracing::error!(%error, "cannot decode a body's own gzip; sending it as gzip");
                (Encoding::Gzip, gzip.clone())
            }
        }
    }
}

impl Body {
    /// Compresses `bytes` at best with gzip and brotli when `compressible`.
    pub fn new(bytes: Vec<u8>, compressible: bool) -> Self {
        Self::compressed(bytes, compressible, Effort::Best)
    }

    fn compressed(bytes: Vec<u8>, compressible: bool, effort: Effort) -> Self {
        let (identity_len, hash) = (bytes.len(), xxhash_rust::xxh3::xxh3_64(&bytes));
        Self::with(
            identity_len,
            hash,
            Encodings::compressed(bytes, compressible, effort),
        )
    }

    /// Compresses `bytes` quickly with gzip and brotli when `compressible`: an answer computed
    /// for a request, where best compression would cost more than the computation.
    pub fn fast(bytes: Vec<u8>, compressible: bool) -> Self {
        Self::compressed(bytes, compressible, Effort::Fast)
    }

    /// The bytes held in memory, every encoding together.
    pub fn held_bytes(&self) -> usize {
        let encodings = self.encodings.load();
        [&encodings.identity, &encodings.gzip, &encodings.brotli]
            .into_iter()
            .flatten()
            .map(Bytes::len)
            .sum()
    }

    /// A body the web build already compressed (dist/ holds `<file>.gz` and `<file>.br` beside
    /// it), so start-up spends no time on it.
    pub fn precompressed(bytes: Vec<u8>, gzip: Vec<u8>, brotli: Vec<u8>) -> Self {
        let (identity_len, hash) = (bytes.len(), xxhash_rust::xxh3::xxh3_64(&bytes));
        let encodings = Encodings::kept(bytes, Some(gzip), Some(brotli), Effort::Best);
        Self::with(identity_len, hash, encodings)
    }

    /// A body whose brotli stream was made elsewhere (joined from parts compressed apart, see
    /// [`join_brotli`]): gzip is compressed quickly here, and the identity bytes are not kept.
    pub fn with_brotli(bytes: Vec<u8>, brotli: Vec<u8>) -> Self {
        let (identity_len, hash) = (bytes.len(), xxhash_rust::xxh3::xxh3_64(&bytes));
        let gzip = gzip(&bytes, Effort::Fast);
        let mut encodings = Encodings::kept(bytes, gzip, Some(brotli), Effort::Best);
        if encodings.gzip.is_some() {
            encodings.identity = None;
        }
        Self::with(identity_len, hash, encodings)
    }

    fn with(identity_len: usize, hash: u64, encodings: Encodings) -> Self {
        let etag = |suffix: &str| {
            HeaderValue::from_str(&format!("\"{hash:016x}{suffix}\""))
                .expect("hex is a valid header")
        };
        Self {
            encodings: ArcSwap::from_pointee(encodings),
            identity_len,
            hash,
            etags: [etag(""), etag("-gz"), etag("-br")],
        }
    }

    pub fn effort(&self) -> Effort {
        self.encodings.load().effort
    }

    /// Compresses the body again at best when it was compressed quickly, and swaps the new
    /// encodings in; requests in flight keep the ones they hold. False when it already was.
    pub fn recompress(&self) -> bool {
        let current = self.encodings.load_full();
        if current.effort == Effort::Best {
            return false;
        }
        let (_, plain) = current.identity(self.identity_len);
        let mut best = Encodings::compressed(plain.to_vec(), true, Effort::Best);
        // Quality 11 is not smaller on every input (short, repetitive ones): keep the smaller.
        best.gzip = smallest(best.gzip, &current.gzip);
        best.brotli = smallest(best.brotli, &current.brotli);
        self.encodings.store(Arc::new(best));
        true
    }

    /// The length of the uncompressed bytes.
    pub fn identity_len(&self) -> usize {
        self.identity_len
    }

    pub fn hash(&self) -> u64 {
        self.hash
    }

    pub fn has_compressed(&self) -> bool {
        let encodings = self.encodings.load();
        encodings.gzip.is_some() || encodings.brotli.is_some()
    }

    /// The encoding an answer asking for `encoding` gets: identity when that one was not kept.
    pub fn served(&self, encoding: Encoding) -> Encoding {
        let encodings = self.encodings.load();
        match encoding {
            Encoding::Brotli if encodings.brotli.is_some() => Encoding::Brotli,
            Encoding::Gzip if encodings.gzip.is_some() => Encoding::Gzip,
            _ => Encoding::Identity,
        }
    }

    pub fn available(&self, encoding: Encoding) -> bool {
        self.served(encoding) == encoding
    }

    /// The bytes in `encoding`, falling back to identity when that encoding was not kept.
    pub fn bytes(&self, encoding: Encoding) -> (Encoding, Bytes) {
        let encodings = self.encodings.load();
        match (encoding, &encodings.gzip, &encodings.brotli) {
            (Encoding::Brotli, _, Some(bytes)) => (Encoding::Brotli, bytes.clone()),
            (Encoding::Gzip, Some(bytes), _) => (Encoding::Gzip, bytes.clone()),
            _ => encodings.identity(self.identity_len),
        }
    }

    pub fn etag(&self, encoding: Encoding) -> &HeaderValue {
        match encoding {
            Encoding::Identity => &self.etags[0],
            Encoding::Gzip => &self.etags[1],
            Encoding::Brotli => &self.etags[2],
        }
    }

    /// True when `tag` (one opaque tag from If-None-Match) names this body in any encoding.
    pub fn matches_etag(&self, tag: &str) -> bool {
        let tag = tag.strip_prefix("W/").unwrap_or(tag);
        let Some(inner) = tag.strip_prefix('"').and_then(|t| t.strip_suffix('"')) else {
            return false;
        };
        let hex = inner
            .strip_suffix("-gz")
            .or_else(|| inner.strip_suffix("-br"))
            .unwrap_or(inner);
        hex.len() == 16 && u64::from_str_radix(hex, 16) == Ok(self.hash)
    }
}

fn smallest(best: Option<Bytes>, fast: &Option<Bytes>) -> Option<Bytes> {
    match (best, fast) {
        (Some(best), Some(fast)) if fast.len() < best.len() => Some(fast.clone()),
        (None, Some(fast)) => Some(fast.clone()),
        (best, _) => best,
    }
}

/// `bytes` in `encoding` (none for identity), compressed with `effort`'s settings: what a body
/// holds, and what an answer computed for one request is sent in.
pub fn compress(encoding: Encoding, bytes: &[u8], effort: Effort) -> Option<Vec<u8>> {
    match encoding {
        Encoding::Identity => None,
        Encoding::Gzip => gzip(bytes, effort),
        Encoding::Brotli => brotli(bytes, effort),
    }
}

fn gzip(bytes: &[u8], effort: Effort) -> Option<Vec<u8>> {
    let level = match effort {
        Effort::Best => flate2::Compression::best(),
        Effort::Fast | Effort::Once => flate2::Compression::fast(),
    };
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), level);
    encoder.write_all(bytes).ok()?;
    encoder.finish().ok().map(exact)
}

/// The bytes in an allocation of their own size: a body is kept for the life of the build, and
/// a Vec grown by doubling holds up to twice its length (`Bytes::from` keeps the capacity).
fn exact(mut bytes: Vec<u8>) -> Vec<u8> {
    bytes.shrink_to_fit();
    bytes
}

fn brotli(bytes: &[u8], effort: Effort) -> Option<Vec<u8>> {
    let params = brotli::enc::BrotliEncoderParams {
        quality: match effort {
            Effort::Best => 11,
            Effort::Fast => 4,
            Effort::Once => 1,
        },
        lgwin: brotli_window_bits(bytes.len()),
        size_hint: bytes.len(),
        ..Default::default()
    };
    let mut out = Vec::new();
    brotli::BrotliCompress(&mut &bytes[..], &mut out, &params).ok()?;
    Some(exact(out))
}

/// The window of brotli streams made to be joined, and of the stream joined: parts of a page
/// of a few hundred KB reach back no further than their own start anyway.
const JOINED_WINDOW_BITS: u8 = 19;

/// `bytes` as a brotli stream [`join_brotli`] can join to others: it refers to nothing before
/// its own start (nor to brotli's built-in dictionary), so it reads the same wherever it stands.
pub fn brotli_joinable(bytes: &[u8], effort: Effort) -> Option<Vec<u8>> {
    let params = brotli::enc::BrotliEncoderParams {
        quality: match effort {
            Effort::Best => 11,
            Effort::Fast => 4,
            Effort::Once => 1,
        },
        lgwin: i32::from(JOINED_WINDOW_BITS),
        size_hint: bytes.len(),
        catable: true,
        ..Default::default()
    };
    let mut out = Vec::new();
    brotli::BrotliCompress(&mut &bytes[..], &mut out, &params).ok()?;
    Some(exact(out))
}

/// One brotli stream of the concatenation of the parts `streams` hold (each made by
/// [`brotli_joinable`]): no byte is compressed again. None if a stream was not made to be joined.
pub fn join_brotli(streams: &[&[u8]]) -> Option<Vec<u8>> {
    use brotli::concat::{BroCatli, BroCatliResult};
    let mut joiner = BroCatli::new_with_window_size(JOINED_WINDOW_BITS);
    let mut out = vec![0; streams.iter().map(|stream| stream.len()).sum::<usize>() + 64];
    let mut written = 0;
    for stream in streams {
        joiner.new_brotli_file();
        let mut read = 0;
        loop {
            match joiner.stream(stream, &mut read, &mut out, &mut written) {
                BroCatliResult::NeedsMoreInput => break,
                BroCatliResult::NeedsMoreOutput => out.resize(out.len() * 2, 0),
                _ => return None,
            }
        }
    }
    loop {
        match joiner.finish(&mut out, &mut written) {
            BroCatliResult::Success => break,
            BroCatliResult::NeedsMoreOutput => out.resize(out.len() * 2, 0),
            _ => return None,
        }
    }
    out.truncate(written);
    Some(exact(out))
}

/// The smallest window holding the whole body: compresses exactly as well as the 4 MiB
/// default for pages of a few dozen KB, with a fraction of the encoder's memory (peak RSS at
/// start fell from about 200 MB to a tenth of that).
fn brotli_window_bits(length: usize) -> i32 {
    let bits = usize::BITS - length.max(1).leading_zeros();
    // Brotli accepts windows of 2^10 to 2^24 bytes, minus 16.
    (bits as i32 + 1).clamp(10, 24)
}

/// Builds bodies on all cores: the build waits for them.
pub(super) fn build_all(jobs: Vec<(Vec<u8>, bool)>, effort: Effort) -> Vec<Body> {
    let count = jobs.len();
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(count.max(1));
    let mut buckets: Vec<Vec<(usize, Vec<u8>, bool)>> = (0..threads).map(|_| Vec::new()).collect();
    for (index, (bytes, compressible)) in jobs.into_iter().enumerate() {
        buckets[index % threads].push((index, bytes, compressible));
    }
    let mut bodies: Vec<Option<Body>> = (0..count).map(|_| None).collect();
    std::thread::scope(|scope| {
        let workers: Vec<_> = buckets
            .into_iter()
            .map(|bucket| {
                scope.spawn(move || {
                    bucket
                        .into_iter()
                        .map(|(index, bytes, compressible)| {
                            (index, Body::compressed(bytes, compressible, effort))
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for worker in workers {
            for (index, body) in worker.join().expect("compression thread panicked") {
                bodies[index] = Some(body);
            }
        }
    });
    bodies
        .into_iter()
        .map(|body| body.expect("every job ran"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page() -> Vec<u8> {
        "<!doctype html><p>室内定位</p>".repeat(200).into_bytes()
    }

    fn decode(encoding: Encoding, bytes: &[u8]) -> Vec<u8> {
        let mut plain = Vec::new();
        match encoding {
            Encoding::Identity => plain.extend_from_slice(bytes),
            Encoding::Gzip => {
                flate2::read::GzDecoder::new(bytes)
                    .read_to_end(&mut plain)
                    .unwrap();
            }
            Encoding::Brotli => brotli::BrotliDecompress(&mut &bytes[..], &mut plain).unwrap(),
        }
        plain
    }

    #[test]
    fn joined_brotli_streams_decode_to_their_parts_in_order() {
        let text = "室内定位".repeat(300);
        let parts: [&[u8]; 4] = [b"<!doctype html><p>", text.as_bytes(), b"", b"</p>"];
        let whole: Vec<u8> = parts.concat();
        let streams: Vec<Vec<u8>> = parts
            .iter()
            .enumerate()
            .map(|(index, part)| {
                let effort = if index % 2 == 0 {
                    Effort::Fast
                } else {
                    Effort::Best
                };
                brotli_joinable(part, effort).unwrap()
            })
            .collect();
        let joined = join_brotli(&streams.iter().map(Vec::as_slice).collect::<Vec<_>>()).unwrap();
        assert_eq!(decode(Encoding::Brotli, &joined), whole);
        let body = Body::with_brotli(whole.clone(), joined);
        assert_eq!(decode(Encoding::Gzip, &body.bytes(Encoding::Gzip).1), whole);
        assert_eq!(body.bytes(Encoding::Identity).1, whole);
    }

    #[test]
    fn compressed_encodings_decode_to_the_identity_bytes() {
        let body = Body::new(page(), true);
        for encoding in [Encoding::Gzip, Encoding::Brotli] {
            let (served, bytes) = body.bytes(encoding);
            assert_eq!(served, encoding);
            assert_eq!(decode(encoding, &bytes), page());
        }
        // Only the compressed forms are kept; the identity bytes are decoded on demand.
        assert!(body.encodings.load().identity.is_none());
        assert_eq!(
            body.bytes(Encoding::Identity),
            (Encoding::Identity, page().into())
        );
        assert_eq!(body.identity_len(), page().len());
    }

    #[test]
    fn incompressible_or_tiny_bodies_are_kept_only_as_identity() {
        let body = Body::new(b"ab".to_vec(), true);
        assert!(!body.has_compressed());
        assert_eq!(body.bytes(Encoding::Brotli).0, Encoding::Identity);
        let png = Body::new(page(), false);
        assert!(!png.available(Encoding::Gzip));
    }

    #[test]
    fn etag_of_any_encoding_matches_weak_or_strong() {
        let body = Body::new(page(), true);
        for encoding in [Encoding::Identity, Encoding::Gzip, Encoding::Brotli] {
            let tag = body.etag(encoding).to_str().unwrap().to_owned();
            assert!(body.matches_etag(&tag), "{tag}");
            assert!(body.matches_etag(&format!("W/{tag}")), "{tag}");
        }
        assert!(!body.matches_etag("\"0000000000000000\""));
        assert!(!body.matches_etag("garbage"));
    }

    #[test]
    fn every_effort_compresses_to_bytes_that_decode_back() {
        let bytes = "{\"steps\":\"直行 35 米，在星巴克处右转\"}"
            .repeat(80)
            .into_bytes();
        for effort in [Effort::Once, Effort::Fast, Effort::Best] {
            let gzip = compress(Encoding::Gzip, &bytes, effort).unwrap();
            let mut plain = Vec::new();
            flate2::read::GzDecoder::new(&gzip[..])
                .read_to_end(&mut plain)
                .unwrap();
            assert_eq!(plain, bytes, "{effort:?}");
            let brotli = compress(Encoding::Brotli, &bytes, effort).unwrap();
            let mut plain = Vec::new();
            brotli::BrotliDecompress(&mut &brotli[..], &mut plain).unwrap();
            assert_eq!(plain, bytes, "{effort:?}");
            assert!(
                brotli.len() < bytes.len() / 4,
                "{effort:?}: {}",
                brotli.len()
            );
        }
        assert!(compress(Encoding::Identity, &bytes, Effort::Once).is_none());
    }

    #[test]
    fn brotli_window_covers_the_whole_body() {
        for length in [0, 1, 1000, 25_000, 70_000, 1 << 20, 100 << 20] {
            let bits = brotli_window_bits(length);
            assert!((10..=24).contains(&bits), "{length}: {bits}");
            let window = (1usize << bits) - 16;
            assert!(window >= length || bits == 24, "{length}: {bits}");
        }
    }

    #[test]
    fn build_all_keeps_job_order() {
        let jobs = (0..9)
            .map(|n| (format!("body number {n}").into_bytes(), true))
            .collect();
        let bodies = build_all(jobs, Effort::Best);
        for (n, body) in bodies.iter().enumerate() {
            assert_eq!(
                body.bytes(Encoding::Identity).1.as_ref(),
                format!("body number {n}").as_bytes()
            );
        }
    }

    #[test]
    fn fast_effort_still_compresses_and_decodes_to_the_same_bytes() {
        let body = Body::compressed(page(), true, Effort::Fast);
        for encoding in [Encoding::Gzip, Encoding::Brotli] {
            let (served, bytes) = body.bytes(encoding);
            assert_eq!(served, encoding);
            assert!(
                bytes.len() < page().len() / 4,
                "{encoding:?}: {}",
                bytes.len()
            );
            assert_eq!(decode(encoding, &bytes), page());
        }
    }

    #[test]
    fn recompressing_in_place_keeps_the_content_and_its_tags_and_only_shrinks() {
        let body = Body::compressed(page(), true, Effort::Fast);
        assert_eq!(body.effort(), Effort::Fast);
        let tags = body.etags.clone();
        let fast: Vec<usize> = [Encoding::Gzip, Encoding::Brotli]
            .map(|encoding| body.bytes(encoding).1.len())
            .to_vec();
        let held = body.bytes(Encoding::Brotli).1;

        assert!(body.recompress());
        assert!(!body.recompress(), "once is enough");
        assert_eq!(body.effort(), Effort::Best);
        assert_eq!(body.etags, tags);
        for (encoding, fast) in [Encoding::Gzip, Encoding::Brotli].into_iter().zip(fast) {
            let (served, bytes) = body.bytes(encoding);
            assert_eq!(served, encoding);
            assert!(
                bytes.len() <= fast,
                "{encoding:?}: {} > {fast}",
                bytes.len()
            );
            assert_eq!(decode(encoding, &bytes), page());
        }
        assert_eq!(body.bytes(Encoding::Identity).1, page());
        // An answer already under way keeps the bytes it took.
        assert_eq!(decode(Encoding::Brotli, &held), page());
    }

    #[test]
    fn bodies_with_nothing_to_compress_are_never_recompressed() {
        let png = Body::compressed(page(), false, Effort::Fast);
        assert_eq!(png.effort(), Effort::Best);
        assert_eq!(png.bytes(Encoding::Identity).1, page());
    }
}
