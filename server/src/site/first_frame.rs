//! The demo page of a hand-over address (issue #34, docs/live-demo.md "The first frame"): the
//! demo page as the web build wrote it for this answer, cut at the marker where the server
//! writes the first frame's data, and the hashes of the stylesheet and script a phone's page
//! holds inline, which that page's Content-Security-Policy allows.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use bytes::Bytes;

use super::body::{Effort, brotli_joinable};
use super::manifest::FirstFrameEntry;
use crate::negotiation::language::{ByLanguage, Language};

/// One variant's page, cut at its marker.
#[derive(Debug)]
pub struct FirstFrameTemplate {
    before: String,
    after: String,
}

impl FirstFrameTemplate {
    /// The page before the frame.
    pub fn before(&self) -> &[u8] {
        self.before.as_bytes()
    }

    /// The page after the frame.
    pub fn after(&self) -> &[u8] {
        self.after.as_bytes()
    }
}

impl FirstFrameTemplate {
    fn parse(html: &str, marker: &str) -> Result<Self, String> {
        let mut parts = html.split(marker);
        match (parts.next(), parts.next(), parts.next()) {
            (Some(before), Some(after), None) => Ok(Self {
                before: before.to_owned(),
                after: after.to_owned(),
            }),
            _ => Err(format!("must hold the marker {marker:?} exactly once")),
        }
    }

    fn hash(&self) -> u64 {
        let mut hasher = xxhash_rust::xxh3::Xxh3::new();
        hasher.update(self.before.as_bytes());
        hasher.update(self.after.as_bytes());
        hasher.digest()
    }
}

/// The manifest's `first_frame`: where it is answered and with what, in each edition.
#[derive(Debug, Default)]
pub struct FirstFramePages {
    paths: ByLanguage<String>,
    /// In the order of [`super::Variant::ALL`].
    templates: ByLanguage<Vec<Arc<FirstFrameTemplate>>>,
    /// CSP sources of the inline elements, e.g. `'sha256-…'`.
    script_sources: String,
    style_sources: String,
    /// Changes with any template: kept pages are keyed by it.
    version: u64,
    /// The parts pages share, compressed at best.
    shared: SharedParts,
}

impl FirstFramePages {
    /// Cuts each edition's variants' pages (`htmls`, placeholders filled, in the order of
    /// `Variant::ALL`) at the entry's marker and checks its hashes.
    pub(super) fn new(
        entry: &FirstFrameEntry,
        htmls: &ByLanguage<Vec<String>>,
    ) -> Result<Self, String> {
        let templates = htmls.try_map(|htmls| {
            htmls
                .iter()
                .map(|html| FirstFrameTemplate::parse(html, &entry.marker).map(Arc::new))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|problem| format!("first_frame: a page {problem}"))
        })?;
        let sources = |hashes: &[String]| -> Result<String, String> {
            hashes
                .iter()
                .map(|hash| {
                    is_csp_hash(hash)
                        .then(|| format!(" {hash}"))
                        .ok_or_else(|| format!("first_frame: {hash:?} is not a CSP sha256 source"))
                })
                .collect()
        };
        let mut hasher = xxhash_rust::xxh3::Xxh3::new();
        for template in templates.values().into_iter().flatten() {
            hasher.update(&template.hash().to_le_bytes());
        }
        Ok(Self {
            paths: entry.pages.map(|page| page.path.clone()),
            script_sources: sources(&entry.script_hashes)?,
            style_sources: sources(&entry.style_hashes)?,
            templates,
            version: hasher.digest(),
            shared: SharedParts::default(),
        })
    }

    /// The edition whose demo page `path` is (`/next/demo`, `/next/en/demo`), if any.
    pub(crate) fn language_of(&self, path: &str) -> Option<Language> {
        [Language::Chinese, Language::English]
            .into_iter()
            .find(|&language| self.paths.get(language) == path)
    }

    pub(crate) fn template(
        &self,
        language: Language,
        variant: super::Variant,
    ) -> Option<&Arc<FirstFrameTemplate>> {
        self.templates.get(language).get(variant.index())
    }

    /// ` 'sha256-…'` per inline script, to follow `script-src 'self'`.
    pub fn script_sources(&self) -> &str {
        &self.script_sources
    }

    /// ` 'sha256-…'` per inline stylesheet, to follow `style-src 'self'`.
    pub fn style_sources(&self) -> &str {
        &self.style_sources
    }

    pub fn version(&self) -> u64 {
        self.version
    }

    /// The parts every page of a variant or a venue shares, compressed at best.
    pub fn shared(&self) -> &SharedParts {
        &self.shared
    }
}

