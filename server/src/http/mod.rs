//! The HTTP face of the server: the one route table, the middleware stack and the accept loop.
//! axum and hyper appear only in this module.

mod admin;
#[cfg(test)]
mod answer_types;
mod api_guard;
mod buildings;
mod cache_policy;
mod client_ip;
mod computed;
mod connection_limit;
mod crawler_files;
mod cross_site;
mod disk_files;
mod error;
mod first_frame;
mod first_head;
mod health;
mod image;
mod leads;
mod live;
mod pages;
mod positions;
mod reasons;
mod representation;
mod request_body;
mod security_headers;
mod serve;
mod slow_clients;
#[cfg(test)]
mod test_headers;
mod venues;

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::Request;
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::{MethodRouter, any, get, post};
use http::{HeaderMap, header};

pub(crate) use live::LiveReload;
pub(crate) use serve::{Routes, ServeOptions, serve};

use crate::buildings::Buildings;
use crate::compute::{Compute, Flights};
use crate::config::Config;
use crate::images::ImageService;
use crate::leads::Leads;
use crate::limits::login_throttle::LoginThrottle;
use crate::limits::sampled_log::SampledLogs;
use crate::limits::token_buckets::TokenBuckets;
use crate::rate_limit::RateLimiter;
use crate::site::{Site, Variant};
use admin::{AdminAccess, AdminToken};
use client_ip::TrustedProxies;
use cross_site::{EmbedOrigins, SiteOrigins};
use site_venues::Venues;

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
    /// The same for the demo page of a hand-over address, with its inline elements' hashes.
    pub(in crate::http) first_frame_csp: http::HeaderValue,
    /// The enquiry store (issue #6).
    pub leads: Leads,
    /// Shared by every build's state: a reload does not forget who submitted what.
    pub(in crate::http) rate_limiter: Arc<RateLimiter>,
    pub(in crate::http) trusted_proxies: TrustedProxies,
    /// The origins enquiries may come from.
    pub(in crate::http) site_origins: SiteOrigins,
    /// None when no `leads.admin_token` is configured: the admin routes are then absent.
    pub(in crate::http) admin_token: Option<AdminToken>,
    pub(in crate::http) admin_access: AdminAccess,
    /// Shared by every build's state, like the rate limiter.
    pub(in crate::http) login_throttle: Arc<LoginThrottle>,
    pub(in crate::http) sampled_logs: Arc<SampledLogs>,
    /// The live demo's venue engine (issue #14). A reload takes over the venues that did not
    /// change (`Venues::reload`).
    pub venues: Arc<Venues>,
    pub(in crate::http) venue_api: venues::VenueApi,
    /// The live positioning engines, shared by every build's state like the rate limiter.
    pub(in crate::http) positions: Arc<positions::PositionHub>,
    /// Requests per client on the live demo's API; shared by every build's state.
    pub(in crate::http) api_budget: Arc<TokenBuckets>,
    /// What clients make the server compute (issue #30); shared by every build's state.
    pub(in crate::http) compute: Compute,
    /// Computed answers kept and under way, by canonical request (venue versions included).
    pub(in crate::http) answers: Arc<Flights<Arc<computed::Answer>>>,
    /// The flow analytics' days computed, kept and under way (a quarter of the cache).
    pub(in crate::http) flow_days: positions::FlowDays,
    /// Device plans waiting, running and kept (issue #33); shared by every build's state.
    pub(in crate::http) plans: crate::plans::Plans,
    /// The live streams open, and the signal that ends them at shutdown.
    pub(in crate::http) streams: positions::Streams,
    /// Editing mode only (`live_reload`).
    pub(in crate::http) live: Option<LiveReload>,
    /// Buildings that visitors bring (issue #32); shared by every build's state.
    pub(in crate::http) buildings: Buildings,
    /// The uploads being received and taken in, the drawings being read and the stored
    /// buildings being loaded.
    pub(in crate::http) building_work: buildings::BuildingWork,
}

