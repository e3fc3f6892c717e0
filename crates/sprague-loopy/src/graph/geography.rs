//! Undirected vertex geography: a token on a vertex of an undirected graph;
//! a move takes it to a neighbour not visited before (the start vertex
//! counts as visited); whoever cannot move loses.
//!
//! **Theorem** (Fraenkel, Scheinerman and Ullman, "Undirected edge
//! geography", Theor. Comput. Sci. 112 (1993), for the vertex version; seed
//! note 000, "二分图博弈", and gym 102832H): the player to move from `v`
//! wins iff `v` is in every maximum matching. Sketch: if it is, take a
//! maximum matching `M` and always move to the partner of the token's
//! vertex; the opponent can never reach an unmatched vertex, since the path
//! played would be an `M`-alternating path from `v`, and flipping it would
//! give a maximum matching without `v`. If it is not, take a maximum
//! matching `M` missing `v`: every move goes to a matched vertex (else `M`
//! could grow), and the opponent answers along `M` in the same way.
//!
//! So `v` wins iff removing it lowers the size of a maximum matching, and
//! the winning move is to `v`'s partner in any maximum matching. After
//! some moves the visited vertices other than the token's are gone from the
//! game, so a position is the graph with those vertices removed.
//!
//! **Choosing the start** (seed note 000): if the first player places the
//! token (and that placing counts as the first move), the second player
//! moves first from it, so the first player wins iff some vertex is in not
//! every maximum matching, that is iff the graph has no perfect matching.

use std::collections::HashMap;

use sprague_core::budget::Budget;
use sprague_core::error::SolveError;

use super::Graph;
use super::matching::{Matching, max_matching};

/// Undirected vertex geography on a graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geography {
    /// Symmetric adjacency lists, without loops or repeated edges, sorted.
    adj: Graph,
}

impl Geography {
    /// Geography on `graph` read as undirected: an edge `x y` joins `x` and
    /// `y` both ways; loops are dropped (a visited vertex cannot be entered
    /// again).
    pub fn new(graph: &Graph) -> Geography {
        let mut pairs = Vec::with_capacity(2 * graph.n_edges() as usize);
        for v in 0..graph.n_vertices() {
            for &u in graph.successors(v) {
                if u != v {
                    pairs.push((v, u));
                    pairs.push((u, v));
                }
            }
        }
        pairs.sort_unstable();
        pairs.dedup();
        let n = graph.n_vertices();
        let adj = Graph::from_pairs(n, &pairs);
        let adj = match graph.names() {
            Some(names) => adj.with_names(names.to_vec()),
            None => adj,
        };
        Geography { adj }
    }

    /// The undirected graph: each vertex's neighbours, sorted.
    pub fn graph(&self) -> &Graph {
        &self.adj
    }

    /// The vertices a token on `path`'s last vertex may not enter: all of
    /// `path` (the walk so far, start first).
    fn removed(&self, path: &[u32]) -> Vec<bool> {
        let mut removed = vec![false; self.adj.n_vertices() as usize];
        for &v in path {
            removed[v as usize] = true;
        }
        removed
    }

    /// Whether the player to move wins with the token at the end of `path`
    /// (the start vertex first, every vertex of it visited), and if so the
    /// winning move: the token's partner in a maximum matching of the
    /// unvisited vertices and the token's. With an empty `path` the player
    /// to move places the token ([`Geography::choose_start`]).
    pub fn solve(&self, path: &[u32]) -> (bool, Option<u32>) {
        let Some(&v) = path.last() else {
            return self.choose_start();
        };
        let mut removed = self.removed(path);
        removed[v as usize] = false;
        let with_v = max_matching(&self.adj, &removed);
        let Some(partner) = with_v.mate(v) else {
            return (false, None);
        };
        removed[v as usize] = true;
        let without_v = max_matching(&self.adj, &removed);
        if without_v.size() < with_v.size() {
            (true, Some(partner))
        } else {
            (false, None)
        }
    }

    /// A maximum matching of the whole graph.
    pub fn matching(&self) -> Matching {
        max_matching(&self.adj, &vec![false; self.adj.n_vertices() as usize])
    }

    /// The variant where the first player places the token and the second
    /// moves first from it: whether the first player wins (iff the graph has
    /// no perfect matching), and a start vertex that wins (one left free by
    /// a maximum matching).
    pub fn choose_start(&self) -> (bool, Option<u32>) {
        let m = self.matching();
        match (0..self.adj.n_vertices()).find(|&v| m.mate(v).is_none()) {
            Some(v) => (true, Some(v)),
            None => (false, None),
        }
    }

    /// The neighbours of the token at the end of `path` that it may move
    /// to, in increasing order; with an empty `path`, every vertex (where
    /// the token may be placed).
    pub fn moves(&self, path: &[u32]) -> Vec<u32> {
        let Some(&v) = path.last() else {
            return (0..self.adj.n_vertices()).collect();
        };
        self.adj
            .successors(v)
            .iter()
            .copied()
            .filter(|u| !path.contains(u))
            .collect()
    }

