//! The statistics loader (spec section 7, issue #5): a small script, generated from config and
//! served content-hashed, that adds the configured third-party statistics scripts only after
//! the page's load event, so they never hold up rendering. Pages reference it through the
//! `%%SITE:analytics%%` placeholder in their head, which stays empty when none is configured.

use url::Url;

/// The loader's source. The addresses are a JSON array, which is also a valid JavaScript
/// literal; `defer` on the tag means it runs before `load` fires, and the readyState check
/// covers a page that finished loading first anyway.
pub(super) fn loader_script(sources: &[&Url]) -> String {
    let list: Vec<&str> = sources.iter().map(|url| url.as_str()).collect();
    let list = serde_json::to_string(&list).expect("strings serialise");
    format!(
        "(function(){{var s={list};function l(){{s.forEach(function(u){{\
         var e=document.createElement(\"script\");e.src=u;e.async=true;document.head.appendChild(e);}});}}\
         if(document.readyState===\"complete\")l();else window.addEventListener(\"load\",l,{{once:true}});}})();\n"
    )
}

/// The tag that replaces `%%SITE:analytics%%`; `url` is a server-made path of safe characters.
pub(super) fn loader_tag(url: &str) -> String {
    format!("<script src=\"{url}\" defer></script>")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loader_appends_each_source_async_after_load() {
        let baidu = Url::parse("https://hm.baidu.com/hm.js?abc123").unwrap();
        let other = Url::parse("https://stats.example.com/s.js").unwrap();
        let script = loader_script(&[&baidu, &other]);
        assert!(
            script.contains(
                r#"["https://hm.baidu.com/hm.js?abc123","https://stats.example.com/s.js"]"#
            ),
            "{script}"
        );
        assert!(script.contains("addEventListener(\"load\""), "{script}");
        assert!(script.contains("e.async=true"), "{script}");
    }
}
