//! Tables of any figure of `analyze --json` over a family of positions:
//! `NAME(n)` for a one-coordinate family (a heap game, impartial or
//! partizan) or `NAME(a, b)` for a game of two interacting numbers, as
//! `sprague table NAME --field atomic_weight,temperature` prints them, with
//! an optional filter (`--where 'atomic_weight.temperature > 0'`).
//!
//! Every position of the table is valued in one [`CanonicalSolver`] (an
//! impartial family's Grundy values come from its own table and enter the
//! arena as nimbers), and its figures are computed there by the same
//! functions `analyze` calls, memoised by canonical form across the table
//! (with one [`Thermography`] for all of it): Partizan Euclid's 225
//! positions share a few dozen atomic weights. A field may name a figure of
//! a figure that is a game: `atomic_weight.temperature` is the temperature
//! of the atomic weight (CGSuite's `g.AtomicWeight.Temperature`).

use std::ops::Range;
use std::sync::Arc;

use rustc_hash::FxHashMap;

use crate::grid_table::{GridValues, cell, grid_table, is_two_coordinate};
use crate::position::Position;
use crate::solve::canonical::CanonicalSolver;
use crate::solve::misere::misere_table;
use sprague_core::budget::Budget;
use sprague_core::error::SolveError;
use sprague_core::outcome::Outcome;
use sprague_game::syntax::RulesetSyntax;
use sprague_game::{Component, Kind, Play};
use sprague_partizan::cgt::GameId;
use sprague_partizan::dyadic::Dyadic;
use sprague_partizan::thermograph::Thermography;

/// One figure of a position, named as in the JSON of `analyze`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Figure {
    /// The value in CGSuite's notation (`value`).
    Value,
    /// The outcome class, `L`, `R`, `N` or `P`.
    Outcome,
    /// The Sprague–Grundy value (of an impartial position; under misère
    /// play, `G⁻`).
    Grundy,
    /// `cgt.left_stop`.
    LeftStop,
    /// `cgt.right_stop`.
    RightStop,
    /// `cgt.mean`.
    Mean,
    /// `cgt.temperature`.
    Temperature,
    /// `cgt.birthday`.
    Birthday,
    /// `cgt.atomic_weight` (absent unless the game is atomic).
    AtomicWeight,
    /// `cgt.reduced`, the reduced canonical form.
    Reduced,
    /// `cgt.stop_count`, in decimal.
    StopCount,
    /// `cgt.thermograph`, CGSuite's text.
    Thermograph,
    /// `cgt.incentives`, Left's then Right's, each once.
    Incentives,
    /// `misere.genus`, under misère play.
    Genus,
}

/// The figures of normal play, by name, in the order of the JSON.
const NORMAL: [Figure; 13] = [
    Figure::Value,
    Figure::Outcome,
    Figure::Grundy,
    Figure::LeftStop,
    Figure::RightStop,
    Figure::Mean,
    Figure::Temperature,
    Figure::Birthday,
    Figure::AtomicWeight,
    Figure::Reduced,
    Figure::StopCount,
    Figure::Thermograph,
    Figure::Incentives,
];

/// The figures of a misère table (`table --misere`): what the heaps'
/// misère forms give for every heap.
const MISERE: [Figure; 3] = [Figure::Outcome, Figure::Grundy, Figure::Genus];

/// What kind of thing a figure is, for comparisons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sort {
    /// A game (a number among them), compared as games are.
    Game,
    /// A whole number.
    Integer,
    /// An outcome class, equal or not.
    Outcome,
    /// A text, equal or not.
    Text,
    /// A list, not compared.
    List,
}

impl Figure {
    /// The figure's name in the JSON of `analyze` (without `cgt.`).
    pub fn name(self) -> &'static str {
        match self {
            Figure::Value => "value",
            Figure::Outcome => "outcome",
            Figure::Grundy => "grundy",
            Figure::LeftStop => "left_stop",
            Figure::RightStop => "right_stop",
            Figure::Mean => "mean",
            Figure::Temperature => "temperature",
            Figure::Birthday => "birthday",
            Figure::AtomicWeight => "atomic_weight",
            Figure::Reduced => "reduced",
            Figure::StopCount => "stop_count",
            Figure::Thermograph => "thermograph",
            Figure::Incentives => "incentives",
            Figure::Genus => "genus",
        }
    }

    fn sort(self) -> Sort {
        match self {
            Figure::Value
            | Figure::LeftStop
            | Figure::RightStop
            | Figure::Mean
            | Figure::Temperature
            | Figure::AtomicWeight
            | Figure::Reduced => Sort::Game,
            Figure::Grundy | Figure::Birthday | Figure::StopCount => Sort::Integer,
            Figure::Outcome => Sort::Outcome,
            Figure::Thermograph | Figure::Genus => Sort::Text,
            Figure::Incentives => Sort::List,
        }
    }
}

/// A column of a table: a figure of the position, or a figure of a figure
/// that is a game (`atomic_weight.temperature`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Field {
    path: Vec<Figure>,
}

/// The names a field may be made of, for the message that refuses one.
pub fn field_names(play: Play) -> Vec<&'static str> {
    match play {
        Play::Normal => NORMAL.iter().map(|f| f.name()).collect(),
        Play::Misere => MISERE.iter().map(|f| f.name()).collect(),
    }
}

