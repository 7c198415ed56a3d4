//! The properties of each IMDF feature type (docs/imdf.md §3, contract §2.1-2.2) and manifest.json:
//! every key of the type present (null where unused), none other, each of its type, categories
//! from IMDF's lists, names with a zh-Hans entry in content/venues/ (in any language a visitor's
//! building carries).

mod categories;
pub(super) mod patterns;
mod values;

pub(super) use categories::UNIT as UNIT_CATEGORIES;

use serde_json::{Map, Value};

use super::features::Kind;
use super::problem::Rule;
use super::read::{Issue, Scope};
use crate::{Said, said};
use values::{Out, Val};

/// One property key of a feature type and the value it holds.
#[derive(Debug, Clone, Copy)]
struct Key {
    name: &'static str,
    val: Val,
    /// May be null (IMDF's nullable properties: present and null where unused).
    nullable: bool,
    /// May be left out (a key of this project's own, not IMDF's).
    optional: bool,
}

const fn key(name: &'static str, val: Val) -> Key {
    Key {
        name,
        val,
        nullable: false,
        optional: false,
    }
}

const fn or_null(name: &'static str, val: Val) -> Key {
    Key {
        name,
        val,
        nullable: true,
        optional: false,
    }
}

use categories as c;

const RESTRICTION: Val = Val::OneOf(c::RESTRICTION, ("restriction 值", "restriction value"));
const ACCESSIBILITY: Val = Val::ValueList(
    c::ACCESSIBILITY,
    ("accessibility 值", "accessibility value"),
);

const ADDRESS: &[Key] = &[
    key("address", Val::Text),
    or_null("unit", Val::Text),
    key("locality", Val::Text),
    or_null("province", Val::Province),
    key("country", Val::Country),
    or_null("postal_code", Val::Text),
    or_null("postal_code_ext", Val::Text),
    or_null("postal_code_vanity", Val::Text),
];

const VENUE: &[Key] = &[
    key(
        "category",
        Val::OneOf(c::VENUE, ("venue 类别", "venue category")),
    ),
    or_null("restriction", RESTRICTION),
    key("name", Val::Name),
    or_null("alt_name", Val::Labels),
    or_null("hours", Val::Hours),
    or_null("phone", Val::Phone),
    or_null("website", Val::Website),
    key("display_point", Val::DisplayPoint),
    key("address_id", Val::FeatureId),
];

const BUILDING: &[Key] = &[
    or_null("name", Val::Name),
    or_null("alt_name", Val::Labels),
    key(
        "category",
        Val::OneOf(c::BUILDING, ("building 类别", "building category")),
    ),
    or_null("restriction", RESTRICTION),
    or_null("display_point", Val::DisplayPoint),
    or_null("address_id", Val::FeatureId),
];

const FOOTPRINT: &[Key] = &[
    key(
        "category",
        Val::OneOf(c::FOOTPRINT, ("footprint 类别", "footprint category")),
    ),
    or_null("name", Val::Name),
    key("building_ids", Val::IdList),
];

const LEVEL: &[Key] = &[
    key(
        "category",
        Val::OneOf(c::LEVEL, ("level 类别", "level category")),
    ),
    or_null("restriction", RESTRICTION),
    key("outdoor", Val::Bool),
    key("ordinal", Val::Integer),
    // Not in IMDF's level table: the storey's height, which ride times and device heights take
    // (contract §2.4), and IMDF allows extra properties. May be left out.
    Key {
        name: "height",
        val: Val::LevelHeight,
        nullable: true,
        optional: true,
    },
    key("name", Val::Name),
    key("short_name", Val::Name),
    or_null("display_point", Val::DisplayPoint),
    or_null("address_id", Val::FeatureId),
    or_null("building_ids", Val::IdList),
];

const UNIT: &[Key] = &[
    key(
        "category",
        Val::OneOf(c::UNIT, ("unit 类别", "unit category")),
    ),
    or_null("restriction", RESTRICTION),
    or_null("accessibility", ACCESSIBILITY),
    or_null("name", Val::Name),
    or_null("alt_name", Val::Labels),
    or_null("display_point", Val::DisplayPoint),
    key("level_id", Val::FeatureId),
];

const OPENING: &[Key] = &[
    key(
        "category",
        Val::OneOf(c::OPENING, ("opening 类别", "opening category")),
    ),
    or_null("accessibility", ACCESSIBILITY),
    or_null(
        "access_control",
        Val::ValueList(
            c::ACCESS_CONTROL,
            ("access_control 值", "access_control value"),
        ),
    ),
    or_null("door", Val::Door),
    or_null("name", Val::Name),
    or_null("alt_name", Val::Labels),
    or_null("display_point", Val::DisplayPoint),
    key("level_id", Val::FeatureId),
];

