//! Amazons (Walter Zamkauskas, 1988; Berlekamp, "Sums of N × 2 Amazons",
//! 2000; the rules of CGSuite's `game.grid.Amazons` and cgt-tools'
//! `Amazons`): on a board of `x` (Left's amazons), `o` (Right's), `.`
//! (empty) and `#` (a burnt or missing cell), a player moves one of their
//! amazons like a chess queen (any distance in one of the eight directions,
//! over empty cells only) and then, from where it landed, shoots an arrow
//! the same way onto an empty cell (the cell the amazon left counts as
//! empty), which burns: it becomes `#`. Whoever cannot move loses.
//! `amazons("x...|o...")`: rows top first, `|` between rows.
//!
//! Amazons and arrows travel through empty cells only, diagonals included,
//! so the areas of cells not burnt, joined side by side or corner to
//! corner, never interact: [`Partizan::regions`] gives them (an area
//! without amazons, worth 0, is left out). A board's [`Key`] is the least
//! of the eight images under the symmetries of the rectangle, all of which
//! keep the players' roles, of the board cropped to its unburnt cells.
//! Exchanging the colours gives the negative.

use sprague_game::Side;

use crate::boards::grid::{ALL_SYMMETRIES, Board, BoardRules, Cell, Form, Grid, QUEEN};
use crate::common::Ruleset;

pub(crate) const RULESET: Ruleset = AmazonsBoard::ruleset(
    "amazons(\"x...|o...\", ...)   rows top first split by |, x Left's amazons, o Right's, . empty, # burnt",
    "partizan: move one of your amazons like a chess queen, then shoot an arrow from it like a queen; \
           the arrow burns the cell it lands on",
    "amazons(\"x..#|....|.#.o\")",
);

const EMPTY: u8 = 0;
const LEFT: u8 = 1;
const RIGHT: u8 = 2;
const BURNT: u8 = 3;

/// The rules of Amazons.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Amazons;

/// An Amazons board.
pub type AmazonsBoard = Board<Amazons>;

/// Each cell's letter and code.
const LETTERS: &[(char, u8)] = &[('.', EMPTY), ('x', LEFT), ('o', RIGHT), ('#', BURNT)];

impl BoardRules for Amazons {
    const NAME: &'static str = "amazons";
    const SHAPE: &'static str = "board in quotes, rows split by |, like \"x..|..o\"";

    /// The amazon's cell, its landing cell and the arrow's: by the
    /// amazon's cell, then the direction (clockwise from up) and distance
    /// of its move, then those of the arrow.
    type Play = (Cell, Cell, Cell);

    fn form(&self) -> Form {
        Form::areas(
            LETTERS,
            &ALL_SYMMETRIES,
            BURNT,
            &QUEEN,
            Some(&[LEFT, RIGHT]),
        )
    }

    fn plays(&self, g: &Grid, side: Side) -> Vec<Self::Play> {
        let own = match side {
            Side::Left => LEFT,
            Side::Right => RIGHT,
        };
        let mut out = Vec::new();
        for from in g.cells_of(own) {
            // The cell the amazon leaves is empty for its arrow.
            let mut lifted = g.clone();
            lifted.put(from, EMPTY);
            for d in QUEEN {
                for to in lifted.run(from, d, EMPTY) {
                    for e in QUEEN {
                        out.extend(lifted.run(to, e, EMPTY).map(|arrow| (from, to, arrow)));
                    }
                }
            }
        }
        out
    }

