//! Fox and Geese, a loopy partizan game (Winning Ways, ch. 22; CGSuite's
//! `FoxAndGeese`, its `GenFoxAndGeese` with the board 8 columns wide and a
//! fox that moves one square): on the dark squares of a board 8 columns
//! wide and open upwards (rows from 1 at the bottom, columns 1 to 8 from
//! the left, a square `(row, col)` with `row + col` even), Left's geese
//! move one square diagonally down, Right's fox one square diagonally in
//! any direction, never onto a goose; nobody captures. Whoever cannot move
//! loses: the geese win by trapping the fox, the fox by getting past them.
//! `foxgeese("4,2 4,4 4,6 4,8", "1,1")`: the geese's squares, then the
//! fox's, as CGSuite writes them.
//!
//! **The escaped fox.** The board has no top, so the fox may run up for
//! ever. As CGSuite's `Decomposition` does, a position where the fox stands
//! on or above the highest goose's row, or one row below it with an empty
//! square diagonally above, is worth `off`: the geese only move down, so the
//! fox is never caught again and always has a move, while the geese run out
//! of theirs. Such a position here has no move for Left and one move for
//! Right, the fox running free, back to the same position: the game `off`
//! = `{ | pass}`, which keeps every position finite. (The tests check this
//! against the literal rules on a board cut off high above the geese.)
//!
//! Not split into regions: the one fox may reach every goose.

use std::sync::Arc;

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::{Arg, ComponentSyntax};
use sprague_game::{Component, Key, Kind, LoopyPartizan, Move, MoveLabel, Side};

use crate::common::{Ruleset, no_params};

pub(crate) const RULESET: Ruleset = Ruleset {
    name: "foxgeese",
    syntax: "foxgeese(\"4,2 4,4 4,6 4,8\", \"1,1\")   the geese's squares, then the fox's: row,column (row 1 at the bottom, columns 1 to 8, row + column even)",
    rule: "loopy partizan: Left's geese move one square diagonally down, Right's fox one square diagonally any way; whoever cannot move loses",
    example: "foxgeese(\"3,3 3,5\", \"1,3\")",
    heaps_interact: true,
    build,
    family: None,
};

/// The board's columns (CGSuite's `boardWidth`).
pub const COLUMNS: u8 = 8;

/// The highest row a piece may be given on: the game is decided long
/// before, and the key packs a square in a byte.
pub const MAX_ROW: u8 = 30;

/// The most geese: a goose per dark square of the rows allowed.
const MAX_GEESE: usize = 16;

type Square = (u8, u8);

/// A position of Fox and Geese.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FoxAndGeese {
    /// The geese's squares, sorted.
    geese: Vec<Square>,
    fox: Square,
    /// `None`: the game as CGSuite plays it, an escaped fox worth `off`.
    /// `Some(top)`: the literal rules on a board cut off above row `top`,
    /// for the tests of the escape rule.
    top: Option<u8>,
}

const DIAGONALS: [(i8, i8); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];
const GOOSE_MOVES: [(i8, i8); 2] = [(-1, -1), (-1, 1)];

fn square_text((row, col): Square) -> String {
    format!("{row},{col}")
}

impl FoxAndGeese {
    fn on_board(&self, row: i16, col: i16) -> Option<Square> {
        let top = i16::from(self.top.unwrap_or(u8::MAX));
        ((1..=top).contains(&row) && (1..=i16::from(COLUMNS)).contains(&col))
            .then_some((row as u8, col as u8))
    }

    fn step(&self, (row, col): Square, (dr, dc): (i8, i8)) -> Option<Square> {
        self.on_board(
            i16::from(row) + i16::from(dr),
            i16::from(col) + i16::from(dc),
        )
    }

    fn goose_at(&self, s: Square) -> bool {
        self.geese.binary_search(&s).is_ok()
    }

    /// CGSuite's `Decomposition`: whether the fox is past the geese for
    /// good.
    fn escaped(&self) -> bool {
        if self.top.is_some() {
            return false;
        }
        let Some(highest) = self.geese.iter().map(|g| g.0).max() else {
            return true;
        };
        let (row, col) = self.fox;
        row >= highest
            || (row + 1 == highest
                && ((col > 1 && !self.goose_at((row + 1, col - 1)))
                    || (col < COLUMNS && !self.goose_at((row + 1, col + 1)))))
    }

    fn with(&self, geese: Vec<Square>, fox: Square, label: String) -> Move {
        Move::new(
            MoveLabel::Words(label),
            Arc::new(FoxAndGeese {
                geese,
                fox,
                top: self.top,
            }),
        )
    }
}

impl Component for FoxAndGeese {
    fn ruleset(&self) -> String {
        "foxgeese".to_string()
    }

