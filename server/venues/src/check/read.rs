//! Reads one venue directory for the check (contract §1 and §2.1-2.3): which files it holds, each
//! file as JSON or TOML, each feature's envelope (a Feature, a version-4 id unique in the venue,
//! the `feature_type` of its file), its geometry (the type its feature type carries, positions in
//! WGS 84, closed rings) and its properties (`properties`). Features that pass go into the model;
//! the rest are reported and left out.

use std::collections::HashMap;
use std::path::Path;

use serde_json::Value;

use super::feature_stream::stream_features;
use super::features::{Feature, Kind, VenueFiles};
use super::problem::{Problems, Rule};
use super::properties;
use super::properties::patterns::{UuidForm, is_uuid};
use crate::imdf::{Geometry, Position};
use crate::{Said, said};

/// A problem of one part of a feature, before it is known whether the feature passes.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Issue {
    pub field: String,
    pub rule: Rule,
    pub message: Said,
    /// Whether the feature still goes on to the later rules (an unknown extra key does not make
    /// a feature unusable; a missing or mistyped one does).
    pub keeps_feature: bool,
}

impl Issue {
    pub(crate) fn new(field: impl Into<String>, rule: Rule, message: impl Into<Said>) -> Issue {
        Issue {
            field: field.into(),
            rule,
            message: message.into(),
            keeps_feature: false,
        }
    }

    /// The same issue, reported without leaving the feature out of the later rules.
    pub(crate) fn keeping_feature(self) -> Issue {
        Issue {
            keeps_feature: true,
            ..self
        }
    }
}

pub(crate) const MANIFEST: &str = "manifest.json";
pub(crate) const SETTINGS: &str = "venue.toml";
pub(crate) const INFRASTRUCTURE: &str = "infrastructure.geojson";

/// What an IMDF file or infrastructure.geojson that is no FeatureCollection is told.
pub(crate) fn not_a_feature_collection() -> Said {
    said!(
        r#"必须是 GeoJSON FeatureCollection：{{"type": "FeatureCollection", "features": [...]}}"#,
        r#"Must be a GeoJSON FeatureCollection: {{"type": "FeatureCollection", "features": [...]}}"#
    )
}

pub(crate) fn is_feature_id(text: &str) -> bool {
    is_uuid(text, UuidForm::FeatureId)
}

/// What a directory is read as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scope {
    /// A venue directory of content/venues/: its IMDF files, venue.toml and its devices; its
    /// data is in Simplified Chinese (contract §2.2).
    Venue,
    /// The IMDF files alone, as the server loads them (dist/venues/<id>/imdf/ holds nothing
    /// else) and as a visitor uploads them. venue.toml and infrastructure.geojson are not asked
    /// for, and left unread when they are there: the engine's tests load the venue directories
    /// of content/venues/ directly. The data may be in any language, as IMDF allows: a
    /// visitor's building keeps the languages it carries (issue #35).
    Imdf,
}

/// Reads `dir`; problems name it as the `Problems` were told.
pub(crate) fn read_venue(dir: &Path, scope: Scope, problems: &mut Problems) -> VenueFiles {
    let mut files = VenueFiles::default();
    let mut names: Vec<String> = match std::fs::read_dir(dir) {
        Ok(entries) => entries
            .filter_map(Result::ok)
            .map(|entry| entry.file_name().to_string_lossy().into_owned())
            .collect(),
        Err(e) => {
            problems.file(
                "",
                "",
                Rule::Files,
                said!("无法读取这个目录：{e}", "Cannot read this directory: {e}"),
            );
            return files;
        }
    };
    names.sort();
    for name in &names {
        let known = Kind::ALL.iter().any(|kind| kind.file() == name)
            || [MANIFEST, SETTINGS, INFRASTRUCTURE].contains(&name.as_str());
        if !known {
            problems.file(
                name,
                "",
                Rule::Files,
                said!(
                    "不是场馆目录里的文件：场馆目录只放 IMDF 要素文件、manifest.json、venue.toml，定位设备另放 infrastructure.geojson；请删除或改名",
                    "Not a file of a venue directory: a venue directory holds only the IMDF feature files, manifest.json and venue.toml, with positioning devices in infrastructure.geojson. Remove or rename this file"
                ),
            );
        }
    }
    files.manifest = read_json(dir, MANIFEST, problems, true);
    if let Some(manifest) = &files.manifest {
        for issue in properties::check_manifest(manifest, scope) {
            problems.file(MANIFEST, &issue.field, issue.rule, issue.message);
        }
    }
    if scope == Scope::Venue {
        files.settings = read_toml(dir, SETTINGS, problems);
        files.infrastructure = read_json(dir, INFRASTRUCTURE, problems, false);
    }
    let mut seen: HashMap<String, Kind> = HashMap::new();
    for kind in Kind::ALL {
        read_features(dir, kind, scope, &mut seen, &mut files, problems);
    }
    files
}

