//! Treblecross: a strip of cells; a move puts an X in an empty cell, and
//! whoever completes three X in a row wins (seed note 004; UVa 10561).
//!
//! The reduction to the octal game 0.007 (Berlekamp, Conway and Guy,
//! *Winning Ways*, ch. 4): on a strip of at least three cells, a move
//! within distance 2 of an X makes `XX` or `X.X`, whose completing cell
//! exists and is empty, so the opponent wins at once. Such moves are never
//! played by a player who has another, and a player who has no other move
//! loses: so the game is normal play on the *safe* cells, those at distance
//! 3 or more from every X. A move on a safe cell `x` makes `x-2..=x+2`
//! unsafe, so a run of `L` safe cells is a heap of `L + 2` in 0.007 (removing
//! three leaves the runs `x - 2` and `L - 3 - x`, clipped at 0, which are the
//! heaps `x` and `L - 1 - x`; heaps 1 and 2 are worth 0 like an empty run).
//! The board is worth the nim-sum of its runs. Strips of one or two cells
//! are solved directly (no three in a row fits, so every move is safe).
//!
//! When the player to move can complete three in a row the board is
//! decided, not a nimber: a sum holding it is an N-position whose winning
//! moves are the completing cells (the sum rule [`WinByThree`], registered
//! with the ruleset), and its value alone is an error.

use std::sync::Arc;

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_core::outcome::Outcome;
use sprague_game::syntax::{Arg, ComponentSyntax, RulesetSyntax};
use sprague_game::{
    Component, Impartial, Key, Kind, Move, MoveLabel, Play, Side, SumRule, SumVerdict,
};
use sprague_impartial::nimber::Nimber;
use sprague_impartial::octal::{OctalCode, TakeBreak};

use crate::common::Moves;
use crate::common::Values;
use crate::common::{HeapFamily, Periodicity, Ruleset, check_move_count, no_params};
use crate::heaps::octal::OctalRules;

pub(crate) const RULESET: Ruleset = Ruleset {
    name: "treblecross",
    syntax: "treblecross(\"..X....\", ...) or treblecross(n, ...)   (n: an empty strip of n cells)",
    rule: "put an X in an empty cell of a strip; whoever completes three X in a row wins",
    example: "treblecross(\"..X....X..\")",
    heaps_interact: false,
    build,
    family: Some(family),
};

/// A strip on which the player to move completes three in a row decides
/// the whole sum: that move wins at once, whatever the other components,
/// and every other move lets the opponent complete it.
pub(crate) static WIN_BY_THREE: WinByThree = WinByThree;

#[derive(Debug)]
pub(crate) struct WinByThree;

impl SumRule for WinByThree {
    fn verdict(
        &self,
        components: &[Arc<dyn Component>],
        _play: Play,
        _side: Side,
        max: usize,
        _budget: &Budget,
    ) -> Option<Result<SumVerdict, SolveError>> {
        let mut decided = false;
        let mut winning_moves = Vec::new();
        for (i, c) in components.iter().enumerate() {
            let Some(strip) = c.downcast_ref::<TreblecrossBoard>() else {
                continue;
            };
            if strip.cells.len() <= 2 {
                continue;
            }
            for cell in completing_cells(&strip.cells) {
                decided = true;
                if winning_moves.len() < max {
                    winning_moves.push((i, strip.mark(cell)));
                }
            }
        }
        // No completing cell: the sum is an ordinary one (safe moves only
        // matter, by the reduction to 0.007), for the other strategies.
        decided.then(|| {
            Ok(SumVerdict {
                outcome: Outcome::N,
                winning_moves,
            })
        })
    }
}

/// The most cells a strip may have.
pub const MAX_CELLS: u64 = 1 << 24;

/// The octal game 0.007, whose heap of `L + 2` is a run of `L` safe cells.
fn heap_rules() -> Arc<OctalRules> {
    let code = OctalCode::parse("0.007").expect("a valid code");
    Arc::new(OctalRules::new("octal[0.007]", TakeBreak::from_code(&code)))
}

/// A Treblecross strip.
#[derive(Clone, Debug)]
pub struct TreblecrossBoard {
    /// `true` where a cell holds an X.
    cells: Vec<bool>,
    rules: Arc<OctalRules>,
}

/// The cells (0-based) where an X completes three in a row.
fn completing_cells(cells: &[bool]) -> Vec<usize> {
    (0..cells.len())
        .filter(|&c| !cells[c] && completes(cells, c))
        .collect()
}

