//! Who wins a loopy partizan game, for each vertex and each player to move:
//! win, loss or draw, and remoteness, by retrograde analysis.
//!
//! A partizan game graph is an impartial one on twice the vertices: the
//! state `(v, Left to move)` has an edge to `(w, Right to move)` for each of
//! Left's options `w` of `v`, and `(v, Right to move)` to `(w, Left to
//! move)` for each of Right's. The player to move is lost where they have
//! no move (normal play), so the outcome of every state, and its
//! remoteness (the winner hurries, the loser delays; Smith 1966), is the
//! one [`Retrograde`] computes on that doubled graph in O(V + E). Play that
//! never ends is a draw: neither player can force the other out of moves.
//!
//! A sum of components, each a vertex of its own game graph, is played on
//! the product: [`partizan_sum`] builds the part of it reachable from the
//! starting tuple (Left moves in one component, or Right does), within the
//! [`Budget`], so its outcome is a retrograde analysis like any other.

use std::collections::HashMap;

use sprague_core::budget::Budget;
use sprague_core::error::SolveError;
use sprague_core::outcome::{Outcome, Side};

use super::{Graph, PartizanGraph, Retrograde};

/// Win / loss / draw and remoteness of every vertex of a partizan game
/// graph, for each player to move.
#[derive(Clone, Debug)]
pub struct PartizanRetrograde {
    /// The analysis of the doubled graph: state `2v` is `v` with Left to
    /// move, `2v + 1` with Right to move.
    states: Retrograde,
}

fn state(v: u32, to_move: Side) -> u32 {
    2 * v + u32::from(to_move == Side::Right)
}

impl PartizanRetrograde {
    /// Analyses every vertex of `game` for both players to move.
    ///
    /// # Errors
    ///
    /// [`SolveError::BudgetExceeded`] when the two states of every vertex
    /// are more than `budget` allows; [`SolveError::TimeLimit`] past its
    /// deadline.
    ///
    /// # Examples
    ///
    /// ```
    /// use sprague_core::{Budget, Outcome, Side};
    /// use sprague_loopy::graph::{PartizanGraph, PartizanRetrograde};
    /// // on = {pass |}: Left can always move, Right never can.
    /// let on = PartizanGraph::from_pairs(1, &[(0, 0)], &[]);
    /// let r = PartizanRetrograde::new(&on, &Budget::DEFAULT).unwrap();
    /// assert_eq!(r.class(0), Outcome::L);
    /// // dud = {pass | pass}: nobody is ever out of moves.
    /// let dud = PartizanGraph::from_pairs(1, &[(0, 0)], &[(0, 0)]);
    /// let r = PartizanRetrograde::new(&dud, &Budget::DEFAULT).unwrap();
    /// assert_eq!(r.class(0), Outcome::D);
    /// assert_eq!(r.remoteness(0, Side::Left), None);
    /// ```
    pub fn new(game: &PartizanGraph, budget: &Budget) -> Result<PartizanRetrograde, SolveError> {
        let n = game.n_vertices();
        let n_states = u64::from(n) * 2;
        if n_states > u64::from(u32::MAX) {
            return Err(SolveError::BudgetExceeded {
                limit: budget.max_positions,
            });
        }
        budget.check_positions(n_states)?;
        budget.check_time()?;
        let mut sources = Vec::new();
        let mut targets = Vec::new();
        for v in 0..n {
            for &w in game.left(v) {
                sources.push(state(v, Side::Left));
                targets.push(state(w, Side::Right));
            }
            for &w in game.right(v) {
                sources.push(state(v, Side::Right));
                targets.push(state(w, Side::Left));
            }
        }
        let doubled = Graph::from_edges(n_states as u32, &sources, &targets);
        budget.check_time()?;
        let states = Retrograde::new(&doubled, &doubled.transpose());
        budget.check_time()?;
        Ok(PartizanRetrograde { states })
    }

    /// The outcome of `v` with `to_move` to move, for the player to move:
    /// `N` (they win), `P` (they lose) or `D` (a draw).
    pub fn outcome(&self, v: u32, to_move: Side) -> Outcome {
        self.states.outcome(state(v, to_move))
    }

    /// Who wins `v` when `starter` moves first: `Some(side)`, or `None` for
    /// a draw.
    pub fn winner(&self, v: u32, starter: Side) -> Option<Side> {
        match self.outcome(v, starter) {
            Outcome::N => Some(starter),
            Outcome::P => Some(starter.other()),
            _ => None,
        }
    }

