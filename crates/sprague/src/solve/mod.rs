//! The solve layer: who wins a position, with which move, and what it is
//! worth.
//!
//! [`analyze`] tries an ordered list of strategies, each in its own file:
//!
//! 1. a sum rule registered with the components' rulesets
//!    ([`sum_rules`]: Bouton's misère rule for Bash and Nim heaps, the unfair
//!    take-away game's case analysis);
//! 2. the theory of sums for the position's kind, under normal play: the
//!    nim-sum for impartial sums ([`nim_sum`]), the canonical sum for sums
//!    with partizan components ([`canonical`]), the loopy sum for sums with
//!    loopy components ([`loopy`]);
//! 3. the bounded search of the whole sum as one game, with the player to
//!    move and the play convention in its state ([`search`]).
//!
//! The one list of a position's moves ([`moves`]) and the engine's choice of
//! move ([`reply`]) are here too, so that every front end plays the same;
//! [`best`] holds what best play by remoteness needs (the remoteness of a
//! position, the move that wins soonest or loses latest, what each move
//! leads to).
//! This layer must never name a ruleset or read a component's text: it
//! sees components through their kind and key only.

mod analysis;
mod best;
pub mod canonical;
pub(crate) mod figures;
mod loopy;
mod loopy_partizan;
pub mod misere;
mod nim_sum;
mod options;
pub mod search;
mod sum_rules;

use std::sync::Arc;

pub use analysis::{Analysis, LoopyFigures, SumMove, Value};
pub use best::{
    MoveOutcome, REMOTENESS_FLOOR, REMOTENESS_POSITIONS, STEPS_PER_REMOTENESS_POSITION,
    move_outcomes, remoteness, remoteness_allowance, remoteness_beside,
};
pub use loopy_partizan::{EXPLORED_POSITION_WEIGHT, MAX_VALUE_VERTICES, loopy_game_value};
pub use options::{Marks, OptionNode, position_options};

use crate::position::Position;
use sprague_core::budget::Budget;
use sprague_core::error::SolveError;
use sprague_game::{Component, GameClass, Play, Side};

/// What the kinds of a position's components are.
#[derive(Clone, Copy, Debug)]
struct Kinds {
    partizan: bool,
    loopy: bool,
    loopy_partizan: bool,
}

impl Kinds {
    fn of(components: &[Arc<dyn Component>]) -> Kinds {
        let mut kinds = Kinds {
            partizan: false,
            loopy: false,
            loopy_partizan: false,
        };
        for c in components {
            match c.class() {
                GameClass::Impartial => {}
                GameClass::Partizan => kinds.partizan = true,
                GameClass::Loopy => kinds.loopy = true,
                GameClass::LoopyPartizan => {
                    kinds.partizan = true;
                    kinds.loopy_partizan = true;
                }
            }
        }
        kinds
    }
}

