//! One-shot estimates from a single second's measurements, without memory or map: what a
//! simple system shows, and the yardstick the particle filter is measured against.
//! - BLE: the weighted centroid of the four strongest beacons of the tag's level, weighted by
//!   the inverse square of the distance their RSSI implies.
//! - AoA: each gateway's own fix (its azimuth, at the distance its elevation gives), combined
//!   as a weighted centroid favouring near gateways, whose fixes are sharper.
//! - UWB: least-squares multilateration of the ranges (Gauss-Newton), the usual one-shot
//!   solution for ranges; a centroid of anchors would be metres off.

use crate::radio::BleModel;
use crate::simulate::{Devices, Reading};
use crate::space::{Point, TAG_HEIGHT};

const STRONGEST: usize = 4;

pub fn estimate(readings: &[Reading], level: i32, devices: &Devices) -> Option<Point> {
    let mut heard = Vec::new();
    // AoA: each gateway's fix and its weight; UWB: each anchor and the horizontal range to it.
    let (mut fixes, mut ranges) = (Vec::new(), Vec::new());
    for reading in readings {
        match *reading {
            Reading::Ble { device, rssi, .. } if devices.get(device).level == level => {
                heard.push((device, rssi));
            }
            Reading::Ble { .. } => {}
            Reading::Aoa {
                device,
                azimuth,
                elevation,
            } => {
                let gateway = devices.get(device);
                let drop = gateway.height - TAG_HEIGHT;
                let distance = drop / elevation.max(0.05).tan();
                let fix = Point::new(
                    gateway.at.x + distance * azimuth.cos(),
                    gateway.at.y + distance * azimuth.sin(),
                );
                fixes.push((fix, 1.0 / (distance * distance).max(1.0)));
            }
            Reading::Uwb { device, range } => {
                let anchor = devices.get(device);
                let drop = anchor.height - TAG_HEIGHT;
                ranges.push((anchor.at, (range * range - drop * drop).max(0.0).sqrt()));
            }
        }
    }
    if !heard.is_empty() {
        Some(ble_centroid(&mut heard, devices))
    } else if !fixes.is_empty() {
        Some(centroid(&fixes))
    } else {
        multilaterate(&ranges)
    }
}

fn ble_centroid(heard: &mut [(usize, f64)], devices: &Devices) -> Point {
    heard.sort_by(|a, b| b.1.total_cmp(&a.1));
    let model = BleModel::STANDARD;
    let weighted: Vec<(Point, f64)> = heard
        .iter()
        .take(STRONGEST)
        .map(|&(index, rssi)| {
            let beacon = devices.get(index);
            let distance = model.distance_for(beacon.tx_power, rssi).max(0.5);
            (beacon.at, 1.0 / (distance * distance))
        })
        .collect();
    centroid(&weighted)
}

fn centroid(weighted: &[(Point, f64)]) -> Point {
    let total: f64 = weighted.iter().map(|w| w.1).sum();
    let x = weighted.iter().map(|(p, w)| p.x * w).sum::<f64>() / total;
    let y = weighted.iter().map(|(p, w)| p.y * w).sum::<f64>() / total;
    Point::new(x, y)
}

/// Horizontal ranges to anchors -> the point that best fits them. Needs three anchors.
fn multilaterate(ranges: &[(Point, f64)]) -> Option<Point> {
    if ranges.len() < 3 {
        return None;
    }
    let start = centroid(&ranges.iter().map(|(p, _)| (*p, 1.0)).collect::<Vec<_>>());
    let mut at = start;
    for _ in 0..12 {
        // Normal equations of the linearised residuals r_i = |at - a_i| - range_i.
        let (mut h11, mut h12, mut h22, mut g1, mut g2) = (0.0, 0.0, 0.0, 0.0, 0.0);
        for &(anchor, range) in ranges {
            let distance = at.distance(anchor).max(1e-6);
            let (ux, uy) = ((at.x - anchor.x) / distance, (at.y - anchor.y) / distance);
            let residual = distance - range;
            h11 += ux * ux;
            h12 += ux * uy;
            h22 += uy * uy;
            g1 += ux * residual;
            g2 += uy * residual;
        }
        let det = h11 * h22 - h12 * h12;
        if det.abs() < 1e-9 {
            break;
        }
        let dx = (h22 * g1 - h12 * g2) / det;
        let dy = (h11 * g2 - h12 * g1) / det;
        at = Point::new(at.x - dx, at.y - dy);
        if dx.hypot(dy) < 1e-4 {
            break;
        }
    }
    Some(at)
}
