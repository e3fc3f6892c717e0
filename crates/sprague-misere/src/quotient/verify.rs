//! The verification of a candidate quotient: the least sum of heaps whose
//! outcome the candidate predicts wrong, or `None` when it predicts every
//! sum right.
//!
//! Sums are compared as MisereSolver compares its words: by the count of
//! the largest heap, then of the next, and so on (the *colex* order; a sum
//! is less than any sum with a larger heap). This order is a well-order and
//! is kept by adding a sum to both sides (`u < v` gives `u + r < v + r`),
//! which is what every pruning below rests on.
//!
//! A candidate (a monoid `Q` whose elements are all products of heaps'
//! elements, a P-portion, the pretending function `φ`) predicts every sum
//! right exactly when
//!
//! 1. the identity is not in the P-portion (the sum without moves is won);
//! 2. *no P-position has a P-option*: for every element `x` and heap `h`
//!    with `x·φ(h)` in P, no element `x·t`, `t` in `T(h)` (the elements of
//!    `h`'s options), is in P — every sum with a move is some sum `r` (of
//!    element `x`) plus a heap `h`, and its moves in `h` lead to `x·t`;
//! 3. *every N-position with a move has a P-option*: for every sum with
//!    element `x` not in P and options' elements `S` not empty, `S` meets P.
//!
//! By induction on the game tree each sum then has the outcome its element
//! says. Condition 2 is a finite check over `Q`; its least failure is the
//! least sum of each element (found by the search below) plus one heap.
//! Condition 3 is a search over sums, each standing for its pair `(x, S)`:
//! adding heap `h` maps it to `(x·φ(h), S·φ(h) ∪ x·T(h))`, a map that keeps
//! `S ⊆ S'`, and a pair `(x, S')` meets P whenever `(x, S)` with `S ⊆ S'`
//! does. So a sum whose pair has a smaller set, at the same element, than
//! a sum already visited is skipped with all its extensions (Plambeck and
//! Siegel's MisereSolver keeps, for each element, the sets minimal under
//! inclusion as it goes; the argument here is written afresh). Sums are
//! visited in increasing order, so the first failure met is the least.
//!
//! *Why the skipping loses nothing.* Claim: every sum `w` has a visited sum
//! `z <= w` at the same element with `S(z) ⊆ S(w)`. A sum is not visited
//! when, counting its heaps from the largest down, one of its initial parts
//! `u` (some heaps removed) was skipped for a visited `v < u`; then
//! `w = u + r`, `v + r < w` has a set inside `S(w)`, and by induction on the
//! well-order `v + r` has a visited `z`. So a failure of condition 3 at `w`
//! is also one at some visited `z <= w`, and the search's first is the
//! least. (The empty sum, whose set is empty, is never used to skip.)

use std::ops::ControlFlow;

use rustc_hash::FxHashSet;

use sprague_core::budget::Budget;
use sprague_core::error::SolveError;

use super::monoid::Table;

/// A set of a monoid's elements, one bit each.
type Bits = Vec<u64>;

fn bit(s: &[u64], x: u32) -> bool {
    s[x as usize / 64] >> (x % 64) & 1 == 1
}

fn set_bit(s: &mut [u64], x: u32) {
    s[x as usize / 64] |= 1 << (x % 64);
}

/// The heaps a search adds, each with what it does to a pair.
struct Alphabet {
    /// The heaps, ascending; of heaps with the same element and options'
    /// elements only the smallest (a sum with the larger has the pair of a
    /// smaller sum with the smaller), and no heap without moves (it changes
    /// no pair).
    heaps: Vec<usize>,
    /// `image[l][t]`: `t·φ(heaps[l])`.
    image: Vec<Vec<u32>>,
}

