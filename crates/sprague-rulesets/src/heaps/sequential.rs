//! Sequential piles (Codeforces 1382B, "Sequential Nim"): piles in a row;
//! a move takes at least one stone (at most `m` with `sequential[m]`) from
//! the first non-empty pile only.
//!
//! **Value, from the right.** Let `g` be the value of the piles after the
//! first one. The first pile with `a` stones is a one-heap game whose empty
//! heap is worth `g` instead of 0: `G(0) = g` and `G(a)` is the mex of the
//! `G(a - t)` for the allowed takes `t`. Solving that recurrence:
//!
//! * without a cap, `G(a) = a - 1` for `1 <= a <= g` and `G(a) = a` for
//!   `a > g` (the options of `a` are `G(0..a)`, which are `g` and the values
//!   below, so the mex skips `g` once);
//! * with cap `m` and `g <= m`, `G` is periodic with period `m + 1`:
//!   `G(a) = h(a mod (m+1))`, where `h(0) = g` and `h(1), ..., h(m)` are
//!   `0..=m` without `g`, in increasing order (each window of `m`
//!   consecutive values misses exactly the value `m + 1` back);
//! * with cap `m` and `g > m`, `G(a) = (a - 1) mod (m + 1)` for `a >= 1`.
//!
//! So the whole row is valued in `O(k)`. The outcome is the seed note's
//! "leading ones" rule (Codeforces 1382B): with `j` leading piles of one
//! stone, the first player wins iff `j` is even, unless every pile is a one,
//! when they win iff the number of piles is odd. With a cap the same rule
//! applies to the sizes mod `m + 1` once the multiples of `m + 1` are dropped
//! (seed note 000: "the first size mod (m+1) above 1 decides; mind the
//! zeros"): a pile of residue 1 is worth 1 or 0 like a single stone, one of
//! residue 0 passes the value of the rest through (`h(0) = g`), and any
//! other residue is never worth 0. Both rules follow from the formula, and
//! the tests check them against the generic solver on every small row.

use std::sync::Arc;

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::{ComponentSyntax, RulesetSyntax};
use sprague_game::{Component, Impartial, Key, Kind, Move};
use sprague_impartial::nimber::Nimber;

use crate::common::Moves;
use crate::common::{Ruleset, check_move_count};
use crate::common::{int_args, one_int_param};

pub(crate) const RULESET: Ruleset = Ruleset {
    name: "sequential",
    syntax: "sequential(a1, ..., ak)  or  sequential[m](a1, ..., ak)",
    rule: "take at least one stone (at most m) from the first non-empty pile only \
           (Codeforces 1382B)",
    example: "sequential(2, 5, 4)",
    heaps_interact: true,
    build,
    family: None,
};

/// The value of a first pile of `a` stones in front of piles worth `g`,
/// taking at most `cap` (`None`: no cap).
fn pile_value(a: u64, g: u64, cap: Option<u64>) -> u64 {
    if a == 0 {
        return g;
    }
    match cap {
        None => {
            if a <= g {
                a - 1
            } else {
                a
            }
        }
        Some(m) => {
            let period = u128::from(m) + 1;
            if g > m {
                ((u128::from(a) - 1) % period) as u64
            } else {
                let r = (u128::from(a) % period) as u64;
                if r == 0 {
                    g
                } else if r - 1 < g {
                    r - 1
                } else {
                    r
                }
            }
        }
    }
}

/// The value of a row of piles.
///
/// # Examples
///
/// ```
/// use sprague::rulesets::sequential_grundy;
/// assert_eq!(sequential_grundy(&[1, 1, 1], None), 1);
/// assert_eq!(sequential_grundy(&[1, 2], None), 0);
/// ```
pub fn sequential_grundy(piles: &[u64], cap: Option<u64>) -> u64 {
    piles.iter().rev().fold(0, |g, &a| pile_value(a, g, cap))
}

/// A row of sequential piles.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SequentialPosition {
    /// The most a move takes; `None`: any number.
    pub cap: Option<u64>,
    /// The piles, in order.
    pub piles: Vec<u64>,
}

impl SequentialPosition {
    /// The first non-empty pile, and the value of the piles after it.
    fn first(&self) -> Option<(usize, u64)> {
        let i = self.piles.iter().position(|&a| a > 0)?;
        Some((i, sequential_grundy(&self.piles[i + 1..], self.cap)))
    }

    fn take(&self, i: usize, t: u64) -> Move {
        let mut piles = self.piles.clone();
        piles[i] -= t;
        Move::new(
            format!("take {t} from pile {}", i + 1),
            Arc::new(SequentialPosition {
                cap: self.cap,
                piles,
            }),
        )
    }

    fn most(&self, a: u64) -> u64 {
        self.cap.map_or(a, |m| m.min(a))
    }
}

impl Component for SequentialPosition {
    fn ruleset(&self) -> String {
        match self.cap {
            None => "sequential".to_string(),
            Some(m) => format!("sequential[{m}]"),
        }
    }

    fn args(&self) -> String {
        self.piles
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn is_heap(&self) -> bool {
        false
    }

    fn key(&self) -> Key {
        Key::new(
            "sequential",
            [u64::from(self.cap.is_some()), self.cap.unwrap_or(0)]
                .into_iter()
                .chain(self.piles.iter().copied()),
        )
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Impartial(self)
    }
}

impl Impartial for SequentialPosition {
    fn grundy(&self, _budget: &Budget) -> Result<Nimber, SolveError> {
        Ok(Nimber(sequential_grundy(&self.piles, self.cap)))
    }

    /// By size, smallest first (only one pile can be taken from).
    fn moves(&self, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        let Some((i, _)) = self.first() else {
            return Ok(Vec::new());
        };
        let most = self.most(self.piles[i]);
        check_move_count(most, budget)?;
        Ok((1..=most).map(|t| self.take(i, t)).collect())
    }