/// Who wins `position`, and with which move, and what it is worth: the
/// answer the front ends show.
///
/// The strategies, in order: a sum rule registered with the components'
/// rulesets; under normal play the theory of sums for the position's kind
/// (the nim-sum of Grundy values, the sum of canonical forms, the loopy
/// sum); and the search of the whole sum as one game within `budget`. A
/// position of a single impartial component whose value is unknown but
/// whose outcome is (Wythoff's game beyond its value table, a Nullify
/// matrix) gets its outcome and winning moves from
/// [`Impartial::outcome`](crate::Impartial::outcome).
///
/// With `all`, every winning move is listed (by component, then place, then
/// size); otherwise the first. For a partizan position both players' are
/// listed, each with its [`SumMove::side`](crate::SumMove::side): Left's when Left
/// moves first, then Right's when Right moves first (the first of each
/// without `all`).
///
/// The value of a loopy partizan position is given here as
/// [`loopy_partizan_value`] gives it (a [`Value::NotComputed`] beyond its
/// limit); [`analyze_for`], which `play`, [`reply`] and the searches ask,
/// leaves it out.
///
/// # Errors
///
/// A [`SolveError`] when a component's value is beyond `budget`, or the
/// position mixes kinds no analysis covers (loopy with partizan, loopy under
/// misère play).
///
/// # Examples
///
/// ```
/// use sprague::{analyze, Budget, Outcome, Play, Position};
/// let p = Position::parse("nim(3, 6, 9)").unwrap();
/// let a = analyze(&p, Play::Normal, false, &Budget::DEFAULT).unwrap();
/// assert_eq!(a.outcome, Outcome::N);
/// assert_eq!(a.winning_moves[0].to.to_string(), "nim(3, 6, 5)");
/// ```
pub fn analyze(
    position: &Position,
    play: Play,
    all: bool,
    budget: &Budget,
) -> Result<Analysis, SolveError> {
    let partizan = position
        .components()
        .iter()
        .any(|c| c.class().is_partizan());
    let sides: &[Side] = if partizan {
        &[Side::Left, Side::Right]
    } else {
        &[Side::Left]
    };
    let (mut analysis, both) = analyze_with(position, play, sides, all, true, budget)?;
    if partizan && !both {
        // Not by canonical forms, which give both sides' moves at once:
        // Right's are found as Right's analysis finds them.
        let (right, _) = analyze_with(position, play, &[Side::Right], all, false, budget)?;
        let tagged = |moves: Vec<SumMove>, side| {
            moves.into_iter().map(move |m| SumMove {
                side: Some(side),
                ..m
            })
        };
        analysis.winning_moves = tagged(std::mem::take(&mut analysis.winning_moves), Side::Left)
            .chain(tagged(right.winning_moves, Side::Right))
            .collect();
    }
    Ok(analysis)
}

/// [`analyze`] with the winning moves of `side` moving first: for a
/// partizan position Right's are not Left's; for an impartial one `side`
/// makes no difference. The value of a loopy partizan position is left
/// out (`None`): its simplest form costs far more than who wins, and
/// [`loopy_partizan_value`] gives it where it is shown.
///
/// # Errors
///
/// As [`analyze`].
pub fn analyze_for(
    position: &Position,
    play: Play,
    side: Side,
    all: bool,
    budget: &Budget,
) -> Result<Analysis, SolveError> {
    analyze_with(position, play, &[side], all, false, budget).map(|(analysis, _)| analysis)
}

/// The value of a position with loopy partizan components under normal
/// play, in CGSuite's notation: a stopper's simplest form or `onside &
/// offside`, with its figures: [`Value::LoopyPartizan`]), or
/// [`Value::NotComputed`] with the reason when a strongly connected
/// component of its graph has more than [`MAX_VALUE_VERTICES`] positions or
/// the theory gives none. `None` for
/// any other position, whose value [`analyze_for`] gives.
///
/// # Examples
///
/// ```
/// use sprague::{Budget, Position, loopy_partizan_value};
/// let p = Position::parse("{0|pass}").unwrap();
/// let value = loopy_partizan_value(&p, &Budget::DEFAULT).unwrap().unwrap();
/// assert_eq!(value.notation().unwrap(), "over");
/// ```
///
/// # Errors
///
/// As [`analyze`].
pub fn loopy_partizan_value(
    position: &Position,
    budget: &Budget,
) -> Result<Option<Value>, SolveError> {
    if !Kinds::of(position.components()).loopy_partizan {
        return Ok(None);
    }
    loopy_partizan::value(position, budget).map(Some)
}

