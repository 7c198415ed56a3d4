//! IndexNow (issue #5): tells search engines which page addresses changed, from the server,
//! never from visitors' browsers. Runs in the background after start and from
//! `site submit-urls`; a failure is logged and never stops the site. No HTTP server types.
//! Servers sharing PostgreSQL submit one at a time, from one shared record (`shared.rs`).

mod plan;
mod shared;
mod state;
mod submit;

use std::path::PathBuf;

use http::StatusCode;

pub use plan::{Batch, OriginUrls};

use crate::config::Config;
use crate::site::{Device, Region, Site, Variant};

#[derive(Debug, thiserror::Error)]
pub enum IndexNowError {
    #[error("cannot build the HTTP client for IndexNow: {0}")]
    Client(reqwest::Error),
    #[error("the endpoint refused the submission with status {status}: {body}")]
    Refused { status: u16, body: String },
    #[error("no answer accepted the submission after {attempts} attempts; last: {last}")]
    GaveUp { attempts: u32, last: String },
}

/// What one run did, for the log and the exit status of `site submit-urls`.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Report {
    /// Addresses in accepted batches.
    pub accepted: usize,
    /// Addresses in batches that were refused or never answered.
    pub failed: usize,
    /// Accepted batches whose state could not be saved (so they will be sent again).
    pub unsaved: usize,
}

impl Report {
    pub fn succeeded(&self) -> bool {
        self.failed == 0 && self.unsaved == 0
    }
}

/// The configured submitter; exists only when a key is configured.
pub struct Submitter {
    key: String,
    key_path: String,
    batch_size: usize,
    state_path: PathBuf,
    endpoint: submit::Endpoint,
    /// The database servers share, when they do: it holds the record and the lease instead of
    /// `<data_dir>/indexnow/state.json`.
    shared: Option<sqlx::PgPool>,
}

/// The submissions one run would make.
pub struct Plan {
    batches: Vec<Batch>,
    state: state::State,
}

