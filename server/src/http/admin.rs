//! Sales' access to enquiries (issue #6, docs/enquiries.md section 5): the admin page, its JSON list and
//! status changes, and the CSV export. These routes exist only when `leads.admin_token` is
//! configured (see `router`). Every request passes [`guard`] first: the optional host and
//! network allow-list (answering 404 like an unknown address elsewhere), the per-client
//! throttle of wrong tokens, and the token itself, as a bearer token or as the password of
//! HTTP Basic authentication, which browsers prompt for on their own.

use std::net::IpAddr;
use std::pin::Pin;
use std::time::Instant;

use axum::body::Body;
use axum::extract::{Path, Request, State};
use axum::middleware::Next;
use axum::response::Response;
use base64::Engine as _;
use base64::alphabet;
use base64::engine::{DecodePaddingMode, GeneralPurpose, GeneralPurposeConfig};
use http::request::Parts;
use http::{HeaderMap, HeaderValue, header};
use hyper::body::Body as _;

use super::AppState;
use super::cache_policy::CachePolicy;
use super::cross_site::origin_names_host;
use super::error::{AdminError, AppError, json_response, retry_after_secs};
use super::representation::Representation;
use crate::config::ProxyNet;
use crate::leads::{LeadQuery, Status, StoreError};

/// Status change bodies are a few bytes; anything much larger is not one.
const MAX_STATUS_BODY_BYTES: usize = 1024;

/// The admin page loads its own script and styles and talks only to this server.
pub(super) fn admin_content_security_policy() -> HeaderValue {
    HeaderValue::from_static(
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
         font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; \
         form-action 'self'; frame-ancestors 'none'",
    )
}

/// The configured token, kept as bytes for the comparison.
#[derive(Clone)]
pub(super) struct AdminToken(Vec<u8>);

impl std::fmt::Debug for AdminToken {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str("AdminToken(..)")
    }
}

impl AdminToken {
    /// None for an empty token: the admin routes are then absent.
    pub(super) fn new(token: &str) -> Option<Self> {
        let token = token.trim();
        (!token.is_empty()).then(|| Self(token.as_bytes().to_vec()))
    }

    /// True when `presented` is the token. The time taken depends only on the length of
    /// what the client sent, never on the token (its bytes or its length): every byte is
    /// compared, against the token repeated, and the length difference is folded in.
    fn matches(&self, presented: &[u8]) -> bool {
        let token = &self.0;
        let mut difference = u8::from(presented.len() != token.len());
        for (index, byte) in presented.iter().enumerate() {
            difference |= byte ^ token[index % token.len()];
        }
        std::hint::black_box(difference) == 0
    }
}

/// Where the sales routes answer (`leads.admin_hosts`, `leads.admin_networks`); empty lists
/// allow everything.
#[derive(Debug, Clone, Default)]
pub(super) struct AdminAccess {
    /// Lower-case host names.
    hosts: Vec<String>,
    networks: Vec<ProxyNet>,
}

impl AdminAccess {
    pub(super) fn new(hosts: &[String], networks: &[ProxyNet]) -> Self {
        Self {
            hosts: hosts.iter().map(|host| host.to_ascii_lowercase()).collect(),
            networks: networks.to_vec(),
        }
    }

    /// True when a request to `host` (a `Host` value, port and all) from `client` may reach
    /// the sales routes.
    fn allows(&self, host: Option<&str>, client: IpAddr) -> bool {
        let host_allowed = self.hosts.is_empty()
            || host.is_some_and(|host| {
                let name = match host.rsplit_once(':') {
                    Some((name, port)) if !port.contains(']') => name,
                    _ => host,
                };
                self.hosts
                    .iter()
                    .any(|allowed| allowed.eq_ignore_ascii_case(name))
            });
        let network_allowed =
            self.networks.is_empty() || self.networks.iter().any(|net| net.contains(client));
        host_allowed && network_allowed
    }
}

