//! The demo venues of content/venues/: the sample routes, find my car and the kiosk directory.

use super::support::real;
use crate::{ConnectorKind, PlaceKind, StepKind, Venue};

fn sample(venue: &Venue, key: &str) -> String {
    let text = std::fs::read_to_string(
        super::support::content_dir()
            .join(venue.id())
            .join("venue.toml"),
    )
    .unwrap();
    let toml: toml::Value = toml::from_str(&text).unwrap();
    toml["samples"][key].as_str().unwrap().to_owned()
}

#[test]
fn the_mall_sample_route_from_b2_to_l5_rides_an_elevator_in_both_modes() {
    let Some(mall) = real("demo-mall") else {
        return;
    };
    let (from, to) = (sample(mall, "route_from"), sample(mall, "route_to"));
    for accessible in [false, true] {
        let route = mall.route(&from, &to, accessible, "zh-Hans").unwrap();
        assert_eq!(route.from.level, "B2");
        assert_eq!(route.to.level, "L5");
        assert!(!route.transitions.is_empty());
        assert!(
            route
                .transitions
                .iter()
                .all(|t| t.kind == ConnectorKind::Elevator),
            "{:?}",
            route.transitions
        );
        let ride = route
            .steps
            .iter()
            .find(|s| s.kind == StepKind::Elevator)
            .unwrap();
        assert!(ride.text.ends_with("到 L5"), "{}", ride.text);
        let arrive = route.steps.last().unwrap();
        assert!(arrive.text.contains(&route.to.name), "{}", arrive.text);
        assert_eq!(route.legs.first().unwrap().level, "B2");
        assert_eq!(route.legs.last().unwrap().level, "L5");
    }
}

#[test]
fn hospital_routes_between_floors_take_only_elevators_when_accessible() {
    let Some(hospital) = real("demo-hospital") else {
        return;
    };
    let start = sample(hospital, "start");
    let top = hospital.levels().last().unwrap().short.clone();
    let department = hospital
        .places()
        .iter()
        .find(|p| p.kind == PlaceKind::Occupant && hospital.levels()[p.level].short == top)
        .unwrap();
    let route = hospital
        .route(&start, &department.id, true, "zh-Hans")
        .unwrap();
    assert_eq!(route.to.level, top);
    assert!(
        route
            .transitions
            .iter()
            .all(|t| t.kind == ConnectorKind::Elevator)
    );
    assert!(!route.transitions.is_empty());
}

#[test]
fn the_sample_plates_find_parking_spaces_in_a_zone_from_the_default_start() {
    let Some(mall) = real("demo-mall") else {
        return;
    };
    let text = std::fs::read_to_string(super::support::content_dir().join("demo-mall/venue.toml"))
        .unwrap();
    let toml: toml::Value = toml::from_str(&text).unwrap();
    for plate in toml["samples"]["plates"].as_array().unwrap() {
        let found = mall
            .find_car(plate.as_str().unwrap(), None, false, "zh-Hans")
            .unwrap();
        assert!(found.plate);
        assert_eq!(found.space.kind, PlaceKind::Space);
        assert!(mall.levels()[found.space.level].parking);
        assert!(
            found.zone.as_deref().is_some_and(|z| z.ends_with('区')),
            "{:?}",
            found.zone
        );
        assert_eq!(found.route.from.id.as_deref(), mall.default_start());
        assert_eq!(found.route.to.id, found.space.id);
        let again = mall
            .find_car(plate.as_str().unwrap(), None, true, "zh-Hans")
            .unwrap();
        assert_eq!(again.space.id, found.space.id);
    }
}

#[test]
fn every_mall_kiosk_has_its_facing_and_a_directory_from_the_top_floor_down() {
    let Some(mall) = real("demo-mall") else {
        return;
    };
    let kiosks: Vec<_> = mall
        .places()
        .iter()
        .filter(|p| p.kind == PlaceKind::Kiosk)
        .collect();
    assert!(kiosks.len() >= 3);
    for kiosk in kiosks {
        let view = mall.kiosk(&kiosk.id, "zh-Hans").unwrap();
        assert!((0.0..360.0).contains(&view.kiosk.facing));
        assert!(!view.directory.is_empty());
        let ordinal = |short: &str| mall.level(short).unwrap().ordinal;
        for section in &view.directory {
            assert!(
                section
                    .levels
                    .windows(2)
                    .all(|w| ordinal(&w[0].level) > ordinal(&w[1].level))
            );
            for level in &section.levels {
                assert!(level.entries.windows(2).all(|w| w[0].name <= w[1].name));
            }
        }
    }
}

