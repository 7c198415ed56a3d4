//! The site in memory: dist/ read once at start, deployment values filled in, every body
//! pre-compressed. Requests only pick bytes from here. No HTTP framework types in this module.

mod analytics;
mod body;
mod content_type;
pub mod lead_form;
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

pub use body::{Body, Encoding};
pub use manifest::ApiErrorWords;
pub(crate) use manifest::VenuesEntry;
pub use variant::{Device, Region, Variant};
pub use venue_files::{VenueFiles, ViewerFiles, imdf_dir};

use crate::config::Config;
use crate::leads::Catalog;
use lead_form::LeadTemplate;
use manifest::{LeadsEntry, MANIFEST_VERSION, Manifest, PageFiles, is_sitemap_date};
use placeholders::{PlaceholderValues, json_for_script};
use sitemap::SitemapEntry;

/// Where generated QR images are served; under the base path so one proxy rule covers the site.
const QR_URL_PREFIX: &str = "/next/_site/qr/";
/// Where the generated statistics loader is served, followed by `-<hash>.js`.
const ANALYTICS_URL_PREFIX: &str = "/next/_site/analytics";

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
    pub body: Arc<Body>,
    pub content_type: &'static str,
    pub immutable: bool,
}

#[derive(Debug)]
pub struct Site {
    pages: HashMap<String, Page>,
    /// Page paths in manifest order, for lists that should not change order between starts.
    page_order: Vec<String>,
    not_found: Page,
    files: HashMap<String, StaticFile>,
    image_widths: Vec<u32>,
    /// Per region, in the order of [`Region::ALL`].
    origins: [String; 2],
    sitemaps: [Arc<Body>; 2],
    robots: [Arc<Body>; 2],
    leads: LeadPages,
    /// The live demo's viewer files (issue #14).
    venue_files: VenueFiles,
    /// Where the venue engine finds each venue, and the words it speaks.
    venues: VenuesEntry,
}

/// The enquiry form's parts the server answers with (manifest `leads`).
#[derive(Debug)]
pub struct LeadPages {
    /// The page carrying the form, e.g. `/next/business`.
    pub form_path: String,
    /// Where a successful no-JavaScript submission is sent.
    pub thanks_path: String,
    /// The hotline as shown to visitors, for `{hotline}` in messages.
    pub hotline: String,
    /// The form page with its markers, per variant in the order of [`Variant::ALL`].
    templates: [Arc<LeadTemplate>; 4],
    /// The sales page of `/admin/leads`.
    admin_page: Arc<Body>,
    catalog: Catalog,
}

impl LeadPages {
    pub fn template(&self, variant: Variant) -> &Arc<LeadTemplate> {
        &self.templates[variant.index()]
    }

    pub fn admin_page(&self) -> &Arc<Body> {
        &self.admin_page
    }

    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }
}

impl Site {
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

