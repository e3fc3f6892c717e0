//! Moore's Nim_k: a move takes at least one stone in total from between 1
//! and `k` heaps (any amounts from each). `k = 1` is Nim.
//!
//! **Outcome** (E. H. Moore, "A generalization of the game called Nim",
//! Annals of Mathematics 1910; seed note 000, where "fewer than m piles" is
//! `m = k + 1`). The player to move loses iff, for every binary digit, the
//! number of heaps with that digit set is divisible by `k + 1`. From such a
//! position, a move changes at most `k` heaps, and the highest digit it
//! changes in any heap goes from 1 to 0 in every heap it changes there (each
//! changed heap shrinks, so its highest changed digit drops), lowering that
//! column by between 1 and `k`: no longer divisible. From any other
//! position, [`moore_winning_move`] builds a move back, digit by digit from
//! the top (Moore's construction, below).
//!
//! **Values.** For `k = 1` the value is the nim-sum (Nim). When `k` is at
//! least the number of heaps, every heap may change at once, the options
//! are all smaller vectors of heaps, their totals are exactly `0..total`,
//! and the value is the total number of stones. Otherwise no closed form is
//! known: values come from the generic solver for small positions.
//! A P-position is worth 0 at any size, and a lone Moore position gets its
//! outcome and winning moves at any size.

use std::sync::Arc;

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::{ComponentSyntax, RulesetSyntax};
use sprague_game::{Component, Impartial, Key, Kind, Move};
use sprague_impartial::impartial::{GrundySolver, ImpartialGame};
use sprague_impartial::nimber::Nimber;

use crate::common::{Moves, WinningMoves};
use crate::common::{Ruleset, check_move_count};
use crate::common::{int_args, one_int_param};

pub(crate) const RULESET: Ruleset = Ruleset {
    name: "moore",
    syntax: "moore[k](a1, ..., an)",
    rule: "take at least one stone in total from between 1 and k heaps (Moore's Nim_k)",
    example: "moore[2](1, 2, 4, 7)",
    heaps_interact: true,
    build,
    family: None,
};

/// The most positions (the product of `heap + 1`) for which Grundy values
/// are searched; every position below has up to as many options.
const SEARCH_MAX: u128 = 3000;

/// The most moves listed to find every winning move in order; beyond, the
/// winning move is the one Moore's construction gives.
const LIST_MAX: u64 = 1_000_000;

/// Whether Moore's Nim_k with these heaps is lost for the player to move:
/// every binary digit is set in a multiple of `k + 1` heaps.
///
/// # Examples
///
/// ```
/// use sprague::rulesets::moore_is_p;
/// assert!(moore_is_p(2, &[1, 2, 3]) == false);
/// assert!(moore_is_p(2, &[5, 5, 5]));
/// assert!(moore_is_p(1, &[1, 2, 3])); // Nim
/// ```
pub fn moore_is_p(k: u64, heaps: &[u64]) -> bool {
    let modulus = u128::from(k) + 1;
    (0..64).all(|bit| {
        let count = heaps.iter().filter(|&&a| a >> bit & 1 == 1).count() as u128;
        count % modulus == 0
    })
}

