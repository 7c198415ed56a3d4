//! Business enquiries (issue #6): validation, storage (SQLite by default, PostgreSQL when
//! `database_url` says so), delivery to sales through an outbox, and the export. No HTTP types
//! here: `http/leads.rs` and `http/admin.rs` read requests and write responses.
//!
//! An enquiry is committed (with one outbox row per notification channel, in the same
//! transaction) before the visitor is answered; the outbox worker then tells sales. Storage
//! trouble degrades enquiries only: `Leads::start` never fails, and until the database is
//! reachable and migrated, calls answer [`StoreError::Unavailable`].

pub mod catalog;
mod csv;
mod decode;
mod field;
mod markdown;
mod outbox;
mod schema;
mod store;
pub(crate) mod time;
pub mod validate;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{Notify, watch};
use tokio::task::JoinHandle;

use crate::config::{Config, DatabaseTarget, redact_url};
use outbox::{Channel, Worker};
use store::{Filter, HOUR_MILLIS, LeadRow, NewLead, PAGE_SIZE, Pool};

pub use catalog::{Catalog, Choice};
pub use decode::{BodyFormat, Decoded, decode};
pub use field::Field;
pub use validate::{CleanLead, ErrorCode, FieldErrors, RawLead, validate};

/// Where an accepted enquiry came from, decided by the server (not by the visitor).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Origin {
    /// A known page path of the manifest, or "".
    pub page: String,
    /// `desktop-international`, `desktop-china` or `mobile` (crate::site::Variant's name).
    pub variant: String,
    /// Truncated to [`Field::UserAgent`]'s limit.
    pub user_agent: String,
}

/// Sales' progress on an enquiry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    New,
    Contacted,
    Closed,
}

impl Status {
    pub const ALL: [Status; 3] = [Status::New, Status::Contacted, Status::Closed];

    /// The stored and JSON name.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::New => "new",
            Status::Contacted => "contacted",
            Status::Closed => "closed",
        }
    }

    /// The status named `name`; None for anything else (the HTTP layer answers 422).
    pub fn parse(name: &str) -> Option<Status> {
        Status::ALL
            .into_iter()
            .find(|status| status.as_str() == name)
    }
}

/// A filter of the admin list and the CSV export.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(default)]
pub struct LeadQuery {
    /// Case-insensitive substring of name, company, phone, email or message; empty = all.
    pub q: String,
    /// None = every status.
    pub status: Option<Status>,
    /// 1-based page of 50, newest first (ignored by the export, which writes every match).
    pub page: u32,
}

/// A stored enquiry as sales see it (the admin JSON, see the contract, section 5).
#[derive(Debug, Clone, serde::Serialize)]
pub struct Lead {
    pub id: String,
    /// RFC 3339 in +08:00 (China Standard Time, no daylight saving).
    pub created_at: String,
    pub status: Status,
    pub name: String,
    pub company: String,
    pub phone: String,
    pub email: String,
    pub scenario: String,
    pub scenario_label: String,
    pub product: String,
    pub product_label: String,
    pub message: String,
    pub page: String,
    pub variant: String,
    pub variant_label: String,
    pub user_agent: String,
    /// Every configured notification channel has delivered it.
    pub delivered: bool,
    /// It came past the hourly cap of notices (`leads.notified_per_hour`): stored, but sales
    /// were not told of it one by one.
    pub unannounced: bool,
    /// A notice about it was given up after too many failed attempts: sales must follow it
    /// up without one.
    pub undeliverable: bool,
}

#[derive(Debug, Clone, serde::Serialize)]
pub struct LeadPage {
    pub leads: Vec<Lead>,
    pub total: u64,
    pub page: u32,
    pub page_size: u32,
    /// Enquiries, of any filter, with a notice that was given up.
    pub undeliverable: u64,
}

/// Why the storage could not answer. The HTTP layer maps these (503 / 404 / 500).
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database cannot be reached or written (down, full disk, not migrated yet).
    #[error("the enquiry store is unavailable: {0}")]
    Unavailable(String),
    #[error("no enquiry with id {0}")]
    NotFound(String),
}

