//! One response body kept in memory in every encoding worth sending, compressed once at start.

use std::io::Write;

use bytes::Bytes;
use http::HeaderValue;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Identity,
    Gzip,
    Brotli,
}

/// How hard bodies are compressed. `Best` for what visitors download; `Fast` in editing mode
/// (`live_reload`), where an edit must show in about a second and the bytes never leave the
/// machine: brotli at quality 11 is nearly all of a reload's time there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Effort {
    Best,
    Fast,
}

#[derive(Debug)]
pub struct Body {
    identity: Bytes,
    gzip: Option<Bytes>,
    brotli: Option<Bytes>,
    /// Hash of the identity bytes; ETags of all encodings share it.
    hash: u64,
    etags: [HeaderValue; 3],
}

impl Body {
    /// Compresses `bytes` with gzip and brotli when `compressible`, keeping an encoding only when
    /// it is actually smaller.
    pub fn new(bytes: Vec<u8>, compressible: bool) -> Self {
        Self::compressed(bytes, compressible, Effort::Best)
    }

    fn compressed(bytes: Vec<u8>, compressible: bool, effort: Effort) -> Self {
        let (gzip, brotli) = if compressible {
            (gzip(&bytes, effort), brotli(&bytes, effort))
        } else {
            (None, None)
        };
        Self::with_encodings(bytes, gzip, brotli)
    }

    /// A body the web build already compressed (dist/ holds `<file>.gz` and `<file>.br` beside
    /// it), so start-up spends no time on it.
    pub fn precompressed(bytes: Vec<u8>, gzip: Vec<u8>, brotli: Vec<u8>) -> Self {
        Self::with_encodings(bytes, Some(gzip), Some(brotli))
    }

    /// Keeps an encoding only when it is actually smaller than the identity bytes.
    fn with_encodings(bytes: Vec<u8>, gzip: Option<Vec<u8>>, brotli: Option<Vec<u8>>) -> Self {
        let hash = xxhash_rust::xxh3::xxh3_64(&bytes);
        let smaller =
            |out: Option<Vec<u8>>| out.filter(|out| out.len() < bytes.len()).map(Bytes::from);
        let (gzip, brotli) = (smaller(gzip), smaller(brotli));
        let etag = |suffix: &str| {
            HeaderValue::from_str(&format!("\"{hash:016x}{suffix}\""))
                .expect("hex is a valid header")
        };
        Self {
            identity: Bytes::from(bytes),
            gzip,
            brotli,
            hash,
            etags: [etag(""), etag("-gz"), etag("-br")],
        }
    }

    /// The uncompressed bytes.
    pub fn identity(&self) -> &[u8] {
        &self.identity
    }

    pub fn hash(&self) -> u64 {
        self.hash
    }

    pub fn has_compressed(&self) -> bool {
        self.gzip.is_some() || self.brotli.is_some()
    }

    pub fn available(&self, encoding: Encoding) -> bool {
        match encoding {
            Encoding::Identity => true,
            Encoding::Gzip => self.gzip.is_some(),
            Encoding::Brotli => self.brotli.is_some(),
        }
    }

    /// The bytes in `encoding`, falling back to identity when that encoding was not kept.
    pub fn bytes(&self, encoding: Encoding) -> (Encoding, &Bytes) {
        match (encoding, &self.gzip, &self.brotli) {
            (Encoding::Brotli, _, Some(bytes)) => (Encoding::Brotli, bytes),
            (Encoding::Gzip, Some(bytes), _) => (Encoding::Gzip, bytes),
            _ => (Encoding::Identity, &self.identity),
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

fn gzip(bytes: &[u8], effort: Effort) -> Option<Vec<u8>> {
    let level = match effort {
        Effort::Best => flate2::Compression::best(),
        Effort::Fast => flate2::Compression::fast(),
    };
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), level);
    encoder.write_all(bytes).ok()?;
    encoder.finish().ok()
}

fn brotli(bytes: &[u8], effort: Effort) -> Option<Vec<u8>> {
    let params = brotli::enc::BrotliEncoderParams {
        quality: match effort {
            Effort::Best => 11,
            Effort::Fast => 4,
        },
        lgwin: brotli_window_bits(bytes.len()),
        size_hint: bytes.len(),
        ..Default::default()
    };
    let mut out = Vec::new();
    brotli::BrotliCompress(&mut &bytes[..], &mut out, &params).ok()?;
    Some(out)
}

/// The smallest window holding the whole body: compresses exactly as well as the 4 MiB
/// default for pages of a few dozen KB, with a fraction of the encoder's memory (peak RSS at
/// start fell from about 200 MB to a tenth of that).
fn brotli_window_bits(length: usize) -> i32 {
    let bits = usize::BITS - length.max(1).leading_zeros();
    // Brotli accepts windows of 2^10 to 2^24 bytes, minus 16.
    (bits as i32 + 1).clamp(10, 24)
}

/// Builds bodies on all cores: brotli at quality 11 is the slowest part of start-up.
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
    use std::io::Read;

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
    fn compressed_encodings_decode_to_the_identity_bytes() {
        let body = Body::new(page(), true);
        for encoding in [Encoding::Gzip, Encoding::Brotli] {
            let (served, bytes) = body.bytes(encoding);
            assert_eq!(served, encoding);
            assert_eq!(decode(encoding, bytes), page());
        }
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
            assert_eq!(decode(encoding, bytes), page());
        }
    }
}
