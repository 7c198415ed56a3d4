//! The server's rules for an enquiry (docs/enquiries.md section 1): the authority. The browser runs
//! the same rules (web/src/leads/rules.ts) for inline messages; both are tested against
//! web/src/leads/validation-cases.json, so a rule changed on one side only fails a test.

use std::collections::BTreeMap;

use super::{Catalog, Field};
use crate::negotiation::language::Language;

/// What a visitor sent, from a form or JSON body, before any cleaning.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RawLead {
    /// The text fields sent ([`Field::is_text`]); a field not sent is absent.
    pub text: BTreeMap<Field, String>,
    /// Form `on` or JSON `true`.
    pub consent: bool,
}

impl RawLead {
    /// The text sent for `field`, if any.
    pub fn get(&self, field: Field) -> Option<&str> {
        self.text.get(&field).map(String::as_str)
    }

    /// The honeypot (`leave_empty`) has something in it. Validation does not look at it:
    /// the HTTP layer refuses a bot before judging anything else.
    pub fn is_bot(&self) -> bool {
        self.get(Field::LeaveEmpty)
            .is_some_and(|value| !value.trim().is_empty())
    }
}

/// A valid enquiry, cleaned (control characters stripped, trimmed, phone normalised).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CleanLead {
    pub name: String,
    pub company: String,
    /// A mobile as its 11 digits (country prefix, spaces and dashes gone); a landline as typed
    /// without spaces; a number abroad (from an English page) as `+` and its digits.
    pub phone: String,
    /// "" when not given.
    pub email: String,
    pub scenario: String,
    /// "" when not given.
    pub product: String,
    pub message: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    Required,
    TooLong,
    Phone,
    Email,
    Choice,
    Consent,
}

impl ErrorCode {
    /// The code as in the contract, which is also its message key in the catalog.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Required => "required",
            Self::TooLong => "too_long",
            Self::Phone => "phone",
            Self::Email => "email",
            Self::Choice => "choice",
            Self::Consent => "consent",
        }
    }
}

/// Field -> the first rule it fails.
pub type FieldErrors = BTreeMap<Field, ErrorCode>;