impl Alphabet {
    fn new(table: &Table, phi: &[u32], trans: &[Vec<u32>]) -> Alphabet {
        let mut seen: FxHashSet<(u32, &[u32])> = FxHashSet::default();
        let heaps: Vec<usize> = (1..phi.len())
            .filter(|&h| !trans[h].is_empty() && seen.insert((phi[h], &trans[h])))
            .collect();
        let image = heaps
            .iter()
            .map(|&h| {
                (0..table.order as u32)
                    .map(|t| table.mul(t, phi[h]))
                    .collect()
            })
            .collect();
        Alphabet { heaps, image }
    }

    fn len(&self) -> usize {
        self.heaps.len()
    }

    /// The sum of `counts[l]` heaps `heaps[l]`, as its heaps ascending.
    fn word(&self, counts: &[u32]) -> Vec<usize> {
        self.heaps
            .iter()
            .zip(counts)
            .flat_map(|(&h, &c)| std::iter::repeat_n(h, c as usize))
            .collect()
    }
}

/// Whether `a < b` in the colex order (counts of the same letters).
fn colex_less(a: &[u32], b: &[u32]) -> bool {
    for (x, y) in a.iter().zip(b).rev() {
        if x != y {
            return x < y;
        }
    }
    false
}

/// The least sum the candidate gets wrong (its heaps ascending), or `None`
/// if it gets none wrong. `trans[h]` are the elements of heap `h`'s options;
/// every element of `table` must be a product of heaps' elements.
pub(super) fn least_failure(
    table: &Table,
    p: &[bool],
    phi: &[u32],
    trans: &[Vec<u32>],
    budget: &Budget,
) -> Result<Option<Vec<usize>>, SolveError> {
    if p[0] {
        return Ok(Some(Vec::new()));
    }
    let alphabet = Alphabet::new(table, phi, trans);
    let k = alphabet.len();
    let least = least_sums(table, &alphabet, budget)?;
    // Condition 2: the least sum of each element plus one heap.
    let mut p_failure: Option<Vec<u32>> = None;
    for (l, &h) in alphabet.heaps.iter().enumerate() {
        for x in 0..table.order as u32 {
            let Some(word) = &least[x as usize] else {
                continue;
            };
            if !p[alphabet.image[l][x as usize] as usize] {
                continue;
            }
            if trans[h].iter().any(|&t| p[table.mul(x, t) as usize]) {
                let mut w = word.clone();
                w[l] += 1;
                if p_failure.as_ref().is_none_or(|f| colex_less(&w, f)) {
                    p_failure = Some(w);
                }
            }
        }
    }
    // Condition 3, below the least failure of condition 2.
    let mut search = NSearch {
        table,
        p_mask: {
            let mut m = vec![0u64; table.order.div_ceil(64)];
            (0..table.order as u32)
                .filter(|&x| p[x as usize])
                .for_each(|x| set_bit(&mut m, x));
            m
        },
        trans: alphabet.heaps.iter().map(|&h| &trans[h][..]).collect(),
        alphabet: &alphabet,
        bound: p_failure.as_deref(),
        counts: vec![0; k],
        minimal: vec![Vec::new(); table.order],
        stored: 0,
        budget,
    };
    let empty = vec![0u64; table.order.div_ceil(64)];
    Ok(match search.visit(k, 0, &empty)? {
        ControlFlow::Break(Some(w)) => Some(alphabet.word(&w)),
        _ => p_failure.map(|w| alphabet.word(&w)),
    })
}

