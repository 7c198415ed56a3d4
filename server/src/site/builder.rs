//! Collects every response body of a build, deduplicated, and compresses them at once.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use super::body::{self, Body, Effort};
use super::first_frame::FirstFramePages;
use super::html_files::HtmlFiles;
use super::lead_form::LeadTemplate;
use super::manifest::{FirstFrameEntry, LeadFormEntry, LeadsEntry, PageEntry, PageFiles};
use super::venue_files::VenueFiles;
use super::{
    DiskFile, FileContent, LeadForm, LeadPages, Page, Region, Site, SiteError, StaticFile, Variant,
    VenuesEntry, content_type,
};
use crate::negotiation::language::ByLanguage;

/// Collects bodies to compress, deduplicating identical ones (mobile pages of both regions,
/// say), then compresses them all at once.
pub(super) struct Builder {
    jobs: Vec<(Vec<u8>, bool)>,
    /// Bodies of the build being replaced, by hash: taken as they are when the bytes match.
    previous: HashMap<u64, Arc<Body>>,
    job_by_hash: HashMap<u64, usize>,
    pages: Vec<PageJob>,
    files: Vec<(String, FileSlot, &'static str, bool)>,
    /// Hashes of the files left on disk, for the build's id.
    disk_hashes: Vec<u64>,
}

fn check_url(url: &str) -> Result<(), String> {
    if url.starts_with('/') {
        Ok(())
    } else {
        Err(format!("file url {url:?} must start with /"))
    }
}

/// Where a static file's bytes will be: a body job, or the file on disk.
enum FileSlot {
    Job(usize),
    Disk(PathBuf, u64),
}

/// The enquiry form of each edition, the sales page waiting to be compressed.
pub(super) struct LeadJob {
    forms: ByLanguage<LeadForm>,
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
    pub(super) fn new(previous: HashMap<u64, Arc<Body>>) -> Self {
        Self {
            jobs: Vec::new(),
            previous,
            job_by_hash: HashMap::new(),
            pages: Vec::new(),
            files: Vec::new(),
            disk_hashes: Vec::new(),
        }
    }

