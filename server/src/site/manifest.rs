//! dist/manifest.json: the contract between the web build and the server. The web build writes
//! it (web/scripts/prerender.tsx); nothing else in the server knows the layout of dist/.

use serde::Deserialize;

pub(super) const MANIFEST_VERSION: u32 = 2;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Manifest {
    pub version: u32,
    /// Every page route, e.g. `/next/map`.
    pub pages: Vec<PageEntry>,
    /// The styled page answered with status 404.
    pub not_found: PageFiles,
    /// Assets and other files served as they are.
    pub files: Vec<FileEntry>,
    /// The widths pages request from `/_next/image`; the endpoint accepts exactly these.
    pub images: ImageWidths,
}

/// Next.js's two width lists (spec section 9): full-width layouts and smaller images.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ImageWidths {
    pub device_sizes: Vec<u32>,
    pub image_sizes: Vec<u32>,
}

/// One page. The manifest also carries each page's title, description and last-modified date
/// for the parts of the server that list pages; fields not named here are ignored.
#[derive(Debug, Deserialize)]
pub(super) struct PageEntry {
    pub path: String,
    pub files: PageFiles,
}

/// HTML files of one page, relative to dist/. Mobile pages have no shell, so the China and
/// international variants share one file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct PageFiles {
    pub desktop_international: String,
    pub desktop_china: String,
    pub mobile: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct FileEntry {
    /// Request path, e.g. `/next/assets/entry-client-3f2a1b.js`.
    pub url: String,
    /// Path relative to dist/.
    pub file: String,
    /// True when the file name carries a content hash, so it can be cached forever.
    pub immutable: bool,
}
