//! The live demo's crowd: tags that walk a venue for ever, as a pure function of the seed and the
//! time. Each tag's day is cut into trips of [`TRIP_S`] seconds (staggered per tag): in trip `k`
//! it walks from its `k`-th place to its `k+1`-th along the venue's routes and stays there until
//! the trip ends. The places are keyed draws, so any replica, started at any time, knows where
//! every tag is at every second without having seen the seconds before.

use site_positioning::coverage::served;
use site_positioning::random::{Rng, key};
use site_positioning::simulate::Devices;
use site_positioning::timed_path::{LEVEL_CHANGE_S, TimedPath};
use site_positioning::{Point as EnginePoint, Pose, Technology};

use super::walkers::{PACE, route_poses};
use site_venues::{RadioSpace, Venue};

/// Seconds of one trip: the walk and the stay after it.
pub const TRIP_S: u64 = 240;
/// The shortest stay at the end of a trip; a longer walk is walked faster to leave it.
const LEAST_STAY_S: f64 = 30.0;
/// Share of the tags of each technology, where the venue has its devices: visitors' phones and
/// badges (BLE), staff badges (AoA), carts and equipment (UWB).
const SHARES: [(Technology, f64); 3] = [
    (Technology::Ble, 0.7),
    (Technology::Aoa, 0.15),
    (Technology::Uwb, 0.15),
];

/// Purposes of the crowd's keyed draws.
const PLACE: u64 = 0x706c_6163;
const OFFSET: u64 = 0x6f66_6673;
const SOS: u64 = 0x736f_7321;
/// A badge's SOS button is pressed about once in this many minutes (a demo's rate, so a visitor
/// sees one within a minute or two on a venue of forty tags).
const SOS_EVERY_MINUTES: u64 = 40;

/// One tag of the crowd.
#[derive(Debug, Clone)]
pub struct Tag {
    /// 1-based within its technology, for names such as "BLE-07".
    pub number: u32,
    pub technology: Technology,
    /// The key of its draws (signals, places, filter).
    pub key: u64,
    /// Seconds its trips are shifted by, so the tags do not all set off together.
    offset: u64,
}

impl Tag {
    /// Its id in the live stream and the URLs: its technology and number, "BLE-07".
    pub fn id(&self) -> String {
        format!(
            "{}-{:02}",
            self.technology.name().to_uppercase(),
            self.number
        )
    }

    /// The trip under way at `second` (unix time) and the second it began.
    pub fn trip_at(&self, second: u64) -> (u64, u64) {
        self.period_at(second, TRIP_S)
    }

    /// The `period`-second span (shifted by the tag's offset) under way at `second`, and the
    /// second it began.
    pub fn period_at(&self, second: u64, period: u64) -> (u64, u64) {
        let index = second.saturating_sub(self.offset) / period;
        (index, index * period + self.offset)
    }
}

/// The tags of a venue and the places each technology's tags go to.
#[derive(Debug)]
pub struct Crowd {
    seed: u64,
    tags: Vec<Tag>,
    /// Per technology (in `Technology::ALL` order): indices of the venue's places its tags visit.
    places: [Vec<usize>; 3],
}

impl Crowd {
    /// About `count` tags, shared among the technologies the venue has devices for. AoA and UWB
    /// tags go only to places their technology serves; BLE tags anywhere.
    pub fn new(
        venue: &Venue,
        devices: &Devices,
        space: &RadioSpace,
        seed: u64,
        count: u32,
    ) -> Self {
        let places = Technology::ALL.map(|technology| {
            venue
                .places()
                .iter()
                .enumerate()
                .filter(|(_, place)| {
                    let pose = Pose {
                        level: venue.levels()[place.level].ordinal,
                        at: EnginePoint::new(place.point.x, place.point.y),
                    };
                    served(technology, devices, space, pose)
                })
                .map(|(index, _)| index)
                .collect::<Vec<_>>()
        });
        let present: Vec<(Technology, f64)> = SHARES
            .into_iter()
            .filter(|(technology, _)| places[*technology as usize].len() >= 2)
            .collect();
        let total: f64 = present.iter().map(|(_, share)| share).sum();
        let mut tags = Vec::new();
        for (technology, share) in present {
            let wanted = ((f64::from(count) * share / total).round() as u32).max(1);
            for number in 1..=wanted {
                let key = key(&[seed, technology as u64, u64::from(number)]);
                tags.push(Tag {
                    number,
                    technology,
                    key,
                    offset: Rng::new(key ^ OFFSET).below(TRIP_S as usize) as u64,
                });
            }
        }
        Self { seed, tags, places }
    }

    pub fn tags(&self) -> &[Tag] {
        &self.tags
    }

    /// Whether `tag` presses its SOS button at `second`. People wear badges (BLE and AoA tags);
    /// UWB tags are on carts and equipment, which have none.
    pub fn sos(&self, tag: &Tag, second: u64) -> bool {
        if tag.technology == Technology::Uwb || second % 60 != tag.offset % 60 {
            return false;
        }
        Rng::new(key(&[self.seed, tag.key, second / 60, SOS])).below(SOS_EVERY_MINUTES as usize)
            == 0
    }

    /// The place (index into the venue's places) `tag` sets off from in trip `trip`. A tag's
    /// technology has two places at least, or the crowd has no tags of it.
    fn place(&self, tag: &Tag, trip: u64) -> usize {
        let places = &self.places[tag.technology as usize];
        let mut rng = Rng::new(key(&[self.seed, tag.key, trip, PLACE]));
        places[rng.below(places.len())]
    }

    /// Where `tag` walks in trip `trip`, from the trip's start. A walk too long for the trip is
    /// walked faster; one with no route is a stay.
    pub fn trip(&self, venue: &Venue, tag: &Tag, trip: u64) -> TimedPath {
        let places = venue.places();
        let (from, to) = (self.place(tag, trip), self.place(tag, trip + 1));
        let start = Pose {
            level: venue.levels()[places[from].level].ordinal,
            at: EnginePoint::new(places[from].point.x, places[from].point.y),
        };
        let poses = if from == to {
            None
        } else {
            route_poses(venue, &places[from], &places[to])
        };
        let Some(poses) = poses.filter(|p| p.len() >= 2) else {
            return TimedPath::new(&[start], PACE);
        };
        let walk = TimedPath::new(&poses, PACE);
        let budget = TRIP_S as f64 - LEAST_STAY_S;
        if walk.seconds() <= budget {
            return walk;
        }
        let changes = poses
            .windows(2)
            .filter(|w| w[0].level != w[1].level)
            .count() as f64;
        let walking = walk.seconds() - changes * LEVEL_CHANGE_S;
        let left = budget - changes * LEVEL_CHANGE_S;
        if left <= 0.0 {
            return TimedPath::new(&[start], PACE);
        }
        TimedPath::new(&poses, PACE * walking / left)
    }
}
