//! The live engine of one venue: every second, each tag's true pose (the crowd), what its tag
//! measures (the simulator) and what the particle filter makes of it.
//!
//! Replicas agree without talking: every [`EPOCH_S`] seconds a tag's filter is started afresh,
//! [`WARM_S`] seconds before the epoch begins, and fed the scans from then on. Its estimate at any
//! second is therefore a function of the seed and the time alone, and an engine started late
//! catches up by running each tag's filter from that point ([`Engine::catch_up`]): at most
//! `EPOCH_S + WARM_S` seconds of one tag, 45 on average.

use std::sync::Arc;

use site_positioning::coverage::served;
use site_positioning::filter::{Estimate, ParticleFilter};
use site_positioning::radio_map::RadioMap;
use site_positioning::random::key;
use site_positioning::simulate::{Devices, Simulator};
use site_positioning::timed_path::TimedPath;
use site_positioning::{Device, Pose};

use super::crowd::{Crowd, Tag};
use site_venues::{RadioSpace, Venue};

/// Seconds a filter's estimates are shown for. Shorter makes a late start quicker (and the
/// warm-ups dearer: one more filter for `WARM_S` of every `EPOCH_S` seconds).
pub const EPOCH_S: u64 = 60;
/// Seconds an epoch's filter runs before the epoch begins, beside the previous one, so it has
/// settled when its estimates are shown.
pub const WARM_S: u64 = 15;

/// One tag in one second.
#[derive(Debug, Clone, Copy)]
pub struct Fix {
    /// Index into the crowd's tags.
    pub tag: usize,
    /// Unix time.
    pub second: u64,
    pub truth: Pose,
    pub estimate: Option<Estimate>,
    /// The tag's technology can position it here (`coverage::served`).
    pub served: bool,
    /// The tag's SOS button was pressed this second.
    pub sos: bool,
}

/// A filter fed since its epoch's warm-up began.
#[derive(Debug)]
struct EpochFilter {
    epoch: u64,
    filter: ParticleFilter,
}

#[derive(Debug, Default)]
struct TagState {
    trip_path: Option<(u64, TimedPath)>,
    current: Option<EpochFilter>,
    next: Option<EpochFilter>,
}

/// What every tag's computation shares: the venue, its devices and radio map, and the crowd.
/// Immutable once built (the radio map's grids fill in as asked), so the live engine and the
/// track requests share one.
pub struct Simulation {
    venue: Arc<Venue>,
    seed: u64,
    space: RadioSpace,
    devices: Devices,
    map: RadioMap,
    crowd: Crowd,
}

impl Simulation {
    /// About `tags` tags on `venue` with its `devices`.
    pub fn new(venue: Arc<Venue>, devices: Vec<Device>, seed: u64, tags: u32) -> Self {
        let space = RadioSpace::build(venue.model());
        let devices = Devices::new(devices);
        let map = RadioMap::build(&devices, seed);
        let crowd = Crowd::new(&venue, &devices, &space, seed, tags);
        Self {
            venue,
            seed,
            space,
            devices,
            map,
            crowd,
        }
    }

    pub fn venue(&self) -> &Venue {
        &self.venue
    }

    pub fn tags(&self) -> &[Tag] {
        self.crowd.tags()
    }

    /// The first second whose scans tag `index`'s estimate at `second` depends on.
    fn depends_from(&self, index: usize, second: u64) -> u64 {
        let (_, epoch_start) = self.crowd.tags()[index].period_at(second, EPOCH_S);
        epoch_start.saturating_sub(WARM_S).min(second)
    }

    /// Tag `index` every second from `from` to `to` (inclusive): the same fixes the live engine
    /// gave or will give for those seconds, computed again.
    pub fn track(&self, index: usize, from: u64, to: u64) -> Vec<Fix> {
        let mut state = TagState::default();
        for earlier in self.depends_from(index, from)..from {
            self.step_tag(&mut state, index, earlier);
        }
        (from..=to)
            .map(|second| self.step_tag(&mut state, index, second))
            .collect()
    }

