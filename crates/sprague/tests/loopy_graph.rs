//! The whole graph of a position with loopy partizan components, explored
//! move by move from the position language alone: the tests' (and the
//! loopy bench's) independent way to the game the theory values.

use std::collections::HashMap;
use std::sync::Arc;

use sprague::{Budget, Component, Key, LoopyGame, Position, Side};

/// The graph of a position as a loopy game: every sum reachable by moves,
/// one vertex per multiset of components (their sorted keys), the position
/// as written at vertex 0. Written for the tests (and the loopy bench,
/// which includes this file), sharing no code with the library's
/// exploration.
pub(crate) fn graph_of(position: &str) -> LoopyGame {
    let budget = Budget::DEFAULT;
    let p = Position::parse(position).unwrap_or_else(|e| panic!("{position}: {e}"));
    let mut index: HashMap<Vec<Key>, u32> = HashMap::new();
    let mut sums: Vec<Vec<Arc<dyn Component>>> = Vec::new();
    let mut vertex_of =
        |mut sum: Vec<Arc<dyn Component>>, sums: &mut Vec<Vec<Arc<dyn Component>>>| -> u32 {
            sum.sort_by_key(|c| c.key());
            let keys: Vec<Key> = sum.iter().map(|c| c.key()).collect();
            *index.entry(keys).or_insert_with(|| {
                sums.push(sum);
                sums.len() as u32 - 1
            })
        };
    vertex_of(p.components().to_vec(), &mut sums);
    let (mut left, mut right) = (Vec::new(), Vec::new());
    let mut i = 0;
    while i < sums.len() {
        let sum = sums[i].clone();
        let mut options = [Vec::new(), Vec::new()];
        for (j, c) in sum.iter().enumerate() {
            for (list, side) in options.iter_mut().zip([Side::Left, Side::Right]) {
                for m in c.moves_of(side, &budget).unwrap() {
                    let mut next: Vec<Arc<dyn Component>> = sum
                        .iter()
                        .enumerate()
                        .filter(|&(x, _)| x != j)
                        .map(|(_, c)| Arc::clone(c))
                        .collect();
                    next.extend(m.to.iter().cloned());
                    list.push(vertex_of(next, &mut sums));
                }
            }
        }
        let [l, r] = options;
        left.push(l);
        right.push(r);
        i += 1;
    }
    LoopyGame::new(left, right, 0)
}
