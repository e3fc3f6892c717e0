//! Clobber, a partizan capture game (Albert, Grossman, Nowakowski and
//! Wolfe, "An introduction to Clobber", 2005): on a board of `x` (Left's
//! stones), `o` (Right's) and `.` (empty), a player moves one of their
//! stones onto an orthogonally adjacent stone of the other player, which
//! is removed. Whoever cannot move loses. `clobber("xo|ox")`: rows top
//! first, `|` between rows.
//!
//! A move keeps a stone inside its group of side-by-side stones (it lands
//! where a neighbour stood), so the groups are independent:
//! [`Partizan::regions`] gives them. A board's [`Key`] is the least of the
//! eight images of its cropped stones under the symmetries of the
//! rectangle, all of which keep the players' roles. (Exchanging the
//! colours gives the negative.)

use std::sync::Arc;

use crate::budget::Budget;
use crate::error::{ParseError, SolveError};
use crate::game::{Component, Key, Kind, Move, MoveLabel, Partizan, Side};
use crate::syntax::ComponentSyntax;

use super::common::{Ruleset, check_move_count, quoted_components};
use super::grid::{ALL_SYMMETRIES, Grid};

pub(super) const RULESET: Ruleset = Ruleset {
    name: "clobber",
    syntax: "clobber(\"xo.|ox.\", ...)   rows top first split by |, x Left's stones, o Right's, . empty",
    rule: "partizan: move one of your stones onto an orthogonally adjacent stone of the other player, removing it",
    example: "clobber(\"xox|oxo\")",
    heaps_interact: false,
    build,
    family: None,
    sum_rule: None,
};

const EMPTY: u8 = 0;
const LEFT: u8 = 1;
const RIGHT: u8 = 2;
const LETTERS: [(char, u8); 3] = [('.', EMPTY), ('x', LEFT), ('o', RIGHT)];

/// A Clobber board.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ClobberBoard {
    grid: Grid,
}

impl ClobberBoard {
    /// The board as written.
    pub fn text(&self) -> String {
        self.grid.text(&LETTERS)
    }

    /// The moves of `side` as (from, to) cells, by the cell moved from,
    /// then up, left, right, down.
    fn captures(&self, side: Side) -> Vec<((usize, usize), (usize, usize))> {
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
                let neighbours = [
                    (r.checked_sub(1), Some(c)),
                    (Some(r), c.checked_sub(1)),
                    (Some(r), (c + 1 < g.cols).then_some(c + 1)),
                    ((r + 1 < g.rows).then_some(r + 1), Some(c)),
                ];
                for (r2, c2) in neighbours {
                    if let (Some(r2), Some(c2)) = (r2, c2)
                        && g.get(r2, c2) == other
                    {
                        out.push(((r, c), (r2, c2)));
                    }
                }
            }
        }
        out
    }

    fn capture(&self, from: (usize, usize), to: (usize, usize)) -> Move {
        let mut grid = self.grid.clone();
        let stone = grid.get(from.0, from.1);
        grid.set(to.0, to.1, stone);
        grid.set(from.0, from.1, EMPTY);
        let label = format!(
            "the stone on ({}, {}) clobbers ({}, {})",
            from.0, from.1, to.0, to.1
        );
        Move::new(MoveLabel::Words(label), Arc::new(ClobberBoard { grid }))
    }
}

impl Component for ClobberBoard {
    fn ruleset(&self) -> String {
        "clobber".to_string()
    }

    fn args(&self) -> String {
        format!("\"{}\"", self.text())
    }

    fn key(&self) -> Key {
        let stones = self.grid.cropped(|c| c != EMPTY);
        Key::new("clobber", stones.key_words(&ALL_SYMMETRIES))
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Partizan(self)
    }
}

impl Partizan for ClobberBoard {
    fn moves(&self, side: Side, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        let captures = self.captures(side);
        check_move_count(captures.len() as u64, budget)?;
        Ok(captures
            .into_iter()
            .map(|(from, to)| self.capture(from, to))
            .collect())
    }

