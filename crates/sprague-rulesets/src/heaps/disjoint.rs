//! The disjoint take-away game: from a heap of `n`, take `x` stones,
//! `1 <= x <= n`, where `x AND n = 0` (`x` shares no binary digit with `n`).
//!
//! Seed note 000 ("一堆,取的取走的需要和原来是数字与运算为 0") solves who wins
//! a single heap and asks for the Grundy values, which it computes in
//! `O(n^log2(3))` by enumerating submasks (wery0's method). This module has:
//!
//! - [`disjoint_is_p`]: the outcome of one heap in `O(log n)`. Write `core(n)`
//!   for `n` without its trailing 1s. The heap is a P-position exactly when
//!   every maximal run of 1s in `core(n)` has even length (the note's rule,
//!   found by tabulation and proved in the note; the tests check it against
//!   the mex definition for every heap below 2^20).
//! - [`disjoint_grundy_table`]: `G(0..=n)` in `O(n log n)` word operations, by
//!   a recursion over the highest free bit (below), against
//!   [`disjoint_grundy_table_by_submasks`], the note's method, kept as the
//!   baseline of the benchmark.
//! - The winning moves to a P-position of any `u64` heap, in `O(log n)` per
//!   move, by a carry automaton (see [`winning_takes`]).
//!
//! **Odd heaps.** If `n = 2a + 1`, a legal `x` is even (`x AND n = 0`), say
//! `x = 2y`, and `y AND a = 0`, `1 <= y <= a`, `n - x = 2(a - y) + 1`. So the
//! heap `n` is isomorphic to the heap `a = n >> 1`: `G(n) = G(n >> 1)`, and
//! trailing 1s never matter.
//!
//! **Powers of two.** The options of `2^k` are all of `1 .. 2^k - 1` (every
//! non-empty submask of `2^k - 1`). The values that occur below any heap are
//! downward closed (a heap of value `v` has options of every value below
//! `v`), so `G(2^k) = 1 + max{G(m) : m < 2^k}`: each power of two sets a new
//! record, one more than every value before it (80 at 2^16, 134 at 2^20, 166
//! at 2^22).
//!
//! **The table in `O(n log n)`.** The options of `m` are `m - x` for the
//! non-empty submasks `x` of the free bits of `m` (its 0s below its top bit).
//! Let `W(m, k)` be the set of values `G(m - x)` over all submasks `x` (the
//! empty one included) of the free bits of `m` below bit `k`. Splitting on
//! whether `x` contains bit `k`:
//!
//! - if bit `k` of `m` is 1, `W(m, k+1) = W(m, k)`;
//! - if it is 0, `W(m, k+1) = W(m, k) ∪ W(m - 2^k, k)`, because the free bits
//!   of `m - 2^k` below `k` are those of `m` (subtracting `2^k` changes only
//!   bits `k` and up).
//!
//! And `W(m, 0) = {G(m)}`. With `W'(m, k)` the same union over non-empty
//! submasks only, `G(m) = mex W'(m, top)`, and `W'(m, k+1) = W'(m, k) ∪
//! W(m - 2^k, k)` at a 0 bit, where `W(m', k) = W'(m', k) ∪ {G(m')}` for the
//! smaller `m' = m - 2^k`. So each `m` costs one set union per 0 bit, each a
//! few machine words because the values stay small (the largest below 2^22
//! is 166).
//! `W(m', k)` is read only by `m' + 2^k`, and only when bit `k` of `m'` is 1,
//! so level `k` keeps a ring of the last `2^k` sets. Odd heaps cost nothing:
//! they copy `G(m >> 1)`, and only even heaps read the sets (for `k >= 1`,
//! `m' + 2^k` is even exactly when `m'` is), so the sets of odd heaps are
//! never needed and a ring holds `2^(k-1)` sets: about `n / 2` in all.

use std::sync::{Arc, Mutex};

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::RulesetSyntax;

use crate::common::{Ruleset, check_move_count, no_params};
use crate::heaps::heap::{Heap, HeapRules, Takes, TakesOutcome};
use crate::heaps::submask::nonempty_submasks;

