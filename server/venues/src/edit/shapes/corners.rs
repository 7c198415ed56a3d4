//! A room's corners: one moved, added on a wall or removed, and with it every unit and level
//! outline of its level sharing it. The doors on the walls of a moved corner keep their
//! distance from the walls' other ends.

use serde_json::{Value, json};

use super::{LevelUnits, PICK_M, Ring, SAME_M, is_lon_lat, patch_back};
use crate::contract::contract;
use crate::edit::{Change, EditError, Files};
use crate::geometry::{Point, nearest_on_segment};
use crate::projection::Frame;
use crate::{Said, said};

/// A room of a level, read around the point the visitor gave.
pub(in crate::edit) struct Pointed {
    frame: Frame,
    level_id: String,
    level: LevelUnits,
    /// The room's place in the unit file.
    place: usize,
}

impl Pointed {
    fn rings(&self) -> &[Ring] {
        self.level.rings_at(self.place)
    }

    /// Every corner of the level's units, local and exact.
    fn pins(&self) -> Vec<(Point, [f64; 2])> {
        (self.level.units.iter())
            .flat_map(|(_, _, rings, _)| rings)
            .flat_map(|ring| ring.local.iter().copied().zip(ring.exact.iter().copied()))
            .collect()
    }

    /// Whether the room's walls run straight on through `corner` (a corner added on a wall).
    fn straight_at(&self, corner: Point) -> bool {
        self.rings().iter().any(|ring| {
            let mut corners = ring.local.as_slice();
            if corners.len() > 1 && corners.first() == corners.last() {
                corners = &corners[..corners.len() - 1];
            }
            let n = corners.len();
            corners
                .iter()
                .position(|p| p.distance(corner) < SAME_M)
                .is_some_and(|i| {
                    let (prev, next) = (corners[(i + n - 1) % n], corners[(i + 1) % n]);
                    nearest_on_segment(corner, prev, next).0 < SAME_M
                })
        })
    }

    /// The room's corner nearest the point, within [`PICK_M`].
    fn corner(&self) -> Option<Point> {
        self.rings()
            .iter()
            .flat_map(|ring| ring.local.iter().copied())
            .map(|q| (q.distance(Point::new(0.0, 0.0)), q))
            .filter(|(d, _)| *d <= PICK_M)
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, q)| q)
    }
}