impl Field {
    /// The field named `text`: a figure's name as in the JSON of `analyze`
    /// (`atomic_weight`; `cgt.atomic_weight` and, under misère play,
    /// `misere.genus` too), or names joined by dots, each after the first
    /// a figure of the game before it (`atomic_weight.temperature`).
    ///
    /// # Errors
    ///
    /// What is wrong, with the valid names.
    pub fn parse(text: &str, play: Play) -> Result<Field, String> {
        let valid = match play {
            Play::Normal => &NORMAL[..],
            Play::Misere => &MISERE[..],
        };
        let names = || field_names(play).join(", ");
        let trimmed = text.trim();
        let bare = trimmed
            .strip_prefix("cgt.")
            .or_else(|| trimmed.strip_prefix("misere."))
            .unwrap_or(trimmed);
        let mut path = Vec::new();
        for (i, name) in bare.split('.').enumerate() {
            // A figure of a figure is a figure of a game: any of normal
            // play's, whatever the table's play.
            let among = if i == 0 { valid } else { &NORMAL[..] };
            let Some(&figure) = among.iter().find(|f| f.name() == name) else {
                return Err(format!(
                    "`{trimmed}` is not a field of the table (the fields: {}; a figure of a game-valued field after a dot, as in atomic_weight.temperature)",
                    names()
                ));
            };
            if let Some(before) = path.last().copied()
                && Figure::sort(before) != Sort::Game
            {
                return Err(format!(
                    "`{trimmed}`: {} is not a game, so it has no {}",
                    Figure::name(before),
                    figure.name()
                ));
            }
            if i > 0 && play == Play::Misere {
                return Err(format!(
                    "`{trimmed}`: the misère figures are not games, so they have no figures"
                ));
            }
            path.push(figure);
        }
        Ok(Field { path })
    }

    /// The field with one figure.
    pub fn of(figure: Figure) -> Field {
        Field { path: vec![figure] }
    }

    /// The field's name, its figures joined by dots.
    pub fn name(&self) -> String {
        let names: Vec<&str> = self.path.iter().map(|f| f.name()).collect();
        names.join(".")
    }

    fn last(&self) -> Figure {
        *self.path.last().expect("a field names a figure")
    }
}

/// One figure of one position as the table gives it: as in the JSON of
/// `analyze` (an integer, a text, a list of texts) or absent (`null`: an
/// atomic weight of a game that is not atomic, a Grundy value of a partizan
/// position).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(untagged))]
pub enum FigureCell {
    /// A Grundy value or a birthday.
    Integer(u64),
    /// A game, a number, an outcome class, a count or a text.
    Text(String),
    /// The incentives.
    List(Vec<String>),
    /// Not defined for this position.
    Absent,
}

impl FigureCell {
    /// The cell as a table prints it: `-` where absent, a list's texts
    /// joined by spaces.
    pub fn text(&self) -> String {
        match self {
            FigureCell::Integer(n) => n.to_string(),
            FigureCell::Text(t) => t.clone(),
            FigureCell::List(l) => l.join(" "),
            FigureCell::Absent => "-".to_string(),
        }
    }
}

/// A figure as computed, before it is written: a game stays in the arena
/// so that it can be compared and have figures of its own.
#[derive(Clone, Debug)]
enum Raw {
    Game(GameId),
    Number(Dyadic),
    Integer(u64),
    /// A whole number of any size, in decimal (a stop count).
    Count(String),
    Outcome(Outcome),
    Text(String),
    List(Vec<String>),
    Absent,
}

/// A comparison of `--where`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `>`
    Greater,
    /// `>=`
    GreaterOrEqual,
    /// `<`
    Less,
    /// `<=`
    LessOrEqual,
    /// `==`
    Equal,
    /// `!=`
    NotEqual,
}

/// One comparison `FIELD OP VALUE` of a filter.
#[derive(Clone, Debug)]
pub struct Clause {
    field: Field,
    op: Op,
    value: Operand,
}

#[derive(Clone, Debug)]
enum Operand {
    /// A game, written in the position language (`0`, `1/2`, `{1|0}`).
    Game(String),
    Integer(u128),
    Outcome(Outcome),
    Text(String),
}

/// A filter: comparisons joined by `and`, every one of which a position
/// must satisfy to be listed.
#[derive(Clone, Debug)]
pub struct Filter {
    clauses: Vec<Clause>,
}

/// A filter that does not read: what is wrong and the bytes of the
/// expression it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FilterError {
    /// What is wrong.
    pub message: String,
    /// Where, as a byte range of the expression.
    pub span: Range<usize>,
}

impl Filter {
    /// Reads `FIELD OP VALUE [and FIELD OP VALUE]...`: `OP` one of `>`,
    /// `>=`, `<`, `<=`, `==`, `!=`. A game-valued field (`value`,
    /// `atomic_weight`, `temperature`, ...) is compared with a game written
    /// in the position language as games are compared (an incomparable
    /// pair satisfies only `!=`); a whole-number field with a whole number;
    /// `outcome` with `L`, `R`, `N` or `P`, and a text with a text, by `==`
    /// and `!=` only. A position without the figure (an atomic weight of a
    /// game that is not atomic) satisfies no comparison of it.
    ///
    /// # Errors
    ///
    /// What is wrong and where.
    pub fn parse(text: &str, play: Play) -> Result<Filter, FilterError> {
        let mut clauses = Vec::new();
        for span in clause_spans(text) {
            clauses.push(clause(text, span, play)?);
        }
        Ok(Filter { clauses })
    }

    /// The fields the filter reads.
    pub fn fields(&self) -> Vec<Field> {
        self.clauses.iter().map(|c| c.field.clone()).collect()
    }
}