/// A JSON file of the directory; None when missing (a problem if `required`) or broken.
fn read_json(dir: &Path, name: &str, problems: &mut Problems, required: bool) -> Option<Value> {
    let text = read_text(dir, name, problems, required)?;
    parse_json(name, &text, problems)
}

fn parse_json(name: &str, text: &str, problems: &mut Problems) -> Option<Value> {
    match serde_json::from_str(text) {
        Ok(value) => Some(value),
        Err(e) => {
            problems.file(
                name,
                "",
                Rule::Files,
                said!("不是有效的 JSON：{e}", "Not valid JSON: {e}"),
            );
            None
        }
    }
}

fn read_toml(dir: &Path, name: &str, problems: &mut Problems) -> Option<toml::Table> {
    let text = read_text(dir, name, problems, true)?;
    match text.parse::<toml::Table>() {
        Ok(table) => Some(table),
        Err(e) => {
            let message = e.message().to_owned();
            problems.file(
                name,
                "",
                Rule::Files,
                said!("不是有效的 TOML：{message}", "Not valid TOML: {message}"),
            );
            None
        }
    }
}

fn read_text(dir: &Path, name: &str, problems: &mut Problems, required: bool) -> Option<String> {
    match std::fs::read_to_string(dir.join(name)) {
        Ok(text) => Some(text),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            if required {
                problems.file(name, "", Rule::Files, missing_message(name));
            }
            None
        }
        Err(e) => {
            problems.file(
                name,
                "",
                Rule::Files,
                said!("无法读取：{e}", "Cannot read this file: {e}"),
            );
            None
        }
    }
}

fn missing_message(name: &str) -> Said {
    if name.ends_with(".geojson") {
        said!(
            "文件缺失：场馆目录要有契约第 1 节的每个 IMDF 文件（没有这类要素时写一个空的 FeatureCollection）",
            "Missing file: a venue directory has every IMDF file listed in section 1 of the venue contract (write an empty FeatureCollection when there are no features of this type)"
        )
    } else {
        said!(
            "文件缺失：每个场馆目录都要有 {name}",
            "Missing file: every venue directory needs {name}"
        )
    }
}

fn read_features(
    dir: &Path,
    kind: Kind,
    scope: Scope,
    seen: &mut HashMap<String, Kind>,
    files: &mut VenueFiles,
    problems: &mut Problems,
) {
    let name = kind.file();
    let Some(text) = read_text(dir, name, problems, true) else {
        return;
    };
    let mut read = FeaturesRead::new(kind, scope, problems);
    let streamed = stream_features(&text, &mut |value| read.feature(value, seen));
    match streamed {
        Some(true) => return read.keep(files, problems),
        Some(false) => {
            read.forget(seen);
            return problems.file(name, "", Rule::Features, not_a_feature_collection());
        }
        None => read.forget(seen),
    }
    let Some(mut raw) = parse_json(name, &text, problems) else {
        return;
    };
    drop(text);
    let collection = matches!(&raw["type"], Value::String(t) if t == "FeatureCollection");
    let features = match raw.get_mut("features").and_then(Value::as_array_mut) {
        Some(features) if collection => std::mem::take(features),
        _ => {
            problems.file(name, "", Rule::Features, not_a_feature_collection());
            return;
        }
    };
    drop(raw);
    let mut read = FeaturesRead::new(kind, scope, problems);
    for value in features {
        read.feature(value, seen);
    }
    read.keep(files, problems);
}

/// The features of one file as they are read: kept, with their problems, once the file is known
/// to be a FeatureCollection, or forgotten.
struct FeaturesRead {
    kind: Kind,
    scope: Scope,
    index: usize,
    problems: Problems,
    passed: Vec<Feature>,
    /// Ids this file added to those seen, to take back if it is forgotten.
    new_ids: Vec<String>,
}

impl FeaturesRead {
    fn new(kind: Kind, scope: Scope, problems: &Problems) -> FeaturesRead {
        FeaturesRead {
            kind,
            scope,
            index: 0,
            problems: problems.empty_like(),
            passed: Vec::new(),
            new_ids: Vec::new(),
        }
    }

