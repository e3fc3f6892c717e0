//! Dyadic rationals `m / 2^k` of any size: the numbers of short games.
//!
//! A [`Dyadic`] is kept in lowest terms in one of two forms: *small*, an
//! `i64` numerator over at most `2^62`, which is every number a game of
//! ordinary size meets and costs no allocation (the sum of two small
//! numbers is exact in `i128`: both scaled numerators are below `2^125`);
//! and *big*, a [`BigInt`] numerator behind an `Arc`, for everything else.
//! A value that fits the small form is always stored in it, so each number
//! has exactly one representation and the derived equality and hash agree
//! with the order.

use std::borrow::Borrow;
use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Neg, Sub};
use std::sync::Arc;

use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive, Zero};

use sprague_core::error::SolveError;

/// The largest power of two of a small [`Dyadic`]'s denominator: two small
/// numerators scaled to a common denominator stay below `2^125`.
const SMALL_EXPONENT: u32 = 62;

/// A dyadic rational `numerator / 2^exponent` in lowest terms (the
/// numerator is odd whenever the exponent is positive), of any size.
///
/// Arithmetic on numbers that fit an `i64` numerator over `2^62` does not
/// allocate; larger ones are exact big integers.
///
/// # Examples
///
/// ```
/// use sprague_partizan::Dyadic;
/// let half = Dyadic::new(1, 1).unwrap();
/// let big = Dyadic::new(1 << 100, 0).unwrap();
/// assert_eq!((&big + &half).to_string(), "2535301200456458802993406410753/2");
/// assert_eq!(&(&big + &half) - &big, half);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Dyadic(Repr);

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Repr {
    /// A numerator that fits an `i64` over at most `2^SMALL_EXPONENT`.
    Small { numerator: i64, exponent: u32 },
    /// Any other number: never one the small form can hold.
    Big(Arc<Big>),
}

#[derive(Debug, PartialEq, Eq, Hash)]
struct Big {
    numerator: BigInt,
    exponent: u32,
}

/// A [`Dyadic`] computation whose denominator would pass `2^(2^32 - 1)`
/// (the exponent is a `u32`); numerators have no limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DyadicOverflow;

impl fmt::Display for DyadicOverflow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a number's denominator is beyond 2^(2^32 - 1)")
    }
}

impl std::error::Error for DyadicOverflow {}

impl From<DyadicOverflow> for SolveError {
    fn from(e: DyadicOverflow) -> SolveError {
        SolveError::unsupported(e.to_string())
    }
}

impl Dyadic {
    /// Zero.
    pub const ZERO: Dyadic = Dyadic(Repr::Small {
        numerator: 0,
        exponent: 0,
    });

    /// The integer `n`.
    pub const fn integer(n: i64) -> Dyadic {
        Dyadic(Repr::Small {
            numerator: n,
            exponent: 0,
        })
    }

    /// `numerator / 2^exponent`, reduced to lowest terms. Never fails (the
    /// `Result` is kept for the callers written when numbers had a range).
    ///
    /// # Errors
    ///
    /// None: every `i128` numerator and `u32` exponent is a number.
    ///
    /// # Examples
    ///
    /// ```
    /// use sprague_partizan::Dyadic;
    /// assert_eq!(Dyadic::new(6, 3).unwrap().to_string(), "3/4");
    /// assert_eq!(Dyadic::new(1, 63).unwrap().to_string(), "1/9223372036854775808");
    /// ```
    pub fn new(numerator: i128, exponent: u32) -> Result<Dyadic, DyadicOverflow> {
        Ok(Dyadic::from_i128(numerator, exponent))
    }

    /// `numerator / 2^exponent` for a numerator of any size, reduced to
    /// lowest terms.
    pub fn from_big(numerator: BigInt, exponent: u32) -> Dyadic {
        if numerator.is_zero() {
            return Dyadic::ZERO;
        }
        let twos = numerator
            .trailing_zeros()
            .map_or(0, |z| u32::try_from(z).unwrap_or(u32::MAX))
            .min(exponent);
        let numerator = numerator >> twos;
        let exponent = exponent - twos;
        if exponent <= SMALL_EXPONENT
            && let Some(n) = numerator.to_i64()
        {
            return Dyadic(Repr::Small {
                numerator: n,
                exponent,
            });
        }
        Dyadic(Repr::Big(Arc::new(Big {
            numerator,
            exponent,
        })))
    }

