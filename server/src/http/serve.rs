//! The accept loop and the connection workers. One task accepts; each connection is then served
//! start to finish by one of a few single-threaded runtimes, one per core, like nginx's worker
//! processes. A request is handled on the thread that reads it, so serving one never wakes
//! another thread (with one shared multi-threaded runtime, that hand-over cost about a tenth of
//! the CPU under load). On shutdown every worker lets its in-flight requests finish.
//!
//! Hostile traffic (issue #16): the accept loop refuses connections over the caps of
//! `connection_limit.rs`; each connection is bounded in time (request head and keep-alive
//! idling by hyper's header timer, the body and the writes by `slow_clients.rs`) and in
//! buffer size; and every answer leaves through `security_headers.rs`.
//!
//! Every request takes the route table current when it arrives: a reload of dist/ swaps in a
//! new table, requests in flight finish on the one they started with.

use std::convert::Infallible;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use arc_swap::ArcSwap;
use axum::Router;
use axum::extract::ConnectInfo;
use axum::response::IntoResponse;
use hyper::server::conn::http1;
use hyper::service::{Service, service_fn};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, oneshot};

use super::client_ip::TrustedProxies;
use super::connection_limit::{ConnectionLimits, ConnectionSlot, REFUSAL_LOG_INTERVAL};
use super::error::AppError;
use super::security_headers::SecurityHeaders;
use super::slow_clients::{DeadlineBody, WriteStallIo};
use crate::config::{Config, Connections};

/// The most a connection buffers of what it reads, and so the largest request head it takes
/// (431 beyond). hyper's default is about 400 KiB. The largest request the site takes is an
/// enquiry, 16 KiB of body, which is read through the buffer, not held in it; a browser's head
/// is under a KiB, a little more with a statistics script's cookies.
const MAX_READ_BUFFER: usize = 16 * 1024;

/// How the accept loop and its workers run.
#[derive(Debug, Clone)]
pub(crate) struct ServeOptions {
    /// Connection-serving threads; at least one.
    pub workers: usize,
    /// How long in-flight requests may take after shutdown begins.
    pub grace: Duration,
    connections: Connections,
    /// The soft open-files limit in force, which sizes the automatic connection cap.
    open_files_limit: u64,
    trusted_proxies: TrustedProxies,
    security_headers: SecurityHeaders,
    /// Turned true when shutdown begins: what must not wait for the grace period (the live
    /// streams, which would otherwise last it out) ends at once.
    closing: Arc<tokio::sync::watch::Sender<bool>>,
}

impl ServeOptions {
    /// The signal of shutdown beginning.
    pub(crate) fn closing(&self) -> tokio::sync::watch::Receiver<bool> {
        self.closing.subscribe()
    }

    pub(crate) fn new(config: &Config, open_files_limit: u64) -> Self {
        Self {
            workers: match config.workers {
                0 => std::thread::available_parallelism().map_or(1, |cores| cores.get()),
                workers => workers,
            },
            grace: Duration::from_secs(config.shutdown_grace_secs),
            connections: config.connections.clone(),
            open_files_limit,
            trusted_proxies: TrustedProxies::new(config.leads.trusted_proxies.clone()),
            security_headers: SecurityHeaders::new(config.sends_hsts(), config.has_https_origin()),
            closing: Arc::new(tokio::sync::watch::Sender::new(false)),
        }
    }
}

/// What every connection of a worker is served with.
#[derive(Clone)]
struct ConnectionSettings {
    header_timeout: Duration,
    body_timeout: Duration,
    write_timeout: Duration,
    security_headers: SecurityHeaders,
}

