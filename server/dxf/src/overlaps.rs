//! Rooms drawn over each other, found before the venue check would: its message names the
//! units by their new ids, which mean nothing to the visitor; this one names the polylines.

use i_overlay::core::fill_rule::FillRule;
use i_overlay::core::overlay_rule::OverlayRule;
use i_overlay::float::single::SingleFloatOverlay;
use site_venues::geometry::{Bbox, Point, Polygon};
use site_venues::said;

use crate::plan::Room;
use crate::problem::{DxfProblem, DxfRule};
use crate::work::Work;

/// The venue contract's tolerance for two units of a level (§5, `overlap_limit_m2`).
const OVERLAP_LIMIT_M2: f64 = 0.01;

/// Overlaps reported at most: a drawing of rooms drawn over each other has one for each pair,
/// and a few are enough to see what is wrong.
const MAX_REPORTED: usize = 100;

pub(crate) fn overlapping_rooms(
    rooms: &[Room],
    work: &mut Work,
) -> Result<Vec<DxfProblem>, DxfProblem> {
    let boxes: Vec<Bbox> = rooms
        .iter()
        .map(|room| Bbox::of_points(room.ring.iter().copied()))
        .collect();
    // Swept west to east: a room is compared only with those whose boxes reach it.
    let mut order: Vec<usize> = (0..rooms.len()).collect();
    order.sort_by(|&a, &b| boxes[a].min.x.total_cmp(&boxes[b].min.x));
    let mut problems = Vec::new();
    for (k, &i) in order.iter().enumerate() {
        for &j in &order[k + 1..] {
            if boxes[j].min.x > boxes[i].max.x {
                break;
            }
            work.spend(1)?;
            if !boxes[i].overlaps(&boxes[j]) {
                continue;
            }
            if problems.len() == MAX_REPORTED {
                return Ok(problems);
            }
            let (first, second) = if i < j {
                (&rooms[i], &rooms[j])
            } else {
                (&rooms[j], &rooms[i])
            };
            work.spend(first.ring.len() + second.ring.len())?;
            let area = overlap(&first.ring, &second.ring);
            if area > OVERLAP_LIMIT_M2 {
                problems.push(DxfProblem::entity(
                    DxfRule::Room,
                    &first.layer,
                    &said!("房间", "room"),
                    &first.handle,
                    &said!(
                        "与图层 {} 上的房间（句柄 {}）重叠 {area:.2} 平方米：相邻房间的边线要画在同一条线上，不能互相压盖",
                        "overlaps the room on layer {} (handle {}) by {area:.2} m²: draw neighbouring rooms so that their edges lie on the same line, without overlapping",
                        second.layer,
                        second.handle
                    ),
                ));
            }
        }
    }
    Ok(problems)
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
