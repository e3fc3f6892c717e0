//! Retrograde analysis of one token on any graph: win, loss or draw, and
//! remoteness, for every vertex in O(V + E).
//!
//! Seed note 004 ("標準無偏有環賽局"): a vertex with no moves is lost for the
//! player to move (P); a vertex with a move to a P vertex is won (N); a
//! vertex all of whose moves go to N vertices is lost (P); whatever this
//! never decides is a draw (D). The work goes backwards from the terminal
//! vertices along reversed edges, with a counter per vertex of the moves not
//! yet known to go to N vertices, as in Gamesman's retrograde solver.
//!
//! **Remoteness** (Smith 1966, "Graphs and composite games"; Winning Ways,
//! ch. 9; Gamesman's "remoteness"): the number of moves until the game ends
//! when the winner plays to win as fast as possible and the loser to lose as
//! slowly as possible. A terminal vertex has remoteness 0; a won vertex has
//! 1 + the least remoteness of its moves to lost vertices; a lost vertex has
//! 1 + the largest remoteness of its moves (all to won vertices); a draw has
//! none. The queue is processed in order of remoteness (every vertex
//! decided from a vertex of remoteness `r` gets `r + 1`), so the first lost
//! successor seen by a won vertex is a nearest one, and the last won
//! successor that decides a lost vertex is a farthest one.

use sprague_core::outcome::Outcome;

use super::Graph;

/// Win / loss / draw and remoteness of every vertex of a graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Retrograde {
    /// One word per vertex, so that each edge walked backwards touches one
    /// random memory location: the low 32 bits are the number of moves not
    /// yet known to go to N vertices while the vertex is undecided, and its
    /// remoteness once it is decided; [`DECIDED`] and [`WON`] are flags.
    state: Vec<u64>,
}

const DECIDED: u64 = 1 << 32;
const WON: u64 = 1 << 33;

impl Retrograde {
    /// Analyses every vertex of `graph`; `reverse` is `graph.transpose()`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sprague_core::Outcome;
    /// use sprague_loopy::graph::{Graph, Retrograde};
    /// // 0 -> 1 -> 2, and 3 <-> 4: a path and a cycle.
    /// let g = Graph::parse("5 4\n0 1\n1 2\n3 4\n4 3\n").unwrap();
    /// let r = Retrograde::new(&g, &g.transpose());
    /// assert_eq!(r.outcome(0), Outcome::P);
    /// assert_eq!(r.remoteness(0), Some(2));
    /// assert_eq!(r.outcome(1), Outcome::N);
    /// assert_eq!(r.outcome(3), Outcome::D);
    /// assert_eq!(r.remoteness(3), None);
    /// ```
    pub fn new(graph: &Graph, reverse: &Graph) -> Retrograde {
        let n = graph.n_vertices();
        let mut state: Vec<u64> = Vec::with_capacity(n as usize);
        let mut queue: Vec<u32> = Vec::with_capacity(n as usize);
        for v in 0..n {
            let d = graph.out_degree(v);
            if d == 0 {
                state.push(DECIDED);
                queue.push(v);
            } else {
                state.push(u64::from(d));
            }
        }
        let mut head = 0;
        while head < queue.len() {
            let v = queue[head];
            head += 1;
            let sv = state[v as usize];
            // Remoteness is below the number of vertices, so it fits.
            let r = (sv as u32 as u64) + 1;
            if sv & WON == 0 {
                // `v` is lost: every undecided predecessor wins by moving to
                // it, as fast as possible since the queue is in order of
                // remoteness.
                for &p in reverse.successors(v) {
                    let sp = &mut state[p as usize];
                    if *sp & DECIDED == 0 {
                        *sp = DECIDED | WON | r;
                        queue.push(p);
                    }
                }
            } else {
                for &p in reverse.successors(v) {
                    let sp = &mut state[p as usize];
                    if *sp & DECIDED == 0 {
                        *sp -= 1;
                        if *sp == 0 {
                            *sp = DECIDED | r;
                            queue.push(p);
                        }
                    }
                }
            }
        }
        Retrograde { state }
    }

    /// Who wins with the token on `v`: `N` (the player to move), `P` (the
    /// other player) or `D` (a draw).
    pub fn outcome(&self, v: u32) -> Outcome {
        let s = self.state[v as usize];
        if s & DECIDED == 0 {
            Outcome::D
        } else if s & WON != 0 {
            Outcome::N
        } else {
            Outcome::P
        }
    }