/// A winning move of Moore's Nim_k (the heaps after it), or `None` from a
/// P-position. At most `k` heaps change, each shrinks.
///
/// Moore's construction: go down the binary digits, keeping the set of
/// heaps already changed (below their first change their digits are free).
/// At each digit let `r` be the count of set digits among unchanged heaps,
/// mod `k + 1`, and `s` the number of changed heaps. If `r <= k - s`, clear
/// the digit in `r` unchanged heaps that have it (they join the changed
/// ones) and clear it in every changed heap; otherwise (`r + s >= k + 1`)
/// set it in exactly `k + 1 - r` changed heaps and clear it in the rest.
/// Either way the column becomes divisible by `k + 1` and at most `k`
/// heaps change.
pub fn moore_winning_move(k: u64, heaps: &[u64]) -> Option<Vec<u64>> {
    if moore_is_p(k, heaps) {
        return None;
    }
    let modulus = u128::from(k) + 1;
    let mut after = heaps.to_vec();
    let mut changed = vec![false; heaps.len()];
    let mut n_changed: u128 = 0;
    for bit in (0..64).rev() {
        let mask = 1u64 << bit;
        let ones: Vec<usize> = (0..heaps.len())
            .filter(|&i| !changed[i] && heaps[i] & mask != 0)
            .collect();
        let r = ones.len() as u128 % modulus;
        if r + n_changed <= u128::from(k) {
            for i in (0..heaps.len()).filter(|&i| changed[i]) {
                after[i] &= !mask;
            }
            for &i in ones.iter().take(r as usize) {
                after[i] &= !mask;
                changed[i] = true;
            }
            n_changed += r;
        } else {
            let mut to_set = modulus - r;
            for i in (0..heaps.len()).filter(|&i| changed[i]) {
                if to_set > 0 {
                    after[i] |= mask;
                    to_set -= 1;
                } else {
                    after[i] &= !mask;
                }
            }
        }
    }
    debug_assert!(moore_is_p(k, &after));
    Some(after)
}

/// A position of Moore's Nim_k.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoorePosition {
    /// The most heaps one move may take from.
    pub k: u64,
    /// The heaps.
    pub heaps: Vec<u64>,
}

/// Moore's Nim_k for the generic solver, heaps sorted (the value does not
/// depend on their order).
struct MooreGame {
    k: usize,
}

impl ImpartialGame for MooreGame {
    type Position = Vec<u64>;

    fn moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        let mut current = p.clone();
        each_move(&mut current, 0, self.k, &mut |q| {
            let mut q = q.to_vec();
            q.sort_unstable();
            out.push(q);
        });
    }
}

/// Calls `visit` with the heaps after every move that changes heaps from
/// `from` on, in the order of [`MoorePosition::moves`]: by the first heap
/// touched, the amount taken from it, then the same for the next heap.
/// `current` is restored afterwards.
fn each_move(current: &mut [u64], from: usize, left: usize, visit: &mut dyn FnMut(&[u64])) {
    if left == 0 {
        return;
    }
    for i in from..current.len() {
        let a = current[i];
        for taken in 1..=a {
            current[i] = a - taken;
            visit(current);
            each_move(current, i + 1, left - 1, visit);
        }
        current[i] = a;
    }
}

impl MoorePosition {
    fn describe(&self, after: &[u64]) -> Move {
        let parts: Vec<String> = self
            .heaps
            .iter()
            .zip(after)
            .enumerate()
            .filter(|(_, (a, b))| a != b)
            .map(|(i, (a, b))| format!("{} from heap {}", a - b, i + 1))
            .collect();
        Move::new(
            format!("take {}", parts.join(" and ")),
            Arc::new(MoorePosition {
                k: self.k,
                heaps: after.to_vec(),
            }),
        )
    }

    /// The number of moves: the sum over sets of at most `k` heaps of the
    /// product of their sizes (saturating).
    fn n_moves(&self) -> u64 {
        // e[j]: the sum over j-sets of heaps of their product.
        let most = usize::try_from(self.k)
            .unwrap_or(usize::MAX)
            .min(self.heaps.len());
        let mut e = vec![0u64; most + 1];
        e[0] = 1;
        for &a in &self.heaps {
            for j in (1..=most).rev() {
                e[j] = e[j].saturating_add(e[j - 1].saturating_mul(a));
            }
        }
        e[1..].iter().fold(0u64, |acc, &x| acc.saturating_add(x))
    }

    fn search_size(&self) -> u128 {
        self.heaps
            .iter()
            .fold(1u128, |acc, &a| acc.saturating_mul(u128::from(a) + 1))
    }

