//! The languages the site speaks (its editions, issue #35: web/src/content/language.ts lists the
//! same) and the one an API request asks for: `lang=` in its query, else its Accept-Language.
//! Nothing is redirected or refused by Accept-Language: it only picks the words of an answer.

use serde::Deserialize;

use super::weighted_list::weighted_items;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub(crate) enum Language {
    /// The site's first language, and the answer to a request that names none the site has.
    #[default]
    Chinese,
    English,
}

impl Language {
    /// Every language the site has, its first first.
    pub(crate) const ALL: [Language; 2] = [Language::Chinese, Language::English];

    /// The language of a tag (`zh`, `zh-Hans`, `zh-CN`, `en`, `en-GB`; any case), by its first
    /// subtag; none for another language or `*`.
    fn of_tag(tag: &str) -> Option<Self> {
        let primary = tag.split(['-', '_']).next().unwrap_or("");
        if primary.eq_ignore_ascii_case("zh") {
            Some(Self::Chinese)
        } else if primary.eq_ignore_ascii_case("en") {
            Some(Self::English)
        } else {
            None
        }
    }

    /// The language an API request asks for: `lang` (its query's parameter) when given, else the
    /// heaviest language of `accept_language` the site has (the first of equal weight), else
    /// Chinese. A `lang` naming another language is refused: `Err` holds the Accept-Language
    /// choice, to word the refusal in.
    pub(crate) fn requested(
        lang: Option<&str>,
        accept_language: Option<&str>,
    ) -> Result<Self, Self> {
        let accepted = accept_language.map_or(Self::default(), Self::accepted);
        match lang {
            None => Ok(accepted),
            Some(tag) => Self::of_tag(tag.trim()).ok_or(accepted),
        }
    }

    /// Its tag in IMDF labels and in dist/manifest.json (`ByLanguage`'s keys).
    pub(crate) fn tag(self) -> &'static str {
        match self {
            Self::Chinese => "zh-Hans",
            Self::English => "en",
        }
    }

    /// The edition a page's address belongs to: the English pages live under `/next/en/`
    /// (web/src/content/language.ts), every other address is the Chinese edition's.
    pub(crate) fn of_page_path(path: &str) -> Self {
        match path.strip_prefix("/next/en") {
            Some(rest) if rest.is_empty() || rest.starts_with('/') => Self::English,
            _ => Self::Chinese,
        }
    }

    /// The address of a Chinese page (`/next/demo`) in this language's edition
    /// (`/next/en/demo`).
    pub(crate) fn page_path(self, chinese: &str) -> String {
        match (self, chinese.strip_prefix("/next")) {
            (Self::English, Some(rest)) => format!("/next/en{rest}"),
            _ => chinese.to_owned(),
        }
    }

    fn accepted(header: &str) -> Self {
        let mut best: Option<(Self, f32)> = None;
        for (tag, weight) in weighted_items(header) {
            // `*`: any language will do, so the site's first.
            let language = if tag == "*" {
                Some(Self::default())
            } else {
                Self::of_tag(tag)
            };
            let Some(language) = language else {
                continue;
            };
            if weight > 0.0 && best.is_none_or(|(_, heaviest)| weight > heaviest) {
                best = Some((language, weight));
            }
        }
        best.map_or(Self::default(), |(language, _)| language)
    }
}

/// One `T` per language, as dist/manifest.json writes them: keyed by the language's tag.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ByLanguage<T> {
    #[serde(rename = "zh-Hans")]
    chinese: T,
    #[serde(rename = "en")]
    english: T,
}

impl<T> ByLanguage<T> {
    /// Each language's `T`, made by `f`.
    pub(crate) fn from_fn(mut f: impl FnMut(Language) -> T) -> Self {
        ByLanguage {
            chinese: f(Language::Chinese),
            english: f(Language::English),
        }
    }

    pub(crate) fn get(&self, language: Language) -> &T {
        match language {
            Language::Chinese => &self.chinese,
            Language::English => &self.english,
        }
    }

