//! Take-and-break rulesets: `octal[CODE]` and the named octal games
//! (Kayles, Dawson's Kayles, Dawson's Chess, Officers, Guiles), Grundy's
//! game and Lasker's Nim.
//!
//! Heaps never interact, so each heap is a component valued by the Grundy
//! sequence of its rules, computed by [`sprague_impartial::octal::GrundySequence`] and shared
//! (with its proved period, once found) by every heap of one ruleset
//! instance. Once a period is proved by the periodicity theorem (see
//! [`sprague_impartial::octal::PeriodSearch`]), any heap up to `u64::MAX` is answered at once;
//! for a game with no proved period, a heap beyond the budget is a clear
//! error, never a guess.
//!
//! One period search serves `analyze`, `table`, the web explorer and the
//! Python module: [`OctalRules::search_period`]. It has no horizon of its
//! own: it computes values until a theorem proves a period, the budget is
//! spent (its values or its time), or the memory the caller says it has
//! would run out, and its [`PeriodReport`] says which, with the numbers.

use std::sync::{Arc, Mutex};

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::{ComponentSyntax, Param, RulesetSyntax};
use sprague_game::{Component, Impartial, Key, Kind, Move, MoveLabel, SumRule};
use sprague_impartial::nimber::Nimber;
use sprague_impartial::octal::CheckpointError;
use sprague_impartial::octal::{
    DiskUse, GrundySequence, Method, OctalCode, PeriodSearch, PeriodicSequence, TakeBreak,
    disk_plan, heaps_within, lasker_grundy, sequence_bytes,
};

use crate::common::Moves;
use crate::common::Values;
use crate::common::heap_components;
use crate::common::{
    HeapFamily, PeriodReport, Periodicity, RareValues, Ruleset, SearchEnd, check_move_count,
    no_params,
};
use crate::heaps::take_and_break::ReadCode;

pub(crate) const OCTAL: Ruleset = Ruleset {
    name: "octal",
    syntax: "octal[CODE](n, ...)   CODE: d0.d1d2... in octal or hexadecimal, e.g. 0.137, 4.07, \
             or in CGSuite's full syntax: 4!.0 (! unequal heaps), 0.[3] (repeated digits)",
    rule: "take k stones from a heap if digit dk allows it: dk's bit 1 lets the heap vanish, 2 leaves one heap, 4 two heaps, 8 three heaps",
    example: "octal[0.137](20)",
    heaps_interact: false,
    build: build_octal,
    family: Some(family_octal),
};

macro_rules! named_octal {
    ($konst:ident, $name:literal, $code:literal, $rule:literal, $example:literal, $build:ident, $family:ident) => {
        pub(crate) const $konst: Ruleset = Ruleset {
            name: $name,
            syntax: concat!($name, "(n, ...)"),
            rule: concat!($rule, " (octal game ", $code, ")"),
            example: $example,
            heaps_interact: false,
            build: $build,
            family: Some($family),
        };

        fn $build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
            no_params(&c.ruleset)?;
            heaps(named($name, $code), c)
        }

        fn $family(r: &RulesetSyntax) -> Result<Arc<dyn HeapFamily>, ParseError> {
            no_params(r)?;
            Ok(Arc::new(OctalFamily {
                rules: named($name, $code),
            }))
        }
    };
}

named_octal!(
    KAYLES,
    "kayles",
    "0.77",
    "knock down one pin or two adjacent pins from a row",
    "kayles(10) + kayles(7)",
    build_kayles,
    family_kayles
);
named_octal!(
    DAWSON,
    "dawson",
    "0.07",
    "Dawson's Kayles: knock down two adjacent pins from a row",
    "dawson(20)",
    build_dawson,
    family_dawson
);
named_octal!(
    DAWSONS_CHESS,
    "dawsonschess",
    "0.137",
    "Dawson's Chess: take one stone if it is the whole heap, two from the end of a heap, or three leaving one or two heaps",
    "dawsonschess(20)",
    build_dawsonschess,
    family_dawsonschess
);
named_octal!(
    OFFICERS,
    "officers",
    "0.6",
    "take one stone from a heap, leaving one or two non-empty heaps (never the last stone)",
    "officers(30)",
    build_officers,
    family_officers
);
named_octal!(
    GUILES,
    "guiles",
    "0.15",
    "take one stone if it is the whole heap, or two stones leaving one or two non-empty heaps",
    "guiles(12)",
    build_guiles,
    family_guiles
);

pub(crate) const GRUNDY: Ruleset = Ruleset {
    name: "grundy",
    syntax: "grundy(n, ...)",
    rule: "Grundy's game: split one heap into two non-empty heaps of different sizes",
    example: "grundy(20)",
    heaps_interact: false,
    build: build_grundy,
    family: Some(family_grundy),
};

pub(crate) const LASKER: Ruleset = Ruleset {
    name: "lasker",
    syntax: "lasker(n, ...)",
    rule: "Lasker's Nim: take any number of stones from one heap, or split a heap into two non-empty heaps",
    example: "lasker(3, 5, 8)",
    heaps_interact: false,
    build: build_lasker,
    family: Some(family_lasker),
};

/// The rules of one take-and-break ruleset and what is known of its Grundy
/// sequence, shared by every heap of one ruleset instance.
#[derive(Debug)]
pub struct OctalRules {
    text: String,
    rules: TakeBreak,
    known: Mutex<Known>,
    /// The misère quotient as far as it was computed, shared by every heap
    /// of this ruleset instance (see `misere_quotient`).
    pub(crate) quotient: Mutex<Option<crate::heaps::misere_quotient::QuotientCache>>,
}

#[derive(Debug)]
struct Known {
    sequence: GrundySequence,
    /// The period search over the values computed so far: every value
    /// computed is computed through it, so the period is checked on the way
    /// at no more than a small fraction of the cost.
    search: PeriodSearch,
    periodic: Option<PeriodicSequence>,
    /// The heaps computed between two readings of the clock, adjusted to
    /// the time the last steps took (see [`Known::timed_step`]).
    clock_step: usize,
    /// Where the values are kept past memory (see
    /// [`OctalRules::keep_on_disk`]); the memory limit then no longer ends
    /// the period search.
    disk: Option<(DiskUse, usize)>,
}

/// The most heaps computed between two readings of the clock.
const TIME_CHECK_HEAPS: usize = 1 << 14;

