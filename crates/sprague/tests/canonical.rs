//! Canonical values in sums: for random sums of Hackenbush strings, cutting
//! game bars, unfair heaps and impartial heaps, the outcome `analyze` reads
//! off the canonical value, and every winning move it lists, agree with the
//! direct search of the whole sum (`PartizanSearch`, which knows nothing of
//! canonical forms); and the value of a sum is the sum of the values.

use proptest::prelude::*;
use sprague::{Budget, CanonicalSolver, Outcome, Play, Position, Side, SumSearch, analyze};

/// A random small partizan component, as text.
fn partizan() -> impl Strategy<Value = String> {
    prop_oneof![
        proptest::collection::vec(prop_oneof![Just('L'), Just('R')], 0..6)
            .prop_map(|e| format!("hackenbush(\"{}\")", e.into_iter().collect::<String>())),
        (1u64..5, 1u64..5).prop_map(|(x, y)| format!("cut({x}, {y})")),
        (1u64..4, 1u64..4, 0u64..7).prop_map(|(p, q, n)| format!("unfair[{p},{q}]({n})")),
    ]
}

/// A random small partizan or impartial component, as text.
fn component() -> impl Strategy<Value = String> {
    prop_oneof![
        partizan(),
        (0u64..4).prop_map(|n| format!("nim({n})")),
        (0u64..8).prop_map(|n| format!("kayles({n})")),
    ]
}

/// A sum with at least one partizan component (so that it has a value).
fn sum() -> impl Strategy<Value = String> {
    (partizan(), proptest::collection::vec(component(), 0..3)).prop_map(|(first, rest)| {
        std::iter::once(first)
            .chain(rest)
            .collect::<Vec<_>>()
            .join(" + ")
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn canonical_outcomes_and_winning_moves_agree_with_the_search(text in sum()) {
        let position = Position::parse(&text).unwrap();
        let budget = Budget::DEFAULT;
        let analysis = analyze(&position, Play::Normal, true, &budget).unwrap();
        prop_assert!(analysis.value.is_some(), "{}", text);
        let mut search = SumSearch::new(Play::Normal, budget);
        let left = search.wins(position.components(), Side::Left).unwrap();
        let right = search.wins(position.components(), Side::Right).unwrap();
        prop_assert_eq!(analysis.outcome, Outcome::from_partizan(left, right), "{}", text);
        // Every Left move to a position Right (moving next) loses, in order,
        // then every such Right move.
        let mut expected = Vec::new();
        for (side, wins) in [(Side::Left, left), (Side::Right, right)] {
            if !wins {
                continue;
            }
            for (i, c) in position.components().iter().enumerate() {
                for m in c.moves_of(side, &budget).unwrap() {
                    let after = position.replace(i, &m.to);
                    if !search.wins(after.components(), side.other()).unwrap() {
                        expected.push((Some(side), after.to_string()));
                    }
                }
            }
        }
        let found: Vec<_> = analysis.winning_moves.iter().map(|m| (m.side, m.to.to_string())).collect();
        prop_assert_eq!(found, expected, "{}", text);
    }

    #[test]
    fn the_value_of_a_sum_is_the_sum_of_the_values(a in sum(), b in sum()) {
        let budget = Budget::DEFAULT;
        let mut solver = CanonicalSolver::new(budget);
        let pa = Position::parse(&a).unwrap();
        let pb = Position::parse(&b).unwrap();
        let both = Position::parse(&format!("{a} + {b}")).unwrap();
        let ga = solver.sum(pa.components()).unwrap();
        let gb = solver.sum(pb.components()).unwrap();
        let gab = solver.sum(both.components()).unwrap();
        prop_assert_eq!(solver.arena.add(ga, gb).unwrap(), gab);
        // G - G = 0.
        let minus = solver.arena.neg(gab).unwrap();
        prop_assert_eq!(solver.arena.add(gab, minus).unwrap(), solver.arena.zero());
    }
}

#[test]
fn values_of_known_positions() {
    let budget = Budget::DEFAULT;
    for (text, value, outcome) in [
        // 3/8 - 1/2, Berlekamp's rule.
        ("hackenbush(\"LRRL\", \"RL\")", "-1/8", Outcome::R),
        // 1/2 + 1/2 = 1.
        ("hackenbush(\"LR\", \"LR\")", "1", Outcome::L),
        // A Kayles row of 1 is *, so LR + kayles(1) = 1/2*.
        ("hackenbush(\"LR\") + kayles(1)", "1/2*", Outcome::L),
        // -1 (3x5) + 0 (2x2) + 1/2.
        (
            "cut(3, 5) + cut(2, 2) + hackenbush(\"LR\")",
            "-1/2",
            Outcome::R,
        ),
        // * + * = 0.
        ("nim(1) + unfair[1,1](1)", "0", Outcome::P),
    ] {
        let p = Position::parse(text).unwrap();
        let a = analyze(&p, Play::Normal, false, &budget).unwrap();
        assert_eq!(a.value_text().as_deref(), Some(value), "{text}");
        assert_eq!(a.outcome, outcome, "{text}");
    }
}
