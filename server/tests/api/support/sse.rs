//! Reading the live stream's server-sent events: its blocks as they come, parsed into events,
//! with the comments and `retry:` lines that keep it alive and end it.

use std::time::Duration;

use reqwest::{Response, StatusCode};
use serde_json::Value;

use super::app::{TestApp, header};

/// One parsed event: its id (positions have the second, alerts none), name and data.
pub(crate) struct Event {
    pub(crate) id: u64,
    pub(crate) name: String,
    pub(crate) data: Value,
}

/// An open stream, read block by block (a block ends with a blank line).
pub(crate) struct Stream {
    response: Response,
    text: String,
}

impl Stream {
    /// Opens the stream at `path` (sent with `headers`), checking the answer's headers.
    pub(crate) async fn open(app: &TestApp, path: &str, headers: &[(&str, &str)]) -> Self {
        let mut request = app.get(path);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        Self::of(request.send().await.expect("request"), path)
    }

    /// A stream already answered.
    pub(crate) fn of(response: Response, path: &str) -> Self {
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_eq!(
            header(&response, "content-type"),
            "text/event-stream; charset=utf-8"
        );
        assert_eq!(header(&response, "cache-control"), "no-store");
        assert_eq!(header(&response, "x-content-type-options"), "nosniff");
        Self {
            response,
            text: String::new(),
        }
    }

    /// The next block, or `None` when the stream ended; panics after `timeout`.
    pub(crate) async fn block(&mut self, timeout: Duration) -> Option<String> {
        let reading = async {
            loop {
                if let Some(end) = self.text.find("\n\n") {
                    return Some(self.text.drain(..end + 2).collect::<String>());
                }
                match self.response.chunk().await.expect("chunk") {
                    Some(chunk) => self
                        .text
                        .push_str(std::str::from_utf8(&chunk).expect("utf-8")),
                    None => return None,
                }
            }
        };
        tokio::time::timeout(timeout, reading)
            .await
            .unwrap_or_else(|_| panic!("nothing for {timeout:?}"))
    }

    /// The next `count` events (comments and `retry:` blocks skipped), in a minute at most.
    pub(crate) async fn events(&mut self, count: usize) -> Vec<Event> {
        let mut parsed = Vec::new();
        let reading = async {
            while parsed.len() < count {
                let block = self.block(Duration::from_secs(60)).await.expect("open");
                parsed.extend(parse(&block));
            }
        };
        tokio::time::timeout(Duration::from_secs(60), reading)
            .await
            .expect("events within a minute");
        parsed
    }
}

/// Reads `count` events of the stream at `path` (sent with `headers`).
pub(crate) async fn events(
    app: &TestApp,
    path: &str,
    headers: &[(&str, &str)],
    count: usize,
) -> Vec<Event> {
    Stream::open(app, path, headers).await.events(count).await
}

/// An event block, or `None` for a block of comments and `retry:` lines.
pub(crate) fn parse(block: &str) -> Option<Event> {
    let (mut id, mut name, mut data) = (None, None, None);
    for line in block.lines() {
        match line.split_once(": ") {
            Some(("id", value)) => id = Some(value.parse().expect("numeric id")),
            Some(("event", value)) => name = Some(value.to_owned()),
            Some(("data", value)) => data = Some(serde_json::from_str(value).expect("JSON data")),
            _ => assert!(
                line.is_empty() || line.starts_with(':') || line.starts_with("retry: "),
                "unexpected line {line:?}"
            ),
        }
    }
    let name = name?;
    Some(Event {
        id: if name == "positions" {
            id.expect("a positions event has an id")
        } else {
            id.unwrap_or(0)
        },
        name,
        data: data.expect("event data"),
    })
}
