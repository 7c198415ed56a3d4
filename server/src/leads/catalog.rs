//! What the web build tells the server about enquiries (manifest.json `leads`, contract
//! section 3): the choices the form offers and every word the server writes (validation
//! messages, CSV headers, status names, the notification). The server has no words of its own:
//! a catalog missing one is refused at load by [`Catalog::check`].

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use anyhow::Context;
use serde::{Deserialize, Serialize};

use super::validate::ErrorCode;
use super::{Field, Status};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Choice {
    pub value: String,
    pub label: String,
    /// Products only: the option group ("产品服务", "智能硬件").
    #[serde(default)]
    pub group: String,
}

/// The manifest's `leads` object; keys the storage does not use (form_path, templates) are
/// read by the site loader and ignored here.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Catalog {
    pub scenarios: Vec<Choice>,
    pub products: Vec<Choice>,
    /// Field and column labels, keyed as in the contract (name, company, ..., user_agent).
    pub labels: BTreeMap<String, String>,
    /// new, contacted, closed.
    pub statuses: BTreeMap<String, String>,
    /// desktop-international, desktop-china, mobile.
    pub variants: BTreeMap<String, String>,
    /// Message templates with {label}, {max}, {count}, {minutes}, {hotline}.
    pub messages: BTreeMap<String, String>,
}

/// Message keys of docs/enquiries.md section 2.
pub const MESSAGE_KEYS: [&str; 17] = [
    "required",
    "too_long",
    "phone",
    "email",
    "choice",
    "consent",
    "summary",
    "bot",
    "rate_limited",
    "too_large",
    "unsupported_type",
    "unavailable",
    "busy",
    "cross_site",
    "network",
    "notification_title",
    "notification_english",
];

/// The variants the server detects (crate::site::Variant's names).
pub const VARIANT_KEYS: [&str; 3] = ["desktop-international", "desktop-china", "mobile"];

impl Catalog {
    /// Reads only the Chinese form's catalog of the `leads` object of `<dist_dir>/manifest.json`
    /// and checks it: for tools (`site export-leads`) that need the words but not the whole
    /// site.
    pub fn from_manifest_file(dist_dir: &Path) -> anyhow::Result<Catalog> {
        let path = dist_dir.join("manifest.json");
        let text = std::fs::read_to_string(&path).with_context(|| {
            format!(
                "cannot read {} (is the web build there? `dist_dir`, SITE_DIST_DIR)",
                path.display()
            )
        })?;
        // The Chinese form's catalog: the words sales read.
        #[derive(Deserialize)]
        struct Manifest {
            leads: Option<Leads>,
        }
        #[derive(Deserialize)]
        struct Leads {
            forms: Forms,
        }
        #[derive(Deserialize)]
        struct Forms {
            #[serde(rename = "zh-Hans")]
            chinese: Catalog,
        }
        let manifest: Manifest = serde_json::from_str(&text)
            .with_context(|| format!("{} is not a valid manifest", path.display()))?;
        let catalog = manifest.leads.map(|leads| leads.forms.chinese);
        let catalog = catalog.with_context(|| {
            format!(
                "{} has no `leads` section: rebuild the web part",
                path.display()
            )
        })?;
        catalog
            .check()
            .map_err(|problem| anyhow::anyhow!("{}: leads: {problem}", path.display()))?;
        Ok(catalog)
    }

    /// Everything the server will look up is there, and no choice value appears twice.
    pub fn check(&self) -> Result<(), String> {
        let missing = |what: &str, map: &BTreeMap<String, String>, keys: &[&str]| {
            let absent: Vec<&str> = keys
                .iter()
                .copied()
                .filter(|key| map.get(*key).is_none_or(|text| text.trim().is_empty()))
                .collect();
            if absent.is_empty() {
                Ok(())
            } else {
                Err(format!("{what} missing or empty: {}", absent.join(", ")))
            }
        };
        missing("messages", &self.messages, &MESSAGE_KEYS)?;
        let labelled: Vec<&str> = Field::ALL
            .into_iter()
            .filter(|field| field.is_labelled())
            .map(Field::name)
            .collect();
        missing("labels", &self.labels, &labelled)?;
        let statuses: Vec<&str> = Status::ALL.iter().map(|status| status.as_str()).collect();
        missing("statuses", &self.statuses, &statuses)?;
        missing("variants", &self.variants, &VARIANT_KEYS)?;
        for (what, choices) in [("scenarios", &self.scenarios), ("products", &self.products)] {
            let mut seen = BTreeSet::new();
            for choice in choices {
                if choice.value.trim().is_empty() || choice.label.trim().is_empty() {
                    return Err(format!("{what}: a choice has an empty value or label"));
                }
                if !seen.insert(choice.value.as_str()) {
                    return Err(format!("{what}: value {:?} appears twice", choice.value));
                }
            }
        }
        if self.scenario_label("other").is_none() {
            return Err("scenarios: `other` is missing".to_owned());
        }
        Ok(())
    }

