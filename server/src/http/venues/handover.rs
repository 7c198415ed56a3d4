//! `GET /api/venues/{venue}/handover.svg`: the QR code a guide screen shows to hand its route
//! over to a phone.

use std::sync::Arc;

use axum::extract::Request;
use axum::response::{IntoResponse, Response};
use site_venues::Field;

use super::super::api_guard::ApiContext;
use super::super::cache_policy::CachePolicy;
use super::super::computed::{self, Answer};
use super::request::{VenuePath, flag, query_params, required};
use super::{refusals::place_error, served_venue_at};
use crate::buildings::is_building_id;

/// What a hand-over code is estimated to cost, CPU milliseconds: made once per route and kept.
const HANDOVER_MS: f64 = 10.0;
/// How long a hand-over code may be reused without asking: it changes only with the venue.
const HANDOVER_FRESH_S: u32 = 3_600;

/// `GET /api/venues/{venue}/handover.svg?from=&to=&accessible=`: a QR code of the address that
/// opens this route on a phone, on the public origin of the site the request reached (a guide
/// screen's page may be served from anywhere; the phone needs the public address), in the
/// edition of the language asked for (`lang=en`: `/next/en/demo`, issue #35). The address
/// holds the ends in their canonical form, so the code's size does not depend on how they were
/// written; a code is a function of its inputs, made once and kept.
pub(in crate::http) async fn get_handover(
    api: ApiContext,
    venue: VenuePath,
    request: Request,
) -> Response {
    let (state, words) = (&api.state, api.words());
    let params = query_params(&request);
    let prepared = served_venue_at(&api, venue).await.and_then(|(id, venue)| {
        let from = required(&params, words, "from")?;
        let to = required(&params, words, "to")?;
        let accessible = flag(&params, words, "accessible")?;
        let [from, to] = [(Field::From, from), (Field::To, to)].map(|(field, text)| {
            venue
                .canonical(field, text)
                .map_err(|error| place_error(words, &error))
        });
        let (from, to) = (from?, to?);
        let origin = state.site.origin(state.variant(request.headers()).region);
        let mut address = format!("{origin}{}?", api.language.page_path("/next/demo"));
        let mut query = url::form_urlencoded::Serializer::new(String::new());
        // A building a visitor brought is opened by its own parameter (its page is private).
        let name = if is_building_id(&id) {
            "building"
        } else {
            "venue"
        };
        query.append_pair(name, venue.id());
        query.append_pair("from", &from);
        query.append_pair("to", &to);
        if accessible {
            query.append_pair("accessible", "true");
        }
        address.push_str(&query.finish());
        // A building's address holds its id, which a new version keeps: its code is of the
        // address alone, which is what it shows.
        let version = state.venues.version(&id).unwrap_or_default();
        Ok((format!("handover/{version:016x}/{address}"), address))
    });
    let (key, address) = match prepared {
        Ok(prepared) => prepared,
        Err(error) => return error.into_response(),
    };
    let made = state
        .compute
        .inline_kept(&state.answers, &key, api.client, HANDOVER_MS, || {
            // A canonical address is far within a QR code's capacity: an error is a bug,
            // answered with an empty picture that is not kept.
            let (svg, keep) = match crate::site::qr_svg(&address) {
                Ok(svg) => (svg, true),
                Err(error) => {
                    tracing::error!(%error, address, "cannot make a hand-over code");
                    (String::new(), false)
                }
            };
            let cache = CachePolicy::RevalidateAfter(HANDOVER_FRESH_S);
            let answer = Answer::new(svg.into_bytes(), "image/svg+xml", cache);
            (Arc::new(answer), keep)
        })
        .await;
    match made {
        Ok(answer) => answer.respond(request.method(), request.headers()),
        Err(refused) => computed::refusal(words, refused).into_response(),
    }
}
