//! Toads and Frogs, a partizan game on one row (Berlekamp, Conway and Guy,
//! *Winning Ways*, ch. 1; Erickson, "New Toads and Frogs results", 1996):
//! `T` are Left's toads, which move right, `F` Right's frogs, which move
//! left; a creature steps into the empty cell next to it, or jumps over
//! exactly one creature of the other kind into the empty cell beyond.
//! Whoever cannot move loses. `toads("TT..FF")`, `.` an empty cell.
//!
//! The row is one game: a creature's move depends on its neighbours, so
//! the row is not split into regions. Its [`Key`] is the row itself.
//! (Reversing the row and swapping toads for frogs exchanges the players:
//! the negative.)

use std::sync::Arc;

use crate::budget::Budget;
use crate::error::{ParseError, SolveError};
use crate::game::{Component, Key, Kind, Move, MoveLabel, Partizan, Side};
use crate::syntax::ComponentSyntax;

use super::common::{Ruleset, check_move_count, quoted_components};

pub(super) const RULESET: Ruleset = Ruleset {
    name: "toads",
    syntax: "toads(\"TT..FF\", ...)   T: Left's toads (move right), F: Right's frogs (move left), . empty",
    rule: "partizan: a toad or frog steps into the next empty cell, or jumps over one of the other kind into the empty cell beyond",
    example: "toads(\"TT.F.F\")",
    heaps_interact: false,
    build,
    family: None,
    sum_rule: None,
};

/// The most cells a row may have.
pub const MAX_CELLS: usize = 1 << 12;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Cell {
    Empty,
    Toad,
    Frog,
}

/// A row of Toads and Frogs.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ToadsAndFrogs {
    cells: Vec<Cell>,
}

impl ToadsAndFrogs {
    /// The row as written.
    fn row(&self) -> String {
        write_row(&self.cells)
    }

    /// The moves of `side`: (from, to) cells, by the cell moved from.
    fn hops(&self, side: Side) -> Vec<(usize, usize)> {
        let (mover, other) = match side {
            Side::Left => (Cell::Toad, Cell::Frog),
            Side::Right => (Cell::Frog, Cell::Toad),
        };
        let n = self.cells.len();
        // The cell `k` steps from `i` in the mover's direction, if on the row.
        let ahead = |i: usize, k: usize| match side {
            Side::Left => (i + k < n).then_some(i + k),
            Side::Right => i.checked_sub(k),
        };
        let mut out = Vec::new();
        for i in 0..n {
            if self.cells[i] != mover {
                continue;
            }
            match ahead(i, 1).map(|j| self.cells[j]) {
                Some(Cell::Empty) => out.push((i, ahead(i, 1).expect("on the row"))),
                Some(c) if c == other => {
                    if let Some(j) = ahead(i, 2)
                        && self.cells[j] == Cell::Empty
                    {
                        out.push((i, j));
                    }
                }
                _ => {}
            }
        }
        out
    }

    fn hop(&self, from: usize, to: usize) -> Move {
        let mut cells = self.cells.clone();
        cells[to] = cells[from];
        cells[from] = Cell::Empty;
        let what = if cells[to] == Cell::Toad {
            "toad"
        } else {
            "frog"
        };
        let how = if from.abs_diff(to) == 2 {
            "jumps"
        } else {
            "steps"
        };
        Move::new(
            MoveLabel::Words(format!(
                "the {what} on cell {} {how} to cell {}",
                from + 1,
                to + 1
            )),
            Arc::new(ToadsAndFrogs { cells }),
        )
    }
}

impl Component for ToadsAndFrogs {
    fn ruleset(&self) -> String {
        "toads".to_string()
    }

    fn args(&self) -> String {
        format!("\"{}\"", self.row())
    }

    fn key(&self) -> Key {
        let bytes: Vec<u8> = self.cells.iter().map(|&c| c as u8).collect();
        Key::new("toads", Key::pack(&bytes))
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Partizan(self)
    }
}

impl Partizan for ToadsAndFrogs {
    fn moves(&self, side: Side, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        let hops = self.hops(side);
        check_move_count(hops.len() as u64, budget)?;
        Ok(hops
            .into_iter()
            .map(|(from, to)| self.hop(from, to))
            .collect())
    }
}

