//! Take-away with bounds: take between `l` and `r` stones from one heap.
//!
//! Seed note 000 gives `G(x) = ⌊(x mod (l+r)) / l⌋`. Why: write `P = l + r`
//! and `x = qP + ρ`. From `x` the options are `x-r ..= x-l`, a window of
//! `r - l + 1` consecutive heaps; inside one period the value is constant on
//! blocks of `l` residues (`0..l` are worth 0, `l..2l` worth 1, ...). The
//! window from a heap of residue `ρ` covers exactly the residues of every
//! block below `⌊ρ/l⌋` and misses the block at `⌊ρ/l⌋` itself (which lies
//! within `l - 1` of `ρ`, too close to reach), and any residue reached in
//! the previous period lies in a block above it or in the same one. So the
//! mex is `⌊ρ/l⌋`. The tests check the formula against the mex definition
//! for every small `l`, `r`, `x`.

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::{Param, RulesetSyntax};
use sprague_game::{Key, SumRule};

use crate::common::{Periodicity, Ruleset, check_move_count};
use crate::heaps::heap::{Heap, HeapRules, Takes, closed_form_period};

pub(crate) const RULESET: Ruleset = TakeawayHeap::entry(
    "takeaway[l,r](n, ...)",
    "take at least l and at most r stones from one heap (1 <= l <= r)",
    "takeaway[2,5](17) + takeaway[1,3](4)",
);

/// The Grundy value of a heap of `x` when a move takes between `l` and `r`
/// stones: `⌊(x mod (l+r)) / l⌋`.
///
/// # Examples
///
/// ```
/// use sprague::takeaway_grundy;
/// assert_eq!(takeaway_grundy(1, 3, 10), 2); // the Bash game: 10 mod 4
/// assert_eq!(takeaway_grundy(2, 5, 6), 3);
/// ```
pub fn takeaway_grundy(l: u64, r: u64, x: u64) -> u64 {
    debug_assert!(1 <= l && l <= r);
    let period = u128::from(l) + u128::from(r);
    ((u128::from(x) % period) / u128::from(l)) as u64
}

/// The rules of the bounded take-away game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Takeaway {
    /// The least number of stones a move takes (at least 1).
    pub l: u64,
    /// The most stones a move takes (at least `l`).
    pub r: u64,
}

/// One heap of the bounded take-away game.
pub type TakeawayHeap = Heap<Takeaway>;

impl HeapRules for Takeaway {
    const NAME: &'static str = "takeaway";
    const SUM_RULE: Option<&'static dyn SumRule> = Some(&crate::heaps::misere_bash::MISERE_BASH);

    fn read(ruleset: &RulesetSyntax) -> Result<Takeaway, ParseError> {
        let (l, r) = bounds(ruleset)?;
        Ok(Takeaway { l, r })
    }

    fn ruleset(&self) -> String {
        format!("takeaway[{},{}]", self.l, self.r)
    }

    fn key(&self, n: u64) -> Key {
        Key::new("takeaway", [self.l, self.r, n])
    }

    fn grundy(&self, n: u64, _budget: &Budget) -> Result<u64, SolveError> {
        Ok(takeaway_grundy(self.l, self.r, n))
    }

    fn takes(&self, n: u64, budget: &Budget) -> Takes {
        takes_between(self.l, self.r, n, budget)
    }

    fn takes_to_grundy(&self, n: u64, target: u64, max: usize, _budget: &Budget) -> Takes {
        Ok(takes_to_grundy(self.l, self.r, n, target, max))
    }

    /// Purely periodic with period `l + r` by the closed form, which is
    /// proved for every heap (nothing needs computing: certified at 0).
    fn periodicity(&self, _budget: &Budget) -> Result<Option<Periodicity>, SolveError> {
        Ok(Some(closed_form_period(
            0,
            self.l.saturating_add(self.r),
            0,
        )))
    }
}

/// The amounts `l..=r` that can be taken from a heap of `n`, smallest
/// first, no more than `budget` allows.
pub(crate) fn takes_between(
    l: u64,
    r: u64,
    n: u64,
    budget: &Budget,
) -> Result<Vec<u64>, SolveError> {
    if n < l {
        return Ok(Vec::new());
    }
    let most = r.min(n);
    check_move_count(most - l + 1, budget)?;
    Ok((l..=most).collect())
}