impl Files<'_> {
    /// Room `id` and its level, in a frame around `at`.
    pub(in crate::edit) fn pointed(
        &mut self,
        index: usize,
        id: &str,
        at: [f64; 2],
    ) -> Result<Pointed, EditError> {
        let cannot = |reason: Said| EditError::Cannot { index, reason };
        if !is_lon_lat(at) {
            return Err(cannot(not_lon_lat()));
        }
        let frame = Frame::new(at[0], at[1]);
        let file = self.file(index, "unit")?;
        let place = crate::edit::found(index, file, "unit", id)?;
        let level_id = file.features()[place]["properties"]["level_id"].clone();
        let Some(level_id) = level_id.as_str().map(str::to_owned) else {
            return Err(cannot(said!("这个房间没有楼层", "This room has no level")));
        };
        let level = self.level_units(index, &level_id, frame)?;
        Ok(Pointed {
            frame,
            level_id,
            level,
            place,
        })
    }

    /// Runs `edit` on the geometry of every unit of the level whose outline passes through
    /// `corner`, and on the level's outline; answers the patches that put back those it changed.
    fn reshape_level(
        &mut self,
        index: usize,
        pointed: &Pointed,
        corner: Point,
        edit: impl Fn(&mut Value) -> Result<bool, Said>,
    ) -> Result<Vec<Change>, EditError> {
        let cannot = |reason: Said| EditError::Cannot { index, reason };
        let mut undo = Vec::new();
        for (at, unit_id, rings, _) in &pointed.level.units {
            if !rings.iter().any(|ring| touches(&ring.local, corner)) {
                continue;
            }
            let file = self.file(index, "unit")?;
            let unit = &mut file.features()[*at];
            let old = unit["geometry"].clone();
            if edit(&mut unit["geometry"]).map_err(cannot)? {
                file.changed = true;
                undo.push(patch_back("unit", unit_id, old));
            }
        }
        let levels = self.file(index, "level")?;
        if let Some(&at) = levels.by_id.get(&pointed.level_id) {
            let outline = &mut levels.features()[at]["geometry"];
            let old = outline.clone();
            if edit(outline).map_err(cannot)? {
                levels.changed = true;
                undo.push(patch_back("level", &pointed.level_id, old));
            }
        }
        Ok(undo)
    }

    /// Moves the corner of unit `id` nearest `at` to `to` (snapped), with every unit and level
    /// outline of its level sharing that corner, and the doors on the walls that end there.
    pub(in crate::edit) fn move_corner(
        &mut self,
        index: usize,
        id: &str,
        at: [f64; 2],
        to: [f64; 2],
    ) -> Result<Vec<Change>, EditError> {
        if !is_lon_lat(to) {
            return Err(not_a_corner(index, not_lon_lat()));
        }
        let pointed = self.pointed(index, id, at)?;
        let Some(corner) = pointed.corner() else {
            return Err(not_a_corner(index, no_corner_near()));
        };
        let frame = pointed.frame;
        let target = pointed
            .level
            .snap(frame, frame.to_local(to[0], to[1]), Some(corner));
        let target_local = frame.to_local(target[0], target[1]);
        // The other ends of the stretches of wall that move: from the corner along each wall
        // that ends there (or is cut in two there) to the wall's end or the nearest corner of
        // another unit on it.
        let pins = pointed.pins();
        let walls: Vec<Point> = (pointed.level.units.iter())
            .flat_map(|(_, _, rings, _)| rings)
            .flat_map(|ring| ring.local.windows(2))
            .filter(|edge| nearest_on_segment(corner, edge[0], edge[1]).0 < SAME_M)
            .flat_map(|edge| edge.iter().copied())
            .filter(|end| end.distance(corner) >= SAME_M)
            .map(|end| {
                (pins.iter().map(|(p, _)| *p))
                    .filter(|p| p.distance(corner) >= SAME_M)
                    .filter(|p| nearest_on_segment(*p, corner, end).0 < SAME_M)
                    .min_by(|x, y| x.distance(corner).total_cmp(&y.distance(corner)))
                    .unwrap_or(end)
            })
            .collect();
        let mut undo = self.reshape_level(index, &pointed, corner, |geometry| {
            Ok(move_corner_in(geometry, frame, corner, Some(target), &pins))
        })?;

        let openings = self.file(index, "opening")?;
        let on_wall = contract().on_boundary_m;
        let mut doors_moved = false;
        for door in openings.features().iter_mut() {
            if door["properties"]["level_id"] != pointed.level_id.as_str() {
                continue;
            }
            let mut ends = Vec::new();
            crate::edit::positions::collect_positions(&door["geometry"], &mut ends);
            let [a, b] = match ends.as_slice() {
                [a, b] => [frame.to_local(a[0], a[1]), frame.to_local(b[0], b[1])],
                _ => continue,
            };
            let Some(&fixed) = walls.iter().find(|&&fixed| {
                nearest_on_segment(a, corner, fixed).0 < on_wall
                    && nearest_on_segment(b, corner, fixed).0 < on_wall
            }) else {
                continue;
            };
            // The door keeps its width and its distance from the wall's end that stays.
            let centre = a.lerp(b, 0.5);
            let from_fixed = fixed.distance(centre);
            let half = a.distance(b) / 2.0;
            let along = (target_local - fixed).normalized();
            let new_centre = fixed + along * from_fixed;
            let old = door["geometry"].clone();
            door["geometry"] = json!({
                "type": "LineString",
                "coordinates": [
                    frame.to_lon_lat(new_centre + along * half),
                    frame.to_lon_lat(new_centre - along * half),
                ],
            });
            doors_moved = true;
            let door_id = door["id"].as_str().unwrap_or_default().to_owned();
            undo.push(patch_back("opening", &door_id, old));
        }
        openings.changed |= doors_moved;
        Ok(undo)
    }

    /// Adds a corner to room `id` on its wall nearest `at` (within [`PICK_M`]), and to every unit
    /// and level outline of its level whose wall passes there: the visitor moves it next.
    pub(in crate::edit) fn add_corner(
        &mut self,
        index: usize,
        pointed: &Pointed,
    ) -> Result<Vec<Change>, EditError> {
        let here = Point::new(0.0, 0.0);
        let Some(point) = (pointed.rings().iter())
            .flat_map(|ring| ring.local.windows(2))
            .map(|edge| nearest_on_segment(here, edge[0], edge[1]))
            .filter(|(d, _)| *d <= PICK_M)
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, q)| q)
        else {
            return Err(not_a_corner(
                index,
                said!(
                    "所指的位置 2 米内没有这个房间的墙",
                    "This room has no wall within 2 m of the point given"
                ),
            ));
        };
        let corners = pointed.rings().iter().flat_map(|ring| ring.local.iter());
        if corners.clone().any(|c| c.distance(point) < 0.1) {
            return Err(not_a_corner(
                index,
                said!("那里已经有一个角了", "There is already a corner there"),
            ));
        }
        let exact = pointed.frame.to_lon_lat(point);
        let frame = pointed.frame;
        // A point inside a wall becomes a corner of every ring through it; none has it yet.
        self.reshape_level(index, pointed, point, |geometry| {
            Ok(move_corner_in(geometry, frame, point, Some(exact), &[]))
        })
    }

    /// Removes the corner of room `id` nearest `at` (within [`PICK_M`]) from every unit and
    /// level outline of its level that has it: the two walls at it become one.
    pub(in crate::edit) fn remove_corner(
        &mut self,
        index: usize,
        pointed: &Pointed,
    ) -> Result<Vec<Change>, EditError> {
        let Some(corner) = pointed.corner() else {
            return Err(not_a_corner(index, no_corner_near()));
        };
        let frame = pointed.frame;
        // The two walls at the corner become one straight wall, in every unit that has the
        // corner, from the nearest corner of another unit on each (a neighbour's corner on
        // one of them stays on the new wall, so the two stay joined), else from its ends. A
        // corner on a straight wall takes nothing with it: no corner is pinned into the wall.
        let pins = if pointed.straight_at(corner) {
            Vec::new()
        } else {
            pointed.pins()
        };
        self.reshape_level(index, pointed, corner, |geometry| {
            let removed = move_corner_in(geometry, frame, corner, None, &pins);
            if rings_too_small(geometry) {
                return Err(said!(
                    "去掉这个角后，有的房间或楼层轮廓不到三个角",
                    "Without this corner, a room or level outline would have fewer than \
                     three corners"
                ));
            }
            Ok(removed)
        })
    }
}

