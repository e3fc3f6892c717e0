//! Backsliding Toads and Frogs, a loopy partizan game on one row (Winning
//! Ways, ch. 22; CGSuite's `BackslidingToadsAndFrogs`, its
//! `GenToadsAndFrogs` with `minSlide => -1`): `T` are Left's toads, `F`
//! Right's frogs. A toad steps one cell right into an empty cell, steps
//! back one cell left into an empty cell, or jumps right over one frog into
//! the empty cell beyond; a frog alike, mirrored. Whoever cannot move
//! loses; a creature may step back and forth, so play may go on for ever (a
//! draw). `backsliding_toads("TT..FF")`, `.` an empty cell.
//!
//! **Regions.** A row splits where a piece can never move again: such a
//! piece is a wall. But a row with an empty cell has none: both neighbours
//! of an empty cell may step into it, so they may move; then so may their
//! neighbours (the cell a moved piece leaves is theirs to step into), and
//! so on along the row. So only a row with no empty cell has walls, and it
//! has no move at all: it is 0, no region. Every other row is one game.
//! (The tests check the split against the whole row on every small row.)

use std::sync::Arc;

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::ComponentSyntax;
use sprague_game::{Component, Key, Kind, LoopyPartizan, Move, Side};

use crate::boards::toads::{BACKSLIDING, Cell, read_rows, row_bytes, row_moves, write_row};
use crate::common::Ruleset;

pub(crate) const RULESET: Ruleset = Ruleset {
    name: "backsliding_toads",
    syntax: "backsliding_toads(\"TTT..FFF\", ...)   T: Left's toads, F: Right's frogs, . empty",
    rule: "loopy partizan: a toad (frog) steps right (left) or back into the next empty cell, or jumps over one of the other kind into the empty cell beyond",
    example: "backsliding_toads(\"T..F\")",
    heaps_interact: false,
    build,
    family: None,
};

/// A row of Backsliding Toads and Frogs.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BackslidingToads {
    cells: Vec<Cell>,
    /// Whether the row may split into regions (tests turn it off to play
    /// the whole row).
    split: bool,
}

impl Component for BackslidingToads {
    fn ruleset(&self) -> String {
        "backsliding_toads".to_string()
    }

    fn args(&self) -> String {
        format!("\"{}\"", write_row(&self.cells))
    }

    fn key(&self) -> Key {
        Key::new(
            "backsliding_toads",
            std::iter::once(u64::from(self.split)).chain(Key::pack(&row_bytes(&self.cells))),
        )
    }

    fn kind(&self) -> Kind<'_> {
        Kind::LoopyPartizan(self)
    }
}

impl LoopyPartizan for BackslidingToads {
    fn moves(&self, side: Side, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        let split = self.split;
        row_moves(&self.cells, side, BACKSLIDING, budget, |cells| {
            Arc::new(BackslidingToads { cells, split })
        })
    }

    fn regions(&self) -> Option<Vec<Arc<dyn Component>>> {
        // A row without an empty cell is frozen: no region (see the module
        // docs); any other row is one region.
        (self.split && !self.cells.is_empty() && !self.cells.contains(&Cell::Empty)).then(Vec::new)
    }
}

fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    read_rows(c, |cells| Arc::new(BackslidingToads { cells, split: true }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boards::toads::every_row;
    use sprague::Position;
    use sprague::analyze_for;
    use sprague_core::outcome::Outcome;
    use sprague_game::Play;

    fn moves(row: &str, side: Side) -> Vec<String> {
        let p = crate::tests::parse(&format!("backsliding_toads(\"{row}\")")).unwrap();
        p.components()[0]
            .moves_of(side, &Budget::DEFAULT)
            .unwrap()
            .iter()
            .map(|m| m.to[0].args())
            .collect()
    }

    #[test]
    fn creatures_step_forward_or_back_and_jump_forward() {
        // GenToadsAndFrogs with minSlide -1 (CGSuite): slides of one cell
        // either way into an empty cell, jumps over one enemy forward.
        assert_eq!(moves("T.F", Side::Left), ["\".TF\""]);
        assert_eq!(moves(".TF.", Side::Left), ["\"T.F.\"", "\"..FT\""]);
        assert_eq!(moves(".TF.", Side::Right), ["\".T.F\"", "\"FT..\""]);
        // No jump over a friend, none off the row.
        assert_eq!(moves("TT.", Side::Left), ["\"T.T\""]);
        assert!(moves("TF", Side::Left).is_empty());
    }

    fn class(row: &str) -> Outcome {
        let p = crate::tests::parse(&format!("backsliding_toads(\"{row}\")")).unwrap();
        analyze_for(&p, Play::Normal, Side::Left, false, &Budget::DEFAULT)
            .unwrap()
            .outcome
    }

    #[test]
    fn published_positions_have_their_outcomes() {
        // CGSuite's GameStripTest.scala (aaron-siegel/cgsuite):
        // BackslidingToadsAndFrogs("ttt..fff").GameValue is
        // {on||0|-1/2} & {1/2|0||off}. Read off the sides: Left moving
        // first only draws (to on in the onside, but to {1/2|0} in the
        // offside, where Right moves to 0), Right alike: a draw.
        assert_eq!(class("TTT..FFF"), Outcome::D);
        // T.F by hand: every move is forced. Left first: .TF, FT. (the
        // frog jumps), F.T, .FT, and the toad is stuck: Left loses after
        // four moves. Right first: TF., .FT (the toad jumps), F.T, FT., and
        // the frog is stuck. A P-position, though pieces may step back.
        assert_eq!(class("T.F"), Outcome::P);
        let p = crate::tests::parse("backsliding_toads(\"T.F\")").unwrap();
        for side in [Side::Left, Side::Right] {
            let a = analyze_for(&p, Play::Normal, side, false, &Budget::DEFAULT).unwrap();
            assert_eq!(a.remoteness, Some(4));
        }
        // A lone toad can shuffle for ever; Right has no move: Left wins.
        assert_eq!(class("T.."), Outcome::L);
        assert_eq!(class("TF"), Outcome::P);
    }

    #[test]
    fn regions_agree_with_the_whole_row_on_every_small_row() {
        let budget = Budget::DEFAULT;
        let mut checked = 0;
        for cells in every_row(7) {
            let split = Position::from_components(vec![Arc::new(BackslidingToads {
                cells: cells.clone(),
                split: true,
            })]);
            let whole = Position::from_components(vec![Arc::new(BackslidingToads {
                cells,
                split: false,
            })]);
            for side in [Side::Left, Side::Right] {
                let a = analyze_for(&split, Play::Normal, side, true, &budget).unwrap();
                let b = analyze_for(&whole, Play::Normal, side, true, &budget).unwrap();
                assert_eq!(a.outcome, b.outcome, "{}", split);
                assert_eq!(a.remoteness, b.remoteness, "{}", split);
                assert_eq!(a.winning_moves.len(), b.winning_moves.len(), "{}", split);
            }
            checked += 1;
        }
        assert_eq!(checked, (0..=7).map(|n| 3u32.pow(n)).sum::<u32>());
    }
}
