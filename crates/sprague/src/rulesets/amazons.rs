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

use std::sync::Arc;

use crate::budget::Budget;
use crate::error::{ParseError, SolveError};
use crate::game::{Component, Key, Kind, Move, MoveLabel, Partizan, Side};
use crate::syntax::ComponentSyntax;

use super::common::{Ruleset, check_move_count, quoted_components};
use super::grid::{ALL_SYMMETRIES, Grid};

pub(super) const RULESET: Ruleset = Ruleset {
    name: "amazons",
    syntax: "amazons(\"x...|o...\", ...)   rows top first split by |, x Left's amazons, o Right's, . empty, # burnt",
    rule: "partizan: move one of your amazons like a chess queen, then shoot an arrow from it like a queen; \
           the arrow burns the cell it lands on",
    example: "amazons(\"x..#|....|.#.o\")",
    heaps_interact: false,
    build,
    family: None,
    sum_rule: None,
};

const EMPTY: u8 = 0;
const LEFT: u8 = 1;
const RIGHT: u8 = 2;
const BURNT: u8 = 3;
const LETTERS: [(char, u8); 4] = [('.', EMPTY), ('x', LEFT), ('o', RIGHT), ('#', BURNT)];

/// The eight directions of a queen, clockwise from up.
const DIRECTIONS: [(isize, isize); 8] = [
    (-1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
];

type Cell = (usize, usize);

/// An Amazons board.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AmazonsBoard {
    grid: Grid,
}

impl AmazonsBoard {
    /// The board as written.
    pub fn text(&self) -> String {
        self.grid.text(&LETTERS)
    }

    /// The cells a queen on `from` reaches on `grid` in direction `d`,
    /// nearest first: empty cells, up to the first that is not.
    fn line(grid: &Grid, from: Cell, d: (isize, isize)) -> Vec<Cell> {
        let mut out = Vec::new();
        let mut at = from;
        while let (Some(r), Some(c)) = (at.0.checked_add_signed(d.0), at.1.checked_add_signed(d.1))
        {
            if r >= grid.rows || c >= grid.cols || grid.get(r, c) != EMPTY {
                break;
            }
            at = (r, c);
            out.push(at);
        }
        out
    }

    /// The moves of `side`: (amazon, landing cell, arrow), by the amazon's
    /// cell, then the direction and distance of its move, then those of
    /// the arrow.
    fn plays(&self, side: Side) -> Vec<(Cell, Cell, Cell)> {
        let own = match side {
            Side::Left => LEFT,
            Side::Right => RIGHT,
        };
        let mut out = Vec::new();
        for r in 0..self.grid.rows {
            for c in 0..self.grid.cols {
                if self.grid.get(r, c) != own {
                    continue;
                }
                let mut lifted = self.grid.clone();
                lifted.set(r, c, EMPTY);
                for d in DIRECTIONS {
                    for to in Self::line(&lifted, (r, c), d) {
                        for e in DIRECTIONS {
                            for arrow in Self::line(&lifted, to, e) {
                                out.push(((r, c), to, arrow));
                            }
                        }
                    }
                }
            }
        }
        out
    }

    fn play(&self, from: Cell, to: Cell, arrow: Cell) -> Move {
        let mut grid = self.grid.clone();
        let amazon = grid.get(from.0, from.1);
        grid.set(from.0, from.1, EMPTY);
        grid.set(to.0, to.1, amazon);
        grid.set(arrow.0, arrow.1, BURNT);
        let label = format!(
            "the amazon on ({}, {}) moves to ({}, {}) and shoots ({}, {})",
            from.0, from.1, to.0, to.1, arrow.0, arrow.1
        );
        Move::new(MoveLabel::Words(label), Arc::new(AmazonsBoard { grid }))
    }

    /// The areas of unburnt cells joined side by side or corner to corner,
    /// each cropped, in the order of their first cells.
    fn areas(&self) -> Vec<Grid> {
        let g = &self.grid;
        let mut seen = vec![false; g.cells.len()];
        let mut areas = Vec::new();
        let mut stack = Vec::new();
        for start in 0..g.cells.len() {
            if seen[start] || g.cells[start] == BURNT {
                continue;
            }
            let mut cells = vec![BURNT; g.cells.len()];
            seen[start] = true;
            stack.push(start);
            while let Some(i) = stack.pop() {
                cells[i] = g.cells[i];
                let (r, c) = (i / g.cols, i % g.cols);
                for d in DIRECTIONS {
                    if let (Some(r), Some(c)) =
                        (r.checked_add_signed(d.0), c.checked_add_signed(d.1))
                        && r < g.rows
                        && c < g.cols
                    {
                        let j = r * g.cols + c;
                        if !seen[j] && g.cells[j] != BURNT {
                            seen[j] = true;
                            stack.push(j);
                        }
                    }
                }
            }
            let area = Grid {
                rows: g.rows,
                cols: g.cols,
                cells,
            };
            areas.push(area.cropped(|c| c != BURNT));
        }
        areas
    }
}

