//! A room drawn on the map: its corners snapped, the room cut out of the walkable units it covers
//! (units of a level never overlap, venue contract §2.4), and a door onto the floor beside it.

use i_overlay::core::overlay_rule::OverlayRule;
use serde_json::json;

use super::{LevelUnits, Ring, SAME_M, is_lon_lat, overlay, patch_back, polygon};
use crate::contract::contract;
use crate::edit::{Change, EditError, Files};
use crate::geometry::{Bbox, Point, Polygon, segments_cross, signed_area};
use crate::projection::Frame;
use crate::{Said, said};

/// The corners a drawn room may have.
const CORNERS: std::ops::RangeInclusive<usize> = 3..=100;
/// The width of the door a drawn room gets, m.
const DOOR_M: f64 = 1.5;
/// The smallest room that can be drawn, m².
const MIN_ROOM_M2: f64 = 1.0;

/// A room the visitor drew (a [`Change::DrawRoom`]).
#[derive(Clone, Copy)]
pub(in crate::edit) struct DrawnRoom<'a> {
    pub id: &'a str,
    /// The id of the door it gets onto the walkable floor beside it.
    pub door_id: &'a str,
    pub level_id: &'a str,
    pub corners: &'a [[f64; 2]],
    pub name: Option<&'a str>,
    pub category: &'a str,
}

impl Files<'_> {
    /// Adds the room, cut out of the walkable units of its level it covers; answers the
    /// changes that undo it, in the order they were made.
    pub(in crate::edit) fn draw_room(
        &mut self,
        index: usize,
        room: DrawnRoom,
    ) -> Result<Vec<Change>, EditError> {
        let cannot = |reason: Said| EditError::Cannot { index, reason };
        if !CORNERS.contains(&room.corners.len()) {
            return Err(cannot(said!(
                "画的房间应有 3 到 100 个角",
                "Draw the room with 3 to 100 corners"
            )));
        }
        if !room.corners.iter().all(|&p| is_lon_lat(p)) {
            return Err(cannot(said!(
                "房间的角不是有效的经纬度",
                "A corner of the room is not a valid longitude/latitude"
            )));
        }
        let language = self.data_language();
        let [lon0, lat0] = room.corners[0];
        let frame = Frame::new(lon0, lat0);
        let level = self.level_units(index, room.level_id, frame)?;
        let local = |q: [f64; 2]| frame.to_local(q[0], q[1]);
        let same = |a: [f64; 2], b: [f64; 2]| local(a).distance(local(b)) < SAME_M;
        let mut corners: Vec<[f64; 2]> = Vec::with_capacity(room.corners.len());
        for &corner in room.corners {
            let snapped = level.snap(frame, local(corner), None);
            if corners.last().is_none_or(|&last| !same(last, snapped)) {
                corners.push(snapped);
            }
        }
        while corners.len() > 1 && same(corners[0], corners[corners.len() - 1]) {
            corners.pop();
        }
        let mut ring: Vec<Point> = corners.iter().map(|&c| local(c)).collect();
        if crosses_itself(&ring) {
            return Err(cannot(said!(
                "房间的边互相交叉了：请按顺序沿墙画一圈",
                "The room's sides cross each other: draw it corner by corner, once around \
                 along its walls"
            )));
        }
        if ring.len() < 3 || signed_area(&ring).abs() < MIN_ROOM_M2 {
            return Err(cannot(said!(
                "房间至少要有三个不同的角，面积不小于 1 平方米",
                "A room needs at least three distinct corners and an area of at least \
                 1 square metre"
            )));
        }
        // Counter-clockwise, as the contract has outer rings (§2.3).
        if signed_area(&ring) < 0.0 {
            ring.reverse();
            corners.reverse();
        }

        let mut undo = Vec::new();
        let door = door_onto_floor(&ring, &level);
        let reach = Bbox::of_points(ring.iter().copied());
        let drawn = [Ring {
            local: ring,
            exact: corners.clone(),
        }];
        let file = self.file(index, "unit")?;
        for (at, id, rings, walkable) in &level.units {
            // Only the walkable units the room can reach are cut: a level may hold thousands.
            let near = rings
                .iter()
                .any(|r| Bbox::of_points(r.local.iter().copied()).intersects(&reach));
            if !walkable || !near {
                continue;
            }
            let cut = overlay(rings, &drawn, OverlayRule::Difference, frame);
            let after = cut.as_ref().map_or(0.0, |(_, area)| *area);
            if polygon(rings).area() - after < contract().overlap_limit_m2 {
                continue;
            }
            let unit = &mut file.features()[*at];
            let Some((geometry, _)) = cut else {
                let category = unit["properties"]["category"].as_str().unwrap_or_default();
                return Err(cannot(said!(
                    "新房间盖住了整个 {id}（{category}）：请把房间画在它里面",
                    "The new room covers all of {id} ({category}): draw the room inside it"
                )));
            };
            let old = std::mem::replace(&mut unit["geometry"], geometry);
            file.changed = true;
            undo.push(patch_back("unit", id, old));
        }
        let mut closed = corners;
        closed.push(closed[0]);
        let feature = json!({
            "type": "Feature",
            "id": room.id,
            "feature_type": "unit",
            "geometry": {"type": "Polygon", "coordinates": [closed]},
            "properties": {
                "category": room.category,
                "restriction": null,
                "accessibility": null,
                "name": room.name.map(|name| json!({ language: name })),
                "alt_name": null,
                "display_point": null,
                "level_id": room.level_id,
            },
        });
        undo.push(self.add(index, feature)?);
        if let Some([a, b]) = door {
            let ends = [frame.to_lon_lat(a), frame.to_lon_lat(b)];
            let door = crate::edit::door_feature(room.door_id, ends, &json!(room.level_id));
            undo.push(self.add(index, door)?);
        }
        Ok(undo)
    }
}

/// A door in the middle of the room's longest wall onto walkable floor (a room nobody can enter
/// would fail the venue check), [`DOOR_M`] wide or most of a shorter wall; none if no wall of
/// the room (counter-clockwise) borders walkable floor.
fn door_onto_floor(ring: &[Point], level: &LevelUnits) -> Option<[Point; 2]> {
    let floors: Vec<Polygon> = (level.units.iter())
        .filter(|(_, _, _, walkable)| *walkable)
        .map(|(_, _, rings, _)| polygon(rings))
        .collect();
    let n = ring.len();
    let (a, b) = (0..n)
        .map(|i| (ring[i], ring[(i + 1) % n]))
        .filter(|&(a, b)| {
            // Just outside the wall's middle: right of a counter-clockwise ring.
            let along = (b - a).normalized();
            let outside = a.lerp(b, 0.5) + Point::new(along.y, -along.x) * 0.05;
            floors.iter().any(|floor| floor.contains(outside))
        })
        .max_by(|x, y| x.0.distance(x.1).total_cmp(&y.0.distance(y.1)))?;
    let half = DOOR_M.min(a.distance(b) * 0.8) / 2.0;
    let along = (b - a).normalized();
    let centre = a.lerp(b, 0.5);
    Some([centre - along * half, centre + along * half])
}

fn crosses_itself(ring: &[Point]) -> bool {
    let n = ring.len();
    (0..n).any(|i| {
        (i + 2..n).any(|j| {
            // Edges that share a corner meet there by design.
            (i + 1) % n != j && (j + 1) % n != i && {
                let (a, b) = (ring[i], ring[(i + 1) % n]);
                let (c, d) = (ring[j], ring[(j + 1) % n]);
                segments_cross(a, b, c, d)
            }
        })
    })
}
