//! Runtime configuration: one typed struct, read from defaults, then an optional TOML file, then
//! `SITE_*` environment variables (nested keys joined with `__`, e.g. `SITE_DOMAINS__CHINA`).
//! Content (words, menus) is not configuration; it is built into dist/ by the web build.

use std::fmt;
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::str::FromStr;

use figment::Figment;
use figment::providers::{Env, Format, Serialized, Toml};
use serde::{Deserialize, Serialize};
use url::Url;

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
    /// Where enquiries are stored: empty means `sqlite://<data_dir>/leads.sqlite3`; a
    /// `postgres://` URL uses PostgreSQL. The plain DATABASE_URL variable is read too (below
    /// SITE_DATABASE_URL). May hold a password: log it only through [`redact_url`].
    pub database_url: String,
    pub domains: Domains,
    pub origins: Origins,
    pub links: Links,
    pub qr: QrTargets,
    pub images: Images,
    pub indexnow: IndexNow,
    pub analytics: Analytics,
    pub leads: LeadsConfig,
    pub venues: VenuesConfig,
    pub log: Log,
}

/// A configured secret (token, webhook key, SMTP password): `Debug` never shows it, so a
/// logged config or error cannot leak it. Serialises as the plain value (figment needs it).
#[derive(Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        Self(value.into())
    }

    pub fn expose(&self) -> &str {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            formatter.write_str("\"\"")
        } else {
            formatter.write_str("\"[redacted]\"")
        }
    }
}

impl From<&str> for Secret {
    fn from(value: &str) -> Self {
        Self(value.to_owned())
    }
}

/// A URL for logs and error messages: the password and the query (where webhook keys live)
/// replaced by `***`.
pub fn redact_url(text: &str) -> String {
    let Ok(mut url) = Url::parse(text) else {
        return "(unparsable address)".to_owned();
    };
    if url.password().is_some() {
        let _ = url.set_password(Some("***"));
    }
    if url.query().is_some() {
        url.set_query(Some("***"));
    }
    url.to_string()
}

/// Business enquiries (issue #6): the sales page, abuse limits and delivery to sales.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LeadsConfig {
    /// Bearer token (or Basic password) of /admin/leads*; empty leaves those routes out.
    /// At least 16 characters.
    pub admin_token: Secret,
    /// Peers whose `X-Forwarded-For` is believed, as IPs or CIDR ranges ("10.0.0.0/8").
    pub trusted_proxies: Vec<ProxyNet>,
    pub rate_limit: RateLimit,
    pub wechat: WeChat,
    pub email: Email,
    pub delivery: Delivery,
}

/// An IP address or network, written "10.1.2.3" or "10.0.0.0/8" (IPv6 alike).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProxyNet(pub ipnet::IpNet);

impl ProxyNet {
    pub fn contains(&self, ip: IpAddr) -> bool {
        // A proxy reached over IPv4 can show up as ::ffff:a.b.c.d on a dual-stack socket.
        let ip = match ip {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
            IpAddr::V4(_) => ip,
        };
        self.0.contains(&ip)
    }
}

impl FromStr for ProxyNet {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        if let Ok(ip) = text.parse::<IpAddr>() {
            return Ok(Self(ipnet::IpNet::from(ip)));
        }
        text.parse::<ipnet::IpNet>().map(Self).map_err(|_| {
            format!("{text:?} is not an IP address or CIDR range (example: \"10.0.0.0/8\")")
        })
    }
}

impl Serialize for ProxyNet {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for ProxyNet {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Per client IP, over a sliding window.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RateLimit {
    pub window_secs: u64,
    /// Accepted enquiries per window.
    pub accepted: u32,
    /// Submissions of any outcome per window.
    pub submissions: u32,
}

/// The enterprise WeChat group robot that announces each enquiry.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct WeChat {
    /// `https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=…`; empty = no WeChat notice.
    pub webhook: Secret,
}

/// Notification e-mail to sales; all three keys or none.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Email {
    /// `smtps://user:password@host:465` (TLS), `smtp://user:password@host:587` (STARTTLS
    /// required), or `smtp://127.0.0.1:2525` (plain, loopback only).
    pub smtp_url: Secret,
    /// Sender, `sales-bot@example.com` or `寻境官网 <sales-bot@example.com>`.
    pub from: String,
    /// Recipients.
    pub to: Vec<String>,
}

/// How the outbox worker delivers notifications.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Delivery {
    /// Wait after the first failure; doubled after each further one (with jitter).
    pub retry_base_millis: u64,
    /// Longest wait between attempts. Delivery never gives up.
    pub retry_max_millis: u64,
    /// Seconds one webhook request or SMTP session may take.
    pub timeout_secs: u64,
    /// Seconds between looks for due notifications (also those of other server instances
    /// sharing the database, and those left by a crash).
    pub poll_secs: u64,
}

impl Default for RateLimit {
    fn default() -> Self {
        Self {
            window_secs: 600,
            accepted: 5,
            submissions: 30,
        }
    }
}

