//! Loopy partizan values: the simplest form of a sum of stoppers (the
//! product graph, then the comparison table of all pairs of vertices,
//! bypassing, deleting and fusing), beside the retrograde search of the
//! same graph for its outcome only, as the sum grows one component at a
//! time (the number of vertices is the product of the components').

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion};
use sprague::{Budget, LoopyArena, LoopyGame, parse_loopy};

/// The components, added one after another: in each, only Right's moves
/// lie on cycles, so every sum of them is a stopper.
/// (A fifth, `a{2|{1|a}, {0|a}}`, makes 2592 vertices, whose table of
/// pairs is past the default budget.)
const COMPONENTS: [&str; 4] = ["over", "a{1|{*|a}}", "{0||0|pass}", "{1/2, *|pass}"];

fn sum_of(arena: &mut LoopyArena, k: usize) -> LoopyGame {
    let budget = Budget::DEFAULT;
    let mut total: Option<LoopyGame> = None;
    for text in &COMPONENTS[..k] {
        let g = arena
            .game_of(&parse_loopy(text).expect("a value").onside)
            .expect("a game");
        total = Some(match total {
            None => g,
            Some(t) => t.sum(&g, &budget).expect("within the budget").reachable(),
        });
    }
    total.expect("one component at least")
}

pub fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("loopy_simplest_form");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(2))
        .warm_up_time(Duration::from_millis(300));
    for k in 1..=COMPONENTS.len() {
        let mut arena = LoopyArena::new(Budget::DEFAULT);
        let game = sum_of(&mut arena, k);
        assert!(game.is_stopper(), "a sum of these stoppers is a stopper");
        let vertices = game.n_vertices();
        // Check before timing: the simplest form's outcome (comparisons
        // with 0) is the retrograde search's.
        let form = arena
            .stopper(&game)
            .unwrap_or_else(|e| panic!("{vertices}: {e}"));
        assert_eq!(
            arena.outcome(&form).expect("within the budget"),
            game.outcome()
        );
        group.bench_with_input(
            BenchmarkId::new("simplest_form", vertices),
            &game,
            |b, g| {
                b.iter(|| {
                    // A fresh arena each time: no memo of earlier runs.
                    let mut arena = LoopyArena::new(Budget::DEFAULT);
                    black_box(arena.stopper(g).expect("a stopper"))
                })
            },
        );
        group.bench_with_input(
            BenchmarkId::new("retrograde_outcome", vertices),
            &game,
            |b, g| b.iter(|| black_box(g.outcome())),
        );
    }
    group.finish();
}
