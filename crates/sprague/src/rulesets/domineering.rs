//! Domineering, a partizan placement game (Göran Andersson; Berlekamp,
//! Conway and Guy, *Winning Ways*, ch. 5; Lachmann, Moore and Rapaport,
//! "Who wins Domineering on rectangular boards?", 2002): Left places a
//! domino vertically on two empty cells, Right horizontally; whoever cannot
//! place loses. `domineering("..|..")`: rows top first, `|` between rows,
//! `.` an empty cell, `#` a filled one.
//!
//! A board whose empty cells fall into separate areas (no two of them side
//! by side) is the sum of those areas, since a domino covers two
//! neighbouring cells: [`Partizan::regions`] gives them, and the canonical
//! solver values each once. A board's [`Key`] is that of its normal form:
//! cropped to its empty cells and the least of its four images under the
//! reflections that keep vertical vertical (left–right and top–bottom), which
//! are isomorphisms of the game. (Transposing exchanges the players: the
//! board's negative.)

use std::sync::Arc;

use crate::budget::Budget;
use crate::error::{ParseError, SolveError};
use crate::game::{Component, Key, Kind, Move, MoveLabel, Partizan, Side};
use crate::syntax::ComponentSyntax;

use super::common::{Ruleset, check_move_count, quoted_components};
use super::grid::{self, Grid, REFLECTIONS};

pub(super) const RULESET: Ruleset = Ruleset {
    name: "domineering",
    syntax: "domineering(\"..|.#|..\", ...)   rows top first split by |, . empty, # filled",
    rule: "partizan: Left places a domino vertically on two empty cells, Right horizontally",
    example: "domineering(\"...|...|...\")",
    heaps_interact: false,
    build,
    family: None,
    sum_rule: None,
};

/// The most cells a board may have (its key packs one byte a cell).
pub const MAX_CELLS: usize = grid::MAX_CELLS;

const EMPTY: u8 = 0;
const FILLED: u8 = 1;
const LETTERS: [(char, u8); 2] = [('.', EMPTY), ('#', FILLED)];

/// A Domineering board.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DomineeringBoard {
    grid: Grid,
}

impl DomineeringBoard {
    /// The board of `rows × cols` cells with `filled` (row by row, `true`
    /// for a filled cell).
    ///
    /// # Panics
    ///
    /// If `filled` does not have `rows × cols` cells.
    pub fn new(rows: usize, cols: usize, filled: Vec<bool>) -> DomineeringBoard {
        assert_eq!(filled.len(), rows * cols, "a board has rows × cols cells");
        DomineeringBoard {
            grid: Grid {
                rows,
                cols,
                cells: filled.into_iter().map(u8::from).collect(),
            },
        }
    }

    fn empty(&self, r: usize, c: usize) -> bool {
        self.grid.get(r, c) == EMPTY
    }

    /// The board as written: rows split by `|`.
    pub fn text(&self) -> String {
        self.grid.text(&LETTERS)
    }

    /// The placements of `side`: the top (or left) cells of the dominoes,
    /// row by row.
    fn placements(&self, side: Side) -> Vec<(usize, usize)> {
        let (dr, dc) = match side {
            Side::Left => (1, 0),
            Side::Right => (0, 1),
        };
        let mut out = Vec::new();
        for r in 0..self.grid.rows.saturating_sub(dr) {
            for c in 0..self.grid.cols.saturating_sub(dc) {
                if self.empty(r, c) && self.empty(r + dr, c + dc) {
                    out.push((r, c));
                }
            }
        }
        out
    }

    fn place(&self, side: Side, r: usize, c: usize) -> Move {
        let mut grid = self.grid.clone();
        let (r2, c2) = match side {
            Side::Left => (r + 1, c),
            Side::Right => (r, c + 1),
        };
        grid.set(r, c, FILLED);
        grid.set(r2, c2, FILLED);
        let label = format!(
            "place a {} domino on ({r}, {c}) and ({r2}, {c2})",
            if side == Side::Left {
                "vertical"
            } else {
                "horizontal"
            }
        );
        Move::new(MoveLabel::Words(label), Arc::new(DomineeringBoard { grid }))
    }
}

impl Component for DomineeringBoard {
    fn ruleset(&self) -> String {
        "domineering".to_string()
    }

    fn args(&self) -> String {
        format!("\"{}\"", self.text())
    }

    fn key(&self) -> Key {
        let board = self.grid.cropped(|c| c == EMPTY);
        Key::new("domineering", board.key_words(&REFLECTIONS))
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Partizan(self)
    }
}

