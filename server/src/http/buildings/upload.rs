//! An upload's way in: its bytes read within the limit (a larger one refused before it is
//! read), then taken in on a compute thread under the cost model, charged to its client, with
//! identical uploads in flight sharing one check.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::extract::Request;
use http::header;
use site_venues::Wordings;

use super::super::api_guard::ApiContext;
use super::super::computed;
use super::super::error::{ApiCode, ApiError};
use super::super::reasons::Reason;
use super::super::request_body::{self, ReadError};
use crate::buildings::{Buildings, Checked, Refused};
use crate::limits::client_table::client_key;

/// Uploads being received at once, in all: each holds up to `buildings.max_upload_mib` in
/// memory until it is taken in.
pub(super) const UPLOADS_AT_ONCE: usize = 4;

/// Uploads one client (an IPv4 address, an IPv6 /64) may be sending at once: a slow sender
/// holds its slot for up to `connections.body_timeout_secs`, and one client must not hold
/// them all. The upload form sends one file at a time.
const UPLOADS_PER_CLIENT: usize = 1;

/// The clients sending an upload now, with how many each is sending.
#[derive(Default)]
pub(super) struct Senders(Mutex<HashMap<IpAddr, usize>>);

/// A client's place among the senders, given back when dropped.
struct Sending<'a> {
    senders: &'a Senders,
    client: IpAddr,
}

impl Senders {
    fn enter(&self, client: IpAddr) -> Option<Sending<'_>> {
        let client = client_key(client);
        let mut sending = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let count = sending.entry(client).or_default();
        if *count >= UPLOADS_PER_CLIENT {
            return None;
        }
        *count += 1;
        Some(Sending {
            senders: self,
            client,
        })
    }
}

impl Drop for Sending<'_> {
    fn drop(&mut self) {
        let mut sending = self
            .senders
            .0
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = sending.get_mut(&self.client) {
            *count -= 1;
            if *count == 0 {
                sending.remove(&self.client);
            }
        }
    }
}

/// How long the rest of a refused upload is read for.
const DRAIN_TIME: Duration = Duration::from_secs(10);

/// The outcome of taking an upload in, shared by identical uploads in flight.
pub(in crate::http) type TakenIn = Arc<Result<Checked, Refused>>;

/// The upload's bytes: refused as too large from its Content-Length before a byte is kept, or
/// as soon as it grows past the limit; refused as busy while [`UPLOADS_AT_ONCE`] others are
/// being received, or while `client` is sending another. What a refused upload still sends is read and thrown away, up to as much
/// again as the limit and for [`DRAIN_TIME`], so a browser that is still sending sees the
/// refusal rather than a broken connection; beyond, the connection is cut.
pub(super) async fn read_upload(api: &ApiContext, request: Request) -> Result<Vec<u8>, ApiError> {
    let (state, client, words) = (&api.state, api.client, api.words());
    let max = state.buildings.limits().archive_bytes;
    let too_large = || {
        let mib = (max / (1024 * 1024)).to_string();
        ApiError::new(words, ApiCode::BuildingTooLarge, None, &[("max", &mib)])
    };
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<u64>().ok());
    if let Some(length) = declared.filter(|&length| length > max) {
        if length <= 2 * max {
            let mut body = request.into_body();
            let room = usize::try_from(length).unwrap_or(usize::MAX);
            request_body::drain(&mut body, 0, room, DRAIN_TIME).await;
        }
        return Err(too_large());
    }
    let Some(_sending) = state.building_work.senders.enter(client) else {
        return Err(ApiError::retry_after(words, ApiCode::Busy, 5));
    };
    let receiving = Arc::clone(&state.building_work.receiving);
    let Ok(_receiving) = receiving.try_acquire_owned() else {
        return Err(ApiError::retry_after(words, ApiCode::Busy, 5));
    };
    let limit = usize::try_from(max).unwrap_or(usize::MAX);
    request_body::read_limited(request.into_body(), limit)
        .await
        .map_err(|error| match error {
            ReadError::TooLarge => too_large(),
            ReadError::Broken => ApiError::because(
                words,
                ApiCode::BuildingRefused,
                Reason::UploadIncomplete,
                &[],
            ),
        })
}

/// What a take-in job is given: the service, and the words the engine answers in.
pub(super) type TakeInJob =
    Box<dyn FnOnce(&Buildings, Arc<Wordings>) -> Result<Checked, Refused> + Send>;

/// Runs `job` on a compute thread, charged to `client` (`estimate_ms` up front), shared with an
/// identical upload (same `key`) in flight.
pub(super) async fn take_in(
    api: &ApiContext,
    (key, estimate_ms): (&str, f64),
    job: TakeInJob,
) -> Result<TakenIn, ApiError> {
    let (state, words) = (&api.state, api.words());
    let buildings = state.buildings.clone();
    let venues = state.site.venues();
    let wordings = venues.wordings();
    state
        .compute
        .long(
            &state.building_work.uploads,
            key,
            api.client,
            estimate_ms,
            move || {
                let taken = job(&buildings, wordings);
                // Not kept: an upload's outcome is only shared with identical ones in flight.
                (Arc::new(taken), false)
            },
        )
        .await
        .map_err(|refused| computed::refusal(words, refused))
}

/// The key identical uploads share: a hash of every byte.
pub(super) fn upload_key(kind: &str, bytes: &[u8]) -> String {
    format!("{kind}:{:032x}", xxhash_rust::xxh3::xxh3_128(bytes))
}
