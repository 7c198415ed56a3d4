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

/// A level's short name (`None`: every level) and whether the truth is shown.
pub(super) type View = (Option<String>, bool);

/// A second's event for every view; a level nobody is on has an empty list.
pub(crate) type Views = HashMap<View, Bytes>;

/// Encodes a second for every view, once, on its engine's thread.
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
            fence: Some(name.clone()),
            second: event.second,
            level: short(venue, pose).unwrap_or_default(),
            point: lon_lat(venue, pose),
        }
    }));
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
            let chosen = tags
                .iter()
                .filter(|(plain, _)| level.is_none_or(|l| l == plain.level))
                .map(|(plain, with_truth)| if truth { with_truth } else { plain })
                .collect();
            let data = to_string(&LiveEvent {
                second,
                level,
                tags: chosen,
                accuracy: &accuracy,
                alerts: &alerts,
            });
            let event = format!("id: {second}\nevent: positions\ndata: {data}\n\n");
            views.insert((level.map(str::to_owned), truth), Bytes::from(event));
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
