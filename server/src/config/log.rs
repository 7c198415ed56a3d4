//! What the server logs and in which format.

use serde::{Deserialize, Serialize};

use super::ConfigError;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Log {
    /// Levels by target, comma-separated (`info,site::access=debug` logs every request too):
    /// tracing's `Targets` syntax, a default level and `target=level` pairs.
    pub filter: String,
    pub format: LogFormat,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    Text,
    Json,
}

impl Default for Log {
    fn default() -> Self {
        Self {
            filter: "info".to_owned(),
            format: LogFormat::Text,
        }
    }
}

impl Log {
    pub(super) fn validate(&self) -> Result<(), ConfigError> {
        if self
            .filter
            .parse::<tracing_subscriber::filter::Targets>()
            .is_err()
        {
            return Err(ConfigError(format!(
                "key `log.filter`: {:?} is not a list of levels by target (example: \"info,site::access=debug\")",
                self.filter
            )));
        }
        Ok(())
    }
}
