//! Impartial games in general: the mex rule, a memoising Sprague–Grundy
//! solver for any game given by its moves, and a dense solver for one-heap
//! families.
//!
//! The Sprague–Grundy theorem says every impartial, loop-free game under
//! normal play is equivalent to a single Nim heap `*g`, where `g` is the
//! minimum excludant (mex) of the values of its options; a disjunctive sum is
//! worth the nim-sum (exclusive or) of its parts. The solver here applies
//! that definition literally, so it doubles as the brute force that every
//! closed form in `sprague_rulesets` is checked against.

use std::hash::Hash;

use rustc_hash::FxHashMap;

use crate::nimber::Nimber;
use sprague_core::budget::Budget;
use sprague_core::error::SolveError;

/// The minimum excludant: the least non-negative integer not in `values`.
///
/// `values` may contain repeats and be in any order; it is sorted in place.
///
/// # Examples
///
/// ```
/// assert_eq!(sprague_impartial::mex(&mut vec![0, 1, 3, 1]), 2);
/// assert_eq!(sprague_impartial::mex(&mut vec![]), 0);
/// ```
pub fn mex(values: &mut [u64]) -> u64 {
    values.sort_unstable();
    let mut candidate = 0;
    for &v in values.iter() {
        if v == candidate {
            candidate += 1;
        } else if v > candidate {
            break;
        }
    }
    candidate
}

/// An impartial game given by its rules: the moves of a position, and,
/// optionally, how a position splits into independent components.
///
/// Implementors supply moves; [`GrundySolver`] supplies values.
pub trait ImpartialGame {
    /// A position of the game.
    type Position: Clone + Eq + Hash;

    /// Appends the options (the positions one move away) of `position` to
    /// `out`.
    fn moves(&self, position: &Self::Position, out: &mut Vec<Self::Position>);

    /// If `position` is a disjunctive sum of two or more independent
    /// components, appends them to `out` and returns `true`; otherwise leaves
    /// `out` alone and returns `false`. Splitting is an optimisation only:
    /// the value of a split position is the nim-sum of its components'.
    fn split(&self, position: &Self::Position, out: &mut Vec<Self::Position>) -> bool {
        let _ = (position, out);
        false
    }
}

/// Marks a position whose value is being computed (it is on the stack).
const IN_PROGRESS: u64 = u64::MAX;

/// A memoising Sprague–Grundy solver for any [`ImpartialGame`].
///
/// The search runs on an explicit stack, so a chain of millions of positions
/// does not overflow the call stack, and it stores at most
/// `budget.max_positions` positions. The table survives between calls, so
/// values of many positions of one game share work.
///
/// Cost: one hash-table probe per option of every position reached, and one
/// insertion per position; the table maps a position to a slot in a value
/// array, so a position's value is filled in without hashing it again.
#[derive(Debug)]
pub struct GrundySolver<G: ImpartialGame> {
    game: G,
    budget: Budget,
    /// Position → index into `values`.
    table: FxHashMap<G::Position, usize>,
    /// Values by slot; `IN_PROGRESS` while the position is on the stack.
    values: Vec<u64>,
}

/// One position on the solver's stack. Its children (options, or
/// components when `is_sum`) still to be valued are the top of the shared
/// child stack from `children_start` on, and the values of those already
/// valued are the shared value stack from `values_start` on: while a frame is
/// on top, both stacks above those marks are its own, so opening a position
/// allocates nothing.
struct Frame {
    slot: usize,
    children_start: usize,
    values_start: usize,
    is_sum: bool,
}

impl<G: ImpartialGame> GrundySolver<G> {
    /// A solver for `game` that stores at most `budget.max_positions`
    /// positions.
    pub fn new(game: G, budget: Budget) -> Self {
        GrundySolver {
            game,
            budget,
            table: FxHashMap::default(),
            values: Vec::new(),
        }
    }

    /// The game being solved.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// How many positions are stored.
    pub fn n_positions(&self) -> usize {
        self.table.len()
    }

