//! Rooms from wall lines, for a drawing that has no closed outline on a room layer: how most
//! architects' CAD draws a floor (LINEs on `A-WALL` or `墙体`, door blocks in the gaps). Lines
//! too many and too dense to merge at a bounded cost are refused first ([`not_too_dense`]);
//! doorways with no door drawn are found by `crate::doorways`. Each wall line becomes a thin
//! band; a door's gap is closed by joining the wall ends around it; the bands are merged, and
//! every space they enclose is a room candidate. A candidate no door leads into is left to the
//! walkway, and so is the one most doors lead into (the corridor).

use std::collections::HashMap;

use i_overlay::core::fill_rule::FillRule;
use i_overlay::core::overlay_rule::OverlayRule;
use i_overlay::float::scale::FixedScaleFloatOverlay;
use i_overlay::float::single::SingleFloatOverlay;
use site_venues::geometry::{Point, nearest_on_segment, signed_area};
use site_venues::said;

use crate::layout::reach_of;
use crate::plan::{Door, MIN_ROOM_M2};
use crate::problem::{DxfProblem, DxfRule};
use crate::rings::without_spikes;
use crate::work::Work;

/// The grid [`bands_meeting`] counts in, metres, and the pairs of bands meeting it lets
/// through.
const NEAR_CELL_M: f64 = 1.0;
const MAX_MEETING: usize = 120_000;
/// The lines' places in that grid at most (each line in every cell its band's box covers).
const MAX_PLACES: usize = 1_000_000;
/// The merged bands' grid, points per metre.
const GRID_PER_M: f64 = 100.0;
/// Half a wall line's band: gaps under twice this between wall ends close, and the two faces of
/// a wall drawn as two lines merge when they are less than this apart.
const HALF_BAND_M: f64 = 0.08;
/// Wall ends this far from a door's middle (times its width, plus the margin) are the ends of
/// its gap.
const GAP_REACH: f64 = 0.8;
const GAP_MARGIN_M: f64 = 0.2;
/// The ends joined around one door at most: both faces of a wall on both sides, and a few more.
const GAP_ENDS: usize = 6;
/// Spaces narrower than this (twice the area over the perimeter) are the hollows of thick
/// walls, not rooms.
const MIN_WIDTH_M: f64 = 0.6;
/// A vertex this close to the line between its neighbours is dropped: merged bands leave steps.
const STRAIGHT_M: f64 = 0.02;
/// Spaces this much further from a door than the nearest are on the other side of its wall.
const WALL_M: f64 = 0.3;
/// The corridor is the space most doors lead into, when at least this many do.
const CORRIDOR_DOORS: usize = 3;

/// The rooms enclosed by `walls` (segments in level metres), counter-clockwise, each with a
/// door of `doors` on or near its edge.
pub(crate) fn rooms_from_walls(
    walls: &[[Point; 2]],
    doors: &[Door],
    work: &mut Work,
) -> Result<Vec<Vec<Point>>, DxfProblem> {
    let mut lines: Vec<[Point; 2]> = walls.to_vec();
    lines.extend(gap_closers(walls, doors, work)?);
    work.spend(lines.len())?;
    let bands: Vec<Vec<[f64; 2]>> = lines.iter().filter_map(|&[a, b]| band(a, b)).collect();
    // On a centimetre grid: the float overlay's own scale is far finer, and its splitting of
    // thousands of crossing bands took 9.6 s on a real campus drawing (0.2 s so).
    let none = Vec::<Vec<[f64; 2]>>::new();
    let merged = bands
        .overlay_with_fixed_scale(&none, OverlayRule::Union, FillRule::NonZero, GRID_PER_M)
        .unwrap_or_else(|_| bands.overlay(&none, OverlayRule::Union, FillRule::NonZero));
    let mut spaces: Vec<Vec<Point>> = merged
        .into_iter()
        .flat_map(|shape| shape.into_iter().skip(1))
        .filter_map(|hole| space(hole.into_iter().map(|[x, y]| Point::new(x, y)).collect()))
        .collect();
    work.spend(spaces.len() * doors.len())?;
    // A door leads into the spaces on either side of its wall (`sides`), and opens onto every
    // space whose edge it reaches.
    let (mut into, mut onto) = (vec![0usize; spaces.len()], vec![0usize; spaces.len()]);
    let all: Vec<usize> = (0..spaces.len()).collect();
    for door in doors {
        let reached = reached(door, &all, |i| &spaces[i]);
        for &(i, _) in &reached {
            onto[i] += 1;
        }
        for i in sides(&reached) {
            into[i] += 1;
        }
    }
    let corridor = onto
        .iter()
        .enumerate()
        .max_by_key(|(_, n)| **n)
        .filter(|(_, n)| **n >= CORRIDOR_DOORS)
        .map(|(i, _)| i);
    let mut kept = Vec::new();
    for (i, ring) in spaces.drain(..).enumerate() {
        if into[i] > 0 && Some(i) != corridor {
            kept.push(ring);
        }
    }
    Ok(kept)
}