const AMENITY: &[Key] = &[
    key(
        "category",
        Val::OneOf(c::AMENITY, ("amenity 类别", "amenity category")),
    ),
    or_null("accessibility", ACCESSIBILITY),
    or_null("name", Val::Name),
    or_null("alt_name", Val::Labels),
    or_null("hours", Val::Hours),
    or_null("phone", Val::Phone),
    or_null("website", Val::Website),
    key("unit_ids", Val::IdList),
    or_null("address_id", Val::FeatureId),
    or_null("correlation_id", Val::AnyUuid),
];

const ANCHOR: &[Key] = &[
    or_null("address_id", Val::FeatureId),
    key("unit_id", Val::FeatureId),
];

const OCCUPANT: &[Key] = &[
    key("name", Val::Name),
    // Not in IMDF's occupant table: the contract's search matches occupants' alt_names (Latin
    // brand names, §2.2 and §4.3), and IMDF allows extra properties. May be left out.
    Key {
        name: "alt_name",
        val: Val::Labels,
        nullable: true,
        optional: true,
    },
    key("category", Val::OccupantCategory),
    key("anchor_id", Val::FeatureId),
    or_null("hours", Val::Hours),
    or_null("phone", Val::Phone),
    or_null("website", Val::Website),
    or_null("validity", Val::Temporality),
    or_null("correlation_id", Val::AnyUuid),
];

const FIXTURE: &[Key] = &[
    key(
        "category",
        Val::OneOf(c::FIXTURE, ("fixture 类别", "fixture category")),
    ),
    or_null("name", Val::Name),
    or_null("alt_name", Val::Labels),
    or_null("anchor_id", Val::FeatureId),
    or_null("display_point", Val::DisplayPoint),
    key("level_id", Val::FeatureId),
];

const KIOSK: &[Key] = &[
    or_null("name", Val::Name),
    or_null("alt_name", Val::Labels),
    or_null("anchor_id", Val::FeatureId),
    or_null("display_point", Val::DisplayPoint),
    key("level_id", Val::FeatureId),
];

const SECTION: &[Key] = &[
    key(
        "category",
        Val::OneOf(c::SECTION, ("section 类别", "section category")),
    ),
    or_null("restriction", RESTRICTION),
    or_null("accessibility", ACCESSIBILITY),
    or_null("name", Val::Name),
    or_null("alt_name", Val::Labels),
    or_null("display_point", Val::DisplayPoint),
    key("level_id", Val::FeatureId),
    or_null("address_id", Val::FeatureId),
    or_null("correlation_id", Val::AnyUuid),
    or_null("parents", Val::IdList),
];

const GEOFENCE: &[Key] = &[
    key(
        "category",
        Val::OneOf(c::GEOFENCE, ("geofence 类别", "geofence category")),
    ),
    or_null("restriction", RESTRICTION),
    or_null("name", Val::Name),
    or_null("alt_name", Val::Labels),
    or_null("correlation_id", Val::AnyUuid),
    or_null("display_point", Val::DisplayPoint),
    or_null("building_ids", Val::IdList),
    // The levels the fence lies on: the live demo watches it there (issue #17).
    key("level_ids", Val::IdList),
    or_null("parents", Val::IdList),
];

const RELATIONSHIP: &[Key] = &[
    key(
        "category",
        Val::OneOf(
            c::RELATIONSHIP,
            ("relationship 类别", "relationship category"),
        ),
    ),
    key("direction", Val::Direction),
    or_null("origin", Val::Reference),
    or_null("intermediary", Val::References),
    or_null("destination", Val::Reference),
    or_null("hours", Val::Hours),
];

/// Every property key of `kind`, in IMDF's order.
fn keys(kind: Kind) -> &'static [Key] {
    match kind {
        Kind::Address => ADDRESS,
        Kind::Venue => VENUE,
        Kind::Building => BUILDING,
        Kind::Footprint => FOOTPRINT,
        Kind::Level => LEVEL,
        Kind::Unit => UNIT,
        Kind::Opening => OPENING,
        Kind::Amenity => AMENITY,
        Kind::Anchor => ANCHOR,
        Kind::Occupant => OCCUPANT,
        Kind::Fixture => FIXTURE,
        Kind::Kiosk => KIOSK,
        Kind::Section => SECTION,
        Kind::Relationship => RELATIONSHIP,
        Kind::Geofence => GEOFENCE,
    }
}

