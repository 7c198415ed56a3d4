//! Turn-by-turn steps in Chinese from a route's geometry (docs/venue-contract.md §4.4): straights merged,
//! turns classified by angle, landmarks at turns, a step per ride, an arrive step with the
//! destination's side. Every word comes from [`StepWords`]; this module only picks and fills.

use super::geometry::Point;
use super::inputs::{StepWords, fill};
use super::model::ConnectorKind;

/// A simplified path keeps every bend the walker notices: points nearer than this to the line
/// between their neighbours are dropped.
const SIMPLIFY_M: f64 = 1.0;
/// Below this angle (degrees) a bend is walked straight on.
const STRAIGHT_DEG: f64 = 25.0;
const SLIGHT_DEG: f64 = 60.0;
const TURN_DEG: f64 = 135.0;
const SHARP_DEG: f64 = 165.0;
/// The destination is "ahead" when it lies within this angle of the last heading.
const AHEAD_DEG: f64 = 30.0;
/// Bends nearer to each other than this are told as one turn.
const JOG_M: f64 = 2.0;
/// A turn this close to where the walk began is told without a distance.
const DOORSTEP_M: f64 = 1.5;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepKind {
    Depart,
    Straight,
    Turn,
    Elevator,
    Escalator,
    Stairs,
    Ramp,
    Arrive,
}

impl StepKind {
    pub fn as_str(self) -> &'static str {
        match self {
            StepKind::Depart => "depart",
            StepKind::Straight => "straight",
            StepKind::Turn => "turn",
            StepKind::Elevator => "elevator",
            StepKind::Escalator => "escalator",
            StepKind::Stairs => "stairs",
            StepKind::Ramp => "ramp",
            StepKind::Arrive => "arrive",
        }
    }
}

/// One step, before the route adds lon/lat and level names.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct RawStep {
    pub kind: StepKind,
    pub text: String,
    /// Index into the route's legs.
    pub leg: usize,
    /// Where the step's action happens (the turn, the connector, the destination).
    pub point: Point,
    /// The walked distance at which the step begins.
    pub along_m: f64,
}

/// The walked part of one leg: points in walking order with the distance walked at the first.
pub(crate) struct LegWalk<'a> {
    pub points: &'a [Point],
    pub start_m: f64,
    /// Leading points kept through simplification: a door and the point in front of it, so
    /// the turn out of a shop's door is told even though the door is not a metre deep.
    pub fixed: usize,
}

/// A ride at the end of a leg.
pub(crate) struct Ride<'a> {
    pub kind: ConnectorKind,
    pub name: &'a str,
    pub to_level: &'a str,
}

pub(crate) struct StepsInput<'a> {
    pub words: &'a StepWords,
    /// The walked stretches, one per leg: from the start portal (first leg) and to the end
    /// portal (last leg), so a shop's inside is not narrated.
    pub walks: Vec<LegWalk<'a>>,
    /// `rides[i]` joins leg i to leg i + 1.
    pub rides: Vec<Ride<'a>>,
    pub from_name: &'a str,
    pub from_point: Point,
    pub to_name: &'a str,
    pub to_point: Point,
    /// The nearest named landmark to a turn point of a leg, if one is close and in view.
    pub landmark: &'a dyn Fn(usize, Point) -> Option<String>,
}

