//! `/robots.txt`: every crawler may fetch everything, and finds the sitemap of the origin it
//! asked. Built once at start per region.

pub(super) fn robots_txt(origin: &str) -> String {
    format!("User-agent: *\nAllow: /\n\nSitemap: {origin}/sitemap.xml\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allows_everything_and_names_the_origin_sitemap() {
        assert_eq!(
            robots_txt("https://www.indora.com"),
            "User-agent: *\nAllow: /\n\nSitemap: https://www.indora.com/sitemap.xml\n"
        );
    }
}
