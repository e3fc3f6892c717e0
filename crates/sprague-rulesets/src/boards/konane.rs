//! Konane, the Hawaiian jumping game as combinatorial game theory plays it
//! (Ernst, "Playing Konane mathematically", 1995; Albert, Nowakowski and
//! Wolfe, *Lessons in Play*; the rules of CGSuite's and cgt-tools'
//! `Konane`): on a board of `x` (Left's stones), `o` (Right's), `.` (empty)
//! and `#` (no cell), a player jumps one of their stones orthogonally over
//! an adjacent stone of the other player into the empty cell beyond,
//! removing the stone jumped over, and may go on jumping in the same
//! direction as long as the pattern repeats, stopping after any jump.
//! Whoever cannot move loses. `konane("..ox|o..x")`: rows top first, `|`
//! between rows.
//!
//! The board is one game: a stone may land next to another group of
//! stones, so groups are not independent. A board's [`Key`] is the least
//! of the eight images under the symmetries of the rectangle (every one
//! keeps the players' roles) of the board cropped to its cells (rows and
//! columns of `#` at the edge are no part of it). Exchanging the colours
//! gives the negative.

use sprague_game::Side;

use crate::boards::grid::{
    ALL_SYMMETRIES, Board, BoardRules, Cell, Direction, Form, Grid, ORTHOGONAL,
};
use crate::common::Ruleset;

pub(crate) const RULESET: Ruleset = KonaneBoard::ruleset(
    "konane(\"..ox|o..x\", ...)   rows top first split by |, x Left's stones, o Right's, . empty, # no cell",
    "partizan: jump one of your stones over an adjacent stone of the other player into the empty cell beyond, \
           removing it; further jumps in the same direction may follow",
    "konane(\".ox.|o..x|....\")",
);

const EMPTY: u8 = 0;
const LEFT: u8 = 1;
const RIGHT: u8 = 2;
const BLOCKED: u8 = 3;

/// The rules of Konane.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Konane;

/// A Konane board.
pub type KonaneBoard = Board<Konane>;

/// Each cell's letter and code.
const LETTERS: &[(char, u8)] = &[('.', EMPTY), ('x', LEFT), ('o', RIGHT), ('#', BLOCKED)];

impl BoardRules for Konane {
    const NAME: &'static str = "konane";
    const SHAPE: &'static str = "board in quotes, rows split by |, like \".ox.|o..x\"";

    /// The stone's cell, the direction (up, left, right, down) and the
    /// number of stones jumped over.
    type Play = (Cell, Direction, usize);

    fn form(&self) -> Form {
        Form::whole(LETTERS, &ALL_SYMMETRIES, Some(BLOCKED))
    }

    fn plays(&self, g: &Grid, side: Side) -> Vec<Self::Play> {
        let (own, other) = match side {
            Side::Left => (LEFT, RIGHT),
            Side::Right => (RIGHT, LEFT),
        };
        let mut out = Vec::new();
        for from in g.cells_of(own) {
            for d in ORTHOGONAL {
                let mut n = 0;
                while let (Some(over), Some(to)) =
                    (g.step(from, d, 2 * n + 1), g.step(from, d, 2 * n + 2))
                {
                    if g.at(over) != other || g.at(to) != EMPTY {
                        break;
                    }
                    n += 1;
                    out.push((from, d, n));
                }
            }
        }
        out
    }

    fn play(&self, g: &mut Grid, _: Side, (from, d, n): Self::Play) -> String {
        let stone = g.at(from);
        g.put(from, EMPTY);
        for k in 1..=n {
            let over = g.step(from, d, 2 * k - 1).expect("on the board");
            g.put(over, EMPTY);
        }
        let to = g.step(from, d, 2 * n).expect("on the board");
        g.put(to, stone);
        let captures = if n == 1 {
            "1 stone".to_string()
        } else {
            format!("{n} stones")
        };
        format!(
            "the stone on ({}, {}) jumps to ({}, {}), taking {captures}",
            from.0, from.1, to.0, to.1
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::{assert_boards_agree_with_search, assert_negatives, every_board, swapped};
    use sprague_core::budget::Budget;
    use sprague_game::{Component, Partizan};

    fn board(text: &str) -> KonaneBoard {
        crate::tests::board::<Konane>(text)
    }

    #[test]
    fn cgt_tools_published_moves() {
        // cgt-tools (t4ccer/cgt-tools), cgt/short/partizan/games/konane.rs,
        // tests `left_moves` and `right_moves` (its `values` are in
        // tests/data/partizan/canonical.txt).
        let after = |text: &str, side: Side| -> Vec<String> {
            let mut out: Vec<String> = board(text)
                .moves(side, &Budget::DEFAULT)
                .unwrap()
                .iter()
                .map(|m| m.to[0].args().trim_matches('"').to_string())
                .collect();
            out.sort();
            out
        };
        let mut expected = vec![
            ".....|..o..|.o..x|..o..|.....|..o..|.....",
            ".....|..o..|x..o.|..o..|.....|..o..|.....",
            ".....|..o..|.o.o.|.....|..x..|..o..|.....",
            ".....|..o..|.o.o.|.....|.....|.....|..x..",
            "..x..|.....|.o.o.|..o..|.....|..o..|.....",
        ];
        expected.sort();
        assert_eq!(
            after(".....|..o..|.oxo.|..o..|.....|..o..|.....", Side::Left),
            expected
        );
        let mut expected: Vec<String> =
            expected.iter().map(|s| swapped(s, &[('x', 'o')])).collect();
        expected.sort();
        assert_eq!(
            after(".....|..x..|.xox.|..x..|.....|..x..|.....", Side::Right),
            expected
        );
    }

    #[test]
    fn a_stone_jumps_over_one_stone_or_two() {
        // (The values of small boards are in tests/data/partizan/by-hand.txt.)
        let moves = board("xo.o.").moves(Side::Left, &Budget::DEFAULT).unwrap();
        let described: Vec<String> = moves.iter().map(|m| m.description()).collect();
        assert_eq!(
            described,
            [
                "the stone on (0, 0) jumps to (0, 2), taking 1 stone",
                "the stone on (0, 0) jumps to (0, 4), taking 2 stones"
            ]
        );
    }

    #[test]
    fn symmetric_boards_share_a_key_and_swapped_colours_are_the_negative() {
        let key = |text: &str| board(text).key();
        assert_eq!(key("xo.|..."), key("...|.ox"));
        assert_eq!(key("xo."), key("x|o|."));
        assert_eq!(key("xo.|###"), key("xo."));
        assert_ne!(key("xo."), key("xo.."));
        assert_negatives(
            "konane",
            &["xo.|ox.|...", ".ox.|o..x|....", "xoxo.|.o...|x.o.x"],
            |text| swapped(text, &[('x', 'o')]),
        );
    }

    #[test]
    fn canonical_outcomes_agree_with_the_search_on_every_small_board() {
        // Every board of 1 × 6, 2 × 3 and 3 × 3 cells, each cell empty, x
        // or o (3^6 + 3^6 + 3^9): the class from the canonical value
        // against a search of the whole board.
        let checked = assert_boards_agree_with_search::<Konane>(every_board(
            &[(1, 6), (2, 3), (3, 3)],
            &[EMPTY, LEFT, RIGHT],
        ));
        assert_eq!(checked, 729 + 729 + 19_683);
    }
}
