//! Impartial games written in CGSuite's misère notation as terms of a sum:
//! `*[2#1]`, `*[[2],0]`, `*[2[2]]`.
//!
//! A term is an impartial component whose moves are its options as
//! written: `*[[2],0]` moves to `{*2}` and to `0`, a list element that is a
//! sum moves as the sum does, and a form in compact notation (`*[2#1]`)
//! moves to its canonical options. Its normal-play value is its nimber
//! (the mex of its options'), so `*[2]+*[2]` is `0` under normal play; under
//! misère play its canonical form is computed by the solve layer from
//! these moves like any other impartial component's.
//!
//! The game is kept as the theory's [`ExplicitGame`], shared by every
//! position reached from the term; a node's text (CGSuite's form where the
//! node is in canonical form as it stands, else the list of its options)
//! reads back as the same game and is its key.

use std::sync::Arc;

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, ParseErrorKind, SolveError};
use sprague_game::{Component, Impartial, Key, Kind, Move};
use sprague_misere::misere::{ExplicitGame, MisereArena, MisereSyntax};

/// Positions a misère term may have when it is built (the nodes of its
/// game, with the canonical forms needed to print them).
const BUILD_POSITIONS: u64 = 1 << 20;

/// A position of a game written in misère notation.
#[derive(Clone, Debug)]
pub struct MisereValue {
    game: Arc<ExplicitGame>,
    node: u32,
}

/// Builds the component a `*[...]` term stands for.
///
/// # Errors
///
/// A [`ParseError`] for a difference `x[-n]` no game satisfies, or a game
/// too large to build (more than 2^20 forms); one of kind
/// [`ParseErrorKind::Stopped`] when `budget`'s time (or positions, where
/// fewer) runs out first.
pub fn build_misere(
    syntax: &MisereSyntax,
    budget: &Budget,
) -> Result<Arc<dyn Component>, ParseError> {
    let budget = Budget {
        max_positions: budget.max_positions.min(BUILD_POSITIONS),
        ..*budget
    };
    let mut arena = MisereArena::new();
    let mut game = ExplicitGame::new();
    let bad =
        |reason: String| ParseError::new(ParseErrorKind::BadValue { reason }, syntax.span.clone());
    let node = match game.build(syntax, &mut arena, &budget) {
        Ok(Ok(node)) => node,
        Ok(Err(e)) => {
            return Err(ParseError::new(
                ParseErrorKind::BadValue { reason: e.message },
                e.span,
            ));
        }
        Err(e @ SolveError::BudgetExceeded { limit }) if limit == BUILD_POSITIONS => {
            return Err(bad(format!("the misère game is too large to build ({e})")));
        }
        Err(e) => {
            return Err(ParseError::new(
                ParseErrorKind::Stopped(e),
                syntax.span.clone(),
            ));
        }
    };
    Ok(Arc::new(MisereValue {
        game: Arc::new(game),
        node,
    }))
}

impl Component for MisereValue {
    fn ruleset(&self) -> String {
        "misere".to_string()
    }

    fn args(&self) -> String {
        self.game.text(self.node).to_string()
    }

    fn text(&self) -> String {
        self.game.text(self.node).to_string()
    }

    fn is_heap(&self) -> bool {
        false
    }

    fn key(&self) -> Key {
        Key::new("misere", Key::pack(self.game.text(self.node).as_bytes()))
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Impartial(self)
    }
}

impl Impartial for MisereValue {
    fn moves(&self, _budget: &Budget) -> Result<Vec<Move>, SolveError> {
        Ok(self
            .game
            .options(self.node)
            .iter()
            .map(|&o| {
                let to: Arc<dyn Component> = Arc::new(MisereValue {
                    game: Arc::clone(&self.game),
                    node: o,
                });
                Move::new(format!("move to {}", self.game.text(o)), to)
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use sprague::{Budget, Nimber, Play, analyze};

    #[test]
    fn written_options_are_the_moves() {
        let p = crate::tests::parse("*[[2],0]").unwrap();
        assert_eq!(p.to_string(), "*[2#0]");
        // {0, *2, *3} equals *1 (its options *2 and *3 reverse through *1),
        // but its moves are the three written.
        let p = crate::tests::parse("*[[2,3,0]]").unwrap();
        assert_eq!(p.to_string(), "*[0,2,3]");
        let c = &p.components()[0];
        let sprague_game::Kind::Impartial(g) = c.kind() else {
            panic!("impartial")
        };
        assert_eq!(g.moves(&Budget::DEFAULT).unwrap().len(), 3);
        assert_eq!(
            crate::tests::parse("*[0,2,3]").unwrap().to_string(),
            "*[0,2,3]"
        );
    }

    #[test]
    fn normal_play_value_is_the_nimber() {
        let p = crate::tests::parse("*[2]+*[2]").unwrap();
        let a = analyze(&p, Play::Normal, false, &Budget::DEFAULT).unwrap();
        assert_eq!(a.grundy(), Some(Nimber(0)));
        let p = crate::tests::parse("*[2#1]").unwrap();
        let a = analyze(&p, Play::Normal, false, &Budget::DEFAULT).unwrap();
        assert_eq!(a.grundy(), Some(Nimber(2)));
    }
}
