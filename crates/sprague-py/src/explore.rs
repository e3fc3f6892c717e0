//! Games defined in Python, read into Rust: every position reachable from
//! the start is given a number the first time it is seen (a Python dict,
//! position → number), its moves are asked of Python exactly once, and the
//! options are kept as numbers. The solvers then work on the numbers alone,
//! without the interpreter.
//!
//! The positions are read breadth first with a queue (the numbers in the
//! order they were given), so no game is too deep to read.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use sprague::Budget;

/// How often (in positions read) the reader looks for Ctrl-C.
const SIGNAL_EVERY: usize = 1024;

/// The options of numbered positions in compressed form: the options of
/// position `v` are `option_start[v]..option_start[v + 1]`, and option `o`
/// is the sum of the positions `parts[part_start[o]..part_start[o + 1]]`
/// (one part for a plain move, several for a move to a sum, none for a move
/// to a finished game).
#[derive(Debug)]
pub struct Options {
    option_start: Vec<u32>,
    part_start: Vec<u32>,
    parts: Vec<u32>,
}

impl Options {
    fn new() -> Options {
        Options {
            option_start: vec![0],
            part_start: vec![0],
            parts: Vec::new(),
        }
    }

    /// The number of positions whose options are known.
    pub fn n_positions(&self) -> usize {
        self.option_start.len() - 1
    }

    /// The options of position `v`, by number.
    pub fn options(&self, v: u32) -> std::ops::Range<u32> {
        self.option_start[v as usize]..self.option_start[v as usize + 1]
    }

    /// The positions whose sum option `o` is.
    pub fn parts(&self, o: u32) -> &[u32] {
        &self.parts[self.part_start[o as usize] as usize..self.part_start[o as usize + 1] as usize]
    }

    /// Ends option `o`: the parts pushed since the last one are its own.
    fn end_option(&mut self) {
        self.part_start.push(self.parts.len() as u32);
    }

    /// Ends the options of a position.
    fn end_position(&mut self) {
        self.option_start.push(self.part_start.len() as u32 - 1);
    }

    /// Checks that the compressed arrays still fit their `u32` indices,
    /// and that the options listed so far and `positions` positions are
    /// within the budget: an option costs what a position does, so a
    /// function that returns ten million options fails as quickly as one
    /// that leads to ten million positions.
    fn check_size(&self, positions: usize, budget: &Budget) -> PyResult<()> {
        if self.parts.len() >= u32::MAX as usize || self.part_start.len() >= u32::MAX as usize {
            return Err(PyValueError::new_err(
                "the game has more than 2^32 options in all",
            ));
        }
        let listed = (self.parts.len() as u64).saturating_add(positions as u64);
        if listed > budget.max_positions {
            return Err(PyValueError::new_err(format!(
                "the game has more than {} positions and options in all (the budget)",
                budget.max_positions
            )));
        }
        Ok(())
    }

    /// Refuses a list of `len` options beyond the budget before any is
    /// read.
    fn check_listed(
        &self,
        len: usize,
        positions: usize,
        budget: &Budget,
        of: &str,
    ) -> PyResult<()> {
        let listed = (self.parts.len() as u64)
            .saturating_add(positions as u64)
            .saturating_add(len as u64);
        if listed > budget.max_positions {
            return Err(PyValueError::new_err(format!(
                "{of} returned {len} options: with the positions and options read so far, more than the budget of {}",
                budget.max_positions
            )));
        }
        Ok(())
    }
}

/// `repr(obj)`, for error messages.
pub fn describe(obj: &Bound<'_, PyAny>) -> String {
    match obj.repr() {
        Ok(text) => text.to_string(),
        Err(_) => format!("<{} object>", type_name(obj)),
    }
}

/// The name of `obj`'s type, for error messages.
pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map_or_else(|_| "?".to_string(), |n| n.to_string())
}

/// Positions numbered in the order they are first seen.
struct Interner<'py> {
    ids: Bound<'py, PyDict>,
    positions: Vec<Bound<'py, PyAny>>,
    /// For each position but the start, the number of the one whose move
    /// first led to it.
    parents: Vec<u32>,
    /// The number of the position whose moves are being read.
    current: u32,
    budget: Budget,
}