/// The time one step between two readings of the clock should take: short
/// enough that a time limit, or a stop asked by a caller waiting on Ctrl-C,
/// is seen within a few hundredths of a second even on a loaded machine.
const STEP_TIME: std::time::Duration = std::time::Duration::from_millis(40);

impl Known {
    /// The step after one of `heaps` heaps that took `took`: halved when it
    /// took more than twice [`STEP_TIME`], doubled (up to `most`) when less
    /// than half. A heap of a game that splits costs about `n` steps
    /// without the sparse-space method and far less with it, so no fixed
    /// count of heaps fits every game: at heap 2·10^6 of Treblecross
    /// (0.007) 2^14 heaps took a third of a second.
    fn timed_step(&mut self, heaps: usize, took: std::time::Duration, most: usize) {
        if heaps < self.clock_step {
            return;
        }
        if took > 2 * STEP_TIME {
            self.clock_step = (self.clock_step / 2).max(1);
        } else if took < STEP_TIME / 2 {
            self.clock_step = self.clock_step.saturating_mul(2).min(most);
        }
    }
}

impl OctalRules {
    /// The rules `rules`, written `text` (`kayles`, `octal[0.77]`).
    pub fn new(text: impl Into<String>, rules: TakeBreak) -> OctalRules {
        OctalRules {
            text: text.into(),
            known: Mutex::new(Known {
                sequence: GrundySequence::new(rules.clone(), Method::SparseSpace),
                search: PeriodSearch::new(),
                periodic: None,
                clock_step: TIME_CHECK_HEAPS,
                disk: None,
            }),
            quotient: Mutex::new(None),
            rules,
        }
    }

    /// How the ruleset is written.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The rules.
    pub fn rules(&self) -> &TakeBreak {
        &self.rules
    }

    /// Keeps the values in a memory-mapped file in `dir` if `heaps` values
    /// (and the period detector) would not fit in `memory` bytes, as
    /// [`disk_plan`] says, with the file's room reserved at once; returns
    /// the plan, or `None` if they fit in memory (they stay there). Values
    /// resumed later go there too.
    ///
    /// # Errors
    ///
    /// [`SolveError::Unsupported`] saying why the file cannot be made (an
    /// unwritable directory, a disk without room for the values).
    pub fn keep_on_disk(
        &self,
        dir: &std::path::Path,
        memory: u64,
        heaps: u64,
    ) -> Result<Option<DiskUse>, SolveError> {
        let Some(used) = disk_plan(dir, memory, heaps) else {
            return Ok(None);
        };
        let capacity = usize::try_from(heaps).map_err(|_| {
            SolveError::unsupported(format!("{heaps} heaps do not fit this machine's addresses"))
        })?;
        let mut known = self.lock();
        known
            .sequence
            .keep_on_disk(&used.plan, &self.file_name(), capacity)
            .map_err(|e| SolveError::unsupported(format!("cannot keep the values on disk: {e}")))?;
        known.disk = Some((used.clone(), capacity));
        Ok(Some(used))
    }

    /// The ruleset as a file name: letters, digits, `.` and `-` kept, the
    /// rest `_`.
    fn file_name(&self) -> String {
        self.text
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect()
    }

