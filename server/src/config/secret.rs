//! Configured secrets and addresses that may carry them: kept out of logs and error messages.

use std::fmt;

use serde::{Deserialize, Serialize};
use url::Url;

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

#[cfg(test)]
mod tests {
    use super::*;

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
