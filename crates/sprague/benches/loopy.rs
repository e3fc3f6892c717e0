//! Loopy partizan values: the simplest form of a sum of stoppers (the
//! product graph, then the simplification component by component),
//! beside the retrograde search of the same graph for its outcome only, as
//! the sum grows one component at a time (the number of vertices is the
//! product of the components'); and the value of whole ruleset graphs
//! (Backsliding Toads and Frogs rows, Fox and Geese), the published ones
//! checked against their published values before timing; and the sides of
//! games that are not stopper-sided (Bach's Carousel, four random ones).

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
/// `TT....FF` (a component of 70 positions) is beyond `analyze`'s limit on
/// components (`MAX_VALUE_VERTICES`): timed to show why.
const RULESET_POSITIONS: [(&str, Option<&str>); 7] = [
    ("backsliding_toads(\"TT..F\")", None),
    ("backsliding_toads(\"TT..FF\")", None),
    ("backsliding_toads(\"TT...FF\")", None),
    ("backsliding_toads(\"TT....FF\")", None),
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

/// Each vertex's options, vertex 0 the start.
type OptionLists = &'static [&'static [u32]];

/// Games that are not stopper-sided: Bach's Carousel (CGSuite's
/// `SidedValueTestCase`, whose printed value the bench asserts) and four
/// drawn at random (7 to 9 vertices reachable, option lists as written), each of
/// whose sides is not a stopper.
const NOT_STOPPER_SIDED: [(&str, OptionLists, OptionLists); 4] = [
    (
        "random 1",
        &[
            &[8],
            &[],
            &[6, 8],
            &[1, 3],
            &[1, 7],
            &[],
            &[3, 4, 6, 8],
            &[4, 5],
            &[5],
        ],
        &[
            &[2, 8],
            &[1],
            &[1, 3, 4],
            &[2],
            &[],
            &[3, 8],
            &[3],
            &[1, 6],
            &[],
        ],
    ),
    (
        "random 2",
        &[
            &[6, 7],
            &[],
            &[],
            &[0, 8],
            &[0, 2, 5, 6],
            &[],
            &[4, 8],
            &[],
            &[7],
        ],
        &[&[0, 4], &[8], &[], &[], &[], &[3, 8], &[3], &[], &[5]],
    ),
    (
        "random 3",
        &[
            &[1, 2, 3],
            &[0, 2, 5],
            &[1],
            &[1, 7],
            &[0],
            &[3],
            &[5],
            &[2],
        ],
        &[&[6], &[2], &[5], &[], &[2], &[1], &[], &[5]],
    ),
    (
        "random 4",
        &[
            &[0, 5],
            &[],
            &[0, 3, 5],
            &[0],
            &[],
            &[],
            &[3, 4],
            &[4],
            &[6],
        ],
        &[&[6], &[], &[], &[2], &[], &[1, 5], &[8], &[3], &[]],
    ),
];

const CAROUSEL: (&str, &str) = (
    "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}",
    "a{1|1, {1*|a||*}||0} & a{0, {1|||1*|a||*}|0}",
);

/// `LoopyArena::value` of games whose sides are not stoppers.
pub fn bench_not_stopper_sided(c: &mut Criterion) {
    let mut group = c.benchmark_group("loopy_not_stopper_sided");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(2))
        .warm_up_time(Duration::from_millis(300));
    let mut arena = LoopyArena::new(Budget::DEFAULT);
    let carousel = arena
        .game_of(&parse_loopy(CAROUSEL.0).expect("a value").onside)
        .expect("a game");
    let mut games = vec![("carousel", carousel)];
    for (name, left, right) in NOT_STOPPER_SIDED {
        let lists = |l: &[&[u32]]| l.iter().map(|o| o.to_vec()).collect();
        games.push((name, LoopyGame::new(lists(left), lists(right), 0)));
    }
    for (name, game) in games {
        // Check before timing: not stopper-sided, and the outcome read off
        // the sides is the retrograde search's.
        let mut arena = LoopyArena::new(Budget::DEFAULT);
        let value = arena.value(&game).expect("a value");
        assert!(!value.is_stopper_sided(), "{name}");
        if name == "carousel" {
            assert_eq!(arena.display(&value).expect("printable"), CAROUSEL.1);
        }
        assert_eq!(
            arena.outcome_sided(&value).expect("within the budget"),
            game.outcome()
        );
        group.bench_with_input(BenchmarkId::new("value", name), &game, |b, g| {
            b.iter(|| {
                let mut arena = LoopyArena::new(Budget::DEFAULT);
                black_box(arena.value(g).expect("a value"))
            })
        });
    }
    group.finish();
}

pub fn bench(c: &mut Criterion) {
    bench_not_stopper_sided(c);
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