pub(crate) const RULESET: Ruleset = DisjointHeap::entry(
    "disjoint(n, ...)",
    "take x stones from one heap of n, 1 <= x <= n, where x AND n = 0 \
     (x shares no binary digit with n)",
    "disjoint(12, 5)",
);

/// The largest heap (after removing its trailing 1s) whose Grundy value the
/// engine tabulates: the table up to 2^22 takes well under a second and
/// about 70 MB.
pub const DISJOINT_TABLE_LIMIT: u64 = (1 << 22) - 1;

/// `n` without its trailing 1s: the heap the odd-heap isomorphism reduces
/// `n` to.
fn core(n: u64) -> u64 {
    n.checked_shr(n.trailing_ones()).unwrap_or(0)
}

/// Whether a heap of `n` is a P-position (the player to move loses) in the
/// disjoint take-away game, in `O(log n)`.
///
/// The rule (seed note 000): remove the trailing 1s of `n`; the heap is lost
/// for the player to move exactly when every maximal run of 1s that is left
/// has even length.
///
/// # Examples
///
/// ```
/// use sprague::rulesets::disjoint_is_p;
/// assert!(disjoint_is_p(0));
/// assert!(!disjoint_is_p(2)); // 10: take 1, leaving 1
/// assert!(disjoint_is_p(6)); // 110: one run of two 1s
/// assert!(disjoint_is_p(13)); // 1101 -> 110
/// ```
pub fn disjoint_is_p(n: u64) -> bool {
    let mut rest = core(n);
    while rest != 0 {
        rest >>= rest.trailing_zeros();
        let run = rest.trailing_ones();
        if run % 2 == 1 {
            return false;
        }
        rest = rest.checked_shr(run).unwrap_or(0);
    }
    true
}

/// The Grundy values `G(0..=n)` of the disjoint take-away game, by the
/// recursion over the highest free bit described in the module
/// documentation: `O(n log n)` unions of small bit sets, about `8n` bytes
/// per word of the sets.
///
/// # Examples
///
/// ```
/// use sprague::rulesets::disjoint_grundy_table;
/// assert_eq!(disjoint_grundy_table(8), vec![0, 0, 1, 0, 2, 1, 0, 0, 3]);
/// ```
pub fn disjoint_grundy_table(n: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(n.saturating_add(1));
    // Level `k` is needed only when some `m' + 2^k <= n` has bit `k` of `m'`
    // set, that is when `2^(k+1) <= n`.
    let levels = (0..usize::BITS as usize)
        .take_while(|&k| (1usize << k).checked_mul(2).is_some_and(|s| s <= n))
        .count();
    let mut words = 1usize;
    // Only even heaps store sets, so level `k` needs a slot for each even
    // residue mod `2^k`: `2^(k-1)` slots (one for level 0, always empty).
    let slots = |k: usize| (1usize << k).div_ceil(2);
    let mut rings: Vec<Vec<u64>> = (0..levels).map(|k| vec![0; slots(k) * words]).collect();
    // Run with a fixed number of words per set (so the unions unroll), and
    // widen every stored set when a value needs more bits.
    while g.len() <= n {
        let done = match words {
            1 => fill::<1>(n, &mut g, &mut rings),
            2 => fill::<2>(n, &mut g, &mut rings),
            3 => fill::<3>(n, &mut g, &mut rings),
            4 => fill::<4>(n, &mut g, &mut rings),
            5..=8 => fill::<8>(n, &mut g, &mut rings),
            9..=16 => fill::<16>(n, &mut g, &mut rings),
            _ => fill::<64>(n, &mut g, &mut rings),
        };
        if done {
            break;
        }
        let wider = match words {
            1..=3 => words + 1,
            4..=7 => 8,
            8..=15 => 16,
            _ => 64,
        };
        assert!(
            wider > words,
            "Grundy values of 4096 and more need heaps far beyond memory"
        );
        for (k, ring) in rings.iter_mut().enumerate() {
            let mut grown = vec![0u64; slots(k) * wider];
            for slot in 0..slots(k) {
                grown[slot * wider..slot * wider + words]
                    .copy_from_slice(&ring[slot * words..(slot + 1) * words]);
            }
            *ring = grown;
        }
        words = wider;
    }
    g
}