/// The byte ranges of the clauses of `text`, split at the word `and`
/// outside braces.
fn clause_spans(text: &str) -> Vec<Range<usize>> {
    let bytes = text.as_bytes();
    let mut spans = Vec::new();
    let (mut depth, mut start) = (0i64, 0usize);
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'{' | b'(' | b'[' => depth += 1,
            b'}' | b')' | b']' => depth -= 1,
            b'a' if depth == 0
                && text[i..].starts_with("and")
                && (i == 0 || bytes[i - 1].is_ascii_whitespace())
                && bytes.get(i + 3).is_none_or(u8::is_ascii_whitespace) =>
            {
                spans.push(start..i);
                start = i + 3;
                i += 3;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    spans.push(start..text.len());
    spans
}

/// The range `span` of `text` without its spaces at either end.
fn trimmed(text: &str, span: Range<usize>) -> Range<usize> {
    let part = &text[span.clone()];
    let start = span.start + (part.len() - part.trim_start().len());
    let end = span.end - (part.len() - part.trim_end().len());
    start..end.max(start)
}

fn clause(text: &str, span: Range<usize>, play: Play) -> Result<Clause, FilterError> {
    let err = |message: String, span: Range<usize>| FilterError { message, span };
    let whole = trimmed(text, span.clone());
    if whole.is_empty() {
        return Err(err(
            "a comparison is missing (write FIELD OP VALUE, as in temperature > 0)".to_string(),
            span.start..span.start.max(span.end.min(span.start + 1)),
        ));
    }
    let part = &text[whole.clone()];
    const OPS: [(&str, Op); 6] = [
        (">=", Op::GreaterOrEqual),
        ("<=", Op::LessOrEqual),
        ("==", Op::Equal),
        ("!=", Op::NotEqual),
        (">", Op::Greater),
        ("<", Op::Less),
    ];
    let found = part.char_indices().find_map(|(i, _)| {
        OPS.iter()
            .find(|(s, _)| part[i..].starts_with(s))
            .map(|&(s, op)| (i, s.len(), op))
    });
    let Some((at, len, op)) = found else {
        return Err(err(
            format!(
                "`{part}` has no comparison: write FIELD OP VALUE with OP one of >, >=, <, <=, ==, != (as in temperature > 0)"
            ),
            whole,
        ));
    };
    let field_span = trimmed(text, whole.start..whole.start + at);
    let value_span = trimmed(text, whole.start + at + len..whole.end);
    if field_span.is_empty() {
        return Err(err(
            "a field is missing before the comparison".to_string(),
            whole.start..whole.start + at + len,
        ));
    }
    if value_span.is_empty() {
        return Err(err(
            "a value is missing after the comparison".to_string(),
            whole.start + at..whole.start + at + len,
        ));
    }
    let field =
        Field::parse(&text[field_span.clone()], play).map_err(|m| err(m, field_span.clone()))?;
    let value_text = &text[value_span.clone()];
    let equality_only = |what: &str| {
        if matches!(op, Op::Equal | Op::NotEqual) {
            Ok(())
        } else {
            Err(err(
                format!("{} is {what}: compare it with == or != only", field.name()),
                whole.start + at..whole.start + at + len,
            ))
        }
    };
    let value = match field.last().sort() {
        Sort::Game => {
            Position::parse(value_text).map_err(|e| {
                let s = value_span.start + e.span.start;
                let end = (value_span.start + e.span.end)
                    .max(s + 1)
                    .min(text.len().max(s + 1));
                err(format!("`{value_text}` is not a game: {e}"), s..end)
            })?;
            Operand::Game(value_text.to_string())
        }
        Sort::Integer => Operand::Integer(value_text.parse().map_err(|_| {
            err(
                format!(
                    "{} is a whole number: `{value_text}` is not one",
                    field.name()
                ),
                value_span.clone(),
            )
        })?),
        Sort::Outcome => {
            equality_only("an outcome class")?;
            let o = ["L", "R", "N", "P"]
                .iter()
                .position(|&l| l == value_text)
                .map(|i| [Outcome::L, Outcome::R, Outcome::N, Outcome::P][i])
                .ok_or_else(|| {
                    err(
                        format!("`{value_text}` is not an outcome class (L, R, N or P)"),
                        value_span.clone(),
                    )
                })?;
            Operand::Outcome(o)
        }
        Sort::Text => {
            equality_only("a text")?;
            Operand::Text(value_text.to_string())
        }
        Sort::List => {
            return Err(err(
                format!("{} is a list: it cannot be compared", field.name()),
                field_span,
            ));
        }
    };
    Ok(Clause { field, op, value })
}

/// The figures of one position of a table: where it is and its cells, one
/// per field asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FigureRow {
    /// `[n]`, or `[a, b]`.
    pub at: Vec<u64>,
    /// The figures, in the order of the fields.
    pub cells: Vec<FigureCell>,
}

/// A table of figures over a family of positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FigureTable {
    /// The ruleset with its parameters, normalised.
    pub ruleset: String,
    /// The first coordinates: `[n]` or `[a, b]`.
    pub from: Vec<u64>,
    /// The last coordinates.
    pub to: Vec<u64>,
    /// The fields' names, in order.
    pub fields: Vec<String>,
    /// Every position from `from` to `to` (row by row for two
    /// coordinates), or with a filter only those it keeps.
    pub rows: Vec<FigureRow>,
    /// How many positions were examined.
    pub examined: u64,
}

/// The figures of the positions of one table, in one arena.
struct Figurer {
    solver: CanonicalSolver,
    thermography: Thermography,
    /// Figures of games already found.
    memo: FxHashMap<(GameId, Figure), Raw>,
    /// The games of `--where`, by their text.
    operands: FxHashMap<String, GameId>,
    /// Whether the positions are impartial (their Grundy value is a figure).
    impartial: bool,
}

impl Figurer {
    fn figure(&mut self, g: GameId, figure: Figure, root: bool) -> Result<Raw, SolveError> {
        if let Some(raw) = self.memo.get(&(g, figure)) {
            return Ok(raw.clone());
        }
        let arena = &mut self.solver.arena;
        let raw = match figure {
            Figure::Value => Raw::Game(g),
            Figure::Outcome => Raw::Outcome(arena.outcome(g)?),
            Figure::Grundy => match arena.as_number_plus_nimber(g) {
                // A partizan position's value may be a nimber; as in
                // `analyze`, only an impartial one has a Grundy value.
                Some((x, n)) if x == Dyadic::ZERO && (self.impartial || !root) => Raw::Integer(n),
                _ => Raw::Absent,
            },
            Figure::LeftStop => Raw::Number(arena.stops(g)?.0),
            Figure::RightStop => Raw::Number(arena.stops(g)?.1),
            Figure::Mean => Raw::Number(self.thermography.thermograph(arena, g)?.mean),
            Figure::Temperature => {
                Raw::Number(self.thermography.thermograph(arena, g)?.temperature)
            }
            Figure::Thermograph => Raw::Text(self.thermography.thermograph(arena, g)?.to_string()),
            Figure::Birthday => Raw::Integer(arena.birthday(g)?),
            Figure::AtomicWeight => match sprague_partizan::atomic::atomic_weight(arena, g)? {
                Some(w) => Raw::Game(w),
                None => Raw::Absent,
            },
            Figure::Reduced => {
                Raw::Game(sprague_partizan::reduced::reduced_canonical_form(arena, g)?)
            }
            // In decimal, as the JSON of `analyze` gives it: of any size.
            Figure::StopCount => Raw::Count(sprague_partizan::stop_count(arena, g)?.to_string()),
            Figure::Incentives => Raw::List(crate::solve::figures::incentive_texts(
                arena,
                g,
                crate::value_chars(&arena.budget()),
            )?),
            Figure::Genus => Raw::Absent,
        };
        self.memo.insert((g, figure), raw.clone());
        Ok(raw)
    }

