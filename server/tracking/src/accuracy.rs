//! The engine's accuracy on a venue: walkers with tags of each technology the venue has, the
//! simulator's signals, the particle filter and the one-shot baseline, and their errors against
//! the truth per technology and level. Deterministic for a seed.

use std::collections::BTreeMap;

use site_positioning::accuracy::Errors;
use site_positioning::baseline;
use site_positioning::coverage::served;
use site_positioning::filter::ParticleFilter;
use site_positioning::radio_map::RadioMap;
use site_positioning::random::key;
use site_positioning::simulate::{Devices, Simulator};
use site_positioning::{Device, DeviceKind, Point as EnginePoint, Pose, Technology};

use super::walkers::random_walk;
use site_venues::{Place, RadioSpace, Venue};

/// Seconds at the start of a walk left out, while the filter takes its first fix.
const SETTLING_S: u64 = 5;

/// Errors of one technology on one level.
#[derive(Debug, Default)]
pub struct Row {
    /// Seconds the tag was where its technology serves it (see `coverage::served`), and all.
    pub served: u64,
    pub seconds: u64,
    pub filter: Errors,
    pub baseline: Errors,
    /// Time the filter took over all the seconds, for its cost per tag and second.
    pub filter_time: std::time::Duration,
    /// Each fix the filter gave a served tag: where the tag truly was and how far off the fix
    /// was, metres (the accuracy lab's heat map of the error).
    pub located: Vec<(EnginePoint, f32)>,
    /// Per walker that set out on this level, the seconds of scanning until the filter's first
    /// fix (time to first fix, from a cold start).
    pub first_fix_s: Vec<u32>,
}

impl Row {
    /// Share of the seconds the technology served the tag.
    pub fn served_share(&self) -> f64 {
        self.served as f64 / self.seconds.max(1) as f64
    }

    /// The filter's mean time for one tag's second, in microseconds.
    pub fn step_us(&self) -> f64 {
        self.filter_time.as_secs_f64() * 1e6 / self.seconds.max(1) as f64
    }

    pub fn merge(&mut self, other: &Row) {
        self.filter_time += other.filter_time;
        self.served += other.served;
        self.seconds += other.seconds;
        self.filter.merge(&other.filter);
        self.baseline.merge(&other.baseline);
        self.located.extend_from_slice(&other.located);
        self.first_fix_s.extend_from_slice(&other.first_fix_s);
    }
}

/// Per technology and level short name ("L1").
pub type Table = BTreeMap<(Technology, String), Row>;

/// Runs `walkers` walkers of `stops` stops per technology over `venue` with `devices`.
pub fn measure(
    venue: &Venue,
    devices: Vec<Device>,
    seed: u64,
    walkers: u64,
    stops: usize,
) -> Table {
    measure_watched(
        venue,
        devices,
        seed,
        walkers,
        stops,
        &|_, _| true,
        &mut |_, _| true,
    )
    .expect("nothing stops it")
}

/// Where on a level (its ordinal) the accuracy is measured: the walkers stop only there and
/// only their seconds there count.
pub type Within<'a> = &'a dyn Fn(i32, EnginePoint) -> bool;

