//! The live demo's API: how many requests one client may make, and the live positioning crowd.

use serde::{Deserialize, Serialize};

use super::ConfigError;

/// The live demo's API, `/api/venues/...` (issue #14).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct VenuesConfig {
    pub rate_limit: RequestRate,
    pub live: LiveConfig,
}

/// The live positioning demo (issue #17): the simulated crowd of each venue.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LiveConfig {
    /// Tags per venue; the engine keeps up with 2,000 BLE tags on one core.
    pub tags: u32,
    /// The simulation's seed. Replicas with the same seed stream the same positions.
    pub seed: u64,
}

impl Default for LiveConfig {
    fn default() -> Self {
        Self { tags: 40, seed: 1 }
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
        if !(1..=MAX_LIVE_TAGS).contains(&self.live.tags) {
            return Err(ConfigError(format!(
                "key `venues.live.tags`: must be between 1 and {MAX_LIVE_TAGS}, not {}",
                self.live.tags
            )));
        }
        Ok(())
    }
}
