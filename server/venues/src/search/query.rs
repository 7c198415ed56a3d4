//! What a visitor typed, made comparable: the one normaliser that queries, names and category terms
//! all go through, and the checks of docs/venue-contract.md §4.3 (1 to 64 characters, or a category alone).

use thiserror::Error;

/// The longest query accepted, counted in characters (not bytes) after trimming (docs/venue-contract.md §4.3).
pub const MAX_QUERY_CHARS: usize = 64;

/// Why a query was refused. The HTTP layer turns both into a 400.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum QueryError {
    /// Nothing is left after normalising, and no category was given to list instead.
    #[error("the search query is empty")]
    Empty,
    /// More than [`MAX_QUERY_CHARS`] characters after trimming.
    #[error("the search query has {chars} characters; at most {MAX_QUERY_CHARS} are allowed")]
    TooLong {
        /// The characters counted after trimming.
        chars: usize,
    },
}

/// Which places a search may return. Applied by [`super::SearchIndex::search`] itself, before any
/// matching, so filtered-out places cost nothing.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SearchFilters {
    /// Only places on this level (its short name, e.g. "L1"; compared exactly).
    pub level: Option<String>,
    /// Only places of this IMDF category or below it: "restroom" admits "restroom" and
    /// "restroom.female", not "restroomx".
    pub category: Option<String>,
}

/// A checked search request: the normalised text and the filters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchQuery {
    text: String,
    filters: SearchFilters,
}

impl SearchQuery {
    /// Checks and normalises `text`. It may be empty (or blank) only when a category filter is
    /// given: then the search lists every place of the category (docs/venue-contract.md §4.3).
    pub fn parse(text: &str, filters: SearchFilters) -> Result<Self, QueryError> {
        let trimmed = text.trim();
        let chars = trimmed.chars().count();
        if chars > MAX_QUERY_CHARS {
            return Err(QueryError::TooLong { chars });
        }
        let text = normalize(trimmed);
        if text.is_empty() && filters.category.is_none() {
            return Err(QueryError::Empty);
        }
        Ok(Self { text, filters })
    }

    /// The normalised text (see [`normalize`]); empty for a category listing.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The level and category filters.
    pub fn filters(&self) -> &SearchFilters {
        &self.filters
    }
}

/// Makes a text comparable. Names and category terms go through the same function as queries,
/// so whatever it removes or folds is removed or folded on both sides, and "B1-023", "b1 023"
/// and "B1023" all become "b1023".
///
/// - Full-width forms of ASCII (`Ｂ１`, `ｘｂｋ`) become ASCII, the ideographic space a space.
/// - Letters are lowercased (one character for one, so lengths never grow).
/// - Whitespace, control characters and separators are removed: hyphens and dashes, `_`,
///   apostrophes (`xi'an`), middle dots (`·` `・` `•`), and brackets (`(店)`, `【】`, `「」`, `《》`).
/// - Everything else, Chinese characters, digits, `.`, `&`, stays as it is.
pub fn normalize(text: &str) -> String {
    text.chars().filter_map(fold).collect()
}

fn fold(ch: char) -> Option<char> {
    let ch = match ch {
        // The full-width block mirrors printable ASCII at a fixed offset.
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(u32::from(ch) - 0xFEE0)?,
        '\u{3000}' => ' ',
        _ => ch,
    };
    if ch.is_whitespace() || ch.is_control() || is_separator(ch) {
        return None;
    }
    // `to_lowercase` may give more than one character (İ gives i and a combining dot); the
    // first is the letter, and keeping one keeps the 64-character bound on the normalised text.
    ch.to_lowercase().next()
}

fn is_separator(ch: char) -> bool {
    matches!(
        ch,
        '-' | '_'
            | '\''
            | '\u{2018}'..='\u{201B}' // ‘ ’ ‚ ‛
            | '\u{2010}'..='\u{2015}' // ‐ ‑ ‒ – — ―
            | '\u{2212}' // −
            | '\u{00B7}' // ·
            | '\u{30FB}' // ・
            | '\u{2022}' // •
            | '\u{2027}' // ‧
            | '(' | ')' | '[' | ']'
            | '\u{3010}' | '\u{3011}' // 【 】
            | '\u{300C}' | '\u{300D}' // 「 」
            | '\u{300A}' | '\u{300B}' // 《 》
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<SearchQuery, QueryError> {
        SearchQuery::parse(text, SearchFilters::default())
    }

    /// Texts and what they normalise to.
    const NORMALISED: &[(&str, &str)] = &[
        // Lowercased, without spaces and separators.
        ("  Star Bucks ", "starbucks"),
        ("xi'an", "xian"),
        ("星巴克·咖啡", "星巴克咖啡"),
        ("星巴克（环球港店）", "星巴克环球港店"),
        ("Häagen-Dazs", "häagendazs"),
        // Full-width letters, digits and spaces folded.
        ("ＸＢＫ", "xbk"),
        ("Ｂ１－０２３", "b1023"),
        ("星\u{3000}巴克", "星巴克"),
        // Every spelling of a space number alike.
        ("B1-023", "b1023"),
        ("b1-023", "b1023"),
        ("B1023", "b1023"),
        ("b1 023", "b1023"),
        ("Ｂ１ ０２３", "b1023"),
        ("B1–023", "b1023"),
    ];

    #[test]
    fn normalising_lowercases_folds_full_width_and_drops_spaces_and_separators() {
        for &(text, normalised) in NORMALISED {
            assert_eq!(normalize(text), normalised, "{text:?}");
        }
    }

    #[test]
    fn a_query_of_64_characters_is_accepted_and_one_of_65_is_not() {
        let longest = "星".repeat(MAX_QUERY_CHARS);
        assert!(
            parse(&longest).is_ok(),
            "64 characters are 192 bytes, and still allowed"
        );
        let over = "a".repeat(MAX_QUERY_CHARS + 1);
        assert_eq!(parse(&over), Err(QueryError::TooLong { chars: 65 }));
    }

    #[test]
    fn surrounding_whitespace_does_not_count_towards_the_limit() {
        let text = format!("   {}   ", "b".repeat(MAX_QUERY_CHARS));
        assert!(parse(&text).is_ok());
    }

    #[test]
    fn an_empty_or_separator_only_query_is_refused() {
        assert_eq!(parse(""), Err(QueryError::Empty));
        assert_eq!(parse("   "), Err(QueryError::Empty));
        assert_eq!(parse(" - · "), Err(QueryError::Empty));
    }

    #[test]
    fn an_empty_query_is_accepted_when_a_category_is_given() {
        let filters = SearchFilters {
            category: Some("restroom".into()),
            ..SearchFilters::default()
        };
        let query = SearchQuery::parse("", filters).unwrap();
        assert_eq!(query.text(), "");
        assert_eq!(query.filters().category.as_deref(), Some("restroom"));
    }
}
