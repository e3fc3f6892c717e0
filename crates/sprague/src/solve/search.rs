//! Strategy 3: the search of a whole sum as one game. No theory of sums,
//! only the definition: a position is won for the player to move when one
//! of their moves leads to a position lost for the other player moving
//! next; a player who cannot move loses under normal play and wins under
//! misère play. The player to move and the play convention are part of the
//! state, so one search serves impartial sums under misère play, partizan
//! sums under either convention, and the tests' check of every theory.

use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::position::Position;
use sprague_core::budget::Budget;
use sprague_core::error::SolveError;
use sprague_core::outcome::Outcome;
use sprague_game::{Component, Key, Play, Side};

use super::analysis::{Analysis, SumMove};

/// A sum as a memo key: its components' keys, sorted (a sum does not depend
/// on the order of its parts), and who is to move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct State {
    keys: Vec<Key>,
    side: Side,
}

impl State {
    /// What storing the state costs against the budget: one position per
    /// component key, so that a sum of thousands of components is counted
    /// as the memory it takes, not as one position.
    fn cost(&self) -> u64 {
        self.keys.len().max(1) as u64
    }
}

/// What the search knows of a sum once it is done: whether the player to
/// move wins, and (in a search for remoteness) in how many moves the game
/// ends with best play — the winner hurrying, the loser delaying (Smith's
/// remoteness, Winning Ways ch. 9). Without remoteness the search stops at
/// the first winning move and `remoteness` is 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Solved {
    won: bool,
    remoteness: u32,
}

/// A position on the search stack: its options with their states, and the
/// next one to look at.
struct Frame {
    state: State,
    children: Vec<(Vec<Arc<dyn Component>>, State)>,
    next: usize,
    /// The cost of the children's states (see [`State::cost`]).
    cost: u64,
    /// The least remoteness of the options lost for the opponent, if any.
    quickest_win: Option<u32>,
    /// The greatest remoteness of the options seen.
    longest: u32,
}

impl Frame {
    /// Takes in an option's result.
    fn see(&mut self, child: Solved) {
        if !child.won {
            self.quickest_win = Some(
                self.quickest_win
                    .map_or(child.remoteness, |r| r.min(child.remoteness)),
            );
        }
        self.longest = self.longest.max(child.remoteness);
    }

    /// The result once every option was seen: won with the quickest win,
    /// else lost as late as the options allow.
    fn result(&self) -> Solved {
        match self.quickest_win {
            Some(r) => Solved {
                won: true,
                remoteness: r.saturating_add(1),
            },
            None => Solved {
                won: false,
                remoteness: self.longest.saturating_add(1),
            },
        }
    }
}

/// The direct search of whole sums, memoised, with an explicit stack (no
/// recursion, so long games do not overflow the call stack) and at most the
/// budget's positions stored, each sum counted once per component (the
/// memo, the path and the options listed on the path together).
#[derive(Debug)]
pub struct SumSearch {
    play: Play,
    budget: Budget,
    /// Whether every option is searched, for the remoteness, instead of
    /// stopping at the first winning one.
    remoteness: bool,
    table: FxHashMap<State, Solved>,
    /// The cost of the states in `table`.
    table_cost: u64,
    /// The positions on the search stack, to report a cycle instead of
    /// searching it forever.
    open: FxHashSet<State>,
}

impl std::fmt::Debug for Frame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Frame")
            .field("state", &self.state)
            .field("next", &self.next)
            .finish_non_exhaustive()
    }
}

impl SumSearch {
    /// A search under `play` that stores at most `budget` positions.
    pub fn new(play: Play, budget: Budget) -> SumSearch {
        SumSearch {
            play,
            budget,
            remoteness: false,
            table: FxHashMap::default(),
            table_cost: 0,
            open: FxHashSet::default(),
        }
    }

    /// A search under `play` that also finds the remoteness of each sum
    /// ([`SumSearch::remoteness`]): it looks at every option of a won
    /// position, not only up to the first winning one.
    pub fn with_remoteness(play: Play, budget: Budget) -> SumSearch {
        SumSearch {
            remoteness: true,
            ..SumSearch::new(play, budget)
        }
    }

