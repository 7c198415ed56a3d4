//! `[editor]` of content/venues/categories.toml: what a visitor may make a room (`units`) or
//! place on the map (`amenities`) in the editor of their own building. Each list is checked like
//! a directory group's (an entry for every category), and a unit category must be IMDF's.

use std::collections::BTreeSet;

use toml::Value;

use super::super::problem::Rule;
use super::super::properties::UNIT_CATEGORIES;
use super::categories::check_listed;
use crate::Said;

pub(super) fn check(
    editor: &Value,
    keys: Option<&BTreeSet<String>>,
    report: &mut impl FnMut(&str, Rule, Said),
) {
    let Value::Table(editor) = editor else {
        report(
            "editor",
            Rule::Categories,
            Said::to_editors("必须是表：[editor] 下写 units = [...] 和 amenities = [...]"),
        );
        return;
    };
    for (name, value) in editor {
        let field = format!("editor.{name}");
        let list = match (name.as_str(), value) {
            ("units" | "amenities", Value::Array(list)) if !list.is_empty() => list,
            ("units" | "amenities", _) => {
                report(
                    &field,
                    Rule::Categories,
                    Said::to_editors("必须是类别的列表，至少一个：[\"类别\", ...]"),
                );
                continue;
            }
            _ => {
                report(
                    &field,
                    Rule::Categories,
                    Said::to_editors("不是这个表的键；只有 units 和 amenities"),
                );
                continue;
            }
        };
        let listed = check_listed(list, &field, keys, report);
        if name == "units" {
            for (at, category) in listed.iter().enumerate() {
                if !UNIT_CATEGORIES.split_whitespace().any(|c| c == *category) {
                    report(
                        &format!("{field}[{at}]"),
                        Rule::Categories,
                        Said::to_editors(format!("\"{category}\" 不是 IMDF 的单元类别")),
                    );
                }
            }
        }
    }
}
