//! CGSuite's generalised Clobber (`game.grid.GenClobber`) and the variants
//! it defines in `game/grid/constants.cgs`, with their rules: on a board of
//! `x` (Left's stones), `o` (Right's) and `.` (empty), a player moves one
//! of their stones in one of the game's directions onto a cell whose code
//! the rules let them clobber, and the cell it left takes the code the
//! rules leave behind. A stone may go up to `max_distance` steps, over
//! empty cells only and never turning: as CGSuite's `ClobberablePoints`
//! has it, it goes on while the next cell is empty and the limit is not
//! reached, and the cell where it stops is the one it may clobber.
//!
//! | ruleset | CGSuite | directions | clobbers | leaves | distance |
//! |---|---|---|---|---|---|
//! | `clobber` (`clobber.rs`) | `Clobber` | orthogonal | the other's stone | empty | 1 |
//! | `anti_clobber` | `AntiClobber` | orthogonal | an empty cell | the other's stone | 1 |
//! | `hot_clobber` | `HotClobber` | orthogonal | any stone | empty | 1 |
//! | `kings` | `Kings` | compass | the other's stone | empty | 1 |
//! | `knights` | `Knights` | knight's moves | the other's stone | empty | 1 |
//! | `rooks` | `Rooks` | orthogonal | the other's stone | empty | any |
//! | `queens` | `Queens` | compass | the other's stone | empty | any |
//!
//! `gen_clobber[...]` is the schema itself, with CGSuite's parameters in
//! the position language's brackets: Left's codes before a `|`, Right's
//! after (`0` empty, `1` Left's stone, `2` Right's, as in CGSuite), each
//! side's `left_behind=K`, and for both `max_distance=N` (`0` for no
//! limit, CGSuite's `inf`) and the directions in quotes (`"orthogonal"`,
//! `"diagonal"`, `"compass"`, `"hexagonal"`, `"knights_move"`: CGSuite's
//! `Coordinates` lists). A side that lists no codes keeps CGSuite's default
//! (the other player's stones). `gen_clobber[2|1]` is Clobber,
//! `gen_clobber[0, left_behind=2 | 0, left_behind=1]` Anti-Clobber, and a
//! parameter set that is a named variant's builds that variant.
//!
//! Where a player may move onto an empty cell, `#` is a cell no stone
//! enters (CGSuite's character map `.xo#`), and the areas of other cells
//! joined by the game's steps are independent: a stone only passes over
//! and lands on cells of its area, and no cell ever becomes `#`. (CGSuite
//! splits such a board at its empty cells, which separates stones that may
//! still meet: its Anti-Clobber `x.o`, where each player has a move, would
//! be 0 + 0; here it is `*`.) Otherwise, with one step a move, the groups of
//! stones joined by the steps are independent, as in Clobber; a stone that
//! may go further sees across empty cells, and the board is one game.
//! Keys are the least image under the symmetries of the rectangle that map
//! the directions to themselves (all eight but for the hexagonal ones).

use std::sync::Arc;

use sprague_core::error::ParseError;
use sprague_game::syntax::{ComponentSyntax, Param};
use sprague_game::{Component, Side};

use crate::boards::grid::{
    ALL_SYMMETRIES, Board, BoardRules, Cell, Direction, Form, Grid, QUEEN, Symmetry,
};
use crate::common::Ruleset;

const EMPTY: u8 = 0;
const LEFT: u8 = 1;
const RIGHT: u8 = 2;
const BLOCKED: u8 = 3;

/// The letters of a game whose stones never move onto an empty cell.
const STONES: &[(char, u8)] = &[('.', EMPTY), ('x', LEFT), ('o', RIGHT)];
/// The letters of a game where they may: `#` is a cell no stone enters.
const STONES_AND_WALLS: &[(char, u8)] = &[('.', EMPTY), ('x', LEFT), ('o', RIGHT), ('#', BLOCKED)];

const SHAPE: &str = "board in quotes, rows split by |, like \"xo|ox\"";

