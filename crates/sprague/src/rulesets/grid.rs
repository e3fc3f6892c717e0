//! Rectangular boards of the placement and capture games (Domineering,
//! Clobber): reading `"..|.#"` (rows top first, `|` between rows), writing
//! it back, cropping, the symmetries of the rectangle, and the split into
//! areas of side-by-side cells. Each game gives its cells' letters and
//! says which symmetries keep its players' roles; this module knows no
//! rule.

use std::ops::Range;

use crate::error::ParseError;

/// The most cells a board may have (keys pack one byte a cell).
pub const MAX_CELLS: usize = 1 << 12;

/// A board of `rows × cols` cells, row by row, each a small code whose
/// letter the game gives.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    pub rows: usize,
    pub cols: usize,
    pub cells: Vec<u8>,
}

/// One of the eight symmetries of a rectangle: rows reversed, columns
/// reversed, then rows and columns exchanged.
#[derive(Clone, Copy, Debug)]
pub struct Symmetry {
    pub flip_rows: bool,
    pub flip_cols: bool,
    pub transpose: bool,
}

/// The four symmetries that keep rows rows (a vertical domino vertical).
pub const REFLECTIONS: [Symmetry; 4] = [
    Symmetry::new(false, false, false),
    Symmetry::new(false, true, false),
    Symmetry::new(true, false, false),
    Symmetry::new(true, true, false),
];

/// All eight symmetries of the rectangle.
pub const ALL_SYMMETRIES: [Symmetry; 8] = [
    Symmetry::new(false, false, false),
    Symmetry::new(false, true, false),
    Symmetry::new(true, false, false),
    Symmetry::new(true, true, false),
    Symmetry::new(false, false, true),
    Symmetry::new(false, true, true),
    Symmetry::new(true, false, true),
    Symmetry::new(true, true, true),
];

impl Symmetry {
    const fn new(flip_rows: bool, flip_cols: bool, transpose: bool) -> Symmetry {
        Symmetry {
            flip_rows,
            flip_cols,
            transpose,
        }
    }
}

impl Grid {
    /// The cell in row `r`, column `c`.
    pub fn get(&self, r: usize, c: usize) -> u8 {
        self.cells[r * self.cols + c]
    }

    /// Sets the cell in row `r`, column `c`.
    pub fn set(&mut self, r: usize, c: usize, code: u8) {
        self.cells[r * self.cols + c] = code;
    }

    /// Reads a board written in quotes, whose text starts at byte `at` of
    /// the position: each character is one of `letters` (a letter and its
    /// code).
    ///
    /// # Errors
    ///
    /// A [`ParseError`] on the offending row or character: rows of unequal
    /// length, an unknown letter, more than [`MAX_CELLS`] cells.
    pub fn parse(
        text: &str,
        at: usize,
        letters: &[(char, u8)],
        span: Range<usize>,
    ) -> Result<Grid, ParseError> {
        let rows: Vec<&str> = text.split('|').collect();
        let cols = rows[0].chars().count();
        let mut cells = Vec::with_capacity(rows.len() * cols);
        let mut at = at;
        for row in &rows {
            if row.chars().count() != cols {
                return Err(ParseError::bad_arguments(
                    format!("every row of a board has the same length (the first has {cols})"),
                    at..at + row.len(),
                ));
            }
            for (i, ch) in row.char_indices() {
                match letters.iter().find(|&&(l, _)| l == ch) {
                    Some(&(_, code)) => cells.push(code),
                    None => {
                        let at = at + i;
                        let known: Vec<String> =
                            letters.iter().map(|(l, _)| format!("`{l}`")).collect();
                        return Err(ParseError::bad_arguments(
                            format!("a cell is one of {}, not `{ch}`", known.join(", ")),
                            at..at + ch.len_utf8(),
                        ));
                    }
                }
            }
            at += row.len() + 1;
        }
        if cells.len() > MAX_CELLS {
            return Err(ParseError::bad_arguments(
                format!("a board has at most {MAX_CELLS} cells"),
                span,
            ));
        }
        Ok(Grid {
            rows: rows.len(),
            cols,
            cells,
        })
    }

    /// The board as written, with the first letter of each code.
    pub fn text(&self, letters: &[(char, u8)]) -> String {
        let letter = |code: u8| {
            letters
                .iter()
                .find(|&&(_, c)| c == code)
                .map_or('?', |&(l, _)| l)
        };
        let mut out = String::with_capacity(self.cells.len() + self.rows);
        for r in 0..self.rows {
            if r > 0 {
                out.push('|');
            }
            for c in 0..self.cols {
                out.push(letter(self.get(r, c)));
            }
        }
        out
    }

