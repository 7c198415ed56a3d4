//! How well a place matched a query; the classes rank in the order they are declared (contract
//! docs/venue-contract.md §4.3: exact, prefix, initials, contains, fuzzy, category).

use serde::Serialize;

/// How a place matched, best first. `Ord` follows the ranking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum MatchKind {
    /// The whole name, each Chinese character typed as itself or as a full syllable:
    /// `星巴克`, `xingbake`, `starbucks`.
    Exact,
    /// The start of the name, typed like an exact match except that the last character reached may
    /// be a syllable still being typed: `星巴`, `xingba`, `xingb`.
    Prefix,
    /// The start or the whole of the name with syllables shortened, usually to initials: `xbk`,
    /// `xb`, `星bk`.
    Initials,
    /// Like any of the above, but from a later character of the name: `巴克`, `bake`, `咖啡` in
    /// 瑞幸咖啡.
    Contains,
    /// A Latin query of four or more letters one typo away from the full pinyin or Latin name, or
    /// from its start: `xingbeke`, `xignbake`, `starbuks`.
    Fuzzy,
    /// The query names the place's category: `厕所`, `母婴`, `cesuo`.
    Category,
}

impl MatchKind {
    /// Every kind, in ranking order.
    pub const ALL: [Self; 6] = [
        Self::Exact,
        Self::Prefix,
        Self::Initials,
        Self::Contains,
        Self::Fuzzy,
        Self::Category,
    ];

    /// The word the API uses for this kind (docs/venue-contract.md §4.3 `match`).
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Exact => "exact",
            Self::Prefix => "prefix",
            Self::Initials => "initials",
            Self::Contains => "contains",
            Self::Fuzzy => "fuzzy",
            Self::Category => "category",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_sort_in_the_contracts_ranking_order() {
        let mut kinds = MatchKind::ALL;
        kinds.reverse();
        kinds.sort();
        assert_eq!(kinds, MatchKind::ALL);
    }

    #[test]
    fn kinds_serialise_as_the_words_the_api_uses() {
        for kind in MatchKind::ALL {
            assert_eq!(
                serde_json::to_string(&kind).unwrap(),
                format!("\"{}\"", kind.as_str())
            );
        }
    }
}
