//! The lab's prediction for the demo venues' own devices beside what the live engine measures
//! with them: `cargo run --release -p site-planning --example lab_vs_live [minutes] [tags]`
//! (30 and 40 by default: the live demo's 40 tags, every second of half an hour where the
//! technology serves the tag). bench/README.md, "Device planning", has its figures.

use std::sync::Arc;

use site_planning::lab;
use site_positioning::Technology;
use site_positioning::accuracy::Errors;
use site_tracking::engine::{Engine, Simulation};
use site_venues::read_devices;
use site_venues::testing::{content_dir, extras_of, load};

fn main() {
    let mut args = std::env::args().skip(1);
    let minutes: u64 = args.next().map_or(30, |m| m.parse().expect("minutes"));
    let tags: u32 = args.next().map_or(40, |t| t.parse().expect("tags"));
    for id in ["demo-hospital", "demo-mall"] {
        let dir = content_dir().join(id);
        let venue = Arc::new(load(id, &dir, &extras_of(&dir)));
        let devices = read_devices(&dir, venue.model()).unwrap();
        let simulation = Arc::new(Simulation::new(venue.clone(), devices.clone(), 1, tags));
        let mut engine = Engine::new(simulation.clone());
        let start = 1_790_000_000;
        engine.catch_up(start);
        let mut live: [Errors; 3] = Default::default();
        for second in start..start + minutes * 60 {
            for fix in engine.step(second).into_iter().filter(|f| f.served) {
                let technology = simulation.tags()[fix.tag].technology;
                live[technology as usize].add(fix.truth, fix.estimate.map(|e| e.pose));
            }
        }
        for technology in Technology::ALL {
            let live = &live[technology as usize];
            let lab = lab::run(&venue, &devices, technology, 1).total;
            println!(
                "{id} {}: live CEP95 {:.2} m ({} fixes), lab {:.2} m ({} fixes): {:+.0} %",
                technology.name(),
                live.cep(0.95),
                live.count(),
                lab.cep95_m,
                lab.fixes,
                (lab.cep95_m / live.cep(0.95) - 1.0) * 100.0
            );
        }
    }
}
