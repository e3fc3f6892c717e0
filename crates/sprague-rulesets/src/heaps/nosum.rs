//! Take 1..m, but a take and the previous take may not sum to `m + 1`
//! (seed note 000, "一堆，相邻之间有限制"; `m >= 2`).
//!
//! A position is `(n, prev)`: `n` stones, and the previous take (none at the
//! start). The take `m + 1 - prev` is forbidden.
//!
//! **Outcome.** Write `r = n mod (m + 2)`. The player to move loses iff
//! `r = 0`, or there was a previous take and `r = m + 1 - prev` (the one
//! take that would reach a multiple of `m + 2` is forbidden). At the start
//! this is the note's rule, lost iff `n mod (m + 2) = 0`. Proof: a take `t`
//! leads to `(n - t, t)`, whose residue is `r - t` and whose forbidden take
//! is `m + 1 - t`; it is lost iff `r - t ≡ 0` or `r - t ≡ m + 1 - t`, that is
//! iff `t = r` or `r = m + 1` (mod `m + 2`). So from `r = m + 1` every
//! allowed take wins (there is one: `m >= 2` gives two candidates, one
//! forbidden at most); from `1 <= r <= m` only the take `r` wins, unless it
//! is forbidden; from `r = 0` no take wins. This extends the note's proof
//! (which covers the start) to every position; the tests check it against
//! the generic solver.
//!
//! **Values.** The value of `(n, p)` depends on the values of `(n - t, t)`
//! for `t <= m`, a window of `m` rows of `m + 1` values, so the rows are
//! ultimately periodic; [`NosumRules`] computes rows until a window repeats
//! (for `m` up to [`GRUNDY_MAX_M`]) and answers any `n` from the period. A
//! lost position is worth 0 for any `m`.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex};

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::{Arg, ComponentSyntax, RulesetSyntax};
use sprague_game::{Component, Impartial, Key, Kind, Move};
use sprague_impartial::impartial::MexSet;
use sprague_impartial::nimber::Nimber;

use crate::common::Values;
use crate::common::one_int_param;
use crate::common::{HeapFamily, Periodicity, Ruleset, check_move_count, take_description};
use crate::common::{Moves, WinningMoves};

pub(crate) const RULESET: Ruleset = Ruleset {
    name: "nosum",
    syntax: "nosum[m](n)  or  nosum[m](n, prev)",
    rule: "take 1..m stones (m >= 2), but a take and the previous take may not sum to m+1 \
           (prev: the previous take)",
    example: "nosum[3](12)",
    heaps_interact: true,
    build,
    family: Some(family),
};

/// The largest `m` for which Grundy values are computed (each row costs
/// `m²`).
pub const GRUNDY_MAX_M: u64 = 300;

/// Whether `(n, prev)` is lost for the player to move.
///
/// # Examples
///
/// ```
/// use sprague::rulesets::nosum_is_p;
/// assert!(nosum_is_p(3, 10, None));      // 10 is a multiple of m + 2 = 5
/// assert!(nosum_is_p(3, 7, Some(2)));    // 7 mod 5 = 2 = m + 1 - prev
/// assert!(!nosum_is_p(3, 7, None));
/// ```
pub fn nosum_is_p(m: u64, n: u64, prev: Option<u64>) -> bool {
    let r = u128::from(n) % (u128::from(m) + 2);
    r == 0 || prev.is_some_and(|p| u128::from(m) + 1 - u128::from(p) == r)
}

/// The rows of values `G(n, p)`, `p = 0` for the start, and, once found,
/// where they repeat.
#[derive(Debug, Default)]
struct Known {
    rows: Vec<Vec<u64>>,
    /// `(preperiod, period)` of the rows.
    period: Option<(usize, usize)>,
    seen: HashMap<u64, usize>,
}

/// `nosum[m]` with what is known of its values, shared by its positions.
#[derive(Debug)]
pub struct NosumRules {
    m: u64,
    known: Mutex<Known>,
}

impl NosumRules {
    fn new(m: u64) -> NosumRules {
        NosumRules {
            m,
            known: Mutex::new(Known::default()),
        }
    }

