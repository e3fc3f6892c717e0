//! The unfair take-away game, a partizan game: Left may take 1 to `p`
//! stones from one heap, Right 1 to `q`. `unfair[p,q](a1, ..., an)` is the
//! sum of the heaps `a1, ..., an` (seed note 000, "不公平取石子的游戏", a
//! NowCoder problem).
//!
//! [`unfair_mover_wins`] is the seed note's case analysis for the player to
//! move, with cap `a` against an opponent with cap `b` (Left starting: `a =
//! p, b = q`; Right starting: `a = q, b = p`):
//!
//! - `a = b`: the Bash game in every heap; the mover wins iff the XOR of
//!   `h mod (a+1)` is not 0.
//! - `a > b`: the mover wins iff some heap exceeds `b` or the XOR of the
//!   heaps is not 0. With every heap at most `b` both players can take any
//!   amount from any heap: Nim. With a heap above `b`, the mover can always
//!   keep one out of the opponent's reach until it can be finished or turned
//!   into a lost Nim position for the opponent.
//! - `a < b`: if two heaps exceed `a`, the mover loses (the opponent keeps
//!   one of them out of the mover's reach); if none does, Nim; if exactly one
//!   heap `h` does, with `x` the XOR of the others, the mover wins iff it can
//!   bring `h` down to `x` in one move and `x` is within its own reach
//!   (`x <= a` and `h - x <= a`; then `x < h`) — leaving a Nim position of
//!   XOR 0 in which every heap is within both players' reach.
//!
//! The note's code states these rules (its prose for the last case is
//! garbled; the code is what holds). The tests check them against the
//! direct search of `sprague::SumSearch` on every position of up to
//! three heaps of up to 9 stones or four of up to 6, with `p, q <= 5`; no
//! counterexample was found.
//! The outcome class follows from both starts: `L` if only Left wins moving
//! first, and so on.

use std::sync::Arc;

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_core::outcome::Outcome;
use sprague_game::syntax::{ComponentSyntax, Param, RulesetSyntax};
use sprague_game::{Component, Key, Kind, Move, Partizan, Play, Side, SumRule, SumVerdict};
use sprague_partizan::cgt::{CanonicalArena, GameId};

use crate::common::heap_components;
use crate::common::{Ruleset, check_move_count, take_description};

pub(crate) const RULESET: Ruleset = Ruleset {
    name: "unfair",
    syntax: "unfair[p,q](n, ...)",
    rule: "partizan: Left takes 1..p stones from one heap, Right takes 1..q; \
           the winning moves shown are Left's, Left moving first",
    example: "unfair[3,2](5, 4)",
    heaps_interact: false,
    build,
    family: None,
};

/// Whether the player to move wins a sum of unfair heaps `heaps` when they
/// may take up to `mover_cap` stones and the opponent up to `other_cap`
/// (seed note 000's case analysis; see the module documentation).
///
/// # Examples
///
/// ```
/// use sprague::rulesets::unfair_mover_wins;
/// // One heap of 5: Left (takes up to 3) moving first wins by keeping the
/// // heap above Right's reach of 2; Right moving first cannot take all.
/// assert!(unfair_mover_wins(&[5], 3, 2));
/// assert!(!unfair_mover_wins(&[5], 2, 3));
/// ```
pub fn unfair_mover_wins(heaps: &[u64], mover_cap: u64, other_cap: u64) -> bool {
    use std::cmp::Ordering;
    match mover_cap.cmp(&other_cap) {
        Ordering::Equal => {
            let m = u128::from(mover_cap) + 1;
            heaps
                .iter()
                .fold(0u64, |acc, &h| acc ^ (u128::from(h) % m) as u64)
                != 0
        }
        Ordering::Greater => {
            heaps.iter().any(|&h| h > other_cap) || heaps.iter().fold(0, |acc, &h| acc ^ h) != 0
        }
        Ordering::Less => {
            let mut big = heaps.iter().filter(|&&h| h > mover_cap);
            match (big.next(), big.next()) {
                (Some(_), Some(_)) => false,
                (None, _) => heaps.iter().fold(0, |acc, &h| acc ^ h) != 0,
                (Some(&h), None) => {
                    let x = heaps.iter().fold(0, |acc, &g| acc ^ g) ^ h;
                    x <= mover_cap && x <= h && h - x <= mover_cap
                }
            }
        }
    }
}

