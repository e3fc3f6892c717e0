//! `sprague`: exact solvers for combinatorial games.
//!
//! Read a position in the position language, and ask who wins and how:
//!
//! ```
//! use sprague::{analyze, Budget, Nimber, Outcome, Play, Position};
//!
//! // Luogu P1247, first sample: heaps of 3, 6 and 9.
//! let position = Position::parse("nim(3, 6, 9)")?;
//! let analysis = analyze(&position, Play::Normal, false, &Budget::DEFAULT)?;
//! assert_eq!(analysis.outcome, Outcome::N);
//! assert_eq!(analysis.grundy, Some(Nimber(12)));
//! let best = &analysis.winning_moves[0];
//! assert_eq!(best.description, "take 4 from the heap of 9");
//! assert_eq!(best.to.to_string(), "nim(3, 6, 5)");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The pieces, from the bottom up: [`Nimber`] (the values of impartial games
//! and their field arithmetic), [`ImpartialGame`] and [`GrundySolver`] (the
//! Sprague–Grundy function of any game given by its moves), [`Component`]
//! and [`Position`] (sums of rulesets), [`analyze`] (outcome and winning
//! moves), and the rulesets themselves.

#![deny(missing_docs)]

mod cgt;
mod coalitions;
mod coins;
mod error;
pub mod graph;
mod impartial;
#[cfg(feature = "serde")]
pub mod json;
mod misere;
mod nimber;
mod octal;
mod outcome;
mod partizan;
mod position;
pub mod rulesets;
mod sum;

/// The position language's syntax tree and parser.
pub mod syntax {
    pub use crate::position::syntax::*;
}

pub use cgt::{
    CanonicalArena, Dyadic, DyadicOverflow, GameId, MAX_DEPTH, MAX_EXPONENT, MAX_VALUE_CHARS,
    analyze_canonical, simplest_between,
};
pub use coalitions::{Coalition, Eventual, Race};
pub use coins::{RugsAnswer, RugsBoard, mock_turtles_grundy, ruler_grundy};
pub use error::{ParseError, ParseErrorKind, SolveError};
pub use impartial::{Budget, Deadline, GrundySolver, ImpartialGame, MexSet, grundy_sequence, mex};
pub use nimber::Nimber;
pub use octal::{
    GrundySequence, MAX_CODE_DIGITS, Method, OctalCode, PeriodSearch, PeriodicSequence, TakeBreak,
    certification_bound, find_period, lasker_grundy, least_period,
};
pub use outcome::Outcome;
pub use partizan::{PartizanSearch, Side, analyze_partizan};
pub use position::{Component, GameClass, Move, Position};
pub use rulesets::{HeapFamily, Periodicity, RareValues, Ruleset, takeaway_grundy};
pub use sum::{Analysis, Play, SumSearch, SumState, WinningMove, analyze};
