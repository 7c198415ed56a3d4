//! One submission request, as the protocol and a busy endpoint need it: POSTed with a timeout,
//! retried after 429, 5xx and network failures with exponential backoff (or the endpoint's
//! Retry-After), counted as accepted only on 200 or 202. Waits never exceed
//! `indexnow.max_backoff_millis`.

use std::time::{Duration, SystemTime};

use http::{HeaderMap, StatusCode, header};
use url::Url;

use super::IndexNowError;
use crate::config;

/// Enough of a refusal's body to see why in the log.
const MAX_LOGGED_BODY: usize = 500;

pub(super) struct Endpoint {
    client: reqwest::Client,
    url: Url,
    retries: u32,
    backoff: Duration,
    max_backoff: Duration,
}

impl Endpoint {
    pub(super) fn new(settings: &config::IndexNow) -> Result<Self, IndexNowError> {
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(settings.timeout_secs))
            .user_agent(concat!("indora-site-indexnow/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(IndexNowError::Client)?;
        Ok(Self {
            client,
            url: settings.endpoint.clone(),
            retries: settings.retries,
            backoff: Duration::from_millis(settings.backoff_millis),
            max_backoff: Duration::from_millis(settings.max_backoff_millis),
        })
    }

    /// Sends `body` until it is accepted, refused, or the retries are spent; returns the
    /// accepting status.
    pub(super) async fn post(&self, host: &str, body: String) -> Result<StatusCode, IndexNowError> {
        let mut attempt: u32 = 0;
        loop {
            let sent = self
                .client
                .post(self.url.clone())
                .header(header::CONTENT_TYPE, "application/json; charset=utf-8")
                .body(body.clone())
                .send()
                .await;
            let (problem, retry_after) = match sent {
                Ok(response) => {
                    let status = response.status();
                    if super::is_accepted(status) {
                        return Ok(status);
                    }
                    let retry_after = retry_after(response.headers(), SystemTime::now());
                    let text = response.text().await.unwrap_or_default();
                    let text: String = text.chars().take(MAX_LOGGED_BODY).collect();
                    if status != StatusCode::TOO_MANY_REQUESTS && !status.is_server_error() {
                        return Err(IndexNowError::Refused {
                            status: status.as_u16(),
                            body: text,
                        });
                    }
                    (format!("status {}: {text}", status.as_u16()), retry_after)
                }
                Err(error) => (format!("{error:#}"), None),
            };
            if attempt >= self.retries {
                return Err(IndexNowError::GaveUp {
                    attempts: attempt + 1,
                    last: problem,
                });
            }
            let wait = retry_after
                .unwrap_or_else(|| self.backoff.saturating_mul(2_u32.saturating_pow(attempt)))
                .min(self.max_backoff);
            tracing::warn!(
                host,
                attempt = attempt + 1,
                wait_millis = wait.as_millis() as u64,
                problem,
                "IndexNow endpoint did not accept the submission; retrying"
            );
            tokio::time::sleep(wait).await;
            attempt += 1;
        }
    }
}

/// The wait a 429 or 503 asks for: delay-seconds or an HTTP date (RFC 9110 10.2.3).
fn retry_after(headers: &HeaderMap, now: SystemTime) -> Option<Duration> {
    let value = headers.get(header::RETRY_AFTER)?.to_str().ok()?.trim();
    if let Ok(seconds) = value.parse::<u64>() {
        return Some(Duration::from_secs(seconds));
    }
    let at = httpdate::parse_http_date(value).ok()?;
    Some(at.duration_since(now).unwrap_or(Duration::ZERO))
}

#[cfg(test)]
mod tests {
    use super::*;
    use http::HeaderValue;

    fn headers(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::RETRY_AFTER, HeaderValue::from_str(value).unwrap());
        headers
    }

    #[test]
    fn retry_after_reads_seconds_and_dates() {
        let now = SystemTime::UNIX_EPOCH + Duration::from_secs(1_700_000_000);
        assert_eq!(
            retry_after(&headers("7"), now),
            Some(Duration::from_secs(7))
        );
        let later = httpdate::fmt_http_date(now + Duration::from_secs(30));
        assert_eq!(
            retry_after(&headers(&later), now),
            Some(Duration::from_secs(30))
        );
        let earlier = httpdate::fmt_http_date(now - Duration::from_secs(30));
        assert_eq!(retry_after(&headers(&earlier), now), Some(Duration::ZERO));
        assert_eq!(retry_after(&headers("soon"), now), None);
        assert_eq!(retry_after(&HeaderMap::new(), now), None);
    }
}