    fn field(&mut self, g: GameId, field: &Field) -> Result<Raw, SolveError> {
        let mut raw = Raw::Game(g);
        for (i, &figure) in field.path.iter().enumerate() {
            raw = match raw {
                Raw::Game(g) => self.figure(g, figure, i == 0)?,
                Raw::Number(x) => {
                    let g = self.solver.arena.number(x)?;
                    self.figure(g, figure, false)?
                }
                _ => Raw::Absent,
            };
        }
        Ok(raw)
    }

    /// The game `text` (a value of `--where`), in the arena.
    fn operand(&mut self, text: &str) -> Result<GameId, SolveError> {
        if let Some(&g) = self.operands.get(text) {
            return Ok(g);
        }
        let p = Position::parse(text).map_err(|e| SolveError::unsupported(e.to_string()))?;
        let g = self.solver.sum(p.components())?;
        self.operands.insert(text.to_string(), g);
        Ok(g)
    }

    fn satisfies(&mut self, raw: &Raw, clause: &Clause) -> Result<bool, SolveError> {
        let op = clause.op;
        let by_order = |o: std::cmp::Ordering| match op {
            Op::Greater => o.is_gt(),
            Op::GreaterOrEqual => o.is_ge(),
            Op::Less => o.is_lt(),
            Op::LessOrEqual => o.is_le(),
            Op::Equal => o.is_eq(),
            Op::NotEqual => o.is_ne(),
        };
        Ok(match (raw, &clause.value) {
            (Raw::Absent, _) => false,
            (Raw::Game(_) | Raw::Number(_), Operand::Game(text)) => {
                let g = match raw {
                    Raw::Game(g) => *g,
                    Raw::Number(x) => self.solver.arena.number(x.clone())?,
                    _ => unreachable!("matched above"),
                };
                let h = self.operand(text)?;
                let arena = &mut self.solver.arena;
                let (ge, le) = (arena.ge(g, h)?, arena.le(g, h)?);
                match op {
                    Op::Greater => ge && !le,
                    Op::GreaterOrEqual => ge,
                    Op::Less => le && !ge,
                    Op::LessOrEqual => le,
                    Op::Equal => ge && le,
                    Op::NotEqual => !(ge && le),
                }
            }
            (Raw::Integer(n), Operand::Integer(m)) => by_order(u128::from(*n).cmp(m)),
            // Decimal without leading zeros: the longer is the larger.
            (Raw::Count(c), Operand::Integer(m)) => {
                let m = m.to_string();
                by_order(c.len().cmp(&m.len()).then_with(|| c.as_str().cmp(&m)))
            }
            (Raw::Outcome(o), Operand::Outcome(p)) => (o == p) == (op == Op::Equal),
            (Raw::Text(t), Operand::Text(u)) => (t == u) == (op == Op::Equal),
            _ => false,
        })
    }

    fn cell(&mut self, raw: Raw) -> Result<FigureCell, SolveError> {
        Ok(match raw {
            Raw::Game(g) => FigureCell::Text(self.solver.arena.display(g)?),
            Raw::Number(x) => FigureCell::Text(x.to_string()),
            Raw::Integer(n) => FigureCell::Integer(n),
            Raw::Count(c) => FigureCell::Text(c),
            Raw::Outcome(o) => FigureCell::Text(o.letter().to_string()),
            Raw::Text(t) => FigureCell::Text(t),
            Raw::List(l) => FigureCell::List(l),
            Raw::Absent => FigureCell::Absent,
        })
    }
}

/// Whether `ruleset` has a one-coordinate table of canonical values:
/// `NAME(1)` is one short game that is not impartial (a partizan heap game
/// such as `subtraction[1,3|2,3]`), which no impartial one-heap family
/// tabulates.
pub fn is_partizan_heap_game(ruleset: &RulesetSyntax) -> bool {
    match cell(ruleset, &[1]).as_deref() {
        Ok([c]) => matches!(c.kind(), Kind::Partizan(_)),
        _ => false,
    }
}

/// One position of the table, `NAME(at...)`, as the ruleset builds it.
fn build(ruleset: &RulesetSyntax, at: &[u64]) -> Result<Arc<dyn Component>, SolveError> {
    let written = || {
        let numbers: Vec<String> = at.iter().map(u64::to_string).collect();
        format!("{}({})", ruleset.name, numbers.join(", "))
    };
    match cell(ruleset, at) {
        Ok(mut parts) if parts.len() == 1 => Ok(parts.remove(0)),
        Ok(_) => Err(SolveError::unsupported(format!(
            "{} is a sum, not one position of the table",
            written()
        ))),
        Err(e) => Err(SolveError::unsupported(format!(
            "{} is not a position: {e}",
            written()
        ))),
    }
}