    /// `G(n, prev)`.
    fn grundy(&self, n: u64, prev: Option<u64>, budget: &Budget) -> Result<u64, SolveError> {
        if nosum_is_p(self.m, n, prev) {
            return Ok(0);
        }
        if self.m > GRUNDY_MAX_M {
            return Err(SolveError::unsupported(format!(
                "the grundy value of nosum[{}] is not known: values are computed only for \
                 m up to {GRUNDY_MAX_M} (outcomes and winning moves are known for every m)",
                self.m
            )));
        }
        let m = self.m as usize;
        let p = prev.map_or(0, |p| p as usize);
        let mut known = self.known.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if let Some((pre, period)) = known.period {
                let i = if (n as u128) < pre as u128 {
                    n as usize
                } else {
                    pre + ((n as u128 - pre as u128) % period as u128) as usize
                };
                return Ok(known.rows[i][p]);
            }
            if (n as u128) < known.rows.len() as u128 {
                return Ok(known.rows[n as usize][p]);
            }
            if ((known.rows.len() + 1) as u64).saturating_mul(self.m + 1) > budget.max_positions {
                return Err(SolveError::BudgetExceeded {
                    limit: budget.max_positions,
                });
            }
            Self::extend(&mut known, m);
        }
    }

    /// Computes one more row and looks for a repeated window of `m` rows.
    fn extend(known: &mut Known, m: usize) {
        let n = known.rows.len();
        let mut row = Vec::with_capacity(m + 1);
        let mut seen = MexSet::new();
        for p in 0..=m {
            seen.clear();
            for t in 1..=m.min(n) {
                if p != 0 && t + p == m + 1 {
                    continue;
                }
                seen.insert(known.rows[n - t][t]);
            }
            row.push(seen.mex());
        }
        known.rows.push(row);
        if n + 1 < m {
            return;
        }
        let window = &known.rows[n + 1 - m..=n];
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        window.hash(&mut hasher);
        let hash = hasher.finish();
        match known.seen.get(&hash) {
            Some(&earlier)
                if known.rows[earlier + 1 - m..=earlier] == known.rows[n + 1 - m..=n] =>
            {
                let period = n - earlier;
                let mut pre = earlier + 1 - m;
                while pre > 0 && known.rows[pre - 1] == known.rows[pre - 1 + period] {
                    pre -= 1;
                }
                known.period = Some((pre, period));
                known.seen = HashMap::new();
            }
            Some(_) => {}
            None => {
                known.seen.insert(hash, n);
            }
        }
    }
}

/// A position of the game.
#[derive(Clone, Debug)]
pub struct NosumPosition {
    rules: Arc<NosumRules>,
    /// The stones left.
    pub n: u64,
    /// The previous take, `None` at the start.
    pub prev: Option<u64>,
}

impl NosumPosition {
    fn allowed(&self, t: u64) -> bool {
        self.prev
            .is_none_or(|p| u128::from(t) + u128::from(p) != u128::from(self.rules.m) + 1)
    }

    fn take(&self, t: u64) -> Move {
        Move::new(
            take_description(t, self.n),
            Arc::new(NosumPosition {
                rules: Arc::clone(&self.rules),
                n: self.n - t,
                prev: Some(t),
            }),
        )
    }

    /// The first `max` winning takes, smallest first (see the module docs).
    fn winning_takes(&self, max: usize) -> Vec<u64> {
        let m = self.rules.m;
        let r = u128::from(self.n) % (u128::from(m) + 2);
        if r == u128::from(m) + 1 {
            (1..=m.min(self.n))
                .filter(|&t| self.allowed(t))
                .take(max)
                .collect()
        } else if r > 0 && self.allowed(r as u64) && max > 0 {
            vec![r as u64]
        } else {
            Vec::new()
        }
    }

    /// The winning moves, refusing to list more than the budget allows
    /// (from a residue of `m + 1` every allowed take wins).
    fn winning_moves(&self, max: usize, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        let m = self.rules.m;
        let r = u128::from(self.n) % (u128::from(m) + 2);
        if r == u128::from(m) + 1 {
            check_move_count(m.min(self.n).min(max as u64), budget)?;
        }
        Ok(self
            .winning_takes(max)
            .into_iter()
            .map(|t| self.take(t))
            .collect())
    }
}

impl Component for NosumPosition {
    fn ruleset(&self) -> String {
        format!("nosum[{}]", self.rules.m)
    }

    fn args(&self) -> String {
        match self.prev {
            None => self.n.to_string(),
            Some(p) => format!("{}, {p}", self.n),
        }
    }

    fn is_heap(&self) -> bool {
        false
    }

    fn key(&self) -> Key {
        Key::shared(
            "nosum",
            &self.rules,
            [
                self.n,
                u64::from(self.prev.is_some()),
                self.prev.unwrap_or(0),
            ],
        )
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Impartial(self)
    }
}

impl Impartial for NosumPosition {
    fn grundy(&self, budget: &Budget) -> Result<Nimber, SolveError> {
        self.rules.grundy(self.n, self.prev, budget).map(Nimber)
    }

    fn moves(&self, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        let most = self.rules.m.min(self.n);
        check_move_count(most, budget)?;
        Ok((1..=most)
            .filter(|&t| self.allowed(t))
            .map(|t| self.take(t))
            .collect())
    }

