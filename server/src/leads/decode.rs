//! Enquiry bodies as clients send them (docs/enquiries.md section 5): the form's urlencoded body
//! and JSON, turned into a [`RawLead`]. Which of the two a body is, and how large it may be, is
//! for the HTTP layer.

use super::validate::{CleanLead, ErrorCode, FieldErrors, RawLead, validate};
use super::{Catalog, Field};

/// The two encodings an enquiry may come in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BodyFormat {
    /// `application/x-www-form-urlencoded`, from the form itself.
    Form,
    /// `application/json`, from the form's script and other clients.
    Json,
}

/// A decoded body: the fields sent, and the JSON fields whose value had a type no field takes
/// (an array for a name, say).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decoded {
    pub raw: RawLead,
    type_errors: Vec<Field>,
}

/// The enquiry in `bytes`; None when the body cannot be read as `format` at all (not UTF-8,
/// not JSON, not a JSON object).
pub fn decode(format: BodyFormat, bytes: &[u8]) -> Option<Decoded> {
    match format {
        BodyFormat::Form => decode_form(bytes),
        BodyFormat::Json => decode_json(bytes),
    }
}

impl Decoded {
    /// [`validate`], with a value of the wrong type reported as its field's error: it was
    /// taken as absent, and the message says what the field should hold.
    pub fn validate(&self, catalog: &Catalog) -> Result<CleanLead, FieldErrors> {
        let mut errors = match validate(&self.raw, catalog) {
            Ok(lead) if self.type_errors.is_empty() => return Ok(lead),
            Ok(_) => FieldErrors::new(),
            Err(errors) => errors,
        };
        for field in &self.type_errors {
            errors.insert(*field, type_error_code(*field));
        }
        Err(errors)
    }
}

/// An urlencoded body as the form sends it (`accept-charset="utf-8"`). Unknown keys are
/// ignored; of a key sent twice the first counts. None when a value is not UTF-8.
fn decode_form(bytes: &[u8]) -> Option<Decoded> {
    let mut raw = RawLead::default();
    for pair in bytes.split(|byte| *byte == b'&') {
        if pair.is_empty() {
            continue;
        }
        let (key, value) = match pair.iter().position(|byte| *byte == b'=') {
            Some(at) => (&pair[..at], &pair[at + 1..]),
            None => (pair, &b""[..]),
        };
        let key = String::from_utf8(percent_decode(key)).ok()?;
        let value = String::from_utf8(percent_decode(value)).ok()?;
        match Field::parse(&key) {
            Some(Field::Consent) => raw.consent = raw.consent || value == "on",
            Some(field) if field.is_text() => {
                raw.text.entry(field).or_insert(value);
            }
            _ => {}
        }
    }
    Some(Decoded {
        raw,
        type_errors: Vec::new(),
    })
}

/// `application/x-www-form-urlencoded` decoding: `+` is a space, `%XX` a byte; a `%` not
/// followed by two hex digits stays as it is (as browsers and the WHATWG parser do).
fn percent_decode(input: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(input.len());
    let mut index = 0;
    while index < input.len() {
        match input[index] {
            b'+' => out.push(b' '),
            b'%' if index + 2 < input.len() => {
                let hex = |byte: u8| (byte as char).to_digit(16);
                match (hex(input[index + 1]), hex(input[index + 2])) {
                    (Some(high), Some(low)) => {
                        out.push((high * 16 + low) as u8);
                        index += 2;
                    }
                    _ => out.push(b'%'),
                }
            }
            byte => out.push(byte),
        }
        index += 1;
    }
    out
}

/// A JSON object. Unknown keys are ignored; `null` is absent; a number is taken as its text
/// (phone numbers are sent as numbers by some clients); other types for a text field are
/// recorded as type errors. `consent` is given only by `true` (contract section 1).
fn decode_json(bytes: &[u8]) -> Option<Decoded> {
    let value: serde_json::Value = serde_json::from_slice(bytes).ok()?;
    let object = value.as_object()?;
    let mut raw = RawLead::default();
    let mut type_errors = Vec::new();
    for field in Field::ALL.into_iter().filter(|field| field.is_text()) {
        let Some(value) = object.get(field.name()) else {
            continue;
        };
        let text = match value {
            serde_json::Value::Null => None,
            serde_json::Value::String(text) => Some(text.clone()),
            serde_json::Value::Number(number) => Some(number.to_string()),
            // Anything but nothing in the honeypot is a bot.
            _ if field == Field::LeaveEmpty => Some(value.to_string()),
            _ => {
                type_errors.push(field);
                None
            }
        };
        if let Some(text) = text {
            raw.text.insert(field, text);
        }
    }
    raw.consent = object.get(Field::Consent.name()) == Some(&serde_json::Value::Bool(true));
    Some(Decoded { raw, type_errors })
}

/// The error a field gets when its JSON value has the wrong type: the rule of its kind.
fn type_error_code(field: Field) -> ErrorCode {
    match field {
        Field::Phone => ErrorCode::Phone,
        Field::Email => ErrorCode::Email,
        Field::Scenario | Field::Product => ErrorCode::Choice,
        _ => ErrorCode::Required,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::leads::catalog::tests::test_catalog;

    #[test]
    fn form_bodies_decode_utf8_and_refuse_other_bytes() {
        let decoded = decode(
            BodyFormat::Form,
            b"name=%E5%BC%A0+%E4%B8%89&consent=on&x=1&name=second&phone=100%&email",
        )
        .unwrap();
        assert_eq!(decoded.raw.get(Field::Name), Some("张 三"));
        assert_eq!(decoded.raw.get(Field::Phone), Some("100%"));
        assert_eq!(decoded.raw.get(Field::Email), Some(""));
        assert!(decoded.raw.consent);
        assert!(decode(BodyFormat::Form, b"name=%FF%FE").is_none());
        assert!(
            !decode(BodyFormat::Form, b"consent=yes")
                .unwrap()
                .raw
                .consent
        );
    }

    #[test]
    fn json_bodies_ignore_unknown_keys_and_flag_wrong_types() {
        let decoded = decode(
            BodyFormat::Json,
            r#"{"name": "张三", "phone": 13812345678, "email": null, "company": ["x"], "extra": 1, "consent": "true"}"#
                .as_bytes(),
        )
        .unwrap();
        assert_eq!(decoded.raw.get(Field::Name), Some("张三"));
        assert_eq!(decoded.raw.get(Field::Phone), Some("13812345678"));
        assert_eq!(decoded.raw.get(Field::Email), None);
        assert_eq!(decoded.raw.get(Field::Company), None);
        assert!(!decoded.raw.consent);
        assert_eq!(decoded.type_errors, vec![Field::Company]);
        assert!(decode(BodyFormat::Json, b"[1]").is_none());
        assert!(decode(BodyFormat::Json, b"{").is_none());
    }

    #[test]
    fn a_value_of_the_wrong_type_is_its_fields_error() {
        let body = r#"{"name": "张三", "company": "寻境", "phone": ["138"], "scenario": {"a": 1},
            "message": "你好", "consent": true, "leave_empty": false}"#;
        let decoded = decode(BodyFormat::Json, body.as_bytes()).unwrap();
        assert!(decoded.raw.is_bot());
        let errors = decoded.validate(&test_catalog()).unwrap_err();
        assert_eq!(
            errors,
            FieldErrors::from([
                (Field::Phone, ErrorCode::Phone),
                (Field::Scenario, ErrorCode::Choice),
            ])
        );
    }
}
