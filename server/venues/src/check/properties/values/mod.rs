//! The types of IMDF's property values (docs/imdf.md §2-3), as the web build's schema had them:
//! feature ids and UUIDs, LABELS and names with a zh-Hans entry, categories, opening hours,
//! phone numbers, websites, date-times, display points, DOOR, TEMPORALITY, feature references,
//! lists of ids and of values.
//!
//! A value can fail in two ways, as in the schema it is ported from: its type is wrong (not a
//! string, not a list), which stops the checks of the whole it belongs to, or its content is
//! (a pattern, an empty text), after which the checks of the whole still run. So a list of ids
//! with a number in it is not also checked for a repeated id, but one with a malformed id is.
//!
//! The values that are objects of their own (DOOR, TEMPORALITY, DISPLAY-POINT, a reference) are
//! in `objects.rs`.

use std::collections::HashSet;

use serde_json::Value;

use super::super::problem::Rule;
use super::super::read::{Issue, Scope, is_feature_id};
use super::categories;
use super::patterns::{
    COUNTRY, DATE_TIME, EXTENSION, HOURS, LANGUAGE, OCCUPANT_CATEGORY, PHONE, PROVINCE, UuidForm,
    is_js_space, is_uuid, is_website,
};
use crate::{Said, said};
use objects::{display_point, object, reference};

mod objects;

/// What an IMDF list of words is, as a message names it: in Chinese (`"door.type 值"`) and in
/// English (`"door.type value"`).
pub(super) type What = (&'static str, &'static str);

/// How one property's value is checked.
#[derive(Debug, Clone, Copy)]
pub(super) enum Val {
    /// A string, not empty once trimmed.
    Text,
    /// A version-4 UUID naming a feature.
    FeatureId,
    /// Any UUID (`correlation_id`, shared by features, not a reference).
    AnyUuid,
    /// LABELS: language tags to texts, at least one.
    Labels,
    /// LABELS with a zh-Hans entry in content/venues/ (contract §2.2).
    Name,
    /// One word of an IMDF list ([`categories`]), and what the list is, for the message.
    OneOf(&'static str, What),
    /// Occupant categories: IMDF's business taxonomy, checked by shape (contract §5).
    OccupantCategory,
    /// ISO 3166-2 (`CN-SH`).
    Province,
    /// ISO 3166 alpha-2 (`CN`).
    Country,
    /// OSM opening_hours.
    Hours,
    /// E.164.
    Phone,
    /// An http(s) address.
    Website,
    /// ISO 8601 with an offset.
    DateTime,
    /// DISPLAY-POINT: a GeoJSON Point.
    DisplayPoint,
    Bool,
    /// A whole number (a level's ordinal).
    Integer,
    /// A level's height in metres, within the contract's range (§2.4).
    LevelHeight,
    /// A list of at least one feature id, none twice.
    IdList,
    /// A list of words of an IMDF list (what one word is, for the message).
    ValueList(&'static str, What),
    /// An opening's DOOR.
    Door,
    /// An occupant's validity.
    Temporality,
    /// A relationship's direction.
    Direction,
    /// `{"id", "feature_type"}`.
    Reference,
    /// A list of references (a relationship's intermediary).
    References,
    /// A version string of the manifest: "1.0.0".
    ImdfVersion,
    /// A language tag of the manifest, which must be zh-Hans.
    Language,
    /// The manifest's extension ids.
    Extensions,
}

/// Whether the checks of the whole a value belongs to go on after it: a value of the wrong type
/// stops them, one of the right type with a wrong content does not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Flow {
    Go,
    Stop,
}

/// The manifest's language in content/venues/ (contract §2.2).
pub(super) const LANGUAGE_ZH: &str = "zh-Hans";

/// The problems of one value are pushed to `out`, named by their field; `scope` says whether
/// the data must be in Simplified Chinese (content/venues/) or may be in any language.
pub(super) struct Out<'a> {
    pub issues: &'a mut Vec<Issue>,
    pub scope: Scope,
}

