//! Staircase Nim and the coin-on-a-strip game it solves (POJ 1704).
//!
//! **Staircase Nim.** Coins on steps `1..=k` (`a_1` on the step nearest the
//! ground); a move sends at least one coin from step `i` down to step
//! `i - 1`, or from step 1 to the ground. The value is the nim-sum of the
//! odd steps, `a_1 ⊕ a_3 ⊕ ...` (seed notes 000 and 003). Why, for the
//! value and not only the outcome: every move changes exactly one odd step
//! (a move from an odd step lowers it; a move from an even step `2j` raises
//! step `2j - 1`), so no option has the same nim-sum; and every smaller
//! nim-sum is reached by lowering one odd step as in Nim. Play ends, because
//! the sum over coins of their step numbers drops with every move. So the
//! mex of the options is exactly the nim-sum, by induction.
//!
//! **Georgia and Bob** (POJ 1704). Coins on a strip of cells `1, 2, ...` at
//! `x_1 < ... < x_k`; a move slides one coin left by at least one cell,
//! never onto or past another coin, nor off the strip. Let `g_i` be the
//! empty cells just left of coin `i` (`g_1 = x_1 - 1`, `g_i = x_i - x_(i-1) -
//! 1`). Moving coin `i` left by `d` lowers `g_i` by `d` and raises `g_(i+1)`
//! by `d` (for the last coin nothing is raised): that is staircase Nim with
//! step `j` holding the gap `g_(k+1-j)` — the last coin's gap is the step
//! nearest the ground. So the value is `g_k ⊕ g_(k-2) ⊕ ...`.

use std::sync::Arc;

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::ComponentSyntax;
use sprague_game::{Component, Impartial, Key, Kind, Move};
use sprague_impartial::nimber::Nimber;

use crate::common::Moves;
use crate::common::check_total_coins;
use crate::common::int_args;
use crate::common::{Ruleset, check_move_count, no_params};

pub(crate) const STAIRCASE: Ruleset = Ruleset {
    name: "staircase",
    syntax: "staircase(a1, ..., ak)   a1: the step nearest the ground",
    rule: "move at least one coin from a step to the step below (from step 1 to the ground)",
    example: "staircase(5, 4, 3, 2, 1)",
    heaps_interact: true,
    build: build_staircase,
    family: None,
};

pub(crate) const GEORGIA: Ruleset = Ruleset {
    name: "georgia",
    syntax: "georgia(x1, ..., xk)   cells of the coins, from 1",
    rule: "coins on a strip: slide one coin left, never onto or past another coin nor off \
           the strip (POJ 1704)",
    example: "georgia(1, 5, 6, 7, 9, 12, 14, 17)",
    heaps_interact: true,
    build: build_georgia,
    family: None,
};

/// The nim-sum of the odd steps `a_1 ⊕ a_3 ⊕ ...` (`steps[0]` is step 1).
///
/// # Examples
///
/// ```
/// use sprague::rulesets::staircase_grundy;
/// assert_eq!(staircase_grundy(&[5, 4, 3, 2, 1]), 5 ^ 3 ^ 1);
/// ```
pub fn staircase_grundy(steps: &[u64]) -> u64 {
    steps.iter().step_by(2).fold(0, |acc, a| acc ^ a)
}

/// For staircase steps `steps` (`steps[0]` nearest the ground), the move
/// from step `i` (0-based) to a position of nim-sum `target`, if there is
/// one: the number of coins to move. At most one per step.
fn staircase_move_to(steps: &[u64], i: usize, target: u64) -> Option<u64> {
    let change = staircase_grundy(steps) ^ target;
    if change == 0 {
        return None;
    }
    if i % 2 == 0 {
        // An odd step (1-based) goes down: lower it to a ⊕ change.
        let (a, v) = (steps[i], steps[i] ^ change);
        (v < a).then(|| a - v)
    } else {
        // An even step feeds the odd step below: raise it to b ⊕ change.
        let (b, v) = (steps[i - 1], steps[i - 1] ^ change);
        (v > b && v - b <= steps[i]).then(|| v - b)
    }
}

/// A staircase Nim position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StaircasePosition {
    /// Coins on each step, `steps[0]` on the step nearest the ground.
    pub steps: Vec<u64>,
}

impl StaircasePosition {
    fn send(&self, i: usize, t: u64) -> Move {
        let mut steps = self.steps.clone();
        steps[i] -= t;
        let coins = if t == 1 { "coin" } else { "coins" };
        let description = if i == 0 {
            format!("move {t} {coins} from step 1 to the ground")
        } else {
            steps[i - 1] += t;
            format!("move {t} {coins} from step {} to step {i}", i + 1)
        };
        Move::new(description, Arc::new(StaircasePosition { steps }))
    }
}

impl Component for StaircasePosition {
    fn ruleset(&self) -> String {
        "staircase".to_string()
    }