#[derive(Debug, thiserror::Error)]
#[error("the shared database does not answer: {0}")]
pub struct SharedDatabaseError(#[from] sqlx::Error);

impl Plan {
    pub fn batches(&self) -> &[Batch] {
        &self.batches
    }
}

/// Each origin's indexable pages, with the hash of the desktop body that origin serves (the
/// page a crawler of that origin reads, and what its ETag names).
pub fn current_urls(site: &Site) -> Vec<OriginUrls> {
    let mut origins: Vec<OriginUrls> = Vec::new();
    for region in Region::ALL {
        let origin = site.origin(region);
        // Two regions configured with one origin are one site to search engines.
        if origins.iter().any(|known| known.origin == origin) {
            continue;
        }
        let host = url::Url::parse(origin)
            .ok()
            .and_then(|url| url.host_str().map(str::to_owned))
            .unwrap_or_default();
        let desktop = Variant::new(Device::Desktop, region);
        let pages = site
            .indexed_pages()
            .map(|(path, page)| {
                (
                    format!("{origin}{path}"),
                    format!("{:016x}", page.body(desktop).hash()),
                )
            })
            .collect();
        origins.push(OriginUrls {
            origin: origin.to_owned(),
            host,
            pages,
        });
    }
    origins
}

impl Submitter {
    /// None when IndexNow is disabled (no `indexnow.key`).
    pub fn new(config: &Config) -> Result<Option<Self>, IndexNowError> {
        let Some(key_path) = config.indexnow.key_path() else {
            return Ok(None);
        };
        Ok(Some(Self {
            key: config.indexnow.key.clone(),
            key_path,
            batch_size: config.indexnow.batch_size,
            state_path: state::state_path(&config.data_dir),
            endpoint: submit::Endpoint::new(&config.indexnow)?,
            shared: None,
        }))
    }

    /// Keeps the record in `pool`, shared with the other servers on it, and submits under
    /// its lease.
    pub fn sharing(mut self, pool: Option<sqlx::PgPool>) -> Self {
        self.shared = pool;
        self
    }

    /// The batches of addresses changed since the last accepted submission.
    pub async fn plan(&self, current: &[OriginUrls]) -> Result<Plan, SharedDatabaseError> {
        let state = match &self.shared {
            Some(pool) => shared::load(pool).await?,
            None => {
                let path = self.state_path.clone();
                tokio::task::spawn_blocking(move || state::load(&path))
                    .await
                    .unwrap_or_default()
            }
        };
        let batches = plan::batches(current, &state, &self.key_path, self.batch_size);
        Ok(Plan { batches, state })
    }

    /// Plans and submits; with a shared database under its lease, so the plan is made from
    /// what the servers before this one had accepted.
    pub async fn plan_and_submit(
        &self,
        current: &[OriginUrls],
    ) -> Result<(usize, Report), SharedDatabaseError> {
        let lease = match &self.shared {
            Some(pool) => Some(shared::Lease::take(pool).await?),
            None => None,
        };
        let planned = self.plan(current).await;
        let done = match planned {
            Ok(plan) => {
                let pending = plan.batches.iter().map(Batch::len).sum();
                Ok((pending, self.submit(plan, lease.as_ref()).await))
            }
            Err(error) => Err(error),
        };
        if let Some(lease) = lease {
            lease.release().await;
        }
        done
    }

    /// The request body of `batch`.
    pub fn body(&self, batch: &Batch) -> String {
        batch.body(&self.key)
    }

    /// Sends each batch, recording every accepted one at once (and renewing the lease).
    async fn submit(&self, plan: Plan, lease: Option<&shared::Lease>) -> Report {
        let Plan { batches, mut state } = plan;
        let mut report = Report::default();
        for (index, batch) in batches.iter().enumerate() {
            if let Some(lease) = lease
                && index > 0
                && !lease.renew().await.unwrap_or(false)
            {
                tracing::warn!("IndexNow: the lease was lost; the rest is left to the next run");
                report.failed += batches[index..].iter().map(Batch::len).sum::<usize>();
                break;
            }
            match self.endpoint.post(batch.host(), self.body(batch)).await {
                Ok(status) => {
                    tracing::info!(
                        host = batch.host(),
                        urls = batch.len(),
                        status = status.as_u16(),
                        "IndexNow submission accepted"
                    );
                    report.accepted += batch.len();
                    for change in &batch.changes {
                        state.record(change);
                    }
                    let saved = match &self.shared {
                        Some(pool) => shared::record(pool, &batch.changes)
                            .await
                            .map_err(|error| error.to_string()),
                        None => self.save(&state).await.map_err(|error| error.to_string()),
                    };
                    if let Err(error) = saved {
                        tracing::warn!(
                            path = %self.state_path.display(),
                            shared = self.shared.is_some(),
                            %error,
                            "cannot save the IndexNow state; these pages will be submitted again"
                        );
                        report.unsaved += 1;
                    }
                }
                Err(error) => {
                    tracing::warn!(host = batch.host(), urls = batch.len(), %error, "IndexNow submission failed");
                    report.failed += batch.len();
                }
            }
        }
        report
    }

    async fn save(&self, state: &state::State) -> std::io::Result<()> {
        let path = self.state_path.clone();
        let state = state.clone();
        tokio::task::spawn_blocking(move || state::save(&path, &state))
            .await
            .unwrap_or_else(|panic| Err(std::io::Error::other(panic.to_string())))
    }

    /// The background run after start: plan, submit, log the outcome.
    pub async fn run(self, current: Vec<OriginUrls>) -> Report {
        let (pending, report) = match self.plan_and_submit(&current).await {
            Ok(done) => done,
            Err(error) => {
                tracing::warn!(%error, "IndexNow run not made; the next start tries again");
                return Report::default();
            }
        };
        tracing::info!(
            pending,
            accepted = report.accepted,
            failed = report.failed,
            unsaved = report.unsaved,
            "IndexNow run finished"
        );
        report
    }
}

/// The protocol's 200 OK and 202 Accepted (key validation pending); anything else is not an
/// acceptance, so the state is not updated.
fn is_accepted(status: StatusCode) -> bool {
    status == StatusCode::OK || status == StatusCode::ACCEPTED
}
