//! Lifts, stairs and escalators joined from level to level (venue contract §2.7): a connector
//! room on one level rides to the room of its kind above it on the next level up. A lift shaft
//! or a stair core stands where it stood below, so their footprints overlap; an escalator's
//! landings do not (its run climbs some metres in plan), so it joins the nearest escalator up
//! there, the one of the same name first (`上行扶梯` to `上行扶梯`).

use site_venues::geometry::{Point, Polygon};

use crate::categories::is_connector;
use crate::layout::{LaidRoom, Level};
use crate::overlaps::overlap;

/// How far in plan an escalator's upper landing may lie from its lower one: a run of 10 m
/// (4.5 m of height at 30°) with room to spare.
const ESCALATOR_REACH_M: f64 = 20.0;

/// One relationship: the rooms it joins as (level, room) indexes, bottom to top for lifts and
/// stairs, origin then destination for an escalator.
pub(crate) struct Ride {
    pub category: &'static str,
    pub directed: bool,
    pub stops: Vec<(usize, usize)>,
}

/// The rides of `levels`, sorted by ordinal: each a level above the one before it.
pub(crate) fn rides(levels: &[&Level]) -> Vec<Ride> {
    let ups: Vec<Vec<Option<usize>>> = levels
        .windows(2)
        .map(|pair| matches(&pair[0].rooms, &pair[1].rooms))
        .collect();
    let mut rides = Vec::new();
    for (k, level) in levels.iter().enumerate() {
        for (i, room) in level.rooms.iter().enumerate() {
            let up = ups.get(k).and_then(|ups| ups[i]);
            match room.category {
                "escalator" => {
                    if let Some(j) = up {
                        rides.extend(escalator((k, i), (k + 1, j), room, &levels[k + 1].rooms[j]));
                    }
                }
                "elevator" | "stairs" => {
                    let joined_from_below = k > 0 && ups[k - 1].contains(&Some(i));
                    if joined_from_below {
                        continue;
                    }
                    let mut stops = vec![(k, i)];
                    let (mut at_level, mut at_room) = (k, i);
                    while let Some(j) = ups.get(at_level).and_then(|ups| ups[at_room]) {
                        (at_level, at_room) = (at_level + 1, j);
                        stops.push((at_level, at_room));
                    }
                    if stops.len() > 1 {
                        rides.push(Ride {
                            category: room.category,
                            directed: false,
                            stops,
                        });
                    }
                }
                _ => {}
            }
        }
    }
    rides
}

/// An escalator's direction from its names: `上行` up, `下行` down; either way when neither
/// says (one relationship per direction of travel, §2.7).
fn escalator(
    low: (usize, usize),
    high: (usize, usize),
    below: &LaidRoom,
    above: &LaidRoom,
) -> Vec<Ride> {
    let says = |word: &str| {
        [below, above]
            .iter()
            .any(|room| room.name.as_deref().is_some_and(|n| n.contains(word)))
    };
    let (up, down) = match (says("上行"), says("下行")) {
        (true, false) => (true, false),
        (false, true) => (false, true),
        _ => (true, true),
    };
    let ride = |stops| Ride {
        category: "escalator",
        directed: true,
        stops,
    };
    let mut rides = Vec::new();
    if up {
        rides.push(ride(vec![low, high]));
    }
    if down {
        rides.push(ride(vec![high, low]));
    }
    rides
}

/// For each room of `below`, the connector of `above` it rides to, each taken once.
fn matches(below: &[LaidRoom], above: &[LaidRoom]) -> Vec<Option<usize>> {
    let mut taken = vec![false; above.len()];
    below
        .iter()
        .map(|room| {
            if !is_connector(room.category) {
                return None;
            }
            let best = above
                .iter()
                .enumerate()
                .filter(|(j, other)| !taken[*j] && other.category == room.category)
                .filter_map(|(j, other)| Some((j, fit(room, other)?)))
                .max_by(|(_, a), (_, b)| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal))
                .map(|(j, _)| j)?;
            taken[best] = true;
            Some(best)
        })
        .collect()
}

/// How well `above` continues `below`, bigger is better; None when it cannot.
fn fit(below: &LaidRoom, above: &LaidRoom) -> Option<(bool, f64, f64)> {
    let area = overlap(&below.ring, &above.ring);
    let distance = centre(below).distance(centre(above));
    let same_name = below.name.is_some() && below.name == above.name;
    let reaches = area > 0.0 || (below.category == "escalator" && distance <= ESCALATOR_REACH_M);
    reaches.then_some((same_name, area, -distance))
}

fn centre(room: &LaidRoom) -> Point {
    Polygon::new(vec![room.ring.clone()]).centroid()
}
