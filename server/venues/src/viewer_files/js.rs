//! The few places where JavaScript's behaviour shows in the viewer's files, which the web build
//! wrote before this port (and the viewer still reads): its rounding, its number text and its
//! string order. Matching them keeps the files byte for byte what they were.

use std::cmp::Ordering;

use serde::{Serialize, Serializer};

/// `Math.round`: halves go up (towards +inf), where `f64::round` takes them away from zero.
pub(super) fn round(x: f64) -> i64 {
    // For any double, x - floor(x) is exact, so the half is tested exactly.
    let floor = x.floor();
    (if x - floor >= 0.5 { floor + 1.0 } else { floor }) as i64
}

/// Metres as whole decimetres, the viewer's unit.
pub(super) fn dm(metres: f64) -> i64 {
    round(metres * 10.0)
}

/// A number written as `JSON.stringify` writes it: a whole number without `.0` (180, not
/// 180.0). Other numbers take serde_json's shortest form, the same digits as JavaScript's; only
/// beyond 1e16 or below 1e-5 the two would place the exponent differently, far from a
/// longitude, a latitude or a heading in degrees.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct JsNumber(pub f64);

impl Serialize for JsNumber {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let value = self.0;
        if value.fract() == 0.0 && value.abs() < 1e15 {
            serializer.serialize_i64(value as i64)
        } else {
            serializer.serialize_f64(value)
        }
    }
}

/// Punctuation in the order of the Unicode root collation (what `localeCompare` applies in
/// Node): all of it before digits, digits before letters.
const PUNCTUATION: &str = "_-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$";

/// A character's place at the first level of comparison: letters without their case.
fn primary(c: char) -> (u8, u32) {
    if let Some(at) = PUNCTUATION.find(c) {
        (1, at as u32)
    } else if c.is_ascii_digit() {
        (2, c as u32)
    } else if c.is_ascii_alphabetic() {
        (3, c.to_ascii_lowercase() as u32)
    } else if c.is_whitespace() {
        (0, c as u32)
    } else {
        (4, c as u32)
    }
}

/// `a.localeCompare(b)` for the texts the viewer's files sort (category codes, level short
/// names: ASCII letters, digits and punctuation): case decides only between otherwise equal
/// texts, the lower case first. Other characters follow by code point, which the Unicode
/// collation need not do; no category or short name the contract allows has them.
pub(super) fn locale_cmp(a: &str, b: &str) -> Ordering {
    let first = a.chars().map(primary).cmp(b.chars().map(primary));
    let case = |text: &str| {
        text.chars()
            .map(|c| c.is_ascii_uppercase())
            .collect::<Vec<_>>()
    };
    first
        .then_with(|| case(a).cmp(&case(b)))
        .then_with(|| a.cmp(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halves_round_up_as_in_javascript() {
        assert_eq!(round(2.5), 3);
        assert_eq!(round(-2.5), -2);
        assert_eq!(round(-2.51), -3);
        assert_eq!(round(0.499_999_999_999_999_94), 0);
        assert_eq!(dm(-0.04), 0);
    }

    #[test]
    fn whole_numbers_have_no_decimal_point() {
        let text = serde_json::to_string(&[JsNumber(180.0), JsNumber(121.5), JsNumber(-0.0)]);
        assert_eq!(text.unwrap(), "[180,121.5,0]");
    }

    #[test]
    fn punctuation_sorts_before_digits_and_letters() {
        let mut codes = [
            "restroom_x",
            "restroom.female",
            "restroom",
            "restroom2",
            "Restroom",
        ];
        codes.sort_by(|a, b| locale_cmp(a, b));
        assert_eq!(
            codes,
            [
                "restroom",
                "Restroom",
                "restroom_x",
                "restroom.female",
                "restroom2"
            ]
        );
        assert_eq!(locale_cmp("B1", "L1"), Ordering::Less);
    }
}
