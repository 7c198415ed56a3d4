//! The site's server: loads the pre-rendered web build from dist/, fills in deployment values,
//! and serves every page, asset and dynamic endpoint from memory.
//!
//! Run with `scripts/run` (builds the web part first) or `cargo run --release -p site-server`.

mod buildings;
mod compute;
pub mod config;
mod database;
mod http;
pub mod images;
pub mod indexnow;
pub mod leads;
mod limits;
mod negotiation;
mod plans;
pub mod process;
mod rate_limit;
pub mod site;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;

use anyhow::Context;
use tokio::net::TcpListener;

use config::Config;
use images::ImageService;
use indexnow::{OriginUrls, Submitter};
use leads::Leads;
use site::Site;
use site_venues::{VenueExtras, VenueSource, Venues};

/// A loaded site bound to its listening socket, ready to serve.
pub struct Application {
    listener: TcpListener,
    options: http::ServeOptions,
    /// The IndexNow run to start once serving; None when disabled.
    indexnow: Option<(Submitter, Vec<OriginUrls>)>,
    /// The enquiry store, stopped after the last request is served.
    leads: Leads,
    builds: Builds,
    /// SIGHUP, caught from the start of `build`: its default action ends the process, and a
    /// reload asked for while the first build loads is answered once serving.
    hangup: Option<tokio::signal::unix::Signal>,
}

/// The build of dist/ being served, and how to replace it: the services that outlive a build
/// (image renderer, enquiry store, rate limits) are handed to each new one.
struct Builds {
    config: Config,
    images: ImageService,
    leads: Leads,
    settings: http::HttpSettings,
    routes: http::Routes,
    current: http::AppState,
}

impl Builds {
    fn new(
        config: Config,
        (site, venues): (Site, Venues),
        images: ImageService,
        leads: Leads,
        closing: tokio::sync::watch::Receiver<bool>,
    ) -> std::io::Result<Self> {
        let settings = http::HttpSettings::from_config(&config, site.build_id(), &leads, closing)?;
        let current = http::AppState::new(
            site,
            images.clone(),
            leads.clone(),
            Arc::new(venues),
            settings.clone(),
        );
        Ok(Self {
            routes: http::Routes::new(http::router(current.clone())),
            config,
            images,
            leads,
            settings,
            current,
        })
    }

    /// Loads dist/ again and swaps it in: new requests get the new build, requests in flight
    /// finish on the old one. A build that does not load is refused and the old one goes on.
    /// Then, outside editing mode, the build's bodies are compressed at best and swapped in too.
    async fn reload(&mut self) {
        if self.swap_in().await {
            self.recompress().await;
        }
    }

    /// Compresses the bodies of the build being served again at best, in place, one at a
    /// time on one core (see `Site::recompress`); editing mode keeps the quick ones.
    async fn recompress(&mut self) {
        if self.config.live_reload
            || !self.config.compress_at_best
            || !self.current.site.needs_recompressing()
        {
            return;
        }
        let started = Instant::now();
        let state = self.current.clone();
        let done = tokio::task::spawn_blocking(move || state.site.recompress()).await;
        match done {
            Ok(bodies) => tracing::info!(
                bodies,
                millis = started.elapsed().as_millis() as u64,
                resident_mib = process::memory::mib(process::memory::resident_kib()),
                "compressed at best: answers are smaller from now on"
            ),
            Err(error) => tracing::error!(
                %error,
                "compressing at best failed; the quickly compressed bodies stay"
            ),
        }
    }

    /// Loads dist/ and swaps it in; false when it was refused.
    async fn swap_in(&mut self) -> bool {
        let started = Instant::now();
        let config = self.config.clone();
        let previous = self.current.clone();
        let loaded = tokio::task::spawn_blocking(move || {
            let site = Site::reload(&config, &previous.site)?;
            let venues = Arc::new(load_venues(&config, &site, &previous.venues));
            anyhow::Ok((site, venues))
        })
        .await
        .context("loading the site panicked")
        .and_then(|loaded| loaded);
        let (site, venues) = match loaded {
            Ok(loaded) => loaded,
            Err(error) => {
                tracing::error!(%error, "reload refused, the running build goes on");
                if let Some(live) = self.settings.live() {
                    live.problem(Some(error.to_string()));
                }
                return false;
            }
        };
        if site.image_widths() != self.current.site.image_widths()
            || site.image_qualities() != self.current.site.image_qualities()
        {
            tracing::warn!(
                "the new build asks for other image widths or qualities; they take effect at the next start"
            );
        }
        let build = site.build_id();
        let pages = site.page_paths().count();
        // A changed venue's engine stops, and its viewers reconnect to the new version.
        self.settings.positions().retire_changed(&venues);
        self.current = http::AppState::new(
            site,
            self.images.clone(),
            self.leads.clone(),
            venues,
            self.settings.clone(),
        );
        self.routes.replace(http::router(self.current.clone()));
        if let Some(live) = self.settings.live() {
            live.served(build.clone());
        }
        tracing::info!(
            build,
            pages,
            millis = started.elapsed().as_millis() as u64,
            "reloaded: new requests get the new build"
        );
        true
    }