impl<'py> Interner<'py> {
    /// Why the budget ran out while the moves of `at` were read: where the
    /// positions seen form one line, each first reached from the one
    /// before (`p -> p + 1`), the line from the start; `None` where they
    /// do not (a game that is merely large gets the budget's own message).
    fn endless(&self, at: u32) -> Option<PyErr> {
        let mut line = vec![at];
        let mut k = at;
        while k > 0 {
            k = self.parents[k as usize - 1];
            line.push(k);
        }
        line.reverse();
        if line.len() < 3 || line.len() < self.positions.len() / 2 {
            return None;
        }
        let shown = |ks: &[u32]| {
            ks.iter()
                .map(|&k| describe(&self.positions[k as usize]))
                .collect::<Vec<_>>()
                .join(" → ")
        };
        let text = if line.len() > 5 {
            format!(
                "{} → … → {}",
                shown(&line[..3]),
                shown(&line[line.len() - 1..])
            )
        } else {
            shown(&line)
        };
        Some(PyValueError::new_err(format!(
            "{text}: each move leads to a position not seen before, one line of {} positions from the start, and the budget of {} positions ran out: the game does not end within the budget",
            line.len(),
            self.budget.max_positions
        )))
    }

    /// The number of `position`, an option of `of`, numbering it if it is
    /// new.
    /// `of` is `None` for the start position.
    fn intern(
        &mut self,
        position: &Bound<'py, PyAny>,
        of: Option<&Bound<'py, PyAny>>,
        function: &str,
    ) -> PyResult<u32> {
        let py = position.py();
        let found = self.ids.get_item(position).map_err(|e| {
            if !e.is_instance_of::<PyTypeError>(py) {
                return e;
            }
            match of {
                Some(of) => PyTypeError::new_err(format!(
                    "{function}({}) returned the option {}, which is not hashable: {e}",
                    describe(of),
                    describe(position)
                )),
                None => PyTypeError::new_err(format!(
                    "the start position {} is not hashable: {e}",
                    describe(position)
                )),
            }
        })?;
        if let Some(id) = found {
            return id.extract::<u32>();
        }
        let id = self.positions.len();
        self.budget.check_positions(id as u64).map_err(|e| {
            self.endless(self.current)
                .unwrap_or_else(|| crate::solve_error(e))
        })?;
        let id = u32::try_from(id)
            .map_err(|_| PyValueError::new_err("the game has more than 2^32 positions"))?;
        self.ids.set_item(position, id)?;
        self.positions.push(position.clone());
        if id > 0 {
            self.parents.push(self.current);
        }
        Ok(id)
    }
}

/// What a move function may return for one position: an iterable of
/// options, each a position or (where sums are allowed) a list of
/// positions. Appends them to `out`.
fn read_options<'py>(
    interner: &mut Interner<'py>,
    function: &str,
    of: &Bound<'py, PyAny>,
    returned: &Bound<'py, PyAny>,
    sums: bool,
    out: &mut Options,
) -> PyResult<()> {
    let not_options = || {
        PyTypeError::new_err(format!(
            "{function}({}) returned {} of type {}, not a list of options",
            describe(of),
            describe(returned),
            type_name(returned)
        ))
    };
    if returned.is_instance_of::<PyString>() {
        return Err(not_options());
    }
    if let Ok(len) = returned.len() {
        out.check_listed(
            len,
            interner.positions.len(),
            &interner.budget,
            &format!("{function}({})", describe(of)),
        )
        .map_err(|e| interner.endless(interner.current).unwrap_or(e))?;
    }
    let iter = returned.try_iter().map_err(|_| not_options())?;
    for option in iter {
        let option = option?;
        match option.cast::<PyList>() {
            Ok(sum) if sums => {
                for part in sum.iter() {
                    let id = interner.intern(&part, Some(of), function)?;
                    out.parts.push(id);
                }
            }
            Ok(_) => {
                return Err(PyTypeError::new_err(format!(
                    "{function}({}) returned the list {}: sums of positions are not supported here",
                    describe(of),
                    describe(&option)
                )));
            }
            Err(_) => {
                let id = interner.intern(&option, Some(of), function)?;
                out.parts.push(id);
            }
        }
        out.end_option();
        out.check_size(interner.positions.len(), &interner.budget)
            .map_err(|e| interner.endless(interner.current).unwrap_or(e))?;
    }
    out.end_position();
    Ok(())
}

