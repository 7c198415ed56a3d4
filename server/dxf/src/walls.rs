//! Rooms from wall lines, for a drawing that has no closed outline on a room layer: how most
//! architects' CAD draws a floor (LINEs on `A-WALL` or `墙体`, door blocks in the gaps). Each
//! wall line becomes a thin band; a door's gap is closed by joining the wall ends around it;
//! the bands are merged, and every space they enclose is a room candidate. A candidate no door
//! leads into is left to the walkway, and so is the one most doors lead into (the corridor).

use i_overlay::core::fill_rule::FillRule;
use i_overlay::core::overlay_rule::OverlayRule;
use i_overlay::float::scale::FixedScaleFloatOverlay;
use i_overlay::float::single::SingleFloatOverlay;
use site_venues::geometry::{Point, nearest_on_segment, signed_area};

use crate::layout::reach_of;
use crate::plan::{Door, MIN_ROOM_M2};
use crate::problem::DxfProblem;
use crate::rings::without_spikes;
use crate::work::Work;

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
        let reach = reach_of(door);
        for (i, ring) in spaces.iter().enumerate() {
            if distance_to_ring(door.centre, ring) <= reach {
                onto[i] += 1;
            }
        }
        for i in sides(door, &all, |i| &spaces[i]) {
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

/// The spaces of `near` on either side of the door's wall: the nearest within its reach, and
/// any other no more than a wall's thickness further (its leaf swings into the nearest; a door
/// drawn in the wall's middle stands between both).
pub(crate) fn sides<'r>(
    door: &Door,
    near: &[usize],
    ring: impl Fn(usize) -> &'r [Point],
) -> Vec<usize> {
    let distances: Vec<(usize, f64)> = near
        .iter()
        .map(|&i| (i, distance_to_ring(door.centre, ring(i))))
        .filter(|(_, d)| *d <= reach_of(door))
        .collect();
    let Some(nearest) = distances.iter().map(|(_, d)| *d).min_by(f64::total_cmp) else {
        return Vec::new();
    };
    distances
        .into_iter()
        .filter(|(_, d)| *d <= nearest + WALL_M)
        .map(|(i, _)| i)
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
