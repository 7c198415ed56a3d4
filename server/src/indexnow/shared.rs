//! IndexNow with several servers on one PostgreSQL database (issue #16): a run holds a lease in
//! the database (like the outbox's rows), so one server submits at a time, and the record of
//! what was accepted lives in the database instead of each server's data directory. A replica
//! that starts while another submits waits for the lease, then finds nothing left to send: a
//! change is submitted once, not once per replica. A holder that dies lets the lease run out.

use std::collections::BTreeMap;
use std::time::Duration;

use sqlx::PgPool;

use super::plan::Change;
use super::state::State;
use crate::leads::time::now_millis;

/// The lease's name in the `leases` table.
const LEASE: &str = "indexnow";
/// How long a lease lasts without renewal: longer than one batch with all its retries
/// (3 retries of at most a minute's wait and 10 s each, by default); renewed after each.
const LEASE_MILLIS: i64 = 10 * 60_000;
/// How often a server waiting for the lease asks again.
const WAIT_STEP: Duration = Duration::from_secs(2);

/// The lease, held by this server until released or run out.
pub(super) struct Lease {
    pool: PgPool,
    holder: String,
}

impl Lease {
    /// Takes the lease, waiting while another server holds it.
    pub(super) async fn take(pool: &PgPool) -> sqlx::Result<Lease> {
        let lease = Lease {
            pool: pool.clone(),
            holder: uuid::Uuid::now_v7().to_string(),
        };
        let mut said = false;
        while !lease.renew().await? {
            if !said {
                tracing::info!("IndexNow: another server is submitting; waiting for it to finish");
                said = true;
            }
            tokio::time::sleep(WAIT_STEP).await;
        }
        Ok(lease)
    }

    /// Takes or extends the lease; false when another server holds it.
    pub(super) async fn renew(&self) -> sqlx::Result<bool> {
        const TAKE: &str = "INSERT INTO leases (name, holder, expires_at) VALUES ($1, $2, $3) \
             ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, \
             expires_at = EXCLUDED.expires_at \
             WHERE leases.expires_at < $4 OR leases.holder = EXCLUDED.holder RETURNING holder";
        let now = now_millis();
        let taken = sqlx::query_scalar::<_, String>(TAKE)
            .bind(LEASE)
            .bind(&self.holder)
            .bind(now + LEASE_MILLIS)
            .bind(now)
            .fetch_optional(&self.pool)
            .await?;
        Ok(taken.is_some())
    }

    /// Lets the next server in at once; a release that fails leaves the lease to run out.
    pub(super) async fn release(self) {
        const RELEASE: &str = "DELETE FROM leases WHERE name = $1 AND holder = $2";
        if let Err(error) = sqlx::query(RELEASE)
            .bind(LEASE)
            .bind(&self.holder)
            .execute(&self.pool)
            .await
        {
            tracing::warn!(%error, "cannot release the IndexNow lease; it runs out by itself");
        }
    }
}

/// What was last accepted, from the database.
pub(super) async fn load(pool: &PgPool) -> sqlx::Result<State> {
    const SELECT: &str = "SELECT url, hash FROM indexnow_submitted";
    let rows: Vec<(String, String)> = sqlx::query_as(SELECT).fetch_all(pool).await?;
    Ok(State::from_urls(
        rows.into_iter().collect::<BTreeMap<_, _>>(),
    ))
}

/// Remembers an accepted batch, all of it or nothing.
pub(super) async fn record(pool: &PgPool, changes: &[Change]) -> sqlx::Result<()> {
    const UPSERT: &str = "INSERT INTO indexnow_submitted (url, hash) VALUES ($1, $2) \
         ON CONFLICT (url) DO UPDATE SET hash = EXCLUDED.hash";
    const FORGET: &str = "DELETE FROM indexnow_submitted WHERE url = $1";
    let mut transaction = pool.begin().await?;
    for change in changes {
        match &change.hash {
            Some(hash) => {
                sqlx::query(UPSERT)
                    .bind(&change.url)
                    .bind(hash)
                    .execute(&mut *transaction)
                    .await?
            }
            None => {
                sqlx::query(FORGET)
                    .bind(&change.url)
                    .execute(&mut *transaction)
                    .await?
            }
        };
    }
    transaction.commit().await
}
