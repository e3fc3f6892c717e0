//! Sensible options and reversible moves of board positions, against
//! CGSuite's tutorials.

use sprague::{Budget, OptionNode, Play, Position, Side, position_options};

fn options(text: &str) -> Vec<OptionNode> {
    let p = Position::parse(text).unwrap();
    position_options(&p, Play::Normal, 1000, &Budget::DEFAULT).unwrap()
}

/// The positions after `side`'s options that are marked sensible, and
/// those both sensible and reversible.
fn marked(options: &[OptionNode], side: Side) -> (Vec<String>, Vec<String>) {
    let mine = options.iter().filter(|o| o.side == side);
    let sensible: Vec<&OptionNode> = mine
        .filter(|o| o.marks.as_ref().unwrap().sensible)
        .collect();
    let reversing = sensible
        .iter()
        .filter(|o| o.marks.as_ref().unwrap().reversible)
        .map(|o| o.m.to.to_string())
        .collect();
    (
        sensible.iter().map(|o| o.m.to.to_string()).collect(),
        reversing,
    )
}

/// CGSuite's tutorial "Games and Rulesets"
/// (`lib/core/src/main/resources/org/cgsuite/help/docs/tutorials/getting-started/games-and-rulesets.cgsh`):
/// `game.grid.Clobber("xoxo|ox..")` "has only one" sensible Left option,
/// of its six.
#[test]
fn the_tutorials_clobber_position_has_one_sensible_left_option() {
    let all = options("clobber(\"xoxo|ox..\")");
    assert_eq!(all.iter().filter(|o| o.side == Side::Left).count(), 6);
    let (sensible, _) = marked(&all, Side::Left);
    assert_eq!(sensible, ["clobber(\"xx.o|ox..\")"]);
    // The five others are worth * and reverse through their Right option
    // 0, which is at most the position.
    for o in all
        .iter()
        .filter(|o| o.side == Side::Left && o.m.to.to_string() != sensible[0])
    {
        assert_eq!(o.value.as_deref(), Some("*"));
        assert_eq!(
            o.marks.as_ref().unwrap().reverses_through.as_deref(),
            Some("0")
        );
    }
}

/// CGSuite's tutorial "Using the Explorer"
/// (`.../tutorials/getting-started/using-the-explorer.cgsh`, exercise 2):
/// from the empty 4 x 4 Domineering board, "one move for each player
/// reverses out" among the sensible lines: Left's vertical dominoes across
/// the middle two rows (worth `Tiny(2)`) are sensible and reversible, and
/// Right's horizontal ones across the middle two columns likewise; every
/// sensible option is at least a canonical
/// option, and the board's symmetry gives the same count to each side.
#[test]
fn the_empty_four_by_four_domineering_board_has_a_reversing_sensible_move_for_each_player() {
    let all = options("domineering(\"....|....|....|....\")");
    let (left, left_reversing) = marked(&all, Side::Left);
    let (right, right_reversing) = marked(&all, Side::Right);
    assert_eq!(left.len(), right.len());
    assert_eq!(
        left_reversing,
        [
            "domineering(\"....|#...|#...|....\")",
            "domineering(\"....|.#..|.#..|....\")",
            "domineering(\"....|..#.|..#.|....\")",
            "domineering(\"....|...#|...#|....\")",
        ]
    );
    assert_eq!(right_reversing.len(), 4);
    for o in all
        .iter()
        .filter(|o| left_reversing.contains(&o.m.to.to_string()))
    {
        assert_eq!(o.value.as_deref(), Some("Tiny(2)"));
    }
}
