//! Business enquiries: the sales token, which proxies to believe, and the abuse limits. How
//! notices reach sales is in [`super::delivery`].

use std::net::IpAddr;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::addresses::validate_host_name;
use super::delivery::{Delivery, Email, WeChat};
use super::{ConfigError, Secret, require_positive};

/// The shortest admin token accepted: long enough that guessing it over HTTP is hopeless.
pub const MIN_ADMIN_TOKEN_CHARS: usize = 16;

/// Business enquiries (issue #6): the sales page, abuse limits and delivery to sales.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LeadsConfig {
    /// Bearer token (or Basic password) of /admin/leads*; empty leaves those routes out.
    /// At least 16 characters.
    pub admin_token: Secret,
    /// Peers whose `X-Forwarded-For` is believed, as IPs or CIDR ranges ("10.0.0.0/8").
    pub trusted_proxies: Vec<ProxyNet>,
    /// Host names the sales routes answer on ("admin.indora.com"); on any other `Host` they
    /// answer 404 like an unknown address. Empty: every host.
    pub admin_hosts: Vec<String>,
    /// Client networks allowed on the sales routes, as IPs or CIDR ranges (the client as the
    /// `trusted_proxies` rule names it); others get 404. Empty: every client.
    pub admin_networks: Vec<ProxyNet>,
    /// Enquiries the whole site stores per hour, from every client together and counted in
    /// the database (so across replicas and restarts); beyond it visitors are asked to come
    /// back later (503). It bounds what a flood from many addresses can store.
    pub accepted_per_hour: u32,
    /// Enquiries announced to sales (WeChat, e-mail) per hour, counted alike; the ones beyond
    /// are stored and shown on /admin/leads without a notice, so a flood cannot bury sales in
    /// notices, and the few addresses it takes to reach this cap cannot shut real prospects
    /// out.
    pub notified_per_hour: u32,
    pub rate_limit: RateLimit,
    pub wechat: WeChat,
    pub email: Email,
    pub delivery: Delivery,
}

impl Default for LeadsConfig {
    fn default() -> Self {
        Self {
            admin_token: Secret::default(),
            trusted_proxies: Vec::new(),
            admin_hosts: Vec::new(),
            admin_networks: Vec::new(),
            // A business site receives a few a day. Storing is cheap and bounded here (at most
            // 2,000 x 16 KiB = 32 MiB an hour); notices are what a flood would bury sales in.
            accepted_per_hour: 2_000,
            notified_per_hour: 100,
            rate_limit: RateLimit::default(),
            wechat: WeChat::default(),
            email: Email::default(),
            delivery: Delivery::default(),
        }
    }
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

impl Default for RateLimit {
    fn default() -> Self {
        Self {
            window_secs: 600,
            accepted: 5,
            submissions: 30,
        }
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

    pub(super) fn validate(&self) -> Result<(), ConfigError> {
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
        for host in &self.admin_hosts {
            validate_host_name("leads.admin_hosts", host)?;
        }
        require_positive("leads.accepted_per_hour", u64::from(self.accepted_per_hour))?;
        require_positive("leads.notified_per_hour", u64::from(self.notified_per_hour))?;
        let rate = &self.rate_limit;
        require_positive("leads.rate_limit.window_secs", rate.window_secs)?;
        require_positive("leads.rate_limit.accepted", u64::from(rate.accepted))?;
        require_positive("leads.rate_limit.submissions", u64::from(rate.submissions))?;
        self.delivery.validate()?;
        self.wechat.validate()?;
        self.email.validate()
    }
}

#[cfg(test)]
// figment's Jail closures return figment::Error, which clippy finds large; that is its API.
#[allow(clippy::result_large_err)]
mod tests {
    use figment::Jail;

    use crate::config::testing::{load_in_jail, load_with, refusal};

    #[test]
    fn leads_section_is_read_from_file_and_environment() {
        Jail::expect_with(|jail| {
            jail.create_file(
                "site.toml",
                "[leads]\nadmin_token = \"0123456789abcdefXYZ\"\ntrusted_proxies = [\"10.0.0.0/8\", \"::1\"]\n\
                 admin_hosts = [\"admin.indora.com\"]\nadmin_networks = [\"10.8.0.0/16\"]\naccepted_per_hour = 40\n\
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
            assert_eq!(leads.admin_hosts, ["admin.indora.com"]);
            assert_eq!(leads.admin_networks, ["10.8.0.0/16".parse().unwrap()]);
            assert_eq!(leads.accepted_per_hour, 40);
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
        let config = load_with(&[("SITE_LEADS__ADMIN_TOKEN", "0012345678901234")]);
        assert_eq!(config.leads.admin_token.expose(), "0012345678901234");
    }

    #[test]
    fn bad_leads_settings_are_refused_with_their_key() {
        let cases = [
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
                "SITE_LEADS__DELIVERY__MAX_ATTEMPTS",
                "0",
                "leads.delivery.max_attempts",
            ),
            (
                "SITE_LEADS__ACCEPTED_PER_HOUR",
                "0",
                "leads.accepted_per_hour",
            ),
            (
                "SITE_LEADS__ADMIN_HOSTS",
                "[\"https://admin.indora.com\"]",
                "leads.admin_hosts",
            ),
            (
                "SITE_LEADS__ADMIN_NETWORKS",
                "[\"10.0.0.0/40\"]",
                "admin_networks",
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
            let message = refusal(&[(variable, value)]);
            assert!(message.contains(needle), "{variable}={value}: {message}");
        }
    }
}
