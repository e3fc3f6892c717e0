//! What every ruleset module shares: the registry entry ([`Ruleset`]), the
//! one-heap family trait ([`HeapFamily`]) with its period, and the helpers
//! that validate parameters and arguments. Ruleset modules import this
//! file, the registry (`mod.rs`) imports them, so imports never loop.

use std::fmt;
use std::ops::Range;
use std::sync::Arc;

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::{Arg, ComponentSyntax, Param, RulesetSyntax, Spanned};
use sprague_game::{Component, Move, MoveLabel};
use sprague_impartial::nimber::Nimber;
pub use sprague_impartial::octal::Periodicity;
use sprague_impartial::octal::{CheckpointError, TakeBreak};

/// The moves an impartial component lists, or why it cannot.
pub(crate) type Moves = Result<Vec<Move>, SolveError>;

/// What [`Impartial::outcome`](sprague_game::Impartial::outcome) answers: whether
/// the first player wins, with winning moves; `None` leaves it to the value.
pub(crate) type WinningMoves = Option<Result<(bool, Vec<Move>), SolveError>>;

/// The Grundy values of a range of heaps, or why they cannot be computed.
pub type Values = Result<Vec<Nimber>, SolveError>;

/// Builds the components of one written component.
pub type BuildFn = fn(&ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError>;

/// Builds the one-heap family of a written ruleset.
pub type FamilyFn = fn(&RulesetSyntax) -> Result<Arc<dyn HeapFamily>, ParseError>;

/// A ruleset the position language knows.
#[derive(Clone, Copy)]
pub struct Ruleset {
    /// The name, as written in positions.
    pub name: &'static str,
    /// The syntax, with parameters and arguments named: `subtraction[S](n, ...)`.
    pub syntax: &'static str,
    /// The rule in one or two sentences.
    pub rule: &'static str,
    /// A position to try.
    pub example: &'static str,
    /// Whether the arguments form one position (Wythoff, staircase, ...)
    /// rather than a sum of independent heaps.
    pub heaps_interact: bool,
    /// Turns syntax into components.
    pub build: BuildFn,
    /// The one-heap family, for rulesets that have one.
    pub family: Option<FamilyFn>,
}

impl fmt::Debug for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Ruleset")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

/// The last heap of a table of `G(from..)` that asked for `to`: `to` if
/// given; else two periods past the preperiod where a period is known (so
/// the table shows it repeat); else heap 100; never less than `from`. The
/// CLI's `table` and the Python module's `table` both use it, so they
/// print the same table.
///
/// # Examples
///
/// ```
/// use sprague::rulesets::{Periodicity, table_end};
/// let p = Periodicity { preperiod: 0, period: 7, saltus: 0, certified: true, certified_at: 0 };
/// assert_eq!(table_end(0, None, Some(p)), 13);
/// assert_eq!(table_end(0, None, None), 100);
/// assert_eq!(table_end(5, Some(9), Some(p)), 9);
/// ```
pub fn table_end(from: u64, to: Option<u64>, periodicity: Option<Periodicity>) -> u64 {
    match (to, periodicity) {
        (Some(to), _) => to,
        (None, Some(p)) => p
            .preperiod
            .saturating_add(p.period.saturating_mul(2))
            .saturating_sub(1)
            .max(from),
        (None, None) => 100.max(from),
    }
}

/// A table too large for the memory at hand: the refusal of
/// [`table_budget`], with its numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoryShortfall {
    /// The last heap of the table.
    pub to: u64,
    /// The bytes the table would need.
    pub needed: u64,
    /// Of them, the bytes the family keeps for its values (the rest is
    /// what the caller holds for the values it prints).
    pub kept: u64,
    /// The memory available, in bytes.
    pub available: u64,
}

impl fmt::Display for MemoryShortfall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let gib = sprague_core::error::bytes_text;
        write!(
            f,
            "the table up to heap {} needs about {} ({} of values kept{}), more than the {} of memory available",
            self.to,
            gib(self.needed),
            gib(self.kept),
            if self.needed > self.kept {
                format!(", {} of values printed", gib(self.needed - self.kept))
            } else {
                String::new()
            },
            gib(self.available)
        )
    }
}

