//! Nullify the matrix (Codeforces 1451F): a matrix of non-negative integers.
//! A move picks a cell with a positive value and a cell below-right of it
//! (or the same cell), lowers the first by a positive amount, and, along a
//! shortest (monotone) path from the first to the second, sets every other
//! cell to any non-negative value. Who cannot move (all zeros) loses.
//!
//! **Outcome.** The player to move wins iff some anti-diagonal (the cells
//! with one value of `row + column`) has a non-zero exclusive or (the
//! editorial's solution). A monotone path meets each anti-diagonal at most
//! once, after the first cell only later ones. From all-zero XORs, a move
//! lowers one cell of its first anti-diagonal and touches no other cell
//! there, so that XOR becomes non-zero. From a non-zero XOR `X` on the first
//! such anti-diagonal `s`, lower a cell `v` of it with `v ⊕ X < v` (one
//! exists, as in Nim) to `v ⊕ X`, and walk down and right through every
//! later anti-diagonal up to the last non-zero one, setting on each
//! non-zero one the path's cell `w` to `w ⊕ X_t`. The game ends, since the
//! matrix read row by row decreases lexicographically.
//!
//! **Values.** A cell can be set arbitrarily high, so a position can have
//! options of every value: `nullify("1 0")` has options `nullify("0 v")`,
//! worth `v`, for every `v`, and is worth the ordinal ω. Only lost
//! positions have a known (finite) value, 0; `analyze` of a lone matrix
//! gives the outcome and the winning moves.

use std::sync::Arc;

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::ComponentSyntax;
use sprague_game::{Component, Impartial, Key, Kind, Move};
use sprague_impartial::nimber::Nimber;

use crate::common::only_text;
use crate::common::{Moves, WinningMoves};
use crate::common::{Ruleset, no_params};

pub(crate) const RULESET: Ruleset = Ruleset {
    name: "nullify",
    syntax: "nullify(\"a b; c d\")   rows split by `;`, entries by spaces",
    rule: "lower a positive cell, and set the cells on a monotone path from it to a cell \
           below-right of it to any values (Codeforces 1451F)",
    example: "nullify(\"1 2 3; 4 5 6; 7 8 9\")",
    heaps_interact: true,
    build,
    family: None,
};

/// A Nullify position: a matrix, row by row.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NullifyPosition {
    /// The rows, all of one length, at least one of at least one entry.
    pub rows: Vec<Vec<u64>>,
}

impl NullifyPosition {
    fn n_rows(&self) -> usize {
        self.rows.len()
    }

    fn n_cols(&self) -> usize {
        self.rows[0].len()
    }

    /// The exclusive or of every anti-diagonal, `row + column = 0, 1, ...`.
    pub fn diagonal_xors(&self) -> Vec<u64> {
        let mut xors = vec![0u64; self.n_rows() + self.n_cols() - 1];
        for (r, row) in self.rows.iter().enumerate() {
            for (c, &v) in row.iter().enumerate() {
                xors[r + c] ^= v;
            }
        }
        xors
    }

    /// Whether the player to move wins.
    pub fn first_player_wins(&self) -> bool {
        self.diagonal_xors().iter().any(|&x| x != 0)
    }

    /// One winning move per cell it can start from (in row order), each
    /// with the path down, then right.
    fn winning_moves(&self, max: usize) -> Vec<Move> {
        let xors = self.diagonal_xors();
        let Some(s) = xors.iter().position(|&x| x != 0) else {
            return Vec::new();
        };
        let last = xors.iter().rposition(|&x| x != 0).expect("one is non-zero");
        let mut moves = Vec::new();
        for r in 0..self.n_rows() {
            if moves.len() >= max {
                break;
            }
            let Some(c) = s.checked_sub(r).filter(|&c| c < self.n_cols()) else {
                continue;
            };
            let v = self.rows[r][c];
            let lowered = v ^ xors[s];
            if lowered >= v {
                continue;
            }
            let mut rows = self.rows.clone();
            rows[r][c] = lowered;
            let mut description =
                format!("lower cell ({}, {}) from {v} to {lowered}", r + 1, c + 1);
            if last > s {
                // Down first, as far as the last non-zero anti-diagonal
                // allows, then right.
                let end_r = (self.n_rows() - 1).min(last - c);
                let end_c = last - end_r;
                let mut sets = Vec::new();
                let (mut pr, mut pc) = (r, c);
                for (t, &x) in xors.iter().enumerate().take(last + 1).skip(s + 1) {
                    if pr < end_r {
                        pr += 1;
                    } else {
                        pc += 1;
                    }
                    debug_assert_eq!(pr + pc, t);
                    if x != 0 {
                        let w = rows[pr][pc] ^ x;
                        rows[pr][pc] = w;
                        sets.push(format!("({}, {}) to {w}", pr + 1, pc + 1));
                    }
                }
                description.push_str(&format!(
                    "; along the path down to ({}, {}) then right to ({}, {}), set {}",
                    end_r + 1,
                    c + 1,
                    end_r + 1,
                    end_c + 1,
                    sets.join(", ")
                ));
            }
            moves.push(Move::new(description, Arc::new(NullifyPosition { rows })));
        }
        moves
    }
}

