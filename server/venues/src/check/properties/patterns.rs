//! The text patterns of venue data, as the web build's schema had them: UUIDs,
//! language tags, opening hours, phone numbers, date-times, ISO 3166 codes, occupant categories,
//! manifest extensions, websites, and white space as JavaScript trims it.

use std::sync::LazyLock;

use regex_lite::Regex;

fn regex(pattern: &str) -> Regex {
    Regex::new(pattern).expect("the pattern compiles")
}

/// The forms of UUID the contract asks for.
#[derive(Clone, Copy)]
pub(in crate::check) enum UuidForm {
    /// A feature id (§2.1): version 4 with RFC 4122's variant, lower case.
    FeatureId,
    /// Any version, lower case: IMDF's references to other documents.
    Lowercase,
    /// Any version and case: a beacon's advertised UUID.
    AnyCase,
}

/// Whether `text` is a UUID of `form` (8-4-4-4-12 hexadecimal digits). By hand rather than by a
/// pattern: every feature id and reference goes through here, and regex_lite's matcher was a
/// fifth of the check's time on the mall.
pub(in crate::check) fn is_uuid(text: &str, form: UuidForm) -> bool {
    let bytes = text.as_bytes();
    let digit = |b: u8| match form {
        UuidForm::AnyCase => b.is_ascii_hexdigit(),
        _ => b.is_ascii_digit() || (b'a'..=b'f').contains(&b),
    };
    let shaped = bytes.len() == 36
        && bytes.iter().enumerate().all(|(i, &b)| match i {
            8 | 13 | 18 | 23 => b == b'-',
            _ => digit(b),
        });
    shaped
        && (!matches!(form, UuidForm::FeatureId)
            || (bytes[14] == b'4' && matches!(bytes[19], b'8' | b'9' | b'a' | b'b')))
}

const LANGUAGE_TAG: &str = "[a-zA-Z]{2,3}(?:-[a-zA-Z0-9]{2,8})*";
pub(super) static LANGUAGE: LazyLock<Regex> = LazyLock::new(|| regex(&format!("^{LANGUAGE_TAG}$")));

/// The common subset of OSM opening_hours: "Mo-Su 10:00-22:00", "Mo-Fr 08:00-17:30; Sa 08:00-12:00".
pub(super) static HOURS: LazyLock<Regex> = LazyLock::new(|| {
    let day = "(?:Mo|Tu|We|Th|Fr|Sa|Su|PH|SH)";
    let days = format!("{day}(?:-{day})?(?:,{day}(?:-{day})?)*");
    let span = r"\d{2}:\d{2}-\d{2}:\d{2}\+?";
    let spans = format!("{span}(?:,{span})*");
    let rule = format!("(?:24/7|{days}(?: (?:{spans}|off|closed))?|{spans})");
    regex(&format!("^{rule}(?:; ?{rule})*$"))
});

pub(super) static PHONE: LazyLock<Regex> = LazyLock::new(|| regex(r"^\+[1-9]\d{6,14}$"));

pub(super) static DATE_TIME: LazyLock<Regex> = LazyLock::new(|| {
    regex(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$")
});

pub(super) static PROVINCE: LazyLock<Regex> = LazyLock::new(|| regex("^[A-Z]{2}-[A-Z0-9]{1,3}$"));
pub(super) static COUNTRY: LazyLock<Regex> = LazyLock::new(|| regex("^[A-Z]{2}$"));

/// Occupant categories are a business taxonomy of about 1,100 codes (restaurant, cafe,
/// clothing.womens, chinese.szechuan, 3dprinting); the check takes their shape, lowercase dotted
/// codes, as the contract asks (§5), not membership in the list.
pub(super) static OCCUPANT_CATEGORY: LazyLock<Regex> =
    LazyLock::new(|| regex(r"^[a-z0-9]+(?:\.[a-z0-9]+)*$"));

pub(super) static EXTENSION: LazyLock<Regex> = LazyLock::new(|| {
    let part = "[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?";
    regex(&format!("^imdf:extension:{part}:{part}#{part}$"))
});

/// White space as JavaScript's `trim` removes it (the web build trimmed texts so).
pub(super) fn is_js_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202f}'
                | '\u{205f}'
                | '\u{3000}'
                | '\u{feff}'
    )
}

/// An http:// or https:// address with no white space in it.
pub(super) fn is_website(text: &str) -> bool {
    let rest = text
        .strip_prefix("https://")
        .or_else(|| text.strip_prefix("http://"));
    rest.is_some_and(|rest| !rest.is_empty() && !rest.contains(is_js_space))
}
