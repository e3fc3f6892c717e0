//! Nimbers: the values of impartial games, and the field GF(2^64).
//!
//! A [`Nimber`] is a value `*n` of an impartial game. Conway (*On Numbers and
//! Games*, chapter 6) showed that the nimbers below `2^(2^k)` form a field
//! under two operations defined by the mex rule:
//!
//! - nim-addition `a ⊕ b = mex{a' ⊕ b, a ⊕ b'}`, which is bitwise exclusive
//!   or (Bouton's theorem), and
//! - nim-multiplication `a ⊗ b = mex{a' ⊗ b ⊕ a ⊗ b' ⊕ a' ⊗ b' : a' < a, b' < b}`.
//!
//! With 64 bits this is the finite field of order `2^64`; its subfields are
//! the nimbers below `2^(2^k)` for `k = 0..=6`.
//!
//! # How products are computed
//!
//! The Fermat 2-powers `F = 2^(2^k)` obey two rules (Conway, ONAG ch. 6):
//! `F ⊗ x = F · x` for every `x < F`, and `F ⊗ F = F ⊕ F/2` (the
//! "sesquimultiple" `3F/2`). Splitting `a = a₁F ⊕ a₀` and `b = b₁F ⊕ b₀` with
//! halves below `F` therefore gives
//!
//! ```text
//! a ⊗ b = (a₁b₁ ⊕ a₁b₀ ⊕ a₀b₁)·F ⊕ a₀b₀ ⊕ a₁b₁ ⊗ (F/2)
//!       = ((a₀ ⊕ a₁)(b₀ ⊕ b₁) ⊕ a₀b₀)·F ⊕ a₀b₀ ⊕ a₁b₁ ⊗ (F/2),
//! ```
//!
//! three half-size products (Karatsuba's trick) and a product by the
//! constant `F/2`. The fast multiplication unrolls this twice, from 64 bits
//! to 32 to 16, and finishes in the 16-bit subfield GF(2^16) with discrete
//! logarithm tables: its multiplicative group is cyclic of order 65535, so
//! `x ⊗ y = g^(log x + log y)` for a generator `g`, and a product by a constant
//! `(F/2)ʲ` only adds `j·log(F/2)` to the exponent. A 64-bit product costs 18
//! logarithm look-ups (nine per operand: the 16-bit pieces that the two levels
//! of Karatsuba need) and 10 power look-ups, with no recursion, loops or
//! branches. Two choices make each 16-bit product one addition and one
//! look-up: the generator is a cube root of `2^15`, so `log(F/2) = 3` at the
//! bottom level and the products by `2^15` and `2^30` are constant offsets;
//! and the logarithm of zero is stored as a number so far below the others
//! that any sum containing it indexes a run of zeros in the power table,
//! so no piece is tested for zero (the trick of hos's library Libra). The
//! tables (768 KiB, of which 512 KiB are read by products of non-zero
//! pieces) are built once, on first use, behind a [`OnceLock`].
//!
//! Inverses use the norm of the quadratic extension GF(F²) ⊃ GF(F): `F` is a
//! root of `x² ⊕ x ⊕ F/2`, whose other root is `F ⊕ 1`, so the conjugate of
//! `a₁F ⊕ a₀` is `a₁F ⊕ (a₀ ⊕ a₁)` and their product, the norm
//! `a₁² ⊗ (F/2) ⊕ a₀² ⊕ a₀a₁`, lies in the half-size field. Hence
//! `a⁻¹ = conjugate(a) ⊗ norm(a)⁻¹`, one half-size inverse and a few
//! half-size products, bottoming out in the logarithm tables.

use std::fmt;
use std::iter::{Product, Sum};
use std::ops::{Add, AddAssign, Div, DivAssign, Mul, MulAssign, Neg, Sub, SubAssign};
use std::sync::OnceLock;