    /// The board cut to the rows and columns that hold a cell for which
    /// `keep` holds (`0 × 0` if none does).
    pub fn cropped(&self, keep: impl Fn(u8) -> bool) -> Grid {
        let rows: Vec<usize> = (0..self.rows)
            .filter(|&r| (0..self.cols).any(|c| keep(self.get(r, c))))
            .collect();
        let cols: Vec<usize> = (0..self.cols)
            .filter(|&c| (0..self.rows).any(|r| keep(self.get(r, c))))
            .collect();
        let (Some(&r0), Some(&r1), Some(&c0), Some(&c1)) =
            (rows.first(), rows.last(), cols.first(), cols.last())
        else {
            return Grid {
                rows: 0,
                cols: 0,
                cells: Vec::new(),
            };
        };
        let mut cells = Vec::with_capacity((r1 - r0 + 1) * (c1 - c0 + 1));
        for r in r0..=r1 {
            for c in c0..=c1 {
                cells.push(self.get(r, c));
            }
        }
        Grid {
            rows: r1 - r0 + 1,
            cols: c1 - c0 + 1,
            cells,
        }
    }

    /// The board's image under `s`.
    pub fn image(&self, s: Symmetry) -> Grid {
        let (rows, cols) = if s.transpose {
            (self.cols, self.rows)
        } else {
            (self.rows, self.cols)
        };
        let mut cells = Vec::with_capacity(self.cells.len());
        for r in 0..rows {
            for c in 0..cols {
                let (r, c) = if s.transpose { (c, r) } else { (r, c) };
                let r = if s.flip_rows { self.rows - 1 - r } else { r };
                let c = if s.flip_cols { self.cols - 1 - c } else { c };
                cells.push(self.get(r, c));
            }
        }
        Grid { rows, cols, cells }
    }

    /// The words of a structural key: the least of the board's images under
    /// `symmetries` (with its shape), so that boards that are images of each
    /// other share a key.
    pub fn key_words(&self, symmetries: &[Symmetry]) -> Vec<u64> {
        let least = symmetries
            .iter()
            .map(|&s| self.image(s))
            .min_by(|a, b| (a.rows, a.cols, &a.cells).cmp(&(b.rows, b.cols, &b.cells)))
            .expect("at least the identity");
        [least.rows as u64, least.cols as u64]
            .into_iter()
            .chain(crate::game::Key::pack(&least.cells))
            .collect()
    }

    /// The areas of side-by-side cells for which `member` holds, each as a
    /// board of its own (every other cell set to `outside`, cropped to the
    /// area), in the order of their first cells.
    pub fn areas(&self, member: impl Fn(u8) -> bool, outside: u8) -> Vec<Grid> {
        let mut seen = vec![false; self.cells.len()];
        let mut areas = Vec::new();
        let mut stack = Vec::new();
        for start in 0..self.cells.len() {
            if seen[start] || !member(self.cells[start]) {
                continue;
            }
            let mut cells = vec![outside; self.cells.len()];
            seen[start] = true;
            stack.push(start);
            while let Some(i) = stack.pop() {
                cells[i] = self.cells[i];
                let (r, c) = (i / self.cols, i % self.cols);
                let mut visit = |j: usize| {
                    if !seen[j] && member(self.cells[j]) {
                        seen[j] = true;
                        stack.push(j);
                    }
                };
                if r > 0 {
                    visit(i - self.cols);
                }
                if r + 1 < self.rows {
                    visit(i + self.cols);
                }
                if c > 0 {
                    visit(i - 1);
                }
                if c + 1 < self.cols {
                    visit(i + 1);
                }
            }
            let area = Grid {
                rows: self.rows,
                cols: self.cols,
                cells,
            };
            areas.push(area.cropped(&member));
        }
        areas
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LETTERS: [(char, u8); 3] = [('.', 0), ('x', 1), ('o', 2)];

    fn grid(text: &str) -> Grid {
        Grid::parse(text, 0, &LETTERS, 0..text.len()).unwrap()
    }

    #[test]
    fn boards_read_and_write_back() {
        for text in ["x.o|..x", "xo", "x|o|.", ""] {
            assert_eq!(grid(text).text(&LETTERS), text);
        }
        let e = Grid::parse("x.|xxx", 10, &LETTERS, 9..17).unwrap_err();
        assert_eq!(e.span, 13..16);
        let e = Grid::parse("x.|x?", 10, &LETTERS, 9..16).unwrap_err();
        assert_eq!(e.span, 14..15);
    }

    #[test]
    fn the_eight_symmetries_are_distinct_on_an_asymmetric_board() {
        let g = grid("xo.|...");
        let mut images: Vec<String> = ALL_SYMMETRIES
            .iter()
            .map(|&s| g.image(s).text(&LETTERS))
            .collect();
        images.sort();
        images.dedup();
        assert_eq!(images.len(), 8);
        assert_eq!(g.image(ALL_SYMMETRIES[4]).text(&LETTERS), "x.|o.|..");
    }

    #[test]
    fn areas_are_cropped_connected_pieces() {
        let g = grid("xo..|...x|o..o");
        let areas: Vec<String> = g
            .areas(|c| c != 0, 0)
            .iter()
            .map(|a| a.text(&LETTERS))
            .collect();
        assert_eq!(areas, ["xo", "x|o", "o"]);
        assert_eq!(g.cropped(|c| c == 2).text(&LETTERS), "xo..|...x|o..o");
        assert_eq!(
            grid("....|.xo.|....").cropped(|c| c != 0).text(&LETTERS),
            "xo"
        );
    }
}
