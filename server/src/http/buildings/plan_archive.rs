//! `POST /api/buildings/{id}/imdf.zip?technology=&levels=` (issue #33, docs/api.md): the
//! building's IMDF archive with a plan's devices in it, as infrastructure.geojson beside the
//! IMDF files (the body is the layout the lab measures, `LayoutRequest`): the building as the
//! installer will have it, which the venue check and the live engine read like a demo venue.

use axum::extract::{Path, Request};
use axum::response::{IntoResponse, Response};

use super::{answer_stored, download, private};
use crate::http::api_guard::ApiContext;
use crate::http::computed;
use crate::http::error::{ApiCode, ApiError};
use crate::http::venues::plan_request::{EXPORT_MS, exported_layout};
use crate::leads::time::now_millis;

pub(in crate::http) async fn post_archive(
    api: ApiContext,
    Path(id): Path<String>,
    request: Request,
) -> Response {
    let file = match exported_layout(&api, &id, request).await {
        Ok((_, file)) => file.to_string().into_bytes(),
        Err(refusal) => return private(refusal),
    };
    let found = api.state.buildings.archive(&id, now_millis()).await;
    let words = api.words();
    answer_stored(&api, found, |archive| {
        // Copying the archive's entries as they are: a few milliseconds a megabyte, charged.
        let rewritten = api.state.compute.inline(api.client, EXPORT_MS, || {
            let mut out = std::io::Cursor::new(Vec::new());
            site_venues::with_file(&archive, "infrastructure.geojson", &file, &mut out)
                .map(|()| out.into_inner())
        });
        match rewritten {
            Ok(Ok(bytes)) => download(&id, bytes),
            Ok(Err(error)) => {
                tracing::error!(%error, "a stored building's archive could not be rewritten");
                ApiError::new(words, ApiCode::ComputeFailed, None, &[]).into_response()
            }
            Err(refused) => computed::refusal(words, refused).into_response(),
        }
    })
}
