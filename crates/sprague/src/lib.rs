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
//! assert_eq!(analysis.grundy(), Some(Nimber(12)));
//! let best = &analysis.winning_moves[0];
//! assert_eq!(best.description(), "take 4 from the heap of 9");
//! assert_eq!(best.to.to_string(), "nim(3, 6, 5)");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The pieces, from the bottom up: the theory ([`Nimber`] and its field
//! arithmetic, [`GrundySolver`] for any game given by its moves, the
//! canonical forms of [`CanonicalArena`], games on graphs in [`graph`]); the
//! game model ([`Component`] and its kinds [`Impartial`], [`Partizan`],
//! [`Loopy`]; [`Position`], a sum of components); the rulesets; and the
//! solve layer ([`analyze`], [`moves`], [`reply`]).

#![deny(missing_docs)]

mod algebra;
mod atomic;
mod budget;
#[cfg(feature = "certificate")]
pub mod certificate;
mod cgt;
mod coalitions;
mod comparisons;
mod cooling;
pub mod durable;
mod dyadic;
mod error;
mod game;
pub mod graph;
mod grid_table;
mod impartial;
#[cfg(feature = "serde")]
pub mod json;
mod loopy;
mod misere;
mod nimber;
mod octal;
mod outcome;
mod position;
mod quotient;
mod reduced;
pub mod rulesets;
mod solve;
mod thermograph;

/// The position language's syntax tree and parser.
pub mod syntax {
    pub use crate::position::syntax::*;
}

pub use algebra::{
    conjunctive_sum, copies, incentives, miny, norton_product, ordinal_sum, selective_sum, tiny,
    up_power, up_power_sum,
};
pub use atomic::{atomic_weight, is_all_small, is_infinitesimal};
pub use budget::{Budget, Deadline, Progress};
pub use cgt::{CanonicalArena, Dyadic, DyadicOverflow, GameId, MAX_DEPTH, simplest_between};
pub use coalitions::{Coalition, Eventual, Race};
pub use cooling::{cool, heat, overheat};
pub use error::{ParseError, ParseErrorKind, SolveError};
pub use game::{
    Component, GameClass, Impartial, Key, Kind, Loopy, LoopyPartizan, Move, MoveLabel, Partizan,
    Play, Side, SumRule, SumVerdict, grundy_by_mex,
};
pub use grid_table::{GridTable, GridValues, grid_corner, grid_table, is_two_coordinate};
pub use impartial::{GrundySolver, ImpartialGame, MexSet, grundy_sequence, mex};
pub use loopy::{
    LoopyArena, LoopyExpr, LoopyGame, LoopyOutcome, LoopySyntax, Pseudonumber, SidedValue, Stopper,
    Winner, parse_loopy, parse_loopy_term,
};
pub use misere::{
    ExplicitGame, Genus, MAX_MISERE_DEPTH, MAX_NOTATION_HEAP, MisereArena, MisereExpr,
    MisereFigures, MisereId, MisereSyntax, NotationError, Phylum, parse_misere,
};
pub use nimber::Nimber;
pub use octal::{
    ARITHMETIC_WINDOW, BYTES_PER_HEAP, CHECKPOINT_FRAME_MAX, CHECKPOINT_VERSION, Checkpoint,
    CheckpointError, CheckpointValues, DETECTOR_BYTES, DiskPlan, DiskUse, GrundySequence,
    MAX_CODE_DIGITS, Method, OctalCode, PERIOD_WINDOW, PeriodSearch, PeriodicSequence, TakeBreak,
    certification_bound, checkpoint_length, disk_plan, find_period, heaps_within, lasker_grundy,
    least_period, nim_sequence_bound, read_checkpoint, read_checkpoint_from, rules_identity,
    sequence_bytes,
};
pub use outcome::Outcome;
pub use position::Position;
pub use quotient::{
    MAX_QUOTIENT_HEAPS, MisereQuotient, QuotientSolver, Stability, misere_quotient,
};
pub use reduced::{infinitesimally_close, reduced_canonical_form};
pub use rulesets::{HeapFamily, Periodicity, RareValues, Ruleset, takeaway_grundy};
pub use rulesets::{RugsAnswer, RugsBoard, mock_turtles_grundy, ruler_grundy};
pub use solve::canonical::{CanonicalSolver, Comparison, MAX_VALUE_CHARS, compare, value_chars};
pub use solve::misere::{
    MisereSolver, MisereTable, misere_table, misere_table_partial, observed_period,
};
pub use solve::search::SumSearch;
pub use solve::{
    Analysis, MAX_VALUE_VERTICES, MoveList, MoveOutcome, MovePage, REMOTENESS_POSITIONS, Reply,
    ReplyReason, SumMove, Value, analyze, analyze_for, loopy_partizan_value, move_outcomes, moves,
    moves_page, remoteness, reply,
};
pub use thermograph::{Figures, Thermograph, Thermography, Wall};