    /// The remoteness of `v`, or `None` for a draw.
    pub fn remoteness(&self, v: u32) -> Option<u32> {
        let s = self.state[v as usize];
        (s & DECIDED != 0).then_some(s as u32)
    }

    /// The best moves from `v`: for a won vertex the moves to lost vertices
    /// of least remoteness, for a drawn vertex the moves to drawn vertices,
    /// for a lost vertex the moves to won vertices of largest remoteness.
    pub fn best_moves(&self, graph: &Graph, v: u32) -> Vec<u32> {
        let successors = graph.successors(v);
        let wanted = match self.outcome(v) {
            Outcome::N => Outcome::P,
            Outcome::P => Outcome::N,
            _ => Outcome::D,
        };
        let target = self.remoteness(v).map(|r| r.saturating_sub(1));
        let mut best: Vec<u32> = successors
            .iter()
            .copied()
            .filter(|&s| self.outcome(s) == wanted && self.remoteness(s) == target)
            .collect();
        best.dedup();
        best
    }
}

/// The straightforward baseline: sweep every vertex again and again,
/// applying the definitions of outcome and remoteness to the current values
/// of its successors, until a sweep changes nothing. Up to O(V · E) work;
/// used as the brute force in tests and the baseline in benchmarks.
pub fn retrograde_fixed_point(graph: &Graph) -> Vec<(Outcome, Option<u32>)> {
    let n = graph.n_vertices();
    let mut state: Vec<(Outcome, Option<u32>)> = vec![(Outcome::D, None); n as usize];
    loop {
        let mut changed = false;
        for v in 0..n {
            let mut best_win: Option<u32> = None;
            let mut all_n = true;
            let mut worst_loss = 0;
            for &s in graph.successors(v) {
                match state[s as usize] {
                    (Outcome::P, Some(r)) => {
                        best_win = Some(best_win.map_or(r + 1, |b: u32| b.min(r + 1)));
                    }
                    (Outcome::N, Some(r)) => worst_loss = worst_loss.max(r + 1),
                    _ => all_n = false,
                }
            }
            let new = if let Some(r) = best_win {
                (Outcome::N, Some(r))
            } else if all_n {
                (Outcome::P, Some(worst_loss))
            } else {
                (Outcome::D, None)
            };
            if new != state[v as usize] {
                state[v as usize] = new;
                changed = true;
            }
        }
        if !changed {
            return state;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    pub(crate) fn loopy_graph(max_n: u32, max_edges: usize) -> impl Strategy<Value = Graph> {
        (1u32..=max_n).prop_flat_map(move |n| {
            proptest::collection::vec((0..n, 0..n), 0..=max_edges)
                .prop_map(move |edges| Graph::from_pairs(n, &edges))
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]
        #[test]
        fn agrees_with_the_fixed_point_of_the_definitions(g in loopy_graph(10, 25)) {
            let r = Retrograde::new(&g, &g.transpose());
            let brute = retrograde_fixed_point(&g);
            for v in 0..g.n_vertices() {
                prop_assert_eq!((r.outcome(v), r.remoteness(v)), brute[v as usize]);
            }
        }
    }

    #[test]
    fn remoteness_follows_the_longest_defence() {
        // 0 -> 1 -> 2 (terminal) and 0 -> 3 -> 4 -> 5 -> 6 (terminal): from 0
        // both moves go to won vertices (1 at remoteness 1, 3 at remoteness
        // 3), so 0 is lost and holds out for 1 + 3 = 4 moves.
        let g = Graph::parse("7 6\n0 1\n1 2\n0 3\n3 4\n4 5\n5 6\n").unwrap();
        let r = Retrograde::new(&g, &g.transpose());
        assert_eq!(r.outcome(0), Outcome::P);
        assert_eq!(r.remoteness(0), Some(4));
        assert_eq!(r.best_moves(&g, 0), vec![3]);
        // 4 -> 5 wins at once? No: 5 is won (it moves to 6), so 4 is lost.
        assert_eq!(r.outcome(4), Outcome::P);
        assert_eq!(r.remoteness(4), Some(2));
    }

    #[test]
    fn a_self_loop_is_a_draw_unless_a_win_exists() {
        let g = Graph::parse("3 3\n0 0\n1 1\n1 2\n").unwrap();
        let r = Retrograde::new(&g, &g.transpose());
        assert_eq!(r.outcome(0), Outcome::D);
        assert_eq!(r.outcome(1), Outcome::N);
        assert_eq!(r.remoteness(1), Some(1));
    }
}
