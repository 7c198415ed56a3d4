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
    /// The graph nodes it sees. Their distances are measured when asked ([`Portal::links`]),
    /// not kept: the same figure, and a venue's portals hold some 15,000 links.
    pub nodes: Vec<u32>,
}

impl Portal {
    /// The portal at `point` (which must be free) with a link to every node of its level it
    /// sees.
    pub(crate) fn at(graph: &Graph, space: &LevelSpace, level: usize, point: Point) -> Portal {
        let nodes = graph.visible[level]
            .iter()
            .copied()
            .filter(|&node| {
                let n = &graph.nodes[node as usize];
                n.point.distance(point) < 1e-6 || space.clear(point, n.point)
            })
            .collect();
        Portal {
            level,
            point,
            nodes,
        }
    }

    /// The straight walks to the nodes it sees.
    pub(crate) fn links<'a>(&'a self, graph: &'a Graph) -> impl Iterator<Item = Link> + 'a {
        self.nodes.iter().map(|&node| Link {
            node,
            metres: graph.nodes[node as usize].point.distance(self.point),
        })
    }
}
