//! The level drawn from the plan: its outline, the rooms, the walkway between them (outline
//! minus rooms: the engine routes only through walkable units, venue contract §2.5), each door
//! as an opening on its room's edge, and an entrance where the walkway meets the outline.

use i_overlay::core::fill_rule::FillRule;
use i_overlay::core::overlay_rule::OverlayRule;
use i_overlay::float::single::SingleFloatOverlay;
use site_venues::geometry::{Bbox, Point, Polygon, nearest_on_segment, signed_area};
use site_venues::said;

use crate::categories;
use crate::overlaps::overlapping_rooms;
use crate::plan::{Door, Plan};
use crate::problem::{DxfProblem, DxfRule};
use crate::rings::{convex_hull, share_vertices, without_spikes};
use crate::work::Work;

/// The venue contract's wall (§2.6): an opening's ends lie within 5 cm of its unit's edge.
const ON_EDGE_M: f64 = 0.05;
/// A door block farther than this from every room edge (or than its own width) is no door of
/// a room.
const DOOR_REACH_M: f64 = 1.0;
/// Walkway pieces smaller than this are slivers between rooms and the outline.
const MIN_WALKWAY_M2: f64 = 0.5;
const ENTRANCE_M: f64 = 1.8;
/// An opening takes at most this share of its edge, so it stays clear of the corners.
const EDGE_SHARE: f64 = 0.9;

pub(crate) struct Level {
    /// Counter-clockwise.
    pub outline: Vec<Point>,
    pub rooms: Vec<LaidRoom>,
    /// Each a polygon: the outer ring counter-clockwise, then its holes clockwise.
    pub walkways: Vec<Vec<Vec<Point>>>,
    pub openings: Vec<Opening>,
}

pub(crate) struct LaidRoom {
    pub ring: Vec<Point>,
    pub name: Option<String>,
    /// From the layer, else the name (`crate::categories`); a building of one level writes its lifts and
    /// stairs as rooms (`crate::building::write`).
    pub category: &'static str,
}

pub(crate) struct Opening {
    pub a: Point,
    pub b: Point,
    /// Entrances are named (contract §2.6); room doors are not. Empty until every entrance
    /// is known and they are numbered.
    pub entrance: Option<String>,
    /// An entrance the drawing has no door for, put where the walkway meets the outline.
    pub invented: bool,
}

