//! The Sprague–Grundy theorem, tested rather than assumed: the outcome and
//! winning moves that `analyze` derives from component values agree with a
//! direct search of the whole sum as one game.

use proptest::prelude::*;
use sprague::{Budget, Outcome, Play, Position, Side, SumSearch, analyze};

/// A random small component, as text.
fn component() -> impl Strategy<Value = String> {
    prop_oneof![
        (0u64..7).prop_map(|n| format!("nim({n})")),
        (0u64..5).prop_map(|n| format!("*{n}")),
        (proptest::collection::btree_set(1u64..6, 1..4), 0u64..14).prop_map(|(set, n)| {
            let s: Vec<String> = set.iter().map(u64::to_string).collect();
            format!("subtraction[{}]({n})", s.join(","))
        }),
        (1u64..4, 0u64..4, 0u64..16)
            .prop_map(|(l, extra, n)| format!("takeaway[{l},{}]({n})", l + extra)),
    ]
}

fn sum() -> impl Strategy<Value = String> {
    proptest::collection::vec(component(), 1..4).prop_map(|parts| parts.join(" + "))
}

/// Every move of the sum, in the order the spec gives for `--all`, as
/// (component, description, position after).
fn all_moves(position: &Position) -> Vec<(usize, String, Position)> {
    let mut moves = Vec::new();
    for (i, c) in position.components().iter().enumerate() {
        for m in c.moves(&Budget::DEFAULT).unwrap() {
            moves.push((i, m.description().clone(), position.replace(i, &m.to)));
        }
    }
    moves
}