    pub fn scenario_label(&self, value: &str) -> Option<&str> {
        find(&self.scenarios, value)
    }

    pub fn product_label(&self, value: &str) -> Option<&str> {
        find(&self.products, value)
    }

    /// The label of a field or column; its name when absent (check() prevents that).
    pub fn label(&self, field: Field) -> &str {
        self.labels
            .get(field.name())
            .map_or(field.name(), String::as_str)
    }

    pub fn status_label(&self, status: Status) -> &str {
        self.statuses
            .get(status.as_str())
            .map_or(status.as_str(), String::as_str)
    }

    /// The variant's label; the name itself for a name the catalog does not know.
    pub fn variant_label<'a>(&'a self, variant: &'a str) -> &'a str {
        self.variants.get(variant).map_or(variant, String::as_str)
    }

    /// The message for a field error: `{label}` is the field's label, `{max}` its limit.
    pub fn field_message(&self, field: Field, code: ErrorCode) -> String {
        let mut vars = vec![("label", self.label(field).to_owned())];
        if let Some(max) = field.max_chars() {
            vars.push(("max", max.to_string()));
        }
        self.message(code.as_str(), &vars)
    }

    /// The template `key` with each `{name}` of `vars` filled in; placeholders without a value
    /// stay as written. An unknown key gives the key itself: a missing word must not take an
    /// answer down.
    pub fn message(&self, key: &str, vars: &[(&str, String)]) -> String {
        let Some(template) = self.messages.get(key) else {
            return key.to_owned();
        };
        let mut out = String::with_capacity(template.len());
        let mut rest = template.as_str();
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            let filled = after.find('}').and_then(|close| {
                let name = &after[..close];
                vars.iter()
                    .find(|(var, _)| *var == name)
                    .map(|(_, value)| (value, close))
            });
            match filled {
                Some((value, close)) => {
                    out.push_str(value);
                    rest = &after[close + 1..];
                }
                None => {
                    out.push('{');
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }
}

fn find<'a>(choices: &'a [Choice], value: &str) -> Option<&'a str> {
    choices
        .iter()
        .find(|choice| choice.value == value)
        .map(|choice| choice.label.as_str())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The choices the shared validation cases assume (real values of content/): scenarios
    /// factory, businessPark, other; products service:map, device:1.
    pub(crate) fn test_catalog() -> Catalog {
        let map = |pairs: &[(&str, &str)]| -> BTreeMap<String, String> {
            pairs
                .iter()
                .map(|(key, value)| ((*key).to_owned(), (*value).to_owned()))
                .collect()
        };
        let choice = |value: &str, label: &str, group: &str| Choice {
            value: value.to_owned(),
            label: label.to_owned(),
            group: group.to_owned(),
        };
        Catalog {
            scenarios: vec![
                choice("factory", "智慧工厂", ""),
                choice("businessPark", "产业园区", ""),
                choice("other", "其他场景", ""),
            ],
            products: vec![
                choice("service:map", "室内地图", "产品服务"),
                choice("device:1", "Smart Beacon 智能信标", "智能硬件"),
            ],
            labels: map(&[
                ("id", "编号"),
                ("created_at", "提交时间"),
                ("status", "状态"),
                ("name", "姓名"),
                ("company", "公司"),
                ("phone", "电话"),
                ("email", "邮箱"),
                ("scenario", "应用场景"),
                ("product", "关注产品"),
                ("message", "需求描述"),
                ("page", "来源页面"),
                ("variant", "站点版本"),
                ("user_agent", "浏览器"),
                ("delivery", "通知状态"),
            ]),
            statuses: map(&[
                ("new", "新线索"),
                ("contacted", "已联系"),
                ("closed", "已关闭"),
            ]),
            variants: map(&[
                ("desktop-international", "国际站电脑版"),
                ("desktop-china", "中国站电脑版"),
                ("mobile", "手机版"),
            ]),
            messages: map(&[
                ("required", "请填写{label}"),
                ("too_long", "{label}最多 {max} 个字"),
                ("phone", "请填写有效的手机号或座机号"),
                ("email", "请填写有效的邮箱地址"),
                ("choice", "请从列表中选择{label}"),
                ("consent", "请阅读并同意隐私政策"),
                ("summary", "有 {count} 项需要修改"),
                ("bot", "提交未成功，请直接致电 {hotline}"),
                ("rate_limited", "提交过于频繁，请 {minutes} 分钟后再试"),
                ("too_large", "内容过长"),
                ("unsupported_type", "不支持的提交格式"),
                ("unavailable", "暂时无法提交，请致电 {hotline}"),
                ("busy", "咨询较多，请 {minutes} 分钟后再试"),
                ("cross_site", "请在本站提交"),
                ("network", "网络异常"),
                ("notification_title", "新的商务咨询"),
                ("notification_english", "英文版页面提交"),
            ]),
        }
    }