    /// The fast constructor: reduces in `i128`, allocates only for a result
    /// out of the small range.
    fn from_i128(numerator: i128, exponent: u32) -> Dyadic {
        if numerator == 0 {
            return Dyadic::ZERO;
        }
        let twos = numerator.trailing_zeros().min(exponent);
        let numerator = numerator >> twos;
        let exponent = exponent - twos;
        match i64::try_from(numerator) {
            Ok(n) if exponent <= SMALL_EXPONENT => Dyadic(Repr::Small {
                numerator: n,
                exponent,
            }),
            _ => Dyadic(Repr::Big(Arc::new(Big {
                numerator: BigInt::from(numerator),
                exponent,
            }))),
        }
    }

    /// The numerator in lowest terms.
    pub fn numerator(&self) -> BigInt {
        match &self.0 {
            Repr::Small { numerator, .. } => BigInt::from(*numerator),
            Repr::Big(b) => b.numerator.clone(),
        }
    }

    /// The power of two of the denominator in lowest terms.
    pub fn exponent(&self) -> u32 {
        match &self.0 {
            Repr::Small { exponent, .. } => *exponent,
            Repr::Big(b) => b.exponent,
        }
    }

    /// Whether this is an integer.
    pub fn is_integer(&self) -> bool {
        self.exponent() == 0
    }

    /// The sign: `-1`, `0` or `1`.
    pub fn signum(&self) -> i32 {
        match &self.0 {
            Repr::Small { numerator, .. } => numerator.signum() as i32,
            Repr::Big(b) => {
                if b.numerator.is_negative() {
                    -1
                } else {
                    1
                }
            }
        }
    }

    /// The sum (kept as a `Result` for the callers written when numbers had
    /// a range; [`Add`] is the same without it).
    ///
    /// # Errors
    ///
    /// None.
    pub fn checked_add(&self, other: impl Borrow<Dyadic>) -> Result<Dyadic, DyadicOverflow> {
        Ok(self.plus(other.borrow()))
    }

    /// The negative (a `Result` as [`Dyadic::checked_add`]; [`Neg`] is
    /// the same without it).
    ///
    /// # Errors
    ///
    /// None.
    pub fn checked_neg(&self) -> Result<Dyadic, DyadicOverflow> {
        Ok(self.negative())
    }

    /// `self * n` for an integer `n`.
    pub fn times(&self, n: i64) -> Dyadic {
        match &self.0 {
            &Repr::Small {
                numerator,
                exponent,
            } => Dyadic::from_i128(i128::from(numerator) * i128::from(n), exponent),
            Repr::Big(b) => Dyadic::from_big(&b.numerator * n, b.exponent),
        }
    }

    /// `self / 2`.
    ///
    /// # Errors
    ///
    /// [`DyadicOverflow`] if the denominator would pass `2^(2^32 - 1)`.
    pub fn half(&self) -> Result<Dyadic, DyadicOverflow> {
        let exponent = self.exponent().checked_add(1).ok_or(DyadicOverflow)?;
        Ok(match &self.0 {
            &Repr::Small { numerator, .. } => Dyadic::from_i128(i128::from(numerator), exponent),
            Repr::Big(b) => Dyadic::from_big(b.numerator.clone(), exponent),
        })
    }

    /// Both numbers in the small form, over their common denominator
    /// `2^e`: the fast path of sums and comparisons. The shifts fit in an
    /// `i128`, as both numerators are `i64` and both exponents at most 62.
    fn small_pair(&self, other: &Dyadic) -> Option<(i128, i128, u32)> {
        match (&self.0, &other.0) {
            (
                &Repr::Small {
                    numerator: a,
                    exponent: ea,
                },
                &Repr::Small {
                    numerator: b,
                    exponent: eb,
                },
            ) => {
                let e = ea.max(eb);
                Some((i128::from(a) << (e - ea), i128::from(b) << (e - eb), e))
            }
            _ => None,
        }
    }

    /// `self + other`.
    fn plus(&self, other: &Dyadic) -> Dyadic {
        if let Some((a, b, e)) = self.small_pair(other) {
            return Dyadic::from_i128(a + b, e);
        }
        let e = self.exponent().max(other.exponent());
        Dyadic::from_big(self.scaled_big(e) + other.scaled_big(e), e)
    }

