//! Best play by remoteness: how many moves a game lasts when the winner
//! hurries and the loser delays (Smith's remoteness; Winning Ways, ch. 9),
//! the engine's move chosen by it, and what each move of a position leads
//! to. Remoteness is a figure shown beside an answer, never the answer
//! itself: it is searched within [`REMOTENESS_POSITIONS`] and given up
//! (`None`) beyond, and must never turn an answered question into an error.

use crate::position::Position;
use sprague_core::budget::Budget;
use sprague_core::error::SolveError;
use sprague_core::outcome::Outcome;
use sprague_game::{Play, Side};

use super::analysis::{Analysis, SumMove};
use super::search::SumSearch;
use super::{Kinds, analyze_for, loopy, loopy_partizan, moves};

/// The most positions one remoteness search stores (or the caller's budget,
/// if smaller): enough for every position a person plays out by hand, small
/// enough that giving up costs a fraction of a second.
pub const REMOTENESS_POSITIONS: u64 = 100_000;

/// The fewest positions the remoteness beside a counted value may store
/// ([`remoteness_allowance`]), however little the value took: every
/// partizan position played out by hand has its remoteness within them
/// (a 3 × 4 Domineering board needs about a thousand).
pub const REMOTENESS_FLOOR: u64 = 5_000;

/// Steps of the value's work ([`Analysis::work`]) per position the
/// remoteness beside it may store. What a stored position of the
/// remoteness search costs in steps of the canonical arena's time depends
/// on the board: about three on the first board of
/// `scripts/peer-analyze.sh` (7 µs against 2.3 µs), about eleven on its
/// `##..##` board (23 673 positions in 0.125 s against 236 732 steps in
/// 0.11 s of CPU time), whose value is cheap beside its positions. A
/// fortieth of the steps keeps the search, given up or not, to at most
/// about a quarter of the value's time on both.
pub const STEPS_PER_REMOTENESS_POSITION: u64 = 40;

/// The positions the remoteness beside a value that took `work` steps may
/// store: a tenth of the steps, at least [`REMOTENESS_FLOOR`] and at most
/// [`REMOTENESS_POSITIONS`]; [`REMOTENESS_POSITIONS`] where the value's
/// work is not counted (`None`: a nimber, whose value costs nothing beside
/// the search, a loopy value, a misère form).
pub fn remoteness_allowance(work: Option<u64>) -> u64 {
    match work {
        Some(steps) => {
            (steps / STEPS_PER_REMOTENESS_POSITION).clamp(REMOTENESS_FLOOR, REMOTENESS_POSITIONS)
        }
        None => REMOTENESS_POSITIONS,
    }
}

/// Sets the remoteness of `analysis` (of `position`, Left to move, as the
/// front ends show it) within [`remoteness_allowance`] of its value's work
/// and `budget`: where the search gives up, `remoteness` stays `None` and
/// [`Analysis::remoteness_left_out`] says why. Deterministic: the
/// allowance counts positions, never time (a deadline in `budget` still
/// stops it, and says so).
///
/// # Examples
///
/// ```
/// use sprague::{analyze, remoteness_beside, Budget, Play, Position};
/// let p = Position::parse("domineering(\"....|....|....\")").unwrap();
/// let mut a = analyze(&p, Play::Normal, false, &Budget::DEFAULT).unwrap();
/// remoteness_beside(&mut a, &p, &Budget::DEFAULT);
/// assert_eq!((a.remoteness, a.remoteness_left_out), (Some(4), None));
/// ```
pub fn remoteness_beside(analysis: &mut Analysis, position: &Position, budget: &Budget) {
    let allowance = remoteness_allowance(analysis.work);
    let mut search = Remoteness::new(
        analysis.play,
        &Budget {
            max_positions: budget.max_positions.min(allowance),
            ..*budget
        },
    );
    analysis.remoteness = search.of(position, Side::Left).map(|(_, r)| r);
    analysis.remoteness_left_out = search.gave_up.as_ref().map(|error| match error {
        SolveError::BudgetExceeded { limit }
            if *limit == allowance && allowance < REMOTENESS_POSITIONS =>
        {
            format!(
                "remoteness: left out, it would take more work than the value itself \
                 (over {limit} positions)"
            )
        }
        SolveError::BudgetExceeded { limit } => {
            format!("remoteness: left out, the search would store more than {limit} positions")
        }
        error => format!("remoteness: left out, {error}"),
    });
}

/// One remoteness search, shared by the positions of one question (a
/// position and its options have most of their sums in common).
#[derive(Debug)]
pub(super) struct Remoteness {
    play: Play,
    budget: Budget,
    search: SumSearch,
    /// Why the search gave up, once it ran out of budget or time: the
    /// rest of the question gets `None` at once instead of searching again.
    gave_up: Option<SolveError>,
}

impl Remoteness {
    pub(super) fn new(play: Play, budget: &Budget) -> Remoteness {
        let budget = Budget {
            max_positions: budget.max_positions.min(REMOTENESS_POSITIONS),
            ..*budget
        };
        Remoteness {
            play,
            budget,
            search: SumSearch::with_remoteness(play, budget),
            gave_up: None,
        }
    }

