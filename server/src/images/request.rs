//! The query of `/_next/image`, parsed into a request or refused with Next.js's own messages,
//! so clients written against Next.js see the answers they expect.

use std::fmt;

use url::Url;

/// Quality of a request without `q` (spec section 9), or the allowed one nearest to it.
const DEFAULT_QUALITY: u8 = 75;

/// Longer `url` values are refused before any other check, as Next.js does.
const MAX_URL_LENGTH: usize = 3072;

/// What a valid query asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImageRequest {
    pub source: SourceRef,
    pub width: u32,
    pub quality: u8,
}

/// Where the source image is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SourceRef {
    /// A path of a file the site ships, without query or fragment, e.g. `/next/assets/a.png`.
    Local(String),
    /// An absolute http(s) URL; whether it is allowed is decided by the remote patterns.
    Remote(Url),
}

/// Why a query was refused. Messages follow Next.js's image optimizer word for word where it
/// has one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParamError {
    #[error("\"url\" parameter is required")]
    UrlRequired,
    #[error("\"url\" parameter cannot be an array")]
    UrlArray,
    #[error("\"url\" parameter is too long")]
    UrlTooLong,
    #[error("\"url\" parameter cannot be a protocol-relative URL (//)")]
    ProtocolRelative,
    #[error("\"url\" parameter cannot be recursive")]
    Recursive,
    #[error("\"url\" parameter cannot contain \"..\" or \".\" path segments")]
    Traversal,
    #[error("\"url\" parameter is invalid")]
    UrlInvalid,
    #[error("\"url\" parameter is not allowed")]
    UrlNotAllowed,
    #[error("\"w\" parameter (width) is required")]
    WidthRequired,
    #[error("\"w\" parameter (width) cannot be an array")]
    WidthArray,
    #[error("\"w\" parameter (width) must be an integer greater than 0")]
    WidthNotInteger,
    #[error("\"w\" parameter (width) of {given} is not allowed; allowed widths: {allowed}")]
    WidthNotAllowed { given: String, allowed: NumberList },
    #[error("\"q\" parameter (quality) cannot be an array")]
    QualityArray,
    #[error("\"q\" parameter (quality) must be an integer between 1 and 100")]
    QualityInvalid,
    #[error("\"q\" parameter (quality) of {given} is not allowed; allowed qualities: {allowed}")]
    QualityNotAllowed { given: u8, allowed: NumberList },
}

/// Allowed widths or qualities, printed as "16, 32, 48".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NumberList(pub Vec<u32>);

impl fmt::Display for NumberList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, width) in self.0.iter().enumerate() {
            if index > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{width}")?;
        }
        Ok(())
    }
}

/// The widths and qualities `/_next/image` renders. Every other value is refused, so one client
/// cannot make thousands of renderings of one source (issue #16); Next.js's `images.qualities`
/// and its width lists do the same.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Allowed {
    /// Ascending, without repeats.
    widths: Vec<u32>,
    /// Ascending, without repeats, each from 1 to 100.
    qualities: Vec<u8>,
}

impl Allowed {
    /// The build's widths, and the qualities of `configured` (`images.qualities`) or, when it
    /// is empty, the ones the build's pages use. A configured list that lacks a quality the
    /// pages use is refused: their pictures would all be refused.
    pub fn for_build(widths: &[u32], pages: &[u8], configured: &[u8]) -> Result<Self, String> {
        if configured.is_empty() {
            return Ok(Self::new(widths.to_vec(), pages.to_vec()));
        }
        let missing: Vec<u32> = pages
            .iter()
            .filter(|quality| !configured.contains(quality))
            .map(|&quality| u32::from(quality))
            .collect();
        if !missing.is_empty() {
            let listed = NumberList(configured.iter().map(|&q| u32::from(q)).collect());
            return Err(format!(
                "key `images.qualities` (SITE_IMAGES__QUALITIES) lists {listed} but the pages \
                 request {} (content/site.toml `images.quality`): add it, or leave the key empty \
                 to accept the qualities the pages use",
                NumberList(missing)
            ));
        }
        Ok(Self::new(widths.to_vec(), configured.to_vec()))
    }

    fn new(mut widths: Vec<u32>, mut qualities: Vec<u8>) -> Self {
        widths.sort_unstable();
        widths.dedup();
        qualities.sort_unstable();
        qualities.dedup();
        Self { widths, qualities }
    }

    /// The widths `w` may take, ascending.
    pub fn widths(&self) -> &[u32] {
        &self.widths
    }

