//! Leftward moves across empty cells: stones lie on cells `1..n`; a move takes
//! at least one stone from a cell `i` to a cell `j < i` such that every cell
//! strictly between `j` and `i` is empty (`j = 0` takes them off the board).
//! Seed note 000 states the game after the tree staircase and leaves it open
//! ("这个问题有点难,主要是能将奇数位置移动到奇数位置").
//!
//! No closed form is known for general boards, so `leftward(a1, ..., an)` is
//! solved exactly by the generic memoised search ([`GrundySolver`]) within the
//! position budget. Boards of up to three cells are solved completely (proof
//! in `docs/games.md`, by induction on `Σ i·a_i`; the tests check it on every
//! three-cell board with up to 8 stones per cell): `(a)` is `*a`; `(a, b)`,
//! `b >= 1`, is a P-position exactly when `a = 1`; `(a, b, c)`, `c >= 1`,
//! exactly when `b = 0` and `a = c >= 2` or `(a, c) = (2, 1)`, or `b = 1` and
//! `a = 0`, or `b >= 2` and `a = c + 1`.
//!
//! Beyond three cells the tables show no rule, and the game is *not*
//! staircase Nim in disguise: even shifting the board right by one empty cell
//! can change the outcome (`leftward(2, 0, 3)` is an N-position,
//! `leftward(0, 2, 0, 3)` a P-position).

use std::sync::{Arc, Mutex};

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::ComponentSyntax;
use sprague_game::{Component, Impartial, Key, Kind, Move};
use sprague_impartial::impartial::{GrundySolver, ImpartialGame};
use sprague_impartial::nimber::Nimber;

use crate::common::{Ruleset, check_move_count, int_args, no_params};

pub(crate) const RULESET: Ruleset = Ruleset {
    name: "leftward",
    syntax: "leftward(a1, ..., an)",
    rule: "stones on cells 1..n; move at least one stone from cell i to a cell j < i \
           (j = 0 takes them off) when every cell strictly between j and i is empty",
    example: "leftward(2, 0, 3)",
    heaps_interact: true,
    build,
    family: None,
};

/// A board without trailing empty cells, the canonical form of a position.
fn trimmed(mut cells: Vec<u64>) -> Vec<u64> {
    while cells.last() == Some(&0) {
        cells.pop();
    }
    cells
}

/// Every move of `cells` as `(from, to, count)`, cells counted from 1 and
/// `to = 0` for off the board, in the order: by the cell moved from, then
/// the destination from the nearest, then the count, smallest first.
fn board_moves(cells: &[u64]) -> Vec<(usize, usize, u64)> {
    let mut out = Vec::new();
    let mut nearest = 0;
    for (idx, &a) in cells.iter().enumerate() {
        let i = idx + 1;
        if a > 0 {
            for j in (nearest..i).rev() {
                for k in 1..=a {
                    out.push((i, j, k));
                }
            }
            nearest = i;
        }
    }
    out
}

/// The number of moves of `cells`, without listing them (saturating).
fn count_moves(cells: &[u64]) -> u64 {
    let mut total: u64 = 0;
    let mut nearest = 0;
    for (idx, &a) in cells.iter().enumerate() {
        let i = idx + 1;
        if a > 0 {
            total = total.saturating_add(a.saturating_mul((i - nearest) as u64));
            nearest = i;
        }
    }
    total
}

fn apply(cells: &[u64], (from, to, count): (usize, usize, u64)) -> Vec<u64> {
    let mut next = cells.to_vec();
    next[from - 1] -= count;
    if to > 0 {
        next[to - 1] += count;
    }
    trimmed(next)
}

/// The game as the generic solver sees it.
#[derive(Debug)]
struct LeftwardGame;

impl ImpartialGame for LeftwardGame {
    type Position = Vec<u64>;

    fn moves(&self, position: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        out.extend(
            board_moves(position)
                .into_iter()
                .map(|m| apply(position, m)),
        );
    }
}

/// The memo shared by the boards of one written position and every board
/// reached from it.
#[derive(Debug, Default)]
pub struct LeftwardSolver {
    solver: Mutex<Option<GrundySolver<LeftwardGame>>>,
}

impl LeftwardSolver {
    fn grundy(&self, cells: &[u64], budget: &Budget) -> Result<u64, SolveError> {
        // Each stone can move at most `n` times, so a board with more
        // potential moves than the budget cannot be searched anyway; this
        // also refuses boards whose move lists alone would not fit.
        check_move_count(count_moves(cells), budget)?;
        let mut guard = self.solver.lock().unwrap_or_else(|e| e.into_inner());
        let solver = guard.get_or_insert_with(|| GrundySolver::new(LeftwardGame, *budget));
        solver.grundy(&cells.to_vec()).map(|g| g.0)
    }
}

/// A board of the leftward game.
#[derive(Clone, Debug)]
pub struct LeftwardBoard {
    solver: Arc<LeftwardSolver>,
    /// The stones on cells `1..`, without trailing empty cells.
    pub cells: Vec<u64>,
}

impl LeftwardBoard {
    /// The board `cells` (cell 1 first), valued with `solver`.
    pub fn new(solver: Arc<LeftwardSolver>, cells: Vec<u64>) -> LeftwardBoard {
        LeftwardBoard {
            solver,
            cells: trimmed(cells),
        }
    }

    fn to_move(&self, m: (usize, usize, u64)) -> Move {
        let (from, to, count) = m;
        let stones = if count == 1 { "stone" } else { "stones" };
        let description = if to == 0 {
            format!("take {count} {stones} from cell {from} off the board")
        } else {
            format!("move {count} {stones} from cell {from} to cell {to}")
        };
        let next = LeftwardBoard {
            solver: Arc::clone(&self.solver),
            cells: apply(&self.cells, m),
        };
        Move::new(description, Arc::new(next))
    }
}

