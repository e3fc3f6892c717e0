//! Nim-multiplication in GF(2^64): sprague's `Nimber * Nimber` beside the
//! methods of the fastest public solutions to the Library Checker's "Nim
//! Product (64-bit)" problem (<https://judge.yosupo.jp/problem/nim_product_64>),
//! in the same run, on the same 10^6 pseudo-random pairs of 64-bit words.
//!
//! The peers are fresh Rust versions written from a description of each
//! method, not translations; each names its source. Before anything is
//! timed, every method's product is checked against the plain Fermat-2-power
//! recursion on the first pairs and against sprague's on all of them.
//!
//! Two measures per method:
//!
//! - **throughput**: the 10^6 products are independent (their nim-sum is
//!   kept only to check the answer), so the processor overlaps them, as in
//!   the Library Checker, whose inputs are 10^6 independent products;
//! - **latency**: each product's input is the previous product (`x ←
//!   (x ⊕ aᵢ) ⊗ bᵢ`), a dependent chain, so only one product is in flight.
//!
//! Each is timed twice: by criterion's wall clock (group `nim_product_wall`)
//! and by this thread's CPU clock (group `nim_product_cpu`, [`ThreadCpuTime`]).
//! The machine is shared with other jobs, which stretch wall time whenever
//! the scheduler runs them instead of the bench; CPU time counts only the
//! time the bench's thread was running.
//!
//! Run with `scripts/nim-product-bench.sh`, which prints ns per product.

use std::hint::black_box;
use std::time::Duration;

use criterion::measurement::{Measurement, ValueFormatter};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use sprague::Nimber;

mod common;
use common::{nim_mul_recursive, random_words};

/// How many products each timed iteration computes.
const N_PRODUCTS: usize = 1_000_000;

/// How many of the pairs are also checked against the slow recursion.
const N_CHECKED: usize = 20_000;

// ---------------------------------------------------------------------------
// Peer 1: byte-pair tables
// ---------------------------------------------------------------------------

/// The byte-pair method of bqi343's USACO guide implementations
/// (`Implementations/content/combinatorial (11.2)/NimProduct.h`,
/// <https://github.com/bqi343/USACO>, verified on the Library Checker; its
/// comment reports 543 ms for 10^6 products there). Distributivity splits
/// `a = ⊕ aᵢ·2^(8i)` and `b = ⊕ bⱼ·2^(8j)` into bytes, and
/// `aᵢ·2^(8i) ⊗ bⱼ·2^(8j) = (aᵢ ⊗ bⱼ) ⊗ (2^(8i) ⊗ 2^(8j))` with `aᵢ ⊗ bⱼ < 256`
/// (the bytes are the subfield GF(2^8)). So a 256×256 byte table gives
/// `aᵢ ⊗ bⱼ`, and a table per basis product `2^(8i) ⊗ 2^(8j)` (symmetric in
/// `i, j`: 36 of them) gives its product with any byte. The two cross terms
/// of a pair `i > j` share one look-up. 64 byte look-ups (64 KiB table) and
/// 36 word look-ups (72 KiB).
struct BytePairTables {
    /// `bytes[x][y] = x ⊗ y` for `x, y < 256`.
    bytes: Box<[[u8; 256]; 256]>,
    /// `basis[i(i+1)/2 + j][x] = (2^(8i) ⊗ 2^(8j)) ⊗ x` for `j ≤ i < 8`.
    basis: Box<[[u64; 256]; 36]>,
}

impl BytePairTables {
    fn build() -> BytePairTables {
        let mut bytes = Box::new([[0u8; 256]; 256]);
        for (x, row) in bytes.iter_mut().enumerate() {
            for (y, cell) in row.iter_mut().enumerate() {
                *cell = nim_mul_recursive(x as u64, y as u64, 8) as u8;
            }
        }
        let mut basis = Box::new([[0u64; 256]; 36]);
        for i in 0..8 {
            for j in 0..=i {
                let unit = nim_mul_recursive(1 << (8 * i), 1 << (8 * j), 64);
                // The product by `unit` is linear: build it bit by bit.
                let bits: Vec<u64> = (0..8)
                    .map(|t| nim_mul_recursive(unit, 1 << t, 64))
                    .collect();
                let row = &mut basis[i * (i + 1) / 2 + j];
                for x in 1..256usize {
                    let low = x.trailing_zeros() as usize;
                    row[x] = row[x & (x - 1)] ^ bits[low];
                }
            }
        }
        BytePairTables { bytes, basis }
    }

