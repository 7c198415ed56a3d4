//! The enquiry limits kept in PostgreSQL, for servers sharing one database (issue #16): a
//! client gets one budget whichever replica answers it. Each client has a row per fixed window
//! with its two counts; the sliding window is the current window's count plus the previous
//! window's, weighed by the part of it still inside the sliding window (the estimate assumes
//! the previous window's submissions were spread evenly). Counting is one atomic upsert whose
//! condition is checked on the locked row, so concurrent submissions on several replicas never
//! pass the limit together. Windows that ended are purged.

use std::net::IpAddr;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use sqlx::PgPool;

use crate::limits::client_table::client_key;

/// A submission counted in the database, to give its accepted place back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Ticket {
    client: String,
    window_start: i64,
}

#[derive(Debug)]
pub(super) struct SharedLimits {
    window_millis: i64,
    max_accepted: i64,
    max_submissions: i64,
    /// When this server next deletes ended windows (Unix milliseconds).
    next_purge: AtomicI64,
}

/// One client's counts in one fixed window.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Counts {
    submissions: i64,
    accepted: i64,
}

impl SharedLimits {
    pub(super) fn new(window: Duration, max_accepted: u32, max_submissions: u32) -> Self {
        Self {
            window_millis: i64::try_from(window.as_millis()).unwrap_or(i64::MAX).max(1),
            max_accepted: i64::from(max_accepted),
            max_submissions: i64::from(max_submissions),
            next_purge: AtomicI64::new(0),
        }
    }

    /// Counts a submission from `ip` at `now` (Unix milliseconds), or says how long until the
    /// client may submit again. Refused submissions are not counted.
    pub(super) async fn check(
        &self,
        pool: &PgPool,
        ip: IpAddr,
        now: i64,
    ) -> Result<Result<Ticket, Duration>, sqlx::Error> {
        const COUNTS: &str = "SELECT window_start, submissions, accepted FROM enquiry_rate_limits \
             WHERE client = $1 AND window_start IN ($2, $3)";
        const COUNT: &str = "INSERT INTO enquiry_rate_limits (client, window_start, submissions, \
             accepted) VALUES ($1, $2, 1, 1) ON CONFLICT (client, window_start) DO UPDATE SET \
             submissions = enquiry_rate_limits.submissions + 1, \
             accepted = enquiry_rate_limits.accepted + 1 \
             WHERE enquiry_rate_limits.submissions < $3 AND enquiry_rate_limits.accepted < $4 \
             RETURNING submissions";
        self.purge_now_and_then(pool, now).await;
        let client = client_key(ip).to_string();
        let window = self.window_millis;
        let start = now - now.rem_euclid(window);
        let elapsed = now - start;
        let rows: Vec<(i64, i64, i64)> = sqlx::query_as(COUNTS)
            .bind(&client)
            .bind(start)
            .bind(start - window)
            .fetch_all(pool)
            .await?;
        let counts_of = |window_start: i64| {
            rows.iter()
                .find(|row| row.0 == window_start)
                .map(|&(_, submissions, accepted)| Counts {
                    submissions,
                    accepted,
                })
                .unwrap_or_default()
        };
        let (previous, mut current) = (counts_of(start - window), counts_of(start));
        let room_submissions = room(self.max_submissions, previous.submissions, elapsed, window);
        let room_accepted = room(self.max_accepted, previous.accepted, elapsed, window);
        if current.submissions < room_submissions && current.accepted < room_accepted {
            let counted = sqlx::query_scalar::<_, i64>(COUNT)
                .bind(&client)
                .bind(start)
                .bind(room_submissions)
                .bind(room_accepted)
                .fetch_optional(pool)
                .await?;
            if counted.is_some() {
                return Ok(Ok(Ticket {
                    client,
                    window_start: start,
                }));
            }
            // Another server counted the last places first: the row now says how many.
            let rows: Vec<(i64, i64, i64)> = sqlx::query_as(COUNTS)
                .bind(&client)
                .bind(start)
                .bind(start)
                .fetch_all(pool)
                .await?;
            if let Some(&(_, submissions, accepted)) = rows.first() {
                current = Counts {
                    submissions,
                    accepted,
                };
            }
        }
        let mut wait = 0;
        if current.submissions >= room_submissions {
            let count = (previous.submissions, current.submissions);
            wait = wait.max(wait_millis(self.max_submissions, count, elapsed, window));
        }
        if current.accepted >= room_accepted {
            let count = (previous.accepted, current.accepted);
            wait = wait.max(wait_millis(self.max_accepted, count, elapsed, window));
        }
        Ok(Err(Duration::from_millis(u64::try_from(wait).unwrap_or(0))))
    }

