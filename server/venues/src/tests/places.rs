//! Locations, find my car and the kiosk view on the fixture venue.

use super::support::three_level_mall;
use crate::location_text::Field;
use crate::{CarError, FoundCar, PlaceError, PlaceKind, PlaceProblem, RouteError};

fn id_of(name: &str) -> String {
    three_level_mall()
        .places()
        .iter()
        .find(|p| p.name.as_deref() == Some(name))
        .unwrap_or_else(|| panic!("no place {name}"))
        .id
        .clone()
}

/// `lon,lat@level` of a local point of the fixture.
fn at(x: f64, y: f64, level: &str) -> String {
    let [lon, lat] = three_level_mall().lon_lat(crate::geometry::Point::new(x, y));
    format!("{lon},{lat}@{level}")
}

#[test]
fn an_occupant_is_located_at_its_anchor_in_its_unit() {
    let venue = three_level_mall();
    let located = venue.locate(Field::To, &id_of("星巴克")).unwrap();
    assert_eq!(located.kind, PlaceKind::Occupant);
    assert_eq!(venue.levels()[located.level].short, "L2");
    assert!((located.point.x - 13.0).abs() < 0.05 && (located.point.y - 31.0).abs() < 0.05);
}

#[test]
fn a_space_number_is_found_in_any_case() {
    let located = three_level_mall().locate(Field::To, "b1-002").unwrap();
    assert_eq!(
        (located.kind, located.name.as_deref()),
        (PlaceKind::Space, Some("B1-002"))
    );
}

#[test]
fn places_and_points_that_are_not_there_are_422s_naming_the_field() {
    let venue = three_level_mall();
    let unknown_id = "0f8fad5b-d9cb-469f-a165-70867728950e";
    // The middle of L1's back-of-house block is 8 m from the nearest corridor... and further.
    let far = at(52.0, 34.0, "L1");
    let too_far = format!("from: the point {far:?} is too far from walkable space");
    let refusals: [(Field, String, String); 5] = [
        (
            Field::To,
            "B1-999".into(),
            r#"to: no place "B1-999" in this venue"#.into(),
        ),
        (
            Field::From,
            unknown_id.into(),
            format!("from: no place {unknown_id:?} in this venue"),
        ),
        (
            Field::Near,
            at(20.0, 19.0, "L9"),
            r#"near: no level "L9" in this venue"#.into(),
        ),
        (
            Field::From,
            at(80.0, 19.0, "L1"),
            "from: the point is outside level L1".into(),
        ),
        (Field::From, far, too_far),
    ];
    for (field, text, refusal) in refusals {
        let error = venue.locate(field, &text).unwrap_err();
        assert_eq!(error.to_string(), refusal);
        assert!(!error.is_malformed(), "{refusal}");
    }
}

#[test]
fn a_point_in_a_wall_gap_is_moved_into_walkable_space() {
    let venue = three_level_mall();
    let near_wall = venue.locate(Field::From, &at(45.0, 23.0, "L1")).unwrap();
    assert!(
        near_wall.point.y < 22.0 && near_wall.point.y > 21.0,
        "{:?}",
        near_wall.point
    );
    let in_corridor = venue.locate(Field::From, &at(20.0, 19.0, "L1")).unwrap();
    assert!((in_corridor.point.x - 20.0).abs() < 0.02 && (in_corridor.point.y - 19.0).abs() < 0.02);
}

#[test]
fn a_point_hard_by_a_wall_is_moved_off_it_and_still_has_a_route() {
    // One centimetre from the lobby's east wall: segments from there would graze the wall.
    let venue = three_level_mall();
    let located = venue.locate(Field::From, &at(11.99, 7.0, "L1")).unwrap();
    assert!(located.point.x < 11.7, "{:?}", located.point);
    assert!(
        venue
            .route_between(
                &located,
                &venue.locate(Field::To, &id_of("星巴克")).unwrap(),
                false,
                "zh-Hans"
            )
            .is_ok()
    );
}

#[test]
fn a_point_in_a_shop_starts_inside_it_and_leaves_by_its_door() {
    let venue = three_level_mall();
    let route = venue
        .route(&at(25.0, 5.0, "L1"), &id_of("无印良品"), false, "zh-Hans")
        .unwrap();
    let first = &route.legs[0].points;
    assert!((first[0].x - 25.0).abs() < 0.02 && (first[0].y - 5.0).abs() < 0.02);
    // The door of 全家 (L1 shop 1) is at x 20–22 on y 16.
    assert!(
        (first[1].x - 21.0).abs() < 0.05 && (first[1].y - 16.0).abs() < 0.05,
        "{first:?}"
    );
}

