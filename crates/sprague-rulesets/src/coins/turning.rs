//! Coin-turning games and their products (Berlekamp, Conway and Guy,
//! *Winning Ways*, ch. 14; Lenstra's "Nim multiplication").
//!
//! A row of coins, some heads up; a move turns over a set of coins whose
//! rightmost must go from heads to tails. Such a position is the sum of its
//! heads, so it is worth the nim-sum of the values of single heads:
//! - **Ruler**: turn any run of consecutive coins ending at a head. A head at
//!   position `n` (from 1) is worth the largest power of 2 dividing `n`.
//! - **Mock Turtles**: turn one, two or three coins. A head at position `n`
//!   (from 0) is worth the `n`-th odious number (odd number of ones).
//!
//! **The Tartan theorem**: in the product `G × H` of two coin-turning games
//! (a move is a product of a move of `G` and one of `H`, turning the coins
//! at the pairs of positions they turn), a head at `(x, y)` is worth the
//! nim-product `G(x) ⊗ H(y)`. **Rugs** is Ruler × Ruler: turn over a
//! rectangle of coins whose corner with the largest coordinates is a head.
//! The board game of seed note 004 is Rugs with the coordinates counted from
//! the bottom-right: flip a rectangle whose top-left corner (smallest row
//! and column) is a white cell.

use std::sync::Arc;

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::ComponentSyntax;
use sprague_game::{Component, Impartial, Key, Kind, Move};
use sprague_impartial::nimber::Nimber;

use crate::common::Moves;
use crate::common::only_text;
use crate::common::{Ruleset, check_move_count, no_params};

/// The value of a head at position `n ≥ 1` in Ruler: the largest power of
/// two dividing `n` (*Winning Ways*, ch. 14).
pub fn ruler_grundy(n: u64) -> u64 {
    if n == 0 { 0 } else { 1 << n.trailing_zeros() }
}

/// The value of a head at position `n ≥ 0` in Mock Turtles: the `n`-th
/// odious number, `2n` or `2n + 1`, whichever has an odd number of ones
/// (*Winning Ways*, ch. 14).
pub fn mock_turtles_grundy(n: u64) -> u64 {
    let even = n << 1;
    if even.count_ones() % 2 == 1 {
        even
    } else {
        even | 1
    }
}

/// The largest board side of the `rugs` ruleset.
pub const MAX_SIDE: usize = 1000;

pub(crate) const RUGS: Ruleset = Ruleset {
    name: "rugs",
    syntax: "rugs(\"10;01\")   rows separated by `;`, 1 a white cell, 0 a black one",
    rule: "choose a white cell and flip every cell of a rectangle that has it as its top-left corner (Winning Ways' Rugs)",
    example: "rugs(\"101;011;110\")",
    heaps_interact: true,
    build: build_rugs,
    family: None,
};

/// A board of the seed-note game: flip a rectangle whose top-left corner
/// (smallest row and column) is white. Rows and columns count from 1 at
/// the top-left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RugsBoard {
    rows: usize,
    cols: usize,
    /// `white[r * cols + c]`.
    white: Vec<bool>,
}

/// The number of winning moves and the lexicographically smallest
/// `(r1, c1, r2, c2)` (1-based, `(r1, c1)` the white corner), as seed note
/// 004 asks; `None` for a losing board.
pub type RugsAnswer = Option<(u64, (usize, usize, usize, usize))>;

impl RugsBoard {
    /// A board from rows of `0`/`1`.
    ///
    /// # Errors
    ///
    /// A message if the rows are empty, ragged, too large or hold other
    /// characters.
    pub fn from_rows(rows: &[&str]) -> Result<RugsBoard, String> {
        let cols = rows.first().map_or(0, |r| r.len());
        if rows.is_empty() || cols == 0 {
            return Err("a board needs at least one cell".into());
        }
        if rows.len() > MAX_SIDE || cols > MAX_SIDE {
            return Err(format!("a board side is at most {MAX_SIDE}"));
        }
        let mut white = Vec::with_capacity(rows.len() * cols);
        for row in rows {
            if row.len() != cols {
                return Err("every row must have the same length".into());
            }
            for ch in row.chars() {
                match ch {
                    '1' => white.push(true),
                    '0' => white.push(false),
                    _ => return Err(format!("a cell is 0 or 1, not `{ch}`")),
                }
            }
        }
        Ok(RugsBoard {
            rows: rows.len(),
            cols,
            white,
        })
    }

