//! Places of something a client holds for a while (an open connection, a live stream, a
//! computation under way), counted in all and per client, each given back when its [`Slot`] is
//! dropped. The connection caps, the stream caps and the compute queue all count with this.

use std::collections::hash_map::Entry;
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::limits::client_table::ClientTable;

#[derive(Debug)]
pub(crate) struct Slots {
    max_total: u64,
    open: AtomicU64,
    /// Places held per client key; only clients under a cap are counted.
    per_client: ClientTable<u64>,
}

/// Which cap refused a place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Full {
    Total,
    PerClient,
}

/// One place, given back when dropped.
#[derive(Debug)]
pub(crate) struct Slot {
    slots: Arc<Slots>,
    /// The client key counted, when the client was under a cap.
    client: Option<IpAddr>,
}

impl Slots {
    pub(crate) fn new(max_total: u64) -> Arc<Self> {
        Arc::new(Self {
            max_total,
            open: AtomicU64::new(0),
            // Never fuller than the places held, so it never has to forget a client.
            per_client: ClientTable::new(usize::try_from(max_total).unwrap_or(usize::MAX)),
        })
    }

    pub(crate) fn max_total(&self) -> u64 {
        self.max_total
    }

    /// Places held now.
    pub(crate) fn held(&self) -> u64 {
        self.open.load(Ordering::Acquire)
    }

    /// A place for `client`, who may hold at most `per_client` (0: no cap of its own), or which
    /// cap is reached.
    pub(crate) fn take(self: &Arc<Self>, client: IpAddr, per_client: u64) -> Result<Slot, Full> {
        if self.open.fetch_add(1, Ordering::AcqRel) >= self.max_total {
            self.open.fetch_sub(1, Ordering::AcqRel);
            return Err(Full::Total);
        }
        let mut slot = Slot {
            slots: Arc::clone(self),
            client: None,
        };
        if per_client == 0 {
            return Ok(slot);
        }
        let counted = self.per_client.with_client(
            client,
            // The table holds at most as many clients as there are places held.
            |_| {},
            || 0,
            |key, held| {
                if *held >= per_client {
                    return None;
                }
                *held += 1;
                Some(key)
            },
        );
        match counted {
            Some(key) => {
                slot.client = Some(key);
                Ok(slot)
            }
            // Dropping the slot gives back the place in the total.
            None => Err(Full::PerClient),
        }
    }

    fn give_back(&self, client: Option<IpAddr>) {
        if let Some(key) = client {
            let mut clients = self.per_client.lock();
            if let Entry::Occupied(mut entry) = clients.entry(key) {
                *entry.get_mut() -= 1;
                if *entry.get() == 0 {
                    entry.remove();
                }
            }
        }
        self.open.fetch_sub(1, Ordering::AcqRel);
    }

    #[cfg(test)]
    pub(crate) fn clients_counted(&self) -> usize {
        self.per_client.lock().len()
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.slots.give_back(self.client);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn a_client_gets_its_cap_and_places_come_back() {
        let slots = Slots::new(3);
        let first = slots.take(ip("192.0.2.1"), 2).unwrap();
        let _second = slots.take(ip("192.0.2.1"), 2).unwrap();
        assert_eq!(slots.take(ip("192.0.2.1"), 2).unwrap_err(), Full::PerClient);
        assert_eq!(slots.held(), 2, "a refusal holds no place");
        let _other = slots.take(ip("192.0.2.2"), 2).unwrap();
        assert_eq!(slots.take(ip("192.0.2.3"), 2).unwrap_err(), Full::Total);
        drop(first);
        let _again = slots.take(ip("192.0.2.1"), 2).unwrap();
    }

    #[test]
    fn uncapped_clients_are_not_counted_and_ipv6_is_its_64() {
        let slots = Slots::new(10);
        let _held: Vec<_> = (0..5)
            .map(|_| slots.take(ip("10.0.0.1"), 0).unwrap())
            .collect();
        assert_eq!(slots.clients_counted(), 0);
        let _one = slots.take(ip("2001:db8:1:2::1"), 1).unwrap();
        assert!(slots.take(ip("2001:db8:1:2:ffff::9"), 1).is_err());
        assert!(slots.take(ip("2001:db8:1:3::1"), 1).is_ok());
    }
}
