//! Flow analytics (客流分析, issue #17): how many visitors each zone had in each hour, how long
//! they stayed, how many were in the venue, and where on each level they were (a heat map), for
//! one day of a venue's simulated visitors.
//!
//! The visitors are a larger crowd than the live tags, as venue.toml `[flow]` describes them:
//! a weekday's `visitors_per_day` (times `weekend_factor` on Saturdays and Sundays) arriving
//! through the venue's entrances by its hourly profile, each going to a few occupants along the
//! venue's routes and staying a log-normal time in each, then leaving by an entrance. A
//! `drive_share` of them come by car: they park in a free space (`tracking::parking`), walk from
//! it and back to it. Like the live crowd they are keyed draws of the seed and the day, so every
//! replica gives the same figures and nothing is stored.
//!
//! They are counted from their true positions. A deployment counts the phones its beacons see,
//! and the engine's 2-3 m error moves few visitors across a zone's edge, while running the filter
//! for thousands of visitors would cost an hour of CPU per simulated day.

use std::collections::HashMap;

use site_positioning::random::{Rng, key};
use site_positioning::timed_path::TimedPath;

use super::parking::CarPark;
use super::walkers::{PACE, route_poses};
use site_venues::geometry::{Bbox, Point};
use site_venues::{FlowSettings, PlaceKind, Venue};

/// The side of a heat map's cell, metres.
pub const CELL_M: f64 = 2.0;
/// Beijing time against UTC: the days and hours of the analytics are the venue's.
pub const BEIJING_OFFSET_S: u64 = 8 * 3_600;
pub const DAY_S: u64 = 86_400;
pub const HOUR_S: u64 = 3_600;
/// Seconds between the heat map's samples of a walk.
const WALK_SAMPLE_S: f64 = 2.0;
/// The spread of the log-normal stay: a σ of 0.6 puts nine stays in ten between a third and three
/// times the median (dwell studies of retail visits show that spread).
const DWELL_SIGMA: f64 = 0.6;
/// A stay warms the cells within this distance of the place's point: a visitor browses a shop.
const STAY_RADIUS_M: f64 = 3.0;

/// Purposes of the keyed draws.
const COUNT: u64 = 0x636f_756e;
const VISITOR: u64 = 0x7669_7369;

/// One zone (an occupant: a shop, a restaurant, a department) over the day.
#[derive(Debug, Clone)]
pub struct Zone {
    /// Index into the venue's places.
    pub place: usize,
    /// Visitors who came in, by the hour they came.
    pub visits: [u32; 24],
    /// The stays that ended within the counted time, seconds, ascending once the day is done.
    dwell: Vec<u32>,
}

impl Zone {
    pub fn visitors(&self) -> u32 {
        self.visits.iter().sum()
    }

    pub fn dwell_median_s(&self) -> Option<u32> {
        self.dwell.get(self.dwell.len() / 2).copied()
    }

    pub fn dwell_mean_s(&self) -> Option<u32> {
        let total: u64 = self.dwell.iter().map(|&s| u64::from(s)).sum();
        (!self.dwell.is_empty()).then(|| (total / self.dwell.len() as u64) as u32)
    }
}

/// Visitor-seconds in square cells over one level's outline.
#[derive(Debug, Clone)]
pub struct Heat {
    /// Index into the venue's levels.
    pub level: usize,
    /// The south-west corner of the grid, local metres.
    pub origin: Point,
    pub columns: usize,
    pub rows: usize,
    /// Row by row from the south, west to east.
    pub seconds: Vec<f32>,
}

impl Heat {
    fn over(level: usize, outline: Bbox) -> Self {
        let columns = ((outline.max.x - outline.min.x) / CELL_M).ceil().max(1.0) as usize;
        let rows = ((outline.max.y - outline.min.y) / CELL_M).ceil().max(1.0) as usize;
        Self {
            level,
            origin: outline.min,
            columns,
            rows,
            seconds: vec![0.0; columns * rows],
        }
    }

    fn add(&mut self, p: Point, seconds: f32) {
        let column = ((p.x - self.origin.x) / CELL_M).floor();
        let row = ((p.y - self.origin.y) / CELL_M).floor();
        if column >= 0.0 && row >= 0.0 {
            let (column, row) = (column as usize, row as usize);
            if column < self.columns && row < self.rows {
                self.seconds[row * self.columns + column] += seconds;
            }
        }
    }

    /// A stay of `seconds` spread evenly over the cells near `p`.
    fn add_stay(&mut self, p: Point, seconds: f32) {
        let reach = (STAY_RADIUS_M / CELL_M).round() as i32;
        let near: Vec<Point> = (-reach..=reach)
            .flat_map(|dy| (-reach..=reach).map(move |dx| (dx, dy)))
            .map(|(dx, dy)| Point::new(p.x + f64::from(dx) * CELL_M, p.y + f64::from(dy) * CELL_M))
            .filter(|q| q.distance(p) <= STAY_RADIUS_M)
            .collect();
        let share = seconds / near.len() as f32;
        for q in near {
            self.add(q, share);
        }
    }

