//! Clobber, a partizan capture game (Albert, Grossman, Nowakowski and
//! Wolfe, "An introduction to Clobber", 2005): on a board of `x` (Left's
//! stones), `o` (Right's) and `.` (empty), a player moves one of their
//! stones onto an orthogonally adjacent stone of the other player, which
//! is removed. Whoever cannot move loses. `clobber("xo|ox")`: rows top
//! first, `|` between rows.
//!
//! A move keeps a stone inside its group of side-by-side stones (it lands
//! where a neighbour stood), so the groups are independent:
//! [`Partizan::regions`] gives them. A board's [`Key`] is the least of the
//! eight images of its cropped stones under the symmetries of the
//! rectangle, all of which keep the players' roles. (Exchanging the
//! colours gives the negative.)

use sprague_game::Side;

use crate::boards::grid::{ALL_SYMMETRIES, Board, BoardRules, Cell, Form, Grid, ORTHOGONAL};
use crate::common::Ruleset;

pub(crate) const RULESET: Ruleset = ClobberBoard::ruleset(
    "clobber(\"xo.|ox.\", ...)   rows top first split by |, x Left's stones, o Right's, . empty",
    "partizan: move one of your stones onto an orthogonally adjacent stone of the other player, removing it",
    "clobber(\"xox|oxo\")",
);

const EMPTY: u8 = 0;
const LEFT: u8 = 1;
const RIGHT: u8 = 2;

/// The rules of Clobber.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Clobber;

/// A Clobber board.
pub type ClobberBoard = Board<Clobber>;

/// Each cell's letter and code.
const LETTERS: &[(char, u8)] = &[('.', EMPTY), ('x', LEFT), ('o', RIGHT)];

impl BoardRules for Clobber {
    const NAME: &'static str = "clobber";
    const SHAPE: &'static str = "board in quotes, rows split by |, like \"xo|ox\"";

    /// The cell moved from and the cell clobbered (up, left, right, down).
    type Play = (Cell, Cell);

    fn form(&self) -> Form {
        Form::areas(LETTERS, &ALL_SYMMETRIES, EMPTY, &ORTHOGONAL, None)
    }

    fn plays(&self, g: &Grid, side: Side) -> Vec<Self::Play> {
        let (own, other) = match side {
            Side::Left => (LEFT, RIGHT),
            Side::Right => (RIGHT, LEFT),
        };
        g.cells_of(own)
            .flat_map(|from| {
                ORTHOGONAL
                    .iter()
                    .filter_map(move |&d| g.step(from, d, 1))
                    .filter(|&to| g.at(to) == other)
                    .map(move |to| (from, to))
            })
            .collect()
    }

    fn play(&self, g: &mut Grid, _: Side, (from, to): Self::Play) -> String {
        g.put(to, g.at(from));
        g.put(from, EMPTY);
        format!(
            "the stone on ({}, {}) clobbers ({}, {})",
            from.0, from.1, to.0, to.1
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::{assert_boards_agree_with_search, assert_negatives, every_board, swapped};

    #[test]
    fn symmetric_boards_share_a_key_and_swapped_colours_are_the_negative() {
        let key = |text: &str| crate::tests::parse(text).unwrap().components()[0].key();
        assert_eq!(key("clobber(\"xo.|...\")"), key("clobber(\"...|.ox\")"));
        assert_eq!(key("clobber(\"xo\")"), key("clobber(\"x|o\")"));
        assert_ne!(key("clobber(\"xo\")"), key("clobber(\"xx\")"));
        assert_negatives(
            "clobber",
            &["xox|oxo", "xxo|o.x", "xo.|oxx|.ox", "xxoo"],
            |text| swapped(text, &[('x', 'o')]),
        );
    }

    #[test]
    fn canonical_outcomes_agree_with_the_search_on_every_small_board() {
        // Every board of 2 × 3 and 1 × 5 cells (3^6 + 3^5), and 2 × 4
        // boards without empty cells (2^8): the class from the canonical
        // value (groups valued apart) against a search of the whole board.
        let checked = assert_boards_agree_with_search::<Clobber>(
            every_board(&[(2, 3), (1, 5)], &[EMPTY, LEFT, RIGHT])
                .chain(every_board(&[(2, 4)], &[LEFT, RIGHT])),
        );
        assert_eq!(checked, 729 + 243 + 256);
    }
}
