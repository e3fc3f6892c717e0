//! The figures CGSuite reports beside a canonical value (the thermographic
//! figures, the atomic weight, the reduced canonical form and the
//! incentives), and how long a written value may be. It reads values and
//! never finds one.

use sprague_core::budget::Budget;
use sprague_core::error::SolveError;
use sprague_partizan::atomic::atomic_weight;
use sprague_partizan::cgt::{CanonicalArena, GameId};
use sprague_partizan::reduced::reduced_canonical_form;
use sprague_partizan::thermograph::{Figures, Thermography};

/// The longest value a text output writes whole: the command line's
/// `analyze` writes a longer one as its first and last characters with
/// how many it left out between. The JSON, the web API and the Python
/// module carry the whole value, however long (see [`value_chars`]).
pub const MAX_VALUE_CHARS: usize = 4096;

/// The longest value [`analyze`](crate::analyze) writes out within
/// `budget`: a character for each position the budget allows (ten million
/// by default), so that writing a value is bounded as computing it is.
/// Hot games such as sums of unfair heaps have canonical forms that share
/// their options in the arena but reach millions of characters written
/// out (`unfair[3,2](6, 7, 8)`: 1.5 million); a value longer than this is
/// left out of the analysis, whose outcome and moves still stand.
pub fn value_chars(budget: &Budget) -> usize {
    usize::try_from(budget.max_positions)
        .unwrap_or(usize::MAX)
        .max(MAX_VALUE_CHARS)
}

/// The fewest steps of work (of [`CanonicalArena::work`]'s count) each
/// figure beside a value is allowed, however little the value took: a few
/// milliseconds, so that the figures of a value written out by hand
/// (`{1|*}`, whose value costs a handful of steps) are still given.
pub const FIGURE_STEPS: u64 = 20_000;

/// What the figures beside a value may cost together by default: as many
/// steps of work as the value itself took ([`CanonicalArena::work`] of the
/// arena that found it, the outcome and winning moves included), and at
/// least [`FIGURE_STEPS`]. The figures draw on it in turn (the thermograph
/// first, then the atomic weight, the reduced form, the stop count and the incentives); one
/// past what is left is left out with the reason in [`Figures::left_out`],
/// so all of them together cost no more than the value.
pub fn figure_allowance(value_work: u64) -> u64 {
    value_work.max(FIGURE_STEPS)
}

/// The fewest forms each figure beside a misère canonical form may store
/// (the written form, the mate, the parity), however few the form took.
pub const MISERE_FIGURE_FORMS: u64 = 2_000;

/// What each figure beside a misère canonical form may cost by default:
/// as many more stored forms as the arena holds for the value (its
/// components' forms, their sum and the winning moves'
/// [`MisereArena::work`](sprague_misere::misere::MisereArena::work)), at
/// least [`MISERE_FIGURE_FORMS`]: the rule of [`figure_allowance`] in the
/// misère arena's unit.
pub fn misere_figure_allowance(value_forms: u64) -> u64 {
    value_forms.max(MISERE_FIGURE_FORMS)
}

/// Why a figure was left out: the error that stopped it, and the
/// allowance it went past if that is what stopped it.
#[derive(Clone, Debug)]
pub(crate) struct LeftOut {
    /// What stopped the figure (a [`SolveError::BudgetExceeded`] of the
    /// arena's step count when it went past its allowance).
    pub(crate) error: SolveError,
    /// The steps the figure was allowed, where it went past them.
    pub(crate) over: Option<u64>,
}

impl std::fmt::Display for LeftOut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.over {
            Some(steps) => write!(
                f,
                "left out, it would take more work than the value itself \
                 (over {steps} steps)"
            ),
            None => write!(f, "left out: {}", self.error),
        }
    }
}

