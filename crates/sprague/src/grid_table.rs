//! Tables of games whose position is two interacting numbers — Wythoff's
//! two heaps, a cake of `a × b` (Maundy Cake, Eatcake), a bar of chocolate
//! to cut, a pair in Partizan Euclid: the value of every `NAME(a, b)` for
//! `a` and `b` in two ranges, as `sprague table NAME --to AxB` prints it.
//!
//! Each cell is built by the ruleset's own build (the same component
//! `analyze "NAME(a, b)"` values), and valued with one memo for the whole
//! table, so a cell's options reuse the values of the cells before it. An
//! impartial cell gets its Grundy value (mex over its moves, iteratively);
//! a partizan one its canonical form in CGSuite's notation, with its
//! outcome class. Wythoff's game is computed whole by the table its
//! component uses ([`sprague_rulesets::wythoff_grundy_array`]), which the
//! tests check against the mex over moves.

use std::any::Any;
use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::solve::canonical::CanonicalSolver;
use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, ParseErrorKind, SolveError};
use sprague_core::outcome::Outcome;
use sprague_game::syntax::{Arg, ComponentSyntax, RulesetSyntax, Spanned};
use sprague_game::{Component, Key, Kind, Move};
use sprague_rulesets::WythoffPosition;

/// The values of a two-coordinate table: Grundy values for an impartial
/// ruleset, canonical forms (with their outcome classes) for a partizan
/// one. `[a - from[0]][b - from[1]]` is the cell `(a, b)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GridValues {
    /// The Sprague–Grundy value of each cell.
    Grundy(Vec<Vec<u64>>),
    /// The canonical form of each cell, in CGSuite's notation, and its
    /// outcome class.
    Canonical(Vec<Vec<(String, Outcome)>>),
}

/// The values of `NAME(a, b)` for `a` in `from[0]..=to[0]` (the rows) and
/// `b` in `from[1]..=to[1]` (the columns).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridTable {
    /// The ruleset with its parameters, normalised (`moore[2]`).
    pub ruleset: String,
    /// The first row's `a` and the first column's `b`.
    pub from: [u64; 2],
    /// The last row's `a` and the last column's `b`.
    pub to: [u64; 2],
    /// The values, row by row.
    pub values: GridValues,
}

impl GridTable {
    /// The number of rows and of columns.
    pub fn shape(&self) -> [u64; 2] {
        [self.to[0] - self.from[0] + 1, self.to[1] - self.from[1] + 1]
    }

    /// The outcome class of the cell `(a, b)` (row `i`, column `j` from
    /// the table's corner): `P` where the player to move loses.
    pub fn outcome(&self, i: usize, j: usize) -> Outcome {
        match &self.values {
            GridValues::Grundy(rows) if rows[i][j] == 0 => Outcome::P,
            GridValues::Grundy(_) => Outcome::N,
            GridValues::Canonical(rows) => rows[i][j].1,
        }
    }

    /// The cells the player to move loses (`G(a, b) = 0`, or the value 0
    /// of a partizan game), as `(a, b)`, row by row.
    pub fn p_positions(&self) -> Vec<[u64; 2]> {
        let [rows, cols] = self.shape();
        let mut found = Vec::new();
        for i in 0..rows as usize {
            for j in 0..cols as usize {
                if self.outcome(i, j) == Outcome::P {
                    found.push([self.from[0] + i as u64, self.from[1] + j as u64]);
                }
            }
        }
        found
    }

    /// The text of the cell at row `i`, column `j`: the Grundy value in
    /// decimal, or the canonical form.
    pub fn text(&self, i: usize, j: usize) -> String {
        match &self.values {
            GridValues::Grundy(rows) => rows[i][j].to_string(),
            GridValues::Canonical(rows) => rows[i][j].0.clone(),
        }
    }
}

