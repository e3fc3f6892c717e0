//! Subtraction games: take `s` stones from one heap, for `s` in a finite set
//! `S` (AcWing 893; the Bash game is `S = 1..m`).
//!
//! Every finite subtraction game is ultimately periodic: `G(n)` depends only
//! on the previous `max S` values, and there are finitely many such windows,
//! so the first window to repeat fixes a period forever (Berlekamp, Conway
//! and Guy, *Winning Ways*, ch. 4). [`SubtractionRules`] computes values until
//! that happens, then answers any heap up to `u64::MAX` from the period. A
//! set that is one range `l..r` is the bounded take-away game, which has a
//! closed form (see [`crate::heaps::takeaway`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::{ComponentSyntax, RulesetSyntax};
use sprague_game::{Component, Key, SumRule};
use sprague_impartial::impartial::MexSet;

use crate::common::{HeapFamily, Periodicity, Ruleset, positive_set};
use crate::heaps::heap::{Heap, HeapRules, Takes};
use crate::heaps::takeaway::{takeaway_grundy, takes_between, takes_to_grundy};

pub(crate) const RULESET: Ruleset = Ruleset {
    build,
    family: Some(family),
    ..SubtractionHeap::entry(
        "subtraction[S](n, ...)   S: sizes and ranges, e.g. [2,5] or [1..3]; \
         subtraction[L|R](n, ...) partizan, Left's set then Right's, e.g. [1,3|2,3]",
        "take s stones from one heap, for s in the finite set S (partizan with [L|R]: \
         Left takes s in L, Right s in R)",
        "subtraction[2,5](2, 4, 7)",
    )
};

/// The most elements a subtraction set may have (a single range may be of
/// any length: it has a closed form).
const MAX_SET_LEN: u64 = 100_000;

/// A subtraction set and what is known of its Grundy sequence, shared by
/// every heap of one ruleset.
#[derive(Debug)]
pub struct SubtractionRules {
    /// The move sizes, sorted, without repeats; empty when `range` is set.
    set: Vec<u64>,
    /// The move sizes when they form one range `l..=r`.
    range: Option<(u64, u64)>,
    known: Mutex<Known>,
}

/// The values computed so far and, once found, the period.
#[derive(Debug, Default, Clone)]
struct Known {
    values: Vec<u64>,
    /// `(preperiod, period)`, least possible, once a window has repeated.
    period: Option<(u64, u64)>,
    /// The heap at which the first repeated window ended: the values up to
    /// it prove the period.
    certified_at: u64,
    /// Rolling hash of the last `max S` values, and where each hash was
    /// first seen (the index of the window's last heap).
    window_hash: u64,
    seen: HashMap<u64, usize>,
}

/// Multiplier of the rolling window hash.
const HASH_BASE: u64 = 0x9e37_79b9_7f4a_7c15;

impl SubtractionRules {
    /// The rules with move sizes `set` (positive, sorted, no repeats, not
    /// empty). A set that is one range is kept as its two ends.
    pub fn new(set: Vec<u64>) -> SubtractionRules {
        let (&l, &r) = (
            set.first().expect("not empty"),
            set.last().expect("not empty"),
        );
        if r - l + 1 == set.len() as u64 {
            return SubtractionRules::range(l, r);
        }
        SubtractionRules {
            set,
            range: None,
            known: Mutex::new(Known::default()),
        }
    }

    /// The rules with move sizes `l..=r`, `1 <= l <= r`.
    pub fn range(l: u64, r: u64) -> SubtractionRules {
        SubtractionRules {
            set: Vec::new(),
            range: Some((l, r)),
            known: Mutex::new(Known::default()),
        }
    }

    fn as_range(&self) -> Option<(u64, u64)> {
        self.range
    }

    /// The normalised ruleset text.
    fn text(&self) -> String {
        match self.range {
            Some((l, r)) if l == r => return format!("subtraction[{l}]"),
            Some((l, r)) => return format!("subtraction[{l}..{r}]"),
            None => {}
        }
        let parts: Vec<String> = self.set.iter().map(u64::to_string).collect();
        format!("subtraction[{}]", parts.join(","))
    }

    /// `(preperiod, period)` of the Grundy sequence, computing it if need be.
    ///
    /// # Errors
    ///
    /// [`SolveError::BudgetExceeded`] if no window repeats within the budget.
    pub fn period(&self, budget: &Budget) -> Result<(u64, u64), SolveError> {
        self.periodicity(budget).map(|p| (p.preperiod, p.period))
    }

    /// The period, certified: once a window of `max S` values repeats, every
    /// later value repeats too, because each value depends only on the
    /// window before it.
    ///
    /// # Errors
    ///
    /// [`SolveError::BudgetExceeded`] if no window repeats within the budget.
    pub fn periodicity(&self, budget: &Budget) -> Result<Periodicity, SolveError> {
        if let Some((l, r)) = self.as_range() {
            return Ok(Periodicity {
                preperiod: 0,
                period: l.saturating_add(r),
                saltus: 0,
                certified: true,
                certified_at: 0,
            });
        }
        let mut known = self.known.lock().unwrap_or_else(|e| e.into_inner());
        self.extend(&mut known, None, budget)?;
        let (preperiod, period) = known
            .period
            .expect("extend without a target stops at the period");
        Ok(Periodicity {
            preperiod,
            period,
            saltus: 0,
            certified: true,
            certified_at: known.certified_at,
        })
    }

