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

use sprague_game::Side;

use crate::boards::grid::{Board, BoardRules, Cell, Form, Grid, IDENTITY};
use crate::common::Ruleset;

pub(crate) const RULESET: Ruleset = SkiJumpsBoard::ruleset(
    "skijumps(\"L...|..R.\", ...)   rows top first split by |, L/l Left's jumper/slipper (going east), \
             R/r Right's (going west), . empty",
    "partizan: slide one of your skiers along its row (Left east, Right west) over empty cells, off the board \
           if you like, or jump a jumper down over an opposing skier below into the empty cell beyond, \
           making that skier a slipper",
    "skijumps(\"L....|....R|l....\")",
);

const EMPTY: u8 = 0;
const LEFT_JUMPER: u8 = 1;
const LEFT_SLIPPER: u8 = 2;
const RIGHT_JUMPER: u8 = 3;
const RIGHT_SLIPPER: u8 = 4;

fn owner(cell: u8) -> Option<Side> {
    match cell {
        LEFT_JUMPER | LEFT_SLIPPER => Some(Side::Left),
        RIGHT_JUMPER | RIGHT_SLIPPER => Some(Side::Right),
        _ => None,
    }
}

/// One move of a skier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ski {
    /// Slide along the row to the column, or off the board (`None`).
    Slide(Option<usize>),
    /// Jump down over the skier below.
    Jump,
}

/// The rules of Ski-Jumps.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SkiJumps;

/// A Ski-Jumps board.
pub type SkiJumpsBoard = Board<SkiJumps>;

/// Each cell's letter and code.
const LETTERS: &[(char, u8)] = &[
    ('.', EMPTY),
    ('L', LEFT_JUMPER),
    ('l', LEFT_SLIPPER),
    ('R', RIGHT_JUMPER),
    ('r', RIGHT_SLIPPER),
];

impl BoardRules for SkiJumps {
    const NAME: &'static str = "skijumps";
    const SHAPE: &'static str = "board in quotes, rows split by |, like \"L...|..R.\"";

    /// The skier's cell and what it does: by the cell, then slides nearest
    /// first, then the jump.
    type Play = (Cell, Ski);

    fn form(&self) -> Form {
        Form::whole(LETTERS, &IDENTITY, None)
    }

    fn plays(&self, g: &Grid, side: Side) -> Vec<Self::Play> {
        let east = match side {
            Side::Left => (0, 1),
            Side::Right => (0, -1),
        };
        let mut out = Vec::new();
        for (r, c) in (0..g.rows).flat_map(|r| (0..g.cols).map(move |c| (r, c))) {
            let cell = g.get(r, c);
            if owner(cell) != Some(side) {
                continue;
            }
            let mut last = (r, c);
            for to in g.run((r, c), east, EMPTY) {
                out.push(((r, c), Ski::Slide(Some(to.1))));
                last = to;
            }
            if g.step(last, east, 1).is_none() {
                out.push(((r, c), Ski::Slide(None)));
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
        out
    }

    fn play(&self, g: &mut Grid, _: Side, ((r, c), ski): Self::Play) -> String {
        let skier = g.get(r, c);
        g.set(r, c, EMPTY);
        match ski {
            Ski::Slide(Some(to)) => {
                g.set(r, to, skier);
                format!("the skier on ({r}, {c}) slides to ({r}, {to})")
            }
            Ski::Slide(None) => format!("the skier on ({r}, {c}) slides off the board"),
            Ski::Jump => {
                let slipper = match owner(skier) {
                    Some(Side::Left) => RIGHT_SLIPPER,
                    _ => LEFT_SLIPPER,
                };
                g.set(r + 1, c, slipper);
                g.set(r + 2, c, skier);
                format!("the jumper on ({r}, {c}) jumps to ({}, {c})", r + 2)
            }
        }
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
    use sprague_game::Partizan;

    fn board(text: &str) -> SkiJumpsBoard {
        crate::tests::board::<SkiJumps>(text)
    }

    /// The board mirrored left to right with the colours swapped: the
    /// negative.
    fn mirrored(text: &str) -> String {
        let reversed: Vec<String> = text
            .split('|')
            .map(|row| row.chars().rev().collect())
            .collect();
        swapped(&reversed.join("|"), &[('L', 'R'), ('l', 'r')])
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
    fn a_skier_slides_and_a_jumper_jumps() {
        // (The values of small boards are in tests/data/partizan/by-hand.txt.)
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
        let texts = [
            "L..|.R.|...",
            "L....|R....|.....",
            ".L.r|R.l.|....",
            "L.R|r.L|...",
        ];
        assert_negatives("skijumps", &texts, mirrored);
    }

    #[test]
    fn canonical_outcomes_agree_with_the_search_on_every_small_board() {
        // Every board of 1 × 4, 2 × 3 and 3 × 2 cells, each cell empty or
        // any of the four skiers (5^4 + 5^6 + 5^6): the class from the
        // canonical value against a search of the whole board.
        let skiers = [
            EMPTY,
            LEFT_JUMPER,
            LEFT_SLIPPER,
            RIGHT_JUMPER,
            RIGHT_SLIPPER,
        ];
        let boards = every_board(&[(1, 4), (2, 3), (3, 2)], &skiers);
        let checked = assert_boards_agree_with_search::<SkiJumps>(boards);
        assert_eq!(checked, 625 + 2 * 15_625);
    }
}