/// The cells of a row as written (`T`, `F`, `.`), or a parse error at the
/// bad cell; the row of Toads and Frogs and of its backsliding variant.
pub(super) fn read_row(
    text: &str,
    at: usize,
    span: std::ops::Range<usize>,
) -> Result<Vec<Cell>, ParseError> {
    let mut cells = Vec::with_capacity(text.len());
    for (i, ch) in text.char_indices() {
        cells.push(match ch {
            '.' => Cell::Empty,
            'T' | 't' => Cell::Toad,
            'F' | 'f' => Cell::Frog,
            _ => {
                return Err(ParseError::bad_arguments(
                    format!("a cell is `T` (a toad), `F` (a frog) or `.` (empty), not `{ch}`"),
                    at + i..at + i + ch.len_utf8(),
                ));
            }
        });
    }
    if cells.len() > MAX_CELLS {
        return Err(ParseError::bad_arguments(
            format!("a row has at most {MAX_CELLS} cells"),
            span,
        ));
    }
    Ok(cells)
}

/// The row as written.
pub(super) fn write_row(cells: &[Cell]) -> String {
    cells
        .iter()
        .map(|c| match c {
            Cell::Empty => '.',
            Cell::Toad => 'T',
            Cell::Frog => 'F',
        })
        .collect()
}

fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    quoted_components(
        c,
        "row in quotes: T toads, F frogs, . empty, like \"TT..FF\"",
        |text, at, span| {
            let cells = read_row(text, at, span)?;
            Ok(Arc::new(ToadsAndFrogs { cells }) as Arc<dyn Component>)
        },
    )
}

#[cfg(test)]
mod tests {
    use super::super::tests::{assert_value_agrees_with_search, canonical_text as value};
    use super::*;
    use crate::position::Position;

    #[test]
    fn moves_step_or_jump_one_of_the_other_kind() {
        // cgt-tools (t4ccer/cgt-tools), toads_and_frogs.rs, tests
        // `left_moves` and `right_moves`.
        let moves = |row: &str, side| -> Vec<String> {
            let p = Position::parse(&format!("toads(\"{row}\")")).unwrap();
            p.components()[0]
                .moves_of(side, &Budget::DEFAULT)
                .unwrap()
                .iter()
                .map(|m| m.to[0].args())
                .collect()
        };
        assert_eq!(moves("T.TFTFF", Side::Left), ["\".TTFTFF\""]);
        assert_eq!(moves("TFT.TFF", Side::Left), ["\"TF.TTFF\""]);
        assert_eq!(moves("T.TFTFF", Side::Right), ["\"TFT.TFF\""]);
        assert_eq!(moves(".F.F", Side::Right), ["\"F..F\"", "\".FF.\""]);
        assert_eq!(moves("TFT.TFF", Side::Right), ["\"TFTFT.F\""]);
    }

    #[test]
    fn published_canonical_values() {
        // cgt-tools (t4ccer/cgt-tools), toads_and_frogs.rs, test
        // `canonical_form`.
        for (row, v) in [
            ("", "0"),
            (".", "0"),
            ("F", "0"),
            ("T", "0"),
            ("TFTF.TF", "0"),
            ("TFTFTF.", "0"),
            ("TFTFT.F", "*"),
            ("TF.TTFF", "0"),
            ("TFT.TFF", "^"),
            (".TTFTFF", "0"),
            ("T.TFTFF", "{0|^}"),
        ] {
            // cgt-tools writes forms as it builds them ({0|^}); we print
            // the same games in CGSuite's notation (^2*): compare values.
            assert_eq!(value(&format!("toads(\"{row}\")")), value(v), "{row}");
        }
    }

    #[test]
    fn the_mirror_image_is_the_negative() {
        for row in ["TT.FF", "T.TF.F", "TF.F.T", "T..F", ".TFT.F"] {
            let mirror: String = row
                .chars()
                .rev()
                .map(|c| match c {
                    'T' => 'F',
                    'F' => 'T',
                    c => c,
                })
                .collect();
            let sum = value(&format!("toads(\"{row}\") + toads(\"{mirror}\")"));
            assert_eq!(sum, "0", "{row} + {mirror}");
        }
    }

    #[test]
    fn canonical_outcomes_agree_with_the_search_on_every_small_row() {
        let mut checked = 0;
        for len in 0..=7usize {
            for code in 0..3u32.pow(len as u32) {
                let cells: Vec<Cell> = (0..len)
                    .map(|i| match code / 3u32.pow(i as u32) % 3 {
                        0 => Cell::Empty,
                        1 => Cell::Toad,
                        _ => Cell::Frog,
                    })
                    .collect();
                assert_value_agrees_with_search(Arc::new(ToadsAndFrogs { cells }));
                checked += 1;
            }
        }
        assert_eq!(checked, (0..=7).map(|n| 3u32.pow(n)).sum::<u32>());
    }

    #[test]
    fn bad_rows_are_parse_errors() {
        let e = Position::parse("toads(\"T.x\")").unwrap_err();
        assert_eq!(e.span, 9..10);
        assert!(Position::parse("toads(3)").is_err());
        assert!(Position::parse("toads()").is_err());
    }
}