    /// The file the values are kept in, if on disk.
    pub fn disk_path(&self) -> Option<std::path::PathBuf> {
        self.lock()
            .sequence
            .disk_path()
            .map(std::path::Path::to_path_buf)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Known> {
        self.known.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// `G(n)`.
    ///
    /// # Errors
    ///
    /// [`SolveError::PeriodNotProved`] when no period is proved and `n` is
    /// beyond the budget.
    pub fn grundy(&self, n: u64, budget: &Budget) -> Result<u64, SolveError> {
        let mut known = self.lock();
        self.ensure(&mut known, n, budget)?;
        value(&known, n)
    }

    /// The period, searched for within `budget` (see
    /// [`OctalRules::search_period`]).
    ///
    /// # Errors
    ///
    /// As [`sprague_impartial::octal::GrundySequence::extend_to`], and
    /// [`SolveError::TimeLimit`] if the time ran out first.
    pub fn periodicity(&self, budget: &Budget) -> Result<Option<Periodicity>, SolveError> {
        let report = self.search_period(budget, &mut |_| true)?;
        match report.end {
            SearchEnd::Time { millis } => Err(SolveError::TimeLimit { millis }),
            _ => Ok(report.periodicity),
        }
    }

    /// The period among `G(0..=max)`: [`OctalRules::periodicity`] with a
    /// budget of `max + 1` values.
    ///
    /// # Errors
    ///
    /// As [`OctalRules::periodicity`].
    pub fn periodicity_within(
        &self,
        max: u64,
        budget: &Budget,
    ) -> Result<Option<Periodicity>, SolveError> {
        let within = Budget {
            max_positions: max.saturating_add(1),
            ..*budget
        };
        self.periodicity(&within)
    }

    /// The period search: computes values, checking the period on the way
    /// (see [`PeriodSearch`]), until a theorem proves a period or one of
    /// the limits of `budget` is reached: `max_positions` values (heaps
    /// `0..max_positions`), the deadline, or `memory_bytes` (as
    /// [`sequence_bytes`] counts it). It stops too at an arithmetic
    /// period no theorem proves, and when `progress`, called with the
    /// number of values known after each step (about a tenth of a second of
    /// work), returns `false`. The values computed are kept, so a later
    /// search continues this one.
    ///
    /// # Errors
    ///
    /// As [`sprague_impartial::octal::GrundySequence::extend_to`] (a value above 65 535).
    ///
    /// # Examples
    ///
    /// ```
    /// use sprague::{Budget, OctalCode, TakeBreak, rulesets::{OctalRules, SearchEnd}};
    /// let chess = OctalRules::new("dawsonschess", TakeBreak::from_code(&OctalCode::parse("0.137").unwrap()));
    /// let report = chess.search_period(&Budget::DEFAULT, &mut |_| true).unwrap();
    /// assert_eq!(report.end, SearchEnd::Proved);
    /// let p = report.periodicity.unwrap();
    /// assert_eq!((p.preperiod, p.period, p.certified_at), (52, 34, 175));
    /// // Officers has no known period: the budget ends the search.
    /// let officers = OctalRules::new("officers", TakeBreak::from_code(&OctalCode::parse("0.6").unwrap()));
    /// let report = officers.search_period(&Budget::positions(5000), &mut |_| true).unwrap();
    /// assert_eq!((report.end, report.computed), (SearchEnd::Budget { values: 5000 }, 5000));
    /// ```
    pub fn search_period(
        &self,
        budget: &Budget,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<PeriodReport, SolveError> {
        loop {
            let mut known = self.lock();
            if let Some(end) = self.search_step(&mut known, budget)? {
                return Ok(self.report(&known, end));
            }
            let computed = known.sequence.len() as u64;
            // The lock is released for the callback, which may read the
            // values (a checkpoint).
            drop(known);
            if !progress(computed) {
                return Ok(self.report(&self.lock(), SearchEnd::Stopped));
            }
        }
    }

    /// [`OctalRules::search_period`] under a lock already held, without
    /// progress.
    fn search_locked(
        &self,
        known: &mut Known,
        budget: &Budget,
    ) -> Result<PeriodReport, SolveError> {
        loop {
            if let Some(end) = self.search_step(known, budget)? {
                return Ok(self.report(known, end));
            }
        }
    }

    fn report(&self, known: &Known, end: SearchEnd) -> PeriodReport {
        PeriodReport {
            periodicity: if self.rules.unequal {
                None
            } else {
                known.search.periodicity(&known.sequence)
            },
            end,
            computed: known.sequence.len() as u64,
        }
    }

    /// One step of the period search (about a tenth of a second of work),
    /// or why the search ends.
    fn search_step(
        &self,
        known: &mut Known,
        budget: &Budget,
    ) -> Result<Option<SearchEnd>, SolveError> {
        if self.rules.unequal {
            // No theorem certifies a period of Grundy's game.
            return Ok(Some(SearchEnd::NoTheorem));
        }
        if known.periodic.is_some() {
            return Ok(Some(SearchEnd::Proved));
        }
        if known.search.is_unprovable() {
            return Ok(Some(SearchEnd::Unprovable));
        }
        let len = known.sequence.len() as u64;
        budget.report_values(len);
        if len >= budget.max_positions {
            return Ok(Some(SearchEnd::Budget {
                values: budget.max_positions,
            }));
        }
        // The most values that fit in the memory the caller has (on disk,
        // the disk's room, reserved up front, is the limit).
        let fits = budget
            .memory_bytes
            .map(heaps_within)
            .filter(|_| known.disk.is_none());
        if let Some(fits) = fits.filter(|&fits| len >= fits) {
            return Ok(Some(SearchEnd::Memory {
                values: fits,
                bytes: budget.memory_bytes.unwrap_or(0),
            }));
        }
        if let Err(SolveError::TimeLimit { millis }) = budget.check_time() {
            return Ok(Some(SearchEnd::Time { millis }));
        }
        let most = self.heaps_per_clock_check(len as usize);
        let step = known.clock_step.min(most) as u64;
        let end = len
            .saturating_add(step)
            .min(budget.max_positions)
            .min(fits.unwrap_or(u64::MAX));
        let max = usize::try_from(end - 1).unwrap_or(usize::MAX);
        let begun = std::time::Instant::now();
        let Known {
            sequence, search, ..
        } = &mut *known;
        let found = search.run(sequence, max)?;
        known.timed_step((end - len) as usize, begun.elapsed(), most);
        if let Some(p) = found.filter(|p| p.certified) {
            known.periodic = PeriodicSequence::new(&known.sequence, &p);
        }
        Ok(None)
    }

    /// Computes `G(0..=max)` with the period checked on the way, stopping
    /// early once a period is proved, and with [`SolveError::TimeLimit`]
    /// once the budget's time is up (the clock is read every
    /// `heaps_per_clock_check` heaps; the values computed so far are kept).
    fn advance(&self, known: &mut Known, max: u64, budget: &Budget) -> Result<(), SolveError> {
        if known.periodic.is_some() {
            return Ok(());
        }
        let max = usize::try_from(max).unwrap_or(usize::MAX);
        let found = loop {
            budget.report_values(known.sequence.len() as u64);
            budget.check_time()?;
            let len = known.sequence.len();
            let most = self.heaps_per_clock_check(len);
            let step = max.min(len.saturating_add(known.clock_step.min(most)));
            let begun = std::time::Instant::now();
            let Known {
                sequence, search, ..
            } = &mut *known;
            // Grundy's game has no period search, and an arithmetic period
            // no theorem proves ends the search but not the values asked
            // for: both are computed on in steps, reading the clock.
            let found = if self.rules.unequal || search.is_unprovable() {
                sequence.extend_to(step)?;
                None
            } else {
                search.run(sequence, step)?
            };
            let done = sequence.len();
            known.timed_step(done.saturating_sub(len), begun.elapsed(), most);
            let proved = found.is_some_and(|p| p.certified);
            if proved || done > max {
                budget.report_values(done as u64);
                break found;
            }
        };
        if let Some(p) = found.filter(|p| p.certified) {
            known.periodic = PeriodicSequence::new(&known.sequence, &p);
        }
        Ok(())
    }

    /// How many heaps from heap `n` on may be computed between two readings
    /// of the clock. A heap costs about `n` steps, so `TIME_CHECK_HEAPS`
    /// heaps are quick, except where a move leaves three heaps: there heap
    /// `n` has about `n²/12` options for each such move, and with a fixed
    /// step `octal[0.ffff](5000)` ran for a minute past a 5 s limit.
    fn heaps_per_clock_check(&self, n: usize) -> usize {
        /// About a tenth of a second of work between two readings.
        const WORK_PER_CLOCK_CHECK: usize = 1 << 27;
        let three = self.rules.leave_three.len();
        if three == 0 {
            return TIME_CHECK_HEAPS;
        }
        // Halve the step until its heaps, each costing at most what its last
        // one costs, fit the work between two readings.
        let mut step = TIME_CHECK_HEAPS;
        while step > 1 {
            let last = n.saturating_add(step);
            let per_heap = last.saturating_mul(last).saturating_mul(three) / 12;
            if step.saturating_mul(per_heap) <= WORK_PER_CLOCK_CHECK {
                break;
            }
            step /= 2;
        }
        step
    }

    /// Makes `G(n)` known: from the proved period, or by computing
    /// `G(0..=n)` with the period checked on the way (which stops early
    /// once a period is proved). A heap beyond the budget is answered only
    /// from a proved period, which the period search looks for within the
    /// budget (see [`OctalRules::search_period`]).
    fn ensure(&self, known: &mut Known, n: u64, budget: &Budget) -> Result<(), SolveError> {
        if known.periodic.is_some() || n < known.sequence.len() as u64 {
            return Ok(());
        }
        if n < budget.max_positions {
            return self.advance(known, n, budget);
        }
        let search = Budget {
            max_positions: budget
                .period_values
                .map_or(budget.max_positions, |v| v.max(budget.max_positions)),
            ..*budget
        };
        let report = self.search_locked(known, &search)?;
        if known.periodic.is_some() {
            return Ok(());
        }
        Err(SolveError::PeriodNotProved {
            heap: n,
            ruleset: self.text.clone(),
            report: report.to_string(),
            budget: budget.max_positions,
        })
    }
}

fn value(known: &Known, n: u64) -> Result<u64, SolveError> {
    match &known.periodic {
        Some(p) => p.grundy(n).ok_or_else(|| {
            SolveError::unsupported(format!(
                "the grundy value of heap {n} is beyond the 64 bits of a nimber"
            ))
        }),
        None => Ok(u64::from(
            known
                .sequence
                .get(n as usize)
                .expect("ensure made the value known"),
        )),
    }
}

fn named(name: &str, code: &str) -> Arc<OctalRules> {
    let code = OctalCode::parse(code).expect("the named codes are valid");
    Arc::new(OctalRules::new(name, TakeBreak::from_code(&code)))
}

fn code_rules(r: &RulesetSyntax) -> Result<Arc<OctalRules>, ParseError> {
    let whole = r
        .params_span
        .clone()
        .unwrap_or(r.name_span.end..r.name_span.end);
    let [param] = r.params.as_slice() else {
        return Err(ParseError::bad_parameters(
            "`octal` needs one code in brackets, like octal[0.137]",
            whole,
        ));
    };
    let code = match &param.value {
        Param::Code(text) => OctalCode::parse_at(text, param.span.start)?,
        Param::Int(_) => {
            return Err(ParseError::bad_parameters(
                "a take-and-break code needs a point, like 0.77 or 4.07",
                param.span.clone(),
            ));
        }
        _ => {
            return Err(ParseError::bad_parameters(
                "expected a take-and-break code like 0.137",
                param.span.clone(),
            ));
        }
    };
    Ok(plain_rules(&code))
}

fn plain_rules(code: &OctalCode) -> Arc<OctalRules> {
    Arc::new(OctalRules::new(
        format!("octal[{code}]"),
        TakeBreak::from_code(code),
    ))
}

fn heaps(
    rules: Arc<OctalRules>,
    c: &ComponentSyntax,
) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    heap_components(c, |size| OctalHeap {
        rules: Arc::clone(&rules),
        size,
    })
}

fn build_octal(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    // A code in CGSuite's full syntax (`4!.0`, `0.[3]`) is read there; one
    // that is a plain code after all comes back to the engine.
    match crate::heaps::take_and_break::read(&c.ruleset)? {
        Some(ReadCode::General(rules)) => rules.heaps(c),
        Some(ReadCode::Plain(code)) => heaps(plain_rules(&code), c),
        None => heaps(code_rules(&c.ruleset)?, c),
    }
}

fn family_octal(r: &RulesetSyntax) -> Result<Arc<dyn HeapFamily>, ParseError> {
    let rules = match crate::heaps::take_and_break::read(r)? {
        Some(ReadCode::General(rules)) => {
            return Ok(Arc::new(crate::heaps::take_and_break::GeneralFamily(rules)));
        }
        Some(ReadCode::Plain(code)) => plain_rules(&code),
        None => code_rules(r)?,
    };
    Ok(Arc::new(OctalFamily { rules }))
}

fn grundy_rules() -> Arc<OctalRules> {
    Arc::new(OctalRules::new("grundy", TakeBreak::grundys_game()))
}

fn build_grundy(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    no_params(&c.ruleset)?;
    heaps(grundy_rules(), c)
}

fn family_grundy(r: &RulesetSyntax) -> Result<Arc<dyn HeapFamily>, ParseError> {
    no_params(r)?;
    Ok(Arc::new(OctalFamily {
        rules: grundy_rules(),
    }))
}

/// One heap of a take-and-break game.
#[derive(Clone, Debug)]
pub struct OctalHeap {
    rules: Arc<OctalRules>,
    size: u64,
}

impl OctalHeap {
    /// A heap of `size` under `rules`.
    pub fn new(rules: Arc<OctalRules>, size: u64) -> OctalHeap {
        OctalHeap { rules, size }
    }

    fn heap(&self, size: u64) -> Arc<dyn Component> {
        Arc::new(OctalHeap {
            rules: Arc::clone(&self.rules),
            size,
        })
    }

    /// The rules of this heap.
    pub(crate) fn rules_shared(&self) -> &Arc<OctalRules> {
        &self.rules
    }

    /// The number of stones.
    pub(crate) fn size(&self) -> u64 {
        self.size
    }

    /// The move removing `k` stones and leaving `left`.
    pub(crate) fn make_move(&self, k: u64, left: &[u64]) -> Move {
        let n = self.size;
        let list = |heaps: &[u64]| -> String {
            let parts: Vec<String> = heaps.iter().map(u64::to_string).collect();
            match parts.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
                _ => parts.join(""),
            }
        };
        let label = match (k, left.len()) {
            (_, 0 | 1) => crate::common::take_description(k, n),
            (0, _) => MoveLabel::Words(format!("split the heap of {n} into {}", list(left))),
            _ => MoveLabel::Words(format!(
                "take {k} from the heap of {n}, leaving {}",
                list(left)
            )),
        };
        Move {
            label,
            to: left.iter().map(|&h| self.heap(h)).collect(),
        }
    }

    /// The number of options, saturating.
    pub(crate) fn n_options(&self) -> u64 {
        let n = u128::from(self.size);
        let r = &self.rules.rules;
        let mut count: u128 = 0;
        // Saturating: (2^64)^2 / 12 options a take for leaving three heaps
        // times a long code overflows even u128.
        for &k in &r.take_all {
            count = count.saturating_add(u128::from(n == k as u128));
        }
        for &k in &r.leave_one {
            count = count.saturating_add(u128::from(n > k as u128));
        }
        for &k in &r.leave_two {
            count = count.saturating_add(n.saturating_sub(k as u128) / 2);
        }
        for &k in &r.leave_three {
            let m = n.saturating_sub(k as u128);
            count = count.saturating_add(m.saturating_mul(m) / 12 + 1);
        }
        u64::try_from(count).unwrap_or(u64::MAX)
    }
}

impl Component for OctalHeap {
    fn ruleset(&self) -> String {
        self.rules.text.clone()
    }