/// `NAME[params](n, ...)`, as the ruleset builds it.
pub(crate) fn cell(
    ruleset: &RulesetSyntax,
    at: &[u64],
) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    let arg = |&n: &u64| Spanned {
        value: Arg::Int(n),
        span: 0..0,
    };
    sprague_rulesets::build(&ComponentSyntax {
        ruleset: ruleset.clone(),
        args: at.iter().map(arg).collect(),
        args_span: 0..0,
        is_star: false,
        span: 0..0,
    })
}

/// Whether `ruleset` is one whose position is two interacting numbers, so
/// that it has a two-coordinate table: its heaps interact, and `NAME(1, 1)`
/// is one short (loop-free) game. Rulesets of any number of interacting
/// heaps (staircase, `moore[k]`) qualify as well, with two heaps.
///
/// # Examples
///
/// ```
/// use sprague::{is_two_coordinate, syntax::parse_ruleset};
/// assert!(is_two_coordinate(&parse_ruleset("wythoff").unwrap()));
/// assert!(is_two_coordinate(&parse_ruleset("euclid").unwrap()));
/// assert!(!is_two_coordinate(&parse_ruleset("nim").unwrap()));
/// ```
pub fn is_two_coordinate(ruleset: &RulesetSyntax) -> bool {
    if !sprague_rulesets::find(&ruleset.name).is_some_and(|r| r.heaps_interact) {
        return false;
    }
    match cell(ruleset, &[1, 1]).as_deref() {
        Ok([c]) => matches!(c.kind(), Kind::Impartial(_) | Kind::Partizan(_)),
        _ => false,
    }
}

/// The least corner of a two-coordinate table: `(0, 0)`, or `(1, 1)` for
/// rulesets whose coordinates start at 1 (a bar of chocolate to cut).
pub fn grid_corner(ruleset: &RulesetSyntax) -> [u64; 2] {
    if cell(ruleset, &[0, 0]).is_ok() {
        [0, 0]
    } else {
        [1, 1]
    }
}

