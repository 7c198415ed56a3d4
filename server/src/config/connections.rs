//! Connections: how long a client may take at each step of a request, and how many
//! connections the server keeps open, in all and per client.

use serde::{Deserialize, Serialize};

use super::{ConfigError, require_positive};

/// Open files kept back from the automatic connection cap for everything else the server
/// opens: the build's files at reload, the image cache, the database, outbound requests.
const RESERVED_FILES: u64 = 1024;
/// The automatic connection cap never goes above this, whatever the open-files limit: an
/// idle connection holds a few KiB, so this bounds what a flood from many addresses costs.
const MAX_AUTOMATIC_CONNECTIONS: u64 = 16_384;
/// Nor below this, on a machine with a very low open-files limit.
const MIN_AUTOMATIC_CONNECTIONS: u64 = 64;

/// Bounds on every connection (issue #16): a slow or idle client is cut after a time, and a
/// flood of connections from one address cannot crowd out everyone else.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Connections {
    /// Seconds a client has to send a request's line and headers, counted from connecting or
    /// from the previous answer: an idle kept-alive connection is closed after this too.
    pub header_timeout_secs: u64,
    /// Seconds a request body (an enquiry, a status change) may take to arrive in full,
    /// counted from its headers; a slower one is answered 408 and the connection closed.
    pub body_timeout_secs: u64,
    /// Seconds an answer may go without any of it being taken by the client; a client that
    /// stops reading is disconnected.
    pub write_timeout_secs: u64,
    /// Connections open at once; more are closed as soon as they are accepted. 0 sizes it
    /// from the open-files limit at start (the limit less 1024, at most 16384).
    pub max_connections: u64,
    /// Connections open at once from one client address (IPv6: one /64); 0 means no cap
    /// per client.
    pub max_per_client: u64,
    /// The same for the addresses of `leads.trusted_proxies`, which carry many clients'
    /// connections; 0 means only `max_connections` applies to them.
    pub max_per_proxy: u64,
}

impl Default for Connections {
    fn default() -> Self {
        Self {
            header_timeout_secs: 15,
            body_timeout_secs: 30,
            write_timeout_secs: 30,
            max_connections: 0,
            max_per_client: 256,
            max_per_proxy: 0,
        }
    }
}

impl Connections {
    /// The cap on open connections, given the process's open-files limit.
    pub fn connection_cap(&self, open_files_limit: u64) -> u64 {
        if self.max_connections > 0 {
            return self.max_connections;
        }
        open_files_limit
            .saturating_sub(RESERVED_FILES)
            .clamp(MIN_AUTOMATIC_CONNECTIONS, MAX_AUTOMATIC_CONNECTIONS)
    }

    pub(super) fn validate(&self) -> Result<(), ConfigError> {
        require_positive("connections.header_timeout_secs", self.header_timeout_secs)?;
        require_positive("connections.body_timeout_secs", self.body_timeout_secs)?;
        require_positive("connections.write_timeout_secs", self.write_timeout_secs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::testing::{load_with, refusal};

    #[test]
    fn automatic_cap_follows_the_open_files_limit_within_bounds() {
        let automatic = Connections::default();
        assert_eq!(automatic.connection_cap(20_000), 16_384);
        assert_eq!(automatic.connection_cap(4_096), 3_072);
        assert_eq!(automatic.connection_cap(1_024), 64);
        let fixed = Connections {
            max_connections: 100,
            ..Connections::default()
        };
        assert_eq!(fixed.connection_cap(20_000), 100);
    }

    #[test]
    fn keys_are_read_from_the_environment_and_zero_timeouts_refused() {
        let config = load_with(&[
            ("SITE_CONNECTIONS__MAX_PER_CLIENT", "8"),
            ("SITE_CONNECTIONS__WRITE_TIMEOUT_SECS", "5"),
        ]);
        assert_eq!(config.connections.max_per_client, 8);
        assert_eq!(config.connections.write_timeout_secs, 5);
        let message = refusal(&[("SITE_CONNECTIONS__BODY_TIMEOUT_SECS", "0")]);
        assert!(
            message.contains("connections.body_timeout_secs"),
            "{message}"
        );
    }
}
