//! The `sprague` Python module: the answers of the command line as Python
//! dicts (`analyze`, `table`), and games whose rules are Python functions,
//! solved in Rust by the library's solvers (`grundy_table`, `grundy`,
//! `canonical`, `solve`).
//!
//! Every function reads what it needs from Python first (each position's
//! moves asked once, see [`explore`]), then solves without the interpreter
//! (the GIL released). It never values a game itself: the values come from
//! the library's game model and solvers ([`games`]), and the JSON from the
//! library's `json` module, as the CLI's do.

mod display;
mod explore;
mod games;
mod survey;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use sprague::json::{AnalysisJson, CompareJson, QuotientJson, TableJson};
use sprague::rulesets::table_end;
use sprague::syntax::parse_ruleset;
use sprague::{Budget, ParseError, Play, Position, SolveError};

/// The budget of every call: the CLI's default.
const BUDGET: Budget = Budget::DEFAULT;

/// The default last heap of a period search without `to`, as the CLI's.
const DEFAULT_PERIOD_MAX: u64 = 1 << 32;

/// Heaps computed in one step of a period search (each step a call of the
/// library's search, which continues from the last).
const PERIOD_STEP: u64 = 1 << 20;

/// How often the thread that waits for a computation looks for Ctrl-C.
const SIGNAL_POLL: std::time::Duration = std::time::Duration::from_millis(10);

/// The [`Progress`](sprague::Progress) of computations under way, through
/// which a Ctrl-C asks them to stop; each is given back when its
/// computation ends, so there are never more than calls at once.
static PROGRESSES: std::sync::Mutex<Vec<&'static sprague::Progress>> =
    std::sync::Mutex::new(Vec::new());

/// Runs `work` with the module's budget on another thread while this one,
/// holding the interpreter only to look, checks for Ctrl-C every
/// [`SIGNAL_POLL`]: on Ctrl-C the computation is asked to stop (its next
/// look at the clock ends it, within milliseconds; every long computation
/// of the library reads the clock) and `KeyboardInterrupt` is raised at
/// once, while the thread frees what the computation held.
pub(crate) fn interruptible<R: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce(&Budget) -> R + Send + 'static,
) -> PyResult<R> {
    let progress = PROGRESSES
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .pop()
        .unwrap_or_else(|| Box::leak(Box::new(sprague::Progress::new())));
    progress.reset();
    let budget = BUDGET.with_progress(progress);
    let (done, finished) = std::sync::mpsc::channel();
    let worker = std::thread::spawn(move || {
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(&budget)));
        // The caller may be gone (interrupted): then the result is dropped
        // here, on this thread.
        let _ = done.send(result);
        PROGRESSES
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(progress);
    });
    let mut finished = finished;
    loop {
        // The receiver goes to the detached wait and back (it may be sent
        // between threads, not shared).
        let (received, back) = py.detach(move || {
            let received = finished.recv_timeout(SIGNAL_POLL);
            (received, finished)
        });
        finished = back;
        match received {
            Ok(result) => {
                let _ = worker.join();
                return match result {
                    Ok(result) => Ok(result),
                    Err(panic) => std::panic::resume_unwind(panic),
                };
            }
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                return Err(pyo3::exceptions::PyRuntimeError::new_err(
                    "the computation's thread ended without an answer",
                ));
            }
        }
        if let Err(interrupt) = py.check_signals() {
            progress.stop();
            return Err(interrupt);
        }
    }
}

/// A [`SolveError`] as a Python `ValueError`.
pub(crate) fn solve_error(e: SolveError) -> PyErr {
    match e {
        SolveError::Loopy => PyValueError::new_err(
            "the game is loopy: a position can be reached from itself (solve() values loopy games)",
        ),
        e => PyValueError::new_err(e.to_string()),
    }
}

/// A [`ParseError`] of `text` as a `ValueError` whose message is the CLI's
/// and whose `span` attribute is the `(start, end)` byte range it is about.
fn parse_error(py: Python<'_>, context: &str, text: &str, e: &ParseError) -> PyErr {
    let err = PyValueError::new_err(format!("{context}: {e}"));
    let value = err.value(py);
    let attributes = value
        .setattr("span", (e.span.start, e.span.end))
        .and_then(|()| value.setattr("text", text));
    match attributes {
        Ok(()) => err,
        Err(e) => e,
    }
}

