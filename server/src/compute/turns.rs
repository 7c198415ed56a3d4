//! One long computation at a time per client: a client's second computation waits for its
//! first before it starts (a visitor who picks another day while the first still computes),
//! whatever the number of threads. How many may wait is the caller's cap (`Slots`).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::limits::client_table::client_key;

/// Each client with a computation under way or waiting, and its turn.
#[derive(Default)]
pub(super) struct Turns {
    clients: Arc<Mutex<HashMap<IpAddr, Arc<Semaphore>>>>,
}

/// A client's turn, held while its computation runs.
pub(super) struct Turn {
    clients: Arc<Mutex<HashMap<IpAddr, Arc<Semaphore>>>>,
    key: IpAddr,
    semaphore: Arc<Semaphore>,
    permit: Option<OwnedSemaphorePermit>,
}

impl Turns {
    /// Waits until `client` has no other computation running, then holds its turn.
    pub(super) async fn take(&self, client: IpAddr) -> Turn {
        let key = client_key(client);
        let semaphore = {
            let mut clients = self.clients.lock().unwrap_or_else(PoisonError::into_inner);
            Arc::clone(
                clients
                    .entry(key)
                    .or_insert_with(|| Arc::new(Semaphore::new(1))),
            )
        };
        let permit = Arc::clone(&semaphore)
            .acquire_owned()
            .await
            .expect("the semaphore is never closed");
        Turn {
            clients: Arc::clone(&self.clients),
            key,
            semaphore,
            permit: Some(permit),
        }
    }

    #[cfg(test)]
    fn clients(&self) -> usize {
        self.clients
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }
}

impl Drop for Turn {
    fn drop(&mut self) {
        let mut clients = self.clients.lock().unwrap_or_else(PoisonError::into_inner);
        drop(self.permit.take());
        // Held by the table and this turn only: nobody waits, the client is forgotten.
        if Arc::strong_count(&self.semaphore) == 2 {
            clients.remove(&self.key);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[tokio::test]
    async fn a_clients_second_turn_waits_for_its_first_and_others_do_not() {
        let turns = Arc::new(Turns::default());
        let first = turns.take("192.0.2.1".parse().unwrap()).await;
        let waiting = {
            let turns = Arc::clone(&turns);
            tokio::spawn(async move { turns.take("192.0.2.1".parse().unwrap()).await })
        };
        // Another client, and the same client's /64 neighbour is the same client.
        let _other = turns.take("192.0.2.2".parse().unwrap()).await;
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(!waiting.is_finished(), "the second waits for the first");
        drop(first);
        let second = tokio::time::timeout(Duration::from_secs(1), waiting)
            .await
            .expect("its turn came")
            .unwrap();
        assert_eq!(turns.clients(), 2);
        drop(second);
        drop(_other);
        assert_eq!(turns.clients(), 0, "forgotten when done");
    }
}
