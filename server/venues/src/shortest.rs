//! Time-optimal paths on the walking graph between two endpoints (A* with the straight-line
//! walking time as its estimate, which no edge beats), and single-source walking times for
//! ranking search results. Knows nothing of steps or answers.

use std::borrow::Cow;
use std::cmp::Ordering;
use std::collections::BinaryHeap;

use super::costs::walk_s;
use super::free_space::LevelSpace;
use super::geometry::Point;
use super::graph::Graph;
use super::portals::Portal;

/// One way into or out of an endpoint: its portal, and the walk between the endpoint's own
/// point and the portal (through a shop's door, say).
#[derive(Debug, Clone)]
pub(crate) struct Access<'a> {
    pub portal: Cow<'a, Portal>,
    /// The points from the endpoint's point to just before the portal, in walking order from
    /// the endpoint (the endpoint's point first; empty when the portal is the point itself).
    pub via: Vec<Point>,
    /// The length of that walk.
    pub metres: f64,
}

/// Where a route begins or ends.
#[derive(Debug, Clone)]
pub(crate) struct Endpoint<'a> {
    pub level: usize,
    pub accesses: Vec<Access<'a>>,
}

/// A path: which accesses it uses and the graph nodes between them (none for a direct walk).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Found {
    pub cost_s: f64,
    pub from_access: usize,
    pub to_access: usize,
    pub nodes: Vec<u32>,
}

const NONE: u32 = u32::MAX;
/// Parents at or above this are "seeded from source access (parent - SEEDED)".
const SEEDED: u32 = 0x8000_0000;

#[derive(Debug, PartialEq)]
struct Queued(f64, u32);

impl Eq for Queued {}

impl Ord for Queued {
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .0
            .total_cmp(&self.0)
            .then_with(|| other.1.cmp(&self.1))
    }
}

impl PartialOrd for Queued {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The cheapest path from `from` to `to`, if any. `accessible` leaves out stairs and
/// escalators.
pub(crate) fn shortest(
    graph: &Graph,
    spaces: &[LevelSpace],
    from: &Endpoint,
    to: &Endpoint,
    accessible: bool,
) -> Option<Found> {
    let n = graph.nodes.len();
    let mut best: Option<Found> = direct(spaces, from, to);
    let mut target = vec![f64::INFINITY; n];
    let mut target_access = vec![0u32; n];
    for (bi, b) in to.accesses.iter().enumerate() {
        for link in b.portal.links(graph) {
            let cost = walk_s(link.metres + b.metres);
            if cost < target[link.node as usize] {
                target[link.node as usize] = cost;
                target_access[link.node as usize] = bi as u32;
            }
        }
    }
    let goals: Vec<Point> = to.accesses.iter().map(|b| b.portal.point).collect();
    let estimate = |p: Point| {
        goals
            .iter()
            .map(|&g| walk_s(p.distance(g)))
            .fold(f64::INFINITY, f64::min)
    };
    let mut g = vec![f64::INFINITY; n];
    let mut parent = vec![NONE; n];
    let mut heap = BinaryHeap::new();
    for (ai, a) in from.accesses.iter().enumerate() {
        for link in a.portal.links(graph) {
            let cost = walk_s(a.metres + link.metres);
            let node = link.node as usize;
            if cost < g[node] {
                g[node] = cost;
                parent[node] = SEEDED + ai as u32;
                heap.push(Queued(cost + estimate(graph.nodes[node].point), link.node));
            }
        }
    }
    let mut done = vec![false; n];
    while let Some(Queued(f, node)) = heap.pop() {
        if best.as_ref().is_some_and(|b| f >= b.cost_s) {
            break;
        }
        let u = node as usize;
        if done[u] {
            continue;
        }
        done[u] = true;
        if g[u] + target[u] < best.as_ref().map_or(f64::INFINITY, |b| b.cost_s) {
            best = Some(Found {
                cost_s: g[u] + target[u],
                from_access: 0,
                to_access: target_access[u] as usize,
                nodes: vec![node],
            });
        }
        for edge in graph.edges_of(node) {
            if accessible && !edge.accessible {
                continue;
            }
            let v = edge.to as usize;
            let cost = g[u] + edge.cost_s;
            if cost < g[v] {
                g[v] = cost;
                parent[v] = node;
                heap.push(Queued(cost + estimate(graph.nodes[v].point), edge.to));
            }
        }
    }
    let mut found = best?;
    if let Some(&last) = found.nodes.last() {
        let mut nodes = vec![last];
        let mut at = last;
        while parent[at as usize] < SEEDED {
            at = parent[at as usize];
            nodes.push(at);
        }
        nodes.reverse();
        found.from_access = (parent[at as usize] - SEEDED) as usize;
        found.nodes = nodes;
    }
    Some(found)
}

/// The best straight walk from a start portal to an end portal on the same level, if any.
fn direct(spaces: &[LevelSpace], from: &Endpoint, to: &Endpoint) -> Option<Found> {
    let mut best: Option<Found> = None;
    for (ai, a) in from.accesses.iter().enumerate() {
        for (bi, b) in to.accesses.iter().enumerate() {
            let (pa, pb) = (a.portal.point, b.portal.point);
            if a.portal.level != b.portal.level
                || !(pa.distance(pb) < 1e-9 || spaces[a.portal.level].clear(pa, pb))
            {
                continue;
            }
            let cost_s = walk_s(a.metres + pa.distance(pb) + b.metres);
            if best.as_ref().is_none_or(|f| cost_s < f.cost_s) {
                best = Some(Found {
                    cost_s,
                    from_access: ai,
                    to_access: bi,
                    nodes: Vec::new(),
                });
            }
        }
    }
    best
}

/// Walking time (s) and walked metres from `from` to every graph node along time-optimal
/// paths: one Dijkstra over the whole graph.
pub(crate) fn from_everywhere(
    graph: &Graph,
    from: &Endpoint,
    accessible: bool,
) -> (Vec<f64>, Vec<f64>) {
    let n = graph.nodes.len();
    let mut g = vec![f64::INFINITY; n];
    let mut metres = vec![f64::INFINITY; n];
    let mut heap = BinaryHeap::new();
    for a in &from.accesses {
        for link in a.portal.links(graph) {
            let m = a.metres + link.metres;
            if walk_s(m) < g[link.node as usize] {
                g[link.node as usize] = walk_s(m);
                metres[link.node as usize] = m;
                heap.push(Queued(walk_s(m), link.node));
            }
        }
    }
    while let Some(Queued(cost, node)) = heap.pop() {
        if cost > g[node as usize] {
            continue;
        }
        for edge in graph.edges_of(node) {
            if accessible && !edge.accessible {
                continue;
            }
            let next = cost + edge.cost_s;
            if next < g[edge.to as usize] {
                g[edge.to as usize] = next;
                metres[edge.to as usize] = metres[node as usize] + edge.metres;
                heap.push(Queued(next, edge.to));
            }
        }
    }
    (g, metres)
}
