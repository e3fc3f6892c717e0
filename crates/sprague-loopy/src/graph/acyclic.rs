//! Sprague–Grundy values on acyclic graphs, in reverse topological order.
//!
//! The value of a vertex is the mex of the values of its successors (seed
//! note 000, "有向无环图上 SG 问题", where the notes recurse; here the order
//! comes from Kahn's algorithm run on the reversed graph, so a path of ten
//! million vertices needs no stack). A vertex is valued once all its
//! successors are: the terminal vertices first, then every vertex whose last
//! successor has just been valued.

use sprague_core::error::SolveError;

use super::Graph;

/// The Sprague–Grundy value of every vertex of an acyclic graph.
///
/// # Errors
///
/// [`SolveError::Loopy`] if some vertex can reach a cycle.
///
/// # Examples
///
/// ```
/// use sprague_loopy::graph::{Graph, grundy_acyclic};
/// // 0 -> 1 -> 2 and 0 -> 2: the values are mex{1, 0} = 2, mex{0} = 1, 0.
/// let g = Graph::parse("3 3\n0 1\n1 2\n0 2\n").unwrap();
/// assert_eq!(grundy_acyclic(&g).unwrap(), vec![2, 1, 0]);
/// ```
pub fn grundy_acyclic(graph: &Graph) -> Result<Vec<u32>, SolveError> {
    grundy_where_acyclic(graph, &graph.transpose())
        .into_iter()
        .map(|g| g.ok_or(SolveError::Loopy))
        .collect()
}

/// The Sprague–Grundy value of every vertex that cannot reach a cycle, and
/// `None` for the vertices that can. `reverse` is `graph.transpose()`.
pub fn grundy_where_acyclic(graph: &Graph, reverse: &Graph) -> Vec<Option<u32>> {
    let n = graph.n_vertices() as usize;
    const UNKNOWN: u32 = u32::MAX;
    let mut value = vec![UNKNOWN; n];
    let mut remaining: Vec<u32> = (0..n as u32).map(|v| graph.out_degree(v)).collect();
    let mut queue: Vec<u32> = (0..n as u32)
        .filter(|&v| remaining[v as usize] == 0)
        .collect();
    // `seen[g]` is the last vertex that had a successor of value `g`: a mex
    // set cleared in O(1) by moving to the next vertex.
    let mut seen: Vec<u32> = Vec::new();
    let mut head = 0;
    while head < queue.len() {
        let v = queue[head];
        head += 1;
        let successors = graph.successors(v);
        if seen.len() <= successors.len() {
            seen.resize(successors.len() + 1, u32::MAX);
        }
        for &s in successors {
            // A value above the out-degree cannot affect the mex.
            let g = value[s as usize] as usize;
            if g <= successors.len() {
                seen[g] = v;
            }
        }
        let mex = (0..).find(|&g| seen[g] != v).unwrap_or(0);
        value[v as usize] = mex as u32;
        for &p in reverse.successors(v) {
            remaining[p as usize] -= 1;
            if remaining[p as usize] == 0 {
                queue.push(p);
            }
        }
    }
    value
        .into_iter()
        .map(|g| (g != UNKNOWN).then_some(g))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use sprague_core::budget::Budget;
    use sprague_impartial::impartial::{GrundySolver, ImpartialGame};

    /// A token on a graph, for the generic memoising solver: the brute
    /// force, mex over all moves.
    struct Token<'a>(&'a Graph);

    impl ImpartialGame for Token<'_> {
        type Position = u32;
        fn moves(&self, v: &u32, out: &mut Vec<u32>) {
            out.extend_from_slice(self.0.successors(*v));
        }
    }

    /// A random acyclic graph: edges go from higher to lower numbers, then
    /// the vertices are renamed by a permutation.
    fn dag() -> impl Strategy<Value = Graph> {
        (1u32..12)
            .prop_flat_map(|n| {
                (
                    Just(n),
                    proptest::collection::vec((0..n, 0..n), 0..30),
                    Just((0..n).collect::<Vec<u32>>()).prop_shuffle(),
                )
            })
            .prop_map(|(n, edges, perm)| {
                let edges: Vec<(u32, u32)> = edges
                    .into_iter()
                    .filter(|(a, b)| a != b)
                    .map(|(a, b)| (perm[a.max(b) as usize], perm[a.min(b) as usize]))
                    .collect();
                Graph::from_pairs(n, &edges)
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn agrees_with_mex_over_all_moves(g in dag()) {
            let values = grundy_acyclic(&g).unwrap();
            let mut solver = GrundySolver::new(Token(&g), Budget::DEFAULT);
            for v in 0..g.n_vertices() {
                prop_assert_eq!(u64::from(values[v as usize]), solver.grundy(&v).unwrap().0);
            }
        }
    }

    #[test]
    fn a_long_path_needs_no_stack() {
        // 10^7 vertices: v -> v - 1, so vertex v is worth v mod 2.
        let n = 10_000_000u32;
        let sources: Vec<u32> = (1..n).collect();
        let targets: Vec<u32> = (0..n - 1).collect();
        let g = Graph::from_edges(n, &sources, &targets);
        let values = grundy_acyclic(&g).unwrap();
        assert!(values.iter().enumerate().all(|(v, &g)| g == v as u32 % 2));
    }

    #[test]
    fn cycles_are_reported() {
        let g = Graph::parse("3 3\n0 1\n1 0\n2 0\n").unwrap();
        assert_eq!(grundy_acyclic(&g), Err(SolveError::Loopy));
        let partial = grundy_where_acyclic(
            &Graph::parse("3 2\n0 1\n1 1\n").unwrap(),
            &Graph::parse("3 2\n1 0\n1 1\n").unwrap(),
        );
        assert_eq!(partial, vec![None, None, Some(0)]);
    }
}
