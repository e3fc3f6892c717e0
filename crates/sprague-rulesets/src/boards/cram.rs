//! Cram, the impartial Domineering (Gardner; Berlekamp, Conway and Guy,
//! *Winning Ways*, ch. 13; CGSuite's `game.grid.Cram`, defined there as
//! Domineering's impartial variant): either player places a domino, in
//! either direction, on two side-by-side empty cells; whoever cannot place
//! loses. `cram("..|..")`: rows top first, `|` between rows, `.` an empty
//! cell, `#` a filled one.
//!
//! A domino covers two neighbouring cells, so the board's separate areas of
//! empty cells are independent games and the board is worth the nim-sum of
//! its areas' values. [`Impartial::grundy`] values each area once (the mex
//! over its placements, each leading to a board that is split again),
//! memoised by the area cropped to its empty cells and taken as the least
//! of its eight images under the symmetries of the rectangle: with both
//! directions open to both players, every one of them is an isomorphism of
//! the game. The moves the user sees lead to the whole board, as written.

use std::sync::Arc;

use rustc_hash::FxHashMap;

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::ComponentSyntax;
use sprague_game::{Component, Impartial, Key, Kind, Move, MoveLabel};
use sprague_impartial::impartial::mex;
use sprague_impartial::nimber::Nimber;

use crate::boards::grid::{ALL_SYMMETRIES, Grid, read_boards};
use crate::common::{Ruleset, check_move_count};

pub(crate) const RULESET: Ruleset = Ruleset {
    name: "cram",
    syntax: "cram(\"..|.#|..\", ...)   rows top first split by |, . empty, # filled",
    rule: "impartial: either player places a domino, either way, on two empty cells",
    example: "cram(\"....|....|...#\")",
    heaps_interact: false,
    build,
    family: None,
};

const EMPTY: u8 = 0;
const FILLED: u8 = 1;
const LETTERS: [(char, u8); 2] = [('.', EMPTY), ('#', FILLED)];

/// A Cram board.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CramBoard {
    grid: Grid,
}

impl CramBoard {
    /// The board of `rows × cols` cells with `filled` (row by row, `true`
    /// for a filled cell).
    ///
    /// # Panics
    ///
    /// If `filled` does not have `rows × cols` cells.
    pub fn new(rows: usize, cols: usize, filled: Vec<bool>) -> CramBoard {
        assert_eq!(filled.len(), rows * cols, "a board has rows × cols cells");
        CramBoard {
            grid: Grid {
                rows,
                cols,
                cells: filled.into_iter().map(u8::from).collect(),
            },
        }
    }

    /// The board as written: rows split by `|`.
    pub fn text(&self) -> String {
        self.grid.text(&LETTERS)
    }
}

/// The placements on `grid`: each domino as its first cell and the
/// neighbour right of it or below it, row by row, horizontal first.
fn placements(grid: &Grid) -> Vec<((usize, usize), (usize, usize))> {
    let empty = |r: usize, c: usize| grid.get(r, c) == EMPTY;
    let mut out = Vec::new();
    for r in 0..grid.rows {
        for c in 0..grid.cols {
            if !empty(r, c) {
                continue;
            }
            if c + 1 < grid.cols && empty(r, c + 1) {
                out.push(((r, c), (r, c + 1)));
            }
            if r + 1 < grid.rows && empty(r + 1, c) {
                out.push(((r, c), (r + 1, c)));
            }
        }
    }
    out
}

fn placed(grid: &Grid, (a, b): ((usize, usize), (usize, usize))) -> Grid {
    let mut after = grid.clone();
    after.set(a.0, a.1, FILLED);
    after.set(b.0, b.1, FILLED);
    after
}

/// Grundy values of connected areas, by their normal form.
struct Areas<'a> {
    values: FxHashMap<Grid, u64>,
    budget: &'a Budget,
}

impl Areas<'_> {
    /// The value of a board: the nim-sum of its areas'.
    fn board(&mut self, grid: &Grid) -> Result<u64, SolveError> {
        let mut total = 0;
        for area in grid.areas(|c| c == EMPTY, FILLED) {
            if area.cells.len() >= 2 {
                total ^= self.area(&area)?;
            }
        }
        Ok(total)
    }

    /// The value of one connected area, cropped, from its placements.
    fn area(&mut self, area: &Grid) -> Result<u64, SolveError> {
        // The least of the cropped area's eight images: the memo's key.
        let key = area.least_image(&ALL_SYMMETRIES);
        if let Some(&g) = self.values.get(&key) {
            return Ok(g);
        }
        self.budget.check_positions(self.values.len() as u64 + 1)?;
        let mut options = Vec::new();
        for p in placements(&key) {
            options.push(self.board(&placed(&key, p))?);
        }
        let g = mex(&mut options);
        self.values.insert(key, g);
        Ok(g)
    }
}

impl Component for CramBoard {
    fn ruleset(&self) -> String {
        "cram".to_string()
    }

    fn args(&self) -> String {
        format!("\"{}\"", self.text())
    }

    fn key(&self) -> Key {
        let board = self.grid.cropped(|c| c == EMPTY);
        Key::new("cram", board.key_words(&ALL_SYMMETRIES))
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Impartial(self)
    }
}