/// CGSuite's `Coordinates` lists, in its order (rows, columns per step).
const ORTHOGONAL: [Direction; 4] = [(-1, 0), (0, 1), (1, 0), (0, -1)];
const DIAGONAL: [Direction; 4] = [(-1, 1), (1, 1), (1, -1), (-1, -1)];
/// The eight steps of a chess king, clockwise from up: the kit's `QUEEN`.
const COMPASS: [Direction; 8] = QUEEN;
const HEXAGONAL: [Direction; 6] = [(-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1), (0, -1)];
const KNIGHTS_MOVE: [Direction; 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The symmetries that map the hexagonal steps (north, north-east, east
/// and their opposites) to themselves: the identity, the half turn and
/// the two reflections in the diagonals.
const HEXAGONAL_SYMMETRIES: [Symmetry; 4] = [
    ALL_SYMMETRIES[0],
    ALL_SYMMETRIES[3],
    ALL_SYMMETRIES[4],
    ALL_SYMMETRIES[7],
];

/// The directions a stone may move in: one of CGSuite's `Coordinates`
/// lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Directions {
    /// Up, right, down, left.
    Orthogonal,
    /// The four diagonal steps.
    Diagonal,
    /// The eight steps of a chess king.
    Compass,
    /// North, north-east, east and their opposites: a hexagonal board
    /// drawn on a square one.
    Hexagonal,
    /// The eight moves of a chess knight (which jumps).
    KnightsMove,
}

impl Directions {
    const ALL: [Directions; 5] = [
        Directions::Orthogonal,
        Directions::Diagonal,
        Directions::Compass,
        Directions::Hexagonal,
        Directions::KnightsMove,
    ];

    /// The steps.
    pub const fn steps(self) -> &'static [Direction] {
        match self {
            Directions::Orthogonal => &ORTHOGONAL,
            Directions::Diagonal => &DIAGONAL,
            Directions::Compass => &COMPASS,
            Directions::Hexagonal => &HEXAGONAL,
            Directions::KnightsMove => &KNIGHTS_MOVE,
        }
    }

    /// The name written in quotes among `gen_clobber`'s parameters.
    pub const fn name(self) -> &'static str {
        match self {
            Directions::Orthogonal => "orthogonal",
            Directions::Diagonal => "diagonal",
            Directions::Compass => "compass",
            Directions::Hexagonal => "hexagonal",
            Directions::KnightsMove => "knights_move",
        }
    }

    /// The symmetries of the rectangle that map the steps to themselves.
    const fn symmetries(self) -> &'static [Symmetry] {
        match self {
            Directions::Hexagonal => &HEXAGONAL_SYMMETRIES,
            _ => &ALL_SYMMETRIES,
        }
    }
}

/// The rules of one instance of CGSuite's `GenClobber`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GenClobber {
    /// The steps a stone may take.
    pub directions: Directions,
    /// For Left, then Right: the codes they may clobber, bit `k` for code
    /// `k` (0 empty, 1 Left's stone, 2 Right's).
    pub clobbered: [u8; 2],
    /// For Left, then Right: the code left on the cell a stone moves from.
    pub left_behind: [u8; 2],
    /// The most steps a stone takes; 0 for no limit.
    pub max_distance: u64,
}

/// CGSuite's defaults: Clobber.
const CLOBBER: GenClobber = GenClobber {
    directions: Directions::Orthogonal,
    clobbered: [1 << RIGHT, 1 << LEFT],
    left_behind: [EMPTY, EMPTY],
    max_distance: 1,
};

const fn side_index(side: Side) -> usize {
    match side {
        Side::Left => 0,
        Side::Right => 1,
    }
}

impl GenClobber {
    /// Whether a player may move onto an empty cell (then `#` is a letter).
    pub const fn onto_empty(&self) -> bool {
        (self.clobbered[0] | self.clobbered[1]) & 1 << EMPTY != 0
    }

    /// A change of a cell's code (clobbered, left behind) that keeps the
    /// rules from an order, if there is one: then play may never end.
    ///
    /// A move turns one cell from the code clobbered into the code left
    /// behind and changes no other count (the stone only changes place).
    /// When every such change goes down an order of the three codes, the
    /// sum of the cells' ranks falls with every move and play ends. A
    /// change of a code into itself is the stone and the cell it takes
    /// changing places, which the move back undoes; two changes that undo
    /// each other can alternate (Left turning `o` into `x`, Right `x`
    /// into `o`). With no limit on the distance a stone never stops on an
    /// empty cell, so code 0 is then never clobbered.
    pub fn cycle(&self) -> Option<(u8, u8)> {
        let changes: Vec<(u8, u8)> = (0..2)
            .flat_map(|i| {
                (0..3u8)
                    .filter(move |&t| self.clobbered[i] >> t & 1 == 1)
                    .filter(|&t| t != EMPTY || self.max_distance != 0)
                    .map(move |t| (t, self.left_behind[i]))
            })
            .collect();
        let orders = [
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ];
        let ordered = |rank: &[u8; 3]| {
            changes
                .iter()
                .all(|&(t, b)| rank[usize::from(b)] < rank[usize::from(t)])
        };
        if orders.iter().any(ordered) {
            return None;
        }
        // Some change goes against every order: with three codes, a
        // change to itself or two changes that undo each other.
        changes
            .iter()
            .copied()
            .find(|&(t, b)| t == b || changes.contains(&(b, t)))
            .or_else(|| changes.first().copied())
    }

    /// The rules as `gen_clobber`'s parameters: the shared ones first,
    /// then Left's codes and what Left leaves, `|`, Right's.
    pub fn text(&self) -> String {
        let mut shared = Vec::new();
        if self.directions != Directions::Orthogonal {
            shared.push(format!("\"{}\"", self.directions.name()));
        }
        if self.max_distance != 1 {
            shared.push(format!("max_distance={}", self.max_distance));
        }
        let side = |i: usize| {
            let mut words: Vec<String> = (0..3)
                .filter(|k| self.clobbered[i] >> k & 1 == 1)
                .map(|k| k.to_string())
                .collect();
            if self.left_behind[i] != EMPTY {
                words.push(format!("left_behind={}", self.left_behind[i]));
            }
            words.join(",")
        };
        let mut left = shared;
        left.push(side(0));
        format!("gen_clobber[{}|{}]", left.join(","), side(1))
    }
}