/// Whether `text` holds a Chinese character.
fn has_chinese(text: &str) -> bool {
    text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
}

#[test]
fn the_mall_tells_a_route_in_english_with_its_english_names() {
    let Some(mall) = real("demo-mall") else {
        return;
    };
    let (from, to) = (sample(mall, "route_from"), sample(mall, "route_to"));
    let chinese = mall.route(&from, &to, false, "zh-Hans").unwrap();
    let english = mall.route(&from, &to, false, "en").unwrap();
    // The same route, told in the other language.
    assert_eq!(english.legs, chinese.legs);
    assert_eq!(english.steps.len(), chinese.steps.len());
    assert_eq!(
        (&*chinese.to.name, &*english.to.name),
        ("海底捞", "Haidilao")
    );
    assert!(
        english.transitions[0].name.starts_with("Lift "),
        "{:?}",
        english.transitions
    );
    for step in &english.steps {
        assert!(!has_chinese(&step.text), "{}", step.text);
    }
    let first = &english.steps[0].text;
    assert!(first.starts_with("Start at "), "{first}");
    let ride = english
        .steps
        .iter()
        .find(|s| s.kind == StepKind::Elevator)
        .unwrap();
    assert!(
        ride.text.starts_with("Take Lift ") && ride.text.ends_with(" to L5"),
        "{}",
        ride.text
    );
    assert!(english.steps.last().unwrap().text.contains("Haidilao"));
    // A tag of the same language in another region finds it; one the venue lacks gets Chinese.
    assert_eq!(mall.route(&from, &to, false, "en-GB").unwrap(), english);
    assert_eq!(mall.route(&from, &to, false, "fr").unwrap(), chinese);
}

#[test]
fn find_my_car_and_the_kiosk_directory_speak_english_when_asked() {
    let Some(mall) = real("demo-mall") else {
        return;
    };
    let found = mall.find_car("B2-015", None, false, "en").unwrap();
    assert!(
        found
            .zone
            .as_deref()
            .is_some_and(|zone| zone.starts_with("Zone ")),
        "{:?}",
        found.zone
    );
    let kiosk = &mall
        .places()
        .iter()
        .find(|p| p.kind == PlaceKind::Kiosk)
        .unwrap()
        .id;
    let view = mall.kiosk(kiosk, "en").unwrap();
    assert!(
        view.kiosk
            .name
            .as_deref()
            .is_some_and(|name| !has_chinese(name))
    );
    let chinese = mall.kiosk(kiosk, "zh-Hans").unwrap();
    assert_eq!(view.directory.len(), chinese.directory.len());
    for section in &view.directory {
        assert!(!has_chinese(&section.label), "{}", section.label);
        for level in &section.levels {
            assert!(level.entries.windows(2).all(|w| w[0].name <= w[1].name));
            for entry in &level.entries {
                assert!(!has_chinese(&entry.name), "{}", entry.name);
            }
        }
    }
}

#[test]
fn search_finds_places_by_their_english_names_and_category_words() {
    let Some(mall) = real("demo-mall") else {
        return;
    };
    let search = |query: &str| {
        let request = crate::SearchRequest {
            query,
            near: None,
            level: None,
            category: None,
            limit: 5,
        };
        let found = mall.search(&request).unwrap();
        found
            .iter()
            .map(|hit| hit.place.clone())
            .collect::<Vec<_>>()
    };
    let starbucks = search("Starbucks");
    assert_eq!(
        starbucks[0].name.as_ref().unwrap().in_language("en"),
        "Starbucks"
    );
    // "lavatory" is a word of the English categories.toml only.
    let toilets = search("lavatory");
    assert!(!toilets.is_empty());
    let restroom = |p: &crate::Place| {
        p.category
            .as_deref()
            .is_some_and(|c| c.starts_with("restroom"))
    };
    assert!(toilets.iter().all(restroom), "{toilets:?}");
}
