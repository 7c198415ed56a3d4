//! The life of one live stream (issue #30): it holds a place under the caps on streams (per
//! client address and in all), sends the frames of its view (and its fence's alerts), says it
//! is alive with a comment line when it has had nothing to send for `heartbeat_secs`, and ends
//! with a `retry:` that brings its browser back (with `Last-Event-ID`, so no second is lost)
//! when its lifetime is over, when its venue changed, or at once when the server shuts down.

use std::collections::VecDeque;
use std::convert::Infallible;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use futures_util::StreamExt;
use http::{HeaderValue, header};
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::{broadcast, watch};
use tokio::time::Instant;

use super::Frame;
use super::encode::View;
use super::events_of;
use crate::config::LiveConfig;
use crate::limits::slots::{Full, Slot, Slots};
use site_tracking::fences::Fence;
use site_venues::Venue;

/// Sent first: how long a client waits before reconnecting, and a comment that opens the
/// stream at once while a venue's engine starts.
const OPENING: &[u8] = b"retry: 2000\n: live positions, one event a second\n\n";
/// Sent when nothing else was for a while.
const HEARTBEAT: &[u8] = b": alive\n\n";
/// The last words of a stream, each telling the browser to come back soon.
const LIFETIME_OVER: &[u8] = b": this stream has lasted long enough; reconnect\nretry: 1000\n\n";
const VENUE_CHANGED: &[u8] = b": the venue changed; reconnect\nretry: 500\n\n";
const SHUTTING_DOWN: &[u8] = b": this server is stopping; reconnect\nretry: 1000\n\n";

/// The streams open, their caps and lifetimes, and the signal that ends them at shutdown.
/// Shared by every build's state.
#[derive(Clone)]
pub(crate) struct Streams {
    slots: Arc<Slots>,
    per_client: u64,
    lifetime: Duration,
    heartbeat: Duration,
    closing: watch::Receiver<bool>,
}

impl Streams {
    /// `closing` turns true when the server begins to shut down.
    pub(crate) fn new(live: &LiveConfig, closing: watch::Receiver<bool>) -> Self {
        Self {
            slots: Slots::new(live.max_streams),
            per_client: live.max_streams_per_client,
            lifetime: Duration::from_secs(live.stream_lifetime_secs),
            heartbeat: Duration::from_secs(live.heartbeat_secs),
            closing,
        }
    }

    /// A place for one more stream of `client`, or the cap that is reached.
    pub(super) fn open(&self, client: IpAddr) -> Result<Slot, Full> {
        self.slots.take(client, self.per_client)
    }

    pub(super) fn per_client(&self) -> u64 {
        self.per_client
    }

    /// Streams open now.
    pub(crate) fn open_now(&self) -> u64 {
        self.slots.held()
    }
}

/// What one client watches: its view, the frames (those kept that it missed, then the live
/// ones), where it left off, its fence, and its place under the caps.
pub(super) struct Watch {
    pub(super) view: View,
    pub(super) missed: VecDeque<Arc<Frame>>,
    pub(super) live: broadcast::Receiver<Arc<Frame>>,
    pub(super) after: Option<u64>,
    pub(super) fence: Option<Fence>,
    pub(super) venue: Arc<Venue>,
    /// Held as long as the stream: its place under the caps.
    pub(super) _slot: Slot,
}

/// The stream's state between two chunks.
struct Follower {
    watch: Watch,
    heartbeat: Duration,
    /// When the stream ends and the browser is asked to reconnect.
    ends_at: Instant,
    /// When the heartbeat is due, unless something is sent before.
    quiet_until: Instant,
    closing: watch::Receiver<bool>,
    ended: bool,
}

pub(super) fn respond(watch: Watch, streams: &Streams) -> Response {
    let now = Instant::now();
    // A tenth of the lifetime at random, so streams opened together do not end together.
    let lifetime = streams.lifetime.mul_f64(0.9 + 0.1 * fastrand::f64());
    let follower = Follower {
        watch,
        heartbeat: streams.heartbeat,
        ends_at: now + lifetime,
        quiet_until: now + streams.heartbeat,
        closing: streams.closing.clone(),
        ended: false,
    };
    let opening = futures_util::stream::once(async { Bytes::from_static(OPENING) });
    let following = futures_util::stream::unfold(follower, |mut follower| async move {
        let chunk = follower.next_chunk().await?;
        Some((chunk, follower))
    });
    event_stream(opening.chain(following))
}

/// A response of server-sent events: `chunks` as they come, never stored.
pub(in crate::http) fn event_stream(
    chunks: impl futures_util::Stream<Item = Bytes> + Send + 'static,
) -> Response {
    let mut response = Body::from_stream(chunks.map(Ok::<_, Infallible>)).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/event-stream; charset=utf-8"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    // nginx would otherwise hold the events back to fill its buffer.
    headers.insert("x-accel-buffering", HeaderValue::from_static("no"));
    response
}