fn completes(cells: &[bool], c: usize) -> bool {
    let x =
        |i: isize| i >= 0 && (i as usize) < cells.len() && (cells[i as usize] || i as usize == c);
    let c = c as isize;
    (c - 2..=c).any(|s| x(s) && x(s + 1) && x(s + 2))
}

fn has_three(cells: &[bool]) -> bool {
    cells.windows(3).any(|w| w.iter().all(|&b| b))
}

/// Whether cell `c` (empty) is safe: at distance 3 or more from every X.
fn is_safe(cells: &[bool], c: usize) -> bool {
    let lo = c.saturating_sub(2);
    let hi = (c + 2).min(cells.len() - 1);
    !cells[lo..=hi].iter().any(|&b| b)
}

/// The runs of safe cells, as lengths.
fn safe_runs(cells: &[bool]) -> Vec<u64> {
    let mut runs = Vec::new();
    let mut run = 0;
    for c in 0..cells.len() {
        if !cells[c] && is_safe(cells, c) {
            run += 1;
        } else if run > 0 {
            runs.push(run);
            run = 0;
        }
    }
    if run > 0 {
        runs.push(run);
    }
    runs
}

/// The value of a strip of at most two cells, by the definition (every
/// move is safe there, and no three fit).
fn tiny_value(cells: &[bool]) -> u64 {
    let mut options = Vec::new();
    for c in 0..cells.len() {
        if !cells[c] {
            let mut next = cells.to_vec();
            next[c] = true;
            options.push(tiny_value(&next));
        }
    }
    sprague_impartial::impartial::mex(&mut options)
}

impl TreblecrossBoard {
    /// A strip; `cells[i]` is `true` where cell `i` holds an X.
    fn new(cells: Vec<bool>, rules: Arc<OctalRules>) -> TreblecrossBoard {
        TreblecrossBoard { cells, rules }
    }

    fn value(&self, budget: &Budget) -> Result<u64, SolveError> {
        if self.cells.len() <= 2 {
            return Ok(tiny_value(&self.cells));
        }
        if has_three(&self.cells) {
            // Finished: the last player to move completed the row and won.
            return Ok(0);
        }
        if let Some(&c) = completing_cells(&self.cells).first() {
            return Err(SolveError::unsupported(format!(
                "the player to move completes three in a row at cell {} and wins: the board `{}` is decided, not a nimber",
                c + 1,
                self.board()
            )));
        }
        let mut total = 0;
        for run in safe_runs(&self.cells) {
            total ^= self.rules.grundy(run + 2, budget)?;
        }
        Ok(total)
    }

    fn board(&self) -> String {
        self.cells
            .iter()
            .map(|&b| if b { 'X' } else { '.' })
            .collect()
    }

    fn mark(&self, c: usize) -> Move {
        let mut cells = self.cells.clone();
        cells[c] = true;
        Move::new(
            MoveLabel::Mark { cell: c as u64 + 1 },
            Arc::new(TreblecrossBoard::new(cells, Arc::clone(&self.rules))),
        )
    }
}

/// The winning moves of a Treblecross strip as 1-based cells, in order, as
/// UVa 10561 asks: the completing cells if three in a row can be completed,
/// otherwise the safe cells that leave a position of value 0. Empty for a
/// losing strip.
///
/// # Errors
///
/// As [`Impartial::grundy`], when the strip is too long for the budget.
///
/// # Examples
///
/// ```
/// use sprague::{Budget, rulesets::treblecross_winning_cells};
/// // ".X.X" lets the player to move complete at cell 3.
/// assert_eq!(treblecross_winning_cells(".X.X", &Budget::DEFAULT).unwrap(), vec![3]);
/// // Three empty cells: any first mark wins, since the second mark makes
/// // `XX` or `X.X` and the first player completes the row.
/// assert_eq!(treblecross_winning_cells("...", &Budget::DEFAULT).unwrap(), vec![1, 2, 3]);
/// // Five empty cells: only the middle wins (a mark elsewhere leaves a safe
/// // cell that the opponent takes, after which every move is unsafe).
/// assert_eq!(treblecross_winning_cells(".....", &Budget::DEFAULT).unwrap(), vec![3]);
/// ```
pub fn treblecross_winning_cells(board: &str, budget: &Budget) -> Result<Vec<usize>, SolveError> {
    let cells: Vec<bool> = board.chars().map(|c| c == 'X' || c == 'x').collect();
    let strip = TreblecrossBoard::new(cells, heap_rules());
    if strip.cells.len() > 2 {
        let completing = completing_cells(&strip.cells);
        if !completing.is_empty() {
            return Ok(completing.into_iter().map(|c| c + 1).collect());
        }
    }
    Ok(strip
        .moves_to_grundy(Nimber::ZERO, usize::MAX, budget)?
        .iter()
        .filter_map(|m| match m.label {
            MoveLabel::Mark { cell } => usize::try_from(cell).ok(),
            _ => None,
        })
        .collect())
}

