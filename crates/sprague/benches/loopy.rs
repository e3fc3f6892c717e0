//! Loopy partizan values: the simplest form of a sum of stoppers (the
//! product graph, then the simplification component by component),
//! beside the retrograde search of the same graph for its outcome only, as
//! the sum grows one component at a time (the number of vertices is the
//! product of the components'); and the value of whole ruleset graphs
//! (Backsliding Toads and Frogs rows, Fox and Geese), the published ones
//! checked against their published values before timing.

use std::collections::HashMap;
use std::hint::black_box;
use std::sync::Arc;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion};
use sprague::{Budget, Component, Key, LoopyArena, LoopyGame, Position, Side, parse_loopy};

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

/// The graph of a position: every sum reachable by moves, one vertex per
/// multiset of components (their sorted keys), the position at vertex 0.
fn graph_of(position: &str) -> LoopyGame {
    let budget = Budget::DEFAULT;
    let p = Position::parse(position).expect("a position");
    let mut index: HashMap<Vec<Key>, u32> = HashMap::new();
    let mut sums: Vec<Vec<Arc<dyn Component>>> = Vec::new();
    let mut vertex_of =
        |mut sum: Vec<Arc<dyn Component>>, sums: &mut Vec<Vec<Arc<dyn Component>>>| -> u32 {
            sum.sort_by_key(|c| c.key());
            let keys: Vec<Key> = sum.iter().map(|c| c.key()).collect();
            *index.entry(keys).or_insert_with(|| {
                sums.push(sum);
                sums.len() as u32 - 1
            })
        };
    vertex_of(p.components().to_vec(), &mut sums);
    let (mut left, mut right) = (Vec::new(), Vec::new());
    let mut i = 0;
    while i < sums.len() {
        let sum = sums[i].clone();
        let mut options = [Vec::new(), Vec::new()];
        for (j, c) in sum.iter().enumerate() {
            for (list, side) in options.iter_mut().zip([Side::Left, Side::Right]) {
                for m in c.moves_of(side, &budget).expect("moves") {
                    let mut next: Vec<Arc<dyn Component>> = sum
                        .iter()
                        .enumerate()
                        .filter(|&(x, _)| x != j)
                        .map(|(_, c)| Arc::clone(c))
                        .collect();
                    next.extend(m.to.iter().cloned());
                    list.push(vertex_of(next, &mut sums));
                }
            }
        }
        let [l, r] = options;
        left.push(l);
        right.push(r);
        i += 1;
    }
    LoopyGame::new(left, right, 0)
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