impl Default for GenClobber {
    fn default() -> GenClobber {
        CLOBBER
    }
}

impl BoardRules for GenClobber {
    const NAME: &'static str = "gen_clobber";
    const SHAPE: &'static str = SHAPE;

    /// The stone's cell and the cell it stops on.
    type Play = (Cell, Cell);

    /// `#` is a cell only where stones move onto empty cells, and is then
    /// the cell that is no part of the game; else the empty cell is (no
    /// move reaches it to stay). How a board falls apart: the module's docs.
    fn form(&self) -> Form {
        let symmetries = self.directions.symmetries();
        let steps = self.directions.steps();
        if self.onto_empty() {
            Form::areas(
                STONES_AND_WALLS,
                symmetries,
                BLOCKED,
                steps,
                Some(&[LEFT, RIGHT]),
            )
        } else if self.max_distance == 1 {
            Form::areas(STONES, symmetries, EMPTY, steps, None)
        } else {
            Form::whole(STONES, symmetries, Some(EMPTY))
        }
    }

    /// The rules as `gen_clobber`'s parameters.
    fn ruleset(&self) -> String {
        self.text()
    }

    /// The directions, each side's codes clobbered and left behind, and
    /// the distance.
    fn key_words(&self) -> Vec<u64> {
        vec![
            self.directions as u64,
            u64::from(self.clobbered[0]) | u64::from(self.clobbered[1]) << 8,
            u64::from(self.left_behind[0]) | u64::from(self.left_behind[1]) << 8,
            self.max_distance,
        ]
    }

    /// The moves of `side`: the stone's cell and the cell it stops on, by
    /// stone (row by row), then direction.
    fn plays(&self, g: &Grid, side: Side) -> Vec<(Cell, Cell)> {
        let own = side_index(side) as u8 + 1;
        let clobbered = self.clobbered[side_index(side)];
        let limit = if self.max_distance == 0 {
            u64::MAX
        } else {
            self.max_distance
        };
        let mut plays = Vec::new();
        for from in g.cells_of(own) {
            for &d in self.directions.steps() {
                let mut n = 1u64;
                let mut to = g.step(from, d, 1);
                while let Some(cell) = to {
                    if n >= limit || g.at(cell) != EMPTY {
                        break;
                    }
                    n += 1;
                    to = usize::try_from(n).ok().and_then(|n| g.step(from, d, n));
                }
                if let Some(to) = to
                    && clobbered >> g.at(to) & 1 == 1
                {
                    plays.push((from, to));
                }
            }
        }
        plays
    }

    /// Makes a move of `side` and describes it.
    fn play(&self, g: &mut Grid, side: Side, (from, to): (Cell, Cell)) -> String {
        let i = side_index(side);
        let target = g.at(to);
        g.put(to, i as u8 + 1);
        g.put(from, self.left_behind[i]);
        let verb = if target == EMPTY {
            "moves to"
        } else {
            "clobbers"
        };
        let behind = match self.left_behind[i] {
            LEFT => ", leaving x behind",
            RIGHT => ", leaving o behind",
            _ => "",
        };
        format!(
            "the stone on ({}, {}) {verb} ({}, {}){behind}",
            from.0, from.1, to.0, to.1
        )
    }
}

