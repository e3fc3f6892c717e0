//! Misère play of impartial games: misère canonical forms in a
//! [`MisereArena`] (Conway's simplification, the genus, CGSuite's
//! notation), and misère quotients of take-and-break games
//! ([`QuotientSolver`], after Plambeck and Siegel).
//!
//! It must never know a component or a ruleset: forms are written or built
//! from options, quotients from the rules of a [`sprague_impartial::TakeBreak`]
//! game. No quotient leaves it unverified.

#![deny(missing_docs)]

pub mod misere;
pub mod quotient;

pub use misere::{
    ExplicitGame, Genus, MAX_MISERE_DEPTH, MAX_NOTATION_HEAP, MAX_NOTATION_NESTING, MisereArena,
    MisereExpr, MisereFigures, MisereId, MisereSyntax, NotationError, Phylum, parse_misere,
};
pub use quotient::{
    MAX_QUOTIENT_HEAPS, MisereQuotient, QuotientSolver, Stability, misere_quotient,
};
