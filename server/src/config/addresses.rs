//! Where the sites are and where they link to: the host names deciding the variant, the public
//! origins written into pages, and the external links and QR code targets.

use serde::{Deserialize, Serialize};
use url::Url;

use super::{Config, ConfigError};

/// Host names deciding the site variant (spec section 4).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Domains {
    /// A request whose Host contains this name gets the China variant.
    pub china: String,
    /// The international site's host name.
    pub international: String,
}

/// The public origin (scheme, host, optional port) each site is reached at, for addresses that
/// must be absolute: canonical and share links in pages (`%%SITE:origin%%`), the sitemap,
/// robots.txt and IndexNow submissions. Empty means `https://www.<domain>` of [`Domains`]; see
/// [`Config::origins`].
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Origins {
    /// e.g. `https://www.indora.com`; no path, no trailing slash.
    pub international: String,
    /// e.g. `https://www.indora.cn`; no path, no trailing slash.
    pub china: String,
}

/// External addresses the pages link to; content refers to them as `link:<key>`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Links {
    /// The console button in the header.
    pub console: Url,
    /// The developer sandbox ("开发者沙箱") in the "online development experience" dropdown; the
    /// entry itself links to the live demo.
    pub playground: Url,
    /// The developer documentation home.
    pub docs: Url,
    pub sdk_h5: Url,
    pub sdk_android: Url,
    pub sdk_ios: Url,
    pub sdk_harmonyos: Url,
}

/// Addresses encoded into the QR codes shown in the footer and the floating tool.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct QrTargets {
    /// Follow link of the WeChat official account.
    pub official_account: Url,
    /// Enterprise WeChat contact link for one-to-one consultation.
    pub enterprise_wechat: Url,
}

impl Default for Domains {
    fn default() -> Self {
        Self {
            china: "indora.cn".to_owned(),
            international: "indora.com".to_owned(),
        }
    }
}

pub(super) fn default_url(text: &str) -> Url {
    Url::parse(text).expect("built-in default URLs are valid")
}

impl Default for Links {
    fn default() -> Self {
        Self {
            console: default_url("https://console.indora.com/"),
            playground: default_url("https://developer.indora.com/playground/"),
            docs: default_url("https://developer.indora.com/docs/"),
            sdk_h5: default_url("https://developer.indora.com/docs/h5/"),
            sdk_android: default_url("https://developer.indora.com/docs/android/"),
            sdk_ios: default_url("https://developer.indora.com/docs/ios/"),
            sdk_harmonyos: default_url("https://developer.indora.com/docs/harmonyos/"),
        }
    }
}

impl Default for QrTargets {
    fn default() -> Self {
        Self {
            official_account: default_url("https://www.indora.com/next/about#wechat"),
            enterprise_wechat: default_url("https://www.indora.com/next/business#wechat"),
        }
    }
}

impl Config {
    /// The public origin of each site, with empty keys derived from the domains
    /// (`https://www.indora.com` for `indora.com`).
    pub fn origins(&self) -> Origins {
        let resolve = |configured: &str, domain: &str| {
            if configured.is_empty() {
                format!("https://www.{domain}")
            } else {
                configured.to_owned()
            }
        };
        Origins {
            international: resolve(&self.origins.international, &self.domains.international),
            china: resolve(&self.origins.china, &self.domains.china),
        }
    }
}

