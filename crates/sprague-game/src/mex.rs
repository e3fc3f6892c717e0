//! The Sprague–Grundy value of an impartial component from its moves alone:
//! the default of [`Impartial::grundy`](super::Impartial::grundy).

use std::any::{Any, TypeId};
use std::sync::Arc;

use rustc_hash::FxHashMap;

use super::induction::{ByOptions, value_by_options};
use super::{Component, Impartial, Key, Kind, Move};
use sprague_core::budget::Budget;
use sprague_core::error::SolveError;
use sprague_impartial::impartial::mex;
use sprague_impartial::nimber::Nimber;

/// The Grundy value by induction on the options: parts of the root's
/// concrete type are valued from their moves and remembered, the others
/// by their own [`Impartial::grundy`].
struct Grundy {
    root_type: TypeId,
    memo: FxHashMap<Key, u64>,
}

impl ByOptions for Grundy {
    type Value = u64;

    const ZERO: u64 = 0;

    fn known(
        &mut self,
        c: &Arc<dyn Component>,
        budget: &Budget,
    ) -> Result<Option<u64>, SolveError> {
        if Any::type_id(&**c) == self.root_type {
            Ok(self.memo.get(&c.key()).copied())
        } else {
            Ok(Some(c.grundy(budget)?.0))
        }
    }

    fn moves(&mut self, c: &dyn Component, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        match c.kind() {
            Kind::Impartial(g) => g.moves(budget),
            Kind::Loopy(_) => Err(SolveError::Loopy),
            Kind::Partizan(_) | Kind::LoopyPartizan(_) => Err(SolveError::unsupported(format!(
                "`{}` is partizan: it has no Grundy value",
                c.text()
            ))),
        }
    }

    /// The nim-sum.
    fn add(&mut self, a: u64, b: u64, _: &Budget) -> Result<u64, SolveError> {
        Ok(a ^ b)
    }

    fn of_options(&mut self, mut options: Vec<u64>, _: &Budget) -> Result<u64, SolveError> {
        Ok(mex(&mut options))
    }

    fn remember(&mut self, key: Key, value: u64) {
        self.memo.insert(key, value);
    }

    fn n_remembered(&self) -> usize {
        self.memo.len()
    }
}

/// The Grundy value of `root` by the definition: the mex of the values of
/// its options, an option that is a sum being worth the nim-sum of its
/// parts. Parts of the same concrete type as `root` are valued here, with
/// an explicit stack (no recursion however long the game) and a memo keyed
/// by [`Component::key`]; parts of other types by their own
/// [`Impartial::grundy`].
///
/// # Errors
///
/// [`SolveError::BudgetExceeded`] when more than the budget's positions
/// would be stored, [`SolveError::TimeLimit`] past its deadline,
/// [`SolveError::Loopy`] if a position repeats, and any error of a part.
pub fn grundy_by_mex<G: Impartial + ?Sized>(
    root: &G,
    budget: &Budget,
) -> Result<Nimber, SolveError> {
    let mut values = Grundy {
        root_type: Any::type_id(root),
        memo: FxHashMap::default(),
    };
    let value = value_by_options(&mut values, root.key(), root.moves(budget)?, budget)?;
    Ok(Nimber(value))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Move;

    /// A heap of a subtraction game with no closed form: take 1, 3 or 4
    /// (the Grundy values have period 7: 0 1 0 1 2 3 2, Winning Ways ch. 4),
    /// or split a heap of at least 2 into two non-empty heaps when `split`.
    #[derive(Debug)]
    struct Heap {
        n: u64,
        split: bool,
    }

    impl Component for Heap {
        fn ruleset(&self) -> String {
            "heap".to_string()
        }
        fn args(&self) -> String {
            self.n.to_string()
        }
        fn key(&self) -> Key {
            Key::new("heap", [self.n, u64::from(self.split)])
        }
        fn kind(&self) -> Kind<'_> {
            Kind::Impartial(self)
        }
    }

    impl Impartial for Heap {
        fn moves(&self, _: &Budget) -> Result<Vec<Move>, SolveError> {
            let mut moves = Vec::new();
            for t in [1, 3, 4] {
                if t <= self.n {
                    let to = Heap {
                        n: self.n - t,
                        split: self.split,
                    };
                    moves.push(Move::new(format!("take {t}"), Arc::new(to)));
                }
            }
            if self.split {
                for a in 1..self.n {
                    let part = |n| Arc::new(Heap { n, split: true }) as Arc<dyn Component>;
                    moves.push(Move::to_sum("split", vec![part(a), part(self.n - a)]));
                }
            }
            Ok(moves)
        }
    }

    #[test]
    fn subtraction_values_have_the_published_period() {
        let period = [0, 1, 0, 1, 2, 3, 2];
        for n in 0..200 {
            let g = Heap { n, split: false }.grundy(&Budget::DEFAULT).unwrap();
            assert_eq!(g.0, period[(n % 7) as usize], "heap {n}");
        }
    }

    #[test]
    fn a_long_game_needs_no_deep_call_stack() {
        let g = Heap {
            n: 300_000,
            split: false,
        }
        .grundy(&Budget::DEFAULT)
        .unwrap();
        assert_eq!(g.0, [0, 1, 0, 1, 2, 3, 2][300_000 % 7]);
    }

    #[test]
    fn splits_are_valued_as_sums() {
        // Against a table by the definition: G(n) = mex of G(n - t) and
        // G(a) xor G(n - a).
        let mut table: Vec<u64> = Vec::new();
        for n in 0..40u64 {
            let mut options = Vec::new();
            for t in [1, 3, 4] {
                if t <= n {
                    options.push(table[(n - t) as usize]);
                }
            }
            for a in 1..n {
                options.push(table[a as usize] ^ table[(n - a) as usize]);
            }
            table.push(mex(&mut options));
        }
        for n in 0..40 {
            let g = Heap { n, split: true }.grundy(&Budget::DEFAULT).unwrap();
            assert_eq!(g.0, table[n as usize], "heap {n}");
        }
    }

    #[test]
    fn the_budget_bounds_the_memo() {
        let e = Heap {
            n: 10_000,
            split: false,
        }
        .grundy(&Budget::positions(100));
        assert!(matches!(e, Err(SolveError::BudgetExceeded { .. })));
    }
}
