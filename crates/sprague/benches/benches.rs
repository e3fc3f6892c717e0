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

mod common;
use common::{nim_mul_recursive, random_words};

mod cgt;
mod disjoint;
mod loopy;
mod misere_quotient;

// ---------------------------------------------------------------------------
// Nimber multiplication
// ---------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------
// Issue 3 rulesets (branch rulesets-a): closed forms against their baselines
// ---------------------------------------------------------------------------

/// A random tree on `n` nodes (node `i` hangs from a node before it), as
/// the edge text of `tree_staircase`, with its adjacency lists and coins.
fn random_tree(n: usize, seed: u64) -> (String, Vec<Vec<usize>>, Vec<u64>) {
    let mut x = seed;
    let mut next = || {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        x >> 33
    };
    let mut adjacent = vec![Vec::new(); n];
    let mut edges = Vec::new();
    for i in 1..n {
        let p = next() as usize % i;
        adjacent[p].push(i);
        adjacent[i].push(p);
        edges.push(format!("{}-{}", p + 1, i + 1));
    }
    let coins = (0..n).map(|_| next() % 8).collect();
    (edges.join(" "), adjacent, coins)
}

/// The baseline for every root of staircase Nim on a tree: a breadth-first
/// search from each root, then the nim-sum of the coins with `⌊depth/k⌋`
/// odd. `O(n²)`.
fn every_root_by_search(adjacent: &[Vec<usize>], coins: &[u64], k: usize) -> Vec<bool> {
    let n = adjacent.len();
    let mut depth = vec![usize::MAX; n];
    let mut queue = std::collections::VecDeque::new();
    (0..n)
        .map(|root| {
            depth.iter_mut().for_each(|d| *d = usize::MAX);
            depth[root] = 0;
            queue.push_back(root);
            let mut value = 0;
            while let Some(v) = queue.pop_front() {
                if (depth[v] / k) % 2 == 1 {
                    value ^= coins[v];
                }
                for &w in &adjacent[v] {
                    if depth[w] == usize::MAX {
                        depth[w] = depth[v] + 1;
                        queue.push_back(w);
                    }
                }
            }
            value != 0
        })
        .collect()
}

fn tree_staircase_every_root(c: &mut Criterion) {
    let mut group = c.benchmark_group("tree_staircase every root");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    let k = 3;
    for n in [1000usize, 4000] {
        let (edges, adjacent, coins) = random_tree(n, n as u64);
        let coin_text: Vec<String> = coins.iter().map(u64::to_string).collect();
        let text = format!("tree_staircase[{k}](\"{edges}\", {})", coin_text.join(", "));
        let syntax = sprague::syntax::parse_position(&text).unwrap();
        let game = sprague::rulesets::TreeStaircase::from_syntax(
            syntax.components[0].as_ruleset().unwrap(),
        )
        .unwrap();
        let fast = game
            .first_player_wins_for_every_root(&Budget::DEFAULT)
            .unwrap();
        assert_eq!(fast, every_root_by_search(&adjacent, &coins, k));
        group.bench_with_input(BenchmarkId::new("rerooting", n), &n, |b, _| {
            b.iter(|| {
                black_box(
                    game.first_player_wins_for_every_root(&Budget::DEFAULT)
                        .unwrap(),
                )
            })
        });
        group.bench_with_input(BenchmarkId::new("search per root", n), &n, |b, _| {
            b.iter(|| black_box(every_root_by_search(&adjacent, &coins, k)))
        });
    }
    group.finish();
}

/// The baseline test of a Wythoff P-position: the Zeckendorf
/// characterisation (the smaller heap's smallest Fibonacci term has an even
/// index, F_2 = 1, and the larger heap is its representation shifted up).
fn wythoff_is_p_by_zeckendorf(x: u64, y: u64) -> bool {
    let (a, b) = (x.min(y), x.max(y));
    if a == 0 {
        return b == 0;
    }
    let mut fib = vec![0u128, 1, 1];
    while *fib.last().unwrap() <= u128::from(a) {
        let k = fib.len();
        fib.push(fib[k - 1] + fib[k - 2]);
    }
    let (mut rest, mut shifted, mut smallest) = (u128::from(a), 0u128, 0);
    for i in (2..fib.len()).rev() {
        if fib[i] <= rest {
            rest -= fib[i];
            shifted += fib[i - 1] + fib[i];
            smallest = i;
        }
    }
    smallest % 2 == 0 && shifted == u128::from(b)
}

