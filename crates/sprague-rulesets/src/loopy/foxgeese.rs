//! Fox and Geese, a loopy partizan game (Winning Ways, ch. 22; CGSuite's
//! `GenFoxAndGeese`, `game/grid/GenFoxAndGeese.cgs`, whose `FoxAndGeese`
//! is the board 8 columns wide with a fox that moves one square): on the
//! dark squares of a board `board_width` columns wide and open upwards
//! (rows from 1 at the bottom, columns from 1 at the left, a square
//! `(row, col)` with `row + col` even), Left's geese move one square
//! diagonally down, Right's fox up to `fox_range` squares in one diagonal
//! direction, never onto or over a goose; nobody captures. Whoever cannot
//! move loses: the geese win by trapping the fox, the fox by getting past
//! them. `foxgeese("4,2 4,4 4,6 4,8", "1,1")`: the geese's squares, then
//! the fox's, as CGSuite writes them; `foxgeese[fox_range=2]` is CGSuite's
//! `CeyloneseFoxAndGeese`, `foxgeese[board_width=10]` its
//! `GenFoxAndGeese(boardWidth => 10)`.
//!
//! **The escaped fox.** The board has no top, so the fox may run up for
//! ever. As CGSuite's `Decomposition` does, a position where the fox stands
//! on or above the highest goose's row, or one row below it with an empty
//! square diagonally above, is worth `off`: the geese only move down, so the
//! fox is never caught again and always has a move (the board is at least
//! two columns wide), while the geese run out of theirs. Such a position
//! here has no move for Left and one move for Right, the fox running free,
//! back to the same position: the game `off` = `{ | pass}`, which keeps
//! every position finite. (The tests check this against the literal rules
//! on a board cut off high above the geese, for several widths and ranges.)
//!
//! Not split into regions: the one fox may reach every goose.

use std::sync::Arc;

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::{Arg, ComponentSyntax};
use sprague_game::{Component, Key, Kind, LoopyPartizan, Move, MoveLabel, Side};

use crate::common::{Ruleset, named_params};

pub(crate) const RULESET: Ruleset = Ruleset {
    name: "foxgeese",
    syntax: "foxgeese[board_width=8, fox_range=1](\"4,2 4,4 4,6 4,8\", \"1,1\")   (each parameter optional) the geese's squares, then the fox's: row,column (row 1 at the bottom, columns 1 to board_width, row + column even)",
    rule: "loopy partizan (CGSuite's GenFoxAndGeese): Left's geese move one square diagonally down, Right's fox 1..fox_range squares diagonally any way, never onto or over a goose; whoever cannot move loses",
    example: "foxgeese(\"3,3 3,5\", \"1,3\")",
    heaps_interact: true,
    build,
    family: None,
};

/// The board's columns by default (CGSuite's `boardWidth`).
pub const COLUMNS: u8 = 8;

/// The most columns: the key packs a square in a byte.
pub const MAX_COLUMNS: u8 = 30;

/// The highest row a piece may be given on: the game is decided long
/// before, and the key packs a square in a byte.
pub const MAX_ROW: u8 = 30;

/// The most geese: a goose per dark square of the rows allowed.
const MAX_GEESE: usize = 16;

type Square = (u8, u8);

/// The rules of a Fox and Geese board: CGSuite's `GenFoxAndGeese`
/// parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Board {
    /// The columns, at least 2 (on one column nothing moves diagonally).
    width: u8,
    /// The most squares the fox goes in one move, at least 1.
    fox_range: u8,
}

/// CGSuite's `FoxAndGeese`.
const FOX_AND_GEESE: Board = Board {
    width: COLUMNS,
    fox_range: 1,
};

/// The parameters as written, in order.
const PARAMETERS: [&str; 2] = ["board_width", "fox_range"];

/// The most squares the fox may go in one move: past the highest row, a
/// longer range changes nothing.
const MAX_RANGE: u8 = MAX_ROW;

/// A position of Fox and Geese.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FoxAndGeese {
    board: Board,
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
        ((1..=top).contains(&row) && (1..=i16::from(self.board.width)).contains(&col))
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
                    || (col < self.board.width && !self.goose_at((row + 1, col + 1)))))
    }

    fn with(&self, geese: Vec<Square>, fox: Square, label: String) -> Move {
        Move::new(
            MoveLabel::Words(label),
            Arc::new(FoxAndGeese {
                board: self.board,
                geese,
                fox,
                top: self.top,
            }),
        )
    }
}

