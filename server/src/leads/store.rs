//! The enquiry tables' statements, on either backend of the site's database (`crate::database`).

pub(crate) use super::schema::{LeadRow, OutboxRow};
use super::{CleanLead, HourlyCaps, Inserted, Origin, Status, StoreError};
pub(crate) use crate::database::Pool;
use crate::database::with_pool;

/// Rows of the admin list and the JSON page size.
pub(crate) const PAGE_SIZE: u32 = 50;

/// The window of `leads.accepted_per_hour`.
pub(crate) const HOUR_MILLIS: i64 = 3_600_000;

/// PostgreSQL advisory lock taken by each enquiry's transaction ("SITELEAD" in ASCII), so that
/// counting the last hour's enquiries and adding one is atomic across replicas.
const ENQUIRY_LOCK: i64 = 0x5349_5445_4c45_4144;

const LEAD_COLUMNS: &str = "l.id, l.created_at, l.status, l.name, l.company, l.phone, l.email, \
     l.scenario, l.scenario_label, l.product, l.product_label, l.message, l.page, l.variant, \
     l.user_agent, l.unannounced, (SELECT COUNT(*) FROM lead_outbox o WHERE o.lead_id = l.id \
     AND o.delivered_at IS NULL) AS pending, (SELECT COUNT(*) FROM lead_outbox o \
     WHERE o.lead_id = l.id AND o.dead_at IS NOT NULL) AS dead";

/// What a new enquiry stores besides the cleaned fields.
pub(crate) struct NewLead<'a> {
    pub(crate) lead: &'a CleanLead,
    pub(crate) origin: &'a Origin,
    pub(crate) scenario_label: &'a str,
    pub(crate) product_label: &'a str,
}

/// A filter of the list and export, in SQL.
pub(crate) struct Filter {
    q: String,
    status: Option<Status>,
}

impl Filter {
    pub(crate) fn new(q: &str, status: Option<Status>) -> Self {
        Self {
            q: q.trim().to_owned(),
            status,
        }
    }

    /// The WHERE clause and its parameters, numbered from $1.
    fn sql(&self) -> (String, Vec<String>) {
        let mut clauses = Vec::new();
        let mut params = Vec::new();
        if let Some(status) = self.status {
            params.push(status.as_str().to_owned());
            clauses.push(format!("l.status = ${}", params.len()));
        }
        if !self.q.is_empty() {
            params.push(format!("%{}%", escape_like(&self.q)));
            let n = params.len();
            let matches: Vec<String> = ["name", "company", "phone", "email", "message"]
                .iter()
                .map(|column| format!("LOWER(l.{column}) LIKE LOWER(${n}) ESCAPE '\\'"))
                .collect();
            clauses.push(format!("({})", matches.join(" OR ")));
        }
        if clauses.is_empty() {
            (String::new(), params)
        } else {
            (format!(" WHERE {}", clauses.join(" AND ")), params)
        }
    }
}

/// `%` and `_` typed by sales are literal characters, not wildcards.
fn escape_like(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '\\' | '%' | '_') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Turns a database failure into what the HTTP layer understands, logging the cause.
fn unavailable(error: impl std::fmt::Display) -> StoreError {
    tracing::error!(%error, "enquiry storage failed");
    StoreError::Unavailable(error.to_string())
}

