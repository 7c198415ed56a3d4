//! The site in memory: dist/ read once at start, deployment values filled in, every body
//! pre-compressed. Requests only pick bytes from here. No HTTP framework types in this module.

mod analytics;
mod body;
mod builder;
mod content_type;
mod first_frame;
mod html_files;
pub mod lead_form;
mod load;
mod manifest;
mod placeholders;
mod qr;
pub use qr::qr_svg;
mod robots;
mod sitemap;
mod variant;
mod venue_files;

use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

pub use body::{Body, Effort, Encoding, brotli_joinable, compress, join_brotli};
pub use first_frame::{FirstFramePages, FirstFrameTemplate, SharedParts, script_json};
pub use manifest::ApiErrorWords;
pub(crate) use manifest::{VenueEntry, VenuesEntry};
pub use variant::{Device, Region, Variant};
pub use venue_files::{VenueFiles, ViewerFiles, imdf_dir};

use crate::leads::Catalog;
use crate::negotiation::language::{ByLanguage, Language};
use lead_form::LeadTemplate;
use manifest::MANIFEST_VERSION;

#[derive(Debug, thiserror::Error)]
pub enum SiteError {
    #[error(
        "{path}: cannot read the web build ({source}); build it first with scripts/build, or set `dist_dir` (SITE_DIST_DIR)"
    )]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: not a valid manifest: {source}")]
    Manifest {
        path: PathBuf,
        source: serde_json::Error,
    },
    #[error(
        "{path}: manifest version {found}, this server reads version {MANIFEST_VERSION}; rebuild the web build"
    )]
    ManifestVersion { path: PathBuf, found: u32 },
    #[error("{path}: {problem}")]
    Invalid { path: PathBuf, problem: String },
    #[error("{file}: {source}")]
    Placeholder {
        file: PathBuf,
        source: placeholders::PlaceholderError,
    },
    #[error("{file}: {source}")]
    LeadTemplate {
        file: PathBuf,
        source: lead_form::TemplateError,
    },
    #[error("config key `qr.{key}`: {source}")]
    Qr { key: String, source: qr::QrError },
}

/// A page route: one body per variant, in the order of [`Variant::ALL`].
#[derive(Debug)]
pub struct Page {
    bodies: [Arc<Body>; 4],
    varies_by_device: bool,
    /// False for pages the web build marks noindex: kept out of the sitemap and IndexNow.
    indexed: bool,
}

impl Page {
    pub fn body(&self, variant: Variant) -> &Arc<Body> {
        &self.bodies[variant.index()]
    }

    /// True when desktop and mobile visitors get different bytes (so responses need
    /// `Vary: User-Agent`).
    pub fn varies_by_device(&self) -> bool {
        self.varies_by_device
    }
}

#[derive(Debug)]
pub struct StaticFile {
    pub content: FileContent,
    pub content_type: &'static str,
    pub immutable: bool,
}

/// Where a static file's bytes are: small and compressible files in memory, pre-compressed;
/// large pictures on disk, read when asked for (they are seldom fetched directly: pages show
/// them through the image optimizer, which keeps its own caches).
#[derive(Debug)]
pub enum FileContent {
    Memory(Arc<Body>),
    Disk(DiskFile),
}

/// A file of the build left on disk.
#[derive(Debug, Clone)]
pub struct DiskFile {
    path: PathBuf,
    /// Hash of the bytes when the build was loaded: the image optimizer's cache key, so a
    /// cached rendering is answered without reading the source.
    hash: u64,
}

impl DiskFile {
    /// Files at least this large and not worth compressing stay on disk.
    pub(crate) const MIN_BYTES: usize = 32 * 1024;

    /// Reads the file as it is now, with an ETag from its bytes: a file rewritten by a new
    /// build before the reload is still answered consistently. Blocking.
    pub fn read(&self) -> std::io::Result<Body> {
        Ok(Body::new(std::fs::read(&self.path)?, false))
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn hash(&self) -> u64 {
        self.hash
    }
}

#[derive(Debug)]
pub struct Site {
    /// Names this build: a hash of all its bodies, in the manifest's order.
    build_id: u64,
    pages: HashMap<String, Page>,
    /// Page paths in manifest order, for lists that should not change order between starts.
    page_order: Vec<String>,
    not_found: ByLanguage<Page>,
    files: HashMap<String, StaticFile>,
    image_widths: Vec<u32>,
    image_qualities: Vec<u8>,
    /// Per region, in the order of [`Region::ALL`].
    origins: [String; 2],
    sitemaps: [Arc<Body>; 2],
    robots: [Arc<Body>; 2],
    leads: LeadPages,
    /// The live demo's viewer files (issue #14).
    venue_files: VenueFiles,
    /// Where the venue engine finds each venue, and the words it speaks.
    venues: VenuesEntry,
    /// The demo page of a hand-over address (issue #34).
    first_frame: FirstFramePages,
}

/// The enquiry form's parts the server answers with (manifest `leads`): each edition's form, and
/// the sales page.
#[derive(Debug)]
pub struct LeadPages {
    forms: ByLanguage<LeadForm>,
    /// The sales page of `/admin/leads`.
    admin_page: Arc<Body>,
}

/// One edition's enquiry form.
#[derive(Debug)]
pub struct LeadForm {
    /// The page carrying the form, e.g. `/next/business`.
    pub form_path: String,
    /// Where a successful no-JavaScript submission is sent.
    pub thanks_path: String,
    /// The hotline as shown to visitors, for `{hotline}` in messages.
    pub hotline: String,
    /// The form page with its markers, per variant in the order of [`Variant::ALL`].
    templates: [Arc<LeadTemplate>; 4],
    catalog: Catalog,
}

impl LeadPages {
    /// The form of the edition in `language`.
    pub(crate) fn form(&self, language: Language) -> &LeadForm {
        self.forms.get(language)
    }

