//! Wythoff's game: two heaps; take any number from one heap, or the same
//! number from both.
//!
//! **P-positions.** Wythoff (1907) showed that the positions where the
//! player to move loses are `(0, 0)` and the pairs `(a_k, b_k)` and
//! `(b_k, a_k)` for `k >= 1`, with `a_k = ⌊kφ⌋`, `b_k = a_k + k` and
//! `φ = (1+√5)/2` (seed note 003; Luogu P2252). Why: the P-positions are built
//! greedily, `a_k` the least number not yet used and `b_k = a_k + k`, so
//! every number appears in exactly one pair and every difference once;
//! Beatty's theorem (Rayleigh 1894) says the sequences `⌊kφ⌋` and `⌊kφ²⌋`
//! partition the positive integers, and `⌊kφ²⌋ = ⌊kφ⌋ + k`, so the greedy
//! pairs are exactly these.
//!
//! **Exact arithmetic.** `⌊kφ⌋` is the largest `a` with `2a - k <= k√5`,
//! that is `2a <= k` or `(2a - k)² <= 5k²`; both sides are compared as exact
//! 256-bit products of 128-bit integers, and `a` is found by bisection. No
//! floating point is used, so every `u64` position is answered exactly. The
//! tests check this against the Zeckendorf characterisation (a number is a
//! `⌊kφ⌋` iff the smallest term of its Zeckendorf representation is an
//! even-indexed Fibonacci number, `F_2 = 1, F_3 = 2, ...`, and its partner is
//! the representation shifted up by one index), an independent method.
//!
//! **Winning moves.** From `(x, y)` a move wins iff it reaches a P-position:
//! reduce one heap to the partner of the other (at most one move per heap),
//! or reduce both to the P-position with the same difference (at most one
//! move). So there are at most three, found in `O(log² n)`.
//!
//! **Grundy values** have no known closed form; they are computed by a table
//! (mex over the row, the column and the diagonal, with bit sets) for
//! positions whose heaps are both at most [`TABLE_MAX`], and for thin ones
//! (`(smaller + 1)² · (larger + 1) <= 2^28`, e.g. `wythoff(3, 10^6)`) by a
//! table that keeps bit sets for the few rows only. Beyond that the
//! value of a P-position is still known (it is 0), and a lone Wythoff
//! position still gets its outcome and winning moves from the closed form.

use std::sync::Arc;

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::ComponentSyntax;
use sprague_game::{Component, Impartial, Key, Kind, Move};
use sprague_impartial::nimber::Nimber;

use crate::common::int_list;
use crate::common::{Moves, WinningMoves};
use crate::common::{Ruleset, check_move_count, no_params};

pub(crate) const RULESET: Ruleset = Ruleset {
    name: "wythoff",
    syntax: "wythoff(a, b)",
    rule: "two heaps: take any number of stones from one heap, or the same number from both",
    example: "wythoff(3, 5)",
    heaps_interact: true,
    build,
    family: None,
};

/// The largest heap for which Wythoff Grundy values are computed by table.
pub const TABLE_MAX: u64 = 1024;

/// The 256-bit product of two 128-bit integers, as (high, low) halves.
fn mul_wide(x: u128, y: u128) -> (u128, u128) {
    const MASK: u128 = u64::MAX as u128;
    let (x1, x0) = (x >> 64, x & MASK);
    let (y1, y0) = (y >> 64, y & MASK);
    let p00 = x0 * y0;
    let p01 = x0 * y1;
    let p10 = x1 * y0;
    let p11 = x1 * y1;
    // The middle column collects three terms below 2^64 each, and the carry
    // out of the low half.
    let middle = (p00 >> 64) + (p01 & MASK) + (p10 & MASK);
    let low = (p00 & MASK) | (middle << 64);
    let high = p11 + (p01 >> 64) + (p10 >> 64) + (middle >> 64);
    (high, low)
}

