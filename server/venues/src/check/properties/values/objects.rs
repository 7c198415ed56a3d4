//! The values that are JSON objects of their own: DOOR and TEMPORALITY (through [`object`]),
//! DISPLAY-POINT and a feature reference; each names the keys it does not take.

use serde_json::Value;

use super::{Flow, Out, Val, check, feature_id, found, found_at};
use crate::check::features::Kind;
use crate::{Said, said};

/// A JSON object of the keys `keys` (each may be left out; no other); `message` says what it is.
pub(super) fn object(
    value: &Value,
    field: &str,
    keys: &[(&str, Val)],
    message: &Said,
    out: &mut Out,
) -> Flow {
    let Some(entries) = value.as_object() else {
        return out.wrong(field, found(value).then(message));
    };
    for &(key, val) in keys {
        if let Some(item) = entries.get(key) {
            check(val, item, &format!("{field}.{key}"), out);
        }
    }
    extra_keys(
        entries,
        |key| keys.iter().any(|(known, _)| *known == key),
        field,
        message,
        out,
    );
    Flow::Go
}

/// One problem naming the keys of `entries` that `known` does not take, if any.
fn extra_keys(
    entries: &serde_json::Map<String, Value>,
    known: impl Fn(&str) -> bool,
    field: &str,
    message: &Said,
    out: &mut Out,
) {
    let extra: Vec<String> = entries
        .keys()
        .filter(|key| !known(key))
        .map(|key| format!("\"{key}\""))
        .collect();
    if !extra.is_empty() {
        let (chinese, english) = (extra.join("、"), extra.join(", "));
        let english = if extra.len() == 1 {
            format!("has an extra key {english}; ")
        } else {
            format!("has extra keys {english}; ")
        };
        out.push(
            field,
            Said::new(format!("有多余的键 {chinese}；"), english).then(message),
        );
    }
}

/// DISPLAY-POINT: `{"type": "Point", "coordinates": [lon, lat]}` (whether it lies in its
/// feature is a later rule's).
pub(super) fn display_point(value: &Value, field: &str, out: &mut Out) -> Flow {
    let message = said!(
        "必须是 GeoJSON 点 {{\"type\": \"Point\", \"coordinates\": [经度, 纬度]}}",
        "must be a GeoJSON Point {{\"type\": \"Point\", \"coordinates\": [longitude, latitude]}}"
    );
    let Some(entries) = value.as_object() else {
        return out.wrong(field, found(value).then(&message));
    };
    if entries.get("type").and_then(Value::as_str) != Some("Point") {
        out.push(
            &format!("{field}.type"),
            found_at(entries, "type").then(&said!("必须是 \"Point\"", "must be \"Point\"")),
        );
    }
    let coordinates_field = format!("{field}.coordinates");
    match entries.get("coordinates").and_then(Value::as_array) {
        None => {
            out.push(
                &coordinates_field,
                found_at(entries, "coordinates").then(&said!(
                    "必须是 [经度, 纬度]",
                    "must be [longitude, latitude]"
                )),
            );
        }
        Some(numbers) => {
            for i in 0..numbers.len().max(2) {
                let at = format!("{coordinates_field}[{i}]");
                let ((what_zh, what_en), limit) = match i {
                    0 => (("经度", "longitude"), 180.0),
                    1 => (("纬度", "latitude"), 90.0),
                    _ => (("坐标", "coordinate"), f64::INFINITY),
                };
                match numbers.get(i).and_then(Value::as_f64) {
                    None => out.push(
                        &at,
                        Said::new(
                            format!("必须是数字（{what_zh}）"),
                            format!("must be a number (the {what_en})"),
                        ),
                    ),
                    Some(n) if n.abs() > limit => out.push(
                        &at,
                        Said::new(
                            format!("是 {n}；{what_zh}在 -{limit} 到 {limit} 之间（WGS 84）"),
                            format!(
                                "is {n}; {what_en} must be between -{limit} and {limit} (WGS 84)"
                            ),
                        ),
                    ),
                    Some(_) => {}
                }
            }
        }
    }
    extra_keys(
        entries,
        |key| key == "type" || key == "coordinates",
        field,
        &message,
        out,
    );
    Flow::Go
}

/// A feature reference `{"id": ..., "feature_type": ...}` (a relationship's ends).
pub(super) fn reference(value: &Value, field: &str, out: &mut Out) -> Flow {
    let message = said!(
        "必须是要素引用 {{\"id\": …, \"feature_type\": …}}",
        "must be a feature reference {{\"id\": ..., \"feature_type\": ...}}"
    );
    let Some(entries) = value.as_object() else {
        return out.wrong(field, found(value).then(&message));
    };
    feature_id(
        entries.get("id").unwrap_or(&Value::Null),
        &format!("{field}.id"),
        out,
    );
    let kind = entries.get("feature_type").and_then(Value::as_str);
    if kind.and_then(Kind::from_name).is_none() {
        out.push(
            &format!("{field}.feature_type"),
            found_at(entries, "feature_type").then(&said!(
                "必须是 IMDF 要素类型（unit、opening、level 等）",
                "must be an IMDF feature type (unit, opening, level and so on)"
            )),
        );
    }
    extra_keys(
        entries,
        |key| key == "id" || key == "feature_type",
        field,
        &message,
        out,
    );
    Flow::Go
}