impl Default for Delivery {
    fn default() -> Self {
        Self {
            retry_base_millis: 2000,
            retry_max_millis: 600_000,
            timeout_secs: 10,
            poll_secs: 5,
        }
    }
}

/// The live demo's API, `/api/venues/...` (issue #14).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct VenuesConfig {
    pub rate_limit: RequestRate,
}

/// A per-client budget of requests: `burst` at once, refilled at `per_second`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RequestRate {
    /// Requests per second one client may sustain; 0 turns the limit off (for benchmarks).
    pub per_second: u32,
    /// Requests one client may make at once: a viewer opening a venue asks for several
    /// files, then searches as the visitor types.
    pub burst: u32,
}

impl Default for RequestRate {
    fn default() -> Self {
        Self {
            per_second: 20,
            burst: 200,
        }
    }
}

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

/// External addresses the pages link to; content refers to them as `link:<key>`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Links {
    /// The console button in the header.
    pub console: Url,
    /// The "online development experience" menu entry.
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

/// The image endpoint `/_next/image` (issue #3). The accepted widths come from the web build
/// (content/site.toml), so pages and server cannot disagree about them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Images {
    /// Seconds browsers may reuse an image of an unhashed source before revalidating; also
    /// how long a cached rendering counts as fresh (`X-Nextjs-Cache: STALE` after).
    pub minimum_cache_ttl_secs: u64,
    /// Offer AVIF to browsers that accept it (smaller, but several times slower to encode).
    pub avif: bool,
    /// Pass SVG sources through (with a sandboxing Content-Security-Policy) instead of refusing.
    pub allow_svg: bool,
    /// Sources with more pixels than this are refused before decoding (decompression bombs).
    pub max_input_pixels: u64,
    /// Threads resizing images; 0 means one per CPU core. They run at a lower priority than
    /// page serving.
    pub workers: usize,
    /// Resizes that may wait for a worker; beyond this, requests get 503 with Retry-After.
    pub queue: usize,
    /// Upper bound of the disk cache under `<data_dir>/images`, in MiB.
    pub disk_cache_mib: u64,
    /// Upper bound of the in-memory cache of recent renderings, in MiB.
    pub memory_cache_mib: u64,
    /// Absolute source URLs allowed in `url` (none by default), e.g.
    /// `{ protocol = "https", hostname = "**.example.com", pathname = "/media/**" }`.
    pub remote_patterns: Vec<RemotePattern>,
}

/// One allowed remote source, matched like Next.js's `images.remotePatterns`: `*` matches one
/// host label or path segment, `**` any number of them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RemotePattern {
    /// `http` or `https`; any of the two when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protocol: Option<String>,
    pub hostname: String,
    /// Exact port; the scheme's default port when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub port: Option<u16>,
    /// Path glob; any path when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pathname: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Log {
    /// tracing filter directives; `site::access=debug` logs every request.
    pub filter: String,
    pub format: LogFormat,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    Text,
    Json,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            listen: SocketAddr::from(([127, 0, 0, 1], 8080)),
            dist_dir: PathBuf::from("dist"),
            data_dir: PathBuf::from("data"),
            shutdown_grace_secs: 10,
            live_reload: false,
            workers: 0,
            database_url: String::new(),
            domains: Domains::default(),
            origins: Origins::default(),
            links: Links::default(),
            qr: QrTargets::default(),
            images: Images::default(),
            indexnow: IndexNow::default(),
            analytics: Analytics::default(),
            leads: LeadsConfig::default(),
            venues: VenuesConfig::default(),
            log: Log::default(),
        }
    }
}

