//! The buildings table's statements, on either backend of the site's database.

use sqlx::Row;

use super::take_in::{BuildingFiles, LevelName};
use crate::database::{Pool, row, with_pool};

/// PostgreSQL advisory lock of an upload's transaction ("SITEBLDG" in ASCII), so that counting
/// a client's uploads and the storage in use and adding one is atomic across replicas.
const UPLOAD_LOCK: i64 = 0x5349_5445_424c_4447;

pub(crate) const DAY_MILLIS: i64 = 86_400_000;

/// A client's uploads since a time.
const UPLOADS_SINCE: &str = "SELECT COUNT(*) FROM buildings WHERE client = $1 AND created_at > $2";

/// Why the database did not store or answer.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub(crate) enum StoreError {
    #[error("the database is unavailable: {0}")]
    Unavailable(String),
    #[error("the client has uploaded its buildings of the day")]
    PerDay,
    #[error("the storage for buildings is full")]
    Full,
    /// An edit made to a version that is no longer the stored one (another tab saved first).
    #[error("the building is at version {0} now")]
    Conflict(i64),
}

/// A building to store.
pub(crate) struct NewBuilding<'a> {
    pub id: &'a str,
    pub now: i64,
    pub expires_at: i64,
    pub client: &'a str,
    pub files: &'a BuildingFiles,
}

/// The levels as the store keeps them: JSON.
fn levels_json(levels: &[LevelName]) -> String {
    serde_json::to_string(levels).expect("levels serialise")
}

/// An edit to store as the version after `base`.
pub(crate) struct SavedEdit<'a> {
    pub id: &'a str,
    pub base: i64,
    pub now: i64,
    pub files: &'a BuildingFiles,
}

/// The caps an upload is stored under.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Caps {
    pub per_client_per_day: u32,
    pub storage_bytes: u64,
}

row! {
    /// A stored building without its archive.
    BuildingRow {
        id: String,
        created_at: i64,
        expires_at: i64,
        name: String,
        levels: String,
        version: i64,
        archive_bytes: i64,
    }
}

/// A transaction in which the storage in use is counted: on PostgreSQL under the uploads'
/// advisory lock, so uploads and edits count it in turn across replicas (SQLite's write lock
/// does it there, from the transaction's first write).
macro_rules! counting_storage {
    ($pool:expr, $is_postgres:expr) => {{
        let mut tx = $pool.begin().await.map_err(StoreError::unavailable)?;
        if $is_postgres {
            sqlx::query("SELECT pg_advisory_xact_lock($1)")
                .bind(UPLOAD_LOCK)
                .execute(&mut *tx)
                .await
                .map_err(StoreError::unavailable)?;
        }
        tx
    }};
}

impl Pool {
    /// Deletes the expired buildings, then stores `new` unless its client reached its uploads
    /// of the day or the storage would overflow; in one transaction.
    pub(crate) async fn insert_building(
        &self,
        new: &NewBuilding<'_>,
        caps: Caps,
    ) -> Result<(), StoreError> {
        const EXPIRED: &str = "DELETE FROM buildings WHERE expires_at <= $1";
        const IN_USE: &str =
            "SELECT CAST(COALESCE(SUM(archive_bytes), 0) AS BIGINT) FROM buildings";
        const INSERT: &str = "INSERT INTO buildings (id, created_at, expires_at, client, name, \
             levels, version, archive_bytes, archive) VALUES ($1, $2, $3, $4, $5, $6, 1, $7, $8)";
        let is_postgres = matches!(self, Pool::Postgres(_));
        let files = new.files;
        let size = files.archive.len() as i64;
        let levels = levels_json(&files.levels);
        with_pool!(self, pool => {
            let mut tx = counting_storage!(pool, is_postgres);
            // A write first: SQLite takes its write lock here, so the counts below hold.
            sqlx::query(EXPIRED).bind(new.now).execute(&mut *tx).await.map_err(StoreError::unavailable)?;
            let today: i64 = sqlx::query_scalar(UPLOADS_SINCE)
                .bind(new.client)
                .bind(new.now - DAY_MILLIS)
                .fetch_one(&mut *tx)
                .await
                .map_err(StoreError::unavailable)?;
            if today >= i64::from(caps.per_client_per_day) {
                return Err(StoreError::PerDay);
            }
            let in_use: i64 = sqlx::query(IN_USE)
                .fetch_one(&mut *tx)
                .await
                .and_then(|row| row.try_get::<i64, _>(0))
                .map_err(StoreError::unavailable)?;
            if (in_use + size) as u64 > caps.storage_bytes {
                return Err(StoreError::Full);
            }
            sqlx::query(INSERT)
                .bind(new.id)
                .bind(new.now)
                .bind(new.expires_at)
                .bind(new.client)
                .bind(&files.name)
                .bind(&levels)
                .bind(size)
                .bind(&files.archive)
                .execute(&mut *tx)
                .await
                .map_err(StoreError::unavailable)?;
            tx.commit().await.map_err(StoreError::unavailable)
        })
    }