    #[test]
    fn the_test_catalog_passes_its_check() {
        test_catalog().check().expect("complete");
    }

    #[test]
    fn check_names_what_is_missing_or_repeated() {
        let mut catalog = test_catalog();
        catalog.messages.remove("summary");
        catalog.labels.remove("delivery");
        assert!(catalog.check().unwrap_err().contains("summary"));
        let mut catalog = test_catalog();
        catalog.labels.insert("delivery".to_owned(), " ".to_owned());
        assert!(catalog.check().unwrap_err().contains("delivery"));
        let mut catalog = test_catalog();
        catalog.statuses.remove("closed");
        assert!(catalog.check().unwrap_err().contains("closed"));
        let mut catalog = test_catalog();
        catalog.variants.remove("mobile");
        assert!(catalog.check().unwrap_err().contains("mobile"));
        let mut catalog = test_catalog();
        catalog.scenarios.retain(|choice| choice.value != "other");
        assert!(catalog.check().unwrap_err().contains("other"));
        let mut catalog = test_catalog();
        let twice = catalog.products[0].clone();
        catalog.products.push(twice);
        assert!(catalog.check().unwrap_err().contains("service:map"));
    }

    #[test]
    fn messages_fill_their_placeholders() {
        let catalog = test_catalog();
        assert_eq!(
            catalog.field_message(Field::Name, ErrorCode::TooLong),
            "姓名最多 40 个字"
        );
        assert_eq!(
            catalog.field_message(Field::Scenario, ErrorCode::Choice),
            "请从列表中选择应用场景"
        );
        assert_eq!(
            catalog.message("unavailable", &[("hotline", "400-000-0000".to_owned())]),
            "暂时无法提交，请致电 400-000-0000"
        );
        assert_eq!(catalog.message("summary", &[]), "有 {count} 项需要修改");
        assert_eq!(catalog.message("no_such_key", &[]), "no_such_key");
    }

    #[test]
    fn the_leads_object_is_read_from_the_manifest_alone() {
        let dist = tempfile::TempDir::new().expect("temp dir");
        let mut form = serde_json::to_value(test_catalog()).expect("serialises");
        form["form_path"] = "/next/business".into();
        let leads = serde_json::json!({ "admin_page": "x", "forms": { "zh-Hans": form } });
        let manifest = serde_json::json!({ "version": 9, "pages": [], "leads": leads });
        std::fs::write(dist.path().join("manifest.json"), manifest.to_string()).expect("write");
        assert_eq!(
            Catalog::from_manifest_file(dist.path()).expect("reads"),
            test_catalog()
        );
        std::fs::write(dist.path().join("manifest.json"), "{\"version\": 3}").expect("write");
        let message = Catalog::from_manifest_file(dist.path())
            .unwrap_err()
            .to_string();
        assert!(message.contains("no `leads` section"), "{message}");
        let message = Catalog::from_manifest_file(&dist.path().join("absent"))
            .unwrap_err()
            .to_string();
        assert!(message.contains("web build"), "{message}");
    }
}