    /// The Grundy value of `position`.
    ///
    /// # Errors
    ///
    /// [`SolveError::BudgetExceeded`] when more positions would be stored
    /// than the budget allows, [`SolveError::Loopy`] when a position is
    /// reachable from itself.
    pub fn grundy(&mut self, position: &G::Position) -> Result<Nimber, SolveError> {
        if let Some(&slot) = self.table.get(position) {
            return match self.values[slot] {
                IN_PROGRESS => Err(SolveError::Loopy),
                g => Ok(Nimber(g)),
            };
        }
        let result = self.search(position.clone());
        if result.is_err() {
            // Forget the half-finished positions so the table stays usable.
            let values = &self.values;
            self.table.retain(|_, slot| values[*slot] != IN_PROGRESS);
        }
        result
    }

    /// Whether the player to move from `position` wins.
    pub fn is_next_player_win(&mut self, position: &G::Position) -> Result<bool, SolveError> {
        Ok(self.grundy(position)? != Nimber::ZERO)
    }

    /// Stores `position` as in progress and pushes its children.
    fn open(
        &mut self,
        position: G::Position,
        children: &mut Vec<G::Position>,
        values_start: usize,
    ) -> Result<Frame, SolveError> {
        self.budget.check_positions(self.table.len() as u64)?;
        let children_start = children.len();
        let is_sum = self.game.split(&position, children);
        if !is_sum {
            self.game.moves(&position, children);
        }
        let slot = self.values.len();
        self.values.push(IN_PROGRESS);
        self.table.insert(position, slot);
        Ok(Frame {
            slot,
            children_start,
            values_start,
            is_sum,
        })
    }

    fn search(&mut self, root: G::Position) -> Result<Nimber, SolveError> {
        let mut children = Vec::new();
        let mut child_values: Vec<u64> = Vec::new();
        let mut stack = vec![self.open(root, &mut children, 0)?];
        loop {
            let frame = stack
                .last()
                .expect("the stack holds the root until it returns");
            // Children are taken from the top: the order of a mex or a
            // nim-sum does not matter, and popping moves the child out
            // instead of cloning it.
            if children.len() > frame.children_start {
                let child = children.pop().expect("the length was just checked");
                match self.table.get(&child) {
                    Some(&slot) => match self.values[slot] {
                        IN_PROGRESS => return Err(SolveError::Loopy),
                        g => child_values.push(g),
                    },
                    None => {
                        let frame = self.open(child, &mut children, child_values.len())?;
                        stack.push(frame);
                    }
                }
                continue;
            }
            let frame = stack.pop().expect("a frame was just inspected");
            let own = &mut child_values[frame.values_start..];
            let value = if frame.is_sum {
                own.iter().fold(0, |acc, v| acc ^ v)
            } else {
                mex(own)
            };
            child_values.truncate(frame.values_start);
            self.values[frame.slot] = value;
            if stack.is_empty() {
                return Ok(Nimber(value));
            }
            child_values.push(value);
        }
    }
}

/// A scratch set for repeated mex computations over small values: marks
/// are stamped with a generation number, so clearing costs nothing.
#[derive(Debug, Default, Clone)]
pub struct MexSet {
    stamp: Vec<u32>,
    generation: u32,
}

impl MexSet {
    /// An empty set.
    pub fn new() -> MexSet {
        MexSet::default()
    }

    /// Empties the set.
    pub fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.generation = 1;
        }
    }

    /// Adds `value` to the set.
    pub fn insert(&mut self, value: u64) {
        let Ok(i) = usize::try_from(value) else {
            return;
        };
        if i >= self.stamp.len() {
            // A value beyond the number of options can never be the mex, but
            // the set is sized for the values seen, which stay small.
            self.stamp.resize(i + 1, 0);
        }
        self.stamp[i] = self.generation;
    }

    /// The least non-negative integer not in the set.
    pub fn mex(&self) -> u64 {
        self.stamp
            .iter()
            .position(|&s| s != self.generation)
            .unwrap_or(self.stamp.len()) as u64
    }
}