/// The first `max` amounts (smallest first) that can be taken from a heap
/// of `x`, taking between `l` and `r`, to leave a heap worth `target`.
///
/// The options worth `target` are the heaps `y` in the window `x-r ..= x-l`
/// whose residue mod `l+r` lies in `target·l .. (target+1)·l`; the window is
/// shorter than a period, so it meets at most two such blocks.
pub(crate) fn takes_to_grundy(l: u64, r: u64, x: u64, target: u64, max: usize) -> Vec<u64> {
    let (l, r, x, t) = (
        u128::from(l),
        u128::from(r),
        u128::from(x),
        u128::from(target),
    );
    let period = l + r;
    let mut found = Vec::new();
    if x < l || t * l >= period {
        return found;
    }
    let (lo, hi) = (x.saturating_sub(r), x - l);
    let (c0, c1) = (t * l, (t * l + l - 1).min(period - 1));
    let mut block = hi / period;
    loop {
        let base = block * period;
        let (a, b) = ((base + c0).max(lo), (base + c1).min(hi));
        let mut y = b;
        while y >= a && found.len() < max {
            found.push((x - y) as u64);
            if y == 0 {
                break;
            }
            y -= 1;
        }
        if block == 0 || base < lo || found.len() >= max {
            break;
        }
        block -= 1;
    }
    found
}

/// Reads `[l,r]` or `[l..r]`.
fn bounds(r: &RulesetSyntax) -> Result<(u64, u64), ParseError> {
    let span = r
        .params_span
        .clone()
        .unwrap_or(r.name_span.end..r.name_span.end);
    let (l, hi) = match r.params.as_slice() {
        [a, b] => match (&a.value, &b.value) {
            (Param::Int(l), Param::Int(h)) => (*l, *h),
            _ => {
                return Err(ParseError::bad_parameters(
                    "expected [l,r] with integers",
                    span,
                ));
            }
        },
        [a] => match a.value {
            Param::Range(l, h) => (l, h),
            _ => return Err(ParseError::bad_parameters("expected [l,r] or [l..r]", span)),
        },
        _ => {
            return Err(ParseError::bad_parameters(
                "`takeaway` needs two bounds, [l,r]",
                span,
            ));
        }
    };
    if l == 0 {
        return Err(ParseError::bad_parameters(
            "a move takes at least 1 stone (l >= 1)",
            span,
        ));
    }
    if l > hi {
        return Err(ParseError::bad_parameters(
            format!("l = {l} is larger than r = {hi}"),
            span,
        ));
    }
    Ok((l, hi))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::assert_heap_rules_agree;
    use sprague_game::Impartial;
    use sprague_impartial::impartial::grundy_sequence;
    use sprague_impartial::nimber::Nimber;

    #[test]
    fn formula_matches_the_mex_definition() {
        for l in 1..=6u64 {
            for r in l..=9u64 {
                let brute = grundy_sequence(400, |h, g, emit| {
                    for k in l..=r {
                        if k as usize <= h {
                            emit(g[h - k as usize]);
                        }
                    }
                });
                for (x, &v) in brute.iter().enumerate() {
                    assert_eq!(takeaway_grundy(l, r, x as u64), v, "l={l} r={r} x={x}");
                }
            }
        }
    }

    #[test]
    fn the_heap_agrees_with_its_moves_and_its_period() {
        for l in 1..=4u64 {
            for r in l..=7u64 {
                assert_heap_rules_agree(&Takeaway { l, r }, 60);
            }
        }
    }

    #[test]
    fn huge_bounds_do_not_overflow() {
        let m = u64::MAX;
        assert_eq!(takeaway_grundy(m, m, m), 1);
        assert_eq!(takeaway_grundy(1, m, m), m);
        let heap = TakeawayHeap::new(Takeaway { l: m - 1, r: m }, m);
        let moves = heap
            .moves_to_grundy(Nimber(0), 10, &Budget::DEFAULT)
            .unwrap();
        assert_eq!(moves.len(), 2);
    }
}