    pub(crate) fn map<U>(&self, mut f: impl FnMut(&T) -> U) -> ByLanguage<U> {
        ByLanguage {
            chinese: f(&self.chinese),
            english: f(&self.english),
        }
    }

    pub(crate) fn try_map<U, E>(
        &self,
        mut f: impl FnMut(&T) -> Result<U, E>,
    ) -> Result<ByLanguage<U>, E> {
        Ok(ByLanguage {
            chinese: f(&self.chinese)?,
            english: f(&self.english)?,
        })
    }

    /// Each language's `T` made of its own by `f`.
    pub(crate) fn into_map<U>(self, mut f: impl FnMut(T) -> U) -> ByLanguage<U> {
        ByLanguage {
            chinese: f(self.chinese),
            english: f(self.english),
        }
    }

    /// Every language's, the site's first language first.
    pub(crate) fn values(&self) -> [&T; 2] {
        [&self.chinese, &self.english]
    }
}

#[cfg(test)]
mod tests {
    use super::Language::{Chinese, English};
    use super::*;

    #[test]
    fn lang_in_the_query_wins_and_names_a_language_by_its_first_subtag() {
        for tag in ["en", "EN", "en-GB", "en_US", " en "] {
            assert_eq!(
                Language::requested(Some(tag), Some("zh-CN")),
                Ok(English),
                "{tag}"
            );
        }
        for tag in ["zh", "zh-Hans", "zh-CN", "ZH-tw"] {
            assert_eq!(
                Language::requested(Some(tag), Some("en")),
                Ok(Chinese),
                "{tag}"
            );
        }
    }

    #[test]
    fn another_language_in_the_query_is_refused_in_the_accepted_one() {
        assert_eq!(Language::requested(Some("fr"), Some("en-GB")), Err(English));
        assert_eq!(Language::requested(Some(""), None), Err(Chinese));
        assert_eq!(Language::requested(Some("english"), None), Err(Chinese));
    }

    #[test]
    fn a_page_address_under_next_en_is_the_english_editions() {
        for path in [
            "/next/en",
            "/next/en/",
            "/next/en/map",
            "/next/en/nope/deeper",
        ] {
            assert_eq!(Language::of_page_path(path), English, "{path}");
        }
        for path in [
            "/next/",
            "/next/map",
            "/next/english",
            "/next/enx/map",
            "/en/map",
            "/",
        ] {
            assert_eq!(Language::of_page_path(path), Chinese, "{path}");
        }
    }

    #[test]
    fn a_page_is_in_the_english_edition_under_next_en() {
        assert_eq!(English.page_path("/next/demo"), "/next/en/demo");
        assert_eq!(English.page_path("/next/"), "/next/en/");
        assert_eq!(Chinese.page_path("/next/demo"), "/next/demo");
        for path in ["/next/en/demo", "/next/en/"] {
            assert_eq!(Language::of_page_path(path), English, "{path}");
        }
    }

    #[test]
    fn accept_language_picks_the_heaviest_language_the_site_has() {
        let cases = [
            (None, Chinese),
            (Some(""), Chinese),
            (Some("en-US,en;q=0.9"), English),
            (Some("fr-FR, en;q=0.8, zh;q=0.5"), English),
            (Some("de, fr"), Chinese),
            (Some("zh-CN,zh;q=0.9,en;q=0.8"), Chinese),
            (Some("en;q=0.5, zh-Hans;q=0.7"), Chinese),
            (Some("en;q=0, zh;q=0.1"), Chinese),
            (Some("en;q=0"), Chinese),
            (Some("*, en;q=0.5"), Chinese),
            (Some("fr, *;q=0.5, en;q=0.6"), English),
            (Some("en, zh"), English),
        ];
        for (header, expected) in cases {
            assert_eq!(
                Language::requested(None, header),
                Ok(expected),
                "{header:?}"
            );
        }
    }
}