    #[inline]
    fn mul(&self, a: u64, b: u64) -> u64 {
        let byte = |x: u64, i: usize| (x >> (8 * i)) as u8 as usize;
        let mut product = 0;
        for i in 0..8 {
            let row = i * (i + 1) / 2;
            for j in 0..i {
                let cross = self.bytes[byte(a, i)][byte(b, j)] ^ self.bytes[byte(a, j)][byte(b, i)];
                product ^= self.basis[row + j][cross as usize];
            }
            product ^= self.basis[row + i][self.bytes[byte(a, i)][byte(b, i)] as usize];
        }
        product
    }
}

// ---------------------------------------------------------------------------
// Peer 2: the same byte tables, all 64 byte pairs
// ---------------------------------------------------------------------------

/// The byte-pair method as in maspy's first library
/// (`other/nim_product.hpp`, <https://github.com/maspypy/library_old>): the
/// same decomposition as [`BytePairTables`], but one basis table per ordered
/// pair `(i, j)` (64 tables of 256 words, 128 KiB) and a byte-product table
/// of words (512 KiB), so 64 byte look-ups and 64 word look-ups.
struct AllBytePairTables {
    bytes: Box<[[u64; 256]; 256]>,
    basis: Box<[[[u64; 256]; 8]; 8]>,
}

impl AllBytePairTables {
    fn build(pairs: &BytePairTables) -> AllBytePairTables {
        let mut bytes = Box::new([[0u64; 256]; 256]);
        for (x, row) in bytes.iter_mut().enumerate() {
            for (y, cell) in row.iter_mut().enumerate() {
                *cell = u64::from(pairs.bytes[x][y]);
            }
        }
        let mut basis = Box::new([[[0u64; 256]; 8]; 8]);
        for i in 0..8 {
            for j in 0..8 {
                let (hi, lo) = (i.max(j), i.min(j));
                basis[i][j] = pairs.basis[hi * (hi + 1) / 2 + lo];
            }
        }
        AllBytePairTables { bytes, basis }
    }

    #[inline]
    fn mul(&self, a: u64, b: u64) -> u64 {
        let byte = |x: u64, i: usize| (x >> (8 * i)) as u8 as usize;
        let mut product = 0;
        for i in 0..8 {
            for j in 0..8 {
                product ^= self.basis[i][j][self.bytes[byte(a, i)][byte(b, j)] as usize];
            }
        }
        product
    }
}

// ---------------------------------------------------------------------------
// GF(2^16) logarithms for the two logarithm peers
// ---------------------------------------------------------------------------

/// A vector as a boxed array, whose length the compiler knows: a look-up by
/// an index it can bound (a `u16`, a sum of two) needs no bounds check, as
/// in the C++ originals.
fn boxed<T, const N: usize>(v: Vec<T>) -> Box<[T; N]> {
    v.into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| panic!("a table of {N} entries"))
}

/// The 16-bit nim-product by the recursion.
fn mul16(a: u16, b: u16) -> u16 {
    nim_mul_recursive(u64::from(a), u64::from(b), 16) as u16
}

/// The powers `g^0, ..., g^65534` of the least generator `g` of GF(2^16)*
/// with `g³ = 2^15`, the choice both logarithm peers make (hos's comment:
/// "G16^3 = 2^15"), so the product by `2^15` adds 3 to a logarithm.
fn powers_of_a_cube_root_of_half() -> Vec<u16> {
    let pow = |mut x: u16, mut e: u32| {
        let mut r = 1;
        while e > 0 {
            if e & 1 == 1 {
                r = mul16(r, x);
            }
            x = mul16(x, x);
            e >>= 1;
        }
        r
    };
    let generates = |g: u16| [3, 5, 17, 257].iter().all(|p| pow(g, 65_535 / p) != 1);
    let g = (2..=u16::MAX)
        .find(|&g| mul16(mul16(g, g), g) == 1 << 15 && generates(g))
        .expect("2^15 has a cube root that generates GF(2^16)*");
    let mut powers = vec![1u16; 65_535];
    for i in 1..powers.len() {
        powers[i] = mul16(powers[i - 1], g);
    }
    powers
}

