//! Loopy partizan values: the simplest form of a sum of stoppers (the
//! product graph, then the simplification component by component),
//! beside the retrograde search of the same graph for its outcome only, as
//! the sum grows one component at a time (the number of vertices is the
//! product of the components'); and the value of whole ruleset graphs
//! (Backsliding Toads and Frogs rows, Fox and Geese), the published ones
//! checked against their published values before timing.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion};
use sprague::{Budget, LoopyArena, LoopyGame, parse_loopy};

/// The tests' explorer of a position's whole graph.
#[path = "../tests/loopy_graph.rs"]
mod loopy_graph;
use loopy_graph::graph_of;

/// The components, added one after another: in each, only Right's moves
/// lie on cycles, so every sum of them is a stopper.
const COMPONENTS: [&str; 5] = [
    "over",
    "a{1|{*|a}}",
    "{0||0|pass}",
    "{1/2, *|pass}",
    "a{2|{1|a}, {0|a}}",
];

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

/// Ruleset positions, with CGSuite's value where it is published
/// (`tests/data/loopy/rulesets.txt` names the sources).
const RULESET_POSITIONS: [(&str, Option<&str>); 6] = [
    ("backsliding_toads(\"TT..F\")", None),
    ("backsliding_toads(\"TT..FF\")", None),
    ("backsliding_toads(\"TT...FF\")", None),
    (
        "backsliding_toads(\"TTT..FFF\")",
        Some("{on||0|-1/2} & {1/2|0||off}"),
    ),
    ("foxgeese(\"4,2 4,4 4,6\", \"1,1\")", None),
    ("foxgeese(\"4,2 4,4 4,6 4,8\", \"1,1\")", Some("{4*|7/2}")),
];

/// `LoopyArena::value` of whole ruleset graphs, from a fresh arena.
pub fn bench_rulesets(c: &mut Criterion) {
    let mut group = c.benchmark_group("loopy_ruleset_value");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(2))
        .warm_up_time(Duration::from_millis(300));
    for (position, published) in RULESET_POSITIONS {
        let game = graph_of(position);
        // Check before timing: the published value, and the outcome read
        // off the value's sides is the retrograde search's.
        let mut arena = LoopyArena::new(Budget::DEFAULT);
        let value = arena
            .value(&game)
            .unwrap_or_else(|e| panic!("{position}: {e}"));
        if let Some(text) = published {
            assert_eq!(arena.display(&value).expect("printable"), text);
        }
        assert_eq!(
            arena.outcome_sided(&value).expect("within the budget"),
            game.outcome()
        );
        let id = format!("{position} ({} positions)", game.n_vertices());
        group.bench_with_input(BenchmarkId::new("value", id), &game, |b, g| {
            b.iter(|| {
                let mut arena = LoopyArena::new(Budget::DEFAULT);
                black_box(arena.value(g).expect("a value"))
            })
        });
    }
    group.finish();
}

pub fn bench(c: &mut Criterion) {
    bench_rulesets(c);
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
