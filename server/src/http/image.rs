//! `GET /_next/image?url=&w=&q=`: the Next.js image contract (spec sections 7 and 9). The work
//! is done by `crate::images`; this module reads the request and writes the headers.

use axum::body::Body as ResponseBody;
use axum::extract::{Request, State};
use axum::response::{IntoResponse, Response};
use http::request::Parts;
use http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode, header};

use super::AppState;
use super::cache_policy::CachePolicy;
use super::error::AppError;
use crate::images::{ImageAnswer, ImageError, ImageRequest, ImageSource, SourceHold, SourceRef};
use crate::site::{Encoding, FileContent};

const X_NEXTJS_CACHE: HeaderName = HeaderName::from_static("x-nextjs-cache");
/// Next.js's default for image responses: an SVG opened on its own cannot run scripts.
const IMAGE_CSP: HeaderValue =
    HeaderValue::from_static("script-src 'none'; frame-src 'none'; sandbox;");

pub(super) async fn get_image(State(state): State<AppState>, request: Request) -> Response {
    // The body is never read; the parts, unlike the body, can be borrowed across awaits.
    let (request, _body) = request.into_parts();
    answer_image(&state, &request)
        .await
        .unwrap_or_else(IntoResponse::into_response)
}

async fn answer_image(state: &AppState, request: &Parts) -> Result<Response, AppError> {
    let (method, uri, headers) = (&request.method, &request.uri, &request.headers);
    if method != Method::GET && method != Method::HEAD {
        return Err(AppError::MethodNotAllowed);
    }
    let parsed = ImageRequest::parse(uri.query().unwrap_or(""), state.images.allowed())
        .map_err(ImageError::from)?;
    let accept = headers
        .get(header::ACCEPT)
        .and_then(|value| value.to_str().ok());
    if let Some(answer) = cached_answer(state, &parsed, accept).await {
        return Ok(respond(state, &parsed.source, &answer, method, headers));
    }
    let (source, _held) = find_source(state, &parsed.source).await?;
    let answer = state
        .images
        .answer(source, parsed.width, parsed.quality, accept)
        .await?;
    Ok(respond(state, &parsed.source, &answer, method, headers))
}

/// A rendering of a source kept on disk, from the caches, without reading the source: image
/// hits would otherwise read a whole picture each.
async fn cached_answer(
    state: &AppState,
    parsed: &ImageRequest,
    accept: Option<&str>,
) -> Option<ImageAnswer> {
    let SourceRef::Local(path) = &parsed.source else {
        return None;
    };
    let file = state.site.file(path)?;
    let FileContent::Disk(disk) = &file.content else {
        return None;
    };
    state
        .images
        .cached_answer(
            disk.hash(),
            file.immutable,
            parsed.width,
            parsed.quality,
            accept,
        )
        .await
}

/// The source's bytes, and for a file read from disk its share of the image optimizer's source
/// budget, to hold until the answer is made.
async fn find_source(
    state: &AppState,
    source: &SourceRef,
) -> Result<(ImageSource, Option<SourceHold>), ImageError> {
    match source {
        SourceRef::Local(path) => {
            let Some(file) = state.site.file(path) else {
                return Err(if state.site.page(path).is_some() {
                    ImageError::NotAnImage
                } else {
                    ImageError::NotFound
                });
            };
            let held = match &file.content {
                FileContent::Disk(disk) => {
                    // A file gone since the build was loaded fails its read just below.
                    let length = tokio::fs::metadata(disk.path())
                        .await
                        .map_or(0, |metadata| metadata.len());
                    Some(state.images.hold_source(length).await)
                }
                FileContent::Memory(_) => None,
            };
            let body = super::disk_files::body(&file.content)
                .await
                .map_err(|_| ImageError::Internal)?;
            let source = ImageSource {
                bytes: body.bytes(Encoding::Identity).1,
                hash: body.hash(),
                immutable: file.immutable,
            };
            Ok((source, held))
        }
        SourceRef::Remote(url) => Ok((state.images.fetch_remote(url).await?, None)),
    }
}

fn respond(
    state: &AppState,
    source: &SourceRef,
    answer: &ImageAnswer,
    method: &Method,
    request: &HeaderMap,
) -> Response {
    let not_modified = super::representation::if_none_match(request, |tag| {
        tag.as_bytes() == answer.etag.as_bytes()
    });
    let mut response = if not_modified {
        let mut response = Response::new(ResponseBody::empty());
        *response.status_mut() = StatusCode::NOT_MODIFIED;
        response
    } else {
        let body = if method == Method::HEAD {
            ResponseBody::empty()
        } else {
            ResponseBody::from(answer.bytes.clone())
        };
        let mut response = Response::new(body);
        let headers = response.headers_mut();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static(answer.content_type),
        );
        headers.insert(
            header::CONTENT_LENGTH,
            HeaderValue::from(answer.bytes.len()),
        );
        headers.insert(header::CONTENT_SECURITY_POLICY, IMAGE_CSP);
        if let Ok(disposition) = HeaderValue::from_str(&format!(
            "inline; filename=\"{}.{}\"",
            file_stem(source),
            answer.extension
        )) {
            headers.insert(header::CONTENT_DISPOSITION, disposition);
        }
        response
    };
    let headers = response.headers_mut();
    headers.insert(header::ETAG, answer.etag.clone());
    let cache = if answer.immutable {
        CachePolicy::ForeverImmutable.header_value()
    } else {
        state.image_cache_control.clone()
    };
    headers.insert(header::CACHE_CONTROL, cache);
    headers.insert(header::VARY, HeaderValue::from_static("Accept"));
    headers.insert(
        X_NEXTJS_CACHE,
        HeaderValue::from_static(answer.cache.as_str()),
    );
    response
}

/// The source's file name without extensions, reduced to characters safe in a header.
fn file_stem(source: &SourceRef) -> String {
    let path = match source {
        SourceRef::Local(path) => path.as_str(),
        SourceRef::Remote(url) => url.path(),
    };
    let name = path.rsplit('/').next().unwrap_or("");
    let stem: String = name
        .split('.')
        .next()
        .unwrap_or("")
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if stem.is_empty() {
        "image".to_owned()
    } else {
        stem
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_stems_are_header_safe() {
        let local = |path: &str| file_stem(&SourceRef::Local(path.to_owned()));
        assert_eq!(
            local("/next/assets/media/beacon-3f2a1b.png"),
            "beacon-3f2a1b"
        );
        assert_eq!(local("/next/media/地图.png"), "__");
        assert_eq!(local("/next/"), "image");
        assert_eq!(local("/next/a\"b.png"), "a_b");
    }
}
