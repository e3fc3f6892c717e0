//! Strategy 2 for impartial loop-free sums under normal play: the
//! Sprague–Grundy theorem. A sum is worth the nim-sum of its components'
//! values, and the winning moves are the moves of a component of value `g`
//! to a position of value `g ⊕ total`.

use crate::position::Position;
use sprague_core::budget::Budget;
use sprague_core::error::SolveError;
use sprague_core::outcome::Outcome;
use sprague_game::{Impartial, Kind, Play};
use sprague_impartial::nimber::Nimber;

use super::analysis::{Analysis, SumMove, Value};

/// The analysis of an impartial loop-free `position` under normal play,
/// with at most `max` winning moves. A position of one component whose
/// value is beyond reach but whose outcome the ruleset knows gets that
/// outcome (see [`Impartial::outcome`]), without a value.
///
/// # Errors
///
/// A [`SolveError`] when a value is beyond `budget`.
pub(super) fn analyze(
    position: &Position,
    max: usize,
    budget: &Budget,
) -> Result<Analysis, SolveError> {
    match by_values(position, max, budget) {
        Err(e) if position.components().len() == 1 => {
            by_outcome(position, max, budget).unwrap_or(Err(e))
        }
        result => result,
    }
}

fn impartial(position: &Position, i: usize) -> &dyn Impartial {
    match position.components()[i].kind() {
        Kind::Impartial(g) => g,
        _ => unreachable!("the caller sends impartial sums only"),
    }
}

fn by_values(position: &Position, max: usize, budget: &Budget) -> Result<Analysis, SolveError> {
    let n = position.components().len();
    let values = (0..n)
        .map(|i| impartial(position, i).grundy(budget))
        .collect::<Result<Vec<_>, _>>()?;
    let total = values.iter().fold(Nimber::ZERO, |acc, &g| acc + g);
    let mut winning_moves = Vec::new();
    if total != Nimber::ZERO {
        for (i, &g) in values.iter().enumerate() {
            let wanted = max - winning_moves.len();
            if wanted == 0 {
                break;
            }
            for m in impartial(position, i).moves_to_grundy(g + total, wanted, budget)? {
                winning_moves.push(SumMove::new(position, i, m));
            }
        }
    }
    Ok(Analysis {
        play: Play::Normal,
        outcome: if total == Nimber::ZERO {
            Outcome::P
        } else {
            Outcome::N
        },
        value: Some(Value::Nimber(total)),
        components: values.iter().map(|&g| Some(Value::Nimber(g))).collect(),
        winning_moves,
        drawing_moves: Vec::new(),
        remoteness: None,
        remoteness_left_out: None,
        work: None,
    })
}

/// The analysis of a one-component position from the component's own
/// outcome and winning moves; `None` when it has no such knowledge.
fn by_outcome(
    position: &Position,
    max: usize,
    budget: &Budget,
) -> Option<Result<Analysis, SolveError>> {
    let result = impartial(position, 0).outcome(max, budget)?;
    Some(result.map(|(first_player_wins, moves)| {
        Analysis {
            play: Play::Normal,
            outcome: if first_player_wins {
                Outcome::N
            } else {
                Outcome::P
            },
            value: None,
            components: vec![None],
            winning_moves: moves
                .into_iter()
                .map(|m| SumMove::new(position, 0, m))
                .collect(),
            drawing_moves: Vec::new(),
            remoteness: None,
            remoteness_left_out: None,
            work: None,
        }
    }))
}
