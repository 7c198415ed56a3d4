//! The migrations built into the binary (server/migrations), as sqlx runs them. Written out
//! here instead of with sqlx's macros, which would compile sqlx, its drivers and SQLite a
//! second time for the compiler's own use.

use std::borrow::Cow;

use sqlx::migrate::{Migration, MigrationType, Migrator};

/// Every migration of `server/migrations`, oldest first: version, description (the file name's
/// rest, as sqlx reads it, so databases migrated before keep their records) and SQL.
const MIGRATIONS: [(i64, &str, &str); 6] = [
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
    (
        20261205000000,
        "buildings",
        include_str!("../../migrations/20261205000000_buildings.sql"),
    ),
    (
        20261206000000,
        "plan_answers",
        include_str!("../../migrations/20261206000000_plan_answers.sql"),
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