fn wythoff_and_fibonacci(c: &mut Criterion) {
    let mut group = c.benchmark_group("wythoff and fibonacci closed forms");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1));
    // (F_92, F_93): the largest consecutive Fibonacci pair below 2^64.
    let (a, b) = (7540113804746346429u64, 12200160415121876738u64);
    assert!(sprague::rulesets::wythoff_is_p(a, b));
    assert!(wythoff_is_p_by_zeckendorf(a, b));
    assert!(!sprague::rulesets::wythoff_is_p(a + 1, b));
    assert!(!wythoff_is_p_by_zeckendorf(a + 1, b));
    group.bench_function(
        "wythoff P-test at the top of u64, Beatty bisection",
        |bench| {
            bench.iter(|| black_box(sprague::rulesets::wythoff_is_p(black_box(a), black_box(b))))
        },
    );
    group.bench_function(
        "wythoff P-test at the top of u64, Zeckendorf baseline",
        |bench| bench.iter(|| black_box(wythoff_is_p_by_zeckendorf(black_box(a), black_box(b)))),
    );
    let top = sprague::Position::parse(&format!("wythoff({}, {b})", a + 1)).unwrap();
    let analysis = sprague::analyze(&top, sprague::Play::Normal, true, &Budget::DEFAULT).unwrap();
    assert_eq!(analysis.winning_moves.len(), 2);
    group.bench_function(
        "analyze wythoff at the top of u64, every winning move",
        |bench| {
            bench.iter(|| {
                black_box(
                    sprague::analyze(&top, sprague::Play::Normal, true, &Budget::DEFAULT).unwrap(),
                )
            })
        },
    );
    // Fibonacci Nim: the closed form near 2^63, and at n = 3000 against the
    // Grundy table, which is the only other way to find a winning move.
    let big = sprague::Position::parse("fibonacci(9223372036854775809)").unwrap();
    let analysis = sprague::analyze(&big, sprague::Play::Normal, false, &Budget::DEFAULT).unwrap();
    assert_eq!(
        analysis.winning_moves[0].description(),
        "take 1 from the heap of 9223372036854775809"
    );
    group.bench_function("analyze fibonacci(2^63 + 1)", |bench| {
        bench.iter(|| {
            black_box(
                sprague::analyze(&big, sprague::Play::Normal, false, &Budget::DEFAULT).unwrap(),
            )
        })
    });
    let n = 3000u64;
    let start = sprague::rulesets::FibonacciPosition { n, cap: None };
    let closed =
        sprague::Impartial::moves_to_grundy(&start, Nimber::ZERO, usize::MAX, &Budget::DEFAULT)
            .unwrap();
    let value = sprague::Impartial::grundy(&start, &Budget::DEFAULT).unwrap();
    assert_ne!(value, Nimber::ZERO);
    assert!(!closed.is_empty());
    group.bench_function("fibonacci(3000) winning moves, Zeckendorf", |bench| {
        bench.iter(|| {
            black_box(
                sprague::Impartial::moves_to_grundy(
                    &start,
                    Nimber::ZERO,
                    usize::MAX,
                    &Budget::DEFAULT,
                )
                .unwrap(),
            )
        })
    });
    group.bench_function("fibonacci(3000) value, Grundy table baseline", |bench| {
        bench.iter(|| black_box(sprague::Impartial::grundy(&start, &Budget::DEFAULT).unwrap()))
    });
    group.finish();
}

// ---------------------------------------------------------------------------
// Take-and-break games: sparse space against the plain mex method
// ---------------------------------------------------------------------------

fn octal_values(code: &str, n: usize, method: sprague::Method) -> Vec<u32> {
    let rules = sprague::TakeBreak::from_code(&sprague::OctalCode::parse(code).unwrap());
    let mut g = sprague::GrundySequence::new(rules, method);
    g.extend_to(n).unwrap();
    g.to_vec()
}