/// Extends `g` towards `G(0..=n)` with value sets of `W` words, stored in
/// `rings` (level `k`: `2^k` sets of `W` words). Returns `false`, leaving
/// `g` at the first heap whose value needs more than `64 W` bits, or `true`
/// when the table is complete.
fn fill<const W: usize>(n: usize, g: &mut Vec<u32>, rings: &mut [Vec<u64>]) -> bool {
    for m in g.len()..=n {
        if m % 2 == 1 {
            // Odd heaps copy `G(m >> 1)`, and nothing needs their sets: a
            // set `W(m', k)` is read by `m' + 2^k`, which is even only when
            // `m'` is even or `k = 0` (the empty set, never stored).
            g.push(g[m >> 1]);
            continue;
        }
        let mut acc = [0u64; W];
        let bits = (usize::BITS - m.leading_zeros()) as usize;
        for (k, ring) in rings.iter_mut().enumerate().take(bits) {
            // `m` is even: its residue mod `2^k`, halved, is its slot.
            let slot = ((m & ((1 << k) - 1)) >> 1) * W;
            let stored: &mut [u64; W] = (&mut ring[slot..slot + W])
                .try_into()
                .expect("a slot is W words");
            if (m >> k) & 1 == 0 {
                // The options of `m` using bit `k` (and lower free bits).
                for (a, s) in acc.iter_mut().zip(stored.iter()) {
                    *a |= s;
                }
                let v = g[m - (1 << k)] as usize;
                acc[v / 64] |= 1 << (v % 64);
            } else if m + (1 << k) <= n {
                // `W'(m, k)`, read back by `m + 2^k`.
                *stored = acc;
            }
        }
        let Some(i) = acc.iter().position(|&w| w != u64::MAX) else {
            return false;
        };
        g.push((i * 64) as u32 + (!acc[i]).trailing_zeros());
    }
    true
}

/// The Grundy values `G(0..=n)` by the seed note's method (wery0's): an odd
/// heap is worth `G(n >> 1)`; for an even heap, count the values of all
/// options `n - x`, `x` a non-empty submask of the free bits, and take the
/// least value not counted. `O(n^log2(3))`; kept as the baseline the
/// benchmark measures [`disjoint_grundy_table`] against, and as a second
/// brute force in the tests.
pub fn disjoint_grundy_table_by_submasks(n: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(n.saturating_add(1));
    let mut count: Vec<u32> = Vec::new();
    for m in 0..=n {
        if m % 2 == 1 {
            g.push(g[m >> 1]);
            continue;
        }
        let free = if m == 0 {
            0
        } else {
            (usize::MAX >> m.leading_zeros()) ^ m
        };
        let mut x = free;
        while x != 0 {
            let v = g[m - x] as usize;
            if v >= count.len() {
                count.resize(v + 1, 0);
            }
            count[v] += 1;
            x = (x - 1) & free;
        }
        let mex = count.iter().position(|&c| c == 0).unwrap_or(count.len());
        let mut x = free;
        while x != 0 {
            count[g[m - x] as usize] -= 1;
            x = (x - 1) & free;
        }
        g.push(mex as u32);
    }
    g
}

/// The free bits of `n`: its 0s below its top bit. A move takes a non-empty
/// submask of them.
fn free_bits(n: u64) -> u64 {
    if n == 0 {
        0
    } else {
        (u64::MAX >> n.leading_zeros()) ^ n
    }
}

/// The states of the automaton that reads `n - x` from its lowest bit and
/// checks the P-rule: `TRAIL` (still in the trailing 1s), `ZERO` (the last
/// bit was a 0 after them), `ODD` and `EVEN` (inside a run of 1s of that
/// parity). A 0 after an odd run rejects. Bit 2 of a state is the borrow of
/// the subtraction, bit 3 whether `x` is non-empty so far.
const TRAIL: u8 = 0;
const ZERO: u8 = 1;
const ODD: u8 = 2;
const EVEN: u8 = 3;

