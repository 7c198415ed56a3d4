//! What was last accepted: `<data_dir>/indexnow/state.json`, page address -> content hash.
//! Written whole to a temporary file and renamed into place, so a crash or a full disk never
//! leaves half a file.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::plan::Change;

#[derive(Debug, Default, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct State {
    /// Sorted, so the file's diff between runs shows what changed.
    urls: BTreeMap<String, String>,
}

impl State {
    /// A state read from elsewhere than the file (the shared database).
    pub(super) fn from_urls(urls: BTreeMap<String, String>) -> Self {
        Self { urls }
    }

    pub(super) fn hash(&self, url: &str) -> Option<&str> {
        self.urls.get(url).map(String::as_str)
    }

    pub(super) fn urls(&self) -> impl Iterator<Item = &str> {
        self.urls.keys().map(String::as_str)
    }

    /// Remembers an accepted submission of `change`.
    pub(super) fn record(&mut self, change: &Change) {
        match &change.hash {
            Some(hash) => {
                self.urls.insert(change.url.clone(), hash.clone());
            }
            None => {
                self.urls.remove(&change.url);
            }
        }
    }
}

pub(super) fn state_path(data_dir: &Path) -> PathBuf {
    data_dir.join("indexnow").join("state.json")
}

/// The last accepted state. A missing file is a first run; an unreadable or damaged one is
/// logged and treated as empty, which costs one full resubmission and nothing else.
pub(super) fn load(path: &Path) -> State {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return State::default(),
        Err(error) => {
            tracing::warn!(path = %path.display(), %error, "cannot read the IndexNow state; submitting every page");
            return State::default();
        }
    };
    serde_json::from_slice(&bytes).unwrap_or_else(|error| {
        tracing::warn!(path = %path.display(), %error, "IndexNow state is damaged; submitting every page");
        State::default()
    })
}

pub(super) fn save(path: &Path, state: &State) -> std::io::Result<()> {
    let dir = path.parent().expect("the state file is inside a directory");
    std::fs::create_dir_all(dir)?;
    let bytes = serde_json::to_vec_pretty(state).expect("strings serialise");
    // The process id keeps `site submit-urls` and a running server from sharing a temporary.
    let temporary = dir.join(format!("state.json.{}.tmp", std::process::id()));
    let written = (|| {
        let mut file = std::fs::File::create(&temporary)?;
        file.write_all(&bytes)?;
        file.sync_all()?;
        std::fs::rename(&temporary, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saved_state_loads_back() {
        let dir = tempfile::TempDir::new().unwrap();
        let path = state_path(dir.path());
        let mut state = State::default();
        state.record(&Change {
            url: "https://a.example/next/".into(),
            hash: Some("1".into()),
        });
        save(&path, &state).unwrap();
        assert_eq!(load(&path).hash("https://a.example/next/"), Some("1"));
        let leftovers: Vec<_> = std::fs::read_dir(path.parent().unwrap()).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "no temporary file is left behind");
    }

    #[test]
    fn missing_or_damaged_state_is_empty() {
        let dir = tempfile::TempDir::new().unwrap();
        let path = state_path(dir.path());
        assert_eq!(load(&path).urls().count(), 0);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, b"{not json").unwrap();
        assert_eq!(load(&path).urls().count(), 0);
    }

    #[test]
    fn gone_pages_are_forgotten() {
        let mut state = State::default();
        let url = "https://a.example/next/x".to_owned();
        state.record(&Change {
            url: url.clone(),
            hash: Some("1".into()),
        });
        state.record(&Change {
            url: url.clone(),
            hash: None,
        });
        assert_eq!(state.hash(&url), None);
    }
}
