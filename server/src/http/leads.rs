//! `POST /api/leads`: the business enquiry form (issue #6, contract section 5). Reads the body
//! (form or JSON, at most 16 KiB), applies the per-client rate limit and the honeypot,
//! validates with the server's rules (`leads::validate`, the authority), and commits before
//! answering 201 or, for browsers without JavaScript, 303 to the thank-you page. Every
//! refusal goes through `error.rs`.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::pin::Pin;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::{ConnectInfo, Request, State};
use axum::response::{IntoResponse, Response};
use http::{HeaderMap, HeaderValue, StatusCode, header};
use hyper::body::Body as _;

use super::AppState;
use super::cache_policy::CachePolicy;
use super::error::{AppError, EnquiryAnswer, EnquiryRefusal, RefusalReason, json_response};
use crate::leads::{ErrorCode, Origin, RawLead, StoreError, validate};
use crate::site::Variant;
use crate::site::lead_form::{FormState, VALUE_FIELDS};

/// Bodies larger than this are refused with 413.
pub(super) const MAX_BODY_BYTES: usize = 16 * 1024;
/// A body over the limit is still read (and thrown away) up to this size before the 413 is
/// sent: closing a connection with unread data makes the kernel reset it, and the client
/// would see a broken connection instead of the answer. Larger bodies are cut off at once.
const MAX_DRAIN_BYTES: usize = 1024 * 1024;
/// How long reading the rest of a refused body may take.
const DRAIN_TIME: Duration = Duration::from_secs(2);
/// User agents are stored up to this many characters.
const MAX_USER_AGENT_CHARS: usize = 500;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Encoding {
    Form,
    Json,
}

/// What one submission knows while it is handled: enough to answer in the right shape.
struct Submission<'a> {
    state: &'a AppState,
    wants_json: bool,
    variant: Variant,
}

pub(super) async fn post_lead(State(state): State<AppState>, request: Request) -> Response {
    let (parts, body) = request.into_parts();
    let headers = &parts.headers;
    let submission = Submission {
        state: &state,
        wants_json: accepts_json(headers),
        variant: state.variant(headers),
    };
    let peer = parts
        .extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |info| info.0.ip());
    let client = state.trusted_proxies.client_ip(peer, headers);
    // Checked before any work: a flood costs a lookup, not a parse.
    let ticket = match state.rate_limiter.check(client, Instant::now()) {
        Ok(ticket) => ticket,
        Err(wait) => {
            tracing::info!(%client, "enquiry refused: rate limited");
            return submission.rate_limited(wait).into_response();
        }
    };
    match submission.handle(headers, body).await {
        Ok(response) => response,
        Err(error) => {
            state.rate_limiter.not_accepted(ticket);
            error.into_response()
        }
    }
}