/// Reads the game whose moves `functions` give (one function for an
/// impartial game, Left's and Right's for a partizan one) from `start`
/// (number 0): one [`Options`] per function. `sums`: whether a list of
/// positions stands for their sum.
///
/// # Errors
///
/// Whatever a function raises; `TypeError` for a return value that is not
/// a list of options or an option that is not hashable; `ValueError`
/// beyond `budget`; `KeyboardInterrupt` on Ctrl-C.
pub fn explore<'py>(
    start: &Bound<'py, PyAny>,
    functions: &[(&str, &Bound<'py, PyAny>)],
    sums: bool,
    budget: Budget,
) -> PyResult<Vec<Options>> {
    let py = start.py();
    let mut interner = Interner {
        ids: PyDict::new(py),
        positions: Vec::new(),
        parents: Vec::new(),
        current: 0,
        budget,
    };
    interner.intern(start, None, "start")?;
    let mut options: Vec<Options> = functions.iter().map(|_| Options::new()).collect();
    let mut next = 0;
    while next < interner.positions.len() {
        if next % SIGNAL_EVERY == 0 {
            py.check_signals()?;
        }
        let position = interner.positions[next].clone();
        interner.current = next as u32;
        for ((name, function), out) in functions.iter().zip(&mut options) {
            let returned = function.call1((&position,))?;
            read_options(&mut interner, name, &position, &returned, sums, out)?;
        }
        next += 1;
    }
    Ok(options)
}

/// Heap sizes numbered for a table up to heap `n`: heap `h <= n` is number
/// `h`; larger heaps that moves lead to are numbered after, as seen.
struct Heaps {
    n: u64,
    larger: rustc_hash::FxHashMap<u64, u32>,
    /// The heap of each number past `n`.
    larger_heaps: Vec<u64>,
    /// For each heap past `n`, the heap whose move first led to it.
    parents: Vec<u64>,
    budget: Budget,
}

impl Heaps {
    /// The number of `heap`, an option of the heap `from`.
    fn number(&mut self, heap: u64, from: u64) -> PyResult<u32> {
        if heap == from {
            return Err(PyValueError::new_err(format!(
                "heap {heap} → {heap}: a move leaves the heap as it was, so the game is loopy and does not end (solve() values loopy games)"
            )));
        }
        if heap <= self.n {
            return Ok(heap as u32);
        }
        if let Some(&id) = self.larger.get(&heap) {
            return Ok(id);
        }
        let id = self.n + 1 + self.larger_heaps.len() as u64;
        self.budget.check_positions(id).map_err(|e| {
            let mut line = self.line_to(from);
            line.push(heap);
            self.endless(&line).unwrap_or_else(|| crate::solve_error(e))
        })?;
        let id = u32::try_from(id)
            .map_err(|_| PyValueError::new_err("the table has more than 2^32 heaps"))?;
        self.larger.insert(heap, id);
        self.larger_heaps.push(heap);
        self.parents.push(from);
        Ok(id)
    }

    /// The heaps from the table's (`0..=n`) to `heap` by the moves that
    /// first led to each heap past `n`.
    fn line_to(&self, heap: u64) -> Vec<u64> {
        let mut line = Vec::new();
        let mut at = heap;
        while let Some(&id) = self.larger.get(&at) {
            line.push(at);
            at = self.parents[(u64::from(id) - self.n - 1) as usize];
        }
        line.push(at);
        line.reverse();
        line
    }

    /// Why the budget ran out at the end of `line` (from [`Heaps::line_to`]):
    /// where the heaps past `n` form one line of larger and larger heaps,
    /// each reached from the one before (`h -> h + 1`), the line; `None`
    /// where they do not (a family that is merely large gets the budget's
    /// own message).
    fn endless(&self, line: &[u64]) -> Option<PyErr> {
        if line.len() < 3
            || line.len() < self.larger_heaps.len() / 2
            || line.windows(2).any(|w| w[1] <= w[0])
        {
            return None;
        }
        let shown = |hs: &[u64]| {
            hs.iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(" → ")
        };
        let text = if line.len() > 5 {
            format!(
                "{} → … → {}",
                shown(&line[..3]),
                shown(&line[line.len() - 1..])
            )
        } else {
            shown(line)
        };
        Some(PyValueError::new_err(format!(
            "heap {text}: each move leads to a larger heap, and the budget of {} positions ran out on this line: the game does not end within the budget (a heap's moves must, in the end, lead to smaller heaps)",
            self.budget.max_positions
        )))
    }

    fn heap(&self, id: usize) -> u64 {
        match id.checked_sub(self.n as usize + 1) {
            None => id as u64,
            Some(k) => self.larger_heaps[k],
        }
    }
}

/// One heap size among a move function's options, numbered.
fn heap_option(
    heaps: &mut Heaps,
    item: &Bound<'_, PyAny>,
    heap: u64,
    option: &Bound<'_, PyAny>,
) -> PyResult<u32> {
    let size = item.extract::<u64>().map_err(|_| {
        if item.is_instance_of::<pyo3::types::PyInt>() {
            PyValueError::new_err(format!(
                "moves({heap}) returned the option {}: heap sizes are whole numbers from 0 to 2^64 - 1",
                describe(option)
            ))
        } else {
            PyTypeError::new_err(format!(
                "moves({heap}) returned the option {}: an option is an int (a heap) or a tuple or list of ints (the heaps it splits into)",
                describe(option)
            ))
        }
    })?;
    heaps.number(size, heap)
}

/// Reads a one-heap family from its move function: `moves(h)` for every
/// heap `h` in `0..=n` and every larger heap a move leads to, each once.
/// An option is an `int` (a heap) or a tuple of `int`s (a split into those
/// heaps).
///
/// # Errors
///
/// As [`explore`].
pub fn explore_heaps(moves: &Bound<'_, PyAny>, n: u64, budget: Budget) -> PyResult<Options> {
    let py = moves.py();
    budget.check_positions(n).map_err(crate::solve_error)?;
    let mut heaps = Heaps {
        n,
        larger: rustc_hash::FxHashMap::default(),
        larger_heaps: Vec::new(),
        parents: Vec::new(),
        budget,
    };
    let mut out = Options::new();
    let mut id = 0usize;
    while id as u64 <= n || id - (n as usize + 1) < heaps.larger_heaps.len() {
        if id % SIGNAL_EVERY == 0 {
            py.check_signals()?;
        }
        let heap = heaps.heap(id);
        let returned = moves.call1((heap,))?;
        let not_options = || {
            PyTypeError::new_err(format!(
                "moves({heap}) returned {} of type {}, not a list of options",
                describe(&returned),
                type_name(&returned)
            ))
        };
        // Anything with a length (a list, a range) is checked before its
        // options are read.
        if let Ok(len) = returned.len() {
            out.check_listed(
                len,
                heaps.larger_heaps.len() + id,
                &budget,
                &format!("moves({heap})"),
            )
            .map_err(|e| heaps.endless(&heaps.line_to(heap)).unwrap_or(e))?;
        }
        if let Ok(list) = returned.cast::<PyList>() {
            for option in list.iter() {
                read_heap_option(&mut heaps, &option, heap, &mut out, id)?;
            }
        } else {
            if returned.is_instance_of::<PyString>() {
                return Err(not_options());
            }
            for option in returned.try_iter().map_err(|_| not_options())? {
                read_heap_option(&mut heaps, &option?, heap, &mut out, id)?;
            }
        }
        out.end_position();
        id += 1;
    }
    Ok(out)
}

/// Reads one option of the heap numbered `id`.
fn read_heap_option(
    heaps: &mut Heaps,
    option: &Bound<'_, PyAny>,
    heap: u64,
    out: &mut Options,
    id: usize,
) -> PyResult<()> {
    // A split is a tuple, as in the docs, or a list, as a sum is in
    // `grundy`: either reads the same.
    let split = match option.cast::<pyo3::types::PyTuple>() {
        Ok(tuple) => Some(tuple.iter().collect::<Vec<_>>()),
        Err(_) => option
            .cast::<PyList>()
            .ok()
            .map(|list| list.iter().collect()),
    };
    match split {
        Some(split) => {
            for part in split {
                let id = heap_option(heaps, &part, heap, option)?;
                out.parts.push(id);
            }
        }
        None => {
            let id = heap_option(heaps, option, heap, option)?;
            out.parts.push(id);
        }
    }
    out.end_option();
    let budget = heaps.budget;
    out.check_size(heaps.larger_heaps.len() + id, &budget)
        .map_err(|e| heaps.endless(&heaps.line_to(heap)).unwrap_or(e))
}