fn not_a_corner(index: usize, reason: Said) -> EditError {
    EditError::Cannot { index, reason }
}

fn not_lon_lat() -> Said {
    said!(
        "角的位置不是有效的经纬度",
        "The corner's position is not a valid longitude/latitude"
    )
}

fn no_corner_near() -> Said {
    said!(
        "所指的位置 2 米内没有这个房间的角",
        "This room has no corner within 2 m of the point given"
    )
}

/// Whether a ring of the geometry has fewer than three corners (four positions, closed).
fn rings_too_small(geometry: &Value) -> bool {
    let mut rings = Vec::new();
    crate::edit::positions::collect_rings(geometry, &mut rings);
    rings.iter().any(|ring| ring.len() < 4)
}

/// Whether `corner` is a corner of `ring` or lies on one of its edges.
fn touches(ring: &[Point], corner: Point) -> bool {
    ring.windows(2)
        .any(|edge| nearest_on_segment(corner, edge[0], edge[1]).0 < SAME_M)
}

/// Moves the corner `from` (local) of every ring of `geometry` to `to`, or removes it when `to`
/// is None. A ring with the corner inside one of its edges gets it as a new corner first (a
/// room's corner on a corridor's long wall bends that wall too), and the `pins` (the level's
/// corners, local and exact) lying inside a wall at the corner become corners of it first, so
/// only the stretch of wall up to the nearest one moves, as it does for the unit that has that
/// corner. A ring's closing position follows its first. Whether a ring changed.
fn move_corner_in(
    geometry: &mut Value,
    frame: Frame,
    from: Point,
    to: Option<[f64; 2]>,
    pins: &[(Point, [f64; 2])],
) -> bool {
    let polygons: Vec<&mut Value> = match geometry["type"].as_str() {
        Some("Polygon") => vec![&mut geometry["coordinates"]],
        Some("MultiPolygon") => match geometry["coordinates"].as_array_mut() {
            Some(list) => list.iter_mut().collect(),
            None => Vec::new(),
        },
        _ => Vec::new(),
    };
    let at = |p: Point| p.distance(from) < SAME_M;
    let mut changed = false;
    for ring in polygons
        .into_iter()
        .filter_map(Value::as_array_mut)
        .flatten()
    {
        let Some(positions) = ring.as_array_mut() else {
            continue;
        };
        let Some(mut corners) = positions
            .iter()
            .map(|p| {
                let exact = [p.get(0)?.as_f64()?, p.get(1)?.as_f64()?];
                Some((frame.to_local(exact[0], exact[1]), exact))
            })
            .collect::<Option<Vec<(Point, [f64; 2])>>>()
        else {
            continue;
        };
        if !touches(&corners.iter().map(|c| c.0).collect::<Vec<_>>(), from) {
            continue;
        }
        // The corner into the wall it lies inside (only to move it: a removed corner is one).
        if let Some(to) = to {
            corners = split_walls(&corners, |a, b| {
                let inside = nearest_on_segment(from, a, b).0 < SAME_M && !at(a) && !at(b);
                if inside { vec![(from, to)] } else { Vec::new() }
            });
        }
        // The pins inside the walls at the corner, in order along each.
        corners = split_walls(&corners, |a, b| {
            if !(at(a) || at(b)) {
                return Vec::new();
            }
            let mut inside: Vec<(Point, [f64; 2])> = pins
                .iter()
                .filter(|(p, _)| {
                    nearest_on_segment(*p, a, b).0 < SAME_M
                        && p.distance(a) >= SAME_M
                        && p.distance(b) >= SAME_M
                })
                .copied()
                .collect();
            inside.sort_by(|x, y| x.0.distance(a).total_cmp(&y.0.distance(a)));
            // Units that share a corner each pin it: once is enough.
            inside.dedup_by(|x, y| x.0.distance(y.0) < SAME_M);
            inside
        });
        let mut moved: Vec<Value> = Vec::with_capacity(corners.len());
        for (local, exact) in &corners {
            if at(*local) {
                moved.extend(to.map(|to| json!(to)));
            } else {
                moved.push(json!(exact));
            }
        }
        // A removed first corner took the closing position with it: close the ring again.
        if moved.first() != moved.last()
            && let Some(first) = moved.first().cloned()
        {
            moved.push(first);
        }
        changed |= moved != *positions;
        *positions = moved;
    }
    changed
}

/// The ring with the points `inside(a, b)` answers put into each wall a-b, in order.
fn split_walls(
    ring: &[(Point, [f64; 2])],
    inside: impl Fn(Point, Point) -> Vec<(Point, [f64; 2])>,
) -> Vec<(Point, [f64; 2])> {
    let mut out = Vec::with_capacity(ring.len() + 2);
    for (i, corner) in ring.iter().enumerate() {
        out.push(*corner);
        if let Some(next) = ring.get(i + 1) {
            out.extend(inside(corner.0, next.0));
        }
    }
    out
}