impl Impartial for CramBoard {
    fn moves(&self, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        let all = placements(&self.grid);
        check_move_count(all.len() as u64, budget)?;
        Ok(all
            .into_iter()
            .map(|p @ ((r, c), (r2, c2))| {
                let way = if r == r2 { "horizontal" } else { "vertical" };
                let label = format!("place a {way} domino on ({r}, {c}) and ({r2}, {c2})");
                let grid = placed(&self.grid, p);
                Move::new(MoveLabel::Words(label), Arc::new(CramBoard { grid }))
            })
            .collect())
    }

    fn grundy(&self, budget: &Budget) -> Result<Nimber, SolveError> {
        let mut areas = Areas {
            values: FxHashMap::default(),
            budget,
        };
        Ok(Nimber(areas.board(&self.grid)?))
    }
}

fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    let shape = "board in quotes, rows split by |, like \"..|.#\"";
    read_boards(c, shape, &LETTERS, |grid| Arc::new(CramBoard { grid }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_game::grundy_by_mex;

    fn grundy(text: &str) -> u64 {
        let p = crate::tests::parse(text).unwrap();
        let mut g = 0;
        for c in p.components() {
            g ^= c.grundy(&Budget::DEFAULT).unwrap().0;
        }
        g
    }

    #[test]
    fn cgsuites_published_value() {
        // CGSuite's GameGridTest.scala (commit e909ab8b):
        // Cram(".........|##.######").CanonicalForm is *4.
        assert_eq!(grundy("cram(\".........|##.######\")"), 4);
    }

    #[test]
    fn strips_are_dawsons_kayles() {
        // A 1 × n strip: a domino takes two neighbouring cells of a row,
        // which is the octal game 0.07 (Dawson's Kayles in Winning Ways'
        // sense, ch. 4) on a heap of n; its values come from the octal
        // engine, which knows nothing of boards.
        for n in 1..=40 {
            let strip = ".".repeat(n);
            let octal = grundy(&format!("octal[0.07]({n})"));
            assert_eq!(grundy(&format!("cram(\"{strip}\")")), octal, "1 × {n}");
            let column = vec!["."; n].join("|");
            assert_eq!(grundy(&format!("cram(\"{column}\")")), octal, "{n} × 1");
        }
    }

    #[test]
    fn symmetric_boards_are_second_player_wins() {
        // Winning Ways, ch. 13 (Gardner's strategy): on an even × even
        // board the second player answers every domino with its image
        // under the half turn, so the value is 0; on an even × odd board
        // the first player takes the two centre cells and then mirrors, so
        // it is not 0.
        for (rows, cols) in [(2, 2), (2, 4), (4, 4), (2, 6), (4, 2)] {
            let board = vec![".".repeat(cols); rows].join("|");
            assert_eq!(grundy(&format!("cram(\"{board}\")")), 0, "{rows} × {cols}");
        }
        for (rows, cols) in [(2, 3), (2, 5), (4, 3), (2, 7)] {
            let board = vec![".".repeat(cols); rows].join("|");
            assert_ne!(grundy(&format!("cram(\"{board}\")")), 0, "{rows} × {cols}");
        }
    }

    #[test]
    fn areas_valued_apart_agree_with_the_search_of_the_whole_board() {
        // Every board of up to 12 cells of these shapes, any cells
        // filled: the nim-sum of the areas' values against the mex
        // recursion over the whole board's moves (no split into areas).
        let mut checked = 0;
        for (rows, cols) in [(1, 5), (2, 2), (2, 3), (3, 3), (2, 5), (3, 4), (4, 3)] {
            let n = rows * cols;
            for mask in 0u32..(1 << n) {
                let filled: Vec<bool> = (0..n).map(|i| mask >> i & 1 == 1).collect();
                let board = CramBoard::new(rows, cols, filled);
                let whole = grundy_by_mex(&board, &Budget::DEFAULT).unwrap();
                assert_eq!(
                    board.grundy(&Budget::DEFAULT).unwrap(),
                    whole,
                    "{}",
                    board.text()
                );
                checked += 1;
            }
        }
        assert_eq!(checked, 32 + 16 + 64 + 512 + 1024 + 4096 + 4096);
    }

    #[test]
    fn all_eight_symmetries_share_a_key() {
        let key = |text: &str| crate::tests::parse(text).unwrap().components()[0].key();
        assert_eq!(key("cram(\"..#|...\")"), key("cram(\"#..|...\")"));
        assert_eq!(key("cram(\"...\")"), key("cram(\".|.|.\")"));
        assert_eq!(key("cram(\"##..|##..\")"), key("cram(\"..|..\")"));
        assert_ne!(key("cram(\"...\")"), key("cram(\"..\")"));
    }

    #[test]
    fn moves_cover_both_directions() {
        let p = crate::tests::parse("cram(\"..|.#\")").unwrap();
        let moves = p.components()[0].moves(&Budget::DEFAULT).unwrap();
        let to: Vec<String> = moves.iter().map(|m| m.to[0].text()).collect();
        assert_eq!(to, ["cram(\"##|.#\")", "cram(\"#.|##\")"]);
    }
}
