//! Electronic fences (电子围栏): a polygon on a level, and the enter, exit and dwell events of the
//! tags whose estimates cross it. An estimate wanders by its error around a tag standing near
//! the edge, so a change counts only after [`CONFIRM_S`] seconds on the new side: a track that
//! grazes the edge raises nothing. A fence knows nothing of a tag until it sees it, and a tag
//! first seen inside enters (a fence drawn around a crowd reports the crowd). A venue's own
//! fences are its IMDF geofences ([`venue_fences`]).

use std::collections::HashMap;

use site_positioning::Point;

use site_venues::geometry::{self, Polygon};
use site_venues::{Name, Venue};

/// Consecutive seconds on the other side before an enter or exit counts.
pub const CONFIRM_S: u32 = 2;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FenceEventKind {
    Enter,
    Exit,
    /// Inside for the fence's dwell time; once per stay.
    Dwell,
}

impl FenceEventKind {
    pub fn name(self) -> &'static str {
        match self {
            Self::Enter => "enter",
            Self::Exit => "exit",
            Self::Dwell => "dwell",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct FenceEvent {
    pub kind: FenceEventKind,
    pub tag: String,
    pub second: u64,
    pub at: Point,
}

/// One tag's state against a fence.
#[derive(Debug, Default)]
struct Watched {
    inside: bool,
    /// Consecutive seconds seen on the other side.
    contrary: u32,
    /// The second the current stay began, and whether its dwell was reported.
    since: u64,
    dwelt: bool,
}

#[derive(Debug)]
pub struct Fence {
    level: i32,
    polygon: Polygon,
    dwell_s: u64,
    watched: HashMap<String, Watched>,
}

impl Fence {
    /// A fence on level `level` (ordinal) around `polygon` (local metres, three corners or more).
    pub fn new(level: i32, polygon: Vec<Point>, dwell_s: u64) -> Self {
        let ring = polygon.into_iter().map(|p| geometry::Point::new(p.x, p.y));
        Self {
            level,
            polygon: Polygon::new(vec![ring.collect()]),
            dwell_s,
            watched: HashMap::new(),
        }
    }

    /// The level's ordinal.
    pub fn level(&self) -> i32 {
        self.level
    }

    pub fn contains(&self, level: i32, at: Point) -> bool {
        level == self.level && self.polygon.contains(geometry::Point::new(at.x, at.y))
    }

    /// One second's estimates, (tag, level ordinal, point); the events they raise. A tag with no
    /// estimate this second keeps its state.
    pub fn update<'a>(
        &mut self,
        second: u64,
        estimates: impl IntoIterator<Item = (&'a str, i32, Point)>,
    ) -> Vec<FenceEvent> {
        let mut events = Vec::new();
        for (tag, level, at) in estimates {
            let now_inside = self.contains(level, at);
            let watched = self.watched.entry(tag.to_owned()).or_default();
            let event = |kind| FenceEvent {
                kind,
                tag: tag.to_owned(),
                second,
                at,
            };
            if now_inside == watched.inside {
                watched.contrary = 0;
            } else {
                watched.contrary += 1;
                if watched.contrary >= CONFIRM_S {
                    watched.inside = now_inside;
                    watched.contrary = 0;
                    if now_inside {
                        // The stay began when the tag was first seen inside.
                        watched.since = second + 1 - u64::from(CONFIRM_S);
                        watched.dwelt = false;
                        events.push(event(FenceEventKind::Enter));
                    } else {
                        events.push(event(FenceEventKind::Exit));
                    }
                }
            }
            if watched.inside && !watched.dwelt && second >= watched.since + self.dwell_s {
                watched.dwelt = true;
                events.push(event(FenceEventKind::Dwell));
            }
        }
        events
    }
}

/// A fence of the venue's own: an IMDF geofence's outline on one of its levels, watched for
/// every viewer of the live stream.
#[derive(Debug)]
pub struct VenueFence {
    /// The geofence's name (its id when it has none), for the alerts in each language.
    pub name: Name,
    pub fence: Fence,
}

/// Every geofence of `venue`, one fence per level and polygon, each raising a dwell event after
/// `dwell_s` seconds inside.
pub fn venue_fences(venue: &Venue, dwell_s: u64) -> Vec<VenueFence> {
    let levels = venue.levels();
    let mut fences = Vec::new();
    for geofence in &venue.model().geofences {
        for &level in &geofence.levels {
            for polygon in &geofence.shape.polygons {
                let Some(outline) = polygon.rings.first() else {
                    continue;
                };
                let corners = outline.iter().map(|p| Point::new(p.x, p.y)).collect();
                fences.push(VenueFence {
                    name: geofence
                        .name
                        .clone()
                        .unwrap_or_else(|| Name::new(geofence.id.clone())),
                    fence: Fence::new(levels[level].ordinal, corners, dwell_s),
                });
            }
        }
    }
    fences
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 10 m square on level 0, dwell after 60 s.
    fn square() -> Fence {
        let corners = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)];
        Fence::new(
            0,
            corners.iter().map(|&(x, y)| Point::new(x, y)).collect(),
            60,
        )
    }

