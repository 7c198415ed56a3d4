//! A simulated day of the live engine, run as fast as it goes (issue #17: memory stays bounded
//! over a 24-hour day). The loop is the live stream's, without the HTTP: every tag's walk,
//! signals and filter each second, the rolling accuracy, and the venue's fences. It prints the
//! resident memory at each simulated hour; the last line compares the day's end with its first
//! hour.
//!
//! `cargo run --release -p site-server --example live_day -- [venue] [tags] [hours]`
//! (defaults: demo-hospital, 40 tags, 24 hours; the venue is read from content/venues/).

use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use site_server::process::memory::{peak_resident_kib, resident_kib};
use site_tracking::engine::{Engine, Simulation};
use site_tracking::fences::venue_fences;
use site_tracking::flow::HOUR_S;
use site_tracking::rolling::RollingAccuracy;
use site_venues::{Venue, VenueExtras, read_devices};

// The server's allocator, so the figures are the server's.
#[global_allocator]
static GLOBAL: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

/// 2026-11-24 00:00 Beijing time: the day simulated.
const MIDNIGHT: u64 = 1_795_449_600;

fn mib(kib: Option<u64>) -> f64 {
    kib.unwrap_or(0) as f64 / 1024.0
}

fn main() {
    let mut args = std::env::args().skip(1);
    let id = args.next().unwrap_or_else(|| "demo-hospital".to_owned());
    let tags: u32 = args
        .next()
        .map_or(40, |n| n.parse().expect("tags: a number"));
    let hours: u64 = args
        .next()
        .map_or(24, |n| n.parse().expect("hours: a number"));
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../content/venues")
        .join(&id);
    let started = Instant::now();
    let venue = Venue::load(
        &id,
        &dir,
        &VenueExtras::default(),
        Arc::new(site_venues::testing::wordings()),
    )
    .expect("the venue loads");
    let devices = read_devices(&dir, venue.model()).expect("its devices load");
    let simulation = Arc::new(Simulation::new(Arc::new(venue), devices, 1, tags));
    let mut engine = Engine::new(simulation.clone());
    let mut fences = venue_fences(simulation.venue(), 60);
    let mut accuracy = RollingAccuracy::default();
    engine.catch_up(MIDNIGHT);
    println!(
        "{id}: {} tags, {} fences, loaded in {:.1} s, RSS {:.1} MiB",
        simulation.tags().len(),
        fences.len(),
        started.elapsed().as_secs_f64(),
        mib(resident_kib())
    );
    println!("hour  RSS MiB  peak MiB  simulated s per real s  alerts");
    let mut first_hour = None;
    let mut alerts = 0;
    for hour in 0..hours {
        let clock = Instant::now();
        for second in MIDNIGHT + hour * HOUR_S..MIDNIGHT + (hour + 1) * HOUR_S {
            let fixes = engine.step(second);
            accuracy.add(second, &fixes, |fix| simulation.tags()[fix.tag].technology);
            let estimates: Vec<(String, i32, site_positioning::Point)> = fixes
                .iter()
                .filter_map(|fix| {
                    let e = fix.estimate?;
                    Some((fix.tag.to_string(), e.pose.level, e.pose.at))
                })
                .collect();
            for venue_fence in &mut fences {
                let seen = estimates.iter().map(|(t, l, p)| (t.as_str(), *l, *p));
                alerts += venue_fence.fence.update(second, seen).len();
            }
            if second % 10 == 0 {
                let _ = accuracy.figures();
            }
        }
        let rss = mib(resident_kib());
        first_hour.get_or_insert(rss);
        println!(
            "{:>4}  {:>7.1}  {:>8.1}  {:>22.0}  {:>6}",
            hour + 1,
            rss,
            mib(peak_resident_kib()),
            HOUR_S as f64 / clock.elapsed().as_secs_f64(),
            alerts
        );
    }
    let end = mib(resident_kib());
    let first = first_hour.unwrap_or(end);
    println!(
        "end of day: RSS {end:.1} MiB against {first:.1} MiB after the first hour ({:+.1} %), peak {:.1} MiB, {:.0} s in all",
        100.0 * (end - first) / first,
        mib(peak_resident_kib()),
        started.elapsed().as_secs_f64()
    );
}
