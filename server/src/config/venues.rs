//! The live demo's API: how many requests one client may make, what it may make the server
//! compute, which other sites' pages may call it, and the live positioning crowd and streams.

use serde::{Deserialize, Serialize};

use super::{ConfigError, require_positive};

/// The live demo's API, `/api/venues/...` (issue #14).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct VenuesConfig {
    pub rate_limit: RequestRate,
    pub compute: ComputeConfig,
    pub live: LiveConfig,
    pub planning: PlanningConfig,
    /// Origins (`https://partner.example.com`) whose pages may call the API from the
    /// visitor's browser, e.g. a partner embedding the demo. Every other site's page is refused
    /// (403) on the computed answers and the stream; the site's own origins always may.
    pub embed_origins: Vec<String>,
}

/// The live positioning demo (issue #17): the simulated crowd of each venue.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LiveConfig {
    /// Tags per venue; the engine keeps up with 2,000 BLE tags on one core.
    pub tags: u32,
    /// The simulation's seed. Replicas with the same seed stream the same positions.
    pub seed: u64,
    /// Live streams open at once, in all; more are refused (503).
    pub max_streams: u64,
    /// Live streams open at once from one client address (IPv6: one /64); more are refused
    /// (429). A visitor has one per open demo. 0: no cap per client (benchmarks from one
    /// address).
    pub max_streams_per_client: u64,
    /// Seconds a stream lasts at most; then it ends and the browser reconnects, with the
    /// seconds it missed (a tenth of it is random, so streams opened together end apart).
    pub stream_lifetime_secs: u64,
    /// Seconds a stream may go without sending anything before it sends a comment line, so
    /// proxies and clients see it alive.
    pub heartbeat_secs: u64,
}

impl Default for LiveConfig {
    fn default() -> Self {
        Self {
            tags: 40,
            seed: 1,
            max_streams: 2_000,
            max_streams_per_client: 16,
            stream_lifetime_secs: 1_800,
            heartbeat_secs: 10,
        }
    }
}

/// What clients may make the server compute (the cost model of issue #30): every computed
/// answer is charged to its client's budget in milliseconds of CPU, and the long ones (tracks,
/// flow days) run on `workers` background threads, one at a time per client, with at most
/// `queue` waiting.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ComputeConfig {
    /// CPU milliseconds per second one client may spend on computed answers, sustained; 0
    /// turns the budget off (for benchmarks).
    pub per_second_ms: u32,
    /// CPU milliseconds one client may spend at once. An answer estimated above it is let
    /// through with a full budget, which it then empties: a client can always ask for an hour
    /// of track, then waits.
    pub burst_ms: u32,
    /// Threads computing the long answers, at low priority; 0: one fewer than the cores (at
    /// least one), so page serving always keeps a core.
    pub workers: usize,
    /// Long computations waiting for a thread; more are refused at once (503).
    pub queue: usize,
    /// Memory kept for computed answers that are functions of their inputs (tracks of a
    /// closed span, days of flow, hand-over codes), MiB: three quarters for the answers, a
    /// quarter for the flow days they are made from. 8 MiB holds some fifty hour-long tracks.
    pub cache_mib: u32,
}

impl Default for ComputeConfig {
    fn default() -> Self {
        Self {
            // Ten seconds at once, a twentieth of a core after: a visitor of the flow analytics
            // asks for today and yesterday of the mall at once (two or three seconds each on a
            // weekend), then a day or a replay now and then; one address cannot hold a core
            // for long. On this 2-core machine a busy background thread, whatever its
            // priority, costs the pages a twentieth to a fifth of their throughput while it
            // runs (bench/abuse.sh).
            per_second_ms: 50,
            burst_ms: 10_000,
            workers: 0,
            queue: 8,
            cache_mib: 8,
        }
    }
}

impl ComputeConfig {
    /// The threads computing long answers on a machine of `cores` cores.
    pub fn workers_for(&self, cores: usize) -> usize {
        match self.workers {
            0 => cores.saturating_sub(1).max(1),
            workers => workers,
        }
    }
}

/// Device planning (issue #33): plans and their accuracy lab are jobs of seconds (the demo mall
/// about ten), run one after another on their own low-priority threads.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PlanningConfig {
    /// Threads running plans, in the idle scheduling class.
    pub workers: usize,
    /// Plans that may wait for a thread, each shown its place in the queue; more are refused
    /// at once (503). One client has one plan waiting or running at a time.
    pub queue: usize,
    /// Finished plans kept, by venue version and request: asking again costs nothing.
    pub kept: usize,
    /// CPU seconds of plans one client may spend in an hour (refilled evenly); a plan that
    /// would start past it is refused (429). 0 turns the budget off (for benchmarks).
    pub cpu_secs_per_hour: u32,
}

impl Default for PlanningConfig {
    fn default() -> Self {
        Self {
            workers: 1,
            queue: 6,
            kept: 64,
            // Six plans of the demo mall an hour, thirty of a hospital's size.
            cpu_secs_per_hour: 60,
        }
    }
}

/// The most tags a venue may be given.
const MAX_LIVE_TAGS: u32 = 5_000;

/// A per-client budget of requests: `burst` at once, refilled at `per_second`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RequestRate {
    /// Requests per second one client may sustain; 0 turns the limit off (for benchmarks).
    pub per_second: u32,
    /// Requests one client may make at once: a viewer opening a venue asks for several
    /// files, then searches as the visitor types.
    pub burst: u32,
}

impl Default for RequestRate {
    fn default() -> Self {
        Self {
            per_second: 20,
            burst: 200,
        }
    }
}

impl VenuesConfig {
    pub(super) fn validate(&self) -> Result<(), ConfigError> {
        let rate = &self.rate_limit;
        if rate.per_second > 0 && rate.burst == 0 {
            return Err(ConfigError(
                "key `venues.rate_limit.burst`: must be at least 1 while `venues.rate_limit.per_second` is above 0"
                    .to_owned(),
            ));
        }
        let live = &self.live;
        require_positive("venues.live.max_streams", live.max_streams)?;
        require_positive(
            "venues.live.stream_lifetime_secs",
            live.stream_lifetime_secs,
        )?;
        if !(1..=15).contains(&live.heartbeat_secs) {
            return Err(ConfigError(format!(
                "key `venues.live.heartbeat_secs`: must be between 1 and 15, not {}",
                live.heartbeat_secs
            )));
        }
        let compute = &self.compute;
        require_positive("venues.compute.queue", compute.queue as u64)?;
        if compute.per_second_ms > 0 && compute.burst_ms == 0 {
            return Err(ConfigError(
                "key `venues.compute.burst_ms`: must be at least 1 while `venues.compute.per_second_ms` is above 0"
                    .to_owned(),
            ));
        }
        require_positive("venues.planning.workers", self.planning.workers as u64)?;
        require_positive("venues.planning.kept", self.planning.kept as u64)?;
        for origin in &self.embed_origins {
            let parsed = url::Url::parse(origin).ok().filter(|url| {
                matches!(url.scheme(), "http" | "https")
                    && url.host_str().is_some()
                    && url.path() == "/"
                    && url.query().is_none()
            });
            if parsed.is_none() {
                return Err(ConfigError(format!(
                    "key `venues.embed_origins`: {origin:?} is not an origin such as \"https://partner.example.com\""
                )));
            }
        }
        if !(1..=MAX_LIVE_TAGS).contains(&self.live.tags) {
            return Err(ConfigError(format!(
                "key `venues.live.tags`: must be between 1 and {MAX_LIVE_TAGS}, not {}",
                self.live.tags
            )));
        }
        Ok(())
    }
}