    fn args(&self) -> String {
        self.size.to_string()
    }

    fn key(&self) -> Key {
        Key::shared("octal", &self.rules, [self.size])
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Impartial(self)
    }

    fn sum_rule(&self) -> Option<&'static dyn SumRule> {
        Some(&crate::heaps::misere_quotient::MISERE_QUOTIENT)
    }
}

impl Impartial for OctalHeap {
    fn grundy(&self, budget: &Budget) -> Result<Nimber, SolveError> {
        self.rules.grundy(self.size, budget).map(Nimber)
    }

    fn moves(&self, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        check_move_count(self.n_options(), budget)?;
        let mut moves = Vec::new();
        self.rules
            .rules
            .for_each_option(self.size as usize, |k, left| {
                let left: Vec<u64> = left.iter().map(|&h| h as u64).collect();
                moves.push(self.make_move(k as u64, &left));
            });
        Ok(moves)
    }

    fn moves_to_grundy(&self, target: Nimber, max: usize, budget: &Budget) -> Moves {
        let n_options = self.n_options();
        let mut known = self.rules.lock();
        self.rules.ensure(&mut known, self.size, budget)?;
        let mut found = Vec::new();
        if n_options <= budget.max_positions {
            // Every option, in order; the heaps left are all below this one.
            self.rules
                .ensure(&mut known, self.size.saturating_sub(1), budget)?;
            self.rules
                .rules
                .for_each_option(self.size as usize, |k, left| {
                    if found.len() < max {
                        // Every heap left is below this one, so known.
                        let g = left.iter().fold(0, |acc, &h| {
                            acc ^ value(&known, h as u64).unwrap_or(u64::MAX)
                        });
                        if g == target.0 {
                            let left: Vec<u64> = left.iter().map(|&h| h as u64).collect();
                            found.push(self.make_move(k as u64, &left));
                        }
                    }
                });
            return Ok(found);
        }
        // A huge heap: its value is known from a proved period (`ensure`
        // succeeded), and so is every smaller heap's. A split's value
        // depends only on the smaller part `a` while `a < n0 + p`, and on
        // `a mod p` beyond, so the matching parts beyond are the matching
        // classes shifted by whole periods, listed in increasing order.
        let Some((n0, p, saltus)) = known
            .periodic
            .as_ref()
            .map(|s| (s.preperiod(), s.period(), s.saltus()))
        else {
            return Err(SolveError::unsupported(
                "too many options to list without a proved period",
            ));
        };
        if saltus > 0 {
            // Only `G(n) = n` is certified with a saltus (see `sprague_impartial::octal`).
            return self.moves_to_size_xor(target.0, max, budget);
        }
        if max as u64 > budget.max_positions || !self.rules.rules.leave_three.is_empty() {
            return Err(SolveError::BudgetExceeded {
                limit: budget.max_positions,
            });
        }
        let n = self.size;
        let rules = &self.rules.rules;
        // Heaps below the huge one: answered from the plain period.
        let g = |h: u64| value(&known, h).unwrap_or(u64::MAX);
        for k in 0..=rules.last_digit_index() as u64 {
            if found.len() >= max {
                break;
            }
            let ku = k as usize;
            if rules.leave_one.contains(&ku) && g(n - k) == target.0 {
                found.push(self.make_move(k, &[n - k]));
            }
            if !rules.leave_two.contains(&ku) {
                continue;
            }
            let m = n - k;
            let mut classes = Vec::new();
            for a in 1..n0 + p {
                if found.len() >= max {
                    break;
                }
                if g(a) ^ g(m - a) == target.0 {
                    found.push(self.make_move(k, &[a, m - a]));
                    if a >= n0 {
                        classes.push(a);
                    }
                }
            }
            let mut shift = p;
            while found.len() < max && !classes.is_empty() {
                for &c in &classes {
                    let a = c + shift;
                    if found.len() >= max || a > m / 2 {
                        break;
                    }
                    found.push(self.make_move(k, &[a, m - a]));
                }
                if classes[0] + shift > m / 2 {
                    break;
                }
                shift += p;
            }
        }
        Ok(found)
    }
}