/// A nimber `*n`, the Sprague–Grundy value of an impartial game, and an
/// element of the field GF(2^64) of Conway's nimbers.
///
/// Nim-addition ([`Add`], and [`Sub`], which is the same operation) is
/// bitwise exclusive or (Bouton's theorem); nim-multiplication ([`Mul`]) is
/// Conway's product `a ⊗ b = mex{a' ⊗ b ⊕ a ⊗ b' ⊕ a' ⊗ b' : a' < a, b' < b}`.
/// The nimbers below `2^(2^k)` form the field GF(2^(2^k)) (Conway, *On
/// Numbers and Games*, ch. 6), so with 64 bits every non-zero nimber has an
/// [inverse](Nimber::inverse).
///
/// A product splits each operand twice at a Fermat 2-power `F` (64 → 32 →
/// 16 bits), using `F ⊗ x = F·x` for `x < F` and `F ⊗ F = F ⊕ F/2`, with
/// three half-size products per level (Karatsuba), and finishes with
/// discrete-logarithm tables of the subfield GF(2^16): 28 table look-ups,
/// hundreds of times faster than the plain recursion and about 15 ns of CPU
/// time per product on the project's machine (see `BENCHMARKS.md`). The
/// tables (768 KiB) are built on the first product, in a few milliseconds.
///
/// # Examples
///
/// ```
/// use sprague_impartial::Nimber;
///
/// // The field with four elements: *2 ⊗ *2 = *3, and *2 ⊗ *3 = *1.
/// assert_eq!(Nimber(2) * Nimber(2), Nimber(3));
/// assert_eq!(Nimber(2).inverse(), Some(Nimber(3)));
/// // Fermat 2-powers square to their sesquimultiple: 16 ⊗ 16 = 24.
/// assert_eq!(Nimber(16) * Nimber(16), Nimber(24));
/// // Every non-zero nimber has an inverse.
/// let a = Nimber(0x0123_4567_89ab_cdef);
/// assert_eq!(a * a.inverse().unwrap(), Nimber::ONE);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Nimber(pub u64);

impl Nimber {
    /// The nimber `*0`, the value of every P-position and the additive
    /// identity.
    pub const ZERO: Nimber = Nimber(0);

    /// The nimber `*1` (the game `*`), the multiplicative identity.
    pub const ONE: Nimber = Nimber(1);

    /// The underlying integer.
    pub fn value(self) -> u64 {
        self.0
    }

    /// The multiplicative inverse, or `None` for `*0`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sprague_impartial::Nimber;
    /// // OEIS A051917: the nim-inverse of 4 is 15.
    /// assert_eq!(Nimber(4).inverse(), Some(Nimber(15)));
    /// assert_eq!(Nimber::ZERO.inverse(), None);
    /// ```
    pub fn inverse(self) -> Option<Nimber> {
        if self.0 == 0 {
            None
        } else {
            Some(Nimber(tables().inv64(self.0)))
        }
    }

    /// `self ⊗ rhs⁻¹`, or `None` when `rhs` is `*0`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sprague_impartial::Nimber;
    /// assert_eq!(Nimber(1).checked_div(Nimber(2)), Some(Nimber(3)));
    /// assert_eq!(Nimber(5).checked_div(Nimber::ZERO), None);
    /// ```
    pub fn checked_div(self, rhs: Nimber) -> Option<Nimber> {
        rhs.inverse().map(|r| self * r)
    }

    /// The nim-square `self ⊗ self`.
    pub fn square(self) -> Nimber {
        self * self
    }

    /// `self` nim-multiplied by itself `exponent` times (`*1` for exponent
    /// 0, including `*0` to the power 0), by repeated squaring.
    ///
    /// # Examples
    ///
    /// ```
    /// use sprague_impartial::Nimber;
    /// // *2 generates the multiplicative group of GF(4), of order 3.
    /// assert_eq!(Nimber(2).pow(3), Nimber::ONE);
    /// // Lagrange: every non-zero element of GF(2^64) has x^(2^64 - 1) = 1.
    /// assert_eq!(Nimber(12345).pow(u64::MAX), Nimber::ONE);
    /// ```
    pub fn pow(self, exponent: u64) -> Nimber {
        let mut result = Nimber::ONE;
        let mut base = self;
        let mut e = exponent;
        while e != 0 {
            if e & 1 == 1 {
                result *= base;
            }
            base = base.square();
            e >>= 1;
        }
        result
    }

    /// The unique square root: the `x` with `x ⊗ x = self`.
    ///
    /// Squaring is the Frobenius automorphism of a field of characteristic 2,
    /// so it is a bijection; in GF(2^64) its inverse is `x ↦ x^(2^63)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sprague_impartial::Nimber;
    /// // OEIS A006042: the nim-square of 8 is 13.
    /// assert_eq!(Nimber(13).sqrt(), Nimber(8));
    /// ```
    pub fn sqrt(self) -> Nimber {
        let mut x = self;
        for _ in 0..63 {
            x = x.square();
        }
        x
    }
}

impl From<u64> for Nimber {
    fn from(value: u64) -> Nimber {
        Nimber(value)
    }
}

impl From<Nimber> for u64 {
    fn from(nimber: Nimber) -> u64 {
        nimber.0
    }
}