    pub fn peak(&self) -> f32 {
        self.seconds.iter().copied().fold(0.0, f32::max)
    }
}

/// One day's analytics, counted up to `through` seconds after midnight.
#[derive(Debug, Clone)]
pub struct FlowDay {
    /// Days since 1970-01-01, Beijing time.
    pub day: u64,
    pub through: u64,
    pub weekend: bool,
    /// Visitors who arrived, by hour.
    pub arrivals: [u32; 24],
    /// Visitors in the venue at the middle of each hour (0 for hours not reached).
    pub present: [u32; 24],
    /// Every occupant, the most visited first.
    pub zones: Vec<Zone>,
    /// One per level, in the venue's level order.
    pub heat: Vec<Heat>,
    /// The cars of the day's driving visitors; none for a venue without parking.
    pub car_park: Option<CarPark>,
}

impl FlowDay {
    /// About the memory the day holds, for the bound on days kept.
    pub fn held_bytes(&self) -> usize {
        let heat: usize = self.heat.iter().map(|h| h.seconds.len() * 4).sum();
        let zones: usize = self
            .zones
            .iter()
            .map(|zone| std::mem::size_of::<Zone>() + zone.dwell.len() * 4)
            .sum();
        let parking = self.car_park.as_ref().map_or(0, CarPark::held_bytes);
        std::mem::size_of::<Self>() + heat + zones + parking
    }

    pub fn visitors(&self) -> u32 {
        self.arrivals.iter().sum()
    }

    /// Spaces (place indices) taken at the middle of `hour`; none for an hour not counted.
    pub fn parked_at(&self, hour: u64) -> Vec<usize> {
        let middle = (hour * HOUR_S + HOUR_S / 2) as f64;
        match &self.car_park {
            Some(park) if middle < self.through as f64 => park.taken_at(middle).collect(),
            _ => Vec::new(),
        }
    }
}

/// Saturdays and Sundays (1970-01-01 was a Thursday).
pub fn is_weekend(day: u64) -> bool {
    matches!((day + 4) % 7, 0 | 6)
}

/// The day's analytics of `venue` up to `through` seconds after its midnight (at most a day).
pub fn flow_day(
    venue: &Venue,
    settings: &FlowSettings,
    seed: u64,
    day: u64,
    through: u64,
) -> FlowDay {
    let through = through.min(DAY_S);
    let weekend = is_weekend(day);
    let mut counter = Counter::new(venue, settings, through);
    let total = f64::from(settings.visitors_per_day)
        * if weekend {
            settings.weekend_factor
        } else {
            1.0
        };
    let weights: f64 = settings.arrivals.iter().sum();
    let mut arrivals = [0; 24];
    let mut stays = Vec::new();
    if weights > 0.0 && !counter.entrances.is_empty() && !counter.zones.is_empty() {
        for hour in 0..24u64 {
            let expected = total * settings.arrivals[hour as usize] / weights;
            // About Poisson: the count varies by its square root from day to day.
            let mut rng = Rng::new(key(&[seed, day, hour, COUNT]));
            let count = (expected + expected.sqrt() * rng.normal()).round().max(0.0) as u64;
            // In the order they arrive, so a space is free for whoever comes after its car left.
            let mut visitors: Vec<(u64, Rng)> = (0..count)
                .map(|visitor| {
                    let mut rng = Rng::new(key(&[seed, day, hour, visitor, VISITOR]));
                    (hour * HOUR_S + rng.below(HOUR_S as usize) as u64, rng)
                })
                .filter(|(arrive, _)| *arrive < through)
                .collect();
            visitors.sort_by_key(|(arrive, _)| *arrive);
            for (arrive, mut rng) in visitors {
                arrivals[hour as usize] += 1;
                let leave = counter.visit(&mut rng, arrive as f64);
                stays.push((arrive, leave as u64));
            }
        }
    }
    let present = std::array::from_fn(|hour| {
        let middle = hour as u64 * HOUR_S + HOUR_S / 2;
        if middle >= through {
            return 0;
        }
        stays
            .iter()
            .filter(|(arrive, leave)| *arrive <= middle && middle < *leave)
            .count() as u32
    });
    let mut zones = counter.zone_flows;
    for zone in &mut zones {
        zone.dwell.sort_unstable();
    }
    zones.sort_by_key(|zone| std::cmp::Reverse(zone.visitors()));
    FlowDay {
        day,
        through,
        weekend,
        arrivals,
        present,
        zones,
        heat: counter.heat,
        car_park: counter.car_park,
    }
}

