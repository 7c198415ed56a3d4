//! IndexNow submission settings: the key, its file and how the endpoint is called.

use serde::{Deserialize, Serialize};
use url::Url;

use super::addresses::{default_url, validate_web_url};
use super::{ConfigError, require_positive};

/// The IndexNow protocol's limit of addresses per request.
pub const INDEXNOW_MAX_BATCH: usize = 10_000;

/// IndexNow submission of changed page addresses to search engines (issue #5), done by the
/// server, never by visitors' browsers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct IndexNow {
    /// The site's IndexNow key: 8 to 128 of a-z, A-Z, 0-9 and `-`. Empty disables submission
    /// and the key file.
    pub key: String,
    /// Where submissions are POSTed.
    pub endpoint: Url,
    /// Path of the key file on every origin; empty means `/<key>.txt`.
    pub key_location: String,
    /// Seconds one submission request may take before it counts as failed.
    pub timeout_secs: u64,
    /// Further attempts after a 429, a 5xx or a network failure.
    pub retries: u32,
    /// Wait before the first retry, doubled for each further one.
    pub backoff_millis: u64,
    /// Longest wait before a retry, also when the endpoint's Retry-After asks for more.
    pub max_backoff_millis: u64,
    /// Addresses per request; IndexNow accepts at most 10,000. Lower only to test batching.
    pub batch_size: usize,
}

impl Default for IndexNow {
    fn default() -> Self {
        Self {
            key: String::new(),
            endpoint: default_url("https://api.indexnow.org/indexnow"),
            key_location: String::new(),
            timeout_secs: 10,
            retries: 3,
            backoff_millis: 1000,
            max_backoff_millis: 60_000,
            batch_size: INDEXNOW_MAX_BATCH,
        }
    }
}

impl IndexNow {
    /// The key file's path, or None when IndexNow is disabled (no key).
    pub fn key_path(&self) -> Option<String> {
        if self.key.is_empty() {
            None
        } else if self.key_location.is_empty() {
            Some(format!("/{}.txt", self.key))
        } else {
            Some(self.key_location.clone())
        }
    }

    pub(super) fn validate(&self) -> Result<(), ConfigError> {
        let key = &self.key;
        let valid_key = key.is_empty()
            || ((8..=128).contains(&key.len())
                && key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'));
        if !valid_key {
            return Err(ConfigError(format!(
                "key `indexnow.key`: {key:?} is not an IndexNow key: it must be 8 to 128 characters \
                 of a-z, A-Z, 0-9 and -; leave it empty to disable IndexNow"
            )));
        }
        validate_web_url("indexnow.endpoint", &self.endpoint)?;
        let location = &self.key_location;
        // The path goes into every submission's keyLocation and the route table, so only
        // characters that need no escaping anywhere; ".txt" because the protocol asks for a
        // text file and it keeps the path clear of the server's own routes.
        let valid_location = location.is_empty()
            || (location.starts_with('/')
                && location.ends_with(".txt")
                && location != "/robots.txt"
                && location
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"-._~/".contains(&b))
                && location[1..]
                    .split('/')
                    .all(|segment| !segment.is_empty() && segment != "." && segment != ".."));
        if !valid_location {
            return Err(ConfigError(format!(
                "key `indexnow.key_location`: {location:?} must be a path like \"/indexnow-key.txt\" \
                 (starting with /, ending with .txt, letters, digits, - . _ ~ and /; not /robots.txt); \
                 leave it empty for /<key>.txt"
            )));
        }
        require_positive("indexnow.timeout_secs", self.timeout_secs)?;
        if !(1..=INDEXNOW_MAX_BATCH).contains(&self.batch_size) {
            return Err(ConfigError(format!(
                "key `indexnow.batch_size`: {} must be from 1 to {INDEXNOW_MAX_BATCH} (the IndexNow limit)",
                self.batch_size
            )));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::config::Config;
    use crate::config::testing::{load_with, refusal};

    #[test]
    fn indexnow_key_must_follow_the_protocol_rule() {
        for bad in [
            "short",
            "has space in it",
            "under_score_key",
            &"k".repeat(129),
        ] {
            let message = refusal(&[("SITE_INDEXNOW__KEY", bad)]);
            assert!(message.contains("key `indexnow.key`"), "{message}");
            assert!(message.contains("8 to 128"), "{message}");
        }
        let config = load_with(&[("SITE_INDEXNOW__KEY", "a1b2-c3d4e5")]);
        assert_eq!(
            config.indexnow.key_path().as_deref(),
            Some("/a1b2-c3d4e5.txt")
        );
    }

    #[test]
    fn all_digit_indexnow_key_from_the_environment_stays_text() {
        let config = load_with(&[("SITE_INDEXNOW__KEY", "0012345678")]);
        assert_eq!(config.indexnow.key, "0012345678");
    }

    #[test]
    fn indexnow_is_disabled_without_a_key() {
        assert_eq!(Config::default().indexnow.key_path(), None);
    }

    #[test]
    fn indexnow_key_location_must_be_a_plain_text_file_path() {
        for bad in [
            "key.txt",
            "/a/../key.txt",
            "/key",
            "/robots.txt",
            "/a b.txt",
            "//x.txt",
        ] {
            let message = refusal(&[
                ("SITE_INDEXNOW__KEY", "abcdefgh"),
                ("SITE_INDEXNOW__KEY_LOCATION", bad),
            ]);
            assert!(
                message.contains("indexnow.key_location"),
                "{bad}: {message}"
            );
        }
    }
}