impl Component for NullifyPosition {
    fn ruleset(&self) -> String {
        "nullify".to_string()
    }

    fn args(&self) -> String {
        let rows: Vec<String> = self
            .rows
            .iter()
            .map(|row| row.iter().map(u64::to_string).collect::<Vec<_>>().join(" "))
            .collect();
        format!("\"{}\"", rows.join("; "))
    }

    fn is_heap(&self) -> bool {
        false
    }

    fn key(&self) -> Key {
        Key::new(
            "nullify",
            std::iter::once(self.rows.len() as u64).chain(
                self.rows
                    .iter()
                    .flat_map(|r| std::iter::once(r.len() as u64).chain(r.iter().copied())),
            ),
        )
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Impartial(self)
    }
}

impl Impartial for NullifyPosition {
    fn grundy(&self, _budget: &Budget) -> Result<Nimber, SolveError> {
        if self.first_player_wins() {
            Err(SolveError::unsupported(
                "a nullify position the first player wins may be worth an infinite ordinal \
                 (a move can set cells to any value), so it has no nimber; its outcome and \
                 winning moves are known when it is played alone",
            ))
        } else {
            Ok(Nimber::ZERO)
        }
    }

    fn moves(&self, _budget: &Budget) -> Result<Vec<Move>, SolveError> {
        if self.rows.iter().flatten().all(|&v| v == 0) {
            return Ok(Vec::new());
        }
        Err(SolveError::unsupported(
            "a nullify position has infinitely many moves (cells on the path can be set to \
             any value), so it cannot be searched",
        ))
    }

    fn moves_to_grundy(&self, target: Nimber, max: usize, budget: &Budget) -> Moves {
        if target == Nimber::ZERO {
            Ok(self.winning_moves(max))
        } else {
            self.grundy(budget).map(|_| Vec::new())
        }
    }

    fn outcome(&self, max: usize, _budget: &Budget) -> WinningMoves {
        Some(Ok((self.first_player_wins(), self.winning_moves(max))))
    }
}

/// Reads `"0 1; 1 0"`.
fn read_matrix(text: &str) -> Result<Vec<Vec<u64>>, String> {
    let mut rows = Vec::new();
    for (i, line) in text.split(';').enumerate() {
        let row = line
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
            .map(|t| {
                t.parse::<u64>().map_err(|_| {
                    format!(
                        "`{t}` is not a non-negative integer of at most {}",
                        u64::MAX
                    )
                })
            })
            .collect::<Result<Vec<u64>, String>>()?;
        if row.is_empty() {
            return Err(format!("row {} is empty", i + 1));
        }
        if let Some(first) = rows.first().map(Vec::len)
            && first != row.len()
        {
            return Err(format!(
                "row {} has {} entries, row 1 has {first}",
                i + 1,
                row.len()
            ));
        }
        rows.push(row);
    }
    Ok(rows)
}

fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    no_params(&c.ruleset)?;
    let (text, span) = only_text(
        c,
        "`nullify` takes one matrix, written as a string: nullify(\"0 1; 1 0\")",
        "the matrix is a string, rows split by `;`: nullify(\"0 1; 1 0\")",
    )?;
    let rows = read_matrix(text).map_err(|reason| ParseError::bad_arguments(reason, span))?;
    Ok(vec![Arc::new(NullifyPosition { rows })])
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague::analyze;
    use sprague_core::error::ParseErrorKind;
    use sprague_core::outcome::Outcome;
    use sprague_game::Play;
    use sprague_impartial::impartial::{GrundySolver, ImpartialGame};

    /// The game from its rule, with every value below `BOUND` (a power of
    /// two, so the exclusive ors the strategy needs stay below it): a
    /// finite game with the same strategy argument.
    const BOUND: u8 = 4;

    struct Brute {
        n_rows: usize,
        n_cols: usize,
    }

    impl Brute {
        /// Every monotone path from (r, c) to (r2, c2), without its first
        /// cell.
        fn paths(r: usize, c: usize, r2: usize, c2: usize) -> Vec<Vec<(usize, usize)>> {
            if (r, c) == (r2, c2) {
                return vec![vec![]];
            }
            let mut out = Vec::new();
            if r < r2 {
                for mut p in Brute::paths(r + 1, c, r2, c2) {
                    p.insert(0, (r + 1, c));
                    out.push(p);
                }
            }
            if c < c2 {
                for mut p in Brute::paths(r, c + 1, r2, c2) {
                    p.insert(0, (r, c + 1));
                    out.push(p);
                }
            }
            out
        }
    }

    impl ImpartialGame for Brute {
        type Position = Vec<u8>;
        fn moves(&self, p: &Vec<u8>, out: &mut Vec<Vec<u8>>) {
            let m = self.n_cols;
            for r in 0..self.n_rows {
                for c in 0..m {
                    for lowered in 0..p[r * m + c] {
                        for r2 in r..self.n_rows {
                            for c2 in c..m {
                                for path in Brute::paths(r, c, r2, c2) {
                                    // Every assignment of values to the path.
                                    let total = (BOUND as usize).pow(path.len() as u32);
                                    for code in 0..total {
                                        let mut q = p.clone();
                                        q[r * m + c] = lowered;
                                        let mut x = code;
                                        for &(pr, pc) in &path {
                                            q[pr * m + pc] = (x % BOUND as usize) as u8;
                                            x /= BOUND as usize;
                                        }
                                        out.push(q);
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    fn matrix(cells: &[u8], n_cols: usize) -> NullifyPosition {
        NullifyPosition {
            rows: cells
                .chunks(n_cols)
                .map(|r| r.iter().map(|&v| u64::from(v)).collect())
                .collect(),
        }
    }

    #[test]
    fn outcome_and_moves_agree_with_search_of_the_bounded_game() {
        for (n_rows, n_cols) in [(1, 1), (1, 2), (2, 1), (1, 3), (2, 2), (3, 1)] {
            let mut solver = GrundySolver::new(Brute { n_rows, n_cols }, Budget::DEFAULT);
            let size = n_rows * n_cols;
            for code in 0..(BOUND as usize).pow(size as u32) {
                let cells: Vec<u8> = (0..size)
                    .map(|i| (code / (BOUND as usize).pow(i as u32) % BOUND as usize) as u8)
                    .collect();
                let p = matrix(&cells, n_cols);
                let wins = solver.grundy(&cells).unwrap() != Nimber::ZERO;
                assert_eq!(p.first_player_wins(), wins, "{cells:?}");
                for m in p.winning_moves(usize::MAX) {
                    let args = m.to[0].args();
                    let after: Vec<u8> = args
                        .trim_matches('"')
                        .split([';', ' '])
                        .filter(|t| !t.is_empty())
                        .map(|t| t.parse().unwrap())
                        .collect();
                    // A legal move of the bounded game, to a lost position.
                    let mut options = Vec::new();
                    solver.game().moves(&cells, &mut options);
                    assert!(options.contains(&after), "{cells:?} -> {after:?}");
                    assert_eq!(solver.grundy(&after).unwrap(), Nimber::ZERO);
                }
                assert_eq!(wins, !p.winning_moves(1).is_empty());
            }
        }
    }

    #[test]
    fn codeforces_1451f_samples() {
        // Codeforces 1451F (Nullify The Matrix), the sample: "Ashish" when
        // the first player wins, "Jeel" otherwise.
        let cases = [
            ("0", Outcome::P),
            ("0 0 5", Outcome::N),
            ("0 1; 1 0", Outcome::P),
            ("1 2 3; 4 5 6; 7 8 9", Outcome::N),
        ];
        for (m, outcome) in cases {
            let p = crate::tests::parse(&format!("nullify(\"{m}\")")).unwrap();
            let a = analyze(&p, Play::Normal, true, &Budget::DEFAULT).unwrap();
            assert_eq!(a.outcome, outcome, "{m}");
            assert_eq!(a.winning_moves.is_empty(), outcome == Outcome::P);
        }
    }

    #[test]
    fn a_winning_move_is_described_in_words() {
        let p = crate::tests::parse("nullify(\"1 2 3; 4 5 6; 7 8 9\")").unwrap();
        let a = analyze(&p, Play::Normal, false, &Budget::DEFAULT).unwrap();
        // Anti-diagonal XORs: 1, 2^4 = 6, 3^5^7 = 1, 6^8 = 14, 9.
        assert_eq!(
            a.winning_moves[0].description(),
            "lower cell (1, 1) from 1 to 0; along the path down to (3, 1) then right to (3, 3), \
             set (2, 1) to 2, (3, 1) to 6, (3, 2) to 6, (3, 3) to 0"
        );
        assert_eq!(
            a.winning_moves[0].to.to_string(),
            "nullify(\"0 2 3; 2 5 6; 6 6 0\")"
        );
        // A lost matrix is worth 0 and can sit in a sum.
        let p = crate::tests::parse("nullify(\"0 1; 1 0\") + nim(2)").unwrap();
        let a = analyze(&p, Play::Normal, false, &Budget::DEFAULT).unwrap();
        assert_eq!(a.grundy(), Some(Nimber(2)));
    }

    #[test]
    fn bad_input_is_reported() {
        for text in [
            "nullify(\"1 2; 3\")",
            "nullify(\"1 x\")",
            "nullify(\"1;;2\")",
            "nullify(1)",
        ] {
            let e = crate::tests::parse(text).unwrap_err();
            assert!(
                matches!(e.kind, ParseErrorKind::BadArguments { .. }),
                "{text}"
            );
            assert_eq!(e.span.start, 8, "{text}");
        }
    }
}
