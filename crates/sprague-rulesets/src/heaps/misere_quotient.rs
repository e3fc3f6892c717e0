//! Misère play of sums of heaps of one take-and-break game, a [`SumRule`]
//! registered with `octal` and the named octal rulesets (`kayles`,
//! `dawson`, `officers`, ...): the sum's outcome is read from the game's
//! misère quotient (Plambeck and Siegel; see [`sprague_misere::quotient::QuotientSolver`]) —
//! lost for the player to move exactly when the product of its heaps'
//! elements is in the P-portion — and a move wins exactly when it leads to
//! such a sum.
//!
//! The quotient is computed up to the largest heap of the sum, or until it
//! is proved for every heap size, within a share of the budget, and kept
//! with the ruleset's rules so that later sums (a game of `play`) reuse it.
//! A sum whose quotient cannot be computed so is left to the search, which
//! is also the oracle of the tests below.

use std::sync::Arc;
use std::time::{Duration, Instant};

use sprague_core::budget::{Budget, Deadline};
use sprague_core::error::SolveError;
use sprague_core::outcome::Outcome;
use sprague_game::{Component, Play, Side, SumRule, SumVerdict};
use sprague_impartial::TakeBreak;
use sprague_misere::MisereQuotient;
use sprague_misere::quotient::{MAX_QUOTIENT_HEAPS, QuotientSolver};

use crate::heaps::octal::OctalHeap;

/// The rule of this module, for the registry.
pub(crate) static MISERE_QUOTIENT: MisereQuotientRule = MisereQuotientRule;

/// The most time the quotient may take for one sum before the search is
/// tried instead.
const QUOTIENT_TIME: Duration = Duration::from_secs(3);

/// Misère sums of take-and-break heaps by their quotient.
#[derive(Debug)]
pub(crate) struct MisereQuotientRule;

/// The element of a heap of `n`: read from the pretending function, or,
/// past the heaps computed, from its period once the quotient is proved
/// stable.
fn element(q: &MisereQuotient, n: u64) -> Option<usize> {
    if n <= q.heaps {
        return q.heap_elements.get(usize::try_from(n).ok()?).copied();
    }
    let s = q.stability?;
    let back = (n - q.heaps).div_ceil(s.period) * s.period;
    q.heap_elements
        .get(usize::try_from(n - back).ok()?)
        .copied()
}

/// The quotient of a ruleset as far as it was computed, and whether a
/// computation already ran out of budget (so that later sums needing more
/// go to the search at once instead of spending the share again).
#[derive(Debug)]
pub(crate) struct QuotientCache {
    solver: QuotientSolver,
    exhausted: bool,
}

/// The quotient of `rules` good for heaps up to `largest`, computing more
/// of it within `budget` where needed; `None` if it cannot be had so.
fn quotient_for(
    rules: &TakeBreak,
    cache: &std::sync::Mutex<Option<QuotientCache>>,
    largest: u64,
    budget: &Budget,
) -> Option<MisereQuotient> {
    let mut guard = cache.lock().unwrap_or_else(|e| e.into_inner());
    let cache = guard.get_or_insert_with(|| QuotientCache {
        solver: QuotientSolver::new(rules.clone()),
        exhausted: false,
    });
    let enough = |s: &QuotientSolver| s.heaps() >= largest || s.stability().is_some();
    if !enough(&cache.solver) {
        if cache.exhausted {
            return None;
        }
        let solver = &mut cache.solver;
        let computed = if largest > MAX_QUOTIENT_HEAPS {
            solver
                .extend_until_stable(MAX_QUOTIENT_HEAPS, budget)
                .map(|_| ())
        } else {
            (|| {
                while !enough(solver) {
                    solver.extend_to(solver.heaps() + 1, budget)?;
                }
                Ok::<(), SolveError>(())
            })()
        };
        if computed.is_err() {
            cache.exhausted = true;
            return None;
        }
    }
    enough(&cache.solver).then(|| cache.solver.quotient())
}

/// `budget`, its deadline no later than [`QUOTIENT_TIME`] from now.
fn share(budget: &Budget) -> Budget {
    let limit = QUOTIENT_TIME;
    let at = Instant::now() + limit;
    let deadline = match budget.deadline {
        Some(d) if d.at <= at => d,
        _ => Deadline { at, limit },
    };
    Budget {
        deadline: Some(deadline),
        ..*budget
    }
}

