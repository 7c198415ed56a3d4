//! Runtime configuration: one typed struct, read from defaults, then an optional TOML file, then
//! `SITE_*` environment variables (nested keys joined with `__`, e.g. `SITE_DOMAINS__CHINA`).
//! Content (words, menus) is not configuration; it is built into dist/ by the web build.
//!
//! This module holds the top-level struct, its loading and the order of its checks; each
//! section's type, defaults and rules live in the submodule named for it.

mod addresses;
mod analytics;
mod buildings;
mod connections;
mod database;
mod delivery;
mod headers;
mod images;
mod indexnow;
mod keys;
mod leads;
mod log;
mod secret;
mod venues;

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use figment::Figment;
use figment::providers::{Env, Format, Serialized, Toml};
use serde::{Deserialize, Serialize};

pub use addresses::{Domains, Links, Origins, QrTargets};
pub use analytics::{Analytics, AnalyticsScript, MAX_ANALYTICS_SCRIPTS};
pub use buildings::BuildingsConfig;
pub use connections::Connections;
pub use database::{DATABASE_URL_VAR, DatabaseTarget};
pub use delivery::{Delivery, Email, WeChat};
pub use headers::{Headers, Hsts};
pub use images::{Images, RemotePattern};
pub use indexnow::{INDEXNOW_MAX_BATCH, IndexNow};
pub use keys::keys_help;
pub use leads::{LeadsConfig, MIN_ADMIN_TOKEN_CHARS, ProxyNet, RateLimit};
pub use log::{Log, LogFormat};
pub use secret::{Secret, redact_url};
pub use venues::{ComputeConfig, LiveConfig, PlanningConfig, RequestRate, VenuesConfig};

/// Everything the server needs to know about the deployment it runs in.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Address and port to listen on.
    pub listen: SocketAddr,
    /// Directory holding the web build (manifest.json, pages, assets).
    pub dist_dir: PathBuf,
    /// Directory for files the server writes itself (caches, submission state).
    pub data_dir: PathBuf,
    /// Seconds to wait for in-flight requests after SIGTERM/SIGINT before closing connections.
    pub shutdown_grace_secs: u64,
    /// Threads serving connections; 0 means one per CPU core.
    pub workers: usize,
    /// Editing mode (`scripts/dev`): `/next/_site/live` tells open pages when a reload of
    /// dist/ took effect or what stopped it. Off in production.
    pub live_reload: bool,
    /// After start and each reload, compress every page and asset again at brotli's and gzip's
    /// best, on one core in the background: pages a fifth smaller, for 25-50 s of one core
    /// (the whole build, 2026-11-30). Off: the quick compression made at load stays, where that
    /// CPU matters more than those bytes (the browser tests start several servers). Editing
    /// mode never does it.
    pub compress_at_best: bool,
    /// Background threads (picture renders, long computations, device plans, the live
    /// engines) run below page serving (nice 10 and 19, Linux's idle class), so that a burst
    /// of them never slows a page. Off: at page serving's priority, where the machine is
    /// shared with work whose timing matters more than the pages' (the servers of the API's
    /// plan tests, beside a browser and other tests: in the idle class a plan waited 13 s for
    /// a core in one CI run and took 20-29 s where it takes 1.2 s alone).
    pub background_below_pages: bool,
    /// Where enquiries are stored: empty means `sqlite://<data_dir>/leads.sqlite3`; a
    /// `postgres://` URL uses PostgreSQL. The plain DATABASE_URL variable is read too (below
    /// SITE_DATABASE_URL). May hold a password: log it only through [`redact_url`].
    pub database_url: String,
    pub connections: Connections,
    pub headers: Headers,
    pub domains: Domains,
    pub origins: Origins,
    pub links: Links,
    pub qr: QrTargets,
    pub images: Images,
    pub indexnow: IndexNow,
    pub analytics: Analytics,
    pub leads: LeadsConfig,
    pub venues: VenuesConfig,
    pub buildings: BuildingsConfig,
    pub log: Log,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            listen: SocketAddr::from(([127, 0, 0, 1], 8080)),
            dist_dir: PathBuf::from("dist"),
            data_dir: PathBuf::from("data"),
            shutdown_grace_secs: 10,
            workers: 0,
            live_reload: false,
            compress_at_best: true,
            background_below_pages: true,
            database_url: String::new(),
            connections: Connections::default(),
            headers: Headers::default(),
            domains: Domains::default(),
            origins: Origins::default(),
            links: Links::default(),
            qr: QrTargets::default(),
            images: Images::default(),
            indexnow: IndexNow::default(),
            analytics: Analytics::default(),
            leads: LeadsConfig::default(),
            venues: VenuesConfig::default(),
            buildings: BuildingsConfig::default(),
            log: Log::default(),
        }
    }
}