/// The state after reading bit `n_bit - x_bit - borrow` of `n - x`, or
/// `None` when the P-rule is broken.
fn step(state: u8, n_bit: u8, x_bit: u8) -> Option<u8> {
    let (a, borrow, nonzero) = (state & 3, (state >> 2) & 1, (state >> 3) & 1);
    let diff = i16::from(n_bit) - i16::from(x_bit) - i16::from(borrow);
    let (bit, borrow) = if diff < 0 { (diff + 2, 1) } else { (diff, 0) };
    let a = match (a, bit) {
        (TRAIL, 1) => TRAIL,
        (TRAIL | ZERO | EVEN, 0) => ZERO,
        (ZERO | EVEN, 1) => ODD,
        (ODD, 1) => EVEN,
        _ => return None,
    };
    Some(a | borrow << 2 | (nonzero | x_bit) << 3)
}

/// Up to `max` amounts `x`, smallest first, whose removal leaves a
/// P-position: `x` a non-empty submask of the free bits of `n`, and `n - x`
/// satisfying the P-rule of [`disjoint_is_p`].
///
/// The subtraction `n - x` is read bit by bit from the lowest, with the
/// borrow, the state of the P-rule and whether `x` is non-empty as a
/// 16-state automaton. A forward pass records which states are reachable
/// at each bit; a depth-first walk from the top bit, trying `x`'s bit 0
/// before 1, keeps only choices that can still reach an accepting state, so
/// it never backtracks in vain and costs `O(log n)` per amount found.
pub fn winning_takes(n: u64, max: usize) -> Vec<u64> {
    // One bit above the top, so that a run of 1s reaching the top of `n - x`
    // is closed by a 0.
    let width = (u64::BITS - n.leading_zeros()) as usize + 1;
    let free = free_bits(n);
    let bit_of = |v: u64, i: usize| v.checked_shr(i as u32).unwrap_or(0) & 1;
    let n_bit = |i: usize| bit_of(n, i) as u8;
    let x_bits = |i: usize| if bit_of(free, i) == 1 { 2 } else { 1 };
    // reach[i]: the states possible after reading bits 0..i.
    let mut reach = vec![0u16; width + 1];
    reach[0] = 1 << TRAIL;
    for i in 0..width {
        for s in 0..16u8 {
            if reach[i] >> s & 1 == 1 {
                for x in 0..x_bits(i) {
                    if let Some(t) = step(s, n_bit(i), x) {
                        reach[i + 1] |= 1 << t;
                    }
                }
            }
        }
    }
    // Accept: no borrow left, x non-empty, and no run of 1s left open.
    let accept: u16 = (1 << (ZERO | 8)) | (1 << (TRAIL | 8));
    let mut found = Vec::new();
    let mut stack = vec![(width, accept, 0u64)];
    while let Some((i, wanted, x)) = stack.pop() {
        if found.len() >= max {
            break;
        }
        if i == 0 {
            if wanted & 1 << TRAIL != 0 {
                found.push(x);
            }
            continue;
        }
        let bit = i - 1;
        // Push 1 before 0 so that 0 (the smaller amount) is explored first.
        for xb in (0..x_bits(bit)).rev() {
            let mut before = 0u16;
            for s in 0..16u8 {
                if reach[bit] >> s & 1 == 1
                    && let Some(t) = step(s, n_bit(bit), xb)
                    && wanted >> t & 1 == 1
                {
                    before |= 1 << s;
                }
            }
            if before != 0 {
                // A 1 is only chosen at a free bit, which is below bit 64.
                let x = if xb == 1 { x | 1 << bit } else { x };
                stack.push((bit, before, x));
            }
        }
    }
    found
}

/// The shared table of Grundy values of the heaps of one written
/// component, extended on demand up to [`DISJOINT_TABLE_LIMIT`].
#[derive(Debug, Default)]
pub struct DisjointTable {
    values: Mutex<Vec<u32>>,
}