/// What the HTTP layer takes from the config, besides the site and the services; kept for the
/// life of the process and given to the state of every build it serves.
#[derive(Clone)]
pub(crate) struct HttpSettings {
    china_domain: String,
    analytics_origins: Vec<String>,
    admin_token: Option<AdminToken>,
    admin_access: AdminAccess,
    login_throttle: Arc<LoginThrottle>,
    sampled_logs: Arc<SampledLogs>,
    trusted_proxies: TrustedProxies,
    site_origins: SiteOrigins,
    rate_limiter: Arc<RateLimiter>,
    embedders: EmbedOrigins,
    positions: Arc<positions::PositionHub>,
    api_budget: Arc<TokenBuckets>,
    compute: Compute,
    plans: crate::plans::Plans,
    answers: Arc<Flights<Arc<computed::Answer>>>,
    flow_days: positions::FlowDays,
    streams: positions::Streams,
    live: Option<LiveReload>,
    buildings: Buildings,
    building_work: buildings::BuildingWork,
}

impl HttpSettings {
    /// `build` names the build served first, for editing mode's open pages.
    /// `store` is the enquiry store, whose database keeps the rate limits when several
    /// servers share it.
    /// `closing` turns true when shutdown begins, which ends the live streams.
    pub(crate) fn from_config(
        config: &Config,
        build: String,
        store: &Leads,
        closing: tokio::sync::watch::Receiver<bool>,
    ) -> std::io::Result<Self> {
        let leads = &config.leads;
        let limit = &leads.rate_limit;
        let venues = &config.venues;
        let cache_bytes = venues.compute.cache_mib as usize * 1024 * 1024;
        Ok(Self {
            china_domain: config.domains.china.clone(),
            analytics_origins: config.analytics.origins(),
            admin_token: AdminToken::new(leads.admin_token.expose()),
            admin_access: AdminAccess::new(&leads.admin_hosts, &leads.admin_networks),
            login_throttle: Arc::default(),
            sampled_logs: Arc::default(),
            trusted_proxies: TrustedProxies::new(leads.trusted_proxies.clone()),
            site_origins: SiteOrigins::new(&config.origins()),
            rate_limiter: Arc::new(RateLimiter::new(
                Duration::from_secs(limit.window_secs),
                limit.accepted,
                limit.submissions,
                store.clone(),
            )),
            embedders: EmbedOrigins::new(&venues.embed_origins),
            positions: Arc::new(positions::position_hub(
                &venues.live,
                config.background_below_pages,
            )),
            api_budget: Arc::new(TokenBuckets::new(
                venues.rate_limit.per_second,
                venues.rate_limit.burst,
            )),
            compute: Compute::new(&venues.compute, config.background_below_pages)?,
            plans: crate::plans::Plans::new(&venues.planning, config.background_below_pages)?,
            answers: Flights::new(cache_bytes / 4 * 3, |answer| answer.weight()),
            flow_days: Flights::new(cache_bytes / 4, |day| day.held_bytes()),
            streams: positions::Streams::new(&venues.live, closing),
            live: config.live_reload.then(|| LiveReload::new(build)),
            buildings: Buildings::new(config, store.clone()),
            building_work: buildings::BuildingWork::default(),
        })
    }

    /// The live engines: a reload retires those whose venue changed.
    pub(crate) fn positions(&self) -> &positions::PositionHub {
        &self.positions
    }

    /// For tests: makes the live engine of `venue` panic at its next second, as a bug would;
    /// false when none runs.
    pub(crate) fn panic_live_engine(&self, venue: &str) -> bool {
        self.positions.panic_engine(venue)
    }

    /// Editing mode's status, when on.
    pub(crate) fn live(&self) -> Option<&LiveReload> {
        self.live.as_ref()
    }
}