    fn negative(&self) -> Dyadic {
        match &self.0 {
            &Repr::Small {
                numerator,
                exponent,
            } => Dyadic::from_i128(-i128::from(numerator), exponent),
            Repr::Big(b) => Dyadic::from_big(-&b.numerator, b.exponent),
        }
    }

    /// The numerator over the denominator `2^exponent` (`exponent` at least
    /// this number's).
    fn scaled_big(&self, exponent: u32) -> BigInt {
        match &self.0 {
            &Repr::Small {
                numerator,
                exponent: e,
            } => BigInt::from(numerator) << (exponent - e),
            Repr::Big(b) => &b.numerator << (exponent - b.exponent),
        }
    }

    /// The largest multiple of `2^-j` at most this number.
    fn floor_at(&self, j: u32) -> Dyadic {
        let e = self.exponent();
        if j >= e {
            return self.clone();
        }
        match &self.0 {
            &Repr::Small { numerator, .. } => {
                Dyadic::from_i128(i128::from(numerator >> (e - j)), j)
            }
            // `>>` on a negative BigInt rounds towards minus infinity.
            Repr::Big(b) => Dyadic::from_big(&b.numerator >> (e - j), j),
        }
    }

    /// The largest integer at most this number.
    pub fn floor(&self) -> Dyadic {
        self.floor_at(0)
    }

    /// `|floor(x)|`'s part that fits a `u64`: the integer part of `|x|`,
    /// `None` if it is `2^64` or more.
    pub(crate) fn whole_part_u64(&self) -> Option<u64> {
        match &self.0 {
            &Repr::Small {
                numerator,
                exponent,
            } => Some(numerator.unsigned_abs() >> exponent),
            Repr::Big(b) => (b.numerator.abs() >> b.exponent).to_u64(),
        }
    }

    /// The day this number is born: `|n|` for an integer `n`,
    /// `floor(|x|) + 1 + k` for `x = m/2^k` with `m` odd (the length of its
    /// sign expansion); `None` past `u64`.
    pub fn birthday(&self) -> Option<u64> {
        let whole = self.whole_part_u64();
        if self.exponent() == 0 {
            whole
        } else {
            whole.and_then(|w| w.checked_add(1 + u64::from(self.exponent())))
        }
    }

    /// The Left and Right options of this number's canonical form: `n-1`
    /// and none for an integer `n > 0`, none and `n+1` for `n < 0`, and
    /// `(m-1)/2^k`, `(m+1)/2^k` for `m/2^k`.
    pub(crate) fn options(&self) -> (Option<Dyadic>, Option<Dyadic>) {
        let e = self.exponent();
        let step = Dyadic::from_i128(1, e);
        if e > 0 {
            return (Some(self - &step), Some(self + &step));
        }
        match self.signum() {
            0 => (None, None),
            1 => (Some(self - &step), None),
            _ => (None, Some(self + &step)),
        }
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Dyadic) -> Ordering {
        if let Some((a, b, _)) = self.small_pair(other) {
            return a.cmp(&b);
        }
        let by_sign = self.signum().cmp(&other.signum());
        if by_sign != Ordering::Equal {
            return by_sign;
        }
        let e = self.exponent().max(other.exponent());
        self.scaled_big(e).cmp(&other.scaled_big(e))
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl From<i64> for Dyadic {
    fn from(n: i64) -> Dyadic {
        Dyadic::integer(n)
    }
}

impl Add<&Dyadic> for &Dyadic {
    type Output = Dyadic;
    fn add(self, other: &Dyadic) -> Dyadic {
        self.plus(other)
    }
}

impl Add for Dyadic {
    type Output = Dyadic;
    fn add(self, other: Dyadic) -> Dyadic {
        self.plus(&other)
    }
}

impl Sub<&Dyadic> for &Dyadic {
    type Output = Dyadic;
    fn sub(self, other: &Dyadic) -> Dyadic {
        self.plus(&other.negative())
    }
}

impl Sub for Dyadic {
    type Output = Dyadic;
    fn sub(self, other: Dyadic) -> Dyadic {
        self.plus(&other.negative())
    }
}

impl Neg for &Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        self.negative()
    }
}

impl Neg for Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        self.negative()
    }
}

