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

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::RulesetSyntax;

use crate::common::{Ruleset, check_move_count, no_params};
use crate::heaps::heap::{Heap, HeapRules, Takes};

pub(crate) const RULESET: Ruleset = SubmaskHeap::entry(
    "submask(n, ...)",
    "take x stones from one heap of n, 1 <= x <= n, where x OR n = n \
     (every binary digit of x is a digit of n)",
    "submask(7, 12)",
);

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

/// The non-empty submasks of `mask` in increasing order (adding one
/// through the holes of `mask`), no more than `budget` allows.
pub(crate) fn nonempty_submasks(mask: u64, budget: &Budget) -> Result<Vec<u64>, SolveError> {
    let n_submasks = 1u64
        .checked_shl(mask.count_ones())
        .map_or(u64::MAX, |m| m - 1);
    check_move_count(n_submasks, budget)?;
    let next = move |&x: &u64| {
        let next = ((x | !mask).wrapping_add(1)) & mask;
        (next != 0).then_some(next)
    };
    Ok(std::iter::successors(Some(0u64), next).skip(1).collect())
}

/// One heap of the submask take-away game.
pub type SubmaskHeap = Heap<Submask>;

/// The rules of the submask take-away game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Submask;

impl HeapRules for Submask {
    const NAME: &'static str = "submask";
    /// `n` is a submask of itself: taking it all leaves `submask(0)`.
    const KEEPS_EMPTY: bool = true;

    fn read(ruleset: &RulesetSyntax) -> Result<Submask, ParseError> {
        no_params(ruleset).map(|()| Submask)
    }

    fn grundy(&self, n: u64, _budget: &Budget) -> Result<u64, SolveError> {
        Ok(u64::from(n.count_ones()))
    }

    fn takes(&self, n: u64, budget: &Budget) -> Takes {
        nonempty_submasks(n, budget)
    }

    fn takes_to_grundy(&self, n: u64, target: u64, max: usize, budget: &Budget) -> Takes {
        let k = u64::from(n.count_ones());
        if target >= k {
            return Ok(Vec::new());
        }
        let max = max.min(usize::try_from(budget.max_positions).unwrap_or(usize::MAX));
        Ok(submasks_with_ones(n, (k - target) as u32, max))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::take_description;
    use sprague_game::Impartial;
    use sprague_impartial::impartial::grundy_sequence;
    use sprague_impartial::nimber::Nimber;

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
            let heap = SubmaskHeap::new(Submask, n);
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
            // The fast winning moves are the listed ones filtered by value.
            crate::common::assert_moves_to_grundy_agree(&heap, 11);
        }
    }

    #[test]
    fn full_words_do_not_overflow() {
        let heap = SubmaskHeap::new(Submask, u64::MAX);
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