/// In front of every sales route: the allow-list (elsewhere the answer is the one of an
/// unknown address), the throttle of wrong tokens (429 with Retry-After, even for the right
/// token, once a client has used up its tries), then the token (401, counted when wrong).
pub(super) async fn guard(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    let client = state
        .trusted_proxies
        .client_of(request.extensions(), headers);
    let host = headers
        .get(header::HOST)
        .and_then(|value| value.to_str().ok())
        .or_else(|| {
            request
                .uri()
                .authority()
                .map(|authority| authority.as_str())
        });
    if !state.admin_access.allows(host, client) {
        return super::pages::get_page_or_file(State(state), request).await;
    }
    let now = Instant::now();
    if let Err(wait) = state.login_throttle.check(client, now) {
        if let Some(left_out) = state.sampled_logs.login_throttled.admit(now) {
            tracing::warn!(%client, left_out, "admin: refused, too many wrong tokens from this client");
        }
        return finish(Err(AdminError::Throttled {
            retry_after_secs: retry_after_secs(wait),
        }
        .into()));
    }
    if let Err(refused) = authorise(&state, headers, client, now) {
        return finish(Err(refused));
    }
    next.run(request).await
}

/// `Ok` when the request carries the token; otherwise the 401 (and, when a wrong token was
/// tried, a failure counted against the client and a sampled warning in the log).
fn authorise(
    state: &AppState,
    headers: &HeaderMap,
    client: IpAddr,
    now: Instant,
) -> Result<(), AppError> {
    let Some(token) = &state.admin_token else {
        // Routes are only added with a token; keep the check anyway.
        return Err(AdminError::Unauthorized.into());
    };
    match presented_token(headers) {
        Some(presented) if token.matches(&presented) => Ok(()),
        Some(_) => {
            state.login_throttle.failed(client, now);
            if let Some(left_out) = state.sampled_logs.failed_login.admit(now) {
                tracing::warn!(%client, left_out, "admin: wrong token presented");
            }
            Err(AdminError::Unauthorized.into())
        }
        None => Err(AdminError::Unauthorized.into()),
    }
}

/// The token of `Authorization: Bearer <token>` or the password of
/// `Authorization: Basic base64(<user>:<token>)`.
fn presented_token(headers: &HeaderMap) -> Option<Vec<u8>> {
    let value = headers.get(header::AUTHORIZATION)?.as_bytes();
    let split = value.iter().position(|byte| *byte == b' ')?;
    let (scheme, credentials) = (&value[..split], value[split + 1..].trim_ascii());
    if scheme.eq_ignore_ascii_case(b"bearer") {
        Some(credentials.to_vec())
    } else if scheme.eq_ignore_ascii_case(b"basic") {
        let decoded = BASIC_CREDENTIALS.decode(credentials).ok()?;
        let colon = decoded.iter().position(|byte| *byte == b':')?;
        Some(decoded[colon + 1..].to_vec())
    } else {
        None
    }
}

/// Standard base64, padded or not: browsers pad Basic credentials, hand-written clients often
/// don't.
const BASIC_CREDENTIALS: GeneralPurpose = GeneralPurpose::new(
    &alphabet::STANDARD,
    GeneralPurposeConfig::new()
        .with_decode_padding_mode(DecodePaddingMode::Indifferent)
        .with_decode_allow_trailing_bits(true),
);

fn no_index(mut response: Response) -> Response {
    response
        .headers_mut()
        .insert("x-robots-tag", HeaderValue::from_static("noindex"));
    response
}

/// Every admin answer, refusals included, carries `X-Robots-Tag: noindex`.
fn finish(result: Result<Response, AppError>) -> Response {
    use axum::response::IntoResponse;
    no_index(result.unwrap_or_else(IntoResponse::into_response))
}

/// `GET /admin/leads`: the sales page.
pub(super) async fn get_page(State(state): State<AppState>, request: Request) -> Response {
    let csp = admin_content_security_policy();
    no_index(
        Representation {
            body: state.site.leads().admin_page(),
            content_type: HeaderValue::from_static("text/html; charset=utf-8"),
            cache: CachePolicy::NoStore,
            vary_user_agent: false,
            document_csp: Some(&csp),
        }
        .respond(request.method(), request.headers()),
    )
}

/// `GET /admin/leads.json?q=&status=&page=`.
pub(super) async fn get_list(State(state): State<AppState>, parts: Parts) -> Response {
    // The head rather than the request: it is kept across awaits, and a body is not Sync.
    finish(
        async {
            let query = lead_query(parts.uri.query())?;
            let page = stored(state.leads.list(&query).await)?;
            json_answer(&page, "the list")
        }
        .await,
    )
}

