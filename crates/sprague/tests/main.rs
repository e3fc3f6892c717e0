//! Integration tests of the library: the theory checked against brute force,
//! the parser against arbitrary text, and the answers against published
//! samples.

mod canonical;
mod layers;
mod octal;
mod published;
mod rulesets_a_sums;
mod rulesets_b_sums;
mod sums;
mod syntax_fuzz;