    pub fn not_found(&self) -> &Page {
        &self.not_found
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

    /// The manifest's `venues` section: what the venue engine loads.
    pub(crate) fn venues(&self) -> &VenuesEntry {
        &self.venues
    }

    /// Every width the pages request from `/_next/image`.
    pub fn image_widths(&self) -> &[u32] {
        &self.image_widths
    }

    /// Reads dist/ and prepares every response body. Runs once, before the server listens.
    pub fn load(config: &Config) -> Result<Self, SiteError> {
        let dist = &config.dist_dir;
        let manifest_path = dist.join("manifest.json");
        let manifest: Manifest = {
            let text = read(&manifest_path)?;
            serde_json::from_slice(&text).map_err(|source| SiteError::Manifest {
                path: manifest_path.clone(),
                source,
            })?
        };
        if manifest.version != MANIFEST_VERSION {
            return Err(SiteError::ManifestVersion {
                path: manifest_path,
                found: manifest.version,
            });
        }

        let mut builder = Builder::default();
        let invalid = |problem: String| SiteError::Invalid {
            path: manifest_path.clone(),
            problem,
        };

        let mut qr_urls = serde_json::Map::new();
        let mut values = PlaceholderValues::default();
        for (key, target) in config.qr.entries() {
            let svg = qr::qr_svg(target.as_str()).map_err(|source| SiteError::Qr {
                key: key.to_owned(),
                source,
            })?;
            let hash = xxhash_rust::xxh3::xxh3_64(svg.as_bytes());
            let url = format!("{QR_URL_PREFIX}{}-{hash:016x}.svg", key.replace('_', "-"));
            builder
                .add_file(&url, svg.into_bytes(), "image/svg+xml", true)
                .map_err(invalid)?;
            values.insert_html(&format!("qr.{key}"), &url);
            qr_urls.insert(key.to_owned(), url.into());
        }
        let mut links = serde_json::Map::new();
        for (key, url) in config.links.entries() {
            values.insert_html(&format!("link.{key}"), url.as_str());
            links.insert(key.to_owned(), url.as_str().into());
        }
        let runtime = serde_json::json!({ "links": links, "qr": qr_urls });
        values.insert_verbatim("runtime", json_for_script(&runtime));
        let analytics_sources: Vec<&url::Url> = config
            .analytics
            .scripts
            .iter()
            .map(|script| &script.src)
            .collect();
        let analytics_tag = if analytics_sources.is_empty() {
            String::new()
        } else {
            let script = analytics::loader_script(&analytics_sources);
            let hash = xxhash_rust::xxh3::xxh3_64(script.as_bytes());
            let url = format!("{ANALYTICS_URL_PREFIX}-{hash:016x}.js");
            builder
                .add_file(
                    &url,
                    script.into_bytes(),
                    "text/javascript; charset=utf-8",
                    true,
                )
                .map_err(invalid)?;
            analytics::loader_tag(&url)
        };
        values.insert_verbatim("analytics", analytics_tag);
        if let Some(path) = config.indexnow.key_path() {
            // The IndexNow key file: search engines fetch it to check that submissions for
            // this host come from its owner.
            builder
                .add_file(
                    &path,
                    config.indexnow.key.clone().into_bytes(),
                    "text/plain; charset=utf-8",
                    false,
                )
                .map_err(invalid)?;
        }
        let configured_origins = config.origins();
        let origins = [configured_origins.international, configured_origins.china];
        // Origins are checked by the config to hold only characters that are safe unescaped
        // in HTML attributes and JSON strings, where pages use them (canonical URL, JSON-LD).
        let region_values = Region::ALL.map(|region| {
            let mut values = values.clone();
            values.insert_verbatim("origin", origins[region.index()].clone());
            values
        });

        for entry in &manifest.pages {
            if !entry.path.starts_with("/next/") {
                return Err(invalid(format!(
                    "page path {:?} is outside /next/",
                    entry.path
                )));
            }
            // Paths go unescaped into the sitemap, IndexNow bodies and canonical links.
            if !entry
                .path
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-._~/".contains(&b))
            {
                return Err(invalid(format!(
                    "page path {:?} may only hold letters, digits and - . _ ~ /",
                    entry.path
                )));
            }
            if !is_sitemap_date(&entry.lastmod) {
                return Err(invalid(format!(
                    "page {}: lastmod {:?} is not a YYYY-MM-DD date",
                    entry.path, entry.lastmod
                )));
            }
            let bodies = builder.page_bodies(dist, &entry.files, &region_values)?;
            builder.pages.push(PageJob {
                path: entry.path.clone(),
                bodies,
                indexed: entry.index,
            });
        }
        let not_found = builder.page_bodies(dist, &manifest.not_found, &region_values)?;
        let leads = builder.lead_pages(dist, manifest.leads, &region_values, &manifest_path)?;
        let sitemaps = Region::ALL.map(|region| {
            let entries = manifest
                .pages
                .iter()
                .filter(|entry| entry.index)
                .map(|entry| SitemapEntry {
                    path: &entry.path,
                    lastmod: &entry.lastmod,
                });
            let xml = sitemap::sitemap_xml(&origins[region.index()], entries);
            builder.job(xml.into_bytes(), true)
        });
        let robots = Region::ALL.map(|region| {
            let text = robots::robots_txt(&origins[region.index()]);
            builder.job(text.into_bytes(), true)
        });

        for entry in &manifest.files {
            let path = safe_join(dist, &entry.file).map_err(invalid)?;
            let bytes = read(&path)?;
            let content_type = content_type::for_path(&entry.file).ok_or_else(|| {
                invalid(format!(
                    "{}: no known content type for this extension",
                    entry.file
                ))
            })?;
            builder
                .add_file(&entry.url, bytes, content_type, entry.immutable)
                .map_err(invalid)?;
        }
        let widths = &manifest.images;
        let image_widths: Vec<u32> = widths
            .device_sizes
            .iter()
            .chain(&widths.image_sizes)
            .copied()
            .collect();
        if image_widths.is_empty() || image_widths.contains(&0) {
            return Err(invalid(
                "images: device_sizes and image_sizes must list widths greater than 0".to_owned(),
            ));
        }
        let venue_files = venue_files::load(dist, &manifest.venues)?;
        let mut site = builder
            .finish(not_found, sitemaps, robots, origins, leads)
            .map_err(invalid)?;
        site.image_widths = image_widths;
        site.venue_files = venue_files;
        site.venues = manifest.venues;
        Ok(site)
    }
}

/// Collects bodies to compress, deduplicating identical ones (mobile pages of both regions,
/// say), then compresses them all at once.
#[derive(Default)]
struct Builder {
    jobs: Vec<(Vec<u8>, bool)>,
    job_by_hash: HashMap<u64, usize>,
    pages: Vec<PageJob>,
    files: Vec<(String, usize, &'static str, bool)>,
    html_cache: HashMap<PathBuf, String>,
}

/// The enquiry form's parts, the sales page waiting to be compressed.
struct LeadJob {
    entry: LeadsEntry,
    templates: [Arc<LeadTemplate>; 4],
    admin_page: usize,
}

/// A page waiting for its bodies to be compressed.
struct PageJob {
    path: String,
    /// Job indices, in the order of [`Variant::ALL`].
    bodies: [usize; 4],
    indexed: bool,
}

impl Builder {
    fn job(&mut self, bytes: Vec<u8>, compressible: bool) -> usize {
        let hash = xxhash_rust::xxh3::xxh3_64(&bytes);
        if let Some(&index) = self.job_by_hash.get(&hash)
            && self.jobs[index].0 == bytes
        {
            return index;
        }
        self.jobs.push((bytes, compressible));
        let index = self.jobs.len() - 1;
        self.job_by_hash.insert(hash, index);
        index
    }

