//! Games whose play may return to a position: impartial and partizan games
//! on explicit graphs (retrograde analysis with draws, the generalised
//! Sprague–Grundy function, remoteness, matching for the bipartite game),
//! and the values of loopy partizan games — stoppers, sided values, their
//! simplest forms and CGSuite's loopy notation.
//!
//! It must never know a component or a ruleset: a game reaches it as a
//! graph of positions or a loopy expression.

#![deny(missing_docs)]

pub mod graph;
pub mod loopy;

pub use loopy::{
    LoopyArena, LoopyExpr, LoopyGame, LoopyOutcome, LoopySyntax, MAX_LOOPY_NUMBER, Pseudonumber,
    SidedValue, Stopper, Winner, parse_loopy, parse_loopy_term,
};