impl ConnectionSettings {
    fn new(options: &ServeOptions) -> Self {
        let connections = &options.connections;
        Self {
            header_timeout: Duration::from_secs(connections.header_timeout_secs),
            body_timeout: Duration::from_secs(connections.body_timeout_secs),
            write_timeout: Duration::from_secs(connections.write_timeout_secs),
            security_headers: options.security_headers.clone(),
        }
    }
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
    mut shutdown: crate::Shutdown,
    options: ServeOptions,
) {
    let limits = Arc::new(ConnectionLimits::new(
        &options.connections,
        options.open_files_limit,
        options.trusted_proxies.clone(),
    ));
    let settings = ConnectionSettings::new(&options);
    let mut workers = Vec::with_capacity(options.workers);
    for index in 0..options.workers.max(1) {
        match Worker::spawn(index, routes.clone(), settings.clone(), options.grace) {
            Ok(worker) => workers.push(worker),
            Err(error) => tracing::error!(%error, index, "cannot start a connection worker"),
        }
    }
    if workers.is_empty() {
        tracing::error!("no connection worker could start; not serving");
        return;
    }
    tracing::info!(
        max_connections = limits.max_total(),
        max_per_client = options.connections.max_per_client,
        "connection caps"
    );
    let mut refusal_log = tokio::time::interval(REFUSAL_LOG_INTERVAL);
    refusal_log.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, peer)) => match limits.admit(peer.ip()) {
                    Ok(slot) => {
                        if !dispatch(&workers, stream, peer, slot) {
                            tracing::error!("every connection worker has stopped; not serving");
                            break;
                        }
                    }
                    Err(refusal) => {
                        // Closed before a byte is read: a refused client costs an accept.
                        drop(stream);
                        limits.log_refusal(refusal, peer.ip());
                    }
                },
                Err(error) => {
                    // Out of file descriptors and similar: back off instead of spinning.
                    tracing::warn!(%error, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            },
            _ = refusal_log.tick() => limits.flush_refusals(),
            () = &mut shutdown => break,
        }
    }
    drop(listener);
    options.closing.send_replace(true);
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
fn dispatch(workers: &[Worker], stream: TcpStream, peer: SocketAddr, slot: ConnectionSlot) -> bool {
    if let Err(error) = stream.set_nodelay(true) {
        tracing::debug!(%error, "cannot set TCP_NODELAY");
    }
    // Leaves this runtime's reactor; the worker registers it with its own.
    let stream = match stream.into_std() {
        Ok(stream) => stream,
        Err(error) => {
            tracing::debug!(%error, "cannot hand over a connection");
            return true;
        }
    };
    let mut candidates: Vec<&Worker> = workers.iter().collect();
    candidates.sort_by_key(|worker| worker.open_connections());
    let mut connection = Connection { stream, peer, slot };
    for worker in candidates {
        match worker.send(connection) {
            Ok(()) => return true,
            Err(returned) => connection = returned,
        }
    }
    false
}

/// An accepted connection on its way to a worker, with its place in the caps.
struct Connection {
    stream: std::net::TcpStream,
    peer: SocketAddr,
    slot: ConnectionSlot,
}

/// A thread with its own single-threaded runtime, serving the connections it is sent.
struct Worker {
    queue: mpsc::UnboundedSender<Connection>,
    open: Arc<AtomicUsize>,
    done: oneshot::Receiver<()>,
}

impl Worker {
    fn spawn(
        index: usize,
        routes: Routes,
        settings: ConnectionSettings,
        grace: Duration,
    ) -> std::io::Result<Self> {
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
                runtime.block_on(serve_connections(
                    receiver, routes, settings, counter, grace,
                ));
                // Dropping the runtime closes whatever outlived the grace period.
                drop(runtime);
                let _ = finished.send(());
            })?;
        Ok(Self { queue, open, done })
    }

    fn open_connections(&self) -> usize {
        self.open.load(Ordering::Relaxed)
    }

    /// Queues `connection`; gives it back when the worker has stopped.
    fn send(&self, connection: Connection) -> Result<(), Connection> {
        self.open.fetch_add(1, Ordering::Relaxed);
        self.queue.send(connection).map_err(|returned| {
            self.open.fetch_sub(1, Ordering::Relaxed);
            returned.0
        })
    }

    /// Closes the queue and resolves when the worker's thread is done.
    fn finish(self) -> oneshot::Receiver<()> {
        drop(self.queue);
        self.done
    }
}

