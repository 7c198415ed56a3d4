//! content/venues/categories.toml (§3.1): the Chinese label and search synonyms of every IMDF
//! category the venues use, and the groups of a guide screen's directory (§4.6). Its schema, that
//! every group lists categories with an entry, and that every category a visitor sees in a venue
//! has an entry, its own or its longest dotted prefix's.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use toml::Value;

use super::super::CATEGORIES_FILE;
use super::super::features::{Feature, Kind, VenueFiles};
use super::super::problem::{Problems, Rule};
use crate::{Said, said};

/// The categories of content/venues/categories.toml, as the check needs them.
#[derive(Debug, Default)]
pub(crate) struct Categories {
    /// The categories with an entry; None when the file could not be read as a whole (missing,
    /// not TOML, no `[categories]` table): that is reported once on the file, and the venues'
    /// categories are then not checked against it.
    keys: Option<BTreeSet<String>>,
}

/// Feature types whose categories visitors see (names on the map, search, the directory).
const LABELLED: [Kind; 7] = [
    Kind::Venue,
    Kind::Unit,
    Kind::Opening,
    Kind::Amenity,
    Kind::Occupant,
    Kind::Fixture,
    Kind::Section,
];

const UNKNOWN_KEY: &str = "不是这个表的键；请删除它，或检查拼写";

/// An IMDF category: lowercase letters and digits, in dotted parts.
fn is_category(text: &str) -> bool {
    text.split('.').all(|part| {
        !part.is_empty()
            && part
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
    })
}

/// The key of a category's entry: its own, else its longest dotted prefix's
/// (`restroom.female.wheelchair` -> `restroom.female` -> `restroom`), as the server looks it up.
fn entry_key<'a>(keys: &BTreeSet<String>, category: &'a str) -> Option<&'a str> {
    let mut key = category;
    loop {
        if keys.contains(key) {
            return Some(key);
        }
        key = &key[..key.rfind('.')?];
    }
}

impl Categories {
    /// Reads `file` (categories.toml); its problems are reported into `problems`, whose prefix
    /// is the file's directory.
    pub(crate) fn read(file: &Path, problems: &mut Problems) -> Categories {
        let mut report = |field: &str, rule: Rule, message: Said| {
            problems.file(CATEGORIES_FILE, field, rule, message);
        };
        let text = match std::fs::read_to_string(file) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                report(
                    "",
                    Rule::Files,
                    Said::to_editors(
                        "文件缺失：content/venues/ 要有 categories.toml，写下场馆用到的每个类别的中文名称",
                    ),
                );
                return Categories::default();
            }
            Err(e) => {
                report("", Rule::Files, Said::to_editors(format!("无法读取：{e}")));
                return Categories::default();
            }
        };
        let table = match text.parse::<toml::Table>() {
            Ok(table) => table,
            Err(e) => {
                report(
                    "",
                    Rule::Files,
                    Said::to_editors(format!("不是有效的 TOML：{}", e.message())),
                );
                return Categories::default();
            }
        };
        for key in table.keys() {
            if !["categories", "groups", "editor"].contains(&key.as_str()) {
                report(key, Rule::Categories, Said::to_editors(UNKNOWN_KEY));
            }
        }
        let keys = match table.get("categories") {
            Some(Value::Table(entries)) => Some(read_entries(entries, &mut report)),
            Some(_) => {
                report(
                    "categories",
                    Rule::Categories,
                    Said::to_editors("必须是表：每个类别一个 [categories.\"<类别>\"]，写 label"),
                );
                None
            }
            None => {
                report(
                    "categories",
                    Rule::Categories,
                    Said::to_editors(
                        "缺失：categories.toml 要有 [categories]，每个类别一个 [categories.\"<类别>\"]",
                    ),
                );
                None
            }
        };
        match table.get("groups") {
            None => {}
            Some(Value::Array(groups)) => read_groups(groups, keys.as_ref(), &mut report),
            Some(_) => report(
                "groups",
                Rule::Categories,
                Said::to_editors("必须是表的数组：每个分组一个 [[groups]]，写 label 和 categories"),
            ),
        }
        if let Some(editor) = table.get("editor") {
            super::editor_choices::check(editor, keys.as_ref(), &mut report);
        }
        Categories { keys }
    }

    /// Every category the venue's visitors see has an entry, its own or by prefix (§3.1). A
    /// missing category is reported once, on the first feature using it, with how many others
    /// use it.
    pub(super) fn check_entries(&self, venue: &VenueFiles, problems: &mut Problems) {
        let Some(keys) = &self.keys else {
            return;
        };
        let mut users: BTreeMap<&str, Vec<&Feature>> = BTreeMap::new();
        for kind in LABELLED {
            for feature in venue.of(kind) {
                if let Some(category) = feature.str("category") {
                    users.entry(category).or_default().push(feature);
                }
            }
        }
        for (category, features) in users {
            if entry_key(keys, category).is_some() {
                continue;
            }
            let others = match features.len() - 1 {
                0 => Said::new("", ""),
                1 => said!("（另有 1 个要素也用它）", " (1 other feature uses it too)"),
                n => said!(
                    "（另有 {n} 个要素也用它）",
                    " ({n} other features use it too)"
                ),
            };
            let (others_zh, others_en) = (others.chinese(), others.english());
            let top = category.split('.').next().unwrap_or(category);
            problems.feature(
                features[0],
                "properties.category",
                Rule::Categories,
                Said::new(
                    format!(
                        "\"{category}\" 在 content/venues/categories.toml 里没有条目{others_zh}；请加上 [categories.\"{top}\"]（或完整的类别）和它的中文 label"
                    ),
                    format!(
                        "\"{category}\" has no entry in content/venues/categories.toml{others_en}; add [categories.\"{top}\"] (or the full category) with its Chinese label"
                    ),
                ),
            );
        }
    }
}

