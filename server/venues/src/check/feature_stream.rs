//! A feature file read one feature at a time (issue #32): a FeatureCollection of 150,000 units
//! read whole into JSON values held several hundred MB before the first rule ran. Only the
//! usual shape is streamed, an object with one `type` and one `features` array, valid JSON
//! throughout; anything else is left to the whole-file reader, so every odd file is told
//! exactly what it was told before.

use std::fmt;

use serde::de::{DeserializeSeed, Deserializer, Error, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::Value;

/// Calls `on_feature` with each element of the file's `features`, in order; then whether the
/// file's `type` is "FeatureCollection". None when the file is not of the usual shape: what
/// `on_feature` was given must then be forgotten, and the file read whole.
pub(super) fn stream_features(text: &str, on_feature: &mut dyn FnMut(Value)) -> Option<bool> {
    // Syntax first, without building anything, so that a broken file does not feed the rules a
    // part of its features before its error is known.
    serde_json::from_str::<IgnoredAny>(text).ok()?;
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let collection = deserializer
        .deserialize_map(CollectionVisitor { on_feature })
        .ok()?;
    deserializer.end().ok()?;
    Some(collection)
}

struct CollectionVisitor<'f> {
    on_feature: &'f mut dyn FnMut(Value),
}

impl<'de> Visitor<'de> for CollectionVisitor<'_> {
    type Value = bool;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a FeatureCollection object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<bool, A::Error> {
        let (mut kind, mut features) = (None::<Value>, false);
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "type" if kind.is_none() => kind = Some(map.next_value()?),
                "features" if !features => {
                    map.next_value_seed(FeaturesSeed {
                        on_feature: &mut *self.on_feature,
                    })?;
                    features = true;
                }
                // A repeated key: the whole-file reader decides which one counts.
                "type" | "features" => return Err(A::Error::custom("repeated key")),
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        if !features {
            return Err(A::Error::custom("no features"));
        }
        Ok(matches!(kind, Some(Value::String(t)) if t == "FeatureCollection"))
    }
}

struct FeaturesSeed<'f> {
    on_feature: &'f mut dyn FnMut(Value),
}

impl<'de> DeserializeSeed<'de> for FeaturesSeed<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for FeaturesSeed<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an array of features")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while let Some(feature) = seq.next_element::<Value>()? {
            (self.on_feature)(feature);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn streamed(text: &str) -> (Option<bool>, Vec<Value>) {
        let mut seen = Vec::new();
        let collection = stream_features(text, &mut |feature| seen.push(feature));
        (collection, seen)
    }

    #[test]
    fn a_collection_is_read_feature_by_feature_in_order() {
        let (collection, seen) = streamed(
            r#"{"type": "FeatureCollection", "name": {"x": [1]}, "features": [1, {"a": 2}]}"#,
        );
        assert_eq!(collection, Some(true));
        assert_eq!(
            seen,
            vec![serde_json::json!(1), serde_json::json!({"a": 2})]
        );
        let (collection, _) = streamed(r#"{"features": [], "type": "FeatureCollection"}"#);
        assert_eq!(collection, Some(true));
        let (collection, seen) = streamed(r#"{"type": "Feature", "features": [1]}"#);
        assert_eq!((collection, seen.len()), (Some(false), 1));
    }

    #[test]
    fn unusual_files_are_left_to_the_whole_file_reader() {
        for text in [
            r#"{"type": "FeatureCollection", "features": [1, 2"#,
            r#"{"type": "FeatureCollection", "features": [1e400]}"#,
            r#"{"type": "FeatureCollection", "features": [1], "features": [2]}"#,
            r#"{"type": "FeatureCollection", "type": "x", "features": []}"#,
            r#"{"type": "FeatureCollection", "features": {}}"#,
            r#"{"type": "FeatureCollection"}"#,
            r#"[{"type": "FeatureCollection", "features": []}]"#,
            r#"{"type": "FeatureCollection", "features": []} x"#,
        ] {
            assert_eq!(streamed(text).0, None, "{text}");
        }
    }
}
