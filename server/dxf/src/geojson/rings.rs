//! Positions and rings of a GeoJSON file in the level's metres: each position on the earth and
//! near the building, each room ring simple, of at least a square metre, counter-clockwise.

use serde_json::Value;
use site_venues::geometry::{Bbox, Point, segments_cross, signed_area};
use site_venues::projection::Frame;
use site_venues::{Said, said};

use crate::plan::MIN_ROOM_M2;
use crate::problem::DxfProblem;
use crate::work::Work;

/// How far from the file's first position a building may reach: the frame is exact over a few
/// hundred metres, and a position farther away is most often a latitude and longitude swapped.
const REACH_M: f64 = 5_000.0;

/// A position `[lon, lat]` (an altitude after them is ignored), or why it is none: the end of
/// a sentence that names the feature (`levels::Named`).
pub(super) fn lon_lat(position: &Value) -> Result<[f64; 2], Said> {
    let numbers: Vec<f64> = position
        .as_array()
        .map(|items| items.iter().map_while(Value::as_f64).collect())
        .unwrap_or_default();
    let [lon, lat, ..] = numbers[..] else {
        return Err(said!(
            "的坐标 {position} 不是 [经度, 纬度] 两个数",
            " has the position {position}, which is not two numbers [longitude, latitude]"
        ));
    };
    if !(lon.is_finite() && lat.is_finite() && lon.abs() <= 180.0 && lat.abs() < 85.0) {
        return Err(said!(
            "的坐标 [{lon}, {lat}] 不在地球上：经度在 -180 到 180 之间，纬度在 -85 到 85 之间（WGS 84，先经度后纬度）",
            " has the position [{lon}, {lat}], which is not on the earth: longitude must be between -180 and 180, latitude between -85 and 85 (WGS 84, longitude first)"
        ));
    }
    Ok([lon, lat])
}

/// The position in metres from the frame's origin, refused when it lies too far away.
pub(super) fn local(frame: Frame, position: &Value) -> Result<Point, Said> {
    let [lon, lat] = lon_lat(position)?;
    let p = frame.to_local(lon, lat);
    if p.x.abs() > REACH_M || p.y.abs() > REACH_M {
        let (lon0, lat0, km) = (frame.lon0, frame.lat0, REACH_M / 1000.0);
        return Err(said!(
            "的坐标 [{lon}, {lat}] 离文件的第一个坐标 [{lon0}, {lat0}] 超过 {km} 公里：一座建筑的坐标要在一起（是否把经度和纬度写反了？）",
            " has the position [{lon}, {lat}], more than {km} km from the file's first position [{lon0}, {lat0}]: the positions of one building must lie together (are longitude and latitude swapped?)"
        ));
    }
    Ok(p)
}

/// A room's ring: its positions, closed or not, as a simple counter-clockwise ring of at least
/// a square metre without repeated points; else why not, as [`lon_lat`] says it.
pub(super) fn room_ring(
    frame: Frame,
    positions: &[Value],
    work: &mut Work,
) -> Result<Vec<Point>, Said> {
    let mut ring: Vec<Point> = Vec::with_capacity(positions.len());
    for position in positions {
        let p = local(frame, position)?;
        if ring.last().is_none_or(|last| last.distance(p) > 1e-6) {
            ring.push(p);
        }
    }
    if ring.len() > 1 && ring[0].distance(ring[ring.len() - 1]) <= 1e-6 {
        ring.pop();
    }
    if ring.len() < 3 {
        return Err(said!(
            "：不到三个不同的顶点，围不成房间",
            " has fewer than three distinct vertices and encloses no room"
        ));
    }
    if let Some(at) = crossing(&ring, work).map_err(|_| {
        said!(
            "：顶点太多，检查不完轮廓是否自相交：请简化轮廓",
            " has too many vertices to check whether its outline crosses itself: simplify the outline"
        )
    })? {
        let [lon, lat] = frame.to_lon_lat(at);
        return Err(said!(
            "的边线自相交（在 [{lon}, {lat}] 附近）：房间的轮廓要是一个不交叉的环",
            " crosses itself (near [{lon}, {lat}]): a room's outline must be a ring that does not cross itself"
        ));
    }
    let area = signed_area(&ring);
    if area.abs() < MIN_ROOM_M2 {
        return Err(said!(
            "：围出的面积不到 1 平方米，不能作为房间",
            " encloses less than 1 square metre, too little for a room"
        ));
    }
    if area < 0.0 {
        ring.reverse();
    }
    Ok(ring)
}

/// Where two edges of the ring cross, or None: edges swept west to east, each compared only
/// with those its box reaches, every comparison paid from the conversion's budget.
fn crossing(ring: &[Point], work: &mut Work) -> Result<Option<Point>, DxfProblem> {
    let n = ring.len();
    let edge = |i: usize| (ring[i], ring[(i + 1) % n]);
    let boxes: Vec<Bbox> = (0..n)
        .map(|i| {
            let (a, b) = edge(i);
            Bbox::of_points([a, b])
        })
        .collect();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&i, &j| boxes[i].min.x.total_cmp(&boxes[j].min.x));
    for (k, &i) in order.iter().enumerate() {
        for &j in &order[k + 1..] {
            if boxes[j].min.x > boxes[i].max.x {
                break;
            }
            work.spend(1)?;
            let ((a, b), (c, d)) = (edge(i), edge(j));
            // Neighbouring edges share a vertex, which is no crossing.
            if boxes[i].intersects(&boxes[j]) && segments_cross(a, b, c, d) {
                return Ok(Some(a.lerp(b, 0.5).lerp(c.lerp(d, 0.5), 0.5)));
            }
        }
    }
    Ok(None)
}
