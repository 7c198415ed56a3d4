//! Where an entity's points are in the drawing (world coordinates): the points that bound it,
//! and a block reference's drawing placed by its insert.

use dxf::Drawing;
use dxf::entities::{EntityType, Insert};

use crate::bulge;

/// The entities of the model space, where the building is drawn: paper space holds the sheet's
/// frame, title block and viewports.
pub(crate) fn model_space(drawing: &Drawing) -> impl Iterator<Item = &dxf::entities::Entity> {
    drawing
        .entities()
        .filter(|entity| !entity.common.is_in_paper_space)
}

/// Whether an entity drawn in its own coordinate system is seen from below (normal (0, 0, -1)):
/// CAD programs mirror entities so, and by AutoCAD's arbitrary axis rule its x then runs along
/// the drawing's -x while y stays. LINE is always in drawing coordinates; other normals (walls
/// drawn standing up) do not occur in plans and are taken as seen from above.
pub(crate) fn seen_from_below(specific: &EntityType) -> bool {
    let z = match specific {
        EntityType::Arc(e) => e.normal.z,
        EntityType::Circle(e) => e.normal.z,
        EntityType::Insert(e) => e.extrusion_direction.z,
        EntityType::LwPolyline(e) => e.extrusion_direction.z,
        EntityType::Polyline(e) => e.normal.z,
        EntityType::Text(e) => e.normal.z,
        _ => 1.0,
    };
    z < 0.0
}

/// Points of the entity's own coordinate system in the drawing's.
pub(crate) fn to_world(specific: &EntityType, mut points: Vec<[f64; 2]>) -> Vec<[f64; 2]> {
    if seen_from_below(specific) {
        for p in &mut points {
            p[0] = -p[0];
        }
    }
    points
}

/// The points that bound an entity, for extents and the level's outline: ends, vertices, an
/// arc's or circle's box, a block reference's placed box.
pub(crate) fn outline_points(drawing: &Drawing, specific: &EntityType) -> Vec<[f64; 2]> {
    let own = match specific {
        EntityType::Insert(insert) => {
            return placed_block(drawing, insert).map_or_else(Vec::new, |b| b.corners.to_vec());
        }
        other => own_points(other),
    };
    to_world(specific, own)
}

/// The straight pieces of a wall entity in the drawing's coordinates: a LINE, a polyline's
/// segments (arcs as chords), an ARC as chords; nothing for other entities.
pub(crate) fn segments(specific: &EntityType) -> Vec<[[f64; 2]; 2]> {
    let (points, closed) = match specific {
        EntityType::Line(line) => (vec![[line.p1.x, line.p1.y], [line.p2.x, line.p2.y]], false),
        EntityType::LwPolyline(poly) => {
            let vertices: Vec<_> = poly
                .vertices
                .iter()
                .map(|v| ([v.x, v.y], v.bulge))
                .collect();
            (
                bulge::flatten(&vertices, poly.is_closed()),
                poly.is_closed(),
            )
        }
        EntityType::Polyline(poly) => {
            let vertices: Vec<_> = poly
                .vertices()
                .map(|v| ([v.location.x, v.location.y], v.bulge))
                .collect();
            (
                bulge::flatten(&vertices, poly.is_closed()),
                poly.is_closed(),
            )
        }
        EntityType::Arc(arc) => (arc_chords(arc), false),
        _ => return Vec::new(),
    };
    let points = to_world(specific, points);
    let mut pieces: Vec<[[f64; 2]; 2]> = points.windows(2).map(|w| [w[0], w[1]]).collect();
    if closed && points.len() > 2 {
        pieces.push([points[points.len() - 1], points[0]]);
    }
    pieces
}

/// An arc's chords, at most a polyline arc's step each (angles in degrees, counter-clockwise).
fn arc_chords(arc: &dxf::entities::Arc) -> Vec<[f64; 2]> {
    let end = if arc.end_angle < arc.start_angle {
        arc.end_angle + 360.0
    } else {
        arc.end_angle
    };
    let steps = ((end - arc.start_angle) / 7.5).ceil().max(1.0) as usize;
    (0..=steps)
        .map(|i| {
            let rad =
                (arc.start_angle + (end - arc.start_angle) * i as f64 / steps as f64).to_radians();
            [
                arc.center.x + arc.radius * rad.cos(),
                arc.center.y + arc.radius * rad.sin(),
            ]
        })
        .collect()
}

/// The entity's points in its own coordinate system; a block reference has none of its own.
fn own_points(specific: &EntityType) -> Vec<[f64; 2]> {
    match specific {
        EntityType::Line(line) => vec![[line.p1.x, line.p1.y], [line.p2.x, line.p2.y]],
        EntityType::LwPolyline(poly) => poly.vertices.iter().map(|v| [v.x, v.y]).collect(),
        EntityType::Polyline(poly) => poly
            .vertices()
            .map(|v| [v.location.x, v.location.y])
            .collect(),
        EntityType::Arc(arc) => arc_points(
            [arc.center.x, arc.center.y],
            arc.radius,
            arc.start_angle,
            arc.end_angle,
        ),
        EntityType::Circle(circle) => {
            let (c, r) = ([circle.center.x, circle.center.y], circle.radius);
            vec![[c[0] - r, c[1] - r], [c[0] + r, c[1] + r]]
        }
        EntityType::Text(text) => vec![[text.location.x, text.location.y]],
        EntityType::MText(text) => vec![[text.insertion_point.x, text.insertion_point.y]],
        _ => Vec::new(),
    }
}

