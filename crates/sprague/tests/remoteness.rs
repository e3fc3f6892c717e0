//! Remoteness and the engine's choice of move, against the definition:
//! a position with no move has remoteness 0 (lost under normal play, won
//! under misère play); a won position's remoteness is one more than the
//! least remoteness of its options lost for the opponent, a lost one's one
//! more than the greatest remoteness of its options (Smith; Winning Ways,
//! ch. 9). The reference below is a plain recursion over the library's one
//! move list, sharing no code with the search.

use std::collections::HashMap;

use sprague::{Budget, Play, Position, ReplyReason, Side, moves, remoteness, reply};

/// (whether `side` moving first wins, remoteness), by the definition.
fn naive(
    position: &Position,
    play: Play,
    side: Side,
    memo: &mut HashMap<(String, Play, Side), (bool, u32)>,
) -> (bool, u32) {
    let key = (position.to_string(), play, side);
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let options = moves(position, side, usize::MAX, &Budget::DEFAULT).unwrap();
    assert!(options.complete);
    let result = if options.moves.is_empty() {
        (play == Play::Misere, 0)
    } else {
        let after: Vec<(bool, u32)> = options
            .moves
            .iter()
            .map(|m| naive(&m.to, play, side.other(), memo))
            .collect();
        match after.iter().filter(|(won, _)| !won).map(|(_, r)| r).min() {
            Some(r) => (true, r + 1),
            None => (false, after.iter().map(|(_, r)| r).max().unwrap() + 1),
        }
    };
    memo.insert(key, result);
    result
}

/// Small positions of every kind the search covers: impartial sums under
/// both conventions, and partizan sums.
fn positions() -> Vec<(String, Play)> {
    let mut list = Vec::new();
    for a in 0..=4 {
        for b in a..=4 {
            for c in b..=4 {
                for play in [Play::Normal, Play::Misere] {
                    list.push((format!("nim({a}, {b}, {c})"), play));
                }
            }
            list.push((
                format!("subtraction[1,3](5, {a}) + kayles({b})"),
                Play::Misere,
            ));
            list.push((format!("kayles({a}) + dawson({b})"), Play::Normal));
        }
    }
    for g in ["LR", "LLR", "RL", "LRL"] {
        for h in [
            "cut(2, 3)",
            "cut(1, 4)",
            "hackenbush(\"RRL\")",
            "domineering(\"...|..#\")",
        ] {
            list.push((format!("hackenbush(\"{g}\") + {h}"), Play::Normal));
        }
    }
    list
}

#[test]
fn remoteness_agrees_with_the_definition() {
    let mut memo = HashMap::new();
    for (text, play) in positions() {
        let p = Position::parse(&text).unwrap();
        for side in [Side::Left, Side::Right] {
            let expected = naive(&p, play, side, &mut memo);
            let found = remoteness(&p, play, side, &Budget::DEFAULT);
            assert_eq!(found, Some(expected.1), "{text} {play:?} {side:?}");
        }
    }
}

#[test]
fn the_engine_wins_soonest_and_loses_latest() {
    let mut memo = HashMap::new();
    for (text, play) in positions() {
        let p = Position::parse(&text).unwrap();
        for side in [Side::Left, Side::Right] {
            let (wins, _) = naive(&p, play, side, &mut memo);
            let r = reply(&p, play, side, &Budget::DEFAULT).unwrap();
            let Some(chosen) = r.chosen else {
                assert!(
                    moves(&p, side, 1, &Budget::DEFAULT)
                        .unwrap()
                        .moves
                        .is_empty()
                );
                continue;
            };
            assert!(r.by_remoteness, "{text}");
            let options = moves(&p, side, usize::MAX, &Budget::DEFAULT).unwrap().moves;
            let after: Vec<(bool, u32)> = options
                .iter()
                .map(|m| naive(&m.to, play, side.other(), &mut memo))
                .collect();
            let chosen_after = naive(&chosen.to, play, side.other(), &mut memo);
            if wins {
                assert_eq!(r.reason, ReplyReason::Winning, "{text}");
                let quickest = after.iter().filter(|a| !a.0).map(|a| a.1).min().unwrap();
                assert_eq!(chosen_after, (false, quickest), "{text} {side:?}");
            } else {
                assert_eq!(r.reason, ReplyReason::Losing, "{text}");
                let longest = after.iter().map(|a| a.1).max().unwrap();
                assert_eq!(chosen_after.1, longest, "{text} {side:?}");
            }
        }
    }
}

#[test]
fn beyond_its_budget_remoteness_is_unknown_and_the_theory_moves() {
    // Too many sums to search within REMOTENESS_POSITIONS: no remoteness,
    // and the engine's move is the nim-sum's.
    let p = Position::parse("kayles(40, 41, 42, 43, 44)").unwrap();
    assert_eq!(
        remoteness(&p, Play::Normal, Side::Left, &Budget::DEFAULT),
        None
    );
    let r = reply(&p, Play::Normal, Side::Left, &Budget::DEFAULT).unwrap();
    assert!(!r.by_remoteness);
    assert_eq!(r.reason, ReplyReason::Winning);
}

#[test]
fn a_drawn_token_has_no_remoteness_and_a_won_one_its_retrograde_count() {
    let words = concat!(env!("CARGO_MANIFEST_DIR"), "/../../games/words.txt");
    for (vertex, expected) in [("tactic", None), ("ticket", Some(1)), ("ketchup", Some(0))] {
        let p = Position::parse(&format!("graph[\"{words}\"](\"{vertex}\")")).unwrap();
        assert_eq!(
            remoteness(&p, Play::Normal, Side::Left, &Budget::DEFAULT),
            expected,
            "{vertex}"
        );
    }
}

#[test]
fn a_position_the_search_cannot_play_has_no_remoteness_and_no_error() {
    // A Nullify matrix has infinitely many moves: its outcome comes from
    // its closed form, and its remoteness is simply unknown.
    let p = Position::parse("nullify(\"1 2 3; 4 5 6; 7 8 9\")").unwrap();
    assert!(sprague::analyze(&p, Play::Normal, false, &Budget::DEFAULT).is_ok());
    assert_eq!(
        remoteness(&p, Play::Normal, Side::Left, &Budget::DEFAULT),
        None
    );
}
