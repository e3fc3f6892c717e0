//! A token on a rectangular board with blocked cells, moving by a set of
//! steps (king, knight: one jump) or slides (rook, bishop, queen: any
//! distance in a direction, stopped by a blocked cell or the edge). Seed
//! note 000 ("二维平面上有障碍点集": games on a DAG, then on a plane with
//! obstacles). The board's game graph is built from the rules; with moves
//! that can be undone (a king's) it has cycles and draws.
//!
//! Rows are numbered from 0 at the top, columns from 0 at the left; "down"
//! is towards higher rows. A board is written row by row, rows separated by
//! `/`, `.` a free cell, `#` a blocked one: `"..#/.../#.."`.

use std::fmt;

use super::Graph;

/// One kind of move: a jump by `(dr, dc)`, or a slide any positive number of
/// times `(dr, dc)` over free cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Direction {
    /// Rows moved per step (positive is down).
    pub dr: i32,
    /// Columns moved per step (positive is right).
    pub dc: i32,
    /// Whether the move may repeat the step (a rook's slide) or not (a
    /// king's or knight's step).
    pub slide: bool,
}

/// The moves a token may make, in the order they are listed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveSet {
    directions: Vec<Direction>,
    text: String,
}

impl MoveSet {
    /// Reads a move set: words separated by spaces, each a piece (`king`,
    /// `knight`, `rook`, `bishop`, `queen`), `wythoff` (slides left, down and
    /// down-left: Wythoff's game on a board), or `step(dr,dc)` /
    /// `slide(dr,dc)` with integers `dr`, `dc` between -1000 and 1000, not
    /// both 0.
    ///
    /// # Errors
    ///
    /// The offending word, in words.
    ///
    /// # Examples
    ///
    /// ```
    /// use sprague_loopy::graph::MoveSet;
    /// // A rook that moves only left or down.
    /// let rook = MoveSet::parse("slide(0,-1) slide(1,0)").unwrap();
    /// assert_eq!(rook.directions().len(), 2);
    /// assert!(MoveSet::parse("castle").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<MoveSet, String> {
        const KING: [(i32, i32); 8] = [
            (-1, -1),
            (-1, 0),
            (-1, 1),
            (0, -1),
            (0, 1),
            (1, -1),
            (1, 0),
            (1, 1),
        ];
        const KNIGHT: [(i32, i32); 8] = [
            (-2, -1),
            (-2, 1),
            (-1, -2),
            (-1, 2),
            (1, -2),
            (1, 2),
            (2, -1),
            (2, 1),
        ];
        const ROOK: [(i32, i32); 4] = [(-1, 0), (0, -1), (0, 1), (1, 0)];
        const BISHOP: [(i32, i32); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];
        let mut directions = Vec::new();
        let mut add = |list: &[(i32, i32)], slide: bool| {
            for &(dr, dc) in list {
                let d = Direction { dr, dc, slide };
                if !directions.contains(&d) {
                    directions.push(d);
                }
            }
        };
        for word in text.split_whitespace() {
            match word {
                "king" => add(&KING, false),
                "knight" => add(&KNIGHT, false),
                "rook" => add(&ROOK, true),
                "bishop" => add(&BISHOP, true),
                "queen" => add(&KING, true),
                "wythoff" => add(&[(0, -1), (1, 0), (1, -1)], true),
                _ => {
                    let (slide, inner) = if let Some(rest) = word.strip_prefix("slide(") {
                        (true, rest)
                    } else if let Some(rest) = word.strip_prefix("step(") {
                        (false, rest)
                    } else {
                        return Err(format!(
                            "unknown move `{word}` (king, knight, rook, bishop, queen, wythoff, step(dr,dc), slide(dr,dc))"
                        ));
                    };
                    let pair = inner
                        .strip_suffix(')')
                        .and_then(|p| p.split_once(','))
                        .and_then(|(a, b)| Some((a.trim().parse::<i32>().ok()?, b.trim().parse::<i32>().ok()?)))
                        .filter(|&(a, b)| (a, b) != (0, 0) && a.abs() <= 1000 && b.abs() <= 1000)
                        .ok_or_else(|| format!("`{word}` should be like step(1,-2), with numbers between -1000 and 1000, not both 0"))?;
                    add(&[pair], slide);
                }
            }
        }
        if directions.is_empty() {
            return Err("no moves given".to_string());
        }
        Ok(MoveSet {
            directions,
            text: text.split_whitespace().collect::<Vec<_>>().join(" "),
        })
    }

    /// The directions, in order.
    pub fn directions(&self) -> &[Direction] {
        &self.directions
    }
}

