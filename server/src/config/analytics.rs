//! Third-party statistics scripts and the origins the Content-Security-Policy must trust.

use serde::{Deserialize, Serialize};
use url::Url;

use super::ConfigError;

/// At most this many statistics scripts: the spec names two (section 7), and each one is a
/// third party the Content-Security-Policy must trust.
pub const MAX_ANALYTICS_SCRIPTS: usize = 2;

/// Third-party statistics scripts (spec section 7), loaded after the page's load event.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Analytics {
    /// At most two, each `{ src = "https://…" }`; none by default.
    pub scripts: Vec<AnalyticsScript>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalyticsScript {
    /// The script's full https address, e.g. `https://hm.baidu.com/hm.js?<site id>`.
    pub src: Url,
}

impl Analytics {
    /// The origins (`https://host[:port]`) the scripts come from, each once, in order: the
    /// sources the Content-Security-Policy must allow.
    pub fn origins(&self) -> Vec<String> {
        let mut origins: Vec<String> = Vec::new();
        for script in &self.scripts {
            let origin = script.src.origin().ascii_serialization();
            if !origins.contains(&origin) {
                origins.push(origin);
            }
        }
        origins
    }

    pub(super) fn validate(&self) -> Result<(), ConfigError> {
        if self.scripts.len() > MAX_ANALYTICS_SCRIPTS {
            return Err(ConfigError(format!(
                "key `analytics.scripts`: {} scripts configured, at most {MAX_ANALYTICS_SCRIPTS} are allowed",
                self.scripts.len()
            )));
        }
        for (index, script) in self.scripts.iter().enumerate() {
            let src = &script.src;
            // Pages are served over https; an http script would be blocked as mixed content,
            // and the Content-Security-Policy lists https sources only.
            if src.scheme() != "https"
                || src.host_str().is_none()
                || !src.username().is_empty()
                || src.password().is_some()
            {
                return Err(ConfigError(format!(
                    "key `analytics.scripts[{index}].src`: {src} must be an https:// address \
                     (example: \"https://hm.baidu.com/hm.js?<site id>\")"
                )));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::config::testing::{file_refusal, load_with, refusal};

    #[test]
    fn analytics_scripts_must_be_https_and_at_most_two() {
        let message =
            file_refusal("[[analytics.scripts]]\nsrc = \"http://hm.baidu.com/hm.js?abc\"\n");
        assert!(message.contains("analytics.scripts[0].src"), "{message}");
        assert!(message.contains("https://"), "{message}");
        let three = "[[analytics.scripts]]\nsrc = \"https://a.example.com/a.js\"\n".repeat(3);
        let message = file_refusal(&three);
        assert!(message.contains("key `analytics.scripts`"), "{message}");
        assert!(message.contains("at most 2"), "{message}");
    }

    #[test]
    fn analytics_scripts_can_come_from_the_environment() {
        let message = refusal(&[(
            "SITE_ANALYTICS__SCRIPTS",
            "[{src=\"https://hm.baidu.com/hm.js?abc\"}, {src=\"https://stats.example.com:8443/s.js\"}, {src=\"https://hm.baidu.com/other.js\"}]",
        )]);
        assert!(message.contains("at most 2"), "{message}");
        let config = load_with(&[(
            "SITE_ANALYTICS__SCRIPTS",
            "[{src=\"https://hm.baidu.com/hm.js?abc\"}, {src=\"https://stats.example.com:8443/s.js\"}]",
        )]);
        assert_eq!(
            config.analytics.origins(),
            ["https://hm.baidu.com", "https://stats.example.com:8443"]
        );
    }
}