    fn moves_to_grundy(&self, target: Nimber, max: usize, budget: &Budget) -> Moves {
        if target == Nimber::ZERO {
            return self.winning_moves(max, budget);
        }
        let mut found = Vec::new();
        for t in 1..=self.rules.m.min(self.n) {
            if found.len() >= max {
                break;
            }
            if self.allowed(t) && self.rules.grundy(self.n - t, Some(t), budget)? == target.0 {
                found.push(self.take(t));
            }
        }
        Ok(found)
    }

    fn outcome(&self, max: usize, _budget: &Budget) -> WinningMoves {
        let moves = self
            .winning_takes(max)
            .into_iter()
            .map(|t| self.take(t))
            .collect();
        Some(Ok((!nosum_is_p(self.rules.m, self.n, self.prev), moves)))
    }
}

fn read_m(r: &RulesetSyntax) -> Result<u64, ParseError> {
    one_int_param(r, "m", "the most a move takes", 2, "m must be at least 2")
}

fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    let m = read_m(&c.ruleset)?;
    let mut ints = Vec::new();
    for a in &c.args {
        match a.value {
            Arg::Int(v) => ints.push(v),
            _ => {
                return Err(ParseError::bad_arguments(
                    "`nosum` takes integers: the heap, and optionally the previous take",
                    a.span.clone(),
                ));
            }
        }
    }
    let (n, prev) = match *ints.as_slice() {
        [n] => (n, None),
        [n, p] => {
            if p == 0 || p > m {
                return Err(ParseError::bad_arguments(
                    format!("the previous take is between 1 and m = {m}"),
                    c.args[1].span.clone(),
                ));
            }
            (n, Some(p))
        }
        _ => {
            return Err(ParseError::bad_arguments(
                "`nosum` takes the heap, nosum[m](n), or the heap and the previous take, \
                 nosum[m](n, prev)",
                c.args_span.clone(),
            ));
        }
    };
    Ok(vec![Arc::new(NosumPosition {
        rules: Arc::new(NosumRules::new(m)),
        n,
        prev,
    })])
}

/// The values of `nosum[m](n)` (the start) for `sprague table`.
#[derive(Debug)]
struct NosumFamily {
    rules: NosumRules,
}

impl HeapFamily for NosumFamily {
    fn ruleset(&self) -> String {
        format!("nosum[{}]", self.rules.m)
    }

    fn grundy_values(&self, from: u64, to: u64, budget: &Budget) -> Values {
        crate::common::values_timed(from, to, budget, |n| self.rules.grundy(n, None, budget))
    }

    /// The period of the start values, from the period of the rows: the
    /// rows repeat once a window of `m` rows repeats (every later row is a
    /// function of the window), so the start values repeat with the rows'
    /// period; their least period divides it, and their least preperiod is
    /// found by walking back. Certified where the repeated window ends.
    fn periodicity(&self, budget: &Budget) -> Result<Option<Periodicity>, SolveError> {
        // Valuing a won position far out forces the rows' period.
        let m = self.rules.m;
        let far = (1..=m + 2)
            .map(|i| u64::MAX - i)
            .find(|&n| !nosum_is_p(m, n, None))
            .expect("a residue other than 0 among m + 2 heaps");
        self.rules.grundy(far, None, budget)?;
        let known = self.rules.known.lock().unwrap_or_else(|e| e.into_inner());
        let (pre, period) = known.period.expect("found while valuing a far heap");
        let column = |n: usize| known.rows[if n < pre { n } else { pre + (n - pre) % period }][0];
        let least = (1..=period)
            .filter(|p| period % p == 0)
            .find(|&p| (pre..pre + period).all(|n| column(n) == column(n + p)))
            .expect("the period itself works");
        let mut preperiod = pre;
        while preperiod > 0 && column(preperiod - 1) == column(preperiod - 1 + least) {
            preperiod -= 1;
        }
        Ok(Some(Periodicity {
            preperiod: preperiod as u64,
            period: least as u64,
            saltus: 0,
            certified: true,
            // The proof read every row computed.
            certified_at: known.rows.len() as u64,
        }))
    }
}

