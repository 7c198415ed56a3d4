//! `POST /api/leads`: the business enquiry form (issue #6, docs/enquiries.md section 5). Refuses what
//! another site's page made a browser send (issue #16), applies the per-client rate limit,
//! reads the body (form or JSON, at most 16 KiB) and hands it to the leads domain, which
//! decodes it (`leads::decode`) and judges it by the server's rules (`leads::validate`, the
//! authority); refuses a filled honeypot; and commits (within the site's hourly cap) before
//! answering 201 or, for browsers without JavaScript, 303 to the thank-you page. Every
//! refusal goes through `error.rs`. Lines about refusals a client can cause at will are
//! sampled (`sampled_log.rs`).

use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::{Request, State};
use axum::response::{IntoResponse, Response};
use http::{HeaderMap, HeaderValue, StatusCode, header};

use super::AppState;
use super::cache_policy::CachePolicy;
use super::cross_site::origin_for_log;
use super::error::{
    AppError, EnquiryAnswer, EnquiryRefusal, RefusalReason, json_response, retry_after_secs,
};
use crate::leads::{BodyFormat, Decoded, Field, Origin, StoreError, SubmitError, decode};
use crate::negotiation::language::Language;
use crate::site::Variant;
use crate::site::lead_form::FormState;

/// Bodies larger than this are refused with 413.
pub(super) const MAX_BODY_BYTES: usize = 16 * 1024;
/// What one submission knows while it is handled: enough to answer in the right shape and
/// language (the edition of the page it came from: the Referer's, then the form's `page`).
#[derive(Clone, Copy)]
struct Submission<'a> {
    state: &'a AppState,
    wants_json: bool,
    variant: Variant,
    /// The Referer's path when it is a page of the site, read once.
    referer: Option<&'a str>,
    language: Language,
}

pub(super) async fn post_lead(State(state): State<AppState>, request: Request) -> Response {
    let (parts, body) = request.into_parts();
    let headers = &parts.headers;
    let referer = referer_page(&state, headers);
    let submission = Submission {
        state: &state,
        wants_json: answers_json(headers),
        variant: state.variant(headers),
        referer: referer.as_deref(),
        language: Language::of_page_path(referer.as_deref().unwrap_or_default()),
    };
    let client = state.trusted_proxies.client_of(&parts.extensions, headers);
    // Before the rate limit: the visitor whose browser another site used is not to blame.
    if state.site_origins.is_cross_site(headers) {
        if let Some(left_out) = state.sampled_logs.cross_site.admit(Instant::now()) {
            let origin = origin_for_log(headers);
            tracing::info!(%client, origin, left_out, "enquiry refused: sent from another site");
        }
        return submission
            .refuse(RefusalReason::CrossSite, FormState::default())
            .into_response();
    }
    // Checked before any work: a flood costs a lookup, not a parse.
    let ticket = match state.rate_limiter.check(client).await {
        Ok(ticket) => ticket,
        Err(wait) => {
            if let Some(left_out) = state.sampled_logs.rate_limited.admit(Instant::now()) {
                tracing::info!(%client, left_out, "enquiry refused: rate limited");
            }
            return submission.rate_limited(wait).into_response();
        }
    };
    match submission.handle(headers, body).await {
        Ok(response) => response,
        Err(error) => {
            state.rate_limiter.not_accepted(ticket).await;
            error.into_response()
        }
    }
}

/// The JSON answer to an enquiry stored (201); the form's type of it is generated from this one
/// (`answer_types.rs`).
#[derive(serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(super) struct EnquiryAccepted<'a> {
    id: &'a str,
    /// The page thanking the visitor.
    thanks_path: &'a str,
}

