//! Loopy partizan games: games on graphs where a position may come back
//! (Siegel, *Combinatorial Game Theory*, ch. VI; Conway, *On Numbers and
//! Games*, ch. 11). CGSuite's `CanonicalStopper`, `SidedValue` and
//! `LoopyGame` are the reference these were written against, fresh.
//!
//! - [`LoopyGame`]: a graph (Left's and Right's options of every vertex)
//!   and a start; its [`LoopyOutcome`] by retrograde analysis with draws;
//!   whether it is a stopper (no infinite alternating sequence of moves).
//! - Comparison: `G <= H` for stoppers iff Left, playing second, survives
//!   `H - G` (never has no move); for the onsides of any games, iff she
//!   survives and every infinite play has infinitely many moves in `H`;
//!   for offsides, in `-G`. Each is a game on the product graph, solved by
//!   an attractor (survival) or by the classical Büchi algorithm.
//! - [`Stopper`]: the simplest form (Siegel, VI.3): reversible options
//!   bypassed and dominated ones deleted until neither applies, equal
//!   vertices fused. The graph is simplified one strongly connected
//!   component at a time, sinks first, into a store of canonical stopper
//!   vertices with the comparison of every pair of them, so a comparison
//!   table is the size of a component times the store's, not the square of
//!   the graph; each step keeps every vertex's value, so one table per
//!   component serves all its steps.
//! - [`SidedValue`]: `onside & offside`. A side of a game that is not a
//!   stopper is found the same way, component by component with the
//!   followers already replaced by their sides: a move on an alternating
//!   cycle is deleted when its deletion keeps every vertex's value (a
//!   deleted Left move can only lower it, so one comparison decides). A
//!   component still not a stopper (Bach's Carousel), with all that leads
//!   to it, is simplified as one graph: reversible options bypassed,
//!   dominated and irrelevant cyclic options deleted, each step kept only
//!   when the exact comparison says the value is unchanged; the side is
//!   then that graph, not a stopper, printed as CGSuite prints it.
//! - Sums: the product graph; of sided values, the upsum of the onsides
//!   and the downsum of the offsides. Stops (which may be `on`, `off`,
//!   `x over`, `x under`: [`Pseudonumber`]), degree and variety.
//! - CGSuite's notation both ways ([`parse_loopy`], [`LoopyArena::display`]).

mod components;
mod game;
mod notation;
mod stopper;

pub use game::{LoopyGame, LoopyOutcome, Winner};
pub use notation::{
    LoopyExpr, LoopyFunction, LoopySyntax, MAX_LOOPY_NUMBER, braces_have_a_bar, parse_loopy,
    parse_loopy_term, sided_text,
};
pub use stopper::{LoopyArena, Pseudonumber, SidedValue, Stopper};