/// `POST /admin/leads/{id}/status` with `{"status": "contacted"}`.
pub(super) async fn post_status(
    State(state): State<AppState>,
    Path(id): Path<String>,
    request: Request,
) -> Response {
    finish(
        async {
            let (parts, body) = request.into_parts();
            if !origin_names_host(&parts.headers) {
                return Err(AdminError::CrossOrigin.into());
            }
            let is_json = parts
                .headers
                .get(header::CONTENT_TYPE)
                .and_then(|value| value.to_str().ok())
                .and_then(|value| value.split(';').next())
                .is_some_and(|media| media.trim().eq_ignore_ascii_case("application/json"));
            if !is_json {
                return Err(AdminError::UnsupportedType(
                    "send the status as application/json".to_owned(),
                )
                .into());
            }
            let bytes = read_small(body).await?;
            let status = serde_json::from_slice::<serde_json::Value>(&bytes)
                .ok()
                .and_then(|value| value.get("status")?.as_str().and_then(Status::parse))
                .ok_or_else(|| {
                    AdminError::Unprocessable(
                        "expected {\"status\": \"new\" | \"contacted\" | \"closed\"}".to_owned(),
                    )
                })?;
            let lead = stored(state.leads.set_status(&id, status).await)?;
            json_answer(&lead, "the enquiry")
        }
        .await,
    )
}

/// `GET /admin/leads.csv?q=&status=`: every match, for Excel.
pub(super) async fn get_csv(State(state): State<AppState>, parts: Parts) -> Response {
    finish(
        async {
            let query = lead_query(parts.uri.query())?;
            let csv = stored(state.leads.export_csv(&query).await)?;
            let mut response = Response::new(Body::from(csv));
            let headers = response.headers_mut();
            headers.insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/csv; charset=utf-8"),
            );
            let disposition = format!(
                "attachment; filename=\"{}\"",
                crate::leads::export_file_name()
            );
            headers.insert(
                header::CONTENT_DISPOSITION,
                HeaderValue::from_str(&disposition).expect("digits are a valid header"),
            );
            Ok(no_store(response))
        }
        .await,
    )
}

/// `value` as a JSON answer that is never stored; `what` names it should it not serialise.
fn json_answer(value: &impl serde::Serialize, what: &str) -> Result<Response, AppError> {
    let value = serde_json::to_value(value)
        .map_err(|error| AdminError::Unavailable(format!("cannot write {what}: {error}")))?;
    Ok(no_store(json_response(&value)))
}

fn no_store(mut response: Response) -> Response {
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, CachePolicy::NoStore.header_value());
    response
}

/// The store's answer, its failures as the admin refusals they are.
fn stored<T>(result: Result<T, StoreError>) -> Result<T, AppError> {
    result.map_err(|error| match error {
        StoreError::NotFound(_) => AdminError::NotFound(error.to_string()).into(),
        StoreError::Unavailable(_) => {
            tracing::error!(%error, "admin: the enquiry store did not answer");
            AdminError::Unavailable(error.to_string()).into()
        }
    })
}

/// `q`, `status` (empty = all) and `page` (from 1) of the query string.
fn lead_query(query: Option<&str>) -> Result<LeadQuery, AppError> {
    let mut lead_query = LeadQuery {
        page: 1,
        ..LeadQuery::default()
    };
    for (key, value) in url::form_urlencoded::parse(query.unwrap_or("").as_bytes()) {
        match key.as_ref() {
            "q" => lead_query.q = value.trim().to_owned(),
            "status" if value.is_empty() => lead_query.status = None,
            "status" => {
                lead_query.status = Some(Status::parse(&value).ok_or_else(|| {
                    AdminError::Unprocessable(format!("unknown status {value:?}"))
                })?);
            }
            "page" if value.is_empty() => {}
            "page" => {
                lead_query.page = value
                    .parse::<u32>()
                    .ok()
                    .filter(|page| *page >= 1)
                    .ok_or_else(|| {
                        AdminError::Unprocessable(format!("page {value:?} is not 1 or more"))
                    })?;
            }
            _ => {}
        }
    }
    Ok(lead_query)
}

