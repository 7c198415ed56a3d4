//! Reading a build: dist/manifest.json and the files it lists, checked, with the deployment's
//! values filled in. Each step below is one job of the load, in the order they run.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use super::body::Body;
use super::builder::Builder;
use super::html_files::HtmlFiles;
use super::manifest::{FileEntry, MANIFEST_VERSION, Manifest, PageEntry, is_sitemap_date};
use super::placeholders::{PlaceholderValues, json_for_script};
use super::sitemap::SitemapEntry;
use super::{
    DiskFile, Region, Site, SiteError, analytics, content_type, qr, read, robots, safe_join,
};
use super::{sitemap, venue_files};
use crate::config::Config;

/// Where generated QR images are served; under the base path so one proxy rule covers the site.
const QR_URL_PREFIX: &str = "/next/_site/qr/";
/// Where the generated statistics loader is served, followed by `-<hash>.js`.
const ANALYTICS_URL_PREFIX: &str = "/next/_site/analytics";

impl Site {
    /// Reads dist/ and prepares every response body, compressed quickly (see [`super::Effort`]).
    pub fn load(config: &Config) -> Result<Self, SiteError> {
        Self::load_reusing(config, None)
    }

    /// Reads dist/ again for a running server: bodies whose bytes did not change since
    /// `previous` are taken from it instead of being compressed again, so an edit reloads in
    /// the time its own pages take.
    pub fn reload(config: &Config, previous: &Site) -> Result<Self, SiteError> {
        Self::load_reusing(config, Some(previous))
    }

    fn load_reusing(config: &Config, previous: Option<&Site>) -> Result<Self, SiteError> {
        let dist = &config.dist_dir;
        let manifest_path = dist.join("manifest.json");
        let manifest = read_manifest(&manifest_path)?;
        let invalid = invalid(&manifest_path);
        let image_widths = image_widths(&manifest).map_err(&invalid)?;
        let image_qualities = image_qualities(&manifest).map_err(&invalid)?;
        let mut builder = Builder::new(previous.map(reusable_bodies).unwrap_or_default());
        let values = deployment_values(config, &mut builder, &manifest_path)?;
        let configured = config.origins();
        let origins = [configured.international, configured.china];
        // Origins are checked by the config to hold only characters that are safe unescaped
        // in HTML attributes and JSON strings, where pages use them (canonical URL, JSON-LD).
        let region_values = Region::ALL.map(|region| {
            let mut values = values.clone();
            values.insert_verbatim("origin", origins[region.index()].clone());
            values
        });

        let mut html = HtmlFiles::new(dist, region_values);
        for entry in &manifest.pages {
            check_page_entry(entry).map_err(&invalid)?;
            builder.add_page(&mut html, entry)?;
        }
        let not_found = manifest
            .not_found
            .try_map(|files| builder.page_bodies(&mut html, files))?;
        let leads = builder.lead_pages(&mut html, &manifest.leads)?;
        let first_frame = builder
            .first_frame_pages(&mut html, &manifest.first_frame)
            .map_err(&invalid)?;
        let (sitemaps, robots) = crawler_files(&mut builder, &manifest.pages, &origins);
        add_static_files(&mut builder, dist, &manifest.files, &manifest_path)?;
        let venue_files = venue_files::load(dist, &manifest.venues)?;
        let mut site = builder
            .finish(&not_found, sitemaps, robots, origins, leads)
            .map_err(&invalid)?;
        site.image_widths = image_widths;
        site.image_qualities = image_qualities;
        site.venue_files = venue_files;
        site.venues = manifest.venues;
        site.first_frame = first_frame;
        Ok(site)
    }
}

/// A problem with the manifest's contents, reported against the manifest.
fn invalid(manifest_path: &Path) -> impl Fn(String) -> SiteError + '_ {
    move |problem| SiteError::Invalid {
        path: manifest_path.to_owned(),
        problem,
    }
}

fn read_manifest(path: &Path) -> Result<Manifest, SiteError> {
    let text = read(path)?;
    let manifest: Manifest =
        serde_json::from_slice(&text).map_err(|source| SiteError::Manifest {
            path: path.to_owned(),
            source,
        })?;
    if manifest.version != MANIFEST_VERSION {
        return Err(SiteError::ManifestVersion {
            path: path.to_owned(),
            found: manifest.version,
        });
    }
    Ok(manifest)
}

/// Every body of the running build by the hash of its bytes.
fn reusable_bodies(site: &Site) -> HashMap<u64, Arc<Body>> {
    site.bodies()
        .map(|body| (body.hash(), Arc::clone(body)))
        .collect()
}