/// Whether `a <= kφ`, exactly: `2a - k <= k√5`.
fn at_most_k_phi(a: u128, k: u128) -> bool {
    let twice = 2 * a;
    if twice <= k {
        return true;
    }
    let d = twice - k;
    mul_wide(d, d) <= mul_wide(5 * k, k)
}

/// `⌊kφ⌋`, exactly, for `k < 2^64` (the result is below `2^65`).
///
/// # Examples
///
/// ```
/// use sprague::rulesets::floor_k_phi;
/// assert_eq!(floor_k_phi(1), 1);
/// assert_eq!(floor_k_phi(2), 3);
/// assert_eq!(floor_k_phi(3), 4);
/// ```
pub fn floor_k_phi(k: u64) -> u128 {
    let k = u128::from(k);
    // k <= kφ < 2k + 1, so the answer lies in [k, 2k].
    let (mut lo, mut hi) = (k, 2 * k);
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if at_most_k_phi(mid, k) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    lo
}

/// The partner of `x` in the P-positions: the `y` with `(x, y)` a
/// P-position (`0` for `0`). It may exceed `u64::MAX`.
///
/// # Examples
///
/// ```
/// use sprague::rulesets::wythoff_partner;
/// assert_eq!(wythoff_partner(3), 5);
/// assert_eq!(wythoff_partner(5), 3);
/// assert_eq!(wythoff_partner(6), 10);
/// ```
pub fn wythoff_partner(x: u64) -> u128 {
    let xw = u128::from(x);
    // The largest k with ⌊kφ⌋ <= x; ⌊kφ⌋ >= k, so k <= x.
    let (mut lo, mut hi) = (0u64, x);
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if floor_k_phi(mid) <= xw {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    if floor_k_phi(lo) == xw {
        return xw + u128::from(lo);
    }
    // Otherwise x = ⌊jφ⌋ + j for one j >= 1 (Beatty's theorem).
    let (mut lo, mut hi) = (1u64, x);
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if floor_k_phi(mid) + u128::from(mid) <= xw {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    let a = floor_k_phi(lo);
    debug_assert_eq!(a + u128::from(lo), xw, "Beatty's theorem");
    a
}

/// Whether `(x, y)` is a P-position of Wythoff's game.
///
/// # Examples
///
/// ```
/// use sprague::rulesets::wythoff_is_p;
/// assert!(wythoff_is_p(0, 0));
/// assert!(wythoff_is_p(5, 3));
/// assert!(!wythoff_is_p(2, 2));
/// ```
pub fn wythoff_is_p(x: u64, y: u64) -> bool {
    let (a, b) = (x.min(y), x.max(y));
    floor_k_phi(b - a) == u128::from(a)
}

/// A Wythoff position: two heaps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WythoffPosition {
    /// The first heap.
    pub x: u64,
    /// The second heap.
    pub y: u64,
}

/// Where a Wythoff move takes from, in the order moves are listed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Place {
    First,
    Second,
    Both,
}

impl WythoffPosition {
    fn make(&self, place: Place, t: u64) -> Move {
        let (to, description) = match place {
            Place::First => (
                WythoffPosition {
                    x: self.x - t,
                    y: self.y,
                },
                format!("take {t} from heap 1"),
            ),
            Place::Second => (
                WythoffPosition {
                    x: self.x,
                    y: self.y - t,
                },
                format!("take {t} from heap 2"),
            ),
            Place::Both => (
                WythoffPosition {
                    x: self.x - t,
                    y: self.y - t,
                },
                format!("take {t} from both heaps"),
            ),
        };
        Move::new(description, Arc::new(to))
    }

    /// Every move to a P-position, in the order of [`Component::moves`]:
    /// at most three, by the closed form.
    fn winning_moves(&self) -> Vec<Move> {
        let mut found = Vec::new();
        // Reduce the first heap to the partner of the second.
        let px = wythoff_partner(self.y);
        if px < u128::from(self.x) {
            found.push((Place::First, self.x - px as u64));
        }
        let py = wythoff_partner(self.x);
        if py < u128::from(self.y) {
            found.push((Place::Second, self.y - py as u64));
        }
        // Keep the difference k and lower the smaller heap to ⌊kφ⌋.
        let (a, b) = (self.x.min(self.y), self.x.max(self.y));
        let target = floor_k_phi(b - a);
        if target < u128::from(a) {
            found.push((Place::Both, a - target as u64));
        }
        found.into_iter().map(|(p, t)| self.make(p, t)).collect()
    }

