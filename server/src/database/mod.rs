//! The site's database: SQLite by default, PostgreSQL for replicas (docs/design.md "Runtime
//! parts"), holding the enquiries (`crate::leads`) and the buildings visitors bring
//! (`crate::buildings`). One set of migrations (server/migrations) and one set of SQL statements
//! serve both backends: `$n` parameters (SQLite reads them by number too), BIGINT millisecond
//! times, text ids. Each statement is written once and run through [`with_pool!`], which
//! instantiates it for the backend in use (sqlx's `Any` driver would hide the SQLite connection
//! options that make a commit durable).

mod migrations;
mod rows;

use std::str::FromStr;
use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};

pub(crate) use rows::row;

use crate::config::{DatabaseTarget, redact_url};

/// How long a request waits for a database connection before answering "unavailable".
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(5);

/// Settings of every PostgreSQL session (issue #30): no statement runs longer than the
/// request waiting for it, no lock is waited for long, no transaction is left open, and the
/// server probes an idle connection every 30 s so a client gone without a word (a replica
/// killed, a network cut) frees its connection within a minute. sqlx sets no TCP keepalive of
/// its own on the client side; a connection is tested before use, within `ACQUIRE_TIMEOUT`.
const SESSION_LIMITS: [(&str, &str); 6] = [
    ("statement_timeout", "10s"),
    ("lock_timeout", "5s"),
    ("idle_in_transaction_session_timeout", "15s"),
    ("tcp_keepalives_idle", "30"),
    ("tcp_keepalives_interval", "10"),
    ("tcp_keepalives_count", "3"),
];

/// Connections idle this long are closed: a pool does not hold on to half-open connections.
const IDLE_TIMEOUT: Duration = Duration::from_secs(300);

#[derive(Clone)]
pub(crate) enum Pool {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// Runs `$body` with `$pool` bound to the concrete pool of either backend.
macro_rules! with_pool {
    ($pool:expr, $name:ident => $body:expr) => {
        match $pool {
            $crate::database::Pool::Sqlite($name) => $body,
            $crate::database::Pool::Postgres($name) => $body,
        }
    };
}
pub(crate) use with_pool;

impl Pool {
    /// A pool that connects on first use, so a database that is down at start does not stop
    /// the server.
    pub(crate) fn lazy(target: &DatabaseTarget) -> Result<Pool, String> {
        match target {
            DatabaseTarget::Sqlite(path) => {
                let options = SqliteConnectOptions::new()
                    .filename(path)
                    .create_if_missing(true)
                    .journal_mode(SqliteJournalMode::Wal)
                    // FULL: the WAL is synced at every commit, so an enquiry answered 201 is on
                    // disk even if the machine loses power right after.
                    .synchronous(SqliteSynchronous::Full)
                    .busy_timeout(Duration::from_secs(5))
                    .foreign_keys(true)
                    // Each connection's page cache, at most 512 KiB instead of SQLite's 2 MiB:
                    // the sales pages read the enquiries 50 at a time, and the kernel's page
                    // cache holds the file anyway. With four connections at 2 MiB the server
                    // ended bench/soak.sh's 15,000 enquiries 6 MiB larger than it began (47.0
                    // against 40.8 MiB), with 512 KiB 2 MiB.
                    .pragma("cache_size", "-512");
                Ok(Pool::Sqlite(
                    SqlitePoolOptions::new()
                        .max_connections(4)
                        .acquire_timeout(ACQUIRE_TIMEOUT)
                        .connect_lazy_with(options),
                ))
            }
            DatabaseTarget::Postgres(url) => {
                let options = PgConnectOptions::from_str(url.expose())
                    .map_err(|error| format!("{}: {error}", redact_url(url.expose())))?
                    .options(SESSION_LIMITS);
                Ok(Pool::Postgres(
                    PgPoolOptions::new()
                        .max_connections(8)
                        // Connecting counts against it too: a server that does not answer
                        // leaves a request waiting this long at most.
                        .acquire_timeout(ACQUIRE_TIMEOUT)
                        .idle_timeout(Some(IDLE_TIMEOUT))
                        .connect_lazy_with(options),
                ))
            }
        }
    }

    /// Creates the SQLite file's directory and applies pending migrations; PostgreSQL
    /// instances starting together serialise on sqlx's advisory lock.
    pub(crate) async fn migrate(&self, target: &DatabaseTarget) -> Result<(), String> {
        if let DatabaseTarget::Sqlite(path) = target
            && let Some(directory) = path.parent()
            && !directory.as_os_str().is_empty()
        {
            tokio::fs::create_dir_all(directory)
                .await
                .map_err(|error| format!("cannot create {}: {error}", directory.display()))?;
        }
        with_pool!(self, pool => migrations::migrator().run(pool).await)
            .map_err(|error| error.to_string())
    }

    pub(crate) async fn close(&self) {
        with_pool!(self, pool => pool.close().await);
    }
}
