//! The accept loop: HTTP/1.1 connections served by hyper, with a header-read timeout against
//! slow clients and a graceful shutdown that lets in-flight requests finish.

use std::future::Future;
use std::time::Duration;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;

/// A client that has not sent its request headers within this time is disconnected.
const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(15);

/// Serves `router` on `listener` until `shutdown` resolves, then stops accepting, waits up to
/// `grace` for open requests to complete, and returns.
pub(crate) async fn serve(
    listener: TcpListener,
    router: Router,
    shutdown: impl Future<Output = ()>,
    grace: Duration,
) {
    let graceful = GracefulShutdown::new();
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(HEADER_READ_TIMEOUT)
        .keep_alive(true);
    tokio::pin!(shutdown);
    loop {
        tokio::select! {
            accepted = listener.accept() => {
                let stream = match accepted {
                    Ok((stream, _peer)) => stream,
                    Err(error) => {
                        // Out of file descriptors and similar: back off instead of spinning.
                        tracing::warn!(%error, "accept failed");
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                };
                if let Err(error) = stream.set_nodelay(true) {
                    tracing::debug!(%error, "cannot set TCP_NODELAY");
                }
                let service = TowerToHyperService::new(router.clone());
                let connection = builder.serve_connection(TokioIo::new(stream), service);
                let connection = graceful.watch(connection);
                tokio::spawn(async move {
                    if let Err(error) = connection.await {
                        tracing::debug!(%error, "connection ended with an error");
                    }
                });
            }
            () = &mut shutdown => break,
        }
    }
    drop(listener);
    let open = graceful.count();
    tracing::info!(
        open_connections = open,
        "shutting down: finishing in-flight requests"
    );
    tokio::select! {
        () = graceful.shutdown() => tracing::info!("all connections closed"),
        () = tokio::time::sleep(grace) => {
            tracing::warn!(grace_secs = grace.as_secs(), "grace period over, closing remaining connections");
        }
    }
}