impl Out<'_> {
    fn push(&mut self, field: &str, message: Said) {
        self.issues.push(Issue::new(field, Rule::Features, message));
    }

    fn names(&mut self, field: &str, message: Said) {
        self.issues.push(Issue::new(field, Rule::Names, message));
    }

    /// A value of the wrong type: reported, and the whole's checks stop.
    fn wrong(&mut self, field: &str, message: Said) -> Flow {
        self.push(field, message);
        Flow::Stop
    }
}

/// A value as a message quotes it, shortened when long.
fn shown(value: &Value) -> String {
    let text = value.to_string();
    if text.chars().count() > 60 {
        let short: String = text.chars().take(57).collect();
        format!("{short}…")
    } else {
        text
    }
}

/// "是 <value>；" before what the value must be.
fn found(value: &Value) -> Said {
    let value = shown(value);
    said!("是 {value}；", "is {value}; ")
}

/// The value of key `key` of `entries` as a message quotes it, or that it is missing.
fn found_at(entries: &serde_json::Map<String, Value>, key: &str) -> Said {
    match entries.get(key) {
        Some(value) => found(value),
        None => said!("是 缺失；", "is missing; "),
    }
}

/// Checks `value` at `field` (`properties.level_id`, `properties.name.zh-Hans`).
pub(super) fn check(val: Val, value: &Value, field: &str, out: &mut Out) -> Flow {
    match val {
        Val::Text => text(value, field, out),
        Val::FeatureId => feature_id(value, field, out),
        Val::AnyUuid => pattern(
            value,
            field,
            out,
            |s| is_uuid(s, UuidForm::Lowercase),
            || {
                said!(
                    "必须是小写十六进制的 UUID：xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx",
                    "must be a UUID in lowercase hex: xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"
                )
            },
        ),
        Val::Labels => labels(value, field, false, out),
        Val::Name => labels(value, field, out.scope == Scope::Venue, out),
        Val::OneOf(list, what) => one_of(list, what, value, field, out),
        Val::OccupantCategory => match value.as_str() {
            None => out.wrong(
                field,
                found(value).then(&said!(
                    "必须是 IMDF 的 occupant 类别（字符串）",
                    "must be an IMDF occupant category (a string)"
                )),
            ),
            Some(s) => {
                if !OCCUPANT_CATEGORY.is_match(s) {
                    out.push(
                        field,
                        found(value).then(&said!(
                            "occupant 类别是小写字母和数字，以点分级（如 \"cafe\"、\"clothing.womens\"）",
                            "occupant categories are lowercase letters and digits, with a dot \
                             between levels (such as \"cafe\" or \"clothing.womens\")"
                        )),
                    );
                }
                Flow::Go
            }
        },
        Val::Province => pattern(
            value,
            field,
            out,
            |s| PROVINCE.is_match(s),
            || {
                said!(
                    "必须是 ISO 3166-2 代码，如 \"CN-SH\"",
                    "must be an ISO 3166-2 code, such as \"CN-SH\""
                )
            },
        ),
        Val::Country => pattern(
            value,
            field,
            out,
            |s| COUNTRY.is_match(s),
            || {
                said!(
                    "必须是 ISO 3166 两字母国家代码，如 \"CN\"",
                    "must be an ISO 3166 two-letter country code, such as \"CN\""
                )
            },
        ),
        Val::Hours => pattern(
            value,
            field,
            out,
            |s| HOURS.is_match(s),
            || {
                said!(
                    "必须是 OSM opening_hours 格式，如 \"Mo-Su 10:00-22:00\"（多段用分号隔开）",
                    "must be in OSM opening_hours format, such as \"Mo-Su 10:00-22:00\" (separate \
                 several rules with semicolons)"
                )
            },
        ),
        Val::Phone => pattern(
            value,
            field,
            out,
            |s| PHONE.is_match(s),
            || {
                said!(
                    "必须是 E.164 格式的电话号码，如 \"+862100000000\"",
                    "must be a phone number in E.164 format, such as \"+862100000000\""
                )
            },
        ),
        Val::Website => pattern(value, field, out, is_website, || {
            said!(
                "必须是 http:// 或 https:// 开头、不含空白的网址",
                "must be a web address starting with http:// or https://, with no spaces"
            )
        }),
        Val::DateTime => date_time(value, field, out),
        Val::DisplayPoint => display_point(value, field, out),
        Val::Bool => match value {
            Value::Bool(_) => Flow::Go,
            _ => out.wrong(
                field,
                found(value).then(&said!("必须是 true 或 false", "must be true or false")),
            ),
        },
        Val::LevelHeight => match value.as_f64() {
            None => out.wrong(
                field,
                found(value).then(&said!("必须是数字（米）", "must be a number (metres)")),
            ),
            Some(metres) => {
                let range = crate::contract::contract().level_height_m;
                if !(range.min..=range.max).contains(&metres) {
                    let (min, max) = (range.min, range.max);
                    out.push(
                        field,
                        said!(
                            "是 {value} 米；楼层高度（本层地面到上一层地面）须在 {min} 到 {max} 米之间",
                            "is {value} m; a level's height (from its floor to the floor above) \
                             must be between {min} and {max} m"
                        ),
                    );
                }
                Flow::Go
            }
        },
        Val::Integer => match value.as_f64() {
            None => out.wrong(
                field,
                found(value).then(&said!("必须是数字", "must be a number")),
            ),
            Some(n) => {
                // A whole number within JavaScript's safe integers, as the web build took it.
                if n.fract() != 0.0 || n.abs() > 9_007_199_254_740_991.0 {
                    out.push(
                        field,
                        said!(
                            "是 {value}；必须是整数",
                            "is {value}; must be a whole number"
                        ),
                    );
                }
                Flow::Go
            }
        },
        Val::IdList => id_list(value, field, out),
        Val::ValueList(list, what) => match value.as_array() {
            None => out.wrong(
                field,
                found(value).then(&Said::new(
                    format!("必须是 IMDF {}的列表", what.0),
                    format!("must be a list of IMDF {}s", what.1),
                )),
            ),
            Some(items) => {
                let mut flow = Flow::Go;
                for (i, item) in items.iter().enumerate() {
                    if one_of(list, what, item, &format!("{field}[{i}]"), out) == Flow::Stop {
                        flow = Flow::Stop;
                    }
                }
                flow
            }
        },
        Val::Door => object(
            value,
            field,
            &[
                (
                    "type",
                    Val::OneOf(categories::DOOR_TYPE, ("door.type 值", "door.type value")),
                ),
                ("automatic", Val::Bool),
                (
                    "material",
                    Val::OneOf(
                        categories::DOOR_MATERIAL,
                        ("door.material 值", "door.material value"),
                    ),
                ),
            ],
            &said!(
                "必须是 DOOR 对象，如 {{\"type\": \"sliding\", \"automatic\": true}}（type、automatic、material 都可省略）",
                "must be a DOOR object, such as {{\"type\": \"sliding\", \"automatic\": true}} \
                 (type, automatic and material may each be left out)"
            ),
            out,
        ),
        Val::Temporality => object(
            value,
            field,
            &[
                ("start", Val::DateTime),
                ("end", Val::DateTime),
                ("modified", Val::DateTime),
            ],
            &said!(
                "必须是 TEMPORALITY 对象 {{\"start\": …, \"end\": …, \"modified\": …}}（都可省略）",
                "must be a TEMPORALITY object {{\"start\": ..., \"end\": ..., \"modified\": ...}} \
                 (each may be left out)"
            ),
            out,
        ),
        Val::Direction => match value.as_str() {
            Some("directed" | "undirected") => Flow::Go,
            _ => out.wrong(
                field,
                found(value).then(&said!(
                    "必须是 \"directed\" 或 \"undirected\"",
                    "must be \"directed\" or \"undirected\""
                )),
            ),
        },
        Val::Reference => reference(value, field, out),
        Val::References => match value.as_array() {
            None => out.wrong(
                field,
                found(value).then(&said!(
                    "必须是要素引用的列表",
                    "must be a list of feature references"
                )),
            ),
            Some(items) => {
                let mut flow = Flow::Go;
                for (i, item) in items.iter().enumerate() {
                    if reference(item, &format!("{field}[{i}]"), out) == Flow::Stop {
                        flow = Flow::Stop;
                    }
                }
                flow
            }
        },
        Val::ImdfVersion => {
            if value.as_str() != Some("1.0.0") {
                out.push(
                    field,
                    found(value).then(&said!(
                        "必须是 \"1.0.0\"，IMDF 唯一的版本",
                        "must be \"1.0.0\", the only version of IMDF"
                    )),
                );
            }
            Flow::Go
        }
        Val::Language => match value.as_str() {
            None => {
                out.names(
                    field,
                    said!(
                        "必须是语言标记（字符串），如 \"zh-Hans\" 或 \"en\"",
                        "must be a language tag (a string), such as \"zh-Hans\" or \"en\""
                    ),
                );
                Flow::Stop
            }
            Some(tag) => {
                if !LANGUAGE.is_match(tag) {
                    out.names(
                        field,
                        found(value).then(&said!(
                            "必须是语言标记，如 \"zh-Hans\" 或 \"en\"",
                            "must be a language tag, such as \"zh-Hans\" or \"en\""
                        )),
                    );
                } else if out.scope == Scope::Venue && tag != LANGUAGE_ZH {
                    out.names(
                        field,
                        found(value).then(&said!(
                            "场馆数据的语言是 \"zh-Hans\"（地图显示和接口回答的都是简体中文名称）",
                            "a venue's data is in \"zh-Hans\" (the map and the API show \
                             Simplified Chinese names)"
                        )),
                    );
                }
                Flow::Go
            }
        },
        Val::Extensions => match value.as_array() {
            None => out.wrong(
                field,
                found(value).then(&said!(
                    "必须是扩展编号的列表，或 null",
                    "must be a list of extension ids, or null"
                )),
            ),
            Some(items) => {
                let mut flow = Flow::Go;
                for (i, item) in items.iter().enumerate() {
                    let item_field = format!("{field}[{i}]");
                    match item.as_str() {
                        None => {
                            flow = out.wrong(
                                &item_field,
                                found(item).then(&said!("必须是字符串", "must be a string")),
                            );
                        }
                        Some(s) if !EXTENSION.is_match(s) => out.push(
                            &item_field,
                            found(item).then(&said!(
                                "必须是扩展编号，如 \"imdf:extension:provider:name#1.0.0\"",
                                "must be an extension id, such as \
                                 \"imdf:extension:provider:name#1.0.0\""
                            )),
                        ),
                        Some(_) => {}
                    }
                }
                flow
            }
        },
    }
}