    fn keep(self, files: &mut VenueFiles, problems: &mut Problems) {
        problems.list.extend(self.problems.into_list());
        for feature in self.passed {
            files.insert(feature);
        }
    }

    fn forget(self, seen: &mut HashMap<String, Kind>) {
        for id in &self.new_ids {
            seen.remove(id);
        }
    }

    /// Checks one element of `features`; its properties move into the model if it passes and
    /// the rest of it is dropped, so a large upload is not held twice.
    fn feature(&mut self, mut value: Value, seen: &mut HashMap<String, Kind>) {
        let (kind, name, index) = (self.kind, self.kind.file(), self.index);
        self.index += 1;
        let problems = &mut self.problems;
        let Some(object) = value.as_object_mut() else {
            problems.file(
                name,
                &format!("features[{index}]"),
                Rule::Features,
                said!(
                    "必须是 GeoJSON Feature 对象",
                    "Must be a GeoJSON Feature object"
                ),
            );
            return;
        };
        let id = object
            .get("id")
            .and_then(Value::as_str)
            .filter(|id| !id.is_empty());
        let seen_before = seen.len();
        let mut issues = envelope_issues(kind, object, id, seen);
        if seen.len() > seen_before
            && let Some(id) = id
        {
            self.new_ids.push(id.to_owned());
        }
        let envelope_ok = issues.is_empty();
        let geometry = check_geometry(kind, object.get("geometry"), &mut issues);
        let geometry_ok = issues.is_empty();
        let properties = object.get("properties").and_then(Value::as_object);
        match properties {
            Some(properties) => issues.extend(properties::check(kind, properties, self.scope)),
            None => issues.push(Issue::new(
                "properties",
                Rule::Features,
                said!(
                    "必须是 IMDF 属性的对象",
                    "Must be an object of IMDF properties"
                ),
            )),
        }
        let passed = envelope_ok && geometry_ok && issues.iter().all(|issue| issue.keeps_feature);
        for issue in issues {
            match id {
                Some(id) => problems.feature_id(name, id, &issue.field, issue.rule, issue.message),
                None => problems.file(
                    name,
                    &format!("features[{index}] {}", issue.field),
                    issue.rule,
                    issue.message,
                ),
            }
        }
        let id = id.map(str::to_owned);
        if let (true, Some(id), Some(Value::Object(properties))) =
            (passed, id, object.remove("properties"))
        {
            self.passed.push(Feature {
                id,
                kind,
                geometry,
                properties,
            });
        }
    }
}

