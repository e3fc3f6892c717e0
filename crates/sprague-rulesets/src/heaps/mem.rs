//! CGSuite's Mem (`game/heap/constants.cgs`: `GenMem((memory, j) -> j >=
//! memory)`, `game/heap/GenMem.cgs`): one heap of `n` tokens and a memory
//! `k`, the number the last move took (0 before the first move). A player
//! takes `a` tokens, `k <= a <= n`, and the position becomes `(n - a, a)`:
//! each move takes at least as many as the one before.
//!
//! A position is one impartial component valued by the mex of its
//! options; coordinates are at most [`crate::heaps::cake::MAX_SIDE`] and
//! the moves of one position are charged to the budget.

use std::sync::Arc;

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::{Arg, ComponentSyntax, Spanned};
use sprague_game::{Component, Impartial, Key, Kind, Move};

use crate::common::{Ruleset, check_move_count, no_params, take_description};
use crate::heaps::cake::coordinates;

pub(crate) const RULESET: Ruleset = Ruleset {
    name: "mem",
    syntax: "mem(n, k)   (one heap of n with memory k, the number the last move took; mem(n) is mem(n, 0))",
    rule: "impartial (CGSuite's Mem): take at least as many tokens as the last move took",
    example: "mem(10, 3)",
    heaps_interact: true,
    build,
    family: None,
};

/// A heap of `n` whose last move took `memory`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MemPosition {
    n: u64,
    memory: u64,
}

impl Component for MemPosition {
    fn ruleset(&self) -> String {
        "mem".to_string()
    }

    fn args(&self) -> String {
        format!("{}, {}", self.n, self.memory)
    }

    fn is_heap(&self) -> bool {
        false
    }

    fn key(&self) -> Key {
        Key::new("mem", [self.n, self.memory])
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Impartial(self)
    }
}

impl Impartial for MemPosition {
    fn moves(&self, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        let least = self.memory.max(1);
        check_move_count((self.n + 1).saturating_sub(least), budget)?;
        Ok((least..=self.n)
            .map(|a| {
                Move::new(
                    take_description(a, self.n),
                    Arc::new(MemPosition {
                        n: self.n - a,
                        memory: a,
                    }),
                )
            })
            .collect())
    }
}

fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    no_params(&c.ruleset)?;
    let (n, memory) = heap_and_memory(c, "mem")?;
    Ok(vec![Arc::new(MemPosition { n, memory })])
}

/// The heap and the memory of `name(n, k)`, or of `name(n)`, a heap
/// before the first move (memory 0): for `mem` and `gen_mem`.
pub(crate) fn heap_and_memory(c: &ComponentSyntax, name: &str) -> Result<(u64, u64), ParseError> {
    if let [n] = c.args.as_slice() {
        // `mem(n)` is a heap before the first move.
        let with_memory = ComponentSyntax {
            args: vec![
                n.clone(),
                Spanned {
                    value: Arg::Int(0),
                    span: n.span.clone(),
                },
            ],
            ..c.clone()
        };
        coordinates(&with_memory, name)
    } else {
        coordinates(c, name)
    }
}

#[cfg(test)]
mod tests {
    use crate::tests::{
        assert_grundy_row, grundy_of as grundy, n_moves_of, outcome_by_search, parse,
    };
    use sprague_core::outcome::Outcome;

    #[test]
    fn cgsuites_option_count_and_values() {
        // CGSuite's GameHeapTest.scala (commit e909ab8b), "define coordinate
        // games properly": Mem((10,10)).Options.Size and
        // [Mem((10,n)).NimValue for n from 0 to 20].
        assert_eq!(n_moves_of("mem(10, 10)"), 1);
        let row = [
            3, 3, 3, 3, 2, 2, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        ];
        assert_grundy_row(|k| format!("mem(10, {k})"), &row);
        assert_eq!(grundy("mem(10)"), 3);
    }

    #[test]
    fn positions_agree_with_the_search_of_the_whole_game() {
        let moves = |&(n, k): &(u64, u64), _: bool| {
            (1..=n)
                .filter(|&a| a >= k)
                .map(|a| vec![(n - a, a)])
                .collect()
        };
        for n in 0..=16 {
            for k in 0..=17 {
                let text = format!("mem({n}, {k})");
                let found = outcome_by_search(vec![(n, k)], &moves);
                assert_eq!(grundy(&text) != 0, found == Outcome::N, "{text}");
            }
        }
    }

    #[test]
    fn bad_positions_are_parse_errors() {
        for bad in ["mem[2](3, 4)", "mem()", "mem(1, 2, 3)", "mem(\"3\")"] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }
}