/// Why a computation without the interpreter failed.
enum Failure {
    Parse(&'static str, ParseError),
    Solve(SolveError),
}

impl Failure {
    fn into_py(self, py: Python<'_>, text: &str) -> PyErr {
        match self {
            Failure::Parse(context, e) => parse_error(py, context, text, &e),
            Failure::Solve(e) => solve_error(e),
        }
    }
}

/// `json.loads(text)`: the dict of the CLI's `--json`, keys in its order.
fn json_to_python(py: Python<'_>, text: &str) -> PyResult<Py<PyAny>> {
    Ok(py.import("json")?.call_method1("loads", (text,))?.unbind())
}

fn to_json<T: serde::Serialize>(value: &T) -> PyResult<String> {
    serde_json::to_string(value).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// Who wins `position` (written as on the command line, e.g.
/// ``"nim(3, 6, 9) + kayles(10)"``), with which moves, and its value: the
/// dict of ``sprague analyze --json`` (keys ``position``, ``play``,
/// ``outcome``, ``first_player_wins``, ``grundy``, ``value``,
/// ``winning_moves``, ``drawing_moves``).
///
/// ``misere=True`` asks for misère play; ``all=True`` lists every winning
/// move, not only the first. A position that does not parse raises
/// ``ValueError`` with the CLI's message and the attribute ``span``, the
/// ``(start, end)`` byte range of the mistake.
#[pyfunction]
#[pyo3(signature = (position, misere = false, all = false))]
fn analyze(py: Python<'_>, position: &str, misere: bool, all: bool) -> PyResult<Py<PyAny>> {
    let play = if misere { Play::Misere } else { Play::Normal };
    let text = position.to_string();
    let answer = interruptible(py, move |budget| -> Result<AnalysisJson, Failure> {
        let parsed = Position::parse(&text).map_err(|e| Failure::Parse("bad position", e))?;
        let mut analysis = sprague::analyze(&parsed, play, all, budget).map_err(Failure::Solve)?;
        analysis.remoteness = sprague::remoteness(&parsed, play, sprague::Side::Left, budget);
        Ok(AnalysisJson::new(&parsed, &analysis))
    })?;
    let json = answer.map_err(|e| e.into_py(py, position))?;
    json_to_python(py, &to_json(&json)?)
}

/// How the game ``g`` compares with the game ``h`` (each a position, as
/// on the command line): the dict of ``sprague compare G H --json``, keys
/// ``left``, ``right``, ``relation`` (``"="``, ``">"``, ``"<"`` or ``"||"``)
/// and ``difference`` (the outcome class of ``G - H``). A game that does
/// not parse raises ``ValueError`` with ``span`` and ``text`` (the game it
/// is about).
#[pyfunction]
fn compare(py: Python<'_>, g: &str, h: &str) -> PyResult<Py<PyAny>> {
    let (left_text, right_text) = (g.to_string(), h.to_string());
    // The error says which game it is about (boxed: a failure is large).
    type Which = Box<(bool, Failure)>;
    let answer = interruptible(py, move |budget| -> Result<CompareJson, Which> {
        let left = Position::parse(&left_text)
            .map_err(|e| Box::new((true, Failure::Parse("bad first game", e))))?;
        let right = Position::parse(&right_text)
            .map_err(|e| Box::new((false, Failure::Parse("bad second game", e))))?;
        let comparison = sprague::compare(&left, &right, budget)
            .map_err(|e| Box::new((true, Failure::Solve(e))))?;
        Ok(CompareJson::new(&left, &right, comparison))
    })?;
    let json = answer.map_err(|which| {
        let (first, e) = *which;
        e.into_py(py, if first { g } else { h })
    })?;
    json_to_python(py, &to_json(&json)?)
}

/// The memory of this machine in bytes, as the CLI reads it, or 16 GiB.
fn memory_limit() -> u64 {
    let read = || -> Option<u64> {
        let text = std::fs::read_to_string("/proc/meminfo").ok()?;
        let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
        let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        kib.checked_mul(1024)
    };
    read().unwrap_or(16 << 30)
}

/// The Grundy values ``G(frm..=to)`` of a built-in one-heap family (e.g.
/// ``"subtraction[1,3,4]"``, ``"octal[0.77]"``): the dict of ``sprague
/// table --json`` (keys ``ruleset``, ``from``, ``to``, ``values``,
/// ``period``). The first heap may also be given as ``from_`` (the
/// command's ``--from``; ``from`` itself is a Python keyword).
///
/// Without ``to`` the table ends at heap 100, or with ``period=True`` two
/// periods past the preperiod. ``period=True`` finds the least preperiod and
/// period and says whether a theorem certifies them (``period`` is then a
/// dict with ``preperiod``, ``period``, ``certified``, ``certified_at``,
/// ``saltus``).
/// With ``misere=True``: the dict of ``sprague table --misere --json``,
/// ``values`` the misère Grundy values ``G⁻(n)`` and ``genus`` each heap's
/// genus symbol (``"4^146"``); ``period=True`` then gives the period
/// observed in ``G⁻``, never certified.
/// For a game of two interacting numbers (``"wythoff"``, ``"maundy"``,
/// ``"euclid"``, ``"cut"``), ``to`` (and ``frm``) is a cell, ``"20x20"`` or
/// ``(20, 20)``, and the dict is that of ``sprague table NAME --to 20x20
/// --json``: ``values[i][j]`` is the value of ``NAME(frm_a + i, frm_b + j)``
/// (Grundy values, or canonical forms with ``outcomes`` for a partizan
/// game); without ``to`` it is ``20x20``.
/// With ``field`` (a name or a list of names: any figure of ``analyze``'s
/// dict, ``"atomic_weight"``, ``"temperature"``, ``"atomic_weight.temperature"``,
/// ...), ``where`` (``"temperature > 0 and outcome == N"``) or ``layout``
/// (a row length, or ``"period"``), and for a partizan heap game
/// (``"subtraction[1,3|2,3]"``), the dict of ``sprague table --field ...
/// --json`` (``fields`` and ``columns``; with ``where``, ``positions``;
/// with ``layout``, ``layout``; docs/table.md).
/// A ruleset that does not parse raises ``ValueError`` with ``span``.
#[pyfunction]
#[pyo3(signature = (ruleset, to = None, frm = TableSize::Heap(0), period = false, misere = false, *, from_ = None, field = None, r#where = None, layout = None))]
#[allow(clippy::too_many_arguments)]
fn table(
    py: Python<'_>,
    ruleset: &str,
    to: Option<TableSize>,
    frm: TableSize,
    period: bool,
    misere: bool,
    from_: Option<u64>,
    field: Option<Fields>,
    r#where: Option<String>,
    layout: Option<TableSize>,
) -> PyResult<Py<PyAny>> {
    let (to, frm) = (to.map(TableSize::cell).transpose()?, frm.cell()?);
    let syntax = parse_ruleset(ruleset).map_err(|e| parse_error(py, "bad ruleset", ruleset, &e))?;
    let fields = match field {
        None => Vec::new(),
        Some(Fields::One(f)) => f.split(',').map(str::to_string).collect(),
        Some(Fields::Many(fs)) => fs,
    };
    if !fields.is_empty()
        || r#where.is_some()
        || layout.is_some()
        || (sprague::rulesets::family(&syntax).is_err() && sprague::is_partizan_heap_game(&syntax))
    {
        let frm = match (frm, from_) {
            (Cell::Heap(0), Some(f)) => Cell::Heap(f),
            (c, _) => c,
        };
        return figure_table(
            py, &syntax, to, frm, period, misere, fields, r#where, layout,
        );
    }
    let one_heap = sprague::rulesets::find(&syntax.name).is_some_and(|r| r.family.is_some());
    if matches!(to, Some(Cell::Grid(_)))
        || matches!(frm, Cell::Grid(_))
        || (!one_heap && sprague::is_two_coordinate(&syntax))
    {
        return grid_table(py, &syntax, to, frm, period || misere);
    }
    let to = to.map(Cell::heap).transpose()?;
    let frm = frm.heap()?;
    let frm = match from_ {
        None => frm,
        Some(f) if frm == 0 || frm == f => f,
        Some(f) => {
            return Err(PyValueError::new_err(format!(
                "table() got two first heaps: frm={frm} and from_={f}"
            )));
        }
    };
    let family = py
        .detach(|| -> Result<_, Failure> {
            let syntax = parse_ruleset(ruleset).map_err(|e| Failure::Parse("bad ruleset", e))?;
            sprague::rulesets::family(&syntax).map_err(|e| Failure::Parse("bad ruleset", e))
        })
        .map_err(|e| e.into_py(py, ruleset))?;
    if misere {
        let to = table_end(frm, to, None);
        if frm > to {
            return Err(PyValueError::new_err(format!(
                "frm {frm} is larger than to {to}"
            )));
        }
        let tabled = std::sync::Arc::clone(&family);
        let table = interruptible(py, move |budget| {
            sprague::misere_table(tabled.as_ref(), frm, to, budget)
        })?
        .map_err(solve_error)?;
        let periodicity = if period {
            sprague::observed_period(&table.values).map(|p| sprague::Periodicity {
                preperiod: frm + p.preperiod,
                ..p
            })
        } else {
            None
        };
        let json = sprague::json::MisereTableJson::new(family.as_ref(), &table, periodicity);
        return json_to_python(py, &to_json(&json)?);
    }
    let periodicity = if !period {
        None
    } else if family.searches_period() {
        // The search continues from step to step, so steps cost what one
        // search would; between them, Ctrl-C.
        let max = match to {
            Some(to) => to.max(BUDGET.max_positions.saturating_sub(1)),
            None => DEFAULT_PERIOD_MAX.min(sprague::heaps_within(memory_limit())),
        };
        let mut reached = 0u64;
        loop {
            reached = reached.saturating_add(PERIOD_STEP).min(max);
            let family = std::sync::Arc::clone(&family);
            let found =
                interruptible(py, move |budget| family.periodicity_within(reached, budget))?
                    .map_err(solve_error)?;
            if reached >= max || found.is_some_and(|p| p.certified) {
                break found;
            }
        }
    } else {
        let family = std::sync::Arc::clone(&family);
        interruptible(py, move |budget| family.periodicity(budget))?.map_err(solve_error)?
    };
    let to = table_end(frm, to, periodicity);
    if frm > to {
        return Err(PyValueError::new_err(format!(
            "frm {frm} is larger than to {to}"
        )));
    }
    let values = {
        let family = std::sync::Arc::clone(&family);
        interruptible(py, move |budget| family.grundy_values(frm, to, budget))?
            .map_err(solve_error)?
    };
    let values = values.into_iter().map(|g| g.0).collect();
    let json = TableJson::new(family.as_ref(), frm, values, periodicity);
    json_to_python(py, &to_json(&json)?)
}

/// The size of a table from Python: a heap, a pair ``(a, b)``, or text
/// (``"100"``, ``"20x20"``).
#[derive(FromPyObject)]
enum TableSize {
    Heap(u64),
    Pair(u64, u64),
    Text(String),
}

/// A size read: one heap, or a cell of a table of two numbers.
#[derive(Clone, Copy)]
enum Cell {
    Heap(u64),
    Grid([u64; 2]),
}

impl TableSize {
    fn cell(self) -> PyResult<Cell> {
        let number = |t: &str| {
            t.trim().parse::<u64>().map_err(|_| {
                PyValueError::new_err(format!("`{t}` is not a size (write 100, or 20x20)"))
            })
        };
        Ok(match self {
            TableSize::Heap(n) => Cell::Heap(n),
            TableSize::Pair(a, b) => Cell::Grid([a, b]),
            TableSize::Text(t) => match t.split_once(['x', 'X']) {
                None => Cell::Heap(number(&t)?),
                Some((a, b)) => Cell::Grid([number(a)?, number(b)?]),
            },
        })
    }
}

impl Cell {
    fn heap(self) -> PyResult<u64> {
        match self {
            Cell::Heap(n) => Ok(n),
            Cell::Grid(_) => Err(PyValueError::new_err(
                "this ruleset is not a game of two interacting numbers: give to and frm a heap size, not AxB",
            )),
        }
    }
}

/// ``field`` of ``table()``: one name (or names joined by commas), or a
/// list of names.
#[derive(FromPyObject)]
enum Fields {
    One(String),
    Many(Vec<String>),
}

/// `table()` with fields, a filter or a layout: the dict of `sprague table
/// NAME --field ... --json`, from the library's `figure_report`.
#[allow(clippy::too_many_arguments)]
fn figure_table(
    py: Python<'_>,
    syntax: &sprague::syntax::RulesetSyntax,
    to: Option<Cell>,
    frm: Cell,
    period: bool,
    misere: bool,
    fields: Vec<String>,
    filter: Option<String>,
    layout: Option<TableSize>,
) -> PyResult<Py<PyAny>> {
    let layout = match layout {
        None => None,
        Some(TableSize::Heap(k)) => Some(k.to_string()),
        Some(TableSize::Text(t)) => Some(t),
        Some(TableSize::Pair(..)) => Some("a pair".to_string()),
    }
    .map(|t| sprague::Layout::parse(&t))
    .transpose()
    .map_err(PyValueError::new_err)?;
    let two = matches!(to, Some(Cell::Grid(_)))
        || matches!(frm, Cell::Grid(_))
        || (sprague::rulesets::family(syntax).is_err() && sprague::is_two_coordinate(syntax));
    let (from, to_given, to) = if two {
        let (from, to) = grid_extent(syntax, to, frm)?;
        (from.to_vec(), true, to.to_vec())
    } else {
        let from = frm.heap()?;
        let to = to.map(Cell::heap).transpose()?;
        (vec![from], to.is_some(), vec![table_end(from, to, None)])
    };
    let query = sprague::FigureQuery {
        from,
        to,
        to_given,
        fields,
        filter,
        play: if misere {
            sprague::Play::Misere
        } else {
            sprague::Play::Normal
        },
        period,
        layout,
    };
    let syntax = syntax.clone();
    let report = interruptible(py, move |budget| {
        sprague::figure_report(&syntax, &query, budget)
    })?
    .map_err(|e| match e {
        sprague::FigureError::Filter(e) => PyValueError::new_err(format!(
            "bad where: {} (at bytes {}..{})",
            e.message, e.span.start, e.span.end
        )),
        sprague::FigureError::Solve(e) => solve_error(e),
    })?;
    json_to_python(py, &to_json(&sprague::json::FigureTableJson(&report))?)
}

/// The first and last cells of a table of two numbers: `frm` (the corner
/// by default) and `to` (`20x20` by default).
fn grid_extent(
    syntax: &sprague::syntax::RulesetSyntax,
    to: Option<Cell>,
    frm: Cell,
) -> PyResult<([u64; 2], [u64; 2])> {
    let grid = |c: Cell| match c {
        Cell::Grid(g) => Ok(g),
        Cell::Heap(_) => Err(PyValueError::new_err(format!(
            "`{}` is a game of two numbers: give to and frm as \"AxB\" or (a, b)",
            syntax.name
        ))),
    };
    let from = match frm {
        Cell::Heap(0) => sprague::grid_corner(syntax),
        c => grid(c)?,
    };
    let to = match to {
        None => [20.max(from[0]), 20.max(from[1])],
        Some(c) => grid(c)?,
    };
    Ok((from, to))
}

/// `table()` of a game of two interacting numbers: the dict of
/// `sprague table NAME --to AxB --json`.
fn grid_table(
    py: Python<'_>,
    syntax: &sprague::syntax::RulesetSyntax,
    to: Option<Cell>,
    frm: Cell,
    one_heap_options: bool,
) -> PyResult<Py<PyAny>> {
    if !sprague::is_two_coordinate(syntax) {
        return Err(Cell::Grid([0, 0]).heap().unwrap_err());
    }
    if one_heap_options {
        return Err(PyValueError::new_err(format!(
            "period and misere are for tables of one heap; `{}` has a table of two numbers",
            syntax.name
        )));
    }
    let (from, to) = grid_extent(syntax, to, frm)?;
    let syntax = syntax.clone();
    let table = interruptible(py, move |budget| {
        sprague::grid_table(&syntax, from, to, budget)
    })?
    .map_err(solve_error)?;
    json_to_python(py, &to_json(&sprague::json::GridTableJson::from(&table))?)
}

/// Without ``heaps``, the last heap a quotient is taken to when no proof
/// of stability comes first, as the CLI's.
const QUOTIENT_MAX_HEAPS: u64 = 1000;

/// The misère quotient (Plambeck and Siegel) of a take-and-break game
/// (``"octal[0.75]"``, ``"kayles"``, ...) restricted to heaps ``0..=heaps``:
/// the dict of ``sprague quotient --json`` (keys ``ruleset``, ``heaps``,
/// ``order``, ``tame``, ``generators``, ``relations``, ``elements``,
/// ``product``, ``p_portion``, ``heap_elements``, ``stable``,
/// ``stable_from``). Without ``heaps`` it is taken until it is proved for
/// every heap size, heap 1000, or the budget, whichever comes first. A
/// ruleset that does not parse raises ``ValueError`` with ``span``; one that
/// is not a take-and-break game raises ``ValueError``.
#[pyfunction]
#[pyo3(signature = (ruleset, heaps = None))]
fn quotient(py: Python<'_>, ruleset: &str, heaps: Option<u64>) -> PyResult<Py<PyAny>> {
    let family = py
        .detach(|| -> Result<_, Failure> {
            let syntax = parse_ruleset(ruleset).map_err(|e| Failure::Parse("bad ruleset", e))?;
            sprague::rulesets::family(&syntax).map_err(|e| Failure::Parse("bad ruleset", e))
        })
        .map_err(|e| e.into_py(py, ruleset))?;
    let Some(rules) = family.take_break() else {
        return Err(PyValueError::new_err(format!(
            "quotient() takes a take-and-break game (octal, hexadecimal, kayles, dawson, ...), not `{}`",
            family.ruleset()
        )));
    };
    // Interruptible: the quotient's search may run for minutes, and Ctrl-C
    // must end it within the poll, not when the search ends.
    let json = interruptible(py, move |budget| -> Result<QuotientJson, SolveError> {
        let mut solver = sprague::QuotientSolver::new(rules);
        match heaps {
            Some(n) => solver.extend_to(n, budget)?,
            None => match solver.extend_until_stable(QUOTIENT_MAX_HEAPS, budget) {
                Ok(_) | Err(SolveError::BudgetExceeded { .. } | SolveError::TimeLimit { .. }) => {}
                Err(e) => return Err(e),
            },
        }
        Ok(QuotientJson::new(family.ruleset(), &solver.quotient()))
    })?
    .map_err(solve_error)?;
    json_to_python(py, &to_json(&json)?)
}

/// The Grundy values ``[G(0), ..., G(n)]`` of a one-heap family defined in
/// Python. ``moves(h)`` returns the options of a heap of ``h``: each an
/// ``int`` (the heap left) or a ``tuple`` (or ``list``) of ints (the heaps it splits into,
/// whose sum the option is; ``()`` is a finished game).
///
/// ``moves`` is called once for each heap ``0..=n`` (and once for any larger
/// heap a move leads to); the values are computed in Rust. An exception
/// raised by ``moves`` propagates; an option of the wrong type raises
/// ``TypeError`` naming the heap; a heap that can be reached from itself
/// raises ``ValueError`` (at once for a move that leaves the heap as it
/// was: ``heap 3 → 3``), and so do moves that lead to larger and larger
/// heaps, naming them (``heap 5 → 6 → 7 → … → 10000005``) when the budget
/// runs out.
///
/// >>> grundy_table(lambda h: [h - t for t in (1, 3, 4) if t <= h], 13)
/// [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]
#[pyfunction]
fn grundy_table(py: Python<'_>, moves: &Bound<'_, PyAny>, n: u64) -> PyResult<Vec<u64>> {
    let options = explore::explore_heaps(moves, n, BUDGET)?;
    let count = u32::try_from(n + 1)
        .map_err(|_| PyValueError::new_err("the table has more than 2^32 heaps"))?;
    interruptible(py, move |budget| {
        games::grundy_table(options, count, *budget)
    })?
    .map_err(solve_error)
}

/// The nim product of ``a`` and ``b`` (Conway's multiplication of nimbers,
/// in the field GF(2^64)): the ``n`` with ``*a`` times ``*b`` = ``*n``, as
/// CGSuite's ``a.NimProduct(b)`` and the language's ``nim_product(a, b)``.
/// Both are integers with ``0 <= a, b < 2**64``; others raise
/// ``ValueError`` (``OverflowError`` for a negative one).
///
/// >>> nim_product(4, 4)
/// 6
#[pyfunction]
fn nim_product(a: u64, b: u64) -> u64 {
    (sprague::Nimber(a) * sprague::Nimber(b)).0
}

/// ``a`` nim-multiplied by itself ``n`` times (``nim_power(a, 0)`` is 1),
/// as the language's ``nim_power(a, n)``.
///
/// >>> nim_power(2, 3)
/// 1
#[pyfunction]
fn nim_power(a: u64, n: u64) -> u64 {
    sprague::Nimber(a).pow(n).0
}

/// The Grundy value of ``start`` in the impartial game whose options
/// ``moves(p)`` lists. A position is any hashable value; an option that is
/// a ``list`` of positions is their sum (its value is the XOR of theirs;
/// ``[]`` is a finished game).
///
/// ``moves`` is called once for each position reachable from ``start``;
/// the values are computed in Rust, by the library's mex solver. An
/// exception raised by ``moves`` propagates; a return value that is not a
/// list of options, or an unhashable option, raises ``TypeError`` naming the
/// position; a position that can be reached from itself raises
/// ``ValueError`` (use ``solve`` for loopy games).
///
/// >>> grundy(lambda h: [h - t for t in (1, 2) if t <= h], 5)
/// 2
#[pyfunction]
fn grundy(py: Python<'_>, moves: &Bound<'_, PyAny>, start: &Bound<'_, PyAny>) -> PyResult<u64> {
    let mut read = explore::explore(start, &[("moves", moves)], true, BUDGET)?;
    let options = read.pop().expect("one function, one set of options");
    let g =
        interruptible(py, move |budget| games::grundy(options, budget))?.map_err(solve_error)?;
    Ok(g.0)
}

/// The canonical value of ``start`` in the partizan game whose options for
/// Left and Right ``left(p)`` and ``right(p)`` list, written as ``sprague
/// analyze`` writes values: ``"0"``, ``"3/8"``, ``"-2"``, ``"*"``, ``"^"``,
/// ``"{1|0}"``. A position is any hashable value; an option that is a
/// ``list`` of positions is their sum.
///
/// ``figures=True`` returns a dict instead: ``value`` (the text above, or
/// ``None`` when longer than the limit), ``outcome`` (``"L"``, ``"R"``,
/// ``"N"`` or ``"P"``) and ``cgt``, the object of ``analyze --json``
/// (``left_stop``, ``right_stop``, ``mean``, ``temperature``,
/// ``birthday``, ``atomic_weight``, ``reduced``, ``thermograph``).
///
/// A game in which a position can come back (a move back to an earlier
/// position) is a loopy game: its value is given as ``sprague analyze``
/// gives a loopy partizan position's, by the library's theory of loopy
/// games: a stopper's simplest form (``"on"``, ``"over"``, ``"1over"``) or
/// a sided value ``"onside & offside"`` (``"dud"`` for ``on & off``). Its
/// options must be single positions, and it may have at most
/// ``MAX_VALUE_VERTICES`` positions in one strongly connected component
/// (positions each reachable from the other; the limit of ``analyze``),
/// else ``ValueError``. With
/// ``figures=True`` its ``outcome`` may be a draw (``"D"``, ``"PHat"``,
/// ``"PCheck"``, ``"NHat"``, ``"NCheck"``), and ``cgt`` holds the loopy
/// figures of ``analyze --json``: ``left_stop`` and ``right_stop`` (which
/// may be ``"on"``, ``"over"``, ``"3/2under"``), ``onside``, ``offside``,
/// ``degree``, ``variety`` and ``birthday``, each ``None`` where undefined
/// (the stops, degree and variety are a stopper's).
///
/// ``left`` and ``right`` are each called once for each position reachable
/// from ``start``; the canonical forms are computed in Rust, by the
/// library's canonical-form solver. Errors as for ``grundy``.
///
/// >>> canonical(lambda p: [p], lambda p: [], "on")
/// 'on'
/// >>> canonical(lambda n: [n - 1] if n else [], lambda n: [], 3)
/// '3'
/// >>> canonical(lambda n: [0] if n else [], lambda n: [0] if n else [], 1, figures=True)["cgt"]["temperature"]
/// '0'
#[pyfunction]
#[pyo3(signature = (left, right, start, figures = false))]
fn canonical(
    py: Python<'_>,
    left: &Bound<'_, PyAny>,
    right: &Bound<'_, PyAny>,
    start: &Bound<'_, PyAny>,
    figures: bool,
) -> PyResult<Py<PyAny>> {
    let read = explore::explore(start, &[("left", left), ("right", right)], true, BUDGET)?;
    let [left, right]: [explore::Options; 2] = read
        .try_into()
        .map_err(|_| PyValueError::new_err("two functions, two sets of options"))?;
    if games::is_loopy(&left, &right) {
        let answer = interruptible(py, move |budget| {
            games::loopy_canonical(left, right, *budget)
        })?
        .map_err(solve_error)?;
        if !figures {
            return Ok(answer.value.into_pyobject(py)?.into_any().unbind());
        }
        let dict = PyDict::new(py);
        dict.set_item("value", answer.value)?;
        dict.set_item("outcome", answer.outcome)?;
        dict.set_item("cgt", json_to_python(py, &to_json(&answer.cgt)?)?)?;
        return Ok(dict.into_any().unbind());
    }
    let too_long = || {
        PyValueError::new_err(format!(
            "the canonical value is longer than {} characters",
            games::MAX_VALUE_CHARS
        ))
    };
    if !figures {
        let value = interruptible(py, move |budget| games::canonical(left, right, *budget))?
            .map_err(solve_error)?
            .ok_or_else(too_long)?;
        return Ok(value.into_pyobject(py)?.into_any().unbind());
    }
    let (value, outcome, cgt) = interruptible(py, move |budget| {
        games::canonical_figures(left, right, *budget)
    })?
    .map_err(solve_error)?;
    let answer = PyDict::new(py);
    answer.set_item("value", value)?;
    answer.set_item("outcome", outcome.letter())?;
    answer.set_item("cgt", json_to_python(py, &to_json(&cgt)?)?)?;
    Ok(answer.into_any().unbind())
}

/// Who wins ``start`` in an impartial game whose positions may repeat
/// (play may go on forever): ``{"outcome": "N", "P" or "D", "remoteness":
/// int or None}``. ``N``: the player to move wins; ``P``: the other player;
/// ``D``: a draw. The remoteness is the number of moves to the end with best
/// play (the winner hurries, the loser holds out), ``None`` for a draw.
///
/// ``moves(p)`` lists the positions one move away (each hashable; sums are
/// not supported here) and is called once for each position reachable from
/// ``start``; the outcome is computed in Rust by the library's retrograde
/// analysis. Errors as for ``grundy``.
///
/// >>> solve(lambda p: {"a": ["b"], "b": ["a", "c"], "c": []}[p], "a")
/// {'outcome': 'P', 'remoteness': 2}
#[pyfunction]
fn solve(
    py: Python<'_>,
    moves: &Bound<'_, PyAny>,
    start: &Bound<'_, PyAny>,
) -> PyResult<Py<PyAny>> {
    let mut read = explore::explore(start, &[("moves", moves)], false, BUDGET)?;
    let options = read.pop().expect("one function, one set of options");
    let (outcome, remoteness) = py.detach(|| games::solve_loopy(&options));
    let answer = PyDict::new(py);
    answer.set_item("outcome", outcome.letter())?;
    answer.set_item("remoteness", remoteness)?;
    Ok(answer.into_any().unbind())
}

/// Exact solvers for combinatorial games.
///
/// ``analyze`` and ``table`` answer what the ``sprague`` command answers,
/// as the dicts of its ``--json``. ``grundy_table``, ``grundy``,
/// ``canonical`` and ``solve`` value games whose rules are Python functions:
/// each position's moves are asked for once, and the values are computed in
/// Rust by the same solvers as the command's.
#[pymodule]
#[pyo3(name = "_sprague")]
fn sprague_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(analyze, m)?)?;
    m.add_function(wrap_pyfunction!(compare, m)?)?;
    m.add_function(wrap_pyfunction!(table, m)?)?;
    m.add_function(wrap_pyfunction!(quotient, m)?)?;
    m.add_function(wrap_pyfunction!(grundy_table, m)?)?;
    m.add_function(wrap_pyfunction!(grundy, m)?)?;
    m.add_function(wrap_pyfunction!(canonical, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(nim_product, m)?)?;
    m.add_function(wrap_pyfunction!(nim_power, m)?)?;
    m.add_function(wrap_pyfunction!(survey::survey_game, m)?)?;
    m.add_function(wrap_pyfunction!(display::thermograph_svg, m)?)?;
    m.add_function(wrap_pyfunction!(display::value_tree, m)?)?;
    m.add_function(wrap_pyfunction!(display::tree_svg, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("MAX_VALUE_VERTICES", sprague::MAX_VALUE_VERTICES)?;
    Ok(())
}
