//! The Grundy table of the disjoint take-away game: the recursion over the
//! highest free bit against the seed note's submask enumeration, side by
//! side at the same sizes.

use criterion::{BenchmarkId, Criterion};
use sprague::rulesets::{disjoint_grundy_table, disjoint_grundy_table_by_submasks};

pub fn bench(c: &mut Criterion) {
    // Both methods must agree before either is timed: a fast wrong table
    // is worthless.
    let check = 1 << 18;
    assert_eq!(
        disjoint_grundy_table(check),
        disjoint_grundy_table_by_submasks(check)
    );
    let mut group = c.benchmark_group("disjoint_table");
    group.sample_size(10);
    for log in [16u32, 18, 20, 22] {
        let n = 1usize << log;
        group.bench_with_input(BenchmarkId::new("highest_free_bit", n), &n, |b, &n| {
            b.iter(|| {
                let g = disjoint_grundy_table(n);
                assert_eq!(g.len(), n + 1);
                g
            })
        });
        // The note's method needs about 15 s at 2^22 per run: it is timed
        // up to 2^20, and its growth exponent is fitted on those sizes.
        if log <= 20 {
            group.bench_with_input(BenchmarkId::new("note_submasks", n), &n, |b, &n| {
                b.iter(|| {
                    let g = disjoint_grundy_table_by_submasks(n);
                    assert_eq!(g.len(), n + 1);
                    g
                })
            });
        }
    }
    group.finish();
}
