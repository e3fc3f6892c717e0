//! Toppling Dominoes, a partizan game on a row of dominoes (Albert,
//! Nowakowski and Wolfe, *Lessons in Play*, 2007; CGSuite's
//! `TopplingDominoes`): `x` are Left's dominoes, `o` Right's, `g` green ones
//! either may topple. A player topples one domino they may move, to the
//! left or to the right, and it knocks down every domino on that side of
//! it. Whoever cannot move loses. `toppling("xooxx")`.
//!
//! A row read backwards is the same game, so a row's [`Key`] is the less
//! of the row and its reverse. (Exchanging `x` and `o` gives the negative.)

use std::sync::Arc;

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::ComponentSyntax;
use sprague_game::{Component, Key, Kind, Move, MoveLabel, Partizan, Side};

use crate::common::{Ruleset, check_move_count, quoted_components};

pub(crate) const RULESET: Ruleset = Ruleset {
    name: "toppling",
    syntax: "toppling(\"xoogx\", ...)   a row of dominoes: x Left's, o Right's, g either's",
    rule: "partizan: topple one of your dominoes (or a green one) left or right; it knocks down every domino on that side",
    example: "toppling(\"xooxx\")",
    heaps_interact: false,
    build,
    family: None,
};

/// The most dominoes a row may have.
pub const MAX_DOMINOES: usize = 1 << 12;

const LEFT: u8 = 1;
const RIGHT: u8 = 2;
const GREEN: u8 = 3;

/// A row of Toppling Dominoes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TopplingDominoes {
    row: Vec<u8>,
}

impl TopplingDominoes {
    fn text(&self) -> String {
        self.row
            .iter()
            .map(|&d| match d {
                LEFT => 'x',
                RIGHT => 'o',
                _ => 'g',
            })
            .collect()
    }

    fn topple(&self, i: usize, rightwards: bool) -> Move {
        let row = if rightwards {
            self.row[..i].to_vec()
        } else {
            self.row[i + 1..].to_vec()
        };
        let way = if rightwards { "right" } else { "left" };
        Move::new(
            MoveLabel::Words(format!("topple domino {} to the {way}", i + 1)),
            Arc::new(TopplingDominoes { row }),
        )
    }
}

impl Component for TopplingDominoes {
    fn ruleset(&self) -> String {
        "toppling".to_string()
    }

    fn args(&self) -> String {
        format!("\"{}\"", self.text())
    }

    fn key(&self) -> Key {
        let reversed: Vec<u8> = self.row.iter().rev().copied().collect();
        let least = reversed.min(self.row.clone());
        Key::new("toppling", Key::pack(&least))
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Partizan(self)
    }
}

impl Partizan for TopplingDominoes {
    /// For each domino the side may topple, left to right: to the left,
    /// then to the right.
    fn moves(&self, side: Side, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        let own = match side {
            Side::Left => LEFT,
            Side::Right => RIGHT,
        };
        let mine: Vec<usize> = (0..self.row.len())
            .filter(|&i| self.row[i] == own || self.row[i] == GREEN)
            .collect();
        check_move_count(2 * mine.len() as u64, budget)?;
        Ok(mine
            .into_iter()
            .flat_map(|i| [self.topple(i, false), self.topple(i, true)])
            .collect())
    }
}

fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    quoted_components(
        c,
        "row in quotes: x Left's dominoes, o Right's, g green, like \"xooxx\"",
        |text, at, span| {
            let mut row = Vec::with_capacity(text.len());
            for (i, ch) in text.char_indices() {
                row.push(match ch {
                    'x' => LEFT,
                    'o' => RIGHT,
                    'g' => GREEN,
                    _ => {
                        return Err(ParseError::bad_arguments(
                            format!(
                                "a domino is `x` (Left's), `o` (Right's) or `g` (green), not `{ch}`"
                            ),
                            at + i..at + i + ch.len_utf8(),
                        ));
                    }
                });
            }
            if row.len() > MAX_DOMINOES {
                return Err(ParseError::bad_arguments(
                    format!("a row has at most {MAX_DOMINOES} dominoes"),
                    span,
                ));
            }
            Ok(Arc::new(TopplingDominoes { row }) as Arc<dyn Component>)
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::{assert_value_agrees_with_search, canonical_text as value};

    #[test]
    fn published_moves_and_value() {
        // cgt-tools (t4ccer/cgt-tools), toppling_dominoes.rs, tests
        // `correct_left`, `correct_right`, `correct_canonical`.
        let moves = |side| -> Vec<String> {
            let p = crate::tests::parse("toppling(\"xooxx\")").unwrap();
            p.components()[0]
                .moves_of(side, &Budget::DEFAULT)
                .unwrap()
                .iter()
                .map(|m| m.to[0].args().trim_matches('"').to_string())
                .collect()
        };
        assert_eq!(moves(Side::Left), ["ooxx", "", "x", "xoo", "", "xoox"]);
        assert_eq!(moves(Side::Right), ["oxx", "x", "xx", "xo"]);
        assert_eq!(value("toppling(\"xooxx\")"), value("{1|*}"));
    }

    #[test]
    fn a_row_read_backwards_is_the_same_game() {
        let key = |t: &str| crate::tests::parse(t).unwrap().components()[0].key();
        assert_eq!(key("toppling(\"xog\")"), key("toppling(\"gox\")"));
        assert_ne!(key("toppling(\"xog\")"), key("toppling(\"oxg\")"));
    }

    #[test]
    fn canonical_outcomes_agree_with_the_search_and_colours_swapped_negate() {
        let mut checked = 0;
        for len in 0..=7usize {
            for code in 0..3u32.pow(len as u32) {
                let row: Vec<u8> = (0..len)
                    .map(|i| [LEFT, RIGHT, GREEN][(code / 3u32.pow(i as u32) % 3) as usize])
                    .collect();
                let swapped: Vec<u8> = row
                    .iter()
                    .map(|&d| match d {
                        LEFT => RIGHT,
                        RIGHT => LEFT,
                        d => d,
                    })
                    .collect();
                let text = TopplingDominoes { row: row.clone() }.text();
                assert_value_agrees_with_search(Arc::new(TopplingDominoes { row }));
                let swapped = TopplingDominoes { row: swapped }.text();
                assert_eq!(
                    value(&format!("toppling(\"{text}\", \"{swapped}\")")),
                    "0",
                    "{text}"
                );
                checked += 1;
            }
        }
        assert_eq!(checked, (0..=7).map(|n| 3u32.pow(n)).sum::<u32>());
    }

    #[test]
    fn bad_rows_are_parse_errors() {
        let e = crate::tests::parse("toppling(\"xq\")").unwrap_err();
        assert_eq!(e.span, 11..12);
        assert!(crate::tests::parse("toppling(1)").is_err());
        assert!(crate::tests::parse("toppling()").is_err());
    }
}