    /// Every move to a P-position in order when there are few enough moves
    /// to list (at most [`LIST_MAX`] and the budget); otherwise the one move
    /// Moore's construction gives, which need not be the first in order.
    fn winning_moves(&self, max: usize, budget: &Budget) -> Vec<Move> {
        if self.n_moves() <= budget.max_positions.min(LIST_MAX) {
            let mut found = Vec::new();
            let mut current = self.heaps.clone();
            each_move(&mut current, 0, self.k_usize(), &mut |q| {
                if found.len() < max && moore_is_p(self.k, q) {
                    found.push(q.to_vec());
                }
            });
            return found.iter().map(|q| self.describe(q)).collect();
        }
        moore_winning_move(self.k, &self.heaps)
            .map(|q| self.describe(&q))
            .into_iter()
            .take(max)
            .collect()
    }

    fn k_usize(&self) -> usize {
        usize::try_from(self.k).unwrap_or(usize::MAX)
    }
}

impl Component for MoorePosition {
    fn ruleset(&self) -> String {
        format!("moore[{}]", self.k)
    }

    fn args(&self) -> String {
        self.heaps
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn is_heap(&self) -> bool {
        false
    }

    fn key(&self) -> Key {
        Key::new(
            "moore",
            std::iter::once(self.k).chain(self.heaps.iter().copied()),
        )
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Impartial(self)
    }
}

impl Impartial for MoorePosition {
    fn grundy(&self, budget: &Budget) -> Result<Nimber, SolveError> {
        if self.k == 1 {
            return Ok(Nimber(self.heaps.iter().fold(0, |acc, a| acc ^ a)));
        }
        if self.k >= self.heaps.len() as u64 {
            // Every heap may change at once: the options are every smaller
            // vector of heaps, whose totals are exactly 0..total, so the
            // value is the total.
            return self
                .heaps
                .iter()
                .try_fold(0u64, |acc, &a| acc.checked_add(a))
                .map(Nimber)
                .ok_or_else(|| {
                    SolveError::unsupported(format!(
                        "the grundy value of {} is the total number of stones, which \
                         exceeds {}",
                        self.text(),
                        u64::MAX
                    ))
                });
        }
        if moore_is_p(self.k, &self.heaps) {
            return Ok(Nimber::ZERO);
        }
        if self.search_size() > SEARCH_MAX {
            return Err(SolveError::unsupported(format!(
                "the grundy value of {} is not known: moore[k] values are searched only \
                 for positions with at most {SEARCH_MAX} sub-positions (its outcome and \
                 winning moves are known at any size)",
                self.text()
            )));
        }
        let mut sorted = self.heaps.clone();
        sorted.sort_unstable();
        let mut solver = GrundySolver::new(MooreGame { k: self.k_usize() }, *budget);
        solver.grundy(&sorted)
    }

    /// By the first heap touched, the amount taken from it, then the next
    /// heap touched and its amount, and so on.
    fn moves(&self, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        check_move_count(self.n_moves(), budget)?;
        let mut moves = Vec::new();
        let mut current = self.heaps.clone();
        each_move(&mut current, 0, self.k_usize(), &mut |q| {
            moves.push(self.describe(q));
        });
        Ok(moves)
    }

    fn moves_to_grundy(&self, target: Nimber, max: usize, budget: &Budget) -> Moves {
        if target == Nimber::ZERO {
            return Ok(self.winning_moves(max, budget));
        }
        sprague_game::moves_to_grundy_by_listing(self, target, max, budget)
    }

    fn outcome(&self, max: usize, budget: &Budget) -> WinningMoves {
        Some(Ok((
            !moore_is_p(self.k, &self.heaps),
            self.winning_moves(max, budget),
        )))
    }
}

fn read_k(r: &RulesetSyntax) -> Result<u64, ParseError> {
    one_int_param(
        r,
        "k",
        "the most heaps a move takes from",
        1,
        "a move takes from at least one heap, so k must be at least 1",
    )
}

fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    let k = read_k(&c.ruleset)?;
    let heaps = int_args(c, "heap")?;
    Ok(vec![Arc::new(MoorePosition { k, heaps })])
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use sprague::analyze;
    use sprague_core::outcome::Outcome;
    use sprague_game::Play;

