//! The board kit: what the games on a rectangular board share, so that a
//! board game is its rules and its tests. [`Grid`] reads `"..|.#"` (rows
//! top first, `|` between rows), writes it back, crops it, takes its
//! images under the symmetries of the rectangle, steps from cell to cell
//! and splits it into areas; [`BoardRules`] is what a game says (its
//! letters, its moves, which symmetries keep its players' roles, how a
//! board splits into regions), and [`Board`] makes any such rules a
//! partizan component: reading, printing, keys, regions and move lists.
//! This module knows no rule.

use std::fmt;
use std::hash::Hash;
use std::ops::Range;
use std::sync::Arc;

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::ComponentSyntax;
use sprague_game::{Component, Key, Kind, Move, MoveLabel, Partizan, Side};
use sprague_partizan::cgt::{CanonicalArena, GameId};

use crate::common::{Ruleset, check_move_count, quoted_components};

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

/// The identity alone: a board whose key is the board as written.
pub const IDENTITY: [Symmetry; 1] = [Symmetry::new(false, false, false)];

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

/// A cell: row, column (from 0, top left).
pub type Cell = (usize, usize);

/// A direction: rows and columns per step.
pub type Direction = (isize, isize);

/// The four side-by-side neighbours: up, left, right, down.
pub const ORTHOGONAL: [Direction; 4] = [(-1, 0), (0, -1), (0, 1), (1, 0)];

