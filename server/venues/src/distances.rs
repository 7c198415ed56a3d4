//! Walking distances from one place to every place of the venue (one Dijkstra), for ranking
//! search results by distance from `near`.

use std::sync::{Arc, Mutex, PoisonError};

use super::costs::walk_s;
use super::location_text::Field;
use super::resolve_location::Located;
use super::shortest::from_everywhere;
use super::venue::Venue;

impl Venue {
    /// How far by the time-optimal route from `from` to every place of [`Venue::places`] (same order),
    /// `None` where no route reaches it: one Dijkstra, for ranking search results by how far
    /// they are from `near`.
    pub fn distances_to_places(
        &self,
        from: &Located,
        accessible: bool,
    ) -> Vec<Option<PlaceDistance>> {
        let Ok(start) = self.endpoint(from, Field::Near) else {
            return vec![None; self.places.len()];
        };
        let (time, metres) = from_everywhere(&self.graph, &start, accessible);
        self.place_access
            .iter()
            .enumerate()
            .map(|(i, accesses)| {
                if from.place == Some(i) {
                    return Some(PlaceDistance {
                        seconds: 0.0,
                        metres: 0.0,
                    });
                }
                // (time, metres) of the best way found so far.
                let mut best = (f64::INFINITY, f64::INFINITY);
                for spec in accesses {
                    let portal = &self.portals[spec.portal as usize];
                    for link in portal.links(&self.graph) {
                        let n = link.node as usize;
                        let t = time[n] + walk_s(link.metres + spec.metres);
                        if t < best.0 {
                            best = (t, metres[n] + link.metres + spec.metres);
                        }
                    }
                    for a in &start.accesses {
                        let (pa, pb) = (a.portal.point, portal.point);
                        let m = a.metres + pa.distance(pb) + spec.metres;
                        if a.portal.level == portal.level
                            && walk_s(m) < best.0
                            && self.spaces[portal.level].clear(pa, pb)
                        {
                            best = (walk_s(m), m);
                        }
                    }
                }
                best.0.is_finite().then(|| PlaceDistance {
                    seconds: best.0,
                    metres: (best.1 * 10.0).round() / 10.0,
                })
            })
            .collect()
    }

    /// Walked metres along the time-optimal route to every place (see [`Venue::distances_to_places`]).
    pub fn walking_distances(&self, from: &Located, accessible: bool) -> Vec<Option<f64>> {
        self.distances_to_places(from, accessible)
            .into_iter()
            .map(|distance| distance.map(|d| d.metres))
            .collect()
    }
}

/// How far a place is: the time of the best route there (rides included) and the metres walked
/// on it. A restroom one floor down by stairs may be fewer metres away than one on this floor,
/// yet further in time; the time says which is nearer.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlaceDistance {
    pub seconds: f64,
    pub metres: f64,
}

/// How many `near` points keep their distances: a visitor's search as they type asks again and
/// again from the same place (their start, the guide screen they stand at).
const NEAR_CACHE: usize = 16;

/// The distances from the most recently asked `near` points, newest first.
#[derive(Debug, Default)]
pub(super) struct NearDistances {
    recent: Mutex<Vec<(NearKey, PlaceDistances)>>,
}

/// Per place of [`Venue::places`], the distance there, shared by the requests that asked.
type PlaceDistances = Arc<[Option<PlaceDistance>]>;

/// A resolved `near`: its level and point, exactly.
type NearKey = (usize, u64, u64);

impl Venue {
    /// [`Venue::distances_to_places`] on foot (not the accessible mode), kept for the last
    /// [`NEAR_CACHE`] places asked.
    pub(super) fn distances_from_near(&self, from: &Located) -> PlaceDistances {
        let key = (from.level, from.point.x.to_bits(), from.point.y.to_bits());
        let cache = &self.near_distances.recent;
        {
            let mut recent = cache.lock().unwrap_or_else(PoisonError::into_inner);
            if let Some(at) = recent.iter().position(|(k, _)| *k == key) {
                let entry = recent.remove(at);
                let distances = Arc::clone(&entry.1);
                recent.insert(0, entry);
                return distances;
            }
        }
        // Computed outside the lock: another request may do the same meanwhile, which costs
        // time once, not correctness.
        let distances: PlaceDistances = self.distances_to_places(from, false).into();
        let mut recent = cache.lock().unwrap_or_else(PoisonError::into_inner);
        recent.retain(|(k, _)| *k != key);
        recent.insert(0, (key, Arc::clone(&distances)));
        recent.truncate(NEAR_CACHE);
        distances
    }
}
