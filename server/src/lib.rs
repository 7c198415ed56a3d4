//! The site's server: loads the pre-rendered web build from dist/, fills in deployment values,
//! and serves every page, asset and dynamic endpoint from memory.
//!
//! Run with `scripts/run` (builds the web part first) or `cargo run --release -p site-server`.

pub mod config;
mod http;
pub mod images;
pub mod indexnow;
pub mod leads;
mod rate_limit;
mod request_rate;
pub mod site;
pub mod venues;
mod weighted_list;

use std::future::Future;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

use anyhow::Context;
use tokio::net::TcpListener;

use config::Config;
use images::ImageService;
use indexnow::{OriginUrls, Submitter};
use leads::Leads;
use site::Site;
use venues::{Catalog, VenueExtras, VenueSource, Venues};

/// A loaded site bound to its listening socket, ready to serve.
pub struct Application {
    listener: TcpListener,
    router: axum::Router,
    options: http::ServeOptions,
    /// The IndexNow run to start once serving; None when disabled.
    indexnow: Option<(Submitter, Vec<OriginUrls>)>,
    /// The enquiry store, stopped after the last request is served.
    leads: Leads,
}

impl Application {
    /// Loads dist/ and binds the listen address. Fails with a message naming what to fix.
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        let started = Instant::now();
        // Outbound HTTPS (remote images) uses rustls with ring; a second install is a no-op.
        let _ = rustls::crypto::ring::default_provider().install_default();
        let listen = config.listen;
        let options = http::ServeOptions {
            workers: match config.workers {
                0 => std::thread::available_parallelism().map_or(1, |cores| cores.get()),
                workers => workers,
            },
            grace: Duration::from_secs(config.shutdown_grace_secs),
        };
        let settings = http::HttpSettings::from_config(&config);
        let leads_config = config.clone();
        let submitter = match Submitter::new(&config) {
            Ok(submitter) => submitter,
            Err(error) => {
                // Being found matters, but not more than being served.
                tracing::error!(%error, "IndexNow is off for this run");
                None
            }
        };
        let (site, images, venues) = tokio::task::spawn_blocking(move || {
            let site = Site::load(&config)?;
            let venues = load_venues(&config, &site);
            let images = ImageService::start(
                &config.images,
                &config.data_dir,
                site.image_widths().to_vec(),
            )
            .context("cannot start the image render threads")?;
            anyhow::Ok((site, images, venues))
        })
        .await
        .context("loading the site panicked")??;
        tracing::info!(
            pages = site.page_paths().count(),
            millis = started.elapsed().as_millis() as u64,
            "site loaded"
        );
        let listener = TcpListener::bind(listen)
            .await
            .with_context(|| format!("cannot listen on {listen} (key `listen`, SITE_LISTEN)"))?;
        let indexnow = submitter.map(|submitter| (submitter, indexnow::current_urls(&site)));
        // A database that is down does not stop the start: enquiries answer 503 until it is
        // back, and pages are served meanwhile.
        let leads = Leads::start(&leads_config, site.leads().catalog().clone()).await;
        let router = http::router(http::AppState::new(
            site,
            images,
            leads.clone(),
            venues,
            settings,
        ));
        Ok(Self {
            listener,
            router,
            options,
            indexnow,
            leads,
        })
    }

    pub fn local_addr(&self) -> SocketAddr {
        self.listener
            .local_addr()
            .expect("a bound TCP listener has an address")
    }

    /// Serves until `shutdown` resolves, then lets in-flight requests finish. The IndexNow run
    /// goes on beside serving and is dropped at shutdown; its state file is only ever
    /// replaced whole, so stopping half-way loses nothing but the unsent batches.
    pub async fn run_until(self, shutdown: impl Future<Output = ()>) {
        tracing::info!(
            address = %self.local_addr(),
            workers = self.options.workers,
            "listening"
        );
        match self.indexnow {
            Some((submitter, current)) => {
                tokio::spawn(submitter.run(current));
            }
            None => tracing::info!("IndexNow is disabled: no `indexnow.key` configured"),
        }
        http::serve(self.listener, self.router, shutdown, self.options).await;
        self.leads.shutdown().await;
    }

    /// Serves until SIGTERM or SIGINT.
    pub async fn run_until_stopped(self) -> anyhow::Result<()> {
        // Handlers are installed before "listening" is logged: a signal that arrives between
        // the two must not fall through to the default action, which kills the process
        // mid-response.
        let signal = shutdown_signal().context("cannot install SIGTERM/SIGINT handlers")?;
        self.run_until(signal).await;
        Ok(())
    }
}

/// What `site submit-urls` did.
pub enum SubmitUrls {
    /// `--dry-run`: the request bodies that would have been sent.
    DryRun(Vec<String>),
    Submitted(indexnow::Report),
}

/// `site submit-urls [--dry-run]`: loads the site as the server would, and submits (or, dry,
/// only shows) the addresses changed since the last accepted submission.
pub async fn submit_urls(config: Config, dry_run: bool) -> anyhow::Result<SubmitUrls> {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let submitter = Submitter::new(&config)?.context(
        "IndexNow is disabled: set `indexnow.key` (SITE_INDEXNOW__KEY) to submit page addresses",
    )?;
    let site = tokio::task::spawn_blocking(move || Site::load(&config))
        .await
        .context("loading the site panicked")??;
    let plan = submitter.plan(&indexnow::current_urls(&site)).await;
    if dry_run {
        let bodies = plan
            .batches()
            .iter()
            .map(|batch| submitter.body(batch))
            .collect();
        return Ok(SubmitUrls::DryRun(bodies));
    }
    Ok(SubmitUrls::Submitted(submitter.submit(plan).await))
}

/// The live demo's venues from dist/. A venue that does not load is left out with an error in
/// the log: the pages and the other venues are served as usual.
fn load_venues(config: &Config, site: &Site) -> Venues {
    let entry = site.venues();
    let sources: Vec<VenueSource> = entry
        .list
        .iter()
        .map(|venue| VenueSource {
            id: venue.id.clone(),
            imdf_dir: config.dist_dir.join(&venue.imdf_dir),
            extras: VenueExtras {
                kiosks: venue.kiosks.clone(),
                start: Some(venue.start.clone()),
            },
        })
        .collect();
    let catalog = Catalog {
        categories: entry.categories.clone(),
        groups: entry.groups.clone(),
    };
    let (venues, errors) = Venues::load(&sources, entry.words.steps.clone(), catalog);
    for error in errors {
        tracing::error!(%error, "a venue of the live demo did not load and is left out");
    }
    venues
}

fn shutdown_signal() -> std::io::Result<impl Future<Output = ()>> {
    use tokio::signal::unix::{SignalKind, signal};
    let mut terminate = signal(SignalKind::terminate())?;
    let mut interrupt = signal(SignalKind::interrupt())?;
    Ok(async move {
        tokio::select! {
            _ = terminate.recv() => tracing::info!("SIGTERM received"),
            _ = interrupt.recv() => tracing::info!("SIGINT received"),
        }
    })
}