    /// The state of `components` with `side` to move. In a sum without
    /// partizan components both players have the same moves, so the side is
    /// left out and both share one entry.
    fn state(components: &[Arc<dyn Component>], side: Side) -> State {
        let mut keys: Vec<Key> = components.iter().map(|c| c.key()).collect();
        keys.sort_unstable();
        let partizan = components.iter().any(|c| c.class().is_partizan());
        State {
            keys,
            side: if partizan { side } else { Side::Left },
        }
    }

    /// The frame of `state`, its options listed; `stored` is what the
    /// memo and the path already cost.
    fn open(
        &mut self,
        components: &[Arc<dyn Component>],
        state: State,
        side: Side,
        stored: u64,
    ) -> Result<Frame, SolveError> {
        if !self.open.insert(state.clone()) {
            return Err(SolveError::Loopy);
        }
        let mut children = Vec::new();
        let mut cost = state.cost();
        for (i, c) in components.iter().enumerate() {
            for m in c.moves_of(side, &self.budget)? {
                let mut next = components.to_vec();
                next.splice(i..=i, m.to);
                let state = SumSearch::state(&next, side.other());
                cost += state.cost();
                // Checked while listing: one frame of a sum of thousands
                // of heaps holds millions of keys.
                self.budget.check_positions(stored + cost)?;
                children.push((next, state));
            }
        }
        Ok(Frame {
            state,
            children,
            next: 0,
            cost,
            quickest_win: None,
            longest: 0,
        })
    }

    /// Whether `side`, moving first in the sum of `components`, wins.
    ///
    /// # Errors
    ///
    /// [`SolveError::BudgetExceeded`] or [`SolveError::TimeLimit`] when the
    /// search needs more than the budget; [`SolveError::Loopy`] if a
    /// position repeats; any error a component gives listing its moves.
    pub fn wins(
        &mut self,
        components: &[Arc<dyn Component>],
        side: Side,
    ) -> Result<bool, SolveError> {
        Ok(self.solve(components, side)?.won)
    }

    /// Whether `side`, moving first in the sum of `components`, wins, and
    /// the remoteness: how many moves the game lasts when the winner
    /// hurries and the loser delays. Only for a search made by
    /// [`SumSearch::with_remoteness`] (`None` otherwise).
    ///
    /// # Errors
    ///
    /// As [`SumSearch::wins`].
    pub fn remoteness(
        &mut self,
        components: &[Arc<dyn Component>],
        side: Side,
    ) -> Result<Option<(bool, u32)>, SolveError> {
        if !self.remoteness {
            return Ok(None);
        }
        let solved = self.solve(components, side)?;
        Ok(Some((solved.won, solved.remoteness)))
    }

    fn solve(
        &mut self,
        components: &[Arc<dyn Component>],
        side: Side,
    ) -> Result<Solved, SolveError> {
        let root = SumSearch::state(components, side);
        if let Some(&solved) = self.table.get(&root) {
            return Ok(solved);
        }
        self.open.clear();
        let frame = self.open(components, root, side, self.table_cost)?;
        // What the frames on the stack cost (their states and options).
        let mut path_cost = frame.cost;
        let mut stack = vec![frame];
        loop {
            let frame = stack.last_mut().expect("the root stays until it returns");
            let mut result = None;
            if frame.children.is_empty() {
                result = Some(Solved {
                    won: self.play == Play::Misere,
                    remoteness: 0,
                });
            }
            while result.is_none() && frame.next < frame.children.len() {
                match self.table.get(&frame.children[frame.next].1) {
                    // A move to a position the opponent loses: won, and
                    // without remoteness nothing more is needed.
                    Some(child) if !child.won && !self.remoteness => {
                        result = Some(Solved {
                            won: true,
                            remoteness: 0,
                        });
                    }
                    Some(&child) => {
                        frame.see(child);
                        frame.next += 1;
                    }
                    None => break,
                }
            }
            if result.is_none() && frame.next == frame.children.len() {
                result = Some(frame.result());
            }
            match result {
                Some(solved) => {
                    let frame = stack.pop().expect("a frame was just inspected");
                    path_cost -= frame.cost;
                    self.table_cost += frame.state.cost();
                    self.budget.check_positions(self.table_cost + path_cost)?;
                    self.open.remove(&frame.state);
                    self.table.insert(frame.state, solved);
                    if stack.is_empty() {
                        return Ok(solved);
                    }
                }
                None => {
                    let (child, state) = frame.children[frame.next].clone();
                    // The state's side is the player to move (Left in sums
                    // where both have the same moves).
                    let side = state.side;
                    // The positions on the path are stored too (their
                    // states, options and frames), and `open` counts them:
                    // without that a path of 10^18 moves down one huge
                    // heap grew until memory ran out, as no position on it
                    // was ever done.
                    let next = self.open(&child, state, side, self.table_cost + path_cost)?;
                    path_cost += next.cost;
                    stack.push(next);
                }
            }
        }
    }
}