impl Component for TreblecrossBoard {
    fn ruleset(&self) -> String {
        "treblecross".to_string()
    }

    fn args(&self) -> String {
        format!("\"{}\"", self.board())
    }

    fn key(&self) -> Key {
        let cells: Vec<u8> = self.cells.iter().map(|&x| u8::from(x)).collect();
        Key::new("treblecross", Key::pack(&cells))
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Impartial(self)
    }

    fn sum_rule(&self) -> Option<&'static dyn SumRule> {
        Some(&WIN_BY_THREE)
    }
}

impl Impartial for TreblecrossBoard {
    fn grundy(&self, budget: &Budget) -> Result<Nimber, SolveError> {
        self.value(budget).map(Nimber)
    }

    /// Every empty cell; none once three in a row stand (the player who
    /// completed them has won, and under normal play the one left without
    /// a move has lost: `play` ends there).
    fn moves(&self, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        if has_three(&self.cells) {
            return Ok(Vec::new());
        }
        check_move_count(self.cells.len() as u64, budget)?;
        Ok((0..self.cells.len())
            .filter(|&c| !self.cells[c])
            .map(|c| self.mark(c))
            .collect())
    }

    /// Moves within distance 2 of an X hand the opponent a win, so they
    /// never reach a value: only safe moves are considered (on strips of
    /// three cells or more).
    fn moves_to_grundy(&self, target: Nimber, max: usize, budget: &Budget) -> Moves {
        if self.cells.len() <= 2 {
            let mut found = Vec::new();
            for c in (0..self.cells.len()).filter(|&c| !self.cells[c]) {
                let m = self.mark(c);
                if found.len() < max && m.grundy(budget)? == target {
                    found.push(m);
                }
            }
            return Ok(found);
        }
        // The value after a safe move at `c`: the run holding `c` is
        // replaced by the two runs it leaves.
        let runs = safe_runs(&self.cells);
        let mut total = 0;
        for &run in &runs {
            total ^= self.rules.grundy(run + 2, budget)?;
        }
        let mut found = Vec::new();
        let mut c = 0;
        while c < self.cells.len() && found.len() < max {
            if self.cells[c] || !is_safe(&self.cells, c) {
                c += 1;
                continue;
            }
            // A run of safe cells from `c`.
            let mut end = c;
            while end < self.cells.len() && !self.cells[end] && is_safe(&self.cells, end) {
                end += 1;
            }
            let run = (end - c) as u64;
            let rest = total ^ self.rules.grundy(run + 2, budget)?;
            for x in 0..run {
                if found.len() >= max {
                    break;
                }
                let left = x.saturating_sub(2);
                let right = run.saturating_sub(3 + x);
                let after = rest
                    ^ self.rules.grundy(left + 2, budget)?
                    ^ self.rules.grundy(right + 2, budget)?;
                if after == target.0 {
                    found.push(self.mark(c + x as usize));
                }
            }
            c = end;
        }
        Ok(found)
    }
}

fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    no_params(&c.ruleset)?;
    if c.args.is_empty() {
        return Err(ParseError::bad_arguments(
            "`treblecross` needs a strip like \"..X..\" or a number of empty cells",
            c.args_span.clone(),
        ));
    }
    let rules = heap_rules();
    let mut boards = Vec::new();
    for arg in &c.args {
        let cells = match &arg.value {
            Arg::Int(n) => {
                if *n > MAX_CELLS {
                    return Err(ParseError::bad_arguments(
                        format!("a strip has at most {MAX_CELLS} cells"),
                        arg.span.clone(),
                    ));
                }
                vec![false; *n as usize]
            }
            Arg::Str(s) => {
                if s.len() as u64 > MAX_CELLS {
                    return Err(ParseError::bad_arguments(
                        format!("a strip has at most {MAX_CELLS} cells"),
                        arg.span.clone(),
                    ));
                }
                let mut cells = Vec::with_capacity(s.len());
                for (i, ch) in s.char_indices() {
                    match ch {
                        '.' => cells.push(false),
                        'X' | 'x' => cells.push(true),
                        _ => {
                            // The string starts after its opening quote.
                            let at = arg.span.start + 1 + i;
                            return Err(ParseError::bad_arguments(
                                format!("a strip holds `.` (empty) and `X` (marked), not `{ch}`"),
                                at..at + ch.len_utf8(),
                            ));
                        }
                    }
                }
                if has_three(&cells) {
                    return Err(ParseError::bad_arguments(
                        "this strip already has three X in a row: the game is over",
                        arg.span.clone(),
                    ));
                }
                cells
            }
            Arg::Range(..) => {
                return Err(ParseError::bad_arguments(
                    "a strip is a string like \"..X..\" or a number of cells",
                    arg.span.clone(),
                ));
            }
        };
        boards
            .push(Arc::new(TreblecrossBoard::new(cells, Arc::clone(&rules))) as Arc<dyn Component>);
    }
    Ok(boards)
}

/// Empty strips of `n` cells.
#[derive(Debug)]
struct TreblecrossFamily {
    rules: Arc<OctalRules>,
}

impl HeapFamily for TreblecrossFamily {
    fn ruleset(&self) -> String {
        "treblecross".to_string()
    }

    fn grundy_values(&self, from: u64, to: u64, budget: &Budget) -> Values {
        crate::common::values_timed(from, to, budget, |n| match n {
            0..=2 => Ok(tiny_value(&vec![false; n as usize])),
            // A strip of n cells is the heap n + 2 of 0.007, which does
            // not exist past 2^64 - 3.
            _ => match n.checked_add(2) {
                Some(heap) => self.rules.grundy(heap, budget),
                None => Err(SolveError::unsupported(format!(
                    "a strip of {n} cells is beyond the heaps of 0.007 (at most 2^64 - 1)"
                ))),
            },
        })
    }

    fn periodicity(&self, _budget: &Budget) -> Result<Option<Periodicity>, SolveError> {
        // 0.007 has no known period.
        Ok(None)
    }
}