fn family(r: &RulesetSyntax) -> Result<Arc<dyn HeapFamily>, ParseError> {
    Ok(Arc::new(NosumFamily {
        rules: NosumRules::new(read_m(r)?),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_impartial::impartial::{GrundySolver, ImpartialGame};

    /// The game from its rule: (n, previous take, 0 at the start).
    struct Brute {
        m: u64,
    }
    impl ImpartialGame for Brute {
        type Position = (u64, u64);
        fn moves(&self, &(n, p): &(u64, u64), out: &mut Vec<(u64, u64)>) {
            for t in 1..=self.m.min(n) {
                if p == 0 || t + p != self.m + 1 {
                    out.push((n - t, t));
                }
            }
        }
    }

    fn position(m: u64, n: u64, prev: Option<u64>) -> NosumPosition {
        NosumPosition {
            rules: Arc::new(NosumRules::new(m)),
            n,
            prev,
        }
    }

    #[test]
    fn outcome_values_and_winning_moves_agree_with_the_generic_solver() {
        let budget = Budget::DEFAULT;
        for m in 2..=9u64 {
            let mut solver = GrundySolver::new(Brute { m }, budget);
            let rules = Arc::new(NosumRules::new(m));
            for n in 0..=150u64 {
                for p in 0..=m {
                    let prev = (p > 0).then_some(p);
                    let g = solver.grundy(&(n, p)).unwrap();
                    assert_eq!(
                        nosum_is_p(m, n, prev),
                        g == Nimber::ZERO,
                        "m={m} ({n}, {p})"
                    );
                    let pos = NosumPosition {
                        rules: Arc::clone(&rules),
                        n,
                        prev,
                    };
                    assert_eq!(pos.grundy(&budget).unwrap(), g, "m={m} ({n}, {p})");
                    let brute_takes: Vec<u64> = (1..=m.min(n))
                        .filter(|&t| p == 0 || t + p != m + 1)
                        .filter(|&t| solver.grundy(&(n - t, t)).unwrap() == Nimber::ZERO)
                        .collect();
                    assert_eq!(
                        pos.winning_takes(usize::MAX),
                        brute_takes,
                        "m={m} ({n}, {p})"
                    );
                }
            }
        }
    }

    #[test]
    fn values_far_out_come_from_the_period() {
        // Values for a huge heap equal those one or more periods back.
        let budget = Budget::DEFAULT;
        for m in 2..=6u64 {
            let rules = NosumRules::new(m);
            let mut solver = GrundySolver::new(Brute { m }, budget);
            for n in u64::MAX - 20..=u64::MAX {
                let huge = rules.grundy(n, Some(1), &budget).unwrap();
                if nosum_is_p(m, n, Some(1)) {
                    assert_eq!(huge, 0);
                    continue;
                }
                let (pre, period) = rules.known.lock().unwrap().period.expect("found");
                let back = (u128::from(n) - pre as u128) % period as u128 + pre as u128;
                assert_eq!(Nimber(huge), solver.grundy(&(back as u64, 1)).unwrap());
            }
        }
    }

    #[test]
    fn start_values_period_is_checked_against_brute_force() {
        let budget = Budget::DEFAULT;
        for m in 2..=7u64 {
            let family = NosumFamily {
                rules: NosumRules::new(m),
            };
            let per = family.periodicity(&budget).unwrap().unwrap();
            let mut solver = GrundySolver::new(Brute { m }, budget);
            let values: Vec<Nimber> = (0..400u64)
                .map(|n| solver.grundy(&(n, 0)).unwrap())
                .collect();
            let (pre, p) = (per.preperiod as usize, per.period as usize);
            assert!(pre + 2 * p < 400, "m={m}");
            // Periodic from pre with period p, and neither is smaller.
            assert!((pre..400 - p).all(|n| values[n] == values[n + p]), "m={m}");
            assert!(pre == 0 || values[pre - 1] != values[pre - 1 + p], "m={m}");
            for q in 1..p {
                assert!(
                    (pre..400 - q).any(|n| values[n] != values[n + q]),
                    "m={m} q={q}"
                );
            }
        }
    }

    #[test]
    fn seed_note_start_rule_and_huge_m() {
        // Seed note 000: n % (m + 2) == 0 loses for the first player.
        for m in 2..=20u64 {
            for n in 0..200u64 {
                assert_eq!(
                    position(m, n, None).winning_takes(1).is_empty(),
                    n % (m + 2) == 0
                );
            }
        }
        let m = u64::MAX;
        let p = position(m, u64::MAX, Some(3));
        // r = n mod (m + 2) = n, and the take r = n is allowed.
        assert_eq!(p.winning_takes(1), vec![u64::MAX]);
        // From a residue of m + 1 every allowed take wins: listing them all
        // for a huge m is refused, the first one is not.
        let p = position(1 << 40, (1 << 40) + 1, None);
        let e = p.winning_moves(usize::MAX, &Budget::DEFAULT).unwrap_err();
        assert_eq!(
            e,
            SolveError::BudgetExceeded {
                limit: Budget::DEFAULT.max_positions
            }
        );
        assert_eq!(p.winning_moves(1, &Budget::DEFAULT).unwrap().len(), 1);
    }
}
