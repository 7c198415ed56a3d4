//! Steps name the right landmarks, connectors and levels, on the fixture venue.

use super::support::three_level_mall;
use crate::{Route, StepKind};

fn route(from: &str, to: &str, accessible: bool) -> Route {
    let venue = three_level_mall();
    let id = |name: &str| {
        venue
            .places()
            .iter()
            .find(|p| p.name.as_deref() == Some(name))
            .unwrap()
            .id
            .clone()
    };
    venue
        .route(&id(from), &id(to), accessible, "zh-Hans")
        .unwrap()
}

fn texts(route: &Route) -> Vec<&str> {
    route.steps.iter().map(|s| s.text.as_str()).collect()
}

#[test]
fn a_turn_beside_a_shop_is_made_at_that_shop() {
    // From the south door through the lobby, the walk bends at the lobby's corner, four metres
    // from the door of 无印良品.
    let route = route("南门", "星巴克", false);
    assert_eq!(route.steps[0].text, "从南门出发");
    assert!(
        route.steps[1].text.starts_with("直行 17 米，在无印良品处"),
        "{:?}",
        texts(&route)
    );
    assert_eq!(route.steps[1].level, "L1");
}

#[test]
fn the_stairs_are_taken_one_floor_up_and_the_elevator_when_accessible() {
    let stairs = route("南门", "星巴克", false);
    assert!(
        texts(&stairs).contains(&"走 3 号楼梯到 L2"),
        "{:?}",
        texts(&stairs)
    );
    assert_eq!(stairs.transitions.len(), 1);
    assert_eq!(
        (
            stairs.transitions[0].from_level.as_str(),
            stairs.transitions[0].to_level.as_str()
        ),
        ("L1", "L2")
    );
    let elevator = route("南门", "星巴克", true);
    assert!(
        texts(&elevator).contains(&"乘 1 号电梯到 L2"),
        "{:?}",
        texts(&elevator)
    );
    assert!(elevator.duration_s > stairs.duration_s);
}

#[test]
fn steps_carry_the_level_they_are_on_and_the_walked_distance_grows() {
    let route = route("B1-001", "星巴克", false);
    let levels: Vec<&str> = route.steps.iter().map(|s| s.level.as_str()).collect();
    assert_eq!(levels.first(), Some(&"B1"));
    assert_eq!(levels.last(), Some(&"L2"));
    let ride = route
        .steps
        .iter()
        .find(|s| s.kind == StepKind::Elevator)
        .unwrap();
    assert_eq!(
        (ride.text.as_str(), ride.level.as_str()),
        ("乘 1 号电梯到 L2", "B1")
    );
    assert!(route.steps.windows(2).all(|w| w[0].along_m <= w[1].along_m));
    assert_eq!(
        route
            .legs
            .iter()
            .map(|l| l.level.as_str())
            .collect::<Vec<_>>(),
        ["B1", "L2"]
    );
    assert!((route.legs[1].start_m - route.legs[0].distance_m).abs() < 0.11);
    assert!((route.distance_m - route.legs.iter().map(|l| l.distance_m).sum::<f64>()).abs() < 0.11);
}

#[test]
fn leaving_a_shop_tells_which_way_to_turn_at_its_door_and_arriving_tells_the_side() {
    // Out of 海底捞's door (facing north into the corridor), west is to the left; the
    // restroom is then on the left of the walker heading west on L2.
    let route = route("海底捞", "卫生间", true);
    assert_eq!(route.steps[1].text, "左转");
    let arrive = route.steps.last().unwrap();
    assert_eq!(arrive.kind, StepKind::Arrive);
    assert!(
        arrive.text.ends_with("到达卫生间，目的地在您左侧"),
        "{}",
        arrive.text
    );
}
