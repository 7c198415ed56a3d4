//! Reads the build's large files from disk when they are asked for, a few at a time, so a burst
//! of requests does not read hundreds of pictures at once. The bytes read stay in memory until
//! they are sent, after the read's turn has ended: many slow clients of large pictures still
//! hold that many copies (streaming them from the file is the open item of issue 16).

use tokio::sync::Semaphore;

use super::error::AppError;
use crate::site::{Body, DiskFile, FileContent};

const READS_AT_ONCE: usize = 8;
static READS: Semaphore = Semaphore::const_new(READS_AT_ONCE);

/// A file's body: the one in memory, or the file read from disk (see [`read`]).
pub(super) async fn body(content: &FileContent) -> Result<std::sync::Arc<Body>, AppError> {
    match content {
        FileContent::Memory(body) => Ok(std::sync::Arc::clone(body)),
        FileContent::Disk(disk) => read(disk).await.map(std::sync::Arc::new),
    }
}

/// The file's bytes as a body, or 503 (logged) when it cannot be read: a file removed or
/// unreadable after the build was loaded degrades that file only.
pub(super) async fn read(file: &DiskFile) -> Result<Body, AppError> {
    let _permit = READS
        .acquire()
        .await
        .expect("the semaphore is never closed");
    let owned = file.clone();
    let read = tokio::task::spawn_blocking(move || owned.read()).await;
    match read {
        Ok(Ok(body)) => Ok(body),
        Ok(Err(error)) => {
            tracing::error!(%error, path = %file.path().display(), "a file of the build cannot be read");
            Err(AppError::FileUnavailable)
        }
        Err(error) => {
            tracing::error!(%error, "reading a file of the build panicked");
            Err(AppError::FileUnavailable)
        }
    }
}