    /// The buildings `client` stored since `since`.
    pub(crate) async fn uploads_since(&self, client: &str, since: i64) -> Result<i64, StoreError> {
        with_pool!(self, pool => {
            sqlx::query_scalar(UPLOADS_SINCE)
                .bind(client)
                .bind(since)
                .fetch_one(pool)
                .await
                .map_err(StoreError::unavailable)
        })
    }

    /// The building `id`, unless it expired.
    pub(crate) async fn building(
        &self,
        id: &str,
        now: i64,
    ) -> Result<Option<BuildingRow>, StoreError> {
        const SELECT: &str = "SELECT id, created_at, expires_at, name, levels, version, \
             archive_bytes FROM buildings WHERE id = $1 AND expires_at > $2";
        with_pool!(self, pool => {
            sqlx::query_as::<_, BuildingRow>(SELECT)
                .bind(id)
                .bind(now)
                .fetch_optional(pool)
                .await
                .map_err(StoreError::unavailable)
        })
    }

    /// The archive of the building `id`, unless it expired.
    pub(crate) async fn building_archive(
        &self,
        id: &str,
        now: i64,
    ) -> Result<Option<Vec<u8>>, StoreError> {
        const SELECT: &str = "SELECT archive FROM buildings WHERE id = $1 AND expires_at > $2";
        with_pool!(self, pool => {
            sqlx::query_scalar::<_, Vec<u8>>(SELECT)
                .bind(id)
                .bind(now)
                .fetch_optional(pool)
                .await
                .map_err(StoreError::unavailable)
        })
    }

    /// Stores `edit` as the next version of the building it names, unless that building moved
    /// past the version the edit was made to (then [`StoreError::Conflict`] with the stored
    /// version) or is gone (`Ok(false)`).
    pub(crate) async fn save_edit(
        &self,
        edit: &SavedEdit<'_>,
        storage_bytes: u64,
    ) -> Result<bool, StoreError> {
        // The storage's cap holds for an edit that grows a building as for an upload: the sum
        // with this building's new archive instead of its old one.
        const UPDATE: &str = "UPDATE buildings SET version = version + 1, name = $1, levels = $2, \
             archive_bytes = $3, archive = $4 WHERE id = $5 AND version = $6 AND expires_at > $7 \
             AND (SELECT COALESCE(SUM(archive_bytes), 0) FROM buildings) - archive_bytes + $3 <= $8";
        const VERSION: &str = "SELECT version FROM buildings WHERE id = $1 AND expires_at > $2";
        let files = edit.files;
        let levels = levels_json(&files.levels);
        let is_postgres = matches!(self, Pool::Postgres(_));
        let storage_bytes = i64::try_from(storage_bytes).unwrap_or(i64::MAX);
        let (updated, version) = with_pool!(self, pool => {
            let mut tx = counting_storage!(pool, is_postgres);
            let updated = sqlx::query(UPDATE)
                .bind(&files.name)
                .bind(&levels)
                .bind(files.archive.len() as i64)
                .bind(&files.archive)
                .bind(edit.id)
                .bind(edit.base)
                .bind(edit.now)
                .bind(storage_bytes)
                .execute(&mut *tx)
                .await
                .map(|done| done.rows_affected() > 0)
                .map_err(StoreError::unavailable)?;
            let version: Option<i64> = if updated {
                None
            } else {
                sqlx::query_scalar(VERSION)
                    .bind(edit.id)
                    .bind(edit.now)
                    .fetch_optional(&mut *tx)
                    .await
                    .map_err(StoreError::unavailable)?
            };
            tx.commit().await.map_err(StoreError::unavailable)?;
            Ok::<_, StoreError>((updated, version))
        })?;
        match (updated, version) {
            (true, _) => Ok(true),
            (false, Some(version)) if version == edit.base => Err(StoreError::Full),
            (false, Some(version)) => Err(StoreError::Conflict(version)),
            (false, None) => Ok(false),
        }
    }

    /// Deletes the building `id`; whether there was one.
    pub(crate) async fn delete_building(&self, id: &str) -> Result<bool, StoreError> {
        with_pool!(self, pool => {
            sqlx::query("DELETE FROM buildings WHERE id = $1")
                .bind(id)
                .execute(pool)
                .await
                .map(|done| done.rows_affected() > 0)
                .map_err(StoreError::unavailable)
        })
    }
}

impl StoreError {
    /// A database failure, logged with its cause.
    fn unavailable(error: impl std::fmt::Display) -> Self {
        tracing::error!(%error, "building storage failed");
        Self::Unavailable(error.to_string())
    }
}