    fn regions(&self) -> Option<Vec<Arc<dyn Component>>> {
        let groups = self.grid.areas(|c| c != EMPTY, EMPTY);
        (groups.len() > 1).then(|| {
            groups
                .into_iter()
                .map(|grid| Arc::new(ClobberBoard { grid }) as Arc<dyn Component>)
                .collect()
        })
    }
}

fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    quoted_components(
        c,
        "board in quotes, rows split by |, like \"xo|ox\"",
        |text, at, span| {
            let grid = Grid::parse(text, at, &LETTERS, span)?;
            Ok(Arc::new(ClobberBoard { grid }) as Arc<dyn Component>)
        },
    )
}

#[cfg(test)]
mod tests {
    use super::super::tests::{assert_value_agrees_with_search, canonical_text as value};
    use super::*;
    use crate::position::Position;

    #[test]
    fn small_boards_by_hand() {
        // xo: either player captures and leaves the other no stone to
        // reach, {0|0} = *. xxo: Left's capture leaves x.x (0), Right's
        // leaves xo. (*): {0|*} = ^. A lone colour has no move.
        assert_eq!(value("clobber(\"xo\")"), "*");
        assert_eq!(value("clobber(\"xxo\")"), "^");
        assert_eq!(value("clobber(\"oox\")"), "v");
        assert_eq!(value("clobber(\"xx.|..x\")"), "0");
        // Separate groups are a sum: xo and x|o are * + * = 0.
        assert_eq!(value("clobber(\"xo.|..x|..o\")"), "0");
    }

    #[test]
    fn symmetric_boards_share_a_key_and_swapped_colours_are_the_negative() {
        let key = |text: &str| Position::parse(text).unwrap().components()[0].key();
        assert_eq!(key("clobber(\"xo.|...\")"), key("clobber(\"...|.ox\")"));
        assert_eq!(key("clobber(\"xo\")"), key("clobber(\"x|o\")"));
        assert_ne!(key("clobber(\"xo\")"), key("clobber(\"xx\")"));
        for text in ["xox|oxo", "xxo|o.x", "xo.|oxx|.ox", "xxoo"] {
            let swapped: String = text
                .chars()
                .map(|c| match c {
                    'x' => 'o',
                    'o' => 'x',
                    c => c,
                })
                .collect();
            assert_eq!(
                value(&format!("clobber(\"{text}\", \"{swapped}\")")),
                "0",
                "{text}"
            );
        }
    }

    #[test]
    fn canonical_outcomes_agree_with_the_search_on_every_small_board() {
        // Every board of 2 × 3 and 1 × 5 cells (3^6 + 3^5), and 2 × 4
        // boards without empty cells (2^8): the class from the canonical
        // value (groups valued apart) against a search of the whole board.
        let mut checked = 0;
        let shapes: [(usize, usize, bool); 3] = [(2, 3, true), (1, 5, true), (2, 4, false)];
        for (rows, cols, with_empty) in shapes {
            let kinds: &[u8] = if with_empty {
                &[EMPTY, LEFT, RIGHT]
            } else {
                &[LEFT, RIGHT]
            };
            let n = rows * cols;
            let count = kinds.len().pow(n as u32);
            for code in 0..count {
                let cells: Vec<u8> = (0..n)
                    .map(|i| kinds[code / kinds.len().pow(i as u32) % kinds.len()])
                    .collect();
                assert_value_agrees_with_search(Arc::new(ClobberBoard {
                    grid: Grid { rows, cols, cells },
                }));
                checked += 1;
            }
        }
        assert_eq!(checked, 729 + 243 + 256);
    }

    #[test]
    fn bad_boards_are_parse_errors() {
        assert!(Position::parse("clobber(\"xo|x\")").is_err());
        let e = Position::parse("clobber(\"x#\")").unwrap_err();
        assert_eq!(e.span, 10..11);
        assert!(Position::parse("clobber(2)").is_err());
        assert!(Position::parse("clobber()").is_err());
    }
}