impl Links {
    /// The `link:<key>` names content may use, with their addresses.
    pub fn entries(&self) -> [(&'static str, &Url); 7] {
        [
            ("console", &self.console),
            ("playground", &self.playground),
            ("docs", &self.docs),
            ("sdk_h5", &self.sdk_h5),
            ("sdk_android", &self.sdk_android),
            ("sdk_ios", &self.sdk_ios),
            ("sdk_harmonyos", &self.sdk_harmonyos),
        ]
    }
}

impl QrTargets {
    pub fn entries(&self) -> [(&'static str, &Url); 2] {
        [
            ("official_account", &self.official_account),
            ("enterprise_wechat", &self.enterprise_wechat),
        ]
    }
}

impl Config {
    /// The checks of this module's keys, in the order their errors are reported.
    pub(super) fn validate_addresses(&self) -> Result<(), ConfigError> {
        validate_host_name("domains.china", &self.domains.china)?;
        validate_host_name("domains.international", &self.domains.international)?;
        for (key, url) in self.links.entries() {
            validate_web_url(&format!("links.{key}"), url)?;
        }
        for (key, url) in self.qr.entries() {
            validate_web_url(&format!("qr.{key}"), url)?;
        }
        validate_origin("origins.international", &self.origins.international)?;
        validate_origin("origins.china", &self.origins.china)
    }
}

pub(super) fn validate_host_name(key: &str, name: &str) -> Result<(), ConfigError> {
    let valid = !name.is_empty()
        && name.len() <= 253
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'.')
        && !name.starts_with('.')
        && !name.ends_with('.');
    if valid {
        Ok(())
    } else {
        Err(ConfigError(format!(
            "key `{key}`: {name:?} is not a lower-case host name (example: \"indora.cn\", without scheme or port)"
        )))
    }
}

/// Origins are written verbatim into HTML attributes and JSON strings in pages, so only
/// characters that need no escaping in either are accepted.
fn validate_origin(key: &str, origin: &str) -> Result<(), ConfigError> {
    if origin.is_empty() {
        return Ok(());
    }
    let authority = origin
        .strip_prefix("https://")
        .or_else(|| origin.strip_prefix("http://"));
    let valid = authority.is_some_and(|authority| {
        let (host, port) = match authority.split_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (authority, None),
        };
        let valid_host = !host.is_empty()
            && host.split('.').all(|label| {
                !label.is_empty()
                    && label
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'-')
            });
        let valid_port = port.is_none_or(|port| {
            !port.is_empty()
                && port.bytes().all(|b| b.is_ascii_digit())
                && port.parse::<u16>().is_ok_and(|port| port > 0)
        });
        valid_host && valid_port
    });
    if valid {
        Ok(())
    } else {
        Err(ConfigError(format!(
            "key `{key}`: {origin:?} is not an origin like \"https://www.indora.cn\": http:// or \
             https://, a host name and an optional :port, with no path or trailing slash; leave \
             it empty for https://www.<domain>"
        )))
    }
}

pub(super) fn validate_web_url(key: &str, url: &Url) -> Result<(), ConfigError> {
    if matches!(url.scheme(), "http" | "https") && url.host_str().is_some() {
        Ok(())
    } else {
        Err(ConfigError(format!(
            "key `{key}`: {url} must be an http:// or https:// address"
        )))
    }
}

#[cfg(test)]
// figment's Jail closures return figment::Error, which clippy finds large; that is its API.
#[allow(clippy::result_large_err)]
mod tests {
    use figment::Jail;

    use crate::config::testing::{load_in_jail, refusal};

    #[test]
    fn non_web_links_malformed_urls_and_schemes_in_domains_are_refused_with_their_key() {
        for (variable, value, needles) in [
            (
                "SITE_LINKS__SDK_IOS",
                "ftp://example.com/ios",
                &["links.sdk_ios"][..],
            ),
            (
                "SITE_QR__OFFICIAL_ACCOUNT",
                "not a url",
                &["qr.official_account", "SITE_QR__OFFICIAL_ACCOUNT"],
            ),
            (
                "SITE_DOMAINS__CHINA",
                "https://indora.cn",
                &["domains.china"],
            ),
        ] {
            let message = refusal(&[(variable, value)]);
            for needle in needles {
                assert!(message.contains(needle), "{variable}={value}: {message}");
            }
        }
    }

    #[test]
    fn origins_default_to_www_of_the_domains() {
        Jail::expect_with(|jail| {
            jail.set_env("SITE_DOMAINS__CHINA", "example.cn");
            let config = load_in_jail(jail, None).expect("valid");
            let origins = config.origins();
            assert_eq!(origins.china, "https://www.example.cn");
            assert_eq!(origins.international, "https://www.indora.com");
            jail.set_env("SITE_ORIGINS__INTERNATIONAL", "http://127.0.0.1:8080");
            let config = load_in_jail(jail, None).expect("valid");
            assert_eq!(config.origins().international, "http://127.0.0.1:8080");
            Ok(())
        });
    }

    #[test]
    fn origin_with_path_quote_or_other_scheme_is_refused_with_its_key() {
        for bad in [
            "https://www.indora.cn/",
            "https://www.indora.cn/next",
            "www.indora.cn",
            "ftp://www.indora.cn",
            "https://www.indora.cn:0",
            "https://www.indora.cn:99999",
            "https://\"onload=\"x",
            "https://user@www.indora.cn",
            "https://www..indora.cn",
        ] {
            let message = refusal(&[("SITE_ORIGINS__CHINA", &format!("\"{bad}\""))]);
            assert!(message.contains("key `origins.china`"), "{bad}: {message}");
            assert!(message.contains("no path or trailing slash"), "{message}");
        }
    }
}