// ---------------------------------------------------------------------------
// Peer 3: logarithms, Karatsuba by recursion, zero tested by a branch
// ---------------------------------------------------------------------------

/// maspy's library (`nt/nimber/nimber_impl.hpp`,
/// <https://github.com/maspypy/library>, verified on the Library Checker):
/// GF(2^16) logarithm and power tables for a generator whose cube is `2^15`,
/// and one level of Karatsuba per halving (64 → 32 → 16 bits, three
/// half-size products each). The high 32-bit product is only needed times
/// `2^31`, so it is computed as `x ⊗ y ⊗ 2^31` directly, with one extra
/// look-up pair. A 16-bit product tests its operands for zero.
struct BranchLogTables {
    /// `exp[i] = g^(i mod 65535)` for `i < 2·65535 + 7`.
    exp: Box<[u16; 2 * 65_535 + 7]>,
    /// `log[x]`, with `log[0]` unused.
    log: Box<[u16; 1 << 16]>,
}

impl BranchLogTables {
    fn build(powers: &[u16]) -> BranchLogTables {
        let exp = (0..2 * 65_535 + 7).map(|i| powers[i % 65_535]).collect();
        let mut log = vec![0u16; 1 << 16];
        for (i, &x) in powers.iter().enumerate() {
            log[x as usize] = i as u16;
        }
        BranchLogTables {
            exp: boxed(exp),
            log: boxed(log),
        }
    }

    /// `a ⊗ b ⊗ (2^15)^(offset/3)`.
    #[inline(always)]
    fn mul16(&self, a: u16, b: u16, offset: usize) -> u16 {
        if a != 0 && b != 0 {
            self.exp[self.log[a as usize] as usize + self.log[b as usize] as usize + offset]
        } else {
            0
        }
    }

    /// `a ⊗ (2^15)^(offset/3)`.
    #[inline(always)]
    fn scale16(&self, a: u16, offset: usize) -> u16 {
        if a != 0 {
            self.exp[self.log[a as usize] as usize + offset]
        } else {
            0
        }
    }

    #[inline(always)]
    fn mul32(&self, a: u32, b: u32) -> u32 {
        let (a0, a1, b0, b1) = (a as u16, (a >> 16) as u16, b as u16, (b >> 16) as u16);
        let c = self.mul16(a0, b0, 0);
        (u32::from(self.mul16(a0 ^ a1, b0 ^ b1, 0) ^ c) << 16)
            | u32::from(self.mul16(a1, b1, 3) ^ c)
    }

    /// `a ⊗ b ⊗ 2^31`.
    #[inline(always)]
    fn mul32_times_half(&self, a: u32, b: u32) -> u32 {
        let (a0, a1, b0, b1) = (a as u16, (a >> 16) as u16, b as u16, (b >> 16) as u16);
        let low = self.mul16(a0, b0, 3);
        let high = self.mul16(a1, b1, 6);
        let cross = self.mul16(a0 ^ a1, b0 ^ b1, 3);
        (u32::from(high ^ cross) << 16) | u32::from(self.scale16(cross ^ low, 3))
    }

    #[inline]
    fn mul(&self, a: u64, b: u64) -> u64 {
        let (a0, a1, b0, b1) = (a as u32, (a >> 32) as u32, b as u32, (b >> 32) as u32);
        let c = self.mul32(a0, b0);
        (u64::from(self.mul32(a0 ^ a1, b0 ^ b1) ^ c) << 32)
            | u64::from(self.mul32_times_half(a1, b1) ^ c)
    }
}

// ---------------------------------------------------------------------------
// Peer 4: logarithms, zero as a logarithm far below the table
// ---------------------------------------------------------------------------

/// hos's library Libra (`algebra/nimber.h`,
/// <https://github.com/hos-lyric/libra>): the same GF(2^16) tables and
/// Karatsuba by recursion, but no test for zero: `log 0` is a negative
/// number so large that any sum with it indexes a run of zeros before the
/// powers. The high 32-bit product is multiplied by `2^31` afterwards
/// (`x ⊗ 2^31` costs two look-up pairs).
struct SentinelLogTables {
    /// Zeros for indices below `ZERO`, then `g^(i - ZERO mod 65535)`.
    exp: Vec<u16>,
    /// `log[x]`, and `log[0] = -(65535 + 7)`.
    log: Box<[i32; 1 << 16]>,
}

