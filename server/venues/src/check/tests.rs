//! The check against the one list of broken-venue cases (test-fixtures/venues/broken/*.json):
//! each case copies the valid venue of test-fixtures/venues/valid/, breaks it as its edits say,
//! and expects problems naming the file, the feature and the rule. The valid venue itself has
//! none. The cases are read and applied by `broken_cases`, which the loader's tests share.

use super::broken_cases::{VENUE, broken_copy, copy_dir, fixtures, read_cases, unmet};
use super::{Problem, check_venues};

#[test]
fn the_valid_venue_has_no_problem() {
    let problems = check_venues(&fixtures().join("valid"), "content/venues");
    let text: Vec<String> = problems.iter().map(Problem::to_string).collect();
    assert!(problems.is_empty(), "{text:#?}");
}

#[test]
fn every_broken_venue_case_is_refused_for_its_reason() {
    let cases = read_cases();
    assert!(
        !cases.is_empty(),
        "test-fixtures/venues/broken/ has no case"
    );
    let venue_as = format!("content/venues/{VENUE}");
    let mut failures = Vec::new();
    for (group, case) in &cases {
        let (root, edited) = broken_copy(case);
        let problems = check_venues(root.path(), "content/venues");
        failures.extend(unmet(
            group,
            case,
            &problems,
            edited.as_deref(),
            &venue_as,
            "the check",
        ));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn every_problem_names_its_rule_in_chinese() {
    let root = tempfile::tempdir().unwrap();
    copy_dir(&fixtures().join("valid"), root.path());
    std::fs::write(root.path().join(VENUE).join("notes.txt"), "x").unwrap();
    let problems = check_venues(root.path(), "content/venues");
    let text = problems[0].to_string();
    assert_eq!(
        text,
        "content/venues/tiny-mall/notes.txt: 不是场馆目录里的文件：场馆目录只放 IMDF 要素文件、manifest.json、venue.toml，定位设备另放 infrastructure.geojson；请删除或改名（规则：场馆文件，venue-contract §1）"
    );
}
