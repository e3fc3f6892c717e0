//! The submask take-away game: from a heap of `n`, take `x` stones,
//! `1 <= x <= n`, where `x OR n = n` (every binary digit of `x` is one of
//! `n`'s).
//!
//! `G(n) = popcount(n)` (seed note 000, "多堆,取的取走的需要和原来是数字或运算为自己").
//! Why: `x` is a submask of `n`, so `n - x = n XOR x` and the options of `n`
//! are exactly its proper submasks. By induction each submask `y` is worth
//! `popcount(y)`; a proper submask of `n` can have any popcount from 0 to
//! `popcount(n) - 1` and none has `popcount(n)`, so the mex is `popcount(n)`.
//! The game is Nim on the 1s of `n`, each a heap of one, except that a move
//! may clear several at once — which only adds moves to smaller values.
//!
//! A winning move to a value `t < popcount(n)` clears `popcount(n) - t` of
//! the 1s; the smallest such `x` clears the lowest ones.

use std::sync::Arc;

use crate::budget::Budget;
use crate::error::{ParseError, SolveError};
use crate::game::{Component, Impartial, Key, Kind, Move};
use crate::nimber::Nimber;
use crate::syntax::{ComponentSyntax, RulesetSyntax};

use super::common::heap_components;
use super::common::{
    HeapFamily, Ruleset, check_move_count, no_params, take_description, values_by_formula,
};

pub(super) const RULESET: Ruleset = Ruleset {
    name: "submask",
    syntax: "submask(n, ...)",
    rule: "take x stones from one heap of n, 1 <= x <= n, where x OR n = n \
           (every binary digit of x is a digit of n)",
    example: "submask(7, 12)",
    heaps_interact: false,
    build,
    family: Some(family),
    sum_rule: None,
};

/// Places the low bits of `compact` at the positions of the 1s of `mask`,
/// lowest first (a software `pdep`). Increasing `compact` gives increasing
/// results.
fn deposit(mask: u64, compact: u64) -> u64 {
    let mut out = 0;
    let mut rest = mask;
    let mut i = 0;
    while rest != 0 {
        let low = rest & rest.wrapping_neg();
        if (compact >> i) & 1 == 1 {
            out |= low;
        }
        rest ^= low;
        i += 1;
    }
    out
}

/// Up to `max` submasks of `n` with exactly `j` ones, smallest first.
///
/// The `j`-subsets of the `k = popcount(n)` positions are visited as `k`-bit
/// numbers with `j` ones in increasing order (Gosper's hack) and deposited
/// into the 1s of `n`, which keeps the order.
fn submasks_with_ones(n: u64, j: u32, max: usize) -> Vec<u64> {
    let k = n.count_ones();
    let mut found = Vec::new();
    if j > k || max == 0 {
        return found;
    }
    if j == 0 {
        found.push(0);
        return found;
    }
    // Combinations as u128, so that `k = 64` does not overflow.
    let limit: u128 = 1u128 << k;
    let mut c: u128 = (1u128 << j) - 1;
    while c < limit && found.len() < max {
        found.push(deposit(n, c as u64));
        let low = c & c.wrapping_neg();
        let ripple = c + low;
        c = (((ripple ^ c) >> 2) / low) | ripple;
    }
    found
}

/// One heap of the submask take-away game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SubmaskHeap {
    /// The number of stones.
    pub size: u64,
}

impl SubmaskHeap {
    fn take(&self, x: u64) -> Move {
        let to = SubmaskHeap {
            size: self.size - x,
        };
        Move::new(take_description(x, self.size), Arc::new(to))
    }
}

impl Component for SubmaskHeap {
    fn ruleset(&self) -> String {
        "submask".to_string()
    }

    fn args(&self) -> String {
        self.size.to_string()
    }

    fn key(&self) -> Key {
        Key::new("submask", [self.size])
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Impartial(self)
    }
}

impl Impartial for SubmaskHeap {
    fn grundy(&self, _budget: &Budget) -> Result<Nimber, SolveError> {
        Ok(Nimber(u64::from(self.size.count_ones())))
    }

