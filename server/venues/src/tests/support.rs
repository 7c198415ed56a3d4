//! The fixture venue, the real venues loaded once, and the pairs of places that route tests
//! draw.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use crate::geometry::Point;
use crate::location_text::Field;
pub(super) use crate::testing::{content_dir, extras_of, load, wordings};
use crate::{Located, Venue, VenueExtras};

pub(super) fn fixture_dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// The fixture venue: B1 (a road, two spaces), L1 and L2 (corridors, shops, an elevator
/// serving all three levels, stairs between L1 and L2, a bench, a kiosk).
pub(super) fn three_level_mall() -> &'static Venue {
    static VENUE: OnceLock<Venue> = OnceLock::new();
    VENUE.get_or_init(|| {
        load(
            "three-level-mall",
            &fixture_dir("three-level-mall"),
            &VenueExtras::default(),
        )
    })
}

/// A real venue of content/venues/, loaded once per test binary; `None` while its files are
/// not written yet.
pub(super) fn real(id: &str) -> Option<&'static Venue> {
    static MALL: OnceLock<Option<Venue>> = OnceLock::new();
    static HOSPITAL: OnceLock<Option<Venue>> = OnceLock::new();
    let cell = match id {
        "demo-mall" => &MALL,
        "demo-hospital" => &HOSPITAL,
        _ => panic!("no venue {id}"),
    };
    cell.get_or_init(|| {
        let dir = content_dir().join(id);
        dir.join("unit.geojson")
            .exists()
            .then(|| load(id, &dir, &extras_of(&dir)))
    })
    .as_ref()
}

/// Every venue a route test runs on: the fixture and the real ones present.
pub(super) fn all_venues() -> Vec<&'static Venue> {
    let mut venues = vec![three_level_mall()];
    venues.extend(["demo-mall", "demo-hospital"].into_iter().filter_map(real));
    venues
}

/// `pairs` pairs of random locations on each venue a route test runs on, the same on every run:
/// each venue's are drawn afresh from `seed`.
pub(super) fn random_pairs(seed: u64, pairs: usize) -> Vec<(&'static Venue, [Located; 2])> {
    let mut out = Vec::new();
    for venue in all_venues() {
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut locations = random_locations(venue, &mut rng, 2 * pairs).into_iter();
        while let (Some(from), Some(to)) = (locations.next(), locations.next()) {
            out.push((venue, [from, to]));
        }
    }
    out
}

/// `n` random locations of a venue: places of every kind, and points picked on levels.
fn random_locations(venue: &Venue, rng: &mut fastrand::Rng, n: usize) -> Vec<Located> {
    let mut out = Vec::new();
    while out.len() < n {
        if rng.u8(..4) == 0 {
            let level = rng.usize(..venue.levels().len());
            let bbox = venue.levels()[level].outline.bbox;
            let p = Point::new(
                rng.f64() * (bbox.max.x - bbox.min.x) + bbox.min.x,
                rng.f64() * (bbox.max.y - bbox.min.y) + bbox.min.y,
            );
            let [lon, lat] = venue.lon_lat(p);
            let text = format!("{lon},{lat}@{}", venue.levels()[level].short);
            if let Ok(located) = venue.locate(Field::From, &text) {
                out.push(located);
            }
        } else {
            let place = &venue.places()[rng.usize(..venue.places().len())];
            out.push(
                venue
                    .locate(Field::From, &place.id)
                    .expect("a place locates"),
            );
        }
    }
    out
}
