//! Buildings drawn in CAD over HTTP: `POST /api/buildings/drawings` reads one DXF drawing and
//! answers what it holds (its layers, each with a guess at its meaning, its unit and extents),
//! so the visitor can map it; the building is then uploaded to `POST /api/buildings` as
//! `multipart/form-data`: a `mapping` part (JSON, [`DrawingMapping`]) and one `drawing` part
//! per level, its file name the one the mapping gives the level.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::Request;
use axum::response::Response;
use bytes::Bytes;
use http::{HeaderMap, header};
use tokio::sync::OwnedSemaphorePermit;

use super::super::AppState;
use super::super::api_guard::ApiContext;
use super::super::computed;
use super::super::error::{ApiCode, ApiError, json_response};
use super::super::reasons::Reason;
use super::upload::read_upload;
use super::{private, refusal};
use site_dxf::{LayerMeaning, LengthUnit};

use crate::buildings::{Drawing, DrawingMapping, Refused};
use crate::site::ApiErrorWords;

/// What reading a drawing is estimated to cost, CPU milliseconds (a 1 MB drawing parses in a few
/// tens in a release build); the client pays what it measured.
const INSPECT_MS: f64 = 200.0;

/// The largest mapping part: a few hundred layers' names with their meaning.
const MAPPING_BYTES: usize = 256 * 1024;

/// A drawing read, shared by identical ones in flight.
pub(in crate::http) type Inspected = Arc<Result<site_dxf::DrawingSummary, Refused>>;

/// `200`: what a drawing holds.
#[derive(serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(in crate::http) struct DrawingAnswer {
    layers: Vec<DrawingLayer>,
    /// The drawing's own unit (`$INSUNITS`); null when it has none.
    unit: Option<LengthUnit>,
    /// The model space's extents, drawing units; null when it is empty.
    extents: Option<DrawingExtents>,
}

#[derive(serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(in crate::http) struct DrawingLayer {
    name: String,
    /// Entities by DXF type (`LWPOLYLINE`, `INSERT`, `TEXT`...).
    counts: BTreeMap<String, usize>,
    /// Closed polylines: what a room layer holds, one per room.
    closed_polylines: usize,
    /// The first few words written on the layer.
    texts: Vec<String>,
    /// The meaning its name suggests.
    suggested: LayerMeaning,
}

#[derive(serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(in crate::http) struct DrawingExtents {
    min: [f64; 2],
    max: [f64; 2],
}

/// `POST /api/buildings/drawings`: a DXF drawing as the body.
pub(in crate::http) async fn post_drawing(api: ApiContext, request: Request) -> Response {
    let (state, client, words) = (&api.state, api.client, api.words());
    let answer = async {
        let bytes = read_upload(&api, request).await?;
        let key = super::upload::upload_key("dxf", &bytes);
        let buildings = state.buildings.clone();
        let parsing = parsing_turn(state, words).await?;
        let inspected = state
            .compute
            .long(
                &state.building_work.drawings,
                &key,
                client,
                INSPECT_MS,
                move || {
                    let _parsing = parsing;
                    (Arc::new(buildings.inspect(&bytes)), false)
                },
            )
            .await
            .map_err(|refused| computed::refusal(words, refused))?;
        match inspected.as_ref() {
            Ok(summary) => Ok(json_response(&answer(summary))),
            Err(refused) => Err(refusal(words, refused)),
        }
    };
    private(computed::answered(answer.await))
}

fn answer(summary: &site_dxf::DrawingSummary) -> DrawingAnswer {
    DrawingAnswer {
        layers: summary
            .layers
            .iter()
            .map(|layer| DrawingLayer {
                name: layer.name.clone(),
                counts: layer
                    .counts
                    .iter()
                    .map(|(kind, count)| ((*kind).to_owned(), *count))
                    .collect(),
                closed_polylines: layer.closed_polylines,
                texts: layer.texts.clone(),
                suggested: layer.suggested,
            })
            .collect(),
        unit: summary.unit,
        extents: summary.extents.map(|e| DrawingExtents {
            min: e.min,
            max: e.max,
        }),
    }
}

/// How long a drawing waits for the one being parsed before it is refused as busy.
const PARSING_WAIT: Duration = Duration::from_secs(20);

/// The turn to parse drawings, held by the job until it ends (whether or not its request is
/// still there): one drawing is parsed at a time on this server.
pub(super) async fn parsing_turn(
    state: &AppState,
    words: &ApiErrorWords,
) -> Result<OwnedSemaphorePermit, ApiError> {
    let parsing = Arc::clone(&state.building_work.parsing);
    match tokio::time::timeout(PARSING_WAIT, parsing.acquire_owned()).await {
        Ok(Ok(permit)) => Ok(permit),
        _ => Err(ApiError::retry_after(words, ApiCode::Busy, 5)),
    }
}

/// Whether the upload is a building's drawings (multipart) rather than an IMDF archive.
pub(super) fn is_drawings(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.trim_start().starts_with("multipart/form-data"))
}

/// The mapping and drawings of a multipart upload already read, refused with what is wrong.
pub(super) async fn drawings_of(
    words: &ApiErrorWords,
    headers: &HeaderMap,
    body: Vec<u8>,
) -> Result<(DrawingMapping, Vec<Drawing>), ApiError> {
    let because = |reason: Reason, values: &[(&str, &str)]| {
        ApiError::because(words, ApiCode::BuildingRefused, reason, values)
    };
    let refused = |reason: Reason| because(reason, &[]);
    let boundary = headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| multer::parse_boundary(value).ok())
        .ok_or_else(|| refused(Reason::MultipartBoundary))?;
    let body = Bytes::from(body);
    let stream = futures_util::stream::once(async move { Ok::<_, std::io::Error>(body) });
    let mut parts = multer::Multipart::new(stream, boundary);
    let broken =
        |error: multer::Error| because(Reason::FormIncomplete, &[("error", &error.to_string())]);
    let mut mapping = None;
    let mut drawings = Vec::new();
    while let Some(part) = parts.next_field().await.map_err(broken)? {
        match part.name() {
            Some("mapping") => {
                let text = part.bytes().await.map_err(broken)?;
                if text.len() > MAPPING_BYTES {
                    return Err(refused(Reason::MappingTooLarge));
                }
                let read = serde_json::from_slice::<DrawingMapping>(&text).map_err(|error| {
                    because(Reason::MappingInvalid, &[("error", &error.to_string())])
                })?;
                mapping = Some(read);
            }
            Some("drawing") => {
                let file = part
                    .file_name()
                    .map(str::to_owned)
                    .filter(|name| !name.is_empty())
                    .ok_or_else(|| refused(Reason::DrawingUnnamed))?;
                let bytes = part.bytes().await.map_err(broken)?.to_vec();
                drawings.push(Drawing { file, bytes });
            }
            _ => return Err(refused(Reason::FormParts)),
        }
    }
    let mapping = mapping.ok_or_else(|| refused(Reason::MappingMissing))?;
    if drawings.is_empty() {
        return Err(refused(Reason::NoDrawings));
    }
    Ok((mapping, drawings))
}