/// Segments joining the wall ends around each door, so a room is closed where its door is.
fn gap_closers(
    walls: &[[Point; 2]],
    doors: &[Door],
    work: &mut Work,
) -> Result<Vec<[Point; 2]>, DxfProblem> {
    let mut closers = Vec::new();
    for door in doors {
        work.spend(walls.len())?;
        let reach = door.width * GAP_REACH + GAP_MARGIN_M;
        let mut ends: Vec<(f64, Point)> = walls
            .iter()
            .flatten()
            .map(|&p| (p.distance(door.centre), p))
            .filter(|(d, _)| *d <= reach)
            .collect();
        ends.sort_by(|a, b| a.0.total_cmp(&b.0));
        ends.dedup_by(|a, b| a.1.distance(b.1) < 1e-3);
        ends.truncate(GAP_ENDS);
        for (i, &(_, a)) in ends.iter().enumerate() {
            for &(_, b) in &ends[i + 1..] {
                closers.push([a, b]);
            }
        }
    }
    Ok(closers)
}

/// The band around a wall line, counter-clockwise; none for a line of no length.
fn band(a: Point, b: Point) -> Option<Vec<[f64; 2]>> {
    let length = a.distance(b);
    if length < 1e-6 {
        return None;
    }
    let along = (b - a) * (HALF_BAND_M / length);
    let across = Point::new(-along.y, along.x);
    let (a, b) = (a - along, b + along);
    Some(
        [a - across, b - across, b + across, a + across]
            .map(|p| [p.x, p.y])
            .to_vec(),
    )
}

/// Refuses wall lines too many and too dense to merge at a bounded cost, before anything is
/// worked out of them (the doorways between their ends, the rooms they enclose).
pub(crate) fn not_too_dense(lines: &[[Point; 2]], work: &mut Work) -> Result<(), DxfProblem> {
    if bands_meeting(lines, work)? > MAX_MEETING {
        return Err(DxfProblem::drawing(
            DxfRule::Level,
            said!(
                "墙图层上的线太多太密（超过 {MAX_MEETING} 对线相交或挨在一起），围不出房间：请只把墙线放在墙图层上，家具、填充和标注放到别的图层，或把楼层分成几张图纸",
                "The wall layers hold too many lines too close together (more than {MAX_MEETING} pairs of lines cross or touch) to enclose rooms: keep only wall lines on the wall layers and move furniture, hatching and dimensions to other layers, or split the level into several drawings"
            ),
        ));
    }
    Ok(())
}

/// The pairs of wall lines whose bands meet: what merging them costs grows with these (a
/// drawing of 1,500 lines crossing 1,500 others, 360 KB, took 4.8 s and 1.8 GB; 198,000 pairs
/// took 166 MB, the ShanghaiTech campus floor has 79,000). Counted over a grid of
/// [`NEAR_CELL_M`] squares, each pair in the first cell both lines are in; `usize::MAX` when
/// the lines take more than [`MAX_PLACES`] places in it.
fn bands_meeting(lines: &[[Point; 2]], work: &mut Work) -> Result<usize, DxfProblem> {
    let cell = |v: f64| (v / NEAR_CELL_M).floor() as i64;
    let span = |[a, b]: [Point; 2]| {
        let pad = 2.0 * HALF_BAND_M;
        (
            (cell(a.x.min(b.x) - pad), cell(a.x.max(b.x) + pad)),
            (cell(a.y.min(b.y) - pad), cell(a.y.max(b.y) + pad)),
        )
    };
    let mut cells: HashMap<(i64, i64), Vec<usize>> = HashMap::new();
    let mut places = 0usize;
    for (i, line) in lines.iter().enumerate() {
        let ((x0, x1), (y0, y1)) = span(*line);
        let count =
            usize::try_from((x1 - x0 + 1).saturating_mul(y1 - y0 + 1)).unwrap_or(usize::MAX);
        work.spend(count)?;
        places = places.saturating_add(count);
        if places > MAX_PLACES {
            return Ok(usize::MAX);
        }
        for x in x0..=x1 {
            for y in y0..=y1 {
                cells.entry((x, y)).or_default().push(i);
            }
        }
    }
    let mut meeting = 0;
    for (&(x, y), list) in &cells {
        work.spend(list.len() * list.len() / 2)?;
        for (k, &i) in list.iter().enumerate() {
            for &j in &list[k + 1..] {
                // Once, in the lowest cell both spans share.
                let (((ax0, _), (ay0, _)), ((bx0, _), (by0, _))) = (span(lines[i]), span(lines[j]));
                if (ax0.max(bx0), ay0.max(by0)) != (x, y) {
                    continue;
                }
                let [a, b] = lines[i];
                let [c, d] = lines[j];
                let apart = [
                    nearest_on_segment(a, c, d).0,
                    nearest_on_segment(b, c, d).0,
                    nearest_on_segment(c, a, b).0,
                    nearest_on_segment(d, a, b).0,
                ];
                if crosses(a, b, c, d) || apart.iter().any(|&g| g < 2.0 * HALF_BAND_M) {
                    meeting += 1;
                }
            }
        }
    }
    Ok(meeting)
}