/// Why an enquiry was not stored.
#[derive(Debug, thiserror::Error)]
pub enum SubmitError {
    #[error(transparent)]
    Store(#[from] StoreError),
    /// `leads.accepted_per_hour` enquiries were accepted in the last hour (issues #16 and
    /// #30): a flood from many addresses cannot fill the disk. Far above the notices' cap, so
    /// a few addresses cannot shut real prospects out. `retry_after` is when the oldest of
    /// them leaves the hour.
    #[error(
        "{max} enquiries were accepted in the last hour, as many as leads.accepted_per_hour allows"
    )]
    HourlyCap { max: u32, retry_after: Duration },
}

/// The site's hourly caps on enquiries, all clients together, counted in the database.
#[derive(Debug, Clone, Copy)]
pub(crate) struct HourlyCaps {
    /// Enquiries stored; beyond it, refused.
    pub(crate) stored: u32,
    /// Enquiries announced to sales; beyond it, stored without a notice.
    pub(crate) notified: u32,
}

impl HourlyCaps {
    fn of(config: &crate::config::LeadsConfig) -> Self {
        Self {
            stored: config.accepted_per_hour,
            notified: config.notified_per_hour,
        }
    }
}

/// What storing an enquiry did.
pub(crate) enum Inserted {
    /// Stored, with its notices unless the notices' cap was reached.
    Stored { notified: bool },
    /// Not stored: the cap of enquiries stored was reached.
    OverCap,
}

/// The running enquiry service. Cheap to clone (one `Arc`).
#[derive(Clone)]
pub struct Leads {
    inner: Arc<Inner>,
}

struct Inner {
    catalog: Catalog,
    /// None when the configured database cannot even be described (then always unavailable).
    pool: Option<Pool>,
    /// Why the store is not ready yet ("" once it is).
    problem: Mutex<String>,
    ready: watch::Receiver<bool>,
    channels: Vec<&'static str>,
    /// `leads.accepted_per_hour` and `leads.notified_per_hour`.
    caps: HourlyCaps,
    /// Enquiries stored without a notice are logged one line per period, with a count.
    unnotified_log: crate::limits::sampled_log::LogSampler,
    wake: Arc<Notify>,
    stop: watch::Sender<bool>,
    tasks: Mutex<Vec<JoinHandle<()>>>,
}

impl std::fmt::Debug for Leads {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("Leads")
            .field("ready", &*self.inner.ready.borrow())
            .field("channels", &self.inner.channels)
            .finish_non_exhaustive()
    }
}

/// How long `start` waits for the first migration before serving without it.
const START_WAIT: Duration = Duration::from_secs(3);
/// Retry interval bounds of the background migration.
const MIGRATE_RETRY_MIN: Duration = Duration::from_millis(500);
const MIGRATE_RETRY_MAX: Duration = Duration::from_secs(30);

impl Leads {
    /// Connects (lazily: a database that is down at start degrades enquiries only, pages
    /// still serve), runs the migrations (retrying in the background), and starts the
    /// outbox worker when a channel is configured.
    pub async fn start(config: &Config, catalog: Catalog) -> Leads {
        // Outbound HTTPS and PostgreSQL TLS use rustls with ring; a second install is a no-op.
        let _ = rustls::crypto::ring::default_provider().install_default();
        let (ready_tx, ready) = watch::channel(false);
        let (stop, stop_rx) = watch::channel(false);
        let wake = Arc::new(Notify::new());
        let target = config.database().map_err(|error| error.to_string());
        let pool = target.clone().and_then(|target| Pool::lazy(&target));
        let problem = match &pool {
            Ok(_) => "the database is not migrated yet".to_owned(),
            Err(error) => {
                tracing::error!(%error, "enquiries are unavailable: the database is misconfigured");
                error.clone()
            }
        };
        let channels = Channel::from_config(&config.leads);
        let inner = Arc::new(Inner {
            catalog: catalog.clone(),
            pool: pool.ok(),
            problem: Mutex::new(problem),
            ready,
            channels: channels.iter().map(Channel::name).collect(),
            caps: HourlyCaps::of(&config.leads),
            unnotified_log: crate::limits::sampled_log::LogSampler::default(),
            wake: Arc::clone(&wake),
            stop,
            tasks: Mutex::new(Vec::new()),
        });
        let leads = Leads { inner };
        if let (Some(pool), Ok(target)) = (leads.inner.pool.clone(), target) {
            let migrating = tokio::spawn(migrate_until_done(
                pool.clone(),
                target,
                ready_tx,
                Arc::clone(&leads.inner),
                stop_rx.clone(),
            ));
            leads.push_task(migrating);
            if !channels.is_empty() {
                let worker = Worker {
                    pool,
                    catalog,
                    channels,
                    delivery: config.leads.delivery.clone(),
                    wake,
                    ready: leads.inner.ready.clone(),
                    stop: stop_rx,
                };
                leads.push_task(tokio::spawn(worker.run()));
            }
            let mut ready = leads.inner.ready.clone();
            let _ = tokio::time::timeout(START_WAIT, ready.wait_for(|ready| *ready)).await;
        }
        leads
    }

