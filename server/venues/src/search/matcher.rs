//! Matching a query against one name, left to right: each Chinese character may be typed as
//! itself, as a full toneless syllable or as any prefix of one; every other character as itself.
//!
//! The matcher follows all ways of reading the query at once, as bit sets of query positions
//! (bit `i` set: the first `i` query characters are consumed), in the manner of the shift-and
//! string matcher. Three sets run side by side: readings from the name's start that so far used
//! only whole characters or full syllables (`strict`), readings from the start that shortened a
//! syllable (`loose`), and readings that began at a later character (`inner`). A name of `n`
//! characters costs `n` steps whatever the query, and no allocation.

use super::match_kind::MatchKind;
use super::name::char_bit;
use super::readings::{Readings, Unit};

/// A normalised query turned into per-character position sets, once per search.
#[derive(Debug)]
pub(super) struct CompiledQuery {
    len: usize,
    /// For each ASCII byte, the positions of the query where it occurs.
    ascii: [u128; 128],
    /// The same for the query's other characters (few: a Chinese query has a handful).
    other: Vec<(char, u128)>,
    /// [`char_bit`] of every query character.
    pub(super) chars: u64,
    /// [`char_bit`] of the first query character.
    pub(super) first: u64,
    /// Whether the query is made of four or more ASCII letters only: the queries that may match
    /// with a typo (docs/venue-contract.md §4.3).
    pub(super) typo_tolerant: bool,
}

/// The minimum length, in letters, of a query that may match with a typo.
const TYPO_MIN_LETTERS: usize = 4;

impl CompiledQuery {
    /// Compiles a normalised, non-empty query of at most 64 characters.
    pub(super) fn new(text: &str) -> Self {
        let mut query = Self {
            len: 0,
            ascii: [0; 128],
            other: Vec::new(),
            chars: 0,
            first: text.chars().next().map_or(0, char_bit),
            typo_tolerant: text.len() >= TYPO_MIN_LETTERS
                && text.bytes().all(|b| b.is_ascii_lowercase()),
        };
        for (i, ch) in text.chars().enumerate() {
            // Positions live in a u128 and may reach `len`; the parser caps `len` at 64.
            assert!(
                i < 127,
                "queries are capped at 64 characters before they are compiled"
            );
            let bit = 1u128 << i;
            query.chars |= char_bit(ch);
            if ch.is_ascii() {
                query.ascii[ch as usize] |= bit;
            } else if let Some(entry) = query.other.iter_mut().find(|(c, _)| *c == ch) {
                entry.1 |= bit;
            } else {
                query.other.push((ch, bit));
            }
            query.len = i + 1;
        }
        query
    }

    /// The number of characters in the query.
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// The bit that means "the whole query is consumed".
    pub(super) fn goal(&self) -> u128 {
        1 << self.len
    }

    /// The positions where `ch` occurs in the query.
    pub(super) fn positions(&self, ch: char) -> u128 {
        if ch.is_ascii() {
            self.ascii[ch as usize]
        } else {
            self.other
                .iter()
                .find(|(c, _)| *c == ch)
                .map_or(0, |&(_, bits)| bits)
        }
    }

    /// The positions where the ASCII byte `b` occurs in the query (none for other bytes).
    pub(super) fn byte_positions(&self, b: u8) -> u128 {
        self.ascii.get(usize::from(b)).copied().unwrap_or(0)
    }
}

/// The best way `query` matches a name, among exact, prefix, initials and contains; `None` if it
/// does not (typos are [`super::fuzzy`]'s business).
pub(super) fn classify(
    query: &CompiledQuery,
    units: &[Unit],
    readings: &Readings,
) -> Option<MatchKind> {
    let goal = query.goal();
    let last = units.len().checked_sub(1)?;
    let (mut strict, mut loose, mut inner) = (1u128, 0u128, 0u128);
    let mut best: Option<MatchKind> = None;
    for (j, unit) in units.iter().enumerate() {
        if j > 0 && best.is_none() {
            // Try the query from this character on too; pointless once the start has matched.
            inner |= 1;
        }
        let live = strict | loose | inner;
        let itself = query.positions(unit.ch);
        let mut next_strict = (strict & itself) << 1;
        let mut next_loose = (loose & itself) << 1;
        let mut next_inner = (inner & itself) << 1;
        // Set when a strict reading ends the query inside a syllable: someone typing "xingb".
        let mut ends_in_syllable = false;
        for syllable in readings.of(*unit) {
            let bytes = syllable.as_bytes();
            // Start positions from which the first k + 1 letters of the syllable are typed.
            let mut typed = live;
            for (k, &b) in bytes.iter().enumerate() {
                typed &= query.byte_positions(b) >> k;
                if typed == 0 {
                    break;
                }
                let consumed = k + 1;
                let from_strict = (typed & strict) << consumed;
                if consumed == bytes.len() {
                    next_strict |= from_strict;
                } else {
                    ends_in_syllable |= from_strict & goal != 0;
                    next_loose |= from_strict;
                }
                next_loose |= (typed & loose) << consumed;
                next_inner |= (typed & inner) << consumed;
            }
        }
        if next_strict & goal != 0 {
            if j == last {
                return Some(MatchKind::Exact);
            }
            best = better(best, MatchKind::Prefix);
        }
        if ends_in_syllable {
            best = better(best, MatchKind::Prefix);
        }
        if next_loose & goal != 0 {
            best = better(best, MatchKind::Initials);
        }
        if next_inner & goal != 0 {
            best = better(best, MatchKind::Contains);
        }
        strict = next_strict & !goal;
        loose = next_loose & !goal;
        inner = if best.is_some() {
            0
        } else {
            next_inner & !goal
        };
        if best.is_some() && strict | loose == 0 {
            // Nothing left that could still do better than what was found.
            break;
        }
    }
    best
}