impl Pool {
    /// Inserts the enquiry and one outbox row per channel in one transaction, unless
    /// `caps.stored` enquiries were stored in the hour before `now`, and writes its notices
    /// unless `caps.notified` were; returns after the commit. The caps are counted from the
    /// table, so they hold for every server sharing the database and across restarts.
    pub(crate) async fn insert(
        &self,
        id: &str,
        now: i64,
        new: NewLead<'_>,
        channels: &[&str],
        caps: HourlyCaps,
    ) -> Result<Inserted, StoreError> {
        // One statement counts and inserts: SQLite takes its write lock before the count, and
        // PostgreSQL runs it under ENQUIRY_LOCK.
        const INSERT_LEAD: &str = "INSERT INTO leads (id, created_at, updated_at, status, name, \
             company, phone, email, scenario, scenario_label, product, product_label, message, \
             page, variant, user_agent) SELECT $1, $2, $2, $3, $4, $5, $6, $7, $8, $9, $10, \
             $11, $12, $13, $14, $15 \
             WHERE (SELECT COUNT(*) FROM leads WHERE created_at > $16) < $17";
        const INSERT_OUTBOX: &str = "INSERT INTO lead_outbox (id, lead_id, channel, created_at, \
             attempts, next_attempt_at) VALUES ($1, $2, $3, $4, 0, $4)";
        // Counted after the insert, under the same lock: this enquiry included.
        const STORED_SINCE: &str = "SELECT COUNT(*) FROM leads WHERE created_at > $1";
        let NewLead {
            lead,
            origin,
            scenario_label,
            product_label,
        } = new;
        let is_postgres = matches!(self, Pool::Postgres(_));
        with_pool!(self, pool => {
            let mut tx = pool.begin().await.map_err(unavailable)?;
            if is_postgres {
                sqlx::query("SELECT pg_advisory_xact_lock($1)")
                    .bind(ENQUIRY_LOCK)
                    .execute(&mut *tx)
                    .await
                    .map_err(unavailable)?;
            }
            let inserted = sqlx::query(INSERT_LEAD)
                .bind(id)
                .bind(now)
                .bind(Status::New.as_str())
                .bind(&lead.name)
                .bind(&lead.company)
                .bind(&lead.phone)
                .bind(&lead.email)
                .bind(&lead.scenario)
                .bind(scenario_label)
                .bind(&lead.product)
                .bind(product_label)
                .bind(&lead.message)
                .bind(&origin.page)
                .bind(&origin.variant)
                .bind(&origin.user_agent)
                .bind(now - HOUR_MILLIS)
                .bind(i64::from(caps.stored))
                .execute(&mut *tx)
                .await
                .map_err(unavailable)?
                .rows_affected();
            if inserted == 0 {
                tx.rollback().await.map_err(unavailable)?;
                return Ok(Inserted::OverCap);
            }
            let stored: i64 = sqlx::query_scalar(STORED_SINCE)
                .bind(now - HOUR_MILLIS)
                .fetch_one(&mut *tx)
                .await
                .map_err(unavailable)?;
            let notified = stored <= i64::from(caps.notified);
            if !notified && !channels.is_empty() {
                sqlx::query("UPDATE leads SET unannounced = 1 WHERE id = $1")
                    .bind(id)
                    .execute(&mut *tx)
                    .await
                    .map_err(unavailable)?;
            }
            for channel in channels.iter().filter(|_| notified) {
                sqlx::query(INSERT_OUTBOX)
                    .bind(uuid::Uuid::now_v7().to_string())
                    .bind(id)
                    .bind(*channel)
                    .bind(now)
                    .execute(&mut *tx)
                    .await
                    .map_err(unavailable)?;
            }
            tx.commit().await.map_err(unavailable)?;
            Ok(Inserted::Stored { notified })
        })
    }

    /// When the oldest enquiry stored after `since` was stored, if any.
    pub(crate) async fn oldest_since(&self, since: i64) -> Result<Option<i64>, StoreError> {
        const OLDEST: &str = "SELECT MIN(created_at) FROM leads WHERE created_at > $1";
        with_pool!(self, pool => {
            sqlx::query_scalar::<_, Option<i64>>(OLDEST)
                .bind(since)
                .fetch_one(pool)
                .await
                .map_err(unavailable)
        })
    }