/// The budget for a table of `G(from..=to)` of `family`: an `explicit`
/// budget (`--budget`) as given; otherwise, for a family that keeps its
/// values ([`HeapFamily::kept_bytes`]), as many values as the table
/// needs (and never fewer than `budget` allows) if they fit in
/// `budget.memory_bytes`, counting `held_per_value` more bytes for each
/// value of the range the caller holds itself (the printed table); and
/// `budget` unchanged for the other families, or when the memory is not
/// known.
///
/// # Errors
///
/// A [`MemoryShortfall`] when the values would not fit.
///
/// # Examples
///
/// ```
/// use sprague::{Budget, rulesets::{family, table_budget}, syntax::parse_ruleset};
/// let officers = family(&parse_ruleset("officers").unwrap()).unwrap();
/// let gib = 1 << 30;
/// // 2^24 heaps at 4 bytes (values, the period detector's scratch):
/// // 64 MiB, which fits in 1 GiB.
/// let b = table_budget(officers.as_ref(), 0, 1 << 24, 0, None, Budget::DEFAULT.with_memory(gib)).unwrap();
/// assert_eq!(b.max_positions, (1 << 24) + 1);
/// // Not in 64 MiB.
/// let refused = table_budget(officers.as_ref(), 0, 1 << 24, 0, None, Budget::DEFAULT.with_memory(64 << 20));
/// assert!(refused.unwrap_err().to_string().starts_with("the table up to heap 16777216 needs about 64.0 MiB (64.0 MiB of values kept), more than the 64.0 MiB"));
/// ```
pub fn table_budget(
    family: &dyn HeapFamily,
    from: u64,
    to: u64,
    held_per_value: u64,
    explicit: Option<u64>,
    budget: Budget,
) -> Result<Budget, MemoryShortfall> {
    if let Some(max_positions) = explicit {
        return Ok(Budget {
            max_positions,
            ..budget
        });
    }
    let (Some(kept), Some(available)) =
        (family.kept_bytes(to.saturating_add(1)), budget.memory_bytes)
    else {
        return Ok(budget);
    };
    let held = u128::from(to.saturating_sub(from)) + 1;
    let needed = u128::from(kept) + held * u128::from(held_per_value);
    if needed > u128::from(available) {
        return Err(MemoryShortfall {
            to,
            needed: u64::try_from(needed).unwrap_or(u64::MAX),
            kept,
            available,
        });
    }
    Ok(Budget {
        max_positions: budget.max_positions.max(to.saturating_add(1)),
        ..budget
    })
}

/// The options of a heap, each the heaps one move leaves (see
/// [`HeapFamily::heap_options`]), or why they cannot be listed.
pub type HeapOptions = Result<Vec<Vec<u64>>, SolveError>;

/// A family of one-heap games, `G(0), G(1), ...`, as tabulated by
/// `sprague table`.
pub trait HeapFamily: fmt::Debug + Send + Sync {
    /// The ruleset with its parameters, normalised: `subtraction[2,5]`.
    fn ruleset(&self) -> String;

    /// The components of a heap of `n`, for what needs the heap as a game
    /// (`misere_table`): by default the ruleset's component `RULESET(n)`.
    ///
    /// # Errors
    ///
    /// [`SolveError::Unsupported`] when the heap cannot be built.
    fn heap(&self, n: u64) -> Result<Vec<Arc<dyn Component>>, SolveError> {
        let refused =
            |e: ParseError| SolveError::unsupported(format!("a heap of {n} cannot be built: {e}"));
        let ruleset = sprague_game::syntax::parse_ruleset(&self.ruleset()).map_err(refused)?;
        crate::build(&ComponentSyntax {
            ruleset,
            args: vec![Spanned {
                value: Arg::Int(n),
                span: 0..0,
            }],
            args_span: 0..0,
            is_star: false,
            span: 0..0,
        })
        .map_err(refused)
    }

