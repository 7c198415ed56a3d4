//! Request bodies read within a limit, for the endpoints that take one (enquiries, uploaded
//! buildings).

use std::pin::Pin;
use std::time::Duration;

use axum::body::Body;
use hyper::body::Body as _;

/// A body over the limit is still read (and thrown away) up to this size before the 413 is
/// sent: closing a connection with unread data makes the kernel reset it, and the client
/// would see a broken connection instead of the answer. Larger bodies are cut off at once.
pub(super) const MAX_DRAIN_BYTES: usize = 1024 * 1024;
/// How long reading the rest of a refused body may take.
const DRAIN_TIME: Duration = Duration::from_secs(2);

pub(super) enum ReadError {
    TooLarge,
    /// The client went away or sent a broken body.
    Broken,
}

/// `response` to a request whose body was not read to its end: the connection cannot carry
/// another request, so it is closed after this answer.
pub(super) fn closing(mut response: axum::response::Response) -> axum::response::Response {
    let close = http::HeaderValue::from_static("close");
    (response.headers_mut()).insert(http::header::CONNECTION, close);
    response
}

/// The whole body, refusing it as soon as it grows past `limit`, with or without a
/// Content-Length.
pub(super) async fn read_limited(mut body: Body, limit: usize) -> Result<Vec<u8>, ReadError> {
    let mut bytes = Vec::new();
    while let Some(frame) = next_frame(&mut body).await {
        let frame = frame.map_err(|_| ReadError::Broken)?;
        if let Ok(data) = frame.into_data() {
            if bytes.len() + data.len() > limit {
                let seen = bytes.len() + data.len();
                drain(&mut body, seen, MAX_DRAIN_BYTES, DRAIN_TIME).await;
                return Err(ReadError::TooLarge);
            }
            bytes.extend_from_slice(&data);
        }
    }
    Ok(bytes)
}

/// Reads and throws away what is left of `body` until `max` bytes were seen (counting `seen`
/// already) or `time` passed, so the refusal that follows reaches a client still sending.
pub(super) async fn drain(body: &mut Body, mut seen: usize, max: usize, time: Duration) {
    let _ = tokio::time::timeout(time, async {
        while seen <= max
            && let Some(Ok(frame)) = next_frame(body).await
        {
            seen += frame.data_ref().map_or(0, |data| data.len());
        }
    })
    .await;
}

async fn next_frame(
    body: &mut Body,
) -> Option<Result<hyper::body::Frame<bytes::Bytes>, axum::Error>> {
    std::future::poll_fn(|context| Pin::new(&mut *body).poll_frame(context)).await
}
