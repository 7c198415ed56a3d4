//! Cuts clients that hold a connection by being slow (issue #16): a request body that has not
//! arrived in full within its bound ([`DeadlineBody`]), and an answer the client stops taking
//! ([`WriteStallIo`], around the socket). The request head, and the wait for the next request on
//! a kept-alive connection, are bounded by hyper's header read timeout (`serve.rs`).

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use bytes::Bytes;
use hyper::body::{Body, Frame, Incoming, SizeHint};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::{Instant, Sleep};

/// A timer armed only when needed: most requests have no body and most writes do not wait,
/// so the timer is allocated the first time something does wait, then re-armed in place.
#[derive(Default)]
struct LazyTimer(Option<Pin<Box<Sleep>>>);

impl LazyTimer {
    fn arm(&mut self, deadline: Instant) {
        match &mut self.0 {
            Some(sleep) => sleep.as_mut().reset(deadline),
            None => self.0 = Some(Box::pin(tokio::time::sleep_until(deadline))),
        }
    }

    /// Ready once the armed deadline has passed; an unarmed timer never fires.
    fn poll_expired(&mut self, context: &mut Context<'_>) -> Poll<()> {
        match &mut self.0 {
            Some(sleep) => sleep.as_mut().poll(context),
            None => Poll::Pending,
        }
    }
}

/// A request body that must arrive in full by a deadline. Past it, reading the body fails and
/// the connection's service answers 408 instead of whatever the handler made of the failure.
pub(super) struct DeadlineBody {
    inner: Incoming,
    /// None for a request without a body: nothing to wait for.
    deadline: Option<(Instant, Arc<AtomicBool>)>,
    timer: LazyTimer,
}

/// Tells the connection's service, once the handler has answered, whether the body was cut.
pub(super) struct BodyExpiry(Arc<AtomicBool>);

impl BodyExpiry {
    pub(super) fn expired(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

impl DeadlineBody {
    /// `body`, to arrive within `limit` from now. A request without a body is left as it is
    /// and has no expiry to look at: only uploads pay for the clock and the flag.
    pub(super) fn new(body: Incoming, limit: Duration) -> (Self, Option<BodyExpiry>) {
        let deadline = (!body.is_end_stream())
            .then(|| (Instant::now() + limit, Arc::new(AtomicBool::new(false))));
        let expiry = deadline
            .as_ref()
            .map(|(_, expired)| BodyExpiry(Arc::clone(expired)));
        let body = Self {
            inner: body,
            deadline,
            timer: LazyTimer::default(),
        };
        (body, expiry)
    }
}

#[derive(Debug, thiserror::Error)]
#[error("the request body did not arrive in time")]
pub(super) struct BodyTimedOut;

impl Body for DeadlineBody {
    type Data = Bytes;
    type Error = Box<dyn std::error::Error + Send + Sync>;

    fn poll_frame(
        self: Pin<&mut Self>,
        context: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        let this = self.get_mut();
        if let Poll::Ready(frame) = Pin::new(&mut this.inner).poll_frame(context) {
            return Poll::Ready(frame.map(|frame| frame.map_err(Into::into)));
        }
        let Some((deadline, expired)) = &this.deadline else {
            return Poll::Pending;
        };
        if this.timer.0.is_none() {
            this.timer.arm(*deadline);
        }
        match this.timer.poll_expired(context) {
            Poll::Ready(()) => {
                expired.store(true, Ordering::Relaxed);
                Poll::Ready(Some(Err(BodyTimedOut.into())))
            }
            Poll::Pending => Poll::Pending,
        }
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

/// The connection's socket, failing a write that has made no progress for `limit`: a client
/// that stops reading would otherwise hold the connection, its buffers and the answer for as
/// long as it likes. Reads pass through.
pub(super) struct WriteStallIo<T> {
    io: T,
    limit: Duration,
    timer: LazyTimer,
    /// A write is waiting and the timer is armed for it.
    stalled: bool,
}

impl<T> WriteStallIo<T> {
    pub(super) fn new(io: T, limit: Duration) -> Self {
        Self {
            io,
            limit,
            timer: LazyTimer::default(),
            stalled: false,
        }
    }

    /// What a write that made progress (or failed) returns; the next wait starts afresh.
    fn progressed<R>(&mut self, result: io::Result<R>) -> Poll<io::Result<R>> {
        self.stalled = false;
        Poll::Ready(result)
    }

    /// A write had to wait: waits on, unless it has waited for `limit` already.
    fn waiting<R>(&mut self, context: &mut Context<'_>) -> Poll<io::Result<R>> {
        if !self.stalled {
            self.stalled = true;
            self.timer.arm(Instant::now() + self.limit);
        }
        match self.timer.poll_expired(context) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client stopped reading the answer",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }

    fn guard<R>(
        &mut self,
        context: &mut Context<'_>,
        write: impl FnOnce(Pin<&mut T>, &mut Context<'_>) -> Poll<io::Result<R>>,
    ) -> Poll<io::Result<R>>
    where
        T: Unpin,
    {
        match write(Pin::new(&mut self.io), context) {
            Poll::Ready(result) => self.progressed(result),
            Poll::Pending => self.waiting(context),
        }
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for WriteStallIo<T> {
    fn poll_read(
        self: Pin<&mut Self>,
        context: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_read(context, buf)
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for WriteStallIo<T> {
    fn poll_write(
        self: Pin<&mut Self>,
        context: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        self.get_mut()
            .guard(context, |io, context| io.poll_write(context, buf))
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        context: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        self.get_mut()
            .guard(context, |io, context| io.poll_write_vectored(context, bufs))
    }

    /// Forwarded: hyper then queues a body's bytes and writes them with the headers in one
    /// call instead of copying them into its own buffer.
    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, context: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.get_mut()
            .guard(context, |io, context| io.poll_flush(context))
    }

    fn poll_shutdown(self: Pin<&mut Self>, context: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.get_mut()
            .guard(context, |io, context| io.poll_shutdown(context))
    }
}

#[cfg(test)]
mod tests {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    use super::*;

    #[tokio::test]
    async fn a_write_nobody_reads_fails_after_the_limit() {
        let limit = Duration::from_millis(300);
        let (near, mut far) = tokio::io::duplex(64);
        let mut guarded = WriteStallIo::new(near, limit);
        let started = Instant::now();
        let error = guarded
            .write_all(&[7; 1024])
            .await
            .expect_err("nobody reads");
        assert_eq!(error.kind(), io::ErrorKind::TimedOut);
        assert!(started.elapsed() >= limit);
        // What fitted in the pipe was written; the rest was not.
        drop(guarded);
        let mut received = Vec::new();
        far.read_to_end(&mut received).await.unwrap();
        assert_eq!(received.len(), 64);
    }

    #[tokio::test]
    async fn a_slow_reader_that_keeps_taking_bytes_is_not_cut() {
        let limit = Duration::from_secs(1);
        let (near, mut far) = tokio::io::duplex(128);
        let mut guarded = WriteStallIo::new(near, limit);
        let reader = tokio::spawn(async move {
            let mut received = 0;
            let mut chunk = [0; 128];
            loop {
                // Each pause is well under the limit, all of them together over it.
                tokio::time::sleep(limit / 4).await;
                match far.read(&mut chunk).await.unwrap() {
                    0 => return received,
                    read => received += read,
                }
            }
        });
        guarded
            .write_all(&[7; 1024])
            .await
            .expect("progress re-arms the timer");
        guarded.shutdown().await.unwrap();
        drop(guarded);
        assert_eq!(reader.await.unwrap(), 1024);
    }
}
