//! Content types of the files the web build ships, by extension. An unknown extension stops
//! start-up rather than being served as something a browser might sniff.

pub(super) fn for_path(path: &str) -> Option<&'static str> {
    let extension = path.rsplit_once('.')?.1.to_ascii_lowercase();
    Some(match extension.as_str() {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" => "application/json",
        "webmanifest" => "application/manifest+json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "avif" => "image/avif",
        "gif" => "image/gif",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "txt" => "text/plain; charset=utf-8",
        "xml" => "application/xml",
        _ => return None,
    })
}

/// Text formats gain from gzip/brotli; images and fonts are already compressed.
pub(super) fn is_compressible(content_type: &str) -> bool {
    content_type.starts_with("text/")
        || content_type.starts_with("application/json")
        || content_type.starts_with("application/manifest+json")
        || content_type.starts_with("application/xml")
        || content_type.starts_with("image/svg+xml")
        || content_type.starts_with("image/x-icon")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knows_the_build_outputs() {
        assert_eq!(
            for_path("assets/entry-client-3f2a.js"),
            Some("text/javascript; charset=utf-8")
        );
        assert_eq!(
            for_path("assets/site-1a2b.CSS"),
            Some("text/css; charset=utf-8")
        );
        assert_eq!(for_path("favicon.svg"), Some("image/svg+xml"));
        assert_eq!(for_path("noextension"), None);
        assert_eq!(for_path("archive.exe"), None);
    }

    #[test]
    fn only_text_like_types_are_compressed() {
        assert!(is_compressible("text/html; charset=utf-8"));
        assert!(is_compressible("image/svg+xml"));
        assert!(!is_compressible("image/png"));
        assert!(!is_compressible("font/woff2"));
    }
}
