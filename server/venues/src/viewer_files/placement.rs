//! Where the viewer's files place features relative to each other (§2.6, §3.2): which openings
//! lie on their level's outline (doors to the outside, the entrances the viewer lists) and which
//! unit each amenity stands in. The check found every opening on a wall and every amenity in
//! one of its units; this only finds which.

use std::collections::{HashMap, HashSet};

use super::features::Features;
use crate::contract::contract;
use crate::geometry::Point;

pub(super) struct Placement {
    /// Openings lying on their level's outline.
    pub outside: HashSet<String>,
    /// The unit each amenity stands in: the first of its unit_ids that holds it.
    pub amenity_unit: HashMap<String, String>,
}

/// Where an opening is tested against a boundary (§2.6): both ends and its middle.
fn probes((a, b): (Point, Point)) -> [Point; 3] {
    [a, middle(a, b), b]
}

/// The middle as the web build computed it, halving the sum (not `lerp`, which rounds
/// differently in the last bit and could move a point across a decimetre).
pub(super) fn middle(a: Point, b: Point) -> Point {
    Point::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0)
}

pub(super) fn placement(venue: &Features) -> Placement {
    let tolerance = contract().on_boundary_m;
    let mut found = Placement {
        outside: HashSet::new(),
        amenity_unit: HashMap::new(),
    };
    for opening in &venue.openings {
        let line = venue.local.lines.get(&opening.id);
        let outline = venue.shape(&opening.properties.level_id);
        let (Some(&line), Some(outline)) = (line, outline) else {
            continue;
        };
        if probes(line)
            .iter()
            .all(|&p| outline.boundary_distance(p) <= tolerance)
        {
            found.outside.insert(opening.id.clone());
        }
    }
    for amenity in &venue.amenities {
        let Some(&point) = venue.local.points.get(&amenity.id) else {
            continue;
        };
        let holder = amenity.properties.unit_ids.iter().find(|id| {
            venue.unit(id).is_some()
                && venue
                    .shape(id)
                    .is_some_and(|shape| shape.covers(point, tolerance))
        });
        if let Some(holder) = holder {
            found
                .amenity_unit
                .insert(amenity.id.clone(), holder.clone());
        }
    }
    found
}
