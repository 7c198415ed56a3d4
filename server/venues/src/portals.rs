//! Portals: points in walkable space where routes begin and end (in front of a shop's door, at
//! an amenity, a point picked on the map), each with the graph nodes it sees. The doors of the
//! venue's places get theirs once at load; a point from a request gets one per query.

use super::free_space::LevelSpace;
use super::geometry::Point;
use super::graph::Graph;

/// A straight walk from a portal to a graph node.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Link {
    pub node: u32,
    pub metres: f64,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Portal {
    pub level: usize,
    pub point: Point,
    pub links: Vec<Link>,
}

impl Portal {
    /// The portal at `point` (which must be free) with a link to every node of its level it
    /// sees.
    pub(crate) fn at(graph: &Graph, space: &LevelSpace, level: usize, point: Point) -> Portal {
        let links = graph.visible[level]
            .iter()
            .filter_map(|&node| {
                let n = &graph.nodes[node as usize];
                let metres = n.point.distance(point);
                let usable = metres < 1e-6 || space.clear(point, n.point);
                usable.then_some(Link { node, metres })
            })
            .collect();
        Portal {
            level,
            point,
            links,
        }
    }
}