/// The table of `NAME(a, b)` (`ruleset`) for `a` in `from[0]..=to[0]` and
/// `b` in `from[1]..=to[1]`.
///
/// Every cell counts against the budget's positions before anything is
/// computed, and so does every position the values are found through; the
/// time limit is read as the table fills.
///
/// # Errors
///
/// [`SolveError::Unsupported`] for a ruleset without such a table, an
/// empty range, or a cell the ruleset refuses (`cut(0, 3)`);
/// [`SolveError::BudgetExceeded`] for more cells (or positions) than the
/// budget allows; [`SolveError::TimeLimit`] past the deadline.
///
/// # Examples
///
/// ```
/// use sprague::{Budget, GridValues, grid_table, syntax::parse_ruleset};
/// let wythoff = parse_ruleset("wythoff").unwrap();
/// let t = grid_table(&wythoff, [0, 0], [2, 3], &Budget::DEFAULT).unwrap();
/// // OEIS A004481, Wythoff's Grundy array, rows 0 to 2.
/// assert_eq!(
///     t.values,
///     GridValues::Grundy(vec![vec![0, 1, 2, 3], vec![1, 2, 0, 4], vec![2, 0, 1, 5]])
/// );
/// assert_eq!(t.p_positions(), [[0, 0], [1, 2], [2, 1]]);
/// ```
pub fn grid_table(
    ruleset: &RulesetSyntax,
    from: [u64; 2],
    to: [u64; 2],
    budget: &Budget,
) -> Result<GridTable, SolveError> {
    if !is_two_coordinate(ruleset) {
        return Err(SolveError::unsupported(format!(
            "`{}` is not a game of two interacting numbers, so it has no two-coordinate table",
            ruleset.name
        )));
    }
    for k in 0..2 {
        if from[k] > to[k] {
            return Err(SolveError::unsupported(format!(
                "the table's range is empty: it starts at {}x{} and ends at {}x{}",
                from[0], from[1], to[0], to[1]
            )));
        }
    }
    // `to - from + 1` may be 2^64: counted in u128, a product past the
    // budget is simply too many.
    let span = |k: usize| u128::from(to[k] - from[k]) + 1;
    let cells = span(0).saturating_mul(span(1));
    if cells > u128::from(budget.max_positions) {
        return Err(SolveError::BudgetExceeded {
            limit: budget.max_positions,
        });
    }
    let build = |a: u64, b: u64| -> Result<Arc<dyn Component>, SolveError> {
        match cell(ruleset, &[a, b]) {
            Ok(mut parts) if parts.len() == 1 => Ok(parts.remove(0)),
            Ok(_) => Err(SolveError::unsupported(format!(
                "{}({a}, {b}) is a sum, not one position of the table",
                ruleset.name
            ))),
            Err(e) => {
                // The reason alone: the cell was not written by the user,
                // so a byte offset into it would point at nothing.
                let reason = match e.kind {
                    ParseErrorKind::BadArguments { reason }
                    | ParseErrorKind::BadParameters { reason } => reason,
                    _ => e.to_string(),
                };
                Err(SolveError::unsupported(format!(
                    "{}({a}, {b}) is not a position: {reason}",
                    ruleset.name
                )))
            }
        }
    };
    let corner = build(from[0], from[1])?;
    let name = corner.ruleset();
    let values = match corner.kind() {
        Kind::Impartial(_) if corner.downcast_ref::<WythoffPosition>().is_some() => {
            let whole = sprague_rulesets::wythoff_grundy_array(to[0], to[1], budget)?;
            GridValues::Grundy(
                whole[from[0] as usize..]
                    .iter()
                    .map(|row| row[from[1] as usize..].to_vec())
                    .collect(),
            )
        }
        Kind::Impartial(_) => {
            let mut mex = MexMemo::default();
            let mut rows = Vec::new();
            for a in from[0]..=to[0] {
                let mut row = Vec::new();
                for b in from[1]..=to[1] {
                    budget.check_time()?;
                    row.push(mex.grundy(&build(a, b)?, budget)?);
                }
                rows.push(row);
            }
            GridValues::Grundy(rows)
        }
        _ => {
            let mut solver = CanonicalSolver::new(*budget);
            // The texts count against the budget too, a character a
            // position: canonical forms can be long written out.
            let mut chars = 0u64;
            let mut rows = Vec::new();
            for a in from[0]..=to[0] {
                let mut row = Vec::new();
                for b in from[1]..=to[1] {
                    budget.check_time()?;
                    let g = solver.component(&build(a, b)?)?;
                    let text = solver.arena.display(g)?;
                    chars += text.len() as u64;
                    budget.check_positions(chars)?;
                    row.push((text, solver.arena.outcome(g)?));
                }
                rows.push(row);
            }
            GridValues::Canonical(rows)
        }
    };
    Ok(GridTable {
        ruleset: name,
        from,
        to,
        values,
    })
}

/// Grundy values by mex over moves, memoised by [`Component::key`] across
/// the cells of a table, with an explicit stack.
#[derive(Default)]
struct MexMemo {
    memo: FxHashMap<Key, u64>,
}

/// A position being valued: its moves, the next one to value, the part of
/// that move's sum reached, and the values of the moves done.
struct Frame {
    key: Key,
    moves: Vec<Move>,
    next: usize,
    part: usize,
    sum: u64,
    values: Vec<u64>,
}