impl DisjointTable {
    /// `G(n)`.
    ///
    /// # Errors
    ///
    /// [`SolveError::Unsupported`] when `n` without its trailing 1s is
    /// beyond [`DISJOINT_TABLE_LIMIT`]; [`SolveError::BudgetExceeded`] when
    /// the table would hold more entries than the budget allows.
    pub fn grundy(&self, n: u64, budget: &Budget) -> Result<u64, SolveError> {
        let c = core(n);
        if c > DISJOINT_TABLE_LIMIT {
            return Err(SolveError::unsupported(format!(
                "the Grundy value of disjoint({n}) is not known: values are tabulated \
                 only below 2^22 (trailing 1s removed); the outcome of a single heap \
                 is known for every size"
            )));
        }
        let mut values = self.values.lock().unwrap_or_else(|e| e.into_inner());
        if c as usize >= values.len() {
            // Grow geometrically, so that asking for heaps one by one costs
            // linear time in all.
            let to = (c as usize)
                .max(values.len() * 2)
                .min(DISJOINT_TABLE_LIMIT as usize);
            check_move_count(to as u64 + 1, budget)?;
            *values = disjoint_grundy_table(to);
        }
        Ok(u64::from(values[c as usize]))
    }
}

/// The rules of the disjoint take-away game, with the table of values
/// that every heap of one written component (or one `sprague table`)
/// shares.
#[derive(Clone, Debug, Default)]
pub struct Disjoint {
    table: Arc<DisjointTable>,
}

/// One heap of the disjoint take-away game.
pub type DisjointHeap = Heap<Disjoint>;

impl HeapRules for Disjoint {
    const NAME: &'static str = "disjoint";
    /// A heap of 0 stays after the last move, as written: `disjoint(0)`.
    const KEEPS_EMPTY: bool = true;

    fn read(ruleset: &RulesetSyntax) -> Result<Disjoint, ParseError> {
        no_params(ruleset).map(|()| Disjoint::default())
    }

    fn grundy(&self, n: u64, budget: &Budget) -> Result<u64, SolveError> {
        self.table.grundy(n, budget)
    }

    /// The non-empty submasks of the free bits, smallest first.
    fn takes(&self, n: u64, budget: &Budget) -> Takes {
        nonempty_submasks(free_bits(n), budget)
    }

    fn takes_to_grundy(&self, n: u64, target: u64, max: usize, budget: &Budget) -> Takes {
        if target == 0 {
            return Ok(winning_takes(n, max.min(budget.max_positions as usize)));
        }
        let mut found = Vec::new();
        for x in self.takes(n, budget)? {
            if found.len() >= max {
                break;
            }
            if self.table.grundy(n - x, budget)? == target {
                found.push(x);
            }
        }
        Ok(found)
    }