    fn step_tag(&self, state: &mut TagState, index: usize, second: u64) -> Fix {
        let tag = &self.crowd.tags()[index];
        let (trip, start) = tag.trip_at(second);
        if state.trip_path.as_ref().is_none_or(|(t, _)| *t != trip) {
            state.trip_path = Some((trip, self.crowd.trip(&self.venue, tag, trip)));
        }
        let truth = state
            .trip_path
            .as_ref()
            .map(|(_, path)| path.at((second - start) as f64))
            .expect("the trip's path was just set");
        let (epoch, epoch_start) = tag.period_at(second, EPOCH_S);
        if state.current.as_ref().is_none_or(|f| f.epoch != epoch) {
            state.current = match state.next.take() {
                Some(next) if next.epoch == epoch => Some(next),
                _ => Some(fresh(self.seed, tag, epoch)),
            };
        }
        if second + WARM_S >= epoch_start + EPOCH_S && state.next.is_none() {
            state.next = Some(fresh(self.seed, tag, epoch + 1));
        }
        let simulator = Simulator::new(&self.devices, &self.space, self.seed);
        let scan = simulator.scan(tag.key, tag.technology, second, truth);
        let filters = [state.current.as_mut(), state.next.as_mut()];
        let mut estimate = None;
        for (i, filter) in filters.into_iter().enumerate() {
            if let Some(filter) = filter {
                let stepped = filter
                    .filter
                    .step(&scan, &self.devices, &self.map, &self.space);
                if i == 0 {
                    estimate = stepped;
                }
            }
        }
        Fix {
            tag: index,
            second,
            truth,
            estimate,
            served: served(tag.technology, &self.devices, &self.space, truth),
            sos: self.crowd.sos(tag, second),
        }
    }
}

/// The live engine: every tag's filters, stepped once a second.
pub struct Engine {
    simulation: Arc<Simulation>,
    states: Vec<TagState>,
}

impl Engine {
    pub fn new(simulation: Arc<Simulation>) -> Self {
        let states = simulation
            .tags()
            .iter()
            .map(|_| TagState::default())
            .collect();
        Self { simulation, states }
    }

    pub fn simulation(&self) -> &Simulation {
        &self.simulation
    }

    /// Feeds every tag's filters the seconds before `second` that its estimate at `second`
    /// depends on. Call once, before the first [`Engine::step`].
    pub fn catch_up(&mut self, second: u64) {
        self.catch_up_on(second, 1);
    }

    /// [`Engine::catch_up`] on `threads` threads, the tags shared out among them: each tag's
    /// filters depend on its own seconds only, so the estimates are the same whatever the
    /// number. The first viewer of a cold venue waits for this.
    pub fn catch_up_on(&mut self, second: u64, threads: usize) {
        let simulation = &self.simulation;
        // Dealt round like cards: tags of one technology sit together, and cost alike.
        let threads = threads.clamp(1, self.states.len().max(1));
        let mut shares: Vec<Vec<(usize, &mut TagState)>> =
            (0..threads).map(|_| Vec::new()).collect();
        for (index, state) in self.states.iter_mut().enumerate() {
            shares[index % threads].push((index, state));
        }
        let catch_up = |share: Vec<(usize, &mut TagState)>| {
            for (index, state) in share {
                for earlier in simulation.depends_from(index, second)..second {
                    simulation.step_tag(state, index, earlier);
                }
            }
        };
        std::thread::scope(|scope| {
            let mut shares = shares.into_iter();
            // The calling thread takes the first share itself.
            let own = shares.next();
            for share in shares {
                scope.spawn(move || catch_up(share));
            }
            if let Some(share) = own {
                catch_up(share);
            }
        });
    }

    /// Every tag at `second` (unix time), after the seconds before it.
    pub fn step(&mut self, second: u64) -> Vec<Fix> {
        let simulation = &self.simulation;
        self.states
            .iter_mut()
            .enumerate()
            .map(|(index, state)| simulation.step_tag(state, index, second))
            .collect()
    }
}

/// A filter for `tag`'s epoch `epoch`, with no belief yet.
fn fresh(seed: u64, tag: &Tag, epoch: u64) -> EpochFilter {
    EpochFilter {
        epoch,
        filter: ParticleFilter::new(tag.technology, key(&[seed, tag.key, epoch])),
    }
}