    /// Compresses the first build at best, then reloads on every SIGHUP, one at a time.
    async fn run(mut self, hangup: Option<tokio::signal::unix::Signal>) {
        self.recompress().await;
        let Some(mut hangup) = hangup else { return };
        while hangup.recv().await.is_some() {
            tracing::info!("SIGHUP received: loading dist/ again");
            self.reload().await;
        }
    }
}

impl Application {
    /// Loads dist/ and binds the listen address. Fails with a message naming what to fix.
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        let started = Instant::now();
        let hangup = match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::hangup()) {
            Ok(hangup) => Some(hangup),
            Err(error) => {
                tracing::error!(%error, "cannot install the SIGHUP handler: reloading is off");
                None
            }
        };
        if config.images.avif && !cfg!(feature = "avif") {
            anyhow::bail!(
                "`images.avif` (SITE_IMAGES__AVIF) needs a server built with AVIF: cargo build --release --features avif"
            );
        }
        // Outbound HTTPS (remote images) uses rustls with ring; a second install is a no-op.
        let _ = rustls::crypto::ring::default_provider().install_default();
        let listen = config.listen;
        let options = http::ServeOptions::new(&config, process::open_files::raise_to_hard_limit());
        let leads_config = config.clone();
        let submitter = match Submitter::new(&config) {
            Ok(submitter) => submitter,
            Err(error) => {
                // Being found matters, but not more than being served.
                tracing::error!(%error, "IndexNow is off for this run");
                None
            }
        };
        let (site, images, venues, config) = tokio::task::spawn_blocking(move || {
            let site = Site::load(&config)?;
            tracing::debug!(
                resident_mib = process::memory::mib(process::memory::resident_kib()),
                "pages and files in memory"
            );
            let venues = load_venues(&config, &site, &Venues::default());
            tracing::debug!(
                resident_mib = process::memory::mib(process::memory::resident_kib()),
                "venues loaded"
            );
            let allowed = images::Allowed::for_build(
                site.image_widths(),
                site.image_qualities(),
                &config.images.qualities,
            )
            .map_err(anyhow::Error::msg)?;
            let below_pages = config.background_below_pages;
            let images =
                ImageService::start(&config.images, &config.data_dir, allowed, below_pages)
                    .context("cannot start the image render threads")?;
            anyhow::Ok((site, images, venues, config))
        })
        .await
        .context("loading the site panicked")??;
        tracing::info!(
            pages = site.page_paths().count(),
            millis = started.elapsed().as_millis() as u64,
            resident_mib = process::memory::mib(process::memory::resident_kib()),
            peak_mib = process::memory::mib(process::memory::peak_resident_kib()),
            "site loaded"
        );
        let listener = TcpListener::bind(listen)
            .await
            .with_context(|| format!("cannot listen on {listen} (key `listen`, SITE_LISTEN)"))?;
        let indexnow = submitter.map(|submitter| (submitter, indexnow::current_urls(&site)));
        // A database that is down does not stop the start: enquiries answer 503 until it is
        // back, and pages are served meanwhile.
        let leads = Leads::start(&leads_config, site.leads().catalog().clone()).await;
        let builds = Builds::new(
            config,
            (site, venues),
            images,
            leads.clone(),
            options.closing(),
        )
        .context("cannot start the live demo's compute threads")?;
        Ok(Self {
            listener,
            options,
            indexnow,
            leads,
            builds,
            hangup,
        })
    }

    /// For tests of the live engine's recovery: what makes an engine fail as a bug would.
    #[doc(hidden)]
    pub fn faults(&self) -> Faults {
        Faults(self.builds.settings.clone())
    }

    pub fn local_addr(&self) -> SocketAddr {
        self.listener
            .local_addr()
            .expect("a bound TCP listener has an address")
    }

    /// Serves until `shutdown` resolves, then lets in-flight requests finish. The IndexNow run
    /// goes on beside serving and is dropped at shutdown; its state file is only ever
    /// replaced whole, so stopping half-way loses nothing but the unsent batches. SIGHUP
    /// reloads dist/ (see [`Builds::reload`]); first the build's bodies are compressed at best.
    ///
    /// `shutdown` is one boxed type, not a generic: the server's whole state machine is compiled
    /// where this future is awaited, once per shutdown type, and the API tests had 47.
    pub async fn run_until(self, shutdown: Shutdown) {
        tracing::info!(
            address = %self.local_addr(),
            workers = self.options.workers,
            "listening"
        );
        match self.indexnow {
            Some((submitter, current)) => {
                let leads = self.leads.clone();
                tokio::spawn(async move {
                    let shared = leads.wait_for_shared_database().await;
                    submitter.sharing(shared).run(current).await
                });
            }
            None => tracing::info!("IndexNow is disabled: no `indexnow.key` configured"),
        }
        let routes = self.builds.routes.clone();
        tokio::spawn(self.builds.run(self.hangup));
        http::serve(self.listener, routes, shutdown, self.options).await;
        self.leads.shutdown().await;
    }

    /// Serves until SIGTERM or SIGINT.
    pub async fn run_until_stopped(self) -> anyhow::Result<()> {
        // Handlers are installed before "listening" is logged: a signal that arrives between
        // the two must not fall through to the default action, which kills the process
        // mid-response.
        let signal = shutdown_signal().context("cannot install SIGTERM/SIGINT handlers")?;
        self.run_until(Box::pin(signal)).await;
        Ok(())
    }
}

