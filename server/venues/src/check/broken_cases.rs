//! The one list of broken-venue cases (test-fixtures/venues/broken/*.json, format in
//! test-fixtures/venues/README.md), read and applied once for every side that checks a venue:
//! the check itself (`check/tests.rs`) and the engine's loader (`tests/loader_refuses.rs`). Each
//! case copies the valid root of test-fixtures/venues/valid/ and breaks its venue as its edits say.

use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde_json::{Map, Value};

use super::{Problem, Rule};

pub(crate) fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../test-fixtures/venues")
}

/// The venue every case breaks, inside the valid root.
pub(crate) const VENUE: &str = "tiny-mall";

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Case {
    pub name: String,
    /// Breaks a rule of content/venues/ alone (its data in Simplified Chinese): IMDF, and so a
    /// visitor's building and the server's load, allow it.
    #[serde(default)]
    pub content_only: bool,
    pub edits: Vec<Edit>,
    pub expect: Vec<Expected>,
}

/// One change to one file of the venue (or of the root, for categories.toml).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Edit {
    /// A file of the venue directory, or `../categories.toml`.
    file: String,
    /// Selects the feature to change: every dotted path (from the feature, `properties.category`)
    /// equals its value. Without it, the edit is of the whole file.
    #[serde(rename = "where")]
    select: Option<Map<String, Value>>,
    /// Among the features `where` selects, which one (0 by default).
    #[serde(default)]
    nth: usize,
    /// Copies the selected feature to the end of its file first, giving the copy this id; the
    /// other changes then apply to the copy.
    copy_as: Option<String>,
    /// Removes the selected feature.
    #[serde(default)]
    remove: bool,
    /// Dotted paths (numbers index lists) and the values to write there.
    #[serde(default)]
    set: Map<String, Value>,
    /// Dotted paths to delete.
    #[serde(default)]
    delete: Vec<String>,
    /// Moves the feature's geometry and display point by [east, north] metres.
    move_m: Option<[f64; 2]>,
    /// Replaces the whole file with this text (creating it).
    text: Option<String>,
    /// Deletes the file.
    #[serde(default)]
    delete_file: bool,
}

/// A problem the case must produce.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Expected {
    /// The file as named within the venue directory (`unit.geojson`), `""` for the directory,
    /// or `../categories.toml`.
    pub file: String,
    /// `"edited"` for the feature the last edit with `where` selected (or its copy), or an id.
    pub feature: Option<String>,
    /// The field starts with this.
    pub field: Option<String>,
    pub rule: Rule,
}

pub(crate) fn read_cases() -> Vec<(String, Case)> {
    let mut cases = Vec::new();
    let mut files: Vec<PathBuf> = std::fs::read_dir(fixtures().join("broken"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let list: Vec<Case> =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let group = file.file_stem().unwrap().to_string_lossy().into_owned();
        cases.extend(list.into_iter().map(|case| (group.clone(), case)));
    }
    cases
}

pub(crate) fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

fn at<'a>(value: &'a Value, path: &str) -> Option<&'a Value> {
    path.split('.')
        .try_fold(value, |value, key| match key.parse::<usize>() {
            Ok(index) if value.is_array() => value.get(index),
            _ => value.get(key),
        })
}

fn set_at(value: &mut Value, path: &str, new: Value) {
    let (parents, last) = path.rsplit_once('.').map_or(("", path), |(p, l)| (p, l));
    let mut target = value;
    for key in parents.split('.').filter(|k| !k.is_empty()) {
        target = match key.parse::<usize>() {
            Ok(index) if target.is_array() => &mut target[index],
            _ => {
                if target
                    .get(key)
                    .is_none_or(|v| !v.is_object() && !v.is_array())
                {
                    target[key] = Value::Object(Map::new());
                }
                &mut target[key]
            }
        };
    }
    match (last.parse::<usize>(), target) {
        // One past the end appends, so a case can add a position or an entry.
        (Ok(index), Value::Array(list)) if index == list.len() => list.push(new),
        (Ok(index), Value::Array(list)) => list[index] = new,
        (_, target) => target[last] = new,
    }
}

fn delete_at(value: &mut Value, path: &str) {
    let (parents, last) = path.rsplit_once('.').map_or(("", path), |(p, l)| (p, l));
    let mut target = value;
    for key in parents.split('.').filter(|k| !k.is_empty()) {
        target = match key.parse::<usize>() {
            Ok(index) if target.is_array() => &mut target[index],
            _ => &mut target[key],
        };
    }
    match (last.parse::<usize>(), target) {
        (Ok(index), Value::Array(list)) => {
            list.remove(index);
        }
        (_, Value::Object(object)) => {
            object.remove(last);
        }
        (_, other) => panic!("cannot delete {path} from {other}"),
    }
}

/// Moves every position under `value` (nested lists ending in [lon, lat]) by `by` degrees.
fn shift(value: &mut Value, by: [f64; 2]) {
    let Value::Array(list) = value else { return };
    if list.len() >= 2 && list.iter().all(Value::is_number) {
        for (i, d) in by.into_iter().enumerate() {
            let moved = list[i].as_f64().unwrap() + d;
            list[i] = Value::from((moved * 1e7).round() / 1e7);
        }
        return;
    }
    for item in list {
        shift(item, by);
    }
}