fn text(value: &Value, field: &str, out: &mut Out) -> Flow {
    let Some(s) = value.as_str() else {
        return out.wrong(
            field,
            found(value).then(&said!("必须是字符串", "must be a string")),
        );
    };
    if s.trim_matches(is_js_space).is_empty() {
        out.push(
            field,
            said!(
                "是空白的；写上文字（可为 null 的属性不用时写 null，而不是空字符串）",
                "is blank; give it some text (where a property may be null and is not used, \
                 write null rather than an empty string)"
            ),
        );
    }
    Flow::Go
}

/// A string that `ok` accepts; `message` says what it must be (made only for a problem: most
/// values pass).
fn pattern(
    value: &Value,
    field: &str,
    out: &mut Out,
    ok: impl Fn(&str) -> bool,
    message: impl FnOnce() -> Said,
) -> Flow {
    match value.as_str() {
        None => out.wrong(field, found(value).then(&message())),
        Some(s) => {
            if !ok(s) {
                out.push(field, found(value).then(&message()));
            }
            Flow::Go
        }
    }
}

fn feature_id(value: &Value, field: &str, out: &mut Out) -> Flow {
    match value.as_str() {
        None => out.wrong(
            field,
            found(value).then(&said!(
                "必须是要素编号（字符串）",
                "must be a feature id (a string)"
            )),
        ),
        Some(id) => {
            if !is_feature_id(id) {
                out.push(
                    field,
                    found(value).then(&said!(
                        "要素编号是小写十六进制的第 4 版 UUID：xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx",
                        "a feature id is a version 4 UUID in lowercase hex: \
                         xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx"
                    )),
                );
            }
            Flow::Go
        }
    }
}

