//! The loader against the one list of broken-venue cases: every case whose problems are the IMDF
//! files' own (not venue.toml's, categories.toml's or infrastructure.geojson's, which the web
//! build checks and the loader does not read) breaks a copy of the shared valid venue, and
//! `Venue::load` must refuse it with `LoadError::Invalid` naming each problem the case expects;
//! a case of content/venues/' rules alone must load.

use std::path::Path;
use std::sync::Arc;

use super::support::{extras_of, wordings};
use crate::check::Rule;
use crate::check::broken_cases::{Case, VENUE, broken_copy, fixtures, read_cases, unmet};
use crate::{LoadError, Venue};

fn load(dir: &Path) -> Result<Venue, LoadError> {
    Venue::load(VENUE, dir, &extras_of(dir), Arc::new(wordings()))
}

/// Whether every problem the case expects is of the IMDF files alone, and breaks IMDF.
fn is_of_imdf_files(case: &Case) -> bool {
    !case.content_only
        && case.expect.iter().all(|expected| {
            !expected.file.starts_with("../")
                && !["venue.toml", "infrastructure.geojson"].contains(&expected.file.as_str())
                && expected.rule != Rule::Categories
        })
}

#[test]
fn the_valid_venue_loads() {
    let dir = fixtures().join("valid").join(VENUE);
    load(&dir).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn every_broken_imdf_case_is_refused_by_the_check_with_its_problems() {
    let cases: Vec<_> = read_cases()
        .into_iter()
        .filter(|(_, case)| is_of_imdf_files(case))
        .collect();
    assert!(cases.len() > 100, "only {} IMDF cases", cases.len());
    let mut failures = Vec::new();
    for (group, case) in &cases {
        let (root, edited) = broken_copy(case);
        let dir = root.path().join(VENUE);
        let problems = match load(&dir) {
            Err(LoadError::Invalid { problems, .. }) => problems,
            Err(other) => {
                failures.push(format!(
                    "{group}: {}: refused by the engine: {other}",
                    case.name
                ));
                continue;
            }
            Ok(_) => {
                failures.push(format!("{group}: {}: loaded", case.name));
                continue;
            }
        };
        let venue_as = dir.to_string_lossy();
        failures.extend(unmet(
            group,
            case,
            &problems,
            edited.as_deref(),
            &venue_as,
            "the load",
        ));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// What breaks content/venues/' rules alone (a name without its Chinese, a manifest in another
/// language) is a venue IMDF allows: a visitor's building in the languages it carries.
#[test]
fn the_cases_of_content_alone_load() {
    let cases: Vec<_> = read_cases()
        .into_iter()
        .filter(|(_, case)| case.content_only)
        .collect();
    assert!(
        cases.len() >= 3,
        "only {} cases of content alone",
        cases.len()
    );
    for (group, case) in &cases {
        let (root, _) = broken_copy(case);
        if let Err(e) = load(&root.path().join(VENUE)) {
            panic!("{group}: {}: {e}", case.name);
        }
    }
}

#[test]
fn a_refusal_lists_twenty_problems_and_counts_the_rest() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path();
    crate::check::broken_cases::copy_dir(&fixtures().join("valid").join(VENUE), dir);
    for i in 0..25 {
        std::fs::write(dir.join(format!("notes-{i:02}.txt")), "x").unwrap();
    }
    let message = load(dir).expect_err("refused").to_string();
    let lines: Vec<&str> = message.lines().collect();
    assert_eq!(lines.len(), 22, "{message}");
    assert!(
        lines[0].ends_with("the venue check found 25 problems:"),
        "{message}"
    );
    assert!(
        lines[1].contains("notes-00.txt: 不是场馆目录里的文件"),
        "{message}"
    );
    assert!(lines[21].starts_with("… and 5 more"), "{message}");
}