    fn play(&self, g: &mut Grid, _: Side, (from, to, arrow): Self::Play) -> String {
        g.put(to, g.at(from));
        g.put(from, EMPTY);
        g.put(arrow, BURNT);
        format!(
            "the amazon on ({}, {}) moves to ({}, {}) and shoots ({}, {})",
            from.0, from.1, to.0, to.1, arrow.0, arrow.1
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::{
        assert_boards_agree_with_search, assert_negatives, canonical_text as value, every_board,
        swapped,
    };
    use sprague_core::budget::Budget;
    use sprague_game::{Component, Partizan};

    fn board(text: &str) -> AmazonsBoard {
        crate::tests::board::<Amazons>(text)
    }

    #[test]
    fn published_values() {
        // CGSuite, lib/core/src/test/scala/org/cgsuite/lang/GameGridTest.scala,
        // "define Amazons properly": +-{3,{4|0,{1|0,*}},{4|{0,{1/2|0}|v},
        // +-1,+-{1,{2|0}}}}, where CGSuite's +-{a,b} is {a,b|-a,-b}.
        let b = "{4|{0,{1/2|0}|v},±1,{1,{2|0}|-1,{0|-2}}}";
        assert_eq!(
            value("amazons(\"x...|o...\")"),
            value(&format!(
                "{{3, {{4|0,{{1|0,*}}}}, {b} | -3, -{{4|0,{{1|0,*}}}}, -{b}}}"
            ))
        );
        // cgt-tools (t4ccer/cgt-tools), cgt/short/partizan/games/amazons.rs,
        // test `canonical_form` ("confirmed with cgsuite").
        assert_eq!(
            value("amazons(\"x..#|....|.#.o\")"),
            value(
                "{{6|{3|1, {3|0, {1/2|0}}}}, {6|{4*|-3, {3, {3|0, {1/2|0}}|-4}}}|-3, \
                 {0, {0|-2}, {1|-3}|-5}, {0, {0, *|0, {0, {1/2, {1|0}|v}|v}}|-5}, \
                 {{2, {2|0}|0, {0, {2|0, {2|0}}|0}}, {2, {3|0}|0, {0, {0, ^*|0}|-1}}, \
                 {{2|0}, {2|{1|1/4}, {2|0}}|v*, {1/2|{{0|-1}, {*|-1}|-1}}, {{0, ^*|0}|-1}}, \
                 {{3|0}, {3|1, {2|0}}, {3, {3|1}|1, {1|0, *}}|-1/16, {0|-1}, {*|-1}}|-5, \
                 {v, v*, {0, {0, ^*|0}|-1}|-5}, {{1/2|{-1/4, {0|-1}, {*|-1}|-1}}, \
                 {{1|1/4}|{-1/4|-1}}, {{1|{1|0}, {1|*}}|-1/2}|-5}}}"
            )
        );
    }

    #[test]
    fn an_amazon_moves_then_shoots() {
        // (The values of small boards are in tests/data/partizan/by-hand.txt.)
        let moves = board("x..").moves(Side::Left, &Budget::DEFAULT).unwrap();
        let described: Vec<String> = moves.iter().map(|m| m.description()).collect();
        assert_eq!(
            described,
            [
                "the amazon on (0, 0) moves to (0, 1) and shoots (0, 2)",
                "the amazon on (0, 0) moves to (0, 1) and shoots (0, 0)",
                "the amazon on (0, 0) moves to (0, 2) and shoots (0, 1)",
                "the amazon on (0, 0) moves to (0, 2) and shoots (0, 0)",
            ]
        );
    }

    #[test]
    fn symmetric_boards_share_a_key_and_swapped_colours_are_the_negative() {
        let key = |text: &str| board(text).key();
        assert_eq!(key("x..|..o"), key("o..|..x"));
        assert_eq!(key("x.."), key("x|.|."));
        assert_eq!(key("x..|###"), key("x.."));
        assert_ne!(key("x.."), key(".x."));
        assert_negatives(
            "amazons",
            &["x...|o...", "x.#|..o", "xo.|...", "x..o|#..."],
            |text| swapped(text, &[('x', 'o')]),
        );
    }

    #[test]
    fn canonical_outcomes_agree_with_the_search_on_every_small_board() {
        // Every board of 1 × 6 and 2 × 3 cells, each cell empty, burnt, x
        // or o (4^6 each): the class from the canonical value (areas
        // valued apart) against a search of the whole board.
        let checked = assert_boards_agree_with_search::<Amazons>(every_board(
            &[(1, 6), (2, 3)],
            &[EMPTY, LEFT, RIGHT, BURNT],
        ));
        assert_eq!(checked, 2 * 4096);
    }
}
