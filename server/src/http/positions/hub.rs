//! One engine thread per venue that someone is watching: it steps the venue's crowd once a
//! second, encodes the frame once for every view (level, truth on or off) and hands the bytes to
//! every subscriber through a broadcast channel. The last [`RECENT`] frames are kept for clients
//! that reconnect with `Last-Event-ID`. A venue nobody has watched for [`IDLE_S`] seconds stops.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use bytes::Bytes;
use tokio::sync::broadcast;

use super::encode::{View, encode_frame};
use super::flow::FlowCache;
use super::tracks::tag_id;
use crate::config::LiveConfig;
use crate::tracking::engine::{Engine, Simulation};
use crate::tracking::fences::{VenueFence, venue_fences};
use crate::tracking::rolling::{Figures, RollingAccuracy};
use crate::venues::{Venue, read_devices};

/// Frames kept for a reconnecting client: a minute.
pub(super) const RECENT: usize = 60;
/// Seconds without a subscriber before a venue's engine stops.
const IDLE_S: u32 = 60;
/// How much lower than page serving the engine threads run (Linux nice value): the lowest, so
/// that on a busy core a page never waits for an engine. On cores saturated by pages an engine
/// falls behind, sends its seconds late and catches up when the load passes. Beside pages that
/// leave a core free, what an engine costs them is its CPU time, whatever its priority
/// (`bench/live.sh` prints both sides' cores).
const ENGINE_NICENESS: i32 = 19;
/// Seconds between two computations of the accuracy figures.
const FIGURES_EVERY_S: u64 = 10;
/// How long a tag stays in one of the venue's fences before a dwell alert: a minute, as for the
/// fences visitors draw, so one shows while they watch (a deployment sets it per fence).
const VENUE_FENCE_DWELL_S: u64 = 60;

/// One second of a venue, encoded for every view.
pub(super) struct Frame {
    pub(super) second: u64,
    views: HashMap<View, Bytes>,
    /// Every estimate of the second, (tag id, level ordinal, local point), for fences.
    pub(super) estimates: Vec<(String, i32, site_positioning::Point)>,
}

impl Frame {
    /// The event of `view`; a level nobody is on has an empty list.
    pub(super) fn view(&self, view: &View) -> Option<Bytes> {
        self.views.get(view).cloned()
    }
}

struct Channel {
    sender: broadcast::Sender<Arc<Frame>>,
    recent: Mutex<VecDeque<Arc<Frame>>>,
}

/// Subscribers of one venue: the frames kept, then the live ones.
pub(super) struct Subscription {
    pub(super) recent: Vec<Arc<Frame>>,
    pub(super) live: broadcast::Receiver<Arc<Frame>>,
}

/// Why a venue cannot be watched.
#[derive(Debug)]
pub(super) enum Unavailable {
    /// The venue has no positioning devices, or they did not load (logged).
    NoDevices,
}

pub(crate) struct PositionHub {
    settings: LiveConfig,
    channels: Mutex<HashMap<String, Arc<Channel>>>,
    /// One per venue asked about, kept for the process: the live engine and the track requests
    /// share it.
    simulations: Mutex<HashMap<String, Arc<Simulation>>>,
    flows: FlowCache,
}

impl PositionHub {
    pub(crate) fn new(settings: LiveConfig) -> Self {
        Self {
            settings,
            channels: Mutex::default(),
            simulations: Mutex::default(),
            flows: FlowCache::default(),
        }
    }

    /// The seed every simulation of this server draws from.
    pub(super) fn seed(&self) -> u64 {
        self.settings.seed
    }

    pub(super) fn flows(&self) -> &FlowCache {
        &self.flows
    }

    /// The simulation of venue `id`, built the first time (or again when the venue was
    /// reloaded).
    pub(super) fn simulation(
        &self,
        id: &str,
        venue: Arc<Venue>,
        devices_dir: Option<&std::path::Path>,
    ) -> Result<Arc<Simulation>, Unavailable> {
        let mut simulations = self.simulations.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(simulation) = simulations.get(id)
            && std::ptr::eq(simulation.venue(), venue.as_ref())
        {
            return Ok(simulation.clone());
        }
        let devices_dir = devices_dir.ok_or(Unavailable::NoDevices)?;
        let devices = read_devices(devices_dir, venue.model()).map_err(|error| {
            tracing::error!(%error, venue = id, "the positioning devices did not load");
            Unavailable::NoDevices
        })?;
        if devices.is_empty() {
            return Err(Unavailable::NoDevices);
        }
        let simulation = Arc::new(Simulation::new(
            venue,
            devices,
            self.settings.seed,
            self.settings.tags,
        ));
        simulations.insert(id.to_owned(), simulation.clone());
        Ok(simulation)
    }