/// `label` and the synonyms: non-empty text (surrounding spaces do not count).
fn check_text(value: Option<&Value>, field: &str, report: &mut impl FnMut(&str, Rule, Said)) {
    match value {
        None => report(
            field,
            Rule::Categories,
            Said::to_editors("缺失：请写上中文文字"),
        ),
        Some(Value::String(text)) if text.trim().is_empty() => {
            report(field, Rule::Categories, Said::to_editors("不能为空"));
        }
        Some(Value::String(_)) => {}
        Some(_) => report(
            field,
            Rule::Categories,
            Said::to_editors("必须是字符串（加引号的文字）"),
        ),
    }
}

/// `[categories."<category>"]`: `label`, and `synonyms` a list of text. The keys with an entry
/// (an entry with a problem of its own still counts, so its users are not reported too).
fn read_entries(
    entries: &toml::Table,
    report: &mut impl FnMut(&str, Rule, Said),
) -> BTreeSet<String> {
    let mut keys = BTreeSet::new();
    for (key, entry) in entries {
        let field = format!("categories.{key}");
        if !is_category(key) {
            report(
                &field,
                Rule::Categories,
                Said::to_editors(
                    "必须是 IMDF 类别：小写字母和数字，可用点分段（例如 \"restroom.female\"）",
                ),
            );
            continue;
        }
        keys.insert(key.clone());
        let Value::Table(entry) = entry else {
            report(
                &field,
                Rule::Categories,
                Said::to_editors("必须是表：label = \"中文名称\"，可加 synonyms = [\"搜索词\"]"),
            );
            continue;
        };
        check_text(entry.get("label"), &format!("{field}.label"), report);
        match entry.get("synonyms") {
            None => {}
            Some(Value::Array(synonyms)) => {
                for (index, synonym) in synonyms.iter().enumerate() {
                    check_text(Some(synonym), &format!("{field}.synonyms[{index}]"), report);
                }
            }
            Some(_) => report(
                &format!("{field}.synonyms"),
                Rule::Categories,
                Said::to_editors("必须是字符串的列表：synonyms = [\"搜索词\", ...]"),
            ),
        }
        for name in entry.keys() {
            if name != "label" && name != "synonyms" {
                report(
                    &format!("{field}.{name}"),
                    Rule::Categories,
                    Said::to_editors(UNKNOWN_KEY),
                );
            }
        }
    }
    keys
}

