//! Ski-Jumps (Berlekamp, Conway and Guy, *Winning Ways*, ch. 3; cgt-tools'
//! `SkiJumps`): a board of skiers, `L` Left's jumpers and `l` her
//! slippers, `R` Right's jumpers and `r` his slippers, `.` empty. Left's
//! skiers go east, Right's west: a move slides one of your skiers any
//! number of empty cells along its row, possibly off the board; or a
//! jumper jumps straight down over an opponent's skier directly below it
//! into the empty cell beyond, and the skier jumped over becomes a
//! slipper, which never jumps. Whoever cannot move loses.
//! `skijumps("L....|....R|.....")`: rows top first, `|` between rows.
//!
//! The board is one game (a jump links neighbouring rows), and its
//! [`Key`] is the board itself: reflecting it left to right exchanges the
//! players' directions, so it gives the negative (with the colours
//! swapped), and reflecting it top to bottom changes which way jumps go.

use std::sync::Arc;

use crate::budget::Budget;
use crate::error::{ParseError, SolveError};
use crate::game::{Component, Key, Kind, Move, MoveLabel, Partizan, Side};
use crate::syntax::ComponentSyntax;

use super::common::{Ruleset, check_move_count, quoted_components};
use super::grid::Grid;

pub(super) const RULESET: Ruleset = Ruleset {
    name: "skijumps",
    syntax: "skijumps(\"L...|..R.\", ...)   rows top first split by |, L/l Left's jumper/slipper (going east), \
             R/r Right's (going west), . empty",
    rule: "partizan: slide one of your skiers along its row (Left east, Right west) over empty cells, off the board \
           if you like, or jump a jumper down over an opposing skier below into the empty cell beyond, \
           making that skier a slipper",
    example: "skijumps(\"L....|....R|l....\")",
    heaps_interact: false,
    build,
    family: None,
    sum_rule: None,
};

const EMPTY: u8 = 0;
const LEFT_JUMPER: u8 = 1;
const LEFT_SLIPPER: u8 = 2;
const RIGHT_JUMPER: u8 = 3;
const RIGHT_SLIPPER: u8 = 4;
const LETTERS: [(char, u8); 5] = [
    ('.', EMPTY),
    ('L', LEFT_JUMPER),
    ('l', LEFT_SLIPPER),
    ('R', RIGHT_JUMPER),
    ('r', RIGHT_SLIPPER),
];

fn owner(cell: u8) -> Option<Side> {
    match cell {
        LEFT_JUMPER | LEFT_SLIPPER => Some(Side::Left),
        RIGHT_JUMPER | RIGHT_SLIPPER => Some(Side::Right),
        _ => None,
    }
}

/// One move of a skier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ski {
    /// Slide along the row to the column, or off the board (`None`).
    Slide(Option<usize>),
    /// Jump down over the skier below.
    Jump,
}

/// A Ski-Jumps board.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SkiJumpsBoard {
    grid: Grid,
}

impl SkiJumpsBoard {
    /// The board as written.
    pub fn text(&self) -> String {
        self.grid.text(&LETTERS)
    }

    /// The moves of `side`: the skier's cell and what it does, by the
    /// cell, then slides nearest first, then the jump.
    fn skis(&self, side: Side) -> Vec<((usize, usize), Ski)> {
        let g = &self.grid;
        let mut out = Vec::new();
        for r in 0..g.rows {
            for c in 0..g.cols {
                let cell = g.get(r, c);
                if owner(cell) != Some(side) {
                    continue;
                }
                let mut at = c;
                loop {
                    let next = match side {
                        Side::Left => (at + 1 < g.cols).then_some(at + 1),
                        Side::Right => at.checked_sub(1),
                    };
                    match next {
                        None => {
                            out.push(((r, c), Ski::Slide(None)));
                            break;
                        }
                        Some(n) if g.get(r, n) == EMPTY => {
                            out.push(((r, c), Ski::Slide(Some(n))));
                            at = n;
                        }
                        Some(_) => break,
                    }
                }
                let jumper = matches!(cell, LEFT_JUMPER | RIGHT_JUMPER);
                if jumper
                    && r + 2 < g.rows
                    && owner(g.get(r + 1, c)) == Some(side.other())
                    && g.get(r + 2, c) == EMPTY
                {
                    out.push(((r, c), Ski::Jump));
                }
            }
        }
        out
    }

    fn ski(&self, (r, c): (usize, usize), ski: Ski) -> Move {
        let mut grid = self.grid.clone();
        let skier = grid.get(r, c);
        grid.set(r, c, EMPTY);
        let label = match ski {
            Ski::Slide(Some(to)) => {
                grid.set(r, to, skier);
                format!("the skier on ({r}, {c}) slides to ({r}, {to})")
            }
            Ski::Slide(None) => format!("the skier on ({r}, {c}) slides off the board"),
            Ski::Jump => {
                let slipper = match owner(skier) {
                    Some(Side::Left) => RIGHT_SLIPPER,
                    _ => LEFT_SLIPPER,
                };
                grid.set(r + 1, c, slipper);
                grid.set(r + 2, c, skier);
                format!("the jumper on ({r}, {c}) jumps to ({}, {c})", r + 2)
            }
        };
        Move::new(MoveLabel::Words(label), Arc::new(SkiJumpsBoard { grid }))
    }
}