/// Where `g^0` sits in [`SentinelLogTables::exp`]: below it, room for two
/// zero logarithms.
const ZERO: i32 = 2 * (65_535 + 7);

impl SentinelLogTables {
    fn build(powers: &[u16]) -> SentinelLogTables {
        let mut exp = vec![0u16; ZERO as usize];
        exp.extend((0..2 * 65_535 + 7).map(|i| powers[i % 65_535]));
        let mut log = vec![-(65_535 + 7); 1 << 16];
        for (i, &x) in powers.iter().enumerate() {
            log[x as usize] = i as i32;
        }
        SentinelLogTables {
            exp,
            log: boxed(log),
        }
    }

    #[inline(always)]
    fn at(&self, exponent: i32) -> u16 {
        self.exp[(ZERO + exponent) as usize]
    }

    #[inline(always)]
    fn log(&self, a: u16) -> i32 {
        self.log[a as usize]
    }

    #[inline(always)]
    fn mul32(&self, a: u32, b: u32) -> u32 {
        let (a0, a1, b0, b1) = (a as u16, (a >> 16) as u16, b as u16, (b >> 16) as u16);
        let c = self.at(self.log(a0) + self.log(b0));
        let cross = self.at(self.log(a0 ^ a1) + self.log(b0 ^ b1));
        (u32::from(cross ^ c) << 16) | u32::from(self.at(self.log(a1) + self.log(b1) + 3) ^ c)
    }

    /// `x ⊗ 2^31 = ((x₀ ⊕ x₁) ⊗ 2^15)·2^16 ⊕ x₁ ⊗ 2^15 ⊗ 2^15`.
    #[inline(always)]
    fn times_half(&self, x: u32) -> u32 {
        let (x0, x1) = (x as u16, (x >> 16) as u16);
        (u32::from(self.at(self.log(x0 ^ x1) + 3)) << 16) | u32::from(self.at(self.log(x1) + 6))
    }

    #[inline]
    fn mul(&self, a: u64, b: u64) -> u64 {
        let (a0, a1, b0, b1) = (a as u32, (a >> 32) as u32, b as u32, (b >> 32) as u32);
        let c = self.mul32(a0, b0);
        (u64::from(self.mul32(a0 ^ a1, b0 ^ b1) ^ c) << 32)
            | u64::from(self.times_half(self.mul32(a1, b1)) ^ c)
    }
}

// ---------------------------------------------------------------------------
// Baseline: sprague's previous product
// ---------------------------------------------------------------------------

/// sprague's product before the biased logarithms (commit 6a95ce5): the same
/// two levels of Karatsuba and 28 look-ups, but the logarithms are kept
/// below 65535 (128 KiB of `u16`) and the powers are read at
/// `(s mod 2^16) + ⌊s / 2^16⌋` (reducing modulo 65535 up to one turn), so
/// the look-ups touch 256 KiB instead of 512 KiB; in exchange each term
/// costs a fold, and zero pieces are masked out by hand. Kept as the
/// baseline the new product is measured against.
struct MaskedLogTables {
    log: Box<[u16; 1 << 16]>,
    exp: Box<[u16; 1 << 17]>,
}

/// The logarithms and mask of a 64-bit word's nine Karatsuba pieces.
struct MaskedPieces {
    log: [u32; 9],
    mask: [u16; 9],
}

impl MaskedLogTables {
    fn build(powers: &[u16]) -> MaskedLogTables {
        let mut log = vec![0u16; 1 << 16];
        for (i, &x) in powers.iter().enumerate() {
            log[x as usize] = i as u16;
        }
        let exp = (0..1 << 17).map(|i| powers[i % 65_535]).collect();
        MaskedLogTables {
            log: boxed(log),
            exp: boxed(exp),
        }
    }

    #[inline(always)]
    fn pieces(&self, a: u64) -> MaskedPieces {
        let (a0, a1, a2, a3) = (
            a as u16,
            (a >> 16) as u16,
            (a >> 32) as u16,
            (a >> 48) as u16,
        );
        let p = [
            a0,
            a1,
            a0 ^ a1,
            a2,
            a3,
            a2 ^ a3,
            a0 ^ a2,
            a1 ^ a3,
            a0 ^ a1 ^ a2 ^ a3,
        ];
        MaskedPieces {
            log: p.map(|x| u32::from(self.log[x as usize])),
            mask: p.map(|x| u16::from(x != 0).wrapping_neg()),
        }
    }