pub(crate) fn steps(input: &StepsInput) -> Vec<RawStep> {
    let w = input.words;
    let mut out = vec![RawStep {
        kind: StepKind::Depart,
        text: fill(&w.depart, &[("place", input.from_name)]),
        leg: 0,
        point: input.from_point,
        along_m: 0.0,
    }];
    let mut last_m = input.walks.first().map_or(0.0, |walk| walk.start_m);
    let mut heading: Option<Point> = None;
    let last_leg = input.walks.len().saturating_sub(1);
    for (leg, walk) in input.walks.iter().enumerate() {
        let (points, along) = simplify(walk.points, walk.start_m, walk.fixed);
        if leg > 0 {
            last_m = walk.start_m;
        }
        let mut next = 1;
        while next + 1 < points.len() {
            let k = next;
            // Bends closer together than a stride are one movement (stepping out of a parking
            // space into the aisle, round a pillar): told once, by the turn they make together.
            let mut j = k;
            while j + 2 < points.len() && along[j + 1] - along[j] < JOG_M {
                j += 1;
            }
            next = j + 1;
            let (d_in, d_out) = (points[k] - points[k - 1], points[j + 1] - points[j]);
            let Some(turn) = turn_word(w, d_in, d_out) else {
                continue;
            };
            let distance = rounded(along[k] - last_m);
            let text = match (input.landmark)(leg, points[k]) {
                // Right at a door: the turn alone ("右转"), no "walk 1 m".
                _ if along[k] - last_m < DOORSTEP_M => turn.to_owned(),
                Some(landmark) => fill(
                    &w.turn_at,
                    &[
                        ("distance", &distance),
                        ("landmark", &landmark),
                        ("turn", turn),
                    ],
                ),
                None => fill(&w.turn, &[("distance", &distance), ("turn", turn)]),
            };
            out.push(RawStep {
                kind: StepKind::Turn,
                text,
                leg,
                point: points[k],
                along_m: last_m,
            });
            last_m = along[j];
        }
        if points.len() >= 2 {
            heading = Some(points[points.len() - 1] - points[points.len() - 2]);
        }
        let end = points.last().copied().unwrap_or(input.to_point);
        let end_m = along.last().copied().unwrap_or(last_m);
        if leg < last_leg {
            if let Some(ride) = input.rides.get(leg) {
                if end_m - last_m >= 0.5 {
                    let text = fill(&w.straight, &[("distance", &rounded(end_m - last_m))]);
                    out.push(RawStep {
                        kind: StepKind::Straight,
                        text,
                        leg,
                        point: end,
                        along_m: last_m,
                    });
                }
                let (kind, template) = match ride.kind {
                    ConnectorKind::Elevator => (StepKind::Elevator, &w.elevator),
                    ConnectorKind::Escalator => (StepKind::Escalator, &w.escalator),
                    ConnectorKind::Stairs => (StepKind::Stairs, &w.stairs),
                    ConnectorKind::Ramp => (StepKind::Ramp, &w.ramp),
                };
                let text = fill(template, &[("name", ride.name), ("level", ride.to_level)]);
                out.push(RawStep {
                    kind,
                    text,
                    leg,
                    point: end,
                    along_m: end_m,
                });
                heading = None;
            }
            continue;
        }
        let side = match heading {
            Some(h) => side_word(w, h, input.to_point - end),
            None => &w.side_ahead,
        };
        let distance = end_m - last_m;
        let text = if distance >= 0.5 {
            fill(
                &w.arrive,
                &[
                    ("distance", &rounded(distance)),
                    ("place", input.to_name),
                    ("side", side),
                ],
            )
        } else {
            fill(&w.arrive_here, &[("place", input.to_name), ("side", side)])
        };
        out.push(RawStep {
            kind: StepKind::Arrive,
            text,
            leg,
            point: input.to_point,
            along_m: last_m,
        });
    }
    out
}

/// The word for the bend from `d_in` to `d_out`, or none when it is walked straight on.
fn turn_word(w: &StepWords, d_in: Point, d_out: Point) -> Option<&str> {
    let angle = d_in.cross(d_out).atan2(d_in.dot(d_out)).to_degrees();
    let left = angle > 0.0;
    let size = angle.abs();
    Some(match size {
        s if s < STRAIGHT_DEG => return None,
        s if s < SLIGHT_DEG => {
            if left {
                &w.slight_left
            } else {
                &w.slight_right
            }
        }
        s if s < TURN_DEG => {
            if left {
                &w.left
            } else {
                &w.right
            }
        }
        s if s < SHARP_DEG => {
            if left {
                &w.sharp_left
            } else {
                &w.sharp_right
            }
        }
        _ => &w.u_turn,
    })
}

/// Left, right or ahead: where `to` lies seen along `heading`.
fn side_word(w: &StepWords, heading: Point, to: Point) -> &str {
    if to.length() < 0.3 {
        return &w.side_ahead;
    }
    let angle = heading.cross(to).atan2(heading.dot(to)).to_degrees();
    if angle.abs() <= AHEAD_DEG {
        &w.side_ahead
    } else if angle > 0.0 {
        &w.side_left
    } else {
        &w.side_right
    }
}

/// Distances as people say them: to the metre under 20 m, else to 5 m; never 0.
pub(crate) fn rounded(metres: f64) -> String {
    let value = if metres < 19.5 {
        metres.round().max(1.0)
    } else {
        (metres / 5.0).round() * 5.0
    };
    format!("{value:.0}")
}

