use std::path::{Path, PathBuf};

use super::*;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

#[test]
fn a_venue_without_settings_gets_derived_ones() {
    let dir = fixture("three-level-mall");
    let settings = ViewerSettings::derived(&dir).unwrap();
    let wordings = crate::testing::wordings();
    let files = viewer_files("three", &dir, &settings, Edition::of(wordings.first())).unwrap();
    let default = files
        .levels
        .iter()
        .find(|l| l.short == settings.default_level);
    let default = default.expect("the default level is one of the venue's");
    assert!(default.ordinal >= 0);
    assert!(settings.kiosks.is_empty());
    assert!(settings.samples.queries.len() <= 3 && !settings.samples.queries.is_empty());
    assert_ne!(settings.samples.route_from, settings.samples.route_to);
    assert_eq!(settings.samples.start, settings.samples.route_from);
    assert!(settings.samples.plates.is_empty());
    for kiosk in &files.summary.kiosks {
        assert_eq!(kiosk.facing, JsNumber(0.0));
    }
    // The samples work as the viewer uses them: the route runs and the searches find places.
    let venue = crate::testing::load("three", &dir, &crate::VenueExtras::default());
    let samples = &settings.samples;
    venue
        .route(&samples.route_from, &samples.route_to, false, "zh-Hans")
        .unwrap_or_else(|e| panic!("{e:?}"));
    for query in &samples.queries {
        let request = crate::SearchRequest {
            query,
            near: None,
            level: None,
            category: None,
            limit: crate::DEFAULT_LIMIT,
        };
        assert!(!venue.search(&request).unwrap().is_empty(), "{query}");
    }
}

#[test]
fn a_buildings_derived_samples_are_shops_and_rooms_not_lifts_or_escalators() {
    // The demo mall without its venue.toml, as a visitor who uploads it: the first named units
    // of its default level are escalators.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content/venues/demo-mall");
    let settings = ViewerSettings::derived(&dir).unwrap();
    let venue = Features::read(&dir).unwrap();
    let role = |id: &str| {
        let unit = venue.unit(id).unwrap_or_else(|| panic!("{id} is a unit"));
        crate::contract::contract().role(&unit.properties.category)
    };
    let samples = &settings.samples;
    assert_eq!(
        role(&samples.route_from),
        crate::model::UnitRole::Destination
    );
    assert_eq!(role(&samples.route_to), crate::model::UnitRole::Destination);
}

#[test]
fn a_buildings_summary_lists_its_relationships_with_the_rooms_they_join() {
    let dir = fixture("three-level-mall");
    let wordings = crate::testing::wordings();
    let editions: Vec<Edition> = wordings.iter().map(Edition::of).collect();
    let (_, mut files) = viewer_files_derived("three", &dir, &editions).unwrap();
    // One set of files per language: the names the data has (Chinese only here), the category
    // labels of each edition.
    assert_eq!(files.len(), 2);
    let english = files.pop().unwrap();
    let files = files.pop().unwrap();
    assert_eq!(english.summary.levels, files.summary.levels);
    let label = |files: &ViewerFiles, category: &str| {
        let labels = &files.summary.labels.0;
        labels
            .iter()
            .find(|(c, _)| c == category)
            .map(|(_, label)| label.clone())
    };
    assert_eq!(label(&files, "stairs").as_deref(), Some("楼梯"));
    assert_eq!(label(&english, "stairs").as_deref(), Some("Stairs"));
    let links = files
        .summary
        .links
        .expect("a building's summary has its links");
    let categories: Vec<&str> = links.iter().map(|l| l.category.as_str()).collect();
    assert_eq!(categories, ["elevator", "stairs"]);
    for link in &links {
        assert!(link.units.len() >= 2, "{link:?}");
        let mut levels: Vec<&str> = link.units.iter().map(|u| u.level.as_str()).collect();
        levels.dedup();
        assert_eq!(
            levels.len(),
            link.units.len(),
            "one room per level: {link:?}"
        );
    }
    // The demo's own venues are not edited: their summaries carry none.
    let settings = ViewerSettings::derived(&dir).unwrap();
    assert!(
        viewer_files("three", &dir, &settings, editions[0])
            .unwrap()
            .summary
            .links
            .is_none()
    );
}