impl Submission<'_> {
    async fn handle(&self, headers: &HeaderMap, body: Body) -> Result<Response, AppError> {
        let encoding = content_encoding(headers)
            .ok_or_else(|| self.refuse(RefusalReason::UnsupportedType, FormState::default()))?;
        let declared = headers
            .get(header::CONTENT_LENGTH)
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.parse::<u64>().ok());
        if declared.is_some_and(|length| length > MAX_DRAIN_BYTES as u64) {
            return Err(self.refuse(RefusalReason::TooLarge, FormState::default()));
        }
        let bytes = read_limited(body, MAX_BODY_BYTES)
            .await
            .map_err(|error| match error {
                ReadError::TooLarge => self.refuse(RefusalReason::TooLarge, FormState::default()),
                ReadError::Broken => self.refuse(RefusalReason::Malformed, FormState::default()),
            })?;
        let parsed = match encoding {
            Encoding::Form => parse_form(&bytes),
            Encoding::Json => parse_json(&bytes),
        };
        let Some(Parsed(raw, type_errors)) = parsed else {
            return Err(self.refuse(RefusalReason::Malformed, FormState::default()));
        };
        let site = &self.state.site;
        let catalog = site.leads().catalog();
        let form = form_state(&raw);
        if raw
            .leave_empty
            .as_deref()
            .is_some_and(|value| !value.trim().is_empty())
        {
            tracing::info!("enquiry refused: honeypot filled");
            return Err(self.refuse(RefusalReason::Bot, form));
        }
        let validated = validate(&raw, catalog);
        let mut codes = match &validated {
            Ok(_) => Default::default(),
            Err(errors) => errors.clone(),
        };
        // A value of the wrong type was taken as absent; its field says what it should be.
        for field in type_errors {
            codes.insert(field, type_error_code(field));
        }
        let lead = match validated {
            Ok(lead) if codes.is_empty() => lead,
            _ => {
                let errors = codes
                    .iter()
                    .map(|(field, code)| (*field, catalog.field_message(field, *code)))
                    .collect();
                return Err(self.refuse(RefusalReason::Invalid(errors), form));
            }
        };
        let origin = Origin {
            page: self.page(raw.page.as_deref(), headers),
            variant: self.variant.name().to_owned(),
            user_agent: user_agent(headers),
        };
        match self.state.leads.submit(lead, origin).await {
            Ok(id) => Ok(self.accepted(&id)),
            Err(error) => {
                if matches!(error, StoreError::Unavailable(_)) {
                    tracing::error!(%error, "enquiry not stored");
                } else {
                    tracing::error!(%error, "enquiry not stored: unexpected store answer");
                }
                Err(self.refuse(RefusalReason::Unavailable, form))
            }
        }
    }

    fn accepted(&self, id: &str) -> Response {
        let thanks = &self.state.site.leads().thanks_path;
        let mut response = if self.wants_json {
            let mut response =
                json_response(&serde_json::json!({ "id": id, "thanks_path": thanks }));
            *response.status_mut() = StatusCode::CREATED;
            response
        } else {
            let mut response = Response::new(Body::empty());
            *response.status_mut() = StatusCode::SEE_OTHER;
            // A Location without a fragment would inherit the form action's `#lead-form`,
            // which the thank-you page does not have; every page's content is `#main`.
            if let Ok(location) = HeaderValue::from_str(&format!("{thanks}#main")) {
                response.headers_mut().insert(header::LOCATION, location);
            }
            response
        };
        response
            .headers_mut()
            .insert(header::CACHE_CONTROL, CachePolicy::NoStore.header_value());
        response
    }

    fn rate_limited(&self, wait: Duration) -> AppError {
        // Whole seconds, rounded up: a client that waits exactly this long gets through.
        let retry_after_secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
        self.refuse(
            RefusalReason::RateLimited {
                retry_after_secs: retry_after_secs.max(1),
            },
            FormState::default(),
        )
    }

    /// The refusal for `reason`, its message from the catalog, and the form filled with
    /// `form` (plus the message as the form's alert) for browsers without JavaScript.
    fn refuse(&self, reason: RefusalReason, mut form: FormState) -> AppError {
        let leads = self.state.site.leads();
        let catalog = leads.catalog();
        let hotline = ("hotline", leads.hotline.clone());
        let message = match &reason {
            RefusalReason::Invalid(errors) => {
                catalog.message("summary", &[("count", errors.len().to_string())])
            }
            RefusalReason::Bot => catalog.message("bot", &[hotline]),
            RefusalReason::RateLimited { .. } => {
                let window = self.state.rate_limiter.window().as_secs();
                let minutes = window.div_ceil(60).max(1);
                catalog.message("rate_limited", &[("minutes", minutes.to_string()), hotline])
            }
            RefusalReason::TooLarge => catalog.message("too_large", &[hotline]),
            RefusalReason::UnsupportedType | RefusalReason::Malformed => {
                catalog.message("unsupported_type", &[hotline])
            }
            RefusalReason::Unavailable => catalog.message("unavailable", &[hotline]),
        };
        let answer = if self.wants_json {
            EnquiryAnswer::Json
        } else {
            if let RefusalReason::Invalid(errors) = &reason {
                form.errors = errors.clone();
            }
            form.alert = message.clone();
            EnquiryAnswer::Page {
                template: std::sync::Arc::clone(leads.template(self.variant)),
                form: Box::new(form),
                csp: self.state.content_security_policy.clone(),
            }
        };
        AppError::Enquiry(Box::new(EnquiryRefusal {
            reason,
            message,
            answer,
        }))
    }

    /// `page` from the form when it is a page of the site, else the Referer's path when that
    /// is one, else "".
    fn page(&self, field: Option<&str>, headers: &HeaderMap) -> String {
        let site = &self.state.site;
        let known = |path: &str| site.page(path).is_some();
        if let Some(field) = field {
            let cleaned = crate::leads::validate::clean_page(field);
            if known(&cleaned) {
                return cleaned;
            }
        }
        headers
            .get(header::REFERER)
            .and_then(|value| value.to_str().ok())
            .and_then(|referer| url::Url::parse(referer).ok())
            .map(|referer| referer.path().to_owned())
            .filter(|path| known(path))
            .unwrap_or_default()
    }
}

/// JSON when the client asks for it; browsers submitting the form ask for HTML.
fn accepts_json(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .any(|value| value.to_ascii_lowercase().contains("application/json"))
}