    /// The Grundy values of the heaps `from..=to`.
    ///
    /// # Errors
    ///
    /// A [`SolveError`] if the values need more than `budget`.
    fn grundy_values(&self, from: u64, to: u64, budget: &Budget)
    -> Result<Vec<Nimber>, SolveError>;

    /// The options of a heap of `n` as CGSuite's `HeapOptions` lists them:
    /// for each move, the heaps it leaves (none when it takes the whole
    /// heap), what the compositions of rulesets (`join`, `cake_product`,
    /// `direct_product`) move by. `None` for a family whose moves are not
    /// a heap's alone to list this way.
    ///
    /// # Errors
    ///
    /// A [`SolveError`] inside the `Some` when there are more options than
    /// `budget` allows positions.
    fn heap_options(&self, n: u64, budget: &Budget) -> Option<HeapOptions> {
        let _ = (n, budget);
        None
    }

    /// The period of the sequence, if the family has one that can be found
    /// within `budget`; `Ok(None)` if the family is not periodic or no
    /// method is known.
    ///
    /// # Errors
    ///
    /// A [`SolveError`] if finding the period needs more than `budget`.
    fn periodicity(&self, budget: &Budget) -> Result<Option<Periodicity>, SolveError> {
        let _ = budget;
        Ok(None)
    }

    /// For take-and-break families: the rules, so that a proof of the
    /// period can name the game by its code (`sprague table
    /// --certificate`). `None` for the others.
    fn take_break(&self) -> Option<TakeBreak> {
        None
    }

    /// Whether the period is found by computing values until a theorem
    /// proves it (take-and-break games), so that
    /// [`HeapFamily::periodicity_within`] may be asked for growing horizons,
    /// each call continuing the last.
    fn searches_period(&self) -> bool {
        false
    }

    /// The period among `G(0..=max)`, for families that
    /// [search](HeapFamily::searches_period): values are computed as needed
    /// and no further than the proof needs. The others answer as
    /// [`HeapFamily::periodicity`] does.
    ///
    /// # Errors
    ///
    /// A [`SolveError`] if the values cannot be computed.
    fn periodicity_within(
        &self,
        max: u64,
        budget: &Budget,
    ) -> Result<Option<Periodicity>, SolveError> {
        let _ = max;
        self.periodicity(budget)
    }

