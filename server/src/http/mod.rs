//! The HTTP face of the server: the one route table, the middleware stack and the accept loop.
//! axum and hyper appear only in this module.

mod cache_policy;
mod crawler_files;
mod error;
mod health;
mod image;
mod pages;
mod representation;
mod serve;

use std::sync::Arc;
use std::time::Instant;

use axum::Router;
use axum::extract::Request;
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::{any, get};
use http::{HeaderMap, header};

pub(crate) use serve::{ServeOptions, serve};

use crate::images::ImageService;
use crate::site::{Site, Variant};

/// Shared, read-only state of a running server.
#[derive(Clone)]
pub(crate) struct AppState(Arc<State>);

pub(crate) struct State {
    pub site: Site,
    pub images: ImageService,
    /// `Cache-Control` of resized images of unhashed sources, built once from the TTL.
    pub image_cache_control: http::HeaderValue,
    pub china_domain: String,
    /// The pages' Content-Security-Policy, built once from the configured statistics origins.
    pub content_security_policy: http::HeaderValue,
}

impl AppState {
    pub(crate) fn new(
        site: Site,
        images: ImageService,
        china_domain: String,
        analytics_origins: &[String],
    ) -> Self {
        let image_cache_control = cache_policy::revalidate_after(images.ttl());
        Self(Arc::new(State {
            site,
            image_cache_control,
            images,
            china_domain,
            content_security_policy: representation::content_security_policy(analytics_origins),
        }))
    }

    fn variant(&self, headers: &HeaderMap) -> Variant {
        Variant::detect(
            headers.get(header::HOST).map(|value| value.as_bytes()),
            headers
                .get(header::USER_AGENT)
                .map(|value| value.as_bytes()),
            &self.0.china_domain,
        )
    }
}

impl std::ops::Deref for AppState {
    type Target = State;
    fn deref(&self) -> &State {
        &self.0
    }
}

/// The route table. Pages and assets are looked up in memory by the fallback, so adding a page
/// never touches this function.
pub(crate) fn router(state: AppState) -> Router {
    let router = Router::new()
        .route("/", get(pages::redirect_root))
        .route("/healthz", get(health::get_health))
        .route("/sitemap.xml", any(crawler_files::get_sitemap))
        .route("/robots.txt", any(crawler_files::get_robots))
        .route("/_next/image", any(image::get_image))
        .fallback(pages::get_page_or_file)
        .with_state(state);
    apply_middleware(router)
}

/// The middleware stack. Access logging costs a little per request, so the layer is only added
/// when `site::access=debug` is enabled in `log.filter`.
fn apply_middleware(router: Router) -> Router {
    if tracing::enabled!(target: "site::access", tracing::Level::DEBUG) {
        router.layer(middleware::from_fn(log_access))
    } else {
        router
    }
}

async fn log_access(request: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = request.method().clone();
    let path = request.uri().path().to_owned();
    let response = next.run(request).await;
    tracing::debug!(
        target: "site::access",
        %method,
        path,
        status = response.status().as_u16(),
        micros = started.elapsed().as_micros() as u64,
        "request"
    );
    response
}