    #[inline(always)]
    fn term(&self, a: &MaskedPieces, b: &MaskedPieces, i: usize, offset: u32) -> u16 {
        let s = a.log[i] + b.log[i] + offset;
        let s = (s & 0xFFFF) + (s >> 16);
        self.exp[(s & 0x1_FFFF) as usize] & a.mask[i] & b.mask[i]
    }

    #[inline]
    fn mul(&self, a: u64, b: u64) -> u64 {
        let (pa, pb) = (self.pieces(a), self.pieces(b));
        let t = |i: usize, offset: u32| self.term(&pa, &pb, i, offset);
        let product32 = |i: usize| -> u32 {
            let q0 = t(i, 0);
            (u32::from(t(i + 2, 0) ^ q0) << 16) | u32::from(q0 ^ t(i + 1, 3))
        };
        let (p0, p2) = (product32(0), product32(6));
        let high = t(5, 3) ^ t(4, 6);
        let low = t(5, 6) ^ t(3, 6);
        let p1_half = (u32::from(high) << 16) | u32::from(low);
        (u64::from(p2 ^ p0) << 32) | u64::from(p0 ^ p1_half)
    }
}

// ---------------------------------------------------------------------------
// The bench
// ---------------------------------------------------------------------------

/// The inputs and the answers every method must reproduce.
struct Workload {
    xs: Vec<u64>,
    ys: Vec<u64>,
    /// The nim-sum of the products `xᵢ ⊗ yᵢ`.
    nim_sum: u64,
    /// The end of the chain `x ← (x ⊕ xᵢ) ⊗ yᵢ` from `x = 1`.
    chain: u64,
}

/// This thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`), as a criterion clock.
struct ThreadCpuTime;

fn thread_cpu_nanos() -> f64 {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    t.tv_sec as f64 * 1e9 + t.tv_nsec as f64
}

impl Measurement for ThreadCpuTime {
    type Intermediate = f64;
    type Value = f64;
    fn start(&self) -> f64 {
        thread_cpu_nanos()
    }
    fn end(&self, start: f64) -> f64 {
        thread_cpu_nanos() - start
    }
    fn add(&self, v1: &f64, v2: &f64) -> f64 {
        v1 + v2
    }
    fn zero(&self) -> f64 {
        0.0
    }
    fn to_f64(&self, value: &f64) -> f64 {
        *value
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        &CpuNanos
    }
}

/// Prints [`ThreadCpuTime`]'s nanoseconds with a unit that suits them.
struct CpuNanos;

impl ValueFormatter for CpuNanos {
    fn scale_values(&self, typical: f64, values: &mut [f64]) -> &'static str {
        let (divisor, unit) = match typical {
            t if t < 1e3 => (1.0, "ns (cpu)"),
            t if t < 1e6 => (1e3, "µs (cpu)"),
            t if t < 1e9 => (1e6, "ms (cpu)"),
            _ => (1e9, "s (cpu)"),
        };
        values.iter_mut().for_each(|v| *v /= divisor);
        unit
    }
    fn scale_throughputs(
        &self,
        _: f64,
        throughput: &Throughput,
        values: &mut [f64],
    ) -> &'static str {
        let per_iteration = match throughput {
            Throughput::Elements(n) | Throughput::Bytes(n) | Throughput::BytesDecimal(n) => {
                *n as f64
            }
        };
        // Millions per second of CPU time.
        values
            .iter_mut()
            .for_each(|v| *v = per_iteration * 1e3 / *v);
        "M/s (cpu)"
    }
    fn scale_for_machines(&self, _: &mut [f64]) -> &'static str {
        "ns"
    }
}

impl Workload {
    fn new(xs: Vec<u64>, ys: Vec<u64>, mul: impl Fn(u64, u64) -> u64) -> Workload {
        let nim_sum = xs.iter().zip(&ys).fold(0, |acc, (&x, &y)| acc ^ mul(x, y));
        let chain = xs.iter().zip(&ys).fold(1, |acc, (&x, &y)| mul(acc ^ x, y));
        Workload {
            xs,
            ys,
            nim_sum,
            chain,
        }
    }
}

