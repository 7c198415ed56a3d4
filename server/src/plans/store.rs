//! Plans' answers in the site's database (migration 20261206000000_plan_answers), so the servers
//! of one database share them: a plan one replica made is sent at once by another. Bounded: the
//! newest [`SHARED_PLANS`] are kept, none larger than [`ANSWER_BYTES`]. A database that fails
//! costs only the sharing: the plan is made here instead (the caller logs and goes on).

use crate::database::{Pool, with_pool};

/// Answers kept: at a plan a minute (each costs its client seconds of its hourly budget), a
/// few hours of them; the demo mall's BLE plan, the largest, is about 100 KB.
pub(crate) const SHARED_PLANS: i64 = 500;
/// An answer larger than this is kept by its server alone.
pub(crate) const ANSWER_BYTES: usize = 512 * 1024;

impl Pool {
    /// The answer kept under `key`.
    pub(crate) async fn plan_answer(&self, key: &str) -> Result<Option<String>, sqlx::Error> {
        const SELECT: &str = "SELECT answer FROM plan_answers WHERE key = $1";
        with_pool!(self, pool => {
            sqlx::query_scalar::<_, String>(SELECT)
                .bind(key)
                .fetch_optional(pool)
                .await
        })
    }

    /// Keeps `answer` under `key` (a key kept already stays as it is: the same request made on
    /// two servers at once gives the same plan), then drops all but the newest.
    pub(crate) async fn keep_plan_answer(
        &self,
        key: &str,
        now: i64,
        answer: &str,
    ) -> Result<(), sqlx::Error> {
        const INSERT: &str = "INSERT INTO plan_answers (key, created_at, answer) \
             VALUES ($1, $2, $3) ON CONFLICT (key) DO NOTHING";
        // The newest SHARED_PLANS stay; with fewer, the subquery is empty and nothing goes.
        const TRIM: &str = "DELETE FROM plan_answers WHERE created_at < (SELECT created_at \
             FROM plan_answers ORDER BY created_at DESC LIMIT 1 OFFSET $1)";
        if answer.len() > ANSWER_BYTES {
            return Ok(());
        }
        with_pool!(self, pool => {
            sqlx::query(INSERT)
                .bind(key)
                .bind(now)
                .bind(answer)
                .execute(pool)
                .await?;
            sqlx::query(TRIM)
                .bind(SHARED_PLANS - 1)
                .execute(pool)
                .await?;
            Ok(())
        })
    }
}
