//! The order of a building's levels. IMDF orders levels by their ordinals, and the venue contract
//! has every lift, escalator and stairs relationship list its units from the lowest level to the
//! highest (§2.7), so a new order gives the levels the ordinals they had, in the new order, and
//! puts each relationship's units in the new order too.

use std::collections::HashMap;

use serde_json::{Map, Value};

use super::{Change, EditError, Files};
use crate::said;

impl Files<'_> {
    /// Orders the levels as `ids` lists them, lowest first; answers the changes that undo it.
    pub(super) fn order_levels(
        &mut self,
        index: usize,
        ids: &[String],
    ) -> Result<Vec<Change>, EditError> {
        let levels = self.file(index, "level")?;
        let mut ordinals: Vec<(String, i64)> = levels
            .features()
            .iter()
            .filter_map(|level| {
                let id = level["id"].as_str()?.to_owned();
                Some((id, level["properties"]["ordinal"].as_i64()?))
            })
            .collect();
        let mut listed: Vec<&String> = ids.iter().collect();
        listed.sort();
        listed.dedup();
        let mut known: Vec<&String> = ordinals.iter().map(|(id, _)| id).collect();
        known.sort();
        if listed.len() != ids.len() || listed != known {
            return Err(EditError::Cannot {
                index,
                reason: said!(
                    "楼层顺序应把全部 {} 个楼层各列一次",
                    "List each of the {} levels exactly once in the new order",
                    known.len()
                ),
            });
        }
        ordinals.sort_by_key(|(_, ordinal)| *ordinal);
        let new: HashMap<&str, i64> = ids
            .iter()
            .zip(&ordinals)
            .map(|(id, (_, ordinal))| (id.as_str(), *ordinal))
            .collect();
        let mut undo = Vec::new();
        for (id, old) in &ordinals {
            let now = new[id.as_str()];
            if now != *old {
                set(levels, id, "ordinal", Value::from(now));
                undo.push(put_back(
                    "level",
                    id,
                    [("ordinal".to_owned(), Value::from(*old))],
                ));
            }
        }

        // Each unit's level's new ordinal.
        let units = self.file(index, "unit")?;
        let ordinal_of: HashMap<String, i64> = units
            .features()
            .iter()
            .filter_map(|unit| {
                let level = unit["properties"]["level_id"].as_str()?;
                Some((unit["id"].as_str()?.to_owned(), *new.get(level)?))
            })
            .collect();
        let relationships = self.file(index, "relationship")?;
        let mut reordered = Vec::new();
        for relationship in relationships.features().iter_mut() {
            let properties = &mut relationship["properties"];
            let mut nodes: Vec<Value> = nodes(properties).cloned().collect();
            let rank = |node: &Value| {
                let unit = node["feature_type"] == "unit";
                node["id"]
                    .as_str()
                    .and_then(|id| ordinal_of.get(id))
                    .filter(|_| unit)
                    .copied()
            };
            if nodes.iter().any(|node| rank(node).is_none()) {
                continue;
            }
            let before = nodes.clone();
            nodes.sort_by_key(|node| rank(node));
            if nodes == before {
                continue;
            }
            let old: Vec<(String, Value)> = ["origin", "intermediary", "destination"]
                .iter()
                .map(|key| ((*key).to_owned(), properties[*key].clone()))
                .collect();
            let last = nodes.len() - 1;
            properties["destination"] = nodes[last].clone();
            properties["origin"] = nodes[0].clone();
            let middle = &nodes[1..last];
            properties["intermediary"] = if middle.is_empty() && old[1].1.is_null() {
                Value::Null
            } else {
                Value::from(middle.to_vec())
            };
            let id = relationship["id"].as_str().unwrap_or_default().to_owned();
            reordered.push(put_back("relationship", &id, old));
        }
        relationships.changed |= !reordered.is_empty();
        undo.extend(reordered);
        Ok(undo)
    }
}

fn set(file: &mut super::FeatureFile, id: &str, key: &str, value: Value) {
    if let Some(&at) = file.by_id.get(id) {
        file.features()[at]["properties"][key] = value;
        file.changed = true;
    }
}

fn put_back(
    feature_type: &str,
    id: &str,
    properties: impl IntoIterator<Item = (String, Value)>,
) -> Change {
    Change::Patch {
        feature_type: feature_type.to_owned(),
        id: id.to_owned(),
        geometry: None,
        properties: Some(Map::from_iter(properties)),
    }
}

/// A relationship's features in order: its origin, intermediaries and destination.
pub(super) fn nodes(properties: &Value) -> impl Iterator<Item = &Value> + Clone {
    std::iter::once(&properties["origin"])
        .chain(properties["intermediary"].as_array().into_iter().flatten())
        .chain(std::iter::once(&properties["destination"]))
}
