//! Where enquiries are stored: `database_url` read as a SQLite file or a PostgreSQL server.

use std::net::IpAddr;
use std::path::PathBuf;
use std::str::FromStr;

use sqlx::postgres::PgSslMode;

use super::{Config, ConfigError, Secret, redact_url};

/// The variable most tools use for a database address; SITE_DATABASE_URL wins over it.
pub const DATABASE_URL_VAR: &str = "DATABASE_URL";

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
            let options = sqlx::postgres::PgConnectOptions::from_str(url)
                .map_err(|error| refuse(&format!("is not a usable PostgreSQL URL: {error}")))?;
            if !on_this_machine(&options)
                && !matches!(
                    options.get_ssl_mode(),
                    PgSslMode::VerifyFull | PgSslMode::VerifyCa
                )
            {
                return Err(refuse(
                    "reaches a PostgreSQL server beyond this machine without checking its \
                     certificate: add sslmode=verify-full (or verify-ca) and sslrootcert=<the \
                     CA's file>. sslmode=require encrypts, but whoever sits between could pose \
                     as the database and read every enquiry",
                ));
            }
            return Ok(DatabaseTarget::Postgres(Secret::new(url)));
        }
        Err(refuse(
            "must start with sqlite: or postgres:// (or be empty for <data_dir>/leads.sqlite3)",
        ))
    }
}

/// True when the server is reached over a Unix socket or a loopback address, where nothing
/// stands between to read or pose.
fn on_this_machine(options: &sqlx::postgres::PgConnectOptions) -> bool {
    if options.get_socket().is_some() {
        return true;
    }
    let host = options.get_host();
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    host.starts_with('/')
        || bare.eq_ignore_ascii_case("localhost")
        || bare.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

#[cfg(test)]
// figment's Jail closures return figment::Error, which clippy finds large; that is its API.
#[allow(clippy::result_large_err)]
mod tests {
    use std::path::PathBuf;

    use figment::Jail;

    use super::DatabaseTarget;
    use crate::config::Secret;
    use crate::config::testing::{load_in_jail, load_with, refusal};

    #[test]
    fn database_defaults_to_sqlite_in_the_data_directory() {
        let config = load_with(&[("SITE_DATA_DIR", "/srv/site")]);
        assert_eq!(
            config.database().expect("valid"),
            DatabaseTarget::Sqlite(PathBuf::from("/srv/site/leads.sqlite3"))
        );
    }

    #[test]
    fn plain_database_url_is_read_below_the_site_variable() {
        Jail::expect_with(|jail| {
            jail.create_file("site.toml", "database_url = \"sqlite:///from/file.db\"\n")?;
            let remote = "postgres://sales:pw@db.example.com/leads?sslmode=verify-full";
            jail.set_env("DATABASE_URL", remote);
            let config = load_in_jail(jail, Some("site.toml")).expect("valid");
            assert_eq!(
                config.database().expect("valid"),
                DatabaseTarget::Postgres(Secret::new(remote))
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
    fn a_server_beyond_this_machine_must_have_its_certificate_checked() {
        for refused in [
            "postgres://site:pw@db.internal/site",
            "postgres://site:pw@db.internal/site?sslmode=require",
            "postgres://site:pw@10.0.0.5:5432/site?sslmode=prefer",
        ] {
            let message = refusal(&[("SITE_DATABASE_URL", refused)]);
            assert!(
                message.contains("sslmode=verify-full"),
                "{refused}: {message}"
            );
            assert!(!message.contains(":pw@"), "{message}");
        }
        for allowed in [
            "postgres://site:pw@db.internal/site?sslmode=verify-full&sslrootcert=/etc/site/ca.pem",
            "postgres://site:pw@db.internal/site?sslmode=verify-ca",
            "postgres://site:pw@127.0.0.1:5432/site",
            "postgres://site:pw@localhost/site",
            "postgres://site:pw@[::1]/site",
            "postgres:///site?host=/var/run/postgresql",
        ] {
            let config = load_with(&[("SITE_DATABASE_URL", allowed)]);
            assert!(config.database().is_ok(), "{allowed}");
        }
    }

    #[test]
    fn other_database_schemes_are_refused_without_showing_the_password() {
        for bad in [
            "mysql://root:hunter22@db/leads",
            "sqlite::memory:",
            "postgres://root:hunter22@db:notaport/leads",
        ] {
            let message = refusal(&[("SITE_DATABASE_URL", bad)]);
            assert!(message.contains("key `database_url`"), "{bad}: {message}");
            assert!(!message.contains("hunter22"), "{message}");
        }
    }
}