    fn args(&self) -> String {
        let geese: Vec<String> = self.geese.iter().map(|&g| square_text(g)).collect();
        format!("\"{}\", \"{}\"", geese.join(" "), square_text(self.fox))
    }

    fn is_heap(&self) -> bool {
        false
    }

    fn key(&self) -> Key {
        let mut bytes = vec![self.top.unwrap_or(0), self.fox.0, self.fox.1];
        for &(r, c) in &self.geese {
            bytes.extend([r, c]);
        }
        Key::new("foxgeese", Key::pack(&bytes))
    }

    fn kind(&self) -> Kind<'_> {
        Kind::LoopyPartizan(self)
    }
}

impl LoopyPartizan for FoxAndGeese {
    fn moves(&self, side: Side, _budget: &Budget) -> Result<Vec<Move>, SolveError> {
        let mut out = Vec::new();
        if self.escaped() {
            if side == Side::Right {
                out.push(self.with(
                    self.geese.clone(),
                    self.fox,
                    "the fox has escaped and runs free".to_string(),
                ));
            }
            return Ok(out);
        }
        match side {
            Side::Right => {
                for d in DIAGONALS {
                    if let Some(to) = self.step(self.fox, d)
                        && !self.goose_at(to)
                    {
                        out.push(self.with(
                            self.geese.clone(),
                            to,
                            format!(
                                "the fox moves from {} to {}",
                                square_text(self.fox),
                                square_text(to)
                            ),
                        ));
                    }
                }
            }
            Side::Left => {
                for (k, &goose) in self.geese.iter().enumerate() {
                    for d in GOOSE_MOVES {
                        if let Some(to) = self.step(goose, d)
                            && to != self.fox
                            && !self.goose_at(to)
                        {
                            let mut geese = self.geese.clone();
                            geese[k] = to;
                            geese.sort_unstable();
                            out.push(self.with(
                                geese,
                                self.fox,
                                format!(
                                    "the goose on {} moves to {}",
                                    square_text(goose),
                                    square_text(to)
                                ),
                            ));
                        }
                    }
                }
            }
        }
        Ok(out)
    }
}

/// Squares `row,col` separated by blanks, each on the board.
fn squares(text: &str, at: usize) -> Result<Vec<Square>, ParseError> {
    let mut out = Vec::new();
    let mut offset = 0;
    for word in text.split(' ') {
        let span = at + offset..at + offset + word.len();
        offset += word.len() + 1;
        if word.is_empty() {
            continue;
        }
        let bad = |why: String| ParseError::bad_arguments(why, span.clone());
        let (r, c) = word.split_once(',').ok_or_else(|| {
            bad(format!(
                "a square is `row,column`, like `4,2`, not `{word}`"
            ))
        })?;
        let (Ok(row), Ok(col)) = (r.trim().parse::<u8>(), c.trim().parse::<u8>()) else {
            return Err(bad(format!(
                "a square is `row,column` in numbers, like `4,2`, not `{word}`"
            )));
        };
        if !(1..=MAX_ROW).contains(&row) || !(1..=COLUMNS).contains(&col) {
            return Err(bad(format!(
                "`{word}` is off the board (rows 1 to {MAX_ROW}, columns 1 to {COLUMNS})"
            )));
        }
        if (row + col) % 2 != 0 {
            return Err(bad(format!(
                "`{word}` is a light square: pieces stand where row + column is even"
            )));
        }
        out.push((row, col));
    }
    Ok(out)
}

fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    no_params(&c.ruleset)?;
    let usage = "`foxgeese` takes the geese's squares and the fox's, like foxgeese(\"4,2 4,4 4,6 4,8\", \"1,1\")";
    let [geese_arg, fox_arg] = c.args.as_slice() else {
        return Err(ParseError::bad_arguments(usage, c.args_span.clone()));
    };
    let (Arg::Str(geese_text), Arg::Str(fox_text)) = (&geese_arg.value, &fox_arg.value) else {
        return Err(ParseError::bad_arguments(usage, c.args_span.clone()));
    };
    let mut geese = squares(geese_text, geese_arg.span.start + 1)?;
    if geese.is_empty() || geese.len() > MAX_GEESE {
        return Err(ParseError::bad_arguments(
            format!("between 1 and {MAX_GEESE} geese"),
            geese_arg.span.clone(),
        ));
    }
    geese.sort_unstable();
    if geese.windows(2).any(|w| w[0] == w[1]) {
        return Err(ParseError::bad_arguments(
            "two geese on one square",
            geese_arg.span.clone(),
        ));
    }
    let fox = match squares(fox_text, fox_arg.span.start + 1)?.as_slice() {
        [fox] => *fox,
        _ => {
            return Err(ParseError::bad_arguments(
                "one square for the fox, like \"1,1\"",
                fox_arg.span.clone(),
            ));
        }
    };
    if geese.binary_search(&fox).is_ok() {
        return Err(ParseError::bad_arguments(
            "the fox stands on a goose",
            fox_arg.span.clone(),
        ));
    }
    Ok(vec![Arc::new(FoxAndGeese {
        geese,
        fox,
        top: None,
    })])
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague::Position;
    use sprague::analyze_for;
    use sprague_core::outcome::Outcome;
    use sprague_game::Play;

    fn class(p: &Position) -> Outcome {
        analyze_for(p, Play::Normal, Side::Left, false, &Budget::DEFAULT)
            .unwrap()
            .outcome
    }

    #[test]
    fn geese_move_down_and_the_fox_any_way() {
        let p = crate::tests::parse("foxgeese(\"3,3 3,5\", \"1,3\")").unwrap();
        let c = &p.components()[0];
        let to = |side| -> Vec<String> {
            c.moves_of(side, &Budget::DEFAULT)
                .unwrap()
                .iter()
                .map(|m| m.to[0].args())
                .collect()
        };
        assert_eq!(
            to(Side::Left),
            [
                "\"2,2 3,5\", \"1,3\"",
                "\"2,4 3,5\", \"1,3\"",
                "\"2,4 3,3\", \"1,3\"",
                "\"2,6 3,3\", \"1,3\""
            ]
        );
        assert_eq!(
            to(Side::Right),
            ["\"3,3 3,5\", \"2,2\"", "\"3,3 3,5\", \"2,4\""]
        );
    }

    #[test]
    fn cgsuite_positions_have_their_outcomes() {
        // CGSuite's GameGridTest.scala (aaron-siegel/cgsuite): FoxAndGeese(
        // {(4,2),(4,4),(4,6),(4,8)}, (1,1)).GameValue is {4*|7/2}: positive
        // whoever starts (Left's option 4* and Right's 7/2 both > 0), so the
        // geese win.
        let p = crate::tests::parse("foxgeese(\"4,2 4,4 4,6 4,8\", \"1,1\")").unwrap();
        assert_eq!(class(&p), Outcome::L);
        // A fox level with the highest goose has escaped: off, Right's.
        let p = crate::tests::parse("foxgeese(\"4,2\", \"4,8\")").unwrap();
        assert_eq!(class(&p), Outcome::R);
    }

    #[test]
    fn the_escape_rule_agrees_with_the_literal_rules_on_a_board_cut_high() {
        // Every position of one or two geese in rows 2 to 4 and a fox in
        // rows 1 to 4: CGSuite's escape rule against the literal rules on a
        // board cut off at row 8 (an escaped fox there always has a free
        // square, since no goose ever rises: it never loses).
        let dark: Vec<Square> = (1..=4u8)
            .flat_map(|r| (1..=COLUMNS).map(move |c| (r, c)))
            .filter(|&(r, c)| (r + c) % 2 == 0)
            .collect();
        let budget = Budget::DEFAULT;
        let mut checked = 0;
        for (i, &g1) in dark.iter().enumerate() {
            for g2 in std::iter::once(None).chain(dark[i + 1..].iter().copied().map(Some)) {
                let mut geese = vec![g1];
                geese.extend(g2);
                if g1.0 < 2 || (g2.is_some_and(|g| g.0 < 2)) {
                    continue;
                }
                for &fox in &dark {
                    if geese.contains(&fox) {
                        continue;
                    }
                    let game = |top| {
                        Position::from_components(vec![Arc::new(FoxAndGeese {
                            geese: geese.clone(),
                            fox,
                            top,
                        })])
                    };
                    let (a, b) = (game(None), game(Some(8)));
                    for side in [Side::Left, Side::Right] {
                        let x = analyze_for(&a, Play::Normal, side, false, &budget).unwrap();
                        let y = analyze_for(&b, Play::Normal, side, false, &budget).unwrap();
                        assert_eq!(x.outcome, y.outcome, "{a}");
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked > 1000, "{checked}");
    }

    #[test]
    fn bad_boards_are_parse_errors() {
        for (text, message) in [
            ("foxgeese(\"4,3\", \"1,1\")", "light square"),
            ("foxgeese(\"4,2\", \"1,9\")", "off the board"),
            ("foxgeese(\"4,2 4,2\", \"1,1\")", "two geese"),
            ("foxgeese(\"4,2\", \"4,2\")", "stands on a goose"),
            ("foxgeese(\"4-2\", \"1,1\")", "row,column"),
            ("foxgeese(\"\", \"1,1\")", "between 1 and"),
            ("foxgeese(\"4,2\")", "takes the geese"),
        ] {
            let e = crate::tests::parse(text).unwrap_err();
            assert!(e.to_string().contains(message), "{text}: {e}");
        }
        let e = crate::tests::parse("foxgeese(\"4,2 4,3\", \"1,1\")").unwrap_err();
        assert_eq!(e.span, 14..17);
    }
}
