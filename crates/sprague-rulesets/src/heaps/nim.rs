//! Nim: take any positive number of stones from one heap.
//!
//! A heap of `n` is worth `*n` (its options are `*0 .. *(n-1)`, whose mex is
//! `n`), so a sum of heaps is worth their exclusive or: Bouton's theorem.
//! The winning move in a heap of `a` when the total is `s` reduces it to
//! `a XOR s`, possible exactly when `a XOR s < a` (seed note 000; Luogu
//! P1247).

use std::sync::Arc;

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::{Arg, ComponentSyntax, RulesetSyntax};
use sprague_game::{Component, SumRule};

use crate::common::{Periodicity, Ruleset, check_move_count, no_params};
use crate::heaps::heap::{Heap, HeapRules, Takes, closed_form_period};

/// The kit's entry, read by [`build`] so that `*n` is a heap too.
pub(crate) const RULESET: Ruleset = Ruleset {
    build,
    ..NimHeap::entry(
        "nim(n, ...)  or  *n",
        "take any positive number of stones from one heap",
        "nim(3, 6, 9)",
    )
};

/// Nim's rules; `star` writes the heap as a nimber, `*n`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Nim {
    /// Whether to write the heap as a nimber `*n`.
    pub star: bool,
}

/// One Nim heap, written `nim(n)` or, as a nimber, `*n`.
pub type NimHeap = Heap<Nim>;

impl HeapRules for Nim {
    const NAME: &'static str = "nim";
    const SUM_RULE: Option<&'static dyn SumRule> = Some(&crate::heaps::misere_bash::MISERE_BASH);

    fn read(ruleset: &RulesetSyntax) -> Result<Nim, ParseError> {
        no_params(ruleset).map(|()| Nim::default())
    }

    // `*n` and `nim(n)` are the same game: the key is the default's.
    fn text(&self, n: u64) -> String {
        if self.star {
            format!("*{n}")
        } else {
            format!("nim({n})")
        }
    }

    fn is_heap(&self) -> bool {
        !self.star
    }

    fn grundy(&self, n: u64, _budget: &Budget) -> Result<u64, SolveError> {
        Ok(n)
    }

    fn takes(&self, n: u64, budget: &Budget) -> Takes {
        check_move_count(n, budget)?;
        Ok((1..=n).collect())
    }

    /// The one move to `*t`, for `t < n`, takes `n - t`: the winning move
    /// of Bouton's theorem.
    fn takes_to_grundy(&self, n: u64, target: u64, max: usize, _budget: &Budget) -> Takes {
        Ok(if target < n && max > 0 {
            vec![n - target]
        } else {
            Vec::new()
        })
    }

    /// Taking 1, 2, ..., `n` stones: the window is made from the count
    /// alone, so a heap of 2^63 shows its first moves and their number.
    fn window(&self, n: u64, skip: u64, take: usize) -> Option<(Vec<u64>, u64)> {
        let first = skip.saturating_add(1);
        let last = skip.saturating_add(take as u64).min(n);
        Some(((first..=last).collect(), n))
    }

    /// `G(n) = n`: arithmetic-periodic from heap 0, period 1, saltus 1, by
    /// the closed form.
    fn periodicity(&self, _budget: &Budget) -> Result<Option<Periodicity>, SolveError> {
        Ok(Some(closed_form_period(0, 1, 1)))
    }
}

fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    if c.is_star {
        if let [arg] = c.args.as_slice()
            && let Arg::Int(size) = arg.value
        {
            return Ok(vec![Arc::new(NimHeap::new(Nim { star: true }, size))]);
        }
        return Err(ParseError::bad_arguments(
            "a nimber is `*` and one integer",
            c.span.clone(),
        ));
    }
    NimHeap::build(c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::assert_heap_rules_agree;
    use sprague_game::Impartial;

    #[test]
    fn a_heap_is_worth_its_size_by_the_mex_definition() {
        assert_heap_rules_agree(&Nim::default(), 300);
        for n in 0..300 {
            let heap = NimHeap::new(Nim::default(), n);
            assert_eq!(heap.grundy(&Budget::DEFAULT).unwrap().0, n);
        }
    }

    #[test]
    fn a_huge_heap_refuses_to_list_its_moves() {
        let heap = NimHeap::new(Nim::default(), 1 << 40);
        assert_eq!(
            heap.moves(&Budget::positions(1000)).unwrap_err(),
            SolveError::BudgetExceeded { limit: 1000 }
        );
    }
}
