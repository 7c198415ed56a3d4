//! The enquiry database as the code knows it: the migrations built into the binary, and the
//! rows read back by column name on either backend. Written out here instead of with sqlx's
//! macros, which would compile sqlx, its drivers and SQLite a second time for the compiler's
//! own use.

use std::borrow::Cow;

use sqlx::migrate::{Migration, MigrationType, Migrator};

/// Every migration of `server/migrations`, oldest first: version, description (the file name's
/// rest, as sqlx reads it, so databases migrated before keep their records) and SQL.
const MIGRATIONS: [(i64, &str, &str); 4] = [
    (
        20261201000000,
        "leads",
        include_str!("../../migrations/20261201000000_leads.sql"),
    ),
    (
        20261202000000,
        "dead_notices",
        include_str!("../../migrations/20261202000000_dead_notices.sql"),
    ),
    (
        20261203000000,
        "replicas",
        include_str!("../../migrations/20261203000000_replicas.sql"),
    ),
    (
        20261204000000,
        "unannounced",
        include_str!("../../migrations/20261204000000_unannounced.sql"),
    ),
];

pub(super) fn migrator() -> Migrator {
    let migrations = MIGRATIONS
        .iter()
        .map(|&(version, description, sql)| {
            Migration::new(
                version,
                Cow::Borrowed(description),
                MigrationType::Simple,
                Cow::Borrowed(sql),
                false,
            )
        })
        .collect::<Vec<_>>();
    Migrator {
        migrations: Cow::Owned(migrations),
        ..Migrator::DEFAULT
    }
}

/// A row struct whose fields are read by their names from a row of either backend.
macro_rules! row {
    ($(#[$meta:meta])* $name:ident { $($(#[$field_meta:meta])* $field:ident: $type:ty,)* }) => {
        $(#[$meta])*
        #[derive(Debug, Clone)]
        pub(crate) struct $name {
            $($(#[$field_meta])* pub(crate) $field: $type,)*
        }

        impl<'r, R: sqlx::Row> sqlx::FromRow<'r, R> for $name
        where
            &'r str: sqlx::ColumnIndex<R>,
            $($type: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,)*
        {
            fn from_row(row: &'r R) -> Result<Self, sqlx::Error> {
                Ok(Self {
                    $($field: row.try_get(stringify!($field))?,)*
                })
            }
        }
    };
}

row! {
    /// A stored enquiry as read back, before labels are attached.
    LeadRow {
        id: String,
        created_at: i64,
        status: String,
        name: String,
        company: String,
        phone: String,
        email: String,
        scenario: String,
        scenario_label: String,
        product: String,
        product_label: String,
        message: String,
        page: String,
        variant: String,
        user_agent: String,
        /// Outbox rows not delivered (given-up ones included).
        pending: i64,
        /// Outbox rows given up after too many failed attempts.
        dead: i64,
        /// 1 when it was stored past the hourly cap of notices, without any.
        unannounced: i64,
    }
}

row! {
    /// An outbox row the worker has leased.
    OutboxRow {
        id: String,
        lead_id: String,
        channel: String,
        /// When the enquiry was stored and the notice first due, Unix milliseconds.
        created_at: i64,
        attempts: i64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_migration_file_is_built_in() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations");
        let mut files: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().into_string().unwrap())
            .collect();
        files.sort();
        let built_in: Vec<String> = MIGRATIONS
            .iter()
            .map(|(version, description, _)| format!("{version}_{description}.sql"))
            .collect();
        assert_eq!(files, built_in);
    }
}
