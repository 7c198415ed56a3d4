//! A name prepared once for matching: its characters as units, and two small signatures of the
//! characters a query could use on it, so that most names are skipped with two AND operations.

use std::ops::Range;

use super::readings::{Readings, Unit};

/// A normalised name, with its units kept in the index's shared unit list.
#[derive(Debug, Clone)]
pub(super) struct PreparedName {
    units: Range<u32>,
    /// [`char_bit`] of every character any match of this name can consume: the characters
    /// themselves and every letter of every reading.
    pub(super) chars: u64,
    /// [`char_bit`] of every character that can begin a unit: the characters themselves and the
    /// first letter of every reading. A query can only match from a unit its first character fits.
    pub(super) starts: u64,
    /// The length of the longest full reading (every Chinese character as its longest syllable),
    /// which bounds what a query within one typo of it can be.
    pub(super) reading_len: usize,
}

impl PreparedName {
    /// Prepares `name`, which must already be normalised, appending its units to `units`.
    pub(super) fn new(name: &str, readings: &mut Readings, units: &mut Vec<Unit>) -> Self {
        let start = units.len() as u32;
        let (mut chars, mut starts, mut reading_len) = (0, 0, 0);
        for ch in name.chars() {
            let unit = readings.unit(ch);
            chars |= char_bit(ch);
            starts |= char_bit(ch);
            let mut longest = 1;
            for syllable in readings.of(unit) {
                let bytes = syllable.as_bytes();
                starts |= char_bit(char::from(bytes[0]));
                chars |= bytes
                    .iter()
                    .fold(0, |bits, &b| bits | char_bit(char::from(b)));
                longest = longest.max(bytes.len());
            }
            reading_len += longest;
            units.push(unit);
        }
        Self {
            units: start..units.len() as u32,
            chars,
            starts,
            reading_len,
        }
    }

    /// This name's units, out of the index's shared list.
    pub(super) fn units<'a>(&self, units: &'a [Unit]) -> &'a [Unit] {
        &units[self.units.start as usize..self.units.end as usize]
    }
}

/// A one-bit signature of a character: a bit of its own for each ASCII letter and digit (what
/// pinyin and space numbers are made of), a shared one among 28 for anything else.
pub(super) fn char_bit(ch: char) -> u64 {
    let code = u32::from(ch);
    let bit = match ch {
        'a'..='z' => code - u32::from('a'),
        '0'..='9' => 26 + code - u32::from('0'),
        _ => 36 + code % 28,
    };
    1 << bit
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_signatures_hold_the_characters_and_the_letters_of_their_readings() {
        let (mut readings, mut units) = (Readings::default(), Vec::new());
        let name = PreparedName::new("星巴克", &mut readings, &mut units);
        for letter in "xingbake".chars().chain("星巴克".chars()) {
            assert_ne!(name.chars & char_bit(letter), 0, "{letter}");
        }
        assert_eq!(name.chars & char_bit('z'), 0);
        for start in ['x', 'b', 'k', '巴'] {
            assert_ne!(name.starts & char_bit(start), 0, "{start}");
        }
        assert_eq!(name.starts & char_bit('i'), 0, "no reading begins with i");
        assert_eq!(name.reading_len, "xingbake".len());
        assert_eq!(name.units(&units).len(), 3);
    }

    #[test]
    fn letters_and_digits_have_bits_of_their_own() {
        let bits: Vec<u64> = ('a'..='z').chain('0'..='9').map(char_bit).collect();
        let all = bits.iter().fold(0, |acc, bit| acc | bit);
        assert_eq!(all.count_ones(), 36);
    }
}