/// The polyline without points that hardly bend it (Douglas–Peucker), with each kept point's
/// walked distance measured on the original.
fn simplify(points: &[Point], start_m: f64, fixed: usize) -> (Vec<Point>, Vec<f64>) {
    let mut along = Vec::with_capacity(points.len());
    let mut m = start_m;
    for (i, p) in points.iter().enumerate() {
        if i > 0 {
            m += p.distance(points[i - 1]);
        }
        along.push(m);
    }
    if points.len() <= 2 {
        return (points.to_vec(), along);
    }
    let mut keep = vec![false; points.len()];
    let first = fixed.saturating_sub(1).min(points.len() - 1);
    keep[..=first].fill(true);
    keep[points.len() - 1] = true;
    let mut stack = vec![(first, points.len() - 1)];
    while let Some((a, b)) = stack.pop() {
        let (mut worst, mut at) = (0.0, 0);
        for k in a + 1..b {
            let d = super::geometry::nearest_on_segment(points[k], points[a], points[b]).0;
            if d > worst {
                (worst, at) = (d, k);
            }
        }
        if worst > SIMPLIFY_M {
            keep[at] = true;
            stack.push((a, at));
            stack.push((at, b));
        }
    }
    let kept: Vec<usize> = (0..points.len()).filter(|&k| keep[k]).collect();
    (
        kept.iter().map(|&k| points[k]).collect(),
        kept.iter().map(|&k| along[k]).collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) fn words() -> StepWords {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../content/venues/words.toml"
        ))
        .unwrap();
        #[derive(serde::Deserialize)]
        struct Words {
            steps: StepWords,
        }
        toml::from_str::<Words>(&text).unwrap().steps
    }

    #[test]
    fn distances_are_rounded_as_people_say_them() {
        for (metres, said) in [
            (0.2, "1"),
            (12.4, "12"),
            (19.4, "19"),
            (33.0, "35"),
            (122.0, "120"),
        ] {
            assert_eq!(rounded(metres), said, "{metres} m");
        }
    }

    #[test]
    fn an_l_shaped_walk_turns_right_at_the_landmark_and_arrives_on_the_left() {
        let w = words();
        let p = Point::new;
        let path = [p(0.0, 0.0), p(0.0, 35.0), p(20.0, 35.0)];
        let landmark =
            |_: usize, at: Point| (at.distance(p(0.0, 35.0)) < 1.0).then(|| "星巴克".to_owned());
        let input = StepsInput {
            words: &w,
            walks: vec![LegWalk {
                points: &path,
                start_m: 0.0,
                fixed: 0,
            }],
            rides: vec![],
            from_name: "北门",
            from_point: path[0],
            to_name: "母婴室",
            to_point: p(20.0, 37.0),
            landmark: &landmark,
        };
        let steps = steps(&input);
        let texts: Vec<&str> = steps.iter().map(|s| s.text.as_str()).collect();
        assert_eq!(
            texts,
            [
                "从北门出发",
                "直行 35 米，在星巴克处右转",
                "直行 20 米到达母婴室，目的地在您左侧"
            ]
        );
        assert_eq!(steps[2].along_m, 35.0);
    }

    #[test]
    fn bends_a_stride_apart_are_one_turn_and_a_jog_is_none() {
        let w = words();
        let p = Point::new;
        let none = |_: usize, _: Point| None;
        let texts = |path: &[Point]| -> Vec<String> {
            let input = StepsInput {
                words: &w,
                walks: vec![LegWalk {
                    points: path,
                    start_m: 0.0,
                    fixed: 0,
                }],
                rides: vec![],
                from_name: "B1-023",
                from_point: path[0],
                to_name: "电梯厅",
                to_point: *path.last().unwrap(),
                landmark: &none,
            };
            steps(&input).into_iter().map(|s| s.text).collect()
        };
        // Out of a space, two right bends 1.5 m apart: one turn back, not two right turns.
        let back = [p(0.0, 0.0), p(0.0, 5.0), p(1.5, 5.0), p(1.5, -20.0)];
        assert_eq!(
            texts(&back),
            [
                "从 B1-023 出发",
                "直行 5 米，掉头",
                "直行 25 米到达电梯厅，目的地在您前方"
            ]
        );
        // A sidestep round a pillar: left then right 1 m later is walked straight on.
        let jog = [p(0.0, 0.0), p(0.0, 10.0), p(-1.0, 10.0), p(-1.0, 30.0)];
        assert_eq!(
            texts(&jog),
            ["从 B1-023 出发", "直行 30 米到达电梯厅，目的地在您前方"]
        );
    }

    #[test]
    fn a_ride_names_the_connector_and_the_level() {
        let w = words();
        let p = Point::new;
        let (a, b) = ([p(0.0, 0.0), p(10.0, 0.0)], [p(10.0, 0.0), p(10.0, 8.0)]);
        let none = |_: usize, _: Point| None;
        let input = StepsInput {
            words: &w,
            walks: vec![
                LegWalk {
                    points: &a,
                    start_m: 0.0,
                    fixed: 0,
                },
                LegWalk {
                    points: &b,
                    start_m: 10.0,
                    fixed: 0,
                },
            ],
            rides: vec![Ride {
                kind: ConnectorKind::Elevator,
                name: "2 号电梯",
                to_level: "L5",
            }],
            from_name: "B2-015",
            from_point: a[0],
            to_name: "星巴克",
            to_point: p(10.0, 8.0),
            landmark: &none,
        };
        let texts: Vec<String> = steps(&input).into_iter().map(|s| s.text).collect();
        assert_eq!(
            texts,
            [
                "从 B2-015 出发",
                "直行 10 米",
                "乘 2 号电梯到 L5",
                "直行 8 米到达星巴克，目的地在您前方"
            ]
        );
    }
}
