//! The engine on the real demo venues of content/venues/, against issue #17's targets.

use site_positioning::Technology;
use site_positioning::accuracy::Errors;

use super::accuracy::{Table, measure};
use crate::venues::Venue;
use crate::venues::read_devices;
use crate::venues::tests::support::{content_dir, extras_of, load};

fn load_real(id: &str) -> Venue {
    let dir = content_dir().join(id);
    load(id, &dir, &extras_of(&dir))
}

fn totals(table: &Table, technology: Technology) -> (Errors, Errors) {
    let (mut filter, mut baseline) = (Errors::default(), Errors::default());
    for ((t, _), row) in table {
        if *t == technology {
            filter.merge(&row.filter);
            baseline.merge(&row.baseline);
        }
    }
    (filter, baseline)
}

/// What holds today on the real venues: BLE within its 3 m target and the filter ahead of the
/// baseline for BLE and UWB. Open (issue #17): AoA (CEP95 about 2.5 m against 1 m, and behind its
/// baseline), UWB (0.37 m in the car park and 1.3 m in the hospital against 0.3 m), the floor
/// rate (98.2 % in the hospital against 99 %). The figures print with `--no-capture`.
#[test]
fn both_venues_meet_the_ble_target_with_the_filter_ahead_of_the_baseline() {
    for id in ["demo-mall", "demo-hospital"] {
        let venue = load_real(id);
        let devices = read_devices(&content_dir().join(id), venue.model()).unwrap();
        let table = measure(&venue, devices, 1, 4, 4);
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
            let (filter, baseline) = totals(&table, technology);
            eprintln!(
                "{id} {}: filter CEP50 {:.2} CEP95 {:.2} floor {:.2}% ({} fixes) | baseline CEP95 {:.2}",
                technology.name(),
                filter.cep(0.5),
                filter.cep(0.95),
                filter.floor_rate() * 100.0,
                filter.count(),
                baseline.cep(0.95)
            );
            assert!(filter.count() > 100, "{id}: {} fixes", filter.count());
            if technology == Technology::Ble {
                assert!(filter.cep(0.95) <= target, "{id} {}", technology.name());
                assert!(filter.floor_rate() >= 0.98, "{id} {}", technology.name());
            }
            if technology != Technology::Aoa {
                assert!(
                    filter.cep(0.95) < baseline.cep(0.95),
                    "{id} {}",
                    technology.name()
                );
            }
        }
    }
}