/// [`measure`] within a part of the venue, telling `watch` after each walker how many of how
/// many have walked; `None` as soon as `watch` answers false (a cancelled job).
pub fn measure_watched(
    venue: &Venue,
    devices: Vec<Device>,
    seed: u64,
    walkers: u64,
    stops: usize,
    within: Within<'_>,
    watch: &mut dyn FnMut(u64, u64) -> bool,
) -> Option<Table> {
    let space = RadioSpace::build(venue.model());
    let devices = Devices::new(devices);
    let radio_map = RadioMap::build(&devices, seed);
    let simulator = Simulator::new(&devices, &space, seed);
    let mut table = Table::new();
    let technologies: Vec<(Technology, Vec<Coverage>)> = (Technology::ALL.into_iter())
        .map(|technology| (technology, coverage(&devices, technology)))
        .filter(|(_, covered)| !covered.is_empty())
        .collect();
    let total = walkers * technologies.len() as u64;
    let mut walked = 0;
    for (technology, covered) in technologies {
        for walker in 0..walkers {
            walked += 1;
            if !watch(walked - 1, total) {
                return None;
            }
            let tag = key(&[technology as u64, walker]);
            let eligible = |place: &Place| {
                let ordinal = venue.levels()[place.level].ordinal;
                let at = EnginePoint::new(place.point.x, place.point.y);
                within(ordinal, at) && covered.iter().any(|c| c.covers(ordinal, at))
            };
            let Some(walk) = random_walk(venue, seed, tag, stops, eligible) else {
                continue;
            };
            let mut filter = ParticleFilter::new(technology, key(&[seed, tag]));
            let mut first_fix = false;
            for second in 0..=walk.seconds() as u64 {
                let truth = walk.at(second as f64);
                let scan = simulator.scan(tag, technology, second, truth);
                let started = std::time::Instant::now();
                let estimate = filter.step(&scan, &devices, &radio_map, &space);
                let took = started.elapsed();
                if estimate.is_some() && !first_fix {
                    first_fix = true;
                    let start = level_short(venue, walk.at(0.0).level);
                    let row = table.entry((technology, start)).or_default();
                    row.first_fix_s.push(second as u32 + 1);
                }
                if second < SETTLING_S || !within(truth.level, truth.at) {
                    continue;
                }
                let short = level_short(venue, truth.level);
                let row = table.entry((technology, short)).or_default();
                row.filter_time += took;
                row.seconds += 1;
                if !served(technology, &devices, &space, truth) {
                    continue;
                }
                row.served += 1;
                row.filter.add(truth, estimate.map(|e| e.pose));
                if let Some(e) = estimate {
                    row.located
                        .push((truth.at, truth.at.distance(e.pose.at) as f32));
                }
                let level = estimate.map_or(truth.level, |e| e.pose.level);
                let one_shot = baseline::estimate(&scan.readings, level, &devices);
                row.baseline
                    .add(truth, one_shot.map(|at| Pose { level, at }));
            }
        }
    }
    watch(total, total).then_some(table)
}

/// Where a technology's tags are positioned: BLE anywhere on a level with beacons; AoA within
/// a gateway's range; UWB where three anchors are within 30 m.
struct Coverage {
    level: i32,
    kind: DeviceKind,
    devices: Vec<(EnginePoint, f64)>,
}

impl Coverage {
    fn covers(&self, level: i32, at: EnginePoint) -> bool {
        if level != self.level {
            return false;
        }
        let near = |reach: f64| {
            self.devices
                .iter()
                .filter(|(p, range)| p.distance(at) <= reach.min(*range))
                .count()
        };
        match self.kind {
            DeviceKind::BleBeacon | DeviceKind::AoaGateway => near(f64::INFINITY) > 0,
            DeviceKind::UwbAnchor => near(30.0) >= 3,
        }
    }
}

fn coverage(devices: &Devices, technology: Technology) -> Vec<Coverage> {
    let kind = technology.device_kind();
    devices
        .levels(kind)
        .into_iter()
        .map(|level| Coverage {
            level,
            kind,
            devices: devices
                .on(kind, level)
                .iter()
                .map(|&i| {
                    let d = devices.get(i);
                    let range = if kind == DeviceKind::AoaGateway {
                        d.range
                    } else {
                        f64::INFINITY
                    };
                    (d.at, range)
                })
                .collect(),
        })
        .collect()
}

fn level_short(venue: &Venue, ordinal: i32) -> String {
    venue
        .levels()
        .iter()
        .find(|l| l.ordinal == ordinal)
        .map_or_else(|| ordinal.to_string(), |l| l.short.clone())
}
