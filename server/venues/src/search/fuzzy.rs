//! One typo in a Latin query: whether the query is within Damerau–Levenshtein distance 1 (one
//! insertion, deletion, substitution or swap of neighbours) of a name's full reading, or of the
//! start of it. The full reading spells each Chinese character as one of its syllables, so a name
//! with heteronyms has several; all are tried together, without listing them.
//!
//! This is the edit-distance form of the shift-and matcher: `exact` holds the query positions
//! reached with no edit, `one` those reached with at most one, both as bit sets, stepping over the
//! reading's letters. Where a character has several readings the sets are run through each and
//! joined after it.

use super::matcher::CompiledQuery;
use super::readings::{MAX_READINGS, Readings, Unit};

/// What a swap needs to remember of the letter before: the no-edit set before it, and the letter.
type SwapSource = (u128, u8);

/// Whether `query` (a typo-tolerant one, see [`CompiledQuery::typo_tolerant`]) is at most one
/// edit away from a full reading of the name, or from the start of one.
pub(super) fn within_one_typo(query: &CompiledQuery, units: &[Unit], readings: &Readings) -> bool {
    let goal = query.goal();
    // Before any letter: nothing consumed with no edit; the first query letter deleted with one.
    let (mut exact, mut one) = (1u128, 0b11u128);
    let mut sources = [(0, 0); MAX_READINGS];
    let mut source_count = 0;
    for unit in units {
        let syllables = readings.of(*unit);
        let own = [if unit.ch.is_ascii() { unit.ch as u8 } else { 0 }];
        let (mut next_exact, mut next_one) = (0, 0);
        let mut next_sources = [(0, 0); MAX_READINGS];
        let mut next_count = 0;
        let mut spell = |bytes: &[u8]| {
            let (e, o, source) = spell_out(query, bytes, exact, one, &sources[..source_count]);
            next_exact |= e;
            next_one |= o;
            next_sources[next_count] = source;
            next_count += 1;
        };
        if syllables.is_empty() {
            // Not a Chinese character: the character itself, which a NUL byte stands for when it
            // is not ASCII, since no query holds one.
            spell(&own);
        } else {
            for syllable in syllables {
                spell(syllable.as_bytes());
            }
        }
        if next_one & goal != 0 {
            return true;
        }
        if next_one == 0 {
            return false;
        }
        (exact, one, sources, source_count) = (next_exact, next_one, next_sources, next_count);
    }
    false
}

/// Steps the sets over one spelling of a character. Returns the sets after it (with `goal` in
/// `one` as soon as it is reached) and what a swap with the next character needs.
fn spell_out(
    query: &CompiledQuery,
    bytes: &[u8],
    mut exact: u128,
    mut one: u128,
    sources: &[SwapSource],
) -> (u128, u128, SwapSource) {
    let goal = query.goal();
    let mut previous: SwapSource = (0, 0);
    for (t, &b) in bytes.iter().enumerate() {
        let here = query.byte_positions(b);
        let next_exact = (exact & here) << 1;
        let mut next_one = ((one & here) << 1) // a match after an earlier edit
            | (exact << 1) // this letter typed wrong
            | exact // this letter left out of the query
            | (next_exact << 1); // an extra letter in the query
        // Two letters typed the wrong way round: this letter where the one before belongs.
        let swap = |(before, letter): SwapSource| {
            (before & here & (query.byte_positions(letter) >> 1)) << 2
        };
        if t == 0 {
            next_one |= sources.iter().fold(0, |bits, &source| bits | swap(source));
        } else {
            next_one |= swap(previous);
        }
        previous = (exact, b);
        (exact, one) = (next_exact, next_one);
        if one & goal != 0 {
            break;
        }
    }
    (exact, one, previous)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::name::PreparedName;
    use crate::search::query::normalize;

    fn one_typo(query: &str, name: &str) -> bool {
        let (mut readings, mut units) = (Readings::default(), Vec::new());
        let name = PreparedName::new(&normalize(name), &mut readings, &mut units);
        let query = CompiledQuery::new(&normalize(query));
        assert!(query.typo_tolerant, "{query:?}");
        within_one_typo(&query, name.units(&units), &readings)
    }

    /// Queries one typo from a name, by rule: (query, name).
    const ONE_TYPO: &[(&str, &str)] = &[
        // A substituted letter.
        ("xingbeke", "星巴克"),
        ("starbicks", "Starbucks"),
        // A left-out letter, even the first one.
        ("starbuks", "Starbucks"),
        ("xingbke", "星巴克"),
        ("ingbake", "星巴克"),
        // An extra letter.
        ("xinggbake", "星巴克"),
        ("starbuckss", "Starbucks"),
        ("axingbake", "星巴克"),
        // Swapped neighbours, also across two syllables.
        ("xignbake", "星巴克"),
        ("ixngbake", "星巴克"),
        ("xinbgake", "星巴克"),
        ("satrbucks", "Starbucks"),
        // A typo in the start of a reading is enough.
        ("xignba", "星巴克"),
        ("haidilo", "海底捞火锅"),
        // A typo is found in every reading of a heteronym.
        ("yinhagn", "银行"),
        ("xinren", "行人"),
        ("zhonqing", "重庆"),
        ("chongqign", "重庆"),
    ];

    /// Queries more than one typo from a name.
    const NOT_ONE_TYPO: &[(&str, &str)] = &[
        // Two typos are too many.
        ("xignbeke", "星巴克"),
        ("strabuks", "Starbucks"),
        ("abcdefg", "星巴克"),
        // A typo is not looked for in the middle of a name.
        ("bakke", "星巴克"),
    ];

    #[test]
    fn one_typo_is_found_and_more_are_not() {
        for (cases, one) in [(ONE_TYPO, true), (NOT_ONE_TYPO, false)] {
            for &(query, name) in cases {
                assert_eq!(one_typo(query, name), one, "{query:?} ~ {name:?}");
            }
        }
    }

    #[test]
    fn a_typo_is_found_at_the_end_of_the_longest_allowed_query() {
        let name = "a".repeat(64);
        assert!(one_typo(&format!("{}b", "a".repeat(63)), &name));
        assert!(
            one_typo(&"a".repeat(64), &"a".repeat(63)),
            "one letter more than the name"
        );
        assert!(!one_typo(&format!("{}bb", "a".repeat(62)), &name));
    }
}