/// A configuration the server refuses to start with. The message names the key and where it
/// was set, so the operator knows what to fix.
#[derive(Debug, thiserror::Error)]
#[error("invalid configuration: {0}")]
pub struct ConfigError(String);

/// The environment variable that names the TOML file (also `--config`).
pub const CONFIG_FILE_VAR: &str = "SITE_CONFIG";

/// Keys whose values are text even when they look like numbers.
const TEXT_ONLY_KEYS: [&str; 2] = ["indexnow.key", "leads.admin_token"];

impl Config {
    /// Reads defaults, then `file` (if given), then `SITE_*` variables from the process environment.
    pub fn load(file: Option<&Path>) -> Result<Self, ConfigError> {
        Self::load_from(file, Env::prefixed("SITE_"))
    }

    fn load_from(file: Option<&Path>, env: Env) -> Result<Self, ConfigError> {
        let mut figment = Figment::from(Serialized::defaults(Config::default()));
        if let Some(path) = file {
            if !path.is_file() {
                return Err(ConfigError(format!(
                    "config file {} does not exist (given by --config or {CONFIG_FILE_VAR})",
                    path.display()
                )));
            }
            figment = figment.merge(Toml::file_exact(path));
        }
        // The issue names DATABASE_URL; it ranks above the file and below SITE_DATABASE_URL.
        if let Ok(url) = std::env::var(DATABASE_URL_VAR) {
            figment = figment.merge(Serialized::default("database_url", url));
        }
        // SITE_TEST_POSTGRES_URL and SITE_TEST_NGINX belong to the test suite (scripts/test
        // exports them), not to the server: reading them as keys would refuse every start in
        // that environment.
        let env = env
            .ignore(&["config", "test_postgres_url", "test_nginx"])
            .split("__");
        // figment reads `SITE_INDEXNOW__KEY=0012345678` as the number 12345678; text keys
        // take the variable's raw value instead.
        let raw_text: Vec<(String, String)> = env
            .iter()
            .filter(|(key, _)| TEXT_ONLY_KEYS.contains(&key.as_str()))
            .map(|(key, value)| (key.to_string(), value))
            .collect();
        figment = figment.merge(env);
        for (key, value) in raw_text {
            figment = figment.merge(Serialized::default(&key, value));
        }
        let config: Config = figment
            .extract()
            .map_err(|error| ConfigError(keys::describe_figment_error(error)))?;
        config.validate()?;
        Ok(config)
    }

    /// Each section's checks; the first failure is the one reported.
    fn validate(&self) -> Result<(), ConfigError> {
        self.refuse_placeholders()?;
        self.connections.validate()?;
        self.validate_addresses()?;
        self.images.validate()?;
        self.indexnow.validate()?;
        self.analytics.validate()?;
        self.database()?;
        self.leads.validate()?;
        self.venues.validate()?;
        self.buildings.validate()?;
        self.log.validate()
    }
}

/// What the example files (deploy/site.env.example) write where a secret goes.
const PLACEHOLDER: &str = "change-me";

impl Config {
    /// Refuses a secret still as the example file wrote it: a server started from the example
    /// with its admin token unchanged would guard every enquiry with a token anyone can read.
    fn refuse_placeholders(&self) -> Result<(), ConfigError> {
        let secrets = [
            ("leads.admin_token", self.leads.admin_token.expose()),
            ("leads.wechat.webhook", self.leads.wechat.webhook.expose()),
            ("leads.email.smtp_url", self.leads.email.smtp_url.expose()),
            ("indexnow.key", self.indexnow.key.as_str()),
            ("database_url", self.database_url.as_str()),
        ];
        for (key, value) in secrets {
            if value.to_ascii_lowercase().contains(PLACEHOLDER) {
                return Err(ConfigError(format!(
                    "key `{key}` ({}): still the example's placeholder \"CHANGE-ME\"; set a value of your own",
                    keys::env_var_name(key)
                )));
            }
        }
        Ok(())
    }
}

/// Refuses a zero where a count or duration must be at least 1.
fn require_positive(key: &str, value: u64) -> Result<(), ConfigError> {
    if value == 0 {
        return Err(ConfigError(format!("key `{key}`: must be at least 1")));
    }
    Ok(())
}

/// Loading in a figment `Jail`, where environment variables and files are the test's own.
#[cfg(test)]
// figment's Jail closures return figment::Error, which clippy finds large; that is its API.
#[allow(clippy::result_large_err)]
mod testing {
    use figment::Jail;
    use figment::providers::Env;