    /// One page of matches, newest first, and the number of all matches.
    pub(crate) async fn page(
        &self,
        filter: &Filter,
        page: u32,
    ) -> Result<(Vec<LeadRow>, u64), StoreError> {
        let (clause, params) = filter.sql();
        let offset = u64::from(page.max(1) - 1) * u64::from(PAGE_SIZE);
        let select = format!(
            "SELECT {LEAD_COLUMNS} FROM leads l{clause} ORDER BY l.created_at DESC, l.id DESC \
             LIMIT {PAGE_SIZE} OFFSET {offset}"
        );
        let count = format!("SELECT COUNT(*) FROM leads l{clause}");
        with_pool!(self, pool => {
            let mut query = sqlx::query_as::<_, LeadRow>(&select);
            let mut counting = sqlx::query_scalar::<_, i64>(&count);
            for param in &params {
                query = query.bind(param);
                counting = counting.bind(param);
            }
            let rows = query.fetch_all(pool).await.map_err(unavailable)?;
            let total = counting.fetch_one(pool).await.map_err(unavailable)?;
            Ok((rows, u64::try_from(total).unwrap_or(0)))
        })
    }

    /// Every match, newest first (the export).
    pub(crate) async fn all(&self, filter: &Filter) -> Result<Vec<LeadRow>, StoreError> {
        let (clause, params) = filter.sql();
        let select = format!(
            "SELECT {LEAD_COLUMNS} FROM leads l{clause} ORDER BY l.created_at DESC, l.id DESC"
        );
        with_pool!(self, pool => {
            let mut query = sqlx::query_as::<_, LeadRow>(&select);
            for param in &params {
                query = query.bind(param);
            }
            query.fetch_all(pool).await.map_err(unavailable)
        })
    }

    pub(crate) async fn get(&self, id: &str) -> Result<Option<LeadRow>, StoreError> {
        let select = format!("SELECT {LEAD_COLUMNS} FROM leads l WHERE l.id = $1");
        with_pool!(self, pool => {
            sqlx::query_as::<_, LeadRow>(&select)
                .bind(id)
                .fetch_optional(pool)
                .await
                .map_err(unavailable)
        })
    }

    /// False when no enquiry has that id.
    pub(crate) async fn set_status(
        &self,
        id: &str,
        status: Status,
        now: i64,
    ) -> Result<bool, StoreError> {
        const UPDATE: &str = "UPDATE leads SET status = $1, updated_at = $2 WHERE id = $3";
        let affected = with_pool!(self, pool => {
            sqlx::query(UPDATE)
                .bind(status.as_str())
                .bind(now)
                .bind(id)
                .execute(pool)
                .await
                .map_err(unavailable)?
                .rows_affected()
        });
        Ok(affected > 0)
    }

    /// Undelivered rows of these channels that are due and not leased by another worker.
    pub(crate) async fn due(
        &self,
        now: i64,
        channels: &[&str],
        limit: u32,
    ) -> Result<Vec<OutboxRow>, sqlx::Error> {
        let channels = sql_list(channels);
        let select = format!(
            "SELECT id, lead_id, channel, created_at, attempts FROM lead_outbox WHERE delivered_at IS NULL \
             AND dead_at IS NULL AND next_attempt_at <= $1 AND (claimed_until IS NULL OR claimed_until < $1) \
             AND channel IN ({channels}) ORDER BY next_attempt_at LIMIT {limit}"
        );
        with_pool!(self, pool => {
            sqlx::query_as::<_, OutboxRow>(&select).bind(now).fetch_all(pool).await
        })
    }

    /// The earliest time an undelivered row of these channels becomes due, if any.
    pub(crate) async fn next_due(&self, channels: &[&str]) -> Result<Option<i64>, sqlx::Error> {
        let channels = sql_list(channels);
        let select = format!(
            "SELECT MIN(CASE WHEN claimed_until IS NOT NULL AND claimed_until > next_attempt_at \
             THEN claimed_until ELSE next_attempt_at END) FROM lead_outbox \
             WHERE delivered_at IS NULL AND dead_at IS NULL AND channel IN ({channels})"
        );
        with_pool!(self, pool => {
            sqlx::query_scalar::<_, Option<i64>>(&select).fetch_one(pool).await
        })
    }

