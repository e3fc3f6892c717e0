//! The Sprague–Grundy value of an impartial component from its moves alone:
//! the default of [`Impartial::grundy`](super::Impartial::grundy).

use std::any::Any;
use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

use super::{Component, Impartial, Key, Kind, Move};
use crate::budget::Budget;
use crate::error::SolveError;
use crate::impartial::mex;
use crate::nimber::Nimber;

/// A position being valued: its moves, the move and the part of it being
/// looked at, the nim-sum of that move's parts so far, and the values of
/// the moves done.
struct Frame {
    key: Key,
    moves: Vec<Move>,
    next: usize,
    part: usize,
    sum: Nimber,
    values: Vec<u64>,
}

impl Frame {
    fn new(key: Key, moves: Vec<Move>) -> Frame {
        Frame {
            key,
            values: Vec::with_capacity(moves.len()),
            moves,
            next: 0,
            part: 0,
            sum: Nimber::ZERO,
        }
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
    let root_type = Any::type_id(root);
    let mut memo: FxHashMap<Key, Nimber> = FxHashMap::default();
    let mut open: FxHashSet<Key> = FxHashSet::default();
    let root_key = root.key();
    open.insert(root_key.clone());
    let mut stack = vec![Frame::new(root_key, root.moves(budget)?)];
    loop {
        let top = stack.last_mut().expect("the root stays until it returns");
        let mut descend: Option<Arc<dyn Component>> = None;
        'moves: while top.next < top.moves.len() {
            let parts = &top.moves[top.next].to;
            while top.part < parts.len() {
                let c = &parts[top.part];
                let value = if Any::type_id(&**c) == root_type {
                    match memo.get(&c.key()) {
                        Some(&v) => v,
                        None => {
                            descend = Some(Arc::clone(c));
                            break 'moves;
                        }
                    }
                } else {
                    c.grundy(budget)?
                };
                top.sum += value;
                top.part += 1;
            }
            top.values.push(top.sum.0);
            top.sum = Nimber::ZERO;
            top.part = 0;
            top.next += 1;
        }
        match descend {
            Some(c) => {
                let key = c.key();
                if !open.insert(key.clone()) {
                    return Err(SolveError::Loopy);
                }
                budget.check_positions((memo.len() + stack.len()) as u64)?;
                let moves = match c.kind() {
                    Kind::Impartial(g) => g.moves(budget)?,
                    Kind::Loopy(_) => return Err(SolveError::Loopy),
                    Kind::Partizan(_) | Kind::LoopyPartizan(_) => {
                        return Err(SolveError::unsupported(format!(
                            "`{}` is partizan: it has no Grundy value",
                            c.text()
                        )));
                    }
                };
                stack.push(Frame::new(key, moves));
            }
            None => {
                let mut frame = stack.pop().expect("a frame was just inspected");
                let value = Nimber(mex(&mut frame.values));
                if stack.is_empty() {
                    return Ok(value);
                }
                open.remove(&frame.key);
                memo.insert(frame.key, value);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Move;

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