    fn add_file(
        &mut self,
        url: &str,
        bytes: Vec<u8>,
        content_type: &'static str,
        immutable: bool,
    ) -> Result<(), String> {
        if !url.starts_with('/') {
            return Err(format!("file url {url:?} must start with /"));
        }
        let index = self.job(bytes, content_type::is_compressible(content_type));
        self.files
            .push((url.to_owned(), index, content_type, immutable));
        Ok(())
    }

    fn page_bodies(
        &mut self,
        dist: &Path,
        files: &PageFiles,
        region_values: &[PlaceholderValues; 2],
    ) -> Result<[usize; 4], SiteError> {
        let mut bodies = [0; 4];
        for variant in Variant::ALL {
            let (_, composed) = self.filled_html(
                dist,
                files.for_variant(variant),
                region_values,
                variant.region,
            )?;
            bodies[variant.index()] = self.job(composed.into_bytes(), true);
        }
        Ok(bodies)
    }

    /// An HTML file of dist/ with its `%%SITE:*%%` placeholders filled for `region`, and its
    /// path.
    fn filled_html(
        &mut self,
        dist: &Path,
        file: &str,
        region_values: &[PlaceholderValues; 2],
        region: Region,
    ) -> Result<(PathBuf, String), SiteError> {
        let path = safe_join(dist, file).map_err(|problem| SiteError::Invalid {
            path: dist.join("manifest.json"),
            problem,
        })?;
        let html = match self.html_cache.get(&path) {
            Some(html) => html.clone(),
            None => {
                let bytes = read(&path)?;
                let html = String::from_utf8(bytes).map_err(|_| SiteError::Invalid {
                    path: path.clone(),
                    problem: "page is not UTF-8".to_owned(),
                })?;
                self.html_cache.insert(path.clone(), html.clone());
                html
            }
        };
        let composed = region_values[region.index()]
            .fill(&html)
            .map_err(|source| SiteError::Placeholder {
                file: path.clone(),
                source,
            })?;
        Ok((path, composed))
    }