impl Submission<'_> {
    async fn handle(&self, headers: &HeaderMap, body: Body) -> Result<Response, AppError> {
        let format = body_format(headers)
            .ok_or_else(|| self.refuse(RefusalReason::UnsupportedType, FormState::default()))?;
        let declared = headers
            .get(header::CONTENT_LENGTH)
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.parse::<u64>().ok());
        if declared.is_some_and(|length| length > super::request_body::MAX_DRAIN_BYTES as u64) {
            return Err(self.refuse(RefusalReason::TooLarge, FormState::default()));
        }
        let bytes = super::request_body::read_limited(body, MAX_BODY_BYTES)
            .await
            .map_err(|error| match error {
                super::request_body::ReadError::TooLarge => {
                    self.refuse(RefusalReason::TooLarge, FormState::default())
                }
                super::request_body::ReadError::Broken => {
                    self.refuse(RefusalReason::Malformed, FormState::default())
                }
            })?;
        let Some(decoded) = decode(format, &bytes) else {
            return Err(self.refuse(RefusalReason::Malformed, FormState::default()));
        };
        let page = self.page(decoded.raw.get(Field::Page));
        let this = Submission {
            language: Language::of_page_path(&page),
            ..*self
        };
        this.judge(decoded, page, headers).await
    }

    /// A decoded enquiry, from `page`: refused, or stored.
    async fn judge(
        &self,
        decoded: Decoded,
        page: String,
        headers: &HeaderMap,
    ) -> Result<Response, AppError> {
        let form = FormState::refill(&decoded.raw);
        if decoded.raw.is_bot() {
            tracing::info!("enquiry refused: honeypot filled");
            return Err(self.refuse(RefusalReason::Bot, form));
        }
        let catalog = self.state.site.leads().form(self.language).catalog();
        let lead = match decoded.validate(catalog) {
            Ok(lead) => lead,
            Err(codes) => {
                let errors = codes
                    .into_iter()
                    .map(|(field, code)| (field.name(), catalog.field_message(field, code)))
                    .collect();
                return Err(self.refuse(RefusalReason::Invalid(errors), form));
            }
        };
        let origin = Origin {
            page,
            variant: self.variant.name().to_owned(),
            user_agent: user_agent(headers),
        };
        match self.state.leads.submit(lead, origin).await {
            Ok(id) => Ok(self.accepted(&id)),
            Err(SubmitError::HourlyCap { max, retry_after }) => {
                if let Some(left_out) = self.state.sampled_logs.hourly_cap.admit(Instant::now()) {
                    tracing::warn!(
                        max,
                        left_out,
                        "enquiry refused: the site's hourly cap of accepted enquiries is reached (leads.accepted_per_hour)"
                    );
                }
                let busy = RefusalReason::Busy {
                    retry_after_secs: retry_after_secs(retry_after),
                };
                Err(self.refuse(busy, form))
            }
            Err(SubmitError::Store(error)) => {
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
        let thanks = &self.state.site.leads().form(self.language).thanks_path;
        let mut response = if self.wants_json {
            let mut response = json_response(&EnquiryAccepted {
                id,
                thanks_path: thanks,
            });
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
        let limited = RefusalReason::RateLimited {
            retry_after_secs: retry_after_secs(wait),
        };
        self.refuse(limited, FormState::default())
    }

    /// The refusal for `reason`, its message from the catalog, and the form filled with
    /// `form` (plus the message as the form's alert) for browsers without JavaScript.
    fn refuse(&self, reason: RefusalReason, mut form: FormState) -> AppError {
        let form_of_language = self.state.site.leads().form(self.language);
        let catalog = form_of_language.catalog();
        let hotline = ("hotline", form_of_language.hotline.clone());
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
            RefusalReason::CrossSite => catalog.message("cross_site", &[hotline]),
            RefusalReason::Busy { retry_after_secs } => {
                let minutes = retry_after_secs.div_ceil(60).max(1);
                catalog.message("busy", &[("minutes", minutes.to_string()), hotline])
            }
        };
        let answer = if self.wants_json {
            EnquiryAnswer::Json
        } else {
            if let RefusalReason::Invalid(errors) = &reason {
                form.errors = errors.clone();
            }
            form.alert = message.clone();
            EnquiryAnswer::Page {
                template: std::sync::Arc::clone(form_of_language.template(self.variant)),
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
    fn page(&self, field: Option<&str>) -> String {
        let site = &self.state.site;
        let known = |path: &str| site.page(path).is_some();
        if let Some(field) = field {
            let cleaned = crate::leads::validate::clean_page(field);
            if known(&cleaned) {
                return cleaned;
            }
        }
        self.referer.unwrap_or_default().to_owned()
    }
}

/// The Referer's path when it is a page of the site.
fn referer_page(state: &AppState, headers: &HeaderMap) -> Option<String> {
    headers
        .get(header::REFERER)
        .and_then(|value| value.to_str().ok())
        .and_then(|referer| url::Url::parse(referer).ok())
        .map(|referer| referer.path().to_owned())
        .filter(|path| state.site.page(path).is_some())
}

/// JSON or the form page: `Accept` decides when it names JSON or HTML (browsers submitting the
/// form ask for HTML); otherwise the body's own format does, so a script posting JSON without
/// an `Accept` (or with `*/*`) gets JSON, and a form gets the page.
fn answers_json(headers: &HeaderMap) -> bool {
    let accepted: Vec<String> = headers
        .get_all(header::ACCEPT)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .filter(|range| !range.split(';').skip(1).any(is_q_zero))
        .filter_map(|range| range.split(';').next())
        .map(|media| media.trim().to_ascii_lowercase())
        .collect();
    let accepts = |media: &str| accepted.iter().any(|range| range == media);
    if accepts("application/json") {
        true
    } else if accepts("text/html") || accepts("application/xhtml+xml") {
        false
    } else {
        body_format(headers) == Some(BodyFormat::Json)
    }
}

/// `q=0` (the client refuses the type), however written.
fn is_q_zero(parameter: &str) -> bool {
    parameter.split_once('=').is_some_and(|(name, value)| {
        name.trim().eq_ignore_ascii_case("q") && value.trim().parse::<f32>() == Ok(0.0)
    })
}

/// The body's format from Content-Type; None for anything else, or a charset other than
/// UTF-8 (the only one the form declares).
fn body_format(headers: &HeaderMap) -> Option<BodyFormat> {
    let value = headers.get(header::CONTENT_TYPE)?.to_str().ok()?;
    let mut parts = value.split(';');
    let media = parts.next()?.trim().to_ascii_lowercase();
    let format = match media.as_str() {
        "application/x-www-form-urlencoded" => BodyFormat::Form,
        "application/json" => BodyFormat::Json,
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
    Some(format)
}

fn user_agent(headers: &HeaderMap) -> String {
    headers
        .get(header::USER_AGENT)
        .map(|value| String::from_utf8_lossy(value.as_bytes()))
        .unwrap_or_default()
        .chars()
        .filter(|c| !c.is_control())
        .take(
            Field::UserAgent
                .max_chars()
                .expect("user agents have a limit"),
        )
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn content_type(value: &str) -> Option<BodyFormat> {
        let mut headers = HeaderMap::new();
        headers.insert(header::CONTENT_TYPE, value.parse().unwrap());
        body_format(&headers)
    }

    fn answer(accept: Option<&str>, content_type: &str) -> bool {
        let mut headers = HeaderMap::new();
        headers.insert(header::CONTENT_TYPE, content_type.parse().unwrap());
        if let Some(accept) = accept {
            headers.insert(header::ACCEPT, accept.parse().unwrap());
        }
        answers_json(&headers)
    }

    #[test]
    fn accept_names_the_answer_and_otherwise_the_body_does() {
        let (json, form) = ("application/json", "application/x-www-form-urlencoded");
        for content_type in [json, form] {
            assert!(answer(Some("application/json"), content_type));
            assert!(answer(
                Some("text/html, application/json;q=0.9"),
                content_type
            ));
            assert!(!answer(
                Some("text/html,application/xhtml+xml,*/*;q=0.8"),
                content_type
            ));
            assert!(!answer(Some("application/xhtml+xml"), content_type));
        }
        // Nothing said, or anything: the body's format.
        for accept in [
            None,
            Some("*/*"),
            Some("text/plain"),
            Some("application/json;q=0"),
        ] {
            assert!(answer(accept, json), "{accept:?}");
            assert!(!answer(accept, form), "{accept:?}");
        }
        assert!(answer(Some("text/html;q=0, */*"), json));
        assert!(!answer(Some("application/json; q=0.0, text/html"), json));
    }

    #[test]
    fn content_types_with_charset_parameters() {
        assert_eq!(content_type("application/json"), Some(BodyFormat::Json));
        assert_eq!(
            content_type("application/json; charset=UTF-8"),
            Some(BodyFormat::Json)
        );
        assert_eq!(
            content_type("Application/X-WWW-Form-Urlencoded;charset=\"utf-8\""),
            Some(BodyFormat::Form)
        );
        assert_eq!(content_type("application/json; charset=gbk"), None);
        assert_eq!(content_type("text/plain"), None);
        assert_eq!(content_type("multipart/form-data; boundary=x"), None);
        assert_eq!(body_format(&HeaderMap::new()), None);
    }
}