/// Checks `analyze` on the sum written `text` against a search of the whole
/// sum as one game: the outcome, and every winning move in order. Shared by
/// the tests of every ruleset family.
pub(crate) fn check(text: &str, play: Play) -> Result<(), TestCaseError> {
    let position = Position::parse(text).unwrap();
    let budget = Budget::DEFAULT;
    let analysis = analyze(&position, play, true, &budget).unwrap();
    let mut search = SumSearch::new(play, budget);
    let wins = search.wins(position.components(), Side::Left).unwrap();
    prop_assert_eq!(
        analysis.outcome,
        if wins { Outcome::N } else { Outcome::P },
        "{}",
        text
    );
    // The winning moves are exactly the moves to losing positions, in order.
    let expected: Vec<(usize, String, String)> = all_moves(&position)
        .into_iter()
        .filter(|(_, _, after)| !search.wins(after.components(), Side::Left).unwrap())
        .map(|(i, d, after)| (i, d, after.to_string()))
        .collect();
    let reported: Vec<(usize, String, String)> = analysis
        .winning_moves
        .iter()
        .map(|m| (m.component, m.description().clone(), m.to.to_string()))
        .collect();
    prop_assert_eq!(reported, expected, "{}", text);
    // The normalised text reads back as the same position.
    prop_assert_eq!(
        Position::parse(&position.to_string()).unwrap().to_string(),
        position.to_string()
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn nim_sums_agree_with_searching_the_whole_sum(text in sum()) {
        check(&text, Play::Normal)?;
    }

    #[test]
    fn misere_agrees_with_searching_the_whole_sum(text in sum()) {
        check(&text, Play::Misere)?;
    }

    #[test]
    fn misere_nim_rule_agrees_with_search(heaps in proptest::collection::vec(0u64..6, 0..5)) {
        let text = if heaps.is_empty() {
            "nim(0)".to_string()
        } else {
            let h: Vec<String> = heaps.iter().map(u64::to_string).collect();
            format!("nim({})", h.join(", "))
        };
        check(&text, Play::Misere)?;
    }

    /// The first winning move (without `--all`) is the first of all of them.
    #[test]
    fn first_winning_move_is_the_first_of_all(text in sum()) {
        let position = Position::parse(&text).unwrap();
        let first = analyze(&position, Play::Normal, false, &Budget::DEFAULT).unwrap();
        let all = analyze(&position, Play::Normal, true, &Budget::DEFAULT).unwrap();
        prop_assert_eq!(first.winning_moves.len(), all.winning_moves.len().min(1));
        if let (Some(a), Some(b)) = (first.winning_moves.first(), all.winning_moves.first()) {
            prop_assert_eq!(&a.description(), &b.description());
            prop_assert_eq!(a.component, b.component);
        }
    }
}

#[test]
fn the_empty_misere_position_is_a_win_for_the_player_to_move() {
    // Misère: who cannot move wins, so a position with no moves is N.
    let p = Position::parse("nim(0, 0)").unwrap();
    let a = analyze(&p, Play::Misere, false, &Budget::DEFAULT).unwrap();
    assert_eq!(a.outcome, Outcome::N);
    assert!(a.winning_moves.is_empty());
}

#[test]
fn huge_heaps_use_closed_forms() {
    let budget = Budget::positions(1000);
    let p = Position::parse("nim(2^63, 2^62) + subtraction[2,5](10^18) + takeaway[3,7](2^64 - 1)");
    // `2^64 - 1` is not in the language: subtraction is not an operator.
    assert!(p.is_err());
    let p = Position::parse(
        "nim(2^63, 2^62) + subtraction[2,5](10^18) + takeaway[3,7](18446744073709551615)",
    )
    .unwrap();
    let a = analyze(&p, Play::Normal, false, &budget).unwrap();
    // G for S = {2,5} is 0 0 1 1 0 2 1, repeated with period 7 from heap 0;
    // 10^6 ≡ 1 (mod 7) by Fermat, so 10^18 ≡ 1 and G(10^18) = G(1) = 0.
    // takeaway[3,7] at 2^64-1: (2^64-1) mod 10 = 5, ⌊5/3⌋ = 1.
    // Total: 2^63 ⊕ 2^62 ⊕ 0 ⊕ 1.
    let total = (1u64 << 63) ^ (1u64 << 62) ^ 1;
    assert_eq!(a.grundy().unwrap().0, total);
    // The first heap moves to 2^63 ⊕ total = 2^62 + 1.
    let taken = (1u64 << 63) - ((1u64 << 62) + 1);
    assert_eq!(
        a.winning_moves[0].description(),
        format!("take {taken} from the heap of {}", 1u64 << 63)
    );
}

#[test]
fn a_budget_too_small_for_a_misere_search_is_a_typed_error() {
    let p = Position::parse("subtraction[1,3](40, 41, 42, 43)").unwrap();
    let e = analyze(&p, Play::Misere, false, &Budget::positions(50)).unwrap_err();
    assert_eq!(e, sprague::SolveError::BudgetExceeded { limit: 50 });
}

#[test]
fn a_time_limit_stops_a_long_search_with_a_typed_error() {
    // A misère sum of four Dawson's Kayles rows is searched whole: tens of
    // millions of positions, far beyond a tenth of a second.
    let p = Position::parse("dawson(40, 41, 42, 43)").unwrap();
    let limit = std::time::Duration::from_millis(100);
    let budget = Budget::positions(u64::MAX).with_time_limit(limit);
    let start = std::time::Instant::now();
    let e = analyze(&p, Play::Misere, false, &budget).unwrap_err();
    assert_eq!(e, sprague::SolveError::TimeLimit { millis: 100 });
    assert_eq!(e.to_string(), "time limit reached: no answer within 100 ms");
    // It stopped soon after the limit, not when the search would have ended.
    assert!(
        start.elapsed() < std::time::Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn no_time_limit_and_a_generous_one_give_the_same_answer() {
    let p = Position::parse("dawson(9, 10) + subtraction[1,3](7)").unwrap();
    let plain = analyze(&p, Play::Misere, true, &Budget::DEFAULT).unwrap();
    let timed = analyze(
        &p,
        Play::Misere,
        true,
        &Budget::DEFAULT.with_time_limit(std::time::Duration::from_secs(3600)),
    )
    .unwrap();
    assert_eq!(format!("{timed:?}"), format!("{plain:?}"));
}
