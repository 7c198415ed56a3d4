//! A room removed: its floor goes to the walkable unit it shares the longest wall with (a level
//! has no holes), the doors between the two go, and what stood in the room follows: its shops
//! (occupants) go with it, its amenities and anchors now stand in the walkway.

use i_overlay::core::overlay_rule::OverlayRule;
use serde_json::{Map, Value, json};

use super::{overlay, patch_back, polygon};
use crate::check::layout::shared_boundary_length;
use crate::contract::contract;
use crate::edit::levels::nodes;
use crate::edit::positions::collect_positions;
use crate::edit::{Change, EditError, Files};
use crate::geometry::{Point, Polygon};
use crate::projection::Frame;
use crate::{Said, said};

impl Files<'_> {
    /// Removes room `id` into its walkable neighbour; answers the changes that undo it.
    pub(in crate::edit) fn remove_room(
        &mut self,
        index: usize,
        id: &str,
    ) -> Result<Vec<Change>, EditError> {
        let cannot = |reason: Said| EditError::Cannot { index, reason };
        let file = self.file(index, "unit")?;
        let place = crate::edit::found(index, file, "unit", id)?;
        let room = file.features()[place].clone();
        let category = room["properties"]["category"].as_str().unwrap_or_default();
        if contract().role(category) == crate::model::UnitRole::Walkable {
            return Err(cannot(said!(
                "这是通道或大堂，不是房间：删掉它会在楼层里留下空洞",
                "This is a walkway or lobby, not a room: removing it would leave a hole in the \
                 level"
            )));
        }
        let level_id = room["properties"]["level_id"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        let mut first = Vec::new();
        collect_positions(&room["geometry"], &mut first);
        let Some(&[lon0, lat0]) = first.first() else {
            return Err(cannot(said!(
                "这个房间没有坐标",
                "This room has no coordinates"
            )));
        };
        let frame = Frame::new(lon0, lat0);
        let level = self.level_units(index, &level_id, frame)?;
        let rings = level.rings_at(place);
        let shape = polygon(rings);
        let tolerance = contract().on_boundary_m;
        let Some(((floor_at, floor_id, floor_rings, _), floor)) = (level.units.iter())
            .filter(|(_, _, _, walkable)| *walkable)
            .map(|unit| (unit, polygon(&unit.2)))
            .map(|(unit, floor)| {
                let shared = shared_boundary_length(&shape, &floor, tolerance);
                (unit, floor, shared)
            })
            .filter(|(_, _, shared)| *shared > 0.0)
            .max_by(|a, b| a.2.total_cmp(&b.2))
            .map(|(unit, floor, _)| (unit, floor))
        else {
            return Err(cannot(said!(
                "这个房间没有和通道共用的墙：删掉它会在楼层里留下空洞；可以把它的类别改成通道",
                "This room shares no wall with a walkway: removing it would leave a hole in the \
                 level. Change its category to a walkway instead"
            )));
        };
        self.refuse_if_connected(index, id)?;

        // The walkway with the room's floor (a union of two units is never empty).
        let (geometry, _) =
            overlay(floor_rings, rings, OverlayRule::Union, frame).ok_or_else(|| {
                cannot(said!(
                    "房间和通道合起来没有面积",
                    "The room and the walkway together have no area"
                ))
            })?;
        let units = self.file(index, "unit")?;
        let old = std::mem::replace(&mut units.features()[*floor_at]["geometry"], geometry);
        units.changed = true;
        let mut undo = vec![patch_back("unit", floor_id, old)];

        // The doors between the room and the walkway: both ends on both outlines.
        let on = |polygon: &Polygon, p: Point| polygon.boundary_distance(p) < tolerance;
        let doors: Vec<String> = (self.file(index, "opening")?.features().iter())
            .filter(|door| door["properties"]["level_id"] == level_id.as_str())
            .filter(|door| {
                let mut ends = Vec::new();
                collect_positions(&door["geometry"], &mut ends);
                let local = ends.iter().map(|p| frame.to_local(p[0], p[1]));
                ends.len() == 2 && local.clone().all(|p| on(&shape, p) && on(&floor, p))
            })
            .filter_map(|door| door["id"].as_str().map(str::to_owned))
            .collect();
        for door in &doors {
            undo.push(self.remove_one(index, "opening", door)?);
        }
        undo.extend(self.move_contents(index, id, floor_id)?);
        undo.push(self.remove_one(index, "unit", id)?);
        Ok(undo)
    }

    /// A room that lifts, escalators or stairs join to other levels is not removed here.
    fn refuse_if_connected(&mut self, index: usize, id: &str) -> Result<(), EditError> {
        let relationships = self.file(index, "relationship")?;
        let joined = (relationships.features().iter())
            .any(|relationship| nodes(&relationship["properties"]).any(|node| node["id"] == id));
        if joined {
            return Err(EditError::Cannot {
                index,
                reason: said!(
                    "这个房间连着其他楼层（电梯、扶梯或楼梯的关系里有它），不能删除",
                    "This room leads to other levels (an elevator, escalator or stairs \
                     relationship includes it), so it cannot be removed"
                ),
            });
        }
        Ok(())
    }

    /// The room's shops go with it; its anchors and amenities now stand in the walkway.
    fn move_contents(
        &mut self,
        index: usize,
        room: &str,
        floor: &str,
    ) -> Result<Vec<Change>, EditError> {
        let mut undo = Vec::new();
        let anchors: Vec<String> = (self.file(index, "anchor")?.features().iter())
            .filter(|anchor| anchor["properties"]["unit_id"] == room)
            .filter_map(|anchor| anchor["id"].as_str().map(str::to_owned))
            .collect();
        for anchor in &anchors {
            let set = Map::from_iter([("unit_id".to_owned(), json!(floor))]);
            undo.push(self.set_properties(index, "anchor", anchor, set)?);
        }
        let shops: Vec<String> = (self.file(index, "occupant")?.features().iter())
            .filter(|shop| {
                let anchor = shop["properties"]["anchor_id"].as_str().unwrap_or_default();
                anchors.iter().any(|a| a == anchor)
            })
            .filter_map(|shop| shop["id"].as_str().map(str::to_owned))
            .collect();
        for shop in &shops {
            undo.push(self.remove_one(index, "occupant", shop)?);
        }
        let amenities: Vec<(String, Value)> = (self.file(index, "amenity")?.features().iter())
            .filter_map(|amenity| {
                let ids = amenity["properties"]["unit_ids"].as_array()?;
                if !ids.iter().any(|u| u == room) {
                    return None;
                }
                let mut now: Vec<Value> = ids.iter().filter(|u| *u != room).cloned().collect();
                if !now.iter().any(|u| u == floor) {
                    now.push(json!(floor));
                }
                Some((amenity["id"].as_str()?.to_owned(), Value::from(now)))
            })
            .collect();
        for (amenity, ids) in amenities {
            let set = Map::from_iter([("unit_ids".to_owned(), ids)]);
            undo.push(self.set_properties(index, "amenity", &amenity, set)?);
        }
        Ok(undo)
    }

    fn set_properties(
        &mut self,
        index: usize,
        feature_type: &str,
        id: &str,
        properties: Map<String, Value>,
    ) -> Result<Change, EditError> {
        let patch = Change::Patch {
            feature_type: feature_type.to_owned(),
            id: id.to_owned(),
            geometry: None,
            properties: Some(properties),
        };
        self.apply_one(index, &patch)
    }

    /// Removes one feature; answers its undo.
    fn remove_one(
        &mut self,
        index: usize,
        feature_type: &str,
        id: &str,
    ) -> Result<Change, EditError> {
        let remove = Change::Remove {
            feature_type: feature_type.to_owned(),
            id: id.to_owned(),
        };
        self.apply_one(index, &remove)
    }
}