impl Component for SkiJumpsBoard {
    fn ruleset(&self) -> String {
        "skijumps".to_string()
    }

    fn args(&self) -> String {
        format!("\"{}\"", self.text())
    }

    fn key(&self) -> Key {
        let g = &self.grid;
        Key::new(
            "skijumps",
            [g.rows as u64, g.cols as u64]
                .into_iter()
                .chain(Key::pack(&g.cells)),
        )
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Partizan(self)
    }
}

impl Partizan for SkiJumpsBoard {
    fn moves(&self, side: Side, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        let skis = self.skis(side);
        check_move_count(skis.len() as u64, budget)?;
        Ok(skis
            .into_iter()
            .map(|(from, ski)| self.ski(from, ski))
            .collect())
    }
}

fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    quoted_components(
        c,
        "board in quotes, rows split by |, like \"L...|..R.\"",
        |text, at, span| {
            let grid = Grid::parse(text, at, &LETTERS, span)?;
            Ok(Arc::new(SkiJumpsBoard { grid }) as Arc<dyn Component>)
        },
    )
}

#[cfg(test)]
mod tests {
    use super::super::tests::{assert_value_agrees_with_search, canonical_text as value};
    use super::*;
    use crate::position::Position;

    fn board(text: &str) -> SkiJumpsBoard {
        let p = Position::parse(&format!("skijumps(\"{text}\")")).unwrap();
        p.components()[0]
            .downcast_ref::<SkiJumpsBoard>()
            .unwrap()
            .clone()
    }

    /// The board mirrored left to right with the colours swapped: the
    /// negative.
    fn mirrored(text: &str) -> String {
        text.split('|')
            .map(|row| {
                row.chars()
                    .rev()
                    .map(|c| match c {
                        'L' => 'R',
                        'l' => 'r',
                        'R' => 'L',
                        'r' => 'l',
                        c => c,
                    })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("|")
    }

    #[test]
    fn winning_ways_examples() {
        // Winning Ways ch. 3, as cgt-tools (t4ccer/cgt-tools) tests them in
        // cgt/short/partizan/games/ski_jumps.rs, `winning_ways_examples`.
        for (text, expected) in [
            ("...L....|..R.....|........", "2"),
            ("........|...l....|.......R|........|......L.", "-1"),
            (".L...|.R...|.....", "5/2"),
            ("...R.|...L.|.....", "-5/2"),
            ("L....|....R|.....", "1/2"),
            ("L....|R....|.....", "9/2"),
            ("L....|....R|l....", "5"),
        ] {
            assert_eq!(value(&format!("skijumps(\"{text}\")")), expected, "{text}");
        }
    }

    #[test]
    fn small_boards_by_hand() {
        // A lone skier is worth the moves it has left: L.. is 3 (two
        // slides and the slide off), ..r is -3.
        assert_eq!(value("skijumps(\"L..\")"), "3");
        assert_eq!(value("skijumps(\"..r\")"), "-3");
        let moves = board("L.|R.|..")
            .moves(Side::Left, &Budget::DEFAULT)
            .unwrap();
        let described: Vec<String> = moves.iter().map(|m| m.description()).collect();
        assert_eq!(
            described,
            [
                "the skier on (0, 0) slides to (0, 1)",
                "the skier on (0, 0) slides off the board",
                "the jumper on (0, 0) jumps to (2, 0)",
            ]
        );
        // The jumper lands two rows down; the skier jumped is a slipper.
        assert_eq!(moves[2].to[0].args(), "\"..|r.|L.\"");
    }

    #[test]
    fn the_mirror_image_with_colours_swapped_is_the_negative() {
        for text in [
            "L..|.R.|...",
            "L....|R....|.....",
            ".L.r|R.l.|....",
            "L.R|r.L|...",
        ] {
            assert_eq!(
                value(&format!("skijumps(\"{text}\", \"{}\")", mirrored(text))),
                "0",
                "{text}"
            );
        }
    }

    #[test]
    fn canonical_outcomes_agree_with_the_search_on_every_small_board() {
        // Every board of 1 × 4, 2 × 3 and 3 × 2 cells, each cell empty or
        // any of the four skiers (5^4 + 5^6 + 5^6): the class from the
        // canonical value against a search of the whole board.
        let mut checked = 0;
        for (rows, cols) in [(1, 4), (2, 3), (3, 2)] {
            let n = rows * cols;
            for code in 0..5usize.pow(n as u32) {
                let cells: Vec<u8> = (0..n)
                    .map(|i| (code / 5usize.pow(i as u32) % 5) as u8)
                    .collect();
                assert_value_agrees_with_search(Arc::new(SkiJumpsBoard {
                    grid: Grid { rows, cols, cells },
                }));
                checked += 1;
            }
        }
        assert_eq!(checked, 625 + 2 * 15_625);
    }

    #[test]
    fn bad_boards_are_parse_errors() {
        assert!(Position::parse("skijumps(\"L.|L\")").is_err());
        let e = Position::parse("skijumps(\"Lx\")").unwrap_err();
        assert_eq!(e.span, 11..12);
        assert!(Position::parse("skijumps(2)").is_err());
        assert!(Position::parse("skijumps()").is_err());
    }
}