impl OctalHeap {
    /// The first `max` moves of a huge heap to value `target` in a game
    /// with `G(n) = n` (the arithmetic period the engine certifies), in the
    /// order of [`Impartial::moves`]. An option's value is the nim-sum of
    /// the sizes it leaves; two heaps `a ≤ b` with `a + b = m` and
    /// `a ⊕ b = v` are `a = c | x`, `b = c | (v ^ x)` with
    /// `c = (m - v)/2` sharing no bit with `v` and `x` a submask of `v`,
    /// listed by increasing `x`. The nim-sum and the sum of sizes have the
    /// same parity, which rules out whole classes of splits at once; what
    /// is left is scanned, at most `budget` steps.
    fn moves_to_size_xor(
        &self,
        target: u64,
        max: usize,
        budget: &Budget,
    ) -> Result<Vec<Move>, SolveError> {
        let rules = &self.rules.rules;
        let n = self.size;
        let mut found = Vec::new();
        let mut steps = 0u64;
        let mut step = || -> Result<(), SolveError> {
            steps += 1;
            budget.check_positions(steps)
        };
        // The pairs `a ≤ b`, `a ≥ low`, summing to `m` with nim-sum `v`.
        let mut pairs = |m: u64,
                         v: u64,
                         low: u64,
                         found: &mut Vec<(u64, u64)>,
                         room: usize|
         -> Result<(), SolveError> {
            if m < v || (m - v) % 2 != 0 || ((m - v) / 2) & v != 0 {
                return Ok(());
            }
            let c = (m - v) / 2;
            let mut x = 0u64;
            loop {
                step()?;
                let (a, b) = (c | x, c | (v ^ x));
                if a > b || found.len() >= room {
                    return Ok(());
                }
                if a >= low {
                    found.push((a, b));
                }
                if x == v {
                    return Ok(());
                }
                x = ((x | !v).wrapping_add(1)) & v;
            }
        };
        let mut steps_a = 0u64;
        for k in 0..=rules.last_digit_index() as u64 {
            let ku = k as usize;
            if found.len() >= max {
                break;
            }
            if rules.take_all.contains(&ku) && n == k && target == 0 {
                found.push(self.make_move(k, &[]));
            }
            let m = n - k;
            if rules.leave_one.contains(&ku) && m == target && found.len() < max {
                found.push(self.make_move(k, &[m]));
            }
            if m % 2 != target % 2 {
                // A split's nim-sum has the parity of `m`.
                continue;
            }
            if rules.leave_two.contains(&ku) {
                let mut two = Vec::new();
                pairs(m, target, 1, &mut two, max - found.len())?;
                for (a, b) in two {
                    found.push(self.make_move(k, &[a, b]));
                }
            }
            if rules.leave_three.contains(&ku) {
                let mut a = 1;
                while found.len() < max && a <= m / 3 {
                    // Every smallest heap tried counts, found or not.
                    steps_a += 1;
                    budget.check_positions(steps_a)?;
                    let mut two = Vec::new();
                    pairs(m - a, target ^ a, a, &mut two, max - found.len())?;
                    for (b, c) in two {
                        found.push(self.make_move(k, &[a, b, c]));
                    }
                    a += 1;
                }
            }
        }
        Ok(found)
    }
}