/// A named variant: its name and its rules, which make it a board game on
/// the kit.
macro_rules! variant {
    ($(#[$doc:meta])* $rules:ident, $board:ident, $name:literal, $params:expr) => {
        $(#[$doc])*
        #[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $rules;

        #[doc = concat!("A board of `", $name, "`.")]
        pub type $board = Board<$rules>;

        impl $rules {
            /// The rules as an instance of `GenClobber`.
            pub const RULES: GenClobber = $params;
        }

        impl BoardRules for $rules {
            const NAME: &'static str = $name;
            const SHAPE: &'static str = SHAPE;

            /// The stone's cell and the cell it stops on.
            type Play = (Cell, Cell);

            fn form(&self) -> Form {
                Self::RULES.form()
            }

            fn plays(&self, g: &Grid, side: Side) -> Vec<Self::Play> {
                Self::RULES.plays(g, side)
            }

            fn play(&self, g: &mut Grid, side: Side, play: Self::Play) -> String {
                Self::RULES.play(g, side, play)
            }
        }
    };
}

variant!(
    /// CGSuite's Anti-Clobber: a stone moves onto an orthogonally adjacent
    /// empty cell and leaves a stone of the other player behind (a Clobber
    /// move played backwards).
    AntiClobber,
    AntiClobberBoard,
    "anti_clobber",
    GenClobber {
        clobbered: [1 << EMPTY, 1 << EMPTY],
        left_behind: [RIGHT, LEFT],
        ..CLOBBER
    }
);

variant!(
    /// CGSuite's Hot Clobber: a stone may clobber a stone of either colour.
    HotClobber,
    HotClobberBoard,
    "hot_clobber",
    GenClobber {
        clobbered: [1 << LEFT | 1 << RIGHT, 1 << LEFT | 1 << RIGHT],
        ..CLOBBER
    }
);

variant!(
    /// CGSuite's Kings: Clobber with a chess king's steps, diagonals too.
    Kings,
    KingsBoard,
    "kings",
    GenClobber {
        directions: Directions::Compass,
        ..CLOBBER
    }
);

variant!(
    /// CGSuite's Knights: Clobber with a chess knight's jumps.
    Knights,
    KnightsBoard,
    "knights",
    GenClobber {
        directions: Directions::KnightsMove,
        ..CLOBBER
    }
);

variant!(
    /// CGSuite's Rooks: a stone slides like a chess rook over empty cells
    /// onto the first stone in its way, which must be the other player's.
    Rooks,
    RooksBoard,
    "rooks",
    GenClobber {
        max_distance: 0,
        ..CLOBBER
    }
);

variant!(
    /// CGSuite's Queens: as Rooks, with the diagonals too.
    Queens,
    QueensBoard,
    "queens",
    GenClobber {
        directions: Directions::Compass,
        max_distance: 0,
        ..CLOBBER
    }
);

pub(crate) const ANTI_CLOBBER: Ruleset = AntiClobberBoard::ruleset(
    "anti_clobber(\"xo.|.ox\", ...)   rows top first split by |, x Left's stones, o Right's, . empty, # no cell",
    "partizan: move one of your stones onto an orthogonally adjacent empty cell, leaving a stone of the \
     other player behind (CGSuite's AntiClobber)",
    "anti_clobber(\"xoxo|oo..\")",
);

pub(crate) const HOT_CLOBBER: Ruleset = HotClobberBoard::ruleset(
    "hot_clobber(\"xo.|ox.\", ...)   rows top first split by |, x Left's stones, o Right's, . empty",
    "partizan: move one of your stones onto an orthogonally adjacent stone of either colour, removing it \
     (CGSuite's HotClobber)",
    "hot_clobber(\"xxo|ox.\")",
);

pub(crate) const KINGS: Ruleset = KingsBoard::ruleset(
    "kings(\"xo.|ox.\", ...)   rows top first split by |, x Left's stones, o Right's, . empty",
    "partizan: Clobber with a king's steps: move one of your stones onto an adjacent stone of the other \
     player, diagonals included, removing it (CGSuite's Kings)",
    "kings(\"xox|ox.\")",
);

pub(crate) const KNIGHTS: Ruleset = KnightsBoard::ruleset(
    "knights(\"xo.|ox.\", ...)   rows top first split by |, x Left's stones, o Right's, . empty",
    "partizan: Clobber with a knight's jumps: move one of your stones a knight's move onto a stone of the \
     other player, removing it (CGSuite's Knights)",
    "knights(\"xo.|..o|x.x\")",
);

pub(crate) const ROOKS: Ruleset = RooksBoard::ruleset(
    "rooks(\"xo.|ox.\", ...)   rows top first split by |, x Left's stones, o Right's, . empty",
    "partizan: Clobber with a rook's slides: move one of your stones along a row or column over empty \
     cells onto the first stone in its way, if it is the other player's, removing it (CGSuite's Rooks)",
    "rooks(\"xox|ox.\")",
);

pub(crate) const QUEENS: Ruleset = QueensBoard::ruleset(
    "queens(\"xo.|ox.\", ...)   rows top first split by |, x Left's stones, o Right's, . empty",
    "partizan: Clobber with a queen's slides: as rooks, diagonals included (CGSuite's Queens)",
    "queens(\"x.o|.o.|x.x\")",
);

pub(crate) const GEN_CLOBBER: Ruleset = Ruleset {
    name: GenClobber::NAME,
    syntax: "gen_clobber[L | R, left_behind=K, max_distance=N, \"DIRECTIONS\"](\"xo.|ox.\", ...)   \
             CGSuite's GenClobber: L and R the codes Left and Right may clobber (0 empty, 1 x, 2 o), each \
             side's left_behind=K the code its moving stone leaves (default 0), max_distance=N the most \
             steps (default 1, 0 no limit), DIRECTIONS orthogonal (default), diagonal, compass, hexagonal \
             or knights_move; boards as in clobber, # no cell where a code is 0",
    rule: "partizan: move one of your stones in one of the directions, over empty cells up to the \
           distance, onto a cell whose code you may clobber, leaving the given code behind",
    example: "gen_clobber[\"diagonal\", 2 | 1](\"xoxo|oox.|xxx.\")",
    heaps_interact: false,
    build,
    family: None,
};

/// A board of an instance of `GenClobber` named by its parameters alone.
pub type GenClobberBoard = Board<GenClobber>;

/// Reads `gen_clobber[...]`'s parameters (the module's docs give them).
fn read_rules(c: &ComponentSyntax) -> Result<GenClobber, ParseError> {
    let r = &c.ruleset;
    let mut rules = CLOBBER;
    let mut codes: [Option<u8>; 2] = [None, None];
    let (mut seen_directions, mut seen_distance) = (false, false);
    let mut seen_behind = [false; 2];
    for (k, p) in r.params.iter().enumerate() {
        let i = usize::from(r.bar.is_some_and(|bar| k >= bar));
        let bad = |message: String| Err(ParseError::bad_parameters(message, p.span.clone()));
        match &p.value {
            Param::Int(code) if r.bar.is_none() => {
                return bad(format!(
                    "the codes {code} may clobber need a `|` between Left's and Right's, \
                     like gen_clobber[2|1]"
                ));
            }
            Param::Int(code @ 0..=2) => {
                *codes[i].get_or_insert(0) |= 1 << code;
            }
            Param::Int(code) => {
                return bad(format!(
                    "a code is 0 (empty), 1 (Left's stone) or 2 (Right's), not {code}"
                ));
            }
            Param::Named(name, value) if name == "left_behind" => {
                if r.bar.is_none() {
                    return bad(
                        "left_behind is each side's: write it before the `|` for Left, after it \
                         for Right, like gen_clobber[0, left_behind=2 | 0, left_behind=1]"
                            .into(),
                    );
                }
                if seen_behind[i] {
                    return bad("left_behind is given twice for one side".into());
                }
                seen_behind[i] = true;
                rules.left_behind[i] = match value {
                    0..=2 => *value as u8,
                    _ => {
                        return bad(format!(
                            "left_behind is 0 (empty), 1 (Left's stone) or 2 (Right's), not {value}"
                        ));
                    }
                };
            }
            Param::Named(name, value) if name == "max_distance" => {
                if seen_distance {
                    return bad("max_distance is given twice".into());
                }
                seen_distance = true;
                rules.max_distance = *value;
            }
            Param::Str(name) => {
                if seen_directions {
                    return bad("the directions are given twice".into());
                }
                seen_directions = true;
                rules.directions = Directions::ALL
                    .into_iter()
                    .find(|d| d.name() == name)
                    .ok_or_else(|| {
                        let names: Vec<String> = Directions::ALL
                            .iter()
                            .map(|d| format!("\"{}\"", d.name()))
                            .collect();
                        ParseError::bad_parameters(
                            format!(
                                "the directions are one of {}, not \"{name}\"",
                                names.join(", ")
                            ),
                            p.span.clone(),
                        )
                    })?;
            }
            _ => {
                return bad(
                    "a parameter of gen_clobber is a code (0, 1, 2), left_behind=K, \
                     max_distance=N or the directions in quotes"
                        .into(),
                );
            }
        }
    }
    for i in 0..2 {
        if let Some(codes) = codes[i] {
            rules.clobbered[i] = codes;
        }
    }
    if let Some((t, b)) = rules.cycle() {
        return Err(ParseError::bad_parameters(
            format!(
                "with these parameters play may never end (a cell clobbered as {t} is left as {b}, \
                 and the codes can come back), and only games that end are valued"
            ),
            r.params_span.clone().unwrap_or(r.name_span.clone()),
        ));
    }
    Ok(rules)
}

/// `gen_clobber[...]("board", ...)`: one board each, of the named variant
/// its parameters are if they are one's.
fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    let rules = read_rules(c)?;
    let mut boards = c.clone();
    boards.ruleset.params.clear();
    boards.ruleset.params_span = None;
    boards.ruleset.bar = None;
    if rules == CLOBBER {
        return (crate::boards::clobber::RULESET.build)(&boards);
    }
    let named: [(GenClobber, Ruleset); 6] = [
        (AntiClobber::RULES, ANTI_CLOBBER),
        (HotClobber::RULES, HOT_CLOBBER),
        (Kings::RULES, KINGS),
        (Knights::RULES, KNIGHTS),
        (Rooks::RULES, ROOKS),
        (Queens::RULES, QUEENS),
    ];
    if let Some((_, ruleset)) = named.iter().find(|(r, _)| *r == rules) {
        return (ruleset.build)(&boards);
    }
    GenClobberBoard::build_with(rules, &boards)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boards::clobber::Clobber;
    use crate::boards::grid::value_by_plays;
    use crate::tests::{
        assert_boards_agree_with_search, assert_negatives, assert_value_agrees_with_search,
        canonical_text as value, every_board, swapped,
    };
    use rustc_hash::FxHashMap;
    use sprague::CanonicalSolver;
    use sprague_core::budget::Budget;

    /// That every one of `boards` has under `rules`, through the
    /// component's regions and keys (one solver for all, so a key shared
    /// by two boards of different values would show), the value of the
    /// plain recursion; how many boards there were.
    fn assert_values_are_the_rules(rules: GenClobber, boards: impl Iterator<Item = Grid>) -> usize {
        let mut solver = CanonicalSolver::new(Budget::DEFAULT);
        let mut memo = FxHashMap::default();
        boards
            .map(|grid| {
                let board: Arc<dyn Component> = Arc::new(Board::with_rules(rules, grid.clone()));
                let g = solver.sum(&[board]).unwrap();
                let expected = value_by_plays(&rules, &grid, &mut memo, &mut solver.arena);
                assert_eq!(g, expected, "{}", grid.text(rules.form().letters));
            })
            .count()
    }

    /// Every board of 2 × 3 and 1 × 5 cells of `codes`, and of 2 × 4 and
    /// 3 × 3 cells of stones only.
    fn small_boards(codes: &'static [u8]) -> impl Iterator<Item = Grid> {
        every_board(&[(2, 3), (1, 5)], codes).chain(every_board(&[(2, 4), (3, 3)], &[LEFT, RIGHT]))
    }

    const CODES: &[u8] = &[EMPTY, LEFT, RIGHT];
    const CODES_AND_WALLS: &[u8] = &[EMPTY, LEFT, RIGHT, BLOCKED];

    #[test]
    fn the_named_variants_agree_with_the_search_of_the_whole_board() {
        // The class from the canonical value (regions valued apart, keys
        // up to symmetry) against a search of the whole board, Left and
        // Right each moving first.
        let n = 729 + 243 + 256 + 512;
        assert_eq!(
            assert_boards_agree_with_search::<HotClobber>(small_boards(CODES)),
            n
        );
        assert_eq!(
            assert_boards_agree_with_search::<Kings>(small_boards(CODES)),
            n
        );
        assert_eq!(
            assert_boards_agree_with_search::<Knights>(small_boards(CODES)),
            n
        );
        assert_eq!(
            assert_boards_agree_with_search::<Rooks>(small_boards(CODES)),
            n
        );
        assert_eq!(
            assert_boards_agree_with_search::<Queens>(small_boards(CODES)),
            n
        );
        let walls = every_board(&[(2, 3), (1, 5)], CODES_AND_WALLS);
        assert_eq!(
            assert_boards_agree_with_search::<AntiClobber>(walls),
            4096 + 1024
        );
    }

    #[test]
    fn values_through_regions_and_keys_are_the_values_of_the_rules() {
        // The named variants' rules and instances that name none (other
        // directions, distances, codes and what is left behind; one side
        // moving onto empty cells and the other capturing): each small
        // board's value through regions and keys against the recursion
        // over the whole board's moves.
        let mut instances: Vec<GenClobber> = vec![
            CLOBBER,
            AntiClobber::RULES,
            HotClobber::RULES,
            Kings::RULES,
            Knights::RULES,
            Rooks::RULES,
            Queens::RULES,
        ];
        for directions in [Directions::Diagonal, Directions::Hexagonal] {
            instances.push(GenClobber {
                directions,
                ..CLOBBER
            });
        }
        instances.extend([
            GenClobber {
                max_distance: 2,
                ..CLOBBER
            },
            GenClobber {
                max_distance: 2,
                ..AntiClobber::RULES
            },
            GenClobber {
                directions: Directions::Compass,
                clobbered: [1 << EMPTY, 1 << LEFT],
                left_behind: [LEFT, RIGHT],
                max_distance: 1,
            },
            GenClobber {
                clobbered: [1 << RIGHT, 1 << EMPTY],
                left_behind: [LEFT, LEFT],
                ..CLOBBER
            },
            GenClobber {
                directions: Directions::Hexagonal,
                max_distance: 0,
                clobbered: [1 << LEFT | 1 << RIGHT, 1 << LEFT],
                left_behind: [EMPTY, RIGHT],
            },
        ]);
        for rules in instances {
            let codes = if rules.onto_empty() {
                CODES_AND_WALLS
            } else {
                CODES
            };
            let boards = every_board(&[(2, 3), (1, 5)], codes)
                .chain(every_board(&[(3, 3)], &[EMPTY, LEFT, RIGHT]).step_by(7));
            let checked = assert_values_are_the_rules(rules, boards);
            assert!(checked > 1000, "{rules:?}");
        }
    }

    #[test]
    fn gen_clobber_with_clobbers_parameters_is_clobber() {
        // CGSuite's defaults as the generic rules give the values of
        // clobber.rs's own rules on every small board.
        let mut solver = CanonicalSolver::new(Budget::DEFAULT);
        for grid in small_boards(CODES) {
            let generic: Arc<dyn Component> = Arc::new(Board::with_rules(CLOBBER, grid.clone()));
            let own: Arc<dyn Component> = Arc::new(Board::<Clobber>::from_grid(grid));
            let a = solver.sum(&[generic]).unwrap();
            let b = solver.sum(&[own]).unwrap();
            assert_eq!(a, b);
        }
    }

    #[test]
    fn small_boards_by_hand() {
        let by_hand = [
            // Anti-Clobber: x. -- Left's stone steps right and leaves an o
            // (ox, where nobody moves); Right has no stone: {0|} = 1. x.o
            // -- either player steps into the middle, leaving a stone of
            // the other's: oxo and xox are 0, so {0|0} = *.
            ("anti_clobber(\"x.\")", "1"),
            ("anti_clobber(\"x.o\")", "*"),
            ("anti_clobber(\"x#o\")", "0"),
            // Hot Clobber: xx -- Left clobbers her own stone (.x, 0), Right
            // has none: 1. xo is * as in Clobber.
            ("hot_clobber(\"xx\")", "1"),
            ("hot_clobber(\"xo\")", "*"),
            // Rooks reach across the empty cell (Clobber's x.o is 0), kings
            // and queens step diagonally, knights jump.
            ("clobber(\"x.o\")", "0"),
            ("rooks(\"x.o\")", "*"),
            ("rooks(\"x.|.o\")", "0"),
            ("kings(\"x.|.o\")", "*"),
            ("queens(\"x..|...|..o\")", "*"),
            ("knights(\"x..|..o\")", "*"),
            ("knights(\"xo\")", "0"),
            // max_distance=2 reaches two cells and no further.
            ("gen_clobber[2|1, max_distance=2](\"x.o\")", "*"),
            ("gen_clobber[2|1, max_distance=2](\"x..o\")", "0"),
        ];
        for (position, expected) in by_hand {
            assert_eq!(value(position), expected, "{position}");
        }
        // A rook's slide stops at the first stone: its own stone blocks.
        assert_eq!(value("rooks(\"xxo\")"), value("clobber(\"xxo\")"));
    }

    #[test]
    fn anti_clobber_is_clobber_played_backwards() {
        // CGSuite's AntiClobber docs: a Left option from G to H in
        // Clobber is a Left option from H to G in Anti-Clobber, and the
        // other way round; likewise for Right. On every board of 2 × 3 and
        // 1 × 5 cells.
        for side in [Side::Left, Side::Right] {
            let mut forward = Vec::new();
            let mut backward = Vec::new();
            for g in every_board(&[(2, 3), (1, 5)], CODES) {
                for play in Clobber.plays(&g, side) {
                    let mut h = g.clone();
                    Clobber.play(&mut h, side, play);
                    forward.push((g.clone(), h));
                }
                for play in AntiClobber.plays(&g, side) {
                    let mut h = g.clone();
                    AntiClobber.play(&mut h, side, play);
                    backward.push((h, g.clone()));
                }
            }
            forward.sort_by(|a, b| (&a.0.cells, &a.1.cells).cmp(&(&b.0.cells, &b.1.cells)));
            backward.sort_by(|a, b| (&a.0.cells, &a.1.cells).cmp(&(&b.0.cells, &b.1.cells)));
            assert!(forward.len() > 1000);
            assert_eq!(forward, backward);
        }
    }

    #[test]
    fn swapped_colours_are_the_negative_and_images_share_a_key() {
        let boards = ["xox|oxo", "xxo|o.x", "xo.|oxx|.ox", "xxoo", "x.o|.xo|o.x"];
        for name in ["hot_clobber", "kings", "knights", "rooks", "queens"] {
            assert_negatives(name, &boards, |text| swapped(text, &[('x', 'o')]));
        }
        assert_negatives("anti_clobber", &["xo.|.#x", "x..o|.ox."], |text| {
            swapped(text, &[('x', 'o')])
        });
        let key = |text: &str| crate::tests::parse(text).unwrap().components()[0].key();
        assert_eq!(key("kings(\"xo.|...\")"), key("kings(\"...|.ox\")"));
        assert_eq!(key("knights(\"x..|..o\")"), key("knights(\"x.|..|.o\")"));
        assert_ne!(key("kings(\"xo\")"), key("queens(\"xo\")"));
        // The hexagonal steps keep the half turn and the diagonal
        // reflections, not the mirror: x above o shares a key with o left
        // of x (transposed and turned), and x.|.o (unjoined) is not .x|o.
        // (joined north-east).
        let hex =
            |board: &str| format!("gen_clobber[\"hexagonal\", 2|1, max_distance=2](\"{board}\")");
        assert_eq!(key(&hex("x|o")), key(&hex("ox")));
        assert_eq!(value(&hex(".x|o.")), "*");
        assert_eq!(value(&hex("x.|.o")), "0");
        assert_ne!(key(&hex("x.|.o")), key(&hex(".x|o.")));
        assert_ne!(
            key("gen_clobber[2|1, max_distance=2](\"xo\")"),
            key("rooks(\"xo\")")
        );
    }

    #[test]
    fn the_parameters_read_and_print_back() {
        let text = |p: &str| crate::tests::parse(p).unwrap().to_string();
        // Parameters that are a named variant's give that variant.
        assert_eq!(text("gen_clobber[2|1](\"xo\")"), "clobber(\"xo\")");
        assert_eq!(text("gen_clobber(\"xo\")"), "clobber(\"xo\")");
        assert_eq!(
            text("gen_clobber[0, left_behind=2 | 0, left_behind=1](\"x.\")"),
            "anti_clobber(\"x.\")"
        );
        assert_eq!(text("gen_clobber[1,2|2,1](\"xo\")"), "hot_clobber(\"xo\")");
        assert_eq!(text("gen_clobber[\"compass\"](\"xo\")"), "kings(\"xo\")");
        assert_eq!(
            text("gen_clobber[\"knights_move\", 2|1](\"xo\")"),
            "knights(\"xo\")"
        );
        assert_eq!(text("gen_clobber[max_distance=0](\"xo\")"), "rooks(\"xo\")");
        assert_eq!(
            text("gen_clobber[2|1, max_distance=0, \"compass\"](\"xo\")"),
            "queens(\"xo\")"
        );
        // Others print their parameters, and read back as themselves.
        for (written, printed) in [
            (
                "gen_clobber[\"diagonal\", 2|1](\"xo|ox\")",
                "gen_clobber[\"diagonal\",2|1](\"xo|ox\")",
            ),
            (
                "gen_clobber[2 | 0, left_behind=1, max_distance=3](\"x.o#\")",
                "gen_clobber[max_distance=3,2|0,left_behind=1](\"x.o#\")",
            ),
            (
                "gen_clobber[1, left_behind=2 | 1](\"xo\")",
                "gen_clobber[1,left_behind=2|1](\"xo\")",
            ),
        ] {
            assert_eq!(text(written), printed);
            assert_eq!(text(printed), printed);
        }
    }

    #[test]
    fn bad_parameters_and_boards_are_refused_with_spans() {
        let err = |p: &str| crate::tests::parse(p).unwrap_err();
        // A code without the bar, a code out of range, a side's
        // left_behind without the bar or twice, unknown directions, an
        // unknown name, a letter the game does not know.
        for (text, span) in [
            ("gen_clobber[2](\"xo\")", 12..13),
            ("gen_clobber[3|1](\"xo\")", 12..13),
            ("gen_clobber[left_behind=1](\"xo\")", 12..25),
            ("gen_clobber[2|1, left_behind=3](\"xo\")", 17..30),
            ("gen_clobber[\"round\"](\"xo\")", 12..19),
            ("gen_clobber[k=1](\"xo\")", 12..15),
            ("gen_clobber[2|1](\"x#\")", 19..20),
            (
                "gen_clobber[2|1, \"compass\", \"diagonal\"](\"xo\")",
                28..38,
            ),
        ] {
            assert_eq!(err(text).span, span, "{text}");
        }
        assert!(
            err("gen_clobber[2, left_behind=1, left_behind=2|1](\"xo\")")
                .to_string()
                .contains("twice")
        );
        // Parameters that let play go on for ever: a stone stepping into
        // empty cells and leaving them empty, clobbering its own colour
        // and leaving it, or Left turning o into x while Right turns x
        // into o. Without a limit on the distance, a stone never stops on
        // an empty cell, so Left's 0 moves nothing.
        for loopy in [
            "gen_clobber[0|1](\"xo\")",
            "gen_clobber[1, left_behind=1 | 1](\"xo\")",
            "gen_clobber[2, left_behind=1 | 1, left_behind=2](\"xo\")",
            "gen_clobber[2, left_behind=2 | 1](\"xo\")",
        ] {
            let e = err(loopy);
            assert_eq!(e.span, 11..loopy.find('(').unwrap(), "{loopy}");
            assert!(e.to_string().contains("never end"), "{loopy}");
        }
        assert_eq!(value("gen_clobber[0|1, max_distance=0](\"x.o\")"), "-1");
        // `#` is a letter only where a stone may move onto an empty cell.
        assert!(crate::tests::parse("gen_clobber[0, left_behind=2 | 1](\"x#\")").is_ok());
        // The kit's test refuses the named variants' bad boards; a variant
        // takes no parameters.
        for name in [
            "anti_clobber",
            "hot_clobber",
            "kings",
            "knights",
            "rooks",
            "queens",
        ] {
            assert!(crate::tests::parse(&format!("{name}[2|1](\"..\")")).is_err());
        }
        assert!(crate::tests::parse("hot_clobber(\"x#\")").is_err());
        assert!(crate::tests::parse("anti_clobber(\"x#\")").is_ok());
    }

    #[test]
    fn a_board_of_the_parametrised_form_agrees_with_the_search() {
        for text in [
            "gen_clobber[\"diagonal\", 2|1](\"xoxo|oox.|xxx.\")",
            "gen_clobber[\"hexagonal\", 0, left_behind=2 | 1](\"xo.|.ox|x.o\")",
            "gen_clobber[2|1, max_distance=2](\"x.ox|o..x|xo.o\")",
        ] {
            let p = crate::tests::parse(text).unwrap();
            assert_value_agrees_with_search(Arc::clone(&p.components()[0]));
        }
    }
}