impl Default for Domains {
    fn default() -> Self {
        Self {
            china: "indora.cn".to_owned(),
            international: "indora.com".to_owned(),
        }
    }
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

fn default_url(text: &str) -> Url {
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

impl Default for Images {
    fn default() -> Self {
        Self {
            minimum_cache_ttl_secs: 60,
            avif: false,
            allow_svg: false,
            // 50 megapixels: an 8K photo fits, a decompression bomb does not.
            max_input_pixels: 50_000_000,
            workers: 0,
            queue: 64,
            disk_cache_mib: 1024,
            memory_cache_mib: 64,
            remote_patterns: Vec::new(),
        }
    }
}

impl Default for Log {
    fn default() -> Self {
        Self {
            filter: "info".to_owned(),
            format: LogFormat::Text,
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

/// The variable most tools use for a database address; SITE_DATABASE_URL wins over it.
pub const DATABASE_URL_VAR: &str = "DATABASE_URL";

/// The shortest admin token accepted: long enough that guessing it over HTTP is hopeless.
pub const MIN_ADMIN_TOKEN_CHARS: usize = 16;

/// The IndexNow protocol's limit of addresses per request.
pub const INDEXNOW_MAX_BATCH: usize = 10_000;

/// At most this many statistics scripts: the spec names two (section 7), and each one is a
/// third party the Content-Security-Policy must trust.
pub const MAX_ANALYTICS_SCRIPTS: usize = 2;

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
        // SITE_TEST_POSTGRES_URL belongs to the test suite (scripts/test exports it), not to
        // the server: reading it as a key would refuse every start in that environment.
        let env = env.ignore(&["config", "test_postgres_url"]).split("__");
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
            .map_err(|error| ConfigError(describe_figment_error(error)))?;
        config.validate()?;
        Ok(config)
    }

    fn validate(&self) -> Result<(), ConfigError> {
        validate_host_name("domains.china", &self.domains.china)?;
        validate_host_name("domains.international", &self.domains.international)?;
        for (key, url) in self.links.entries() {
            validate_web_url(&format!("links.{key}"), url)?;
        }
        for (key, url) in self.qr.entries() {
            validate_web_url(&format!("qr.{key}"), url)?;
        }
        validate_origin("origins.international", &self.origins.international)?;
        validate_origin("origins.china", &self.origins.china)?;
        self.images.validate()?;
        self.indexnow.validate()?;
        self.analytics.validate()?;
        self.database()?;
        self.leads.validate()?;
        let rate = &self.venues.rate_limit;
        if rate.per_second > 0 && rate.burst == 0 {
            return Err(ConfigError(
                "key `venues.rate_limit.burst`: must be at least 1 while `venues.rate_limit.per_second` is above 0"
                    .to_owned(),
            ));
        }
        if self
            .log
            .filter
            .parse::<tracing_subscriber::EnvFilter>()
            .is_err()
        {
            return Err(ConfigError(format!(
                "key `log.filter`: {:?} is not a valid tracing filter (example: \"info,site::access=debug\")",
                self.log.filter
            )));
        }
        Ok(())
    }
}

/// Where enquiries live, from `database_url`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DatabaseTarget {
    /// A file, created (with its directory) if missing.
    Sqlite(PathBuf),
    /// A `postgres://` or `postgresql://` URL (may hold a password).
    Postgres(Secret),
}

impl Config {
    /// The enquiry database: `database_url`, or `<data_dir>/leads.sqlite3` when it is empty.
    pub fn database(&self) -> Result<DatabaseTarget, ConfigError> {
        let url = self.database_url.trim();
        if url.is_empty() {
            return Ok(DatabaseTarget::Sqlite(self.data_dir.join("leads.sqlite3")));
        }
        let refuse = |why: &str| {
            ConfigError(format!(
                "key `database_url` (SITE_DATABASE_URL or DATABASE_URL): {:?} {why}",
                redact_url(url)
            ))
        };
        if let Some(rest) = url.strip_prefix("sqlite:") {
            let path = rest.strip_prefix("//").unwrap_or(rest);
            let path = path.split('?').next().unwrap_or_default();
            if path.is_empty() || path.contains(":memory:") {
                return Err(refuse(
                    "must name a database file, e.g. \"sqlite:///var/lib/site/leads.sqlite3\"",
                ));
            }
            return Ok(DatabaseTarget::Sqlite(PathBuf::from(path)));
        }
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            return match sqlx::postgres::PgConnectOptions::from_str(url) {
                Ok(_) => Ok(DatabaseTarget::Postgres(Secret::new(url))),
                Err(error) => Err(refuse(&format!("is not a usable PostgreSQL URL: {error}"))),
            };
        }
        Err(refuse(
            "must start with sqlite: or postgres:// (or be empty for <data_dir>/leads.sqlite3)",
        ))
    }
}

impl LeadsConfig {
    /// True when `peer` is one of `trusted_proxies`, whose X-Forwarded-For may be believed.
    pub fn is_trusted_proxy(&self, peer: IpAddr) -> bool {
        self.trusted_proxies.iter().any(|net| net.contains(peer))
    }

    /// True when at least one notification channel is configured.
    pub fn has_channels(&self) -> bool {
        !self.wechat.webhook.is_empty() || !self.email.smtp_url.is_empty()
    }

