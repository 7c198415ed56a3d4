//! Reads a venue's positioning devices (`infrastructure.geojson`, beside its IMDF files in
//! content/, one level up from them in dist/) into the engine's terms: local metres and level
//! ordinals. The build has checked the file strictly; this reads what the engine needs and names
//! the feature at fault if the file was changed since.

use std::path::Path;

use serde::Deserialize;
use site_positioning::{Device, DeviceKind, Point as EnginePoint};

use super::imdf::Geometry;
use super::load_error::LoadError;
use super::model::Model;
use super::read::read_features;

#[derive(Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Properties {
    BleBeacon {
        level_id: String,
        height: f64,
        tx_power: f64,
    },
    AoaGateway {
        level_id: String,
        height: f64,
        range: f64,
    },
    UwbAnchor {
        level_id: String,
        height: f64,
    },
}

/// The devices of `<dir>/infrastructure.geojson`; none when the venue has no such file.
pub fn read_devices(dir: &Path, model: &Model) -> Result<Vec<Device>, LoadError> {
    let (file, features) = read_features::<Properties>(dir, "infrastructure")?;
    features
        .into_iter()
        .map(|feature| {
            let (kind, level_id, height, tx_power, range) = match feature.properties {
                Properties::BleBeacon {
                    level_id,
                    height,
                    tx_power,
                } => (DeviceKind::BleBeacon, level_id, height, tx_power, 0.0),
                Properties::AoaGateway {
                    level_id,
                    height,
                    range,
                } => (DeviceKind::AoaGateway, level_id, height, 0.0, range),
                Properties::UwbAnchor { level_id, height } => {
                    (DeviceKind::UwbAnchor, level_id, height, 0.0, 0.0)
                }
            };
            let Some(Geometry::Point([lon, lat])) = feature.geometry else {
                return Err(LoadError::Geometry {
                    file: file.clone(),
                    feature: feature.id,
                    message: "a device is a Point".to_owned(),
                });
            };
            let Some(level) = model.levels.iter().find(|l| l.id == level_id) else {
                return Err(LoadError::Property {
                    file: file.clone(),
                    feature: feature.id,
                    key: "level_id".to_owned(),
                    message: format!("no level has the id {level_id}"),
                });
            };
            let at = model.frame.to_local(lon, lat);
            Ok(Device {
                kind,
                level: level.ordinal,
                at: EnginePoint::new(at.x, at.y),
                height,
                tx_power,
                range,
            })
        })
        .collect()
}
