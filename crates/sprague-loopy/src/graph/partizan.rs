//! Partizan games on graphs: every vertex is a position, and Left's and
//! Right's moves are two edge sets on the same vertices. Cycles are allowed,
//! so a position may come back (a loopy partizan game, Siegel,
//! *Combinatorial Game Theory*, ch. VI).
//!
//! This module only holds the graph; values (stoppers, sided values) and
//! outcomes are computed elsewhere from it.

use super::Graph;

/// A partizan game graph: the vertices `0..n`, Left's options of `v` the
/// successors of `v` in [`PartizanGraph::left_graph`], Right's in
/// [`PartizanGraph::right_graph`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartizanGraph {
    left: Graph,
    right: Graph,
}

impl PartizanGraph {
    /// The game whose Left moves are the edges of `left` and Right moves the
    /// edges of `right`.
    ///
    /// # Panics
    ///
    /// If the two graphs have different numbers of vertices: callers build
    /// both from one vertex numbering.
    pub fn new(left: Graph, right: Graph) -> PartizanGraph {
        assert_eq!(
            left.n_vertices(),
            right.n_vertices(),
            "Left's and Right's graphs share their vertices"
        );
        PartizanGraph { left, right }
    }

    /// The game on `0..n` with Left's moves `left_edges` and Right's moves
    /// `right_edges`, each a `(from, to)` pair.
    ///
    /// # Panics
    ///
    /// As [`Graph::from_pairs`].
    pub fn from_pairs(
        n: u32,
        left_edges: &[(u32, u32)],
        right_edges: &[(u32, u32)],
    ) -> PartizanGraph {
        PartizanGraph::new(
            Graph::from_pairs(n, left_edges),
            Graph::from_pairs(n, right_edges),
        )
    }

    /// The number of positions.
    pub fn n_vertices(&self) -> u32 {
        self.left.n_vertices()
    }

    /// Left's options from `v`.
    pub fn left(&self, v: u32) -> &[u32] {
        self.left.successors(v)
    }

    /// Right's options from `v`.
    pub fn right(&self, v: u32) -> &[u32] {
        self.right.successors(v)
    }

    /// Left's moves as a graph.
    pub fn left_graph(&self) -> &Graph {
        &self.left
    }

    /// Right's moves as a graph.
    pub fn right_graph(&self) -> &Graph {
        &self.right
    }

    /// The vertex called `name`, for a graph read with named vertices.
    pub fn vertex_named(&self, name: &str) -> Option<u32> {
        self.left.vertex_named(name)
    }

    /// How vertex `v` is written: its name, or its number.
    pub fn label(&self, v: u32) -> String {
        self.left.label(v)
    }

    /// The token positions of the file's `start` line (empty if none).
    pub fn start(&self) -> &[u32] {
        self.left.start()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_kept_per_side() {
        // on = {pass |}: Left's one move returns to the same vertex.
        let on = PartizanGraph::from_pairs(1, &[(0, 0)], &[]);
        assert_eq!(on.left(0), &[0]);
        assert!(on.right(0).is_empty());
        assert_eq!(on.n_vertices(), 1);
    }
}
