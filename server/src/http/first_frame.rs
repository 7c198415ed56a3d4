//! The demo page of a hand-over address (issue #34, docs/live-demo.md "The first frame"): `GET
//! /next/demo?venue=&from=&to=` (and its English twin `/next/en/demo`, whose frame is in
//! English), and any demo address naming one of the site's venues, is
//! answered with the demo page and, written into it, what the viewer's first frame needs: the
//! venue's summary and the route as the API answers them, and the level shown first as that
//! frame draws it (`ViewerFiles::first_frame_level`). A phone then draws the route without
//! another round trip.
//!
//! Such a page is a function of the build, the venue's version and the address: computed once,
//! charged to its client like a route, kept with the API's answers and sent with validators. A
//! failure of any part (an unknown place, a busy server, a client over its budget) leaves the
//! page as it always is: the viewer then asks the API itself and shows the API's message.

use std::sync::Arc;
use std::time::Instant;

use axum::response::Response;
use bytes::Bytes;
use http::{Extensions, HeaderMap, Method, Uri};
use site_venues::{Field, Venue};

use super::AppState;
use super::api_guard::MAX_QUERY_BYTES;
use super::cache_policy::CachePolicy;
use super::computed::{self, Answer};
use super::venues::answers::{RouteAnswer, VenueListEntry};
use super::venues::request::{Params, params_of};
use super::venues::{ROUTE_MS, shared_venue};
use crate::negotiation::language::Language;
use crate::site::{
    Body, Effort, Encoding, FirstFrameTemplate, SharedParts, Variant, ViewerFiles, brotli_joinable,
    join_brotli, script_json,
};

/// What a page is estimated to cost, CPU milliseconds: its route, and compressing its own part
/// and its gzip of about 350 KB quickly (the shared parts are compressed once, apart).
const FIRST_FRAME_MS: f64 = ROUTE_MS + 10.0;

/// The demo page with its first frame, or None to answer with the page as it always is.
pub(super) async fn page(
    state: &AppState,
    (method, uri, headers, extensions): (&Method, &Uri, &HeaderMap, &Extensions),
    (language, variant): (Language, Variant),
) -> Option<Response> {
    let query = uri.query()?;
    // A visitor opening the address, not a script fetching it (another site's page could make
    // its visitors' browsers ask for pages they cannot read, each computed on their budget).
    let navigation = headers
        .get("sec-fetch-mode")
        .is_none_or(|mode| mode == "navigate");
    if query.len() > MAX_QUERY_BYTES || !navigation {
        return None;
    }
    let params = params_of(query);
    let id = params.get("venue")?;
    // The site's own venues: a visitor's building is private and changes under its editor.
    let files = state.site.venue_files().venue(id)?;
    let venue = shared_venue(state, state.venue_api.words(language), id).ok()?;
    let template = state.site.first_frame().template(language, variant)?;
    let client = state.trusted_proxies.client_of(extensions, headers);
    state.api_budget.spend(client, Instant::now(), 1.0).ok()?;
    let task = Task::of(&params, &venue, (files, language))?;
    let key = format!(
        "first-frame/{}/{}/{:016x}/{:016x}/{}",
        language.tag(),
        variant.index(),
        state.site.first_frame().version(),
        state.venues.version(id).unwrap_or_default(),
        task.key(),
    );
    let csp = state.first_frame_csp.clone();
    let made = state
        .compute
        .inline_kept(&state.answers, &key, client, FIRST_FRAME_MS, || {
            let shared = state.site.first_frame().shared();
            let (body, keep) = compose(template, shared, (id, files, &venue), &task);
            let answer = Answer::of_body(
                body,
                "text/html; charset=utf-8",
                CachePolicy::ShortRevalidate,
            );
            (Arc::new(answer.page(csp)), keep)
        })
        .await;
    match made {
        Ok(answer) => Some(answer.respond(method, headers)),
        Err(refused) => {
            tracing::debug!(
                ?refused,
                "first frame not computed; the demo page goes without"
            );
            None
        }
    }
}

/// What the address asks the viewer to show first.
struct Task {
    /// The route's ends in their canonical form, when the address is a route's.
    ends: Option<(String, String)>,
    accessible: bool,
    level: Option<String>,
    /// The edition of the page: the language of the frame's words and names.
    language: Language,
}