    use super::{Config, ConfigError};

    pub(super) fn load_in_jail(jail: &Jail, file: Option<&str>) -> Result<Config, ConfigError> {
        let path = file.map(|name| jail.directory().join(name));
        Config::load_from(path.as_deref(), Env::prefixed("SITE_"))
    }

    /// The configuration loaded with these variables set; panics if it is refused.
    pub(super) fn load_with(variables: &[(&str, &str)]) -> Config {
        let mut loaded = None;
        Jail::expect_with(|jail| {
            for (name, value) in variables {
                jail.set_env(name, value);
            }
            loaded = Some(load_in_jail(jail, None).expect("valid configuration"));
            Ok(())
        });
        loaded.expect("the jail ran")
    }

    /// The message refusing the configuration with these variables set; panics if it loads.
    pub(super) fn refusal(variables: &[(&str, &str)]) -> String {
        refusal_of(None, variables)
    }

    /// The message refusing this TOML file; panics if it loads.
    pub(super) fn file_refusal(toml: &str) -> String {
        refusal_of(Some(toml), &[])
    }

    fn refusal_of(toml: Option<&str>, variables: &[(&str, &str)]) -> String {
        let mut message = None;
        Jail::expect_with(|jail| {
            for (name, value) in variables {
                jail.set_env(name, value);
            }
            if let Some(toml) = toml {
                jail.create_file("site.toml", toml)?;
            }
            let file = toml.map(|_| "site.toml");
            let refused = load_in_jail(jail, file).expect_err("configuration is refused");
            message = Some(refused.to_string());
            Ok(())
        });
        message.expect("the jail ran")
    }
}

#[cfg(test)]
// figment's Jail closures return figment::Error, which clippy finds large; that is its API.
#[allow(clippy::result_large_err)]
mod tests {
    use figment::Jail;

    use super::Config;
    use super::testing::{file_refusal, load_in_jail, refusal};

    #[test]
    fn defaults_listen_on_loopback_8080() {
        Jail::expect_with(|jail| {
            let config = load_in_jail(jail, None).expect("defaults are valid");
            assert_eq!(config.listen.to_string(), "127.0.0.1:8080");
            assert_eq!(config, Config::default());
            Ok(())
        });
    }

    #[test]
    fn environment_overrides_file_which_overrides_defaults() {
        Jail::expect_with(|jail| {
            jail.create_file(
                "site.toml",
                "listen = \"127.0.0.1:9000\"\n[domains]\nchina = \"example.cn\"\n",
            )?;
            jail.set_env("SITE_LISTEN", "127.0.0.1:9100");
            jail.set_env("SITE_LINKS__CONSOLE", "https://console.example.com/app");
            let config = load_in_jail(jail, Some("site.toml")).expect("valid");
            assert_eq!(config.listen.port(), 9100);
            assert_eq!(config.domains.china, "example.cn");
            assert_eq!(
                config.links.console.as_str(),
                "https://console.example.com/app"
            );
            Ok(())
        });
    }

    #[test]
    fn invalid_listen_address_names_the_key_and_variable() {
        let message = refusal(&[("SITE_LISTEN", "not-an-address")]);
        assert!(message.contains("key `listen`"), "{message}");
        assert!(message.contains("SITE_LISTEN"), "{message}");
    }

    #[test]
    fn unknown_key_in_file_is_refused() {
        let message = file_refusal("[domains]\nchinaa = \"example.cn\"\n");
        assert!(message.contains("chinaa"), "{message}");
        assert!(message.contains("domains"), "{message}");
    }

    #[test]
    fn the_example_files_placeholders_are_refused() {
        for (variable, value) in [
            (
                "SITE_LEADS__ADMIN_TOKEN",
                "CHANGE-ME-at-least-16-characters",
            ),
            (
                "SITE_DATABASE_URL",
                "postgres://site:CHANGE-ME@127.0.0.1/site",
            ),
            (
                "SITE_LEADS__WECHAT__WEBHOOK",
                "https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=CHANGE-ME",
            ),
        ] {
            let message = refusal(&[(variable, value)]);
            assert!(message.contains("placeholder"), "{variable}: {message}");
            assert!(message.contains(variable), "{message}");
            assert!(!message.contains(value), "the value stays out: {message}");
        }
    }

    #[test]
    fn missing_config_file_is_reported() {
        Jail::expect_with(|jail| {
            let message = load_in_jail(jail, Some("absent.toml"))
                .unwrap_err()
                .to_string();
            assert!(message.contains("absent.toml"), "{message}");
            Ok(())
        });
    }
}