    pub fn admin_page(&self) -> &Arc<Body> {
        &self.admin_page
    }

    /// The Chinese form's catalog: the words of the sales page, the exports and the notices.
    pub fn catalog(&self) -> &Catalog {
        &self.forms.get(Language::Chinese).catalog
    }
}

impl LeadForm {
    pub fn template(&self, variant: Variant) -> &Arc<LeadTemplate> {
        &self.templates[variant.index()]
    }

    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }
}

impl Site {
    /// The build's name, in hex: changes with every build that changes a byte served.
    pub fn build_id(&self) -> String {
        format!("{:016x}", self.build_id)
    }

    pub fn page(&self, path: &str) -> Option<&Page> {
        self.pages.get(path)
    }

    /// The pages search engines may index, in manifest order.
    pub fn indexed_pages(&self) -> impl Iterator<Item = (&str, &Page)> {
        self.page_order
            .iter()
            .map(|path| (path.as_str(), &self.pages[path]))
            .filter(|(_, page)| page.indexed)
    }

    /// The public origin of a region's site, e.g. `https://www.indora.cn`.
    pub fn origin(&self, region: Region) -> &str {
        &self.origins[region.index()]
    }

    /// `/sitemap.xml` for visitors of `region`: the indexed pages on that region's origin.
    pub fn sitemap(&self, region: Region) -> &Arc<Body> {
        &self.sitemaps[region.index()]
    }

    /// `/robots.txt` for visitors of `region`.
    pub fn robots(&self, region: Region) -> &Arc<Body> {
        &self.robots[region.index()]
    }

    pub fn file(&self, path: &str) -> Option<&StaticFile> {
        self.files.get(path)
    }

    /// The 404 page of the edition `language`.
    pub(crate) fn not_found(&self, language: Language) -> &Page {
        self.not_found.get(language)
    }

    /// The enquiry form, its templates, the sales page and the catalog.
    pub fn leads(&self) -> &LeadPages {
        &self.leads
    }

    pub fn page_paths(&self) -> impl Iterator<Item = &str> {
        self.pages.keys().map(String::as_str)
    }

    /// The live demo's viewer files.
    pub fn venue_files(&self) -> &VenueFiles {
        &self.venue_files
    }

    /// The demo page of a hand-over address, cut where its first frame goes.
    pub fn first_frame(&self) -> &FirstFramePages {
        &self.first_frame
    }

    /// The manifest's `venues` section: what the venue engine loads.
    pub(crate) fn venues(&self) -> &VenuesEntry {
        &self.venues
    }

    /// Every width the pages request from `/_next/image`.
    pub fn image_widths(&self) -> &[u32] {
        &self.image_widths
    }

    /// Every quality the pages request from `/_next/image`.
    pub fn image_qualities(&self) -> &[u8] {
        &self.image_qualities
    }

    /// Compresses every quickly compressed body again at best, one at a time and in place,
    /// while the site is served; the number compressed (a body shared by routes counts once).
    pub fn recompress(&self) -> usize {
        self.bodies()
            .map(|body| usize::from(body.recompress()))
            .sum()
    }

    /// True when some body is still compressed only quickly.
    pub fn needs_recompressing(&self) -> bool {
        self.bodies().any(|body| body.effort() < Effort::Best)
    }

    /// Every body of this build, each once or more.
    fn bodies(&self) -> impl Iterator<Item = &Arc<Body>> {
        let pages = self
            .pages
            .values()
            .chain(self.not_found.values())
            .flat_map(|page| page.bodies.iter());
        let files = self.files.values().filter_map(|file| match &file.content {
            FileContent::Memory(body) => Some(body),
            FileContent::Disk(_) => None,
        });
        pages
            .chain(files)
            .chain(&self.sitemaps)
            .chain(&self.robots)
            .chain(std::iter::once(&self.leads.admin_page))
    }
}

/// Joins a manifest-relative path onto dist/, refusing anything that could leave it.
fn safe_join(dist: &Path, relative: &str) -> Result<PathBuf, String> {
    let path = Path::new(relative);
    if relative.is_empty()
        || !path
            .components()
            .all(|component| matches!(component, Component::Normal(_)))
    {
        return Err(format!(
            "file {relative:?} must be a plain path inside dist/"
        ));
    }
    Ok(dist.join(path))
}

fn read(path: &Path) -> Result<Vec<u8>, SiteError> {
    std::fs::read(path).map_err(|source| SiteError::Read {
        path: path.to_owned(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn safe_join_refuses_escapes() {
        let dist = Path::new("/srv/dist");
        assert!(safe_join(dist, "pages/map.html").is_ok());
        for bad in ["../etc/passwd", "/etc/passwd", "pages/../../x", "", "./a"] {
            assert!(safe_join(dist, bad).is_err(), "{bad}");
        }
    }
}
