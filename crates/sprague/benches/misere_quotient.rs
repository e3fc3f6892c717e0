//! Misère sums of Kayles heaps: answered by the misère quotient (computed
//! in the run, then kept with the rules) beside the whole-sum search it
//! replaces, on a sum the search can still finish.

use criterion::{BenchmarkId, Criterion};
use sprague::{Budget, Outcome, Play, Position, analyze};

fn answer(text: &str) -> sprague::Analysis {
    let p = Position::parse(text).unwrap();
    analyze(&p, Play::Misere, true, &Budget::DEFAULT).unwrap()
}

pub fn bench(c: &mut Criterion) {
    // The quotient's answer must be the search's before either is timed
    // (`+ nim(0)` adds nothing to the game but is no Kayles heap, so the
    // quotient's rule declines and the search answers).
    let small = "kayles(6, 9, 11, 13)";
    let by_quotient = answer(small);
    let by_search = answer(&format!("{small} + nim(0)"));
    assert_eq!(by_quotient.outcome, by_search.outcome);
    assert_eq!(
        by_quotient.winning_moves.len(),
        by_search.winning_moves.len()
    );
    // On the large sum, every move listed must lead to a lost sum, and a
    // won sum must list one.
    let large = "kayles(20, 31, 45, 50, 62, 70)";
    let a = answer(large);
    assert_eq!(a.outcome == Outcome::N, !a.winning_moves.is_empty());
    for m in &a.winning_moves {
        let after = analyze(&m.to, Play::Misere, false, &Budget::DEFAULT).unwrap();
        assert_eq!(after.outcome, Outcome::P, "{}", m.to);
    }

    let mut group = c.benchmark_group("misere_kayles");
    group.sample_size(10);
    group.bench_with_input(BenchmarkId::new("search", small), &small, |b, &t| {
        let text = format!("{t} + nim(0)");
        b.iter(|| answer(&text))
    });
    // Each iteration parses afresh: the quotient is computed from heap 0.
    for text in [small, large] {
        group.bench_with_input(BenchmarkId::new("quotient_cold", text), &text, |b, &t| {
            b.iter(|| answer(t))
        });
    }
    // One position analysed again and again: the quotient is kept.
    let p = Position::parse(large).unwrap();
    group.bench_with_input(BenchmarkId::new("quotient_kept", large), &p, |b, p| {
        b.iter(|| analyze(p, Play::Misere, true, &Budget::DEFAULT).unwrap())
    });
    group.finish();
}
