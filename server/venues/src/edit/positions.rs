//! The positions of a feature's GeoJSON geometry, read and moved where they stand in the JSON
//! (an edit keeps every other byte of the feature as the visitor's file had it).

use serde_json::Value;

use crate::geometry::Point;
use crate::projection::Frame;

/// The rings of a Polygon or MultiPolygon geometry, as lists of `[lon, lat]`.
pub(super) fn collect_rings(geometry: &Value, into: &mut Vec<Vec<[f64; 2]>>) {
    let polygons: Vec<&Value> = match geometry["type"].as_str() {
        Some("Polygon") => vec![&geometry["coordinates"]],
        Some("MultiPolygon") => geometry["coordinates"]
            .as_array()
            .map(|list| list.iter().collect())
            .unwrap_or_default(),
        _ => Vec::new(),
    };
    for polygon in polygons {
        for ring in polygon.as_array().into_iter().flatten() {
            let mut positions = Vec::new();
            collect_positions(ring, &mut positions);
            into.push(positions);
        }
    }
}

/// Every `[lon, lat]` position of a GeoJSON geometry (or a `Point` geometry's), in order.
pub(super) fn collect_positions(value: &Value, into: &mut Vec<[f64; 2]>) {
    match value {
        Value::Object(object) => {
            if let Some(coordinates) = object.get("coordinates") {
                collect_positions(coordinates, into);
            }
        }
        Value::Array(items) => match position(items) {
            Some(position) => into.push(position),
            None => items.iter().for_each(|item| collect_positions(item, into)),
        },
        _ => {}
    }
}

pub(super) fn move_positions(value: &mut Value, frame: Frame, by: Point) {
    match value {
        Value::Object(object) => {
            if let Some(coordinates) = object.get_mut("coordinates") {
                move_positions(coordinates, frame, by);
            }
        }
        Value::Array(items) => match position(items) {
            Some([lon, lat]) => {
                let local = frame.to_local(lon, lat);
                let [lon, lat] = frame.to_lon_lat(Point::new(local.x + by.x, local.y + by.y));
                items[0] = Value::from(lon);
                items[1] = Value::from(lat);
            }
            None => items
                .iter_mut()
                .for_each(|item| move_positions(item, frame, by)),
        },
        _ => {}
    }
}

/// Whether `[lon, lat]` is a position on the earth.
pub(super) fn is_lon_lat([lon, lat]: [f64; 2]) -> bool {
    lon.is_finite() && lat.is_finite() && lon.abs() <= 180.0 && lat.abs() <= 90.0
}

/// A GeoJSON position: two or more numbers.
fn position(items: &[Value]) -> Option<[f64; 2]> {
    match items {
        [lon, lat, ..] => Some([lon.as_f64()?, lat.as_f64()?]),
        _ => None,
    }
}