fn date_time(value: &Value, field: &str, out: &mut Out) -> Flow {
    pattern(
        value,
        field,
        out,
        |s| DATE_TIME.is_match(s),
        || {
            said!(
                "必须是带时区偏移的 ISO 8601 日期时间，如 \"2026-11-24T00:00:00+08:00\"",
                "must be an ISO 8601 date and time with a UTC offset, such as \
             \"2026-11-24T00:00:00+08:00\""
            )
        },
    )
}

fn one_of(list: &str, what: What, value: &Value, field: &str, out: &mut Out) -> Flow {
    let (what_zh, what_en) = what;
    match value.as_str() {
        None => out.wrong(
            field,
            found(value).then(&Said::new(
                format!("必须是 IMDF 的 {what_zh}（字符串）"),
                format!("must be an IMDF {what_en} (a string)"),
            )),
        ),
        Some(s) => {
            if !categories::has(list, s) {
                let shown = shown(value);
                out.push(
                    field,
                    Said::new(
                        format!(
                            "是 {shown}，不是 IMDF 1.0.0 的 {what_zh}；可用的值见 IMDF 的类别表（OGC 20-094）"
                        ),
                        format!(
                            "is {shown}, not an IMDF 1.0.0 {what_en}; see IMDF's category \
                             tables (OGC 20-094) for the values allowed"
                        ),
                    ),
                );
            }
            Flow::Go
        }
    }
}

