//! Criterion benches for `sprague`. Each bench checks its answer before it
//! is timed (a fast wrong answer is worthless), and each sits beside a
//! baseline measured in the same run.
//!
//! Run with `cargo bench -p sprague --bench benches`. The machine is shared,
//! so sample counts and measurement times are kept small: the figures are
//! medians of a few seconds each, and only the ratios are meant to be read.

use std::collections::{BTreeSet, HashMap};
use std::hint::black_box;
use std::time::Duration;

use criterion::{
    BenchmarkId, Criterion, SamplingMode, Throughput, criterion_group, criterion_main,
};
use sprague::{Budget, GrundySolver, ImpartialGame, Nimber};

// ---------------------------------------------------------------------------
// Nimber multiplication
// ---------------------------------------------------------------------------

/// The baseline nim-product of two nimbers below `2^bits`: the plain
/// Fermat-2-power recursion with no tables. Splitting at `F = 2^(bits/2)`,
/// `(a₁F ⊕ a₀)(b₁F ⊕ b₀) = ((a₀⊕a₁)(b₀⊕b₁) ⊕ a₀b₀)·F ⊕ a₀b₀ ⊕ a₁b₁ ⊗ (F/2)`,
/// where every product, including the one by `F/2`, recurses; a 64-bit
/// product makes 4^6 = 4096 one-bit products.
fn nim_mul_recursive(a: u64, b: u64, bits: u32) -> u64 {
    if bits == 1 {
        return a & b;
    }
    let half = bits / 2;
    let mask = (1u64 << half) - 1;
    let (a0, a1, b0, b1) = (a & mask, a >> half, b & mask, b >> half);
    let low = nim_mul_recursive(a0, b0, half);
    let high = nim_mul_recursive(a1, b1, half);
    let cross = nim_mul_recursive(a0 ^ a1, b0 ^ b1, half);
    ((cross ^ low) << half) | (low ^ nim_mul_recursive(high, 1 << (half - 1), half))
}

/// A second, stronger table-free baseline: the same three-product
/// recursion, but the product by the constant `F/2` goes to [`nim_mul_half`],
/// which recurses three ways instead of four. Its cost for `w = 2^k` bits is
/// `3^k + k·3^(k-1)` one-bit steps (2187 for 64 bits, against 4096), growing
/// as `w^1.58·log w` instead of `w²`.
fn nim_mul_karatsuba(a: u64, b: u64, bits: u32) -> u64 {
    if bits == 1 {
        return a & b;
    }
    let half = bits / 2;
    let mask = (1u64 << half) - 1;
    let (a0, a1, b0, b1) = (a & mask, a >> half, b & mask, b >> half);
    let low = nim_mul_karatsuba(a0, b0, half);
    let high = nim_mul_karatsuba(a1, b1, half);
    let cross = nim_mul_karatsuba(a0 ^ a1, b0 ^ b1, half);
    ((cross ^ low) << half) | (low ^ nim_mul_half(high, half))
}

/// `x ⊗ 2^(bits - 1)` for `x < 2^bits`: the product by half a Fermat
/// 2-power. With `F = 2^(bits/2)`, `h = F/2` and `x = x₁F ⊕ x₀`:
/// `2^(bits-1) = F ⊗ h` and `x ⊗ F = (x₁ ⊕ x₀)·F ⊕ x₁ ⊗ h` (as `F ⊗ F = F ⊕ h`),
/// so `x ⊗ 2^(bits-1) = ((x₁ ⊕ x₀) ⊗ h)·F ⊕ (x₁ ⊗ h) ⊗ h`: three half-size
/// products by `h`, each the same problem one size down.
fn nim_mul_half(x: u64, bits: u32) -> u64 {
    if bits == 1 {
        return x;
    }
    let half = bits / 2;
    let (x0, x1) = (x & ((1u64 << half) - 1), x >> half);
    (nim_mul_half(x1 ^ x0, half) << half) | nim_mul_half(nim_mul_half(x1, half), half)
}

/// A deterministic stream of pseudo-random 64-bit words (xorshift64*), so
/// every run multiplies the same inputs.
fn random_words(n: usize, mut state: u64) -> Vec<u64> {
    (0..n)
        .map(|_| {
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            state.wrapping_mul(0x2545_F491_4F6C_DD1D)
        })
        .collect()
}

/// How many products each timed iteration computes.
const N_PRODUCTS: usize = 1024;