/// Faults a test may inject into a running server ([`Application::faults`]).
#[doc(hidden)]
pub struct Faults(http::HttpSettings);

impl Faults {
    /// Makes the live engine of `venue` panic at its next second; false when none runs.
    pub fn panic_live_engine(&self, venue: &str) -> bool {
        self.0.panic_live_engine(venue)
    }
}

/// What ends [`Application::run_until`].
pub type Shutdown = std::pin::Pin<Box<dyn Future<Output = ()> + Send>>;

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
    let loading = config.clone();
    let site = tokio::task::spawn_blocking(move || Site::load(&loading))
        .await
        .context("loading the site panicked")??;
    let submitter = submitter.sharing(leads::shared_database_once(&config).await?);
    let current = indexnow::current_urls(&site);
    if dry_run {
        let plan = submitter.plan(&current).await?;
        let bodies = plan
            .batches()
            .iter()
            .map(|batch| submitter.body(batch))
            .collect();
        return Ok(SubmitUrls::DryRun(bodies));
    }
    let (_, report) = submitter.plan_and_submit(&current).await?;
    Ok(SubmitUrls::Submitted(report))
}

/// The version of a venue: a hash of everything it is loaded from (what the engine reads of its
/// manifest entry, the words and catalog every venue shares, its IMDF files and its devices).
/// A file that cannot be read makes a version of its own, so the venue is loaded again and
/// its error reported.
fn venue_version(config: &Config, site: &Site, venue: &site::VenueEntry) -> u64 {
    let entry = site.venues();
    let mut hash = xxhash_rust::xxh3::Xxh3::new();
    // What the engine reads of the entry: not the viewer's files, which change on their own.
    let read = (
        &venue.id,
        &venue.imdf_dir,
        &venue.kiosks,
        &venue.start,
        &venue.infrastructure,
        &venue.flow,
    );
    let shared = entry.wordings();
    hash.update(format!("{read:?}{shared:?}").as_bytes());
    let imdf_dir = config.dist_dir.join(&venue.imdf_dir);
    let mut files: Vec<_> = std::fs::read_dir(&imdf_dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|entry| entry.file_type().is_ok_and(|kind| kind.is_file()))
        .map(|entry| entry.path())
        .collect();
    files.sort();
    // The devices, beside the IMDF directory (an IMDF export must hold IMDF only).
    files.extend(
        venue
            .infrastructure
            .as_ref()
            .map(|file| config.dist_dir.join(file)),
    );
    for file in files {
        // Named within the dist directory: replicas with theirs elsewhere share versions (the
        // device plans they share are keyed by them).
        let name = file.strip_prefix(&config.dist_dir).unwrap_or(&file);
        hash.update(name.as_os_str().as_encoded_bytes());
        match std::fs::read(&file) {
            Ok(bytes) => hash.update(&bytes),
            Err(_) => return fastrand::u64(..),
        }
    }
    hash.digest()
}

/// The live demo's venues from dist/, beside the ones served so far (`previous`; empty at
/// start): an unchanged venue is taken over as it is, a changed one loaded again. A venue that
/// does not load keeps its previous version, or is left out when it had none, with an error in
/// the log: the pages and the other venues are served as usual.
fn load_venues(config: &Config, site: &Site, previous: &Venues) -> Venues {
    let entry = site.venues();
    let sources: Vec<VenueSource> = entry
        .list
        .iter()
        .map(|venue| VenueSource {
            id: venue.id.clone(),
            imdf_dir: config.dist_dir.join(&venue.imdf_dir),
            infrastructure_dir: venue.infrastructure.as_ref().and_then(|file| {
                let path = config.dist_dir.join(file);
                path.parent().map(std::path::Path::to_path_buf)
            }),
            extras: VenueExtras {
                kiosks: venue.kiosks.clone(),
                start: Some(venue.start.clone()),
                flow: venue.flow.clone(),
            },
            version: venue_version(config, site, venue),
        })
        .collect();
    let (venues, errors) = Venues::reload(&sources, &entry.wordings(), previous);
    for error in errors {
        tracing::error!(%error, "a venue of the live demo did not load; its previous version, if any, goes on");
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
