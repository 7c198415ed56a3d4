//! How enquiry notices reach sales: the WeChat group robot, e-mail over SMTP, and the outbox
//! worker's pace.

use std::net::IpAddr;

use serde::{Deserialize, Serialize};
use url::Url;

use super::{ConfigError, Secret, redact_url, require_positive};

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
    /// Longest wait between attempts.
    pub retry_max_millis: u64,
    /// Attempts before a notice that keeps failing for a transient reason (a timeout, a 5xx,
    /// the robot's rate limit) may be given up: it is logged as an error and marked on the
    /// sales page instead of being retried. A permanent failure (a wrong key, a refused
    /// address) is given up at once.
    pub max_attempts: u32,
    /// Seconds since the enquiry before such a notice may be given up: until both have passed,
    /// it is tried again every `retry_max_millis`. A day, so an outage of a night loses nothing.
    pub retry_for_secs: u64,
    /// Seconds one webhook request or SMTP session may take.
    pub timeout_secs: u64,
    /// Seconds between looks for due notifications (also those of other server instances
    /// sharing the database, and those left by a crash).
    pub poll_secs: u64,
}

impl Default for Delivery {
    fn default() -> Self {
        Self {
            retry_base_millis: 2000,
            retry_max_millis: 600_000,
            max_attempts: 20,
            retry_for_secs: 86_400,
            timeout_secs: 10,
            poll_secs: 5,
        }
    }
}

impl Delivery {
    pub(super) fn validate(&self) -> Result<(), ConfigError> {
        require_positive("leads.delivery.retry_base_millis", self.retry_base_millis)?;
        require_positive("leads.delivery.retry_max_millis", self.retry_max_millis)?;
        require_positive("leads.delivery.max_attempts", u64::from(self.max_attempts))?;
        require_positive("leads.delivery.timeout_secs", self.timeout_secs)?;
        require_positive("leads.delivery.poll_secs", self.poll_secs)?;
        if self.retry_base_millis > self.retry_max_millis {
            return Err(ConfigError(
                "key `leads.delivery.retry_base_millis`: must not exceed `leads.delivery.retry_max_millis`"
                    .to_owned(),
            ));
        }
        Ok(())
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
    pub(super) fn validate(&self) -> Result<(), ConfigError> {
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
    pub(super) fn validate(&self) -> Result<(), ConfigError> {
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

#[cfg(test)]
// figment's Jail closures return figment::Error, which clippy finds large; that is its API.
#[allow(clippy::result_large_err)]
mod tests {
    use figment::Jail;

    use crate::config::testing::load_in_jail;

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
}