/// Nim-addition is exclusive or (Bouton's theorem), hence the `^`.
impl Add for Nimber {
    type Output = Nimber;
    #[allow(clippy::suspicious_arithmetic_impl)]
    fn add(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

impl AddAssign for Nimber {
    #[allow(clippy::suspicious_op_assign_impl)]
    fn add_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

/// Subtraction is addition: every nimber is its own negative.
impl Sub for Nimber {
    type Output = Nimber;
    #[allow(clippy::suspicious_arithmetic_impl)]
    fn sub(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

impl SubAssign for Nimber {
    #[allow(clippy::suspicious_op_assign_impl)]
    fn sub_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

/// Negation is the identity: `a ⊕ a = 0`.
impl Neg for Nimber {
    type Output = Nimber;
    fn neg(self) -> Nimber {
        self
    }
}

impl Mul for Nimber {
    type Output = Nimber;
    // Inlinable into other crates, like the arithmetic of the integers.
    #[inline]
    fn mul(self, rhs: Nimber) -> Nimber {
        Nimber(tables().mul64(self.0, rhs.0))
    }
}

impl MulAssign for Nimber {
    fn mul_assign(&mut self, rhs: Nimber) {
        *self = *self * rhs;
    }
}

/// Division by the inverse.
///
/// # Panics
///
/// Panics when dividing by `*0`, like integer division; use
/// [`Nimber::checked_div`] to get `None` instead.
impl Div for Nimber {
    type Output = Nimber;
    fn div(self, rhs: Nimber) -> Nimber {
        self.checked_div(rhs)
            .expect("nimber division by *0: use Nimber::checked_div for a fallible division")
    }
}

/// Division by the inverse.
///
/// # Panics
///
/// Panics when dividing by `*0`, like integer division.
impl DivAssign for Nimber {
    fn div_assign(&mut self, rhs: Nimber) {
        *self = *self / rhs;
    }
}

/// The nim-sum of the values: the value of the disjunctive sum of games.
impl Sum for Nimber {
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, Add::add)
    }
}

/// The nim-sum of the values: the value of the disjunctive sum of games.
impl<'a> Sum<&'a Nimber> for Nimber {
    fn sum<I: Iterator<Item = &'a Nimber>>(iter: I) -> Nimber {
        iter.copied().sum()
    }
}

/// The nim-product of the values (`*1` for none).
impl Product for Nimber {
    fn product<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ONE, Mul::mul)
    }
}

/// The nim-product of the values (`*1` for none).
impl<'a> Product<&'a Nimber> for Nimber {
    fn product<I: Iterator<Item = &'a Nimber>>(iter: I) -> Nimber {
        iter.copied().product()
    }
}

impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "*{}", self.0)
    }
}

/// The order of the multiplicative group of GF(2^16).
const ORDER16: u32 = 65_535;

/// `log(2^15)` for the generator the tables use. The product by `F/2 = 2^15`
/// (and by its square) is then a constant offset of the exponent, which the
/// compiler folds into the address of the power look-up. `Tables::build`
/// picks the generator to make this true: `2^15` is a cube in GF(2^16)
/// (checked there), and one of its cube roots generates the group.
const LOG_HALF: u32 = 3;

/// The bias of the stored logarithms: `Tables::log` holds `log x + BIAS` for
/// `x ≠ 0` and `0` for `x = 0`. A sum of two stored logarithms plus an
/// offset of at most `2·LOG_HALF` is at least `2·BIAS` when both operands
/// are non-zero and at most `BIAS + 65534 + 2·LOG_HALF < 2·BIAS` when one is
/// zero, so the power table answers 0 below `2·BIAS` and no product needs a
/// test for zero.
const BIAS: u32 = 65_536 + 2 * LOG_HALF;

/// The length of [`Tables::exp`]: the zero region `0..2·BIAS`, then the
/// powers `g^0, g^1, ...` up to exponent `2·65534 + 2·LOG_HALF`, the
/// largest sum of two logarithms and an offset.
const EXP_LEN: usize = (2 * BIAS + 2 * (ORDER16 - 1) + 2 * LOG_HALF + 1) as usize;