    pub(super) fn job(&mut self, bytes: Vec<u8>, compressible: bool) -> usize {
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

    pub(super) fn add_file(
        &mut self,
        url: &str,
        bytes: Vec<u8>,
        content_type: &'static str,
        immutable: bool,
    ) -> Result<(), String> {
        check_url(url)?;
        let index = self.job(bytes, content_type::is_compressible(content_type));
        self.files.push((
            url.to_owned(),
            FileSlot::Job(index),
            content_type,
            immutable,
        ));
        Ok(())
    }

    /// A file of the build that stays on disk (see [`super::DiskFile`]); `bytes` are its
    /// current contents, hashed into the build's id and then dropped.
    pub(super) fn add_disk_file(
        &mut self,
        url: &str,
        path: PathBuf,
        bytes: &[u8],
        content_type: &'static str,
        immutable: bool,
    ) -> Result<(), String> {
        check_url(url)?;
        let hash = xxhash_rust::xxh3::xxh3_64(bytes);
        self.disk_hashes.push(hash);
        self.files.push((
            url.to_owned(),
            FileSlot::Disk(path, hash),
            content_type,
            immutable,
        ));
        Ok(())
    }

    pub(super) fn add_page(
        &mut self,
        html: &mut HtmlFiles,
        entry: &PageEntry,
    ) -> Result<(), SiteError> {
        let bodies = self.page_bodies(html, &entry.files)?;
        self.pages.push(PageJob {
            path: entry.path.clone(),
            bodies,
            indexed: entry.index,
        });
        Ok(())
    }

    pub(super) fn page_bodies(
        &mut self,
        html: &mut HtmlFiles,
        files: &PageFiles,
    ) -> Result<[usize; 4], SiteError> {
        let mut bodies = [0; 4];
        for variant in Variant::ALL {
            let (_, composed) = html.filled(files.for_variant(variant), variant.region)?;
            bodies[variant.index()] = self.job(composed.into_bytes(), true);
        }
        Ok(bodies)
    }

    /// Checks the manifest's `leads` section against the pages and the catalogs, cuts each
    /// edition's form templates at their markers and queues the sales page for compression. The
    /// pages must already be added.
    pub(super) fn lead_pages(
        &mut self,
        html: &mut HtmlFiles,
        entry: &LeadsEntry,
    ) -> Result<LeadJob, SiteError> {
        let forms = (entry.forms).try_map(|form| self.lead_form(html, form))?;
        // The sales page is the same on both sites: it is only ever seen by sales.
        let (_, admin_html) = html.filled(&entry.admin_page, Region::International)?;
        let admin_page = self.job(admin_html.into_bytes(), true);
        Ok(LeadJob { forms, admin_page })
    }

    /// One edition's form: its pages and catalog checked, its templates cut.
    fn lead_form(
        &mut self,
        html: &mut HtmlFiles,
        entry: &LeadFormEntry,
    ) -> Result<LeadForm, SiteError> {
        let invalid = |problem: String| SiteError::Invalid {
            path: html.manifest_path(),
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
            let (path, filled) = html.filled(file, variant.region)?;
            let template = LeadTemplate::parse(filled, &scenarios, &products)
                .map_err(|source| SiteError::LeadTemplate { file: path, source })?;
            templates.push(Arc::new(template));
        }
        Ok(LeadForm {
            form_path: entry.form_path.clone(),
            thanks_path: entry.thanks_path.clone(),
            hotline: entry.hotline.clone(),
            templates: templates.try_into().expect("one template per variant"),
            catalog: entry.catalog.clone(),
        })
    }

    /// The demo page of a hand-over address per variant, placeholders filled, cut at its marker.
    /// The pages must already be added.
    pub(super) fn first_frame_pages(
        &mut self,
        html: &mut HtmlFiles,
        entry: &FirstFrameEntry,
    ) -> Result<FirstFramePages, String> {
        let htmls = entry.pages.try_map(|page| {
            if !self.pages.iter().any(|known| known.path == page.path) {
                return Err(format!("first_frame.path {:?} is not a page", page.path));
            }
            let mut htmls = Vec::with_capacity(4);
            for variant in Variant::ALL {
                let file = page.files.for_variant(variant);
                let (_, filled) = html
                    .filled(file, variant.region)
                    .map_err(|error| error.to_string())?;
                htmls.push(filled);
            }
            Ok(htmls)
        })?;
        FirstFramePages::new(entry, &htmls)
    }

    pub(super) fn finish(
        mut self,
        not_found: &ByLanguage<[usize; 4]>,
        sitemaps: [usize; 2],
        robots: [usize; 2],
        origins: [String; 2],
        leads: LeadJob,
    ) -> Result<Site, String> {
        let (bodies, build_id) = self.build_bodies();
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
        for (url, slot, content_type, immutable) in self.files {
            let content = match slot {
                FileSlot::Job(index) => FileContent::Memory(Arc::clone(&bodies[index])),
                FileSlot::Disk(path, hash) => FileContent::Disk(DiskFile { path, hash }),
            };
            let file = StaticFile {
                content,
                content_type,
                immutable,
            };
            if pages.contains_key(&url) || files.insert(url.clone(), file).is_some() {
                return Err(format!("{url} is listed twice"));
            }
        }
        Ok(Site {
            build_id,
            pages,
            page_order,
            not_found: not_found.map(|indices| page(*indices, false)),
            files,
            image_widths: Vec::new(),
            image_qualities: Vec::new(),
            sitemaps: sitemaps.map(|index| Arc::clone(&bodies[index])),
            robots: robots.map(|index| Arc::clone(&bodies[index])),
            origins,
            venue_files: VenueFiles::default(),
            venues: VenuesEntry::default(),
            first_frame: FirstFramePages::default(),
            leads: LeadPages {
                forms: leads.forms,
                admin_page: Arc::clone(&bodies[leads.admin_page]),
            },
        })
    }
}

impl Builder {
    /// Compresses the jobs no previous body holds, on all cores; with a hash of all bodies.
    fn build_bodies(&mut self) -> (Vec<Arc<Body>>, u64) {
        let jobs = std::mem::take(&mut self.jobs);
        let mut bodies: Vec<Option<Arc<Body>>> = Vec::with_capacity(jobs.len());
        let mut fresh = Vec::new();
        let mut fresh_at = Vec::new();
        let mut build = xxhash_rust::xxh3::Xxh3::new();
        for (index, (bytes, compressible)) in jobs.into_iter().enumerate() {
            let hash = xxhash_rust::xxh3::xxh3_64(&bytes);
            build.update(&hash.to_le_bytes());
            match self.previous.get(&hash) {
                // 64 bits of hash and the length: bodies are not kept uncompressed to compare.
                Some(body) if body.identity_len() == bytes.len() => {
                    bodies.push(Some(Arc::clone(body)));
                }
                _ => {
                    bodies.push(None);
                    fresh.push((bytes, compressible));
                    fresh_at.push(index);
                }
            }
        }
        for hash in &self.disk_hashes {
            build.update(&hash.to_le_bytes());
        }
        let started = std::time::Instant::now();
        let compressed = fresh.len();
        for (index, body) in fresh_at
            .into_iter()
            .zip(body::build_all(fresh, Effort::Fast))
        {
            bodies[index] = Some(Arc::new(body));
        }
        tracing::info!(
            compressed,
            reused = bodies.len() - compressed,
            millis = started.elapsed().as_millis() as u64,
            "bodies ready"
        );
        let bodies = bodies
            .into_iter()
            .map(|body| body.expect("every job has a body"))
            .collect();
        (bodies, build.digest())
    }
}