/// LABELS (`name`, `alt_name`, `short_name`); `name` also needs its zh-Hans entry where the
/// data must be in Chinese (§2.2).
fn labels(value: &Value, field: &str, needs_zh: bool, out: &mut Out) -> Flow {
    let Some(entries) = value.as_object() else {
        return out.wrong(
            field,
            found(value).then(&said!(
                "名称是 LABELS 对象，以语言标记为键，如 {{\"zh-Hans\": \"一层\"}}",
                "a name is a LABELS object keyed by language tag, such as {{\"en\": \"Level 1\"}}"
            )),
        );
    };
    let mut flow = Flow::Go;
    for (tag, text_value) in entries {
        let entry_field = format!("{field}.{tag}");
        if !LANGUAGE.is_match(tag) {
            out.push(
                &entry_field,
                said!(
                    "键必须是语言标记，如 \"zh-Hans\" 或 \"en\"",
                    "the key must be a language tag, such as \"zh-Hans\" or \"en\""
                ),
            );
            flow = Flow::Stop;
            continue;
        }
        if text(text_value, &entry_field, out) == Flow::Stop {
            flow = Flow::Stop;
        }
    }
    if flow == Flow::Stop {
        return flow;
    }
    if entries.is_empty() {
        out.push(
            field,
            said!(
                "没有名称：LABELS 至少要有一个条目",
                "has no name: a LABELS object needs at least one entry"
            ),
        );
    }
    if needs_zh && !entries.contains_key(LANGUAGE_ZH) {
        out.names(
            field,
            said!(
                "缺少 \"zh-Hans\" 条目：网站上每个可见的文字都是简体中文，品牌的拉丁名可另写一个语言（如 \"en\"）",
                "has no \"zh-Hans\" entry: every text the site shows is in Simplified Chinese; \
                 give a brand's Latin name under another language (such as \"en\")"
            ),
        );
    }
    Flow::Go
}

/// A list of at least one feature id, none twice.
fn id_list(value: &Value, field: &str, out: &mut Out) -> Flow {
    let Some(items) = value.as_array() else {
        return out.wrong(
            field,
            found(value).then(&said!(
                "必须是要素编号的列表",
                "must be a list of feature ids"
            )),
        );
    };
    let mut flow = Flow::Go;
    for (i, item) in items.iter().enumerate() {
        if feature_id(item, &format!("{field}[{i}]"), out) == Flow::Stop {
            flow = Flow::Stop;
        }
    }
    if flow == Flow::Stop {
        return flow;
    }
    if items.is_empty() {
        out.push(
            field,
            said!(
                "是空列表；至少列出一个要素（可为 null 的属性不用时写 null）",
                "is an empty list; list at least one feature (where a property may be null and \
                 is not used, write null)"
            ),
        );
    }
    let mut seen = HashSet::new();
    if let Some(twice) = items
        .iter()
        .filter_map(Value::as_str)
        .find(|id| !seen.insert(*id))
    {
        out.push(
            field,
            said!(
                "{twice} 列了两次；每个要素只列一次",
                "lists {twice} twice; list each feature once"
            ),
        );
    }
    Flow::Go
}

#[cfg(test)]
mod tests;
