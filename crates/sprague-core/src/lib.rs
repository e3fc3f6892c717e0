//! The bottom layer of `sprague`: what every layer above shares, and
//! nothing else — the [`Budget`] a search may spend and the [`Deadline`] it
//! must meet, the errors ([`ParseError`] for text that cannot be read,
//! [`SolveError`] for a solver that stopped), and the [`Outcome`] classes.
//!
//! It must never know a game, a theory or a notation: a type here that
//! mentions a nimber or a canonical form belongs a layer up.

#![deny(missing_docs)]

pub mod budget;
pub mod error;
pub mod outcome;

pub use budget::{Budget, Deadline, Progress};
pub use error::{ParseError, ParseErrorKind, SolveError};
pub use outcome::{Outcome, Side};
