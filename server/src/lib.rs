//! The site's server: loads the pre-rendered web build from dist/, fills in deployment values,
//! and serves every page, asset and dynamic endpoint from memory.
//!
//! Run with `scripts/run` (builds the web part first) or `cargo run --release -p site-server`.

pub mod config;
mod http;
pub mod images;
pub mod site;
mod weighted_list;

use std::future::Future;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

use anyhow::Context;
use tokio::net::TcpListener;

use config::Config;
use images::ImageService;
use site::Site;

/// A loaded site bound to its listening socket, ready to serve.
pub struct Application {
    listener: TcpListener,
    router: axum::Router,
    options: http::ServeOptions,
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
        let china_domain = config.domains.china.clone();
        let (site, images) = tokio::task::spawn_blocking(move || {
            let site = Site::load(&config)?;
            let images = ImageService::start(
                &config.images,
                &config.data_dir,
                site.image_widths().to_vec(),
            )
            .context("cannot start the image render threads")?;
            anyhow::Ok((site, images))
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
        let router = http::router(http::AppState::new(site, images, china_domain));
        Ok(Self {
            listener,
            router,
            options,
        })
    }

    pub fn local_addr(&self) -> SocketAddr {
        self.listener
            .local_addr()
            .expect("a bound TCP listener has an address")
    }

    /// Serves until `shutdown` resolves, then lets in-flight requests finish.
    pub async fn run_until(self, shutdown: impl Future<Output = ()>) {
        tracing::info!(
            address = %self.local_addr(),
            workers = self.options.workers,
            "listening"
        );
        http::serve(self.listener, self.router, shutdown, self.options).await;
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
