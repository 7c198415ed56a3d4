//! The accuracy lab: simulated walkers on the venue's own routes with tags of the planned
//! technology, the simulator's signals and the live engine's particle filter
//! (`site_tracking::accuracy::measure`, the same code that measures the demo venues' published
//! accuracy), reported per level and in all with the statistic named: CEP50, CEP75 and CEP95
//! (the radius holding half, three quarters, 95 % of the errors), the floor-detection rate and
//! the share of time the technology served the tag.

use site_positioning::{Device, Technology};
use site_tracking::accuracy::{Row, measure_watched};
use site_venues::Venue;

/// Walkers and stops per walker: those of the demo venues' accuracy test, so a prediction for
/// their own layouts is the published figure.
pub const WALKERS: u64 = 12;
pub const STOPS: usize = 4;

/// One level's figures, or all levels' (`level` "").
#[derive(Debug, Clone, PartialEq)]
pub struct Figures {
    pub level: String,
    /// Fixes measured (a walker's seconds where the technology served it, after settling).
    pub fixes: usize,
    pub cep50_m: f64,
    pub cep75_m: f64,
    pub cep95_m: f64,
    pub floor_rate: f64,
    pub served_share: f64,
}

impl Figures {
    fn of(level: String, row: &Row) -> Self {
        Self {
            level,
            fixes: row.filter.count(),
            cep50_m: row.filter.cep(0.5),
            cep75_m: row.filter.cep(0.75),
            cep95_m: row.filter.cep(0.95),
            floor_rate: row.filter.floor_rate(),
            served_share: row.served_share(),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Lab {
    pub technology: Technology,
    pub total: Figures,
    pub levels: Vec<Figures>,
}

/// Runs the lab over `venue` with `devices` (of `technology`; others are ignored).
pub fn run(venue: &Venue, devices: &[Device], technology: Technology, seed: u64) -> Lab {
    run_watched(venue, devices, technology, seed, &mut |_, _| true).expect("nothing stops it")
}

/// [`run`], telling `watch` how many walkers of how many have walked; `None` once `watch`
/// answers false.
pub fn run_watched(
    venue: &Venue,
    devices: &[Device],
    technology: Technology,
    seed: u64,
    watch: &mut dyn FnMut(u64, u64) -> bool,
) -> Option<Lab> {
    let kind = technology.device_kind();
    let devices: Vec<Device> = devices.iter().filter(|d| d.kind == kind).cloned().collect();
    let table = measure_watched(venue, devices, seed, WALKERS, STOPS, watch)?;
    let mut total = Row::default();
    let mut levels = Vec::new();
    for ((t, level), row) in &table {
        if *t != technology {
            continue;
        }
        total.merge(row);
        levels.push(Figures::of(level.clone(), row));
    }
    // In the venue's order, lowest first, not by name.
    levels.sort_by_key(|f| {
        venue
            .level(&f.level)
            .map_or(i32::MAX, |level| level.ordinal)
    });
    Some(Lab {
        technology,
        total: Figures::of(String::new(), &total),
        levels,
    })
}
