//! Reads one `<feature_type>.geojson` file of a venue directory into typed features. The typed
//! parse is the fast path; only when it fails is the file read again feature by feature, to
//! name the feature and the property at fault.

use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;

use super::imdf::{Feature, FeatureCollection};
use super::load_error::LoadError;

/// The feature files every venue directory has; any other may be left out (a venue without
/// kiosks needs no kiosk.geojson).
const REQUIRED: [&str; 3] = ["venue", "level", "unit"];

/// The features of `<dir>/<feature_type>.geojson`; a file that may be left out and is holds no
/// features.
pub(crate) fn read_features<P: DeserializeOwned>(
    dir: &Path,
    feature_type: &str,
) -> Result<(PathBuf, Vec<Feature<P>>), LoadError> {
    let file = dir.join(format!("{feature_type}.geojson"));
    let text = match std::fs::read(&file) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && !REQUIRED.contains(&feature_type) => {
            return Ok((file, Vec::new()));
        }
        Err(source) => return Err(LoadError::Unreadable { file, source }),
    };
    let features = match serde_json::from_slice::<FeatureCollection<P>>(&text) {
        Ok(collection) if collection.kind == "FeatureCollection" => collection.features,
        Ok(collection) => {
            let message = format!("type is {:?}", collection.kind);
            return Err(LoadError::BadJson { file, message });
        }
        Err(e) => return Err(explain::<P>(file, &text, &e)),
    };
    for feature in &features {
        if feature.feature_type != feature_type {
            return Err(LoadError::WrongFeatureType {
                file,
                feature: feature.id.clone(),
                found: feature.feature_type.clone(),
                expected: feature_type.to_owned(),
            });
        }
    }
    Ok((file, features))
}

/// Finds the first feature that does not fit `P` and says which property is wrong.
fn explain<P: DeserializeOwned>(
    file: PathBuf,
    text: &[u8],
    error: &serde_json::Error,
) -> LoadError {
    let whole: serde_json::Value = match serde_json::from_slice(text) {
        Ok(value) => value,
        Err(e) => {
            return LoadError::BadJson {
                file,
                message: e.to_string(),
            };
        }
    };
    let Some(features) = whole.get("features").and_then(|f| f.as_array()) else {
        let message = "no \"features\" array".to_owned();
        return LoadError::BadJson { file, message };
    };
    for (index, value) in features.iter().enumerate() {
        let feature = match value.get("id").and_then(|id| id.as_str()) {
            Some(id) => id.to_owned(),
            None => format!("#{index} (no string id)"),
        };
        if let Err(e) = serde_path_to_error::deserialize::<_, Feature<P>>(value) {
            let path = e.path().to_string();
            let key = path.strip_prefix("properties.").unwrap_or(&path).to_owned();
            let message = e.into_inner().to_string();
            return if path.starts_with("geometry") {
                LoadError::Geometry {
                    file,
                    feature,
                    message: format!("{path}: {message}"),
                }
            } else {
                LoadError::Property {
                    file,
                    feature,
                    key,
                    message,
                }
            };
        }
    }
    LoadError::BadJson {
        file,
        message: error.to_string(),
    }
}