    /// The Grundy values of every position up to this one (both heaps no
    /// larger), by whichever table method fits.
    fn table(&self, budget: &Budget) -> Result<Table, SolveError> {
        let (small, large) = (self.x.min(self.y), self.x.max(self.y));
        let swapped = self.x > self.y;
        // Both factors are at most 2^64, so the product can be 2^128, one
        // more than a u128 holds: checked, an overflow is simply too many.
        let cells = (u128::from(small) + 1)
            .checked_mul(u128::from(large) + 1)
            .filter(|&cells| cells <= u128::from(budget.max_positions))
            .ok_or(SolveError::BudgetExceeded {
                limit: budget.max_positions,
            })?;
        let (Ok(s), Ok(l)) = (usize::try_from(small), usize::try_from(large)) else {
            return Err(SolveError::BudgetExceeded {
                limit: budget.max_positions,
            });
        };
        // Past the budget check `cells <= 2^64`, so this product fits.
        let values = if large <= TABLE_MAX {
            square_table(s, l)
        } else if cells * (u128::from(small) + 1) <= THIN_WORK_MAX {
            thin_table(s, l)
        } else {
            return Err(SolveError::unsupported(format!(
                "the grundy value of wythoff({}, {}) is not known: values are computed \
                 by table only while both heaps are at most {TABLE_MAX}, or the smaller \
                 heap is small enough that (smaller + 1)² · (larger + 1) <= 2^28 (its \
                 outcome and winning moves are known for every position)",
                self.x, self.y
            )));
        };
        Ok(Table { values, swapped })
    }
}

/// The most bytes of bit sets [`wythoff_grundy_array`] fills.
const ARRAY_BITS_BYTES: u128 = 1 << 28;

/// Wythoff's Grundy array: `G(i, j)` at `[i][j]` for every `i <= x`,
/// `j <= y`, by the table [`Impartial::grundy`] uses (the mex of each
/// cell's row, column and diagonal, kept as bit sets), for `sprague table
/// wythoff --to XxY`.
///
/// # Errors
///
/// [`SolveError::BudgetExceeded`] for more cells than the budget's
/// positions; [`SolveError::Unsupported`] when the bit sets (a row, column
/// and diagonal each as wide as the largest value, `x + y + min(x, y)`)
/// would take more than 256 MiB, as for a long thin rectangle.
///
/// # Examples
///
/// ```
/// use sprague::{Budget, rulesets::wythoff_grundy_array};
/// let g = wythoff_grundy_array(2, 2, &Budget::DEFAULT).unwrap();
/// assert_eq!(g, [[0, 1, 2], [1, 2, 0], [2, 0, 1]]);
/// ```
pub fn wythoff_grundy_array(x: u64, y: u64, budget: &Budget) -> Result<Vec<Vec<u64>>, SolveError> {
    let (rows, cols) = (u128::from(x) + 1, u128::from(y) + 1);
    if rows * cols > u128::from(budget.max_positions) {
        return Err(SolveError::BudgetExceeded {
            limit: budget.max_positions,
        });
    }
    // Past the budget check both sides are below 2^64.
    let words = (rows + cols + rows.min(cols)).div_ceil(64) + 1;
    let bytes = 8 * words * (2 * rows + 2 * cols);
    if bytes > ARRAY_BITS_BYTES {
        return Err(SolveError::unsupported(format!(
            "the Grundy array of wythoff up to ({x}, {y}) would need {} MiB of bit sets, more than {} MiB: ask for a squarer range",
            bytes >> 20,
            ARRAY_BITS_BYTES >> 20
        )));
    }
    budget.check_time()?;
    Ok(square_table(x as usize, y as usize))
}

