//! The impartial theory: [`Nimber`]s and their field arithmetic, the mex and
//! [`GrundySolver`] for any game given by its moves, the octal engines that
//! compute Grundy sequences of take-and-break games to billions of heaps,
//! their period searches and checkpoints, and the many-player take-away
//! game's coalitions.
//!
//! It must never know a component, a position or a ruleset: it works on
//! heaps, codes and move functions. `impartial` is the brute force the
//! closed forms above are tested against and must never become clever.

#![deny(missing_docs)]

pub mod coalitions;
pub mod impartial;
pub mod nimber;
pub mod octal;

pub use coalitions::{Coalition, Eventual, Race};
pub use impartial::{GrundySolver, ImpartialGame, MexSet, grundy_sequence, mex};
pub use nimber::Nimber;
pub use octal::{
    ARITHMETIC_WINDOW, BYTES_PER_HEAP, CHECKPOINT_FRAME_MAX, CHECKPOINT_VERSION, Checkpoint,
    CheckpointError, CheckpointValues, DETECTOR_BYTES, DiskPlan, DiskUse, GrundySequence,
    MAX_CODE_DIGITS, Method, OctalCode, PERIOD_WINDOW, PeriodSearch, PeriodicSequence, TakeBreak,
    certification_bound, checkpoint_length, disk_plan, find_period, heaps_within, lasker_grundy,
    least_period, nim_sequence_bound, read_checkpoint, read_checkpoint_from, rules_identity,
    sequence_bytes,
};