/// The table of `fields` of `NAME(n)` for `n` in `from[0]..=to[0]` (one
/// coordinate: an impartial one-heap family or a partizan heap game) or of
/// `NAME(a, b)` for `a` in `from[0]..=to[0]` and `b` in `from[1]..=to[1]`
/// (a game of two interacting numbers), keeping only the positions
/// `filter` keeps. Under misère play, one coordinate of an impartial
/// family only, with `outcome`, `grundy` (`G⁻`) and `genus`.
///
/// # Errors
///
/// [`SolveError::Unsupported`] for a ruleset without such a table or a
/// position the ruleset refuses; [`SolveError::BudgetExceeded`] for more
/// positions than the budget allows (counted before anything is computed,
/// then every position and figure in the arena);
/// [`SolveError::TimeLimit`] past the deadline.
///
/// # Examples
///
/// ```
/// use sprague::{Budget, FigureCell, Field, Play, figure_table, syntax::parse_ruleset};
/// let euclid = parse_ruleset("euclid").unwrap();
/// let fields = [Field::parse("atomic_weight", Play::Normal).unwrap()];
/// let t = figure_table(&euclid, &[7, 8], &[7, 8], &fields, None, Play::Normal, &Budget::DEFAULT).unwrap();
/// assert_eq!(t.rows[0].cells, [FigureCell::Text("{3|2}".to_string())]);
/// ```
pub fn figure_table(
    ruleset: &RulesetSyntax,
    from: &[u64],
    to: &[u64],
    fields: &[Field],
    filter: Option<&Filter>,
    play: Play,
    budget: &Budget,
) -> Result<FigureTable, SolveError> {
    let two = from.len() == 2;
    if from.len() != to.len() || from.is_empty() || to.len() > 2 {
        return Err(SolveError::unsupported(
            "a table has one coordinate or two".to_string(),
        ));
    }
    if from.iter().zip(to).any(|(f, t)| f > t) {
        return Err(SolveError::unsupported(format!(
            "the table's range is empty: it starts at {from:?} and ends at {to:?}"
        )));
    }
    let span = |k: usize| u128::from(to[k] - from[k]) + 1;
    let count = if two {
        span(0).saturating_mul(span(1))
    } else {
        span(0)
    };
    if count > u128::from(budget.max_positions) {
        return Err(SolveError::BudgetExceeded {
            limit: budget.max_positions,
        });
    }
    let mut at: Vec<Vec<u64>> = Vec::new();
    if two {
        for a in from[0]..=to[0] {
            for b in from[1]..=to[1] {
                at.push(vec![a, b]);
            }
        }
    } else {
        at.extend((from[0]..=to[0]).map(|n| vec![n]));
    }
    if play == Play::Misere {
        return misere_figures(ruleset, from, to, fields, filter, at, budget);
    }
    let mut figurer = Figurer {
        solver: CanonicalSolver::new(*budget),
        thermography: Thermography::new(),
        memo: FxHashMap::default(),
        operands: FxHashMap::default(),
        impartial: false,
    };
    // The impartial families' Grundy values from their own tables, the
    // fast path `analyze` takes too; every other position from its moves
    // in the shared solver.
    let grundy: Option<Vec<u64>> = if two {
        if !is_two_coordinate(ruleset) {
            return Err(SolveError::unsupported(format!(
                "`{}` is not a game of two interacting numbers, so it has no two-coordinate table",
                ruleset.name
            )));
        }
        match build(ruleset, from)?.kind() {
            Kind::Impartial(_) => {
                match grid_table(ruleset, [from[0], from[1]], [to[0], to[1]], budget)?.values {
                    GridValues::Grundy(rows) => Some(rows.into_iter().flatten().collect()),
                    GridValues::Canonical(_) => None,
                }
            }
            _ => None,
        }
    } else {
        match sprague_rulesets::family(ruleset) {
            Ok(family) => Some(
                family
                    .grundy_values(from[0], to[0], budget)?
                    .into_iter()
                    .map(|g| g.0)
                    .collect(),
            ),
            Err(_) if is_partizan_heap_game(ruleset) => None,
            Err(e) => return Err(SolveError::unsupported(e.to_string())),
        }
    };
    figurer.impartial = grundy.is_some();
    let name = build(ruleset, from)?.ruleset();
    let mut rows = Vec::new();
    // The texts count against the budget, a character a position, as the
    // grid's do.
    let mut chars = 0u64;
    for (i, at) in at.into_iter().enumerate() {
        budget.check_time()?;
        let g = match &grundy {
            Some(values) => figurer.solver.arena.nimber(values[i])?,
            None => figurer.solver.component(&build(ruleset, &at)?)?,
        };
        if let Some(filter) = filter {
            let mut keep = true;
            for clause in &filter.clauses {
                let raw = figurer.field(g, &clause.field)?;
                if !figurer.satisfies(&raw, clause)? {
                    keep = false;
                    break;
                }
            }
            if !keep {
                continue;
            }
        }
        let mut cells = Vec::with_capacity(fields.len());
        for field in fields {
            let raw = figurer.field(g, field)?;
            let cell = figurer.cell(raw)?;
            chars += cell.text().len() as u64;
            budget.check_positions(chars)?;
            cells.push(cell);
        }
        rows.push(FigureRow { at, cells });
    }
    Ok(FigureTable {
        ruleset: name,
        from: from.to_vec(),
        to: to.to_vec(),
        fields: fields.iter().map(Field::name).collect(),
        rows,
        examined: count as u64,
    })
}

