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
        let route = mall.route(&from, &to, accessible).unwrap();
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
    let route = hospital.route(&start, &department.id, true).unwrap();
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
        let found = mall.find_car(plate.as_str().unwrap(), None, false).unwrap();
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
        let again = mall.find_car(plate.as_str().unwrap(), None, true).unwrap();
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
        let view = mall.kiosk(&kiosk.id).unwrap();
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
