//! The divisor game: from a heap of `n`, take `k` stones, `1 <= k <= n`, so
//! that what is left divides `n` — a proper divisor `d = n - k` of `n`, or
//! nothing at all (taking the whole heap is allowed).
//!
//! `G(0) = 0` and `G(n) = Ω(n) + 1` for `n >= 1`, where `Ω(n)` counts the
//! prime factors of `n` with multiplicity (seed note 000, "sg 函数是因子个数 +
//! 1", Codeforces gym 102911C). Why, by induction: the options of `n >= 1`
//! are `0` (worth 0) and its proper divisors `d`, worth `Ω(d) + 1`. Dividing
//! `n` by its prime factors one at a time gives proper divisors with every
//! `Ω` from `Ω(n) - 1` down to 0, so the values `1 ..= Ω(n)` all occur, and no
//! proper divisor has `Ω(d) = Ω(n)`. The mex is `Ω(n) + 1`. The tests check
//! this against the mex definition for every heap below 5000.
//!
//! So a heap is never a P-position (taking all wins), and a winning move to
//! a value `t >= 1` leaves a divisor with `Ω = t - 1`; the smallest take
//! leaves the largest such divisor, `n` divided by its `Ω(n) - t + 1`
//! smallest prime factors. Heaps up to `u64::MAX` are factored by a
//! deterministic Miller–Rabin test and Pollard's rho with Brent's cycle
//! finding.

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::MoveLabel;
use sprague_game::syntax::RulesetSyntax;

use crate::common::{Ruleset, check_move_count, no_params};
use crate::heaps::heap::{Heap, HeapRules, Takes};

pub(crate) const RULESET: Ruleset = DivisorHeap::entry(
    "divisor(n, ...)",
    "take k stones from one heap of n, 1 <= k <= n, so that what is left \
     divides n (taking the whole heap is allowed)",
    "divisor(12, 7)",
);

fn mul_mod(a: u64, b: u64, m: u64) -> u64 {
    (u128::from(a) * u128::from(b) % u128::from(m)) as u64
}

fn pow_mod(mut base: u64, mut exp: u64, m: u64) -> u64 {
    let mut acc = 1 % m;
    base %= m;
    while exp > 0 {
        if exp & 1 == 1 {
            acc = mul_mod(acc, base, m);
        }
        base = mul_mod(base, base, m);
        exp >>= 1;
    }
    acc
}

