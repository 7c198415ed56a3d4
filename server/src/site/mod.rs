//! The site in memory: dist/ read once at start, deployment values filled in, every body
//! pre-compressed. Requests only pick bytes from here. No HTTP framework types in this module.

mod body;
mod content_type;
mod manifest;
mod placeholders;
mod qr;
mod variant;

use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

pub use body::{Body, Encoding};
pub use variant::{Device, Region, Variant};

use crate::config::Config;
use manifest::{MANIFEST_VERSION, Manifest, PageFiles};
use placeholders::{PlaceholderValues, json_for_script};

/// Where generated QR images are served; under the base path so one proxy rule covers the site.
const QR_URL_PREFIX: &str = "/next/_site/qr/";

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
    #[error("config key `qr.{key}`: {source}")]
    Qr { key: String, source: qr::QrError },
}

/// A page route: one body per variant, in the order of [`Variant::ALL`].
#[derive(Debug)]
pub struct Page {
    bodies: [Arc<Body>; 4],
    varies_by_device: bool,
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
    not_found: Page,
    files: HashMap<String, StaticFile>,
    image_widths: Vec<u32>,
}

impl Site {
    pub fn page(&self, path: &str) -> Option<&Page> {
        self.pages.get(path)
    }

    pub fn file(&self, path: &str) -> Option<&StaticFile> {
        self.files.get(path)
    }

    pub fn not_found(&self) -> &Page {
        &self.not_found
    }

    pub fn page_paths(&self) -> impl Iterator<Item = &str> {
        self.pages.keys().map(String::as_str)
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
        // Both regions share the values today; the table is per region so origin-specific
        // values (canonical URLs) have a place.
        let region_values = [values.clone(), values];

        for entry in &manifest.pages {
            if !entry.path.starts_with("/next/") {
                return Err(invalid(format!(
                    "page path {:?} is outside /next/",
                    entry.path
                )));
            }
            let bodies = builder.page_bodies(dist, &entry.files, &region_values)?;
            builder.pages.push((entry.path.clone(), bodies));
        }
        let not_found = builder.page_bodies(dist, &manifest.not_found, &region_values)?;

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
        let mut site = builder.finish(not_found).map_err(invalid)?;
        site.image_widths = image_widths;
        Ok(site)
    }
}

/// Collects bodies to compress, deduplicating identical ones (mobile pages of both regions,
/// say), then compresses them all at once.
#[derive(Default)]
struct Builder {
    jobs: Vec<(Vec<u8>, bool)>,
    job_by_hash: HashMap<u64, usize>,
    pages: Vec<(String, [usize; 4])>,
    files: Vec<(String, usize, &'static str, bool)>,
    html_cache: HashMap<PathBuf, String>,
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
            let file = match variant.device {
                Device::Desktop if variant.region == Region::China => &files.desktop_china,
                Device::Desktop => &files.desktop_international,
                Device::Mobile => &files.mobile,
            };
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
            let values = match variant.region {
                Region::International => &region_values[0],
                Region::China => &region_values[1],
            };
            let composed = values
                .fill(&html)
                .map_err(|source| SiteError::Placeholder {
                    file: path.clone(),
                    source,
                })?;
            bodies[variant.index()] = self.job(composed.into_bytes(), true);
        }
        Ok(bodies)
    }

    fn finish(self, not_found: [usize; 4]) -> Result<Site, String> {
        let bodies: Vec<Arc<Body>> = body::build_all(self.jobs)
            .into_iter()
            .map(Arc::new)
            .collect();
        let page = |indices: [usize; 4]| {
            let bodies = indices.map(|index| Arc::clone(&bodies[index]));
            let varies_by_device = indices[0] != indices[2] || indices[1] != indices[3];
            Page {
                bodies,
                varies_by_device,
            }
        };
        let mut pages = HashMap::new();
        for (path, indices) in self.pages {
            if pages.insert(path.clone(), page(indices)).is_some() {
                return Err(format!("page {path} is listed twice"));
            }
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
            not_found: page(not_found),
            files,
            image_widths: Vec::new(),
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
