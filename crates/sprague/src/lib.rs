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
//! This crate is the top of a stack of crates, one for each layer of the
//! theory, and re-exports what a user needs from them, so that one
//! dependency serves: `sprague-core` (budgets, errors, outcomes);
//! `sprague-impartial` ([`Nimber`] and its field arithmetic, [`GrundySolver`]
//! for any game given by its moves, the octal engines); `sprague-partizan`
//! (the canonical forms of [`CanonicalArena`] and what is read off them);
//! `sprague-misere` (misère forms and quotients); `sprague-loopy` (games on
//! graphs in [`graph`], loopy partizan values); `sprague-game` (the game
//! model: [`Component`] and its kinds [`Impartial`], [`Partizan`],
//! [`Loopy`]; the position language's [`syntax`]); `sprague-rulesets` (the
//! named games, [`rulesets`]). Here: [`Position`], a sum of components read
//! from text, and the solve layer ([`analyze`], [`moves`], [`reply`]).

#![deny(missing_docs)]

#[cfg(feature = "certificate")]
pub mod certificate;
pub mod durable;
mod figure_table;
mod grid_table;
#[cfg(feature = "serde")]
pub mod json;
pub mod picture;
mod position;
mod solve;

pub use sprague_game::syntax;
pub use sprague_loopy::graph;
pub use sprague_rulesets as rulesets;

pub use sprague_core::Outcome;
pub use sprague_core::error::bytes_text;
pub use sprague_core::{Budget, Deadline, ParseError, ParseErrorKind, Progress, SolveError};
pub use sprague_game::{
    Component, GameClass, Impartial, Key, Kind, Loopy, LoopyPartizan, Move, MoveLabel, Partizan,
    Play, Side, SumRule, SumVerdict, grundy_by_mex,
};
pub use sprague_impartial::{
    ARITHMETIC_WINDOW, BYTES_PER_HEAP, CHECKPOINT_FRAME_MAX, CHECKPOINT_VERSION, Checkpoint,
    CheckpointError, CheckpointValues, Coalition, DETECTOR_BYTES, DiskPlan, DiskUse, Eventual,
    GrundySequence, GrundySolver, ImpartialGame, MAX_CODE_DIGITS, Method, MexSet, Nimber,
    OctalCode, PERIOD_WINDOW, PeriodSearch, PeriodicSequence, Race, TakeBreak, certification_bound,
    checkpoint_length, disk_plan, find_period, grundy_sequence, heaps_within, lasker_grundy,
    least_period, mex, nim_sequence_bound, read_checkpoint, read_checkpoint_from, rules_identity,
    sequence_bytes,
};
pub use sprague_loopy::{
    LoopyArena, LoopyExpr, LoopyGame, LoopyOutcome, LoopySyntax, MAX_LOOPY_NUMBER, Pseudonumber,
    SidedValue, Stopper, Winner, parse_loopy, parse_loopy_term,
};
pub use sprague_misere::{
    ExplicitGame, Genus, MAX_MISERE_DEPTH, MAX_NOTATION_HEAP, MAX_NOTATION_NESTING,
    MAX_QUOTIENT_HEAPS, MisereArena, MisereExpr, MisereFigures, MisereId, MisereQuotient,
    MisereSyntax, NotationError, Phylum, QuotientSolver, Stability, misere_quotient, parse_misere,
};
pub use sprague_partizan::{
    CanonicalArena, Dyadic, DyadicOverflow, Figures, GameId, MAX_DEPTH, OptionMarks, Thermograph,
    Thermography, Wall, atomic_weight, companion, conjunctive_sum, conway_product, cool, copies,
    freeze, heat, incentives, infinitesimally_close, is_all_small, is_infinitesimal, miny,
    norton_product, option_marks, ordinal_sum, overheat, pow, pow_to, reduced_canonical_form,
    selective_sum, simplest_between, stop_count, subordinate, tiny, up_power, up_power_sum,
};
pub use sprague_rulesets::{HeapFamily, Periodicity, RareValues, Ruleset, takeaway_grundy};
pub use sprague_rulesets::{RugsAnswer, RugsBoard, mock_turtles_grundy, ruler_grundy};

pub use figure_table::{
    Field, Figure, FigureCell, FigureError, FigurePeriod, FigureQuery, FigureReport, FigureRow,
    FigureTable, Filter, FilterError, FoundPeriod, Layout, Op, field_names, figure_period,
    figure_report, figure_table, is_partizan_heap_game,
};
pub use grid_table::{GridTable, GridValues, grid_corner, grid_table, is_two_coordinate};
pub use position::Position;
pub use solve::canonical::{
    CanonicalSolver, Comparison, FIGURE_STEPS, MAX_VALUE_CHARS, compare, figure_allowance,
    value_chars,
};
pub use solve::misere::{
    MISERE_FIGURE_FORMS, MisereSolver, MisereTable, misere_figure_allowance,
    misere_genus_by_search, misere_table, misere_table_partial, observed_period,
    observed_period_by,
};
pub use solve::search::SumSearch;
pub use solve::{
    Analysis, EXPLORED_POSITION_WEIGHT, LoopyFigures, MAX_VALUE_VERTICES, Marks, MoveList,
    MoveOutcome, MovePage, OptionNode, REMOTENESS_FLOOR, REMOTENESS_POSITIONS, Reply, ReplyReason,
    STEPS_PER_REMOTENESS_POSITION, SumMove, Value, analyze, analyze_for, loopy_game_value,
    loopy_partizan_value, move_outcomes, moves, moves_page, position_options, remoteness,
    remoteness_allowance, remoteness_beside, reply,
};