    /// `G(n)`.
    ///
    /// # Errors
    ///
    /// [`SolveError::BudgetExceeded`] if neither `n` nor the period is within
    /// the budget.
    pub fn grundy(&self, n: u64, budget: &Budget) -> Result<u64, SolveError> {
        if let Some((l, r)) = self.as_range() {
            return Ok(takeaway_grundy(l, r, n));
        }
        let mut known = self.known.lock().unwrap_or_else(|e| e.into_inner());
        if known.period.is_none() && (n as u128) >= known.values.len() as u128 {
            self.extend(&mut known, Some(n), budget)?;
        }
        Ok(match known.period {
            Some((pre, per)) if n >= pre => known.values[(pre + (n - pre) % per) as usize],
            _ => known.values[n as usize],
        })
    }

    /// Computes values until `target` is known or the period is found
    /// (with no target, until the period is found).
    fn extend(
        &self,
        known: &mut Known,
        target: Option<u64>,
        budget: &Budget,
    ) -> Result<(), SolveError> {
        let window = *self.set.last().expect("a subtraction set is not empty") as usize;
        // The largest power of the hash base, to drop the oldest value.
        // By squaring: the largest move may be 2^64 - 1, far too many
        // factors to multiply one at a time.
        let drop_factor = wrapping_pow(HASH_BASE, window as u64);
        let mut seen_values = MexSet::new();
        while known.period.is_none() {
            let n = known.values.len();
            if target.is_some_and(|t| (n as u64) > t) {
                return Ok(());
            }
            budget.check_positions(n as u64)?;
            seen_values.clear();
            for &s in self.set.iter().take_while(|&&s| s as usize <= n) {
                seen_values.insert(known.values[n - s as usize]);
            }
            let g = seen_values.mex();
            known.values.push(g);
            // Before the first `window` heaps the window includes the
            // (implicit, value-less) negative heaps; hashing them as zero is
            // harmless because a hash hit is always checked value by value.
            let oldest = if n >= window {
                known.values[n - window]
            } else {
                0
            };
            known.window_hash = known
                .window_hash
                .wrapping_mul(HASH_BASE)
                .wrapping_add(g.wrapping_add(1))
                .wrapping_sub(drop_factor.wrapping_mul(if n >= window { oldest + 1 } else { 0 }));
            if n + 1 < window {
                continue;
            }
            match known.seen.get(&known.window_hash) {
                Some(&earlier)
                    if known.values[earlier + 1 - window..=earlier]
                        == known.values[n + 1 - window..=n] =>
                {
                    let period = n - earlier;
                    // The sequence is periodic from `earlier + 1 - window`
                    // on; walk back to the least preperiod.
                    let mut pre = earlier + 1 - window;
                    while pre > 0 && known.values[pre - 1] == known.values[pre - 1 + period] {
                        pre -= 1;
                    }
                    known.period = Some((pre as u64, period as u64));
                    // The proof read `G(0..=n)`: `n + 1` values.
                    known.certified_at = n as u64 + 1;
                    known.seen = HashMap::new();
                }
                Some(_) => {}
                None => {
                    known.seen.insert(known.window_hash, n);
                }
            }
        }
        Ok(())
    }
}

/// `base^exp` modulo 2^64, by squaring: `O(log exp)` steps.
fn wrapping_pow(mut base: u64, mut exp: u64) -> u64 {
    let mut result = 1u64;
    while exp > 0 {
        if exp & 1 == 1 {
            result = result.wrapping_mul(base);
        }
        base = base.wrapping_mul(base);
        exp >>= 1;
    }
    result
}

/// One heap of a subtraction game.
pub type SubtractionHeap = Heap<Arc<SubtractionRules>>;

impl SubtractionHeap {
    /// `m` if the move sizes are `1..=m` (a Bash heap).
    pub(crate) fn bash_cap(&self) -> Option<u64> {
        match self.rules().range {
            Some((1, m)) => Some(m),
            _ => None,
        }
    }
}

/// One set of rules shared by every heap of a ruleset, keyed by identity.
impl HeapRules for Arc<SubtractionRules> {
    const NAME: &'static str = "subtraction";
    const SUM_RULE: Option<&'static dyn SumRule> = Some(&crate::heaps::misere_bash::MISERE_BASH);

    fn read(r: &RulesetSyntax) -> Result<Arc<SubtractionRules>, ParseError> {
        // A single range needs no listing: it has a closed form.
        if let [p] = r.params.as_slice()
            && let sprague_game::syntax::Param::Range(a, b) = p.value
            && a >= 1
            && a <= b
        {
            return Ok(Arc::new(SubtractionRules::range(a, b)));
        }
        Ok(Arc::new(SubtractionRules::new(positive_set(
            r,
            MAX_SET_LEN,
        )?)))
    }