fn envelope_issues(
    kind: Kind,
    object: &serde_json::Map<String, Value>,
    id: Option<&str>,
    seen: &mut HashMap<String, Kind>,
) -> Vec<Issue> {
    let mut issues = Vec::new();
    if object.get("type").and_then(Value::as_str) != Some("Feature") {
        issues.push(Issue::new(
            "type",
            Rule::Features,
            said!(r#"必须是 "Feature""#, r#"Must be "Feature""#),
        ));
    }
    match id {
        None => issues.push(Issue::new(
            "id",
            Rule::Features,
            said!(
                "缺少 id：每个要素都有一个第 4 版 UUID 编号",
                "Missing id: every feature needs a version 4 UUID as its id"
            ),
        )),
        Some(id) if !is_feature_id(id) => issues.push(Issue::new(
            "id",
            Rule::Features,
            said!(
                "必须是小写十六进制的第 4 版 UUID：xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx",
                "Must be a version 4 UUID in lowercase hex: xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx"
            ),
        )),
        Some(id) => match seen.get(id) {
            Some(other) => issues.push(Issue::new(
                "id",
                Rule::Features,
                said!(
                    "与 {file} 里的一个 {kind} 重复；编号在整个场馆内唯一",
                    "Duplicate id: already used in {file} by a feature of type {kind}; ids must be unique across the whole venue",
                    file = other.file(),
                    kind = other.name()
                ),
            )),
            None => {
                seen.insert(id.to_owned(), kind);
            }
        },
    }
    if object.get("feature_type").and_then(Value::as_str) != Some(kind.name()) {
        let (file, name) = (kind.file(), kind.name());
        let message = match object.get("feature_type") {
            None => said!(
                "是 缺失；{file} 只放 \"{name}\" 要素",
                "Missing; {file} holds only \"{name}\" features"
            ),
            Some(found) => said!(
                "是 {found}；{file} 只放 \"{name}\" 要素",
                "Is {found}; {file} holds only \"{name}\" features"
            ),
        };
        issues.push(Issue::new("feature_type", Rule::Features, message));
    }
    issues
}

/// The geometry types a feature type carries (§2.3, §2.6, §3.3), and why.
fn geometry_rule(kind: Kind) -> (&'static [Option<&'static str>], Said) {
    const POLYGONAL: &[Option<&str>] = &[Some("Polygon"), Some("MultiPolygon")];
    const POLYGON: &[Option<&str>] = &[Some("Polygon")];
    match kind {
        Kind::Address => (&[None], said!("地址没有位置", "an address has no location")),
        Kind::Building => (
            &[None],
            said!(
                "建筑没有位置，形状在它的 footprint 上",
                "a building has no location; its shape is on its footprint"
            ),
        ),
        Kind::Occupant => (
            &[None],
            said!(
                "商户由它的 anchor 定位",
                "an occupant is located by its anchor"
            ),
        ),
        Kind::Venue | Kind::Footprint | Kind::Level => (
            POLYGONAL,
            said!("IMDF 规定它是多边形", "IMDF requires a polygon"),
        ),
        Kind::Unit | Kind::Fixture | Kind::Kiosk | Kind::Section => (
            POLYGON,
            said!(
                "地图为每个要素画一个多边形",
                "the map draws one polygon for each feature"
            ),
        ),
        Kind::Geofence => (
            POLYGON,
            said!(
                "实时演示为每个围栏监视一个多边形",
                "the live demo watches one polygon for each geofence"
            ),
        ),
        Kind::Opening => (
            &[Some("LineString")],
            said!(
                "门是一条线，门的宽度",
                "an opening is a line across its width"
            ),
        ),
        Kind::Amenity | Kind::Anchor => (
            &[Some("Point")],
            said!("IMDF 规定它是点", "IMDF requires a point"),
        ),
        Kind::Relationship => (
            &[
                None,
                Some("Point"),
                Some("LineString"),
                Some("Polygon"),
                Some("MultiPolygon"),
            ],
            said!("关系可以没有位置", "a relationship may have no location"),
        ),
    }
}