    /// The period search, for families that
    /// [search](HeapFamily::searches_period): see
    /// [`crate::OctalRules::search_period`]. The others answer
    /// [`HeapFamily::periodicity`], ended [`SearchEnd::Proved`] when a
    /// theorem or closed form certifies it and [`SearchEnd::NoTheorem`]
    /// otherwise.
    ///
    /// # Errors
    ///
    /// A [`SolveError`] if the values cannot be computed.
    fn search_period(
        &self,
        budget: &Budget,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<PeriodReport, SolveError> {
        let _ = progress;
        let periodicity = self.periodicity(budget)?;
        Ok(PeriodReport {
            periodicity,
            end: if periodicity.is_some_and(|p| p.certified) {
                SearchEnd::Proved
            } else {
                SearchEnd::NoTheorem
            },
            computed: 0,
        })
    }

    /// Lets the family's computation use a second thread where it would
    /// pay (take-and-break games whose heaps split one total, on a machine
    /// of two cores or more) or keeps it to the calling thread: a survey
    /// runs one game a core. The values are the same either way; families
    /// that never use a second thread ignore it.
    fn set_parallel(&self, parallel: bool) {
        let _ = parallel;
    }

    /// For families that keep every value they compute (take-and-break
    /// games), the most bytes they keep for `values` values (with their
    /// period search); `None` for the others, whose memory the budget of
    /// positions bounds.
    fn kept_bytes(&self, _values: u64) -> Option<u64> {
        None
    }

    /// For families that keep every value they compute: keeps them in a
    /// memory-mapped file in `dir` when `heaps` values would not fit in
    /// `memory` bytes (see [`sprague_impartial::octal::disk_plan`]), saying what goes where;
    /// `None` when they fit, or the family keeps no values.
    ///
    /// # Errors
    ///
    /// [`SolveError::Unsupported`] when the file cannot be made.
    fn keep_on_disk(
        &self,
        dir: &std::path::Path,
        memory: u64,
        heaps: u64,
    ) -> Result<Option<sprague_impartial::octal::DiskUse>, SolveError> {
        let _ = (dir, memory, heaps);
        Ok(None)
    }

    /// For take-and-break families: the mask of the rare/common
    /// classification in use, whether heap parity counts, and the rare heaps
    /// among those computed (up to `limit` of them), with their values.
    fn rare_values(&self, limit: usize) -> Option<RareValues> {
        let _ = limit;
        None
    }

    /// Whether the family keeps its values and can save them as a
    /// checkpoint (families whose values take long to compute).
    fn has_checkpoints(&self) -> bool {
        false
    }

    /// Writes the values computed so far to `out` as a checkpoint (the
    /// format of [`sprague_impartial::octal::read_checkpoint`]), a chunk at a time, with no
    /// copy of the values, for families with checkpoints.
    ///
    /// # Errors
    ///
    /// The error of `out`; for a family without checkpoints, one of kind
    /// [`std::io::ErrorKind::Unsupported`] that holds
    /// [`CheckpointError::NoCheckpoints`], before anything is written.
    fn write_checkpoint(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        let _ = out;
        Err(std::io::Error::new(
            std::io::ErrorKind::Unsupported,
            CheckpointError::NoCheckpoints {
                ruleset: self.ruleset(),
            },
        ))
    }

    /// Continues from a checkpoint that [`HeapFamily::write_checkpoint`]
    /// wrote for the same rules, read from `input` (its values go straight
    /// into the family's own; see [`sprague_impartial::octal::read_checkpoint_from`]).
    ///
    /// # Errors
    ///
    /// A [`CheckpointError`] saying which: the family has no checkpoints,
    /// or the bytes are not a checkpoint, of another version, truncated,
    /// damaged, of other rules, or could not be read.
    fn resume(&self, input: &mut dyn std::io::Read) -> Result<(), CheckpointError> {
        let _ = input;
        Err(CheckpointError::NoCheckpoints {
            ruleset: self.ruleset(),
        })
    }
}

/// Why a period search ended (see [`HeapFamily::search_period`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchEnd {
    /// A theorem (or a closed form) proves the period.
    Proved,
    /// The values repeat with a saltus that no theorem the engine knows
    /// proves (see [`sprague_impartial::octal::PeriodSearch::is_unprovable`]).
    Unprovable,
    /// No theorem applies to the game at all (Grundy's game), or the
    /// family has no period search.
    NoTheorem,
    /// The budget of `values` values (heaps `0..values`) was spent.
    Budget {
        /// The budget, in values.
        values: u64,
    },
    /// The time limit ran out.
    Time {
        /// The limit, in milliseconds.
        millis: u64,
    },
    /// Computing more values would need more memory than `bytes`: `values`
    /// fit.
    Memory {
        /// The most values that fit.
        values: u64,
        /// The memory available, in bytes.
        bytes: u64,
    },
    /// The caller's progress callback asked to stop.
    Stopped,
}

/// What a period search found and why it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PeriodReport {
    /// The proved period, or the one the values computed show (not
    /// certified), or `None`.
    pub periodicity: Option<Periodicity>,
    /// Why the search ended.
    pub end: SearchEnd,
    /// How many values were known at the end (`G(0..computed)`).
    pub computed: u64,
}