/// One heap of the unfair take-away game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnfairHeap {
    /// The most stones Left may take.
    pub p: u64,
    /// The most stones Right may take.
    pub q: u64,
    /// The number of stones.
    pub size: u64,
}

impl UnfairHeap {
    fn takes(&self, cap: u64, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        let most = cap.min(self.size);
        check_move_count(most, budget)?;
        Ok((1..=most)
            .map(|k| {
                let to = UnfairHeap {
                    size: self.size - k,
                    ..*self
                };
                Move::new(take_description(k, self.size), Arc::new(to))
            })
            .collect())
    }
}

impl Component for UnfairHeap {
    fn ruleset(&self) -> String {
        format!("unfair[{},{}]", self.p, self.q)
    }

    fn args(&self) -> String {
        self.size.to_string()
    }

    fn key(&self) -> Key {
        Key::new("unfair", [self.p, self.q, self.size])
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Partizan(self)
    }

    fn sum_rule(&self) -> Option<&'static dyn SumRule> {
        Some(&UNFAIR_SUMS)
    }
}

impl Partizan for UnfairHeap {
    fn moves(&self, side: Side, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        match side {
            Side::Left => self.takes(self.p, budget),
            Side::Right => self.takes(self.q, budget),
        }
    }

    /// Computed from the moves (every smaller heap, each with up to `p + q`
    /// options), so only for heaps where that is cheap; a larger heap
    /// declines, and `sprague::analyze` falls back to the case analysis.
    fn canonical(&self, _arena: &mut CanonicalArena) -> Option<Result<GameId, SolveError>> {
        let options = self.p.max(self.q).min(self.size);
        if u128::from(self.size) * u128::from(options) > UNFAIR_CANONICAL_WORK {
            return Some(Err(SolveError::unsupported(format!(
                "{} is too large for a canonical form from its moves",
                self.text()
            ))));
        }
        None
    }
}

/// The most `heap × options per heap` for which an unfair heap's canonical
/// form is computed from its moves.
const UNFAIR_CANONICAL_WORK: u128 = 20_000;

/// The caps `(p, q)` and the heap sizes of a sum made only of unfair heaps
/// of one ruleset `unfair[p,q]`; `None` for any other sum.
fn unfair_sum(components: &[Arc<dyn Component>]) -> Option<((u64, u64), Vec<u64>)> {
    let first = components.first()?.downcast_ref::<UnfairHeap>()?;
    let heaps = components
        .iter()
        .map(|c| {
            let h = c.downcast_ref::<UnfairHeap>()?;
            ((h.p, h.q) == (first.p, first.q)).then_some(h.size)
        })
        .collect::<Option<Vec<u64>>>()?;
    Some(((first.p, first.q), heaps))
}

/// `(Left wins moving first, Right wins moving first)` for a sum made only
/// of unfair heaps of one ruleset `unfair[p,q]`, by the case analysis;
/// `None` for any other sum.
fn unfair_outcome_of_sum(components: &[Arc<dyn Component>]) -> Option<(bool, bool)> {
    let ((p, q), heaps) = unfair_sum(components)?;
    Some((
        unfair_mover_wins(&heaps, p, q),
        unfair_mover_wins(&heaps, q, p),
    ))
}