    /// The Sprague–Grundy value of the position at the end of `path`, by
    /// exhaustive search over the sets of visited vertices (the matching
    /// theorem gives only the outcome, not the value a sum needs). Only for
    /// graphs of at most 64 vertices.
    ///
    /// # Errors
    ///
    /// [`SolveError::Unsupported`] for larger graphs,
    /// [`SolveError::BudgetExceeded`] when the search needs more positions
    /// than `budget`.
    pub fn grundy(&self, path: &[u32], budget: &Budget) -> Result<u64, SolveError> {
        let n = self.adj.n_vertices();
        if n > 64 {
            return Err(SolveError::unsupported(format!(
                "the Grundy value of vertex geography is computed by search on at most 64 vertices, not {n}; a single token is decided by matching"
            )));
        }
        let mut memo = HashMap::new();
        let Some(&v) = path.last() else {
            // Placing the token is a move to each one-vertex path.
            let mut values = Vec::new();
            for u in 0..n {
                values.push(self.grundy_search(1 << u, u, &mut memo, budget)?);
            }
            return Ok(sprague_impartial::impartial::mex(&mut values));
        };
        let visited = path.iter().fold(0u64, |acc, &u| acc | 1 << u);
        self.grundy_search(visited, v, &mut memo, budget)
    }

    fn grundy_search(
        &self,
        visited: u64,
        v: u32,
        memo: &mut HashMap<(u64, u32), u64>,
        budget: &Budget,
    ) -> Result<u64, SolveError> {
        if let Some(&g) = memo.get(&(visited, v)) {
            return Ok(g);
        }
        budget.check_positions(memo.len() as u64)?;
        // The recursion is at most 64 deep: each move visits a new vertex.
        let mut values = Vec::new();
        for &u in self.adj.successors(v) {
            if visited & (1 << u) == 0 {
                values.push(self.grundy_search(visited | 1 << u, u, memo, budget)?);
            }
        }
        let g = sprague_impartial::impartial::mex(&mut values);
        memo.insert((visited, v), g);
        Ok(g)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Exhaustive search over visited sets: whether the player to move wins.
    fn brute_wins(adj: &Graph, visited: u32, v: u32, memo: &mut HashMap<(u32, u32), bool>) -> bool {
        if let Some(&w) = memo.get(&(visited, v)) {
            return w;
        }
        let w = adj
            .successors(v)
            .iter()
            .any(|&u| visited & (1 << u) == 0 && !brute_wins(adj, visited | 1 << u, u, memo));
        memo.insert((visited, v), w);
        w
    }

    fn random_graph() -> impl Strategy<Value = Graph> {
        (1u32..11).prop_flat_map(|n| {
            proptest::collection::vec((0..n, 0..n), 0..22)
                .prop_map(move |edges| Graph::from_pairs(n, &edges))
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]
        #[test]
        fn matching_decides_like_exhaustive_search(
            g in random_graph(),
            walk in proptest::collection::vec(0u32..11, 1..4),
        ) {
            let geo = Geography::new(&g);
            let adj = geo.graph();
            let n = g.n_vertices();
            // A path: the start, then moves while they are legal.
            let mut path = vec![walk[0] % n];
            for &step in &walk[1..] {
                let moves = geo.moves(&path);
                if moves.is_empty() { break; }
                path.push(moves[step as usize % moves.len()]);
            }
            let v = *path.last().unwrap();
            let visited = path.iter().fold(0u32, |acc, &u| acc | 1 << u);
            let mut memo = HashMap::new();
            let truth = brute_wins(adj, visited, v, &mut memo);
            let (wins, best) = geo.solve(&path);
            prop_assert_eq!(wins, truth);
            if let Some(u) = best {
                prop_assert!(geo.moves(&path).contains(&u));
                prop_assert!(!brute_wins(adj, visited | 1 << u, u, &mut memo));
            }
            prop_assert_eq!(geo.grundy(&path, &Budget::DEFAULT).unwrap() != 0, truth);
        }

        #[test]
        fn choosing_the_start_wins_iff_no_perfect_matching(g in random_graph()) {
            let geo = Geography::new(&g);
            let adj = geo.graph();
            let mut memo = HashMap::new();
            let truth = (0..g.n_vertices()).find(|&v| !brute_wins(adj, 1 << v, v, &mut memo));
            let (wins, start) = geo.choose_start();
            prop_assert_eq!(wins, truth.is_some());
            if let Some(v) = start {
                prop_assert!(!brute_wins(adj, 1 << v, v, &mut memo));
            }
            // The same through the empty walk, and its Grundy value.
            prop_assert_eq!(geo.solve(&[]).0, wins);
            prop_assert_eq!(geo.grundy(&[], &Budget::DEFAULT).unwrap() != 0, wins);
        }
    }

    #[test]
    fn a_path_of_three() {
        // 0 - 1 - 2: from the middle the player to move wins (go to an end);
        // from an end the player to move goes to the middle, and the other
        // player goes on to the far end: the first player loses. The middle
        // is in every maximum matching; the ends are not.
        let geo = Geography::new(&Graph::parse("3 2\n0 1\n1 2\n").unwrap());
        assert!(geo.solve(&[1]).0);
        assert_eq!(geo.solve(&[0]), (false, None));
        // No perfect matching on three vertices: the first player places the
        // token on an end and wins.
        let (wins, start) = geo.choose_start();
        assert!(wins && (start == Some(0) || start == Some(2)));
        // An edge has a perfect matching: placing the token loses.
        let edge = Geography::new(&Graph::parse("2 1\n0 1\n").unwrap());
        assert_eq!(edge.choose_start(), (false, None));
    }
}
