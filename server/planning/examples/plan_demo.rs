//! Plans the demo venues as a visitor would ask, beside their hand-placed devices: device
//! counts, the lab's figures and the time taken, one core. `cargo run --release -p
//! site-planning --example plan_demo [venue] [ble|aoa|uwb] [target CEP95 m]`; without a venue,
//! both. The plan covers the levels the hand-placed devices of the technology are on.
//! bench/README.md, "Device planning", has its figures.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use site_planning::{Progress, Request, lab, plan};
use site_positioning::Technology;
use site_venues::read_devices;
use site_venues::testing::{content_dir, extras_of, load};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let venues: Vec<String> = match args.first() {
        Some(id) => vec![id.clone()],
        None => vec!["demo-hospital".into(), "demo-mall".into()],
    };
    let technology = match args.get(1).map(String::as_str) {
        None | Some("ble") => Technology::Ble,
        Some("aoa") => Technology::Aoa,
        Some("uwb") => Technology::Uwb,
        Some(other) => panic!("unknown technology {other}: ble, aoa or uwb"),
    };
    let target: f64 = args
        .get(2)
        .map_or(3.0, |t| t.parse().expect("a target CEP95 in metres"));
    for id in venues {
        let dir = content_dir().join(&id);
        let venue = load(&id, &dir, &extras_of(&dir));
        let kind = technology.device_kind();
        let hand: Vec<_> = (read_devices(&dir, venue.model()).unwrap().into_iter())
            .filter(|d| d.kind == kind)
            .collect();
        let hand_lab = lab::run(&venue, &hand, technology, 1);
        let levels = (venue.levels().iter().enumerate())
            .filter(|(_, level)| hand.iter().any(|d| d.level == level.ordinal))
            .map(|(index, _)| index)
            .collect();
        let request = Request {
            technology,
            target_cep95_m: target,
            levels,
            seed: 1,
            scope: Default::default(),
            layout: None,
        };
        let started = Instant::now();
        let (mut last, mut longest_silence) = (Instant::now(), 0.0_f64);
        let result = plan(
            &venue,
            &request,
            &mut |step| {
                longest_silence = longest_silence.max(last.elapsed().as_secs_f64());
                last = Instant::now();
                if let Progress::Placing { round, reach_m } = step {
                    eprintln!("  round {round}: reach {reach_m:.1} m");
                }
            },
            &AtomicBool::new(false),
        )
        .unwrap();
        let took = started.elapsed().as_secs_f64();
        let name = technology.name();
        let (hand_total, total) = (&hand_lab.total, &result.lab.total);
        println!(
            "{id} {name}, hand-placed: {} devices, lab CEP50 {:.2} CEP75 {:.2} CEP95 {:.2} m, floor {:.1} %, served {:.0} %",
            hand.len(),
            hand_total.cep50_m,
            hand_total.cep75_m,
            hand_total.cep95_m,
            hand_total.floor_rate * 100.0,
            hand_total.served_share * 100.0
        );
        println!(
            "{id} {name}, planned for CEP95 {target} m: {} devices ({:+.0} %), met {}, lab CEP50 {:.2} CEP75 {:.2} CEP95 {:.2} m, floor {:.1} %, served {:.0} %, {} of {} points short; {:.1} s in {} rounds, progress at most {:.2} s apart",
            result.devices.len(),
            (result.devices.len() as f64 / hand.len().max(1) as f64 - 1.0) * 100.0,
            result.meets_target,
            total.cep50_m,
            total.cep75_m,
            total.cep95_m,
            total.floor_rate * 100.0,
            total.served_share * 100.0,
            result.short_points,
            result.points,
            took,
            result.rounds.len(),
            longest_silence
        );
    }
}