/// The most work (cells times the smaller side) for [`thin_table`].
const THIN_WORK_MAX: u128 = 1 << 28;

/// Grundy values `values[i][j]` for `i <= s <= j <= l`, stored with the
/// smaller heap first (the game is symmetric).
#[derive(Debug)]
struct Table {
    values: Vec<Vec<u64>>,
    /// Whether the position's first heap is the larger one.
    swapped: bool,
}

impl Table {
    /// `G(i, j)` in the position's own orientation.
    fn get(&self, i: usize, j: usize) -> u64 {
        if self.swapped {
            self.values[j][i]
        } else {
            self.values[i][j]
        }
    }
}

/// The Grundy table of every `(i, j)`, `i <= s`, `j <= l`: each value is the
/// mex of its row, column and diagonal, kept as bit sets. A value is at most
/// the number of options, `i + j + min(i, j)`, so bit sets one wider always
/// hold a zero bit. `O(s·l·(s+l)/64)`.
fn square_table(s: usize, l: usize) -> Vec<Vec<u64>> {
    let (rows, cols) = (s + 1, l + 1);
    let words = (rows + cols + rows.min(cols)).div_ceil(64) + 1;
    let mut row_seen = vec![vec![0u64; words]; rows];
    let mut col_seen = vec![vec![0u64; words]; cols];
    let mut diag_seen = vec![vec![0u64; words]; rows + cols];
    let mut table = vec![vec![0u64; cols]; rows];
    for i in 0..rows {
        for j in 0..cols {
            let d = cols + i - j;
            let (r, c, g) = (&row_seen[i], &col_seen[j], &diag_seen[d]);
            let mut value = 0;
            for w in 0..words {
                let union = r[w] | c[w] | g[w];
                if union != u64::MAX {
                    value = w as u64 * 64 + u64::from(union.trailing_ones());
                    break;
                }
            }
            table[i][j] = value;
            let (w, bit) = ((value / 64) as usize, 1u64 << (value % 64));
            row_seen[i][w] |= bit;
            col_seen[j][w] |= bit;
            diag_seen[d][w] |= bit;
        }
    }
    table
}

/// The same table for a thin rectangle (`s` small, `l` large), without a bit
/// set per column and diagonal: a column and a diagonal hold at most
/// `s + 1` values, read straight from the table; only the `s + 1` rows keep
/// bit sets, with the position of their first zero. The mex starts at the
/// row's first zero and steps over the few column and diagonal values.
/// `O(s·l·s)`.
fn thin_table(s: usize, l: usize) -> Vec<Vec<u64>> {
    let (rows, cols) = (s + 1, l + 1);
    let width = cols + 2 * rows + 1;
    let mut row_seen = vec![vec![0u64; width.div_ceil(64)]; rows];
    let mut row_first_zero = vec![0usize; rows];
    let mut table = vec![vec![0u64; cols]; rows];
    let mut others: Vec<u64> = Vec::with_capacity(2 * rows);
    for i in 0..rows {
        for j in 0..cols {
            others.clear();
            others.extend((0..i).map(|a| table[a][j]));
            others.extend((1..=i.min(j)).map(|t| table[i - t][j - t]));
            others.sort_unstable();
            let bits = &row_seen[i];
            let has = |v: usize| bits[v / 64] >> (v % 64) & 1 == 1;
            let mut v = row_first_zero[i];
            let mut k = others.partition_point(|&o| (o as usize) < v);
            loop {
                while k < others.len() && (others[k] as usize) < v {
                    k += 1;
                }
                if has(v) || (k < others.len() && others[k] as usize == v) {
                    v += 1;
                } else {
                    break;
                }
            }
            table[i][j] = v as u64;
            row_seen[i][v / 64] |= 1 << (v % 64);
            while row_seen[i][row_first_zero[i] / 64] >> (row_first_zero[i] % 64) & 1 == 1 {
                row_first_zero[i] += 1;
            }
        }
    }
    table
}

impl Component for WythoffPosition {
    fn ruleset(&self) -> String {
        "wythoff".to_string()
    }

