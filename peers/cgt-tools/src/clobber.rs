//! Clobber for cgt-tools, which has none: the rules of sprague's
//! `clobber` (a stone moves onto an orthogonally adjacent stone of the
//! other player, which is removed), written as cgt-tools writes its grid
//! games (Domineering, Konane): each move's board cropped to its stones,
//! and the board split into groups of side-by-side stones, which are
//! independent since a stone only ever lands where a neighbour stood.

use std::str::FromStr;

use cgt::short::partizan::partizan_game::PartizanGame;

const EMPTY: u8 = 0;
const LEFT: u8 = 1;
const RIGHT: u8 = 2;

/// A Clobber board, row by row.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Clobber {
    width: usize,
    height: usize,
    cells: Vec<u8>,
}

impl FromStr for Clobber {
    type Err = String;

    fn from_str(s: &str) -> Result<Clobber, String> {
        let rows: Vec<&str> = s.split('|').collect();
        let width = rows[0].len();
        let mut cells = Vec::new();
        for row in &rows {
            if row.len() != width {
                return Err(format!("rows of unequal length in {s}"));
            }
            for ch in row.chars() {
                cells.push(match ch {
                    '.' => EMPTY,
                    'x' => LEFT,
                    'o' => RIGHT,
                    _ => return Err(format!("unknown cell {ch}")),
                });
            }
        }
        Ok(Clobber {
            width,
            height: rows.len(),
            cells,
        })
    }
}

impl Clobber {
    fn get(&self, x: usize, y: usize) -> u8 {
        self.cells[y * self.width + x]
    }

    /// The board cut to the rows and columns that hold a stone.
    fn cropped(&self) -> Clobber {
        let rows: Vec<usize> = (0..self.height)
            .filter(|&y| (0..self.width).any(|x| self.get(x, y) != EMPTY))
            .collect();
        let cols: Vec<usize> = (0..self.width)
            .filter(|&x| (0..self.height).any(|y| self.get(x, y) != EMPTY))
            .collect();
        let (Some(&y0), Some(&y1), Some(&x0), Some(&x1)) =
            (rows.first(), rows.last(), cols.first(), cols.last())
        else {
            return Clobber {
                width: 0,
                height: 0,
                cells: Vec::new(),
            };
        };
        let mut cells = Vec::new();
        for y in y0..=y1 {
            for x in x0..=x1 {
                cells.push(self.get(x, y));
            }
        }
        Clobber {
            width: x1 - x0 + 1,
            height: y1 - y0 + 1,
            cells,
        }
    }

    fn moves_for(&self, own: u8, other: u8) -> Vec<Clobber> {
        let mut moves = Vec::new();
        for y in 0..self.height {
            for x in 0..self.width {
                if self.get(x, y) != own {
                    continue;
                }
                let mut targets = Vec::new();
                if x > 0 {
                    targets.push((x - 1, y));
                }
                if x + 1 < self.width {
                    targets.push((x + 1, y));
                }
                if y > 0 {
                    targets.push((x, y - 1));
                }
                if y + 1 < self.height {
                    targets.push((x, y + 1));
                }
                for (tx, ty) in targets {
                    if self.get(tx, ty) == other {
                        let mut next = self.clone();
                        next.cells[y * self.width + x] = EMPTY;
                        next.cells[ty * self.width + tx] = own;
                        moves.push(next.cropped());
                    }
                }
            }
        }
        moves.sort_by(|a, b| (a.width, a.height, &a.cells).cmp(&(b.width, b.height, &b.cells)));
        moves.dedup();
        moves
    }
}

impl PartizanGame for Clobber {
    fn left_moves(&self) -> Vec<Clobber> {
        self.moves_for(LEFT, RIGHT)
    }

    fn right_moves(&self) -> Vec<Clobber> {
        self.moves_for(RIGHT, LEFT)
    }

    fn decompositions(&self) -> Vec<Clobber> {
        let mut seen = vec![false; self.cells.len()];
        let mut parts = Vec::new();
        for start in 0..self.cells.len() {
            if seen[start] || self.cells[start] == EMPTY {
                continue;
            }
            let mut part = vec![EMPTY; self.cells.len()];
            let mut stack = vec![start];
            seen[start] = true;
            while let Some(i) = stack.pop() {
                part[i] = self.cells[i];
                let (x, y) = (i % self.width, i / self.width);
                let mut next = Vec::new();
                if x > 0 {
                    next.push(i - 1);
                }
                if x + 1 < self.width {
                    next.push(i + 1);
                }
                if y > 0 {
                    next.push(i - self.width);
                }
                if y + 1 < self.height {
                    next.push(i + self.width);
                }
                for j in next {
                    if !seen[j] && self.cells[j] != EMPTY {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
            parts.push(
                Clobber {
                    width: self.width,
                    height: self.height,
                    cells: part,
                }
                .cropped(),
            );
        }
        parts
    }
}