/// The one-heap family of a take-and-break ruleset, for `sprague table`.
#[derive(Debug)]
struct OctalFamily {
    rules: Arc<OctalRules>,
}

impl HeapFamily for OctalFamily {
    fn ruleset(&self) -> String {
        self.rules.text.clone()
    }

    fn heap_options(&self, n: u64, budget: &Budget) -> Option<crate::common::HeapOptions> {
        let heap = OctalHeap::new(Arc::clone(&self.rules), n);
        if let Err(e) = check_move_count(heap.n_options(), budget) {
            return Some(Err(e));
        }
        let mut options = Vec::new();
        self.rules.rules.for_each_option(n as usize, |_, left| {
            options.push(left.iter().map(|&h| h as u64).collect());
        });
        Some(Ok(options))
    }

    fn grundy_values(&self, from: u64, to: u64, budget: &Budget) -> Values {
        check_move_count(to.saturating_sub(from).saturating_add(1), budget)?;
        let mut known = self.rules.lock();
        self.rules.ensure(&mut known, to, budget)?;
        let values = (from..=to).map(|n| value(&known, n).map(Nimber)).collect();
        known.sequence.release_pages();
        values
    }

    fn periodicity(&self, budget: &Budget) -> Result<Option<Periodicity>, SolveError> {
        self.rules.periodicity(budget)
    }

    fn search_period(
        &self,
        budget: &Budget,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<PeriodReport, SolveError> {
        self.rules.search_period(budget, progress)
    }

    fn kept_bytes(&self, values: u64) -> Option<u64> {
        match &self.rules.lock().disk {
            Some((used, _)) => Some(used.memory_bytes),
            None => Some(sequence_bytes(values)),
        }
    }

    fn keep_on_disk(
        &self,
        dir: &std::path::Path,
        memory: u64,
        heaps: u64,
    ) -> Result<Option<DiskUse>, SolveError> {
        self.rules.keep_on_disk(dir, memory, heaps)
    }

    fn set_parallel(&self, parallel: bool) {
        self.rules.lock().sequence.set_parallel(parallel);
    }

    fn searches_period(&self) -> bool {
        // No theorem certifies a period of Grundy's game.
        !self.rules.rules.unequal
    }

    fn take_break(&self) -> Option<TakeBreak> {
        Some(self.rules.rules.clone())
    }

    fn periodicity_within(
        &self,
        max: u64,
        budget: &Budget,
    ) -> Result<Option<Periodicity>, SolveError> {
        self.rules.periodicity_within(max, budget)
    }

    fn has_checkpoints(&self) -> bool {
        true
    }

    fn write_checkpoint(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        self.rules
            .lock()
            .sequence
            .write_checkpoint(&self.rules.text, out)
    }

    fn rare_values(&self, limit: usize) -> Option<RareValues> {
        let known = self.rules.lock();
        let rare = known.sequence.rare_heaps();
        let (mask, domain) = known.sequence.classification();
        Some(RareValues {
            mask,
            domain,
            count: rare.len(),
            heaps: rare
                .iter()
                .take(limit)
                .map(|&n| (n as u64, u64::from(known.sequence.get(n).unwrap_or(0))))
                .collect(),
        })
    }

    fn resume(&self, input: &mut dyn std::io::Read) -> Result<(), CheckpointError> {
        let rules = self.rules.rules.clone();
        let text = &self.rules.text;
        // Values kept on disk are read straight into their file.
        let disk = self.rules.lock().disk.clone();
        let resumed = match &disk {
            Some((used, capacity)) => GrundySequence::from_checkpoint_on_disk(
                rules,
                Method::SparseSpace,
                text,
                input,
                (&used.plan, &self.rules.file_name(), *capacity),
            )?,
            None => GrundySequence::from_checkpoint(rules, Method::SparseSpace, text, input)?,
        };
        let mut known = self.rules.lock();
        if resumed.len() > known.sequence.len() {
            // The resumed values extend the known ones (the sequence is
            // determined by the rules), so the period search continues.
            known.sequence = resumed;
        }
        Ok(())
    }
}

/// One heap of Lasker's Nim, valued by [`lasker_grundy`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LaskerHeap {
    /// The number of stones.
    pub size: u64,
}

impl LaskerHeap {
    fn split(&self, a: u64) -> Move {
        let n = self.size;
        Move {
            label: MoveLabel::Words(format!("split the heap of {n} into {a} and {}", n - a)),
            to: vec![
                Arc::new(LaskerHeap { size: a }),
                Arc::new(LaskerHeap { size: n - a }),
            ],
        }
    }

    fn take(&self, k: u64) -> Move {
        Move::new(
            crate::common::take_description(k, self.size),
            Arc::new(LaskerHeap {
                size: self.size - k,
            }),
        )
    }
}

impl Component for LaskerHeap {
    fn ruleset(&self) -> String {
        "lasker".to_string()
    }

    fn args(&self) -> String {
        self.size.to_string()
    }

    fn key(&self) -> Key {
        Key::new("lasker", [self.size])
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Impartial(self)
    }
}

impl Impartial for LaskerHeap {
    fn grundy(&self, _budget: &Budget) -> Result<Nimber, SolveError> {
        lasker_value(self.size).map(Nimber)
    }

    /// Splits first (they remove no stones), then takes, smallest first.
    fn moves(&self, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        let n = self.size;
        check_move_count(n.saturating_add(n / 2), budget)?;
        let mut moves: Vec<Move> = (1..=n / 2).map(|a| self.split(a)).collect();
        moves.extend((1..=n).map(|k| self.take(k)));
        Ok(moves)
    }

