//! Per-client state keyed by the client's address, bounded in size: what the enquiry limits
//! (`rate_limit/`) and the demo API's budgets (`token_buckets.rs`) both keep. IPv6
//! clients are one /64, the block one subscriber usually gets, so rotating addresses inside it
//! does not make a new client.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::{Mutex, MutexGuard};

/// Addresses tracked before some are forgotten. About 100 bytes each with a few timestamps,
/// so a table stays around 10 MB under an attack from many addresses.
pub(crate) const DEFAULT_MAX_CLIENTS: usize = 100_000;

/// The clients of a table, as its owner may tidy them.
pub(crate) type Clients<V> = HashMap<IpAddr, V>;

#[derive(Debug)]
pub(crate) struct ClientTable<V> {
    max: usize,
    clients: Mutex<Clients<V>>,
}

impl<V> ClientTable<V> {
    pub(crate) fn new(max: usize) -> Self {
        Self {
            max: max.max(1),
            clients: Mutex::new(HashMap::new()),
        }
    }

    /// How many clients the table holds at most.
    pub(crate) fn max(&self) -> usize {
        self.max
    }

    /// Runs `f` on the state of `ip`'s client (and its key), made by `new` when the client is
    /// not tracked yet. A new client that finds the table full first lets `make_room` drop
    /// some: it must leave room for one, so memory never grows past the bound.
    pub(crate) fn with_client<R>(
        &self,
        ip: IpAddr,
        make_room: impl FnOnce(&mut Clients<V>),
        new: impl FnOnce() -> V,
        f: impl FnOnce(IpAddr, &mut V) -> R,
    ) -> R {
        let key = client_key(ip);
        let mut clients = self.lock();
        if !clients.contains_key(&key) && clients.len() >= self.max {
            make_room(&mut clients);
        }
        let client = clients.entry(key).or_insert_with(new);
        f(key, client)
    }

    /// The table, also after a panic elsewhere left the lock poisoned: every update leaves
    /// a client's state consistent, so there is nothing to repair.
    pub(crate) fn lock(&self) -> MutexGuard<'_, Clients<V>> {
        self.clients
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// IPv4 addresses as they are (IPv4-mapped IPv6 included), IPv6 by their /64.
pub(crate) fn client_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let [a, b, c, d, ..] = v6.segments();
                IpAddr::V6(Ipv6Addr::new(a, b, c, d, 0, 0, 0, 0))
            }
        },
    }
}