/// `figure` of `g` in `arena`, done by the time the arena's work reaches
/// `end` (if given: the end of the figures' shared allowance; the arena's
/// budget bounds it in any case), or why not; `allowance` is the whole
/// allowance, for the reason.
fn within<T>(
    arena: &mut CanonicalArena,
    end: Option<u64>,
    allowance: Option<u64>,
    figure: impl FnOnce(&mut CanonicalArena) -> Result<T, SolveError>,
) -> Result<T, LeftOut> {
    arena.limit_work(end);
    let result = figure(arena);
    let over = arena.work_limit_reached();
    arena.limit_work(None);
    result.map_err(|error| LeftOut {
        error,
        over: allowance.filter(|_| over),
    })
}

/// What CGSuite reports beside the value `g`: the thermographic figures,
/// the atomic weight of an atomic game (CGSuite's test, which accepts some
/// infinitesimals that are not all-small: `{1|^^||^}` has weight 2), the
/// reduced canonical form, the stop count and the incentives, each written
/// only when no longer than [`value_chars`] of the arena's budget, and all
/// of them together within `allowance` steps of work where one is given
/// ([`figure_allowance`]).
///
/// Each is extra to the others: one that does not fit is left out (`None`)
/// with the reason in [`Figures::left_out`], the rest are still given.
///
/// # Errors
///
/// Why the thermograph, which the other figures come with, was left out.
pub(crate) fn figures(
    arena: &mut CanonicalArena,
    g: GameId,
    allowance: Option<u64>,
) -> Result<Figures, LeftOut> {
    let longest = value_chars(&arena.budget());
    let end = allowance.map(|steps| arena.work().saturating_add(steps));
    let mut figures = within(arena, end, allowance, |arena| {
        Thermography::new().figures(arena, g)
    })?;
    let weight = within(arena, end, allowance, |arena| {
        match atomic_weight(arena, g)? {
            Some(w) => arena.display_at_most(w, longest),
            None => Ok(None),
        }
    });
    match weight {
        Ok(w) => figures.atomic_weight = w,
        Err(why) => figures.left_out.push(format!("atomic weight: {why}")),
    }
    let reduced = within(arena, end, allowance, |arena| {
        let r = reduced_canonical_form(arena, g)?;
        arena.display_at_most(r, longest)
    });
    match reduced {
        Ok(r) => figures.reduced = r,
        Err(why) => figures
            .left_out
            .push(format!("reduced canonical form: {why}")),
    }
    let stops = within(arena, end, allowance, |arena| {
        let count = sprague_partizan::stop_count(arena, g)?.to_string();
        Ok((count.len() <= longest).then_some(count))
    });
    match stops {
        Ok(count) => figures.stop_count = count,
        Err(why) => figures.left_out.push(format!("stop count: {why}")),
    }
    let incentives = within(arena, end, allowance, |arena| {
        incentive_texts(arena, g, longest)
    });
    match incentives {
        Ok(texts) => figures.incentives = Some(texts),
        Err(why) => figures.left_out.push(format!("incentives: {why}")),
    }
    Ok(figures)
}

/// The incentives of `g`, Left's (`G^L - G`) then Right's (`G - G^R`),
/// each once, written in CGSuite's notation; one longer than `longest`
/// characters is left out.
pub(crate) fn incentive_texts(
    arena: &mut CanonicalArena,
    g: GameId,
    longest: usize,
) -> Result<Vec<String>, SolveError> {
    let (left, right) = sprague_partizan::algebra::incentives(arena, g)?;
    let mut seen = Vec::new();
    let mut texts = Vec::new();
    for i in left.into_iter().chain(right) {
        if !seen.contains(&i) {
            seen.push(i);
            if let Some(text) = arena.display_at_most(i, longest)? {
                texts.push(text);
            }
        }
    }
    Ok(texts)
}

/// The figures of the nimber `*n` (an impartial position's value), as
/// CGSuite gives them for it.
/// Each figure gets [`FIGURE_STEPS`]: the nimber's value was a Grundy
/// value, not work in an arena.
pub(crate) fn nimber_figures(n: u64) -> Option<Figures> {
    let mut arena = CanonicalArena::new(Budget::DEFAULT);
    let g = arena.nimber(n).ok()?;
    figures(&mut arena, g, Some(figure_allowance(0))).ok()
}