    fn ruleset(&self) -> String {
        SubtractionRules::text(self)
    }

    fn key(&self, n: u64) -> Key {
        Key::shared("subtraction", self, [n])
    }

    fn grundy(&self, n: u64, budget: &Budget) -> Result<u64, SolveError> {
        SubtractionRules::grundy(self, n, budget)
    }

    fn takes(&self, n: u64, budget: &Budget) -> Takes {
        if let Some((l, r)) = self.range {
            return takes_between(l, r, n, budget);
        }
        Ok(self.set.iter().copied().take_while(|&s| s <= n).collect())
    }

    fn takes_to_grundy(&self, n: u64, target: u64, max: usize, budget: &Budget) -> Takes {
        if let Some((l, r)) = self.range {
            return Ok(takes_to_grundy(l, r, n, target, max));
        }
        let mut found = Vec::new();
        for &s in self.set.iter().take_while(|&&s| s <= n) {
            if found.len() >= max {
                break;
            }
            if SubtractionRules::grundy(self, n - s, budget)? == target {
                found.push(s);
            }
        }
        Ok(found)
    }

    fn periodicity(&self, budget: &Budget) -> Result<Option<Periodicity>, SolveError> {
        SubtractionRules::periodicity(self, budget).map(Some)
    }
}

fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    if let Some(bar) = c.ruleset.bar {
        return crate::heaps::partizan_subtraction::build(c, bar);
    }
    SubtractionHeap::build(c)
}

fn family(r: &RulesetSyntax) -> Result<Arc<dyn HeapFamily>, ParseError> {
    if r.bar.is_some() {
        return Err(ParseError::bad_parameters(
            "a partizan subtraction game (sets split by `|`) has no Grundy values to tabulate",
            r.params_span.clone().unwrap_or(r.name_span.clone()),
        ));
    }
    SubtractionHeap::family(r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_impartial::impartial::grundy_sequence;

    /// Every set of move sizes within 1..=7 (the 127 non-empty subsets).
    fn small_sets() -> impl Iterator<Item = Vec<u64>> {
        (1u32..128).map(|mask| (1..=7u64).filter(|s| mask & (1 << (s - 1)) != 0).collect())
    }

    #[test]
    fn wrapping_pow_is_repeated_multiplication() {
        for exp in 0..200u64 {
            let slow = (0..exp).fold(1u64, |acc, _| acc.wrapping_mul(HASH_BASE));
            assert_eq!(wrapping_pow(HASH_BASE, exp), slow, "{exp}");
        }
    }

    #[test]
    fn a_move_of_u64_max_runs_into_the_budget_not_a_loop() {
        // Issue 15: the window hash multiplied 2^64 - 1 factors one by one.
        let rules = SubtractionRules::new(vec![5, u64::MAX]);
        assert_eq!(
            rules.grundy(u64::MAX, &Budget::positions(1000)),
            Err(SolveError::BudgetExceeded { limit: 1000 })
        );
    }

    #[test]
    fn periodic_values_match_the_mex_definition() {
        for set in small_sets() {
            let brute = grundy_sequence(1500, |h, g, emit| {
                for &s in &set {
                    if s as usize <= h {
                        emit(g[h - s as usize]);
                    }
                }
            });
            let rules = SubtractionRules::new(set.clone());
            let budget = Budget::DEFAULT;
            let (pre, per) = rules.period(&budget).unwrap();
            for (n, &v) in brute.iter().enumerate() {
                assert_eq!(
                    rules.grundy(n as u64, &budget).unwrap(),
                    v,
                    "S={set:?} n={n}"
                );
            }
            // The period holds from the preperiod on, and both are least.
            let (pre, per) = (pre as usize, per as usize);
            assert!(
                pre + 2 * per < brute.len(),
                "S={set:?}: period too long for this check"
            );
            assert!((pre..brute.len() - per).all(|n| brute[n] == brute[n + per]));
            if pre > 0 {
                assert_ne!(
                    brute[pre - 1],
                    brute[pre - 1 + per],
                    "S={set:?}: preperiod not least"
                );
            }
            for shorter in 1..per {
                assert!(
                    (pre..brute.len() - shorter).any(|n| brute[n] != brute[n + shorter]),
                    "S={set:?}: period {per} is not least ({shorter} works)"
                );
            }
        }
    }

    #[test]
    fn a_value_beyond_the_budget_is_a_typed_error() {
        let rules = SubtractionRules::new(vec![1_000, 1_000_000]);
        let budget = Budget::positions(10_000);
        assert_eq!(rules.grundy(5_000, &budget), Ok(1));
        assert_eq!(
            rules.grundy(50_000_000, &budget),
            Err(SolveError::BudgetExceeded { limit: 10_000 })
        );
    }
}
