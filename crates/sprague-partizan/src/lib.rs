//! The theory of short partizan games: [`Dyadic`] numbers, canonical forms
//! in a hash-consed [`CanonicalArena`], and what is read off them —
//! thermographs, atomic weights, reduced forms, cooling and heating — with
//! CGSuite's operators beyond sums (ordinal sums, Norton products,
//! conjunctive and selective sums, up powers).
//!
//! It must never know a component, a ruleset or a position: a game reaches
//! it as options already valued in its arena.

#![deny(missing_docs)]

pub mod algebra;
pub mod atomic;
pub mod cgt;
pub mod companion;
pub mod comparisons;
pub mod cooling;
pub mod dyadic;
pub mod powers;
pub mod reduced;
pub mod sensible;
pub mod stop_count;
pub mod thermograph;

pub use algebra::{
    conjunctive_sum, conway_product, copies, incentives, miny, norton_product, ordinal_sum,
    selective_sum, tiny, up_power, up_power_sum,
};
pub use atomic::{atomic_weight, is_all_small, is_infinitesimal};
pub use cgt::{CanonicalArena, GameId, MAX_DEPTH};
pub use companion::companion;
pub use cooling::{cool, freeze, heat, overheat};
pub use dyadic::{Dyadic, DyadicOverflow, simplest_between};
pub use powers::{exponent_problem, pow, pow_to, subordinate};
pub use reduced::{infinitesimally_close, reduced_canonical_form};
pub use sensible::{OptionMarks, option_marks};
pub use stop_count::stop_count;
pub use thermograph::{Figures, Thermograph, Thermography, Wall};