/// A misère table's figures: `G⁻`, the genus and the outcome class of
/// each heap, from [`misere_table`].
fn misere_figures(
    ruleset: &RulesetSyntax,
    from: &[u64],
    to: &[u64],
    fields: &[Field],
    filter: Option<&Filter>,
    at: Vec<Vec<u64>>,
    budget: &Budget,
) -> Result<FigureTable, SolveError> {
    if from.len() != 1 {
        return Err(SolveError::unsupported(
            "a misère table has one coordinate: the heap".to_string(),
        ));
    }
    let family =
        sprague_rulesets::family(ruleset).map_err(|e| SolveError::unsupported(e.to_string()))?;
    let table = misere_table(family.as_ref(), from[0], to[0], budget)?;
    let raw = |i: usize, f: Figure| match f {
        Figure::Grundy => Raw::Integer(table.values[i]),
        Figure::Genus => Raw::Text(table.genus[i].to_string()),
        // The player to move loses exactly where G⁻ is 0.
        Figure::Outcome if table.values[i] == 0 => Raw::Outcome(Outcome::P),
        Figure::Outcome => Raw::Outcome(Outcome::N),
        _ => Raw::Absent,
    };
    // No game is compared, so no arena is filled: a figurer only to share
    // the comparisons.
    let mut figurer = Figurer {
        solver: CanonicalSolver::new(Budget::positions(16)),
        thermography: Thermography::new(),
        memo: FxHashMap::default(),
        operands: FxHashMap::default(),
        impartial: true,
    };
    let mut rows = Vec::new();
    for (i, at) in at.into_iter().enumerate() {
        if let Some(filter) = filter {
            let mut keep = true;
            for clause in &filter.clauses {
                if !figurer.satisfies(&raw(i, clause.field.last()), clause)? {
                    keep = false;
                    break;
                }
            }
            if !keep {
                continue;
            }
        }
        let cells = fields
            .iter()
            .map(|f| figurer.cell(raw(i, f.last())))
            .collect::<Result<_, _>>()?;
        rows.push(FigureRow { at, cells });
    }
    Ok(FigureTable {
        ruleset: family.ruleset(),
        from: from.to_vec(),
        to: to.to_vec(),
        fields: fields.iter().map(Field::name).collect(),
        rows,
        examined: at_count(from, to),
    })
}

fn at_count(from: &[u64], to: &[u64]) -> u64 {
    from.iter().zip(to).map(|(f, t)| t - f + 1).product()
}

/// The period seen in a field's sequence over a one-coordinate table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FigurePeriod {
    /// The first `n` of the periodic part.
    pub preperiod: u64,
    /// The least period.
    pub period: u64,
    /// For an arithmetic period, what a period adds (`f(n + p) = f(n) +
    /// s`): a number or a game in CGSuite's notation; `None` for a plain
    /// one.
    pub saltus: Option<String>,
    /// For an arithmetic period whose saltus depends on the place in the
    /// period, each place's, from the preperiod on (`f(n + p) = f(n) +
    /// s[(n - preperiod) mod p]`): Partizan Euclid's rows.
    pub saltus_by_place: Option<Vec<String>>,
}

/// The least period seen in the figures `cells` of `field` for `n = from,
/// from + 1, ...`: as [`observed_period`](crate::observed_period) finds
/// one (the repeating part at least as long as the preperiod and two
/// periods) over equal figures; failing that, for a field whose figures
/// are games or numbers, an arithmetic period with one saltus
/// (`f(n + p) - f(n)` the same from the preperiod on, games subtracted in
/// one arena), and failing that one with a saltus for each place in the
/// period (`f(n + p) - f(n)` itself periodic with period `p`, seen over
/// three periods past the preperiod). Seen, never certified: no theorem the
/// engine knows proves a figure's sequence periodic.
///
/// # Errors
///
/// Beyond the budget, for the differences of games.
pub fn figure_period(
    field: &Field,
    from: u64,
    cells: &[FigureCell],
    budget: &Budget,
) -> Result<Option<FigurePeriod>, SolveError> {
    let len = cells.len();
    let at = |p: crate::Periodicity| FigurePeriod {
        preperiod: from + p.preperiod,
        period: p.period,
        saltus: None,
        saltus_by_place: None,
    };
    if let Some(p) = crate::observed_period_by(len, |n, p| cells[n] == cells[n + p]) {
        return Ok(Some(at(p)));
    }
    if !matches!(field.last().sort(), Sort::Game | Sort::Integer) {
        return Ok(None);
    }
    let mut solver = CanonicalSolver::new(*budget);
    let mut games = Vec::with_capacity(len);
    for c in cells {
        let text = match c {
            FigureCell::Integer(n) => n.to_string(),
            FigureCell::Text(t) => t.clone(),
            _ => return Ok(None),
        };
        let p = Position::parse(&text).map_err(|e| SolveError::unsupported(e.to_string()))?;
        games.push(solver.sum(p.components())?);
    }
    let arena = &mut solver.arena;
    // Every difference f(n + p) - f(n) for the periods tried, once.
    let mut diffs: FxHashMap<(usize, usize), GameId> = FxHashMap::default();
    let mut d = |n: usize, p: usize, arena: &mut sprague_partizan::cgt::CanonicalArena| {
        if let Some(&g) = diffs.get(&(n, p)) {
            return Ok(g);
        }
        let g = arena.sub(games[n + p], games[n])?;
        diffs.insert((n, p), g);
        Ok::<GameId, SolveError>(g)
    };
    let mut failed = None;
    let mut same = |a: (usize, usize),
                    b: (usize, usize),
                    arena: &mut sprague_partizan::cgt::CanonicalArena| {
        match (d(a.0, a.1, arena), d(b.0, b.1, arena)) {
            (Ok(x), Ok(y)) => x == y,
            (Err(e), _) | (_, Err(e)) => {
                failed.get_or_insert(e);
                false
            }
        }
    };
    let one = crate::observed_period_by(len, |n, p| same((n, p), (len - 1 - p, p), arena));
    let by_place = match one {
        Some(_) => None,
        None => (1..=len / 4).find_map(|p| {
            // The least n0 from which f(n + 2p) - f(n + p) = f(n + p) - f(n).
            let mut n0 = len - 2 * p;
            while n0 > 0 && same((n0 - 1, p), (n0 - 1 + p, p), arena) {
                n0 -= 1;
            }
            (len - n0 >= n0 + 3 * p).then_some((n0, p))
        }),
    };
    if let Some(e) = failed {
        return Err(e);
    }
    if let Some(p) = one {
        let period = p.period as usize;
        let s = d(len - 1 - period, period, arena)?;
        return Ok(Some(FigurePeriod {
            saltus: Some(arena.display(s)?),
            ..at(p)
        }));
    }
    let Some((n0, p)) = by_place else {
        return Ok(None);
    };
    let mut saltus = Vec::with_capacity(p);
    for n in n0..n0 + p {
        let s = d(n, p, arena)?;
        saltus.push(arena.display(s)?);
    }
    Ok(Some(FigurePeriod {
        preperiod: from + n0 as u64,
        period: p as u64,
        saltus: None,
        saltus_by_place: Some(saltus),
    }))
}

