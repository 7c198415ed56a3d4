//! Rooms drawn over each other, found before the venue check would: its message names the
//! units by their new ids, which mean nothing to the visitor; this one names the polylines.

use i_overlay::core::fill_rule::FillRule;
use i_overlay::core::overlay_rule::OverlayRule;
use i_overlay::float::single::SingleFloatOverlay;
use site_venues::geometry::{Bbox, Point, Polygon};

use crate::plan::Room;
use crate::problem::{DxfProblem, DxfRule};

/// The venue contract's tolerance for two units of a level (§5, `overlap_limit_m2`).
const OVERLAP_LIMIT_M2: f64 = 0.01;

pub(crate) fn overlapping_rooms(rooms: &[Room]) -> Vec<DxfProblem> {
    let boxes: Vec<Bbox> = rooms
        .iter()
        .map(|room| Bbox::of_points(room.ring.iter().copied()))
        .collect();
    let mut problems = Vec::new();
    for (i, first) in rooms.iter().enumerate() {
        for (j, second) in rooms.iter().enumerate().skip(i + 1) {
            if !boxes[i].overlaps(&boxes[j]) {
                continue;
            }
            let area = overlap(&first.ring, &second.ring);
            if area > OVERLAP_LIMIT_M2 {
                problems.push(DxfProblem::entity(
                    DxfRule::Room,
                    &first.layer,
                    "房间",
                    first.handle,
                    &format!(
                        "与图层 {} 上的房间（句柄 {}）重叠 {area:.2} 平方米：相邻房间的边线要画在同一条线上，不能互相压盖",
                        second.layer,
                        second.handle.as_string()
                    ),
                ));
            }
        }
    }
    problems
}

/// The area two rings share, in square metres.
pub(crate) fn overlap(a: &[Point], b: &[Point]) -> f64 {
    let pairs = |ring: &[Point]| vec![ring.iter().map(|p| [p.x, p.y]).collect::<Vec<[f64; 2]>>()];
    pairs(a)
        .overlay(&pairs(b), OverlayRule::Intersect, FillRule::NonZero)
        .into_iter()
        .map(|shape| {
            let rings = shape
                .into_iter()
                .map(|contour| contour.into_iter().map(|[x, y]| Point::new(x, y)).collect())
                .collect();
            Polygon::new(rings).area()
        })
        .sum()
}