/// The discrete logarithm and power tables of GF(2^16), the nimbers below
/// `2^16`, for a generator `g` of its multiplicative group with
/// `g^LOG_HALF = 2^15`.
struct Tables {
    /// `log[x] = BIAS + i` for the `i` in `0..65535` with `g^i = x`, and
    /// `log[0] = 0` (see [`BIAS`]). 256 KiB.
    log: Box<[u32; 1 << 16]>,
    /// `exp[2·BIAS + i] = g^(i mod 65535)`, and `exp[i] = 0` for `i < 2·BIAS`,
    /// so `exp[log[x] + log[y] + j·LOG_HALF] = x ⊗ y ⊗ (2^15)^j` for every
    /// `x, y` and `j ≤ 2`. 512 KiB, of which the 256 KiB of powers are read
    /// by products of non-zero pieces.
    exp: Box<[u16; EXP_LEN]>,
}

/// The tables, built on first use.
#[inline]
fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(Tables::build)
}

impl Tables {
    fn build() -> Tables {
        // Multiplication by a fixed g is GF(2)-linear, so x ⊗ g is the
        // exclusive or of g ⊗ 2^i over the bits i of x. Try g = 2, 3, ...
        // until one has order 65535; elements of proper subfields (below 256)
        // fail within 255 steps, and about half of the others succeed.
        let mut powers = vec![0u16; ORDER16 as usize];
        let mut logs = vec![0u32; 1 << 16];
        let generates = |g: u64, powers: &mut [u16]| -> bool {
            let basis: Vec<u16> = (0..16)
                .map(|i| mul_recursive(g, 1 << i, 16) as u16)
                .collect();
            let times_g = |x: u16| -> u16 {
                (0..16)
                    .filter(|i| x >> i & 1 == 1)
                    .fold(0, |acc, i| acc ^ basis[i])
            };
            let mut x: u16 = 1;
            for i in 0..ORDER16 {
                powers[i as usize] = x;
                x = times_g(x);
                if x == 1 && i + 1 < ORDER16 {
                    return false;
                }
            }
            true
        };
        assert!(
            (2u64..1 << 16).any(|g| generates(g, &mut powers)),
            "the multiplicative group of GF(2^16) is cyclic, so a generator exists"
        );
        for (i, &x) in powers.iter().enumerate() {
            logs[x as usize] = i as u32;
        }
        // Re-base to a generator h = g^m with h^LOG_HALF = 2^15: m·LOG_HALF
        // ≡ log_g(2^15) (mod 65535), and h generates iff gcd(m, 65535) = 1.
        // Of the three solutions m (65535 = 3·21845) take the first that
        // generates.
        let k = logs[1 << 15];
        assert_eq!(k % LOG_HALF, 0, "2^15 is a cube in GF(2^16)");
        let m = (0..LOG_HALF)
            .map(|j| k / LOG_HALF + j * (ORDER16 / LOG_HALF))
            .find(|&m| gcd(m, ORDER16) == 1)
            .expect("a cube root of 2^15 generates GF(2^16)*");
        let mut exp: Box<[u16; EXP_LEN]> = vec![0u16; EXP_LEN]
            .into_boxed_slice()
            .try_into()
            .expect("the vector has the array's length");
        let mut log: Box<[u32; 1 << 16]> = vec![0u32; 1 << 16]
            .into_boxed_slice()
            .try_into()
            .expect("the vector has the array's length");
        let base = 2 * BIAS as usize;
        for (i, power) in exp[base..].iter_mut().enumerate() {
            // h^i = g^(m·i).
            *power = powers[(m as usize * i) % ORDER16 as usize];
        }
        for i in 0..ORDER16 {
            log[exp[base + i as usize] as usize] = BIAS + i;
        }
        debug_assert_eq!(log[1 << 15], BIAS + LOG_HALF);
        Tables { log, exp }
    }

    /// `x ⊗ y ⊗ (2^15)^j` from the stored logarithms of `x` and `y`, with
    /// `offset = j·LOG_HALF`; 0 when either is 0 (see [`BIAS`]).
    #[inline(always)]
    fn power(&self, log_x: u32, log_y: u32, offset: u32) -> u16 {
        self.exp[(log_x + log_y + offset) as usize]
    }

    /// The stored logarithms of the nine 16-bit pieces of `a` that two
    /// levels of Karatsuba multiply. With `a = a₃a₂a₁a₀` in 16-bit limbs,
    /// `aL = a₁a₀`, `aH = a₃a₂`: the pieces of `aL` are `a₀, a₁, a₀ ⊕ a₁`;
    /// of `aH`, `a₂, a₃, a₂ ⊕ a₃`; of `aL ⊕ aH`, `a₀ ⊕ a₂, a₁ ⊕ a₃` and their
    /// sum.
    #[inline(always)]
    fn pieces(&self, a: u64) -> [u32; 9] {
        let (a0, a1, a2, a3) = (
            a as u16,
            (a >> 16) as u16,
            (a >> 32) as u16,
            (a >> 48) as u16,
        );
        [
            a0,
            a1,
            a0 ^ a1,
            a2,
            a3,
            a2 ^ a3,
            a0 ^ a2,
            a1 ^ a3,
            a0 ^ a1 ^ a2 ^ a3,
        ]
        .map(|x| self.log[x as usize])
    }