    fn validate(&self) -> Result<(), ConfigError> {
        let token = self.admin_token.expose();
        if !token.is_empty()
            && (token.chars().count() < MIN_ADMIN_TOKEN_CHARS
                || token.chars().any(|c| c.is_whitespace() || c.is_control()))
        {
            return Err(ConfigError(format!(
                "key `leads.admin_token`: must be at least {MIN_ADMIN_TOKEN_CHARS} characters \
                 without spaces (it guards every enquiry); leave it empty to turn the sales page off"
            )));
        }
        for (key, value) in [
            ("rate_limit.window_secs", self.rate_limit.window_secs),
            ("rate_limit.accepted", u64::from(self.rate_limit.accepted)),
            (
                "rate_limit.submissions",
                u64::from(self.rate_limit.submissions),
            ),
            (
                "delivery.retry_base_millis",
                self.delivery.retry_base_millis,
            ),
            ("delivery.retry_max_millis", self.delivery.retry_max_millis),
            ("delivery.timeout_secs", self.delivery.timeout_secs),
            ("delivery.poll_secs", self.delivery.poll_secs),
        ] {
            if value == 0 {
                return Err(ConfigError(format!(
                    "key `leads.{key}`: must be at least 1"
                )));
            }
        }
        if self.delivery.retry_base_millis > self.delivery.retry_max_millis {
            return Err(ConfigError(
                "key `leads.delivery.retry_base_millis`: must not exceed `leads.delivery.retry_max_millis`"
                    .to_owned(),
            ));
        }
        self.wechat.validate()?;
        self.email.validate()
    }
}

fn is_loopback_host(url: &Url) -> bool {
    match url.host() {
        // Hosts of non-special schemes (smtp://) come as text, IP addresses included.
        Some(url::Host::Domain(name)) => {
            name == "localhost"
                || name
                    .trim_start_matches('[')
                    .trim_end_matches(']')
                    .parse::<IpAddr>()
                    .is_ok_and(|ip| ip.is_loopback())
        }
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        None => false,
    }
}

impl WeChat {
    fn validate(&self) -> Result<(), ConfigError> {
        let webhook = self.webhook.expose();
        if webhook.is_empty() {
            return Ok(());
        }
        let valid = Url::parse(webhook).is_ok_and(|url| {
            url.host().is_some()
                && (url.scheme() == "https" || (url.scheme() == "http" && is_loopback_host(&url)))
        });
        if valid {
            Ok(())
        } else {
            Err(ConfigError(format!(
                "key `leads.wechat.webhook`: {:?} must be an https:// address (the group robot's \
                 \"https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=…\"); http:// only for \
                 localhost or 127.0.0.1",
                redact_url(webhook)
            )))
        }
    }
}

impl Email {
    fn validate(&self) -> Result<(), ConfigError> {
        let smtp_url = self.smtp_url.expose();
        let given = [
            !smtp_url.is_empty(),
            !self.from.is_empty(),
            !self.to.is_empty(),
        ];
        if given.iter().all(|given| !given) {
            return Ok(());
        }
        if given.iter().any(|given| !given) {
            return Err(ConfigError(
                "keys `leads.email.smtp_url`, `leads.email.from` and `leads.email.to`: set all three \
                 to send notification e-mail, or none"
                    .to_owned(),
            ));
        }
        let refuse_url = |why: &str| {
            ConfigError(format!(
                "key `leads.email.smtp_url`: {:?} {why}",
                redact_url(smtp_url)
            ))
        };
        let url = Url::parse(smtp_url).map_err(|_| {
            refuse_url("is not a URL like \"smtps://user:password@smtp.example.com:465\"")
        })?;
        if !matches!(url.scheme(), "smtp" | "smtps") || url.host().is_none() {
            return Err(refuse_url(
                "must be smtps://user:password@host:465 or smtp://user:password@host:587?tls=required",
            ));
        }
        let tls = url.scheme() == "smtps"
            || url
                .query_pairs()
                .any(|(key, value)| key == "tls" && value == "required");
        if !tls && !is_loopback_host(&url) {
            return Err(refuse_url(
                "would send the password and enquiries unencrypted: use smtps:// or add ?tls=required \
                 (plain smtp:// only to localhost)",
            ));
        }
        if let Err(error) = lettre::AsyncSmtpTransport::<lettre::Tokio1Executor>::from_url(smtp_url)
        {
            return Err(refuse_url(&format!("is not usable: {error}")));
        }
        for (key, address) in
            std::iter::once(("from", &self.from)).chain(self.to.iter().map(|to| ("to", to)))
        {
            if address.parse::<lettre::message::Mailbox>().is_err() {
                return Err(ConfigError(format!(
                    "key `leads.email.{key}`: {address:?} is not an e-mail address (example: \
                     \"sales@example.com\" or \"寻境官网 <bot@example.com>\")"
                )));
            }
        }
        Ok(())
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

    fn validate(&self) -> Result<(), ConfigError> {
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
        if self.timeout_secs == 0 {
            return Err(ConfigError(
                "key `indexnow.timeout_secs`: must be at least 1".to_owned(),
            ));
        }
        if !(1..=INDEXNOW_MAX_BATCH).contains(&self.batch_size) {
            return Err(ConfigError(format!(
                "key `indexnow.batch_size`: {} must be from 1 to {INDEXNOW_MAX_BATCH} (the IndexNow limit)",
                self.batch_size
            )));
        }
        Ok(())
    }
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

    fn validate(&self) -> Result<(), ConfigError> {
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

impl Images {
    fn validate(&self) -> Result<(), ConfigError> {
        if self.max_input_pixels == 0 {
            return Err(ConfigError(
                "key `images.max_input_pixels`: must be at least 1".to_owned(),
            ));
        }
        if self.queue == 0 {
            return Err(ConfigError(
                "key `images.queue`: must be at least 1".to_owned(),
            ));
        }
        for (index, pattern) in self.remote_patterns.iter().enumerate() {
            let key = format!("images.remote_patterns[{index}]");
            if let Some(protocol) = &pattern.protocol
                && !matches!(protocol.as_str(), "http" | "https")
            {
                return Err(ConfigError(format!(
                    "key `{key}.protocol`: {protocol:?} must be \"http\" or \"https\""
                )));
            }
            let valid_host = !pattern.hostname.is_empty()
                && pattern.hostname.split('.').all(|label| {
                    label == "*"
                        || label == "**"
                        || (!label.is_empty()
                            && label
                                .bytes()
                                .all(|b| b.is_ascii_alphanumeric() || b == b'-'))
                });
            if !valid_host {
                return Err(ConfigError(format!(
                    "key `{key}.hostname`: {:?} is not a host name or a pattern like \"**.example.com\"",
                    pattern.hostname
                )));
            }
            if let Some(path) = &pattern.pathname
                && !path.starts_with('/')
            {
                return Err(ConfigError(format!(
                    "key `{key}.pathname`: {path:?} must start with /"
                )));
            }
        }
        Ok(())
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

fn validate_host_name(key: &str, name: &str) -> Result<(), ConfigError> {
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

fn validate_web_url(key: &str, url: &Url) -> Result<(), ConfigError> {
    if matches!(url.scheme(), "http" | "https") && url.host_str().is_some() {
        Ok(())
    } else {
        Err(ConfigError(format!(
            "key `{key}`: {url} must be an http:// or https:// address"
        )))
    }
}

/// Turns figment's error into one line per problem naming the key and its source, e.g.
/// "key `listen` (environment variable SITE_LISTEN): invalid socket address syntax".
fn describe_figment_error(error: figment::Error) -> String {
    let problems: Vec<String> = error
        .into_iter()
        .map(|problem| {
            let key = problem.path.join(".");
            let source = match &problem.metadata {
                Some(metadata) if metadata.name.contains("environment") => {
                    format!("environment variable {}", env_var_name(&key))
                }
                Some(metadata) => match &metadata.source {
                    Some(source) => source.to_string(),
                    None => metadata.name.to_string(),
                },
                None => "configuration".to_owned(),
            };
            if key.is_empty() {
                format!("{source}: {}", problem.kind)
            } else {
                format!("key `{key}` ({source}): {}", problem.kind)
            }
        })
        .collect();
    problems.join("; ")
}

/// Every key with its environment variable and default, for `--help` and the README.
pub fn keys_help() -> String {
    let defaults = Config::default();
    let mut lines = vec![
        "Configuration keys (TOML file via --config or SITE_CONFIG; each key can be overridden by"
            .to_owned(),
        "its environment variable):".to_owned(),
    ];
    let value = serde_json::to_value(&defaults).expect("config serialises");
    let mut flat = Vec::new();
    flatten_keys("", &value, &mut flat);
    for (key, default) in flat {
        let env = env_var_name(&key);
        let note = match key.as_str() {
            "origins.international" => " (https://www.<domains.international>)",
            "origins.china" => " (https://www.<domains.china>)",
            "indexnow.key" => " (IndexNow off)",
            "indexnow.key_location" => " (/<key>.txt)",
            "database_url" => " (sqlite://<data_dir>/leads.sqlite3; DATABASE_URL is read too)",
            "leads.admin_token" => " (no sales page)",
            "leads.wechat.webhook" => " (no WeChat notice)",
            "leads.email.smtp_url" => " (no e-mail)",
            _ => "",
        };
        lines.push(format!("  {key:<33} {env:<39} default {default}{note}"));
    }
    lines.join("\n")
}

/// `domains.china` is set by `SITE_DOMAINS__CHINA`.
fn env_var_name(key: &str) -> String {
    format!("SITE_{}", key.replace('.', "__").to_uppercase())
}

fn flatten_keys(prefix: &str, value: &serde_json::Value, out: &mut Vec<(String, String)>) {
    match value {
        serde_json::Value::Object(map) => {
            for (name, child) in map {
                let key = if prefix.is_empty() {
                    name.clone()
                } else {
                    format!("{prefix}.{name}")
                };
                flatten_keys(&key, child, out);
            }
        }
        leaf => out.push((prefix.to_owned(), leaf.to_string())),
    }
}

#[cfg(test)]
// figment's Jail closures return figment::Error, which clippy finds large; that is its API.
#[allow(clippy::result_large_err)]
mod tests {
    use super::*;
    use figment::Jail;

    fn load_in_jail(jail: &Jail, file: Option<&str>) -> Result<Config, ConfigError> {
        let path = file.map(|name| jail.directory().join(name));
        Config::load_from(path.as_deref(), Env::prefixed("SITE_"))
    }

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
        Jail::expect_with(|jail| {
            jail.set_env("SITE_LISTEN", "not-an-address");
            let message = load_in_jail(jail, None).unwrap_err().to_string();
            assert!(message.contains("key `listen`"), "{message}");
            assert!(message.contains("SITE_LISTEN"), "{message}");
            Ok(())
        });
    }

    #[test]
    fn unknown_key_in_file_is_refused() {
        Jail::expect_with(|jail| {
            jail.create_file("site.toml", "[domains]\nchinaa = \"example.cn\"\n")?;
            let message = load_in_jail(jail, Some("site.toml"))
                .unwrap_err()
                .to_string();
            assert!(message.contains("chinaa"), "{message}");
            assert!(message.contains("domains"), "{message}");
            Ok(())
        });
    }

    #[test]
    fn non_web_link_is_refused_with_its_key() {
        Jail::expect_with(|jail| {
            jail.set_env("SITE_LINKS__SDK_IOS", "ftp://example.com/ios");
            let message = load_in_jail(jail, None).unwrap_err().to_string();
            assert!(message.contains("links.sdk_ios"), "{message}");
            Ok(())
        });
    }

    #[test]
    fn malformed_url_names_the_key() {
        Jail::expect_with(|jail| {
            jail.set_env("SITE_QR__OFFICIAL_ACCOUNT", "not a url");
            let message = load_in_jail(jail, None).unwrap_err().to_string();
            assert!(message.contains("qr.official_account"), "{message}");
            assert!(message.contains("SITE_QR__OFFICIAL_ACCOUNT"), "{message}");
            Ok(())
        });
    }

    #[test]
    fn china_domain_with_scheme_is_refused() {
        Jail::expect_with(|jail| {
            jail.set_env("SITE_DOMAINS__CHINA", "https://indora.cn");
            let message = load_in_jail(jail, None).unwrap_err().to_string();
            assert!(message.contains("domains.china"), "{message}");
            Ok(())
        });
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

    #[test]
    fn example_file_sets_every_key_to_its_default() {
        Jail::expect_with(|jail| {
            jail.create_file("site.toml", include_str!("../site.example.toml"))?;
            let config = load_in_jail(jail, Some("site.toml")).expect("example is valid");
            assert_eq!(config, Config::default());
            let value = serde_json::to_value(Config::default()).expect("config serialises");
            let mut keys = Vec::new();
            flatten_keys("", &value, &mut keys);
            let example = include_str!("../site.example.toml");
            for (key, _) in keys {
                let leaf = key.rsplit('.').next().expect("non-empty key");
                assert!(
                    example
                        .lines()
                        .any(|line| line.starts_with(&format!("{leaf} = "))),
                    "site.example.toml does not show `{key}`"
                );
            }
            Ok(())
        });
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
            Jail::expect_with(|jail| {
                jail.set_env("SITE_ORIGINS__CHINA", format!("\"{bad}\""));
                let message = load_in_jail(jail, None).unwrap_err().to_string();
                assert!(message.contains("key `origins.china`"), "{bad}: {message}");
                assert!(message.contains("no path or trailing slash"), "{message}");
                Ok(())
            });
        }
    }

    #[test]
    fn indexnow_key_must_follow_the_protocol_rule() {
        for bad in [
            "short",
            "has space in it",
            "under_score_key",
            &"k".repeat(129),
        ] {
            Jail::expect_with(|jail| {
                jail.set_env("SITE_INDEXNOW__KEY", bad);
                let message = load_in_jail(jail, None).unwrap_err().to_string();
                assert!(message.contains("key `indexnow.key`"), "{message}");
                assert!(message.contains("8 to 128"), "{message}");
                Ok(())
            });
        }
        Jail::expect_with(|jail| {
            jail.set_env("SITE_INDEXNOW__KEY", "a1b2-c3d4e5");
            let config = load_in_jail(jail, None).expect("valid key");
            assert_eq!(
                config.indexnow.key_path().as_deref(),
                Some("/a1b2-c3d4e5.txt")
            );
            Ok(())
        });
    }

    #[test]
    fn all_digit_indexnow_key_from_the_environment_stays_text() {
        Jail::expect_with(|jail| {
            jail.set_env("SITE_INDEXNOW__KEY", "0012345678");
            let config = load_in_jail(jail, None).expect("valid key");
            assert_eq!(config.indexnow.key, "0012345678");
            Ok(())
        });
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
            Jail::expect_with(|jail| {
                jail.set_env("SITE_INDEXNOW__KEY", "abcdefgh");
                jail.set_env("SITE_INDEXNOW__KEY_LOCATION", bad);
                let message = load_in_jail(jail, None).unwrap_err().to_string();
                assert!(
                    message.contains("indexnow.key_location"),
                    "{bad}: {message}"
                );
                Ok(())
            });
        }
    }

    #[test]
    fn analytics_scripts_must_be_https_and_at_most_two() {
        Jail::expect_with(|jail| {
            jail.create_file(
                "site.toml",
                "[[analytics.scripts]]\nsrc = \"http://hm.baidu.com/hm.js?abc\"\n",
            )?;
            let message = load_in_jail(jail, Some("site.toml"))
                .unwrap_err()
                .to_string();
            assert!(message.contains("analytics.scripts[0].src"), "{message}");
            assert!(message.contains("https://"), "{message}");
            let three = "[[analytics.scripts]]\nsrc = \"https://a.example.com/a.js\"\n".repeat(3);
            jail.create_file("three.toml", &three)?;
            let message = load_in_jail(jail, Some("three.toml"))
                .unwrap_err()
                .to_string();
            assert!(message.contains("key `analytics.scripts`"), "{message}");
            assert!(message.contains("at most 2"), "{message}");
            Ok(())
        });
    }

    #[test]
    fn analytics_scripts_can_come_from_the_environment() {
        Jail::expect_with(|jail| {
            jail.set_env(
                "SITE_ANALYTICS__SCRIPTS",
                "[{src=\"https://hm.baidu.com/hm.js?abc\"}, {src=\"https://stats.example.com:8443/s.js\"}, {src=\"https://hm.baidu.com/other.js\"}]",
            );
            let message = load_in_jail(jail, None).unwrap_err().to_string();
            assert!(message.contains("at most 2"), "{message}");
            jail.set_env(
                "SITE_ANALYTICS__SCRIPTS",
                "[{src=\"https://hm.baidu.com/hm.js?abc\"}, {src=\"https://stats.example.com:8443/s.js\"}]",
            );
            let config = load_in_jail(jail, None).expect("valid");
            assert_eq!(
                config.analytics.origins(),
                ["https://hm.baidu.com", "https://stats.example.com:8443"]
            );
            Ok(())
        });
    }

    #[test]
    fn help_lists_every_key_with_its_variable() {
        let help = keys_help();
        for needle in [
            "listen",
            "SITE_LISTEN",
            "SITE_DOMAINS__CHINA",
            "SITE_LINKS__SDK_HARMONYOS",
            "SITE_QR__ENTERPRISE_WECHAT",
            "SITE_DATA_DIR",
            "SITE_LOG__FORMAT",
            "SITE_WORKERS",
            "SITE_ORIGINS__CHINA",
            "SITE_INDEXNOW__KEY",
            "SITE_INDEXNOW__ENDPOINT",
            "SITE_ANALYTICS__SCRIPTS",
            "SITE_DATABASE_URL",
            "SITE_LEADS__ADMIN_TOKEN",
            "SITE_LEADS__TRUSTED_PROXIES",
            "SITE_LEADS__RATE_LIMIT__ACCEPTED",
            "SITE_LEADS__WECHAT__WEBHOOK",
            "SITE_LEADS__EMAIL__SMTP_URL",
            "SITE_LEADS__DELIVERY__RETRY_BASE_MILLIS",
            "SITE_VENUES__RATE_LIMIT__PER_SECOND",
        ] {
            assert!(help.contains(needle), "{needle} missing from:\n{help}");
        }
    }

    #[test]
    fn database_defaults_to_sqlite_in_the_data_directory() {
        Jail::expect_with(|jail| {
            jail.set_env("SITE_DATA_DIR", "/srv/site");
            let config = load_in_jail(jail, None).expect("valid");
            assert_eq!(
                config.database().expect("valid"),
                DatabaseTarget::Sqlite(PathBuf::from("/srv/site/leads.sqlite3"))
            );
            Ok(())
        });
    }

    #[test]
    fn plain_database_url_is_read_below_the_site_variable() {
        Jail::expect_with(|jail| {
            jail.create_file("site.toml", "database_url = \"sqlite:///from/file.db\"\n")?;
            jail.set_env("DATABASE_URL", "postgres://sales:pw@db.example.com/leads");
            let config = load_in_jail(jail, Some("site.toml")).expect("valid");
            assert_eq!(
                config.database().expect("valid"),
                DatabaseTarget::Postgres(Secret::new("postgres://sales:pw@db.example.com/leads"))
            );
            jail.set_env("SITE_DATABASE_URL", "sqlite:///srv/leads.db");
            let config = load_in_jail(jail, Some("site.toml")).expect("valid");
            assert_eq!(
                config.database().expect("valid"),
                DatabaseTarget::Sqlite(PathBuf::from("/srv/leads.db"))
            );
            Ok(())
        });
    }

    #[test]
    fn other_database_schemes_are_refused_without_showing_the_password() {
        for bad in [
            "mysql://root:hunter22@db/leads",
            "sqlite::memory:",
            "postgres://root:hunter22@db:notaport/leads",
        ] {
            Jail::expect_with(|jail| {
                jail.set_env("SITE_DATABASE_URL", bad);
                let message = load_in_jail(jail, None).unwrap_err().to_string();
                assert!(message.contains("key `database_url`"), "{bad}: {message}");
                assert!(!message.contains("hunter22"), "{message}");
                Ok(())
            });
        }
    }

    #[test]
    fn leads_section_is_read_from_file_and_environment() {
        Jail::expect_with(|jail| {
            jail.create_file(
                "site.toml",
                "[leads]\nadmin_token = \"0123456789abcdefXYZ\"\ntrusted_proxies = [\"10.0.0.0/8\", \"::1\"]\n\
                 [leads.wechat]\nwebhook = \"https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=secret-key\"\n\
                 [leads.email]\nsmtp_url = \"smtps://bot:pw@smtp.example.com:465\"\nfrom = \"寻境官网 <bot@example.com>\"\nto = [\"sales@example.com\"]\n",
            )?;
            jail.set_env("SITE_LEADS__RATE_LIMIT__ACCEPTED", "3");
            jail.set_env("SITE_LEADS__DELIVERY__POLL_SECS", "1");
            let config = load_in_jail(jail, Some("site.toml")).expect("valid");
            let leads = &config.leads;
            assert_eq!(leads.admin_token.expose(), "0123456789abcdefXYZ");
            assert_eq!(leads.rate_limit.accepted, 3);
            assert_eq!(leads.rate_limit.window_secs, 600);
            assert_eq!(leads.delivery.poll_secs, 1);
            assert!(leads.is_trusted_proxy("10.20.30.40".parse().unwrap()));
            assert!(leads.is_trusted_proxy("::ffff:10.0.0.1".parse().unwrap()));
            assert!(leads.is_trusted_proxy("::1".parse().unwrap()));
            assert!(!leads.is_trusted_proxy("192.168.0.1".parse().unwrap()));
            assert!(leads.has_channels());
            let debug = format!("{config:?}");
            for secret in ["0123456789abcdefXYZ", "secret-key", "bot:pw"] {
                assert!(!debug.contains(secret), "{secret} in {debug}");
            }
            Ok(())
        });
    }

    #[test]
    fn all_digit_admin_token_from_the_environment_stays_text() {
        Jail::expect_with(|jail| {
            jail.set_env("SITE_LEADS__ADMIN_TOKEN", "0012345678901234");
            let config = load_in_jail(jail, None).expect("valid");
            assert_eq!(config.leads.admin_token.expose(), "0012345678901234");
            Ok(())
        });
    }

    #[test]
    fn bad_leads_settings_are_refused_with_their_key() {
        let cases: [(&str, &str, &str); 9] = [
            ("SITE_LEADS__ADMIN_TOKEN", "short", "leads.admin_token"),
            (
                "SITE_LEADS__TRUSTED_PROXIES",
                "[\"10.0.0.0/33\"]",
                "trusted_proxies",
            ),
            (
                "SITE_LEADS__RATE_LIMIT__ACCEPTED",
                "0",
                "leads.rate_limit.accepted",
            ),
            (
                "SITE_LEADS__DELIVERY__POLL_SECS",
                "0",
                "leads.delivery.poll_secs",
            ),
            (
                "SITE_LEADS__DELIVERY__RETRY_BASE_MILLIS",
                "700000",
                "retry_base_millis",
            ),
            (
                "SITE_LEADS__WECHAT__WEBHOOK",
                "http://qyapi.weixin.qq.com/send?key=k",
                "leads.wechat.webhook",
            ),
            (
                "SITE_LEADS__WECHAT__WEBHOOK",
                "not a url",
                "leads.wechat.webhook",
            ),
            (
                "SITE_LEADS__EMAIL__SMTP_URL",
                "smtps://bot:pw@smtp.example.com",
                "leads.email.from",
            ),
            (
                "SITE_LEADS__EMAIL__TO",
                "[\"sales@example.com\"]",
                "leads.email.smtp_url",
            ),
        ];
        for (variable, value, needle) in cases {
            Jail::expect_with(|jail| {
                jail.set_env(variable, value);
                let message = load_in_jail(jail, None).unwrap_err().to_string();
                assert!(message.contains(needle), "{variable}={value}: {message}");
                Ok(())
            });
        }
    }

    #[test]
    fn local_webhook_and_plain_smtp_are_allowed_on_loopback_only() {
        Jail::expect_with(|jail| {
            jail.set_env("SITE_LEADS__WECHAT__WEBHOOK", "http://127.0.0.1:9/hook");
            jail.set_env("SITE_LEADS__EMAIL__SMTP_URL", "smtp://127.0.0.1:2525");
            jail.set_env("SITE_LEADS__EMAIL__FROM", "bot@example.com");
            jail.set_env(
                "SITE_LEADS__EMAIL__TO",
                "[\"sales@example.com\", \"boss@example.com\"]",
            );
            let config = load_in_jail(jail, None).expect("valid");
            assert_eq!(config.leads.email.to.len(), 2);
            jail.set_env(
                "SITE_LEADS__EMAIL__SMTP_URL",
                "smtp://bot:hunter22@smtp.example.com:587",
            );
            let message = load_in_jail(jail, None).unwrap_err().to_string();
            assert!(message.contains("unencrypted"), "{message}");
            assert!(!message.contains("hunter22"), "{message}");
            jail.set_env(
                "SITE_LEADS__EMAIL__SMTP_URL",
                "smtp://bot:pw@smtp.example.com:587?tls=required",
            );
            load_in_jail(jail, None).expect("STARTTLS is fine");
            jail.set_env("SITE_LEADS__EMAIL__TO", "[\"not an address\"]");
            let message = load_in_jail(jail, None).unwrap_err().to_string();
            assert!(message.contains("leads.email.to"), "{message}");
            Ok(())
        });
    }

    #[test]
    fn redacted_urls_hide_passwords_and_keys() {
        assert_eq!(
            redact_url("postgres://sales:pw@db/leads"),
            "postgres://sales:***@db/leads"
        );
        assert_eq!(
            redact_url("https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=abc"),
            "https://qyapi.weixin.qq.com/cgi-bin/webhook/send?***"
        );
    }
}
