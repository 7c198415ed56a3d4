//! The laid-out level written as the IMDF files of a venue directory (docs/imdf.md, venue
//! contract §1-2): one venue, building, footprint and level, the rooms and walkways as units,
//! the doors and entrances as openings, and every other feature file empty.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::Path;

use serde_json::{Value, json};
use site_venues::geometry::{Point, Polygon};
use site_venues::projection::Frame;

use crate::layout::Level;
use crate::mapping::{Mapping, Placement};

/// The feature files this conversion leaves empty (the check asks for every one).
const EMPTY: [&str; 8] = [
    "amenity",
    "anchor",
    "occupant",
    "fixture",
    "kiosk",
    "section",
    "relationship",
    "geofence",
];

/// The files of a venue directory: `<feature_type>.geojson` and `manifest.json`, as text.
#[derive(Debug, Clone, PartialEq)]
pub struct ImdfFiles {
    pub files: Vec<(String, String)>,
}

impl ImdfFiles {
    pub fn get(&self, name: &str) -> Option<&str> {
        self.files
            .iter()
            .find(|(file, _)| file == name)
            .map(|(_, text)| text.as_str())
    }

    /// Writes every file into `dir`, which must exist.
    pub fn write_to(&self, dir: &Path) -> std::io::Result<()> {
        for (name, text) in &self.files {
            std::fs::write(dir.join(name), text)?;
        }
        Ok(())
    }
}

/// Positions on the earth and version-4 ids that are the same each time the same drawing is
/// converted with the same mapping, so a re-upload keeps its links.
struct Writer<'a> {
    placement: Placement,
    seed: &'a Mapping,
    next_id: u64,
}

impl Writer<'_> {
    fn id(&mut self) -> String {
        let mut bytes = [0u8; 16];
        for (half, salt) in bytes.chunks_mut(8).zip([0u8, 1]) {
            let mut hasher = DefaultHasher::new();
            (
                &self.seed.venue_name,
                &self.seed.level.short_name,
                self.next_id,
                salt,
            )
                .hash(&mut hasher);
            half.copy_from_slice(&hasher.finish().to_le_bytes());
        }
        self.next_id += 1;
        uuid::Builder::from_random_bytes(bytes)
            .into_uuid()
            .to_string()
    }

    /// The drawing's y axis turned `rotation_deg` clockwise from north, then projected; to 7
    /// decimals, about a centimetre (contract §2.3).
    fn position(&self, p: Point) -> Value {
        let (sin, cos) = self.placement.rotation_deg.to_radians().sin_cos();
        let p = Point::new(p.x * cos + p.y * sin, -p.x * sin + p.y * cos);
        let [lon, lat] = Frame::new(self.placement.lon, self.placement.lat).to_lon_lat(p);
        json!([lon, lat])
    }

    fn ring(&self, ring: &[Point]) -> Value {
        let mut positions: Vec<Value> = ring.iter().map(|p| self.position(*p)).collect();
        positions.push(self.position(ring[0]));
        Value::Array(positions)
    }

    fn polygon(&self, rings: &[Vec<Point>]) -> Value {
        json!({"type": "Polygon", "coordinates": rings.iter().map(|r| self.ring(r)).collect::<Vec<_>>()})
    }

    fn point(&self, p: Point) -> Value {
        json!({"type": "Point", "coordinates": self.position(p)})
    }
}

fn label(text: &str) -> Value {
    json!({"zh-Hans": text})
}

fn feature(id: &str, kind: &str, geometry: Value, properties: Value) -> Value {
    let mut feature = json!({"id": id, "type": "Feature", "feature_type": kind});
    feature["geometry"] = geometry;
    feature["properties"] = properties;
    feature
}

fn collection(features: Vec<Value>) -> String {
    let mut collection = json!({"type": "FeatureCollection"});
    collection["features"] = Value::Array(features);
    serde_json::to_string_pretty(&collection).expect("JSON values serialise")
}