/// How a sequence is laid out: `K` to a row, or by the period found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// `K` to a row.
    Every(u64),
    /// By the period found.
    Period,
}

impl Layout {
    /// `K` (a whole number of 1 or more) or `period`.
    ///
    /// # Errors
    ///
    /// What is wrong.
    pub fn parse(text: &str) -> Result<Layout, String> {
        if text == "period" {
            return Ok(Layout::Period);
        }
        match text.parse::<u64>() {
            Ok(k) if k > 0 => Ok(Layout::Every(k)),
            _ => Err(format!(
                "layout: `{text}` is not a row length (write a whole number of 1 or more, or period)"
            )),
        }
    }
}

/// A period of a table's first field: certified by the engine's search
/// (an impartial family's Grundy values), or seen in the figures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FoundPeriod {
    /// The family's own period search's.
    Certified(crate::Periodicity),
    /// Seen in the sequence ([`figure_period`]).
    Seen(FigurePeriod),
}

impl FoundPeriod {
    /// The period.
    pub fn period(&self) -> u64 {
        match self {
            FoundPeriod::Certified(p) => p.period,
            FoundPeriod::Seen(p) => p.period,
        }
    }

    /// The line a table prints for it, naming `field`.
    pub fn line(&self, field: &str) -> String {
        match self {
            FoundPeriod::Certified(p) => {
                let saltus = if p.saltus > 0 {
                    format!(", saltus {}", p.saltus)
                } else {
                    String::new()
                };
                let how = if p.certified {
                    "certified"
                } else {
                    "not certified"
                };
                format!(
                    "{field}: period {}, preperiod {}{saltus}, {how}",
                    p.period, p.preperiod
                )
            }
            FoundPeriod::Seen(p) => {
                let saltus = match (&p.saltus, &p.saltus_by_place) {
                    (Some(s), _) => {
                        format!(
                            ", saltus {s} (arithmetic: f(n + {}) = f(n) + {s})",
                            p.period
                        )
                    }
                    (None, Some(s)) => format!(
                        ", saltus by place {} (arithmetic: f(n + {}) = f(n) + the saltus of n's place, from n = {})",
                        s.join(" "),
                        p.period,
                        p.preperiod
                    ),
                    (None, None) => String::new(),
                };
                format!(
                    "{field}: period {}, preperiod {}{saltus}, observed on this table, not certified",
                    p.period, p.preperiod
                )
            }
        }
    }
}

/// What a table of figures is asked for (`sprague table`'s options, and
/// Python's `table`).
#[derive(Clone, Debug)]
pub struct FigureQuery {
    /// The first coordinates, `[n]` or `[a, b]`.
    pub from: Vec<u64>,
    /// The last coordinates.
    pub to: Vec<u64>,
    /// Whether the last coordinates were given: without, a certified
    /// period ends the table two periods past its preperiod.
    pub to_given: bool,
    /// The fields by name; none for the table's value alone.
    pub fields: Vec<String>,
    /// `--where`'s expression.
    pub filter: Option<String>,
    /// Normal or misère play.
    pub play: Play,
    /// Whether the period of the first field is asked for.
    pub period: bool,
    /// How to lay the sequence out.
    pub layout: Option<Layout>,
}

/// Why a table of figures was not made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FigureError {
    /// The filter does not read (with where in it).
    Filter(FilterError),
    /// Anything else: a field, a layout, a range, the budget.
    Solve(SolveError),
}

impl From<SolveError> for FigureError {
    fn from(e: SolveError) -> FigureError {
        FigureError::Solve(e)
    }
}

/// A table of figures with what was found beside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FigureReport {
    /// The figures.
    pub table: FigureTable,
    /// The coordinate a sequence runs along: the heap (0), or for a grid
    /// of one row or column the coordinate that varies; `None` for a grid.
    pub along: Option<usize>,
    /// The period of the first field, where asked for and found.
    pub period: Option<FoundPeriod>,
    /// Whether the period was asked for.
    pub period_asked: bool,
    /// The row length of the layout asked for.
    pub layout: Option<u64>,
    /// The filter's expression.
    pub filter: Option<String>,
    /// Whether no field was named (the table of the value alone, whose
    /// JSON keeps the shape of `values`).
    pub plain: bool,
}

/// Whether the positions of a grid are impartial: their table's value is
/// a Grundy value.
fn grid_is_impartial(ruleset: &RulesetSyntax, from: &[u64]) -> bool {
    build(ruleset, from).is_ok_and(|c| matches!(c.kind(), Kind::Impartial(_)))
}