/// The values the deployment fills into pages (`%%SITE:*%%`): QR images, links, the runtime
/// context, the statistics loader; adds the files these need (QR images, the loader, the
/// IndexNow key file) to `builder`.
fn deployment_values(
    config: &Config,
    builder: &mut Builder,
    manifest_path: &Path,
) -> Result<PlaceholderValues, SiteError> {
    let invalid = invalid(manifest_path);
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
            .map_err(&invalid)?;
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
            .map_err(&invalid)?;
        analytics::loader_tag(&url)
    };
    values.insert_verbatim("analytics", analytics_tag);
    if let Some(path) = config.indexnow.key_path() {
        // The IndexNow key file: search engines fetch it to check that submissions for this
        // host come from its owner.
        builder
            .add_file(
                &path,
                config.indexnow.key.clone().into_bytes(),
                "text/plain; charset=utf-8",
                false,
            )
            .map_err(&invalid)?;
    }
    Ok(values)
}

/// A page's path and date, which go unescaped into the sitemap, IndexNow bodies and
/// canonical links.
fn check_page_entry(entry: &PageEntry) -> Result<(), String> {
    check_page_path(&entry.path)?;
    for alternate in &entry.alternates {
        check_page_path(&alternate.path)?;
        let tag = &alternate.hreflang;
        if tag.is_empty() || !tag.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') {
            return Err(format!(
                "page {}: hreflang {tag:?} is not a language tag",
                entry.path
            ));
        }
    }
    if !is_sitemap_date(&entry.lastmod) {
        return Err(format!(
            "page {}: lastmod {:?} is not a YYYY-MM-DD date",
            entry.path, entry.lastmod
        ));
    }
    Ok(())
}

fn check_page_path(path: &str) -> Result<(), String> {
    if !path.starts_with("/next/") {
        return Err(format!("page path {path:?} is outside /next/"));
    }
    if !path
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"-._~/".contains(&b))
    {
        return Err(format!(
            "page path {path:?} may only hold letters, digits and - . _ ~ /"
        ));
    }
    Ok(())
}

/// `/sitemap.xml` and `/robots.txt` per region, queued in `builder`.
fn crawler_files(
    builder: &mut Builder,
    pages: &[PageEntry],
    origins: &[String; 2],
) -> ([usize; 2], [usize; 2]) {
    let sitemaps = Region::ALL.map(|region| {
        let entries = pages
            .iter()
            .filter(|entry| entry.index)
            .map(|entry| SitemapEntry {
                path: &entry.path,
                lastmod: &entry.lastmod,
                alternates: entry
                    .alternates
                    .iter()
                    .map(|alternate| (alternate.hreflang.as_str(), alternate.path.as_str()))
                    .collect(),
            });
        let xml = sitemap::sitemap_xml(&origins[region.index()], entries);
        builder.job(xml.into_bytes(), true)
    });
    let robots = Region::ALL.map(|region| {
        let text = robots::robots_txt(&origins[region.index()]);
        builder.job(text.into_bytes(), true)
    });
    (sitemaps, robots)
}

/// The assets the web build lists (scripts, styles, images, fonts), read into `builder`.
fn add_static_files(
    builder: &mut Builder,
    dist: &Path,
    files: &[FileEntry],
    manifest_path: &Path,
) -> Result<(), SiteError> {
    let invalid = invalid(manifest_path);
    for entry in files {
        let path = safe_join(dist, &entry.file).map_err(&invalid)?;
        let bytes = read(&path)?;
        let content_type = content_type::for_path(&entry.file).ok_or_else(|| {
            invalid(format!(
                "{}: no known content type for this extension",
                entry.file
            ))
        })?;
        if bytes.len() >= DiskFile::MIN_BYTES && !content_type::is_compressible(content_type) {
            builder
                .add_disk_file(&entry.url, path, &bytes, content_type, entry.immutable)
                .map_err(&invalid)?;
            continue;
        }
        builder
            .add_file(&entry.url, bytes, content_type, entry.immutable)
            .map_err(&invalid)?;
    }
    Ok(())
}

/// Every width the pages request from `/_next/image`.
fn image_widths(manifest: &Manifest) -> Result<Vec<u32>, String> {
    let widths = &manifest.images;
    let image_widths: Vec<u32> = widths
        .device_sizes
        .iter()
        .chain(&widths.image_sizes)
        .copied()
        .collect();
    if image_widths.is_empty() || image_widths.contains(&0) {
        return Err(
            "images: device_sizes and image_sizes must list widths greater than 0".to_owned(),
        );
    }
    Ok(image_widths)
}

/// Every quality the pages request from `/_next/image`.
fn image_qualities(manifest: &Manifest) -> Result<Vec<u8>, String> {
    let qualities = &manifest.images.qualities;
    let valid: Vec<u8> = qualities
        .iter()
        .filter_map(|&quality| u8::try_from(quality).ok())
        .filter(|quality| (1..=100).contains(quality))
        .collect();
    if qualities.is_empty() || valid.len() != qualities.len() {
        return Err("images: qualities must list qualities from 1 to 100".to_owned());
    }
    Ok(valid)
}