impl Partizan for DomineeringBoard {
    fn moves(&self, side: Side, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        let placements = self.placements(side);
        check_move_count(placements.len() as u64, budget)?;
        Ok(placements
            .into_iter()
            .map(|(r, c)| self.place(side, r, c))
            .collect())
    }

    fn regions(&self) -> Option<Vec<Arc<dyn Component>>> {
        let areas = self.grid.areas(|c| c == EMPTY, FILLED);
        (areas.len() > 1).then(|| {
            areas
                .into_iter()
                .map(|grid| Arc::new(DomineeringBoard { grid }) as Arc<dyn Component>)
                .collect()
        })
    }
}

fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    quoted_components(
        c,
        "board in quotes, rows split by |, like \"..|.#\"",
        |text, at, span| {
            let grid = Grid::parse(text, at, &LETTERS, span)?;
            Ok(Arc::new(DomineeringBoard { grid }) as Arc<dyn Component>)
        },
    )
}

#[cfg(test)]
mod tests {
    use super::super::tests::{assert_value_agrees_with_search, canonical_text as value};
    use super::*;
    use crate::position::Position;
    use crate::solve::canonical::CanonicalSolver;

    #[test]
    fn small_boards_have_their_textbook_values() {
        // Winning Ways, ch. 5: a vertical pair is Left's move, 1; a
        // horizontal pair Right's, -1; the 2 × 2 square is ±1; a strip of n
        // in a row is -⌊n/2⌋, and the L-tromino's value is the switch
        // between its two ways of playing.
        assert_eq!(value("domineering(\".|.\")"), "1");
        assert_eq!(value("domineering(\"..\")"), "-1");
        assert_eq!(value("domineering(\"..|..\")"), "±1");
        assert_eq!(value("domineering(\".......\")"), "-3");
        assert_eq!(value("domineering(\"#\")"), "0");
        assert_eq!(value("domineering(\"..|.#\")"), "*");
        // Separate areas are a sum: two horizontal pairs and a vertical one.
        assert_eq!(value("domineering(\"..#..#.|######.\")"), "-1");
    }

    #[test]
    fn the_transposed_board_is_the_negative() {
        for text in ["..|..|..", "...|.#.", "...|...", "..#|...|#.."] {
            let p = Position::parse(&format!("domineering(\"{text}\")")).unwrap();
            let board = p.components()[0]
                .downcast_ref::<DomineeringBoard>()
                .unwrap()
                .clone();
            let mut filled = Vec::new();
            for c in 0..board.grid.cols {
                for r in 0..board.grid.rows {
                    filled.push(board.grid.get(r, c) == FILLED);
                }
            }
            let transposed = DomineeringBoard::new(board.grid.cols, board.grid.rows, filled);
            let sum = Position::parse(&format!(
                "domineering(\"{text}\", \"{}\")",
                transposed.text()
            ))
            .unwrap();
            let mut solver = CanonicalSolver::new(Budget::DEFAULT);
            let g = solver.sum(sum.components()).unwrap();
            assert_eq!(g, solver.arena.zero(), "{text}");
        }
    }

    #[test]
    fn canonical_outcomes_agree_with_the_search_on_every_small_board() {
        // Every board of up to 3 × 4 cells, any cells filled:
        // the class from the canonical value (areas valued apart) against
        // the search of the whole board as one game.
        let mut checked = 0;
        for (rows, cols) in [(1, 4), (2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (3, 4)] {
            let n = rows * cols;
            for mask in 0u32..(1 << n) {
                let filled: Vec<bool> = (0..n).map(|i| mask >> i & 1 == 1).collect();
                assert_value_agrees_with_search(Arc::new(DomineeringBoard::new(
                    rows, cols, filled,
                )));
                checked += 1;
            }
        }
        assert_eq!(checked, 16 + 16 + 64 + 64 + 512 + 256 + 4096);
    }

    #[test]
    fn reflections_share_a_key_and_transposes_do_not() {
        let key = |text: &str| Position::parse(text).unwrap().components()[0].key();
        assert_eq!(
            key("domineering(\"..#|...\")"),
            key("domineering(\"#..|...\")")
        );
        assert_eq!(
            key("domineering(\"..#|...\")"),
            key("domineering(\"...|..#\")")
        );
        assert_eq!(
            key("domineering(\"##..|##..\")"),
            key("domineering(\"..|..\")")
        );
        assert_ne!(key("domineering(\"...\")"), key("domineering(\".|.|.\")"));
    }

    #[test]
    fn bad_boards_are_parse_errors() {
        assert!(Position::parse("domineering(\"..|...\")").is_err());
        assert!(Position::parse("domineering(\"..x\")").is_err());
        assert!(Position::parse("domineering(3)").is_err());
        assert!(Position::parse("domineering()").is_err());
    }
}