/// The analysis of `position` under `play` by search: the outcome, and the
/// first `max` winning moves of `side` moving first (its moves after which
/// the other player, moving first, loses). For a sum without partizan
/// components the outcome is N or P; otherwise the class from both players'
/// chances moving first.
///
/// # Errors
///
/// As [`SumSearch::wins`].
pub(super) fn analyze(
    position: &Position,
    play: Play,
    side: Side,
    max: usize,
    budget: &Budget,
) -> Result<Analysis, SolveError> {
    let components = position.components();
    let mut search = SumSearch::new(play, *budget);
    let partizan = components.iter().any(|c| c.class().is_partizan());
    let side_first = search.wins(components, side)?;
    let outcome = if partizan {
        let other_first = search.wins(components, side.other())?;
        match side {
            Side::Left => Outcome::from_partizan(side_first, other_first),
            Side::Right => Outcome::from_partizan(other_first, side_first),
        }
    } else if side_first {
        Outcome::N
    } else {
        Outcome::P
    };
    let mut winning_moves = Vec::new();
    if side_first {
        'components: for (i, c) in components.iter().enumerate() {
            for m in c.moves_of(side, budget)? {
                let after = position.replace(i, &m.to);
                if !search.wins(after.components(), side.other())? {
                    winning_moves.push(SumMove::new(position, i, m));
                    if winning_moves.len() == max {
                        break 'components;
                    }
                }
            }
        }
    }
    Ok(Analysis {
        play,
        outcome,
        value: None,
        components: vec![None; components.len()],
        winning_moves,
        drawing_moves: Vec::new(),
        remoteness: None,
        remoteness_left_out: None,
        work: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_down_a_huge_heap_runs_into_the_budget() {
        // Found by fuzzing: misère play of a heap of 2^63 is searched move
        // by move, and no position on the way down is done until the bottom.
        let position = Position::parse("subtraction[2,5](2, 4, 2^63)").unwrap();
        let result = analyze(
            &position,
            Play::Misere,
            Side::Left,
            1,
            &Budget::positions(10_000),
        );
        assert_eq!(
            result.unwrap_err(),
            SolveError::BudgetExceeded { limit: 10_000 }
        );
    }

    #[test]
    fn a_sum_of_thousands_of_components_is_counted_by_its_size() {
        // Found by fuzzing: a misère sum of 2000 heaps lists, in its first
        // frame alone, 2000 options of 2000 keys each; counted as positions
        // it was one frame, and memory ran out before the budget.
        let text = vec!["subtraction[1,3](5)"; 2000].join(" + ");
        let position = Position::parse(&text).unwrap();
        let result = analyze(&position, Play::Misere, Side::Left, 1, &Budget::DEFAULT);
        assert_eq!(
            result.unwrap_err(),
            SolveError::BudgetExceeded { limit: 10_000_000 }
        );
    }
}