impl Component for FoxAndGeese {
    fn ruleset(&self) -> String {
        let Board { width, fox_range } = self.board;
        let written: Vec<String> = PARAMETERS
            .iter()
            .zip([width, fox_range])
            .zip([FOX_AND_GEESE.width, FOX_AND_GEESE.fox_range])
            .filter(|((_, value), default)| value != default)
            .map(|((name, value), _)| format!("{name}={value}"))
            .collect();
        if written.is_empty() {
            "foxgeese".to_string()
        } else {
            format!("foxgeese[{}]", written.join(", "))
        }
    }

    fn args(&self) -> String {
        let geese: Vec<String> = self.geese.iter().map(|&g| square_text(g)).collect();
        format!("\"{}\", \"{}\"", geese.join(" "), square_text(self.fox))
    }

    fn is_heap(&self) -> bool {
        false
    }

    fn key(&self) -> Key {
        let mut bytes = vec![
            self.board.width,
            self.board.fox_range,
            self.top.unwrap_or(0),
            self.fox.0,
            self.fox.1,
        ];
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
                    let mut at = self.fox;
                    for _ in 0..self.board.fox_range {
                        match self.step(at, d) {
                            Some(to) if !self.goose_at(to) => at = to,
                            _ => break,
                        }
                        out.push(self.with(
                            self.geese.clone(),
                            at,
                            format!(
                                "the fox moves from {} to {}",
                                square_text(self.fox),
                                square_text(at)
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

/// Squares `row,col` separated by blanks, each on a board `width` columns
/// wide.
fn squares(text: &str, at: usize, width: u8) -> Result<Vec<Square>, ParseError> {
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
        if !(1..=MAX_ROW).contains(&row) || !(1..=width).contains(&col) {
            return Err(bad(format!(
                "`{word}` is off the board (rows 1 to {MAX_ROW}, columns 1 to {width})"
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

/// Reads `foxgeese[...]`'s named parameters.
fn read_board(c: &ComponentSyntax) -> Result<Board, ParseError> {
    let [width, fox_range] = named_params(&c.ruleset, PARAMETERS, "fox_range=2")?;
    let mut board = FOX_AND_GEESE;
    if let Some((v, span)) = width {
        board.width = u8::try_from(v)
            .ok()
            .filter(|w| (2..=MAX_COLUMNS).contains(w))
            .ok_or_else(|| {
                ParseError::bad_parameters(
                    format!(
                        "board_width is 2 to {MAX_COLUMNS} (on one column nothing moves diagonally), not {v}"
                    ),
                    span,
                )
            })?;
    }
    if let Some((v, span)) = fox_range {
        board.fox_range = u8::try_from(v)
            .ok()
            .filter(|r| (1..=MAX_RANGE).contains(r))
            .ok_or_else(|| {
                ParseError::bad_parameters(format!("fox_range is 1 to {MAX_RANGE}, not {v}"), span)
            })?;
    }
    Ok(board)
}

fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    let board = read_board(c)?;
    let usage = "`foxgeese` takes the geese's squares and the fox's, like foxgeese(\"4,2 4,4 4,6 4,8\", \"1,1\")";
    let [geese_arg, fox_arg] = c.args.as_slice() else {
        return Err(ParseError::bad_arguments(usage, c.args_span.clone()));
    };
    let (Arg::Str(geese_text), Arg::Str(fox_text)) = (&geese_arg.value, &fox_arg.value) else {
        return Err(ParseError::bad_arguments(usage, c.args_span.clone()));
    };
    let mut geese = squares(geese_text, geese_arg.span.start + 1, board.width)?;
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
    let fox = match squares(fox_text, fox_arg.span.start + 1, board.width)?.as_slice() {
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
        board,
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

    /// Every position of one or two geese in rows 2 to 4 and a fox in
    /// rows 1 to 4 on `board`: CGSuite's escape rule against the literal
    /// rules on a board cut off at row 8 (an escaped fox there always has a
    /// free square, since no goose ever rises: it never loses). The number
    /// of positions compared.
    fn escape_rule_agrees(board: Board) -> usize {
        let dark: Vec<Square> = (1..=4u8)
            .flat_map(|r| (1..=board.width).map(move |c| (r, c)))
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
                            board,
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
        checked
    }

    #[test]
    fn the_escape_rule_agrees_with_the_literal_rules_on_a_board_cut_high() {
        let n = escape_rule_agrees(FOX_AND_GEESE);
        assert!(n > 1000, "{n}");
        // The Ceylonese fox, and narrower and wider boards: fewer columns
        // keep the search short.
        for board in [
            Board {
                width: 4,
                fox_range: 2,
            },
            Board {
                width: 5,
                fox_range: 3,
            },
            Board {
                width: 2,
                fox_range: 1,
            },
        ] {
            let n = escape_rule_agrees(board);
            assert!(n > 10, "{board:?}: {n}");
        }
    }

    #[test]
    fn a_fox_of_longer_range_stops_at_geese_and_edges() {
        // CGSuite's rule (GenFoxAndGeese.cgs, Options): each distance up to
        // foxRange in each diagonal, while the square is on the board and
        // no goose stands on it.
        let p = crate::tests::parse("foxgeese[fox_range=3](\"4,4\", \"2,2\")").unwrap();
        let c = &p.components()[0];
        let mut foxes: Vec<String> = c
            .moves_of(Side::Right, &Budget::DEFAULT)
            .unwrap()
            .iter()
            .map(|m| m.to[0].args())
            .collect();
        foxes.sort();
        assert_eq!(
            foxes,
            [
                "\"4,4\", \"1,1\"",
                "\"4,4\", \"1,3\"",
                "\"4,4\", \"3,1\"",
                "\"4,4\", \"3,3\"",
            ]
        );
        let p =
            crate::tests::parse("foxgeese[board_width=4, fox_range=3](\"5,1\", \"1,1\")").unwrap();
        let c = &p.components()[0];
        let foxes: Vec<String> = c
            .moves_of(Side::Right, &Budget::DEFAULT)
            .unwrap()
            .iter()
            .map(|m| m.to[0].args())
            .collect();
        // Up the diagonal to the board's edge at column 4.
        assert_eq!(
            foxes,
            ["\"5,1\", \"2,2\"", "\"5,1\", \"3,3\"", "\"5,1\", \"4,4\""]
        );
    }

    #[test]
    fn boards_print_their_rules_and_read_back() {
        for text in [
            "foxgeese(\"4,2 4,4\", \"1,1\")",
            "foxgeese[fox_range=2](\"4,2 4,4\", \"1,1\")",
            "foxgeese[board_width=10](\"3,1 3,9\", \"1,9\")",
            "foxgeese[board_width=3, fox_range=4](\"3,1 3,3\", \"1,1\")",
        ] {
            assert_eq!(crate::tests::parse(text).unwrap().to_string(), text);
        }
        let a = crate::tests::parse("foxgeese[board_width=8, fox_range=1](\"4,2\", \"1,1\")");
        assert_eq!(a.unwrap().to_string(), "foxgeese(\"4,2\", \"1,1\")");
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
            (
                "foxgeese[board_width=10](\"4,12\", \"1,1\")",
                "columns 1 to 10",
            ),
            (
                "foxgeese[board_width=1](\"3,1\", \"1,1\")",
                "board_width is 2 to",
            ),
            (
                "foxgeese[fox_range=0](\"4,2\", \"1,1\")",
                "fox_range is 1 to",
            ),
            (
                "foxgeese[range=2](\"4,2\", \"1,1\")",
                "no parameter `range`",
            ),
            (
                "foxgeese[2](\"4,2\", \"1,1\")",
                "like foxgeese[fox_range=2]",
            ),
            (
                "foxgeese[fox_range=2, fox_range=2](\"4,2\", \"1,1\")",
                "given twice",
            ),
        ] {
            let e = crate::tests::parse(text).unwrap_err();
            assert!(e.to_string().contains(message), "{text}: {e}");
        }
        let e = crate::tests::parse("foxgeese(\"4,2 4,3\", \"1,1\")").unwrap_err();
        assert_eq!(e.span, 14..17);
    }
}
