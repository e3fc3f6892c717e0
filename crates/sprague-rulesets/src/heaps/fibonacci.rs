//! Fibonacci Nim: one heap; the first move takes between 1 and `n - 1`
//! stones, and afterwards a move takes between 1 and twice the previous take.
//!
//! A position is `(n, c)`: `n` stones, and the current cap `c` (a move takes
//! `1..=min(c, n)`). `fibonacci(n)` is the start, with `c = n - 1`.
//!
//! **Outcome** (Whinihan, "Fibonacci Nim", Fibonacci Quarterly 1963; seed
//! note 003, HDU 2516). Write `n` in Zeckendorf form, a sum of
//! non-consecutive Fibonacci numbers `z_1 < z_2 < ...`. The player to move
//! wins iff `c >= z_1`; in particular `fibonacci(n)` is lost iff `n` is a
//! Fibonacci number. Why: taking `z_1` leaves `n - z_1`, whose smallest term
//! `z_2` is more than `2 z_1` (non-consecutive Fibonacci numbers grow by more
//! than a factor 2 every two steps), so the opponent cannot reach it; and
//! from `c < z_1` every take `t < z_1` leaves a remainder whose smallest
//! Zeckendorf term is at most `2t` (Whinihan's lemma), so the opponent can
//! continue the strategy.
//!
//! **Every winning move.** A take `t` wins iff `n - t` is lost for the
//! opponent, whose cap is `2t`: `n - t = 0`, or `2t < z_min(n - t)`. In the
//! second case `t < z_min(n - t) / 2`, so every term of `t`'s Zeckendorf form
//! is at least two indices below `z_min(n - t)`, and the Zeckendorf form of
//! `n` is the union of the two: `t` is a sum of the smallest terms of `n`,
//! `t = z_1 + ... + z_j` with `2t < z_(j+1)` (or `t = n`). So there are at
//! most 92 candidates, and a `u64` heap is answered in microseconds.
//!
//! **Values.** The game is impartial and ends (the heap shrinks), so every
//! `(n, c)` has a Grundy value, but no closed form is known (Larsson and
//! Rubinstein-Salzedo, "Grundy values of Fibonacci nim", IJGT 2016,
//! characterise only the positions of value at most 3), so values come from
//! a table of every `(m, d)`, `d <= m <= n`, for heaps up to
//! [`TABLE_MAX`], built with an incremental mex in `O(n²)`. A lost position
//! is worth 0 at any size.

use std::sync::Arc;

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::{Arg, ComponentSyntax, RulesetSyntax};
use sprague_game::{Component, Impartial, Key, Kind, Move};
use sprague_impartial::impartial::MexSet;
use sprague_impartial::nimber::Nimber;

use crate::common::Values;
use crate::common::{HeapFamily, Ruleset, check_move_count, no_params, take_description};
use crate::common::{Moves, WinningMoves};

pub(crate) const RULESET: Ruleset = Ruleset {
    name: "fibonacci",
    syntax: "fibonacci(n)  or  fibonacci(n, c)",
    rule: "one heap; the first move takes 1..n-1, later moves take 1..2x the previous take \
           (c: the current cap)",
    example: "fibonacci(20)",
    heaps_interact: true,
    build,
    family: Some(family),
};

/// The largest heap whose Grundy values are computed by table.
pub const TABLE_MAX: u64 = 3000;

/// The Fibonacci numbers `1, 2, 3, 5, ...` up to `u64::MAX`.
fn fibonacci_numbers() -> Vec<u64> {
    let mut f = vec![1u64, 2];
    while let Some(next) = f[f.len() - 1].checked_add(f[f.len() - 2]) {
        f.push(next);
    }
    f
}

/// The Zeckendorf representation of `n`: the non-consecutive Fibonacci
/// numbers (from `1, 2, 3, 5, ...`) that sum to `n`, smallest first.
///
/// # Examples
///
/// ```
/// use sprague::rulesets::zeckendorf;
/// assert_eq!(zeckendorf(20), vec![2, 5, 13]);
/// assert_eq!(zeckendorf(0), Vec::<u64>::new());
/// ```
pub fn zeckendorf(mut n: u64) -> Vec<u64> {
    let mut terms = Vec::new();
    for &f in fibonacci_numbers().iter().rev() {
        if f <= n {
            n -= f;
            terms.push(f);
        }
    }
    terms.reverse();
    terms
}

/// A position of Fibonacci Nim.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FibonacciPosition {
    /// The stones left.
    pub n: u64,
    /// The most the next move may take; `None` at the start (`n - 1`).
    pub cap: Option<u64>,
}

impl FibonacciPosition {
    /// The most the next move may take, never more than the heap.
    pub fn effective_cap(&self) -> u64 {
        self.cap.unwrap_or(self.n.saturating_sub(1)).min(self.n)
    }

    /// Whether the player to move wins: the cap reaches the smallest
    /// Zeckendorf term.
    pub fn first_player_wins(&self) -> bool {
        zeckendorf(self.n)
            .first()
            .is_some_and(|&z| self.effective_cap() >= z)
    }