    fn moves_to_grundy(&self, target: Nimber, max: usize, budget: &Budget) -> Moves {
        let n = self.size;
        let mut found = Vec::new();
        let mut tried = 0u64;
        for a in 1..=n / 2 {
            if found.len() >= max {
                return Ok(found);
            }
            tried += 1;
            check_move_count(tried, budget)?;
            if lasker_grundy(a) ^ lasker_grundy(n - a) == target.0 {
                found.push(self.split(a));
            }
        }
        // The values are a permutation of the naturals that is its own
        // inverse, so exactly one heap has value `target`.
        // The heap of value 2^64 - 1 would be 2^64: none to leave then.
        let left = if target.0 == u64::MAX {
            None
        } else {
            Some(lasker_grundy(target.0))
        };
        if let Some(left) = left
            && found.len() < max
            && left < n
        {
            found.push(self.take(n - left));
        }
        Ok(found)
    }
}

fn build_lasker(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    no_params(&c.ruleset)?;
    heap_components(c, |size| LaskerHeap { size })
}

#[derive(Debug)]
struct LaskerFamily;

impl HeapFamily for LaskerFamily {
    fn ruleset(&self) -> String {
        "lasker".to_string()
    }

    fn grundy_values(&self, from: u64, to: u64, budget: &Budget) -> Values {
        lasker_value(to)?;
        crate::common::values_by_formula(from, to, budget, lasker_grundy)
    }

    /// `G(n + 4) = G(n) + 4` from heap 1 on ([`lasker_grundy`]; heap 0
    /// is worth 0, not 3 - 4): preperiod 1, period 4, saltus 4, by the
    /// closed form.
    fn periodicity(&self, _budget: &Budget) -> Result<Option<Periodicity>, SolveError> {
        Ok(Some(Periodicity {
            preperiod: 1,
            period: 4,
            saltus: 4,
            certified: true,
            certified_at: 0,
        }))
    }
}

/// `G(n)` of Lasker's Nim, or why not: `G(2^64 - 1) = 2^64` (found by
/// fuzzing: it wrapped to 0 and made the heap a P-position) does not fit
/// the 64 bits of a nimber.
fn lasker_value(n: u64) -> Result<u64, SolveError> {
    if n == u64::MAX {
        return Err(SolveError::unsupported(
            "the grundy value of lasker(18446744073709551615) is 2^64, beyond the 64 bits of a nimber",
        ));
    }
    Ok(lasker_grundy(n))
}

