//! Everything under the site's paths that is not an API: pages, assets, redirects, the 404 page.

use axum::body::Body as ResponseBody;
use axum::extract::{Request, State};
use axum::response::{IntoResponse, Response};
use http::{HeaderValue, Method, StatusCode, Uri, header};

use super::AppState;
use super::cache_policy::CachePolicy;
use super::disk_files::{self, FileHeaders};
use super::error::AppError;
use super::representation::Representation;
use crate::negotiation::language::Language;
use crate::site::{FileContent, Page, Variant};

pub(super) const HOME: &str = "/next/";

const HTML: HeaderValue = HeaderValue::from_static("text/html; charset=utf-8");

/// Takes the request whole: extracting the header map would clone it on every request.
pub(super) async fn get_page_or_file(State(state): State<AppState>, request: Request) -> Response {
    let (method, uri, headers) = (request.method(), request.uri(), request.headers());
    if method != Method::GET && method != Method::HEAD {
        return AppError::MethodNotAllowed.into_response();
    }
    let path = uri.path();
    let site = &state.site;
    if let Some(file) = site.file(path) {
        let cache = if file.immutable {
            CachePolicy::ForeverImmutable
        } else {
            CachePolicy::ShortRevalidate
        };
        let body = match &file.content {
            FileContent::Memory(body) => body,
            FileContent::Disk(disk) => {
                let headers_out = FileHeaders {
                    content_type: HeaderValue::from_static(file.content_type),
                    cache,
                };
                return disk_files::respond(disk, headers_out, method, headers)
                    .await
                    .unwrap_or_else(IntoResponse::into_response);
            }
        };
        return Representation {
            body,
            content_type: HeaderValue::from_static(file.content_type),
            cache,
            vary_user_agent: false,
            document_csp: None,
        }
        .respond(method, headers);
    }
    let variant = state.variant(headers);
    let csp = &state.content_security_policy;
    if let Some(page) = site.page(path) {
        // A demo address naming a venue: the page with the viewer's first frame written in.
        if let Some(language) = site.first_frame().language_of(path)
            && let Some(response) = super::first_frame::page(
                &state,
                (method, uri, headers, request.extensions()),
                (language, variant),
            )
            .await
        {
            return response;
        }
        return page_representation(page, variant, csp).respond(method, headers);
    }
    if let Some(target) = canonical_redirect(path, |p| site.page(p).is_some()) {
        return redirect(&target, uri.query());
    }
    let language = Language::of_page_path(path);
    page_representation(site.not_found(language), variant, csp).respond_with_status(
        StatusCode::NOT_FOUND,
        method,
        headers,
    )
}

pub(super) async fn redirect_root(uri: Uri) -> Response {
    redirect(HOME, uri.query())
}

fn page_representation<'a>(
    page: &'a Page,
    variant: Variant,
    csp: &'a HeaderValue,
) -> Representation<'a> {
    Representation {
        body: page.body(variant),
        content_type: HTML,
        cache: CachePolicy::ShortRevalidate,
        vary_user_agent: page.varies_by_device(),
        document_csp: Some(csp),
    }
}

/// `/next`, `/next/en` and `/next/map/` name real pages under another spelling; send visitors
/// (and search engines) to the one address each page has.
fn canonical_redirect(path: &str, exists: impl Fn(&str) -> bool) -> Option<String> {
    if path == "/next" {
        return Some(HOME.to_owned());
    }
    if let Some(trimmed) = path.strip_suffix('/') {
        return (trimmed.starts_with("/next/") && exists(trimmed)).then(|| trimmed.to_owned());
    }
    // An edition's home page ends in a slash, as the site's does (`/next/en/`, issue #35).
    let slashed = format!("{path}/");
    (path.starts_with("/next/") && exists(&slashed)).then_some(slashed)
}

fn redirect(target: &str, query: Option<&str>) -> Response {
    let location = match query {
        Some(query) => format!("{target}?{query}"),
        None => target.to_owned(),
    };
    let mut response = Response::new(ResponseBody::empty());
    // 301 rather than 308: every crawler understands it, and these routes only take GET.
    *response.status_mut() = StatusCode::MOVED_PERMANENTLY;
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(&location) {
        headers.insert(header::LOCATION, value);
    }
    headers.insert(
        header::CACHE_CONTROL,
        CachePolicy::ShortRevalidate.header_value(),
    );
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redirects_alternative_spellings_of_existing_pages_only() {
        let exists = |p: &str| p == "/next/map" || p == "/next/en/";
        assert_eq!(
            canonical_redirect("/next", exists).as_deref(),
            Some("/next/")
        );
        assert_eq!(
            canonical_redirect("/next/map/", exists).as_deref(),
            Some("/next/map")
        );
        assert_eq!(
            canonical_redirect("/next/en", exists).as_deref(),
            Some("/next/en/")
        );
        assert_eq!(canonical_redirect("/next/nope/", exists), None);
        assert_eq!(canonical_redirect("/next/nope", exists), None);
        assert_eq!(canonical_redirect("/next/map", exists), None);
        assert_eq!(canonical_redirect("/other/", exists), None);
    }
}