    /// The 64-bit product; see the module documentation for the formulas.
    #[inline]
    fn mul64(&self, a: u64, b: u64) -> u64 {
        let (la, lb) = (self.pieces(a), self.pieces(b));
        let t = |i: usize, offset: u32| self.power(la[i], lb[i], offset);
        let (h, h2) = (LOG_HALF, 2 * LOG_HALF);
        // A 32-bit product x ⊗ y from its pieces i, i+1, i+2 (x₀y₀, x₁y₁,
        // (x₀⊕x₁)(y₀⊕y₁)): high half q₂ ⊕ q₀, low half q₀ ⊕ q₁ ⊗ 2^15.
        let product32 = |i: usize| -> u32 {
            let q0 = t(i, 0);
            (u32::from(t(i + 2, 0) ^ q0) << 16) | u32::from(q0 ^ t(i + 1, h))
        };
        let p0 = product32(0);
        let p2 = product32(6);
        // The high product P₁ = aH ⊗ bH is only needed times F/2 = 2^31.
        // For c = c₁·2^16 ⊕ c₀, c ⊗ 2^31 = ((c₁ ⊕ c₀) ⊗ 2^15)·2^16 ⊕ c₁ ⊗ 2^15 ⊗ 2^15,
        // since 2^31 = 2^16 ⊗ 2^15 and 2^16 ⊗ 2^16 = 2^16 ⊕ 2^15. With
        // c₁ = q₂ ⊕ q₀ and c₀ = q₀ ⊕ q₁ ⊗ 2^15 this is four terms.
        let high = t(5, h) ^ t(4, h2);
        let low = t(5, h2) ^ t(3, h2);
        let p1_half = (u32::from(high) << 16) | u32::from(low);
        (u64::from(p2 ^ p0) << 32) | u64::from(p0 ^ p1_half)
    }

    /// The 16-bit product `x ⊗ y ⊗ (2^15)^j`, with `offset = j·LOG_HALF`.
    fn mul16(&self, x: u16, y: u16, offset: u32) -> u16 {
        self.power(self.log[x as usize], self.log[y as usize], offset)
    }

    /// The 32-bit product (one level of Karatsuba over [`Tables::mul16`]).
    fn mul32(&self, x: u32, y: u32) -> u32 {
        let (x0, x1, y0, y1) = (x as u16, (x >> 16) as u16, y as u16, (y >> 16) as u16);
        let q0 = self.mul16(x0, y0, 0);
        let q1h = self.mul16(x1, y1, LOG_HALF);
        let q2 = self.mul16(x0 ^ x1, y0 ^ y1, 0);
        (u32::from(q2 ^ q0) << 16) | u32::from(q0 ^ q1h)
    }

    /// `c ⊗ 2^31` for a 32-bit `c`.
    fn mul32_half(&self, c: u32) -> u32 {
        let (c0, c1) = (c as u16, (c >> 16) as u16);
        let high = self.mul16(c1 ^ c0, 1, LOG_HALF);
        let low = self.mul16(c1, 1, 2 * LOG_HALF);
        (u32::from(high) << 16) | u32::from(low)
    }

    /// The inverse of a non-zero 16-bit nimber: `g^(65535 - log x)`.
    fn inv16(&self, x: u16) -> u16 {
        debug_assert!(x != 0);
        let log_x = self.log[x as usize] - BIAS;
        self.exp[(2 * BIAS + ORDER16 - log_x) as usize]
    }

    /// The inverse of a non-zero 32-bit nimber, by the norm to GF(2^16).
    fn inv32(&self, x: u32) -> u32 {
        let (x0, x1) = (x as u16, (x >> 16) as u16);
        let norm = self.mul16(x1, x1, LOG_HALF) ^ self.mul16(x0, x0, 0) ^ self.mul16(x0, x1, 0);
        let norm_inv = self.inv16(norm);
        (u32::from(self.mul16(x1, norm_inv, 0)) << 16) | u32::from(self.mul16(x0 ^ x1, norm_inv, 0))
    }

