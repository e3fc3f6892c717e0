//! Games on heaps: Nim and its relatives, take-away and subtraction games,
//! take-and-break (octal) games, Wythoff and the two-coordinate heap games,
//! and the sum rules that play their sums (misère Bash, misère quotients,
//! unfair take-away).

pub(crate) mod bash;
pub(crate) mod cake;
pub(crate) mod circle;
pub(crate) mod compose;
pub(crate) mod coordinate_rule;
pub(crate) mod cut;
pub(crate) mod disjoint;
pub(crate) mod divisor;
pub(crate) mod fibonacci;
pub(crate) mod gen_mem;
pub(crate) mod gen_wythoff;
pub(crate) mod heap;
pub(crate) mod heap_rule;
pub(crate) mod mem;
pub(crate) mod misere_bash;
pub(crate) mod misere_quotient;
pub(crate) mod moore;
pub(crate) mod nim;
pub(crate) mod nosum;
pub(crate) mod nullify;
pub(crate) mod octal;
pub(crate) mod partizan_subtraction;
pub(crate) mod sequential;
pub(crate) mod spawning;
pub(crate) mod submask;
pub(crate) mod subtraction;
pub(crate) mod take_and_break;
pub(crate) mod takeaway;
pub(crate) mod unfair;
pub(crate) mod wythoff;