    /// The qualities `q` may take, ascending.
    pub fn qualities(&self) -> &[u8] {
        &self.qualities
    }

    /// The quality of a request without `q`: the allowed one nearest to 75, as Next.js picks
    /// its default from `images.qualities`.
    fn default_quality(&self) -> u8 {
        self.qualities
            .iter()
            .copied()
            .min_by_key(|quality| quality.abs_diff(DEFAULT_QUALITY))
            .unwrap_or(DEFAULT_QUALITY)
    }
}

impl ImageRequest {
    /// Parses a raw query string (`url=...&w=...&q=...`). Unknown parameters are ignored, as
    /// Next.js does.
    pub fn parse(query: &str, allowed: &Allowed) -> Result<Self, ParamError> {
        let mut url = None;
        let mut width = None;
        let mut quality = None;
        for (name, value) in url::form_urlencoded::parse(query.as_bytes()) {
            let (slot, array_error) = match name.as_ref() {
                "url" => (&mut url, ParamError::UrlArray),
                "w" => (&mut width, ParamError::WidthArray),
                "q" => (&mut quality, ParamError::QualityArray),
                _ => continue,
            };
            if slot.replace(value).is_some() {
                return Err(array_error);
            }
        }
        let source = parse_source(url.as_deref().unwrap_or(""))?;
        let width = parse_width(width.as_deref(), &allowed.widths)?;
        let quality = match quality.as_deref() {
            None => allowed.default_quality(),
            Some(text) => parse_quality(text, &allowed.qualities)?,
        };
        Ok(Self {
            source,
            width,
            quality,
        })
    }
}

fn parse_source(url: &str) -> Result<SourceRef, ParamError> {
    if url.is_empty() {
        return Err(ParamError::UrlRequired);
    }
    if url.len() > MAX_URL_LENGTH {
        return Err(ParamError::UrlTooLong);
    }
    if url.starts_with("//") {
        return Err(ParamError::ProtocolRelative);
    }
    if url.starts_with('/') {
        let path = url.split(['?', '#']).next().unwrap_or("");
        // Clients may encode the path once more (`%2e%2e`, `%2F_next%2Fimage`); judge what it
        // means, not how it is spelled.
        let decoded = percent_decode(path).ok_or(ParamError::UrlInvalid)?;
        if decoded.contains('\\') || decoded.contains('\0') {
            return Err(ParamError::UrlInvalid);
        }
        if decoded
            .split('/')
            .skip(1)
            .any(|segment| segment == ".." || segment == ".")
        {
            return Err(ParamError::Traversal);
        }
        if is_image_endpoint(&decoded) {
            return Err(ParamError::Recursive);
        }
        return Ok(SourceRef::Local(decoded));
    }
    let parsed = Url::parse(url).map_err(|_| ParamError::UrlInvalid)?;
    if !matches!(parsed.scheme(), "http" | "https") || parsed.host_str().is_none() {
        return Err(ParamError::UrlInvalid);
    }
    if parsed.path().contains("/..") || parsed.path().contains("%2e%2e") {
        return Err(ParamError::Traversal);
    }
    Ok(SourceRef::Remote(parsed))
}

/// `/_next/image` itself, or anything under it.
fn is_image_endpoint(path: &str) -> bool {
    path.split('/')
        .collect::<Vec<_>>()
        .windows(2)
        .any(|pair| pair[0] == "_next" && pair[1] == "image")
}

/// Decodes `%XX` escapes; `None` when an escape is malformed or the result is not UTF-8.
fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        if bytes[index] == b'%' {
            let hex = bytes.get(index + 1..index + 3)?;
            let hex = std::str::from_utf8(hex).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            index += 3;
        } else {
            out.push(bytes[index]);
            index += 1;
        }
    }
    String::from_utf8(out).ok()
}

fn parse_width(text: Option<&str>, widths: &[u32]) -> Result<u32, ParamError> {
    let text = match text {
        None | Some("") => return Err(ParamError::WidthRequired),
        Some(text) => text,
    };
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParamError::WidthNotInteger);
    }
    let not_allowed = || ParamError::WidthNotAllowed {
        given: text.trim_start_matches('0').to_owned(),
        allowed: NumberList(widths.to_vec()),
    };
    let width: u32 = text.parse().map_err(|_| not_allowed())?;
    if width == 0 {
        return Err(ParamError::WidthNotInteger);
    }
    if widths.binary_search(&width).is_ok() {
        Ok(width)
    } else {
        Err(not_allowed())
    }
}

