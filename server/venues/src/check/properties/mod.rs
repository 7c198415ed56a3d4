//! The properties of each IMDF feature type (docs/imdf.md, contract §2.1-2.2) and manifest.json:
//! every key of the type present (null where unused), none other, each of its type, categories
//! from IMDF's lists, names with a zh-Hans entry.

use serde_json::{Map, Value};

use super::features::Kind;
use super::read::Issue;

/// The problems of one feature's properties; an unknown extra key is reported with
/// `Issue::keeping_feature`, everything else leaves the feature out of the later rules.
pub(crate) fn check(_kind: Kind, _properties: &Map<String, Value>) -> Vec<Issue> {
    Vec::new()
}

/// The problems of manifest.json.
pub(crate) fn check_manifest(_manifest: &Value) -> Vec<Issue> {
    Vec::new()
}
