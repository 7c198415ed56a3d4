//! What every written feature shares: ids that are the same each time the same drawings are
//! converted with the same mapping, positions on the earth, and the GeoJSON shapes.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use serde_json::{Value, json};
use site_venues::geometry::Point;
use site_venues::projection::Frame;

use crate::mapping::Placement;

/// Version-4 ids from the venue's name, the scope they are drawn in (a level's short name, or
/// none for the venue's own features) and a counter, so a re-upload keeps its links.
pub(crate) struct Writer<'a> {
    pub placement: Placement,
    pub venue_name: &'a str,
    pub scope: &'a str,
    pub next_id: u64,
}

impl Writer<'_> {
    pub(crate) fn id(&mut self) -> String {
        let mut bytes = [0u8; 16];
        for (half, salt) in bytes.chunks_mut(8).zip([0u8, 1]) {
            let mut hasher = DefaultHasher::new();
            (self.venue_name, self.scope, self.next_id, salt).hash(&mut hasher);
            half.copy_from_slice(&hasher.finish().to_le_bytes());
        }
        self.next_id += 1;
        uuid::Builder::from_random_bytes(bytes)
            .into_uuid()
            .to_string()
    }

    /// The drawing's y axis turned `rotation_deg` clockwise from north, then projected; to 7
    /// decimals, about a centimetre (contract §2.3).
    pub(crate) fn position(&self, p: Point) -> Value {
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

    pub(crate) fn polygon(&self, rings: &[Vec<Point>]) -> Value {
        json!({"type": "Polygon", "coordinates": rings.iter().map(|r| self.ring(r)).collect::<Vec<_>>()})
    }

    pub(crate) fn point(&self, p: Point) -> Value {
        json!({"type": "Point", "coordinates": self.position(p)})
    }
}

pub(crate) fn label(text: &str) -> Value {
    json!({"zh-Hans": text})
}

pub(crate) fn feature(id: &str, kind: &str, geometry: Value, properties: Value) -> Value {
    let mut feature = json!({"id": id, "type": "Feature", "feature_type": kind});
    feature["geometry"] = geometry;
    feature["properties"] = properties;
    feature
}

pub(crate) fn unit_ref(id: &str) -> Value {
    json!({"id": id, "feature_type": "unit"})
}
