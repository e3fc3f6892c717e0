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

use std::sync::Arc;

use crate::budget::Budget;
use crate::error::{ParseError, SolveError};
use crate::game::{Component, Key, Kind, Move, MoveLabel, Partizan, Side};
use crate::syntax::ComponentSyntax;

use super::common::{Ruleset, check_move_count, quoted_components};
use super::grid::{Grid, REFLECTIONS};

pub(super) const RULESET: Ruleset = Ruleset {
    name: "fission",
    syntax: "fission(\"....|..x.|....\", ...)   rows top first split by |, x a stone, . empty, # blocked",
    rule: "partizan: Left splits a stone into the two empty cells above and below it, Right into those left and right of it",
    example: "fission(\".x.x|..x.|....|..x.\")",
    heaps_interact: false,
    build,
    family: None,
    sum_rule: None,
};

const EMPTY: u8 = 0;
const STONE: u8 = 1;
const BLOCKED: u8 = 2;
const LETTERS: [(char, u8); 3] = [('.', EMPTY), ('x', STONE), ('#', BLOCKED)];

/// A Fission board.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FissionBoard {
    grid: Grid,
}

impl FissionBoard {
    /// The board as written.
    pub fn text(&self) -> String {
        self.grid.text(&LETTERS)
    }

    /// The two cells a stone on `(r, c)` splits into for `side`, if both
    /// are empty cells of the board.
    fn split_cells(&self, side: Side, r: usize, c: usize) -> Option<[(usize, usize); 2]> {
        let g = &self.grid;
        let cells = match side {
            Side::Left => [(r.checked_sub(1)?, c), (r + 1, c)],
            Side::Right => [(r, c.checked_sub(1)?), (r, c + 1)],
        };
        cells
            .iter()
            .all(|&(r, c)| r < g.rows && c < g.cols && g.get(r, c) == EMPTY)
            .then_some(cells)
    }

    /// The stones `side` may split, row by row.
    fn splits(&self, side: Side) -> Vec<(usize, usize)> {
        let g = &self.grid;
        let mut out = Vec::new();
        for r in 0..g.rows {
            for c in 0..g.cols {
                if g.get(r, c) == STONE && self.split_cells(side, r, c).is_some() {
                    out.push((r, c));
                }
            }
        }
        out
    }

    fn split(&self, side: Side, r: usize, c: usize) -> Move {
        let [a, b] = self.split_cells(side, r, c).expect("a legal split");
        let mut grid = self.grid.clone();
        grid.set(r, c, EMPTY);
        grid.set(a.0, a.1, STONE);
        grid.set(b.0, b.1, STONE);
        let label = format!(
            "split the stone on ({r}, {c}) into ({}, {}) and ({}, {})",
            a.0, a.1, b.0, b.1
        );
        Move::new(MoveLabel::Words(label), Arc::new(FissionBoard { grid }))
    }
}

impl Component for FissionBoard {
    fn ruleset(&self) -> String {
        "fission".to_string()
    }

    fn args(&self) -> String {
        format!("\"{}\"", self.text())
    }

    fn key(&self) -> Key {
        let board = self.grid.cropped(|c| c != BLOCKED);
        Key::new("fission", board.key_words(&REFLECTIONS))
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Partizan(self)
    }
}

impl Partizan for FissionBoard {
    fn moves(&self, side: Side, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        let splits = self.splits(side);
        check_move_count(splits.len() as u64, budget)?;
        Ok(splits
            .into_iter()
            .map(|(r, c)| self.split(side, r, c))
            .collect())
    }

    fn regions(&self) -> Option<Vec<Arc<dyn Component>>> {
        let areas = self.grid.areas(|c| c != BLOCKED, BLOCKED);
        let n_areas = areas.len();
        let with_stones: Vec<Grid> = areas
            .into_iter()
            .filter(|a| a.cells.contains(&STONE))
            .collect();
        (n_areas > 1 || with_stones.is_empty() && n_areas == 1).then(|| {
            with_stones
                .into_iter()
                .map(|grid| Arc::new(FissionBoard { grid }) as Arc<dyn Component>)
                .collect()
        })
    }
}

fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    quoted_components(
        c,
        "board in quotes, rows split by |, like \"...|.x.|...\"",
        |text, at, span| {
            let grid = Grid::parse(text, at, &LETTERS, span)?;
            Ok(Arc::new(FissionBoard { grid }) as Arc<dyn Component>)
        },
    )
}

#[cfg(test)]
mod tests {
    use super::super::tests::{assert_value_agrees_with_search, canonical_text as value};
    use super::*;
    use crate::position::Position;

    fn board(text: &str) -> FissionBoard {
        let p = Position::parse(&format!("fission(\"{text}\")")).unwrap();
        p.components()[0]
            .downcast_ref::<FissionBoard>()
            .unwrap()
            .clone()
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
    fn small_boards_by_hand() {
        // .|x|. : Left splits once and then no stone has two free
        // neighbours in either direction: {0|} = 1. .x. is -1.
        assert_eq!(value("fission(\".|x|.\")"), "1");
        assert_eq!(value("fission(\".x.\")"), "-1");
        assert_eq!(value("fission(\".x#\")"), "0");
        let moves = board("...|.x.|...")
            .moves(Side::Right, &Budget::DEFAULT)
            .unwrap();
        assert_eq!(
            moves[0].description(),
            "split the stone on (1, 1) into (1, 0) and (1, 2)"
        );
        assert_eq!(moves[0].to[0].args(), "\"...|x.x|...\"");
        // Areas split by blocked cells are a sum.
        assert_eq!(value("fission(\".x.#.|####x|....#\")"), "-1");
    }

    #[test]
    fn reflections_share_a_key_and_transposes_are_the_negative() {
        let key = |text: &str| board(text).key();
        assert_eq!(key("x..|..."), key("..x|..."));
        assert_eq!(key("x..|..."), key("...|x.."));
        assert_eq!(key("x..|###"), key("x.."));
        assert_ne!(key("x.."), key("x|.|."));
        for text in [
            "....|..x.|....|....",
            ".x.x|..x.|....|..x.",
            "..x|.x.|...",
            "...|.x.|.x.|...",
        ] {
            assert_eq!(
                value(&format!("fission(\"{text}\", \"{}\")", transposed(text))),
                "0",
                "{text}"
            );
        }
    }

    #[test]
    fn canonical_outcomes_agree_with_the_search_on_every_small_board() {
        // Every board of 3 × 3 and 2 × 5 cells, each cell empty, a stone
        // or blocked (3^9 + 3^10): the class from the canonical value
        // (areas valued apart) against a search of the whole board.
        let mut checked = 0;
        for (rows, cols) in [(3, 3), (2, 5)] {
            let n = rows * cols;
            for code in 0..3usize.pow(n as u32) {
                let cells: Vec<u8> = (0..n)
                    .map(|i| (code / 3usize.pow(i as u32) % 3) as u8)
                    .collect();
                assert_value_agrees_with_search(Arc::new(FissionBoard {
                    grid: Grid { rows, cols, cells },
                }));
                checked += 1;
            }
        }
        assert_eq!(checked, 19_683 + 59_049);
    }

    #[test]
    fn bad_boards_are_parse_errors() {
        assert!(Position::parse("fission(\"x.|x\")").is_err());
        let e = Position::parse("fission(\"xo\")").unwrap_err();
        assert_eq!(e.span, 10..11);
        assert!(Position::parse("fission(2)").is_err());
        assert!(Position::parse("fission()").is_err());
    }
}
