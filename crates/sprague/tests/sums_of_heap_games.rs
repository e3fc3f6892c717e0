//! One-heap games (take-away, subtraction, disjoint, submask, divisor,
//! leftward, Nim) in sums: the outcome and every
//! winning move `analyze` derives from their closed forms agree with a
//! direct search of the whole sum, under normal and misère play; partizan
//! `unfair` sums agree with the partizan search.

use proptest::prelude::*;
use sprague::{Budget, Outcome, Play, Position, Side, SumSearch, analyze};

/// A random small impartial component of these rulesets (and
/// the Bash-like heaps the misère rule covers), as text.
fn component() -> impl Strategy<Value = String> {
    prop_oneof![
        (0u64..40).prop_map(|n| format!("disjoint({n})")),
        (0u64..24).prop_map(|n| format!("submask({n})")),
        (0u64..40).prop_map(|n| format!("divisor({n})")),
        proptest::collection::vec(0u64..3, 1..4).prop_map(|cells| {
            let cells: Vec<String> = cells.iter().map(u64::to_string).collect();
            format!("leftward({})", cells.join(", "))
        }),
        (1u64..4, 0u64..10).prop_map(|(m, n)| format!("subtraction[1..{m}]({n})")),
        (1u64..4, 0u64..10).prop_map(|(m, n)| format!("takeaway[1,{m}]({n})")),
        (0u64..6).prop_map(|n| format!("nim({n})")),
    ]
}

fn sum() -> impl Strategy<Value = String> {
    proptest::collection::vec(component(), 1..4).prop_map(|parts| parts.join(" + "))
}

use crate::sums::check;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn second_half_sums_agree_with_the_search(text in sum()) {
        check(&text, Play::Normal)?;
    }

    #[test]
    fn second_half_misere_sums_agree_with_the_search(text in sum()) {
        check(&text, Play::Misere)?;
    }

    #[test]
    fn unfair_sums_with_other_games_agree_with_the_partizan_search(
        p in 1u64..4,
        q in 1u64..4,
        heaps in proptest::collection::vec(0u64..7, 1..3),
        extra in component(),
    ) {
        let heaps: Vec<String> = heaps.iter().map(u64::to_string).collect();
        for text in [
            format!("unfair[{p},{q}]({})", heaps.join(", ")),
            format!("unfair[{p},{q}]({}) + {extra}", heaps.join(", ")),
        ] {
            let position = Position::parse(&text).unwrap();
            let budget = Budget::DEFAULT;
            let analysis = analyze(&position, Play::Normal, true, &budget).unwrap();
            let mut search = SumSearch::new(Play::Normal, budget);
            let left = search.wins(position.components(), Side::Left).unwrap();
            let right = search.wins(position.components(), Side::Right).unwrap();
            prop_assert_eq!(analysis.outcome, Outcome::from_partizan(left, right), "{}", text);
            // Each player's winning moves, moving first: there are some
            // exactly when that player wins moving first, and each leaves a
            // position the other, moving next, loses.
            for (side, wins) in [(Side::Left, left), (Side::Right, right)] {
                let mine = analysis.winning_moves.iter().filter(|m| m.side == Some(side));
                prop_assert_eq!(mine.clone().count() > 0, wins, "{}", text);
                for m in mine {
                    prop_assert!(!search.wins(m.to.components(), side.other()).unwrap(), "{}", text);
                }
            }
            prop_assert!(analysis.winning_moves.iter().all(|m| m.side.is_some()), "{}", text);
        }
    }
}