/// Find my car from the south gate.
fn find_car(car: &str, accessible: bool) -> Result<FoundCar, CarError> {
    three_level_mall().find_car(car, Some(&id_of("南门")), accessible, "zh-Hans")
}

#[test]
fn a_plate_always_finds_the_same_space_and_a_route_to_it() {
    let a = find_car("沪A·D2345", false).unwrap();
    let b = find_car("沪ad2345", false).unwrap();
    assert!(a.plate && a.car == "沪AD2345");
    assert_eq!(a.space.id, b.space.id);
    assert_eq!(a.zone.as_deref(), Some("A区"));
    assert_eq!(a.route.to.id, a.space.id);
    assert_eq!(a.route.legs.last().unwrap().level, "B1");
}

#[test]
fn a_space_number_finds_that_space_and_bad_cars_are_told_apart() {
    let venue = three_level_mall();
    let found = find_car("b1-002", true).unwrap();
    assert!(!found.plate && found.space.name.as_deref() == Some("B1-002"));
    assert!(matches!(
        find_car("B1-777", false),
        Err(CarError::Unknown { .. })
    ));
    assert!(matches!(
        venue.find_car("汽车", None, false, "zh-Hans"),
        Err(CarError::Malformed { .. })
    ));
    let bad_from = venue
        .find_car("B1-001", Some("nowhere"), false, "zh-Hans")
        .unwrap_err();
    assert!(matches!(
        bad_from,
        CarError::Route(RouteError::Place(PlaceError {
            problem: PlaceProblem::Malformed,
            field: Field::From,
            ..
        }))
    ));
}

#[test]
fn walking_distances_rank_the_near_shop_before_the_far_one() {
    let venue = three_level_mall();
    let near = venue.locate(Field::Near, &at(20.0, 19.0, "L1")).unwrap();
    let distances = venue.walking_distances(&near, false);
    let of = |name: &str| {
        distances[venue
            .places()
            .iter()
            .position(|p| p.name.as_deref() == Some(name))
            .unwrap()]
        .unwrap()
    };
    // 全家's door is 3 m away and its anchor 8 m inside; 海底捞's is 25 m along the corridor.
    assert!(of("全家") < of("海底捞"), "{} {}", of("全家"), of("海底捞"));
    assert!(
        (of("全家") - (20.0 - 16.0_f64).hypot(1.0) - 8.0).abs() < 1.0,
        "{}",
        of("全家")
    );
    assert!(of("星巴克") > of("海底捞"));
}

#[test]
fn distances_from_a_recent_near_point_are_kept_and_equal_fresh_ones() {
    let venue = three_level_mall();
    let fresh = |x: f64| {
        let near = venue.locate(Field::Near, &at(x, 19.0, "L1")).unwrap();
        (near.clone(), venue.distances_to_places(&near, false))
    };
    let (first, first_distances) = fresh(20.0);
    let kept = venue.distances_from_near(&first);
    assert_eq!(&kept[..], &first_distances[..]);
    assert!(std::sync::Arc::ptr_eq(
        &kept,
        &venue.distances_from_near(&first)
    ));
    // Another point gets its own distances, and the first stays kept beside it.
    let (second, second_distances) = fresh(12.0);
    assert_ne!(first_distances, second_distances);
    assert_eq!(
        &venue.distances_from_near(&second)[..],
        &second_distances[..]
    );
    assert!(std::sync::Arc::ptr_eq(
        &kept,
        &venue.distances_from_near(&first)
    ));
}

#[test]
fn a_kiosk_has_its_level_and_point_and_unknown_ones_are_refused() {
    let venue = three_level_mall();
    let id = venue
        .places()
        .iter()
        .find(|p| p.kind == PlaceKind::Kiosk)
        .unwrap()
        .id
        .clone();
    let view = venue.kiosk(&id, "zh-Hans").unwrap();
    assert_eq!(view.kiosk.level, "L1");
    assert_eq!(view.kiosk.name.as_deref(), Some("L1 西导视屏"));
    assert!(venue.kiosk("nope", "zh-Hans").is_err());
}
