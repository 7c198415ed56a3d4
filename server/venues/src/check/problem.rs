//! What the venue check reports: one problem per broken rule, naming the file, the feature id and
//! the field at fault, the rule of the contract it breaks, and what to do, in Chinese and in
//! English (`Said`: the editors read the Chinese, a visitor who uploads a building reads the
//! language their page asks for). Where a problem is, and the rule's name, are the editors' and
//! stay Chinese.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::features::Feature;
use crate::Said;

/// The rules a venue is checked against, each with the section of the contract it comes from
/// (docs/venue-contract.md, docs/imdf.md, docs/live-positioning.md). One list: the messages, the
/// JSON the web build reads and the tests all name a rule through it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rule {
    /// §1: which files a venue directory holds, and that each reads.
    Files,
    /// §2.1: FeatureCollections of their type, version-4 ids unique in the venue, every key.
    Features,
    /// §2.2: the manifest's language and a Chinese entry in every name.
    Names,
    /// §2.3: positions, rings and their winding.
    Geometry,
    /// §2.4: levels' short names and ordinals; everything inside its level; no overlaps.
    Levels,
    /// §2.6: openings on their walls, entrances named.
    Openings,
    /// §2.7: relationships between levels.
    Relationships,
    /// §2.8: guide screens and parking.
    KiosksAndParking,
    /// §2.9: venue.toml.
    Settings,
    /// §1 and §3.1: every category a visitor sees has an entry in categories.toml.
    Categories,
    /// docs/imdf.md §4: every reference resolves to a feature of the right type; one venue.
    References,
    /// §5: every shop, room, amenity, guide screen and parking space reachable from an entrance.
    Reachable,
    /// docs/live-positioning.md: the positioning devices of infrastructure.geojson.
    Devices,
}

impl Rule {
    /// Where the rule is written.
    pub fn section(self) -> &'static str {
        match self {
            Rule::Files => "venue-contract §1",
            Rule::Features => "venue-contract §2.1",
            Rule::Names => "venue-contract §2.2",
            Rule::Geometry => "venue-contract §2.3",
            Rule::Levels => "venue-contract §2.4",
            Rule::Openings => "venue-contract §2.6",
            Rule::Relationships => "venue-contract §2.7",
            Rule::KiosksAndParking => "venue-contract §2.8",
            Rule::Settings => "venue-contract §2.9",
            Rule::Categories => "venue-contract §3.1",
            Rule::References => "imdf §4",
            Rule::Reachable => "venue-contract §5",
            Rule::Devices => "live-positioning §2",
        }
    }

    /// The rule's name as the message shows it.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Files => "场馆文件",
            Rule::Features => "要素与编号",
            Rule::Names => "中文名称",
            Rule::Geometry => "几何形状",
            Rule::Levels => "楼层",
            Rule::Openings => "门与入口",
            Rule::Relationships => "楼层间连接",
            Rule::KiosksAndParking => "导视屏与停车",
            Rule::Settings => "venue.toml",
            Rule::Categories => "类别词条",
            Rule::References => "引用",
            Rule::Reachable => "可达",
            Rule::Devices => "定位设备",
        }
    }
}

/// One broken rule.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Problem {
    /// The file as the caller names the venue directory: `content/venues/demo-mall/unit.geojson`.
    pub file: String,
    /// The feature at fault, when the problem is one feature's.
    pub feature: Option<String>,
    /// The property path or key at fault (`properties.level_id`, `samples.start`), or empty.
    pub field: String,
    pub rule: Rule,
    /// What is wrong and what to do, in Chinese and in English.
    pub message: Said,
}

impl Problem {
    /// Where the problem is, after the file: `要素 <id> <field>`, `<field>` or empty.
    pub fn place(&self) -> String {
        match (&self.feature, self.field.is_empty()) {
            (Some(id), true) => format!("要素 {id}"),
            (Some(id), false) => format!("要素 {id} {}", self.field),
            (None, _) => self.field.clone(),
        }
    }

    /// The message with the rule it breaks: `…（规则：引用，imdf §4）`.
    pub fn explained(&self) -> String {
        format!(
            "{}（规则：{}，{}）",
            self.message,
            self.rule.name(),
            self.rule.section()
        )
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let place = self.place();
        if place.is_empty() {
            write!(f, "{}: {}", self.file, self.explained())
        } else {
            write!(f, "{}: {place}: {}", self.file, self.explained())
        }
    }
}

/// The problems of one check, collected as the rules run. `prefix` is how problems name the
/// venue directory (`content/venues/demo-mall`).
#[derive(Debug, Default)]
pub(crate) struct Problems {
    prefix: String,
    pub(crate) list: Vec<Problem>,
}

impl Problems {
    pub(crate) fn new(prefix: &str) -> Problems {
        Problems {
            prefix: prefix.trim_end_matches('/').to_owned(),
            list: Vec::new(),
        }
    }

    /// A problem of file `name` of the directory (`unit.geojson`, `venue.toml`), not of one
    /// feature; an empty name is the directory itself.
    pub(crate) fn file(&mut self, name: &str, field: &str, rule: Rule, message: impl Into<Said>) {
        let file = if name.is_empty() {
            self.prefix.clone()
        } else {
            format!("{}/{name}", self.prefix)
        };
        self.list.push(Problem {
            file,
            feature: None,
            field: field.to_owned(),
            rule,
            message: message.into(),
        });
    }

    /// A problem of one feature; `field` is a property path or empty.
    pub(crate) fn feature(
        &mut self,
        feature: &Feature,
        field: &str,
        rule: Rule,
        message: impl Into<Said>,
    ) {
        self.feature_id(feature.kind.file(), &feature.id, field, rule, message);
    }

    /// A problem of the feature `id` of file `name`, for features not (or not yet) in the model.
    pub(crate) fn feature_id(
        &mut self,
        name: &str,
        id: &str,
        field: &str,
        rule: Rule,
        message: impl Into<Said>,
    ) {
        self.list.push(Problem {
            file: format!("{}/{name}", self.prefix),
            feature: Some(id.to_owned()),
            field: field.to_owned(),
            rule,
            message: message.into(),
        });
    }

    /// No problems, naming the directory as these do: for problems kept or dropped as a whole.
    pub(crate) fn empty_like(&self) -> Problems {
        Problems {
            prefix: self.prefix.clone(),
            list: Vec::new(),
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.list.len()
    }

    pub(crate) fn into_list(self) -> Vec<Problem> {
        self.list
    }
}