impl Component for AmazonsBoard {
    fn ruleset(&self) -> String {
        "amazons".to_string()
    }

    fn args(&self) -> String {
        format!("\"{}\"", self.text())
    }

    fn key(&self) -> Key {
        let board = self.grid.cropped(|c| c != BURNT);
        Key::new("amazons", board.key_words(&ALL_SYMMETRIES))
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Partizan(self)
    }
}

impl Partizan for AmazonsBoard {
    fn moves(&self, side: Side, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        let plays = self.plays(side);
        check_move_count(plays.len() as u64, budget)?;
        Ok(plays
            .into_iter()
            .map(|(from, to, arrow)| self.play(from, to, arrow))
            .collect())
    }

    fn regions(&self) -> Option<Vec<Arc<dyn Component>>> {
        let areas = self.areas();
        let n_areas = areas.len();
        let with_amazons: Vec<Grid> = areas
            .into_iter()
            .filter(|a| a.cells.iter().any(|&c| c == LEFT || c == RIGHT))
            .collect();
        (n_areas > 1 || with_amazons.is_empty() && n_areas == 1).then(|| {
            with_amazons
                .into_iter()
                .map(|grid| Arc::new(AmazonsBoard { grid }) as Arc<dyn Component>)
                .collect()
        })
    }
}

fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    quoted_components(
        c,
        "board in quotes, rows split by |, like \"x..|..o\"",
        |text, at, span| {
            let grid = Grid::parse(text, at, &LETTERS, span)?;
            Ok(Arc::new(AmazonsBoard { grid }) as Arc<dyn Component>)
        },
    )
}

#[cfg(test)]
mod tests {
    use super::super::tests::{assert_value_agrees_with_search, canonical_text as value};
    use super::*;
    use crate::position::Position;

    fn board(text: &str) -> AmazonsBoard {
        let p = Position::parse(&format!("amazons(\"{text}\")")).unwrap();
        p.components()[0]
            .downcast_ref::<AmazonsBoard>()
            .unwrap()
            .clone()
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
    fn small_boards_by_hand() {
        // x. : Left moves and has nowhere to shoot (the cell left is the
        // only empty one, so she shoots it): x. -> #x, 0; Right has no
        // amazon: {0|} = 1. x.. gives Left two moves to 0 or 1.
        assert_eq!(value("amazons(\"x.\")"), "1");
        assert_eq!(value("amazons(\"x\")"), "0");
        assert_eq!(value("amazons(\"x#.\")"), "0");
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
        // Areas cut off by burnt cells are a sum; corners join them.
        assert_eq!(value("amazons(\"x.#o.\")"), "0");
        assert_eq!(value("amazons(\"x.#|##.\")"), value("amazons(\"x..\")"));
    }

    #[test]
    fn symmetric_boards_share_a_key_and_swapped_colours_are_the_negative() {
        let key = |text: &str| board(text).key();
        assert_eq!(key("x..|..o"), key("o..|..x"));
        assert_eq!(key("x.."), key("x|.|."));
        assert_eq!(key("x..|###"), key("x.."));
        assert_ne!(key("x.."), key(".x."));
        for text in ["x...|o...", "x.#|..o", "xo.|...", "x..o|#..."] {
            let swapped: String = text
                .chars()
                .map(|c| match c {
                    'x' => 'o',
                    'o' => 'x',
                    c => c,
                })
                .collect();
            assert_eq!(
                value(&format!("amazons(\"{text}\", \"{swapped}\")")),
                "0",
                "{text}"
            );
        }
    }

    #[test]
    fn canonical_outcomes_agree_with_the_search_on_every_small_board() {
        // Every board of 1 × 6 and 2 × 3 cells, each cell empty, burnt, x
        // or o (4^6 each): the class from the canonical value (areas
        // valued apart) against a search of the whole board.
        let mut checked = 0;
        for (rows, cols) in [(1, 6), (2, 3)] {
            let n = rows * cols;
            for code in 0..4usize.pow(n as u32) {
                let cells: Vec<u8> = (0..n).map(|i| (code >> (2 * i) & 3) as u8).collect();
                assert_value_agrees_with_search(Arc::new(AmazonsBoard {
                    grid: Grid { rows, cols, cells },
                }));
                checked += 1;
            }
        }
        assert_eq!(checked, 2 * 4096);
    }

    #[test]
    fn bad_boards_are_parse_errors() {
        assert!(Position::parse("amazons(\"x.|x\")").is_err());
        let e = Position::parse("amazons(\"xQ\")").unwrap_err();
        assert_eq!(e.span, 10..11);
        assert!(Position::parse("amazons(2)").is_err());
        assert!(Position::parse("amazons()").is_err());
    }
}
