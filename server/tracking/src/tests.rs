//! The engine on the real demo venues of content/venues/, against issue #17's targets.

use site_positioning::Technology;

use super::accuracy::{Row, Table, measure};
use site_venues::Venue;
use site_venues::read_devices;
use site_venues::testing::{content_dir, extras_of, load};

pub(super) fn load_real(id: &str) -> Venue {
    let dir = content_dir().join(id);
    load(id, &dir, &extras_of(&dir))
}

fn totals(table: &Table, technology: Technology) -> Row {
    let mut total = Row::default();
    for ((t, _), row) in table {
        if *t == technology {
            total.merge(row);
        }
    }
    total
}

/// Issue #17's targets on the real venues: BLE CEP95 within 3 m, AoA within 1 m, UWB within
/// 0.3 m, the floor right 99 % of the time, and the filter ahead of the baseline for every
/// technology. Each is measured where its technology serves the tag (`coverage::served`: AoA
/// where two gateways see it, UWB where three anchors do, nothing in a lift car). Seeds 1-3 gave
/// BLE 2.25-2.63 m, AoA 0.38-0.42 m, UWB 0.10-0.26 m and floors 99.48-99.68 %. The figures
/// print with `--no-capture`.
#[test]
fn both_venues_meet_the_accuracy_targets_with_the_filter_ahead_of_the_baseline() {
    for id in ["demo-mall", "demo-hospital"] {
        let venue = load_real(id);
        let devices = read_devices(&content_dir().join(id), venue.model()).unwrap();
        // Twelve walkers a technology: with four, one unlucky walk moved a CEP95 by a metre.
        let table = measure(&venue, devices, 1, 12, 4);
        for ((technology, level), row) in &table {
            eprintln!(
                "{id} {} {level}: filter CEP50 {:.2} CEP95 {:.2} floor {:.1}% n {} | baseline CEP50 {:.2} CEP95 {:.2}",
                technology.name(),
                row.filter.cep(0.5),
                row.filter.cep(0.95),
                row.filter.floor_rate() * 100.0,
                row.filter.count(),
                row.baseline.cep(0.5),
                row.baseline.cep(0.95)
            );
        }
        for (technology, target) in [
            (Technology::Ble, 3.0),
            (Technology::Aoa, 1.0),
            (Technology::Uwb, 0.3),
        ] {
            let total = totals(&table, technology);
            let (filter, baseline) = (&total.filter, &total.baseline);
            eprintln!(
                "{id} {}: served {:.1}% filter CEP50 {:.2} CEP95 {:.2} floor {:.2}% ({} fixes, {:.0} us a step) | baseline CEP95 {:.2}",
                technology.name(),
                total.served_share() * 100.0,
                filter.cep(0.5),
                filter.cep(0.95),
                filter.floor_rate() * 100.0,
                filter.count(),
                total.step_us(),
                baseline.cep(0.95)
            );
            assert!(filter.count() > 100, "{id}: {} fixes", filter.count());
            let name = technology.name();
            assert!(filter.cep(0.95) <= target, "{id} {name}");
            assert!(filter.floor_rate() >= 0.99, "{id} {name}");
            assert!(filter.cep(0.95) < baseline.cep(0.95), "{id} {name}");
        }
    }
}

fn engine(id: &str, tags: u32) -> super::engine::Engine {
    super::engine::Engine::new(std::sync::Arc::new(simulation(id, tags)))
}

fn simulation(id: &str, tags: u32) -> super::engine::Simulation {
    let venue = std::sync::Arc::new(load_real(id));
    let devices = read_devices(&content_dir().join(id), venue.model()).unwrap();
    super::engine::Simulation::new(venue, devices, 7, tags)
}

/// Two replicas started at different times show the same estimates from the later one's start
/// on, across the filters' epochs and the trips' changes (every tag changes trip within four
/// minutes); the later one catches up on three threads, as a cold live engine does.
#[test]
fn replicas_started_apart_agree_on_every_estimate() {
    let t0 = 1_790_000_000;
    // Built and caught up in about 1.5 s each (twelve tags, release build).
    let mut early = engine("demo-hospital", 12);
    let mut late = engine("demo-hospital", 12);
    early.catch_up(t0);
    for second in t0..t0 + 100 {
        early.step(second);
    }
    late.catch_up_on(t0 + 100, 3);
    let technologies: std::collections::BTreeSet<_> = early
        .simulation()
        .tags()
        .iter()
        .map(|t| t.technology)
        .collect();
    assert_eq!(technologies.len(), 3, "{technologies:?}");
    let (mut walked, mut estimated, mut fixes) = (0.0, 0, 0);
    let mut last: Option<Vec<super::engine::Fix>> = None;
    for second in t0 + 100..t0 + 400 {
        let (a, b) = (early.step(second), late.step(second));
        for (x, y) in a.iter().zip(&b) {
            assert_eq!(x.truth, y.truth, "truth of tag {} at {second}", x.tag);
            assert_eq!(x.estimate, y.estimate, "tag {} at {second}", x.tag);
        }
        if let Some(last) = &last {
            walked += a
                .iter()
                .zip(last)
                .filter(|(x, y)| x.truth.level == y.truth.level)
                .map(|(x, y)| x.truth.at.distance(y.truth.at))
                .sum::<f64>();
        }
        fixes += a.len();
        estimated += a.iter().filter(|f| f.estimate.is_some()).count();
        last = Some(a);
    }
    // Twelve tags walking at 1.2 m/s for part of each four-minute trip (483 m with seed 7).
    assert!(walked > 200.0, "walked {walked:.0} m");
    assert!(estimated * 100 >= fixes * 95, "{estimated} of {fixes}");
}

/// The hospital's IMDF geofences become fences on their levels, and a tag walking into one
/// raises its enter event there (the live stream sends these to every viewer).
#[test]
fn the_hospitals_geofences_are_watched_on_their_levels() {
    use super::fences::{FenceEventKind, venue_fences};
    use site_positioning::Point;

    let venue = load_real("demo-hospital");
    let mut fences = venue_fences(&venue, 60);
    let named: Vec<(&str, &str, i32)> = fences
        .iter()
        .map(|f| (f.name.main(), f.name.in_language("en"), f.fence.level()))
        .collect();
    assert_eq!(
        named,
        [
            ("放射科控制区", "Radiology controlled area", 0),
            (
                "妇产科母婴安全区",
                "Obstetrics mother and baby security zone",
                2
            )
        ]
    );
    let geofence = &venue.model().geofences[0];
    let inside = geofence.shape.interior_point();
    let outside = Point::new(inside.x, geofence.shape.bbox.min.y - 5.0);
    let radiology = &mut fences[0].fence;
    let path = (0..10).map(|s| {
        let t = f64::from(s) / 9.0;
        let at = Point::new(outside.x, outside.y + (inside.y - outside.y) * t);
        (100 + s as u64, at)
    });
    let mut events = Vec::new();
    for (second, at) in path.chain((110..120).map(|s| (s, Point::new(inside.x, inside.y)))) {
        events.extend(radiology.update(second, [("AOA-01", 0, at)]));
    }
    let kinds: Vec<FenceEventKind> = events.iter().map(|e| e.kind).collect();
    assert_eq!(kinds, [FenceEventKind::Enter]);
    // On the floor above, the same point is outside the fence.
    assert!(!radiology.contains(1, Point::new(inside.x, inside.y)));
}
