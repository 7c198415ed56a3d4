//! The build's large files, left on disk. A direct request streams the file in small chunks, so
//! a slow client of a large picture holds one chunk, not the picture. The image optimizer needs
//! a source whole: those reads take turns, a few at a time, so a burst of cold renderings does
//! not read hundreds of pictures at once.

use std::sync::Arc;
use std::time::UNIX_EPOCH;

use axum::body::Body as ResponseBody;
use axum::response::Response;
use bytes::BytesMut;
use http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use tokio::io::AsyncReadExt;
use tokio::sync::Semaphore;

use super::cache_policy::CachePolicy;
use super::error::AppError;
use super::representation::{if_none_match, insert_body_headers};
use crate::site::{Body, DiskFile, Encoding, FileContent};

const READS_AT_ONCE: usize = 8;
static READS: Semaphore = Semaphore::const_new(READS_AT_ONCE);

/// What a streamed response holds per client: one chunk read, one being sent.
const CHUNK_BYTES: usize = 64 * 1024;

/// How a file on disk is answered besides its bytes.
pub(super) struct FileHeaders {
    pub content_type: HeaderValue,
    pub cache: CachePolicy,
}

/// A 200, 304 or 503 answer for a file on disk, streamed from the file as it is now. The ETag
/// comes from the open file's length and modification time, like nginx's: a file rewritten by
/// a new build before the reload gets a new tag, and the bytes sent are the ones it names.
pub(super) async fn respond(
    file: &DiskFile,
    headers: FileHeaders,
    method: &Method,
    request: &HeaderMap,
) -> Result<Response, AppError> {
    let (opened, length, etag) = open(file)
        .await
        .map_err(|error| unavailable(file, &error))?;
    let not_modified = if_none_match(request, |tag| tag.as_bytes() == etag.as_bytes());
    let body = if not_modified || method == Method::HEAD {
        ResponseBody::empty()
    } else {
        ResponseBody::from_stream(chunks(opened))
    };
    let mut response = Response::new(body);
    let out = response.headers_mut();
    out.insert(header::ETAG, etag);
    out.insert(header::CACHE_CONTROL, headers.cache.header_value());
    if not_modified {
        *response.status_mut() = StatusCode::NOT_MODIFIED;
    } else {
        out.insert(header::CONTENT_LENGTH, HeaderValue::from(length));
        insert_body_headers(out, headers.content_type, Encoding::Identity);
    }
    Ok(response)
}

async fn open(file: &DiskFile) -> std::io::Result<(tokio::fs::File, u64, HeaderValue)> {
    let opened = tokio::fs::File::open(file.path()).await?;
    let metadata = opened.metadata().await?;
    let modified = metadata
        .modified()?
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    let etag = format!(
        "\"{:x}-{:x}.{:x}\"",
        metadata.len(),
        modified.as_secs(),
        modified.subsec_nanos()
    );
    let etag = HeaderValue::from_str(&etag).expect("hex digits are a valid header");
    Ok((opened, metadata.len(), etag))
}

/// The file's bytes in chunks of [`CHUNK_BYTES`], ending at its end. A file cut short while it
/// is sent ends the body early, and hyper closes the connection rather than send a short body
/// under the length already announced.
fn chunks(
    file: tokio::fs::File,
) -> impl futures_util::Stream<Item = std::io::Result<bytes::Bytes>> + Send {
    futures_util::stream::try_unfold(file, |mut file| async move {
        let mut chunk = BytesMut::with_capacity(CHUNK_BYTES);
        let read = file.read_buf(&mut chunk).await?;
        Ok((read > 0).then(|| (chunk.freeze(), file)))
    })
}

/// A file's body whole, for the image optimizer: the one in memory, or the file read from disk
/// (see [`read`]).
pub(super) async fn body(content: &FileContent) -> Result<Arc<Body>, AppError> {
    match content {
        FileContent::Memory(body) => Ok(Arc::clone(body)),
        FileContent::Disk(disk) => read(disk).await.map(Arc::new),
    }
}

/// The file's bytes as a body, or 503 (logged) when it cannot be read: a file removed or
/// unreadable after the build was loaded degrades that file only.
async fn read(file: &DiskFile) -> Result<Body, AppError> {
    let _permit = READS
        .acquire()
        .await
        .expect("the semaphore is never closed");
    let owned = file.clone();
    match tokio::task::spawn_blocking(move || owned.read()).await {
        Ok(Ok(body)) => Ok(body),
        Ok(Err(error)) => Err(unavailable(file, &error)),
        Err(error) => {
            tracing::error!(%error, "reading a file of the build panicked");
            Err(AppError::FileUnavailable)
        }
    }
}

fn unavailable(file: &DiskFile, error: &std::io::Error) -> AppError {
    tracing::error!(%error, path = %file.path().display(), "a file of the build cannot be read");
    AppError::FileUnavailable
}
