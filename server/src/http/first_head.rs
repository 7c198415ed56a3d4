//! Holds a new connection until its first request head has arrived, like nginx's deferred
//! accept. hyper gives every connection two 8 KiB buffers as soon as it has it; 5,000 clients
//! that connect and send nothing, or a byte every few seconds, would hold 80 MB of them. Here
//! they wait with the task's few hundred bytes, and the header timeout bounds their whole head.

use std::io;
use std::time::Duration;

use rustix::net::RecvFlags;
use tokio::io::Interest;
use tokio::net::TcpStream;

/// Peeked at each arrival of bytes; a head longer than this is handed over unfinished, and
/// hyper reads the rest under its own limits.
const WINDOW_BYTES: usize = 2048;

/// True once the connection's first request head is complete (or fills the window), false when
/// it was not within `within`, the client closed before it was, or the socket failed.
pub(super) async fn arrived(stream: &TcpStream, within: Duration) -> bool {
    let wait = async {
        loop {
            let ready = stream.ready(Interest::READABLE).await?;
            // A WouldBlock from the closure clears the readiness, so the next wait is for new
            // bytes instead of spinning over the ones already peeked.
            match stream.try_io(Interest::READABLE, || peek_head(stream)) {
                Ok(()) => return Ok(true),
                // The client closed in the middle of its head: nothing will complete it, and a
                // closed socket stays readable, so waiting again would spin.
                Err(error) if error.kind() == io::ErrorKind::WouldBlock => {
                    if ready.is_read_closed() {
                        return Ok(false);
                    }
                }
                Err(error) => return Err(error),
            }
        }
    };
    matches!(tokio::time::timeout(within, wait).await, Ok(Ok(true)))
}

/// Ok when the bytes waiting are ready for hyper, WouldBlock while the head is incomplete
/// (including when nothing is waiting: the client closed, or readiness was spurious).
fn peek_head(stream: &TcpStream) -> io::Result<()> {
    let mut window = [0u8; WINDOW_BYTES];
    let (peeked, _) = rustix::net::recv(
        stream,
        &mut window[..],
        RecvFlags::PEEK | RecvFlags::DONTWAIT,
    )?;
    let ready = peeked == WINDOW_BYTES || head_is_complete(&window[..peeked]);
    if ready {
        Ok(())
    } else {
        Err(io::ErrorKind::WouldBlock.into())
    }
}

/// A head ends with an empty line; HTTP/1.1 allows a bare LF as line end (RFC 9112 2.2).
fn head_is_complete(bytes: &[u8]) -> bool {
    bytes.windows(2).any(|pair| pair == b"\n\n") || bytes.windows(4).any(|quad| quad == b"\r\n\r\n")
}

#[cfg(test)]
mod tests {
    use tokio::io::AsyncWriteExt;
    use tokio::net::TcpListener;

    use super::*;

    async fn pair() -> (tokio::net::TcpStream, TcpStream) {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let client = tokio::net::TcpStream::connect(listener.local_addr().unwrap())
            .await
            .unwrap();
        let (server, _) = listener.accept().await.unwrap();
        (client, server)
    }

    #[test]
    fn a_head_ends_with_an_empty_line() {
        assert!(head_is_complete(b"GET / HTTP/1.1\r\nHost: a\r\n\r\n"));
        assert!(head_is_complete(b"GET / HTTP/1.1\nHost: a\n\n"));
        assert!(!head_is_complete(b"GET / HTTP/1.1\r\nHost: a\r\n"));
    }

    #[tokio::test]
    async fn waits_for_the_whole_head_sent_a_piece_at_a_time() {
        let (mut client, server) = pair().await;
        let waiting = tokio::spawn(async move { arrived(&server, Duration::from_secs(5)).await });
        for piece in ["GET / HT", "TP/1.1\r\nHost: a\r\n", "\r\n"] {
            tokio::time::sleep(Duration::from_millis(50)).await;
            assert!(!waiting.is_finished(), "handed over before {piece:?}");
            client.write_all(piece.as_bytes()).await.unwrap();
        }
        assert!(waiting.await.unwrap());
    }

    #[tokio::test]
    async fn an_incomplete_head_is_cut_at_the_timeout() {
        let (mut client, server) = pair().await;
        client.write_all(b"GET / HTTP/1.1\r\n").await.unwrap();
        assert!(!arrived(&server, Duration::from_millis(200)).await);
        let (_silent, server) = pair().await;
        assert!(!arrived(&server, Duration::from_millis(200)).await);
    }

    #[tokio::test]
    async fn a_head_longer_than_the_window_is_handed_over_and_a_close_is_not() {
        let (mut client, server) = pair().await;
        let cookie = "a".repeat(WINDOW_BYTES);
        client
            .write_all(format!("GET / HTTP/1.1\r\nCookie: {cookie}").as_bytes())
            .await
            .unwrap();
        assert!(arrived(&server, Duration::from_secs(5)).await);
        let (client, server) = pair().await;
        drop(client);
        assert!(!arrived(&server, Duration::from_secs(5)).await);
        let (mut client, server) = pair().await;
        client.write_all(b"GET / HTTP/1.1\r\n").await.unwrap();
        client.shutdown().await.unwrap();
        let started = std::time::Instant::now();
        assert!(!arrived(&server, Duration::from_secs(5)).await);
        assert!(
            started.elapsed() < Duration::from_secs(1),
            "{:?}",
            started.elapsed()
        );
    }
}
