//! The HTML files of dist/ a build reads, with their `%%SITE:*%%` placeholders filled for each
//! region: each file read once, however many pages and variants use it.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::placeholders::PlaceholderValues;
use super::{Region, SiteError, read, safe_join};

pub(super) struct HtmlFiles<'a> {
    dist: &'a Path,
    /// The placeholders' values, in the order of [`Region::ALL`].
    values: [PlaceholderValues; 2],
    read: HashMap<PathBuf, String>,
}

impl<'a> HtmlFiles<'a> {
    pub(super) fn new(dist: &'a Path, values: [PlaceholderValues; 2]) -> Self {
        Self {
            dist,
            values,
            read: HashMap::new(),
        }
    }

    /// The manifest that names the files: a problem with a name is reported against it.
    pub(super) fn manifest_path(&self) -> PathBuf {
        self.dist.join("manifest.json")
    }

    /// The file `file` of dist/ with its placeholders filled for `region`, and its path.
    pub(super) fn filled(
        &mut self,
        file: &str,
        region: Region,
    ) -> Result<(PathBuf, String), SiteError> {
        let path = safe_join(self.dist, file).map_err(|problem| SiteError::Invalid {
            path: self.manifest_path(),
            problem,
        })?;
        let html = match self.read.get(&path) {
            Some(html) => html.clone(),
            None => {
                let bytes = read(&path)?;
                let html = String::from_utf8(bytes).map_err(|_| SiteError::Invalid {
                    path: path.clone(),
                    problem: "page is not UTF-8".to_owned(),
                })?;
                self.read.insert(path.clone(), html.clone());
                html
            }
        };
        let composed =
            self.values[region.index()]
                .fill(&html)
                .map_err(|source| SiteError::Placeholder {
                    file: path.clone(),
                    source,
                })?;
        Ok((path, composed))
    }
}