/// The least sum (as counts of the alphabet's heaps) of each element, by
/// visiting sums in increasing order; an element met again stops the count
/// of the heap that met it (its extensions are met again too, later).
fn least_sums(
    table: &Table,
    alphabet: &Alphabet,
    budget: &Budget,
) -> Result<Vec<Option<Vec<u32>>>, SolveError> {
    fn visit(
        level: usize,
        x: u32,
        alphabet: &Alphabet,
        counts: &mut [u32],
        least: &mut [Option<Vec<u32>>],
        budget: &Budget,
    ) -> Result<(), SolveError> {
        let Some(l) = level.checked_sub(1) else {
            return Ok(());
        };
        visit(l, x, alphabet, counts, least, budget)?;
        let mut y = x;
        loop {
            y = alphabet.image[l][y as usize];
            if least[y as usize].is_some() {
                break;
            }
            counts[l] += 1;
            least[y as usize] = Some(counts.to_vec());
            budget.check_time()?;
            visit(l, y, alphabet, counts, least, budget)?;
        }
        counts[l] = 0;
        Ok(())
    }
    let mut least = vec![None; table.order];
    least[0] = Some(vec![0; alphabet.len()]);
    let mut counts = vec![0; alphabet.len()];
    visit(alphabet.len(), 0, alphabet, &mut counts, &mut least, budget)?;
    Ok(least)
}

/// The search for the least failure of condition 3.
struct NSearch<'a> {
    table: &'a Table,
    p_mask: Bits,
    alphabet: &'a Alphabet,
    trans: Vec<&'a [u32]>,
    /// Sums from this one on need no search (a failure of condition 2).
    bound: Option<&'a [u32]>,
    /// The sum being visited.
    counts: Vec<u32>,
    /// For each element, the sets of the visited sums at it that no other
    /// such set is inside.
    minimal: Vec<Vec<Bits>>,
    stored: u64,
    budget: &'a Budget,
}

impl NSearch<'_> {
    /// Visits the sums that add heaps `alphabet.heaps[..level]` to the
    /// current one (already visited; its pair is `(x, s)`), in increasing
    /// order. Breaks with the first failure, or with `None` at the bound.
    fn visit(
        &mut self,
        level: usize,
        x: u32,
        s: &[u64],
    ) -> Result<ControlFlow<Option<Vec<u32>>>, SolveError> {
        let Some(l) = level.checked_sub(1) else {
            return Ok(ControlFlow::Continue(()));
        };
        if let ControlFlow::Break(b) = self.visit(l, x, s)? {
            return Ok(ControlFlow::Break(b));
        }
        let image = &self.alphabet.image[l];
        let mut x = x;
        let mut s = s.to_vec();
        loop {
            self.counts[l] += 1;
            if self.bound.is_some_and(|b| !colex_less(&self.counts, b)) {
                return Ok(ControlFlow::Break(None));
            }
            let mut next = vec![0u64; s.len()];
            for (i, &word) in s.iter().enumerate() {
                let mut rest = word;
                while rest != 0 {
                    let t = (i * 64) as u32 + rest.trailing_zeros();
                    rest &= rest - 1;
                    set_bit(&mut next, image[t as usize]);
                }
            }
            for &t in self.trans[l] {
                set_bit(&mut next, self.table.mul(x, t));
            }
            let y = image[x as usize];
            if !self.keep(y, &next)? {
                break;
            }
            let meets_p = next.iter().zip(&self.p_mask).any(|(a, b)| a & b != 0);
            if !bit(&self.p_mask, y) && !meets_p {
                return Ok(ControlFlow::Break(Some(self.counts.clone())));
            }
            if let ControlFlow::Break(b) = self.visit(l, y, &next)? {
                return Ok(ControlFlow::Break(b));
            }
            x = y;
            s = next;
        }
        self.counts[l] = 0;
        Ok(ControlFlow::Continue(()))
    }

    /// Records the set `s` of a sum at element `y` unless a set inside it
    /// is recorded there already; whether it was recorded.
    fn keep(&mut self, y: u32, s: &[u64]) -> Result<bool, SolveError> {
        let sets = &mut self.minimal[y as usize];
        let inside = |a: &[u64], b: &[u64]| a.iter().zip(b).all(|(a, b)| a & !b == 0);
        if sets.iter().any(|old| inside(old, s)) {
            return Ok(false);
        }
        sets.retain(|old| !inside(s, old));
        self.budget.check_positions(self.stored)?;
        self.stored += 1;
        sets.push(s.to_vec());
        Ok(true)
    }
}