    fn moves_to_grundy(&self, target: Nimber, max: usize, _budget: &Budget) -> Moves {
        let Some((i, g)) = self.first() else {
            return Ok(Vec::new());
        };
        let a = self.piles[i];
        let lowest = a - self.most(a);
        // By the formulas, a remainder b is worth t only if b = 0, or b is
        // congruent to 0, t or t + 1 mod m + 1 (without a cap: b is t or
        // t + 1).
        // The window of remainders, `lowest..a`, is shorter than a period,
        // so each residue has at most one candidate there: the largest
        // below a. The exact value is checked after.
        let t = target.0;
        let mut remainders: Vec<u64> = vec![0];
        match self.cap {
            None => remainders.extend([t, t.saturating_add(1)]),
            Some(m) => {
                let period = u128::from(m) + 1;
                let top = u128::from(a) - 1;
                for r in [0, u128::from(t), u128::from(t) + 1] {
                    let r = r % period;
                    if r <= top {
                        remainders.push((top - (top - r) % period) as u64);
                    }
                }
            }
        }
        remainders.retain(|&b| b < a && b >= lowest && pile_value(b, g, self.cap) == t);
        remainders.sort_unstable_by(|x, y| y.cmp(x));
        remainders.dedup();
        Ok(remainders
            .into_iter()
            .take(max)
            .map(|b| self.take(i, a - b))
            .collect())
    }
}

fn read_cap(r: &RulesetSyntax) -> Result<Option<u64>, ParseError> {
    if r.params_span.is_none() {
        return Ok(None);
    }
    one_int_param(
        r,
        "m",
        "the most a move takes",
        1,
        "a move takes at least 1 stone, so m must be at least 1",
    )
    .map(Some)
}

fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    let cap = read_cap(&c.ruleset)?;
    let piles = int_args(c, "pile")?;
    Ok(vec![Arc::new(SequentialPosition { cap, piles })])
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague::analyze;
    use sprague_core::outcome::Outcome;
    use sprague_game::Play;
    use sprague_impartial::impartial::{GrundySolver, ImpartialGame};

    /// Sequential piles from the rule.
    struct Brute {
        cap: Option<u64>,
    }
    impl ImpartialGame for Brute {
        type Position = Vec<u64>;
        fn moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
            if let Some(i) = p.iter().position(|&a| a > 0) {
                let most = self.cap.map_or(p[i], |m| m.min(p[i]));
                for t in 1..=most {
                    let mut q = p.clone();
                    q[i] -= t;
                    out.push(q);
                }
            }
        }
    }

    /// The leading-ones rule of Codeforces 1382B, with the seed note's
    /// capped variant: sizes taken mod m + 1, multiples of m + 1 (and empty
    /// piles) dropped.
    fn leading_ones_rule(piles: &[u64], cap: Option<u64>) -> bool {
        let sizes: Vec<u64> = piles
            .iter()
            .map(|&a| cap.map_or(a, |m| a % (m + 1)))
            .filter(|&a| a > 0)
            .collect();
        let j = sizes.iter().take_while(|&&a| a == 1).count();
        if j == sizes.len() {
            j % 2 == 1
        } else {
            j % 2 == 0
        }
    }

    #[test]
    fn values_and_moves_agree_with_the_generic_solver() {
        let budget = Budget::DEFAULT;
        for cap in [None, Some(1), Some(2), Some(3), Some(5)] {
            let mut solver = GrundySolver::new(Brute { cap }, budget);
            for (n, max) in [(1, 12), (2, 9), (3, 7), (4, 4)] {
                for piles in crate::common::all_rows(n, max) {
                    let g = solver.grundy(&piles).unwrap();
                    let p = SequentialPosition {
                        cap,
                        piles: piles.clone(),
                    };
                    assert_eq!(p.grundy(&budget).unwrap(), g, "{cap:?} {piles:?}");
                    assert_eq!(
                        leading_ones_rule(&piles, cap),
                        g != Nimber::ZERO,
                        "{cap:?} {piles:?}"
                    );
                    crate::common::assert_moves_to_grundy_agree(&p, 7);
                }
            }
        }
    }

    #[test]
    fn codeforces_1382b_samples() {
        // Codeforces 1382B (Sequential Nim), the sample: "First" or "Second".
        let cases: [(&str, Outcome); 7] = [
            ("2, 5, 4", Outcome::N),
            ("1, 1, 1, 1, 1, 1, 1, 1", Outcome::P),
            ("1, 2, 3, 4, 5, 6", Outcome::P),
            ("1, 1, 2, 1, 2, 2", Outcome::N),
            ("1000000000", Outcome::N),
            ("1, 2, 2, 1, 1", Outcome::P),
            ("1, 1, 1", Outcome::N),
        ];
        for (piles, outcome) in cases {
            let p = crate::tests::parse(&format!("sequential({piles})")).unwrap();
            let a = analyze(&p, Play::Normal, false, &Budget::DEFAULT).unwrap();
            assert_eq!(a.outcome, outcome, "{piles}");
        }
    }

    #[test]
    fn huge_piles_and_caps_do_not_overflow() {
        let m = u64::MAX;
        let p = SequentialPosition {
            cap: Some(m),
            piles: vec![m, m, 1],
        };
        let budget = Budget::DEFAULT;
        let g = p.grundy(&budget).unwrap();
        let moves = p.moves_to_grundy(Nimber::ZERO, 5, &budget).unwrap();
        assert_eq!(g != Nimber::ZERO, !moves.is_empty());
        for mv in moves {
            assert_eq!(mv.grundy(&budget).unwrap(), Nimber::ZERO);
        }
    }
}