/// An arc's ends and every quarter point it passes (angles in degrees, counter-clockwise).
fn arc_points(c: [f64; 2], r: f64, start: f64, end: f64) -> Vec<[f64; 2]> {
    let at = |deg: f64| {
        let rad = deg.to_radians();
        [c[0] + r * rad.cos(), c[1] + r * rad.sin()]
    };
    let end = if end < start { end + 360.0 } else { end };
    let mut points = vec![at(start), at(end)];
    let mut quarter = (start / 90.0).ceil() * 90.0;
    while quarter < end {
        points.push(at(quarter));
        quarter += 90.0;
    }
    points
}

/// A block's drawing as an insert places it: the corners and middle of its box, and the box's
/// sides scaled (drawing units).
pub(crate) struct PlacedBlock {
    pub corners: [[f64; 2]; 4],
    pub centre: [f64; 2],
    pub size: [f64; 2],
    /// The block's lines that run the length of its box (along its longer side, at least four
    /// fifths of it): a window has three or more (the wall's faces and its glass), a door one.
    pub long_lines: usize,
}

/// None when the block is missing or draws nothing this crate reads (blocks in blocks are not
/// followed: door blocks are drawn flat).
pub(crate) fn placed_block(drawing: &Drawing, insert: &Insert) -> Option<PlacedBlock> {
    let block = drawing.blocks().find(|b| b.name == insert.name)?;
    let points: Vec<[f64; 2]> = block
        .entities
        .iter()
        .flat_map(|e| to_world(&e.specific, own_points(&e.specific)))
        .collect();
    if points.is_empty() {
        return None;
    }
    let min = points
        .iter()
        .fold([f64::MAX; 2], |m, p| [m[0].min(p[0]), m[1].min(p[1])]);
    let max = points
        .iter()
        .fold([f64::MIN; 2], |m, p| [m[0].max(p[0]), m[1].max(p[1])]);
    let (sx, sy) = (insert.x_scale_factor, insert.y_scale_factor);
    let (sin, cos) = insert.rotation.to_radians().sin_cos();
    let place = |[x, y]: [f64; 2]| {
        let (x, y) = (sx * (x - block.base_point.x), sy * (y - block.base_point.y));
        [
            insert.location.x + x * cos - y * sin,
            insert.location.y + x * sin + y * cos,
        ]
    };
    let own = vec![
        place(min),
        place([max[0], min[1]]),
        place(max),
        place([min[0], max[1]]),
        place([(min[0] + max[0]) / 2.0, (min[1] + max[1]) / 2.0]),
    ];
    let world = to_world(&EntityType::Insert(insert.clone()), own);
    let size = [sx.abs() * (max[0] - min[0]), sy.abs() * (max[1] - min[1])];
    let along = usize::from(size[1] > size[0]);
    let length = max[along] - min[along];
    let long_lines = block
        .entities
        .iter()
        .flat_map(|e| segments(&e.specific))
        .filter(|[a, b]| {
            let (d, across) = (
                (b[along] - a[along]).abs(),
                (b[1 - along] - a[1 - along]).abs(),
            );
            d >= 0.8 * length && across <= 0.05 * d
        })
        .count();
    Some(PlacedBlock {
        corners: [world[0], world[1], world[2], world[3]],
        centre: world[4],
        size,
        long_lines,
    })
}

#[cfg(test)]
mod tests {
    use dxf::entities::{Entity, EntityType, Insert, Line, LwPolyline};
    use dxf::{Block, Drawing, LwPolylineVertex, Point, Vector};

    use super::{outline_points, placed_block};

    #[test]
    fn an_outline_seen_from_below_is_mirrored() {
        let outline = LwPolyline {
            vertices: vec![LwPolylineVertex {
                x: 5.0,
                y: 2.0,
                ..Default::default()
            }],
            extrusion_direction: Vector::new(0.0, 0.0, -1.0),
            ..Default::default()
        };
        let points = outline_points(&Drawing::new(), &EntityType::LwPolyline(outline));
        assert_eq!(points, vec![[-5.0, 2.0]]);
    }

    #[test]
    fn a_block_is_placed_by_its_insert() {
        let mut drawing = Drawing::new();
        let mut block = Block {
            name: "D".to_owned(),
            base_point: Point::new(-1.0, 0.0, 0.0),
            ..Default::default()
        };
        block.entities.push(Entity::new(EntityType::Line(Line::new(
            Point::new(-1.0, 0.0, 0.0),
            Point::new(1.0, 0.0, 0.0),
        ))));
        drawing.add_block(block);
        // Hinged at the base point, turned a quarter to the left, twice the size.
        let insert = Insert {
            name: "D".to_owned(),
            location: Point::new(10.0, 10.0, 0.0),
            rotation: 90.0,
            x_scale_factor: 2.0,
            y_scale_factor: 2.0,
            ..Default::default()
        };
        let placed = placed_block(&drawing, &insert).expect("placed");
        assert_eq!(placed.size, [4.0, 0.0]);
        assert!(
            (placed.centre[0] - 10.0).abs() < 1e-9,
            "{:?}",
            placed.centre
        );
        assert!(
            (placed.centre[1] - 12.0).abs() < 1e-9,
            "{:?}",
            placed.centre
        );
    }
}
