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

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::ComponentSyntax;
use sprague_game::{Component, Key, Kind, Move, MoveLabel, Partizan, Side};

use crate::common::{Ruleset, check_move_count, no_params, quoted_args};

pub(crate) const RULESET: Ruleset = Ruleset {
    name: "toads",
    syntax: "toads(\"TT..FF\", ...)   T: Left's toads (move right), F: Right's frogs (move left), . empty",
    rule: "partizan: a toad or frog steps into the next empty cell, or jumps over one of the other kind into the empty cell beyond",
    example: "toads(\"TT.F.F\")",
    heaps_interact: false,
    build,
    family: None,
};

/// The most cells a row may have.
pub const MAX_CELLS: usize = 1 << 12;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Cell {
    Empty,
    Toad,
    Frog,
}

/// A row of Toads and Frogs.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ToadsAndFrogs {
    cells: Vec<Cell>,
}

/// How toads and frogs move: the parameters of CGSuite's
/// `GenToadsAndFrogs` (`game/strip/GenToadsAndFrogs.cgs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Hops {
    /// The fewest cells a slide forward goes; when it is below 1, a
    /// creature may also slide back up to `-min_slide` cells.
    pub(crate) min_slide: i64,
    /// The most cells a slide forward goes.
    pub(crate) max_slide: u64,
    /// The most creatures in a row one jump goes over.
    pub(crate) max_jump: u64,
    /// Whether a jump may go over the mover's own creatures too.
    pub(crate) friendly: bool,
}

/// Toads and Frogs: step one cell, or jump one creature of the other kind.
pub(crate) const TOADS_AND_FROGS: Hops = Hops {
    min_slide: 1,
    max_slide: 1,
    max_jump: 1,
    friendly: false,
};

/// Backsliding Toads and Frogs: CGSuite's `GenToadsAndFrogs(minSlide => -1)`.
pub(crate) const BACKSLIDING: Hops = Hops {
    min_slide: -1,
    ..TOADS_AND_FROGS
};

/// What kind of move a hop is, for its description.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Hop {
    Forward,
    Back,
    Jump,
}

/// The moves of `side` on the row `cells` under `rules` as (from, to)
/// cells, by the cell moved from, then the slides forward, the slides
/// back, the jumps (CGSuite's order, per piece). A cell off the row is a
/// wall.
fn hops(cells: &[Cell], side: Side, rules: Hops) -> Vec<(usize, usize, Hop)> {
    let (mover, other, forward) = match side {
        Side::Left => (Cell::Toad, Cell::Frog, 1),
        Side::Right => (Cell::Frog, Cell::Toad, -1),
    };
    let n = cells.len();
    // The cell `k` steps from `i` in the mover's direction (back for a
    // negative `k`), if on the row.
    let ahead = |i: usize, k: u64, back: bool| -> Option<usize> {
        let k = isize::try_from(k).ok()?;
        let k = if back { -k } else { k };
        i.checked_add_signed(k.checked_mul(forward)?)
            .filter(|&j| j < n)
    };
    let empty = |j: Option<usize>| j.is_some_and(|j| cells[j] == Cell::Empty);
    let mut out = Vec::new();
    for i in 0..n {
        if cells[i] != mover {
            continue;
        }
        // Slides stop at the first cell that is not empty (or the wall),
        // so no loop runs past the row.
        for k in 1..=rules.max_slide {
            let j = ahead(i, k, false);
            if !empty(j) {
                break;
            }
            if i64::try_from(k).is_ok_and(|k| k >= rules.min_slide) {
                out.extend(j.map(|j| (i, j, Hop::Forward)));
            }
        }
        for k in 1..=rules.min_slide.min(0).unsigned_abs() {
            let j = ahead(i, k, true);
            if !empty(j) {
                break;
            }
            out.extend(j.map(|j| (i, j, Hop::Back)));
        }
        for k in 1..=rules.max_jump {
            let over = ahead(i, k, false).map(|j| cells[j]);
            if !(over == Some(other) || (rules.friendly && over == Some(mover))) {
                break;
            }
            let j = ahead(i, k + 1, false);
            if empty(j) {
                out.extend(j.map(|j| (i, j, Hop::Jump)));
            }
        }
    }
    out
}