/// The analysis with the winning moves of `sides[0]` moving first, and
/// whether those of every side in `sides` are there too (each tagged with
/// its side), as the canonical forms give them.
fn analyze_with(
    position: &Position,
    play: Play,
    sides: &[Side],
    all: bool,
    with_value: bool,
    budget: &Budget,
) -> Result<(Analysis, bool), SolveError> {
    let side = sides[0];
    let one = |analysis: Analysis| (analysis, sides.len() == 1);
    let max = if all { usize::MAX } else { 1 };
    let components = position.components();
    let kinds = Kinds::of(components);
    if kinds.loopy_partizan {
        if play == Play::Misere {
            return Err(SolveError::unsupported(
                "loopy partizan games are played under normal play only",
            ));
        }
        // Every component, loopy or not, is explored from its moves: the
        // retrograde search decides the whole sum.
        return loopy_partizan::analyze(position, side, all, with_value, budget).map(one);
    }
    if kinds.loopy && (kinds.partizan || play == Play::Misere) {
        let c = components
            .iter()
            .find(|c| c.class() != GameClass::Impartial)
            .expect("a loopy component is there");
        return Err(SolveError::unsupported(format!(
            "`{}` is not an impartial loop-free game; sums with it are not supported yet",
            c.text()
        )));
    }
    let rule = sum_rules::find(components, play, side, max, budget);
    let (expensive, verdict) = match rule {
        Some((expensive, verdict)) => (expensive, Some(verdict?)),
        None => (false, None),
    };
    let misere_impartial = play == Play::Misere && !kinds.partizan && !kinds.loopy;
    if let Some(verdict) = &verdict
        && !expensive
    {
        // Under misère play a small sum gets its misère canonical form too
        // (the value CGSuite prints), if it comes cheaply; the rule answers
        // the rest at once (Bouton's rule, a misère quotient).
        let analysis = Analysis::from_verdict(position, play, verdict.clone());
        if misere_impartial {
            let beside = beside_rule_budget(budget);
            return Ok(one(match misere::analyze(position, max, &beside) {
                Ok(analysis) => analysis,
                Err(why) => with_searched_genus(analysis, position, &why, &beside),
            }));
        }
        return Ok(one(analysis));
    }
    if play == Play::Normal {
        if kinds.loopy {
            return loopy::analyze(position, all, budget).map(one);
        }
        if kinds.partizan {
            let canonical_budget = if expensive {
                canonical::hot_sum_budget(budget)
            } else {
                *budget
            };
            if let Ok(analysis) = canonical::analyze(position, sides, all, &canonical_budget) {
                return Ok((analysis, true));
            }
        } else {
            return nim_sum::analyze(position, max, budget).map(one);
        }
    }
    let mut form_left_out = None;
    if misere_impartial {
        // The misère canonical form, within a share of the budget; beyond
        // it the search (or the sum rule) answers, without the form, and
        // the genus comes from a search of the position within that share.
        let form_budget = misere_budget(budget);
        match misere::analyze(position, max, &form_budget) {
            Ok(analysis) => return Ok(one(analysis)),
            Err(why) => form_left_out = Some((why, form_budget)),
        }
    }
    let analysis = match verdict {
        Some(verdict) => Analysis::from_verdict(position, play, verdict),
        None => search::analyze(position, play, side, max, budget)?,
    };
    Ok(one(match form_left_out {
        Some((why, share)) => with_searched_genus(analysis, position, &why, &share),
        None => analysis,
    }))
}

/// `analysis` of an impartial loop-free position under misère play whose
/// canonical form was left out (`why`), with `G⁻` and the genus from a
/// search of the position within `budget` where it fits
/// ([`misere::figures_by_search`]); as it was where not.
fn with_searched_genus(
    mut analysis: Analysis,
    position: &Position,
    why: &SolveError,
    budget: &Budget,
) -> Analysis {
    if let Ok(figures) = misere::figures_by_search(position, why, budget) {
        analysis.value = Some(Value::Misere(Box::new(figures)));
    }
    analysis
}

/// The positions the misère canonical form of a sum may take when a sum
/// rule answers it anyway: a few milliseconds' work.
const FORM_BESIDE_RULE_POSITIONS: u64 = 20_000;

fn beside_rule_budget(budget: &Budget) -> Budget {
    Budget {
        max_positions: budget.max_positions.min(FORM_BESIDE_RULE_POSITIONS),
        ..*budget
    }
}

/// The share of the budget the misère canonical forms may use before the
/// search takes over: a quarter of the positions (the same deadline).
fn misere_budget(budget: &Budget) -> Budget {
    Budget {
        max_positions: budget.max_positions / 4,
        ..*budget
    }
}