/// The Grundy values `G(0..=n)` of a one-heap family whose moves from a heap
/// lead to sums of smaller heaps.
///
/// `options(h, g, emit)` must call `emit` with the value of every option of
/// heap `h`, computed from `g = G(0..h)` (for a move to a sum of heaps, the
/// nim-sum of their entries in `g`). Cost: `n` mex computations plus the
/// options' own cost.
///
/// # Examples
///
/// The subtraction game with S = {1, 2, 3} (the Bash game) has G(h) = h mod 4:
///
/// ```
/// let g = sprague_impartial::grundy_sequence(10, |h, g, emit| {
///     for s in 1..=3 {
///         if s <= h {
///             emit(g[h - s]);
///         }
///     }
/// });
/// assert_eq!(g, vec![0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2]);
/// ```
pub fn grundy_sequence<F>(n: usize, mut options: F) -> Vec<u64>
where
    F: FnMut(usize, &[u64], &mut dyn FnMut(u64)),
{
    let mut g = Vec::with_capacity(n + 1);
    let mut seen = MexSet::new();
    for h in 0..=n {
        seen.clear();
        options(h, &g, &mut |v| seen.insert(v));
        g.push(seen.mex());
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One Nim heap: the options of `n` are `0..n`.
    struct NimHeap;
    impl ImpartialGame for NimHeap {
        type Position = u64;
        fn moves(&self, p: &u64, out: &mut Vec<u64>) {
            out.extend(0..*p);
        }
    }

    /// Take one or two from a single heap: a chain as long as the heap.
    struct TakeOneOrTwo;
    impl ImpartialGame for TakeOneOrTwo {
        type Position = u64;
        fn moves(&self, p: &u64, out: &mut Vec<u64>) {
            out.extend((1..=2).filter(|k| k <= p).map(|k| p - k));
        }
    }

    /// Several Nim heaps as one position, split into single heaps.
    struct NimSum;
    impl ImpartialGame for NimSum {
        type Position = Vec<u64>;
        fn moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
            for i in 0..p.len() {
                for smaller in 0..p[i] {
                    let mut q = p.clone();
                    q[i] = smaller;
                    out.push(q);
                }
            }
        }
        fn split(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) -> bool {
            if p.len() < 2 {
                return false;
            }
            out.extend(p.iter().map(|&h| vec![h]));
            true
        }
    }

    /// A two-cycle: each position moves to the other.
    struct Cycle;
    impl ImpartialGame for Cycle {
        type Position = bool;
        fn moves(&self, p: &bool, out: &mut Vec<bool>) {
            out.push(!p);
        }
    }

    #[test]
    fn mex_of_small_sets() {
        assert_eq!(mex(&mut []), 0);
        assert_eq!(mex(&mut [1, 2]), 0);
        assert_eq!(mex(&mut [2, 0, 1, 0, 5]), 3);
    }

    #[test]
    fn a_nim_heap_is_worth_its_size() {
        let mut solver = GrundySolver::new(NimHeap, Budget::DEFAULT);
        for n in 0..40 {
            assert_eq!(solver.grundy(&n).unwrap(), Nimber(n));
        }
    }

    #[test]
    fn split_positions_are_worth_the_nim_sum() {
        let mut with_split = GrundySolver::new(NimSum, Budget::DEFAULT);
        assert_eq!(
            with_split.grundy(&vec![3, 6, 9]).unwrap(),
            Nimber(3 ^ 6 ^ 9)
        );
        assert_eq!(with_split.grundy(&vec![1, 2, 3]).unwrap(), Nimber(0));
    }

    #[test]
    fn a_chain_of_a_million_positions_does_not_overflow_the_stack() {
        let mut solver = GrundySolver::new(TakeOneOrTwo, Budget::DEFAULT);
        assert_eq!(solver.grundy(&1_000_000).unwrap(), Nimber(1_000_000 % 3));
    }

    #[test]
    fn the_budget_is_a_typed_error_and_the_table_stays_usable() {
        let mut solver = GrundySolver::new(TakeOneOrTwo, Budget::positions(100));
        assert_eq!(
            solver.grundy(&1000),
            Err(SolveError::BudgetExceeded { limit: 100 })
        );
        assert_eq!(solver.grundy(&50).unwrap(), Nimber(50 % 3));
    }

    #[test]
    fn cycles_are_reported() {
        let mut solver = GrundySolver::new(Cycle, Budget::DEFAULT);
        assert_eq!(solver.grundy(&true), Err(SolveError::Loopy));
    }

    #[test]
    fn dense_sequence_matches_the_memoised_solver() {
        let dense = grundy_sequence(60, |h, g, emit| {
            for k in 1..=2 {
                if k <= h {
                    emit(g[h - k]);
                }
            }
        });
        let mut solver = GrundySolver::new(TakeOneOrTwo, Budget::DEFAULT);
        for (h, &v) in dense.iter().enumerate() {
            assert_eq!(solver.grundy(&(h as u64)).unwrap(), Nimber(v));
        }
    }
}