    /// Takes the lease on a row; false when another worker holds it, or it was delivered or
    /// given up.
    pub(crate) async fn claim(&self, id: &str, now: i64, until: i64) -> Result<bool, sqlx::Error> {
        const CLAIM: &str = "UPDATE lead_outbox SET claimed_until = $1 WHERE id = $2 \
             AND delivered_at IS NULL AND dead_at IS NULL \
             AND (claimed_until IS NULL OR claimed_until < $3)";
        let affected = with_pool!(self, pool => {
            sqlx::query(CLAIM)
                .bind(until)
                .bind(id)
                .bind(now)
                .execute(pool)
                .await?
                .rows_affected()
        });
        Ok(affected == 1)
    }

    pub(crate) async fn delivered(&self, id: &str, now: i64) -> Result<(), sqlx::Error> {
        const DELIVERED: &str = "UPDATE lead_outbox SET delivered_at = $1, \
             attempts = attempts + 1, claimed_until = NULL, last_error = NULL WHERE id = $2";
        with_pool!(self, pool => {
            sqlx::query(DELIVERED).bind(now).bind(id).execute(pool).await?;
        });
        Ok(())
    }

    pub(crate) async fn failed(
        &self,
        id: &str,
        error: &str,
        next_attempt_at: i64,
    ) -> Result<(), sqlx::Error> {
        const FAILED: &str = "UPDATE lead_outbox SET attempts = attempts + 1, last_error = $1, \
             next_attempt_at = $2, claimed_until = NULL WHERE id = $3";
        with_pool!(self, pool => {
            sqlx::query(FAILED)
                .bind(error)
                .bind(next_attempt_at)
                .bind(id)
                .execute(pool)
                .await?;
        });
        Ok(())
    }

    /// Gives a row up after its last failed attempt; false when it was already given up or
    /// delivered (by another worker whose lease ran out), so the caller logs it only once.
    pub(crate) async fn gave_up(
        &self,
        id: &str,
        error: &str,
        now: i64,
    ) -> Result<bool, sqlx::Error> {
        const GAVE_UP: &str = "UPDATE lead_outbox SET attempts = attempts + 1, last_error = $1, \
             dead_at = $2, claimed_until = NULL WHERE id = $3 AND dead_at IS NULL \
             AND delivered_at IS NULL";
        let affected = with_pool!(self, pool => {
            sqlx::query(GAVE_UP)
                .bind(error)
                .bind(now)
                .bind(id)
                .execute(pool)
                .await?
                .rows_affected()
        });
        Ok(affected == 1)
    }

    /// How many enquiries have a notice that was given up (whatever the list's filter).
    pub(crate) async fn undeliverable(&self) -> Result<u64, StoreError> {
        const COUNT: &str =
            "SELECT COUNT(DISTINCT lead_id) FROM lead_outbox WHERE dead_at IS NOT NULL";
        let count = with_pool!(self, pool => {
            sqlx::query_scalar::<_, i64>(COUNT)
                .fetch_one(pool)
                .await
                .map_err(unavailable)?
        });
        Ok(u64::try_from(count).unwrap_or(0))
    }
}

/// Channels as an SQL list: `'wechat', 'email'`. They are fixed words, never input, so they are
/// safe to inline.
fn sql_list(channels: &[&str]) -> String {
    channels
        .iter()
        .map(|channel| format!("'{channel}'"))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn like_wildcards_typed_by_sales_are_literal() {
        assert_eq!(escape_like("100%_a\\b"), "100\\%\\_a\\\\b");
    }

    #[test]
    fn filters_number_their_parameters() {
        let (clause, params) = Filter::new(" 张 ", Some(Status::Closed)).sql();
        assert_eq!(params, ["closed", "%张%"]);
        assert!(clause.starts_with(" WHERE l.status = $1 AND (LOWER(l.name) LIKE LOWER($2)"));
        let (clause, params) = Filter::new("", None).sql();
        assert_eq!((clause.as_str(), params.len()), ("", 0));
    }
}
