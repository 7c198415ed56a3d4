//! The flow analytics on the real demo venues.

use super::flow::{DAY_S, flow_day, is_weekend};
use super::tests::load_real;

/// 2026-11-25, a Wednesday, and the Saturday after it.
const WEDNESDAY: u64 = 20_782;
const SATURDAY: u64 = WEDNESDAY + 3;

#[test]
fn the_days_of_the_week_are_beijings() {
    assert!(!is_weekend(WEDNESDAY));
    assert!(is_weekend(SATURDAY) && is_weekend(SATURDAY + 1));
    assert!(!is_weekend(SATURDAY + 2));
}

/// A day of the mall: the visitors its settings ask for (within the day-to-day variation),
/// nobody while it is closed, every visitor in a zone, stays about the median asked for, the
/// drivers' cars in the car park and the heat on every level. Counted up to noon, the morning is
/// the same and the afternoon empty.
#[test]
fn a_day_of_the_mall_has_its_visitors_by_the_hour() {
    let venue = load_real("demo-mall");
    let settings = venue.flow_settings().expect("the mall has [flow]").clone();
    let started = std::time::Instant::now();
    let day = flow_day(&venue, &settings, 1, WEDNESDAY, DAY_S);
    eprintln!(
        "demo-mall: {} visitors, {} zones, computed in {:?}",
        day.visitors(),
        day.zones.len(),
        started.elapsed()
    );
    let wanted = f64::from(settings.visitors_per_day);
    assert!((f64::from(day.visitors()) - wanted).abs() < 5.0 * wanted.sqrt());
    for hour in 0..10 {
        assert_eq!(day.arrivals[hour], 0, "hour {hour}: the mall opens at ten");
    }
    assert!(day.present[19] > day.present[10], "{:?}", day.present);
    let visits: u32 = day.zones.iter().map(|z| z.visitors()).sum();
    assert!(
        visits >= day.visitors() * 2,
        "at least two stops each, mostly"
    );
    let median = day.zones[0].dwell_median_s().unwrap();
    assert!((600..1300).contains(&median), "{median} s");

    let noon = flow_day(&venue, &settings, 1, WEDNESDAY, 12 * 3_600);
    assert_eq!(noon.arrivals[..12], day.arrivals[..12]);
    assert!(noon.arrivals[12..].iter().all(|&n| n == 0));
    assert_eq!(noon.present[12], 0);

    let again = flow_day(&venue, &settings, 1, WEDNESDAY, DAY_S);
    assert_eq!(
        again.arrivals, day.arrivals,
        "a function of the seed and the day"
    );
    let saturday = flow_day(&venue, &settings, 1, SATURDAY, DAY_S);
    assert!(f64::from(saturday.visitors()) > 1.4 * f64::from(day.visitors()));
    let taken = |day: &super::flow::FlowDay| (0..24).map(|h| day.parked_at(h).len()).max();
    assert!(taken(&saturday) > taken(&day), "more cars at the weekend");

    // The drivers' cars: a third of the visitors, never two in one space, none while closed.
    let park = day.car_park.as_ref().expect("the mall has a car park");
    let spaces = park.spaces().len();
    for hour in 0..24 {
        let mut cars = day.parked_at(hour);
        let count = cars.len();
        cars.sort_unstable();
        cars.dedup();
        assert_eq!(cars.len(), count, "hour {hour}: one car a space");
        assert!(count < spaces, "hour {hour}: {count} of {spaces}");
    }
    assert!(day.parked_at(5).is_empty());
    let evening = day.parked_at(19).len() as f64;
    let expected = settings.drive_share * f64::from(day.present[19]);
    assert!(
        (evening - expected).abs() < 0.25 * expected,
        "{evening} cars, {expected} expected"
    );
    // The car park's levels are warm now: the drivers walk to the lifts.
    assert!(day.heat.iter().all(|h| h.peak() > 0.0));
}

#[test]
fn the_hospital_is_busiest_in_the_morning() {
    let venue = load_real("demo-hospital");
    let settings = venue
        .flow_settings()
        .expect("the hospital has [flow]")
        .clone();
    let day = flow_day(&venue, &settings, 1, WEDNESDAY, DAY_S);
    let peak = (0..24).max_by_key(|&h| day.arrivals[h]).unwrap();
    assert!((8..=9).contains(&peak), "{:?}", day.arrivals);
    assert!(
        day.zones.iter().all(|z| z.visitors() > 0),
        "every department is visited"
    );
}