impl MexMemo {
    /// The Grundy value of `root`: the mex of its options' values, each
    /// the nim-sum of its parts; a part of the root's type is valued here
    /// (memoised), any other by its own [`Component::grundy`].
    fn grundy(&mut self, root: &Arc<dyn Component>, budget: &Budget) -> Result<u64, SolveError> {
        if let Some(&v) = self.memo.get(&root.key()) {
            return Ok(v);
        }
        let root_type = Any::type_id(&**root);
        let mut open: FxHashSet<Key> = FxHashSet::default();
        let mut stack = vec![self.open(root, &mut open, budget, 0)?];
        loop {
            let top = stack.last_mut().expect("the root stays until it returns");
            let mut descend = None;
            'moves: while top.next < top.moves.len() {
                let parts = &top.moves[top.next].to;
                while top.part < parts.len() {
                    let c = &parts[top.part];
                    let value = match self.memo.get(&c.key()) {
                        Some(&v) => v,
                        None if Any::type_id(&**c) == root_type => {
                            descend = Some(Arc::clone(c));
                            break 'moves;
                        }
                        None => c.grundy(budget)?.0,
                    };
                    top.sum ^= value;
                    top.part += 1;
                }
                top.values.push(top.sum);
                (top.sum, top.part) = (0, 0);
                top.next += 1;
            }
            match descend {
                Some(c) => {
                    let depth = stack.len();
                    let frame = self.open(&c, &mut open, budget, depth)?;
                    stack.push(frame);
                }
                None => {
                    let mut frame = stack.pop().expect("a frame was just inspected");
                    let value = sprague_impartial::impartial::mex(&mut frame.values);
                    open.remove(&frame.key);
                    self.memo.insert(frame.key, value);
                    if stack.is_empty() {
                        return Ok(value);
                    }
                }
            }
        }
    }

    fn open(
        &self,
        c: &Arc<dyn Component>,
        open: &mut FxHashSet<Key>,
        budget: &Budget,
        depth: usize,
    ) -> Result<Frame, SolveError> {
        let key = c.key();
        if !open.insert(key.clone()) {
            return Err(SolveError::Loopy);
        }
        budget.check_positions((self.memo.len() + depth) as u64)?;
        let moves = match c.kind() {
            Kind::Impartial(g) => g.moves(budget)?,
            _ => {
                return Err(SolveError::unsupported(format!(
                    "`{}` is not an impartial loop-free game, unlike the table's first cell",
                    c.text()
                )));
            }
        };
        Ok(Frame {
            key,
            moves,
            next: 0,
            part: 0,
            sum: 0,
            values: Vec::new(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use sprague_game::Play;
    use sprague_game::syntax::parse_ruleset;

    fn table(name: &str, from: [u64; 2], to: [u64; 2]) -> GridTable {
        grid_table(&parse_ruleset(name).unwrap(), from, to, &Budget::DEFAULT).unwrap()
    }

    #[test]
    fn wythoff_p_positions_are_the_beatty_pairs_up_to_100() {
        // Wythoff (1907): (⌊kφ⌋, ⌊kφ²⌋) and the same swapped, with
        // (0, 0); in floating point, exact for these small k.
        let phi = (1.0 + 5f64.sqrt()) / 2.0;
        let mut beatty = Vec::new();
        for k in 0u64.. {
            let a = (k as f64 * phi).floor() as u64;
            if a > 100 {
                break;
            }
            let b = (k as f64 * phi * phi).floor() as u64;
            if b <= 100 {
                beatty.push([a, b]);
                if k > 0 {
                    beatty.push([b, a]);
                }
            }
        }
        beatty.sort_unstable();
        let t = table("wythoff", [0, 0], [100, 100]);
        assert_eq!(t.p_positions(), beatty);
    }

    #[test]
    fn wythoff_array_agrees_with_the_mex_over_moves() {
        let wythoff = parse_ruleset("wythoff").unwrap();
        let mut mex = MexMemo::default();
        let t = table("wythoff", [3, 5], [30, 24]);
        for a in 3..=30u64 {
            for b in 5..=24u64 {
                let c = cell(&wythoff, &[a, b]).unwrap().remove(0);
                let g = mex.grundy(&c, &Budget::DEFAULT).unwrap();
                assert_eq!(t.text((a - 3) as usize, (b - 5) as usize), g.to_string());
            }
        }
    }

    #[test]
    fn every_cell_is_what_analyze_gives() {
        for (name, to) in [
            ("wythoff", [7, 6]),
            ("staircase", [6, 6]),
            ("moore[2]", [5, 5]),
            ("maundy", [6, 7]),
            ("eatcake", [5, 5]),
            ("euclid", [6, 6]),
            ("cut", [5, 4]),
            ("turn_and_eatcake", [3, 3]),
        ] {
            let syntax = parse_ruleset(name).unwrap();
            let from = grid_corner(&syntax);
            let t = grid_table(&syntax, from, to, &Budget::DEFAULT).unwrap();
            for a in from[0]..=to[0] {
                for b in from[1]..=to[1] {
                    let p = Position::parse(&format!("{name}({a}, {b})")).unwrap();
                    let analysis =
                        crate::analyze(&p, Play::Normal, false, &Budget::DEFAULT).unwrap();
                    let (i, j) = ((a - from[0]) as usize, (b - from[1]) as usize);
                    let expected = match &t.values {
                        GridValues::Grundy(_) => analysis.grundy().unwrap().0.to_string(),
                        GridValues::Canonical(_) => analysis.value_text().unwrap(),
                    };
                    assert_eq!(t.text(i, j), expected, "{name}({a}, {b})");
                    assert_eq!(t.outcome(i, j), analysis.outcome, "{name}({a}, {b})");
                }
            }
        }
    }

    #[test]
    fn partizan_tables_hold_canonical_forms() {
        // cut(x, y): Left cuts along x, Right along y; a 1 × n bar is
        // Right's alone, worth -(n - 1) (Berlekamp, Conway and Guy,
        // Winning Ways, "Cutcake").
        let t = table("cut", [1, 1], [1, 4]);
        assert_eq!(
            t.values,
            GridValues::Canonical(vec![vec![
                ("0".to_string(), Outcome::P),
                ("-1".to_string(), Outcome::R),
                ("-2".to_string(), Outcome::R),
                ("-3".to_string(), Outcome::R),
            ]])
        );
    }

    #[test]
    fn one_heap_rulesets_and_bad_ranges_are_refused() {
        let nim = parse_ruleset("nim").unwrap();
        assert!(!is_two_coordinate(&nim));
        let e = grid_table(&nim, [0, 0], [3, 3], &Budget::DEFAULT).unwrap_err();
        assert!(e.to_string().contains("two interacting numbers"), "{e}");
        let wythoff = parse_ruleset("wythoff").unwrap();
        let e = grid_table(&wythoff, [4, 0], [3, 3], &Budget::DEFAULT).unwrap_err();
        assert!(e.to_string().contains("range is empty"), "{e}");
        let cut = parse_ruleset("cut").unwrap();
        assert_eq!(grid_corner(&cut), [1, 1]);
        let e = grid_table(&cut, [0, 0], [3, 3], &Budget::DEFAULT).unwrap_err();
        assert!(
            e.to_string().starts_with("cut(0, 0) is not a position"),
            "{e}"
        );
    }

    #[test]
    fn a_table_past_the_budget_is_refused_before_it_is_computed() {
        let wythoff = parse_ruleset("wythoff").unwrap();
        let e = grid_table(&wythoff, [0, 0], [4999, 4999], &Budget::DEFAULT).unwrap_err();
        assert_eq!(
            e,
            SolveError::BudgetExceeded {
                limit: Budget::DEFAULT.max_positions
            }
        );
        let e = grid_table(&wythoff, [0, 0], [u64::MAX, u64::MAX], &Budget::DEFAULT);
        assert!(matches!(e, Err(SolveError::BudgetExceeded { .. })));
        // The positions the values are found through count too: 100 cells
        // of Cutcake within a budget of 120 positions.
        let cut = parse_ruleset("cut").unwrap();
        let e = grid_table(&cut, [1, 1], [10, 10], &Budget::positions(120));
        assert!(matches!(e, Err(SolveError::BudgetExceeded { .. })), "{e:?}");
        assert!(grid_table(&cut, [1, 1], [10, 10], &Budget::DEFAULT).is_ok());
    }
}