impl Component for LeftwardBoard {
    fn ruleset(&self) -> String {
        "leftward".to_string()
    }

    /// The cells, trailing empty ones left out; an empty board is written
    /// `leftward(0)`, which reads back as the same game.
    fn args(&self) -> String {
        if self.cells.is_empty() {
            return "0".to_string();
        }
        let parts: Vec<String> = self.cells.iter().map(u64::to_string).collect();
        parts.join(", ")
    }

    fn is_heap(&self) -> bool {
        false
    }

    fn key(&self) -> Key {
        Key::new("leftward", self.cells.iter().copied())
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Impartial(self)
    }
}

impl Impartial for LeftwardBoard {
    fn grundy(&self, budget: &Budget) -> Result<Nimber, SolveError> {
        self.solver.grundy(&self.cells, budget).map(Nimber)
    }

    fn moves(&self, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        check_move_count(count_moves(&self.cells), budget)?;
        Ok(board_moves(&self.cells)
            .into_iter()
            .map(|m| self.to_move(m))
            .collect())
    }
}

fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    no_params(&c.ruleset)?;
    let cells = int_args(c, "cell")?;
    Ok(vec![Arc::new(LeftwardBoard::new(
        Arc::new(LeftwardSolver::default()),
        cells,
    ))])
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// An independent brute force: the moves straight from the rule (scan
    /// every pair `j < i` and check the cells between), values by mex with
    /// recursion.
    fn by_definition(cells: &[u64], memo: &mut HashMap<Vec<u64>, u64>) -> u64 {
        let key = trimmed(cells.to_vec());
        if let Some(&g) = memo.get(&key) {
            return g;
        }
        let mut seen = Vec::new();
        for i in 1..=key.len() {
            for j in 0..i {
                if (j + 1..i).any(|c| key[c - 1] != 0) {
                    continue;
                }
                for k in 1..=key[i - 1] {
                    let mut next = key.clone();
                    next[i - 1] -= k;
                    if j > 0 {
                        next[j - 1] += k;
                    }
                    seen.push(by_definition(&next, memo));
                }
            }
        }
        let g = sprague_impartial::impartial::mex(&mut seen);
        memo.insert(key, g);
        g
    }

    #[test]
    fn the_search_matches_the_rule_on_every_small_board() {
        let budget = Budget::DEFAULT;
        let solver = Arc::new(LeftwardSolver::default());
        let mut memo = HashMap::new();
        for len in 1..=4 {
            for cells in crate::common::all_rows(len, if len == 4 { 3 } else { 4 }) {
                let board = LeftwardBoard::new(Arc::clone(&solver), cells.clone());
                assert_eq!(
                    board.grundy(&budget).unwrap().0,
                    by_definition(&cells, &mut memo),
                    "{cells:?}"
                );
            }
        }
    }

    #[test]
    fn moves_follow_the_rule() {
        let budget = Budget::DEFAULT;
        let board = LeftwardBoard::new(Arc::default(), vec![2, 0, 1]);
        let moves: Vec<String> = board
            .moves(&budget)
            .unwrap()
            .into_iter()
            .map(|m| format!("{}: {}", m.description(), m.to[0].args()))
            .collect();
        assert_eq!(
            moves,
            [
                "take 1 stone from cell 1 off the board: 1, 0, 1",
                "take 2 stones from cell 1 off the board: 0, 0, 1",
                "move 1 stone from cell 3 to cell 2: 2, 1",
                "move 1 stone from cell 3 to cell 1: 3",
            ]
        );
    }

    /// The theorem for boards of up to three cells (docs/games.md).
    fn small_board_is_p(cells: &[u64]) -> bool {
        match trimmed(cells.to_vec()).as_slice() {
            [] => true,
            [_] => false,
            &[a, _] => a == 1,
            &[a, 0, c] => (a == c && a >= 2) || (a, c) == (2, 1),
            &[a, 1, _] => a == 0,
            &[a, _, c] => a == c + 1,
            _ => unreachable!("three cells at most"),
        }
    }

    #[test]
    fn boards_of_three_cells_follow_the_theorem() {
        let budget = Budget::DEFAULT;
        let solver = Arc::new(LeftwardSolver::default());
        for cells in crate::common::all_rows(3, 8) {
            let board = LeftwardBoard::new(Arc::clone(&solver), cells.clone());
            assert_eq!(
                board.grundy(&budget).unwrap() == Nimber::ZERO,
                small_board_is_p(&cells),
                "{cells:?}"
            );
        }
    }

    #[test]
    fn single_piles_and_the_shift_counterexample() {
        let budget = Budget::DEFAULT;
        let solver = Arc::new(LeftwardSolver::default());
        let g = |cells: Vec<u64>| LeftwardBoard::new(Arc::clone(&solver), cells).grundy(&budget);
        for a in 0..30 {
            assert_eq!(g(vec![a]).unwrap(), Nimber(a));
        }
        assert_ne!(g(vec![2, 0, 3]).unwrap(), Nimber::ZERO);
        assert_eq!(g(vec![0, 2, 0, 3]).unwrap(), Nimber::ZERO);
    }

    #[test]
    fn large_boards_are_a_budget_error() {
        let board = LeftwardBoard::new(Arc::default(), vec![u64::MAX, 5]);
        assert!(matches!(
            board.grundy(&Budget::DEFAULT),
            Err(SolveError::BudgetExceeded { .. })
        ));
        let board = LeftwardBoard::new(Arc::default(), vec![9, 9, 9, 9, 9, 9]);
        assert!(matches!(
            board.grundy(&Budget::positions(1000)),
            Err(SolveError::BudgetExceeded { .. })
        ));
    }
}
