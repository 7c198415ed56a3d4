//! How each character of a name may be typed: every character as itself, and a Chinese character
//! also as any of its toneless pinyin readings. Readings come from the `pinyin` crate with all its
//! heteronyms (行: xing, hang, heng); there is no hand-written table here.

use std::collections::HashMap;

use pinyin::ToPinyinMulti;

/// The most readings kept for one character. Characters with more distinct toneless readings are
/// rare; the crate lists the common readings first, so the cut drops only the obscure ones.
pub(super) const MAX_READINGS: usize = 8;

/// The longest toneless syllable ("zhuang", "chuang", "shuang").
const MAX_SYLLABLE: usize = 6;

/// One toneless reading, lowercase ASCII.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Syllable {
    bytes: [u8; MAX_SYLLABLE],
    len: u8,
}

impl Syllable {
    fn new(text: &str) -> Option<Self> {
        let len = text.len();
        if !(1..=MAX_SYLLABLE).contains(&len) || !text.bytes().all(|b| b.is_ascii_lowercase()) {
            return None;
        }
        let mut bytes = [0; MAX_SYLLABLE];
        bytes[..len].copy_from_slice(text.as_bytes());
        Some(Self {
            bytes,
            len: len as u8,
        })
    }

    pub(super) fn as_bytes(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }
}

/// One character of a normalised name, with where its readings are kept. Characters without a
/// reading (Latin letters, digits, punctuation) have none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Unit {
    pub(super) ch: char,
    first: u32,
    count: u8,
}

/// The readings of every character met while building an index, each character looked up once.
#[derive(Debug, Default)]
pub(super) struct Readings {
    syllables: Vec<Syllable>,
    by_char: HashMap<char, (u32, u8)>,
}

impl Readings {
    /// The unit for `ch`, looking its readings up the first time the character is met.
    pub(super) fn unit(&mut self, ch: char) -> Unit {
        let (first, count) = match self.by_char.get(&ch) {
            Some(&place) => place,
            None => {
                let first = self.syllables.len() as u32;
                let readings = toneless_readings(ch);
                self.syllables.extend_from_slice(&readings);
                let place = (first, readings.len() as u8);
                self.by_char.insert(ch, place);
                place
            }
        };
        Unit { ch, first, count }
    }

    pub(super) fn shrink_to_fit(&mut self) {
        self.syllables.shrink_to_fit();
        self.by_char.shrink_to_fit();
    }

    /// The readings of a unit, the crate's most common reading first.
    pub(super) fn of(&self, unit: Unit) -> &[Syllable] {
        let first = unit.first as usize;
        &self.syllables[first..first + usize::from(unit.count)]
    }
}

/// The distinct toneless readings of `ch`, as typed on a keyboard: ü as both `v` (what pinyin input
/// methods use) and `u` (what people type without one).
fn toneless_readings(ch: char) -> Vec<Syllable> {
    let Some(multi) = ch.to_pinyin_multi() else {
        return Vec::new();
    };
    let mut readings = Vec::new();
    for reading in multi {
        let plain = reading.plain().replace('ê', "e");
        let spellings = if plain.contains('ü') {
            vec![plain.replace('ü', "v"), plain.replace('ü', "u")]
        } else {
            vec![plain]
        };
        for syllable in spellings.iter().filter_map(|text| Syllable::new(text)) {
            if readings.len() < MAX_READINGS && !readings.contains(&syllable) {
                readings.push(syllable);
            }
        }
    }
    readings
}

#[cfg(test)]
mod tests {
    use super::*;

    fn readings_of(ch: char) -> Vec<String> {
        let mut readings = Readings::default();
        let unit = readings.unit(ch);
        readings
            .of(unit)
            .iter()
            .map(|s| String::from_utf8(s.as_bytes().to_vec()).unwrap())
            .collect()
    }

    #[test]
    fn a_chinese_character_reads_as_its_toneless_pinyin() {
        assert_eq!(readings_of('星'), ["xing"]);
        assert_eq!(readings_of('双'), ["shuang"]);
    }

    /// Characters with two readings that must both be kept: heteronyms keep every distinct
    /// reading without tones, and ü reads as v and as u.
    const TWO_READINGS: [(char, [&str; 2]); 5] = [
        ('行', ["xing", "hang"]),
        ('长', ["chang", "zhang"]),
        ('重', ["zhong", "chong"]),
        ('绿', ["lv", "lu"]),
        ('女', ["nv", "nu"]),
    ];

    #[test]
    fn heteronyms_and_u_umlaut_keep_every_reading() {
        for (ch, both) in TWO_READINGS {
            let readings = readings_of(ch);
            for reading in both {
                assert!(readings.iter().any(|r| r == reading), "{ch}: {readings:?}");
            }
        }
        assert_eq!(
            readings_of('行').iter().filter(|r| *r == "xing").count(),
            1,
            "xíng and xìng are one reading"
        );
    }

    #[test]
    fn latin_letters_and_digits_have_no_readings() {
        assert!(readings_of('a').is_empty());
        assert!(readings_of('7').is_empty());
    }

    #[test]
    fn a_character_met_twice_shares_its_readings() {
        let mut readings = Readings::default();
        let first = readings.unit('行');
        let second = readings.unit('行');
        assert_eq!(first, second);
        assert_eq!(readings.syllables.len(), readings.of(first).len());
    }
}