impl fmt::Display for Dyadic {
    /// `3`, `-2`, `1/2`, `-3/4`, `5/4`, in full however large.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Small {
                numerator,
                exponent: 0,
            } => write!(f, "{numerator}"),
            Repr::Small {
                numerator,
                exponent,
            } => write!(f, "{numerator}/{}", 1u64 << exponent),
            Repr::Big(b) if b.exponent == 0 => write!(f, "{}", b.numerator),
            Repr::Big(b) => write!(f, "{}/{}", b.numerator, BigInt::from(1) << b.exponent),
        }
    }
}

impl fmt::Debug for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Dyadic({self})")
    }
}

/// The simplest number strictly between `lo` and `hi` (either may be
/// absent: no bound), where `lo < hi`: the integer of least magnitude if
/// there is one, otherwise the one of least denominator (Conway's
/// simplicity theorem; there is exactly one of least denominator, since of
/// two neighbouring multiples of `2^-j` one is a multiple of `2^-(j-1)`).
///
/// # Errors
///
/// [`DyadicOverflow`] only if the answer's denominator would pass
/// `2^(2^32 - 1)`.
pub fn simplest_between(lo: Option<Dyadic>, hi: Option<Dyadic>) -> Result<Dyadic, DyadicOverflow> {
    let one = Dyadic::integer(1);
    // The least integer above `a`, and the greatest below `b`.
    let above = |a: &Dyadic| &a.floor() + &one;
    let below = |b: &Dyadic| {
        if b.is_integer() { b - &one } else { b.floor() }
    };
    match (lo, hi) {
        (None, None) => Ok(Dyadic::ZERO),
        (None, Some(b)) => Ok(if b > Dyadic::ZERO {
            Dyadic::ZERO
        } else {
            below(&b)
        }),
        (Some(a), None) => Ok(if a < Dyadic::ZERO {
            Dyadic::ZERO
        } else {
            above(&a)
        }),
        (Some(a), Some(b)) => {
            if a < Dyadic::ZERO && Dyadic::ZERO < b {
                return Ok(Dyadic::ZERO);
            }
            let n = if a >= Dyadic::ZERO {
                above(&a)
            } else {
                below(&b)
            };
            if a < n && n < b {
                return Ok(n);
            }
            // No integer lies between: the first power of two whose
            // multiples fall between them. At `j` past both exponents, `a`
            // plus `2^-j` is below `b`, so the search ends.
            let last = a.exponent().max(b.exponent()).checked_add(1);
            let last = last.ok_or(DyadicOverflow)?;
            for j in 1..=last {
                let c = &a.floor_at(j) + &Dyadic::from_i128(1, j);
                if c < b {
                    return Ok(c);
                }
            }
            Err(DyadicOverflow)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigInt;
    use num_rational::BigRational;
    use proptest::prelude::*;

    /// The reference: the same number as a `BigRational`, built from the
    /// numerator and exponent by num-rational's own arithmetic.
    fn rational(x: &Dyadic) -> BigRational {
        BigRational::new(x.numerator(), BigInt::from(1) << x.exponent())
    }

    /// Whether `x` is in lowest terms and in the one form its size allows.
    fn well_formed(x: &Dyadic) -> bool {
        match &x.0 {
            Repr::Small {
                numerator,
                exponent,
            } => {
                *exponent <= SMALL_EXPONENT
                    && (*exponent == 0 || numerator % 2 != 0)
                    && (*numerator != 0 || *exponent == 0)
            }
            Repr::Big(b) => {
                (b.exponent == 0 || b.numerator.bit(0))
                    && !b.numerator.is_zero()
                    && (b.exponent > SMALL_EXPONENT || b.numerator.to_i64().is_none())
            }
        }
    }

    /// Numbers around the edges of the small form: numerators near
    /// `±2^63` and `±2^k` for `k` up to 200, exponents up to 130.
    fn dyadic() -> impl Strategy<Value = Dyadic> {
        let numerator = prop_oneof![
            any::<i64>().prop_map(BigInt::from),
            (-4i64..=4).prop_map(BigInt::from),
            (any::<bool>(), 0u32..200, -3i64..=3).prop_map(|(negative, k, d)| {
                let n = (BigInt::from(1) << k) + d;
                if negative { -n } else { n }
            }),
            (any::<i128>()).prop_map(BigInt::from),
        ];
        let exponent = prop_oneof![0u32..4, 58u32..66, 0u32..130];
        (numerator, exponent).prop_map(|(n, e)| Dyadic::from_big(n, e))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        #[test]
        fn arithmetic_agrees_with_big_rationals(x in dyadic(), y in dyadic(), n in -5i64..=5) {
            let (rx, ry) = (rational(&x), rational(&y));
            prop_assert!(well_formed(&x) && well_formed(&y));
            let sum = &x + &y;
            prop_assert!(well_formed(&sum));
            prop_assert_eq!(rational(&sum), &rx + &ry);
            let difference = &x - &y;
            prop_assert!(well_formed(&difference));
            prop_assert_eq!(rational(&difference), &rx - &ry);
            prop_assert_eq!(rational(&-&x), -rx.clone());
            prop_assert_eq!(rational(&x.times(n)), &rx * BigRational::from_integer(n.into()));
            let half = x.half().unwrap();
            prop_assert!(well_formed(&half));
            prop_assert_eq!(rational(&half), &rx / BigRational::from_integer(2.into()));
            prop_assert_eq!(x.cmp(&y), rx.cmp(&ry));
            // One representation per value: equal values, equal hashes.
            prop_assert_eq!(x == y, rx == ry);
            let back = Dyadic::from_big(x.numerator() << 3u32, x.exponent() + 3);
            prop_assert_eq!(&back, &x);
            prop_assert_eq!(hash(&back), hash(&x));
            prop_assert_eq!(rational(&x.floor()), BigRational::from_integer(rx.floor().to_integer()));
            prop_assert!(x.signum() == 0 || (x.signum() > 0) == (rx > BigRational::zero()));
        }

        #[test]
        fn simplest_between_is_the_simplest(x in dyadic(), y in dyadic()) {
            prop_assume!(x != y);
            let (lo, hi) = if x < y { (x, y) } else { (y, x) };
            let s = simplest_between(Some(lo.clone()), Some(hi.clone())).unwrap();
            prop_assert!(lo < s && s < hi);
            let (rl, rh) = (rational(&lo), rational(&hi));
            // Nothing strictly between has a smaller denominator; and where
            // an integer lies between, the answer is the one nearest 0.
            if s.exponent() > 0 {
                let k = s.exponent() - 1;
                let scale = BigRational::from_integer(BigInt::from(1) << k);
                let first = (&rl * &scale).floor() + BigRational::from_integer(1.into());
                prop_assert!(first >= &rh * &scale, "{} is not the simplest in ({}, {})", s, lo, hi);
            } else {
                let zero = BigRational::zero();
                let nearest = if rl >= zero {
                    rl.floor() + BigRational::from_integer(1.into())
                } else if rh <= zero {
                    rh.ceil() - BigRational::from_integer(1.into())
                } else {
                    zero
                };
                prop_assert_eq!(rational(&s), nearest);
            }
        }
    }

    fn hash(x: &Dyadic) -> u64 {
        use std::hash::{BuildHasher, BuildHasherDefault};
        BuildHasherDefault::<rustc_hash::FxHasher>::default().hash_one(x)
    }

    #[test]
    fn small_numbers_stay_small_and_big_ones_print_in_full() {
        let max = Dyadic::integer(i64::MAX);
        let one = Dyadic::integer(1);
        let past = &max + &one;
        assert_eq!(past.to_string(), "9223372036854775808");
        assert!(matches!(past.0, Repr::Big(_)));
        // Back into the small range, back into the small form.
        assert_eq!(&past - &one, max);
        assert!(matches!((&past - &one).0, Repr::Small { .. }));
        assert_eq!(
            (-Dyadic::integer(i64::MIN)).to_string(),
            "9223372036854775808"
        );
        let tiny = Dyadic::new(-3, 70).unwrap();
        assert_eq!(tiny.to_string(), "-3/1180591620717411303424");
        assert_eq!(tiny.exponent(), 70);
        // The simplest number above i64::MAX is i64::MAX + 1.
        assert_eq!(simplest_between(Some(max), None), Ok(past));
        assert_eq!(
            simplest_between(Some(tiny.clone()), Some(Dyadic::ZERO)),
            Dyadic::new(-1, 69)
        );
        assert_eq!(
            simplest_between(Some(Dyadic::ZERO), Some(Dyadic::new(1, 100).unwrap())),
            Dyadic::new(1, 101)
        );
    }
}
