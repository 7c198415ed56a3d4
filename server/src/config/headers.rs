//! The security headers that can differ between deployments.

use serde::{Deserialize, Serialize};

use super::Config;

/// Security headers sent with every answer (issue #16). The rest of the set is fixed
/// (`http/security_headers.rs`).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Headers {
    /// `Strict-Transport-Security` (two years): browsers then reach the site over https
    /// only, for that long.
    pub hsts: Hsts,
}

/// When to send `Strict-Transport-Security`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Hsts {
    /// When a public origin (`origins.*`) is https://, as it is by default.
    #[default]
    Auto,
    /// Always: for a site reached over https whose origins are not configured so.
    On,
    /// Never: for a site that is still reached over plain http too.
    Off,
}

impl Config {
    /// True when answers carry `Strict-Transport-Security`. Browsers ignore it on plain http
    /// answers, so one https origin is enough to send it on all.
    pub fn sends_hsts(&self) -> bool {
        match self.headers.hsts {
            Hsts::On => true,
            Hsts::Off => false,
            Hsts::Auto => self.has_https_origin(),
        }
    }

    /// True when one of the sites is reached over https. Headers that only work in a secure
    /// context go with it: on a plain http origin that is not loopback, Chromium logs an error
    /// on every page for Cross-Origin-Opener-Policy instead of applying it.
    pub fn has_https_origin(&self) -> bool {
        let origins = self.origins();
        [origins.international, origins.china]
            .iter()
            .any(|origin| origin.starts_with("https://"))
    }
}

#[cfg(test)]
mod tests {
    use crate::config::testing::{load_with, refusal};

    #[test]
    fn hsts_follows_the_origins_unless_set() {
        assert!(load_with(&[]).sends_hsts());
        let plain = [
            ("SITE_ORIGINS__INTERNATIONAL", "http://127.0.0.1:8080"),
            ("SITE_ORIGINS__CHINA", "http://127.0.0.1:8081"),
        ];
        assert!(!load_with(&plain).sends_hsts());
        let forced = [plain.as_slice(), &[("SITE_HEADERS__HSTS", "on")]].concat();
        assert!(load_with(&forced).sends_hsts());
        assert!(!load_with(&[("SITE_HEADERS__HSTS", "off")]).sends_hsts());
        let message = refusal(&[("SITE_HEADERS__HSTS", "yes")]);
        assert!(message.contains("headers.hsts"), "{message}");
    }
}