async fn serve_connections(
    mut queue: mpsc::UnboundedReceiver<Connection>,
    routes: Routes,
    settings: ConnectionSettings,
    open: Arc<AtomicUsize>,
    grace: Duration,
) {
    // Shared with the connections waiting for their first bytes, which watch it only once they
    // arrive: a waiting watcher would hold shutdown back until the header timeout.
    let graceful = Arc::new(std::sync::Mutex::new(Some(GracefulShutdown::new())));
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        // hyper starts this timer when it waits for a request head, which includes the wait
        // for the next request on a kept-alive connection: it bounds both.
        .header_read_timeout(settings.header_timeout)
        .max_buf_size(MAX_READ_BUFFER)
        .keep_alive(true);
    while let Some(Connection { stream, peer, slot }) = queue.recv().await {
        let stream = match TcpStream::from_std(stream) {
            Ok(stream) => stream,
            Err(error) => {
                tracing::debug!(%error, "cannot take over a connection");
                open.fetch_sub(1, Ordering::Relaxed);
                continue;
            }
        };
        let service = connection_service(routes.clone(), settings.clone(), peer);
        let (builder, graceful, open) = (builder.clone(), Arc::clone(&graceful), Arc::clone(&open));
        let (header_timeout, write_timeout) = (settings.header_timeout, settings.write_timeout);
        tokio::spawn(async move {
            // One whose first head comes after shutdown began is closed unanswered, as hyper
            // closes an idle kept-alive one.
            let arrived = super::first_head::arrived(&stream, header_timeout).await;
            let watcher = graceful
                .lock()
                .ok()
                .and_then(|g| g.as_ref().map(GracefulShutdown::watcher));
            if let (true, Some(watcher)) = (arrived, watcher) {
                let io = TokioIo::new(WriteStallIo::new(stream, write_timeout));
                // Boxed: inline, hyper's connection state (about a kilobyte) would size the task
                // of every connection still waiting for its first bytes (2.7 MB for the soak's
                // 2,000 slow ones, seen with heaptrack).
                let connection = Box::pin(watcher.watch(builder.serve_connection(io, service)));
                if let Err(error) = connection.await {
                    tracing::debug!(%error, "connection ended with an error");
                }
            }
            drop(slot);
            open.fetch_sub(1, Ordering::Relaxed);
        });
    }
    let Some(graceful) = graceful.lock().ok().and_then(|mut g| g.take()) else {
        return;
    };
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

/// What one connection's requests go through: the route table current when each arrives, a
/// deadline on its body, and the security headers on its answer.
fn connection_service(
    routes: Routes,
    settings: ConnectionSettings,
    peer: SocketAddr,
) -> impl Service<
    hyper::Request<hyper::body::Incoming>,
    Response = axum::response::Response,
    Error = Infallible,
    Future = impl Future<Output = Result<axum::response::Response, Infallible>> + Send,
> {
    service_fn(move |request: hyper::Request<hyper::body::Incoming>| {
        let (mut parts, body) = request.into_parts();
        // The peer address travels as a request extension, where the enquiry endpoint finds
        // the client for its rate limit. Inserting it is all this costs other requests; a
        // per-connection `Router::layer` would rebuild the route table each time.
        parts.extensions.insert(ConnectInfo(peer));
        let (body, expiry) = DeadlineBody::new(body, settings.body_timeout);
        let answer = TowerToHyperService::new(routes.current())
            .call(hyper::Request::from_parts(parts, body));
        let security_headers = settings.security_headers.clone();
        async move {
            let mut response = match answer.await {
                Ok(response) => response,
                Err(never) => match never {},
            };
            if expiry.is_some_and(|expiry| expiry.expired()) {
                response = AppError::BodyTimedOut.into_response();
            }
            security_headers.apply(response.headers_mut());
            Ok(response)
        }
    })
}