pub(crate) fn lay_out(plan: &Plan, work: &mut Work) -> Result<Level, Vec<DxfProblem>> {
    let points: Vec<Point> = plan
        .rooms
        .iter()
        .flat_map(|room| room.ring.iter().copied())
        .chain(plan.wall_points.iter().copied())
        .collect();
    let outline = convex_hull(points);
    let mut problems = overlapping_rooms(&plan.rooms, work).map_err(|p| vec![p])?;
    if !problems.is_empty() {
        // Rooms over each other are the first thing to fix, and would each meet every door.
        return Err(problems);
    }
    let mut walkways = walkways(&outline, plan);
    let rooms = shared_vertices(plan, &mut walkways, work).map_err(|p| vec![p])?;
    let mut openings = doors(plan, &outline, &mut problems, work).map_err(|p| vec![p])?;
    let entrances = entrances(&outline, &walkways, &openings);
    let outer_doors = openings.iter().any(|o| o.entrance.is_some());
    if entrances.is_empty() && !outer_doors && problems.is_empty() {
        problems.push(DxfProblem::drawing(
            DxfRule::Level,
            said!(
                "走廊（房间之间的空间）没有碰到楼层的外轮廓，找不到入口：请让走廊通到建筑外墙",
                "The corridor (the space between the rooms) does not reach the level's outline, so there is no entrance: run the corridor to the building's outer wall"
            ),
        ));
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    openings.extend(entrances);
    // Named in order along the file: 入口, 入口 2, ...
    for (n, opening) in openings
        .iter_mut()
        .filter(|o| o.entrance.is_some())
        .enumerate()
    {
        opening.entrance = Some(match n {
            0 => "入口".to_owned(),
            n => format!("入口 {}", n + 1),
        });
    }
    Ok(Level {
        outline,
        rooms: plan
            .rooms
            .iter()
            .zip(rooms)
            .map(|(room, ring)| LaidRoom {
                ring,
                name: room.name.clone(),
                category: room
                    .category
                    .unwrap_or_else(|| categories::of_name(room.name.as_deref())),
            })
            .collect(),
        walkways,
        openings,
    })
}

/// Every door block placed on its room's edge; a room no door leads into is a problem. A door
/// in the building's outer wall is an entrance of its room (contract §2.6).
fn doors(
    plan: &Plan,
    outline: &[Point],
    problems: &mut Vec<DxfProblem>,
    work: &mut Work,
) -> Result<Vec<Opening>, DxfProblem> {
    let mut openings = Vec::new();
    let mut has_door = vec![false; plan.rooms.len()];
    let boxes: Vec<Bbox> = plan
        .rooms
        .iter()
        .map(|room| Bbox::of_points(room.ring.iter().copied()))
        .collect();
    for door in &plan.doors {
        work.spend(plan.rooms.len())?;
        // Only the rooms a door can reach: rooms do not overlap, so they are few.
        let reach = DOOR_REACH_M.max(door.width) + door.width;
        let near: Vec<usize> = (0..plan.rooms.len())
            .filter(|&i| boxes[i].inflated(reach).contains(door.centre))
            .collect();
        work.spend(near.iter().map(|&i| plan.rooms[i].ring.len()).sum())?;
        let placed = if plan.rooms_from_walls {
            // Rooms made from walls keep the wall's thickness between them: the door opens
            // onto each room on either side of it (a door of none is a door of a space the
            // walls leave open, inside the walkway).
            let reached = crate::walls::reached(door, &near, |i| &plan.rooms[i].ring);
            crate::walls::sides(&reached)
                .into_iter()
                .map(|i| edge_door(door, &plan.rooms[i].ring))
                .collect()
        } else {
            match place_door(door, plan, &near, outline) {
                Ok(ends) => vec![ends],
                Err(problem) => {
                    problems.push(problem);
                    continue;
                }
            }
        };
        for (a, b) in placed {
            let ends = [a, b, a.lerp(b, 0.5)];
            // A door in the wall between two rooms is a door of both.
            for &i in &near {
                if ends.iter().all(|p| on_ring(&plan.rooms[i].ring, *p)) {
                    has_door[i] = true;
                }
            }
            let outside = ends.iter().all(|p| on_ring(outline, *p));
            openings.push(Opening {
                a,
                b,
                entrance: outside.then(String::new),
                invented: false,
            });
        }
    }
    for (room, _) in plan.rooms.iter().zip(&has_door).filter(|(_, has)| !**has) {
        problems.push(DxfProblem::entity(
            DxfRule::RoomWithoutDoor,
            &room.layer,
            &said!("房间", "room"),
            &room.handle,
            &said!(
                "没有门：在门图层上给它的墙放一个门图块（INSERT），访客才能走进去",
                "has no door: place a door block (INSERT) in its wall on the door layer so that visitors can walk in"
            ),
        ));
    }
    Ok(openings)
}

fn walkways(outline: &[Point], plan: &Plan) -> Vec<Vec<Vec<Point>>> {
    let as_pairs = |ring: &[Point]| ring.iter().map(|p| [p.x, p.y]).collect::<Vec<[f64; 2]>>();
    let subject = vec![as_pairs(outline)];
    let rooms: Vec<Vec<[f64; 2]>> = plan.rooms.iter().map(|r| as_pairs(&r.ring)).collect();
    let shapes = subject.overlay(&rooms, OverlayRule::Difference, FillRule::NonZero);
    shapes
        .into_iter()
        .filter_map(|shape| {
            let rings: Vec<Vec<Point>> = shape
                .into_iter()
                .enumerate()
                .map(|(i, contour)| {
                    let mut ring = without_spikes(
                        contour.into_iter().map(|[x, y]| Point::new(x, y)).collect(),
                    );
                    // The outer ring counter-clockwise, holes clockwise (contract §2.3).
                    if (signed_area(&ring) > 0.0) != (i == 0) {
                        ring.reverse();
                    }
                    ring
                })
                .collect();
            let area = Polygon::new(rings.clone()).area();
            (rings.first().is_some_and(|r| r.len() >= 3) && area >= MIN_WALKWAY_M2).then_some(rings)
        })
        .collect()
}

/// The rooms' rings, and the walkways' in place, each with the vertices of the others that lie
/// on its edges.
fn shared_vertices(
    plan: &Plan,
    walkways: &mut [Vec<Vec<Point>>],
    work: &mut Work,
) -> Result<Vec<Vec<Point>>, DxfProblem> {
    let mut rings: Vec<Vec<Point>> = plan.rooms.iter().map(|room| room.ring.clone()).collect();
    rings.extend(walkways.iter().flatten().cloned());
    share_vertices(&mut rings, work)?;
    let walkway_rings = rings.split_off(plan.rooms.len());
    for (ring, shared) in walkways.iter_mut().flatten().zip(walkway_rings) {
        *ring = shared;
    }
    Ok(rings)
}

/// The door on the nearest room edge or outer wall (a door from the corridor to the street):
/// the opening's ends.
fn place_door(
    door: &Door,
    plan: &Plan,
    near: &[usize],
    outline: &[Point],
) -> Result<(Point, Point), DxfProblem> {
    let nearest = near
        .iter()
        .flat_map(|&i| edges(&plan.rooms[i].ring))
        .chain(edges(outline))
        .map(|(a, b)| (nearest_on_segment(door.centre, a, b), a, b))
        .min_by(|x, y| x.0.0.total_cmp(&y.0.0));
    let Some(((distance, at), a, b)) = nearest else {
        unreachable!("the outline has edges");
    };
    if distance > reach_of(door) {
        return Err(DxfProblem::entity(
            DxfRule::Door,
            &door.layer,
            &said!("门图块", "door block"),
            &door.handle,
            &said!(
                "离最近的房间边线或外墙还有 {distance:.1} 米，不在任何房间的墙或外墙上：请把门放在房间的边线上",
                "lies {distance:.1} m from the nearest room edge or outer wall, so it is on neither a room's wall nor the outer wall: place the door on a room's edge"
            ),
        ));
    }
    Ok(on_edge(door, at, a, b))
}

/// How far from a room's edge a door may stand and still be its door.
pub(crate) fn reach_of(door: &Door) -> f64 {
    DOOR_REACH_M.max(door.width)
}

/// The opening of `door` on the edge a-b of a ring, as near `at` as the edge allows.
fn on_edge(door: &Door, at: Point, a: Point, b: Point) -> (Point, Point) {
    let length = a.distance(b);
    let width = door.width.min(length * EDGE_SHARE);
    let along = a.distance(at).clamp(width / 2.0, length - width / 2.0);
    let dir = (b - a).normalized();
    (
        a + dir * (along - width / 2.0),
        a + dir * (along + width / 2.0),
    )
}

/// The opening of `door` on the ring's edge nearest it.
fn edge_door(door: &Door, ring: &[Point]) -> (Point, Point) {
    let ((_, at), a, b) = edges(ring)
        .map(|(a, b)| (nearest_on_segment(door.centre, a, b), a, b))
        .min_by(|x, y| x.0.0.total_cmp(&y.0.0))
        .expect("a room has edges");
    on_edge(door, at, a, b)
}

/// One entrance per walkway piece that a door opens onto and no door of the drawing leads
/// outside from, on its longest edge along the outline: visitors start there.
fn entrances(outline: &[Point], walkways: &[Vec<Vec<Point>>], doors: &[Opening]) -> Vec<Opening> {
    let on_outline =
        |p: Point| edges(outline).any(|(a, b)| nearest_on_segment(p, a, b).0 <= ON_EDGE_M);
    let mut entrances = Vec::new();
    for walkway in walkways {
        let boundary = || walkway.iter().flat_map(|ring| edges(ring));
        let on_walkway =
            |p: Point| boundary().any(|(a, b)| nearest_on_segment(p, a, b).0 <= ON_EDGE_M);
        let mut onto = doors
            .iter()
            .filter(|door| on_walkway(door.a.lerp(door.b, 0.5)));
        if onto.clone().next().is_none() || onto.any(|door| door.entrance.is_some()) {
            continue;
        }
        let longest = edges(&walkway[0])
            .filter(|(a, b)| on_outline(*a) && on_outline(*b) && on_outline(a.lerp(*b, 0.5)))
            .max_by(|(a, b), (c, d)| a.distance(*b).total_cmp(&c.distance(*d)));
        if let Some((a, b)) = longest {
            let length = a.distance(b);
            let width = ENTRANCE_M.min(length * EDGE_SHARE);
            let dir = (b - a).normalized();
            let middle = length / 2.0;
            entrances.push(Opening {
                a: a + dir * (middle - width / 2.0),
                b: a + dir * (middle + width / 2.0),
                entrance: Some(String::new()),
                invented: true,
            });
        }
    }
    entrances
}

fn on_ring(ring: &[Point], p: Point) -> bool {
    edges(ring).any(|(a, b)| nearest_on_segment(p, a, b).0 <= ON_EDGE_M)
}

/// A ring's edges, closing back to its first point.
fn edges(ring: &[Point]) -> impl Iterator<Item = (Point, Point)> + '_ {
    ring.iter()
        .zip(ring.iter().cycle().skip(1))
        .map(|(a, b)| (*a, *b))
}