    /// Whether `side`, moving first in `position`, wins, and the
    /// remoteness; `None` for a draw, a loopy sum of several components, a
    /// position beyond the search's budget, or one the search cannot play
    /// (a component without a finite move list): the analysis that asked
    /// already has its answer, and a figure beside it is no reason to fail.
    pub(super) fn of(&mut self, position: &Position, side: Side) -> Option<(bool, u32)> {
        if self.gave_up.is_some() {
            return None;
        }
        let components = position.components();
        if Kinds::of(components).loopy_partizan {
            // The retrograde search of the whole sum has it.
            if self.play != Play::Normal {
                return None;
            }
            return match loopy_partizan::Explored::new(position, &self.budget) {
                Ok(explored) => explored.verdict(side),
                Err(e @ (SolveError::BudgetExceeded { .. } | SolveError::TimeLimit { .. })) => {
                    self.gave_up = Some(e);
                    None
                }
                Err(_) => None,
            };
        }
        if Kinds::of(components).loopy {
            // A single token: retrograde analysis has its remoteness, odd
            // exactly when the player to move wins (they make the last
            // move). Sums of loopy games have no remoteness here.
            return match components {
                [c] if self.play == Play::Normal => {
                    loopy::remoteness(c, &self.budget).map(|r| (r % 2 == 1, r))
                }
                _ => None,
            };
        }
        match self.search.remoteness(components, side) {
            Ok(found) => found,
            Err(e @ (SolveError::BudgetExceeded { .. } | SolveError::TimeLimit { .. })) => {
                self.gave_up = Some(e);
                None
            }
            Err(_) => None,
        }
    }
}

/// The remoteness of `position` with `side` to move: how many moves the
/// game lasts with best play, the winner hurrying and the loser delaying.
/// `None` for a draw, or where the search would store more than
/// [`REMOTENESS_POSITIONS`] (or `budget`) positions, or that the search
/// cannot play (a component with no finite move list).
///
/// # Examples
///
/// ```
/// use sprague::{remoteness, Budget, Play, Position, Side};
/// // Nim with heaps 1 and 2: the winner takes one from the 2 (then two
/// // moves remain), so the game lasts three moves.
/// let p = Position::parse("nim(1, 2)").unwrap();
/// assert_eq!(remoteness(&p, Play::Normal, Side::Left, &Budget::DEFAULT), Some(3));
/// ```
pub fn remoteness(position: &Position, play: Play, side: Side, budget: &Budget) -> Option<u32> {
    Remoteness::new(play, budget)
        .of(position, side)
        .map(|(_, r)| r)
}

/// The move of best play among `moves` of `side` (all of its moves), by
/// remoteness: a winning move that wins soonest, or, when every move
/// loses, the one that holds out longest; the first in the list among
/// equals. `None` when some option's remoteness is unknown (a draw, a
/// position beyond the search), and the caller falls back on the theory's
/// move.
pub(super) fn best_move(
    moves: &[SumMove],
    play: Play,
    side: Side,
    budget: &Budget,
) -> Result<Option<(usize, bool)>, SolveError> {
    let mut search = Remoteness::new(play, budget);
    let mut quickest_win: Option<(usize, u32)> = None;
    let mut longest_loss: Option<(usize, u32)> = None;
    for (k, m) in moves.iter().enumerate() {
        let Some((opponent_wins, r)) = search.of(&m.to, side.other()) else {
            return Ok(None);
        };
        if opponent_wins {
            if longest_loss.is_none_or(|(_, best)| r > best) {
                longest_loss = Some((k, r));
            }
        } else if quickest_win.is_none_or(|(_, best)| r < best) {
            quickest_win = Some((k, r));
        }
    }
    Ok(match (quickest_win, longest_loss) {
        (Some((k, _)), _) => Some((k, true)),
        (None, Some((k, _))) => Some((k, false)),
        (None, None) => None,
    })
}

/// A move with what it leads to, for the player then to move.
#[derive(Clone, Debug)]
pub struct MoveOutcome {
    /// Who makes the move (for an impartial position, always Left).
    pub side: Side,
    /// The move.
    pub m: SumMove,
    /// The outcome of the position after it: N / P / D for the player then
    /// to move, L / R / N / P for a partizan position.
    pub outcome: Outcome,
    /// The remoteness of the position after it, the other player to move,
    /// where known.
    pub remoteness: Option<u32>,
    /// Its value in the usual notation, where one applies.
    pub value: Option<String>,
}

impl MoveOutcome {
    /// Whether the move wins for the player who makes it (`Some(true)`),
    /// loses (`Some(false)`), or keeps a draw (`None`), with best play
    /// after it: what a player colours green, red or yellow.
    pub fn wins_for_mover(&self) -> Option<bool> {
        // The other player moves next: who wins from there decides.
        self.outcome
            .winner_when(self.side.other())
            .map(|winner| winner == self.side)
    }
}

/// The moves of `sides` in `position` with what each leads to: the moves a
/// player colours as winning, losing or drawing. `None` for every side:
/// Left's moves, and for a partizan position Right's after them. As far as
/// the budget lets the moves be listed.
///
/// # Errors
///
/// As [`analyze`](crate::analyze) for each position after a move.
pub fn move_outcomes(
    position: &Position,
    play: Play,
    side: Option<Side>,
    budget: &Budget,
) -> Result<Vec<MoveOutcome>, SolveError> {
    let sides: &[Side] = match side {
        Some(Side::Left) => &[Side::Left],
        Some(Side::Right) => &[Side::Right],
        None if Kinds::of(position.components()).partizan => &[Side::Left, Side::Right],
        None => &[Side::Left],
    };
    let mut search = Remoteness::new(play, budget);
    let mut outcomes = Vec::new();
    for &side in sides {
        for m in moves(position, side, usize::MAX, budget)?.moves {
            let after = analyze_for(&m.to, play, side.other(), false, budget)?;
            let remoteness = match after.outcome {
                Outcome::D => None,
                _ => search.of(&m.to, side.other()).map(|(_, r)| r),
            };
            outcomes.push(MoveOutcome {
                side,
                outcome: after.outcome,
                remoteness,
                value: after.value_notation(),
                m,
            });
        }
    }
    Ok(outcomes)
}
