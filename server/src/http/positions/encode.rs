//! A second of the live demo as server-sent events, one per view: every level or one, with or
//! without the simulator's truth. Encoded once per second and shared by every subscriber.
//!
//! ```text
//! id: 1790000000
//! event: positions
//! data: {"second":1790000000,"level":"L1","tags":[{"id":"BLE-07","technology":"ble",
//! data:  "level":"L1","point":[121.4,31.17],"spread_m":1.2,"truth":{"level":"L1","point":[..]}}],
//! data:  "accuracy":[{"technology":"ble","cep50_m":1.1,"cep95_m":2.7,"floor_rate":0.99,"fixes":812}]}
//! ```
//! (on one `data:` line; `truth` only in the views that ask for it; `alerts` lists the SOS
//! presses of the second and the events of the venue's own fences, named, on every level). A
//! fence the client drew has its events follow as `alert` events.

use std::collections::HashMap;

use bytes::Bytes;
use site_positioning::Pose;

use site_tracking::hub::Second;
use site_venues::Venue;
use site_venues::geometry::Point;

use super::super::venues::answers::lon_lat as rounded;
use super::answers::{LiveAccuracyEvent, LiveAlertEvent, LiveEvent, LiveTagEvent, Truth};
use crate::negotiation::language::Language;

/// What one stream shows: a level's positions (`None`: every level's), the simulator's truth or
/// not, and the language its venue fences are named in.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct View {
    pub(super) level: Option<String>,
    pub(super) truth: bool,
    pub(super) language: Language,
}

/// A second's event for every view; a level nobody is on has an empty list.
pub(crate) type Views = HashMap<View, Bytes>;

/// Encodes a second for every view, once, on its engine's thread. The languages' events differ
/// only in a second when a venue fence with a name of its own in each raised an alert: the
/// others share one encoding.
pub(super) fn encode_frame(second: &Second<'_>) -> Views {
    let &Second {
        simulation,
        second,
        fixes,
        figures,
        fence_alerts: fence_events,
    } = second;
    let venue = simulation.venue();
    let accuracy: Vec<LiveAccuracyEvent> = figures
        .iter()
        .map(|f| LiveAccuracyEvent {
            technology: f.technology.name(),
            cep50_m: hundredth(f.cep50),
            cep95_m: hundredth(f.cep95),
            floor_rate: (f.floor_rate * 1000.0).round() / 1000.0,
            fixes: f.count,
        })
        .collect();
    // SOS presses and the venue's fences' events go to every view: whoever watches should see
    // them, whatever the level.
    let alerts = Language::ALL.map(|language| {
        let mut alerts: Vec<LiveAlertEvent> = fixes
            .iter()
            .filter(|fix| fix.sos)
            .filter_map(|fix| {
                let estimate = fix.estimate?;
                Some(LiveAlertEvent {
                    kind: "sos",
                    tag: simulation.tags()[fix.tag].id(),
                    fence: None,
                    second,
                    level: short(venue, estimate.pose)?,
                    point: lon_lat(venue, estimate.pose),
                })
            })
            .collect();
        alerts.extend(fence_events.iter().map(|(name, level, event)| {
            let pose = Pose {
                level: *level,
                at: event.at,
            };
            LiveAlertEvent {
                kind: event.kind.name(),
                tag: event.tag.clone(),
                fence: Some(name.in_language(language.tag()).to_owned()),
                second: event.second,
                level: short(venue, pose).unwrap_or_default(),
                point: lon_lat(venue, pose),
            }
        }));
        (language, alerts)
    });
    // Each tag without the truth and with it.
    let tags: Vec<(LiveTagEvent, LiveTagEvent)> = fixes
        .iter()
        .filter_map(|fix| {
            let estimate = fix.estimate?;
            let tag = &simulation.tags()[fix.tag];
            let plain = LiveTagEvent {
                id: tag.id(),
                technology: tag.technology.name(),
                level: short(venue, estimate.pose)?,
                point: lon_lat(venue, estimate.pose),
                spread_m: hundredth(estimate.spread),
                truth: None,
            };
            let with_truth = LiveTagEvent {
                truth: Some(Truth {
                    level: short(venue, fix.truth),
                    point: lon_lat(venue, fix.truth),
                }),
                id: plain.id.clone(),
                level: plain.level.clone(),
                ..plain
            };
            Some((plain, with_truth))
        })
        .collect();
    let levels = venue
        .levels()
        .iter()
        .map(|l| Some(l.short.as_str()))
        .chain([None]);
    let mut views = HashMap::new();
    for level in levels {
        for truth in [false, true] {
            let chosen: Vec<&LiveTagEvent> = tags
                .iter()
                .filter(|(plain, _)| level.is_none_or(|l| l == plain.level))
                .map(|(plain, with_truth)| if truth { with_truth } else { plain })
                .collect();
            let mut previous: Option<(&[LiveAlertEvent], Bytes)> = None;
            for (language, alerts) in &alerts {
                let event = match &previous {
                    Some((same, event)) if *same == alerts.as_slice() => event.clone(),
                    _ => {
                        let data = to_string(&LiveEvent {
                            second,
                            level,
                            tags: chosen.clone(),
                            accuracy: &accuracy,
                            alerts,
                        });
                        Bytes::from(format!("id: {second}\nevent: positions\ndata: {data}\n\n"))
                    }
                };
                let view = View {
                    level: level.map(str::to_owned),
                    truth,
                    language: *language,
                };
                views.insert(view, event.clone());
                previous = Some((alerts, event));
            }
        }
    }
    views
}