    /// Moore's Nim_k straight from the rule: every way to lower at most k
    /// heaps, written independently of `each_move`.
    struct Brute {
        k: usize,
    }
    impl ImpartialGame for Brute {
        type Position = Vec<u64>;
        fn moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
            let n = p.len();
            let total: u64 = p.iter().map(|a| a + 1).product();
            for code in 0..total {
                let mut q = Vec::with_capacity(n);
                let mut c = code;
                for &a in p {
                    q.push(c % (a + 1));
                    c /= a + 1;
                }
                let changed = q.iter().zip(p).filter(|(x, y)| x != y).count();
                if changed >= 1 && changed <= self.k {
                    out.push(q);
                }
            }
        }
    }

    #[test]
    fn outcome_values_and_winning_moves_agree_with_the_generic_solver() {
        let budget = Budget::DEFAULT;
        for k in 1..=3usize {
            let mut solver = GrundySolver::new(Brute { k }, budget);
            for (n, max) in [(1, 6), (2, 5), (3, 4), (4, 3)] {
                for heaps in crate::common::all_rows(n, max) {
                    let g = solver.grundy(&heaps).unwrap();
                    let p = MoorePosition {
                        k: k as u64,
                        heaps: heaps.clone(),
                    };
                    assert_eq!(
                        moore_is_p(k as u64, &heaps),
                        g == Nimber::ZERO,
                        "k={k} {heaps:?}"
                    );
                    if p.search_size() <= 300 || k >= n {
                        assert_eq!(p.grundy(&budget).unwrap(), g, "k={k} {heaps:?}");
                    }
                    // The listed winning moves are exactly the moves to
                    // positions the search values 0.
                    let fast: Vec<String> = p
                        .winning_moves(usize::MAX, &budget)
                        .into_iter()
                        .map(|m| m.description())
                        .collect();
                    let mut slow = Vec::new();
                    for m in p.moves(&budget).unwrap() {
                        let args = m.to[0].args();
                        let q: Vec<u64> = args.split(", ").map(|x| x.parse().unwrap()).collect();
                        if solver.grundy(&q).unwrap() == Nimber::ZERO {
                            slow.push(m.description());
                        }
                    }
                    assert_eq!(fast, slow, "k={k} {heaps:?}");
                    if let Some(q) = moore_winning_move(k as u64, &heaps) {
                        assert!(slow.contains(&p.describe(&q).description()));
                    }
                }
            }
        }
    }

    proptest! {
        #[test]
        fn the_construction_wins_on_large_heaps(
            k in 1u64..6,
            heaps in proptest::collection::vec(any::<u64>(), 1..9),
        ) {
            match moore_winning_move(k, &heaps) {
                None => prop_assert!(moore_is_p(k, &heaps)),
                Some(after) => {
                    prop_assert!(moore_is_p(k, &after));
                    let changed = heaps.iter().zip(&after).filter(|(a, b)| a != b).count();
                    prop_assert!(changed >= 1 && changed as u64 <= k);
                    prop_assert!(heaps.iter().zip(&after).all(|(a, b)| b <= a));
                }
            }
        }
    }

    #[test]
    fn large_positions_get_outcome_and_a_winning_move() {
        let text = format!("moore[2]({}, {}, 12345, 7)", u64::MAX, u64::MAX - 3);
        let p = crate::tests::parse(&text).unwrap();
        let a = analyze(&p, Play::Normal, false, &Budget::DEFAULT).unwrap();
        assert_eq!(a.outcome, Outcome::N);
        assert_eq!(a.grundy(), None);
        let args = a.winning_moves[0].to.components()[0].args();
        let q: Vec<u64> = args.split(", ").map(|x| x.parse().unwrap()).collect();
        assert!(moore_is_p(2, &q));
        // k = 1 is Nim, valued at any size.
        let p = crate::tests::parse("moore[1](3, 6, 9)").unwrap();
        let a = analyze(&p, Play::Normal, false, &Budget::DEFAULT).unwrap();
        assert_eq!(a.grundy(), Some(Nimber(12)));
        assert_eq!(a.winning_moves[0].description(), "take 4 from heap 3");
    }
}
