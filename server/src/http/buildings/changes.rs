//! `POST /api/buildings/{id}/changes`: an edit of the online editor (issue #32). The body names
//! the version it was made to and its changes to single features; the edit is applied and
//! checked on a compute thread under the cost model, and stored as the next version only if the
//! building is still at that version, so two tabs cannot silently overwrite each other. The
//! answer carries the new version and the changes that undo the edit.

use std::sync::Arc;

use axum::extract::{Path, Request};
use axum::response::{IntoResponse, Response};
use site_venues::edit::Change;

use super::{EDIT_REFUSED, private, refused_as, store_refusal};
use crate::buildings::{EditBase, Edited, Refused, StoreError};
use crate::http::api_guard::ApiContext;
use crate::http::computed;
use crate::http::error::{ApiCode, ApiError, json_response};
use crate::http::reasons::Reason;
use crate::http::request_body::{self, ReadError};
use crate::leads::time::now_millis;

/// An edit's body at most: 200 changes of a room with a detailed outline fit in a tenth of it.
const BODY_BYTES: usize = 2 * 1024 * 1024;

/// What applying and checking an edit is estimated to cost, CPU milliseconds (the demo mall
/// takes about a hundred in a release build); the client pays what it measured.
const EDIT_MS: f64 = 150.0;

/// The outcome of an edit's work, for the request that asked it alone.
pub(in crate::http) type Editing = Arc<Result<Edited, Refused>>;

/// The editor's request.
#[derive(serde::Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub(in crate::http) struct EditRequest {
    /// The version the changes were made to.
    #[cfg_attr(test, ts(type = "number"))]
    base: i64,
    changes: Vec<Change>,
}

/// `200 OK`: the edit stored.
#[derive(serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(in crate::http) struct EditSaved {
    /// The building's version now.
    #[cfg_attr(test, ts(type = "number"))]
    version: i64,
    /// The changes that undo the edit, in the order to send them.
    undo: Vec<Change>,
}

pub(in crate::http) async fn post_changes(
    api: ApiContext,
    Path(id): Path<String>,
    request: Request,
) -> Response {
    let (state, client, words) = (&api.state, api.client, api.words());
    let malformed = |reason: Reason, values: &[(&str, &str)]| {
        ApiError::because(words, ApiCode::EditMalformed, reason, values)
    };
    let body = match request_body::read_limited(request.into_body(), BODY_BYTES).await {
        Ok(body) => body,
        Err(error) => {
            let max = (BODY_BYTES / 1024 / 1024).to_string();
            let refusal = match error {
                ReadError::TooLarge => malformed(Reason::EditTooLarge, &[("max", &max)]),
                ReadError::Broken => malformed(Reason::RequestIncomplete, &[]),
            };
            return request_body::closing(private(refusal.into_response()));
        }
    };
    let answer = async {
        let started = std::time::Instant::now();
        let edit: EditRequest = serde_json::from_slice(&body)
            .map_err(|error| malformed(Reason::EditNotJson, &[("error", &error.to_string())]))?;
        let buildings = &state.buildings;
        let now = now_millis();
        let stored = |error| store_refusal(&api, &error);
        let unknown = || ApiError::new(words, ApiCode::BuildingUnknown, None, &[]);
        let row = buildings
            .get(&id, now)
            .await
            .map_err(stored)?
            .ok_or_else(unknown)?;
        if row.version != edit.base {
            return Err(store_refusal(&api, &StoreError::Conflict(row.version)));
        }
        let archive = buildings
            .archive(&id, now)
            .await
            .map_err(stored)?
            .ok_or_else(unknown)?;
        let read_at = std::time::Instant::now();
        let venues = state.site.venues();
        let wordings = venues.wordings();
        let (service, building) = (buildings.clone(), id.clone());
        // Each edit is its own: never shared with another in flight.
        let key = format!("edit:{}", uuid::Uuid::new_v4().simple());
        let edited = state
            .compute
            .long(
                &state.building_work.edits,
                &key,
                client,
                EDIT_MS,
                move || {
                    let base = EditBase {
                        id: &building,
                        version: edit.base,
                        archive: &archive,
                    };
                    let edited = service.edit(&base, &edit.changes, &wordings);
                    (Arc::new(edited), false)
                },
            )
            .await
            .map_err(|refused| computed::refusal(words, refused))?;
        let computed_at = std::time::Instant::now();
        let edited = match edited.as_ref() {
            Ok(edited) => edited,
            Err(refused) => return Err(refused_as(words, refused, EDIT_REFUSED)),
        };
        let version = buildings
            .save_edit(&id, row.version, edited, now_millis())
            .await
            .map_err(stored)?
            .ok_or_else(unknown)?;
        tracing::debug!(
            read_ms = (read_at - started).as_secs_f64() * 1000.0,
            compute_ms = (computed_at - read_at).as_secs_f64() * 1000.0,
            save_ms = computed_at.elapsed().as_secs_f64() * 1000.0,
            "edit saved"
        );
        Ok(json_response(&EditSaved {
            version,
            undo: edited.undo.clone(),
        }))
    };
    private(computed::answered(answer.await))
}
