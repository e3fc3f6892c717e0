//! CGSuite's GenMem (`game/heap/GenMem.cgs`): `gen_mem[PRED](n, k)` is one
//! heap of `n` tokens whose last move took `k` (the memory); a player takes
//! `a` tokens, `1 <= a <= n`, where the predicate `PRED` on `k` and `a`
//! holds, and the position becomes `(n - a, a)`. CGSuite's examples:
//! `gen_mem[a >= k]` is Mem (`mem`), `gen_mem[a <= 2*k]` is Fibonacci Nim
//! and `gen_mem[a <= r*k]` is its `TakeAway(r)`. CGSuite writes a position
//! as the coordinates `(n, k)` and starts nowhere in particular;
//! `gen_mem[PRED](n)` is `(n, 0)`, as `mem(n)` is `mem(n, 0)` (no move
//! has taken anything yet). `fibonacci(n, c)` (cap `c`) is
//! `gen_mem[a <= 2*k](n, c/2)` for an even cap; `fibonacci(n)`'s first
//! move (any `a < n`) is not a memory's.
//!
//! A position is one impartial component valued by the mex of its options
//! (every move takes at least one token, so play ends); coordinates are at
//! most [`crate::heaps::cake::MAX_SIDE`] and the moves of one position are
//! charged to the budget.

use std::sync::Arc;

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::ComponentSyntax;
use sprague_game::{Component, Impartial, Key, Kind, Move};

use crate::common::{Ruleset, check_move_count, take_description};
use crate::heaps::mem::heap_and_memory;
use crate::rule::{Rule, RuleKind, read};

pub(crate) const RULESET: Ruleset = Ruleset {
    name: "gen_mem",
    syntax: "gen_mem[PRED](n, k)   (PRED: a condition on the memory k and the take a; \
             gen_mem[PRED](n) is (n, 0))",
    rule: "impartial (CGSuite's GenMem): take a tokens, 1 <= a <= n, where PRED(k, a) holds \
           for the memory k, the number the last move took",
    example: "gen_mem[a <= 2*k](10, 3)",
    heaps_interact: true,
    build,
    family: None,
};

/// How many takes are tried between two readings of the clock.
const CLOCK_EVERY: u64 = 1 << 12;

/// A heap of `n` whose last move took `memory`, under a predicate.
#[derive(Clone, Debug)]
pub struct GenMemPosition {
    rule: Arc<Rule>,
    n: u64,
    memory: u64,
}

impl Component for GenMemPosition {
    fn ruleset(&self) -> String {
        self.rule.ruleset_text()
    }

    fn args(&self) -> String {
        format!("{}, {}", self.n, self.memory)
    }

    fn is_heap(&self) -> bool {
        false
    }

    fn key(&self) -> Key {
        Key::shared("gen_mem", &self.rule, [self.n, self.memory])
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Impartial(self)
    }
}

impl Impartial for GenMemPosition {
    fn moves(&self, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        check_move_count(self.n, budget)?;
        let mut moves = Vec::new();
        for a in 1..=self.n {
            if a % CLOCK_EVERY == 0 {
                budget.check_time()?;
            }
            if self.rule.allows(self.memory, a)? {
                let to = GenMemPosition {
                    rule: Arc::clone(&self.rule),
                    n: self.n - a,
                    memory: a,
                };
                moves.push(Move::new(take_description(a, self.n), Arc::new(to)));
            }
        }
        Ok(moves)
    }
}

fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    let rule = read(&c.ruleset, RuleKind::Memory)?;
    let (n, memory) = heap_and_memory(c, "gen_mem")?;
    Ok(vec![Arc::new(GenMemPosition { rule, n, memory })])
}

#[cfg(test)]
mod tests {
    use crate::tests::{grundy_of as grundy, n_moves_of};

    #[test]
    fn mem_and_fibonacci_nim_are_gen_mems() {
        for n in 0..=24u64 {
            for k in 0..=26u64 {
                assert_eq!(
                    grundy(&format!("gen_mem[a >= k]({n}, {k})")),
                    grundy(&format!("mem({n}, {k})")),
                    "mem({n}, {k})"
                );
                // `fibonacci(n, c)` takes at most the cap c = 2k.
                assert_eq!(
                    grundy(&format!("gen_mem[a <= 2*k]({n}, {k})")),
                    grundy(&format!("fibonacci({n}, {})", 2 * k)),
                    "fibonacci({n}, {})",
                    2 * k
                );
            }
            assert_eq!(
                grundy(&format!("gen_mem[a >= k]({n})")),
                grundy(&format!("mem({n})"))
            );
        }
    }

    #[test]
    fn cgsuites_option_counts_and_values() {
        // CGSuite's GameHeapTest.scala (commit e909ab8b), "define coordinate
        // games properly": R((10,10)).Options.Size and
        // [R((10,n)).NimValue for n from 0 to 20] for FibonacciNim
        // (TakeAway(2)), TakeAway(3), Mem and GenMem((memory, j) -> j != memory).
        let cases: [(&str, usize, [u64; 21]); 4] = [
            (
                "a <= 2*k",
                10,
                [
                    0, 2, 2, 2, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5,
                ],
            ),
            (
                "a <= 3*k",
                10,
                [
                    0, 2, 2, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6,
                ],
            ),
            (
                "a >= k",
                1,
                [
                    3, 3, 3, 3, 2, 2, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                ],
            ),
            (
                "a != k",
                9,
                [
                    6, 6, 6, 4, 6, 6, 3, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6,
                ],
            ),
        ];
        for (rule, n_options, row) in cases {
            assert_eq!(
                n_moves_of(&format!("gen_mem[{rule}](10, 10)")),
                n_options,
                "{rule}"
            );
            for (k, &g) in row.iter().enumerate() {
                assert_eq!(
                    grundy(&format!("gen_mem[{rule}](10, {k})")),
                    g,
                    "{rule} (10, {k})"
                );
            }
        }
        // Its NimValueTable(10, 10) is checked through `sprague table` in
        // crates/sprague-cli/tests/rules.rs.
    }
}
