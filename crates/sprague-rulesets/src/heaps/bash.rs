//! The Bash game: take between 1 and `m` stones from one heap.
//!
//! A heap of `n` is worth `*(n mod (m+1))` (seed notes 000 and 003): the
//! options of `n` are the `min(n, m)` heaps just below it, whose values
//! `(n-1) mod (m+1), (n-2) mod (m+1), ...` are every residue except
//! `n mod (m+1)` itself (when `n >= m`) or exactly `0..n` (when `n < m`), so
//! the mex is `n mod (m+1)`. It is the bounded take-away game with `l = 1`
//! (see [`crate::heaps::takeaway`]), and shares its formulas; the tests check them
//! against the mex definition.

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::RulesetSyntax;
use sprague_game::{Key, SumRule};

use crate::common::{Periodicity, Ruleset, one_int_param};
use crate::heaps::heap::{Heap, HeapRules, Takes, closed_form_period};
use crate::heaps::takeaway::{Takeaway, takes_between};

pub(crate) const RULESET: Ruleset = BashHeap::entry(
    "bash[m](n, ...)",
    "take between 1 and m stones from one heap",
    "bash[3](10, 7)",
);

/// The rules of the Bash game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bash {
    /// The most stones a move takes (at least 1).
    pub m: u64,
}

/// One heap of the Bash game.
pub type BashHeap = Heap<Bash>;

impl Bash {
    /// The same game as bounded take-away.
    fn takeaway(self) -> Takeaway {
        Takeaway { l: 1, r: self.m }
    }
}

impl HeapRules for Bash {
    const NAME: &'static str = "bash";
    const SUM_RULE: Option<&'static dyn SumRule> = Some(&crate::heaps::misere_bash::MISERE_BASH);

    /// Reads `[m]`, `m >= 1`.
    fn read(ruleset: &RulesetSyntax) -> Result<Bash, ParseError> {
        let m = one_int_param(
            ruleset,
            "m",
            "the most a move takes",
            1,
            "a move takes at least 1 stone, so m must be at least 1",
        )?;
        Ok(Bash { m })
    }

    fn ruleset(&self) -> String {
        format!("bash[{}]", self.m)
    }

    fn key(&self, n: u64) -> Key {
        Key::new("bash", [self.m, n])
    }

    fn grundy(&self, n: u64, budget: &Budget) -> Result<u64, SolveError> {
        self.takeaway().grundy(n, budget)
    }

    fn takes(&self, n: u64, budget: &Budget) -> Takes {
        takes_between(1, self.m, n, budget)
    }

    fn takes_to_grundy(&self, n: u64, target: u64, max: usize, budget: &Budget) -> Takes {
        self.takeaway().takes_to_grundy(n, target, max, budget)
    }

    /// Purely periodic with period `m + 1` (the values `0..=m` in turn), by
    /// the closed form, proved for every heap.
    fn periodicity(&self, _budget: &Budget) -> Result<Option<Periodicity>, SolveError> {
        Ok(Some(closed_form_period(0, self.m.saturating_add(1), 0)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague::analyze;
    use sprague_game::Impartial;
    use sprague_game::Play;
    use sprague_impartial::impartial::grundy_sequence;
    use sprague_impartial::nimber::Nimber;

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
                let heap = BashHeap::new(Bash { m }, n as u64);
                assert_eq!(heap.grundy(&Budget::DEFAULT).unwrap(), Nimber(v));
                assert_eq!(v, n as u64 % (m + 1), "m={m} n={n}");
            }
        }
    }

    #[test]
    fn heaps_are_independent_and_the_winning_move_is_by_formula() {
        // bash[3](10, 7): values 2 and 3. Every winning move found by the
        // formula must be exactly the list found by searching the whole sum.
        let p = crate::tests::parse("bash[3](10, 7)").unwrap();
        assert_eq!(p.components().len(), 2);
        let a = analyze(&p, Play::Normal, true, &Budget::DEFAULT).unwrap();
        assert_eq!(a.grundy(), Some(Nimber(2 ^ 3)));
        let mut search = sprague::SumSearch::new(Play::Normal, Budget::DEFAULT);
        let mut expected = Vec::new();
        for (i, c) in p.components().iter().enumerate() {
            for m in c.moves(&Budget::DEFAULT).unwrap() {
                let after = p.replace(i, &m.to);
                if !search
                    .wins(after.components(), sprague_game::Side::Left)
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
        let heap = BashHeap::new(Bash { m: u64::MAX }, u64::MAX);
        assert_eq!(heap.grundy(&Budget::DEFAULT).unwrap(), Nimber(u64::MAX));
        let p = crate::tests::parse("bash[18446744073709551615](18446744073709551615)").unwrap();
        let a = analyze(&p, Play::Normal, false, &Budget::DEFAULT).unwrap();
        assert_eq!(
            a.winning_moves[0].to.to_string(),
            "0",
            "taking the whole heap leaves nothing"
        );
    }
}