impl fmt::Display for PeriodReport {
    /// Why the search ended, with the numbers, in words: "the search
    /// stopped at the budget of 10000000 values".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let gib = sprague_core::error::bytes_text;
        let last = self.computed.saturating_sub(1);
        match self.end {
            SearchEnd::Proved => match self.periodicity {
                Some(p) if p.certified_at > 0 => {
                    write!(f, "proved by G(0..={})", p.certified_at - 1)
                }
                _ => f.write_str("proved by a closed form"),
            },
            SearchEnd::Unprovable => match self.periodicity {
                Some(p) => write!(
                    f,
                    "G(n + {}) = G(n) + {} from heap {} on G(0..={last}), but no theorem the engine knows certifies an arithmetic period like it",
                    p.period, p.saltus, p.preperiod
                ),
                None => f.write_str("no theorem certifies a period of this game"),
            },
            SearchEnd::NoTheorem => f.write_str("no theorem certifies a period of this game"),
            SearchEnd::Budget { values } => write!(
                f,
                "the search stopped at the budget of {values} values, G(0..={last}) computed"
            ),
            SearchEnd::Time { millis } => write!(
                f,
                "the search stopped at the time limit of {}, G(0..={last}) computed",
                sprague_core::error::seconds(millis)
            ),
            SearchEnd::Memory { values, bytes } => write!(
                f,
                "the search stopped where memory would run out: {values} values ({} bytes a heap, with the period detector's scratch) fill the {} available, G(0..={last}) computed",
                sprague_impartial::octal::BYTES_PER_HEAP,
                gib(bytes)
            ),
            SearchEnd::Stopped => write!(f, "the search was stopped, G(0..={last}) computed"),
        }
    }
}

/// The rare values of a take-and-break family (see
/// [`HeapFamily::rare_values`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RareValues {
    /// A value `v` of heap `n` is rare when `popcount(v & mask)`, plus `n`
    /// if `domain`, is even (Flammenkamp's sparse space; the class is
    /// flipped for split digits of odd index in the domain case).
    pub mask: u32,
    /// Whether the heap's parity counts.
    pub domain: bool,
    /// How many rare heaps there are among those computed.
    pub count: usize,
    /// The first rare heaps, with their values.
    pub heaps: Vec<(u64, u64)>,
}

/// Rejects any parameters: for rulesets written without brackets.
pub(crate) fn no_params(ruleset: &RulesetSyntax) -> Result<(), ParseError> {
    match &ruleset.params_span {
        None => Ok(()),
        Some(span) => Err(ParseError::bad_parameters(
            format!("`{}` takes no parameters", ruleset.name),
            span.clone(),
        )),
    }
}

/// A named parameter's value and its span (`max_jump=2`).
pub(crate) type NamedParam = Option<(u64, Range<usize>)>;

/// A ruleset's named parameters (`gen_toads[max_jump=2, friendly=1]`), each
/// one of `names` and given at most once: for each of `names` in order, its
/// value and span if given. `example` is one written right (`max_jump=2`),
/// for the error that finds a parameter without a name.
pub(crate) fn named_params<const N: usize>(
    ruleset: &RulesetSyntax,
    names: [&str; N],
    example: &str,
) -> Result<[NamedParam; N], ParseError> {
    let listed = names.join(", ");
    let mut out = [const { None }; N];
    for p in &ruleset.params {
        let bad = |message: String| Err(ParseError::bad_parameters(message, p.span.clone()));
        let Param::Named(name, value) = &p.value else {
            return bad(format!(
                "{} takes named parameters: {listed} (like {}[{example}])",
                ruleset.name, ruleset.name
            ));
        };
        let Some(k) = names.iter().position(|n| n == name) else {
            return bad(format!(
                "{} has no parameter `{name}` ({listed})",
                ruleset.name
            ));
        };
        if out[k].is_some() {
            return bad(format!("{name} is given twice"));
        }
        out[k] = Some((*value, p.span.clone()));
    }
    Ok(out)
}

/// The arguments as integers (possibly none); `noun` names one of them in
/// errors: "heap", "pile", "step".
pub(crate) fn int_list(component: &ComponentSyntax, noun: &str) -> Result<Vec<u64>, ParseError> {
    component
        .args
        .iter()
        .map(|a| match a.value {
            Arg::Int(n) => Ok(n),
            _ => Err(ParseError::bad_arguments(
                format!("a {noun} size must be an integer"),
                a.span.clone(),
            )),
        })
        .collect()
}

/// The arguments as integers, at least one.
pub(crate) fn int_args(component: &ComponentSyntax, noun: &str) -> Result<Vec<u64>, ParseError> {
    if component.args.is_empty() {
        return Err(ParseError::bad_arguments(
            format!("`{}` needs at least one {noun}", component.ruleset.name),
            component.args_span.clone(),
        ));
    }
    int_list(component, noun)
}