pub(crate) fn write(level: &Level, mapping: &Mapping) -> ImdfFiles {
    let mut w = Writer {
        placement: mapping.placement,
        seed: mapping,
        next_id: 0,
    };
    let outline = vec![level.outline.clone()];
    let middle = Polygon::new(outline.clone()).interior_point();
    let (venue_id, building_id, footprint_id, level_id) = (w.id(), w.id(), w.id(), w.id());
    let address_id = w.id();
    let given = &mapping.address;
    let address = feature(
        &address_id,
        "address",
        Value::Null,
        json!({
            "address": given.address, "unit": null, "locality": given.locality,
            "province": given.province, "country": given.country, "postal_code": null,
            "postal_code_ext": null, "postal_code_vanity": null,
        }),
    );
    let name = label(&mapping.venue_name);
    let venue = feature(
        &venue_id,
        "venue",
        w.polygon(&outline),
        json!({
            // IMDF has no category for "any building"; a visitor's offices, school or clinic
            // are closest to a campus of businesses.
            "category": "businesscampus", "restriction": null, "name": name, "alt_name": null,
            "hours": null, "phone": null, "website": null, "display_point": w.point(middle),
            "address_id": address_id,
        }),
    );
    let building = feature(
        &building_id,
        "building",
        Value::Null,
        json!({
            "name": name, "alt_name": null, "category": "unspecified", "restriction": null,
            "display_point": null, "address_id": null,
        }),
    );
    let footprint = feature(
        &footprint_id,
        "footprint",
        w.polygon(&outline),
        json!({
            "category": "ground", "name": null, "building_ids": [building_id],
        }),
    );
    let level_feature = feature(
        &level_id,
        "level",
        w.polygon(&outline),
        json!({
            "category": "unspecified", "restriction": null, "outdoor": false,
            "ordinal": mapping.level.ordinal, "name": label(&mapping.level.name),
            "short_name": label(&mapping.level.short_name), "display_point": w.point(middle),
            "address_id": null, "building_ids": [building_id],
        }),
    );
    let mut units = Vec::new();
    for room in &level.rooms {
        let rings = vec![room.ring.clone()];
        let display = room
            .name
            .as_ref()
            .map(|_| w.point(Polygon::new(rings.clone()).interior_point()));
        let id = w.id();
        units.push(feature(
            &id,
            "unit",
            w.polygon(&rings),
            json!({
                "category": "room", "restriction": null, "accessibility": null,
                "name": room.name.as_deref().map(label), "alt_name": null,
                "display_point": display, "level_id": level_id,
            }),
        ));
    }
    for walkway in &level.walkways {
        let id = w.id();
        units.push(feature(
            &id,
            "unit",
            w.polygon(walkway),
            json!({
                "category": "walkway", "restriction": null, "accessibility": null, "name": null,
                "alt_name": null, "display_point": null, "level_id": level_id,
            }),
        ));
    }
    let mut openings = Vec::new();
    for opening in &level.openings {
        let id = w.id();
        let line = json!({"type": "LineString", "coordinates": [w.position(opening.a), w.position(opening.b)]});
        openings.push(feature(
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
    let mut files = vec![
        ("manifest.json".to_owned(), manifest()),
        ("address.geojson".to_owned(), collection(vec![address])),
        ("venue.geojson".to_owned(), collection(vec![venue])),
        ("building.geojson".to_owned(), collection(vec![building])),
        ("footprint.geojson".to_owned(), collection(vec![footprint])),
        ("level.geojson".to_owned(), collection(vec![level_feature])),
        ("unit.geojson".to_owned(), collection(units)),
        ("opening.geojson".to_owned(), collection(openings)),
    ];
    files.extend(
        EMPTY
            .iter()
            .map(|kind| (format!("{kind}.geojson"), collection(Vec::new()))),
    );
    ImdfFiles { files }
}

fn manifest() -> String {
    let created = chrono::Utc::now()
        .format("%Y-%m-%dT%H:%M:%S+00:00")
        .to_string();
    let value = json!({
        "version": "1.0.0", "created": created, "generated_by": "site-dxf",
        "language": "zh-Hans", "extensions": null,
    });
    serde_json::to_string_pretty(&value).expect("JSON values serialise")
}
