//! Benchmark: how many BLE tags one core keeps up with at 1 Hz (issue #17's target: 2,000).
//! Simulates and filters 2,000 tags walking the synthetic building of the tests for 60 seconds
//! on this thread, and prints the time per simulated second of the simulator and of the filter.
//!
//!     cargo run --release -p site-positioning --example throughput [tags] [seconds]

#[path = "../tests/synthetic/mod.rs"]
#[allow(
    dead_code,
    reason = "the tests' building, of which the benchmark uses a part"
)]
mod synthetic;

use std::time::{Duration, Instant};

use site_positioning::filter::ParticleFilter;
use site_positioning::radio_map::RadioMap;
use site_positioning::random::{Rng, key};
use site_positioning::simulate::Simulator;
use site_positioning::{Pose, Technology};
use synthetic::{Building, TimedPath, devices, pose};

fn main() {
    let mut args = std::env::args().skip(1);
    let tags: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(2000);
    let seconds: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(60);
    let (space, devices) = (Building::new(), devices());
    let seed = 1;
    let simulator = Simulator::new(&devices, &space, seed);
    // Each device's grid is made on first use, inside the first seconds' filter time.
    let radio_map = RadioMap::build(&devices, seed);

    // Each tag walks the corridor from a random point to another and back, on a random level.
    let walks: Vec<TimedPath> = (0..tags)
        .map(|tag| {
            let mut rng = Rng::new(key(&[seed, tag as u64]));
            let level = (rng.below(2)) as i32;
            let mut point = || {
                pose(
                    level,
                    2.0 + rng.uniform() * 56.0,
                    13.0 + rng.uniform() * 4.0,
                )
            };
            let (a, b) = (point(), point());
            TimedPath::new(&[a, b, a, b], 1.2)
        })
        .collect();
    let mut filters: Vec<ParticleFilter> = (0..tags)
        .map(|tag| ParticleFilter::new(Technology::Ble, key(&[seed, tag as u64])))
        .collect();

    let (mut simulating, mut filtering) = (Duration::ZERO, Duration::ZERO);
    let mut readings = 0usize;
    for second in 0..seconds {
        for (tag, (walk, filter)) in walks.iter().zip(&mut filters).enumerate() {
            let truth: Pose = walk.at(second as f64);
            let clock = Instant::now();
            let scan = simulator.scan(tag as u64, Technology::Ble, second, truth);
            simulating += clock.elapsed();
            readings += scan.readings.len();
            let clock = Instant::now();
            std::hint::black_box(filter.step(&scan, &devices, &radio_map, &space));
            filtering += clock.elapsed();
        }
    }
    let per_second = |total: Duration| total.as_secs_f64() / seconds as f64;
    println!(
        "{tags} BLE tags, {seconds} s simulated on one thread (radio map grids made on first use)"
    );
    println!(
        "per simulated second: simulator {:.0} ms, filter {:.0} ms, together {:.0} ms ({:.0} % of one core)",
        per_second(simulating) * 1000.0,
        per_second(filtering) * 1000.0,
        per_second(simulating + filtering) * 1000.0,
        per_second(simulating + filtering) * 100.0,
    );
    println!(
        "readings per tag and second: {:.1}; filter time per tag step: {:.0} us",
        readings as f64 / (tags as f64 * seconds as f64),
        filtering.as_secs_f64() * 1e6 / (tags as f64 * seconds as f64)
    );
}