    /// Subscribes to `id`'s frames, starting its engine when nobody watches it yet.
    pub(super) fn subscribe(
        self: &Arc<Self>,
        id: &str,
        venue: Arc<Venue>,
        devices_dir: Option<&std::path::Path>,
    ) -> Result<Subscription, Unavailable> {
        let mut channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(channel) = channels.get(id) {
            let live = channel.sender.subscribe();
            let recent = channel
                .recent
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .iter()
                .cloned()
                .collect();
            return Ok(Subscription { recent, live });
        }
        let simulation = self.simulation(id, venue, devices_dir)?;
        let (sender, live) = broadcast::channel(8);
        let channel = Arc::new(Channel {
            sender,
            recent: Mutex::default(),
        });
        channels.insert(id.to_owned(), channel.clone());
        let (hub, id_owned) = (self.clone(), id.to_owned());
        let spawned = std::thread::Builder::new()
            .name(format!("positions-{id}"))
            .spawn(move || hub.run(&id_owned, &channel, simulation));
        if let Err(error) = spawned {
            channels.remove(id);
            tracing::error!(%error, venue = id, "cannot start the positioning thread");
            return Err(Unavailable::NoDevices);
        }
        Ok(Subscription {
            recent: Vec::new(),
            live,
        })
    }

    fn run(&self, id: &str, channel: &Channel, simulation: Arc<Simulation>) {
        crate::thread_priority::lower(ENGINE_NICENESS, "a live positioning thread");
        let started = std::time::Instant::now();
        let mut engine = Engine::new(simulation);
        let mut second = unix_now();
        engine.catch_up(second);
        // Catching up took seconds of its own: step through them unsent, to send in time.
        while unix_now() > second {
            engine.step(second);
            second += 1;
        }
        tracing::info!(
            venue = id,
            tags = engine.simulation().tags().len(),
            millis = started.elapsed().as_millis() as u64,
            "live positioning started"
        );
        // The venue's own fences, watched for every viewer; their alerts go out with the SOS
        // presses. A replica started while a tag stands in one reports its entering then.
        let mut fences = venue_fences(engine.simulation().venue(), VENUE_FENCE_DWELL_S);
        let mut accuracy = RollingAccuracy::default();
        let mut figures: Vec<Figures> = Vec::new();
        let mut idle = 0;
        loop {
            let fixes = engine.step(second);
            let simulation = engine.simulation();
            accuracy.add(second, &fixes, |fix| simulation.tags()[fix.tag].technology);
            if second.is_multiple_of(FIGURES_EVERY_S) || figures.is_empty() {
                figures = accuracy.figures();
            }
            let estimates: Vec<(String, i32, site_positioning::Point)> = fixes
                .iter()
                .filter_map(|fix| {
                    let estimate = fix.estimate?;
                    let tag = tag_id(&simulation.tags()[fix.tag]);
                    Some((tag, estimate.pose.level, estimate.pose.at))
                })
                .collect();
            let fence_alerts = fences
                .iter_mut()
                .flat_map(|VenueFence { name, fence }| {
                    let seen = estimates.iter().map(|(t, l, p)| (t.as_str(), *l, *p));
                    let level = fence.level();
                    let events = fence.update(second, seen);
                    events
                        .into_iter()
                        .map(move |event| (name.clone(), level, event))
                })
                .collect::<Vec<_>>();
            let frame = Arc::new(Frame {
                second,
                views: encode_frame(simulation, second, &fixes, &figures, &fence_alerts),
                estimates,
            });
            {
                let mut recent = channel.recent.lock().unwrap_or_else(|e| e.into_inner());
                if recent.len() == RECENT {
                    recent.pop_front();
                }
                recent.push_back(frame.clone());
            }
            let _ = channel.sender.send(frame);
            idle = if channel.sender.receiver_count() == 0 {
                idle + 1
            } else {
                0
            };
            if idle >= IDLE_S {
                // Under the lock a new subscriber either found this channel before (and counts)
                // or finds none after and starts a new engine.
                let mut channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
                if channel.sender.receiver_count() == 0 {
                    channels.remove(id);
                    tracing::info!(venue = id, "live positioning stopped: nobody watches");
                    return;
                }
                idle = 0;
            }
            second += 1;
            sleep_until(second);
        }
    }
}

pub(super) fn unix_now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// Sleeps until the unix second `second` begins (at once when it has).
fn sleep_until(second: u64) {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    if let Some(wait) = Duration::from_secs(second).checked_sub(now) {
        std::thread::sleep(wait);
    }
}