/// The moves of a position for one player, in the order of the invariant
/// (by component, then place, then size), as far as they were listed.
#[derive(Clone, Debug)]
pub struct MoveList {
    /// The moves, at most the `max` asked for.
    pub moves: Vec<SumMove>,
    /// Whether `moves` is every move of the position.
    pub complete: bool,
}

/// The first `max` moves of `side` in `position` (for an impartial position
/// either side gives the same list): the one move list that `play`, the
/// web explorer and the analyses show. A component whose moves are more than
/// the budget allows ends the list there, with `complete: false`.
///
/// # Errors
///
/// Any error but [`SolveError::BudgetExceeded`] that a component gives
/// listing its moves.
pub fn moves(
    position: &Position,
    side: Side,
    max: usize,
    budget: &Budget,
) -> Result<MoveList, SolveError> {
    let mut list = Vec::new();
    for (i, c) in position.components().iter().enumerate() {
        let component_moves = match c.moves_of(side, budget) {
            Ok(moves) => moves,
            Err(SolveError::BudgetExceeded { .. }) => {
                return Ok(MoveList {
                    moves: list,
                    complete: false,
                });
            }
            Err(e) => return Err(e),
        };
        for m in component_moves {
            if list.len() == max {
                return Ok(MoveList {
                    moves: list,
                    complete: false,
                });
            }
            list.push(SumMove::new(position, i, m));
        }
    }
    Ok(MoveList {
        moves: list,
        complete: true,
    })
}

/// A page of the moves of a position for one player: the moves from an
/// offset on, in the order of [`moves`], and how many there are in all.
#[derive(Clone, Debug)]
pub struct MovePage {
    /// The moves from the offset asked for, at most the limit.
    pub moves: Vec<SumMove>,
    /// The number of moves of the position (a sum of heaps of 2^64 - 1
    /// has more than 2^64), or `None` when a component has more moves than
    /// the budget lets be listed and cannot count them otherwise; the page
    /// then ends before that component.
    pub total: Option<u128>,
}

/// The moves of `side` in `position` from the `offset`-th (counting from
/// 0) on, at most `limit` of them, and their total: the move list of
/// [`moves`] in pages, for positions with more moves than any list holds
/// (`nim(2^63)` has 2^63). Components that can count their moves without
/// listing them (Nim heaps) make only the page's; the others are listed
/// whole, and together they may list at most `budget.max_positions` moves.
///
/// # Errors
///
/// Any error but [`SolveError::BudgetExceeded`] that a component gives
/// listing its moves.
///
/// # Examples
///
/// ```
/// use sprague::{Budget, Position, Side, moves_page};
/// let p = Position::parse("nim(2^63) + nim(1)").unwrap();
/// let page = moves_page(&p, Side::Left, 0, 2, &Budget::DEFAULT).unwrap();
/// assert_eq!(page.total, Some((1u128 << 63) + 1));
/// assert_eq!(page.moves[1].to.to_string(), "nim(9223372036854775806, 1)");
/// let last = moves_page(&p, Side::Left, 1 << 63, 10, &Budget::DEFAULT).unwrap();
/// assert_eq!(last.moves.len(), 1);
/// assert_eq!(last.moves[0].to.to_string(), "nim(9223372036854775808)");
/// ```
pub fn moves_page(
    position: &Position,
    side: Side,
    offset: u128,
    limit: usize,
    budget: &Budget,
) -> Result<MovePage, SolveError> {
    let mut moves = Vec::new();
    // The moves of the components before the current one, and the moves
    // listed whole so far, charged against the budget.
    let (mut before, mut listed) = (0u128, 0u64);
    for (i, c) in position.components().iter().enumerate() {
        let skip = u64::try_from(offset.saturating_sub(before)).unwrap_or(u64::MAX);
        let take = limit - moves.len();
        let (window, count) = match c.moves_window(side, skip, take) {
            Some(counted) => counted,
            None => {
                let left = Budget {
                    max_positions: budget.max_positions.saturating_sub(listed),
                    ..*budget
                };
                let all = match c.moves_of(side, &left) {
                    Ok(all) => all,
                    Err(SolveError::BudgetExceeded { .. }) => {
                        return Ok(MovePage { moves, total: None });
                    }
                    Err(e) => return Err(e),
                };
                let count = all.len() as u64;
                listed = listed.saturating_add(count);
                let window = all
                    .into_iter()
                    .skip(usize::try_from(skip).unwrap_or(usize::MAX))
                    .take(take)
                    .collect();
                (window, count)
            }
        };
        moves.extend(window.into_iter().map(|m| SumMove::new(position, i, m)));
        before += u128::from(count);
    }
    Ok(MovePage {
        moves,
        total: Some(before),
    })
}

