//! Editing mode (`live_reload`, used by `scripts/dev`): pages built for editing open
//! `/next/_site/live`, a stream of server-sent events that says when a new build is served
//! (the page reloads itself) or what keeps the newest edit out (the page shows it over the last
//! good version, which goes on being served).

use std::convert::Infallible;
use std::time::Duration;

use axum::extract::State;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::Stream;
use http::StatusCode;
use tokio::sync::watch;

use super::AppState;

/// The longest problem text kept; a build's error output past it is cut.
const MAX_PROBLEM_BYTES: usize = 64 * 1024;

/// What open pages are told: the build being served, and what stopped the newest edit.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct BuildStatus {
    pub build: String,
    pub problem: Option<String>,
}

/// The status shared by every build's route table. Cheap to clone.
#[derive(Clone)]
pub(crate) struct LiveReload(watch::Sender<BuildStatus>);

impl LiveReload {
    pub(crate) fn new(build: String) -> Self {
        Self(watch::Sender::new(BuildStatus {
            build,
            problem: None,
        }))
    }

    /// A new build is served: open pages reload.
    pub(crate) fn served(&self, build: String) {
        self.0.send_replace(BuildStatus {
            build,
            problem: None,
        });
    }

    /// The newest edit is not served; `None` clears an earlier problem.
    pub(crate) fn problem(&self, problem: Option<String>) {
        self.0.send_if_modified(|status| {
            let changed = status.problem != problem;
            status.problem = problem;
            changed
        });
    }
}

/// `GET /next/_site/live`: `build` (the build's id) at once and whenever it changes,
/// `problem` (the text to show) and `ok` (the problem is gone without a new build).
pub(super) async fn get_events(State(state): State<AppState>) -> Response {
    let Some(live) = &state.live else {
        return StatusCode::NOT_FOUND.into_response();
    };
    Sse::new(events(live.0.subscribe()))
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
        .into_response()
}

/// `POST /next/_site/live/problem`: what stopped the newest build (the dev script's build
/// output); an empty body clears it.
pub(super) async fn post_problem(State(state): State<AppState>, body: String) -> Response {
    let Some(live) = &state.live else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let mut text = body.trim().to_owned();
    if text.len() > MAX_PROBLEM_BYTES {
        let mut end = MAX_PROBLEM_BYTES;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        text.truncate(end);
    }
    live.problem((!text.is_empty()).then_some(text));
    StatusCode::NO_CONTENT.into_response()
}

fn events(receiver: watch::Receiver<BuildStatus>) -> impl Stream<Item = Result<Event, Infallible>> {
    let start = (receiver, None::<BuildStatus>, Vec::<Event>::new());
    futures_util::stream::unfold(start, |(mut receiver, mut told, mut queue)| async move {
        loop {
            if let Some(event) = queue.pop() {
                return Some((Ok(event), (receiver, told, queue)));
            }
            if told.is_some() && receiver.changed().await.is_err() {
                return None;
            }
            let status = receiver.borrow_and_update().clone();
            // Popped from the end: the build goes out before the problem.
            queue = changes(told.as_ref(), &status);
            queue.reverse();
            told = Some(status);
        }
    })
}

/// The events that bring a page told `before` up to `now`.
fn changes(before: Option<&BuildStatus>, now: &BuildStatus) -> Vec<Event> {
    let mut events = Vec::new();
    if before.is_none_or(|before| before.build != now.build) {
        events.push(Event::default().event("build").data(&now.build));
    }
    match (
        &now.problem,
        before.and_then(|before| before.problem.as_ref()),
    ) {
        (Some(problem), told) if told != Some(problem) => {
            events.push(Event::default().event("problem").data(problem));
        }
        (None, Some(_)) => events.push(Event::default().event("ok").data("")),
        _ => {}
    }
    events
}

#[cfg(test)]
mod tests {
    use super::*;

    fn status(build: &str, problem: Option<&str>) -> BuildStatus {
        BuildStatus {
            build: build.to_owned(),
            problem: problem.map(str::to_owned),
        }
    }

    fn names(events: &[Event]) -> Vec<String> {
        // Event has no accessors; its wire form names the event on its first line.
        events
            .iter()
            .map(|event| format!("{event:?}"))
            .map(|text| {
                ["build", "problem", "ok"]
                    .into_iter()
                    .find(|name| text.contains(&format!("event: {name}")))
                    .unwrap_or("?")
                    .to_owned()
            })
            .collect()
    }

    #[test]
    fn a_new_page_hears_the_build_then_the_problem() {
        assert_eq!(names(&changes(None, &status("a", None))), ["build"]);
        assert_eq!(
            names(&changes(None, &status("a", Some("x")))),
            ["build", "problem"]
        );
    }

    #[test]
    fn pages_hear_only_what_changed() {
        let before = status("a", Some("x"));
        assert!(changes(Some(&before), &before).is_empty());
        assert_eq!(names(&changes(Some(&before), &status("a", None))), ["ok"]);
        assert_eq!(
            names(&changes(Some(&before), &status("a", Some("y")))),
            ["problem"]
        );
        assert_eq!(
            names(&changes(Some(&status("a", None)), &status("b", None))),
            ["build"]
        );
    }
}
