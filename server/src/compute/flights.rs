//! Single flight with a memory: identical requests under way share one computation, and the
//! results that are functions of their inputs are kept, within a bound in bytes, for the next
//! ones. Keys are the requests written out in canonical form (`tracks/demo-mall/…`), so two
//! spellings of one question are one key.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use tokio::sync::watch;

/// Computations under way and results kept, of one kind of value.
pub(crate) struct Flights<V> {
    state: Mutex<State<V>>,
    max_bytes: usize,
    /// The memory a value holds, as counted against `max_bytes`.
    weigh: fn(&V) -> usize,
}

struct State<V> {
    running: HashMap<String, watch::Receiver<Option<V>>>,
    kept: HashMap<String, Kept<V>>,
    bytes: usize,
    /// Counts uses, to find the least recently used value.
    clock: u64,
}

struct Kept<V> {
    value: V,
    bytes: usize,
    used: u64,
}

/// What a request for a key is to do.
pub(crate) enum Turn<V> {
    /// The value is kept: use it.
    Kept(V),
    /// Another request computes it: wait for that (`None`: it failed).
    Wait(Waiting<V>),
    /// Nobody computes it: this request leads, and must finish (or drop) the leader.
    Lead(Leader<V>),
}

pub(crate) struct Waiting<V>(watch::Receiver<Option<V>>);

/// The one computation of a key; dropped unfinished (a panic, a refusal), its waiters get
/// `None` and the next request leads afresh.
pub(crate) struct Leader<V> {
    flights: Arc<Flights<V>>,
    key: String,
    sender: Option<watch::Sender<Option<V>>>,
}

impl<V: Clone> Flights<V> {
    pub(crate) fn new(max_bytes: usize, weigh: fn(&V) -> usize) -> Arc<Self> {
        Arc::new(Self {
            state: Mutex::new(State {
                running: HashMap::new(),
                kept: HashMap::new(),
                bytes: 0,
                clock: 0,
            }),
            max_bytes,
            weigh,
        })
    }

    /// The kept value of `key`, if any.
    pub(crate) fn kept(&self, key: &str) -> Option<V> {
        let mut state = self.lock();
        state.clock += 1;
        let now = state.clock;
        state.kept.get_mut(key).map(|kept| {
            kept.used = now;
            kept.value.clone()
        })
    }

    /// What a request for `key` is to do, decided under one lock: of any number of identical
    /// requests, one leads.
    pub(crate) fn turn(self: &Arc<Self>, key: &str) -> Turn<V> {
        if let Some(value) = self.kept(key) {
            return Turn::Kept(value);
        }
        let mut state = self.lock();
        if let Some(running) = state.running.get(key) {
            return Turn::Wait(Waiting(running.clone()));
        }
        let (sender, receiver) = watch::channel(None);
        state.running.insert(key.to_owned(), receiver);
        Turn::Lead(Leader {
            flights: Arc::clone(self),
            key: key.to_owned(),
            sender: Some(sender),
        })
    }

    /// Bytes held by the kept values.
    pub(crate) fn bytes(&self) -> usize {
        self.lock().bytes
    }

    fn lock(&self) -> MutexGuard<'_, State<V>> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl<V: Clone> Waiting<V> {
    /// The value the leader finished with; `None` when it failed.
    pub(crate) async fn value(mut self) -> Option<V> {
        match self.0.wait_for(Option::is_some).await {
            Ok(value) => value.clone(),
            Err(_) => None,
        }
    }
}

impl<V: Clone> Leader<V> {
    /// Hands `value` to the waiters, and keeps it for later requests when `keep`. The least
    /// recently used values make room; a value larger than the whole bound is not kept.
    pub(crate) fn finish(mut self, value: V, keep: bool) {
        let flights = Arc::clone(&self.flights);
        let mut state = flights.lock();
        state.running.remove(&self.key);
        let bytes = (flights.weigh)(&value);
        if keep && bytes <= flights.max_bytes {
            while state.bytes + bytes > flights.max_bytes {
                let Some(oldest) = state
                    .kept
                    .iter()
                    .min_by_key(|(_, kept)| kept.used)
                    .map(|(key, _)| key.clone())
                else {
                    break;
                };
                if let Some(gone) = state.kept.remove(&oldest) {
                    state.bytes -= gone.bytes;
                }
            }
            state.clock += 1;
            let used = state.clock;
            let previous = state.kept.insert(
                self.key.clone(),
                Kept {
                    value: value.clone(),
                    bytes,
                    used,
                },
            );
            state.bytes += bytes;
            if let Some(previous) = previous {
                state.bytes -= previous.bytes;
            }
        }
        drop(state);
        if let Some(sender) = self.sender.take() {
            sender.send_replace(Some(value));
        }
    }
}

impl<V> Drop for Leader<V> {
    fn drop(&mut self) {
        if self.sender.is_some() {
            let mut state = self
                .flights
                .state
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            state.running.remove(&self.key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flights(max_bytes: usize) -> Arc<Flights<Arc<Vec<u8>>>> {
        Flights::new(max_bytes, |value| value.len())
    }

    fn lead(flights: &Arc<Flights<Arc<Vec<u8>>>>, key: &str) -> Leader<Arc<Vec<u8>>> {
        match flights.turn(key) {
            Turn::Lead(leader) => leader,
            _ => panic!("{key}: expected to lead"),
        }
    }

    #[tokio::test]
    async fn identical_requests_wait_for_the_one_that_leads() {
        let flights = flights(100);
        let leader = lead(&flights, "a");
        let waiters: Vec<_> = (0..7)
            .map(|_| match flights.turn("a") {
                Turn::Wait(waiting) => tokio::spawn(waiting.value()),
                _ => panic!("a second request must wait"),
            })
            .collect();
        leader.finish(Arc::new(vec![1, 2, 3]), true);
        for waiter in waiters {
            assert_eq!(waiter.await.unwrap().unwrap().as_slice(), [1, 2, 3]);
        }
        assert!(matches!(flights.turn("a"), Turn::Kept(_)));
        assert_eq!(flights.bytes(), 3);
    }

    #[tokio::test]
    async fn a_failed_leader_lets_its_waiters_know_and_the_next_request_lead() {
        let flights = flights(100);
        let leader = lead(&flights, "a");
        let Turn::Wait(waiting) = flights.turn("a") else {
            panic!("must wait");
        };
        drop(leader);
        assert!(waiting.value().await.is_none());
        let again = lead(&flights, "a");
        again.finish(Arc::new(vec![0]), false);
        assert!(matches!(flights.turn("a"), Turn::Lead(_)), "not kept");
    }

    #[test]
    fn memory_stays_within_the_bound_and_the_least_recently_used_go_first() {
        let flights = flights(10);
        lead(&flights, "a").finish(Arc::new(vec![0; 4]), true);
        lead(&flights, "b").finish(Arc::new(vec![0; 4]), true);
        assert!(flights.kept("a").is_some());
        lead(&flights, "c").finish(Arc::new(vec![0; 4]), true);
        assert!(flights.kept("b").is_none(), "b was used least recently");
        assert!(flights.kept("a").is_some() && flights.kept("c").is_some());
        assert_eq!(flights.bytes(), 8);
        lead(&flights, "huge").finish(Arc::new(vec![0; 11]), true);
        assert!(flights.kept("huge").is_none());
        assert_eq!(flights.bytes(), 8);
    }
}