/// The keys of manifest.json (docs/imdf.md §1); `generated_by` and `extensions` may be left out.
const MANIFEST: &[Key] = &[
    key("version", Val::ImdfVersion),
    key("created", Val::DateTime),
    Key {
        name: "generated_by",
        val: Val::Text,
        nullable: true,
        optional: true,
    },
    key("language", Val::Language),
    Key {
        name: "extensions",
        val: Val::Extensions,
        nullable: true,
        optional: true,
    },
];

/// The values of the keys `keys` that `object` has (a null where it may be null is fine).
fn check_values(
    keys: &[Key],
    object: &Map<String, Value>,
    prefix: &str,
    scope: Scope,
    issues: &mut Vec<Issue>,
) {
    let mut out = Out { issues, scope };
    for key in keys {
        match object.get(key.name) {
            Some(Value::Null) if key.nullable => {}
            Some(value) => {
                values::check(key.val, value, &format!("{prefix}{}", key.name), &mut out);
            }
            None => {}
        }
    }
}

/// The names of `keys`, listed in each language.
fn names_of(keys: &[Key]) -> Said {
    let names: Vec<&str> = keys.iter().map(|key| key.name).collect();
    Said::new(names.join("、"), names.join(", "))
}

/// The problems of one feature's properties; an unknown extra key is reported with
/// `Issue::keeping_feature`, everything else leaves the feature out of the later rules.
pub(crate) fn check(kind: Kind, properties: &Map<String, Value>, scope: Scope) -> Vec<Issue> {
    let keys = keys(kind);
    let name = kind.name();
    let names = names_of(keys);
    let mut issues = Vec::new();
    for key in keys {
        if !key.optional && !properties.contains_key(key.name) {
            issues.push(Issue::new(
                format!("properties.{}", key.name),
                Rule::Features,
                said!(
                    "缺失：每个 {name} 都带齐 IMDF 的全部属性键，不用的写 null",
                    "missing: every {name} must have all of IMDF's property keys; set the \
                     unused ones to null"
                ),
            ));
        }
    }
    for present in properties.keys() {
        if !keys.iter().any(|key| key.name == present) {
            issues.push(
                Issue::new(
                    format!("properties.{present}"),
                    Rule::Features,
                    Said::new(
                        format!(
                            "不是 {name} 的 IMDF 属性，请删除（{name} 的属性键：{}）",
                            names.chinese()
                        ),
                        format!(
                            "is not an IMDF property of {name}; remove it (the keys of {name}: {})",
                            names.english()
                        ),
                    ),
                )
                .keeping_feature(),
            );
        }
    }
    check_values(keys, properties, "properties.", scope, &mut issues);
    issues
}

/// The problems of manifest.json.
pub(crate) fn check_manifest(manifest: &Value, scope: Scope) -> Vec<Issue> {
    let mut issues = Vec::new();
    let Some(object) = manifest.as_object() else {
        issues.push(Issue::new(
            "",
            Rule::Features,
            said!(
                "必须是 JSON 对象：{{\"version\": \"1.0.0\", \"created\": …, \"language\": \"zh-Hans\"}}",
                "must be a JSON object: {{\"version\": \"1.0.0\", \"created\": ..., \"language\": \"en\"}}"
            ),
        ));
        return issues;
    };
    for key in MANIFEST {
        if !key.optional && !object.contains_key(key.name) {
            let rule = match key.val {
                Val::Language => Rule::Names,
                _ => Rule::Features,
            };
            let example = match key.val {
                Val::ImdfVersion => said!("\"1.0.0\"", "\"1.0.0\""),
                Val::Language => said!("\"zh-Hans\"", "for instance \"en\""),
                _ => said!(
                    "如 \"2026-11-24T00:00:00+08:00\"",
                    "for instance \"2026-11-24T00:00:00+08:00\""
                ),
            };
            let name = key.name;
            issues.push(Issue::new(
                name,
                rule,
                Said::new(
                    format!("缺失：manifest.json 要写 {name}（{}）", example.chinese()),
                    format!(
                        "missing: manifest.json needs {name} ({})",
                        example.english()
                    ),
                ),
            ));
        }
    }
    let names = names_of(MANIFEST);
    for present in object.keys() {
        if !MANIFEST.iter().any(|key| key.name == present) {
            issues.push(Issue::new(
                present.as_str(),
                Rule::Features,
                Said::new(
                    format!(
                        "不是 IMDF manifest.json 的键，请删除（它的键：{}）",
                        names.chinese()
                    ),
                    format!(
                        "is not a key of IMDF's manifest.json; remove it (its keys: {})",
                        names.english()
                    ),
                ),
            ));
        }
    }
    check_values(MANIFEST, object, "", scope, &mut issues);
    issues
}

#[cfg(test)]
mod tests;