    /// The value of a white cell at `(r, c)` (0-based from the top-left):
    /// Ruler values counted from the far sides, multiplied (Tartan).
    fn cell_value(&self, r: usize, c: usize) -> Nimber {
        Nimber(ruler_grundy((self.rows - r) as u64)) * Nimber(ruler_grundy((self.cols - c) as u64))
    }

    /// The Grundy value of the board: the nim-sum over white cells.
    pub fn value(&self) -> Nimber {
        let mut total = Nimber::ZERO;
        for r in 0..self.rows {
            for c in 0..self.cols {
                if self.white[r * self.cols + c] {
                    total += self.cell_value(r, c);
                }
            }
        }
        total
    }

    /// The nim-sums of the Ruler values of the segments `from..=to` of a
    /// side of length `len`, for every `to` from `from` on (values counted
    /// from the far end of the side).
    fn segment_values(len: usize, from: usize) -> Vec<u64> {
        let mut acc = 0;
        (from..len)
            .map(|i| {
                acc ^= ruler_grundy((len - i) as u64);
                acc
            })
            .collect()
    }

    /// The number of winning moves and the smallest, in `O(cells · 256)`:
    /// flipping the rectangle `[r1, r2] × [c1, c2]` changes the value by
    /// `R(r1..=r2) ⊗ C(c1..=c2)` (bilinearity of the nim-product), so for a
    /// corner the winning opposite corners are the pairs of row and column
    /// segment values whose product is the board's value.
    pub fn winning_moves(&self) -> RugsAnswer {
        let total = self.value();
        if total == Nimber::ZERO {
            return None;
        }
        let row_segments: Vec<Vec<u64>> = (0..self.rows)
            .map(|r| Self::segment_values(self.rows, r))
            .collect();
        let col_segments: Vec<Vec<u64>> = (0..self.cols)
            .map(|c| Self::segment_values(self.cols, c))
            .collect();
        let mut count = 0u64;
        let mut best = None;
        for (r, row_segment) in row_segments.iter().enumerate() {
            let mut row_count = [0u64; 2048];
            for &v in row_segment {
                row_count[v as usize] += 1;
            }
            for (c, col_segment) in col_segments.iter().enumerate() {
                if !self.white[r * self.cols + c] {
                    continue;
                }
                let mut col_count = [0u64; 2048];
                for &v in col_segment {
                    col_count[v as usize] += 1;
                }
                for (a, &n_rows) in row_count.iter().enumerate() {
                    if n_rows == 0 || a == 0 {
                        continue;
                    }
                    let inverse = Nimber(a as u64).inverse().expect("a is not zero");
                    let b = (total * inverse).0 as usize;
                    if b < col_count.len() {
                        count += n_rows * col_count[b];
                    }
                }
                if best.is_none() {
                    // Corners are visited in order, so the first with a
                    // winning rectangle holds the smallest; take its
                    // smallest opposite corner.
                    'search: for (i, &a) in row_segment.iter().enumerate() {
                        for (j, &b) in col_segment.iter().enumerate() {
                            if Nimber(a) * Nimber(b) == total {
                                best = Some((r + 1, c + 1, r + i + 1, c + j + 1));
                                break 'search;
                            }
                        }
                    }
                }
            }
        }
        best.map(|b| (count, b))
    }

    fn flip(&self, r1: usize, c1: usize, r2: usize, c2: usize) -> RugsBoard {
        let mut next = self.clone();
        for r in r1..=r2 {
            for c in c1..=c2 {
                next.white[r * self.cols + c] ^= true;
            }
        }
        next
    }

    fn text(&self) -> String {
        self.white
            .chunks(self.cols)
            .map(|row| {
                row.iter()
                    .map(|&w| if w { '1' } else { '0' })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join(";")
    }

    fn make_move(&self, r1: usize, c1: usize, r2: usize, c2: usize) -> Move {
        Move::new(
            format!(
                "flip the rectangle from row {} column {} to row {} column {}",
                r1 + 1,
                c1 + 1,
                r2 + 1,
                c2 + 1
            ),
            Arc::new(self.flip(r1, c1, r2, c2)),
        )
    }
}

impl Component for RugsBoard {
    fn ruleset(&self) -> String {
        "rugs".to_string()
    }

    fn args(&self) -> String {
        format!("\"{}\"", self.text())
    }

    fn is_heap(&self) -> bool {
        false
    }

    fn key(&self) -> Key {
        let white: Vec<u8> = self.white.iter().map(|&x| u8::from(x)).collect();
        Key::new(
            "rugs",
            [self.rows as u64, self.cols as u64]
                .into_iter()
                .chain(Key::pack(&white)),
        )
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Impartial(self)
    }
}

impl Impartial for RugsBoard {
    fn grundy(&self, _budget: &Budget) -> Result<Nimber, SolveError> {
        Ok(self.value())
    }

    fn moves(&self, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        let n_white = self.white.iter().filter(|&&w| w).count() as u64;
        check_move_count(
            n_white.saturating_mul((self.rows * self.cols) as u64),
            budget,
        )?;
        let mut moves = Vec::new();
        for r1 in 0..self.rows {
            for c1 in 0..self.cols {
                if self.white[r1 * self.cols + c1] {
                    for r2 in r1..self.rows {
                        for c2 in c1..self.cols {
                            moves.push(self.make_move(r1, c1, r2, c2));
                        }
                    }
                }
            }
        }
        Ok(moves)
    }

    fn moves_to_grundy(&self, target: Nimber, max: usize, budget: &Budget) -> Moves {
        let change = self.value() + target;
        let mut found = Vec::new();
        let mut tried = 0u64;
        for r1 in 0..self.rows {
            let rows = Self::segment_values(self.rows, r1);
            for c1 in 0..self.cols {
                if !self.white[r1 * self.cols + c1] {
                    continue;
                }
                let cols = Self::segment_values(self.cols, c1);
                for (i, &a) in rows.iter().enumerate() {
                    for (j, &b) in cols.iter().enumerate() {
                        tried += 1;
                        if found.len() >= max {
                            return Ok(found);
                        }
                        check_move_count(tried, budget)?;
                        if Nimber(a) * Nimber(b) == change {
                            found.push(self.make_move(r1, c1, r1 + i, c1 + j));
                        }
                    }
                }
            }
        }
        Ok(found)
    }
}

fn build_rugs(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    no_params(&c.ruleset)?;
    let (text, span) = only_text(
        c,
        "`rugs` takes one board, like rugs(\"10;01\")",
        "a board is a string of rows like \"10;01\"",
    )?;
    let rows: Vec<&str> = text
        .split([';', '/', '\n'])
        .map(str::trim)
        .filter(|r| !r.is_empty())
        .collect();
    let board =
        RugsBoard::from_rows(&rows).map_err(|reason| ParseError::bad_arguments(reason, span))?;
    Ok(vec![Arc::new(board)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_impartial::impartial::{GrundySolver, ImpartialGame};

    /// A row of coins as a bit mask (bit `i` = position `i`), with the
    /// moves of a coin-turning game given by the sets a head at `i` may
    /// turn with it.
    struct Coins {
        len: usize,
        moves_of: fn(usize) -> Vec<u64>,
    }

    impl ImpartialGame for Coins {
        type Position = u64;
        fn moves(&self, p: &u64, out: &mut Vec<u64>) {
            for i in 0..self.len {
                if p & (1 << i) != 0 {
                    for m in (self.moves_of)(i) {
                        out.push(p ^ m);
                    }
                }
            }
        }
    }

    #[test]
    fn ruler_and_mock_turtles_match_the_definition() {
        // Ruler: a head at 0-based i turns i and any run to its left.
        let ruler = Coins {
            len: 12,
            moves_of: |i| {
                (0..=i)
                    .map(|j| ((1u64 << (i + 1)) - 1) ^ ((1u64 << j) - 1))
                    .collect()
            },
        };
        let mut solver = GrundySolver::new(ruler, Budget::DEFAULT);
        for i in 0..12 {
            assert_eq!(
                solver.grundy(&(1 << i)).unwrap(),
                Nimber(ruler_grundy(i as u64 + 1)),
                "ruler {i}"
            );
        }
        // Mock Turtles: a head at i turns itself and up to two coins left.
        let turtles = Coins {
            len: 10,
            moves_of: |i| {
                let mut m = vec![1u64 << i];
                for j in 0..i {
                    m.push(1 << i | 1 << j);
                    for k in 0..j {
                        m.push(1 << i | 1 << j | 1 << k);
                    }
                }
                m
            },
        };
        let mut solver = GrundySolver::new(turtles, Budget::DEFAULT);
        for i in 0..10 {
            assert_eq!(
                solver.grundy(&(1 << i)).unwrap(),
                Nimber(mock_turtles_grundy(i as u64)),
                "turtles {i}"
            );
        }
    }

    /// The seed-note game on a small board by search: positions are masks
    /// of white cells.
    struct Board {
        rows: usize,
        cols: usize,
    }

    impl ImpartialGame for Board {
        type Position = u64;
        fn moves(&self, p: &u64, out: &mut Vec<u64>) {
            for r1 in 0..self.rows {
                for c1 in 0..self.cols {
                    if p & (1 << (r1 * self.cols + c1)) == 0 {
                        continue;
                    }
                    for r2 in r1..self.rows {
                        for c2 in c1..self.cols {
                            let mut q = *p;
                            for r in r1..=r2 {
                                for c in c1..=c2 {
                                    q ^= 1 << (r * self.cols + c);
                                }
                            }
                            out.push(q);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_tartan_theorem_holds_on_small_boards() {
        for (rows, cols) in [(1, 5), (2, 3), (3, 3), (2, 4)] {
            let game = Board { rows, cols };
            let mut solver = GrundySolver::new(game, Budget::DEFAULT);
            for mask in 0u64..(1 << (rows * cols)) {
                let cells: Vec<String> = (0..rows)
                    .map(|r| {
                        (0..cols)
                            .map(|c| {
                                if mask & (1 << (r * cols + c)) != 0 {
                                    '1'
                                } else {
                                    '0'
                                }
                            })
                            .collect()
                    })
                    .collect();
                let refs: Vec<&str> = cells.iter().map(String::as_str).collect();
                let board = RugsBoard::from_rows(&refs).unwrap();
                let value = solver.grundy(&mask).unwrap();
                assert_eq!(board.value(), value, "{cells:?}");
                // The count and the smallest winning move, by search.
                let mut winning = Vec::new();
                let mut options = Vec::new();
                Board { rows, cols }.moves(&mask, &mut options);
                let mut k = 0;
                for r1 in 0..rows {
                    for c1 in 0..cols {
                        if mask & (1 << (r1 * cols + c1)) == 0 {
                            continue;
                        }
                        for r2 in r1..rows {
                            for c2 in c1..cols {
                                if solver.grundy(&options[k]).unwrap() == Nimber::ZERO {
                                    winning.push((r1 + 1, c1 + 1, r2 + 1, c2 + 1));
                                }
                                k += 1;
                            }
                        }
                    }
                }
                let expected = winning.first().map(|&b| (winning.len() as u64, b));
                assert_eq!(board.winning_moves(), expected, "{cells:?}");
            }
        }
    }

    #[test]
    fn a_hundred_by_hundred_board_is_instant() {
        let rows: Vec<String> = (0..100)
            .map(|r| {
                (0..100)
                    .map(|c| if (r * 7 + c * 13) % 5 < 2 { '1' } else { '0' })
                    .collect()
            })
            .collect();
        let refs: Vec<&str> = rows.iter().map(String::as_str).collect();
        let board = RugsBoard::from_rows(&refs).unwrap();
        let start = std::time::Instant::now();
        let answer = board.winning_moves();
        assert!(start.elapsed().as_secs_f64() < 5.0);
        if let Some((count, (r1, c1, r2, c2))) = answer {
            assert!(count >= 1);
            let after = board.flip(r1 - 1, c1 - 1, r2 - 1, c2 - 1);
            assert_eq!(after.value(), Nimber::ZERO);
        }
    }
}
