//! Plans' answers in the site's database (migration 20261206000000_plan_answers), so the servers
//! of one database share them: a plan one replica made is sent at once by another. Bounded: the
//! newest [`SHARED_PLANS`] are kept, none larger than [`ANSWER_BYTES`]. A database that fails
//! costs only the sharing: the plan is made here instead (the caller logs and goes on).

use crate::database::{Pool, with_pool};

/// Answers kept: at a plan a minute (each costs its client seconds of its hourly budget), a few
/// hours of them, 50 MB at the very most.
pub(crate) const SHARED_PLANS: i64 = 200;
/// An answer larger than this is kept by its server alone: the demo mall's BLE plan (1,079
/// beacons, about 100 KB) fits, a layout of 2,000 devices (180 KB) too.
pub(crate) const ANSWER_BYTES: usize = 256 * 1024;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::DatabaseTarget;

    /// On a real SQLite file: an answer kept is read back, a key kept once stays as it was,
    /// only the newest SHARED_PLANS stay, and an answer past ANSWER_BYTES is not kept.
    #[tokio::test]
    async fn answers_are_kept_once_the_newest_stay_and_large_ones_are_not_kept() {
        let dir = tempfile::tempdir().unwrap();
        let target = DatabaseTarget::Sqlite(dir.path().join("site.sqlite3"));
        let pool = Pool::lazy(&target).unwrap();
        pool.migrate(&target).await.unwrap();
        pool.keep_plan_answer("a", 1, "{\"n\":1}").await.unwrap();
        pool.keep_plan_answer("a", 2, "{\"n\":2}").await.unwrap();
        assert_eq!(
            pool.plan_answer("a").await.unwrap().as_deref(),
            Some("{\"n\":1}")
        );
        assert_eq!(pool.plan_answer("b").await.unwrap(), None);
        for n in 0..SHARED_PLANS + 5 {
            pool.keep_plan_answer(&format!("k{n}"), 10 + n, "{}")
                .await
                .unwrap();
        }
        assert_eq!(
            pool.plan_answer("a").await.unwrap(),
            None,
            "the oldest went"
        );
        assert_eq!(pool.plan_answer("k4").await.unwrap(), None);
        assert!(pool.plan_answer("k5").await.unwrap().is_some());
        let large = "x".repeat(ANSWER_BYTES + 1);
        pool.keep_plan_answer("large", 1_000, &large).await.unwrap();
        assert_eq!(pool.plan_answer("large").await.unwrap(), None);
    }
}