    fn push_task(&self, task: JoinHandle<()>) {
        self.inner
            .tasks
            .lock()
            .expect("task list lock is never poisoned")
            .push(task);
    }

    /// The catalog the service labels with.
    pub fn catalog(&self) -> &Catalog {
        &self.inner.catalog
    }

    /// The pool, or Unavailable with the reason while it is not usable.
    fn pool(&self) -> Result<&Pool, StoreError> {
        match &self.inner.pool {
            Some(pool) if *self.inner.ready.borrow() => Ok(pool),
            _ => Err(StoreError::Unavailable(
                self.inner
                    .problem
                    .lock()
                    .expect("problem lock is never poisoned")
                    .clone(),
            )),
        }
    }

    /// The site's database once it is migrated, for the other tables it holds (visitors'
    /// buildings): the enquiry service starts and migrates it, and keeps whether it is ready.
    pub(crate) fn database(&self) -> Option<Pool> {
        self.pool().ok().cloned()
    }

    /// The PostgreSQL pool once it is migrated, for what servers sharing the database share
    /// besides enquiries (rate limits, the IndexNow lease); None with SQLite (one server) or
    /// while the database is not ready.
    pub(crate) fn shared_database(&self) -> Option<sqlx::PgPool> {
        match self.pool() {
            Ok(Pool::Postgres(pool)) => Some(pool.clone()),
            _ => None,
        }
    }

    /// [`Self::shared_database`], waiting for PostgreSQL to be ready (for as long as it
    /// takes: background work only). None at once with SQLite.
    pub(crate) async fn wait_for_shared_database(&self) -> Option<sqlx::PgPool> {
        if !matches!(self.inner.pool, Some(Pool::Postgres(_))) {
            return None;
        }
        let mut ready = self.inner.ready.clone();
        ready.wait_for(|ready| *ready).await.ok()?;
        self.shared_database()
    }

    /// Commits the enquiry and its outbox rows in one transaction, then wakes the worker.
    /// Returns the new id only after the commit; [`SubmitError::HourlyCap`] when the site's
    /// hourly cap left it unstored.
    pub async fn submit(&self, lead: CleanLead, origin: Origin) -> Result<String, SubmitError> {
        let pool = self.pool()?;
        let id = uuid::Uuid::now_v7().to_string();
        let catalog = &self.inner.catalog;
        let mut origin = origin;
        let max = Field::UserAgent
            .max_chars()
            .expect("user agents have a limit");
        origin.user_agent = origin.user_agent.chars().take(max).collect();
        let new = NewLead {
            lead: &lead,
            origin: &origin,
            scenario_label: catalog.scenario_label(&lead.scenario).unwrap_or_default(),
            product_label: catalog.product_label(&lead.product).unwrap_or_default(),
        };
        let now = time::now_millis();
        let caps = self.inner.caps;
        match pool
            .insert(&id, now, new, &self.inner.channels, caps)
            .await?
        {
            Inserted::OverCap => {
                let oldest = pool.oldest_since(now - HOUR_MILLIS).await?.unwrap_or(now);
                let wait = (oldest + HOUR_MILLIS - now).clamp(1000, HOUR_MILLIS);
                return Err(SubmitError::HourlyCap {
                    max: caps.stored,
                    retry_after: Duration::from_millis(u64::try_from(wait).unwrap_or(1000)),
                });
            }
            Inserted::Stored { notified: true } => {
                if !self.inner.channels.is_empty() {
                    self.inner.wake.notify_one();
                }
            }
            Inserted::Stored { notified: false } => {
                if let Some(left_out) = self.inner.unnotified_log.admit(std::time::Instant::now())
                    && !self.inner.channels.is_empty()
                {
                    tracing::warn!(
                        max = caps.notified,
                        left_out,
                        "enquiry stored without a notice: leads.notified_per_hour notices went out in the last hour; see /admin/leads"
                    );
                }
            }
        }
        Ok(id)
    }

