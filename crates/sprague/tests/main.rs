//! Integration tests of the library: the theory checked against brute force,
//! the parser against arbitrary text, and the answers against published
//! samples.

mod algebra;
mod big_numbers;
mod calculator;
mod canonical;
mod cgsuite_rulesets;
mod cooling_published;
mod data_file;
mod figures;
mod game_values;
mod infinitesimals;
mod layers;
mod loopy;
mod loopy_cases;
mod loopy_graph;
mod loopy_readback;
mod loopy_rulesets;
mod loopy_terms;
mod misere;
mod misere_quotients;
mod octal;
mod period_search;
mod published;
mod read_back;
mod remoteness;
mod sensible;
mod sums;
mod sums_of_heap_games;
mod sums_of_positional_games;
mod syntax_fuzz;
mod take_and_break;
mod thermography;