impl AppState {
    pub(crate) fn new(
        site: Site,
        images: ImageService,
        leads: Leads,
        venues: Arc<Venues>,
        settings: HttpSettings,
    ) -> Self {
        let image_cache_control = cache_policy::revalidate_after(images.ttl());
        let venue_api = venues::VenueApi::new(&site, &venues, settings.embedders);
        let first_frame_csp = representation::content_security_policy_with_inline(
            &settings.analytics_origins,
            site.first_frame().script_sources(),
            site.first_frame().style_sources(),
        );
        Self(Arc::new(State {
            venues,
            venue_api,
            positions: settings.positions,
            api_budget: settings.api_budget,
            compute: settings.compute,
            plans: settings.plans,
            answers: settings.answers,
            flow_days: settings.flow_days,
            streams: settings.streams,
            site,
            image_cache_control,
            images,
            china_domain: settings.china_domain,
            content_security_policy: representation::content_security_policy(
                &settings.analytics_origins,
            ),
            first_frame_csp,
            leads,
            rate_limiter: settings.rate_limiter,
            trusted_proxies: settings.trusted_proxies,
            site_origins: settings.site_origins,
            admin_token: settings.admin_token,
            admin_access: settings.admin_access,
            login_throttle: settings.login_throttle,
            sampled_logs: settings.sampled_logs,
            live: settings.live,
            buildings: settings.buildings,
            building_work: settings.building_work,
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
pub(crate) fn router(state: AppState) -> Router<()> {
    let mut router = table([
        ("/", get(pages::redirect_root)),
        ("/healthz", get(health::get_health)),
        ("/sitemap.xml", any(crawler_files::get_sitemap)),
        ("/robots.txt", any(crawler_files::get_robots)),
        ("/_next/image", any(image::get_image)),
        ("/api/leads", post(leads::post_lead)),
    ])
    .merge(venue_routes(state.clone()));
    // Without a token the sales routes do not exist: they answer the 404 page like any
    // unknown address, and nothing tells a visitor they could exist.
    if state.admin_token.is_some() {
        router = router.merge(admin_routes(state.clone()));
    }
    if state.live.is_some() {
        router = router.merge(live_routes());
    }
    let router = router.fallback(pages::get_page_or_file).with_state(state);
    apply_middleware(router)
}

/// The sales team's enquiry pages (issue #6), every route behind the allow-list, the login
/// throttle and the token.
fn admin_routes(state: AppState) -> Router<AppState> {
    table([
        ("/admin/leads", get(admin::get_page)),
        ("/admin/leads.json", get(admin::get_list)),
        ("/admin/leads.csv", get(admin::get_csv)),
        ("/admin/leads/{id}/status", post(admin::post_status)),
    ])
    .route_layer(middleware::from_fn_with_state(state, admin::guard))
}

/// Editing mode's reload events and build problems (`live_reload`).
fn live_routes() -> Router<AppState> {
    table([
        ("/next/_site/live", get(live::get_events)),
        ("/next/_site/live/problem", post(live::post_problem)),
    ])
}

/// The live demo's API (issue #14), every route behind `api_guard`: the client's address, the
/// refusal of other sites' pages and the per-client request budget.
fn venue_routes(state: AppState) -> Router<AppState> {
    table([
        ("/api/venues", get(venues::get_list)),
        ("/api/venues/{venue}", get(venues::get_venue)),
        ("/api/venues/{venue}/levels/{level}", get(venues::get_level)),
        (
            "/api/venues/{venue}/search",
            venues::computed_route(venues::search, venues::SEARCH_MS),
        ),
        (
            "/api/venues/{venue}/route",
            venues::computed_route(venues::route, venues::ROUTE_MS),
        ),
        (
            "/api/venues/{venue}/findcar",
            venues::computed_route(venues::find_car, venues::ROUTE_MS),
        ),
        ("/api/venues/{venue}/kiosks/{kiosk}", get(venues::get_kiosk)),
        (
            "/api/venues/{venue}/plan",
            get(venues::get_plan).post(venues::post_plan),
        ),
        ("/api/venues/{venue}/live", get(positions::get_live)),
        (
            "/api/venues/{venue}/flow",
            computed::kept_route(positions::flow),
        ),
        (
            "/api/venues/{venue}/tracks/{tag}",
            computed::kept_route(positions::track),
        ),
        (
            "/api/venues/{venue}/handover.svg",
            get(venues::get_handover),
        ),
        ("/api/buildings", post(buildings::post_building)),
        ("/api/buildings/drawings", post(buildings::post_drawing)),
        (
            "/api/buildings/{id}",
            get(buildings::get_building).delete(buildings::delete_building),
        ),
        (
            "/api/buildings/{id}/imdf.zip",
            get(buildings::get_archive).post(buildings::post_archive),
        ),
        (
            "/api/venues/{venue}/plan/infrastructure.geojson",
            post(venues::post_infrastructure),
        ),
        ("/api/buildings/{id}/changes", post(buildings::post_changes)),
    ])
    .route_layer(middleware::from_fn_with_state(state, api_guard::guard))
}

/// A router of `(path, handler)` rows.
fn table(
    routes: impl IntoIterator<Item = (&'static str, MethodRouter<AppState>)>,
) -> Router<AppState> {
    routes
        .into_iter()
        .fold(Router::new(), |router, (path, handler)| {
            router.route(path, handler)
        })
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