    /// The submission of `ticket` was not accepted: it keeps counting as a submission but
    /// gives its accepted place back.
    pub(super) async fn not_accepted(&self, pool: &PgPool, ticket: &Ticket) -> sqlx::Result<()> {
        const GIVE_BACK: &str = "UPDATE enquiry_rate_limits SET accepted = accepted - 1 \
             WHERE client = $1 AND window_start = $2 AND accepted > 0";
        sqlx::query(GIVE_BACK)
            .bind(&ticket.client)
            .bind(ticket.window_start)
            .execute(pool)
            .await?;
        Ok(())
    }

    /// Deletes the windows no check reads any more, at most once per window per server (any
    /// server's purge serves all).
    async fn purge_now_and_then(&self, pool: &PgPool, now: i64) {
        const PURGE: &str = "DELETE FROM enquiry_rate_limits WHERE window_start < $1";
        let due = self.next_purge.load(Ordering::Relaxed);
        if now < due
            || self
                .next_purge
                .compare_exchange(
                    due,
                    now + self.window_millis,
                    Ordering::Relaxed,
                    Ordering::Relaxed,
                )
                .is_err()
        {
            return;
        }
        let start = now - now.rem_euclid(self.window_millis);
        if let Err(error) = sqlx::query(PURGE)
            .bind(start - self.window_millis)
            .execute(pool)
            .await
        {
            tracing::warn!(%error, "cannot purge ended enquiry rate-limit windows; trying again later");
        }
    }
}

/// How many of a count the current window may hold, `elapsed` milliseconds into it: the limit
/// less the previous window's count weighed by the part of it still inside the sliding window.
/// The count may go on while it is below this (`floor(y) < n` exactly when `y < n`).
fn room(limit: i64, previous: i64, elapsed: i64, window: i64) -> i64 {
    limit - previous * (window - elapsed) / window
}

/// Milliseconds until a count of `(previous, current)` is below `limit` again, `elapsed`
/// milliseconds into the current window: later in this window when the current count alone
/// is below the limit, else in the next window, where this one's count becomes the previous.
fn wait_millis(limit: i64, (previous, current): (i64, i64), elapsed: i64, window: i64) -> i64 {
    // The earliest time `e` into a window where `count * (window - e) / window < room`.
    let earliest = |count: i64, room: i64| {
        if count <= 0 {
            0
        } else {
            (window - room * window / count + 1).max(0)
        }
    };
    if current < limit {
        (earliest(previous, limit - current) - elapsed).max(1)
    } else {
        window - elapsed + earliest(current, limit).max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const W: i64 = 600_000;

    #[test]
    fn the_previous_window_counts_for_the_part_still_inside() {
        // Five accepted at the end of the previous window leave no room at the start of this
        // one: a client cannot double its budget at a window's edge.
        assert_eq!(room(5, 5, 0, W), 0);
        assert_eq!(room(5, 5, W / 2, W), 3);
        assert_eq!(room(5, 5, W - 1, W), 5);
        assert_eq!(room(5, 0, 0, W), 5);
    }

    #[test]
    fn waits_end_when_the_count_is_below_the_limit() {
        // Full in this window: to its end, then until this window's count weighs below 5.
        assert_eq!(wait_millis(5, (0, 5), 0, W), W + 1);
        assert_eq!(wait_millis(5, (0, 10), W / 4, W), 3 * W / 4 + W / 2 + 1);
        // The previous window's 5 and this window's 2: room for one more once 5 * rest / W
        // drops below 3, at 2/5 of the window.
        let wait = wait_millis(5, (5, 2), W / 10, W);
        assert_eq!(wait, 2 * W / 5 + 1 - W / 10);
        let then = W / 10 + wait;
        assert!(2 < room(5, 5, then, W) && 2 >= room(5, 5, then - 2, W));
    }
}
