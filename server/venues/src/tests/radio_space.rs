//! The positioning engine's view of the real venues: shops and rooms are places to stand, their
//! doors are ways through, and the walls beside the doors are walls.

use site_positioning::{Point as EnginePoint, Space};

use super::support::{content_dir, extras_of, load};
use crate::RadioSpace;
use crate::model::UnitRole;

fn engine(p: crate::geometry::Point) -> EnginePoint {
    EnginePoint::new(p.x, p.y)
}

#[test]
fn through_a_door_is_open_and_beside_it_is_a_wall_in_both_venues() {
    for id in ["demo-mall", "demo-hospital"] {
        let dir = content_dir().join(id);
        let venue = load(id, &dir, &extras_of(&dir));
        let model = venue.model();
        let space = RadioSpace::build(model);
        let (mut doors, mut walls_beside) = (0, 0);
        let rooms = model
            .units
            .iter()
            .filter(|u| u.role == UnitRole::Destination && u.category != "parking");
        for unit in rooms {
            let ordinal = model.levels[unit.level].ordinal;
            assert!(
                space.walkable(ordinal, engine(unit.point)),
                "{id}: {} ({}) is not walkable at its point",
                unit.id,
                unit.category
            );
            let Some(&first) = unit.openings.first() else {
                continue;
            };
            let [a, b] = model.openings[first].ends;
            let (middle, along) = (a.lerp(b, 0.5), (b - a) * (1.0 / a.distance(b)));
            let normal = crate::geometry::Point::new(-along.y, along.x);
            let (inside, outside) = (middle + normal * 1.0, middle - normal * 1.0);
            assert_eq!(
                space.walls_between(ordinal, engine(inside), engine(outside)),
                0,
                "{id}: the door of {} is a wall",
                unit.id
            );
            doors += 1;
            // Two metres past the door's end, along the same wall.
            let beside = b + along * 2.0;
            let count =
                space.walls_between(ordinal, engine(beside + normal), engine(beside - normal));
            walls_beside += usize::from(count >= 1);
        }
        assert!(doors > 20, "{id}: {doors} doors");
        // Some doors sit at a corner, where two metres on is past the wall's end (the small
        // rooms: restrooms, mothers' rooms).
        assert!(
            walls_beside * 4 >= doors * 3,
            "{id}: a wall beside only {walls_beside} of {doors} doors"
        );
    }
}

/// Every lift car of both venues is a lift to the engine, on every level it stops at, and the
/// walkway outside its door is not.
#[test]
fn the_lift_cars_are_where_no_technology_positions_a_tag() {
    for id in ["demo-mall", "demo-hospital"] {
        let dir = content_dir().join(id);
        let venue = load(id, &dir, &extras_of(&dir));
        let model = venue.model();
        let space = RadioSpace::build(model);
        let mut cars = 0;
        for unit in model.units.iter().filter(|u| u.category == "elevator") {
            let ordinal = model.levels[unit.level].ordinal;
            assert!(
                space.in_lift(ordinal, engine(unit.point)),
                "{id}: {}",
                unit.id
            );
            let [a, b] = model.openings[unit.openings[0]].ends;
            let middle = a.lerp(b, 0.5);
            // A metre and a half out of the door, away from the car's point.
            let step = (middle - unit.point) * (1.5 / middle.distance(unit.point));
            assert!(
                !space.in_lift(ordinal, engine(middle + step)),
                "{id}: {}",
                unit.id
            );
            cars += 1;
        }
        assert!(cars >= 8, "{id}: {cars} lift cars");
    }
}