async fn read_small(mut body: Body) -> Result<Vec<u8>, AppError> {
    let mut bytes = Vec::new();
    while let Some(frame) =
        std::future::poll_fn(|context| Pin::new(&mut body).poll_frame(context)).await
    {
        let frame = frame.map_err(|_| AdminError::Unprocessable("broken body".to_owned()))?;
        if let Ok(data) = frame.into_data() {
            if bytes.len() + data.len() > MAX_STATUS_BODY_BYTES {
                return Err(AdminError::Unprocessable("body too large".to_owned()).into());
            }
            bytes.extend_from_slice(&data);
        }
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::test_headers::headers;

    #[test]
    fn token_comparison() {
        let token = AdminToken::new(" s3cret-token ").unwrap();
        assert!(token.matches(b"s3cret-token"));
        for wrong in [
            &b"s3cret-tokem"[..],
            b"s3cret",
            b"s3cret-token-and-more",
            b"",
        ] {
            assert!(!token.matches(wrong));
        }
        // Repeating the token must not match it.
        assert!(!token.matches(b"s3cret-tokens3cret-token"));
        assert!(AdminToken::new("  ").is_none());
    }

    #[test]
    fn bearer_and_basic_credentials() {
        let bearer = headers(&[("authorization", "Bearer abc")]);
        assert_eq!(presented_token(&bearer).as_deref(), Some(&b"abc"[..]));
        // "sales:abc:def" -> the password is everything after the first colon.
        let basic = headers(&[("authorization", "basic c2FsZXM6YWJjOmRlZg==")]);
        assert_eq!(presented_token(&basic).as_deref(), Some(&b"abc:def"[..]));
        let no_user = headers(&[("authorization", "Basic OmFiYw")]);
        assert_eq!(presented_token(&no_user).as_deref(), Some(&b"abc"[..]));
        assert_eq!(
            presented_token(&headers(&[("authorization", "Basic !!")])),
            None
        );
        assert_eq!(
            presented_token(&headers(&[("authorization", "Digest x")])),
            None
        );
        assert_eq!(presented_token(&HeaderMap::new()), None);
    }

    #[test]
    fn admin_hosts_and_networks_allow_only_what_they_list() {
        let ip = |text: &str| text.parse::<IpAddr>().unwrap();
        let open = AdminAccess::default();
        assert!(open.allows(None, ip("203.0.113.9")));
        let hosts = AdminAccess::new(&["admin.indora.com".to_owned()], &[]);
        assert!(hosts.allows(Some("admin.indora.com"), ip("203.0.113.9")));
        assert!(hosts.allows(Some("Admin.Indora.com:8443"), ip("203.0.113.9")));
        assert!(!hosts.allows(Some("www.indora.com"), ip("203.0.113.9")));
        assert!(!hosts.allows(Some("admin.indora.com.evil.example"), ip("203.0.113.9")));
        assert!(!hosts.allows(None, ip("203.0.113.9")));
        let networks = [
            "10.8.0.0/16".parse().unwrap(),
            "2001:db8::7".parse().unwrap(),
        ];
        let both = AdminAccess::new(&["admin.indora.com".to_owned()], &networks);
        assert!(both.allows(Some("admin.indora.com"), ip("10.8.3.4")));
        assert!(both.allows(Some("admin.indora.com"), ip("::ffff:10.8.3.4")));
        assert!(both.allows(Some("admin.indora.com"), ip("2001:db8::7")));
        assert!(!both.allows(Some("admin.indora.com"), ip("10.9.0.1")));
        assert!(!both.allows(Some("www.indora.com"), ip("10.8.3.4")));
    }

    #[test]
    fn queries_default_to_everything_on_page_one() {
        assert_eq!(
            lead_query(None).unwrap(),
            LeadQuery {
                page: 1,
                ..LeadQuery::default()
            }
        );
        let query = lead_query(Some("q=%E5%BC%A0&status=contacted&page=3")).unwrap();
        assert_eq!(query.q, "张");
        assert_eq!(query.status, Some(Status::Contacted));
        assert_eq!(query.page, 3);
        assert_eq!(lead_query(Some("status=")).unwrap().status, None);
        assert!(lead_query(Some("status=open")).is_err());
        assert!(lead_query(Some("page=0")).is_err());
    }
}
