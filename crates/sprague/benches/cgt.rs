//! Canonical forms: the value of a sum of partizan games computed from the
//! moves by the canonical-form engine (each component once, then sums of
//! canonical forms), against the direct search of the whole sum for the
//! outcome only (`SumSearch`, the state being the multiset of all
//! components), on sums of cutting-game bars (Cutcake) and of unfair heaps.
//! The cutting game's closed form is timed beside them.

use std::hint::black_box;
use std::sync::Arc;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion};
use sprague::{
    Budget, CanonicalSolver, Component, Key, Kind, Move, Outcome, Partizan, Play, Position, Side,
    SolveError, SumSearch,
};

/// A bar of the cutting game without the closed form: its value can only
/// come from its moves.
#[derive(Debug)]
struct Bar {
    x: u64,
    y: u64,
}

impl Component for Bar {
    fn ruleset(&self) -> String {
        "bar".to_string()
    }
    fn args(&self) -> String {
        format!("{}, {}", self.x, self.y)
    }
    fn is_heap(&self) -> bool {
        false
    }
    fn key(&self) -> Key {
        Key::new("bar", [self.x, self.y])
    }
    fn kind(&self) -> Kind<'_> {
        Kind::Partizan(self)
    }
}

impl Partizan for Bar {
    fn moves(&self, side: Side, _: &Budget) -> Result<Vec<Move>, SolveError> {
        let split = |a: u64, b: u64| -> Vec<Arc<dyn Component>> {
            match side {
                Side::Left => vec![
                    Arc::new(Bar { x: a, y: self.y }),
                    Arc::new(Bar { x: b, y: self.y }),
                ],
                Side::Right => vec![
                    Arc::new(Bar { x: self.x, y: a }),
                    Arc::new(Bar { x: self.x, y: b }),
                ],
            }
        };
        let side_length = if side == Side::Left { self.x } else { self.y };
        Ok((1..side_length)
            .map(|a| Move::to_sum("cut", split(a, side_length - a)))
            .collect())
    }
}

/// The value (as `analyze` writes it: whole, up to a character for each
/// position of the budget, `value_chars`; `None` beyond) and the outcome
/// class. Writing a hot sum's value whole is part of the cost: 1.5 million
/// characters for `unfair[3,2](6, 7, 8)`.
fn canonical_outcome(components: &[Arc<dyn Component>]) -> (Option<String>, Outcome) {
    let mut solver = CanonicalSolver::new(Budget::DEFAULT);
    let g = solver.sum(components).unwrap();
    let value = solver
        .arena
        .display_at_most(g, sprague::value_chars(&Budget::DEFAULT))
        .unwrap();
    (value, solver.arena.outcome(g).unwrap())
}

fn searched_outcome(components: &[Arc<dyn Component>]) -> Outcome {
    let mut search = SumSearch::new(Play::Normal, Budget::DEFAULT);
    let left = search.wins(components, Side::Left).unwrap();
    let right = search.wins(components, Side::Right).unwrap();
    Outcome::from_partizan(left, right)
}

pub fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("canonical");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2));
    let cases: [(&str, &[(u64, u64)]); 3] = [
        ("cut 3 bars", &[(4, 3), (3, 5), (2, 3)]),
        ("cut 4 bars", &[(4, 3), (3, 5), (2, 3), (5, 2)]),
        ("cut 5 bars", &[(4, 3), (3, 5), (2, 3), (5, 2), (3, 3)]),
    ];
    for (name, bars) in cases {
        let generic: Vec<Arc<dyn Component>> = bars
            .iter()
            .map(|&(x, y)| Arc::new(Bar { x, y }) as Arc<dyn Component>)
            .collect();
        let text: Vec<String> = bars.iter().map(|(x, y)| format!("cut({x}, {y})")).collect();
        let closed = Position::parse(&text.join(" + ")).unwrap();
        // All three must agree before any is timed.
        let (value, outcome) = canonical_outcome(&generic);
        let expected: i64 = bars
            .iter()
            .map(|&(x, y)| sprague::rulesets::cut_value(x, y).unwrap())
            .sum();
        assert_eq!(value, Some(expected.to_string()));
        assert_eq!(
            canonical_outcome(closed.components()),
            (value.clone(), outcome)
        );
        // The search of five bars takes about 40 s: it is timed up to four.
        let search = bars.len() <= 4;
        if search {
            assert_eq!(searched_outcome(&generic), outcome);
        }
        group.bench_with_input(
            BenchmarkId::new("canonical from moves", name),
            &(),
            |b, _| b.iter(|| assert_eq!(black_box(canonical_outcome(&generic)).1, outcome)),
        );
        if search {
            group.bench_with_input(BenchmarkId::new("partizan search", name), &(), |b, _| {
                b.iter(|| assert_eq!(black_box(searched_outcome(&generic)), outcome))
            });
        }
        group.bench_with_input(BenchmarkId::new("closed form", name), &(), |b, _| {
            b.iter(|| assert_eq!(black_box(canonical_outcome(closed.components())).1, outcome))
        });
    }
    for heaps in ["6, 7", "6, 7, 8"] {
        let p = Position::parse(&format!("unfair[3,2]({heaps})")).unwrap();
        let (_, outcome) = canonical_outcome(p.components());
        assert_eq!(searched_outcome(p.components()), outcome);
        group.bench_with_input(
            BenchmarkId::new("canonical from moves", heaps),
            &(),
            |b, _| b.iter(|| assert_eq!(black_box(canonical_outcome(p.components())).1, outcome)),
        );
        group.bench_with_input(BenchmarkId::new("partizan search", heaps), &(), |b, _| {
            b.iter(|| assert_eq!(black_box(searched_outcome(p.components())), outcome))
        });
    }
    group.finish();
}
