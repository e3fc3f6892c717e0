//! Values defined by induction on the options — the Grundy value (the mex
//! of the options' values) and the misère canonical form (the form of the
//! options' forms) — computed from the moves alone: one walk serves both,
//! with an explicit stack (no recursion however long the game), a move to
//! a sum worth the sum of its parts' values, a repeated position refused as
//! loopy, and every stored value counted against the budget.

use std::sync::Arc;

use rustc_hash::FxHashSet;

use super::{Component, Key, Move};
use sprague_core::budget::Budget;
use sprague_core::error::SolveError;

/// What a value by induction on the options is made of: the value of a
/// sum, the value of a position from its options' values, and the memo
/// where the values of positions are kept.
pub trait ByOptions {
    /// The value of a position (a nimber, a misère form).
    type Value: Copy;

    /// The value of the sum with no parts.
    const ZERO: Self::Value;

    /// The value of `part` if it is remembered or found another way;
    /// `None` to have it computed here from its moves.
    fn known(
        &mut self,
        part: &Arc<dyn Component>,
        budget: &Budget,
    ) -> Result<Option<Self::Value>, SolveError>;

    /// The moves of a part that [`ByOptions::known`] left to be computed
    /// here.
    fn moves(&mut self, part: &dyn Component, budget: &Budget) -> Result<Vec<Move>, SolveError>;

    /// The value of a sum, `a + b`.
    fn add(
        &mut self,
        a: Self::Value,
        b: Self::Value,
        budget: &Budget,
    ) -> Result<Self::Value, SolveError>;

    /// The value of a position whose options have the values `options`.
    fn of_options(
        &mut self,
        options: Vec<Self::Value>,
        budget: &Budget,
    ) -> Result<Self::Value, SolveError>;

    /// Keeps `value` as that of the position keyed `key`.
    fn remember(&mut self, key: Key, value: Self::Value);

    /// How many values are kept.
    fn n_remembered(&self) -> usize;
}

/// A position being valued: its moves, the move and the part of it being
/// looked at, the sum of that move's parts so far, and the values of the
/// moves done.
struct Frame<V> {
    key: Key,
    moves: Vec<Move>,
    next: usize,
    part: usize,
    sum: V,
    options: Vec<V>,
}

impl<V> Frame<V> {
    fn new(key: Key, moves: Vec<Move>, zero: V) -> Frame<V> {
        Frame {
            key,
            options: Vec::with_capacity(moves.len()),
            moves,
            next: 0,
            part: 0,
            sum: zero,
        }
    }
}

/// The value of the position keyed `root_key`, whose moves are
/// `root_moves`, by induction on the options: each option is worth the sum
/// of its parts' values, each part's value is [`ByOptions::known`] or
/// computed here from its moves in turn, and the position's value is
/// [`ByOptions::of_options`] of its options'. Every value computed here is
/// remembered, the root's included.
///
/// # Errors
///
/// [`SolveError::Loopy`] if a position repeats, [`SolveError::BudgetExceeded`]
/// when more than the budget's positions would be kept or open,
/// [`SolveError::TimeLimit`] past its deadline, and any error of `values`.
pub fn value_by_options<B: ByOptions>(
    values: &mut B,
    root_key: Key,
    root_moves: Vec<Move>,
    budget: &Budget,
) -> Result<B::Value, SolveError> {
    let mut open: FxHashSet<Key> = FxHashSet::default();
    open.insert(root_key.clone());
    let mut stack = vec![Frame::new(root_key, root_moves, B::ZERO)];
    loop {
        let top = stack.last_mut().expect("the root stays until it returns");
        let mut descend: Option<Arc<dyn Component>> = None;
        'moves: while top.next < top.moves.len() {
            let parts = &top.moves[top.next].to;
            while top.part < parts.len() {
                let c = &parts[top.part];
                let Some(value) = values.known(c, budget)? else {
                    descend = Some(Arc::clone(c));
                    break 'moves;
                };
                top.sum = values.add(top.sum, value, budget)?;
                top.part += 1;
            }
            top.options.push(top.sum);
            top.sum = B::ZERO;
            top.part = 0;
            top.next += 1;
        }
        match descend {
            Some(c) => {
                let key = c.key();
                if !open.insert(key.clone()) {
                    return Err(SolveError::Loopy);
                }
                budget.check_positions((values.n_remembered() + stack.len()) as u64)?;
                let moves = values.moves(&*c, budget)?;
                stack.push(Frame::new(key, moves, B::ZERO));
            }
            None => {
                let frame = stack.pop().expect("a frame was just inspected");
                let value = values.of_options(frame.options, budget)?;
                open.remove(&frame.key);
                values.remember(frame.key, value);
                if stack.is_empty() {
                    return Ok(value);
                }
            }
        }
    }
}