/// Left's winning moves, Left moving first, in a sum made only of unfair
/// heaps of one ruleset, as `(heap index, take)`: every one with `all`,
/// else the first (by heap, then take, smallest first). `None` for any other
/// sum.
///
/// Each candidate take is judged by the case analysis for Right moving next
/// (`O(heaps)` each), so no move list is built; the candidates are tried in
/// order and the budget bounds how many are tried. The first winning move is
/// usually found at once (a take of 1 that keeps a heap out of Right's reach,
/// or the take to the Nim target).
///
/// # Errors
///
/// [`SolveError::BudgetExceeded`] when more candidates than the budget
/// allows must be judged.
fn unfair_left_winning_takes(
    components: &[Arc<dyn Component>],
    all: bool,
    budget: &Budget,
) -> Option<Result<Vec<(usize, u64)>, SolveError>> {
    let ((p, q), mut heaps) = unfair_sum(components)?;
    let mut found = Vec::new();
    let mut judged: u64 = 0;
    for i in 0..heaps.len() {
        let size = heaps[i];
        for t in 1..=p.min(size) {
            judged += 1;
            if judged > budget.max_positions {
                return Some(Err(SolveError::BudgetExceeded {
                    limit: budget.max_positions,
                }));
            }
            heaps[i] = size - t;
            let right_wins = unfair_mover_wins(&heaps, q, p);
            heaps[i] = size;
            if !right_wins {
                found.push((i, t));
                if !all {
                    return Some(Ok(found));
                }
            }
        }
    }
    Some(Ok(found))
}

/// The sum rule of [`unfair`](self) for the registry.
pub(crate) static UNFAIR_SUMS: UnfairSums = UnfairSums;

/// The case analysis of sums of unfair heaps of one ruleset under normal
/// play, with Left's winning moves, Left moving first.
#[derive(Debug)]
pub(crate) struct UnfairSums;

impl SumRule for UnfairSums {
    fn verdict(
        &self,
        components: &[Arc<dyn Component>],
        play: Play,
        side: Side,
        max: usize,
        budget: &Budget,
    ) -> Option<Result<SumVerdict, SolveError>> {
        if play != Play::Normal || side != Side::Left {
            return None;
        }
        let (left, right) = unfair_outcome_of_sum(components)?;
        let mut winning_moves = Vec::new();
        if left {
            let takes = match unfair_left_winning_takes(components, max > 1, budget)? {
                Ok(takes) => takes,
                Err(e) => return Some(Err(e)),
            };
            for (i, t) in takes.into_iter().take(max) {
                let heap = components[i]
                    .downcast_ref::<UnfairHeap>()
                    .expect("the sum is of unfair heaps");
                let to = UnfairHeap {
                    size: heap.size - t,
                    ..*heap
                };
                winning_moves.push((i, Move::new(take_description(t, heap.size), Arc::new(to))));
            }
        }
        Some(Ok(SumVerdict {
            outcome: Outcome::from_partizan(left, right),
            winning_moves,
        }))
    }

    /// The canonical value of a sum of unfair heaps is hot and grows fast;
    /// the case analysis answers at once.
    fn values_are_expensive(&self) -> bool {
        true
    }
}

/// Reads `[p,q]`: two positive integers.
fn caps(r: &RulesetSyntax) -> Result<(u64, u64), ParseError> {
    let span = r
        .params_span
        .clone()
        .unwrap_or(r.name_span.end..r.name_span.end);
    let [a, b] = r.params.as_slice() else {
        return Err(ParseError::bad_parameters(
            "`unfair` needs two caps, [p,q]: Left takes 1..p, Right 1..q",
            span,
        ));
    };
    let mut out = [0u64; 2];
    for (slot, param) in out.iter_mut().zip([a, b]) {
        match param.value {
            Param::Int(0) => {
                return Err(ParseError::bad_parameters(
                    "a cap must be at least 1",
                    param.span.clone(),
                ));
            }
            Param::Int(v) => *slot = v,
            _ => {
                return Err(ParseError::bad_parameters(
                    "a cap must be an integer",
                    param.span.clone(),
                ));
            }
        }
    }
    Ok((out[0], out[1]))
}

fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    let (p, q) = caps(&c.ruleset)?;
    heap_components(c, |size| UnfairHeap { p, q, size })
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague::SumSearch;

    fn heaps(p: u64, q: u64, sizes: &[u64]) -> Vec<Arc<dyn Component>> {
        sizes
            .iter()
            .map(|&size| Arc::new(UnfairHeap { p, q, size }) as Arc<dyn Component>)
            .collect()
    }

    /// Every multiset of `len` heap sizes from `0..=max`.
    fn multisets(len: usize, max: u64) -> Vec<Vec<u64>> {
        if len == 0 {
            return vec![Vec::new()];
        }
        let mut out = Vec::new();
        for rest in multisets(len - 1, max) {
            let low = rest.last().copied().unwrap_or(0);
            for h in low..=max {
                let mut v = rest.clone();
                v.push(h);
                out.push(v);
            }
        }
        out
    }

    #[test]
    fn the_case_analysis_matches_the_search() {
        for p in 1..=5 {
            for q in 1..=5 {
                let mut search = SumSearch::new(Play::Normal, Budget::DEFAULT);
                for len in 1..=4 {
                    let max = if len == 4 { 6 } else { 9 };
                    for sizes in multisets(len, max) {
                        let c = heaps(p, q, &sizes);
                        let left = search.wins(&c, Side::Left).unwrap();
                        let right = search.wins(&c, Side::Right).unwrap();
                        assert_eq!(
                            unfair_outcome_of_sum(&c),
                            Some((left, right)),
                            "unfair[{p},{q}]{sizes:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn winning_takes_match_the_search() {
        let budget = Budget::DEFAULT;
        for p in 1..=4 {
            for q in 1..=4 {
                let mut search = SumSearch::new(Play::Normal, budget);
                for sizes in multisets(2, 7).into_iter().chain(multisets(3, 5)) {
                    let c = heaps(p, q, &sizes);
                    let mut expected = Vec::new();
                    for (i, heap) in c.iter().enumerate() {
                        for (t, m) in heap
                            .moves_of(Side::Left, &budget)
                            .unwrap()
                            .into_iter()
                            .enumerate()
                        {
                            let mut after = c.clone();
                            after.splice(i..=i, m.to);
                            if !search.wins(&after, Side::Right).unwrap() {
                                expected.push((i, t as u64 + 1));
                            }
                        }
                    }
                    let found = unfair_left_winning_takes(&c, true, &budget)
                        .unwrap()
                        .unwrap();
                    assert_eq!(found, expected, "unfair[{p},{q}]{sizes:?}");
                }
            }
        }
    }

    #[test]
    fn huge_caps_find_the_first_winning_move_at_once() {
        let m = u64::MAX;
        let c = heaps(m - 1, 3, &[m, m - 5]);
        let first = unfair_left_winning_takes(&c, false, &Budget::positions(10))
            .unwrap()
            .unwrap();
        assert_eq!(first, vec![(0, 1)]);
        assert!(matches!(
            unfair_left_winning_takes(&c, true, &Budget::positions(10)).unwrap(),
            Err(SolveError::BudgetExceeded { .. })
        ));
    }

    #[test]
    fn one_heap_classes() {
        // From the rules: p > q, one heap of n > q is Left's whoever starts;
        // n <= q is won by whoever starts; 0 is lost by whoever starts.
        let c = heaps(3, 2, &[5]);
        assert_eq!(unfair_outcome_of_sum(&c), Some((true, false)));
        assert_eq!(
            unfair_outcome_of_sum(&heaps(3, 2, &[2])),
            Some((true, true))
        );
        assert_eq!(
            unfair_outcome_of_sum(&heaps(3, 2, &[0])),
            Some((false, false))
        );
        // Caps at the top of the range do not overflow.
        let m = u64::MAX;
        assert!(!unfair_mover_wins(&[m, m], m, m));
        assert!(!unfair_mover_wins(&[m, 1], 1, m));
    }

    #[test]
    fn other_sums_are_not_claimed() {
        let mut c = heaps(3, 2, &[5]);
        c.extend(heaps(2, 3, &[5]));
        assert_eq!(unfair_outcome_of_sum(&c), None);
        c.push(Arc::new(crate::NimHeap::new(Default::default(), 3)));
        assert_eq!(unfair_outcome_of_sum(&c[2..]), None);
    }
}
