//! Games of several heaps or a board (Bash, Wythoff, Fibonacci Nim,
//! staircases, Moore's Nim, sequential piles, nosum, the circle game) in
//! sums: the outcome and every
//! winning move `analyze` derives from their closed forms agree with a
//! direct search of the whole sum, under normal and misère play.

use proptest::prelude::*;
use sprague::Play;

fn list(values: &[u64]) -> String {
    values
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// A random small component of one of the rulesets, as text.
fn component() -> impl Strategy<Value = String> {
    prop_oneof![
        (1u64..4, 0u64..9).prop_map(|(m, n)| format!("bash[{m}]({n})")),
        (0u64..5, 0u64..5).prop_map(|(a, b)| format!("wythoff({a}, {b})")),
        (0u64..12).prop_map(|n| format!("fibonacci({n})")),
        (0u64..10, 0u64..8).prop_map(|(n, c)| format!("fibonacci({n}, {c})")),
        proptest::collection::vec(0u64..3, 1..4)
            .prop_map(|steps| format!("staircase({})", list(&steps))),
        proptest::collection::btree_set(1u64..7, 1..4).prop_map(|cells| {
            let cells: Vec<u64> = cells.into_iter().collect();
            format!("georgia({})", list(&cells))
        }),
        (1u64..3, proptest::collection::vec(0u64..3, 1..4))
            .prop_map(|(k, heaps)| format!("moore[{k}]({})", list(&heaps))),
        (
            proptest::option::of(1u64..4),
            proptest::collection::vec(0u64..4, 1..4)
        )
            .prop_map(|(cap, piles)| match cap {
                None => format!("sequential({})", list(&piles)),
                Some(m) => format!("sequential[{m}]({})", list(&piles)),
            }),
        (2u64..5, 0u64..10, 0u64..5).prop_map(|(m, n, p)| if p == 0 || p > m {
            format!("nosum[{m}]({n})")
        } else {
            format!("nosum[{m}]({n}, {p})")
        }),
        (0u64..8, 1u64..4, 0u64..3, 0u64..3).prop_map(|(d, k, x, y)| {
            let (x, y) = if x * x + y * y <= d * d {
                (x, y)
            } else {
                (0, 0)
            };
            format!("circle[{d},{k}]({x}, {y})")
        }),
        (1u64..3, 1usize..4, proptest::collection::vec(0u64..3, 4)).prop_map(|(k, root, coins)| {
            format!(
                "tree_staircase[{k}, {root}](\"1-2 1-3 3-4\", {})",
                list(&coins)
            )
        }),
    ]
}

fn sum() -> impl Strategy<Value = String> {
    proptest::collection::vec(component(), 1..3).prop_map(|parts| parts.join(" + "))
}

use crate::sums::check;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn normal_play_agrees_with_searching_the_whole_sum(text in sum()) {
        check(&text, Play::Normal)?;
    }

    #[test]
    fn misere_play_agrees_with_searching_the_whole_sum(text in sum()) {
        check(&text, Play::Misere)?;
    }
}