fn parse_quality(text: &str, qualities: &[u8]) -> Result<u8, ParamError> {
    if text.is_empty() || text.len() > 3 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParamError::QualityInvalid);
    }
    let quality = match text.parse::<u8>() {
        Ok(quality @ 1..=100) => quality,
        _ => return Err(ParamError::QualityInvalid),
    };
    if qualities.binary_search(&quality).is_ok() {
        Ok(quality)
    } else {
        Err(ParamError::QualityNotAllowed {
            given: quality,
            allowed: NumberList(qualities.iter().map(|&q| u32::from(q)).collect()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const WIDTHS: [u32; 16] = [
        16, 32, 48, 64, 96, 128, 256, 384, 640, 750, 828, 1080, 1200, 1920, 2048, 3840,
    ];

    const QUALITIES: [u8; 4] = [1, 75, 80, 100];

    fn allowed() -> Allowed {
        Allowed::for_build(&WIDTHS, &[75], &QUALITIES).unwrap()
    }

    fn parse(query: &str) -> Result<ImageRequest, ParamError> {
        ImageRequest::parse(query, &allowed())
    }

    #[test]
    fn accepts_a_local_path_with_width_and_quality() {
        let request = parse("url=%2Fnext%2Fassets%2Fa.png&w=640&q=80").unwrap();
        assert_eq!(
            request.source,
            SourceRef::Local("/next/assets/a.png".to_owned())
        );
        assert_eq!((request.width, request.quality), (640, 80));
    }

    #[test]
    fn quality_defaults_to_75() {
        assert_eq!(parse("url=/a.png&w=16").unwrap().quality, 75);
    }

    #[test]
    fn refuses_bad_urls_with_next_messages() {
        let cases = [
            ("w=16", ParamError::UrlRequired),
            ("url=&w=16", ParamError::UrlRequired),
            ("url=/a.png&url=/b.png&w=16", ParamError::UrlArray),
            (
                "url=//evil.example/a.png&w=16",
                ParamError::ProtocolRelative,
            ),
            (
                "url=/_next/image%3Furl%3D%2Fa.png&w=16",
                ParamError::Recursive,
            ),
            ("url=/next/_next/image/x&w=16", ParamError::Recursive),
            ("url=%2F_next%252Fimage&w=16", ParamError::Recursive),
            ("url=/next/../etc/passwd&w=16", ParamError::Traversal),
            ("url=/next/%2e%2e/etc/passwd&w=16", ParamError::Traversal),
            ("url=/next/%252e%252e/x.png&w=16", ParamError::Traversal),
            ("url=/next/./a.png&w=16", ParamError::Traversal),
            ("url=/next/a%5C..%5Cb.png&w=16", ParamError::UrlInvalid),
            ("url=/next/%zz.png&w=16", ParamError::UrlInvalid),
            ("url=ftp://example.com/a.png&w=16", ParamError::UrlInvalid),
            ("url=not%20a%20url&w=16", ParamError::UrlInvalid),
        ];
        for (query, expected) in cases {
            assert_eq!(parse(query).unwrap_err(), expected, "{query}");
        }
        let long = format!("url=/{}&w=16", "a".repeat(3100));
        assert_eq!(parse(&long).unwrap_err(), ParamError::UrlTooLong);
    }

    #[test]
    fn refuses_bad_widths_naming_the_allowed_ones() {
        assert_eq!(parse("url=/a.png").unwrap_err(), ParamError::WidthRequired);
        assert_eq!(
            parse("url=/a.png&w=").unwrap_err(),
            ParamError::WidthRequired
        );
        assert_eq!(
            parse("url=/a.png&w=16&w=32").unwrap_err(),
            ParamError::WidthArray
        );
        for bad in ["-16", "16.5", "abc", "0", "1e3", " 16"] {
            assert_eq!(
                parse(&format!("url=/a.png&w={bad}")).unwrap_err(),
                ParamError::WidthNotInteger,
                "{bad}"
            );
        }
        let message = parse("url=/a.png&w=500").unwrap_err().to_string();
        assert_eq!(
            message,
            "\"w\" parameter (width) of 500 is not allowed; allowed widths: 16, 32, 48, 64, 96, \
             128, 256, 384, 640, 750, 828, 1080, 1200, 1920, 2048, 3840"
        );
        assert!(matches!(
            parse("url=/a.png&w=99999999999999999999").unwrap_err(),
            ParamError::WidthNotAllowed { .. }
        ));
    }

    #[test]
    fn refuses_bad_qualities() {
        for bad in ["0", "101", "-1", "7.5", "abc", "", "0075"] {
            assert_eq!(
                parse(&format!("url=/a.png&w=16&q={bad}")).unwrap_err(),
                ParamError::QualityInvalid,
                "{bad}"
            );
        }
        assert_eq!(parse("url=/a.png&w=16&q=1").unwrap().quality, 1);
        assert_eq!(parse("url=/a.png&w=16&q=100").unwrap().quality, 100);
        assert_eq!(
            parse("url=/a.png&w=16&q=1&q=2").unwrap_err(),
            ParamError::QualityArray
        );
    }

    #[test]
    fn qualities_outside_the_list_are_refused_naming_the_allowed_ones() {
        for given in [2, 50, 74, 76, 99] {
            let message = parse(&format!("url=/a.png&w=16&q={given}"))
                .unwrap_err()
                .to_string();
            assert_eq!(
                message,
                format!(
                    "\"q\" parameter (quality) of {given} is not allowed; allowed qualities: \
                     1, 75, 80, 100"
                )
            );
        }
    }

    #[test]
    fn the_qualities_are_the_pages_unless_configured() {
        let pages = Allowed::for_build(&[640, 16], &[60], &[]).unwrap();
        assert_eq!(pages.qualities(), &[60]);
        assert_eq!(pages.widths(), &[16, 640]);
        assert_eq!(
            ImageRequest::parse("url=/a.png&w=16", &pages)
                .unwrap()
                .quality,
            60,
            "without q, the one quality the pages use"
        );
        assert!(ImageRequest::parse("url=/a.png&w=16&q=75", &pages).is_err());

        let configured = Allowed::for_build(&[16], &[75], &[90, 75, 50, 75]).unwrap();
        assert_eq!(configured.qualities(), &[50, 75, 90]);
        let without_75 = Allowed::for_build(&[16], &[70], &[70, 80]).unwrap();
        assert_eq!(
            without_75.default_quality(),
            70,
            "the nearest to 75, lower on a tie"
        );

        let error = Allowed::for_build(&[16], &[75], &[50, 90]).unwrap_err();
        assert!(
            error.contains("`images.qualities`") && error.contains("request 75"),
            "{error}"
        );
    }

    #[test]
    fn absolute_http_urls_are_remote_candidates() {
        let request = parse("url=https%3A%2F%2Fcdn.example.com%2Fa.png&w=640").unwrap();
        assert!(
            matches!(request.source, SourceRef::Remote(url) if url.host_str() == Some("cdn.example.com"))
        );
    }

    proptest! {
        /// Whatever the query, the parser answers without panicking, and what it accepts is
        /// within the rules.
        #[test]
        fn any_query_is_answered_within_the_rules(query in ".{0,200}") {
            if let Ok(request) = parse(&query) {
                prop_assert!(WIDTHS.contains(&request.width));
                prop_assert!(QUALITIES.contains(&request.quality));
                if let SourceRef::Local(path) = &request.source {
                    prop_assert!(path.starts_with('/') && !path.starts_with("//"));
                    prop_assert!(!path.split('/').any(|s| s == ".." || s == "."));
                    prop_assert!(!is_image_endpoint(path));
                }
            }
        }

        #[test]
        fn structured_queries_round_trip(
            path in "/[a-z0-9/._%-]{0,40}",
            width in 0u32..5000,
            quality in prop_oneof![Just(75u32), 0u32..150],
        ) {
            let query = format!(
                "url={}&w={width}&q={quality}",
                url::form_urlencoded::byte_serialize(path.as_bytes()).collect::<String>()
            );
            let result = parse(&query);
            let width_ok = WIDTHS.contains(&width);
            let quality_ok = QUALITIES.iter().any(|&q| u32::from(q) == quality);
            if let Ok(request) = &result {
                prop_assert!(width_ok && quality_ok);
                prop_assert_eq!(request.width, width);
                prop_assert_eq!(u32::from(request.quality), quality);
            } else if width_ok && quality_ok {
                // Only the path can be at fault.
                let error = result.unwrap_err();
                prop_assert!(matches!(
                    error,
                    ParamError::Traversal | ParamError::UrlInvalid | ParamError::Recursive
                        | ParamError::ProtocolRelative
                ), "{error:?} for {path}");
            }
        }
    }
}
