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

use std::sync::Arc;

use crate::budget::Budget;
use crate::error::{ParseError, SolveError};
use crate::game::{Component, Key, Kind, Move, MoveLabel, Partizan, Side};
use crate::syntax::ComponentSyntax;

use super::common::{Ruleset, check_move_count, quoted_components};
use super::grid::{ALL_SYMMETRIES, Grid};

pub(super) const RULESET: Ruleset = Ruleset {
    name: "konane",
    syntax: "konane(\"..ox|o..x\", ...)   rows top first split by |, x Left's stones, o Right's, . empty, # no cell",
    rule: "partizan: jump one of your stones over an adjacent stone of the other player into the empty cell beyond, \
           removing it; further jumps in the same direction may follow",
    example: "konane(\".ox.|o..x|....\")",
    heaps_interact: false,
    build,
    family: None,
    sum_rule: None,
};

const EMPTY: u8 = 0;
const LEFT: u8 = 1;
const RIGHT: u8 = 2;
const BLOCKED: u8 = 3;
const LETTERS: [(char, u8); 4] = [('.', EMPTY), ('x', LEFT), ('o', RIGHT), ('#', BLOCKED)];

/// A cell: row, column.
type Cell = (usize, usize);

/// A direction: rows and columns per step.
type Direction = (isize, isize);

/// The directions of a jump: up, left, right, down.
const DIRECTIONS: [Direction; 4] = [(-1, 0), (0, -1), (0, 1), (1, 0)];

/// A Konane board.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct KonaneBoard {
    grid: Grid,
}

impl KonaneBoard {
    /// The board as written.
    pub fn text(&self) -> String {
        self.grid.text(&LETTERS)
    }

    /// The cell `k` steps from `(r, c)` in direction `d`, if on the board.
    fn step(&self, (r, c): (usize, usize), d: (isize, isize), k: usize) -> Option<(usize, usize)> {
        let r = r.checked_add_signed(d.0.checked_mul(k as isize)?)?;
        let c = c.checked_add_signed(d.1.checked_mul(k as isize)?)?;
        (r < self.grid.rows && c < self.grid.cols).then_some((r, c))
    }

    /// The jumps of `side`: the stone's cell, the direction and the number
    /// of stones jumped over, by the cell, then up, left, right, down,
    /// then the length.
    fn jumps(&self, side: Side) -> Vec<(Cell, Direction, usize)> {
        let (own, other) = match side {
            Side::Left => (LEFT, RIGHT),
            Side::Right => (RIGHT, LEFT),
        };
        let g = &self.grid;
        let mut out = Vec::new();
        for r in 0..g.rows {
            for c in 0..g.cols {
                if g.get(r, c) != own {
                    continue;
                }
                for d in DIRECTIONS {
                    let mut n = 0;
                    while let (Some(over), Some(to)) = (
                        self.step((r, c), d, 2 * n + 1),
                        self.step((r, c), d, 2 * n + 2),
                    ) {
                        if g.get(over.0, over.1) != other || g.get(to.0, to.1) != EMPTY {
                            break;
                        }
                        n += 1;
                        out.push(((r, c), d, n));
                    }
                }
            }
        }
        out
    }

    fn jump(&self, from: (usize, usize), d: (isize, isize), n: usize) -> Move {
        let mut grid = self.grid.clone();
        let stone = grid.get(from.0, from.1);
        grid.set(from.0, from.1, EMPTY);
        for k in 1..=n {
            let over = self.step(from, d, 2 * k - 1).expect("on the board");
            grid.set(over.0, over.1, EMPTY);
        }
        let to = self.step(from, d, 2 * n).expect("on the board");
        grid.set(to.0, to.1, stone);
        let captures = if n == 1 {
            "1 stone".to_string()
        } else {
            format!("{n} stones")
        };
        let label = format!(
            "the stone on ({}, {}) jumps to ({}, {}), taking {captures}",
            from.0, from.1, to.0, to.1
        );
        Move::new(MoveLabel::Words(label), Arc::new(KonaneBoard { grid }))
    }
}

impl Component for KonaneBoard {
    fn ruleset(&self) -> String {
        "konane".to_string()
    }

    fn args(&self) -> String {
        format!("\"{}\"", self.text())
    }

    fn key(&self) -> Key {
        let board = self.grid.cropped(|c| c != BLOCKED);
        Key::new("konane", board.key_words(&ALL_SYMMETRIES))
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Partizan(self)
    }
}

