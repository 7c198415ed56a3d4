//! A stand-in for a server the site calls out to (the IndexNow endpoint, the enterprise WeChat
//! group robot, a remote image host): a real HTTP server on 127.0.0.1, on its own thread and
//! runtime so both async tests and tests driving the binary can use it. It records every request
//! and answers each route from its queue of answers, then with the route's standing answer;
//! routes it was not told about get 404.

use std::collections::{HashMap, VecDeque};
use std::net::{SocketAddr, TcpListener};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::response::Response;
use http::{HeaderMap, Method, Uri};
use tokio::sync::oneshot;

/// One request as the stand-in received it.
#[derive(Debug, Clone)]
pub(crate) struct Recorded {
    pub(crate) method: Method,
    /// Path and query.
    pub(crate) uri: Uri,
    pub(crate) headers: HeaderMap,
    pub(crate) body: Bytes,
    pub(crate) at: Instant,
}

impl Recorded {
    /// The header's value; empty when absent.
    pub(crate) fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .map(|value| value.to_str().expect("ascii header"))
            .unwrap_or_default()
    }

    /// The body as JSON; panics when it is not.
    pub(crate) fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|error| {
            let text = String::from_utf8_lossy(&self.body);
            panic!(
                "{} {}: body is not JSON ({error}): {text}",
                self.method, self.uri
            )
        })
    }
}

/// What the stand-in answers: a status, headers and a body, after an optional delay.
#[derive(Debug, Clone)]
pub(crate) struct Answer {
    status: u16,
    headers: Vec<(&'static str, String)>,
    body: Vec<u8>,
    delay: Duration,
}

impl Answer {
    /// `status` with an empty body.
    pub(crate) fn status(status: u16) -> Self {
        Self {
            status,
            headers: Vec::new(),
            body: Vec::new(),
            delay: Duration::ZERO,
        }
    }

    /// 200 with `value` as a JSON body.
    pub(crate) fn json(value: &serde_json::Value) -> Self {
        Self::status(200)
            .with_header("content-type", "application/json")
            .with_body(value.to_string())
    }

    pub(crate) fn with_header(mut self, name: &'static str, value: &str) -> Self {
        self.headers.push((name, value.to_owned()));
        self
    }

    pub(crate) fn with_body(mut self, body: impl Into<Vec<u8>>) -> Self {
        self.body = body.into();
        self
    }

    /// Answers only after `delay`: a slow upstream. Other requests are answered meanwhile.
    pub(crate) fn after(mut self, delay: Duration) -> Self {
        self.delay = delay;
        self
    }

    fn into_response(self) -> Response {
        let mut response = http::Response::builder().status(self.status);
        for (name, value) in self.headers {
            response = response.header(name, value);
        }
        response.body(Body::from(self.body)).expect("valid answer")
    }
}

struct Route {
    queued: VecDeque<Answer>,
    standing: Answer,
}

#[derive(Default)]
struct Shared {
    requests: Vec<Recorded>,
    routes: HashMap<(Method, String), Route>,
}

pub(crate) struct StandIn {
    address: SocketAddr,
    shared: Arc<Mutex<Shared>>,
    /// Dropping the sender stops the server.
    _stop: oneshot::Sender<()>,
}

impl StandIn {
    /// A stand-in on a free port.
    pub(crate) fn start() -> Self {
        Self::start_on(TcpListener::bind("127.0.0.1:0").expect("bind"))
    }

    /// A stand-in on `listener`, e.g. a port the site was already told about.
    pub(crate) fn start_on(listener: TcpListener) -> Self {
        listener.set_nonblocking(true).expect("nonblocking");
        let address = listener.local_addr().expect("address");
        let shared = Arc::new(Mutex::new(Shared::default()));
        let (stop, stopped) = oneshot::channel::<()>();
        let (serving, started) = std::sync::mpsc::channel();
        let state = Arc::clone(&shared);
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("runtime");
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::from_std(listener).expect("listener");
                serving.send(()).expect("test waits");
                let app = Router::new().fallback(receive).with_state(state);
                axum::serve(listener, app)
                    .with_graceful_shutdown(async {
                        let _ = stopped.await;
                    })
                    .await
                    .expect("stand-in serves");
            });
        });
        started
            .recv_timeout(Duration::from_secs(10))
            .expect("stand-in starts");
        Self {
            address,
            shared,
            _stop: stop,
        }
    }

    pub(crate) fn address(&self) -> SocketAddr {
        self.address
    }

    pub(crate) fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.address)
    }

    /// `method` requests to `path` (any query) get `answer` once the queued answers are used up.
    pub(crate) fn answer(&self, method: Method, path: &str, answer: Answer) {
        let mut shared = self.shared.lock().unwrap();
        let key = (method, path.to_owned());
        match shared.routes.get_mut(&key) {
            Some(route) => route.standing = answer,
            None => {
                let queued = VecDeque::new();
                let route = Route {
                    queued,
                    standing: answer,
                };
                shared.routes.insert(key, route);
            }
        }
    }

    /// The next `method` requests to `path` get these answers, in order; the route must have
    /// its standing answer already.
    pub(crate) fn queue(
        &self,
        method: Method,
        path: &str,
        answers: impl IntoIterator<Item = Answer>,
    ) {
        let mut shared = self.shared.lock().unwrap();
        let route = shared
            .routes
            .get_mut(&(method, path.to_owned()))
            .unwrap_or_else(|| panic!("no standing answer for {path}: call answer() first"));
        route.queued.extend(answers);
    }

    /// Every request received so far, in order.
    pub(crate) fn requests(&self) -> Vec<Recorded> {
        self.shared.lock().unwrap().requests.clone()
    }
}

async fn receive(
    State(shared): State<Arc<Mutex<Shared>>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let answer = {
        let mut shared = shared.lock().unwrap();
        let key = (method.clone(), uri.path().to_owned());
        shared.requests.push(Recorded {
            method,
            uri,
            headers,
            body,
            at: Instant::now(),
        });
        match shared.routes.get_mut(&key) {
            Some(route) => route
                .queued
                .pop_front()
                .unwrap_or_else(|| route.standing.clone()),
            None => Answer::status(404),
        }
    };
    tokio::time::sleep(answer.delay).await;
    answer.into_response()
}