    /// A heap's outcome is known for every size, its value not.
    fn outcome(&self, n: u64, max: usize, budget: &Budget) -> TakesOutcome {
        let is_p = disjoint_is_p(n);
        let takes = if is_p {
            Vec::new()
        } else {
            winning_takes(n, max.min(budget.max_positions as usize))
        };
        Some(Ok((!is_p, takes)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_game::Impartial;
    use sprague_impartial::impartial::grundy_sequence;
    use sprague_impartial::nimber::Nimber;

    /// The Grundy values straight from the definition: mex over every
    /// `x` with `1 <= x <= n` and `x AND n = 0`.
    fn by_definition(n: usize) -> Vec<u64> {
        grundy_sequence(n, |h, g, emit| {
            for x in 1..=h {
                if x & h == 0 {
                    emit(g[h - x]);
                }
            }
        })
    }

    #[test]
    fn both_tables_match_the_definition() {
        let brute = by_definition(1 << 11);
        let fast = disjoint_grundy_table(1 << 11);
        let note = disjoint_grundy_table_by_submasks(1 << 11);
        for n in 0..brute.len() {
            assert_eq!(u64::from(fast[n]), brute[n], "n = {n}");
            assert_eq!(u64::from(note[n]), brute[n], "n = {n}");
        }
    }

    #[test]
    fn the_fast_table_matches_the_notes_method_to_two_to_the_sixteen() {
        // Crosses the 64-value boundary of one word (G(2^16) = 80).
        let n = 1 << 16;
        assert_eq!(
            disjoint_grundy_table(n),
            disjoint_grundy_table_by_submasks(n)
        );
    }

    #[test]
    fn the_outcome_rule_matches_the_table() {
        let g = disjoint_grundy_table(1 << 20);
        for (n, &v) in g.iter().enumerate() {
            assert_eq!(disjoint_is_p(n as u64), v == 0, "n = {n}");
        }
    }

    #[test]
    fn powers_of_two_set_records() {
        let g = disjoint_grundy_table(1 << 16);
        for k in 0..=16 {
            let below = g[..1 << k].iter().max().copied().unwrap_or(0);
            let expected = if k == 0 { 0 } else { below + 1 };
            assert_eq!(g[1 << k], expected, "k = {k}");
        }
    }

    #[test]
    fn small_tables_are_prefixes() {
        for n in 0..200 {
            assert_eq!(
                disjoint_grundy_table(n)[..],
                disjoint_grundy_table(300)[..=n]
            );
        }
    }

    #[test]
    fn winning_takes_are_every_move_to_a_p_position() {
        for n in 0..(1u64 << 12) {
            let slow: Vec<u64> = (1..=n)
                .filter(|&x| x & n == 0 && disjoint_is_p(n - x))
                .collect();
            assert_eq!(winning_takes(n, usize::MAX), slow, "n = {n}");
            assert_eq!(
                winning_takes(n, 1),
                slow.into_iter().take(1).collect::<Vec<_>>()
            );
        }
    }

    proptest::proptest! {
        #[test]
        fn winning_takes_of_any_heap_are_legal_and_win(n: u64) {
            let takes = winning_takes(n, 5);
            proptest::prop_assert_eq!(takes.is_empty(), disjoint_is_p(n));
            for pair in takes.windows(2) {
                proptest::prop_assert!(pair[0] < pair[1]);
            }
            for x in takes {
                proptest::prop_assert!(x >= 1 && x <= n && x & n == 0);
                proptest::prop_assert!(disjoint_is_p(n - x));
            }
        }
    }

    #[test]
    fn huge_heaps_have_outcomes_and_winning_moves() {
        for n in [
            u64::MAX,
            u64::MAX - 1,
            1 << 63,
            (1 << 63) + 2,
            0xdead_beef_0000,
        ] {
            let takes = winning_takes(n, 3);
            assert_eq!(takes.is_empty(), disjoint_is_p(n), "n = {n}");
            for x in takes {
                assert_eq!(x & n, 0);
                assert!(x >= 1 && x <= n);
                assert!(disjoint_is_p(n - x));
            }
        }
    }

    #[test]
    fn moves_list_every_legal_take_in_order() {
        let rules = Disjoint::default();
        for n in 0..300u64 {
            let takes = rules.takes(n, &Budget::DEFAULT).unwrap();
            let expected: Vec<u64> = (1..=n).filter(|&x| x & n == 0).collect();
            assert_eq!(takes, expected, "n = {n}");
        }
    }

    #[test]
    fn winning_moves_for_any_target_match_the_values() {
        let budget = Budget::DEFAULT;
        let rules = Disjoint::default();
        let g = by_definition(600);
        for n in 0..600u64 {
            let heap = DisjointHeap::new(rules.clone(), n);
            assert_eq!(heap.grundy(&budget).unwrap(), Nimber(g[n as usize]));
            crate::common::assert_moves_to_grundy_agree(&heap, 4);
        }
    }

    #[test]
    fn values_beyond_the_table_are_a_typed_error() {
        let table = DisjointTable::default();
        assert!(matches!(
            table.grundy(1 << 40, &Budget::DEFAULT),
            Err(SolveError::Unsupported { .. })
        ));
        // Trailing 1s do not count: 2^40 - 1 reduces to 0.
        assert_eq!(table.grundy((1 << 40) - 1, &Budget::DEFAULT), Ok(0));
        assert_eq!(
            table.grundy(1 << 20, &Budget::positions(1000)),
            Err(SolveError::BudgetExceeded { limit: 1000 })
        );
    }
}