/// What a stream waiting for its next frame got first.
enum Waited {
    Frame(Arc<Frame>),
    Quiet,
    End(&'static [u8]),
}

impl Follower {
    /// The next bytes to send; `None` once the stream has said its last words.
    async fn next_chunk(&mut self) -> Option<Bytes> {
        if self.ended {
            return None;
        }
        loop {
            let frame = match self.watch.missed.pop_front() {
                Some(frame) => frame,
                None => {
                    let waited = tokio::select! {
                        biased;
                        _ = self.closing.wait_for(|closing| *closing) => Waited::End(SHUTTING_DOWN),
                        () = tokio::time::sleep_until(self.ends_at) => Waited::End(LIFETIME_OVER),
                        () = tokio::time::sleep_until(self.quiet_until) => Waited::Quiet,
                        received = self.watch.live.recv() => match received {
                            Ok(frame) => Waited::Frame(frame),
                            // A client too slow for the channel skips to the newest seconds.
                            Err(RecvError::Lagged(_)) => continue,
                            Err(RecvError::Closed) => Waited::End(VENUE_CHANGED),
                        },
                    };
                    match waited {
                        Waited::Frame(frame) => frame,
                        Waited::Quiet => {
                            self.quiet_until = Instant::now() + self.heartbeat;
                            return Some(Bytes::from_static(HEARTBEAT));
                        }
                        Waited::End(words) => return Some(self.last(words)),
                    }
                }
            };
            let watch = &mut self.watch;
            if watch.after.is_some_and(|sent| frame.second <= sent) {
                continue;
            }
            watch.after = Some(frame.second);
            if let Some(bytes) = events_of(&frame, &watch.view, watch.fence.as_mut(), &watch.venue)
            {
                self.quiet_until = Instant::now() + self.heartbeat;
                return Some(bytes);
            }
        }
    }

    fn last(&mut self, words: &'static [u8]) -> Bytes {
        self.ended = true;
        Bytes::from_static(words)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::negotiation::language::Language;

    fn streams(live: &LiveConfig) -> (Streams, watch::Sender<bool>) {
        let (closing, closed) = watch::channel(false);
        (Streams::new(live, closed), closing)
    }

    fn hospital() -> Arc<Venue> {
        use site_venues::testing::{content_dir, extras_of, load};
        let dir = content_dir().join("demo-hospital");
        Arc::new(load("demo-hospital", &dir, &extras_of(&dir)))
    }

    /// A stream of a channel nothing is ever sent on; the sender is handed back to keep it
    /// open (or drop it).
    fn silent(streams: &Streams) -> (Response, broadcast::Sender<Arc<Frame>>) {
        let (sender, live) = broadcast::channel(8);
        let watch = Watch {
            view: View {
                level: None,
                truth: false,
                language: Language::Chinese,
            },
            missed: VecDeque::new(),
            live,
            after: None,
            fence: None,
            venue: hospital(),
            _slot: streams.open("192.0.2.1".parse().unwrap()).unwrap(),
        };
        (respond(watch, streams), sender)
    }

    async fn chunks(response: Response, count: usize) -> Vec<String> {
        let mut body = response.into_body().into_data_stream();
        let mut out = Vec::new();
        while out.len() < count {
            match body.next().await {
                Some(Ok(chunk)) => out.push(String::from_utf8(chunk.to_vec()).unwrap()),
                _ => break,
            }
        }
        out
    }

    // On a paused clock, which moves only when every task waits: on the real one a loaded
    // machine (a fresh clone's run of the suite) delayed the end to 3.9 s, loading the venue
    // and waking the stream late.
    #[tokio::test(start_paused = true)]
    async fn a_silent_stream_sends_a_heartbeat_every_interval_and_ends_with_its_lifetime() {
        let (streams, _closing) = streams(&LiveConfig {
            heartbeat_secs: 1,
            stream_lifetime_secs: 3,
            ..LiveConfig::default()
        });
        let started = Instant::now();
        let (response, _sender) = silent(&streams);
        let sent = chunks(response, 100).await;
        assert!(sent[0].starts_with("retry: 2000\n"));
        // Heartbeats at 1 s and 2 s, the end between 2.7 and 3 s; nothing after it.
        let beats = sent.iter().filter(|c| c.as_str() == ": alive\n\n").count();
        assert_eq!(beats, 2, "{sent:?}");
        assert_eq!(sent.last().unwrap().as_bytes(), LIFETIME_OVER);
        let lasted = started.elapsed();
        assert!(
            (Duration::from_millis(2700)..=Duration::from_millis(3000)).contains(&lasted),
            "{lasted:?}"
        );
        assert_eq!(streams.open_now(), 0, "the place is given back");
    }

    #[tokio::test]
    async fn shutdown_and_a_closed_channel_end_a_stream_at_once_telling_it_to_come_back() {
        let (streams, closing) = streams(&LiveConfig::default());
        let (response, _sender) = silent(&streams);
        let reading = tokio::spawn(chunks(response, 100));
        tokio::time::sleep(Duration::from_millis(300)).await;
        closing.send_replace(true);
        let sent = reading.await.unwrap();
        assert_eq!(sent.last().unwrap().as_bytes(), SHUTTING_DOWN);

        let (streams, _closing) = self::streams(&LiveConfig::default());
        let (response, sender) = silent(&streams);
        drop(sender);
        let sent = chunks(response, 100).await;
        assert_eq!(sent.last().unwrap().as_bytes(), VENUE_CHANGED);
    }

    #[test]
    fn the_caps_hold_per_client_and_in_all() {
        let (streams, _closing) = streams(&LiveConfig {
            max_streams: 3,
            max_streams_per_client: 2,
            ..LiveConfig::default()
        });
        let ip = |text: &str| text.parse::<IpAddr>().unwrap();
        let _a = streams.open(ip("192.0.2.1")).unwrap();
        let _b = streams.open(ip("192.0.2.1")).unwrap();
        assert_eq!(streams.open(ip("192.0.2.1")).unwrap_err(), Full::PerClient);
        let _c = streams.open(ip("192.0.2.2")).unwrap();
        assert_eq!(streams.open(ip("192.0.2.3")).unwrap_err(), Full::Total);
    }
}