fn nimber_multiplication(c: &mut Criterion) {
    let mut group = c.benchmark_group("nimber multiplication");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .throughput(Throughput::Elements(N_PRODUCTS as u64));
    for bits in [8u32, 16, 32, 64] {
        let mask = if bits == 64 {
            u64::MAX
        } else {
            (1 << bits) - 1
        };
        let xs: Vec<u64> = random_words(N_PRODUCTS, 0x9E37_79B9_7F4A_7C15)
            .into_iter()
            .map(|x| x & mask)
            .collect();
        let ys: Vec<u64> = random_words(N_PRODUCTS, 0xD1B5_4A32_D192_ED03)
            .into_iter()
            .map(|y| y & mask)
            .collect();
        // Both methods must give the same product on every input pair.
        let mut expected = 0;
        for (&x, &y) in xs.iter().zip(&ys) {
            let fast = (Nimber(x) * Nimber(y)).value();
            assert_eq!(fast, nim_mul_recursive(x, y, bits), "{x:#x} ⊗ {y:#x}");
            assert_eq!(fast, nim_mul_karatsuba(x, y, bits), "{x:#x} ⊗ {y:#x}");
            expected ^= fast;
        }
        group.bench_with_input(BenchmarkId::new("fast", bits), &bits, |bench, _| {
            bench.iter(|| {
                let mut acc = 0;
                for (&x, &y) in xs.iter().zip(&ys) {
                    acc ^= (black_box(Nimber(x)) * black_box(Nimber(y))).value();
                }
                assert_eq!(acc, expected);
            })
        });
        group.bench_with_input(
            BenchmarkId::new("recursive-3way", bits),
            &bits,
            |bench, &bits| {
                bench.iter(|| {
                    let mut acc = 0;
                    for (&x, &y) in xs.iter().zip(&ys) {
                        acc ^= nim_mul_karatsuba(black_box(x), black_box(y), bits);
                    }
                    assert_eq!(acc, expected);
                })
            },
        );
        group.bench_with_input(
            BenchmarkId::new("recursive", bits),
            &bits,
            |bench, &bits| {
                bench.iter(|| {
                    let mut acc = 0;
                    for (&x, &y) in xs.iter().zip(&ys) {
                        acc ^= nim_mul_recursive(black_box(x), black_box(y), bits);
                    }
                    assert_eq!(acc, expected);
                })
            },
        );
    }
    group.finish();

    // Inverse: the norm recursion against Lagrange's a^(2^64 - 2) by
    // repeated squaring with the fast product.
    let mut group = c.benchmark_group("nimber inverse");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .throughput(Throughput::Elements(N_PRODUCTS as u64));
    let xs: Vec<Nimber> = random_words(N_PRODUCTS, 0x2545_F491_4F6C_DD1D)
        .into_iter()
        .map(|x| Nimber(x | 1))
        .collect();
    for &x in &xs {
        assert_eq!(x.inverse(), Some(x.pow(u64::MAX - 1)));
        assert_eq!(x * x.inverse().unwrap(), Nimber::ONE);
    }
    group.bench_function("norm recursion", |bench| {
        bench.iter(|| {
            for &x in &xs {
                let inv = black_box(x).inverse().unwrap();
                assert_ne!(inv, Nimber::ZERO);
            }
        })
    });
    group.bench_function("pow(2^64 - 2)", |bench| {
        bench.iter(|| {
            for &x in &xs {
                let inv = black_box(x).pow(u64::MAX - 1);
                assert_ne!(inv, Nimber::ZERO);
            }
        })
    });
    group.finish();
}

// ---------------------------------------------------------------------------
// Generic Grundy solver
// ---------------------------------------------------------------------------

/// Two heaps of the subtraction game S = {1, 2, 3} (the Bash game), played
/// as one game: a move takes 1, 2 or 3 stones from one heap. The solver is
/// not told that the position splits, so it searches the whole product
/// graph, (x+1)(y+1) positions for root (x, y). By the Sprague–Grundy
/// theorem and G(n) = n mod 4 for the Bash game, G(x, y) = (x mod 4) ⊕ (y mod 4).
#[derive(Debug)]
struct TwoBashHeaps;

impl ImpartialGame for TwoBashHeaps {
    type Position = (u32, u32);
    fn moves(&self, &(x, y): &(u32, u32), out: &mut Vec<(u32, u32)>) {
        for s in 1..=3 {
            if s <= x {
                out.push((x - s, y));
            }
            if s <= y {
                out.push((x, y - s));
            }
        }
    }
}

/// The baseline: a straightforward recursive, memoised Sprague–Grundy
/// function, with a `HashMap` for the memo and a `BTreeSet` for the mex.
fn baseline_grundy<G: ImpartialGame>(
    game: &G,
    position: &G::Position,
    memo: &mut HashMap<G::Position, u64>,
) -> u64 {
    if let Some(&g) = memo.get(position) {
        return g;
    }
    let mut options = Vec::new();
    game.moves(position, &mut options);
    let values: BTreeSet<u64> = options
        .iter()
        .map(|q| baseline_grundy(game, q, memo))
        .collect();
    let g = (0..)
        .find(|v| !values.contains(v))
        .expect("some value is missing");
    memo.insert(position.clone(), g);
    g
}

fn generic_grundy_solver(c: &mut Criterion) {
    let mut group = c.benchmark_group("generic grundy solver");
    // One iteration solves up to a million positions, so sample flat: each
    // sample is a few whole solves rather than a linear ramp of them.
    group
        .sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for n in [100u32, 300, 1000] {
        let root = (n, n - 1);
        let n_positions = u64::from(n + 1) * u64::from(n);
        let expected = Nimber(u64::from((n % 4) ^ ((n - 1) % 4)));
        // Check both solvers against the closed form, and the solver's
        // position count against the size of the product graph.
        let mut solver = GrundySolver::new(TwoBashHeaps, Budget::DEFAULT);
        assert_eq!(solver.grundy(&root).unwrap(), expected);
        assert_eq!(solver.n_positions() as u64, n_positions);
        let mut memo = HashMap::new();
        assert_eq!(
            Nimber(baseline_grundy(&TwoBashHeaps, &root, &mut memo)),
            expected
        );
        assert_eq!(memo.len() as u64, n_positions);

        group.throughput(Throughput::Elements(n_positions));
        group.bench_with_input(BenchmarkId::new("GrundySolver", n), &root, |bench, root| {
            bench.iter(|| {
                let mut solver = GrundySolver::new(TwoBashHeaps, Budget::DEFAULT);
                assert_eq!(solver.grundy(black_box(root)).unwrap(), expected);
            })
        });
        group.bench_with_input(
            BenchmarkId::new("recursive HashMap+BTreeSet", n),
            &root,
            |bench, root| {
                bench.iter(|| {
                    let mut memo = HashMap::new();
                    let g = baseline_grundy(&TwoBashHeaps, black_box(root), &mut memo);
                    assert_eq!(Nimber(g), expected);
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, nimber_multiplication, generic_grundy_solver);
criterion_main!(benches);
