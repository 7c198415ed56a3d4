//! The drawing's rooms, doors, room names and walls, in metres along the drawing's axes from
//! its origin. Every entity that cannot serve is a problem naming its handle.

use dxf::Drawing;
use dxf::entities::{EntityType, Insert};
use site_venues::geometry::{Bbox, Point, Polygon, signed_area};
use site_venues::{Said, said};

use crate::bulge;
use crate::doorways::doorways;
use crate::labels;
use crate::mapping::Mapping;
use crate::meaning::LayerMeaning;
use crate::points;
use crate::problem::{DxfProblem, DxfRule, WALL_ENCLOSURE, WALL_GAP};
use crate::read::DxfLimits;
use crate::walls;
use crate::work::Work;

/// A door block whose size is unknown or implausible is taken as a common single door.
pub(crate) const DEFAULT_DOOR_M: f64 = 0.9;
pub(crate) const PLAUSIBLE_DOOR_M: std::ops::RangeInclusive<f64> = 0.5..=4.0;
/// The radius of a door's swing drawn as an arc: a leaf, not a round wall.
const SWING_M: std::ops::RangeInclusive<f64> = 0.6..=1.5;
/// Smaller outlines are hatch slivers or symbols, not rooms anyone walks into.
pub(crate) const MIN_ROOM_M2: f64 = 1.0;
/// A polyline whose last vertex is this close to its first is closed, flag or not.
const CLOSE_M: f64 = 0.01;

pub(crate) struct Room {
    /// What names it to the visitor: a DXF handle (`2F`), a GeoJSON feature's id.
    pub handle: String,
    pub layer: String,
    /// Counter-clockwise, without the closing repeat.
    pub ring: Vec<Point>,
    pub name: Option<String>,
    /// The category its layer gives it (a lift drawn on the lifts' layer), else None.
    pub category: Option<&'static str>,
}

pub(crate) struct Door {
    pub handle: String,
    pub layer: String,
    pub centre: Point,
    pub width: f64,
}

pub(crate) struct Plan {
    pub rooms: Vec<Room>,
    pub doors: Vec<Door>,
    /// Ends of wall lines: the level's outline encloses them as well as the rooms.
    pub wall_points: Vec<Point>,
    /// The wall lines' straight pieces: the rooms when no room layer draws them
    /// (`crate::walls`).
    pub walls: Vec<[Point; 2]>,
    /// The rooms are the spaces the walls enclose: a door that leads into none of them is a
    /// door of a space the walls leave open, inside the walkway, and is left out.
    pub rooms_from_walls: bool,
}

/// Drawing units to metres, along the drawing's own axes: walls drawn square stay square, so
/// the walkway's difference meets no rounding slivers; the output turns the level to north.
#[derive(Clone, Copy)]
struct ToLevel {
    at: [f64; 2],
    scale: f64,
}

impl ToLevel {
    /// Metres from the placement's point, which the output puts at its longitude and latitude.
    fn point(self, [x, y]: [f64; 2]) -> Point {
        Point::new((x - self.at[0]) * self.scale, (y - self.at[1]) * self.scale)
    }
}