    fn args(&self) -> String {
        join(&self.steps)
    }

    fn is_heap(&self) -> bool {
        false
    }

    fn key(&self) -> Key {
        Key::new("staircase", self.steps.iter().copied())
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Impartial(self)
    }
}

impl Impartial for StaircasePosition {
    fn grundy(&self, _budget: &Budget) -> Result<Nimber, SolveError> {
        Ok(Nimber(staircase_grundy(&self.steps)))
    }

    /// By step, nearest the ground first, then by the number of coins.
    fn moves(&self, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        let total = self
            .steps
            .iter()
            .fold(0u64, |acc, &a| acc.saturating_add(a));
        check_move_count(total, budget)?;
        let mut moves = Vec::new();
        for (i, &a) in self.steps.iter().enumerate() {
            moves.extend((1..=a).map(|t| self.send(i, t)));
        }
        Ok(moves)
    }

    fn moves_to_grundy(&self, target: Nimber, max: usize, _budget: &Budget) -> Moves {
        Ok((0..self.steps.len())
            .filter_map(|i| staircase_move_to(&self.steps, i, target.0).map(|t| self.send(i, t)))
            .take(max)
            .collect())
    }
}

/// Coins on a strip (POJ 1704), at sorted distinct cells `1, 2, ...`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GeorgiaPosition {
    /// The cells of the coins, increasing, each at least 1.
    pub cells: Vec<u64>,
}

impl GeorgiaPosition {
    /// The staircase the strip is: step `j` (`steps[j-1]`) holds the empty
    /// cells left of the `j`-th coin from the right.
    pub fn staircase(&self) -> Vec<u64> {
        let mut gaps: Vec<u64> = (0..self.cells.len())
            .map(|i| self.cells[i] - if i == 0 { 0 } else { self.cells[i - 1] } - 1)
            .collect();
        gaps.reverse();
        gaps
    }

    fn slide(&self, coin: usize, d: u64) -> Move {
        let mut cells = self.cells.clone();
        cells[coin] -= d;
        let description = format!(
            "move the coin at cell {} to cell {}",
            self.cells[coin], cells[coin]
        );
        Move::new(description, Arc::new(GeorgiaPosition { cells }))
    }
}

impl Component for GeorgiaPosition {
    fn ruleset(&self) -> String {
        "georgia".to_string()
    }

    fn args(&self) -> String {
        join(&self.cells)
    }

    fn is_heap(&self) -> bool {
        false
    }

    fn key(&self) -> Key {
        Key::new("georgia", self.cells.iter().copied())
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Impartial(self)
    }
}

impl Impartial for GeorgiaPosition {
    fn grundy(&self, _budget: &Budget) -> Result<Nimber, SolveError> {
        Ok(Nimber(staircase_grundy(&self.staircase())))
    }

    /// By coin, leftmost first, then by distance, shortest first.
    fn moves(&self, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        let steps = self.staircase();
        let total = steps.iter().fold(0u64, |acc, &a| acc.saturating_add(a));
        check_move_count(total, budget)?;
        let k = self.cells.len();
        let mut moves = Vec::new();
        for coin in 0..k {
            moves.extend((1..=steps[k - 1 - coin]).map(|d| self.slide(coin, d)));
        }
        Ok(moves)
    }

    fn moves_to_grundy(&self, target: Nimber, max: usize, _budget: &Budget) -> Moves {
        let steps = self.staircase();
        let k = self.cells.len();
        Ok((0..k)
            .filter_map(|coin| {
                staircase_move_to(&steps, k - 1 - coin, target.0).map(|d| self.slide(coin, d))
            })
            .take(max)
            .collect())
    }
}