    /// The inverse of a non-zero 64-bit nimber, by the norm to GF(2^32).
    fn inv64(&self, a: u64) -> u64 {
        let (a0, a1) = (a as u32, (a >> 32) as u32);
        let norm = self.mul32_half(self.mul32(a1, a1)) ^ self.mul32(a0, a0) ^ self.mul32(a0, a1);
        let norm_inv = self.inv32(norm);
        (u64::from(self.mul32(a1, norm_inv)) << 32) | u64::from(self.mul32(a0 ^ a1, norm_inv))
    }
}

/// The greatest common divisor (Euclid).
fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The nim-product of two nimbers below `2^bits` (`bits` a power of two,
/// at most 64) by the plain Fermat-2-power recursion, with no tables.
///
/// It is the reference the tables are built from, and the baseline the
/// fast product is tested against; it costs `4^log₂(bits)` one-bit products
/// (4096 for 64 bits), because the product by `F/2` is itself a full
/// recursive product.
fn mul_recursive(a: u64, b: u64, bits: u32) -> u64 {
    if bits == 1 {
        return a & b;
    }
    let half = bits / 2;
    let mask = (1u64 << half) - 1;
    let (a0, a1, b0, b1) = (a & mask, a >> half, b & mask, b >> half);
    let low = mul_recursive(a0, b0, half);
    let high = mul_recursive(a1, b1, half);
    let cross = mul_recursive(a0 ^ a1, b0 ^ b1, half);
    ((cross ^ low) << half) | (low ^ mul_recursive(high, 1 << (half - 1), half))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn nim(n: u64) -> Nimber {
        Nimber(n)
    }

    /// The nim-product table for `a, b < n` straight from Conway's
    /// definition `a ⊗ b = mex{a' ⊗ b ⊕ a ⊗ b' ⊕ a' ⊗ b' : a' < a, b' < b}`,
    /// filled in increasing order so every option is known.
    fn products_by_definition(n: usize) -> Vec<Vec<u64>> {
        let mut table = vec![vec![0u64; n]; n];
        let mut seen = vec![false; n * n + 1];
        for a in 0..n {
            for b in 0..n {
                seen.iter_mut().for_each(|s| *s = false);
                for a2 in 0..a {
                    for b2 in 0..b {
                        let v = table[a2][b] ^ table[a][b2] ^ table[a2][b2];
                        if let Some(s) = seen.get_mut(v as usize) {
                            *s = true;
                        }
                    }
                }
                table[a][b] = seen.iter().position(|&s| !s).unwrap() as u64;
            }
        }
        table
    }

    #[test]
    fn agrees_with_the_definition_below_64() {
        let table = products_by_definition(64);
        for a in 0..64u64 {
            for b in 0..64u64 {
                let expected = table[a as usize][b as usize];
                assert_eq!(nim(a) * nim(b), nim(expected), "{a} ⊗ {b}");
                assert_eq!(mul_recursive(a, b, 64), expected, "{a} ⊗ {b} (recursive)");
            }
        }
    }

    #[test]
    fn agrees_with_the_recursion_on_all_bytes() {
        for a in 0..256u64 {
            for b in 0..256u64 {
                assert_eq!((nim(a) * nim(b)).0, mul_recursive(a, b, 8), "{a} ⊗ {b}");
            }
        }
    }

    #[test]
    fn agrees_with_the_recursion_on_all_pairs_below_2_to_the_10() {
        // Every 16-bit piece but the lowest is zero, and the lowest runs
        // through the first 1024 nimbers: the biased zero logarithm meets
        // every kind of partner.
        for a in 0..1u64 << 10 {
            for b in 0..1u64 << 10 {
                assert_eq!((nim(a) * nim(b)).0, mul_recursive(a, b, 16), "{a} ⊗ {b}");
            }
        }
    }

    #[test]
    fn the_product_by_half_a_fermat_power_is_a_shift_of_the_logarithm() {
        // The tables rest on g^LOG_HALF = 2^15 for their generator g.
        let t = tables();
        assert_eq!(t.log[1 << 15], BIAS + LOG_HALF);
        assert_eq!(t.exp[2 * BIAS as usize], 1);
        let g = t.exp[2 * BIAS as usize + 1];
        let cube = mul_recursive(mul_recursive(g.into(), g.into(), 16), g.into(), 16);
        assert_eq!(cube, 1 << 15);
        // And g generates: its powers up to 65535 are all distinct.
        let mut seen = vec![false; 1 << 16];
        for i in 0..ORDER16 as usize {
            let x = t.exp[2 * BIAS as usize + i];
            assert!(!seen[x as usize], "g^{i} repeats");
            seen[x as usize] = true;
        }
    }

    #[test]
    fn known_small_products() {
        // Conway, ONAG ch. 6, and the table in Winning Ways, p. 443.
        assert_eq!(nim(2) * nim(2), nim(3));
        assert_eq!(nim(2) * nim(3), nim(1));
        assert_eq!(nim(4) * nim(4), nim(6));
        assert_eq!(nim(8) * nim(8), nim(13));
        assert_eq!(nim(16) * nim(16), nim(24));
        // Distinct Fermat 2-powers multiply as ordinary numbers.
        assert_eq!(nim(2) * nim(4), nim(8));
        assert_eq!(nim(4) * nim(16) * nim(256), nim(1 << 14));
        assert_eq!(nim(1 << 16) * nim(1 << 32), nim(1 << 48));
    }

    #[test]
    fn fermat_two_powers_square_to_their_sesquimultiple() {
        for k in 0..6 {
            let f = 1u64 << (1 << k);
            assert_eq!(nim(f) * nim(f), nim(3 * f / 2), "F = 2^{}", 1 << k);
            // And x ⊗ F = x·F for every x below F (checked on a few x).
            for x in [1, 2, 3, f / 2, f - 1].into_iter().filter(|&x| x < f) {
                assert_eq!(nim(x) * nim(f), nim(x * f));
            }
        }
    }

    /// OEIS A051775, the nim-multiplication table read by antidiagonals
    /// (T(n, d - n) for n = 0..=d, d = 0, 1, 2, ...), its first 83 terms.
    const A051775: [u64; 83] = [
        0, 0, 0, 0, 1, 0, 0, 2, 2, 0, 0, 3, 3, 3, 0, 0, 4, 1, 1, 4, 0, 0, 5, 8, 2, 8, 5, 0, 0, 6,
        10, 12, 12, 10, 6, 0, 0, 7, 11, 15, 6, 15, 11, 7, 0, 0, 8, 9, 13, 2, 2, 13, 9, 8, 0, 0, 9,
        12, 14, 14, 7, 14, 14, 12, 9, 0, 0, 10, 14, 4, 10, 8, 8, 10, 4, 14, 10, 0, 0, 11, 15, 7,
        11,
    ];

    #[test]
    fn agrees_with_oeis_a051775() {
        let cells = (0u64..).flat_map(|d| (0..=d).map(move |n| (n, d - n)));
        for ((n, m), &expected) in cells.zip(A051775.iter()) {
            assert_eq!(nim(n) * nim(m), nim(expected), "T({n}, {m})");
        }
    }

    /// OEIS A051917, the nim-inverse of n for n = 1, 2, ...
    const A051917: [u64; 59] = [
        1, 3, 2, 15, 12, 9, 11, 10, 6, 8, 7, 5, 14, 13, 4, 170, 160, 109, 107, 131, 139, 116, 115,
        228, 234, 92, 89, 73, 77, 220, 209, 85, 214, 80, 219, 199, 179, 203, 184, 66, 226, 70, 236,
        156, 247, 149, 248, 255, 182, 189, 240, 120, 164, 174, 127, 142, 100, 98, 134,
    ];

    /// OEIS A006042, the nim-square of n for n = 0, 1, ...
    const A006042: [u64; 72] = [
        0, 1, 3, 2, 6, 7, 5, 4, 13, 12, 14, 15, 11, 10, 8, 9, 24, 25, 27, 26, 30, 31, 29, 28, 21,
        20, 22, 23, 19, 18, 16, 17, 52, 53, 55, 54, 50, 51, 49, 48, 57, 56, 58, 59, 63, 62, 60, 61,
        44, 45, 47, 46, 42, 43, 41, 40, 33, 32, 34, 35, 39, 38, 36, 37, 103, 102, 100, 101, 97, 96,
        98, 99,
    ];

    #[test]
    fn inverses_agree_with_oeis_a051917() {
        for (n, &expected) in (1u64..).zip(A051917.iter()) {
            assert_eq!(nim(n).inverse(), Some(nim(expected)), "1/{n}");
        }
    }

    #[test]
    fn squares_agree_with_oeis_a006042() {
        for (n, &expected) in (0u64..).zip(A006042.iter()) {
            assert_eq!(nim(n).square(), nim(expected), "{n}²");
            assert_eq!(nim(expected).sqrt(), nim(n), "√{expected}");
        }
    }

    #[test]
    fn zero_has_no_inverse_and_division_by_zero_is_checked() {
        assert_eq!(Nimber::ZERO.inverse(), None);
        assert_eq!(nim(7).checked_div(Nimber::ZERO), None);
        assert_eq!(Nimber::ZERO.checked_div(nim(7)), Some(Nimber::ZERO));
    }

    #[test]
    fn inverses_of_every_16_bit_nimber() {
        for x in 1..1u64 << 16 {
            assert_eq!(nim(x) * nim(x).inverse().unwrap(), Nimber::ONE, "{x}");
        }
    }

    #[test]
    fn iterators_and_conversions() {
        let values = [nim(3), nim(6), nim(9)];
        assert_eq!(values.iter().sum::<Nimber>(), nim(12));
        assert_eq!(values.into_iter().sum::<Nimber>(), nim(12));
        let expected = nim(3) * nim(6) * nim(9);
        assert_eq!(values.iter().product::<Nimber>(), expected);
        assert_eq!(values.into_iter().product::<Nimber>(), expected);
        assert_eq!(
            std::iter::empty::<Nimber>().product::<Nimber>(),
            Nimber::ONE
        );
        assert_eq!(Nimber::from(5u64), nim(5));
        assert_eq!(u64::from(nim(5)), 5);
        assert_eq!(nim(5).to_string(), "*5");
        assert_eq!(-nim(5), nim(5));
        assert_eq!(nim(5) - nim(3), nim(6));
        let mut x = nim(5);
        x -= nim(3);
        x *= nim(2);
        x /= nim(2);
        assert_eq!(x, nim(6));
    }

    #[test]
    #[should_panic(expected = "division by *0")]
    fn the_div_operator_panics_on_zero_like_integer_division() {
        let _ = nim(1) / Nimber::ZERO;
    }

    proptest! {
        #[test]
        fn fast_product_agrees_with_the_recursion(a: u64, b: u64) {
            prop_assert_eq!((nim(a) * nim(b)).0, mul_recursive(a, b, 64));
        }

        #[test]
        fn fast_product_agrees_with_the_recursion_on_sparse_inputs(
            a in any::<u64>(), b in any::<u64>(), ma in any::<u64>(), mb in any::<u64>()
        ) {
            // Random masks give many zero 16-bit pieces, which the fast
            // product handles separately.
            let (a, b) = (a & ma & (ma >> 7), b & mb & (mb << 5));
            prop_assert_eq!((nim(a) * nim(b)).0, mul_recursive(a, b, 64));
        }

        #[test]
        fn multiplication_is_commutative_and_associative(a: u64, b: u64, c: u64) {
            let (a, b, c) = (nim(a), nim(b), nim(c));
            prop_assert_eq!(a * b, b * a);
            prop_assert_eq!((a * b) * c, a * (b * c));
        }

        #[test]
        fn multiplication_distributes_over_nim_addition(a: u64, b: u64, c: u64) {
            let (a, b, c) = (nim(a), nim(b), nim(c));
            prop_assert_eq!(a * (b + c), a * b + a * c);
        }

        #[test]
        fn identities_and_inverses(a: u64, b: u64) {
            let (a, b) = (nim(a), nim(b));
            prop_assert_eq!(a * Nimber::ONE, a);
            prop_assert_eq!(a * Nimber::ZERO, Nimber::ZERO);
            prop_assert_eq!(a + Nimber::ZERO, a);
            prop_assert_eq!(a + a, Nimber::ZERO);
            if a != Nimber::ZERO {
                let inv = a.inverse().unwrap();
                prop_assert_eq!(a * inv, Nimber::ONE);
                prop_assert_eq!(inv.inverse(), Some(a));
                prop_assert_eq!((b / a) * a, b);
                prop_assert_eq!(inv, a.pow(u64::MAX - 1));
            }
        }

        #[test]
        fn powers_add_exponents_and_squaring_is_additive(a: u64, b: u64, m in 0u64..1000, n in 0u64..1000) {
            let (a, b) = (nim(a), nim(b));
            prop_assert_eq!(a.pow(m + n), a.pow(m) * a.pow(n));
            prop_assert_eq!((a + b).square(), a.square() + b.square());
            prop_assert_eq!(a.sqrt().square(), a);
        }

        #[test]
        fn nimbers_below_a_fermat_power_form_a_subfield(a: u64, b: u64, k in 0u32..6) {
            let bits = 1u32 << k;
            let mask = (1u64 << bits) - 1;
            let (a, b) = (nim(a & mask), nim(b & mask));
            prop_assert!((a * b).0 <= mask);
            if let Some(inv) = a.inverse() {
                prop_assert!(inv.0 <= mask);
            }
            prop_assert_eq!((a * b).0, mul_recursive(a.0, b.0, bits));
        }
    }
}