fn read_as_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap();
    if path.extension().is_some_and(|e| e == "toml") {
        let table: toml::Table = text.parse().unwrap();
        serde_json::to_value(table).unwrap()
    } else {
        serde_json::from_str(&text).unwrap()
    }
}

fn write_as(path: &Path, value: &Value) {
    let text = if path.extension().is_some_and(|e| e == "toml") {
        toml::to_string(value).unwrap()
    } else {
        serde_json::to_string_pretty(value).unwrap()
    };
    std::fs::write(path, text).unwrap();
}

/// Applies `edit` in the venue directory `dir`; the id of the feature it selected, if any.
fn apply(dir: &Path, edit: &Edit) -> Option<String> {
    let path = dir.join(&edit.file);
    if edit.delete_file {
        std::fs::remove_file(&path).unwrap();
        return None;
    }
    if let Some(text) = &edit.text {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        return None;
    }
    let mut whole = read_as_json(&path);
    let Some(select) = &edit.select else {
        for (path, value) in &edit.set {
            set_at(&mut whole, path, value.clone());
        }
        for path in &edit.delete {
            delete_at(&mut whole, path);
        }
        write_as(&path, &whole);
        return None;
    };
    let features = whole["features"].as_array_mut().unwrap();
    let index = features
        .iter()
        .enumerate()
        .filter(|(_, f)| {
            select
                .iter()
                .all(|(path, value)| at(f, path) == Some(value))
        })
        .map(|(i, _)| i)
        .nth(edit.nth)
        .unwrap_or_else(|| panic!("no feature of {} matches {select:?}", edit.file));
    let index = match &edit.copy_as {
        Some(id) => {
            let mut copy = features[index].clone();
            copy["id"] = Value::from(id.clone());
            features.push(copy);
            features.len() - 1
        }
        None => index,
    };
    let mut id = features[index]["id"].as_str().map(str::to_owned);
    if edit.remove {
        features.remove(index);
    } else {
        let feature = &mut features[index];
        for (path, value) in &edit.set {
            set_at(feature, path, value.clone());
        }
        for path in &edit.delete {
            delete_at(feature, path);
        }
        if let Some([east, north]) = edit.move_m {
            // Degrees near the fixture's latitude; exact enough to move a shape by metres.
            let lat = 31.2_f64.to_radians();
            let by = [east / (111_319.49 * lat.cos()), north / 111_319.49];
            // Only what the feature has: indexing would write a null display point into it.
            for path in [
                "/geometry/coordinates",
                "/properties/display_point/coordinates",
            ] {
                if let Some(coordinates) = feature.pointer_mut(path) {
                    shift(coordinates, by);
                }
            }
        }
        // A case that changes the id expects problems on the new one.
        id = feature["id"].as_str().map(str::to_owned).or(id);
    }
    write_as(&path, &whole);
    id
}

/// A copy of the valid root with the case's edits applied to its venue; the id of the feature
/// the last edit with `where` selected, if any.
pub(crate) fn broken_copy(case: &Case) -> (tempfile::TempDir, Option<String>) {
    let root = tempfile::tempdir().unwrap();
    copy_dir(&fixtures().join("valid"), root.path());
    let dir = root.path().join(VENUE);
    let mut edited = None;
    for edit in &case.edits {
        if let Some(id) = apply(&dir, edit) {
            edited = Some(id);
        }
    }
    (root, edited)
}

/// Whether `problem` is the expected one; the problems name the venue directory `venue_as`
/// (`content/venues/tiny-mall`).
pub(crate) fn matches(
    problem: &Problem,
    expected: &Expected,
    edited: Option<&str>,
    venue_as: &str,
) -> bool {
    let file = if expected.file.is_empty() {
        venue_as.to_owned()
    } else {
        format!("{venue_as}/{}", expected.file)
    };
    let feature = match expected.feature.as_deref() {
        Some("edited") => edited,
        other => other,
    };
    problem.file.replace(&format!("{VENUE}/../"), "") == file.replace(&format!("{VENUE}/../"), "")
        && problem.rule == expected.rule
        && (expected.feature.is_none() || problem.feature.as_deref() == feature)
        && expected
            .field
            .as_deref()
            .is_none_or(|field| problem.field.starts_with(field))
}

/// Each problem `case` (of file `group`) expects and `problems` lacks, as a failure line saying
/// what `who` ("the check", "the load") said instead.
pub(crate) fn unmet(
    group: &str,
    case: &Case,
    problems: &[Problem],
    edited: Option<&str>,
    venue_as: &str,
    who: &str,
) -> Vec<String> {
    case.expect
        .iter()
        .filter(|expected| {
            !problems
                .iter()
                .any(|p| matches(p, expected, edited, venue_as))
        })
        .map(|expected| {
            let said: Vec<String> = problems.iter().map(Problem::to_string).collect();
            format!(
                "{group}: {}: expected {expected:?}, {who} said {said:#?}",
                case.name
            )
        })
        .collect()
}