fn octal_sequences(c: &mut Criterion) {
    use sprague::Method::{Plain, SparseSpace};
    let mut group = c.benchmark_group("octal sequences");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(4));
    group.sampling_mode(SamplingMode::Flat);
    for (code, n) in [("0.6", 1 << 14), ("0.1777", 1 << 14), ("0.007", 1 << 13)] {
        // Both methods agree before anything is timed.
        assert_eq!(
            octal_values(code, n, Plain),
            octal_values(code, n, SparseSpace)
        );
        group.throughput(Throughput::Elements(n as u64 + 1));
        group.bench_function(
            BenchmarkId::new(format!("{code} sparse space"), n),
            |bench| bench.iter(|| black_box(octal_values(code, n, SparseSpace))),
        );
        group.bench_function(BenchmarkId::new(format!("{code} plain mex"), n), |bench| {
            bench.iter(|| black_box(octal_values(code, n, Plain)))
        });
    }
    // Kayles: period 12 from heap 71, proved (OEIS A002186).
    group.bench_function("kayles period proved, sparse space", |bench| {
        bench.iter(|| {
            let rules = sprague::TakeBreak::from_code(&sprague::OctalCode::parse("0.77").unwrap());
            let mut g = sprague::GrundySequence::new(rules, SparseSpace);
            let p = sprague::find_period(&mut g, 1 << 20).unwrap().unwrap();
            assert_eq!((p.preperiod, p.period, p.certified), (71, 12, true));
        })
    });
    group.finish();
}

/// The baseline for the circle game: the Grundy values of every reachable
/// point, column by column from the far side. `O(area)` = `O((d/k)²)`.
fn circle_by_table(d: u64, k: u64, x: u64, y: u64) -> u8 {
    let (d, k) = (d as i128, k as i128);
    let mut heights = Vec::new();
    loop {
        let xi = x as i128 + heights.len() as i128 * k;
        if xi * xi > d * d {
            break;
        }
        let mut top = -1i128;
        while {
            let yj = y as i128 + (top + 1) * k;
            xi * xi + yj * yj <= d * d
        } {
            top += 1;
        }
        if top < 0 {
            break;
        }
        heights.push(top as usize);
    }
    let mut next: Vec<u8> = Vec::new();
    let mut column: Vec<u8> = Vec::new();
    for &h in heights.iter().rev() {
        column.clear();
        column.resize(h + 1, 0);
        for j in (0..=h).rev() {
            let right = next.get(j).copied();
            let up = column.get(j + 1).copied().filter(|_| j < h);
            let mut g = 0u8;
            while right == Some(g) || up == Some(g) {
                g += 1;
            }
            column[j] = g;
        }
        std::mem::swap(&mut next, &mut column);
    }
    next[0]
}

fn circle_game(c: &mut Criterion) {
    let mut group = c.benchmark_group("circle");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1));
    for d in [300u64, 3000] {
        let p = sprague::rulesets::CirclePosition {
            d,
            k: 1,
            x: 0,
            y: d / 3,
        };
        let value = sprague::Impartial::grundy(&p, &Budget::DEFAULT).unwrap().0;
        assert_eq!(value, u64::from(circle_by_table(d, 1, 0, d / 3)));
        group.bench_with_input(BenchmarkId::new("closed form", d), &d, |b, _| {
            b.iter(|| black_box(sprague::Impartial::grundy(&p, &Budget::DEFAULT).unwrap()))
        });
        group.bench_with_input(BenchmarkId::new("table of the region", d), &d, |b, _| {
            b.iter(|| black_box(circle_by_table(d, 1, 0, d / 3)))
        });
    }
    let far = sprague::rulesets::CirclePosition {
        d: u64::MAX,
        k: 1,
        x: 0,
        y: u64::MAX / 3,
    };
    group.bench_function("closed form, d = 2^64 - 1", |b| {
        b.iter(|| black_box(sprague::Impartial::grundy(&far, &Budget::DEFAULT).unwrap()))
    });
    group.finish();
}

criterion_group!(
    benches,
    octal_sequences,
    nimber_multiplication,
    generic_grundy_solver,
    tree_staircase_every_root,
    wythoff_and_fibonacci,
    circle_game,
    disjoint::bench,
    misere_quotient::bench,
    cgt::bench,
    loopy::bench
);
criterion_main!(benches);