/// Checks one method against the recursion on the first pairs and against
/// the workload's answers, then times it. Generic, so that each method is
/// inlined into its own loop, as a solution would be.
fn bench_method<T: Measurement, M: Fn(u64, u64) -> u64>(
    c: &mut Criterion<T>,
    group_name: &str,
    work: &Workload,
    name: &str,
    mul: M,
) {
    for (&x, &y) in work.xs.iter().zip(&work.ys).take(N_CHECKED) {
        assert_eq!(
            mul(x, y),
            nim_mul_recursive(x, y, 64),
            "{name}: {x:#x} ⊗ {y:#x}"
        );
    }
    let pairs = || work.xs.iter().zip(&work.ys);
    assert_eq!(
        pairs().fold(0, |acc, (&x, &y)| acc ^ mul(x, y)),
        work.nim_sum,
        "{name}"
    );
    assert_eq!(
        pairs().fold(1, |acc, (&x, &y)| mul(acc ^ x, y)),
        work.chain,
        "{name}"
    );

    let mut group = c.benchmark_group(group_name);
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4))
        .throughput(Throughput::Elements(N_PRODUCTS as u64));
    group.bench_function(BenchmarkId::new("throughput", name), |bench| {
        bench.iter(|| {
            let mut acc = 0;
            for (&x, &y) in pairs() {
                acc ^= mul(black_box(x), black_box(y));
            }
            assert_eq!(acc, work.nim_sum);
        })
    });
    group.bench_function(BenchmarkId::new("latency", name), |bench| {
        bench.iter(|| {
            let mut acc = 1;
            for (&x, &y) in pairs() {
                acc = mul(black_box(acc ^ x), y);
            }
            assert_eq!(acc, work.chain);
        })
    });
    group.finish();
}

/// All methods in one group, timed by the clock `T`.
fn nim_product<T: Measurement>(c: &mut Criterion<T>, group_name: &str) {
    let xs = random_words(N_PRODUCTS, 0x9E37_79B9_7F4A_7C15);
    let ys = random_words(N_PRODUCTS, 0xD1B5_4A32_D192_ED03);
    let sprague = |a: u64, b: u64| (Nimber(a) * Nimber(b)).value();
    let work = Workload::new(xs, ys, sprague);
    // The same number of products, but of only 16 distinct pairs (4 values
    // of x, 4 of y): the few table entries they read stay in the L1 cache,
    // so the difference from the random pairs is the cost of reaching the
    // tables in L2.
    let (xs, ys) = (0..N_PRODUCTS)
        .map(|i| (work.xs[i % 4], work.ys[(i / 4) % 4]))
        .unzip();
    let resident = Workload::new(xs, ys, sprague);

    let pairs = BytePairTables::build();
    let all_pairs = AllBytePairTables::build(&pairs);
    let powers = powers_of_a_cube_root_of_half();
    let branch = BranchLogTables::build(&powers);
    let sentinel = SentinelLogTables::build(&powers);
    let masked = MaskedLogTables::build(&powers);

    bench_method(c, group_name, &work, "sprague", sprague);
    bench_method(c, group_name, &resident, "sprague-16-pairs-in-l1", sprague);
    bench_method(c, group_name, &work, "sprague-previous", |a, b| {
        masked.mul(a, b)
    });
    bench_method(c, group_name, &work, "hos-libra-log-sentinel", |a, b| {
        sentinel.mul(a, b)
    });
    bench_method(c, group_name, &work, "maspy-log-branch", |a, b| {
        branch.mul(a, b)
    });
    bench_method(c, group_name, &work, "bqi343-byte-pairs-36", |a, b| {
        pairs.mul(a, b)
    });
    bench_method(c, group_name, &work, "maspy-old-byte-pairs-64", |a, b| {
        all_pairs.mul(a, b)
    });
}

fn wall_clock(c: &mut Criterion) {
    nim_product(c, "nim_product_wall");
}

fn cpu_clock(c: &mut Criterion<ThreadCpuTime>) {
    nim_product(c, "nim_product_cpu");
}

criterion_group!(wall, wall_clock);
criterion_group! {
    name = cpu;
    config = Criterion::default().with_measurement(ThreadCpuTime);
    targets = cpu_clock
}
criterion_main!(wall, cpu);
