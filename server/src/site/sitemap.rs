//! `/sitemap.xml` (sitemaps.org protocol): the indexable pages of the manifest on one site's
//! origin, built once at start per region. Knows nothing of requests.

use super::placeholders::escape_markup;

/// One `<url>` entry: the page's path under the origin, when its content last changed, and the
/// page in each language with its hreflang (Google's `xhtml:link` alternates, issue #35).
pub(super) struct SitemapEntry<'a> {
    pub path: &'a str,
    pub lastmod: &'a str,
    pub alternates: Vec<(&'a str, &'a str)>,
}

/// The sitemap of one origin. Paths and dates are checked at load (URL-safe characters,
/// `YYYY-MM-DD`) and origins by the config, so escaping is a second line of defence only.
pub(super) fn sitemap_xml<'a>(
    origin: &str,
    entries: impl Iterator<Item = SitemapEntry<'a>>,
) -> String {
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" \
         xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n",
    );
    for entry in entries {
        xml.push_str("  <url><loc>");
        xml.push_str(&escape_markup(&format!("{origin}{}", entry.path)));
        xml.push_str("</loc><lastmod>");
        xml.push_str(&escape_markup(entry.lastmod));
        xml.push_str("</lastmod>");
        for (hreflang, path) in &entry.alternates {
            xml.push_str("<xhtml:link rel=\"alternate\" hreflang=\"");
            xml.push_str(&escape_markup(hreflang));
            xml.push_str("\" href=\"");
            xml.push_str(&escape_markup(&format!("{origin}{path}")));
            xml.push_str("\"/>");
        }
        xml.push_str("</url>\n");
    }
    xml.push_str("</urlset>\n");
    xml
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_each_entry_on_the_origin_with_its_date() {
        let entries = [
            SitemapEntry {
                path: "/next/",
                lastmod: "2026-11-23",
                alternates: vec![("zh-Hans", "/next/"), ("en", "/next/en/")],
            },
            SitemapEntry {
                path: "/next/map?a=1&b=2",
                lastmod: "2026-01-02",
                alternates: Vec::new(),
            },
        ];
        let xml = sitemap_xml("https://www.indora.cn", entries.into_iter());
        assert_eq!(
            xml,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
             <urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" \
             xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n  \
             <url><loc>https://www.indora.cn/next/</loc><lastmod>2026-11-23</lastmod>\
             <xhtml:link rel=\"alternate\" hreflang=\"zh-Hans\" href=\"https://www.indora.cn/next/\"/>\
             <xhtml:link rel=\"alternate\" hreflang=\"en\" href=\"https://www.indora.cn/next/en/\"/>\
             </url>\n  \
             <url><loc>https://www.indora.cn/next/map?a=1&amp;b=2</loc><lastmod>2026-01-02</lastmod></url>\n\
             </urlset>\n"
        );
    }
}
