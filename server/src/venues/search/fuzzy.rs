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
    use crate::venues::search::name::PreparedName;
    use crate::venues::search::query::normalize;

    fn one_typo(query: &str, name: &str) -> bool {
        let (mut readings, mut units) = (Readings::default(), Vec::new());
        let name = PreparedName::new(&normalize(name), &mut readings, &mut units);
        let query = CompiledQuery::new(&normalize(query));
        assert!(query.typo_tolerant, "{query:?}");
        within_one_typo(&query, name.units(&units), &readings)
    }

    #[test]
    fn a_substituted_letter_is_one_typo() {
        assert!(one_typo("xingbeke", "星巴克"));
        assert!(one_typo("starbicks", "Starbucks"));
    }

    #[test]
    fn a_left_out_letter_is_one_typo() {
        assert!(one_typo("starbuks", "Starbucks"));
        assert!(one_typo("xingbke", "星巴克"));
        assert!(one_typo("ingbake", "星巴克"), "even the first one");
    }

    #[test]
    fn an_extra_letter_is_one_typo() {
        assert!(one_typo("xinggbake", "星巴克"));
        assert!(one_typo("starbuckss", "Starbucks"));
        assert!(one_typo("axingbake", "星巴克"));
    }

    #[test]
    fn swapped_neighbours_are_one_typo() {
        assert!(one_typo("xignbake", "星巴克"));
        assert!(one_typo("ixngbake", "星巴克"));
        assert!(one_typo("xinbgake", "星巴克"), "across two syllables");
        assert!(one_typo("satrbucks", "Starbucks"));
    }

    #[test]
    fn a_typo_in_the_start_of_a_reading_is_enough() {
        assert!(one_typo("xignba", "星巴克"));
        assert!(one_typo("haidilo", "海底捞火锅"));
    }

    #[test]
    fn a_typo_is_found_in_every_reading_of_a_heteronym() {
        assert!(one_typo("yinhagn", "银行"));
        assert!(one_typo("xinren", "行人"));
        assert!(one_typo("zhonqing", "重庆"));
        assert!(one_typo("chongqign", "重庆"));
    }

    #[test]
    fn two_typos_are_too_many() {
        assert!(!one_typo("xignbeke", "星巴克"));
        assert!(!one_typo("strabuks", "Starbucks"));
        assert!(!one_typo("abcdefg", "星巴克"));
    }

    #[test]
    fn a_typo_is_not_looked_for_in_the_middle_of_a_name() {
        assert!(!one_typo("bakke", "星巴克"));
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
