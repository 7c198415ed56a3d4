//! One engine thread per venue that someone is watching: it steps the venue's crowd once a
//! second, has the second encoded once (by the server, for every view it serves: [`Encode`]) and
//! hands it to every subscriber through a broadcast channel. The last [`RECENT`] frames are kept for clients
//! that reconnect with `Last-Event-ID`. A venue nobody has watched for [`IDLE_S`] seconds stops.
//!
//! An engine runs one version of its venue. When a reload changes the venue, the engine is
//! retired: it stops, its channel closes, and its streams end, telling their clients to
//! reconnect, which starts an engine on the new version. An engine thread that panics starts
//! again on the same channel: its streams miss the seconds of the restart and go on.

use std::collections::{HashMap, VecDeque};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use site_venues::{Name, Venue, Venues, read_devices};
use tokio::sync::broadcast;

use crate::engine::{Engine, Fix, Simulation};
use crate::fences::{FenceEvent, VenueFence, venue_fences};
use crate::rolling::{Figures, RollingAccuracy};

/// Frames kept for a reconnecting client: a minute.
pub const RECENT: usize = 60;
/// Seconds without a subscriber before a venue's engine stops.
const IDLE_S: u32 = 60;
/// Threads a cold engine catches up on: its own and one more, the machine's two cores.
const CATCH_UP_THREADS: usize = 2;
/// Seconds between two computations of the accuracy figures.
const FIGURES_EVERY_S: u64 = 10;
/// How long a tag stays in one of the venue's fences before a dwell alert: a minute, as for the
/// fences visitors draw, so one shows while they watch (a deployment sets it per fence).
const VENUE_FENCE_DWELL_S: u64 = 60;
/// Panics of one engine within [`PANIC_WINDOW`] before it is given up (its streams then end and
/// their clients reconnect, which starts it afresh): a bug that fires every second must not
/// spin a core.
const MAX_PANICS: usize = 3;
const PANIC_WINDOW: Duration = Duration::from_secs(60);

/// What the engine computed in one second of a venue, for the server to encode.
pub struct Second<'a> {
    pub simulation: &'a Simulation,
    pub second: u64,
    pub fixes: &'a [Fix],
    /// The rolling accuracy, by technology.
    pub figures: &'a [Figures],
    /// The events of the venue's own fences: (fence name, level ordinal, event).
    pub fence_alerts: &'a [(Name, i32, FenceEvent)],
}