    fn args(&self) -> String {
        format!("{}, {}", self.x, self.y)
    }

    fn is_heap(&self) -> bool {
        false
    }

    fn key(&self) -> Key {
        Key::new("wythoff", [self.x, self.y])
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Impartial(self)
    }
}

impl Impartial for WythoffPosition {
    fn grundy(&self, budget: &Budget) -> Result<Nimber, SolveError> {
        if wythoff_is_p(self.x, self.y) {
            return Ok(Nimber::ZERO);
        }
        let table = self.table(budget)?;
        Ok(Nimber(table.get(self.x as usize, self.y as usize)))
    }

    /// Take `t` from heap 1 (`t = 1..=x`), then from heap 2, then from both
    /// heaps.
    fn moves(&self, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        let both = self.x.min(self.y);
        check_move_count(self.x.saturating_add(self.y).saturating_add(both), budget)?;
        let mut moves = Vec::new();
        moves.extend((1..=self.x).map(|t| self.make(Place::First, t)));
        moves.extend((1..=self.y).map(|t| self.make(Place::Second, t)));
        moves.extend((1..=both).map(|t| self.make(Place::Both, t)));
        Ok(moves)
    }

    fn moves_to_grundy(&self, target: Nimber, max: usize, budget: &Budget) -> Moves {
        if target == Nimber::ZERO {
            let mut moves = self.winning_moves();
            moves.truncate(max);
            return Ok(moves);
        }
        let table = self.table(budget)?;
        let (x, y) = (self.x as usize, self.y as usize);
        let options = (1..=x)
            .map(|t| (Place::First, t, (x - t, y)))
            .chain((1..=y).map(|t| (Place::Second, t, (x, y - t))))
            .chain((1..=x.min(y)).map(|t| (Place::Both, t, (x - t, y - t))));
        Ok(options
            .filter(|&(_, _, (i, j))| table.get(i, j) == target.0)
            .take(max)
            .map(|(place, t, _)| self.make(place, t as u64))
            .collect())
    }

    fn outcome(&self, max: usize, _budget: &Budget) -> WinningMoves {
        let mut moves = self.winning_moves();
        moves.truncate(max);
        Some(Ok((!wythoff_is_p(self.x, self.y), moves)))
    }
}

fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    no_params(&c.ruleset)?;
    let heaps = int_list(c, "heap")?;
    match *heaps.as_slice() {
        [x, y] => Ok(vec![Arc::new(WythoffPosition { x, y })]),
        _ => Err(ParseError::bad_arguments(
            format!(
                "`wythoff` is played on exactly two heaps, not {}",
                heaps.len()
            ),
            c.args_span.clone(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use sprague::analyze;
    use sprague_game::Play;
    use sprague_impartial::impartial::{GrundySolver, ImpartialGame};

    /// Wythoff's game straight from its rule, for the generic solver.
    struct Brute;
    impl ImpartialGame for Brute {
        type Position = (u64, u64);
        fn moves(&self, &(x, y): &(u64, u64), out: &mut Vec<(u64, u64)>) {
            out.extend((0..x).map(|i| (i, y)));
            out.extend((0..y).map(|j| (x, j)));
            out.extend((1..=x.min(y)).map(|t| (x - t, y - t)));
        }
    }

    /// The Zeckendorf representation (Fibonacci indices with F_2 = 1,
    /// F_3 = 2), smallest first: an independent route to the P-positions.
    fn zeckendorf_indices(mut n: u128) -> Vec<usize> {
        let mut fib = vec![0u128, 1, 1];
        while *fib.last().unwrap() <= n {
            let k = fib.len();
            fib.push(fib[k - 1] + fib[k - 2]);
        }
        let mut indices = Vec::new();
        for i in (2..fib.len()).rev() {
            if fib[i] <= n {
                n -= fib[i];
                indices.push(i);
            }
        }
        indices.reverse();
        indices
    }

    fn fib(i: usize) -> u128 {
        let (mut a, mut b) = (0u128, 1u128);
        for _ in 0..i {
            (a, b) = (b, a + b);
        }
        a
    }

    #[test]
    fn p_positions_agree_with_the_generic_solver_up_to_60() {
        let mut solver = GrundySolver::new(Brute, Budget::DEFAULT);
        for x in 0..=60 {
            for y in 0..=60 {
                let brute = solver.grundy(&(x, y)).unwrap() == Nimber::ZERO;
                assert_eq!(wythoff_is_p(x, y), brute, "({x}, {y})");
            }
        }
    }

    #[test]
    fn grundy_table_agrees_with_the_generic_solver() {
        let mut solver = GrundySolver::new(Brute, Budget::DEFAULT);
        let table = square_table(60, 60);
        let thin = thin_table(60, 60);
        assert_eq!(table, thin);
        for x in 0..=60u64 {
            for y in 0..=60u64 {
                let g = solver.grundy(&(x, y)).unwrap();
                assert_eq!(Nimber(table[x as usize][y as usize]), g, "({x}, {y})");
                let p = WythoffPosition { x, y };
                if x <= 25 && y <= 25 {
                    assert_eq!(p.grundy(&Budget::DEFAULT).unwrap(), g);
                }
            }
        }
    }

    #[test]
    fn thin_tables_agree_with_square_tables_and_the_solver() {
        for s in 0..=8 {
            assert_eq!(thin_table(s, 700), square_table(s, 700), "s = {s}");
        }
        let mut solver = GrundySolver::new(Brute, Budget::DEFAULT);
        let thin = thin_table(3, 300);
        for i in 0..=3u64 {
            for j in (0..=300u64).step_by(7) {
                assert_eq!(
                    Nimber(thin[i as usize][j as usize]),
                    solver.grundy(&(i, j)).unwrap()
                );
            }
        }
        // Beyond the square limit, a thin position is valued by the thin
        // table, in either orientation; a square one is refused.
        let budget = Budget::DEFAULT;
        let far = WythoffPosition { x: 5000, y: 2 };
        let g = far.grundy(&budget).unwrap();
        assert_eq!(g, Nimber(thin_table(2, 5000)[2][5000]));
        assert_eq!(
            WythoffPosition { x: 2, y: 5000 }.grundy(&budget).unwrap(),
            g
        );
        assert!(matches!(
            WythoffPosition { x: 2000, y: 2001 }.grundy(&budget),
            Err(SolveError::Unsupported { .. })
        ));
    }

    #[test]
    fn winning_moves_are_every_move_to_a_p_position() {
        let budget = Budget::DEFAULT;
        for x in 0..=40 {
            for y in 0..=40 {
                let p = WythoffPosition { x, y };
                let slow: Vec<String> = p
                    .moves(&budget)
                    .unwrap()
                    .into_iter()
                    .filter(|m| m.to[0].grundy(&budget).unwrap() == Nimber::ZERO)
                    .map(|m| m.description())
                    .collect();
                let fast: Vec<String> = p
                    .winning_moves()
                    .into_iter()
                    .map(|m| m.description())
                    .collect();
                assert_eq!(fast, slow, "({x}, {y})");
            }
        }
    }

    #[test]
    fn moves_to_other_values_come_from_the_table() {
        for x in 0..=15 {
            for y in 0..=15 {
                crate::common::assert_moves_to_grundy_agree(&WythoffPosition { x, y }, 6);
            }
        }
    }

    #[test]
    fn lower_wythoff_sequence_matches_oeis_a000201() {
        // OEIS A000201, the lower Wythoff sequence ⌊nφ⌋, n = 1..30.
        let a000201 = [
            1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19, 21, 22, 24, 25, 27, 29, 30, 32, 33, 35, 37,
            38, 40, 42, 43, 45, 46, 48,
        ];
        for (k, &a) in a000201.iter().enumerate() {
            assert_eq!(floor_k_phi(k as u64 + 1), a);
        }
    }

    #[test]
    fn luogu_p2252_samples() {
        // Luogu P2252 (取石子游戏): output 0 when the player to move loses,
        // 1 when they win. Sample: heaps 2 and 1 give 0.
        assert!(wythoff_is_p(2, 1));
        let p = crate::tests::parse("wythoff(2, 1)").unwrap();
        let a = analyze(&p, Play::Normal, true, &Budget::DEFAULT).unwrap();
        assert_eq!(a.outcome, sprague_core::outcome::Outcome::P);
        assert!(a.winning_moves.is_empty());
        // The P-positions the seed note lists: (0,0) (1,2) (3,5) (4,7)
        // (6,10) (8,13) (9,15) (11,18).
        for (x, y) in [
            (0, 0),
            (1, 2),
            (3, 5),
            (4, 7),
            (6, 10),
            (8, 13),
            (9, 15),
            (11, 18),
        ] {
            assert!(wythoff_is_p(x, y) && wythoff_is_p(y, x));
        }
    }

    #[test]
    fn exact_at_the_top_of_the_u64_range() {
        // (F_2i, F_2i+1) is a P-position: k = F_2i-1 and ⌊F_2i-1 φ⌋ = F_2i,
        // since φF_n = F_n+1 - ψ^n with ψ = (1-√5)/2. F_92 and F_93 are the
        // largest such pair below 2^64.
        let (a, b) = (fib(92) as u64, fib(93) as u64);
        assert!(wythoff_is_p(a, b));
        assert!(!wythoff_is_p(a, b - 1) && !wythoff_is_p(a + 1, b));
        // For even n, ⌊F_n φ⌋ = F_n+1 - 1: (F_93 - 1, F_93 + F_92 - 1) is
        // beyond u64, but the floor itself is checked.
        assert_eq!(floor_k_phi(fib(92) as u64), fib(93) - 1);
        // A lone Wythoff position at the top of the range: outcome and the
        // winning move from the closed form, the value unknown.
        let text = format!("wythoff({}, {})", u64::MAX, u64::MAX - 1);
        let p = crate::tests::parse(&text).unwrap();
        let top = analyze(&p, Play::Normal, true, &Budget::DEFAULT).unwrap();
        assert_eq!(top.outcome, sprague_core::outcome::Outcome::N);
        assert_eq!(top.grundy(), None);
        assert!(!top.winning_moves.is_empty());
        for m in &top.winning_moves {
            let args = m.to.components()[0].args();
            let (x, y) = args.split_once(", ").unwrap();
            assert!(wythoff_is_p(x.parse().unwrap(), y.parse().unwrap()));
        }
        // A P-position at the top is worth 0, so it can be in a sum (moves
        // inside it to other values would need the table, but the first
        // winning move is found in the Nim heap before).
        let p = crate::tests::parse(&format!("nim(3) + wythoff({a}, {b})")).unwrap();
        let an = analyze(&p, Play::Normal, false, &Budget::DEFAULT).unwrap();
        assert_eq!(an.grundy(), Some(Nimber(3)));
        assert_eq!(
            an.winning_moves[0].description(),
            "take 3 from the heap of 3"
        );
    }

    #[test]
    fn mul_wide_is_exact() {
        let m = u128::MAX;
        assert_eq!(mul_wide(m, m), (m - 1, 1));
        assert_eq!(mul_wide(1 << 64, 1 << 64), (1, 0));
        assert_eq!(mul_wide(12345, 678), (0, 12345 * 678));
    }

    proptest! {
        #[test]
        fn beatty_agrees_with_zeckendorf(x in 1u64..) {
            // x is a lower Wythoff number iff its smallest Zeckendorf index
            // is even; its partner is then the shifted representation.
            let indices = zeckendorf_indices(u128::from(x));
            let lower = indices[0] % 2 == 0;
            let partner = wythoff_partner(x);
            prop_assert_eq!(partner > u128::from(x), lower);
            if lower {
                let shifted: u128 = indices.iter().map(|&i| fib(i + 1)).sum();
                prop_assert_eq!(partner, shifted);
            } else {
                prop_assert_eq!(wythoff_partner(partner as u64), u128::from(x));
            }
        }
    }
}
