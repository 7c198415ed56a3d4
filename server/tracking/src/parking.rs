//! The car park of the flow analytics (车位占用, issue #17): the parking spaces the day's driving
//! visitors take and leave. A visitor who drives takes a free space on arrival, walks from it,
//! and drives off from it when they leave; the spaces occupied at any second follow.

use site_positioning::random::Rng;

use site_venues::{PlaceKind, Venue};

/// Random draws for a free space before a visitor looks along the rows.
const TRIES: usize = 16;

/// One stay of a car: the space (index into the venue's places) and its seconds after midnight.
#[derive(Debug, Clone, Copy)]
pub struct Parked {
    pub space: usize,
    pub arrive: f64,
    pub leave: f64,
}

#[derive(Debug, Clone)]
pub struct CarPark {
    /// The venue's parking spaces, indices into its places.
    spaces: Vec<usize>,
    /// When each space is free again, seconds after midnight.
    free_at: Vec<f64>,
    parked: Vec<Parked>,
}

impl CarPark {
    /// About the memory it holds.
    pub fn held_bytes(&self) -> usize {
        self.spaces.len() * std::mem::size_of::<usize>()
            + self.free_at.len() * std::mem::size_of::<f64>()
            + self.parked.len() * std::mem::size_of::<Parked>()
    }

    /// The venue's car park; none for a venue without parking spaces.
    pub fn of(venue: &Venue) -> Option<Self> {
        let places = venue.places();
        let spaces: Vec<usize> = (0..places.len())
            .filter(|&i| places[i].kind == PlaceKind::Space)
            .collect();
        (!spaces.is_empty()).then(|| Self {
            free_at: vec![0.0; spaces.len()],
            spaces,
            parked: Vec::new(),
        })
    }

    /// A space free at `arrive` for the visitor to take (a random one, as drivers take the
    /// first they see); `None` when the car park is full. Taken until [`CarPark::leave`].
    pub fn take(&mut self, rng: &mut Rng, arrive: f64) -> Option<usize> {
        let free = |i: usize| self.free_at[i] <= arrive;
        let slot = (0..TRIES)
            .map(|_| rng.below(self.spaces.len()))
            .find(|&i| free(i))
            .or_else(|| (0..self.spaces.len()).find(|&i| free(i)))?;
        self.free_at[slot] = f64::INFINITY;
        Some(slot)
    }

    /// The car in `slot` (as [`CarPark::take`] gave it) drives off at `leave`.
    pub fn leave(&mut self, slot: usize, arrive: f64, leave: f64) {
        self.free_at[slot] = leave;
        self.parked.push(Parked {
            space: self.spaces[slot],
            arrive,
            leave,
        });
    }

    /// The place index of `slot`.
    pub fn space(&self, slot: usize) -> usize {
        self.spaces[slot]
    }

    pub fn spaces(&self) -> &[usize] {
        &self.spaces
    }

    /// The spaces (place indices) taken at `second`.
    pub fn taken_at(&self, second: f64) -> impl Iterator<Item = usize> + '_ {
        self.parked
            .iter()
            .filter(move |p| p.arrive <= second && second < p.leave)
            .map(|p| p.space)
    }
}