    fn take(&self, t: u64) -> Move {
        let to = FibonacciPosition {
            n: self.n - t,
            cap: Some(t.saturating_mul(2)),
        };
        Move::new(take_description(t, self.n), Arc::new(to))
    }

    /// Every winning take, smallest first: the prefix sums of the Zeckendorf
    /// terms that the next term exceeds more than twice (or the whole heap),
    /// within the cap.
    fn winning_takes(&self) -> Vec<u64> {
        let terms = zeckendorf(self.n);
        let cap = self.effective_cap();
        let mut takes = Vec::new();
        let mut sum = 0u64;
        for (j, &z) in terms.iter().enumerate() {
            sum += z;
            if sum > cap {
                break;
            }
            let leaves_a_loss = match terms.get(j + 1) {
                None => true,
                Some(&next) => u128::from(sum) * 2 < u128::from(next),
            };
            if leaves_a_loss {
                takes.push(sum);
            }
        }
        takes
    }
}

/// Grundy values of every Fibonacci Nim position `(m, d)` with
/// `d <= m <= n` (a cap above the heap is the same as the heap).
#[derive(Debug)]
struct Table {
    values: Vec<u32>,
}

impl Table {
    fn index(m: u64, d: u64) -> usize {
        (m * (m + 1) / 2 + d.min(m)) as usize
    }

    fn build(n: u64, budget: &Budget) -> Result<Table, SolveError> {
        if n > TABLE_MAX {
            return Err(SolveError::unsupported(format!(
                "the grundy value of this fibonacci position is not known: values are \
                 computed by table only for heaps up to {TABLE_MAX} (its outcome and \
                 winning moves are known for every heap)"
            )));
        }
        check_move_count((n + 1) * (n + 2) / 2, budget)?;
        let mut values = Vec::with_capacity(((n + 1) * (n + 2) / 2) as usize);
        let mut seen = MexSet::new();
        for m in 0..=n {
            // G(m, d) is the mex of G(m - t, 2t) for t = 1..=d: the set
            // grows with d, so one pass per heap gives every cap.
            seen.clear();
            values.push(0);
            for t in 1..=m {
                seen.insert(u64::from(values[Table::index(m - t, 2 * t)]));
                values.push(seen.mex() as u32);
            }
        }
        Ok(Table { values })
    }

    fn get(&self, m: u64, d: u64) -> u64 {
        u64::from(self.values[Table::index(m, d)])
    }
}

impl Component for FibonacciPosition {
    fn ruleset(&self) -> String {
        "fibonacci".to_string()
    }

    fn args(&self) -> String {
        match self.cap {
            None => self.n.to_string(),
            Some(c) => format!("{}, {c}", self.n),
        }
    }

    fn is_heap(&self) -> bool {
        false
    }

    fn key(&self) -> Key {
        Key::new(
            "fibonacci",
            [self.n, u64::from(self.cap.is_some()), self.cap.unwrap_or(0)],
        )
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Impartial(self)
    }
}

impl Impartial for FibonacciPosition {
    fn grundy(&self, budget: &Budget) -> Result<Nimber, SolveError> {
        if !self.first_player_wins() {
            return Ok(Nimber::ZERO);
        }
        let table = Table::build(self.n, budget)?;
        Ok(Nimber(table.get(self.n, self.effective_cap())))
    }

    fn moves(&self, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        let cap = self.effective_cap();
        check_move_count(cap, budget)?;
        Ok((1..=cap).map(|t| self.take(t)).collect())
    }

    fn moves_to_grundy(&self, target: Nimber, max: usize, budget: &Budget) -> Moves {
        if target == Nimber::ZERO {
            return Ok(self
                .winning_takes()
                .into_iter()
                .take(max)
                .map(|t| self.take(t))
                .collect());
        }
        let table = Table::build(self.n, budget)?;
        Ok((1..=self.effective_cap())
            .filter(|&t| table.get(self.n - t, 2 * t) == target.0)
            .take(max)
            .map(|t| self.take(t))
            .collect())
    }

    fn outcome(&self, max: usize, budget: &Budget) -> WinningMoves {
        Some(
            self.moves_to_grundy(Nimber::ZERO, max, budget)
                .map(|moves| (self.first_player_wins(), moves)),
        )
    }
}

fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    no_params(&c.ruleset)?;
    let mut ints = Vec::new();
    for a in &c.args {
        match a.value {
            Arg::Int(v) => ints.push(v),
            _ => {
                return Err(ParseError::bad_arguments(
                    "`fibonacci` takes integers: the heap, and optionally the cap",
                    a.span.clone(),
                ));
            }
        }
    }
    let position = match *ints.as_slice() {
        [n] => FibonacciPosition { n, cap: None },
        [n, c] => FibonacciPosition { n, cap: Some(c) },
        _ => {
            return Err(ParseError::bad_arguments(
                "`fibonacci` takes the heap, fibonacci(n), or the heap and the cap, \
                 fibonacci(n, c)",
                c.args_span.clone(),
            ));
        }
    };
    Ok(vec![Arc::new(position)])
}

