//! Walking distances from one place to every place of the venue (one Dijkstra), for ranking
//! search results by distance from `near`.

use super::costs::walk_s;
use super::locate::Located;
use super::locations::Field;
use super::shortest::from_everywhere;
use super::venue::Venue;

impl Venue {
    /// The time-optimal walk from `from` to every place of [`Venue::places`] (same order),
    /// `None` where no route reaches it: one Dijkstra, for ranking search results by how far
    /// they are from `near`.
    pub fn walks_to_places(&self, from: &Located, accessible: bool) -> Vec<Option<Walk>> {
        let Ok(start) = self.endpoint(from, Field::Near) else {
            return vec![None; self.places.len()];
        };
        let (time, metres) = from_everywhere(&self.graph, &start, accessible);
        self.place_access
            .iter()
            .enumerate()
            .map(|(i, accesses)| {
                if from.place == Some(i) {
                    return Some(Walk {
                        seconds: 0.0,
                        metres: 0.0,
                    });
                }
                // (time, metres) of the best way found so far.
                let mut best = (f64::INFINITY, f64::INFINITY);
                for spec in accesses {
                    let portal = &self.portals[spec.portal as usize];
                    for link in &portal.links {
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
                best.0.is_finite().then(|| Walk {
                    seconds: best.0,
                    metres: (best.1 * 10.0).round() / 10.0,
                })
            })
            .collect()
    }

    /// Walked metres along the time-optimal route to every place (see [`Venue::walks_to_places`]).
    pub fn walking_distances(&self, from: &Located, accessible: bool) -> Vec<Option<f64>> {
        self.walks_to_places(from, accessible)
            .into_iter()
            .map(|walk| walk.map(|walk| walk.metres))
            .collect()
    }
}

/// How far a place is: the time of the best route there (rides included) and the metres walked
/// on it. A restroom one floor down by stairs may be fewer metres away than one on this floor,
/// yet further in time; the time says which is nearer.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Walk {
    pub seconds: f64,
    pub metres: f64,
}