fn better(best: Option<MatchKind>, kind: MatchKind) -> Option<MatchKind> {
    Some(best.map_or(kind, |best| best.min(kind)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::name::PreparedName;
    use crate::search::query::normalize;

    fn kind(query: &str, name: &str) -> Option<MatchKind> {
        let (mut readings, mut units) = (Readings::default(), Vec::new());
        let name = PreparedName::new(&normalize(name), &mut readings, &mut units);
        classify(
            &CompiledQuery::new(&normalize(query)),
            name.units(&units),
            &readings,
        )
    }

    use MatchKind::*;

    /// Queries, names, and the class each query matches its name in, by rule.
    const CLASSES: &[(&str, &str, Option<MatchKind>)] = &[
        // The name itself and its full pinyin match exactly; characters and full syllables mix.
        ("星巴克", "星巴克", Some(Exact)),
        ("xingbake", "星巴克", Some(Exact)),
        ("Starbucks", "STARBUCKS", Some(Exact)),
        ("星bake", "星巴克", Some(Exact)),
        // The start of a name matches as a prefix.
        ("星巴", "星巴克", Some(Prefix)),
        ("xingba", "星巴克", Some(Prefix)),
        ("star", "Starbucks", Some(Prefix)),
        // A syllable still being typed keeps a prefix a prefix.
        ("xingb", "星巴克", Some(Prefix)),
        ("xin", "星巴克", Some(Prefix)),
        ("xingbak", "星巴克", Some(Prefix)),
        // Initials and shortened syllables match as initials.
        ("xbk", "星巴克", Some(Initials)),
        ("xb", "星巴克", Some(Initials)),
        ("xinbk", "星巴克", Some(Initials)),
        ("hdl", "海底捞火锅", Some(Initials)),
        // Chinese characters and pinyin mix in one query (克 of xing巴k is still being typed).
        ("星bk", "星巴克", Some(Initials)),
        ("xing巴k", "星巴克", Some(Prefix)),
        ("xing巴ke", "星巴克", Some(Exact)),
        ("xingbk", "星巴克", Some(Initials)),
        // A match from a later character is contains.
        ("巴克", "星巴克", Some(Contains)),
        ("bake", "星巴克", Some(Contains)),
        ("咖啡", "瑞幸咖啡", Some(Contains)),
        ("bucks", "Starbucks", Some(Contains)),
        // Queries that do not fit do not match: longer than the name, out of order, or a syllable
        // not typed from its start.
        ("xbz", "星巴克", None),
        ("星巴克咖啡", "星巴克", None),
        ("kb", "星巴克", None),
        ("ingbake", "星巴克", None),
        // Every reading of a heteronym matches.
        ("yinhang", "银行", Some(Exact)),
        ("xingren", "行人", Some(Exact)),
        ("changcheng", "长城", Some(Exact)),
        ("zhanglao", "长老", Some(Exact)),
        ("chongqing", "重庆小面", Some(Prefix)),
        ("zhongliang", "重量", Some(Exact)),
        // One query read two ways takes the better class: "xian" reads 西安 as xi + an in full,
        // and 先生 as xian + nothing yet.
        ("xian", "西安", Some(Exact)),
        ("xian", "先生", Some(Prefix)),
        // Space numbers match however they are written.
        ("B1-023", "B1-023", Some(Exact)),
        ("b1-023", "B1-023", Some(Exact)),
        ("B1023", "B1-023", Some(Exact)),
        ("b1 023", "B1-023", Some(Exact)),
        ("Ｂ１０２３", "B1-023", Some(Exact)),
        ("b1-02", "B1-023", Some(Prefix)),
        ("023", "B1-023", Some(Contains)),
    ];

    #[test]
    fn each_query_matches_each_name_in_its_class() {
        for &(query, name, class) in CLASSES {
            assert_eq!(kind(query, name), class, "{query:?} ~ {name:?}");
        }
    }

    #[test]
    fn a_query_of_the_longest_allowed_length_matches_to_its_last_character() {
        let longest = "a".repeat(64);
        assert_eq!(kind(&longest, &"a".repeat(64)), Some(Exact));
        assert_eq!(kind(&longest, &"a".repeat(70)), Some(Prefix));
        assert_eq!(
            kind(&longest, &format!("b{}", "a".repeat(64))),
            Some(Contains)
        );
        assert_eq!(kind(&longest, &"a".repeat(63)), None);
    }
}