fn family_lasker(r: &RulesetSyntax) -> Result<Arc<dyn HeapFamily>, ParseError> {
    no_params(r)?;
    Ok(Arc::new(LaskerFamily))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lasker_at_u64_max_is_unsupported_not_wrapped() {
        // G(4k + 3) = 4k + 4, and 4k + 4 = 2^64 here: no 64-bit nimber.
        let heap = LaskerHeap { size: u64::MAX };
        assert!(matches!(
            heap.grundy(&Budget::DEFAULT),
            Err(SolveError::Unsupported { .. })
        ));
    }

    #[test]
    fn lasker_moves_to_the_largest_value_are_none() {
        // No heap has the value 2^64 - 1 (it would be the heap 2^64), so
        // no move leaves it; asking must not overflow.
        let heap = LaskerHeap { size: 1000 };
        let moves = heap
            .moves_to_grundy(Nimber(u64::MAX), usize::MAX, &Budget::DEFAULT)
            .unwrap();
        assert!(moves.is_empty());
    }

    #[test]
    fn three_heap_splits_keep_to_the_time_limit() {
        // Issue 15: heap n of 0.ffff has about n²/3 options, and the clock
        // was read every 16 384 heaps: a 5 s limit ran for a minute. (0.ffff
        // itself is now answered at once: G(n) = n is proved by G(0..=3),
        // see `sprague_impartial::octal::nim_sequence_bound`.) 0.df cannot leave one heap after
        // taking one, so that theorem does not apply, no period shows by
        // heap 5000, and its heaps are computed one by one.
        let syntax = sprague_game::syntax::parse_ruleset("octal[0.ffff]").unwrap();
        let family = crate::family(&syntax).unwrap();
        assert_eq!(
            family.grundy_values(5000, 5000, &Budget::DEFAULT).unwrap(),
            vec![Nimber(5000)]
        );
        let syntax = sprague_game::syntax::parse_ruleset("octal[0.df]").unwrap();
        let family = crate::family(&syntax).unwrap();
        let budget = Budget::DEFAULT.with_time_limit(std::time::Duration::from_millis(500));
        let started = std::time::Instant::now();
        let result = family.grundy_values(5000, 5000, &budget);
        assert!(
            matches!(result, Err(SolveError::TimeLimit { .. })),
            "{result:?}"
        );
        assert!(started.elapsed() < std::time::Duration::from_secs(3));
    }
    use sprague::analyze;
    use sprague_game::Play;

    fn grundy_of(text: &str) -> u64 {
        let p = crate::tests::parse(text).unwrap();
        let a = analyze(&p, Play::Normal, false, &Budget::DEFAULT).unwrap();
        a.grundy().unwrap().0
    }

    #[test]
    fn named_games_are_their_codes() {
        for (name, code) in [
            ("kayles", "0.77"),
            ("dawson", "0.07"),
            ("dawsonschess", "0.137"),
            ("officers", "0.6"),
            ("guiles", "0.15"),
        ] {
            for n in [0, 1, 5, 17, 40] {
                assert_eq!(
                    grundy_of(&format!("{name}({n})")),
                    grundy_of(&format!("octal[{code}]({n})")),
                    "{name}({n})"
                );
            }
        }
    }

    #[test]
    fn huge_heaps_of_solved_games_are_answered_from_the_period() {
        // Kayles has period 12 from heap 71 (OEIS A002186); 10^18 ≡ 4 and
        // 76 ≡ 4 (mod 12), both beyond the preperiod.
        assert_eq!(
            grundy_of("kayles(1000000000000000000)"),
            grundy_of("kayles(76)")
        );
        let p = crate::tests::parse("kayles(1000000000000000000)").unwrap();
        let a = analyze(&p, Play::Normal, false, &Budget::DEFAULT).unwrap();
        let m = &a.winning_moves[0];
        assert!(m.description().starts_with("take "), "{}", m.description());
        let after =
            m.to.components()
                .iter()
                .fold(0, |acc, c| acc ^ c.grundy(&Budget::DEFAULT).unwrap().0);
        assert_eq!(after, 0);
    }

    #[test]
    fn unsolved_games_say_so_beyond_the_budget() {
        let p = crate::tests::parse("grundy(1000000000000)").unwrap();
        let err = analyze(&p, Play::Normal, false, &Budget::positions(100_000)).unwrap_err();
        assert!(err.to_string().contains("no period is proved"), "{err}");
        assert!(
            matches!(&err, SolveError::PeriodNotProved { heap: 1_000_000_000_000, budget: 100_000, ruleset, .. } if ruleset == "grundy"),
            "{err:?}"
        );
    }

    #[test]
    fn moves_are_described_and_listed_in_order() {
        let p = crate::tests::parse("octal[4.07](5)").unwrap();
        let moves = p.components()[0].moves(&Budget::DEFAULT).unwrap();
        let described: Vec<String> = moves.iter().map(|m| m.description()).collect();
        assert_eq!(
            described,
            vec![
                "split the heap of 5 into 1 and 4",
                "split the heap of 5 into 2 and 3",
                "take 2 from the heap of 5",
                "take 2 from the heap of 5, leaving 1 and 2",
            ]
        );
        let p = crate::tests::parse("kayles(10)").unwrap();
        let moves = p.components()[0].moves(&Budget::DEFAULT).unwrap();
        assert!(
            moves
                .iter()
                .any(|m| m.description() == "take 2 from the heap of 10, leaving 3 and 5")
        );
    }

    #[test]
    fn winning_moves_lead_to_zero() {
        for text in [
            "kayles(10, 7)",
            "dawson(20) + *3",
            "grundy(30)",
            "lasker(3, 5, 8)",
            "octal[0.f7](9)",
        ] {
            let p = crate::tests::parse(text).unwrap();
            let a = analyze(&p, Play::Normal, true, &Budget::DEFAULT).unwrap();
            for m in &a.winning_moves {
                let q = crate::tests::parse(&m.to.to_string()).unwrap();
                let b = analyze(&q, Play::Normal, false, &Budget::DEFAULT).unwrap();
                assert_eq!(b.grundy().unwrap().0, 0, "{text}: {}", m.description());
            }
            // And every move to zero is listed.
            let mut count = 0;
            for (i, c) in p.components().iter().enumerate() {
                for m in c.moves(&Budget::DEFAULT).unwrap() {
                    let q = p.replace(i, &m.to);
                    let g = q
                        .components()
                        .iter()
                        .fold(0, |acc, c| acc ^ c.grundy(&Budget::DEFAULT).unwrap().0);
                    count += usize::from(g == 0);
                }
            }
            assert_eq!(a.winning_moves.len(), count, "{text}");
        }
    }

    #[test]
    fn bad_codes_point_at_the_code() {
        let err = crate::tests::parse("octal[3.7](5)").unwrap_err();
        assert_eq!(err.span, 6..7);
        let err = crate::tests::parse("octal[0.7](5)").map(|_| ());
        assert!(err.is_ok());
        assert!(crate::tests::parse("octal(5)").is_err());
        assert!(crate::tests::parse("kayles[2](5)").is_err());
    }

    #[test]
    fn families_resume_from_checkpoints() {
        let syntax = sprague_game::syntax::parse_ruleset("officers").unwrap();
        let first = crate::family(&syntax).unwrap();
        first.grundy_values(0, 300, &Budget::DEFAULT).unwrap();
        let mut bytes = Vec::new();
        first.write_checkpoint(&mut bytes).unwrap();
        let second = crate::family(&syntax).unwrap();
        second.resume(&mut &bytes[..]).unwrap();
        let fresh = crate::family(&syntax).unwrap();
        assert_eq!(
            second.grundy_values(0, 900, &Budget::DEFAULT).unwrap(),
            fresh.grundy_values(0, 900, &Budget::DEFAULT).unwrap()
        );
        let other = crate::family(&sprague_game::syntax::parse_ruleset("kayles").unwrap()).unwrap();
        assert!(matches!(
            other.resume(&mut &bytes[..]),
            Err(CheckpointError::OtherTable { .. })
        ));
    }

    fn octal_family(code: &str) -> OctalFamily {
        let syntax = sprague_game::syntax::parse_ruleset(&format!("octal[{code}]")).unwrap();
        OctalFamily {
            rules: code_rules(&syntax).unwrap(),
        }
    }

    #[test]
    fn a_table_computes_what_it_shows_and_no_more() {
        // Treblecross has no known period: a table to 70 000 computes
        // G(0..=70 000) (checking the period on the way), not the millions
        // of heaps a period search beyond it would.
        let family = octal_family("0.007");
        family.grundy_values(0, 70_000, &Budget::DEFAULT).unwrap();
        assert_eq!(family.rules.lock().sequence.len(), 70_001);
        // Asking in steps, as `sprague table` does, changes nothing.
        family
            .grundy_values(70_000, 80_000, &Budget::DEFAULT)
            .unwrap();
        assert_eq!(family.rules.lock().sequence.len(), 80_001);
        // A game whose period is proved early stops computing there:
        // Kayles needs 168 values (2·71 + 2·12 + 2), and the search looks
        // again every eighth more values.
        let kayles = octal_family("0.77");
        let values = kayles.grundy_values(0, 70_000, &Budget::DEFAULT).unwrap();
        assert!(kayles.rules.lock().sequence.len() < 1000);
        // Beyond the period, values repeat: G(70 000) = G(70 000 - 12k).
        assert_eq!(values[70_000], values[70_000 - 12 * 5000]);
        // A heap beyond the budget searches the period further, up to
        // PERIOD_SEARCH_HEAPS at most.
        let officers = octal_family("0.6");
        let budget = Budget::positions(50_000);
        assert!(officers.grundy_values(60_000, 60_000, &budget).is_err());
        assert_eq!(officers.rules.lock().sequence.len(), 50_000);
    }

    #[test]
    fn tables_use_the_period() {
        let family =
            crate::family(&sprague_game::syntax::parse_ruleset("kayles").unwrap()).unwrap();
        let p = family.periodicity(&Budget::DEFAULT).unwrap().unwrap();
        // The theorem reads G(0..168): 2·71 + 2·12 + 2 (t = 2).
        assert_eq!(
            (p.preperiod, p.period, p.certified, p.certified_at),
            (71, 12, true, 168)
        );
        let values = family.grundy_values(0, 12, &Budget::DEFAULT).unwrap();
        assert_eq!(
            values.iter().map(|v| v.0).collect::<Vec<_>>(),
            vec![0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
        );
    }
}