/// The most parts kept: the pages around the frame, the venues' summaries and levels are a few
/// dozen; parts of builds gone are dropped all together past this.
const MAX_SHARED_PARTS: usize = 64;

/// Brotli streams of the parts first-frame pages share (the page around the frame, a venue's
/// summary, a level), each compressed at best once, to be joined with the part that is a
/// page's own (`super::join_brotli`). Quality 11 takes a few hundred milliseconds for the
/// largest part, so it runs on a thread of its own; the pages asked for meanwhile are compressed
/// quickly (and not kept). The parts come from the build and the site's own venues, never from a
/// request, so what is compressed here is bounded by the build.
#[derive(Debug, Default)]
pub struct SharedParts(Arc<Mutex<PartsState>>);

#[derive(Debug, Default)]
struct PartsState {
    ready: HashMap<u64, Bytes>,
    pending: HashSet<u64>,
}

impl SharedParts {
    /// The part's stream at best, or None while it is made (begun now if it was not).
    pub fn best(&self, part: &[u8]) -> Option<Bytes> {
        let key = xxhash_rust::xxh3::xxh3_64(part);
        let mut state = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(ready) = state.ready.get(&key) {
            return Some(ready.clone());
        }
        if state.pending.insert(key) {
            let shared = Arc::clone(&self.0);
            let bytes = part.to_vec();
            let spawned = std::thread::Builder::new()
                .name("first-frame-part".to_owned())
                .spawn(move || {
                    let stream = brotli_joinable(&bytes, Effort::Best);
                    let mut state = shared
                        .lock()
                        .unwrap_or_else(|poisoned| poisoned.into_inner());
                    state.pending.remove(&key);
                    if let Some(stream) = stream {
                        if state.ready.len() >= MAX_SHARED_PARTS {
                            state.ready.clear();
                        }
                        state.ready.insert(key, Bytes::from(stream));
                    }
                });
            if spawned.is_err() {
                state.pending.remove(&key);
            }
        }
        None
    }
}

/// `'sha256-<44 characters of base64>'`.
fn is_csp_hash(text: &str) -> bool {
    text.strip_prefix("'sha256-")
        .and_then(|rest| rest.strip_suffix('\''))
        .is_some_and(|digest| {
            digest.len() == 44
                && digest
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"+/=".contains(&b))
        })
}

/// JSON as it may stand inside a `<script type="application/json">` element: every `<`
/// escaped, so nothing in it can close the element or open a comment.
pub fn script_json(json: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(json.len() + 64);
    for &byte in json {
        if byte == b'<' {
            out.extend_from_slice(b"\\u003c");
        } else {
            out.push(byte);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_a_page_at_its_one_marker() {
        let template = FirstFrameTemplate::parse("<p>a</p><x>%%M%%</x>", "%%M%%").unwrap();
        assert_eq!(
            (template.before(), template.after()),
            (&b"<p>a</p><x>"[..], &b"</x>"[..])
        );
        assert!(FirstFrameTemplate::parse("<p>none</p>", "%%M%%").is_err());
        assert!(FirstFrameTemplate::parse("%%M%%%%M%%", "%%M%%").is_err());
    }

    #[test]
    fn accepts_only_sha256_sources() {
        let good = format!("'sha256-{}='", "A".repeat(43));
        assert!(is_csp_hash(&good));
        for bad in [
            "sha256-abc",
            "'unsafe-inline'",
            "'sha256-a b'",
            &format!("'sha256-{}'; script-src *", "A".repeat(44)),
        ] {
            assert!(!is_csp_hash(bad), "{bad}");
        }
    }

    #[test]
    fn compresses_a_shared_part_at_best_once_in_the_background() {
        let parts = SharedParts::default();
        let part = "<p>室内定位</p>".repeat(500);
        assert!(
            parts.best(part.as_bytes()).is_none(),
            "made in the background"
        );
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        let stream = loop {
            if let Some(stream) = parts.best(part.as_bytes()) {
                break stream;
            }
            assert!(std::time::Instant::now() < deadline, "never made");
            std::thread::sleep(std::time::Duration::from_millis(10));
        };
        let mut back = Vec::new();
        brotli::BrotliDecompress(&mut &stream[..], &mut back).unwrap();
        assert_eq!(back, part.as_bytes());
        assert_eq!(parts.0.lock().unwrap().ready.len(), 1);
    }

    #[test]
    fn escapes_what_could_end_the_script_element() {
        let json = br#"{"name":"</script><!--x"}"#;
        let escaped = script_json(json);
        assert_eq!(escaped, br#"{"name":"\u003c/script>\u003c!--x"}"#);
        let back: serde_json::Value = serde_json::from_slice(&escaped).unwrap();
        assert_eq!(back["name"], "</script><!--x");
    }
}