/// The body's encoding from Content-Type; None for anything else, or a charset other than
/// UTF-8 (the only one the form declares).
fn content_encoding(headers: &HeaderMap) -> Option<Encoding> {
    let value = headers.get(header::CONTENT_TYPE)?.to_str().ok()?;
    let mut parts = value.split(';');
    let media = parts.next()?.trim().to_ascii_lowercase();
    let encoding = match media.as_str() {
        "application/x-www-form-urlencoded" => Encoding::Form,
        "application/json" => Encoding::Json,
        _ => return None,
    };
    for parameter in parts {
        let Some((name, value)) = parameter.split_once('=') else {
            continue;
        };
        if name.trim().eq_ignore_ascii_case("charset") {
            let charset = value.trim().trim_matches('"');
            if !charset.eq_ignore_ascii_case("utf-8") && !charset.eq_ignore_ascii_case("utf8") {
                return None;
            }
        }
    }
    Some(encoding)
}

enum ReadError {
    TooLarge,
    /// The client went away or sent a broken body.
    Broken,
}

/// The whole body, refusing it as soon as it grows past `limit`, with or without a
/// Content-Length.
async fn read_limited(mut body: Body, limit: usize) -> Result<Vec<u8>, ReadError> {
    let mut bytes = Vec::new();
    while let Some(frame) = next_frame(&mut body).await {
        let frame = frame.map_err(|_| ReadError::Broken)?;
        if let Ok(data) = frame.into_data() {
            if bytes.len() + data.len() > limit {
                let mut seen = bytes.len() + data.len();
                let _ = tokio::time::timeout(DRAIN_TIME, async {
                    while seen <= MAX_DRAIN_BYTES
                        && let Some(Ok(frame)) = next_frame(&mut body).await
                    {
                        seen += frame.data_ref().map_or(0, |data| data.len());
                    }
                })
                .await;
                return Err(ReadError::TooLarge);
            }
            bytes.extend_from_slice(&data);
        }
    }
    Ok(bytes)
}

async fn next_frame(
    body: &mut Body,
) -> Option<Result<hyper::body::Frame<bytes::Bytes>, axum::Error>> {
    std::future::poll_fn(|context| Pin::new(&mut *body).poll_frame(context)).await
}

/// What a body parser found: the fields, and the JSON fields whose value had a type no field
/// takes (an array for a name, say).
struct Parsed(RawLead, Vec<&'static str>);

const TEXT_FIELDS: [&str; 9] = [
    "name",
    "company",
    "phone",
    "email",
    "scenario",
    "product",
    "message",
    "page",
    "leave_empty",
];

fn text_slot<'a>(raw: &'a mut RawLead, field: &str) -> Option<&'a mut Option<String>> {
    Some(match field {
        "name" => &mut raw.name,
        "company" => &mut raw.company,
        "phone" => &mut raw.phone,
        "email" => &mut raw.email,
        "scenario" => &mut raw.scenario,
        "product" => &mut raw.product,
        "message" => &mut raw.message,
        "page" => &mut raw.page,
        "leave_empty" => &mut raw.leave_empty,
        _ => return None,
    })
}

/// An urlencoded body as the form sends it (`accept-charset="utf-8"`). Unknown keys are
/// ignored; of a key sent twice the first counts. None when a value is not UTF-8.
fn parse_form(bytes: &[u8]) -> Option<Parsed> {
    let mut raw = RawLead::default();
    for pair in bytes.split(|byte| *byte == b'&') {
        if pair.is_empty() {
            continue;
        }
        let (key, value) = match pair.iter().position(|byte| *byte == b'=') {
            Some(at) => (&pair[..at], &pair[at + 1..]),
            None => (pair, &b""[..]),
        };
        let key = String::from_utf8(percent_decode(key)).ok()?;
        let value = String::from_utf8(percent_decode(value)).ok()?;
        if key == "consent" {
            raw.consent = raw.consent || value == "on";
        } else if let Some(slot) = text_slot(&mut raw, &key)
            && slot.is_none()
        {
            *slot = Some(value);
        }
    }
    Some(Parsed(raw, Vec::new()))
}

/// `application/x-www-form-urlencoded` decoding: `+` is a space, `%XX` a byte; a `%` not
/// followed by two hex digits stays as it is (as browsers and the WHATWG parser do).
fn percent_decode(input: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(input.len());
    let mut index = 0;
    while index < input.len() {
        match input[index] {
            b'+' => out.push(b' '),
            b'%' if index + 2 < input.len() => {
                let hex = |byte: u8| (byte as char).to_digit(16);
                match (hex(input[index + 1]), hex(input[index + 2])) {
                    (Some(high), Some(low)) => {
                        out.push((high * 16 + low) as u8);
                        index += 2;
                    }
                    _ => out.push(b'%'),
                }
            }
            byte => out.push(byte),
        }
        index += 1;
    }
    out
}

