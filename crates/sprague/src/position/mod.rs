//! Positions: sums of components, each a ruleset applied to its arguments.
//!
//! A [`Position`] is validated: it is built from a
//! [`syntax::PositionSyntax`](crate::syntax::PositionSyntax) by the ruleset
//! registry, which checks every parameter and argument once. Past that point
//! the components can be asked for values and moves without further checks.

pub(crate) mod syntax;

use std::fmt;
use std::sync::Arc;

use crate::cgt::{CanonicalArena, GameId};
use crate::error::{ParseError, SolveError};
use crate::impartial::Budget;
use crate::nimber::Nimber;

/// What kind of game a component is, which decides how a sum containing it
/// is valued.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameClass {
    /// Both players have the same moves; no position repeats. Valued by a
    /// nimber.
    Impartial,
    /// Left and Right have different moves.
    Partizan,
    /// Impartial, but play may return to a position it has visited.
    Loopy,
}

/// One component of a position: a ruleset with its parameters, applied to
/// its arguments.
///
/// A ruleset supplies the moves and, where it has one, a closed form for the
/// value; the engine combines components into sums. Implementors must list
/// moves in the order the user sees them: by place inside the component
/// (heap index, cell, ...), then by the size of the move, smallest first.
pub trait Component: fmt::Debug + Send + Sync {
    /// The ruleset with its parameters, normalised: `nim`,
    /// `subtraction[2,5]`.
    fn ruleset(&self) -> String;

    /// The arguments, normalised, without parentheses: `9`, `3, 5`.
    fn args(&self) -> String;

    /// How the component is written on its own. By default
    /// `ruleset(args)`; a nimber is written `*n`.
    fn text(&self) -> String {
        format!("{}({})", self.ruleset(), self.args())
    }

    /// Whether this component is one heap of a ruleset whose heaps do not
    /// interact, so that neighbours of the same ruleset may be written
    /// together: `nim(3) + nim(6)` is shown as `nim(3, 6)`.
    fn is_heap(&self) -> bool {
        true
    }

    /// The kind of game this is.
    fn class(&self) -> GameClass {
        GameClass::Impartial
    }

    /// The Sprague–Grundy value (impartial, loop-free components only).
    ///
    /// # Errors
    ///
    /// A [`SolveError`] if the value needs more than `budget`, or the
    /// component is not impartial and loop-free.
    fn grundy(&self, budget: &Budget) -> Result<Nimber, SolveError>;

    /// The generalised Sprague–Grundy value (Smith; Fraenkel), which
    /// values loopy impartial games in sums. By default the Grundy value as
    /// a finite loopy value; loopy rulesets override it.
    ///
    /// # Errors
    ///
    /// As [`Component::grundy`].
    fn loopy_value(&self, budget: &Budget) -> Result<crate::graph::LoopyValue, SolveError> {
        Ok(crate::graph::LoopyValue::Finite(self.grundy(budget)?.0))
    }

    /// Fraenkel's counter function for a loopy component of finite value
    /// (see [`crate::graph::LoopyGrundy::counter`]): among winning moves in a
    /// sum of loopy games, the one leaving the least (value, counter) pairs
    /// makes progress. 0 by default, which suits loop-free components.
    fn loopy_counter(&self, _budget: &Budget) -> u64 {
        0
    }

    /// The remoteness of this component played alone (the number of moves
    /// to the end with best play: the winner hurries, the loser holds out),
    /// where the ruleset knows it; `None` for a draw or where unknown. In a
    /// loopy game a move to a lost position wins only if the winner keeps
    /// making progress, so analysis prefers the winning move of least
    /// remoteness.
    fn remoteness(&self, _budget: &Budget) -> Option<u32> {
        None
    }

    /// Left's moves, in the order of [`Component::moves`]. A partizan
    /// component overrides this and [`Component::right_moves`]; for an
    /// impartial one both players have [`Component::moves`].
    ///
    /// # Errors
    ///
    /// As [`Component::moves`].
    fn left_moves(&self, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        self.moves(budget)
    }

    /// Right's moves; see [`Component::left_moves`].
    ///
    /// # Errors
    ///
    /// As [`Component::moves`].
    fn right_moves(&self, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        self.moves(budget)
    }

    /// The canonical value of a partizan component by a closed form, where
    /// the ruleset has one (a Hackenbush string is a number by Berlekamp's
    /// rule, a cutting-game board an integer). `None`, the default, means
    /// the value is computed from [`Component::left_moves`] and
    /// [`Component::right_moves`] ([`CanonicalArena::component`] does that
    /// with an explicit stack); a ruleset may also answer `Some(Err(..))` to
    /// decline a component too large for that.
    fn canonical(&self, arena: &mut CanonicalArena) -> Option<Result<GameId, SolveError>> {
        let _ = arena;
        None
    }

    /// Left's first `max` moves in this component, in the order of
    /// [`Component::left_moves`], after which the whole sum is worth at
    /// least 0 (so Right, moving next, loses), the rest of the sum being
    /// worth `rest`. `None`, the default, means: list
    /// [`Component::left_moves`] and value each one. A ruleset overrides
    /// this to find the first winning move of a component with too many
    /// moves to list (a cutting-game bar of 10^9 squares).
    fn left_moves_to_nonnegative(
        &self,
        rest: GameId,
        max: usize,
        arena: &mut CanonicalArena,
    ) -> Option<Result<Vec<Move>, SolveError>> {
        let _ = (rest, max, arena);
        None
    }