impl Task {
    /// None when an end is not a place of the venue: the viewer asks and shows the API's message.
    fn of(
        params: &Params,
        venue: &Venue,
        (files, language): (&ViewerFiles, Language),
    ) -> Option<Self> {
        // A plan's address opens the planner, not a route (the launcher reads it so).
        let ends = match (params.get("from"), params.get("to"), params.get("plan")) {
            (Some(from), Some(to), None) if !from.is_empty() && !to.is_empty() => Some((
                venue.canonical(Field::From, from).ok()?,
                venue.canonical(Field::To, to).ok()?,
            )),
            _ => None,
        };
        Some(Self {
            language,
            ends,
            accessible: params
                .get("accessible")
                .is_some_and(|value| value == "true"),
            // Only a level the venue has: any other spelling is the same page (the default's),
            // not one more page to compute and keep.
            level: params
                .get("level")
                .filter(|level| files.level(level, language).is_some())
                .cloned(),
        })
    }

    fn key(&self) -> String {
        let (from, to) = self.ends.clone().unwrap_or_default();
        let level = self.level.as_deref().unwrap_or_default();
        format!("{}/{level}/{from}/{to}", u8::from(self.accessible))
    }
}

/// The page with the frame written in: `{"venue","summary","level","route"}`, the level being
/// the one the viewer shows first (the address's, else the route's first, else the venue's
/// default), and the route null when there is none to show. Its brotli stream is joined from
/// the parts it shares with other pages, compressed at best once, and its own part; true when
/// every shared part was ready, so the page may be kept.
fn compose(
    template: &FirstFrameTemplate,
    shared: &SharedParts,
    (id, files, venue): (&str, &ViewerFiles, &Venue),
    task: &Task,
) -> (Body, bool) {
    let route = task.ends.as_ref().and_then(|(from, to)| {
        venue
            .route(from, to, task.accessible, task.language.tag())
            .ok()
            .map(|route| (computed::to_json(&RouteAnswer::of(&route)), route))
    });
    let summary = identity(files.summary(task.language));
    let first_level = task
        .level
        .clone()
        .or_else(|| {
            route
                .as_ref()
                .and_then(|(_, route)| Some(route.legs.first()?.level.clone()))
        })
        .or_else(|| VenueListEntry::of_summary(&summary).map(VenueListEntry::default_level));
    let level = first_level
        .and_then(|short| files.first_frame_level(&short, task.language))
        .map_or_else(|| b"null".to_vec(), |json| script_json(&json));
    // The frame's JSON in parts: the venue's, the level's, this page's own.
    let mut head = b"{\"venue\":".to_vec();
    head.extend_from_slice(&script_json(&computed::to_json(&id)));
    head.extend_from_slice(b",\"summary\":");
    head.extend_from_slice(&script_json(&summary));
    head.extend_from_slice(b",\"level\":");
    let mut own = b",\"route\":".to_vec();
    own.extend_from_slice(&route.map_or_else(|| b"null".to_vec(), |(json, _)| script_json(&json)));
    own.push(b'}');
    let parts: [(&[u8], bool); 5] = [
        (template.before(), true),
        (&head, true),
        (&level, true),
        (&own, false),
        (template.after(), true),
    ];
    let mut kept = true;
    let streams: Option<Vec<Bytes>> = parts
        .iter()
        .map(|&(part, is_shared)| {
            let best = is_shared.then(|| shared.best(part)).flatten();
            kept &= best.is_some() || !is_shared;
            best.or_else(|| brotli_joinable(part, Effort::Fast).map(Bytes::from))
        })
        .collect();
    let page = parts.map(|(part, _)| part).concat();
    let joined = streams.and_then(|streams| {
        join_brotli(&streams.iter().map(|stream| &stream[..]).collect::<Vec<_>>())
    });
    match joined {
        Some(brotli) => (Body::with_brotli(page, brotli), kept),
        // Cannot happen with streams made to be joined; the page is then compressed whole.
        None => (Body::fast(page, true), false),
    }
}

/// A body's uncompressed bytes.
fn identity(body: &Body) -> Vec<u8> {
    body.bytes(Encoding::Identity).1.to_vec()
}