    /// Runs a track of (level, x) at y = 5 through the fence; the events as (second, kind).
    fn run(fence: &mut Fence, track: &[(i32, f64)]) -> Vec<(u64, FenceEventKind)> {
        track
            .iter()
            .enumerate()
            .flat_map(|(second, &(level, x))| {
                fence.update(second as u64, [("BLE-01", level, Point::new(x, 5.0))])
            })
            .map(|event| (event.second, event.kind))
            .collect()
    }

    #[test]
    fn a_walk_through_enters_then_exits_after_the_confirmation() {
        let mut fence = square();
        let track: Vec<(i32, f64)> = (0..30).map(|s| (0, -10.0 + f64::from(s))).collect();
        // Inside from second 10 (x = 0: the left and bottom edges belong to the inside, the
        // right and top ones to the outside) to second 19; out from second 20 (x = 10).
        assert_eq!(
            run(&mut fence, &track),
            [(11, FenceEventKind::Enter), (21, FenceEventKind::Exit)]
        );
    }

    #[test]
    fn staying_inside_dwells_once_and_another_level_is_outside() {
        let mut fence = square();
        let mut track = vec![(0, 5.0); 150];
        // Two seconds on the level above, then back: a level change is an exit and an enter.
        track[100] = (1, 5.0);
        track[101] = (1, 5.0);
        assert_eq!(
            run(&mut fence, &track),
            [
                (1, FenceEventKind::Enter),
                (60, FenceEventKind::Dwell),
                (101, FenceEventKind::Exit),
                (103, FenceEventKind::Enter),
            ]
        );
    }

    #[test]
    fn a_track_that_grazes_the_edge_raises_nothing() {
        let mut fence = square();
        // Alternating a few centimetres either side of x = 0, never two seconds inside.
        let track: Vec<(i32, f64)> = (0..60)
            .map(|s| (0, if s % 2 == 0 { -0.05 } else { 0.05 }))
            .collect();
        assert_eq!(run(&mut fence, &track), []);
    }

    #[test]
    fn the_inside_test_follows_the_polygon_not_its_box() {
        // An L: the square's top right quarter cut away.
        let corners = [
            (0.0, 0.0),
            (10.0, 0.0),
            (10.0, 5.0),
            (5.0, 5.0),
            (5.0, 10.0),
            (0.0, 10.0),
        ];
        let fence = Fence::new(
            2,
            corners.iter().map(|&(x, y)| Point::new(x, y)).collect(),
            60,
        );
        assert!(fence.contains(2, Point::new(2.0, 8.0)));
        assert!(fence.contains(2, Point::new(8.0, 2.0)));
        assert!(!fence.contains(2, Point::new(8.0, 8.0)));
        assert!(!fence.contains(1, Point::new(2.0, 2.0)));
    }
}