    /// The outcome class of `v`: `L`, `R`, `N`, `P` as for short games, `D`
    /// when both starts are drawn, and CGSuite's four classes where one
    /// start is won and the other drawn ([`Outcome::from_winners`]).
    pub fn class(&self, v: u32) -> Outcome {
        Outcome::from_winners(self.winner(v, Side::Left), self.winner(v, Side::Right))
    }

    /// The remoteness of `v` with `to_move` to move, `None` for a draw.
    pub fn remoteness(&self, v: u32, to_move: Side) -> Option<u32> {
        self.states.remoteness(state(v, to_move))
    }
}

/// The part of the sum of `parts` (each a game graph and the vertex its
/// component stands on) reachable from where they stand: a game graph whose
/// vertex 0 is the starting tuple, and the tuple of every vertex (one
/// vertex per part). Left's options of a tuple are Left's moves in any one
/// part, by part and then in that part's order; Right's alike.
///
/// # Errors
///
/// [`SolveError::BudgetExceeded`] when more tuples are reachable than
/// `budget` allows; [`SolveError::TimeLimit`] past its deadline.
///
/// # Examples
///
/// ```
/// use sprague_core::{Budget, Outcome};
/// use sprague_loopy::graph::{PartizanGraph, PartizanRetrograde, partizan_sum};
/// let on = PartizanGraph::from_pairs(1, &[(0, 0)], &[]);
/// let off = PartizanGraph::from_pairs(1, &[], &[(0, 0)]);
/// // on + off is dud: a draw.
/// let (sum, tuples) = partizan_sum(&[(&on, 0), (&off, 0)], &Budget::DEFAULT).unwrap();
/// assert_eq!(tuples, vec![vec![0, 0]]);
/// let r = PartizanRetrograde::new(&sum, &Budget::DEFAULT).unwrap();
/// assert_eq!(r.class(0), Outcome::D);
/// ```
pub fn partizan_sum(
    parts: &[(&PartizanGraph, u32)],
    budget: &Budget,
) -> Result<(PartizanGraph, Vec<Vec<u32>>), SolveError> {
    let start: Vec<u32> = parts.iter().map(|&(_, v)| v).collect();
    let mut index: HashMap<Vec<u32>, u32> = HashMap::new();
    let mut tuples: Vec<Vec<u32>> = Vec::new();
    budget.check_positions(0)?;
    index.insert(start.clone(), 0);
    tuples.push(start);
    let mut left_edges = Vec::new();
    let mut right_edges = Vec::new();
    let mut head = 0;
    while head < tuples.len() {
        let from = head as u32;
        for (side, edges) in [
            (Side::Left, &mut left_edges),
            (Side::Right, &mut right_edges),
        ] {
            for (i, &(game, _)) in parts.iter().enumerate() {
                let here = tuples[head][i];
                let options = match side {
                    Side::Left => game.left(here),
                    Side::Right => game.right(here),
                };
                for &w in options {
                    let mut next = tuples[head].clone();
                    next[i] = w;
                    let to = match index.get(&next) {
                        Some(&to) => to,
                        None => {
                            let to = tuples.len() as u32;
                            budget.check_positions(u64::from(to))?;
                            index.insert(next.clone(), to);
                            tuples.push(next);
                            to
                        }
                    };
                    edges.push((from, to));
                }
            }
        }
        head += 1;
    }
    let n = tuples.len() as u32;
    Ok((
        PartizanGraph::from_pairs(n, &left_edges, &right_edges),
        tuples,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Outcome (for the player to move) and remoteness of every (vertex,
    /// player to move) of a partizan game, by sweeping the definitions
    /// until nothing changes: a state is won if some move leads to a state
    /// lost for the opponent (remoteness one more than the least such), lost
    /// if every move leads to a state won for the opponent (one more than
    /// the largest), drawn otherwise. Written here, on the partizan game
    /// itself, independently of the doubled graph.
    fn naive(game: &PartizanGraph) -> HashMap<(u32, Side), (Outcome, Option<u32>)> {
        let mut state: HashMap<(u32, Side), (Outcome, Option<u32>)> = HashMap::new();
        for v in 0..game.n_vertices() {
            for side in [Side::Left, Side::Right] {
                state.insert((v, side), (Outcome::D, None));
            }
        }
        loop {
            let mut changed = false;
            for v in 0..game.n_vertices() {
                for side in [Side::Left, Side::Right] {
                    let options = match side {
                        Side::Left => game.left(v),
                        Side::Right => game.right(v),
                    };
                    let mut win: Option<u32> = None;
                    let mut loss = Some(0u32);
                    for &w in options {
                        match state[&(w, side.other())] {
                            (Outcome::P, Some(r)) => {
                                win = Some(win.map_or(r + 1, |b| b.min(r + 1)))
                            }
                            (Outcome::N, Some(r)) => loss = loss.map(|l| l.max(r + 1)),
                            _ => loss = None,
                        }
                    }
                    let new = match (win, loss) {
                        (Some(r), _) => (Outcome::N, Some(r)),
                        (None, Some(r)) => (Outcome::P, Some(r)),
                        (None, None) => (Outcome::D, None),
                    };
                    if state[&(v, side)] != new {
                        state.insert((v, side), new);
                        changed = true;
                    }
                }
            }
            if !changed {
                return state;
            }
        }
    }

    fn partizan_graph(max_n: u32, max_edges: usize) -> impl Strategy<Value = PartizanGraph> {
        (1u32..=max_n).prop_flat_map(move |n| {
            (
                proptest::collection::vec((0..n, 0..n), 0..=max_edges),
                proptest::collection::vec((0..n, 0..n), 0..=max_edges),
            )
                .prop_map(move |(l, r)| PartizanGraph::from_pairs(n, &l, &r))
        })
    }

    fn agrees(game: &PartizanGraph, r: &PartizanRetrograde) -> Result<(), TestCaseError> {
        let brute = naive(game);
        for v in 0..game.n_vertices() {
            for side in [Side::Left, Side::Right] {
                prop_assert_eq!(
                    (r.outcome(v, side), r.remoteness(v, side)),
                    brute[&(v, side)],
                    "vertex {} with {:?} to move",
                    v,
                    side
                );
            }
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn agrees_with_the_fixed_point_of_the_definitions(game in partizan_graph(9, 18)) {
            let r = PartizanRetrograde::new(&game, &Budget::DEFAULT).unwrap();
            agrees(&game, &r)?;
        }

        #[test]
        fn sums_agree_with_the_fixed_point_on_the_product(
            a in partizan_graph(4, 7),
            b in partizan_graph(4, 7),
            c in partizan_graph(3, 4),
            va in 0u32..4,
            vb in 0u32..4,
        ) {
            let va = va % a.n_vertices();
            let vb = vb % b.n_vertices();
            let (sum, tuples) = partizan_sum(&[(&a, va), (&b, vb), (&c, 0)], &Budget::DEFAULT).unwrap();
            prop_assert_eq!(&tuples[0], &vec![va, vb, 0]);
            let r = PartizanRetrograde::new(&sum, &Budget::DEFAULT).unwrap();
            agrees(&sum, &r)?;
            // Each tuple's options are exactly the moves of one part.
            for (t, tuple) in tuples.iter().enumerate() {
                let mut expected: Vec<Vec<u32>> = Vec::new();
                for (i, g) in [&a, &b, &c].iter().enumerate() {
                    for &w in g.left(tuple[i]) {
                        let mut next = tuple.clone();
                        next[i] = w;
                        expected.push(next);
                    }
                }
                let got: Vec<Vec<u32>> =
                    sum.left(t as u32).iter().map(|&w| tuples[w as usize].clone()).collect();
                prop_assert_eq!(got, expected);
            }
        }
    }

    #[test]
    fn stoppers_of_the_literature_have_their_classes() {
        // over = {0 | pass} (Siegel, Combinatorial Game Theory, ch. VI) is
        // Left's whoever starts: Left moves to 0 and wins at once; Right's
        // only move returns to over, and then Left does.
        let over = PartizanGraph::from_pairs(2, &[(0, 1)], &[(0, 0)]);
        let r = PartizanRetrograde::new(&over, &Budget::DEFAULT).unwrap();
        assert_eq!(r.class(0), Outcome::L);
        assert_eq!(r.remoteness(0, Side::Left), Some(1));
        assert_eq!(r.remoteness(0, Side::Right), Some(2));
    }

    #[test]
    fn the_budget_bounds_the_product() {
        let cycle = PartizanGraph::from_pairs(
            10,
            &[
                (0, 1),
                (1, 2),
                (2, 3),
                (3, 4),
                (4, 5),
                (5, 6),
                (6, 7),
                (7, 8),
                (8, 9),
                (9, 0),
            ],
            &[],
        );
        let parts = [(&cycle, 0), (&cycle, 0), (&cycle, 0)];
        assert!(partizan_sum(&parts, &Budget::positions(1000)).is_ok());
        assert!(matches!(
            partizan_sum(&parts, &Budget::positions(999)),
            Err(SolveError::BudgetExceeded { .. })
        ));
        assert!(matches!(
            PartizanRetrograde::new(&cycle, &Budget::positions(20)),
            Err(SolveError::BudgetExceeded { .. })
        ));
    }
}