/// The moves of `side` on the row `cells` under `rules`, each to the row
/// `make` makes of the cells after it.
pub(crate) fn row_moves(
    cells: &[Cell],
    side: Side,
    rules: Hops,
    budget: &Budget,
    make: impl Fn(Vec<Cell>) -> Arc<dyn Component>,
) -> Result<Vec<Move>, SolveError> {
    let hops = hops(cells, side, rules);
    check_move_count(hops.len() as u64, budget)?;
    Ok(hops
        .into_iter()
        .map(|(from, to, hop)| {
            let mut after = cells.to_vec();
            after[to] = after[from];
            after[from] = Cell::Empty;
            let what = if after[to] == Cell::Toad {
                "toad"
            } else {
                "frog"
            };
            let how = match (hop, from.abs_diff(to)) {
                (Hop::Jump, _) => "jumps",
                (Hop::Forward, 1) => "steps",
                (Hop::Forward, _) => "slides",
                (Hop::Back, 1) => "steps back",
                (Hop::Back, _) => "slides back",
            };
            let label = format!("the {what} on cell {} {how} to cell {}", from + 1, to + 1);
            Move::new(MoveLabel::Words(label), make(after))
        })
        .collect())
}

/// A row as the bytes of its key: one a cell.
pub(crate) fn row_bytes(cells: &[Cell]) -> Vec<u8> {
    cells.iter().map(|&c| c as u8).collect()
}

impl Component for ToadsAndFrogs {
    fn ruleset(&self) -> String {
        "toads".to_string()
    }

    fn args(&self) -> String {
        format!("\"{}\"", write_row(&self.cells))
    }

    fn key(&self) -> Key {
        Key::new("toads", Key::pack(&row_bytes(&self.cells)))
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Partizan(self)
    }
}

impl Partizan for ToadsAndFrogs {
    fn moves(&self, side: Side, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        row_moves(&self.cells, side, TOADS_AND_FROGS, budget, |cells| {
            Arc::new(ToadsAndFrogs { cells })
        })
    }
}

/// The cells of a row as written (`T`, `F`, `.`), or a parse error at the
/// bad cell; the row of Toads and Frogs and of its backsliding variant.
fn read_row(text: &str, at: usize, span: std::ops::Range<usize>) -> Result<Vec<Cell>, ParseError> {
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
pub(crate) fn write_row(cells: &[Cell]) -> String {
    cells
        .iter()
        .map(|c| match c {
            Cell::Empty => '.',
            Cell::Toad => 'T',
            Cell::Frog => 'F',
        })
        .collect()
}

/// For tests: every row of at most `max_len` cells.
#[cfg(test)]
pub(crate) fn every_row(max_len: usize) -> impl Iterator<Item = Vec<Cell>> {
    const CELLS: [Cell; 3] = [Cell::Empty, Cell::Toad, Cell::Frog];
    (0..=max_len).flat_map(|len| {
        (0..3usize.pow(len as u32)).map(move |code| {
            (0..len)
                .map(|i| CELLS[code / 3usize.pow(i as u32) % 3])
                .collect()
        })
    })
}

/// Reads the arguments of `name("row", ...)`, each a row of toads and
/// frogs, and makes each a component.
pub(crate) fn read_rows(
    c: &ComponentSyntax,
    make: impl Fn(Vec<Cell>) -> Arc<dyn Component>,
) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    no_params(&c.ruleset)?;
    read_rows_after_params(c, make)
}

/// As [`read_rows`], for a ruleset that reads its parameters itself.
pub(crate) fn read_rows_after_params(
    c: &ComponentSyntax,
    make: impl Fn(Vec<Cell>) -> Arc<dyn Component>,
) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    quoted_args(
        c,
        "row in quotes: T toads, F frogs, . empty, like \"TT..FF\"",
        |text, at, span| Ok(make(read_row(text, at, span)?)),
    )
}

fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    read_rows(c, |cells| Arc::new(ToadsAndFrogs { cells }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::{assert_value_agrees_with_search, canonical_text as value};

    #[test]
    fn moves_step_or_jump_one_of_the_other_kind() {
        // cgt-tools (t4ccer/cgt-tools), toads_and_frogs.rs, tests
        // `left_moves` and `right_moves`.
        let moves = |row: &str, side| -> Vec<String> {
            let p = crate::tests::parse(&format!("toads(\"{row}\")")).unwrap();
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
            // the same games in CGSuite's notation (^^*): compare values.
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
        for cells in every_row(7) {
            assert_value_agrees_with_search(Arc::new(ToadsAndFrogs { cells }));
            checked += 1;
        }
        assert_eq!(checked, (0..=7).map(|n| 3u32.pow(n)).sum::<u32>());
    }

    #[test]
    fn bad_rows_are_parse_errors() {
        // Toads and Frogs and its backsliding variant read rows alike.
        for name in ["toads", "backsliding_toads"] {
            let e = crate::tests::parse(&format!("{name}(\"T.x\")")).unwrap_err();
            assert_eq!(e.span, name.len() + 4..name.len() + 5, "{name}");
            assert!(
                crate::tests::parse(&format!("{name}(3)")).is_err(),
                "{name}"
            );
            assert!(crate::tests::parse(&format!("{name}()")).is_err(), "{name}");
        }
    }
}
