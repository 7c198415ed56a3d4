//! Routes against brute force: on random pairs, A* finds the same cost as Bellman–Ford over
//! the same graph with the same attachments, and accessible routes never take stairs or
//! escalators.

use super::support::random_pairs;
use crate::costs::walk_s;
use crate::location_text::Field;
use crate::shortest::{Endpoint, shortest};
use crate::{ConnectorKind, RouteError, Venue};

/// The cheapest cost from `from` to `to` by Bellman–Ford over every edge of the graph plus
/// the endpoints' links and their direct walks: slow, obvious, and sharing no code with A*.
fn brute_force(venue: &Venue, from: &Endpoint, to: &Endpoint, accessible: bool) -> Option<f64> {
    let n = venue.graph.nodes.len();
    let (source, target) = (n, n + 1);
    let mut edges: Vec<(usize, usize, f64)> = Vec::new();
    for u in 0..n {
        for e in venue.graph.edges_of(u as u32) {
            if e.accessible || !accessible {
                edges.push((u, e.to as usize, e.cost_s));
            }
        }
    }
    for a in &from.accesses {
        for l in a.portal.links(&venue.graph) {
            edges.push((source, l.node as usize, walk_s(a.metres + l.metres)));
        }
        for b in &to.accesses {
            let (pa, pb) = (a.portal.point, b.portal.point);
            if a.portal.level == b.portal.level
                && (pa == pb || venue.spaces[a.portal.level].clear(pa, pb))
            {
                edges.push((
                    source,
                    target,
                    walk_s(a.metres + pa.distance(pb) + b.metres),
                ));
            }
        }
    }
    for b in &to.accesses {
        for l in b.portal.links(&venue.graph) {
            edges.push((l.node as usize, target, walk_s(b.metres + l.metres)));
        }
    }
    let mut dist = vec![f64::INFINITY; n + 2];
    dist[source] = 0.0;
    loop {
        let mut changed = false;
        for &(u, v, c) in &edges {
            if dist[u] + c < dist[v] - 1e-12 {
                dist[v] = dist[u] + c;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    dist[target].is_finite().then_some(dist[target])
}

#[test]
fn routes_cost_what_brute_force_finds_on_random_pairs() {
    for (venue, pair) in random_pairs(14, 200) {
        for accessible in [false, true] {
            let from = venue.endpoint(&pair[0], Field::From).unwrap();
            let to = venue.endpoint(&pair[1], Field::To).unwrap();
            let fast =
                shortest(&venue.graph, &venue.spaces, &from, &to, accessible).map(|f| f.cost_s);
            let slow = brute_force(venue, &from, &to, accessible);
            match (fast, slow) {
                (Some(f), Some(s)) => assert!(
                    (f - s).abs() < 1e-6,
                    "{}: {:?} -> {:?}: A* {f}, brute force {s}",
                    venue.id(),
                    pair[0].id,
                    pair[1].id
                ),
                (None, None) => {}
                _ => panic!(
                    "{}: {:?} -> {:?}: A* {fast:?}, brute force {slow:?}",
                    venue.id(),
                    pair[0],
                    pair[1]
                ),
            }
        }
    }
}

#[test]
fn accessible_routes_never_take_stairs_or_escalators_and_cost_no_less() {
    for (venue, pair) in random_pairs(41, 100) {
        let any = venue.route_between(&pair[0], &pair[1], false, "zh-Hans");
        let accessible = venue.route_between(&pair[0], &pair[1], true, "zh-Hans");
        match (&any, &accessible) {
            (Ok(any), Ok(acc)) => {
                for t in &acc.transitions {
                    assert!(
                        matches!(t.kind, ConnectorKind::Elevator | ConnectorKind::Ramp),
                        "{}: {:?}",
                        venue.id(),
                        t
                    );
                }
                assert!(
                    acc.duration_s >= any.duration_s,
                    "{}: accessible {} < {}",
                    venue.id(),
                    acc.duration_s,
                    any.duration_s
                );
                assert!(acc.accessible && !any.accessible);
            }
            (Err(RouteError::NoRoute), Err(RouteError::NoAccessibleRoute))
            | (Ok(_), Err(RouteError::NoAccessibleRoute)) => {}
            _ => panic!(
                "{}: {:?} -> {:?}: {any:?} / {accessible:?}",
                venue.id(),
                pair[0],
                pair[1]
            ),
        }
    }
}