impl fmt::Display for MoveSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// A board with blocked cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    rows: u32,
    cols: u32,
    blocked: Vec<bool>,
}

impl Board {
    /// The most cells a board may have.
    pub const MAX_CELLS: u64 = 1 << 24;

    /// Reads a board: rows separated by `/`, `.` free and `#` blocked, all
    /// rows of one length.
    ///
    /// # Errors
    ///
    /// What is wrong, in words.
    pub fn parse(text: &str) -> Result<Board, String> {
        let rows: Vec<&str> = text.split('/').collect();
        let cols = rows[0].chars().count();
        if cols == 0 {
            return Err("a board has at least one column".to_string());
        }
        if (rows.len() as u64).saturating_mul(cols as u64) > Board::MAX_CELLS {
            return Err(format!("at most {} cells are supported", Board::MAX_CELLS));
        }
        let mut blocked = Vec::with_capacity(rows.len() * cols);
        for (r, row) in rows.iter().enumerate() {
            if row.chars().count() != cols {
                return Err(format!(
                    "row {r} has {} cells, row 0 has {cols}",
                    row.chars().count()
                ));
            }
            for ch in row.chars() {
                match ch {
                    '.' => blocked.push(false),
                    '#' => blocked.push(true),
                    _ => {
                        return Err(format!(
                            "`{ch}` is not a cell: use `.` (free) and `#` (blocked)"
                        ));
                    }
                }
            }
        }
        Ok(Board {
            rows: rows.len() as u32,
            cols: cols as u32,
            blocked,
        })
    }

    /// The number of rows.
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// The number of columns.
    pub fn cols(&self) -> u32 {
        self.cols
    }

    /// Whether the cell is on the board and free.
    pub fn is_free(&self, r: i64, c: i64) -> bool {
        r >= 0
            && c >= 0
            && r < i64::from(self.rows)
            && c < i64::from(self.cols)
            && !self.blocked[(r * i64::from(self.cols) + c) as usize]
    }

    /// The vertex of cell `(r, c)` in [`Board::graph`].
    pub fn vertex(&self, r: u32, c: u32) -> u32 {
        r * self.cols + c
    }

    /// The cell of a vertex of [`Board::graph`].
    pub fn cell(&self, v: u32) -> (u32, u32) {
        (v / self.cols, v % self.cols)
    }

    /// The number of moves from every free cell, to check the size of the
    /// graph before building it.
    pub fn count_moves(&self, moves: &MoveSet) -> u64 {
        let mut count = 0;
        self.for_each_move(moves, |_, _| count += 1);
        count
    }

    fn for_each_move(&self, moves: &MoveSet, mut f: impl FnMut(u32, u32)) {
        for r in 0..self.rows {
            for c in 0..self.cols {
                if !self.is_free(i64::from(r), i64::from(c)) {
                    continue;
                }
                let from = self.vertex(r, c);
                for d in &moves.directions {
                    let (mut tr, mut tc) = (i64::from(r), i64::from(c));
                    loop {
                        tr += i64::from(d.dr);
                        tc += i64::from(d.dc);
                        if !self.is_free(tr, tc) {
                            break;
                        }
                        f(from, self.vertex(tr as u32, tc as u32));
                        if !d.slide {
                            break;
                        }
                    }
                }
            }
        }
    }

