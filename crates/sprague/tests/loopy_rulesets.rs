//! Published positions of loopy partizan rulesets (Backsliding Toads and
//! Frogs, Fox and Geese): `data/loopy/rulesets.txt`, each line naming its
//! source. The outcome class comes from the retrograde search of the
//! position's graph, the value (where the graph is small enough for the
//! analysis to give one) from the value theory of loopy partizan games on
//! the same graph, printed in CGSuite's spelling (no space after a comma).

use sprague::{Budget, LoopyArena, Play, Position, Side, analyze_for, loopy_partizan_value};

use crate::data_file::entries;
use crate::game_values::cgsuite_spelling;
use crate::loopy_graph::graph_of;

#[test]
fn published_loopy_positions() {
    let data = include_str!("data/loopy/rulesets.txt");
    let mut n_checked = 0;
    let mut n_valued = 0;
    for (line_no, line, position, expected) in entries(data) {
        let (outcome, value) = expected
            .split_once(';')
            .unwrap_or_else(|| panic!("line {line_no}: no `;`"));
        let p = Position::parse(position).unwrap_or_else(|e| panic!("line {line_no}: {e}"));
        for side in [Side::Left, Side::Right] {
            let a = analyze_for(&p, Play::Normal, side, false, &Budget::DEFAULT).unwrap();
            assert_eq!(a.outcome.letter(), outcome.trim(), "line {line_no}: {line}");
        }
        // The value is asked for on its own (`analyze_for` leaves it out).
        let v = loopy_partizan_value(&p, &Budget::DEFAULT)
            .unwrap()
            .and_then(|v| v.notation());
        if let Some(v) = v {
            assert_eq!(cgsuite_spelling(&v), value.trim(), "line {line_no}: {line}");
            n_valued += 1;
        }
        n_checked += 1;
    }
    assert!(n_checked >= 3, "the data file lost its positions");
    // The value of a position whose graph is small enough for the theory
    // (see `MAX_VALUE_VERTICES`): `off`.
    assert!(n_valued >= 1, "no value was compared");
}

/// The published values from the whole graph of each position, by the
/// value theory alone (`LoopyArena::value`, no bound on the graph's size):
/// CGSuite's `{on||0|-1/2} & {1/2|0||off}` for Backsliding Toads and Frogs
/// `TTT..FFF` (560 positions) and `{4*|7/2}` for the Fox and Geese start
/// (10 597), and the retrograde outcome of each graph.
#[test]
fn published_values_of_whole_graphs() {
    let data = include_str!("data/loopy/rulesets.txt");
    let mut n_valued = 0;
    for (_, line, position, expected) in entries(data) {
        let (outcome, value) = expected.split_once(';').expect("OUTCOME ; VALUE");
        let game = graph_of(position);
        let class = game.outcome();
        assert_eq!(class.to_string(), outcome.trim(), "{line}");
        let mut arena = LoopyArena::new(Budget::DEFAULT);
        let v = arena
            .value(&game)
            .unwrap_or_else(|e| panic!("{line}: {} positions: {e}", game.n_vertices()));
        assert_eq!(
            cgsuite_spelling(&arena.display(&v).unwrap()),
            value.trim(),
            "{line}"
        );
        // The outcome read off the value's sides is the search's.
        assert_eq!(arena.outcome_sided(&v).unwrap(), class, "{line}");
        n_valued += 1;
    }
    assert!(n_valued >= 3, "the data file lost its positions");
}
