//! Deployment values the web build cannot know (it never sees config) are written into the
//! pre-rendered HTML as `%%SITE:<key>%%` placeholders; the server fills them in once at start.
//! The keys are a contract with web/src/runtime/runtime.tsx.

use std::collections::HashMap;

const OPEN: &str = "%%SITE:";
const CLOSE: &str = "%%";
/// Longest key we accept, so a stray `%%SITE:` cannot swallow the rest of a page.
const MAX_KEY_LEN: usize = 64;

/// The value of every placeholder key, already escaped for where it appears.
#[derive(Debug, Default, Clone)]
pub(super) struct PlaceholderValues {
    values: HashMap<String, String>,
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PlaceholderError {
    #[error("unknown placeholder %%SITE:{0}%% (the web build and the server disagree on keys)")]
    UnknownKey(String),
    #[error("unterminated placeholder at byte {0}")]
    Unterminated(usize),
}

impl PlaceholderValues {
    /// A value used inside HTML text or a quoted attribute.
    pub(super) fn insert_html(&mut self, key: &str, raw: &str) {
        self.values.insert(key.to_owned(), escape_markup(raw));
    }

    /// A value placed verbatim; the caller guarantees it is safe where it appears.
    pub(super) fn insert_verbatim(&mut self, key: &str, value: String) {
        self.values.insert(key.to_owned(), value);
    }

    pub(super) fn fill(&self, html: &str) -> Result<String, PlaceholderError> {
        let mut out = String::with_capacity(html.len() + 256);
        let mut rest = html;
        let mut offset = 0;
        while let Some(start) = rest.find(OPEN) {
            out.push_str(&rest[..start]);
            let after_open = &rest[start + OPEN.len()..];
            // Searched as bytes: a window cut by length may end inside a multi-byte character
            // (Chinese text right after a placeholder), and `%` is never part of one.
            let window = &after_open.as_bytes()[..after_open.len().min(MAX_KEY_LEN + CLOSE.len())];
            let end = window
                .windows(CLOSE.len())
                .position(|candidate| candidate == CLOSE.as_bytes())
                .ok_or(PlaceholderError::Unterminated(offset + start))?;
            let key = &after_open[..end];
            let value = self
                .values
                .get(key)
                .ok_or_else(|| PlaceholderError::UnknownKey(key.to_owned()))?;
            out.push_str(value);
            let consumed = start + OPEN.len() + end + CLOSE.len();
            offset += consumed;
            rest = &rest[consumed..];
        }
        out.push_str(rest);
        Ok(out)
    }
}

/// Escapes text for HTML and XML alike (the numeric apostrophe is valid in both).
pub(super) fn escape_markup(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    for c in raw.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#x27;"),
            other => out.push(other),
        }
    }
    out
}

/// JSON that is safe inside `<script type="application/json">`: no `<` can close the element.
pub(super) fn json_for_script(value: &serde_json::Value) -> String {
    value
        .to_string()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values() -> PlaceholderValues {
        let mut values = PlaceholderValues::default();
        values.insert_html("link.console", "https://c.example.com/?a=1&b='2'");
        values.insert_verbatim("runtime", "{\"a\":1}".to_owned());
        values
    }

    #[test]
    fn fills_html_values_escaped_and_verbatim_values_as_is() {
        let html = r#"<a href="%%SITE:link.console%%">x</a><script>%%SITE:runtime%%</script>"#;
        assert_eq!(
            values().fill(html).unwrap(),
            r#"<a href="https://c.example.com/?a=1&amp;b=&#x27;2&#x27;">x</a><script>{"a":1}</script>"#
        );
    }

    #[test]
    fn text_without_placeholders_is_unchanged() {
        let html = "<p>100%% 满意 %%SIT</p>";
        assert_eq!(values().fill(html).unwrap(), html);
    }

    #[test]
    fn placeholder_followed_by_chinese_text_is_filled() {
        // The key window ends inside a three-byte character here.
        let html = format!(
            "<a href=\"%%SITE:link.console%%\">{}</a>",
            "在线开发体验".repeat(20)
        );
        let filled = values().fill(&html).unwrap();
        assert!(
            filled.starts_with("<a href=\"https://c.example.com/"),
            "{filled}"
        );
        assert!(filled.ends_with("体验</a>"));
    }

    #[test]
    fn unknown_key_is_an_error_naming_it() {
        assert_eq!(
            values().fill("%%SITE:link.nope%%"),
            Err(PlaceholderError::UnknownKey("link.nope".to_owned()))
        );
    }

    #[test]
    fn unterminated_placeholder_is_an_error() {
        let html = format!("ok %%SITE:{}", "x".repeat(200));
        assert_eq!(values().fill(&html), Err(PlaceholderError::Unterminated(3)));
    }

    #[test]
    fn script_json_cannot_close_the_script_element() {
        let value = serde_json::json!({"u": "</script><b>&"});
        let text = json_for_script(&value);
        assert!(!text.contains('<') && !text.contains('>') && !text.contains('&'));
        let back: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(back, value);
    }
}