/// The values of `fibonacci(n)` (the start, cap `n - 1`) for `sprague table`.
#[derive(Debug)]
struct FibonacciFamily;

impl HeapFamily for FibonacciFamily {
    fn ruleset(&self) -> String {
        "fibonacci".to_string()
    }

    fn grundy_values(&self, from: u64, to: u64, budget: &Budget) -> Values {
        let table = Table::build(to, budget)?;
        Ok((from..=to)
            .map(|n| Nimber(table.get(n, n.saturating_sub(1))))
            .collect())
    }
}

fn family(r: &RulesetSyntax) -> Result<Arc<dyn HeapFamily>, ParseError> {
    no_params(r)?;
    Ok(Arc::new(FibonacciFamily))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague::analyze;
    use sprague_core::outcome::Outcome;
    use sprague_game::Play;
    use sprague_impartial::impartial::{GrundySolver, ImpartialGame};

    /// Fibonacci Nim from its rule: `(n, cap)`, a take `t` leads to
    /// `(n - t, 2t)`.
    struct Brute;
    impl ImpartialGame for Brute {
        type Position = (u64, u64);
        fn moves(&self, &(n, c): &(u64, u64), out: &mut Vec<(u64, u64)>) {
            out.extend((1..=c.min(n)).map(|t| (n - t, 2 * t)));
        }
    }

    #[test]
    fn outcome_values_and_winning_moves_agree_with_the_generic_solver() {
        let mut solver = GrundySolver::new(Brute, Budget::DEFAULT);
        let budget = Budget::DEFAULT;
        let table = Table::build(120, &budget).unwrap();
        for n in 0..=120u64 {
            for c in 0..=n + 2 {
                let p = FibonacciPosition { n, cap: Some(c) };
                let g = solver.grundy(&(n, c)).unwrap();
                assert_eq!(p.first_player_wins(), g != Nimber::ZERO, "({n}, {c})");
                assert_eq!(Nimber(table.get(n, c.min(n))), g, "({n}, {c})");
                let mut brute_takes = Vec::new();
                for t in 1..=c.min(n) {
                    if solver.grundy(&(n - t, 2 * t)).unwrap() == Nimber::ZERO {
                        brute_takes.push(t);
                    }
                }
                assert_eq!(p.winning_takes(), brute_takes, "({n}, {c})");
            }
            let start = FibonacciPosition { n, cap: None };
            assert_eq!(
                start.grundy(&budget).unwrap(),
                solver.grundy(&(n, n.saturating_sub(1))).unwrap()
            );
        }
    }

    #[test]
    fn hdu_2516_samples() {
        // HDU 2516 (取石子游戏): 2 -> "Second win", 13 -> "Second win",
        // 10000 -> "First win".
        for (n, first_wins) in [(2u64, false), (13, false), (10000, true)] {
            let p = crate::tests::parse(&format!("fibonacci({n})")).unwrap();
            let a = analyze(&p, Play::Normal, false, &Budget::DEFAULT).unwrap();
            assert_eq!(a.outcome == Outcome::N, first_wins, "n = {n}");
        }
    }

    #[test]
    fn p_iff_fibonacci_for_the_start_position() {
        let fibs = fibonacci_numbers();
        for n in 1..=2000u64 {
            let p = FibonacciPosition { n, cap: None };
            assert_eq!(!p.first_player_wins(), fibs.contains(&n), "n = {n}");
        }
    }

    #[test]
    fn heaps_near_2_pow_63_answer_with_a_winning_move() {
        let n = (1u64 << 63) + 12345;
        let p = crate::tests::parse(&format!("fibonacci({n})")).unwrap();
        let start = std::time::Instant::now();
        let a = analyze(&p, Play::Normal, true, &Budget::DEFAULT).unwrap();
        assert!(start.elapsed().as_millis() < 100);
        assert_eq!(a.outcome, Outcome::N);
        let z = zeckendorf(n);
        assert_eq!(z.iter().sum::<u64>(), n);
        assert!(z.windows(2).all(|w| w[1] > w[0] + w[0] / 2));
        let first = &a.winning_moves[0];
        assert_eq!(first.description(), take_description(z[0], n).to_string());
        // After the move the opponent faces a lost position.
        let args = first.to.components()[0].args();
        let (rest, cap) = args.split_once(", ").unwrap();
        let after = FibonacciPosition {
            n: rest.parse().unwrap(),
            cap: Some(cap.parse().unwrap()),
        };
        assert!(!after.first_player_wins());
        // The largest Fibonacci number below 2^64 is lost at the start.
        let f93 = *fibonacci_numbers().last().unwrap();
        assert!(!FibonacciPosition { n: f93, cap: None }.first_player_wins());
    }

    #[test]
    fn table_family_matches_positions() {
        let values = FibonacciFamily
            .grundy_values(0, 30, &Budget::DEFAULT)
            .unwrap();
        for (n, v) in values.into_iter().enumerate() {
            let p = FibonacciPosition {
                n: n as u64,
                cap: None,
            };
            assert_eq!(p.grundy(&Budget::DEFAULT).unwrap(), v);
        }
    }
}