impl Partizan for KonaneBoard {
    fn moves(&self, side: Side, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        let jumps = self.jumps(side);
        check_move_count(jumps.len() as u64, budget)?;
        Ok(jumps
            .into_iter()
            .map(|(from, d, n)| self.jump(from, d, n))
            .collect())
    }
}

fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    quoted_components(
        c,
        "board in quotes, rows split by |, like \".ox.|o..x\"",
        |text, at, span| {
            let grid = Grid::parse(text, at, &LETTERS, span)?;
            Ok(Arc::new(KonaneBoard { grid }) as Arc<dyn Component>)
        },
    )
}

#[cfg(test)]
mod tests {
    use super::super::tests::{assert_value_agrees_with_search, canonical_text as value};
    use super::*;
    use crate::position::Position;

    fn board(text: &str) -> KonaneBoard {
        let p = Position::parse(&format!("konane(\"{text}\")")).unwrap();
        p.components()[0]
            .downcast_ref::<KonaneBoard>()
            .unwrap()
            .clone()
    }

    #[test]
    fn cgt_tools_published_values_and_moves() {
        // cgt-tools (t4ccer/cgt-tools), cgt/short/partizan/games/konane.rs,
        // tests `values` ({1|-1} is our ±1), `left_moves` and `right_moves`.
        assert_eq!(value("konane(\"..ox\")"), "1");
        assert_eq!(value("konane(\".ox.\")"), "*");
        assert_eq!(value("konane(\".ox.|o..x|....\")"), "±1");
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
        let swap = |s: &str| -> String {
            s.chars()
                .map(|c| match c {
                    'x' => 'o',
                    'o' => 'x',
                    c => c,
                })
                .collect()
        };
        let mut expected: Vec<String> = expected.iter().map(|s| swap(s)).collect();
        expected.sort();
        assert_eq!(
            after(".....|..x..|.xox.|..x..|.....|..x..|.....", Side::Right),
            expected
        );
    }

    #[test]
    fn small_boards_by_hand() {
        // xo.: Left jumps to the end and nobody moves again, o cannot
        // jump off the board: {0|} = 1. In xo.o. Left's single jump leaves
        // ..xo. = {0|0} = *, the double jump leaves 0, and Right has no
        // move: {0, *|} = 1. A cell beyond the board or blocked stops a jump.
        assert_eq!(value("konane(\"xo.\")"), "1");
        assert_eq!(value("konane(\"..xo.\")"), "*");
        assert_eq!(value("konane(\"xo.o.\")"), "1");
        assert_eq!(value("konane(\"xo#\")"), "0");
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
        for text in ["xo.|ox.|...", ".ox.|o..x|....", "xoxo.|.o...|x.o.x"] {
            let swapped: String = text
                .chars()
                .map(|c| match c {
                    'x' => 'o',
                    'o' => 'x',
                    c => c,
                })
                .collect();
            assert_eq!(
                value(&format!("konane(\"{text}\", \"{swapped}\")")),
                "0",
                "{text}"
            );
        }
    }

    #[test]
    fn canonical_outcomes_agree_with_the_search_on_every_small_board() {
        // Every board of 1 × 6, 2 × 3 and 3 × 3 cells, each cell empty, x
        // or o (3^6 + 3^6 + 3^9): the class from the canonical value
        // against a search of the whole board.
        let mut checked = 0;
        for (rows, cols) in [(1, 6), (2, 3), (3, 3)] {
            let n = rows * cols;
            for code in 0..3usize.pow(n as u32) {
                let cells: Vec<u8> = (0..n)
                    .map(|i| (code / 3usize.pow(i as u32) % 3) as u8)
                    .collect();
                assert_value_agrees_with_search(Arc::new(KonaneBoard {
                    grid: Grid { rows, cols, cells },
                }));
                checked += 1;
            }
        }
        assert_eq!(checked, 729 + 729 + 19_683);
    }

    #[test]
    fn bad_boards_are_parse_errors() {
        assert!(Position::parse("konane(\"xo|x\")").is_err());
        let e = Position::parse("konane(\"xT\")").unwrap_err();
        assert_eq!(e.span, 9..10);
        assert!(Position::parse("konane(2)").is_err());
        assert!(Position::parse("konane()").is_err());
    }
}