/// The arguments as heap sizes: at least one, each an integer.
pub(crate) fn heap_args(component: &ComponentSyntax) -> Result<Vec<u64>, ParseError> {
    int_args(component, "heap")
}

/// Refuses counts whose total does not fit in a `u64`: in games whose
/// coins only move or leave, a total that fits keeps every count of every
/// later position in range.
pub(crate) fn check_total_coins(counts: &[u64], c: &ComponentSyntax) -> Result<(), ParseError> {
    match counts.iter().try_fold(0u64, |acc, &a| acc.checked_add(a)) {
        Some(_) => Ok(()),
        None => Err(ParseError::bad_arguments(
            format!("the total number of coins must be at most {}", u64::MAX),
            c.args_span.clone(),
        )),
    }
}

/// A string argument, its span, and the arguments after it.
pub(crate) type TextThenRest<'a> = (&'a str, Range<usize>, &'a [Spanned<Arg>]);

/// The first argument as a string, with its span, and the arguments after
/// it: for games written as a string, then numbers (`board("..", 1, 2)`).
/// `missing` is the error when there is no argument (at the arguments),
/// `not_text` when the first is not a string (at it).
pub(crate) fn text_then_rest<'a>(
    c: &'a ComponentSyntax,
    missing: &str,
    not_text: &str,
) -> Result<TextThenRest<'a>, ParseError> {
    let Some((first, rest)) = c.args.split_first() else {
        return Err(ParseError::bad_arguments(missing, c.args_span.clone()));
    };
    match &first.value {
        Arg::Str(text) => Ok((text, first.span.clone(), rest)),
        _ => Err(ParseError::bad_arguments(not_text, first.span.clone())),
    }
}

/// The one argument, a string, with its span: for games written as one
/// string (`nullify("0 1; 1 0")`). `missing` is the error when there is not
/// exactly one argument, `not_text` when it is not a string.
pub(crate) fn only_text<'a>(
    c: &'a ComponentSyntax,
    missing: &str,
    not_text: &str,
) -> Result<(&'a str, Range<usize>), ParseError> {
    if c.args.len() != 1 {
        return Err(ParseError::bad_arguments(missing, c.args_span.clone()));
    }
    let (text, span, _) = text_then_rest(c, missing, not_text)?;
    Ok((text, span))
}

/// One component per heap argument, made by `make` from the heap size: the
/// build function of every ruleset whose heaps do not interact.
pub(crate) fn heap_components<C: Component + 'static>(
    component: &ComponentSyntax,
    make: impl Fn(u64) -> C,
) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    Ok(heap_args(component)?
        .into_iter()
        .map(|size| Arc::new(make(size)) as Arc<dyn Component>)
        .collect())
}

/// The one integer parameter of a ruleset written `name[letter]`, at least
/// `least`. `meaning` says what it is ("the most a move takes"), `too_small`
/// why a smaller value makes no sense.
pub(crate) fn one_int_param(
    ruleset: &RulesetSyntax,
    letter: &str,
    meaning: &str,
    least: u64,
    too_small: &str,
) -> Result<u64, ParseError> {
    let name = &ruleset.name;
    match ruleset.params.as_slice() {
        [p] => match p.value {
            Param::Int(v) if v >= least => Ok(v),
            Param::Int(_) => Err(ParseError::bad_parameters(too_small, p.span.clone())),
            _ => Err(ParseError::bad_parameters(
                format!("{letter} must be an integer, as in {name}[3]"),
                p.span.clone(),
            )),
        },
        _ => Err(ParseError::bad_parameters(
            format!("`{name}` needs one parameter, {meaning}: {name}[{letter}]"),
            ruleset
                .params_span
                .clone()
                .unwrap_or(ruleset.name_span.end..ruleset.name_span.end),
        )),
    }
}