/// The eight directions of a chess queen, clockwise from up.
pub const QUEEN: [Direction; 8] = [
    (-1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
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

    /// The code at `cell`.
    pub fn at(&self, (r, c): Cell) -> u8 {
        self.get(r, c)
    }

    /// Puts `code` at `cell`.
    pub fn put(&mut self, (r, c): Cell, code: u8) {
        self.set(r, c, code);
    }

    /// The cell `k` steps from `from` in direction `d`, if on the board.
    pub fn step(&self, from: Cell, d: Direction, k: usize) -> Option<Cell> {
        let k = isize::try_from(k).ok()?;
        let r = from.0.checked_add_signed(d.0.checked_mul(k)?)?;
        let c = from.1.checked_add_signed(d.1.checked_mul(k)?)?;
        (r < self.rows && c < self.cols).then_some((r, c))
    }

    /// The cells beyond `from` in direction `d` that hold `code`, nearest
    /// first, up to the first that does not (or the edge).
    pub fn run(&self, from: Cell, d: Direction, code: u8) -> impl Iterator<Item = Cell> + '_ {
        (1..)
            .map_while(move |k| self.step(from, d, k))
            .take_while(move |&cell| self.at(cell) == code)
    }

    /// The cells that hold `code`, row by row.
    pub fn cells_of(&self, code: u8) -> impl Iterator<Item = Cell> + '_ {
        (0..self.cells.len())
            .filter(move |&i| self.cells[i] == code)
            .map(|i| (i / self.cols, i % self.cols))
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

    /// The least of the board's images under `symmetries` (by shape, then
    /// cells): one board for all boards that are images of each other.
    pub fn least_image(&self, symmetries: &[Symmetry]) -> Grid {
        symmetries
            .iter()
            .map(|&s| self.image(s))
            .min_by(|a, b| (a.rows, a.cols, &a.cells).cmp(&(b.rows, b.cols, &b.cells)))
            .expect("at least the identity")
    }

    /// The words of a structural key: the least of the board's images under
    /// `symmetries` (with its shape), so that boards that are images of each
    /// other share a key.
    pub fn key_words(&self, symmetries: &[Symmetry]) -> Vec<u64> {
        let words = |g: &Grid| {
            [g.rows as u64, g.cols as u64]
                .into_iter()
                .chain(Key::pack(&g.cells))
                .collect()
        };
        // The identity alone needs no copy of the board.
        match symmetries {
            [s] if !(s.flip_rows || s.flip_cols || s.transpose) => words(self),
            _ => words(&self.least_image(symmetries)),
        }
    }

    /// The areas of side-by-side cells for which `member` holds, each as a
    /// board of its own (every other cell set to `outside`, cropped to the
    /// area), in the order of their first cells.
    pub fn areas(&self, member: impl Fn(u8) -> bool, outside: u8) -> Vec<Grid> {
        self.areas_joined(&ORTHOGONAL, member, outside)
    }

    /// The areas of cells for which `member` holds, joined by steps in
    /// `directions` ([`ORTHOGONAL`]: side by side; [`QUEEN`]: corner to
    /// corner too), as [`Grid::areas`] gives them.
    pub fn areas_joined(
        &self,
        directions: &[Direction],
        member: impl Fn(u8) -> bool,
        outside: u8,
    ) -> Vec<Grid> {
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
                let from = (i / self.cols, i % self.cols);
                for &d in directions {
                    if let Some((r, c)) = self.step(from, d, 1) {
                        let j = r * self.cols + c;
                        if !seen[j] && member(self.cells[j]) {
                            seen[j] = true;
                            stack.push(j);
                        }
                    }
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

/// How a board falls into independent regions (each a game of its own,
/// the board their sum).
#[derive(Clone, Copy, Debug)]
pub enum Regions {
    /// Never: a move may reach across the whole board.
    Whole,
    /// Into the areas of cells other than [`Form::outside`] joined by
    /// steps in `directions`. With `pieces`, an area holding none of those
    /// codes has no move for either player, is worth 0 and is left out.
    Areas {
        /// The steps that join two cells of an area.
        directions: &'static [Direction],
        /// The codes of which an area needs one to be kept.
        pieces: Option<&'static [u8]>,
    },
}

/// How a game's boards are written, keyed and split into regions: what
/// its rules say about the board rather than about moves.
#[derive(Clone, Copy, Debug)]
pub struct Form {
    /// Each cell's letter and code; a code is written with its first letter.
    pub letters: &'static [(char, u8)],
    /// The symmetries of the rectangle that map the game to itself, the
    /// players keeping their roles: boards that are images of each other
    /// share a key.
    pub symmetries: &'static [Symmetry],
    /// The code of a cell that is no part of the game (blocked, burnt,
    /// filled; Clobber's empty cell, which no stone ever reaches): rows and
    /// columns of it at the edge are cropped away for the key, and it
    /// separates regions. `None`: the board is its key as written.
    pub outside: Option<u8>,
    /// How a board falls into regions.
    pub regions: Regions,
}

impl Form {
    /// Boards that fall into the areas of cells other than `outside` joined
    /// by `directions`, each kept if it holds one of `pieces` (every area
    /// when `None`).
    pub const fn areas(
        letters: &'static [(char, u8)],
        symmetries: &'static [Symmetry],
        outside: u8,
        directions: &'static [Direction],
        pieces: Option<&'static [u8]>,
    ) -> Form {
        Form {
            letters,
            symmetries,
            outside: Some(outside),
            regions: Regions::Areas { directions, pieces },
        }
    }

    /// Boards that never fall apart: a move may reach across the whole board.
    pub const fn whole(
        letters: &'static [(char, u8)],
        symmetries: &'static [Symmetry],
        outside: Option<u8>,
    ) -> Form {
        Form {
            letters,
            symmetries,
            outside,
            regions: Regions::Whole,
        }
    }
}

/// The rules of a partizan game on a rectangular board: all a board game
/// writes. [`Board`] gives the rest.
///
/// A rules type is a unit struct when all its boards play alike; a type
/// whose values are rules of their own (CGSuite's parametrised Clobber)
/// says by value what depends on them, its name as printed and the words
/// that set its keys apart. `Default` gives the rules a board read under
/// [`BoardRules::NAME`] plays by.
pub trait BoardRules:
    Default + Clone + fmt::Debug + PartialEq + Eq + Hash + Send + Sync + 'static
{
    /// The ruleset's name in the position language, and its key's family.
    const NAME: &'static str;
    /// What an argument is, for the reader's error: `board in quotes, rows
    /// split by |, like "xo|ox"`.
    const SHAPE: &'static str;

    /// A move as the rules list it, before it is made.
    type Play;

    /// How boards are written, keyed and split.
    fn form(&self) -> Form;

    /// The ruleset as printed before the boards.
    fn ruleset(&self) -> String {
        Self::NAME.to_string()
    }

    /// The words a key holds before the board's: what sets apart boards
    /// of one family under different rules (none where a name is one set
    /// of rules).
    fn key_words(&self) -> Vec<u64> {
        Vec::new()
    }

    /// The moves of `side` on `grid`, in the order the user sees them.
    fn plays(&self, grid: &Grid, side: Side) -> Vec<Self::Play>;

    /// Makes `play` of `side` on `grid` (a copy of the board it was listed
    /// on) and describes it.
    fn play(&self, grid: &mut Grid, side: Side, play: Self::Play) -> String;

    /// The canonical value of `grid` by a method of the game's own (a
    /// fast path, checked against the plain recursion over moves), or
    /// `None` for the generic solver.
    fn canonical(
        &self,
        _grid: &Grid,
        _arena: &mut CanonicalArena,
    ) -> Option<Result<GameId, SolveError>> {
        None
    }
}

/// A board of a game whose rules are `R`: a partizan component.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board<R> {
    grid: Grid,
    rules: R,
}

impl<R: BoardRules> Board<R> {
    /// The board with these cells, under the rules `R::default()`.
    pub(crate) fn from_grid(grid: Grid) -> Board<R> {
        Board::with_rules(R::default(), grid)
    }

    /// The board with these cells under `rules`.
    pub(crate) fn with_rules(rules: R, grid: Grid) -> Board<R> {
        Board { grid, rules }
    }

    /// The board as written: rows split by `|`.
    pub fn text(&self) -> String {
        self.grid.text(self.rules.form().letters)
    }

    /// The cells.
    #[cfg(test)]
    pub(crate) fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The game's entry in the registry, with the help texts it shows.
    pub(crate) const fn ruleset(
        syntax: &'static str,
        rule: &'static str,
        example: &'static str,
    ) -> Ruleset {
        Ruleset {
            name: R::NAME,
            syntax,
            rule,
            example,
            heaps_interact: false,
            build: Self::build,
            family: None,
        }
    }

    /// The game's positions written `name("board", ...)`: one board each.
    pub(crate) fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
        Self::build_with(R::default(), c)
    }

    /// The positions `name("board", ...)` under `rules`: one board each.
    pub(crate) fn build_with(
        rules: R,
        c: &ComponentSyntax,
    ) -> Result<Vec<Arc<dyn Component>>, ParseError> {
        read_boards(c, R::SHAPE, rules.form().letters, |grid| {
            Arc::new(Board::with_rules(rules.clone(), grid))
        })
    }

    /// A board of the same rules.
    fn under_rules(&self, grid: Grid) -> Arc<dyn Component> {
        Arc::new(Board::with_rules(self.rules.clone(), grid))
    }
}

impl<R: BoardRules> Component for Board<R> {
    fn ruleset(&self) -> String {
        self.rules.ruleset()
    }

    fn args(&self) -> String {
        format!("\"{}\"", self.text())
    }

    fn key(&self) -> Key {
        let Form {
            symmetries,
            outside,
            ..
        } = self.rules.form();
        let board = match outside {
            Some(outside) => self.grid.cropped(|c| c != outside).key_words(symmetries),
            None => self.grid.key_words(symmetries),
        };
        Key::new(R::NAME, self.rules.key_words().into_iter().chain(board))
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Partizan(self)
    }
}

impl<R: BoardRules> Partizan for Board<R> {
    fn moves(&self, side: Side, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        let plays = self.rules.plays(&self.grid, side);
        check_move_count(plays.len() as u64, budget)?;
        Ok(plays
            .into_iter()
            .map(|play| {
                let mut grid = self.grid.clone();
                let label = self.rules.play(&mut grid, side, play);
                Move::new(MoveLabel::Words(label), self.under_rules(grid))
            })
            .collect())
    }

    fn canonical(&self, arena: &mut CanonicalArena) -> Option<Result<GameId, SolveError>> {
        self.rules.canonical(&self.grid, arena)
    }

    fn regions(&self) -> Option<Vec<Arc<dyn Component>>> {
        let (Regions::Areas { directions, pieces }, Some(outside)) =
            (self.rules.form().regions, self.rules.form().outside)
        else {
            return None;
        };
        let areas = self
            .grid
            .areas_joined(directions, |c| c != outside, outside);
        let n_areas = areas.len();
        let kept: Vec<Grid> = areas
            .into_iter()
            .filter(|a| pieces.is_none_or(|p| a.cells.iter().any(|c| p.contains(c))))
            .collect();
        (n_areas > 1 || kept.is_empty() && n_areas == 1).then(|| {
            kept.into_iter()
                .map(|grid| self.under_rules(grid))
                .collect()
        })
    }
}

/// For tests of board games: the canonical value of `grid` under `rules`
/// by the plain recursion over the moves of the whole board (no regions,
/// no keys, no symmetry, no fast path), memoised by the board as it is.
#[cfg(test)]
pub(crate) fn value_by_plays<R: BoardRules>(
    rules: &R,
    grid: &Grid,
    memo: &mut rustc_hash::FxHashMap<Grid, GameId>,
    arena: &mut CanonicalArena,
) -> GameId {
    if let Some(&g) = memo.get(grid) {
        return g;
    }
    let mut options = [Vec::new(), Vec::new()];
    for (i, side) in [Side::Left, Side::Right].into_iter().enumerate() {
        for play in rules.plays(grid, side) {
            let mut after = grid.clone();
            rules.play(&mut after, side, play);
            let g = value_by_plays(rules, &after, memo, arena);
            options[i].push(g);
        }
    }
    let g = arena.form(&options[0], &options[1]).unwrap();
    memo.insert(grid.clone(), g);
    g
}

/// Reads the arguments of `name("board", ...)`, each a board of `letters`,
/// and makes each a component.
pub(crate) fn read_boards(
    c: &ComponentSyntax,
    shape: &str,
    letters: &[(char, u8)],
    make: impl Fn(Grid) -> Arc<dyn Component>,
) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    quoted_components(c, shape, |text, at, span| {
        Ok(make(Grid::parse(text, at, letters, span)?))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const LETTERS: [(char, u8); 3] = [('.', 0), ('x', 1), ('o', 2)];

    fn grid(text: &str) -> Grid {
        Grid::parse(text, 0, &LETTERS, 0..text.len()).unwrap()
    }

    #[test]
    fn every_board_game_refuses_bad_boards_with_the_span_of_the_fault() {
        // The kit reads every board game's arguments: rows of unequal
        // length, a letter the game does not know (at its byte), an
        // argument that is no string, none at all and parameters are
        // refused alike. `.` is a cell of every game, `?` of none.
        let games = [
            "amazons",
            "anti_clobber",
            "clobber",
            "cram",
            "domineering",
            "fission",
            "hot_clobber",
            "kings",
            "knights",
            "konane",
            "queens",
            "rooks",
            "skijumps",
        ];
        for name in games {
            assert!(
                crate::tests::parse(&format!("{name}(\"..\")")).is_ok(),
                "{name}"
            );
            assert!(
                crate::tests::parse(&format!("{name}(\"..|.\")")).is_err(),
                "{name}"
            );
            let e = crate::tests::parse(&format!("{name}(\".?\")")).unwrap_err();
            assert_eq!(e.span, name.len() + 3..name.len() + 4, "{name}");
            for bad in ["(2)", "()", "[2](\"..\")"] {
                assert!(
                    crate::tests::parse(&format!("{name}{bad}")).is_err(),
                    "{name}{bad}"
                );
            }
        }
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