/// A JSON object. Unknown keys are ignored; `null` is absent; a number is taken as its text
/// (phone numbers are sent as numbers by some clients); other types for a text field are
/// recorded as type errors. `consent` is given only by `true` (contract section 1).
fn parse_json(bytes: &[u8]) -> Option<Parsed> {
    let value: serde_json::Value = serde_json::from_slice(bytes).ok()?;
    let object = value.as_object()?;
    let mut raw = RawLead::default();
    let mut type_errors = Vec::new();
    for field in TEXT_FIELDS {
        let Some(value) = object.get(field) else {
            continue;
        };
        let text = match value {
            serde_json::Value::Null => None,
            serde_json::Value::String(text) => Some(text.clone()),
            serde_json::Value::Number(number) => Some(number.to_string()),
            _ => {
                if field == "leave_empty" {
                    // Anything but nothing in the honeypot is a bot.
                    Some(value.to_string())
                } else {
                    type_errors.push(field);
                    None
                }
            }
        };
        if let Some(slot) = text_slot(&mut raw, field) {
            *slot = text;
        }
    }
    raw.consent = object.get("consent") == Some(&serde_json::Value::Bool(true));
    Some(Parsed(raw, type_errors))
}

/// The error a field gets when its JSON value has the wrong type: the rule of its kind.
fn type_error_code(field: &str) -> ErrorCode {
    match field {
        "phone" => ErrorCode::Phone,
        "email" => ErrorCode::Email,
        "scenario" | "product" => ErrorCode::Choice,
        _ => ErrorCode::Required,
    }
}

/// What the form shows again: the visitor's own text (control characters removed, which the
/// server would have removed anyway), their choices and their consent.
fn form_state(raw: &RawLead) -> FormState {
    let mut form = FormState {
        scenario: raw.scenario.clone().unwrap_or_default(),
        product: raw.product.clone().unwrap_or_default(),
        consent: raw.consent,
        ..FormState::default()
    };
    let mut raw = raw.clone();
    for field in VALUE_FIELDS {
        if let Some(Some(value)) = text_slot(&mut raw, field).map(Option::take) {
            let multiline = field == "message";
            let shown: String = value
                .chars()
                .filter(|c| !c.is_control() || (multiline && *c == '\n'))
                .collect();
            form.values.insert(field, shown);
        }
    }
    form
}

fn user_agent(headers: &HeaderMap) -> String {
    headers
        .get(header::USER_AGENT)
        .map(|value| String::from_utf8_lossy(value.as_bytes()))
        .unwrap_or_default()
        .chars()
        .filter(|c| !c.is_control())
        .take(MAX_USER_AGENT_CHARS)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn content_type(value: &str) -> Option<Encoding> {
        let mut headers = HeaderMap::new();
        headers.insert(header::CONTENT_TYPE, value.parse().unwrap());
        content_encoding(&headers)
    }

    #[test]
    fn content_types_with_charset_parameters() {
        assert_eq!(content_type("application/json"), Some(Encoding::Json));
        assert_eq!(
            content_type("application/json; charset=UTF-8"),
            Some(Encoding::Json)
        );
        assert_eq!(
            content_type("Application/X-WWW-Form-Urlencoded;charset=\"utf-8\""),
            Some(Encoding::Form)
        );
        assert_eq!(content_type("application/json; charset=gbk"), None);
        assert_eq!(content_type("text/plain"), None);
        assert_eq!(content_type("multipart/form-data; boundary=x"), None);
        assert_eq!(content_encoding(&HeaderMap::new()), None);
    }

    #[test]
    fn form_bodies_decode_utf8_and_refuse_other_bytes() {
        let Parsed(raw, _) =
            parse_form(b"name=%E5%BC%A0+%E4%B8%89&consent=on&x=1&name=second&phone=100%&email")
                .unwrap();
        assert_eq!(raw.name.as_deref(), Some("张 三"));
        assert_eq!(raw.phone.as_deref(), Some("100%"));
        assert_eq!(raw.email.as_deref(), Some(""));
        assert!(raw.consent);
        assert!(parse_form(b"name=%FF%FE").is_none());
        assert!(!parse_form(b"consent=yes").unwrap().0.consent);
    }

    #[test]
    fn json_bodies_ignore_unknown_keys_and_flag_wrong_types() {
        let Parsed(raw, errors) = parse_json(
            r#"{"name": "张三", "phone": 13812345678, "email": null, "company": ["x"], "extra": 1, "consent": "true"}"#
                .as_bytes(),
        )
        .unwrap();
        assert_eq!(raw.name.as_deref(), Some("张三"));
        assert_eq!(raw.phone.as_deref(), Some("13812345678"));
        assert_eq!(raw.email, None);
        assert_eq!(raw.company, None);
        assert!(!raw.consent);
        assert_eq!(errors, vec!["company"]);
        assert!(parse_json(b"[1]").is_none());
        assert!(parse_json(b"{").is_none());
    }
}