/// The table `query` asks for of `ruleset`, with its period and layout:
/// the default field is the Grundy value of an impartial family (`G⁻`
/// under misère play) and the canonical value of a partizan one; the
/// period of an impartial family's own Grundy values is its period
/// search's (certified where a theorem proves it), any other figure's is
/// seen ([`figure_period`]).
///
/// # Errors
///
/// A filter that does not read; a field that does not exist, a layout of
/// several fields, of a grid or with a filter, a period of a grid, and as
/// [`figure_table`].
pub fn figure_report(
    ruleset: &RulesetSyntax,
    query: &FigureQuery,
    budget: &Budget,
) -> Result<FigureReport, FigureError> {
    let unsupported = |m: String| FigureError::Solve(SolveError::unsupported(m));
    let (from, play) = (&query.from, query.play);
    let mut to = query.to.clone();
    let two = from.len() == 2;
    let impartial_family = !two && sprague_rulesets::family(ruleset).is_ok();
    let default =
        if impartial_family || play == Play::Misere || (two && grid_is_impartial(ruleset, from)) {
            "grundy"
        } else {
            "value"
        };
    let names: Vec<&str> = if query.fields.is_empty() {
        vec![default]
    } else {
        query.fields.iter().map(String::as_str).collect()
    };
    let mut fields = Vec::new();
    for name in names {
        let field = Field::parse(name, play).map_err(unsupported)?;
        if !fields.contains(&field) {
            fields.push(field);
        }
    }
    let filter = match &query.filter {
        Some(expr) => Some(Filter::parse(expr, play).map_err(FigureError::Filter)?),
        None => None,
    };
    let along = if !two {
        Some(0)
    } else if from[0] == to[0] {
        Some(1)
    } else if from[1] == to[1] {
        Some(0)
    } else {
        None
    };
    if query.layout.is_some() {
        if along.is_none() {
            return Err(unsupported(
                "a layout lays out a sequence: give one coordinate, or a grid of one row or column (from 10x1 to 10x100)".to_string(),
            ));
        }
        if filter.is_some() {
            return Err(unsupported(
                "a layout lays out every position: it does not go with a filter".to_string(),
            ));
        }
        if fields.len() > 1 {
            return Err(unsupported(format!(
                "a layout lays out one field: {} were given",
                fields.len()
            )));
        }
    }
    if query.period && along.is_none() {
        return Err(unsupported(
            "a period is of a sequence: give one coordinate, or a grid of one row or column"
                .to_string(),
        ));
    }
    let wants_period = filter.is_none() && (query.period || query.layout == Some(Layout::Period));
    // The engine's period search for an impartial family's own values.
    let certified =
        if wants_period && impartial_family && play == Play::Normal && query.fields.is_empty() {
            sprague_rulesets::family(ruleset)
                .map_err(|e| SolveError::unsupported(e.to_string()))?
                .periodicity(budget)?
        } else {
            None
        };
    if let Some(p) = certified
        && !query.to_given
    {
        to = vec![sprague_rulesets::table_end(from[0], None, Some(p))];
    }
    let table = figure_table(ruleset, from, &to, &fields, filter.as_ref(), play, budget)?;
    let period = match (wants_period, certified) {
        (false, _) => None,
        (true, Some(p)) => Some(FoundPeriod::Certified(p)),
        (true, None) => {
            let k = along.expect("checked above");
            let cells: Vec<FigureCell> = table.rows.iter().map(|r| r.cells[0].clone()).collect();
            figure_period(&fields[0], table.from[k], &cells, budget)?.map(FoundPeriod::Seen)
        }
    };
    let layout = match query.layout {
        None => None,
        Some(Layout::Every(k)) => Some(k),
        Some(Layout::Period) => match &period {
            Some(p) => Some(p.period()),
            None => {
                return Err(unsupported(format!(
                    "layout by the period: no period was seen in {} of {}: give a row length, or a longer table",
                    fields[0].name(),
                    table.ruleset
                )));
            }
        },
    };
    Ok(FigureReport {
        table,
        along,
        period,
        period_asked: query.period,
        layout,
        filter: query.filter.clone(),
        plain: query.fields.is_empty(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(values: &[&str]) -> Vec<FigureCell> {
        values
            .iter()
            .map(|v| FigureCell::Text(v.to_string()))
            .collect()
    }

    #[test]
    fn periods_plain_arithmetic_and_by_place() {
        let field = Field::parse("atomic_weight", Play::Normal).unwrap();
        let budget = Budget::DEFAULT;
        // 5, then 0 1 * repeating: period 3 from n = 1 (n counted from 10).
        let plain = texts(&["5", "0", "1", "*", "0", "1", "*", "0", "1", "*"]);
        let p = figure_period(&field, 10, &plain, &budget).unwrap().unwrap();
        assert_eq!(
            (p.preperiod, p.period, p.saltus, p.saltus_by_place),
            (11, 3, None, None)
        );
        // f(n) = n/2 + ^ for even n, n for odd n: no plain period, no one
        // saltus; period 2, adding 1 at the even places and 2 at the odd.
        let cells: Vec<String> = (0..12)
            .map(|n| {
                if n % 2 == 0 {
                    format!("{}^", n / 2)
                } else {
                    format!("{n}")
                }
            })
            .collect();
        let refs: Vec<&str> = cells.iter().map(String::as_str).collect();
        let p = figure_period(&field, 0, &texts(&refs), &budget)
            .unwrap()
            .unwrap();
        assert_eq!(
            (p.period, p.saltus_by_place),
            (2, Some(vec!["1".to_string(), "2".to_string()]))
        );
        // f(n) = n + ^: arithmetic, period 1, saltus 1.
        let cells: Vec<String> = (0..8).map(|n| format!("{n}^")).collect();
        let refs: Vec<&str> = cells.iter().map(String::as_str).collect();
        let p = figure_period(&field, 0, &texts(&refs), &budget)
            .unwrap()
            .unwrap();
        assert_eq!(
            (p.preperiod, p.period, p.saltus),
            (0, 1, Some("1".to_string()))
        );
        // Strictly growing sums of distinct powers: nothing repeats.
        let none = texts(&["1", "2", "4", "8", "16", "32", "64", "128"]);
        assert_eq!(figure_period(&field, 0, &none, &budget).unwrap(), None);
    }

    #[test]
    fn filters_split_at_and_outside_braces_and_say_where_they_fail() {
        let f = Filter::parse("value != {1|0} and outcome == N", Play::Normal).unwrap();
        assert_eq!(
            f.fields(),
            [Field::of(Figure::Value), Field::of(Figure::Outcome)]
        );
        // `and` inside a word is not a connective.
        let e = Filter::parse("standard > 0", Play::Normal).unwrap_err();
        assert_eq!(e.span, 0..8);
        let e = Filter::parse("temperature > 0 and  ", Play::Normal).unwrap_err();
        assert!(e.message.contains("a comparison is missing"), "{e:?}");
        let e = Filter::parse("grundy == 1 and genus > 0", Play::Misere).unwrap_err();
        assert_eq!(e.span, 22..23);
        let e = Filter::parse("incentives == 0", Play::Normal).unwrap_err();
        assert!(e.message.contains("is a list"), "{e:?}");
    }
}
