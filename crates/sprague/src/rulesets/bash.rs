//! The Bash game: take between 1 and `m` stones from one heap.
//!
//! A heap of `n` is worth `*(n mod (m+1))` (seed notes 000 and 003): the
//! options of `n` are the `min(n, m)` heaps just below it, whose values
//! `(n-1) mod (m+1), (n-2) mod (m+1), ...` are every residue except
//! `n mod (m+1)` itself (when `n >= m`) or exactly `0..n` (when `n < m`), so
//! the mex is `n mod (m+1)`. It is the bounded take-away game with `l = 1`
//! (see [`super::takeaway`]), and shares its formulas; the tests check them
//! against the mex definition.

use std::sync::Arc;

use crate::budget::Budget;
use crate::error::{ParseError, SolveError};
use crate::game::{Component, Impartial, Key, Kind, Move};
use crate::nimber::Nimber;
use crate::syntax::{ComponentSyntax, RulesetSyntax};

use super::common::heap_components;
use super::common::one_int_param;
use super::common::{
    HeapFamily, Periodicity, Ruleset, check_move_count, take_move, values_by_formula,
};
use super::takeaway::{takeaway_grundy, takes_to_grundy};

pub(super) const RULESET: Ruleset = Ruleset {
    name: "bash",
    syntax: "bash[m](n, ...)",
    rule: "take between 1 and m stones from one heap",
    example: "bash[3](10, 7)",
    heaps_interact: false,
    build,
    family: Some(family),
    sum_rule: Some(&super::misere_bash::MISERE_BASH),
};

/// One heap of the Bash game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BashHeap {
    /// The most stones a move takes (at least 1).
    pub m: u64,
    /// The heap.
    pub size: u64,
}

impl BashHeap {
    fn take(&self, taken: u64) -> Move {
        let to = BashHeap {
            size: self.size - taken,
            ..*self
        };
        take_move(taken, self.size, || Arc::new(to))
    }
}

impl Component for BashHeap {
    fn ruleset(&self) -> String {
        format!("bash[{}]", self.m)
    }

    fn args(&self) -> String {
        self.size.to_string()
    }

    fn key(&self) -> Key {
        Key::new("bash", [self.m, self.size])
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Impartial(self)
    }
}

impl Impartial for BashHeap {
    fn grundy(&self, _budget: &Budget) -> Result<Nimber, SolveError> {
        Ok(Nimber(takeaway_grundy(1, self.m, self.size)))
    }

    fn moves(&self, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        let most = self.m.min(self.size);
        check_move_count(most, budget)?;
        Ok((1..=most).map(|k| self.take(k)).collect())
    }

    fn moves_to_grundy(
        &self,
        target: Nimber,
        max: usize,
        _budget: &Budget,
    ) -> Result<Vec<Move>, SolveError> {
        Ok(takes_to_grundy(1, self.m, self.size, target.0, max)
            .into_iter()
            .map(|k| self.take(k))
            .collect())
    }
}

/// Reads `[m]`, `m >= 1`.
fn most(r: &RulesetSyntax) -> Result<u64, ParseError> {
    one_int_param(
        r,
        "m",
        "the most a move takes",
        1,
        "a move takes at least 1 stone, so m must be at least 1",
    )
}

fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    let m = most(&c.ruleset)?;
    heap_components(c, |size| BashHeap { m, size })
}

#[derive(Debug)]
struct BashFamily {
    m: u64,
}

impl HeapFamily for BashFamily {
    fn ruleset(&self) -> String {
        format!("bash[{}]", self.m)
    }

    fn grundy_values(
        &self,
        from: u64,
        to: u64,
        budget: &Budget,
    ) -> Result<Vec<Nimber>, SolveError> {
        values_by_formula(from, to, budget, |x| takeaway_grundy(1, self.m, x))
    }

    /// Purely periodic with period `m + 1` (the values `0..=m` in turn), by
    /// the closed form, proved for every heap.
    fn periodicity(&self, _budget: &Budget) -> Result<Option<Periodicity>, SolveError> {
        Ok(Some(Periodicity {
            preperiod: 0,
            period: self.m.saturating_add(1),
            saltus: 0,
            certified: true,
            certified_at: 0,
        }))
    }
}

fn family(r: &RulesetSyntax) -> Result<Arc<dyn HeapFamily>, ParseError> {
    Ok(Arc::new(BashFamily { m: most(r)? }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ParseErrorKind;
    use crate::game::Play;
    use crate::impartial::grundy_sequence;
    use crate::position::Position;
    use crate::solve::analyze;

    #[test]
    fn value_is_n_mod_m_plus_one_by_the_mex_definition() {
        for m in 1..=8u64 {
            let brute = grundy_sequence(100, |h, g, emit| {
                for k in 1..=m as usize {
                    if k <= h {
                        emit(g[h - k]);
                    }
                }
            });
            for (n, &v) in brute.iter().enumerate() {
                let heap = BashHeap { m, size: n as u64 };
                assert_eq!(heap.grundy(&Budget::DEFAULT).unwrap(), Nimber(v));
                assert_eq!(v, n as u64 % (m + 1), "m={m} n={n}");
            }
        }
    }

    #[test]
    fn heaps_are_independent_and_the_winning_move_is_by_formula() {
        // bash[3](10, 7): values 2 and 3. Every winning move found by the
        // formula must be exactly the list found by searching the whole sum.
        let p = Position::parse("bash[3](10, 7)").unwrap();
        assert_eq!(p.components().len(), 2);
        let a = analyze(&p, Play::Normal, true, &Budget::DEFAULT).unwrap();
        assert_eq!(a.grundy(), Some(Nimber(2 ^ 3)));
        let mut search = crate::solve::search::SumSearch::new(Play::Normal, Budget::DEFAULT);
        let mut expected = Vec::new();
        for (i, c) in p.components().iter().enumerate() {
            for m in c.moves(&Budget::DEFAULT).unwrap() {
                let after = p.replace(i, &m.to);
                if !search
                    .wins(after.components(), crate::game::Side::Left)
                    .unwrap()
                {
                    expected.push(after.to_string());
                }
            }
        }
        let found: Vec<String> = a.winning_moves.iter().map(|w| w.to.to_string()).collect();
        assert_eq!(found, expected);
    }

    #[test]
    fn huge_heaps_do_not_overflow() {
        let heap = BashHeap {
            m: u64::MAX,
            size: u64::MAX,
        };
        assert_eq!(heap.grundy(&Budget::DEFAULT).unwrap(), Nimber(u64::MAX));
        let p = Position::parse("bash[18446744073709551615](18446744073709551615)").unwrap();
        let a = analyze(&p, Play::Normal, false, &Budget::DEFAULT).unwrap();
        assert_eq!(
            a.winning_moves[0].to.to_string(),
            "0",
            "taking the whole heap leaves nothing"
        );
    }

    #[test]
    fn bad_parameters_are_reported_with_their_span() {
        let e = Position::parse("bash[0](5)").unwrap_err();
        assert!(matches!(e.kind, ParseErrorKind::BadParameters { .. }));
        assert_eq!(e.span, 5..6);
        let e = Position::parse("bash(5)").unwrap_err();
        assert!(matches!(e.kind, ParseErrorKind::BadParameters { .. }));
        let e = Position::parse("bash[2,3](5)").unwrap_err();
        assert_eq!(e.span, 4..9);
    }
}