/// What the server makes of a second for its viewers, once, on the engine thread (its events,
/// one per view it serves).
pub type Encode<E> = fn(&Second<'_>) -> E;

/// One second of a venue: as the server encoded it, and its estimates.
pub struct Frame<E> {
    pub second: u64,
    pub encoded: E,
    /// Every estimate of the second, (tag id, level ordinal, local point), for fences.
    pub estimates: Vec<(String, i32, site_positioning::Point)>,
}

/// What the engines need of the server's configuration.
#[derive(Debug, Clone, Copy)]
pub struct HubSettings {
    /// Tags per venue.
    pub tags: u32,
    /// The simulation's seed. Replicas with the same seed compute the same positions.
    pub seed: u64,
    /// What an engine thread does once its catch-up is done: the server lowers its priority
    /// below page serving (see there).
    pub after_catch_up: fn(),
}

struct Channel<E> {
    /// The version of the venue the engine runs.
    version: u64,
    sender: broadcast::Sender<Arc<Frame<E>>>,
    recent: Mutex<VecDeque<Arc<Frame<E>>>>,
    /// Set when the venue changed: the engine stops at its next second.
    retired: AtomicBool,
    /// A test's request that the engine panic at its next second.
    panic_next: AtomicBool,
}

/// Subscribers of one venue: the frames kept, then the live ones.
pub struct Subscription<E> {
    pub recent: Vec<Arc<Frame<E>>>,
    pub live: broadcast::Receiver<Arc<Frame<E>>>,
}

/// Why a venue cannot be watched.
#[derive(Debug)]
pub enum Unavailable {
    /// The venue has no positioning devices, or they did not load (logged).
    NoDevices,
}

/// The live engines of every venue watched, and the simulations they and the track requests
/// share. `E` is a second as the server encoded it.
pub struct Hub<E> {
    settings: HubSettings,
    encode: Encode<E>,
    channels: Mutex<HashMap<String, Arc<Channel<E>>>>,
    /// One per venue asked about, with the venue version it was built for: the live engine and
    /// the track requests share it.
    simulations: Mutex<HashMap<String, (u64, Arc<Simulation>)>>,
}

impl<E: Send + Sync + 'static> Hub<E> {
    pub fn new(settings: HubSettings, encode: Encode<E>) -> Self {
        Self {
            settings,
            encode,
            channels: Mutex::default(),
            simulations: Mutex::default(),
        }
    }

    /// The seed every simulation of this server draws from.
    pub fn seed(&self) -> u64 {
        self.settings.seed
    }

    /// Live engines running now.
    pub fn engines(&self) -> usize {
        self.channels
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .len()
    }

    /// The simulation of venue `id` in `version`, built the first time (or again when the
    /// venue changed).
    pub fn simulation(
        &self,
        id: &str,
        version: u64,
        venue: Arc<Venue>,
        devices_dir: Option<&std::path::Path>,
    ) -> Result<Arc<Simulation>, Unavailable> {
        let mut simulations = self.simulations.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((built_for, simulation)) = simulations.get(id)
            && *built_for == version
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
        simulations.insert(id.to_owned(), (version, simulation.clone()));
        Ok(simulation)
    }

    /// Subscribes to `id`'s frames in `version`, starting its engine when nobody watches it
    /// yet; an engine of another version is retired first.
    pub fn subscribe(
        self: &Arc<Self>,
        id: &str,
        version: u64,
        venue: Arc<Venue>,
        devices_dir: Option<&std::path::Path>,
    ) -> Result<Subscription<E>, Unavailable> {
        let mut channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(channel) = channels.get(id) {
            if channel.version == version {
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
            channel.retired.store(true, Ordering::Release);
            channels.remove(id);
        }
        let simulation = self.simulation(id, version, venue, devices_dir)?;
        let (sender, live) = broadcast::channel(8);
        let channel = Arc::new(Channel {
            version,
            sender,
            recent: Mutex::default(),
            retired: AtomicBool::new(false),
            panic_next: AtomicBool::new(false),
        });
        channels.insert(id.to_owned(), channel.clone());
        let (hub, id_owned) = (self.clone(), id.to_owned());
        let spawned = std::thread::Builder::new()
            .name(format!("positions-{id}"))
            .spawn(move || hub.supervise(&id_owned, &channel, &simulation));
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

    /// Retires the engines whose venue changed or went in `venues` (a reload): they stop
    /// within a second and their streams tell their clients to reconnect. Simulations of
    /// old versions are dropped with them.
    pub fn retire_changed(&self, venues: &Venues) {
        let mut channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
        channels.retain(|id, channel| {
            let current = venues.version(id) == Some(channel.version);
            if !current {
                tracing::info!(
                    venue = id,
                    "the venue changed: its live engine stops and its viewers reconnect"
                );
                channel.retired.store(true, Ordering::Release);
            }
            current
        });
        let mut simulations = self.simulations.lock().unwrap_or_else(|e| e.into_inner());
        simulations.retain(|id, (version, _)| venues.version(id) == Some(*version));
    }

    /// For tests: the engine of venue `id` panics at its next second, as a bug would make it.
    /// False when no engine of that venue runs.
    pub fn panic_engine(&self, id: &str) -> bool {
        let channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
        channels.get(id).is_some_and(|channel| {
            channel.panic_next.store(true, Ordering::Release);
            true
        })
    }

    /// Runs the engine, and again after a panic, until it stops: idle, retired, or panicking
    /// too often. Its channel (and so every stream) lives as long as this.
    fn supervise(&self, id: &str, channel: &Arc<Channel<E>>, simulation: &Arc<Simulation>) {
        let mut panics: VecDeque<Instant> = VecDeque::new();
        loop {
            let run = catch_unwind(AssertUnwindSafe(|| self.run(id, channel, simulation)));
            if run.is_ok() {
                return;
            }
            let now = Instant::now();
            panics.retain(|at| now.duration_since(*at) < PANIC_WINDOW);
            panics.push_back(now);
            if panics.len() >= MAX_PANICS {
                tracing::error!(
                    venue = id,
                    panics = panics.len(),
                    "the live engine keeps panicking: given up; its viewers reconnect"
                );
                self.forget(id, channel);
                return;
            }
            tracing::error!(
                venue = id,
                "the live engine panicked: starting it again; its viewers stay connected"
            );
        }
    }

    /// Removes `channel` from the table, unless another has taken its place.
    fn forget(&self, id: &str, channel: &Arc<Channel<E>>) {
        let mut channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
        if channels.get(id).is_some_and(|c| Arc::ptr_eq(c, channel)) {
            channels.remove(id);
        }
    }

    fn run(&self, id: &str, channel: &Arc<Channel<E>>, simulation: &Arc<Simulation>) {
        let started = std::time::Instant::now();
        let mut engine = Engine::new(simulation.clone());
        let mut second = unix_now();
        engine.catch_up_on(second, CATCH_UP_THREADS);
        // Catching up took time of its own: step through the seconds it took, unsent.
        while unix_now() > second {
            engine.step(second);
            second += 1;
        }
        (self.settings.after_catch_up)();
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
            if channel.retired.load(Ordering::Acquire) {
                tracing::info!(venue = id, "live positioning stopped: the venue changed");
                return;
            }
            if channel.panic_next.swap(false, Ordering::AcqRel) {
                panic!("a test asked the live engine of {id} to panic");
            }
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
                    let tag = simulation.tags()[fix.tag].id();
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
            let encoded = (self.encode)(&Second {
                simulation,
                second,
                fixes: &fixes,
                figures: &figures,
                fence_alerts: &fence_alerts,
            });
            let frame = Arc::new(Frame {
                second,
                encoded,
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
                    if channels.get(id).is_some_and(|c| Arc::ptr_eq(c, channel)) {
                        channels.remove(id);
                    }
                    channel.retired.store(true, Ordering::Release);
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

/// The unix second now.
pub fn unix_now() -> u64 {
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