/// Why the engine chose its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplyReason {
    /// The move wins: it leaves the opponent a lost position.
    Winning,
    /// No win is to be had; the move keeps a draw.
    Drawing,
    /// Every move loses against best play; this one holds out longest
    /// where the remoteness could be searched.
    Losing,
}

/// The engine's move from a position, and why.
#[derive(Clone, Debug)]
pub struct Reply {
    /// The analysis of the position for the side to move.
    pub analysis: Analysis,
    /// The move, `None` when there is none (the game is over).
    pub chosen: Option<SumMove>,
    /// Why that move.
    pub reason: ReplyReason,
    /// Whether the move was chosen by remoteness (wins soonest, or loses
    /// latest), not only by the analysis.
    pub by_remoteness: bool,
}

/// The move the engine plays for `side` from `position`, by best play: from
/// a win, a winning move that wins soonest; from a draw, a move that keeps
/// the draw; from a loss, the move that holds out longest (the greatest
/// remoteness). Where the remoteness of the options is beyond
/// [`REMOTENESS_POSITIONS`], the theory's move: the first winning move of
/// the analysis (the nim-sum's, the canonical form's), else the first move.
/// For an impartial position `side` does not matter.
///
/// # Errors
///
/// As [`analyze`] and [`moves`].
pub fn reply(
    position: &Position,
    play: Play,
    side: Side,
    budget: &Budget,
) -> Result<Reply, SolveError> {
    if play == Play::Normal && Kinds::of(position.components()).loopy_partizan {
        // The retrograde search knows every option's outcome and
        // remoteness: best play without a second search.
        let analysis = analyze_for(position, play, side, false, budget)?;
        let explored = loopy_partizan::Explored::new(position, budget)?;
        let (chosen, reason) = match explored.best_move(side) {
            Some((m, Some(true))) => (Some(m), ReplyReason::Winning),
            Some((m, None)) => (Some(m), ReplyReason::Drawing),
            Some((m, Some(false))) => (Some(m), ReplyReason::Losing),
            None => (None, ReplyReason::Losing),
        };
        return Ok(Reply {
            analysis,
            chosen,
            reason,
            by_remoteness: true,
        });
    }
    let analysis = analyze_for(position, play, side, false, budget)?;
    if analysis.outcome != sprague_core::outcome::Outcome::D {
        let list = moves(position, side, usize::MAX, budget)?;
        if list.complete
            && let Some((k, wins)) = best::best_move(&list.moves, play, side, budget)?
        {
            // The search and the analysis answer the same question; the
            // search's move is used only where they agree on who wins.
            if wins != analysis.winning_moves.is_empty() {
                let chosen = list.moves.into_iter().nth(k);
                return Ok(Reply {
                    analysis,
                    chosen,
                    reason: if wins {
                        ReplyReason::Winning
                    } else {
                        ReplyReason::Losing
                    },
                    by_remoteness: true,
                });
            }
        }
    }
    if let Some(m) = analysis.winning_moves.first().cloned() {
        return Ok(Reply {
            analysis,
            chosen: Some(m),
            reason: ReplyReason::Winning,
            by_remoteness: false,
        });
    }
    if let Some(m) = analysis.drawing_moves.first().cloned() {
        return Ok(Reply {
            analysis,
            chosen: Some(m),
            reason: ReplyReason::Drawing,
            by_remoteness: false,
        });
    }
    let first = moves(position, side, 1, budget)?.moves.into_iter().next();
    Ok(Reply {
        analysis,
        chosen: first,
        reason: ReplyReason::Losing,
        by_remoteness: false,
    })
}