fn check_geometry(kind: Kind, value: Option<&Value>, issues: &mut Vec<Issue>) -> Option<Geometry> {
    let (allowed, why) = geometry_rule(kind);
    let expected = allowed
        .iter()
        .map(|t| t.unwrap_or("null"))
        .collect::<Vec<_>>();
    let (expected, expected_en) = (expected.join(" 或 "), expected.join(" or "));
    let value = value.unwrap_or(&Value::Null);
    let found = match value {
        Value::Null => None,
        Value::Object(object) => object.get("type").and_then(Value::as_str),
        _ => Some("?"),
    };
    if !allowed.contains(&found) || (value.is_null() != found.is_none()) {
        let shown = match (value, found) {
            (Value::Object(_), Some(found)) => said!("{found}", "{found}"),
            (Value::Object(_), None) => said!("没有 type 的对象", r#"an object without "type""#),
            (other, _) => said!("{other}", "{other}"),
        };
        let kind = kind.name();
        issues.push(Issue::new(
            "geometry",
            Rule::Geometry,
            Said::new(
                format!(
                    "是 {}；{kind} 的几何是 {expected}（{}）",
                    shown.chinese(),
                    why.chinese()
                ),
                format!(
                    "Is {}; {kind} features take {expected_en} geometry ({})",
                    shown.english(),
                    why.english()
                ),
            ),
        ));
        return None;
    }
    let found = found?;
    let coordinates = value.get("coordinates").unwrap_or(&Value::Null);
    let field = "geometry.coordinates";
    let start = issues.len();
    let geometry = match found {
        "Point" => position(coordinates, field, issues).map(Geometry::Point),
        "LineString" => {
            let line = positions(coordinates, field, issues)?;
            if kind == Kind::Opening && line.len() != 2 {
                issues.push(Issue::new(
                    field,
                    Rule::Geometry,
                    said!(
                        "有 {} 个位置；门是恰好 2 个位置的线（门的两侧）",
                        "Has {} positions; an opening is a line of exactly 2 positions, one at each side of the doorway",
                        line.len()
                    ),
                ));
                return None;
            }
            Some(Geometry::LineString(line))
        }
        "Polygon" => polygon(coordinates, field, issues).map(Geometry::Polygon),
        _ => match coordinates.as_array() {
            Some(list) if !list.is_empty() => list
                .iter()
                .enumerate()
                .map(|(i, p)| polygon(p, &format!("{field}[{i}]"), issues))
                .collect::<Option<Vec<_>>>()
                .map(Geometry::MultiPolygon),
            _ => {
                issues.push(Issue::new(
                    field,
                    Rule::Geometry,
                    said!("必须是多边形的列表", "Must be a list of polygons"),
                ));
                None
            }
        },
    };
    geometry.filter(|_| issues.len() == start)
}

fn position(value: &Value, field: &str, issues: &mut Vec<Issue>) -> Option<Position> {
    let numbers: Option<Vec<f64>> = value
        .as_array()
        .filter(|list| (2..=3).contains(&list.len()))
        .and_then(|list| list.iter().map(Value::as_f64).collect());
    let Some(numbers) = numbers else {
        issues.push(Issue::new(
            field,
            Rule::Geometry,
            said!(
                "必须是一个位置 [经度, 纬度]",
                "Must be a position [longitude, latitude]"
            ),
        ));
        return None;
    };
    let (lon, lat) = (numbers[0], numbers[1]);
    if lon.abs() > 180.0 || lat.abs() > 90.0 {
        issues.push(Issue::new(
            field,
            Rule::Geometry,
            said!(
                "[{lon}, {lat}] 不是 WGS 84 的 [经度, 纬度]",
                "[{lon}, {lat}] is not a WGS 84 [longitude, latitude]"
            ),
        ));
        return None;
    }
    Some([lon, lat])
}

fn positions(value: &Value, field: &str, issues: &mut Vec<Issue>) -> Option<Vec<Position>> {
    let Some(list) = value.as_array() else {
        issues.push(Issue::new(
            field,
            Rule::Geometry,
            said!("必须是位置的列表", "Must be a list of positions"),
        ));
        return None;
    };
    list.iter()
        .enumerate()
        .map(|(i, p)| position(p, &format!("{field}[{i}]"), issues))
        .collect()
}

fn ring(value: &Value, field: &str, issues: &mut Vec<Issue>) -> Option<Vec<Position>> {
    let ring = positions(value, field, issues)?;
    if ring.len() < 4 {
        issues.push(Issue::new(
            field,
            Rule::Geometry,
            said!(
                "只有 {} 个位置；一个环至少要 4 个（三个角，再回到第一个）",
                "Has only {} positions; a ring needs at least 4 (three corners, then back to the first)",
                ring.len()
            ),
        ));
        return None;
    }
    if ring.first() != ring.last() {
        issues.push(Issue::new(
            field,
            Rule::Geometry,
            said!(
                "没有闭合：最后一个位置必须与第一个相同",
                "Not closed: the last position must be the same as the first"
            ),
        ));
        return None;
    }
    Some(ring)
}

fn polygon(value: &Value, field: &str, issues: &mut Vec<Issue>) -> Option<Vec<Vec<Position>>> {
    match value.as_array() {
        Some(rings) if !rings.is_empty() => rings
            .iter()
            .enumerate()
            .map(|(i, r)| ring(r, &format!("{field}[{i}]"), issues))
            .collect(),
        _ => {
            issues.push(Issue::new(
                field,
                Rule::Geometry,
                said!(
                    "必须是环的列表，外环在前",
                    "Must be a list of rings, the exterior ring first"
                ),
            ));
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn geometry_and_envelope_problems_are_told_in_both_languages() {
        let mut issues = Vec::new();
        let line = json!({"type": "LineString", "coordinates": [[0, 0], [1, 1]]});
        assert!(check_geometry(Kind::Amenity, Some(&line), &mut issues).is_none());
        assert_eq!(
            issues[0].message.chinese(),
            "是 LineString；amenity 的几何是 Point（IMDF 规定它是点）"
        );
        assert_eq!(
            issues[0].message.english(),
            "Is LineString; amenity features take Point geometry (IMDF requires a point)"
        );
        let object = json!({"type": "Feature", "id": "x", "feature_type": "unit"});
        let issues = envelope_issues(
            Kind::Level,
            object.as_object().unwrap(),
            Some("x"),
            &mut HashMap::new(),
        );
        let english: Vec<&str> = issues.iter().map(|i| i.message.english()).collect();
        assert_eq!(
            english,
            [
                "Must be a version 4 UUID in lowercase hex: xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx",
                r#"Is "unit"; level.geojson holds only "level" features"#,
            ]
        );
        assert_eq!(
            issues[1].message.chinese(),
            r#"是 "unit"；level.geojson 只放 "level" 要素"#
        );
    }
}