impl SumRule for MisereQuotientRule {
    fn verdict(
        &self,
        components: &[Arc<dyn Component>],
        play: Play,
        _side: Side,
        max: usize,
        budget: &Budget,
    ) -> Option<Result<SumVerdict, SolveError>> {
        if play != Play::Misere || components.is_empty() {
            return None;
        }
        let heaps = components
            .iter()
            .map(|c| c.downcast_ref::<OctalHeap>())
            .collect::<Option<Vec<_>>>()?;
        let rules = heaps[0].rules_shared();
        if heaps.iter().any(|h| !Arc::ptr_eq(h.rules_shared(), rules)) {
            return None;
        }
        let largest = heaps.iter().map(|h| h.size()).max().unwrap_or(0);
        let q = quotient_for(rules.rules(), &rules.quotient, largest, &share(budget))?;
        let elements = heaps
            .iter()
            .map(|h| element(&q, h.size()))
            .collect::<Option<Vec<usize>>>()?;
        // The product of the heaps other than heap i, for each i.
        let n = elements.len();
        let mut before = vec![0usize; n + 1];
        for i in 0..n {
            before[i + 1] = q.product[before[i]][elements[i]];
        }
        let mut after = vec![0usize; n + 1];
        for i in (0..n).rev() {
            after[i] = q.product[after[i + 1]][elements[i]];
        }
        let is_p = q.is_p_element(before[n]);
        let mut winning_moves = Vec::new();
        if !is_p {
            'heaps: for (i, heap) in heaps.iter().enumerate() {
                if heap.n_options() > budget.max_positions {
                    return None;
                }
                let rest = q.product[before[i]][after[i + 1]];
                let mut found = Vec::new();
                let mut unknown = false;
                heap.rules_shared()
                    .rules()
                    .for_each_option(heap.size() as usize, |k, left| {
                        let x = left
                            .iter()
                            .try_fold(rest, |x, &h| Some(q.product[x][element(&q, h as u64)?]));
                        match x {
                            Some(x) if q.is_p_element(x) => found.push((k, left.to_vec())),
                            Some(_) => {}
                            None => unknown = true,
                        }
                    });
                if unknown {
                    return None;
                }
                for (k, left) in found {
                    let left: Vec<u64> = left.iter().map(|&h| h as u64).collect();
                    winning_moves.push((i, heap.make_move(k as u64, &left)));
                    if winning_moves.len() == max {
                        break 'heaps;
                    }
                }
            }
        }
        Some(Ok(SumVerdict {
            outcome: if is_p { Outcome::P } else { Outcome::N },
            winning_moves,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::Built;
    use crate::tests::{assert_rule_agrees_with_search, rule_answer};
    use sprague::Position;
    use sprague::SumSearch;

    /// The rule's verdict on `p`, every winning move as the position it
    /// leads to.
    fn by_quotient(p: &Position) -> Option<(Outcome, Vec<String>)> {
        rule_answer(&MISERE_QUOTIENT, p, Play::Misere, usize::MAX)
    }

    #[test]
    fn the_rule_matches_the_whole_sum_search() {
        let budget = Budget::DEFAULT;
        for game in ["kayles", "dawson", "octal[0.75]", "octal[0.123]"] {
            let mut search = SumSearch::new(Play::Misere, Budget::positions(50_000_000));
            let mut checked = 0;
            for a in 0..=9u64 {
                for b in a..=9 {
                    for c in b..=9 {
                        let p = Built::parse(&format!("{game}({a}, {b}, {c})")).unwrap();
                        let fast = by_quotient(&p).unwrap();
                        assert_rule_agrees_with_search(&p, &fast, &mut search, &budget);
                        checked += 1;
                    }
                }
            }
            assert_eq!(checked, 220);
        }
    }

    #[test]
    fn other_sums_are_left_to_the_search() {
        let mixed = Built::parse("kayles(3) + dawson(4)").unwrap();
        assert!(by_quotient(&mixed).is_none());
        let nim = Built::parse("kayles(3) + nim(2)").unwrap();
        assert!(by_quotient(&nim).is_none());
        let normal = Built::parse("kayles(3, 4)").unwrap();
        assert!(
            MISERE_QUOTIENT
                .verdict(
                    normal.components(),
                    Play::Normal,
                    Side::Left,
                    1,
                    &Budget::DEFAULT
                )
                .is_none()
        );
    }

    #[test]
    fn huge_kayles_heaps_follow_the_period_of_the_quotient() {
        // Kayles' quotient is proved stable with period 12 (from heap 71),
        // so a heap beyond those computed plays as the heap 12·k smaller.
        let p = Built::parse("kayles(1000)").unwrap();
        let rules = Arc::clone(
            p.components()[0]
                .downcast_ref::<OctalHeap>()
                .unwrap()
                .rules_shared(),
        );
        // Computed once here without the time share of one sum, so that a
        // busy machine does not send the sums below to the search.
        let q = quotient_for(rules.rules(), &rules.quotient, 1000, &Budget::DEFAULT).unwrap();
        assert!(q.stability.is_some());
        let heap =
            |n: u64| -> Arc<dyn Component> { Arc::new(OctalHeap::new(Arc::clone(&rules), n)) };
        for a in 0..20u64 {
            let verdict = |n: u64| {
                MISERE_QUOTIENT
                    .verdict(
                        &[heap(n), heap(a)],
                        Play::Misere,
                        Side::Left,
                        usize::MAX,
                        &Budget::DEFAULT,
                    )
                    .unwrap()
                    .unwrap()
            };
            let (big, small) = (verdict(1000), verdict(1000 - 12 * 70));
            assert_eq!(big.outcome, small.outcome, "a = {a}");
            assert_eq!(big.winning_moves.is_empty(), big.outcome == Outcome::P);
        }
    }
}
