//! What the engine says to a person about their own files (a venue's problems, a drawing's, an
//! archive's), in both languages the site speaks. Each sentence is written where it is said,
//! in Chinese and in English side by side: it is built around the values found there (a
//! feature's id, a layer, an area), and a reviewer reads both versions at once. The site's
//! own words (pages, steps, the API's refusals) live in content/; these are the engine's.

use std::fmt;

/// One sentence in Simplified Chinese and in English. Shown in Chinese where no language is
/// asked (the venue check's command, logs), in the language asked by the API.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Said {
    chinese: String,
    english: String,
}

impl Said {
    pub fn new(chinese: impl Into<String>, english: impl Into<String>) -> Said {
        Said {
            chinese: chinese.into(),
            english: english.into(),
        }
    }

    /// The same text in every language: a library's error in its own words, a number.
    pub fn verbatim(text: impl Into<String>) -> Said {
        let text = text.into();
        Said {
            english: text.clone(),
            chinese: text,
        }
    }

    /// A sentence only content editors read (about venue.toml or the positioning devices'
    /// file, which content/venues/ alone has, never a visitor's upload): in Chinese, and the
    /// same in every language.
    pub fn to_editors(chinese: impl Into<String>) -> Said {
        Said::verbatim(chinese)
    }

    pub fn chinese(&self) -> &str {
        &self.chinese
    }

    pub fn english(&self) -> &str {
        &self.english
    }

    /// The sentence in `language` (an IMDF or HTTP language tag: `en`, `en-GB`, `zh-Hans`):
    /// English for any English tag, Chinese otherwise.
    pub fn in_language(&self, language: &str) -> &str {
        let primary = language.split(['-', '_']).next().unwrap_or_default();
        if primary.eq_ignore_ascii_case("en") {
            &self.english
        } else {
            &self.chinese
        }
    }

    /// Both sentences with `more` after each: `more` says which part of a longer sentence it is.
    pub fn then(&self, more: &Said) -> Said {
        Said::new(
            format!("{}{}", self.chinese, more.chinese),
            format!("{}{}", self.english, more.english),
        )
    }
}

/// The Chinese sentence: the venue check's JSON is read by the web build, for content editors.
impl serde::Serialize for Said {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.chinese)
    }
}

impl fmt::Display for Said {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.chinese)
    }
}

/// A [`Said`] from a Chinese and an English format string with the same arguments, as
/// `format!` takes them (named captures such as `{layer}` and `{area:.2}` included); the
/// arguments are evaluated once for each language.
///
/// ```
/// use site_venues::said;
/// let layer = "A-WALL";
/// let said = said!("图层 {layer} 没有墙", "Layer {layer} has no walls");
/// assert_eq!(said.in_language("en-GB"), "Layer A-WALL has no walls");
/// ```
#[macro_export]
macro_rules! said {
    ($chinese:literal, $english:literal $(,)?) => {
        $crate::Said::new(format!($chinese), format!($english))
    };
    ($chinese:literal, $english:literal, $($argument:tt)+) => {
        $crate::Said::new(format!($chinese, $($argument)+), format!($english, $($argument)+))
    };
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_sentence_is_told_in_the_language_asked_and_chinese_otherwise() {
        let count = 3;
        let said = said!("有 {count} 个问题", "{count} problems found");
        assert_eq!(said.in_language("en"), "3 problems found");
        assert_eq!(said.in_language("EN-us"), "3 problems found");
        assert_eq!(said.in_language("zh-Hans"), "有 3 个问题");
        assert_eq!(said.in_language("fr"), "有 3 个问题");
        assert_eq!(said.to_string(), "有 3 个问题");
        let both = said.then(&said!("：{}", ": {}", "x"));
        assert_eq!(
            (both.chinese(), both.english()),
            ("有 3 个问题：x", "3 problems found: x")
        );
    }
}