/// Whether `n` is prime: Miller–Rabin with the first twelve primes as
/// bases, which is deterministic for every `n < 3.3 · 10^24` (Sorenson and
/// Webster 2015), so for every `u64`.
pub fn is_prime(n: u64) -> bool {
    const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    if n < 2 {
        return false;
    }
    for p in BASES {
        if n % p == 0 {
            return n == p;
        }
    }
    let s = (n - 1).trailing_zeros();
    let d = (n - 1) >> s;
    'bases: for a in BASES {
        let mut x = pow_mod(a, d, n);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..s {
            x = mul_mod(x, x, n);
            if x == n - 1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// A non-trivial factor of the odd composite `n`, by Pollard's rho with
/// Brent's cycle detection and batched gcds, trying the polynomials
/// `x^2 + c` for `c = 1, 2, ...` until one splits `n`.
fn rho_factor(n: u64) -> u64 {
    const BATCH: u64 = 128;
    for c in 1.. {
        let f = |x: u64| (mul_mod(x, x, n) + c) % n;
        let (mut y, mut r, mut q) = (2u64, 1u64, 1u64);
        let (mut x, mut ys);
        let mut g;
        loop {
            x = y;
            for _ in 0..r {
                y = f(y);
            }
            let mut k = 0;
            loop {
                ys = y;
                for _ in 0..BATCH.min(r - k) {
                    y = f(y);
                    q = mul_mod(q, x.abs_diff(y), n);
                }
                g = gcd(q, n);
                k += BATCH;
                if k >= r || g != 1 {
                    break;
                }
            }
            r *= 2;
            if g != 1 {
                break;
            }
        }
        if g == n {
            // The batch overshot: step one at a time from its start.
            loop {
                ys = f(ys);
                g = gcd(x.abs_diff(ys), n);
                if g != 1 {
                    break;
                }
            }
        }
        if g != n {
            return g;
        }
    }
    unreachable!("some polynomial x^2 + c splits every odd composite")
}

/// The prime factors of `n` with multiplicity, smallest first (empty for
/// `n <= 1`).
///
/// # Examples
///
/// ```
/// use sprague::rulesets::prime_factors;
/// assert_eq!(prime_factors(360), vec![2, 2, 2, 3, 3, 5]);
/// assert_eq!(prime_factors(18446744073709551557), vec![18446744073709551557]);
/// ```
pub fn prime_factors(n: u64) -> Vec<u64> {
    let mut out = Vec::new();
    if n <= 1 {
        return out;
    }
    let mut rest = n;
    for p in [2u64, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37] {
        while rest % p == 0 {
            out.push(p);
            rest /= p;
        }
    }
    let mut stack = vec![rest];
    while let Some(m) = stack.pop() {
        if m == 1 {
            continue;
        }
        if is_prime(m) {
            out.push(m);
            continue;
        }
        let f = rho_factor(m);
        stack.push(f);
        stack.push(m / f);
    }
    out.sort_unstable();
    out
}

/// `G(n)` of the divisor game: 0 for `n = 0`, else `Ω(n) + 1`.
pub fn divisor_grundy(n: u64) -> u64 {
    if n == 0 {
        0
    } else {
        prime_factors(n).len() as u64 + 1
    }
}

/// Every divisor of `n >= 1` with its `Ω`, from the factorisation.
fn divisors_with_omega(factors: &[u64]) -> Vec<(u64, u64)> {
    let mut out = vec![(1u64, 0u64)];
    let mut i = 0;
    while i < factors.len() {
        let p = factors[i];
        let mut e = 0;
        while i < factors.len() && factors[i] == p {
            e += 1;
            i += 1;
        }
        let before = out.len();
        for j in 0..before {
            let (mut d, mut w) = out[j];
            for _ in 0..e {
                d *= p;
                w += 1;
                out.push((d, w));
            }
        }
    }
    out
}

/// The rules of the divisor game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Divisor;

impl Divisor {
    /// What the legal moves of a heap of `n` leave, in the order of the
    /// moves (smallest take first), with its `Ω`: proper divisors from the
    /// largest down, then 0.
    fn leaves(n: u64, budget: &Budget) -> Result<Vec<(u64, u64)>, SolveError> {
        if n == 0 {
            return Ok(Vec::new());
        }
        let mut divisors = divisors_with_omega(&prime_factors(n));
        check_move_count(divisors.len() as u64, budget)?;
        divisors.retain(|&(d, _)| d != n);
        divisors.sort_unstable_by_key(|&(d, _)| std::cmp::Reverse(d));
        divisors.push((0, u64::MAX));
        Ok(divisors)
    }
}

/// One heap of the divisor game.
pub type DivisorHeap = Heap<Divisor>;

impl HeapRules for Divisor {
    const NAME: &'static str = "divisor";
    /// Taking the whole heap leaves `divisor(0)`, described as taking all.
    const KEEPS_EMPTY: bool = true;

    fn grundy(&self, n: u64, _budget: &Budget) -> Result<u64, SolveError> {
        Ok(divisor_grundy(n))
    }

    fn takes(&self, n: u64, budget: &Budget) -> Takes {
        let leaves = Divisor::leaves(n, budget)?;
        Ok(leaves.into_iter().map(|(d, _)| n - d).collect())
    }

    fn takes_to_grundy(&self, n: u64, target: u64, max: usize, budget: &Budget) -> Takes {
        if n == 0 || max == 0 {
            return Ok(Vec::new());
        }
        if target == 0 {
            return Ok(vec![n]);
        }
        // A divisor worth `target` has Ω = target - 1.
        let omega = target - 1;
        Ok(Divisor::leaves(n, budget)?
            .into_iter()
            .filter(|&(d, w)| d != 0 && w == omega)
            .take(max)
            .map(|(d, _)| n - d)
            .collect())
    }

    fn read(ruleset: &RulesetSyntax) -> Result<Divisor, ParseError> {
        no_params(ruleset).map(|()| Divisor)
    }

    fn label(&self, n: u64, taken: u64) -> MoveLabel {
        let d = n - taken;
        if d == 0 {
            format!("take all {taken} from the heap of {n}").into()
        } else {
            format!("take {taken} from the heap of {n}, leaving its divisor {d}").into()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use sprague_game::Impartial;
    use sprague_impartial::impartial::grundy_sequence;
    use sprague_impartial::nimber::Nimber;

    /// The values from the definition: the options of `n` are 0 and every
    /// `d < n` dividing `n`.
    fn by_definition(n: usize) -> Vec<u64> {
        grundy_sequence(n, |h, g, emit| {
            if h > 0 {
                emit(g[0]);
            }
            for (d, &v) in g.iter().enumerate().take(h).skip(1) {
                if h % d == 0 {
                    emit(v);
                }
            }
        })
    }

    fn trial_division(mut n: u64) -> Vec<u64> {
        let mut out = Vec::new();
        let mut p = 2;
        while p * p <= n {
            while n % p == 0 {
                out.push(p);
                n /= p;
            }
            p += 1;
        }
        if n > 1 {
            out.push(n);
        }
        out
    }

    #[test]
    fn omega_plus_one_matches_the_definition() {
        for (n, &v) in by_definition(5000).iter().enumerate() {
            assert_eq!(divisor_grundy(n as u64), v, "n = {n}");
        }
    }

    #[test]
    fn factoring_matches_trial_division() {
        for n in 0..20_000u64 {
            assert_eq!(prime_factors(n), trial_division(n), "n = {n}");
        }
        for n in (1u64 << 40)..(1u64 << 40) + 2000 {
            assert_eq!(prime_factors(n), trial_division(n), "n = {n}");
        }
    }

    #[test]
    fn hard_u64_inputs_factor() {
        // A product of the two largest primes below 2^32, the largest prime
        // below 2^64, a prime square, the Carmichael number 561, the least
        // strong pseudoprime to the bases 2..23 (OEIS A014233), and 2^64 - 1
        // (whose factors are the Fermat primes and the factors of F5).
        let cases: [(u64, &[u64]); 6] = [
            (4294967291 * 4294967279, &[4294967279, 4294967291]),
            (18446744073709551557, &[18446744073709551557]),
            (4294967291 * 4294967291, &[4294967291, 4294967291]),
            (561, &[3, 11, 17]),
            (3825123056546413051, &[149491, 747451, 34233211]),
            (u64::MAX, &[3, 5, 17, 257, 641, 65537, 6700417]),
        ];
        for (n, factors) in cases {
            assert_eq!(prime_factors(n), factors.to_vec(), "n = {n}");
        }
    }

    proptest! {
        #[test]
        fn factors_multiply_back_and_are_prime(n in 2u64..) {
            let f = prime_factors(n);
            prop_assert_eq!(f.iter().product::<u64>(), n);
            for p in f {
                prop_assert!(is_prime(p));
            }
        }
    }

    #[test]
    fn moves_and_winning_moves_match_the_definition() {
        let budget = Budget::DEFAULT;
        let g = by_definition(400);
        for n in 0..400u64 {
            let heap = DivisorHeap::new(Divisor, n);
            let leaves: Vec<u64> = heap
                .moves(&budget)
                .unwrap()
                .into_iter()
                .map(|m| m.to[0].args().parse().unwrap())
                .collect();
            let mut expected: Vec<u64> = (1..n).rev().filter(|d| n % d == 0).collect();
            if n > 0 {
                expected.push(0);
            }
            assert_eq!(leaves, expected, "n = {n}");
            for t in 0..8u64 {
                let fast: Vec<u64> = heap
                    .moves_to_grundy(Nimber(t), usize::MAX, &budget)
                    .unwrap()
                    .into_iter()
                    .map(|m| m.to[0].args().parse().unwrap())
                    .collect();
                let slow: Vec<u64> = expected
                    .iter()
                    .copied()
                    .filter(|&d| g[d as usize] == t)
                    .collect();
                assert_eq!(fast, slow, "n = {n}, target {t}");
            }
        }
    }
}
