//! Where enquiries are stored: `database_url` read as a SQLite file or a PostgreSQL server.

use std::path::PathBuf;
use std::str::FromStr;

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
            let message = refusal(&[("SITE_DATABASE_URL", bad)]);
            assert!(message.contains("key `database_url`"), "{bad}: {message}");
            assert!(!message.contains("hunter22"), "{message}");
        }
    }
}