/// What one day's visitors add up to, as they are walked one by one.
struct Counter<'a> {
    venue: &'a Venue,
    settings: &'a FlowSettings,
    through: f64,
    /// Indices into the venue's places.
    entrances: Vec<usize>,
    zones: Vec<usize>,
    /// Running sums of the zones' draw weights.
    cumulative: Vec<f64>,
    zone_flows: Vec<Zone>,
    heat: Vec<Heat>,
    level_of_ordinal: HashMap<i32, usize>,
    car_park: Option<CarPark>,
}

impl<'a> Counter<'a> {
    fn new(venue: &'a Venue, settings: &'a FlowSettings, through: u64) -> Self {
        let places = venue.places();
        let of_kind = |kind: PlaceKind| -> Vec<usize> {
            (0..places.len())
                .filter(|&i| places[i].kind == kind)
                .collect()
        };
        let zones = of_kind(PlaceKind::Occupant);
        // A larger shop draws more visitors, less than in proportion to its floor.
        let mut sum = 0.0;
        let cumulative = zones
            .iter()
            .map(|&i| {
                let area: f64 = places[i].unit.map_or(1.0, |unit| {
                    let shape = &venue.model().units[unit].shape;
                    shape.polygons.iter().map(|p| p.area()).sum()
                });
                sum += area.max(1.0).sqrt();
                sum
            })
            .collect();
        Self {
            venue,
            settings,
            through: through as f64,
            entrances: of_kind(PlaceKind::Entrance),
            zone_flows: zones
                .iter()
                .map(|&place| Zone {
                    place,
                    visits: [0; 24],
                    dwell: Vec::new(),
                })
                .collect(),
            zones,
            cumulative,
            heat: venue
                .levels()
                .iter()
                .enumerate()
                .map(|(i, level)| Heat::over(i, level.outline.bbox))
                .collect(),
            level_of_ordinal: venue
                .levels()
                .iter()
                .enumerate()
                .map(|(i, level)| (level.ordinal, i))
                .collect(),
            car_park: CarPark::of(venue).filter(|_| settings.drive_share > 0.0),
        }
    }

    /// One visitor from arrival to departure; the second they leave.
    fn visit(&mut self, rng: &mut Rng, arrive: f64) -> f64 {
        let [fewest, most] = self.settings.stops;
        let stops = fewest + rng.below((most.saturating_sub(fewest) + 1) as usize) as u32;
        let drives = rng.uniform() < self.settings.drive_share;
        // A full car park sends the driver to park elsewhere and come in by an entrance.
        let slot = match &mut self.car_park {
            Some(park) if drives => park.take(rng, arrive),
            _ => None,
        };
        let car = slot.and_then(|slot| Some(self.car_park.as_ref()?.space(slot)));
        let mut here = car.unwrap_or_else(|| self.entrances[rng.below(self.entrances.len())]);
        let mut t = arrive;
        for _ in 0..stops {
            let zone = self.draw_zone(rng);
            let there = self.zones[zone];
            if there == here {
                continue;
            }
            t = self.walk(here, there, t);
            let dwell = self.settings.dwell_minutes * 60.0 * (DWELL_SIGMA * rng.normal()).exp();
            if t < self.through {
                let flow = &mut self.zone_flows[zone];
                flow.visits[(t as u64 / HOUR_S).min(23) as usize] += 1;
                if t + dwell <= self.through {
                    flow.dwell.push(dwell.round() as u32);
                }
                let place = &self.venue.places()[there];
                let stayed = (dwell.min(self.through - t)) as f32;
                self.heat[place.level].add_stay(place.point, stayed);
            }
            t += dwell;
            here = there;
        }
        let exit = car.unwrap_or_else(|| self.entrances[rng.below(self.entrances.len())]);
        let leave = self.walk(here, exit, t);
        if let (Some(slot), Some(park)) = (slot, &mut self.car_park) {
            park.leave(slot, arrive, leave);
        }
        leave
    }

    fn draw_zone(&self, rng: &mut Rng) -> usize {
        let total = self.cumulative.last().copied().unwrap_or(0.0);
        let at = rng.uniform() * total;
        self.cumulative
            .partition_point(|&sum| sum <= at)
            .min(self.zones.len() - 1)
    }

    /// Walks from one place to another from second `t`, warming the cells it passes before the
    /// counted time ends; the second it arrives. Places no route joins are a step apart.
    fn walk(&mut self, from: usize, to: usize, t: f64) -> f64 {
        let places = self.venue.places();
        let Some(poses) = route_poses(self.venue, &places[from], &places[to]) else {
            return t;
        };
        let walk = TimedPath::new(&poses, PACE);
        let mut s = 0.0;
        while s < walk.seconds() && t + s < self.through {
            let pose = walk.at(s);
            if let Some(&level) = self.level_of_ordinal.get(&pose.level) {
                let at = Point::new(pose.at.x, pose.at.y);
                self.heat[level].add(at, WALK_SAMPLE_S as f32);
            }
            s += WALK_SAMPLE_S;
        }
        t + walk.seconds()
    }
}
