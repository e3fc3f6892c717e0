//! Fission (the rules of CGSuite's `game.grid.Fission` and cgt-tools'
//! `Fission`): stones `x` on a board of empty cells `.` and blocked cells
//! `#`. Left picks a stone whose neighbours above and below are both empty
//! cells of the board and splits it into those two; Right does the same
//! with the neighbours to the left and right. Whoever cannot move loses.
//! `fission("....|..x.|....")`: rows top first, `|` between rows.
//!
//! Stones only ever appear in cells next to one that held a stone, never
//! through a blocked cell, so the areas of unblocked cells joined side by
//! side are independent: [`Partizan::regions`] gives them (an area
//! without stones, worth 0, is left out). A board's [`Key`] is the least
//! of its four images under the reflections that keep vertical vertical,
//! cropped to its unblocked cells. (Transposing exchanges the players:
//! the negative.)

use sprague_game::Side;

use crate::boards::grid::{Board, BoardRules, Cell, Form, Grid, ORTHOGONAL, REFLECTIONS};
use crate::common::Ruleset;

pub(crate) const RULESET: Ruleset = FissionBoard::ruleset(
    "fission(\"....|..x.|....\", ...)   rows top first split by |, x a stone, . empty, # blocked",
    "partizan: Left splits a stone into the two empty cells above and below it, Right into those left and right of it",
    "fission(\".x.x|..x.|....|..x.\")",
);

const EMPTY: u8 = 0;
const STONE: u8 = 1;
const BLOCKED: u8 = 2;

/// The rules of Fission.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Fission;

/// A Fission board.
pub type FissionBoard = Board<Fission>;

/// The two cells a stone on `(r, c)` splits into for `side`, if both are
/// empty cells of the board.
fn split_cells(g: &Grid, side: Side, (r, c): Cell) -> Option<[Cell; 2]> {
    let cells = match side {
        Side::Left => [(r.checked_sub(1)?, c), (r + 1, c)],
        Side::Right => [(r, c.checked_sub(1)?), (r, c + 1)],
    };
    cells
        .iter()
        .all(|&(r, c)| r < g.rows && c < g.cols && g.get(r, c) == EMPTY)
        .then_some(cells)
}

/// Each cell's letter and code.
const LETTERS: &[(char, u8)] = &[('.', EMPTY), ('x', STONE), ('#', BLOCKED)];

impl BoardRules for Fission {
    const NAME: &'static str = "fission";
    const SHAPE: &'static str = "board in quotes, rows split by |, like \"...|.x.|...\"";

    /// The stone split, and the two cells it splits into.
    type Play = (Cell, [Cell; 2]);

    fn form(&self) -> Form {
        Form::areas(LETTERS, &REFLECTIONS, BLOCKED, &ORTHOGONAL, Some(&[STONE]))
    }

    fn plays(&self, g: &Grid, side: Side) -> Vec<Self::Play> {
        g.cells_of(STONE)
            .filter_map(|at| Some((at, split_cells(g, side, at)?)))
            .collect()
    }

    fn play(&self, g: &mut Grid, _: Side, ((r, c), [a, b]): Self::Play) -> String {
        g.set(r, c, EMPTY);
        g.put(a, STONE);
        g.put(b, STONE);
        format!(
            "split the stone on ({r}, {c}) into ({}, {}) and ({}, {})",
            a.0, a.1, b.0, b.1
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::{
        assert_boards_agree_with_search, assert_negatives, canonical_text as value, every_board,
    };
    use sprague_core::budget::Budget;
    use sprague_game::{Component, Partizan};

    fn board(text: &str) -> FissionBoard {
        crate::tests::board::<Fission>(text)
    }

    /// The board with rows and columns exchanged: the players' roles
    /// exchanged, so the negative.
    fn transposed(text: &str) -> String {
        let rows: Vec<Vec<char>> = text.split('|').map(|r| r.chars().collect()).collect();
        (0..rows[0].len())
            .map(|c| rows.iter().map(|row| row[c]).collect::<String>())
            .collect::<Vec<_>>()
            .join("|")
    }

    #[test]
    fn cgt_tools_published_values() {
        // cgt-tools (t4ccer/cgt-tools), cgt/short/partizan/games/fission.rs,
        // test `canonical_form`.
        for (text, expected) in [
            ("....|..x.|....|....", "0"),
            ("..x.|....|..x.|....", "-2"),
            (".x.x|....|..x.|....", "-1"),
            (".x.x|..x.|....|..x.", "{-1|-4}"),
            ("....|..x.|....|#..#", "0"),
        ] {
            assert_eq!(value(&format!("fission(\"{text}\")")), expected, "{text}");
        }
    }

    #[test]
    fn a_stone_splits_into_its_two_neighbours() {
        // (The values of small boards are in tests/data/partizan/by-hand.txt.)
        let moves = board("...|.x.|...")
            .moves(Side::Right, &Budget::DEFAULT)
            .unwrap();
        assert_eq!(
            moves[0].description(),
            "split the stone on (1, 1) into (1, 0) and (1, 2)"
        );
        assert_eq!(moves[0].to[0].args(), "\"...|x.x|...\"");
    }

    #[test]
    fn reflections_share_a_key_and_transposes_are_the_negative() {
        let key = |text: &str| board(text).key();
        assert_eq!(key("x..|..."), key("..x|..."));
        assert_eq!(key("x..|..."), key("...|x.."));
        assert_eq!(key("x..|###"), key("x.."));
        assert_ne!(key("x.."), key("x|.|."));
        assert_negatives(
            "fission",
            &[
                "....|..x.|....|....",
                ".x.x|..x.|....|..x.",
                "..x|.x.|...",
                "...|.x.|.x.|...",
            ],
            transposed,
        );
    }

    #[test]
    fn canonical_outcomes_agree_with_the_search_on_every_small_board() {
        // Every board of 3 × 3 and 2 × 5 cells, each cell empty, a stone
        // or blocked (3^9 + 3^10): the class from the canonical value
        // (areas valued apart) against a search of the whole board.
        let checked = assert_boards_agree_with_search::<Fission>(every_board(
            &[(3, 3), (2, 5)],
            &[EMPTY, STONE, BLOCKED],
        ));
        assert_eq!(checked, 19_683 + 59_049);
    }
}