    /// Checks the manifest's `leads` section against the pages and the catalog, cuts the form
    /// templates at their markers and queues the sales page for compression. The pages must
    /// already be added.
    fn lead_pages(
        &mut self,
        dist: &Path,
        entry: LeadsEntry,
        region_values: &[PlaceholderValues; 2],
        manifest_path: &Path,
    ) -> Result<LeadJob, SiteError> {
        let invalid = |problem: String| SiteError::Invalid {
            path: manifest_path.to_owned(),
            problem,
        };
        for (key, path) in [
            ("form_path", &entry.form_path),
            ("thanks_path", &entry.thanks_path),
        ] {
            if !self.pages.iter().any(|page| &page.path == path) {
                return Err(invalid(format!("leads.{key} {path:?} is not a page")));
            }
        }
        entry
            .catalog
            .check()
            .map_err(|problem| invalid(format!("leads: {problem}")))?;
        let hotline_used = entry
            .catalog
            .messages
            .values()
            .any(|message| message.contains("{hotline}"));
        if hotline_used && entry.hotline.trim().is_empty() {
            return Err(invalid(
                "leads.hotline is missing or empty, but leads.messages use {hotline}".to_owned(),
            ));
        }
        let scenarios: Vec<&str> = entry
            .catalog
            .scenarios
            .iter()
            .map(|choice| choice.value.as_str())
            .collect();
        let products: Vec<&str> = std::iter::once("")
            .chain(
                entry
                    .catalog
                    .products
                    .iter()
                    .map(|choice| choice.value.as_str()),
            )
            .collect();
        let mut templates = Vec::with_capacity(4);
        for variant in Variant::ALL {
            let file = entry.form_template.for_variant(variant);
            let (path, html) = self.filled_html(dist, file, region_values, variant.region)?;
            let template = LeadTemplate::parse(html, &scenarios, &products)
                .map_err(|source| SiteError::LeadTemplate { file: path, source })?;
            templates.push(Arc::new(template));
        }
        let templates: [Arc<LeadTemplate>; 4] =
            templates.try_into().expect("one template per variant");
        // The sales page is the same on both sites: it is only ever seen by sales.
        let (_, admin_html) = self.filled_html(
            dist,
            &entry.admin_page,
            region_values,
            Region::International,
        )?;
        let admin_page = self.job(admin_html.into_bytes(), true);
        Ok(LeadJob {
            entry,
            templates,
            admin_page,
        })
    }

    fn finish(
        self,
        not_found: [usize; 4],
        sitemaps: [usize; 2],
        robots: [usize; 2],
        origins: [String; 2],
        leads: LeadJob,
    ) -> Result<Site, String> {
        let bodies: Vec<Arc<Body>> = body::build_all(self.jobs)
            .into_iter()
            .map(Arc::new)
            .collect();
        let page = |indices: [usize; 4], indexed: bool| {
            let bodies = indices.map(|index| Arc::clone(&bodies[index]));
            let varies_by_device = indices[0] != indices[2] || indices[1] != indices[3];
            Page {
                bodies,
                varies_by_device,
                indexed,
            }
        };
        let mut pages = HashMap::new();
        let mut page_order = Vec::with_capacity(self.pages.len());
        for job in self.pages {
            if pages
                .insert(job.path.clone(), page(job.bodies, job.indexed))
                .is_some()
            {
                return Err(format!("page {} is listed twice", job.path));
            }
            page_order.push(job.path);
        }
        let mut files = HashMap::new();
        for (url, index, content_type, immutable) in self.files {
            let file = StaticFile {
                body: Arc::clone(&bodies[index]),
                content_type,
                immutable,
            };
            if pages.contains_key(&url) || files.insert(url.clone(), file).is_some() {
                return Err(format!("{url} is listed twice"));
            }
        }
        Ok(Site {
            pages,
            page_order,
            not_found: page(not_found, false),
            files,
            image_widths: Vec::new(),
            sitemaps: sitemaps.map(|index| Arc::clone(&bodies[index])),
            robots: robots.map(|index| Arc::clone(&bodies[index])),
            origins,
            venue_files: VenueFiles::default(),
            venues: VenuesEntry::default(),
            leads: LeadPages {
                form_path: leads.entry.form_path,
                thanks_path: leads.entry.thanks_path,
                hotline: leads.entry.hotline,
                templates: leads.templates,
                admin_page: Arc::clone(&bodies[leads.admin_page]),
                catalog: leads.entry.catalog,
            },
        })
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
