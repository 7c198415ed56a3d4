//! Request headers for the HTTP modules' unit tests.

use http::{HeaderMap, HeaderName};

/// A header map holding `pairs`, later ones replacing earlier ones of the same name.
pub(super) fn headers(pairs: &[(&str, &str)]) -> HeaderMap {
    let mut map = HeaderMap::new();
    for (name, value) in pairs {
        map.insert(
            HeaderName::from_bytes(name.as_bytes()).unwrap(),
            value.parse().unwrap(),
        );
    }
    map
}