    pub async fn list(&self, query: &LeadQuery) -> Result<LeadPage, StoreError> {
        let page = query.page.max(1);
        let pool = self.pool()?;
        let (rows, total) = pool
            .page(&Filter::new(&query.q, query.status), page)
            .await?;
        Ok(LeadPage {
            leads: rows.into_iter().map(|row| self.lead(row)).collect(),
            total,
            page,
            page_size: PAGE_SIZE,
            undeliverable: pool.undeliverable().await?,
        })
    }

    pub async fn get(&self, id: &str) -> Result<Lead, StoreError> {
        match self.pool()?.get(id).await? {
            Some(row) => Ok(self.lead(row)),
            None => Err(StoreError::NotFound(id.to_owned())),
        }
    }

    pub async fn set_status(&self, id: &str, status: Status) -> Result<Lead, StoreError> {
        if !self
            .pool()?
            .set_status(id, status, time::now_millis())
            .await?
        {
            return Err(StoreError::NotFound(id.to_owned()));
        }
        self.get(id).await
    }

    /// The CSV of every enquiry matching `query`: UTF-8 BOM, CRLF, labels from the catalog.
    pub async fn export_csv(&self, query: &LeadQuery) -> Result<Vec<u8>, StoreError> {
        let rows = self
            .pool()?
            .all(&Filter::new(&query.q, query.status))
            .await?;
        Ok(self.csv(rows))
    }

    fn csv(&self, rows: Vec<LeadRow>) -> Vec<u8> {
        let leads: Vec<(Lead, String)> = rows
            .into_iter()
            .map(|row| {
                let time = time::display_cst(row.created_at);
                (self.lead(row), time)
            })
            .collect();
        csv::write(&self.inner.catalog, &leads)
    }

    fn lead(&self, row: LeadRow) -> Lead {
        let catalog = &self.inner.catalog;
        let label = |stored: String, current: Option<&str>, value: &str| {
            if !stored.is_empty() {
                stored
            } else {
                current.unwrap_or(value).to_owned()
            }
        };
        Lead {
            created_at: time::rfc3339_cst(row.created_at),
            status: Status::parse(&row.status).unwrap_or(Status::New),
            scenario_label: label(
                row.scenario_label,
                catalog.scenario_label(&row.scenario),
                &row.scenario,
            ),
            product_label: label(
                row.product_label,
                catalog.product_label(&row.product),
                &row.product,
            ),
            variant_label: catalog.variant_label(&row.variant).to_owned(),
            delivered: row.pending == 0 && row.unannounced == 0,
            unannounced: row.unannounced != 0,
            undeliverable: row.dead > 0,
            id: row.id,
            name: row.name,
            company: row.company,
            phone: row.phone,
            email: row.email,
            scenario: row.scenario,
            product: row.product,
            message: row.message,
            page: row.page,
            variant: row.variant,
            user_agent: row.user_agent,
        }
    }

