//! The security headers every answer carries (issue #16): pages, files, images, the APIs, the
//! sales pages, redirects, 304s and every error. The connection's service (`serve.rs`) adds
//! them to each answer on its way out, so no route can forget them; a route that needs a
//! stricter value of one sets it itself, and that value is kept. Content-Security-Policy
//! differs by kind of answer and is set where the answer is made.
//!
//! Every value is fixed when the server starts: adding them costs a few header-map inserts
//! per answer, no formatting and no allocation.

use std::sync::Arc;

use http::{HeaderMap, HeaderName, HeaderValue, header};

/// Two years, the value the HSTS preload list asks for.
const HSTS: HeaderValue = HeaderValue::from_static("max-age=63072000");

/// Powerful browser features the site never uses, refused for it and for anything it might
/// frame, and the Topics API's interest tracking. The live demo draws on a canvas and asks for
/// no sensor, camera or location. Only features Chromium knows are listed: an unknown one is
/// a console error on every page (Chromium 156 knows neither `bluetooth` nor `web-share`).
const PERMISSIONS_POLICY: HeaderValue = HeaderValue::from_static(
    "accelerometer=(), browsing-topics=(), camera=(), display-capture=(), geolocation=(), \
     gyroscope=(), hid=(), idle-detection=(), magnetometer=(), microphone=(), midi=(), \
     payment=(), publickey-credentials-get=(), screen-wake-lock=(), serial=(), usb=(), \
     xr-spatial-tracking=()",
);

const PERMISSIONS_POLICY_NAME: HeaderName = HeaderName::from_static("permissions-policy");
const CROSS_ORIGIN_OPENER_POLICY: HeaderName =
    HeaderName::from_static("cross-origin-opener-policy");

/// The set, built once from the configuration.
#[derive(Clone, Debug)]
pub(crate) struct SecurityHeaders(Arc<[(HeaderName, HeaderValue)]>);

impl SecurityHeaders {
    /// `hsts`: whether answers carry Strict-Transport-Security (`headers.hsts`); `secure`:
    /// whether the site is served over https, which Cross-Origin-Opener-Policy needs.
    pub(crate) fn new(hsts: bool, secure: bool) -> Self {
        let mut set = vec![
            // Browsers go by Content-Type instead of guessing one from the bytes.
            (
                header::X_CONTENT_TYPE_OPTIONS,
                HeaderValue::from_static("nosniff"),
            ),
            // Nothing of the site is meant to be framed by another site (the guide-screen
            // views are opened whole on the screen); the pages' policy says
            // `frame-ancestors 'self'` too, for browsers that read only that.
            (
                header::X_FRAME_OPTIONS,
                HeaderValue::from_static("SAMEORIGIN"),
            ),
            (PERMISSIONS_POLICY_NAME, PERMISSIONS_POLICY),
            (
                header::REFERRER_POLICY,
                HeaderValue::from_static("strict-origin-when-cross-origin"),
            ),
        ];
        if secure {
            set.push((
                CROSS_ORIGIN_OPENER_POLICY,
                HeaderValue::from_static("same-origin"),
            ));
        }
        if hsts {
            set.push((header::STRICT_TRANSPORT_SECURITY, HSTS));
        }
        Self(set.into())
    }

    /// Adds each header the answer does not already have.
    pub(crate) fn apply(&self, headers: &mut HeaderMap) {
        headers.reserve(self.0.len());
        for (name, value) in self.0.iter() {
            headers.entry(name).or_insert_with(|| value.clone());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adds_the_set_and_keeps_what_a_route_set_itself() {
        let mut headers = HeaderMap::new();
        headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
        SecurityHeaders::new(true, true).apply(&mut headers);
        assert_eq!(headers[header::X_FRAME_OPTIONS], "DENY");
        assert_eq!(headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
        assert_eq!(
            headers[header::STRICT_TRANSPORT_SECURITY],
            "max-age=63072000"
        );
        assert_eq!(headers["cross-origin-opener-policy"], "same-origin");
        assert!(
            headers["permissions-policy"]
                .to_str()
                .unwrap()
                .contains("camera=()")
        );
        let mut plain = HeaderMap::new();
        SecurityHeaders::new(false, false).apply(&mut plain);
        assert!(!plain.contains_key(header::STRICT_TRANSPORT_SECURITY));
        assert!(!plain.contains_key("cross-origin-opener-policy"));
        assert_eq!(plain.len(), 4);
    }
}
