//! The accuracy lab: simulated walkers on the venue's own routes with tags of the planned
//! technology, the simulator's signals and the live engine's particle filter
//! (`site_tracking::accuracy::measure`, the same code that measures the demo venues' published
//! accuracy), reported per level and in all with the statistic named: CEP50, CEP75 and CEP95
//! (the radius holding half, three quarters, 95 % of the errors), the floor-detection rate and
//! the share of time the technology served the tag, the time to first fix from a cold start,
//! and each level's error as a heat map (the mean error of the fixes in each
//! [`HEAT_CELL_M`] cell).

use site_positioning::{Device, Technology};
use site_tracking::accuracy::{Row, Within, measure_watched};
use site_venues::Venue;
use site_venues::geometry::Point;

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
    /// Seconds of scanning until a walker's first fix: the median walker's and the slowest
    /// but one in twenty (NaN with no walker).
    pub first_fix_p50_s: f64,
    pub first_fix_p95_s: f64,
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
            first_fix_p50_s: rank(&row.first_fix_s, 0.5),
            first_fix_p95_s: rank(&row.first_fix_s, 0.95),
        }
    }
}

/// The value below which `fraction` of `values` fall (nearest rank), NaN for none.
fn rank(values: &[u32], fraction: f64) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    let at = ((fraction * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len().max(1));
    sorted.get(at - 1).map_or(f64::NAN, |&v| f64::from(v))
}

/// Side of a heat map cell, metres: about a shop's frontage, a few fixes per cell per walker.
pub const HEAT_CELL_M: f64 = 3.0;

/// One level's error, cell by cell over its outline's box.
#[derive(Debug, Clone, PartialEq)]
pub struct Heat {
    /// Index into the venue's levels.
    pub level: usize,
    /// South-west corner of the grid, local metres.
    pub origin: Point,
    pub columns: usize,
    pub rows: usize,
    /// Row by row from the south, west to east: the mean error of the cell's fixes, metres;
    /// `None` where no walker was fixed.
    pub mean_error_m: Vec<Option<f32>>,
}

impl Heat {
    fn of(venue: &Venue, level: usize, located: &[(site_positioning::Point, f32)]) -> Self {
        let b = venue.levels()[level].outline.bbox;
        let columns = ((b.max.x - b.min.x) / HEAT_CELL_M).ceil().max(1.0) as usize;
        let rows = ((b.max.y - b.min.y) / HEAT_CELL_M).ceil().max(1.0) as usize;
        let mut sums = vec![(0.0f32, 0u32); columns * rows];
        for (at, error) in located {
            let column = ((at.x - b.min.x) / HEAT_CELL_M).floor();
            let row = ((at.y - b.min.y) / HEAT_CELL_M).floor();
            if column < 0.0 || row < 0.0 || column >= columns as f64 || row >= rows as f64 {
                continue;
            }
            let cell = &mut sums[row as usize * columns + column as usize];
            cell.0 += error;
            cell.1 += 1;
        }
        Self {
            level,
            origin: b.min,
            columns,
            rows,
            mean_error_m: (sums.iter())
                .map(|&(sum, n)| (n > 0).then(|| sum / n as f32))
                .collect(),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Lab {
    pub technology: Technology,
    pub total: Figures,
    pub levels: Vec<Figures>,
    /// Per level of `levels`, in the same order.
    pub heat: Vec<Heat>,
}

/// Runs the lab over `venue` with `devices` (of `technology`; others are ignored).
pub fn run(venue: &Venue, devices: &[Device], technology: Technology, seed: u64) -> Lab {
    run_watched(
        venue,
        devices,
        technology,
        seed,
        &|_, _| true,
        &mut |_, _| true,
    )
    .expect("nothing stops it")
}

/// [`run`] `within` a part of the venue (a plan's scope), telling `watch` how many walkers of
/// how many have walked; `None` once `watch` answers false.
pub fn run_watched(
    venue: &Venue,
    devices: &[Device],
    technology: Technology,
    seed: u64,
    within: Within<'_>,
    watch: &mut dyn FnMut(u64, u64) -> bool,
) -> Option<Lab> {
    let kind = technology.device_kind();
    let devices: Vec<Device> = devices.iter().filter(|d| d.kind == kind).cloned().collect();
    let table = measure_watched(venue, devices, seed, WALKERS, STOPS, within, watch)?;
    let mut total = Row::default();
    let mut rows = Vec::new();
    for ((t, level), row) in &table {
        if *t != technology {
            continue;
        }
        total.merge(row);
        let index = venue.model().level_index(level);
        rows.push((index, Figures::of(level.clone(), row), row));
    }
    // In the venue's order, lowest first, not by name.
    rows.sort_by_key(|(index, ..)| index.map_or(i32::MAX, |i| venue.levels()[i].ordinal));
    let heat = (rows.iter())
        .filter_map(|(index, _, row)| index.map(|i| Heat::of(venue, i, &row.located)))
        .collect();
    Some(Lab {
        technology,
        total: Figures::of(String::new(), &total),
        levels: rows.into_iter().map(|(_, figures, _)| figures).collect(),
        heat,
    })
}
