//! Relationships as connectors: elevators, escalators, stairs and ramps joining units of
//! different levels (docs/venue-contract.md §2.7).

use super::super::imdf::{self, Feature};
use super::super::load_error::LoadError;
use super::super::model::{Connector, ConnectorKind, FeatureRef, Level, Unit};
use super::Builder;

impl Builder {
    pub(super) fn connectors(
        &mut self,
        units: &[Unit],
        levels: &[Level],
    ) -> Result<Vec<Connector>, LoadError> {
        let connectors = self.build_each(
            "relationship",
            |_| FeatureRef::Other,
            |b, _, f| b.connector(f, units, levels),
        )?;
        Ok(connectors.into_iter().flatten().collect())
    }

    /// One relationship as a connector; other categories (traversal…) are not routed.
    fn connector(
        &self,
        f: Feature<imdf::RelationshipProps>,
        units: &[Unit],
        levels: &[Level],
    ) -> Result<Option<Connector>, LoadError> {
        let p = f.properties;
        let Some(kind) = ConnectorKind::of_category(&p.category) else {
            return Ok(None);
        };
        let wrong = |message: String| LoadError::Relationship {
            file: self.file.clone(),
            feature: f.id.clone(),
            message,
        };
        let mut refs = Vec::new();
        refs.extend(p.origin.iter().map(|r| ("origin", r)));
        refs.extend(p.intermediary.iter().flatten().map(|r| ("intermediary", r)));
        refs.extend(p.destination.iter().map(|r| ("destination", r)));
        let mut joined = Vec::new();
        for (key, r) in refs {
            match self.ids.get(&r.id) {
                Some(FeatureRef::Unit(u)) if r.feature_type == "unit" => joined.push(*u),
                _ => return Err(self.reference(&f.id, key, &r.id, "unit")),
            }
        }
        if joined.len() < 2 {
            return Err(wrong(
                "a relationship needs an origin and a destination unit".to_owned(),
            ));
        }
        let directed = p.direction == "directed";
        if directed && joined.len() != 2 {
            return Err(wrong("an escalator joins exactly two units".to_owned()));
        }
        let mut seen = Vec::new();
        for &u in &joined {
            let short = &levels[units[u].level].short;
            if seen.contains(&units[u].level) {
                return Err(wrong(format!(
                    "joins two units on level {short}; each unit must be on its own level"
                )));
            }
            seen.push(units[u].level);
        }
        if !directed {
            // Levels are sorted by ordinal, so sorting by level index orders the stops.
            joined.sort_by_key(|&u| units[u].level);
        }
        Ok(Some(Connector {
            name: joined.iter().find_map(|&u| units[u].name.clone()),
            id: f.id,
            kind,
            units: joined,
            directed,
        }))
    }
}
