//! One drawn level's features: the level, its rooms and walkways as units, its doors and
//! entrances as openings.

use serde_json::{Value, json};
use site_venues::geometry::Polygon;

use super::writer::{Writer, feature, label};
use crate::layout::Level;
use crate::mapping::LevelNaming;

#[derive(Default)]
pub(crate) struct LevelFeatures {
    pub levels: Vec<Value>,
    pub units: Vec<Value>,
    pub openings: Vec<Value>,
}

/// Writes `level` into `out`; the ids of its rooms, in the level's order (relationships join
/// them).
pub(crate) fn write(
    w: &mut Writer<'_>,
    naming: &LevelNaming,
    level: &Level,
    building_id: &str,
    out: &mut LevelFeatures,
) -> Vec<String> {
    let outline = vec![level.outline.clone()];
    let middle = Polygon::new(outline.clone()).interior_point();
    let level_id = w.id();
    out.levels.push(feature(
        &level_id,
        "level",
        w.polygon(&outline),
        json!({
            "category": "unspecified", "restriction": null, "outdoor": false,
            "ordinal": naming.ordinal, "name": label(&naming.name),
            "short_name": label(&naming.short_name), "display_point": w.point(middle),
            "address_id": null, "building_ids": [building_id],
        }),
    ));
    let mut room_ids = Vec::with_capacity(level.rooms.len());
    for room in &level.rooms {
        let rings = vec![room.ring.clone()];
        let display = room
            .name
            .as_ref()
            .map(|_| w.point(Polygon::new(rings.clone()).interior_point()));
        let id = w.id();
        out.units.push(feature(
            &id,
            "unit",
            w.polygon(&rings),
            json!({
                "category": room.category, "restriction": null, "accessibility": null,
                "name": room.name.as_deref().map(label), "alt_name": null,
                "display_point": display, "level_id": level_id,
            }),
        ));
        room_ids.push(id);
    }
    for walkway in &level.walkways {
        let id = w.id();
        out.units.push(feature(
            &id,
            "unit",
            w.polygon(walkway),
            json!({
                "category": "walkway", "restriction": null, "accessibility": null, "name": null,
                "alt_name": null, "display_point": null, "level_id": level_id,
            }),
        ));
    }
    for opening in &level.openings {
        let id = w.id();
        let line = json!({"type": "LineString", "coordinates": [w.position(opening.a), w.position(opening.b)]});
        out.openings.push(feature(
            &id,
            "opening",
            line,
            json!({
                "category": "pedestrian", "accessibility": null, "access_control": null,
                "door": null, "name": opening.entrance.as_deref().map(label), "alt_name": null,
                "display_point": null, "level_id": level_id,
            }),
        ));
    }
    room_ids
}
