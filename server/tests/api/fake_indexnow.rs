//! A stand-in IndexNow endpoint: a real HTTP server on 127.0.0.1, on its own thread so both
//! async tests and tests driving the binary can use it. It records every request and answers
//! from a script of replies, then 200 once the script is used up.

use std::collections::VecDeque;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use http::{HeaderMap, StatusCode, header};
use tokio::sync::oneshot;

/// One request as the endpoint received it.
#[derive(Debug, Clone)]
pub(crate) struct Received {
    pub(crate) content_type: String,
    pub(crate) body: serde_json::Value,
    pub(crate) at: Instant,
}

impl Received {
    pub(crate) fn host(&self) -> &str {
        self.body["host"].as_str().expect("host is a string")
    }

    pub(crate) fn urls(&self) -> Vec<String> {
        self.body["urlList"]
            .as_array()
            .expect("urlList is an array")
            .iter()
            .map(|url| url.as_str().expect("urls are strings").to_owned())
            .collect()
    }
}

/// A scripted answer: a status and, optionally, a Retry-After value.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Reply {
    pub(crate) status: u16,
    pub(crate) retry_after: Option<&'static str>,
}

impl Reply {
    pub(crate) const fn status(status: u16) -> Self {
        Self {
            status,
            retry_after: None,
        }
    }
}

#[derive(Default)]
struct Shared {
    received: Vec<Received>,
    script: VecDeque<Reply>,
    /// Answer every request not covered by the script with this instead of 200.
    otherwise: Option<Reply>,
}

pub(crate) struct FakeIndexNow {
    address: SocketAddr,
    shared: Arc<Mutex<Shared>>,
    _stop: oneshot::Sender<()>,
}

impl FakeIndexNow {
    pub(crate) fn start() -> Self {
        let shared = Arc::new(Mutex::new(Shared::default()));
        let (stop, stopped) = oneshot::channel::<()>();
        let (bound, address) = std::sync::mpsc::channel();
        let state = Arc::clone(&shared);
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("runtime");
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
                    .await
                    .expect("bind");
                bound
                    .send(listener.local_addr().expect("address"))
                    .expect("test waits");
                let app = Router::new()
                    .route("/indexnow", post(receive))
                    .with_state(state);
                axum::serve(listener, app)
                    .with_graceful_shutdown(async {
                        let _ = stopped.await;
                    })
                    .await
                    .expect("fake endpoint serves");
            });
        });
        Self {
            address: address
                .recv_timeout(Duration::from_secs(10))
                .expect("fake endpoint starts"),
            shared,
            _stop: stop,
        }
    }

    /// The address to configure as `indexnow.endpoint`.
    pub(crate) fn url(&self) -> String {
        format!("http://{}/indexnow", self.address)
    }

    /// The next requests get these replies, in order.
    pub(crate) fn reply_with(&self, replies: impl IntoIterator<Item = Reply>) {
        self.shared.lock().unwrap().script.extend(replies);
    }

    /// Requests beyond the script get `reply` instead of 200.
    pub(crate) fn otherwise_reply(&self, reply: Reply) {
        self.shared.lock().unwrap().otherwise = Some(reply);
    }

    pub(crate) fn received(&self) -> Vec<Received> {
        self.shared.lock().unwrap().received.clone()
    }
}

async fn receive(
    State(shared): State<Arc<Mutex<Shared>>>,
    headers: HeaderMap,
    body: String,
) -> Response {
    let mut shared = shared.lock().unwrap();
    shared.received.push(Received {
        content_type: headers
            .get(header::CONTENT_TYPE)
            .and_then(|value| value.to_str().ok())
            .unwrap_or_default()
            .to_owned(),
        body: serde_json::from_str(&body).unwrap_or(serde_json::Value::String(body)),
        at: Instant::now(),
    });
    let reply = shared
        .script
        .pop_front()
        .or(shared.otherwise)
        .unwrap_or(Reply::status(200));
    let status = StatusCode::from_u16(reply.status).expect("valid status");
    match reply.retry_after {
        Some(after) => (status, [(header::RETRY_AFTER, after)], "busy").into_response(),
        None => (status, "").into_response(),
    }
}