    /// The game graph: a vertex per cell (blocked cells have no moves), the
    /// moves of each cell by direction in the order of the move set, then
    /// by distance, nearest first.
    pub fn graph(&self, moves: &MoveSet) -> Graph {
        let mut sources = Vec::new();
        let mut targets = Vec::new();
        self.for_each_move(moves, |s, t| {
            sources.push(s);
            targets.push(t);
        });
        Graph::from_edges(self.rows * self.cols, &sources, &targets)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::{LoopyGrundy, Retrograde, grundy_acyclic};
    use proptest::prelude::*;
    use sprague_core::budget::Budget;
    use sprague_impartial::impartial::{GrundySolver, ImpartialGame};

    #[test]
    fn a_rook_moving_left_or_down_is_two_heap_nim() {
        // On an empty board, a rook moving left or down is two Nim heaps:
        // the distances to the left edge and to the bottom row (Bouton).
        let board = Board::parse(&vec![".......".to_string(); 6].join("/")).unwrap();
        let moves = MoveSet::parse("slide(0,-1) slide(1,0)").unwrap();
        let values = grundy_acyclic(&board.graph(&moves)).unwrap();
        for r in 0..6 {
            for c in 0..7 {
                assert_eq!(values[board.vertex(r, c) as usize], c ^ (5 - r));
            }
        }
    }

    #[test]
    fn the_wythoff_queen_loses_exactly_on_the_beatty_pairs() {
        // Wythoff's game: P-positions are (⌊kφ⌋, ⌊kφ⌋ + k) and their mirror
        // images (Wythoff 1907), distances to the left edge and bottom row.
        let n = 30u32;
        let board = Board::parse(&vec![".".repeat(n as usize); n as usize].join("/")).unwrap();
        let values = grundy_acyclic(&board.graph(&MoveSet::parse("wythoff").unwrap())).unwrap();
        let phi = (1.0 + 5f64.sqrt()) / 2.0;
        let mut p_positions = std::collections::HashSet::new();
        for k in 0..n {
            let a = (f64::from(k) * phi).floor() as u32;
            p_positions.insert((a, a + k));
            p_positions.insert((a + k, a));
        }
        for x in 0..n {
            for y in 0..n {
                let v = board.vertex(n - 1 - y, x);
                assert_eq!(
                    values[v as usize] == 0,
                    p_positions.contains(&(x, y)),
                    "({x}, {y})"
                );
            }
        }
    }

    /// The board game straight from the rules, for the generic solver.
    struct Rules<'a>(&'a Board, &'a MoveSet);

    impl ImpartialGame for Rules<'_> {
        type Position = (i64, i64);
        fn moves(&self, &(r, c): &(i64, i64), out: &mut Vec<(i64, i64)>) {
            for d in self.1.directions() {
                let mut k = 1;
                while self
                    .0
                    .is_free(r + k * i64::from(d.dr), c + k * i64::from(d.dc))
                {
                    out.push((r + k * i64::from(d.dr), c + k * i64::from(d.dc)));
                    if !d.slide {
                        break;
                    }
                    k += 1;
                }
            }
        }
    }

    fn board() -> impl Strategy<Value = Board> {
        (1usize..6, 1usize..6).prop_flat_map(|(r, c)| {
            proptest::collection::vec(proptest::bool::weighted(0.25), r * c).prop_map(move |b| {
                let rows: Vec<String> = b
                    .chunks(c)
                    .map(|row| row.iter().map(|&x| if x { '#' } else { '.' }).collect())
                    .collect();
                Board::parse(&rows.join("/")).unwrap()
            })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]
        #[test]
        fn acyclic_boards_agree_with_the_rules(b in board(), which in 0usize..3) {
            let moves = MoveSet::parse(["wythoff", "slide(0,-1) slide(1,0)", "step(1,0) step(0,-2) step(1,-1)"][which]).unwrap();
            let values = grundy_acyclic(&b.graph(&moves)).unwrap();
            let mut solver = GrundySolver::new(Rules(&b, &moves), Budget::DEFAULT);
            for r in 0..b.rows() {
                for c in 0..b.cols() {
                    if b.is_free(i64::from(r), i64::from(c)) {
                        let g = solver.grundy(&(i64::from(r), i64::from(c))).unwrap().0;
                        prop_assert_eq!(u64::from(values[b.vertex(r, c) as usize]), g);
                    }
                }
            }
        }

        #[test]
        fn loopy_boards_have_consistent_outcomes(b in board(), which in 0usize..3) {
            // King, knight and rook moves can be undone, so the graphs have
            // cycles: the outcomes of the loopy values agree with
            // retrograde analysis.
            let moves = MoveSet::parse(["king", "knight", "rook"][which]).unwrap();
            let g = b.graph(&moves);
            let r = Retrograde::new(&g, &g.transpose());
            let values = LoopyGrundy::new(&g, &g.transpose());
            for v in 0..g.n_vertices() {
                prop_assert_eq!(values.value(&g, v).outcome(), r.outcome(v));
            }
        }
    }

    #[test]
    fn bad_boards_and_moves() {
        assert!(Board::parse("../.").is_err());
        assert!(Board::parse("..x").is_err());
        assert!(Board::parse("").is_err());
        assert!(MoveSet::parse("step(0,0)").is_err());
        assert!(MoveSet::parse("slide(1,)").is_err());
        assert!(MoveSet::parse("").is_err());
    }
}