    fn moves(&self, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        let n_moves = 1u64
            .checked_shl(self.size.count_ones())
            .map_or(u64::MAX, |m| m - 1);
        check_move_count(n_moves, budget)?;
        let n = self.size;
        // The submasks of `n` in increasing order, by adding one through the
        // holes of `n`.
        let takes = std::iter::successors(Some(0u64), move |&x| {
            let next = ((x | !n).wrapping_add(1)) & n;
            (next != 0).then_some(next)
        })
        .skip(1);
        Ok(takes.map(|x| self.take(x)).collect())
    }

    fn moves_to_grundy(
        &self,
        target: Nimber,
        max: usize,
        budget: &Budget,
    ) -> Result<Vec<Move>, SolveError> {
        let k = u64::from(self.size.count_ones());
        if target.0 >= k {
            return Ok(Vec::new());
        }
        let max = max.min(usize::try_from(budget.max_positions).unwrap_or(usize::MAX));
        Ok(submasks_with_ones(self.size, (k - target.0) as u32, max)
            .into_iter()
            .map(|x| self.take(x))
            .collect())
    }
}

fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    no_params(&c.ruleset)?;
    heap_components(c, |size| SubmaskHeap { size })
}

#[derive(Debug)]
struct SubmaskFamily;

impl HeapFamily for SubmaskFamily {
    fn ruleset(&self) -> String {
        "submask".to_string()
    }

    fn grundy_values(
        &self,
        from: u64,
        to: u64,
        budget: &Budget,
    ) -> Result<Vec<Nimber>, SolveError> {
        values_by_formula(from, to, budget, |n| u64::from(n.count_ones()))
    }
}

fn family(r: &RulesetSyntax) -> Result<Arc<dyn HeapFamily>, ParseError> {
    no_params(r)?;
    Ok(Arc::new(SubmaskFamily))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::grundy_sequence;

    #[test]
    fn popcount_matches_the_mex_definition() {
        let brute = grundy_sequence(4096, |h, g, emit| {
            for x in 1..=h {
                if x | h == h {
                    emit(g[h - x]);
                }
            }
        });
        for (n, &v) in brute.iter().enumerate() {
            assert_eq!(u64::from((n as u64).count_ones()), v, "n = {n}");
        }
    }

    #[test]
    fn moves_and_winning_moves_match_the_definition() {
        let budget = Budget::DEFAULT;
        for n in 0..512u64 {
            let heap = SubmaskHeap { size: n };
            let listed: Vec<String> = heap
                .moves(&budget)
                .unwrap()
                .into_iter()
                .map(|m| m.description())
                .collect();
            let legal: Vec<u64> = (1..=n).filter(|&x| x | n == n).collect();
            let expected: Vec<String> = legal
                .iter()
                .map(|&x| take_description(x, n).to_string())
                .collect();
            assert_eq!(listed, expected, "n = {n}");
            for t in 0..=10u64 {
                let fast: Vec<String> = heap
                    .moves_to_grundy(Nimber(t), usize::MAX, &budget)
                    .unwrap()
                    .into_iter()
                    .map(|m| m.description())
                    .collect();
                let slow: Vec<String> = legal
                    .iter()
                    .filter(|&&x| u64::from((n - x).count_ones()) == t)
                    .map(|&x| take_description(x, n).to_string())
                    .collect();
                assert_eq!(fast, slow, "n = {n}, target {t}");
            }
        }
    }

    #[test]
    fn full_words_do_not_overflow() {
        let heap = SubmaskHeap { size: u64::MAX };
        let budget = Budget::DEFAULT;
        assert_eq!(heap.grundy(&budget).unwrap(), Nimber(64));
        let first = heap.moves_to_grundy(Nimber(0), 2, &budget).unwrap();
        assert_eq!(first.len(), 1);
        assert_eq!(
            first[0].description(),
            take_description(u64::MAX, u64::MAX).to_string()
        );
        let some = heap.moves_to_grundy(Nimber(62), 3, &budget).unwrap();
        let takes: Vec<String> = some.into_iter().map(|m| m.description()).collect();
        assert_eq!(
            takes,
            [3u64, 5, 6]
                .map(|x| take_description(x, u64::MAX).to_string())
                .to_vec()
        );
        assert!(heap.moves(&budget).is_err());
    }
}