impl Plan {
    pub(crate) fn read(
        drawing: &Drawing,
        mapping: &Mapping,
        scale: f64,
        limits: &DxfLimits,
        work: &mut Work,
    ) -> Result<Plan, Vec<DxfProblem>> {
        let to_level = ToLevel {
            at: mapping.placement.at,
            scale,
        };
        let mut plan = Plan {
            rooms: Vec::new(),
            doors: Vec::new(),
            wall_points: Vec::new(),
            walls: Vec::new(),
            rooms_from_walls: false,
        };
        let mut texts: Vec<(Point, String)> = Vec::new();
        let mut problems = Vec::new();
        let mut wall_layer: Option<&str> = None;
        for entity in points::model_space(drawing) {
            let layer = &entity.common.layer;
            let handle = entity.common.handle.as_string();
            let meaning = mapping.meaning(layer);
            match (meaning, &entity.specific) {
                (_, EntityType::LwPolyline(_) | EntityType::Polyline(_)) if meaning.is_room() => {
                    match room(&entity.specific, to_level) {
                        Ok(ring) => plan.rooms.push(Room {
                            handle: handle.clone(),
                            layer: layer.clone(),
                            ring,
                            name: None,
                            category: meaning.connector(),
                        }),
                        Err(why) => problems.push(DxfProblem::entity(
                            DxfRule::Room,
                            layer,
                            &said!("多段线", "polyline"),
                            &handle,
                            &why,
                        )),
                    }
                }
                (LayerMeaning::Door, EntityType::Insert(insert)) => {
                    match opening(drawing, insert, to_level) {
                        Opening::Door(centre, width) => plan.doors.push(Door {
                            handle,
                            layer: layer.clone(),
                            centre,
                            width,
                        }),
                        // A window across the wall's gap closes the room as the wall does.
                        Opening::Window(corners) => plan
                            .walls
                            .extend((0..4).map(|i| [corners[i], corners[(i + 1) % 4]])),
                    }
                }
                // A door drawn as its swing, not as a block: on the doors' layer, or on the
                // walls' in drawings that keep everything on one layer.
                (LayerMeaning::Door | LayerMeaning::Wall, EntityType::Arc(arc))
                    if let Some((centre, width)) = swing(&entity.specific, arc, to_level) =>
                {
                    plan.doors.push(Door {
                        handle,
                        layer: layer.clone(),
                        centre,
                        width,
                    });
                }
                // Windows drawn across the wall's gap, door leaves: they close rooms as walls
                // do when the rooms come from the walls.
                (
                    LayerMeaning::Door,
                    specific @ (EntityType::Line(_)
                    | EntityType::LwPolyline(_)
                    | EntityType::Polyline(_)),
                ) => {
                    plan.walls.extend(
                        points::segments(specific)
                            .into_iter()
                            .map(|[a, b]| [to_level.point(a), to_level.point(b)]),
                    );
                }
                // Room labels are often kept on the rooms' own layer (AIA's A-AREA with its IDEN),
                // or on the walls' in drawings of one layer.
                (_, specific)
                    if meaning == LayerMeaning::Text
                        || meaning.is_room()
                        || (meaning == LayerMeaning::Wall
                            && matches!(specific, EntityType::Text(_) | EntityType::MText(_))) =>
                {
                    if let Some((at, text)) = labels::label(specific) {
                        texts.push((to_level.point(at), text));
                    }
                }
                (LayerMeaning::Wall, specific) => {
                    wall_layer.get_or_insert(layer);
                    let outline: Vec<Point> = points::outline_points(drawing, specific)
                        .into_iter()
                        .map(|p| to_level.point(p))
                        .collect();
                    // A block on a wall layer (a glazing panel, a column) encloses as its box,
                    // whose corners are its outline points.
                    match specific {
                        EntityType::Insert(_) if outline.len() == 4 => plan
                            .walls
                            .extend((0..4).map(|i| [outline[i], outline[(i + 1) % 4]])),
                        other => plan.walls.extend(
                            points::segments(other)
                                .into_iter()
                                .map(|[a, b]| [to_level.point(a), to_level.point(b)]),
                        ),
                    }
                    plan.wall_points.extend(outline);
                }
                _ => {}
            }
        }
        let vertices: usize = plan.rooms.iter().map(|room| room.ring.len()).sum();
        if plan.rooms.len() > limits.max_rooms || vertices > limits.max_vertices {
            // Nothing more is worked out of a drawing this large: each room would be compared
            // with the others and the doors.
            return Err(vec![DxfProblem::drawing(
                DxfRule::Level,
                said!(
                    "图纸有 {} 个房间、共 {vertices} 个顶点，超过了每张图纸 {} 个房间、{} 个顶点的上限：请把房间轮廓简化（圆弧少分段），或把楼层分成几张图纸",
                    "The drawing has {} rooms with {vertices} vertices in all, more than the limit of {} rooms and {} vertices per drawing: simplify the room outlines (fewer segments per arc), or split the level into several drawings",
                    plan.rooms.len(),
                    limits.max_rooms,
                    limits.max_vertices
                ),
            )]);
        }
        if plan.rooms.is_empty() && problems.is_empty() {
            // Most CAD draws walls, not rooms: the spaces the walls enclose are the rooms, and
            // a gap in a wall with no door drawn in it is a doorway.
            walls::not_too_dense(&plan.walls, work).map_err(|p| vec![p])?;
            let gaps = doorways(&plan.walls, &plan.doors, work).map_err(|p| vec![p])?;
            for (n, [a, b]) in gaps.iter().enumerate() {
                plan.doors.push(Door {
                    handle: format!("{} {}", WALL_GAP[0], n + 1),
                    layer: wall_layer.unwrap_or_default().to_owned(),
                    centre: a.lerp(*b, 0.5),
                    width: a.distance(*b),
                });
            }
            plan.walls.extend(gaps);
            let rings =
                walls::rooms_from_walls(&plan.walls, &plan.doors, work).map_err(|p| vec![p])?;
            plan.rooms_from_walls = true;
            plan.rooms = rings
                .into_iter()
                .enumerate()
                .map(|(n, ring)| Room {
                    handle: format!("{} {}", WALL_ENCLOSURE[0], n + 1),
                    layer: wall_layer.unwrap_or_default().to_owned(),
                    ring,
                    name: None,
                    category: None,
                })
                .collect();
        }
        if plan.rooms.is_empty() && problems.is_empty() {
            problems.push(DxfProblem::drawing(
                DxfRule::NoRooms,
                said!(
                    "房间图层上没有闭合的多段线，墙图层上的线也没有围出带门的房间：每个房间要画成房间图层上的一条闭合多段线（LWPOLYLINE 或 POLYLINE），或由墙线围成、墙上有门图块",
                    "The room layers hold no closed polyline, and the lines on the wall layers enclose no room with a door: draw each room as one closed polyline (LWPOLYLINE or POLYLINE) on a room layer, or enclose it with wall lines and put a door block in its wall"
                ),
            ));
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        plan.name_rooms(&texts, work).map_err(|p| vec![p])?;
        Ok(plan)
    }

    /// A room takes the first text standing inside it (texts in no room name nothing).
    fn name_rooms(&mut self, texts: &[(Point, String)], work: &mut Work) -> Result<(), DxfProblem> {
        for room in &mut self.rooms {
            work.spend(texts.len())?;
            let polygon = Polygon::new(vec![room.ring.clone()]);
            let bbox = Bbox::of_points(room.ring.iter().copied());
            room.name = texts
                .iter()
                .find(|(at, text)| !text.is_empty() && bbox.contains(*at) && polygon.contains(*at))
                .map(|(_, text)| text.clone());
        }
        Ok(())
    }
}

/// A closed outline of at least a square metre, counter-clockwise; else why not.
fn room(specific: &EntityType, to_level: ToLevel) -> Result<Vec<Point>, Said> {
    let (flag_closed, vertices): (bool, Vec<([f64; 2], f64)>) = match specific {
        EntityType::LwPolyline(poly) => (
            poly.is_closed(),
            poly.vertices
                .iter()
                .map(|v| ([v.x, v.y], v.bulge))
                .collect(),
        ),
        EntityType::Polyline(poly) => (
            poly.is_closed(),
            poly.vertices()
                .map(|v| ([v.location.x, v.location.y], v.bulge))
                .collect(),
        ),
        _ => return Err(said!("不是多段线", "is not a polyline")),
    };
    let points = points::to_world(specific, bulge::flatten(&vertices, flag_closed));
    let mut ring: Vec<Point> = Vec::with_capacity(points.len());
    for p in points.into_iter().map(|p| to_level.point(p)) {
        if ring.last().is_none_or(|last| last.distance(p) > 1e-6) {
            ring.push(p);
        }
    }
    let closes = ring.len() > 2 && ring[0].distance(ring[ring.len() - 1]) <= CLOSE_M;
    if closes {
        ring.pop();
    } else if !flag_closed {
        return Err(said!(
            "没有闭合，不能作为房间：请把它改成闭合多段线",
            "is not closed, so it cannot be a room: make it a closed polyline"
        ));
    }
    if ring.len() < 3 {
        return Err(said!(
            "不到三个顶点，围不成房间",
            "has fewer than three vertices and encloses no room"
        ));
    }
    let area = signed_area(&ring);
    if area.abs() < MIN_ROOM_M2 {
        return Err(said!(
            "围出的面积不到 1 平方米，不能作为房间",
            "encloses less than 1 square metre, too little for a room"
        ));
    }
    if area < 0.0 {
        ring.reverse();
    }
    Ok(ring)
}

/// A door's swing: an arc of at most a little over a quarter turn (drawn half open, often)
/// whose radius is a door's width. Its middle
/// and width, as a door block's would be (the box of the hinge and the arc's ends).
fn swing(
    specific: &EntityType,
    arc: &dxf::entities::Arc,
    to_level: ToLevel,
) -> Option<(Point, f64)> {
    let width = arc.radius * to_level.scale;
    let sweep = (arc.end_angle - arc.start_angle).rem_euclid(360.0);
    if !SWING_M.contains(&width) || !(10.0..=110.0).contains(&sweep) {
        return None;
    }
    let c = [arc.center.x, arc.center.y];
    let at = |deg: f64| {
        let rad = deg.to_radians();
        [c[0] + arc.radius * rad.cos(), c[1] + arc.radius * rad.sin()]
    };
    let points = points::to_world(specific, vec![c, at(arc.start_angle), at(arc.end_angle)]);
    let bbox = Bbox::of_points(points.into_iter().map(|p| to_level.point(p)));
    Some((bbox.min.lerp(bbox.max, 0.5), width))
}

/// A block on the doors' layer: a door, or a window (the layer is often 门窗, doors and
/// windows).
enum Opening {
    /// The middle of the door block's drawing and its width (the longer side of its box): a
    /// door block is drawn around its opening, leaf and swing, whatever its base point.
    Door(Point, f64),
    /// A block as thin as a wall, longer than a door is narrow, drawn as three or more lines
    /// along its length (the wall's faces and the glass), or named a window: its box's corners.
    Window([Point; 4]),
}

/// Thinner than this and at least a narrow door long, a block on the doors' layer may be a
/// window.
const WINDOW_DEPTH_M: f64 = 0.45;

/// Whether the block's name says it is a window (窗, `WIN`, `WINDOW`).
fn named_window(name: &str) -> bool {
    name.contains('窗') || name.to_ascii_uppercase().contains("WIN")
}

fn opening(drawing: &Drawing, insert: &Insert, to_level: ToLevel) -> Opening {
    let Some(block) = points::placed_block(drawing, insert) else {
        let at = points::to_world(
            &EntityType::Insert(insert.clone()),
            vec![[insert.location.x, insert.location.y]],
        );
        return Opening::Door(to_level.point(at[0]), DEFAULT_DOOR_M);
    };
    let [long, short] = [
        block.size[0].max(block.size[1]) * to_level.scale,
        block.size[0].min(block.size[1]) * to_level.scale,
    ];
    let thin = short < WINDOW_DEPTH_M && long >= *PLAUSIBLE_DOOR_M.start();
    if thin && (block.long_lines >= 3 || named_window(&insert.name)) {
        return Opening::Window(block.corners.map(|p| to_level.point(p)));
    }
    let width = if PLAUSIBLE_DOOR_M.contains(&long) {
        long
    } else {
        DEFAULT_DOOR_M
    };
    Opening::Door(to_level.point(block.centre), width)
}