    /// Stops the worker and the migration retries (used at shutdown and by tests). A notice
    /// being sent gets a moment to finish; one cut off is sent again after its lease runs out.
    pub async fn shutdown(self) {
        let _ = self.inner.stop.send(true);
        let tasks: Vec<JoinHandle<()>> = std::mem::take(
            &mut *self
                .inner
                .tasks
                .lock()
                .expect("task list lock is never poisoned"),
        );
        for task in tasks {
            let abort = task.abort_handle();
            if tokio::time::timeout(Duration::from_secs(2), task)
                .await
                .is_err()
            {
                abort.abort();
            }
        }
        if let Some(pool) = &self.inner.pool {
            pool.close().await;
        }
    }
}

async fn migrate_until_done(
    pool: Pool,
    target: DatabaseTarget,
    ready: watch::Sender<bool>,
    inner: Arc<Inner>,
    mut stop: watch::Receiver<bool>,
) {
    let mut wait = MIGRATE_RETRY_MIN;
    loop {
        match pool.migrate(&target).await {
            Ok(()) => {
                inner
                    .problem
                    .lock()
                    .expect("problem lock is never poisoned")
                    .clear();
                let _ = ready.send(true);
                tracing::info!(database = %describe(&target), "enquiry storage ready");
                return;
            }
            Err(error) => {
                tracing::warn!(
                    database = %describe(&target),
                    %error,
                    retry_in_millis = wait.as_millis() as u64,
                    "enquiry storage unavailable; enquiries are refused until it answers"
                );
                *inner
                    .problem
                    .lock()
                    .expect("problem lock is never poisoned") = error;
            }
        }
        tokio::select! {
            () = tokio::time::sleep(wait) => {}
            _ = stop.changed() => return,
        }
        wait = (wait * 2).min(MIGRATE_RETRY_MAX);
    }
}

fn describe(target: &DatabaseTarget) -> String {
    match target {
        DatabaseTarget::Sqlite(path) => format!("sqlite {}", path.display()),
        DatabaseTarget::Postgres(url) => redact_url(url.expose()),
    }
}

/// `site export-leads`: the CSV of `query` from the configured database, without starting the
/// service (one connection attempt, migrations applied if missing).
pub async fn export_once(
    config: &Config,
    catalog: Catalog,
    query: &LeadQuery,
) -> anyhow::Result<Vec<u8>> {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let target = config.database()?;
    let pool = Pool::lazy(&target).map_err(anyhow::Error::msg)?;
    pool.migrate(&target).await.map_err(|error| {
        anyhow::anyhow!(
            "cannot open the enquiry database {}: {error}",
            describe(&target)
        )
    })?;
    let (_ready, ready) = watch::channel(true);
    let (stop, _) = watch::channel(false);
    let leads = Leads {
        inner: Arc::new(Inner {
            catalog,
            pool: Some(pool.clone()),
            problem: Mutex::new(String::new()),
            ready,
            channels: Vec::new(),
            caps: HourlyCaps::of(&config.leads),
            unnotified_log: crate::limits::sampled_log::LogSampler::default(),
            wake: Arc::new(Notify::new()),
            stop,
            tasks: Mutex::new(Vec::new()),
        }),
    };
    let csv = leads.export_csv(query).await;
    pool.close().await;
    Ok(csv?)
}

/// The shared PostgreSQL database of `config`, connected and migrated, for a command that
/// shares state with running servers (`site submit-urls`); None with SQLite.
pub async fn shared_database_once(config: &Config) -> anyhow::Result<Option<sqlx::PgPool>> {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let target = config.database()?;
    if !matches!(target, DatabaseTarget::Postgres(_)) {
        return Ok(None);
    }
    let pool = Pool::lazy(&target).map_err(anyhow::Error::msg)?;
    pool.migrate(&target).await.map_err(|error| {
        anyhow::anyhow!("cannot open the database {}: {error}", describe(&target))
    })?;
    match pool {
        Pool::Postgres(pool) => Ok(Some(pool)),
        Pool::Sqlite(_) => Ok(None),
    }
}

/// The file name sales get for an export made now: `leads-YYYYMMDD.csv` (date in +08:00).
pub fn export_file_name() -> String {
    format!("leads-{}.csv", time::date_compact_cst(time::now_millis()))
}