/// A list of categories (a group's, the editor's): each a text with an entry under
/// `[categories]` (when those could be read); answers the categories.
pub(super) fn check_listed<'a>(
    list: &'a [Value],
    list_field: &str,
    keys: Option<&BTreeSet<String>>,
    report: &mut impl FnMut(&str, Rule, Said),
) -> Vec<&'a str> {
    let mut listed = Vec::new();
    for (at, category) in list.iter().enumerate() {
        let field = format!("{list_field}[{at}]");
        check_text(Some(category), &field, report);
        let Some(category) = category.as_str().map(str::trim) else {
            continue;
        };
        listed.push(category);
        let Some(keys) = keys else {
            continue;
        };
        if !category.is_empty() && entry_key(keys, category).is_none() {
            report(
                &field,
                Rule::Categories,
                Said::to_editors(format!(
                    "\"{category}\" 在 [categories] 里没有条目；请加上它的条目，或把它从这个列表里删去"
                )),
            );
        }
    }
    listed
}

/// `[[groups]]`: a `label` and the `categories` listed under it, at least one, each with an
/// entry under `[categories]` (when those could be read).
fn read_groups(
    groups: &[Value],
    keys: Option<&BTreeSet<String>>,
    report: &mut impl FnMut(&str, Rule, Said),
) {
    for (index, group) in groups.iter().enumerate() {
        let field = format!("groups[{index}]");
        let Value::Table(group) = group else {
            report(
                &field,
                Rule::Categories,
                Said::to_editors("必须是表：label = \"分组名称\"，categories = [\"类别\", ...]"),
            );
            continue;
        };
        check_text(group.get("label"), &format!("{field}.label"), report);
        let list_field = format!("{field}.categories");
        match group.get("categories") {
            None => report(
                &list_field,
                Rule::Categories,
                Said::to_editors("缺失：请列出这个分组下的类别"),
            ),
            Some(Value::Array(list)) if list.is_empty() => report(
                &list_field,
                Rule::Categories,
                Said::to_editors("至少要列出一个类别"),
            ),
            Some(Value::Array(list)) => {
                check_listed(list, &list_field, keys, report);
            }
            Some(_) => report(
                &list_field,
                Rule::Categories,
                Said::to_editors("必须是类别的列表：categories = [\"类别\", ...]"),
            ),
        }
        for name in group.keys() {
            if name != "label" && name != "categories" {
                report(
                    &format!("{field}.{name}"),
                    Rule::Categories,
                    Said::to_editors(UNKNOWN_KEY),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_is_the_categorys_own_or_its_longest_prefixs() {
        let keys: BTreeSet<String> = ["restroom", "restroom.female"]
            .into_iter()
            .map(str::to_owned)
            .collect();
        assert_eq!(
            entry_key(&keys, "restroom.female.wheelchair"),
            Some("restroom.female")
        );
        assert_eq!(entry_key(&keys, "restroom.male"), Some("restroom"));
        assert_eq!(entry_key(&keys, "restroom"), Some("restroom"));
        assert_eq!(entry_key(&keys, "room"), None);
        assert_eq!(entry_key(&keys, "restroomx.female"), None);
    }

    #[test]
    fn categories_are_lowercase_dotted_codes() {
        for good in ["cafe", "restroom.female", "a1.b2.c3"] {
            assert!(is_category(good), "{good}");
        }
        for bad in [
            "",
            "Cafe",
            "restroom.",
            ".restroom",
            "rest room",
            "restroom..female",
        ] {
            assert!(!is_category(bad), "{bad}");
        }
    }
}
