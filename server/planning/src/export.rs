//! A plan's devices as the installer and the engine read them: their names (`L1-BLE-001`,
//! numbered per level in the plan's order) and infrastructure.geojson (docs/live-positioning.md,
//! the file beside a venue's IMDF files the venue check and the live engine read), so a plan
//! exported with its building is a venue the live demo can position in.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use serde_json::{Value, json};
use site_positioning::{Device, DeviceKind, Technology};
use site_venues::geometry::Point;
use site_venues::model::Model;

/// What the generator gives the demo venues' beacons (tools/venues/infrastructure.py).
const INTERVAL_MS: u32 = 200;

/// Each device's name, in the order of `devices`: the level's short name, the technology and
/// the device's place among the level's devices of the plan (`L1-BLE-001`).
pub fn names(model: &Model, technology: Technology, devices: &[Device]) -> Vec<String> {
    let tag = technology.name().to_uppercase();
    let mut counts = std::collections::HashMap::<i32, usize>::new();
    devices
        .iter()
        .map(|device| {
            let n = counts.entry(device.level).or_default();
            *n += 1;
            let short = (model.levels.iter())
                .find(|level| level.ordinal == device.level)
                .map_or_else(|| device.level.to_string(), |level| level.short.clone());
            format!("{short}-{tag}-{n:03}")
        })
        .collect()
}

/// infrastructure.geojson of `devices` on the venue keyed `venue_key` (its id): every key the
/// contract asks per kind. Beacons share one iBeacon uuid (derived from the key), take the
/// major 100 + their level's ordinal and minors 1, 2, 3... over the venue; anchors ids 1, 2,
/// 3... Feature ids are version-4 uuids derived from the key and the device's name, so the same
/// plan exports the same file.
pub fn infrastructure(
    model: &Model,
    venue_key: &str,
    technology: Technology,
    devices: &[Device],
) -> Value {
    let names = names(model, technology, devices);
    let uuid = id_of(venue_key, "ibeacon-uuid");
    let mut features = Vec::with_capacity(devices.len());
    for (n, (device, name)) in devices.iter().zip(&names).enumerate() {
        let Some(level) = model.levels.iter().find(|l| l.ordinal == device.level) else {
            continue;
        };
        let [lon, lat] = model.frame.to_lon_lat(Point {
            x: device.at.x,
            y: device.at.y,
        });
        let round = |v: f64, places: i32| {
            let scale = 10f64.powi(places);
            (v * scale).round() / scale
        };
        let mut properties = json!({
            "kind": kind_name(device.kind),
            "level_id": level.id,
            "name": name,
            "height": round(device.height, 1),
        });
        let own = match device.kind {
            DeviceKind::BleBeacon => json!({
                "uuid": uuid,
                "major": (100 + device.level).clamp(1, 65_535),
                "minor": n + 1,
                "tx_power": device.tx_power,
                "interval_ms": INTERVAL_MS,
            }),
            DeviceKind::AoaGateway => json!({ "range": device.range }),
            DeviceKind::UwbAnchor => json!({ "anchor_id": n + 1 }),
        };
        if let (Some(all), Value::Object(own)) = (properties.as_object_mut(), own) {
            all.extend(own);
        }
        features.push(json!({
            "id": id_of(venue_key, name),
            "type": "Feature",
            "feature_type": "infrastructure",
            "geometry": { "type": "Point", "coordinates": [round(lon, 7), round(lat, 7)] },
            "properties": properties,
        }));
    }
    json!({ "type": "FeatureCollection", "features": features })
}

fn kind_name(kind: DeviceKind) -> &'static str {
    match kind {
        DeviceKind::BleBeacon => "ble_beacon",
        DeviceKind::AoaGateway => "aoa_gateway",
        DeviceKind::UwbAnchor => "uwb_anchor",
    }
}

/// A version-4 uuid from `key` and `what`, the same each time.
fn id_of(key: &str, what: &str) -> String {
    let mut bytes = [0u8; 16];
    for (half, salt) in bytes.chunks_mut(8).zip([0u8, 1]) {
        let mut hasher = DefaultHasher::new();
        (key, what, salt).hash(&mut hasher);
        half.copy_from_slice(&hasher.finish().to_le_bytes());
    }
    uuid::Builder::from_random_bytes(bytes)
        .into_uuid()
        .to_string()
}