/// The arguments of a game written as quoted boards or rows
/// (`domineering("..|..", "...")`): one component per argument, built by
/// `make` from the text and the byte where the text starts (after its
/// opening quote), with the argument's span for errors about the whole.
/// `shape` says what an argument looks like, for the error messages.
pub(crate) fn quoted_components(
    c: &ComponentSyntax,
    shape: &str,
    make: impl FnMut(&str, usize, std::ops::Range<usize>) -> Result<Arc<dyn Component>, ParseError>,
) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    no_params(&c.ruleset)?;
    quoted_args(c, shape, make)
}

/// As [`quoted_components`], for a ruleset that reads its parameters
/// itself.
pub(crate) fn quoted_args(
    c: &ComponentSyntax,
    shape: &str,
    mut make: impl FnMut(&str, usize, std::ops::Range<usize>) -> Result<Arc<dyn Component>, ParseError>,
) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    if c.args.is_empty() {
        return Err(ParseError::bad_arguments(
            format!("`{}` needs at least one {shape}", c.ruleset.name),
            c.args_span.clone(),
        ));
    }
    c.args
        .iter()
        .map(|arg| match &arg.value {
            Arg::Str(text) => make(text, arg.span.start + 1, arg.span.clone()),
            _ => Err(ParseError::bad_arguments(
                format!("each argument is a {shape}"),
                arg.span.clone(),
            )),
        })
        .collect()
}

/// The connected parts of a graph on vertices `0..n` with these edges:
/// each vertex an edge touches gets the number of its part, others `None`.
/// Parts are numbered in the order their first vertex appears in `starts`
/// (a vertex of `starts` that no edge touches starts no part), so the caller
/// chooses the order its components are written in.
pub(crate) fn edge_parts(
    n: usize,
    edges: &[(usize, usize)],
    starts: impl IntoIterator<Item = usize>,
) -> (Vec<Option<usize>>, usize) {
    let mut part: Vec<Option<usize>> = vec![None; n];
    let mut n_parts = 0;
    for start in starts {
        let touched = edges.iter().any(|&(a, b)| a == start || b == start);
        if part[start].is_some() || !touched {
            continue;
        }
        part[start] = Some(n_parts);
        let mut stack = vec![start];
        while let Some(v) = stack.pop() {
            for &(a, b) in edges {
                for (x, y) in [(a, b), (b, a)] {
                    if x == v && part[y].is_none() {
                        part[y] = Some(n_parts);
                        stack.push(y);
                    }
                }
            }
        }
        n_parts += 1;
    }
    (part, n_parts)
}

/// Every row of `n` entries, each in `0..=max`, in lexicographic order: the
/// small positions that tests compare with brute force.
#[cfg(test)]
pub(crate) fn all_rows(n: usize, max: u64) -> Vec<Vec<u64>> {
    let mut rows = vec![Vec::new()];
    for _ in 0..n {
        rows = rows
            .into_iter()
            .flat_map(|row| {
                (0..=max).map(move |a| {
                    let mut longer = row.clone();
                    longer.push(a);
                    longer
                })
            })
            .collect();
    }
    rows
}

/// Checks that [`Impartial::moves_to_grundy`](sprague_game::Impartial::moves_to_grundy) lists exactly the moves of
/// [`Impartial::moves`](sprague_game::Impartial::moves) whose value is `target`, in the same order, for
/// every target below `targets`.
#[cfg(test)]
pub(crate) fn assert_moves_to_grundy_agree(component: &dyn sprague_game::Impartial, targets: u64) {
    let budget = Budget::DEFAULT;
    for t in 0..targets {
        let fast: Vec<String> = component
            .moves_to_grundy(Nimber(t), usize::MAX, &budget)
            .unwrap()
            .into_iter()
            .map(|m| m.description())
            .collect();
        let slow: Vec<String> = component
            .moves(&budget)
            .unwrap()
            .into_iter()
            .filter(|m| m.grundy(&budget).unwrap() == Nimber(t))
            .map(|m| m.description())
            .collect();
        assert_eq!(fast, slow, "{} to {t}", component.text());
    }
}

