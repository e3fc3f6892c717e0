//! Strategy 2 for sums with loopy components under normal play: the
//! generalised Sprague–Grundy function of Smith and Fraenkel. A loopy sum is
//! P iff its value is 0, N iff it is a nonzero number or `∞(K)` with 0 in
//! `K`, D otherwise ([`LoopyValue::sum`], [`LoopyValue::outcome`]).

use std::sync::Arc;

use crate::position::Position;
use sprague_core::budget::Budget;
use sprague_core::error::SolveError;
use sprague_core::outcome::Outcome;
use sprague_game::{Component, Kind, Play, Side};
use sprague_loopy::graph::LoopyValue;

use super::analysis::{Analysis, SumMove, Value};

/// The loopy value of a component: an impartial loop-free one is worth its
/// Grundy value.
fn loopy_value(c: &Arc<dyn Component>, budget: &Budget) -> Result<LoopyValue, SolveError> {
    match c.kind() {
        Kind::Loopy(g) => g.loopy_value(budget),
        Kind::Impartial(g) => Ok(LoopyValue::Finite(g.grundy(budget)?.0)),
        Kind::Partizan(_) | Kind::LoopyPartizan(_) => Err(SolveError::unsupported(format!(
            "`{}` is partizan: it has no loopy value",
            c.text()
        ))),
    }
}

/// Fraenkel's counter; 0 for a loop-free component, whose counter is
/// never needed.
fn counter(c: &Arc<dyn Component>, budget: &Budget) -> u64 {
    match c.kind() {
        Kind::Loopy(g) => g.counter(budget),
        _ => 0,
    }
}

/// The remoteness of a component played alone, where known.
pub(super) fn remoteness(c: &Arc<dyn Component>, budget: &Budget) -> Option<u32> {
    match c.kind() {
        Kind::Loopy(g) => g.remoteness(budget),
        Kind::Impartial(g) => g.remoteness(budget),
        Kind::Partizan(_) | Kind::LoopyPartizan(_) => None,
    }
}

/// Every move of the sum (by component, then in each component's order)
/// after which the sum has outcome `wanted`, given the components' loopy
/// values.
fn moves_to_outcome(
    position: &Position,
    values: &[LoopyValue],
    wanted: Outcome,
    budget: &Budget,
) -> Result<Vec<SumMove>, SolveError> {
    let mut found = Vec::new();
    for (i, c) in position.components().iter().enumerate() {
        let others = values
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .fold(LoopyValue::Finite(0), |acc, (_, v)| acc.sum(v));
        for m in c.moves_of(Side::Left, budget)? {
            let mut after = others.clone();
            for part in &m.to {
                after = after.sum(&loopy_value(part, budget)?);
            }
            if after.outcome() == wanted {
                found.push(SumMove::new(position, i, m));
            }
        }
    }
    Ok(found)
}

/// The analysis of a sum with loopy components under normal play:
/// outcome and value from the generalised Sprague–Grundy values of the
/// components, and the moves to P positions as winning moves.
///
/// # Errors
///
/// A [`SolveError`] when a component's value is beyond `budget`.
pub(super) fn analyze(
    position: &Position,
    all: bool,
    budget: &Budget,
) -> Result<Analysis, SolveError> {
    let values = position
        .components()
        .iter()
        .map(|c| loopy_value(c, budget))
        .collect::<Result<Vec<_>, _>>()?;
    let total = values
        .iter()
        .fold(LoopyValue::Finite(0), |acc, v| acc.sum(v));
    let outcome = total.outcome();
    let mut winning_moves = Vec::new();
    // Every winning move is collected; without `all` one that makes
    // progress is kept (repeated play could otherwise circle through P
    // positions): for a single token the one of least remoteness, for a
    // sum the one of least (value, counter) multiset.
    let alone = position.components().len() == 1;
    if outcome == Outcome::N {
        winning_moves = moves_to_outcome(position, &values, Outcome::P, budget)?;
        if !alone && !all && winning_moves.len() > 1 {
            // Several winning moves: keep the one leaving the least
            // multiset of (value, counter) pairs, which makes progress (see
            // `LoopyGrundy::best_move`).
            let potential = |m: &SumMove| -> Result<Vec<(u64, u64)>, SolveError> {
                let mut p =
                    m.to.components()
                        .iter()
                        .map(|c| {
                            let g = loopy_value(c, budget)?.finite().unwrap_or(u64::MAX);
                            Ok((g, counter(c, budget)))
                        })
                        .collect::<Result<Vec<_>, SolveError>>()?;
                p.sort_unstable_by(|a, b| b.cmp(a));
                Ok(p)
            };
            let mut best = 0;
            let mut best_potential = potential(&winning_moves[0])?;
            for (k, m) in winning_moves.iter().enumerate().skip(1) {
                let p = potential(m)?;
                if p < best_potential {
                    best = k;
                    best_potential = p;
                }
            }
            winning_moves.swap(0, best);
            winning_moves.truncate(1);
        }
        if alone && !all {
            let remoteness_after = |m: &SumMove| match m.to.components() {
                [] => Some(0),
                [c] => remoteness(c, budget),
                _ => None,
            };
            if let Some(best) = winning_moves
                .iter()
                .enumerate()
                .min_by_key(|(_, m)| remoteness_after(m).unwrap_or(u32::MAX))
                .map(|(k, _)| k)
            {
                winning_moves.swap(0, best);
                winning_moves.truncate(1);
            }
        }
    }
    // From a drawn sum, a move to a drawn sum keeps the draw; every other
    // move leads to an N position (a move to P would have been a win).
    let mut drawing_moves = Vec::new();
    if outcome == Outcome::D {
        drawing_moves = moves_to_outcome(position, &values, Outcome::D, budget)?;
        if !all {
            drawing_moves.truncate(1);
        }
    }
    Ok(Analysis {
        play: Play::Normal,
        outcome,
        value: Some(Value::Loopy(total)),
        components: values
            .iter()
            .map(|v| Some(Value::Loopy(v.clone())))
            .collect(),
        winning_moves,
        drawing_moves,
        remoteness: None,
        remoteness_left_out: None,
        work: None,
    })
}