fn join(values: &[u64]) -> String {
    values
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

fn build_staircase(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    no_params(&c.ruleset)?;
    let steps = int_args(c, "step")?;
    check_total_coins(&steps, c)?;
    Ok(vec![Arc::new(StaircasePosition { steps })])
}

fn build_georgia(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    no_params(&c.ruleset)?;
    let cells = int_args(c, "coin cell")?;
    for (a, &x) in c.args.iter().zip(&cells) {
        if x == 0 {
            return Err(ParseError::bad_arguments(
                "the strip starts at cell 1",
                a.span.clone(),
            ));
        }
    }
    let mut sorted = cells.clone();
    sorted.sort_unstable();
    if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
        let i = cells
            .iter()
            .rposition(|&x| x == w[0])
            .expect("a repeated cell");
        return Err(ParseError::bad_arguments(
            format!("two coins on cell {}", w[0]),
            c.args[i].span.clone(),
        ));
    }
    Ok(vec![Arc::new(GeorgiaPosition { cells: sorted })])
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague::analyze;
    use sprague_core::outcome::Outcome;
    use sprague_game::Play;
    use sprague_impartial::impartial::{GrundySolver, ImpartialGame};

    /// Staircase Nim from its rule.
    struct BruteStaircase;
    impl ImpartialGame for BruteStaircase {
        type Position = Vec<u64>;
        fn moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
            for i in 0..p.len() {
                for t in 1..=p[i] {
                    let mut q = p.clone();
                    q[i] -= t;
                    if i > 0 {
                        q[i - 1] += t;
                    }
                    out.push(q);
                }
            }
        }
    }

    /// Coins on a strip from the rule: cells, slide one left.
    struct BruteStrip;
    impl ImpartialGame for BruteStrip {
        type Position = Vec<u64>;
        fn moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
            for i in 0..p.len() {
                let floor = if i == 0 { 1 } else { p[i - 1] + 1 };
                for x in floor..p[i] {
                    let mut q = p.clone();
                    q[i] = x;
                    out.push(q);
                }
            }
        }
    }

    #[test]
    fn staircase_value_and_moves_agree_with_the_generic_solver() {
        let mut solver = GrundySolver::new(BruteStaircase, Budget::DEFAULT);
        let budget = Budget::DEFAULT;
        for len in 1..=4 {
            for steps in crate::common::all_rows(len, if len == 4 { 3 } else { 4 }) {
                let g = solver.grundy(&steps).unwrap();
                let p = StaircasePosition {
                    steps: steps.clone(),
                };
                assert_eq!(p.grundy(&budget).unwrap(), g, "{steps:?}");
                crate::common::assert_moves_to_grundy_agree(&p, 8);
            }
        }
    }

    #[test]
    fn georgia_agrees_with_the_strip_searched_directly() {
        let mut solver = GrundySolver::new(BruteStrip, Budget::DEFAULT);
        let budget = Budget::DEFAULT;
        // Every set of up to 4 coins on cells 1..=9.
        for mask in 1u32..(1 << 9) {
            if mask.count_ones() > 4 {
                continue;
            }
            let cells: Vec<u64> = (0..9)
                .filter(|b| mask >> b & 1 == 1)
                .map(|b| b + 1)
                .collect();
            let g = solver.grundy(&cells).unwrap();
            let p = GeorgiaPosition {
                cells: cells.clone(),
            };
            assert_eq!(p.grundy(&budget).unwrap(), g, "{cells:?}");
            crate::common::assert_moves_to_grundy_agree(&p, 1);
        }
    }

    #[test]
    fn poj_1704_samples() {
        // POJ 1704 (Georgia and Bob), Georgia moves first: "1 2 3" -> "Bob
        // will win"; "1 5 6 7 9 12 14 17" -> "Georgia will win".
        let cases = [
            ("georgia(1, 2, 3)", Outcome::P),
            ("georgia(1, 5, 6, 7, 9, 12, 14, 17)", Outcome::N),
        ];
        for (text, outcome) in cases {
            let p = crate::tests::parse(text).unwrap();
            let a = analyze(&p, Play::Normal, false, &Budget::DEFAULT).unwrap();
            assert_eq!(a.outcome, outcome, "{text}");
        }
        // Cells may be given in any order (POJ does not sort them).
        let p = crate::tests::parse("georgia(7, 1, 5)").unwrap();
        assert_eq!(p.to_string(), "georgia(1, 5, 7)");
    }

    #[test]
    fn seed_note_example() {
        // staircase(5, 4, 3, 2, 1): odd steps 5, 3, 1, nim-sum 7.
        let p = crate::tests::parse("staircase(5, 4, 3, 2, 1)").unwrap();
        let a = analyze(&p, Play::Normal, true, &Budget::DEFAULT).unwrap();
        assert_eq!(a.grundy(), Some(Nimber(7)));
        // A winning move changes one odd step a to a ⊕ 7: step 1 can drop
        // from 5 to 2 (3 coins to the ground), step 3 can rise from 3 to 4
        // (1 coin from step 4); step 5 cannot become 6.
        let moves: Vec<String> = a.winning_moves.iter().map(|m| m.description()).collect();
        assert_eq!(
            moves,
            [
                "move 3 coins from step 1 to the ground",
                "move 1 coin from step 4 to step 3"
            ]
        );
    }

    #[test]
    fn the_largest_total_stays_in_range() {
        // The largest total is fine, and every move stays in range: here
        // step 1 must rise from 0 to the nim-sum 2^63 - 1 of the other odd
        // step, fed by step 2.
        let p =
            crate::tests::parse("staircase(0, 9223372036854775808, 9223372036854775807)").unwrap();
        let a = analyze(&p, Play::Normal, false, &Budget::DEFAULT).unwrap();
        assert_eq!(
            a.winning_moves[0].to.to_string(),
            "staircase(9223372036854775807, 1, 9223372036854775807)"
        );
    }
}
