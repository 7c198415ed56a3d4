//! The accept loop and the connection workers. One task accepts; each connection is then served
//! start to finish by one of a few single-threaded runtimes, one per core, like nginx's worker
//! processes. A request is handled on the thread that reads it, so serving one never wakes
//! another thread (with one shared multi-threaded runtime, that hand-over cost about a tenth of
//! the CPU under load). Slow clients are cut off by a header-read timeout; on shutdown every
//! worker lets its in-flight requests finish.
//!
//! Every request takes the route table current when it arrives: a reload of dist/ swaps in a
//! new table, requests in flight finish on the one they started with.

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use arc_swap::ArcSwap;
use axum::Router;
use axum::extract::ConnectInfo;
use hyper::server::conn::http1;
use hyper::service::{Service, service_fn};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, oneshot};

/// A client that has not sent its request headers within this time is disconnected.
const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(15);

/// How the accept loop and its workers run.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ServeOptions {
    /// Connection-serving threads; at least one.
    pub workers: usize,
    /// How long in-flight requests may take after shutdown begins.
    pub grace: Duration,
}

/// The route table with the state of the build being served, replaced whole on reload.
#[derive(Clone)]
pub(crate) struct Routes(Arc<ArcSwap<Router>>);

impl Routes {
    pub(crate) fn new(router: Router) -> Self {
        Self(Arc::new(ArcSwap::from_pointee(router)))
    }

    /// New requests get `router`; requests in flight keep the one they started with.
    pub(crate) fn replace(&self, router: Router) {
        self.0.store(Arc::new(router));
    }

    fn current(&self) -> Router {
        Router::clone(&self.0.load())
    }
}

/// Serves `routes` on `listener` until `shutdown` resolves, then stops accepting, waits up to
/// `grace` for open requests to complete, and returns.
pub(crate) async fn serve(
    listener: TcpListener,
    routes: Routes,
    shutdown: impl Future<Output = ()>,
    options: ServeOptions,
) {
    let mut workers = Vec::with_capacity(options.workers);
    for index in 0..options.workers.max(1) {
        match Worker::spawn(index, routes.clone(), options.grace) {
            Ok(worker) => workers.push(worker),
            Err(error) => tracing::error!(%error, index, "cannot start a connection worker"),
        }
    }
    if workers.is_empty() {
        tracing::error!("no connection worker could start; not serving");
        return;
    }
    tokio::pin!(shutdown);
    loop {
        tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, peer)) => {
                    if !dispatch(&workers, stream, peer) {
                        tracing::error!("every connection worker has stopped; not serving");
                        break;
                    }
                }
                Err(error) => {
                    // Out of file descriptors and similar: back off instead of spinning.
                    tracing::warn!(%error, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            },
            () = &mut shutdown => break,
        }
    }
    drop(listener);
    let open: usize = workers.iter().map(Worker::open_connections).sum();
    tracing::info!(
        open_connections = open,
        "shutting down: finishing in-flight requests"
    );
    // Closing a worker's queue is its signal to finish; they all finish at the same time.
    let finished: Vec<_> = workers.into_iter().map(Worker::finish).collect();
    for done in finished {
        let _ = done.await;
    }
    tracing::info!("all connections closed");
}

/// Hands `stream` to the live worker with the fewest open connections. False when no worker
/// is left.
fn dispatch(workers: &[Worker], stream: TcpStream, peer: SocketAddr) -> bool {
    if let Err(error) = stream.set_nodelay(true) {
        tracing::debug!(%error, "cannot set TCP_NODELAY");
    }
    // Leaves this runtime's reactor; the worker registers it with its own.
    let mut stream = match stream.into_std() {
        Ok(stream) => stream,
        Err(error) => {
            tracing::debug!(%error, "cannot hand over a connection");
            return true;
        }
    };
    let mut candidates: Vec<&Worker> = workers.iter().collect();
    candidates.sort_by_key(|worker| worker.open_connections());
    for worker in candidates {
        match worker.send(stream, peer) {
            Ok(()) => return true,
            Err(returned) => stream = returned,
        }
    }
    false
}

/// A thread with its own single-threaded runtime, serving the connections it is sent.
struct Worker {
    queue: mpsc::UnboundedSender<(std::net::TcpStream, SocketAddr)>,
    open: Arc<AtomicUsize>,
    done: oneshot::Receiver<()>,
}

impl Worker {
    fn spawn(index: usize, routes: Routes, grace: Duration) -> std::io::Result<Self> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        let (queue, receiver) = mpsc::unbounded_channel();
        let open = Arc::new(AtomicUsize::new(0));
        let (finished, done) = oneshot::channel();
        let counter = Arc::clone(&open);
        std::thread::Builder::new()
            .name(format!("http-worker-{index}"))
            .spawn(move || {
                runtime.block_on(serve_connections(receiver, routes, counter, grace));
                // Dropping the runtime closes whatever outlived the grace period.
                drop(runtime);
                let _ = finished.send(());
            })?;
        Ok(Self { queue, open, done })
    }

    fn open_connections(&self) -> usize {
        self.open.load(Ordering::Relaxed)
    }

    /// Queues `stream`; gives it back when the worker has stopped.
    fn send(
        &self,
        stream: std::net::TcpStream,
        peer: SocketAddr,
    ) -> Result<(), std::net::TcpStream> {
        self.open.fetch_add(1, Ordering::Relaxed);
        self.queue.send((stream, peer)).map_err(|returned| {
            self.open.fetch_sub(1, Ordering::Relaxed);
            (returned.0).0
        })
    }

    /// Closes the queue and resolves when the worker's thread is done.
    fn finish(self) -> oneshot::Receiver<()> {
        drop(self.queue);
        self.done
    }
}

async fn serve_connections(
    mut queue: mpsc::UnboundedReceiver<(std::net::TcpStream, SocketAddr)>,
    routes: Routes,
    open: Arc<AtomicUsize>,
    grace: Duration,
) {
    let graceful = GracefulShutdown::new();
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(HEADER_READ_TIMEOUT)
        .keep_alive(true);
    while let Some((stream, peer)) = queue.recv().await {
        let stream = match TcpStream::from_std(stream) {
            Ok(stream) => stream,
            Err(error) => {
                tracing::debug!(%error, "cannot take over a connection");
                open.fetch_sub(1, Ordering::Relaxed);
                continue;
            }
        };
        // The peer address travels as a request extension, where the enquiry endpoint finds
        // the client for its rate limit. Inserting it is all this costs other requests; a
        // per-connection `Router::layer` would rebuild the route table each time.
        let routes = routes.clone();
        let service = service_fn(move |mut request: hyper::Request<hyper::body::Incoming>| {
            request.extensions_mut().insert(ConnectInfo(peer));
            TowerToHyperService::new(routes.current()).call(request)
        });
        let connection = graceful.watch(builder.serve_connection(TokioIo::new(stream), service));
        let open = Arc::clone(&open);
        tokio::spawn(async move {
            if let Err(error) = connection.await {
                tracing::debug!(%error, "connection ended with an error");
            }
            open.fetch_sub(1, Ordering::Relaxed);
        });
    }
    tokio::select! {
        () = graceful.shutdown() => {}
        () = tokio::time::sleep(grace) => {
            tracing::warn!(
                grace_secs = grace.as_secs(),
                "grace period over, closing remaining connections"
            );
        }
    }
}