pub fn validate(raw: &RawLead, catalog: &Catalog) -> Result<CleanLead, FieldErrors> {
    let mut errors = FieldErrors::new();
    let sent = |field: Field| raw.get(field).unwrap_or("");
    let mut text = |field: Field, required: bool| {
        let value = clean_text(sent(field), field.is_multiline());
        check_length(field, value, required, &mut errors)
    };
    let name = text(Field::Name, true);
    let company = text(Field::Company, true);
    let message = text(Field::Message, true);
    let email = text(Field::Email, false);
    let scenario = clean_text(sent(Field::Scenario), false);
    let product = clean_text(sent(Field::Product), false);

    // The English edition's visitors write from abroad: its form takes their numbers too.
    let abroad = Language::of_page_path(&clean_page(sent(Field::Page))) == Language::English;
    let phone = clean_phone(sent(Field::Phone));
    let phone = check_length(Field::Phone, phone, true, &mut errors);
    let phone = match phone {
        Some(phone) if !phone.is_empty() => normalise_phone(&phone, abroad).or_else(|| {
            errors.insert(Field::Phone, ErrorCode::Phone);
            None
        }),
        other => other,
    };
    if let Some(email) = &email
        && !email.is_empty()
        && !is_email(email)
    {
        errors.insert(Field::Email, ErrorCode::Email);
    }
    if scenario.is_empty() {
        errors.insert(Field::Scenario, ErrorCode::Required);
    } else if catalog.scenario_label(&scenario).is_none() {
        errors.insert(Field::Scenario, ErrorCode::Choice);
    }
    if !product.is_empty() && catalog.product_label(&product).is_none() {
        errors.insert(Field::Product, ErrorCode::Choice);
    }
    if !raw.consent {
        errors.insert(Field::Consent, ErrorCode::Consent);
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let unwrap = |value: Option<String>| value.expect("no error recorded, so the value is kept");
    Ok(CleanLead {
        name: unwrap(name),
        company: unwrap(company),
        phone: unwrap(phone),
        email: unwrap(email),
        scenario,
        product,
        message: unwrap(message),
    })
}

/// `page` is never an error: a value that is not a plausible site path is dropped to "".
/// (Whether it is a known page is for the HTTP layer, which has the manifest.)
pub fn clean_page(page: &str) -> String {
    let page = clean_text(page, false);
    let limit = Field::Page.max_chars().expect("page has a limit");
    if page.starts_with('/') && !page.starts_with("//") && page.chars().count() <= limit {
        page
    } else {
        String::new()
    }
}

/// Records `required` or `too_long` for the field and returns the value when it passed both
/// (an optional empty value passes as "").
fn check_length(
    field: Field,
    value: String,
    required: bool,
    errors: &mut FieldErrors,
) -> Option<String> {
    let max = field.max_chars().expect("text fields have a limit");
    if value.is_empty() && required {
        errors.insert(field, ErrorCode::Required);
        None
    } else if value.chars().count() > max {
        errors.insert(field, ErrorCode::TooLong);
        None
    } else {
        Some(value)
    }
}

/// JavaScript's `String.prototype.trim` set: Unicode White_Space plus the byte order mark,
/// which Rust's `char::is_whitespace` leaves out. Both sides must trim the same characters.
fn is_trimmed(c: char) -> bool {
    c.is_whitespace() || c == '\u{feff}'
}

/// Removes control characters (category Cc; `message` keeps line breaks, CRLF and CR become
/// LF first) and trims.
fn clean_text(value: &str, multiline: bool) -> String {
    let value = if multiline {
        value.replace("\r\n", "\n").replace('\r', "\n")
    } else {
        value.to_owned()
    };
    let kept: String = value
        .chars()
        .filter(|&c| !c.is_control() || (multiline && c == '\n'))
        .collect();
    kept.trim_matches(is_trimmed).to_owned()
}

/// Phone numbers are typed with spaces for legibility; none of them carry meaning.
fn clean_phone(value: &str) -> String {
    clean_text(value, false)
        .chars()
        .filter(|&c| !is_trimmed(c))
        .collect()
}

/// A mobile number's 11 digits: 1, then 3-9, then nine more.
fn is_mobile(digits: &[u8]) -> bool {
    digits.len() == 11
        && digits[0] == b'1'
        && (b'3'..=b'9').contains(&digits[1])
        && digits.iter().all(u8::is_ascii_digit)
}

/// A landline as typed: a 3- or 4-digit area code starting 0 then 1-9, an optional hyphen, a
/// 7- or 8-digit number not starting with 0, and an optional extension of 1-6 digits after a
/// hyphen. Without the hyphen the split is ambiguous (010 1234 5678 or 0101 234 5678), so every
/// split is tried.
fn is_landline(typed: &[u8]) -> bool {
    let digits = |part: &[u8]| part.iter().all(u8::is_ascii_digit);
    [3, 4].into_iter().any(|area_len| {
        let Some((area, rest)) = typed.split_at_checked(area_len) else {
            return false;
        };
        let area_ok = area[0] == b'0' && area[1] != b'0' && digits(area);
        let rest = rest.strip_prefix(b"-").unwrap_or(rest);
        area_ok
            && [7, 8].into_iter().any(|local_len| {
                let Some((local, extension)) = rest.split_at_checked(local_len) else {
                    return false;
                };
                let extension_ok = match extension {
                    [] => true,
                    [b'-', number @ ..] => (1..=6).contains(&number.len()) && digits(number),
                    _ => false,
                };
                local[0] != b'0' && digits(local) && extension_ok
            })
    })
}

/// A Chinese mobile (stored as its 11 digits) or landline (stored as typed); None otherwise.
fn normalise_phone(phone: &str, abroad: bool) -> Option<String> {
    let national = ["+86", "0086", "86-"]
        .iter()
        .find_map(|prefix| phone.strip_prefix(prefix))
        .unwrap_or(phone);
    let digits = national.replace('-', "");
    if is_mobile(digits.as_bytes()) {
        Some(digits)
    } else if is_landline(phone.as_bytes()) {
        Some(phone.to_owned())
    } else if abroad {
        international(phone)
    } else {
        None
    }
}

/// A number abroad as `+` and its digits: typed `+`, a country code other than China's (whose
/// numbers follow the rules above), then digits, hyphens and brackets; 8 to 15 digits in all
/// (E.164's longest).
fn international(typed: &str) -> Option<String> {
    let rest = typed.strip_prefix('+')?;
    let allowed = rest
        .bytes()
        .all(|b| b.is_ascii_digit() || matches!(b, b'-' | b'(' | b')'));
    let digits: String = rest.chars().filter(char::is_ascii_digit).collect();
    let plausible = allowed
        && (8..=15).contains(&digits.len())
        && !digits.starts_with('0')
        && !digits.starts_with("86");
    plausible.then(|| format!("+{digits}"))
}

fn is_email(email: &str) -> bool {
    let Some((local, domain)) = email.split_once('@') else {
        return false;
    };
    let local_ok = (1..=64).contains(&local.len())
        && local
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b".!#$%&'*+/=?^_`{|}~-".contains(&b))
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..");
    let labels: Vec<&str> = domain.split('.').collect();
    let labels_ok = labels.len() >= 2
        && labels.iter().all(|label| {
            (1..=63).contains(&label.len())
                && label
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-')
                && !label.starts_with('-')
                && !label.ends_with('-')
        });
    let last = labels.last().copied().unwrap_or("");
    local_ok
        && labels_ok
        && last.len() >= 2
        && last.bytes().all(|b| b.is_ascii_alphabetic())
        && email.len() <= 254
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::leads::catalog::tests::test_catalog;

    /// The cases' inputs are objects of strings (and `consent: true`).
    fn raw_from_json(input: &serde_json::Value) -> RawLead {
        RawLead {
            text: Field::ALL
                .into_iter()
                .filter(|field| field.is_text())
                .filter_map(|field| {
                    let value = input.get(field.name())?.as_str().expect("string");
                    Some((field, value.to_owned()))
                })
                .collect(),
            consent: input.get("consent") == Some(&serde_json::Value::Bool(true)),
        }
    }

    #[test]
    fn every_shared_case_gives_the_listed_errors() {
        let cases: Vec<serde_json::Value> =
            serde_json::from_str(include_str!("../../../web/src/leads/validation-cases.json"))
                .expect("the shared cases are JSON");
        assert!(cases.len() >= 40, "only {} cases", cases.len());
        let catalog = test_catalog();
        let mut failures = Vec::new();
        for (index, case) in cases.iter().enumerate() {
            let expected: BTreeMap<String, String> =
                serde_json::from_value(case["errors"].clone()).expect("errors object");
            let got: BTreeMap<String, String> =
                match validate(&raw_from_json(&case["input"]), &catalog) {
                    Ok(_) => BTreeMap::new(),
                    Err(errors) => errors
                        .into_iter()
                        .map(|(field, code)| (field.name().to_owned(), code.as_str().to_owned()))
                        .collect(),
                };
            if got != expected {
                failures.push(format!(
                    "case {index}: input {}\n  expected {expected:?}\n  got      {got:?}",
                    case["input"]
                ));
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    fn valid() -> RawLead {
        let sent = [
            (Field::Name, " 张\u{0}三 "),
            (Field::Company, "寻境\t科技"),
            (Field::Phone, "+86 138-0013 8000"),
            (Field::Email, " a@b.cn\u{feff}"),
            (Field::Scenario, "other"),
            (Field::Message, "\r\n第一行\r\n\u{7}第二行\r第三行\n"),
        ];
        RawLead {
            text: sent
                .into_iter()
                .map(|(field, value)| (field, value.to_owned()))
                .collect(),
            consent: true,
        }
    }

    #[test]
    fn cleaning_strips_controls_trims_and_normalises_mobiles() {
        let clean = validate(&valid(), &test_catalog()).expect("valid");
        assert_eq!(clean.name, "张三");
        assert_eq!(clean.company, "寻境科技");
        assert_eq!(clean.phone, "13800138000");
        assert_eq!(clean.email, "a@b.cn");
        assert_eq!(clean.product, "");
        assert_eq!(clean.message, "第一行\n第二行\n第三行");
    }

    #[test]
    fn landlines_are_kept_as_typed_without_spaces() {
        for (typed, stored) in [
            ("010-1234 5678", "010-12345678"),
            ("0755 1234567-12", "07551234567-12"),
        ] {
            let mut raw = valid();
            raw.text.insert(Field::Phone, typed.to_owned());
            assert_eq!(
                validate(&raw, &test_catalog()).expect("valid").phone,
                stored
            );
        }
    }

    /// `shape` says `expected` of each number.
    fn check(shape: fn(&[u8]) -> bool, numbers: &[&str], expected: bool) {
        for number in numbers {
            assert_eq!(shape(number.as_bytes()), expected, "{number}");
        }
    }

    #[test]
    fn phone_shapes_follow_the_numbering_plan() {
        check(is_mobile, &["13800138000", "19912345678"], true);
        check(
            is_mobile,
            &[
                "12800138000",
                "1380013800",
                "138001380000",
                "1380013800x",
                "２3800138000",
            ],
            false,
        );
        check(
            is_landline,
            &[
                "010-12345678",
                "01012345678",
                "0755-1234567",
                "07551234567-12",
                "021-87654321-123456",
                "0101234567",
            ],
            true,
        );
        check(
            is_landline,
            &[
                "",
                "0",
                "001-12345678",
                "110-12345678",
                "010-01234567",
                "010-123456",
                "010-123456789",
                "010--12345678",
                "010-12345678-",
                "010-12345678-1234567",
                "010-12345678x1",
                "010-1234567８",
            ],
            false,
        );
    }

    #[test]
    fn page_is_dropped_unless_it_is_a_short_site_path() {
        assert_eq!(clean_page(" /next/business\u{0} "), "/next/business");
        assert_eq!(clean_page("https://evil.example/"), "");
        assert_eq!(clean_page("//evil.example/"), "");
        assert_eq!(clean_page(&format!("/{}", "a".repeat(300))), "");
    }
}
