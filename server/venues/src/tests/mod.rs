//! Tests over whole venues: the fixture venue under server/venues/tests/fixtures/ and the real
//! ones under content/venues/, checked against brute force and against the geometry; and the
//! loader against the shared broken-venue cases.

pub(crate) mod support;

mod loader_refuses;
mod places;
mod radio_space;
mod real_venues;
mod reference;
mod steps_and_landmarks;
mod timing;
mod walkable;

/// The HTTP layer shares the venues between its per-core threads.
#[test]
fn venues_can_be_shared_between_threads() {
    fn shared<T: Send + Sync>() {}
    shared::<crate::Venues>();
    shared::<crate::Route>();
}