/// Whether the segments a-b and c-d cross.
fn crosses(a: Point, b: Point, c: Point, d: Point) -> bool {
    let side = |p: Point, q: Point, r: Point| (q - p).cross(r - p);
    let (d1, d2) = (side(c, d, a), side(c, d, b));
    let (d3, d4) = (side(a, b, c), side(a, b, d));
    d1 * d2 < 0.0 && d3 * d4 < 0.0
}

/// An enclosed space as a room's ring (counter-clockwise, straight walls without their steps),
/// or None when it is too small or too narrow to be a room.
fn space(ring: Vec<Point>) -> Option<Vec<Point>> {
    let mut ring = straightened(without_spikes(ring));
    if ring.len() < 3 {
        return None;
    }
    let area = signed_area(&ring).abs();
    let perimeter: f64 = edges(&ring).map(|(a, b)| a.distance(b)).sum();
    if area < MIN_ROOM_M2 || 2.0 * area / perimeter < MIN_WIDTH_M {
        return None;
    }
    if signed_area(&ring) < 0.0 {
        ring.reverse();
    }
    Some(ring)
}

/// The ring without vertices that lie on the line between their neighbours, in one pass: each
/// vertex is kept until a later one shows it lies on the line to it; then the ring's seam.
fn straightened(ring: Vec<Point>) -> Vec<Point> {
    let between = |p: Point, a: Point, b: Point| nearest_on_segment(p, a, b).0 < STRAIGHT_M;
    let mut kept: Vec<Point> = Vec::with_capacity(ring.len());
    for p in ring {
        while kept.len() >= 2 && between(kept[kept.len() - 1], kept[kept.len() - 2], p) {
            kept.pop();
        }
        kept.push(p);
    }
    while kept.len() > 3 {
        let n = kept.len();
        if between(kept[0], kept[n - 1], kept[1]) {
            kept.remove(0);
        } else if between(kept[n - 1], kept[n - 2], kept[0]) {
            kept.pop();
        } else {
            break;
        }
    }
    kept
}

/// The spaces of `near` the door reaches, each with its distance from the door's middle.
pub(crate) fn reached<'r>(
    door: &Door,
    near: &[usize],
    ring: impl Fn(usize) -> &'r [Point],
) -> Vec<(usize, f64)> {
    near.iter()
        .map(|&i| (i, distance_to_ring(door.centre, ring(i))))
        .filter(|(_, d)| *d <= reach_of(door))
        .collect()
}

/// Of the spaces a door reaches ([`reached`]), those on either side of its wall: the nearest,
/// and any other no more than a wall's thickness further (its leaf swings into the nearest; a
/// door drawn in the wall's middle stands between both).
pub(crate) fn sides(reached: &[(usize, f64)]) -> Vec<usize> {
    let Some(nearest) = reached.iter().map(|(_, d)| *d).min_by(f64::total_cmp) else {
        return Vec::new();
    };
    reached
        .iter()
        .filter(|(_, d)| *d <= nearest + WALL_M)
        .map(|(i, _)| *i)
        .collect()
}

fn distance_to_ring(p: Point, ring: &[Point]) -> f64 {
    edges(ring)
        .map(|(a, b)| nearest_on_segment(p, a, b).0)
        .fold(f64::MAX, f64::min)
}

fn edges(ring: &[Point]) -> impl Iterator<Item = (Point, Point)> + '_ {
    ring.iter()
        .zip(ring.iter().cycle().skip(1))
        .map(|(a, b)| (*a, *b))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `n` lines each way, 0.5 m apart: every line crosses every other way's.
    fn grid(n: usize) -> Vec<[Point; 2]> {
        let side = n as f64 * 0.5;
        (0..n)
            .flat_map(|i| {
                let at = i as f64 * 0.5;
                [
                    [Point::new(at, 0.0), Point::new(at, side)],
                    [Point::new(0.0, at), Point::new(side, at)],
                ]
            })
            .collect()
    }

    #[test]
    fn wall_lines_too_dense_to_merge_are_refused_before_any_work() {
        let work = &mut Work::new(1_000_000_000);
        assert!(not_too_dense(&grid(300), work).is_ok(), "90,000 crossings");
        let refused = not_too_dense(&grid(400), work).unwrap_err();
        assert!(
            refused.message.chinese().contains("太多太密"),
            "{}",
            refused.message
        );
        assert!(
            refused
                .message
                .english()
                .starts_with("The wall layers hold too many lines too close together"),
            "{:?}",
            refused.message
        );
    }
}
