//! Positions: sums of components, each a ruleset applied to its arguments.
//!
//! A [`Position`] is validated: it is built from a
//! [`syntax::PositionSyntax`](sprague_game::syntax::PositionSyntax) by the ruleset
//! registry, which checks every parameter and argument once. Past that point
//! the components can be asked for values and moves without further checks.
//! This module holds no game theory: it must never value a position.

use sprague_game::syntax;
use std::fmt;
use std::sync::Arc;

use sprague_core::budget::Budget;
use sprague_core::error::ParseError;
use sprague_game::Component;

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
        Position::parse_with(text, &sprague_loopy::graph::FileSystem)
    }

    /// Reads and validates a position as [`Position::parse`] does, reading
    /// the files it names (graph files, word lists) from `files`: a server
    /// decides there which names a request may read.
    ///
    /// # Errors
    ///
    /// As [`Position::parse`], and a [`ParseError`] on a file name `files`
    /// refuses.
    pub fn parse_with(
        text: &str,
        files: &dyn sprague_loopy::graph::FileSource,
    ) -> Result<Position, ParseError> {
        let syntax = syntax::parse_position(text)?;
        let components = sprague_rulesets::components(&syntax, files)?;
        Ok(Position { components })
    }

    /// Reads a position as [`Position::parse_with`] does, building the
    /// terms that take a computation to build (misère forms) within
    /// `budget`: a caller with a time limit starts its clock before the
    /// text is read, not after.
    ///
    /// # Errors
    ///
    /// As [`Position::parse_with`], and a [`ParseError`] of kind
    /// [`ParseErrorKind::Stopped`](crate::ParseErrorKind::Stopped) (with
    /// the [`SolveError`](crate::SolveError) of the budget) when building
    /// a term runs out of it.
    pub fn parse_within(
        text: &str,
        files: &dyn sprague_loopy::graph::FileSource,
        budget: &Budget,
    ) -> Result<Position, ParseError> {
        let syntax = syntax::parse_position(text)?;
        let components = sprague_rulesets::components_within(&syntax, files, budget)?;
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