fn family(r: &RulesetSyntax) -> Result<Arc<dyn HeapFamily>, ParseError> {
    no_params(r)?;
    Ok(Arc::new(TreblecrossFamily {
        rules: heap_rules(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn a_strip_past_the_last_heap_of_0_007_is_unsupported_not_wrapped() {
        // Issue 28's fuzzing: a strip of 2^64 - 1 cells was the heap
        // 2^64 + 1 of 0.007, which wrapped to 1 in release builds.
        let family =
            crate::family(&sprague_game::syntax::parse_ruleset("treblecross").unwrap()).unwrap();
        let e = family
            .grundy_values(u64::MAX, u64::MAX, &Budget::DEFAULT)
            .unwrap_err();
        assert!(matches!(e, SolveError::Unsupported { .. }), "{e}");
    }

    /// Whether the player to move wins, by searching the whole game: a move
    /// that completes three wins, a player with no move loses.
    fn wins(cells: &mut Vec<bool>, memo: &mut HashMap<Vec<bool>, bool>) -> bool {
        if let Some(&w) = memo.get(cells) {
            return w;
        }
        let mut result = false;
        for c in 0..cells.len() {
            if cells[c] {
                continue;
            }
            if completes(cells, c) {
                result = true;
                break;
            }
            cells[c] = true;
            let opponent = wins(cells, memo);
            cells[c] = false;
            if !opponent {
                result = true;
                break;
            }
        }
        memo.insert(cells.clone(), result);
        result
    }

    /// The winning cells (1-based) by the same search.
    fn brute_winning_cells(cells: &[bool], memo: &mut HashMap<Vec<bool>, bool>) -> Vec<usize> {
        let mut cells = cells.to_vec();
        let mut found = Vec::new();
        for c in 0..cells.len() {
            if cells[c] {
                continue;
            }
            if completes(&cells, c) {
                found.push(c + 1);
                continue;
            }
            cells[c] = true;
            if !wins(&mut cells, memo) {
                found.push(c + 1);
            }
            cells[c] = false;
        }
        found
    }

    #[test]
    fn every_small_strip_matches_a_search_of_the_whole_game() {
        let mut memo = HashMap::new();
        let mut n_checked = 0;
        for len in 0..=11usize {
            for mask in 0u32..(1 << len) {
                let cells: Vec<bool> = (0..len).map(|i| mask & (1 << i) != 0).collect();
                if has_three(&cells) {
                    continue;
                }
                let board: String = cells.iter().map(|&b| if b { 'X' } else { '.' }).collect();
                let expected = brute_winning_cells(&cells, &mut memo);
                let got = treblecross_winning_cells(&board, &Budget::DEFAULT).unwrap();
                assert_eq!(got, expected, "{board}");
                let mut c = cells.clone();
                let first_wins = wins(&mut c, &mut memo);
                if completing_cells(&cells).is_empty() || len <= 2 {
                    let p = crate::tests::parse(&format!("treblecross(\"{board}\")")).unwrap();
                    let g = p.components()[0].grundy(&Budget::DEFAULT).unwrap();
                    assert_eq!(g != Nimber::ZERO, first_wins, "{board}");
                }
                n_checked += 1;
            }
        }
        assert!(n_checked > 1000);
    }

    #[test]
    fn a_strip_to_complete_decides_the_sum() {
        // Every strip of up to 9 cells on which the player to move can
        // complete three in a row, alone and beside a Nim heap: an
        // N-position whose winning moves are exactly the brute-force
        // search's (the completing cells), and nothing else of the sum.
        let mut memo = HashMap::new();
        let mut n_checked = 0;
        for len in 3..=9usize {
            for mask in 0u32..(1 << len) {
                let cells: Vec<bool> = (0..len).map(|i| mask & (1 << i) != 0).collect();
                if has_three(&cells) || completing_cells(&cells).is_empty() {
                    continue;
                }
                let board: String = cells.iter().map(|&b| if b { 'X' } else { '.' }).collect();
                let expected = brute_winning_cells(&cells, &mut memo);
                for text in [
                    format!("treblecross(\"{board}\")"),
                    format!("treblecross(\"{board}\") + nim(5)"),
                ] {
                    let p = crate::tests::parse(&text).unwrap();
                    let a = sprague::analyze(&p, Play::Normal, true, &Budget::DEFAULT).unwrap();
                    assert_eq!(a.outcome, Outcome::N, "{text}");
                    let cells_won: Vec<usize> = a
                        .winning_moves
                        .iter()
                        .map(|m| {
                            assert_eq!(m.component, 0, "{text}");
                            match m.label {
                                MoveLabel::Mark { cell } => cell as usize,
                                _ => unreachable!("a Treblecross move marks a cell"),
                            }
                        })
                        .collect();
                    assert_eq!(cells_won, expected, "{text}");
                }
                n_checked += 1;
            }
        }
        assert!(n_checked > 100);
    }

    #[test]
    fn a_finished_strip_has_no_moves() {
        let p = crate::tests::parse("treblecross(\"XX...\")").unwrap();
        let after = p.components()[0].moves(&Budget::DEFAULT).unwrap();
        let finished = &after[0].to[0];
        assert_eq!(finished.text(), "treblecross(\"XXX..\")");
        assert!(finished.moves(&Budget::DEFAULT).unwrap().is_empty());
    }

    #[test]
    fn empty_strips_are_heaps_of_0_007() {
        let f = family(&sprague_game::syntax::parse_ruleset("treblecross").unwrap()).unwrap();
        let values = f.grundy_values(0, 14, &Budget::DEFAULT).unwrap();
        let mut memo = HashMap::new();
        for (n, v) in values.iter().enumerate() {
            let mut cells = vec![false; n];
            assert_eq!(
                *v != Nimber::ZERO,
                wins(&mut cells, &mut memo),
                "strip of {n}"
            );
        }
    }

    #[test]
    fn bad_strips_are_typed_errors() {
        let err = crate::tests::parse("treblecross(\"..o..\")").unwrap_err();
        assert_eq!(err.span, 15..16);
        assert!(crate::tests::parse("treblecross(\"XXX\")").is_err());
        assert!(crate::tests::parse("treblecross()").is_err());
        let p = crate::tests::parse("treblecross(\"X.X\")").unwrap();
        assert!(p.components()[0].grundy(&Budget::DEFAULT).is_err());
    }
}