/// The parameters as a set of positive integers, ranges expanded, sorted
/// and without repeats; at most `max_len` elements.
pub(crate) fn positive_set(ruleset: &RulesetSyntax, max_len: u64) -> Result<Vec<u64>, ParseError> {
    let whole = ruleset
        .params_span
        .clone()
        .unwrap_or(ruleset.name_span.end..ruleset.name_span.end);
    if ruleset.params.is_empty() {
        return Err(ParseError::bad_parameters(
            format!(
                "`{}` needs a set of move sizes in brackets, like [1,3]",
                ruleset.name
            ),
            whole,
        ));
    }
    let mut set = Vec::new();
    for Spanned { value, span } in &ruleset.params {
        let (a, b) = match *value {
            Param::Int(a) => (a, a),
            Param::Range(a, b) => (a, b),
            _ => {
                return Err(ParseError::bad_parameters(
                    "a move size must be an integer or a range a..b",
                    span.clone(),
                ));
            }
        };
        if a == 0 {
            return Err(ParseError::bad_parameters(
                "move sizes start at 1",
                span.clone(),
            ));
        }
        if a > b {
            return Err(ParseError::bad_parameters(
                format!("the range {a}..{b} is empty"),
                span.clone(),
            ));
        }
        if (set.len() as u64).saturating_add(b - a + 1) > max_len {
            return Err(ParseError::bad_parameters(
                format!("at most {max_len} move sizes are supported"),
                span.clone(),
            ));
        }
        set.extend(a..=b);
    }
    set.sort_unstable();
    set.dedup();
    Ok(set)
}

/// Refuses to list more moves than the budget allows positions.
pub(crate) fn check_move_count(n_moves: u64, budget: &Budget) -> Result<(), SolveError> {
    if n_moves > budget.max_positions {
        Err(SolveError::BudgetExceeded {
            limit: budget.max_positions,
        })
    } else {
        Ok(())
    }
}

/// "take 4 from the heap of 9": the description of a move that removes
/// stones from one heap.
pub(crate) fn take_description(taken: u64, heap: u64) -> MoveLabel {
    MoveLabel::Take { taken, heap }
}

/// The move that takes `taken` stones from a heap of `heap`, leaving the
/// heap `rest` makes, or nothing when it takes them all: a heap of nothing
/// is the empty game, so a position after a move does not keep it
/// (`nim(3, 6, 9)` less its 3 is `nim(6, 9)`, and `*` moves to `0`).
pub(crate) fn take_move(taken: u64, heap: u64, rest: impl FnOnce() -> Arc<dyn Component>) -> Move {
    let label = take_description(taken, heap);
    if taken == heap {
        Move::to_sum(label, Vec::new())
    } else {
        Move::new(label, rest())
    }
}

/// Values computed between two readings of the clock by [`values_timed`]:
/// a few microseconds' work at most, so a long range stops within
/// milliseconds of its time limit.
const CLOCK_EVERY: u64 = 1 << 12;

/// Grundy values `from..=to`, `g(n)` each, within `budget`: the range is
/// counted against the budget before anything is computed, and the clock
/// is read every [`CLOCK_EVERY`] values, so that even a family whose
/// values are a formula stops at the time limit on a range of 10^12 heaps.
pub(crate) fn values_timed(
    from: u64,
    to: u64,
    budget: &Budget,
    mut g: impl FnMut(u64) -> Result<u64, SolveError>,
) -> Result<Vec<Nimber>, SolveError> {
    check_move_count(to.saturating_sub(from).saturating_add(1), budget)?;
    (from..=to)
        .map(|n| {
            if (n - from) % CLOCK_EVERY == 0 {
                budget.check_time()?;
            }
            g(n).map(Nimber)
        })
        .collect()
}

/// Grundy values `from..=to` of a family whose value at each heap is given
/// by a closed form (see [`values_timed`]).
pub(crate) fn values_by_formula(
    from: u64,
    to: u64,
    budget: &Budget,
    g: impl Fn(u64) -> u64,
) -> Result<Vec<Nimber>, SolveError> {
    values_timed(from, to, budget, |n| Ok(g(n)))
}