pub(super) fn short(venue: &Venue, pose: Pose) -> Option<String> {
    venue
        .levels()
        .iter()
        .find(|l| l.ordinal == pose.level)
        .map(|l| l.short.clone())
}

pub(super) fn lon_lat(venue: &Venue, pose: Pose) -> [f64; 2] {
    rounded(venue.lon_lat(Point {
        x: pose.at.x,
        y: pose.at.y,
    }))
}

fn hundredth(value: f64) -> f64 {
    (value * 100.0).round() / 100.0
}

/// An event's data: its types always serialise.
pub(super) fn to_string(event: &impl serde::Serialize) -> String {
    serde_json::to_string(event).expect("an event serialises")
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use site_positioning::Point;
    use site_tracking::engine::Simulation;
    use site_tracking::fences::{FenceEvent, FenceEventKind, venue_fences};
    use site_venues::read_devices;
    use site_venues::testing::{content_dir, extras_of, load};

    use super::*;

    fn hospital() -> Simulation {
        let dir = content_dir().join("demo-hospital");
        let venue = Arc::new(load("demo-hospital", &dir, &extras_of(&dir)));
        let devices = read_devices(&dir, venue.model()).unwrap();
        Simulation::new(venue, devices, 7, 1)
    }

    fn view(level: Option<&str>, language: Language) -> View {
        View {
            level: level.map(str::to_owned),
            truth: false,
            language,
        }
    }

    /// A venue fence's alert is named in each view's language, from the geofence's labels; a
    /// second without one is encoded once for both languages.
    #[test]
    fn a_venue_fence_alert_is_named_in_the_views_language() {
        let simulation = hospital();
        let fences = venue_fences(simulation.venue(), 60);
        let radiology = &fences[0];
        let entered = FenceEvent {
            kind: FenceEventKind::Enter,
            tag: "AOA-01".to_owned(),
            second: 100,
            at: Point::new(0.0, 0.0),
        };
        let alerts = [(radiology.name.clone(), radiology.fence.level(), entered)];
        let second = |fence_alerts| Second {
            simulation: &simulation,
            second: 100,
            fixes: &[],
            figures: &[],
            fence_alerts,
        };

        let views = encode_frame(&second(&alerts));
        let text = |language| String::from_utf8(views[&view(None, language)].to_vec()).unwrap();
        assert!(text(Language::English).contains(r#""fence":"Radiology controlled area""#));
        assert!(text(Language::Chinese).contains(r#""fence":"放射科控制区""#));
        let levels = simulation.venue().levels().len() + 1;
        assert_eq!(views.len(), levels * 2 * Language::ALL.len());

        let quiet = encode_frame(&second(&[]));
        let (chinese, english) = (
            &quiet[&view(Some("L1"), Language::Chinese)],
            &quiet[&view(Some("L1"), Language::English)],
        );
        assert_eq!(chinese.as_ptr(), english.as_ptr(), "one encoding, shared");
    }
}
