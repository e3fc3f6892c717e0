//! Nim: take any positive number of stones from one heap.
//!
//! A heap of `n` is worth `*n` (its options are `*0 .. *(n-1)`, whose mex is
//! `n`), so a sum of heaps is worth their exclusive or: Bouton's theorem.
//! The winning move in a heap of `a` when the total is `s` reduces it to
//! `a XOR s`, possible exactly when `a XOR s < a` (seed note 000; Luogu
//! P1247).

use std::sync::Arc;

use crate::budget::Budget;
use crate::error::{ParseError, SolveError};
use crate::game::{Component, Impartial, Key, Kind, Move, Side};
use crate::nimber::Nimber;
use crate::syntax::{Arg, ComponentSyntax, RulesetSyntax};

use super::common::heap_components;
use super::common::{
    HeapFamily, Periodicity, Ruleset, check_move_count, no_params, take_move, values_by_formula,
};

pub(super) const RULESET: Ruleset = Ruleset {
    name: "nim",
    syntax: "nim(n, ...)  or  *n",
    rule: "take any positive number of stones from one heap",
    example: "nim(3, 6, 9)",
    heaps_interact: false,
    build,
    family: Some(family),
    sum_rule: Some(&super::misere_bash::MISERE_BASH),
};

/// One Nim heap, written `nim(n)` or, as a nimber, `*n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NimHeap {
    /// The number of stones.
    pub size: u64,
    /// Whether to write it as a nimber `*n`.
    pub star: bool,
}

impl NimHeap {
    /// A heap of `size`, written `nim(size)`.
    pub fn new(size: u64) -> NimHeap {
        NimHeap { size, star: false }
    }

    fn take(&self, taken: u64) -> Move {
        let to = NimHeap {
            size: self.size - taken,
            star: self.star,
        };
        take_move(taken, self.size, || Arc::new(to))
    }
}

impl Component for NimHeap {
    fn ruleset(&self) -> String {
        "nim".to_string()
    }

    fn args(&self) -> String {
        self.size.to_string()
    }

    fn text(&self) -> String {
        if self.star {
            format!("*{}", self.size)
        } else {
            format!("nim({})", self.size)
        }
    }

    fn is_heap(&self) -> bool {
        !self.star
    }

    fn key(&self) -> Key {
        // `*n` and `nim(n)` are the same game.
        Key::new("nim", [self.size])
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Impartial(self)
    }

    /// Taking 1, 2, ..., `size` stones: the window is made from the count
    /// alone, so a heap of 2^63 shows its first moves and their number.
    fn moves_window(&self, _side: Side, skip: u64, take: usize) -> Option<(Vec<Move>, u64)> {
        let first = skip.saturating_add(1);
        let last = skip.saturating_add(take as u64).min(self.size);
        Some(((first..=last).map(|k| self.take(k)).collect(), self.size))
    }
}

impl Impartial for NimHeap {
    fn grundy(&self, _budget: &Budget) -> Result<Nimber, SolveError> {
        Ok(Nimber(self.size))
    }

    fn moves(&self, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        check_move_count(self.size, budget)?;
        Ok((1..=self.size).map(|k| self.take(k)).collect())
    }

    fn moves_to_grundy(
        &self,
        target: Nimber,
        max: usize,
        _budget: &Budget,
    ) -> Result<Vec<Move>, SolveError> {
        if target.0 < self.size && max > 0 {
            Ok(vec![self.take(self.size - target.0)])
        } else {
            Ok(Vec::new())
        }
    }
}

fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    if c.is_star {
        if let [arg] = c.args.as_slice()
            && let Arg::Int(size) = arg.value
        {
            return Ok(vec![Arc::new(NimHeap { size, star: true })]);
        }
        return Err(ParseError::bad_arguments(
            "a nimber is `*` and one integer",
            c.span.clone(),
        ));
    }
    no_params(&c.ruleset)?;
    heap_components(c, NimHeap::new)
}

#[derive(Debug)]
struct NimFamily;

impl HeapFamily for NimFamily {
    fn ruleset(&self) -> String {
        "nim".to_string()
    }

    fn grundy_values(
        &self,
        from: u64,
        to: u64,
        budget: &Budget,
    ) -> Result<Vec<Nimber>, SolveError> {
        values_by_formula(from, to, budget, |n| n)
    }

    /// `G(n) = n`: arithmetic-periodic from heap 0, period 1, saltus 1, by
    /// the closed form.
    fn periodicity(&self, _budget: &Budget) -> Result<Option<Periodicity>, SolveError> {
        Ok(Some(Periodicity {
            preperiod: 0,
            period: 1,
            saltus: 1,
            certified: true,
            certified_at: 0,
        }))
    }
}

fn family(r: &RulesetSyntax) -> Result<Arc<dyn HeapFamily>, ParseError> {
    no_params(r)?;
    Ok(Arc::new(NimFamily))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::{GrundySolver, ImpartialGame};

    /// A Nim heap given only by its moves, for the generic solver.
    struct ByMoves;
    impl ImpartialGame for ByMoves {
        type Position = u64;
        fn moves(&self, p: &u64, out: &mut Vec<u64>) {
            let heap = NimHeap::new(*p);
            for m in heap.moves(&Budget::DEFAULT).unwrap() {
                out.push(m.grundy(&Budget::DEFAULT).unwrap().0);
            }
        }
    }

    #[test]
    fn a_heap_is_worth_its_size_by_the_mex_definition() {
        let mut solver = GrundySolver::new(ByMoves, Budget::DEFAULT);
        for n in 0..300 {
            assert_eq!(
                NimHeap::new(n).grundy(&Budget::DEFAULT).unwrap(),
                solver.grundy(&n).unwrap()
            );
        }
    }

    #[test]
    fn the_winning_move_is_the_only_move_to_the_target() {
        let budget = Budget::DEFAULT;
        for n in 0..40u64 {
            for t in 0..45u64 {
                let heap = NimHeap::new(n);
                let fast = heap
                    .moves_to_grundy(Nimber(t), usize::MAX, &budget)
                    .unwrap();
                let slow: Vec<Move> = heap
                    .moves(&budget)
                    .unwrap()
                    .into_iter()
                    .filter(|m| m.grundy(&budget).unwrap() == Nimber(t))
                    .collect();
                let names = |v: &[Move]| {
                    v.iter()
                        .map(|m| m.description().clone())
                        .collect::<Vec<_>>()
                };
                assert_eq!(names(&fast), names(&slow));
            }
        }
    }

    #[test]
    fn a_huge_heap_refuses_to_list_its_moves() {
        let heap = NimHeap::new(1 << 40);
        assert_eq!(
            heap.moves(&Budget::positions(1000)).unwrap_err(),
            SolveError::BudgetExceeded { limit: 1000 }
        );
    }
}