    /// Every move, in the order described on the trait.
    ///
    /// # Errors
    ///
    /// [`SolveError::BudgetExceeded`] when there are more moves than the
    /// budget allows positions (a Nim heap of 2^60 has 2^60 moves).
    fn moves(&self, budget: &Budget) -> Result<Vec<Move>, SolveError>;

    /// The first `max` moves to positions of Grundy value `target`, in the
    /// order of [`Component::moves`]. Rulesets with a closed form override
    /// this to answer without listing every move.
    ///
    /// # Errors
    ///
    /// As [`Component::moves`] and [`Component::grundy`].
    fn moves_to_grundy(
        &self,
        target: Nimber,
        max: usize,
        budget: &Budget,
    ) -> Result<Vec<Move>, SolveError> {
        let mut found = Vec::new();
        for m in self.moves(budget)? {
            if found.len() >= max {
                break;
            }
            if m.grundy(budget)? == target {
                found.push(m);
            }
        }
        Ok(found)
    }

    /// Who wins this component played on its own, and its first `max`
    /// winning moves (moves to positions where the player to move loses),
    /// for rulesets that know the outcome without knowing the Grundy value:
    /// Wythoff's game has closed-form P-positions but a value table only for
    /// small heaps; a Nullify matrix may be worth an infinite ordinal.
    ///
    /// `None`, the default, means the ruleset has no such knowledge and the
    /// engine uses [`Component::grundy`]. [`crate::analyze`] asks only when
    /// the component is the whole position and its Grundy value is not
    /// available. Implementations list the winning moves in the order of
    /// [`Component::moves`] wherever they can list them all, and must never
    /// claim a move wins unless it leads to a P-position.
    ///
    /// # Errors
    ///
    /// A [`SolveError`] inside the `Some` when even the outcome is beyond
    /// `budget`.
    fn outcome_and_winning_moves(
        &self,
        max: usize,
        budget: &Budget,
    ) -> Option<Result<(bool, Vec<Move>), SolveError>> {
        let _ = (max, budget);
        None
    }
}

/// A move in one component: what it does, in words, and what the component
/// becomes (zero, one or several components: a take-and-break move may
/// split a heap in two).
#[derive(Clone, Debug)]
pub struct Move {
    /// The move in words: "take 4 from the heap of 9".
    pub description: String,
    /// The components that replace the one moved in.
    pub to: Vec<Arc<dyn Component>>,
}

impl Move {
    /// A move described by `description` to the single component `to`.
    pub fn new(description: impl Into<String>, to: Arc<dyn Component>) -> Move {
        Move {
            description: description.into(),
            to: vec![to],
        }
    }

    /// The Grundy value of what the move leads to (the nim-sum of the
    /// resulting components).
    ///
    /// # Errors
    ///
    /// As [`Component::grundy`].
    pub fn grundy(&self, budget: &Budget) -> Result<Nimber, SolveError> {
        let mut g = Nimber::ZERO;
        for c in &self.to {
            g += c.grundy(budget)?;
        }
        Ok(g)
    }
}

/// A validated position: a sum of components.
#[derive(Clone, Debug)]
pub struct Position {
    components: Vec<Arc<dyn Component>>,
}

impl Position {
    /// Reads and validates a position in the position language.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] with the byte range of the offending text: a syntax
    /// error, an unknown ruleset, or parameters or arguments the ruleset
    /// rejects.
    ///
    /// # Examples
    ///
    /// ```
    /// let p = sprague::Position::parse("nim(3,6, 9)").unwrap();
    /// assert_eq!(p.components().len(), 3);
    /// assert_eq!(p.to_string(), "nim(3, 6, 9)");
    /// ```
    pub fn parse(text: &str) -> Result<Position, ParseError> {
        let syntax = syntax::parse_position(text)?;
        let mut components = Vec::new();
        for c in &syntax.components {
            components.extend(crate::rulesets::build(c)?);
        }
        Ok(Position { components })
    }

    /// The position made of `components`.
    pub fn from_components(components: Vec<Arc<dyn Component>>) -> Position {
        Position { components }
    }

    /// The components, one per heap where heaps do not interact.
    pub fn components(&self) -> &[Arc<dyn Component>] {
        &self.components
    }

    /// The position with component `index` replaced by `with`.
    pub fn replace(&self, index: usize, with: &[Arc<dyn Component>]) -> Position {
        let mut components = Vec::with_capacity(self.components.len() + with.len());
        components.extend_from_slice(&self.components[..index]);
        components.extend_from_slice(with);
        components.extend_from_slice(&self.components[index + 1..]);
        Position { components }
    }
}

impl fmt::Display for Position {
    /// Writes the sum, joining neighbouring heaps of one ruleset:
    /// `nim(3) + nim(6) + *2` is written `nim(3, 6) + *2`. The empty sum is
    /// written `0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.components.is_empty() {
            return f.write_str("0");
        }
        let mut i = 0;
        while i < self.components.len() {
            if i > 0 {
                f.write_str(" + ")?;
            }
            let c = &self.components[i];
            if !c.is_heap() {
                f.write_str(&c.text())?;
                i += 1;
                continue;
            }
            let ruleset = c.ruleset();
            let mut args = vec![c.args()];
            i += 1;
            while i < self.components.len()
                && self.components[i].is_heap()
                && self.components[i].ruleset() == ruleset
            {
                args.push(self.components[i].args());
                i += 1;
            }
            write!(f, "{}({})", ruleset, args.join(", "))?;
        }
        Ok(())
    }
}
