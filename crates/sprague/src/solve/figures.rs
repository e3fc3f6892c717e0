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

/// What CGSuite reports beside the value `g`: the thermographic figures,
/// the atomic weight of an atomic game (CGSuite's test, which accepts some
/// infinitesimals that are not all-small: `{1|^^||^}` has weight 2), the
/// reduced canonical form and the incentives, each written only when no
/// longer than [`value_chars`] of the arena's budget.
///
/// Each is extra to the others: one that does not fit the budget is left
/// out, the rest are still given.
pub(crate) fn figures(arena: &mut CanonicalArena, g: GameId) -> Result<Figures, SolveError> {
    let longest = value_chars(&arena.budget());
    let mut figures = Thermography::new().figures(arena, g)?;
    let weight = |arena: &mut CanonicalArena| -> Result<Option<String>, SolveError> {
        match atomic_weight(arena, g)? {
            Some(w) => arena.display_at_most(w, longest),
            None => Ok(None),
        }
    };
    figures.atomic_weight = weight(arena).ok().flatten();
    let reduced = |arena: &mut CanonicalArena| -> Result<Option<String>, SolveError> {
        let r = reduced_canonical_form(arena, g)?;
        arena.display_at_most(r, longest)
    };
    figures.reduced = reduced(arena).ok().flatten();
    let incentives = |arena: &mut CanonicalArena| -> Result<Vec<String>, SolveError> {
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
    };
    figures.incentives = incentives(arena).unwrap_or_default();
    Ok(figures)
}

/// The figures of the nimber `*n` (an impartial position's value), as
/// CGSuite gives them for it.
pub(crate) fn nimber_figures(n: u64) -> Option<Figures> {
    let mut arena = CanonicalArena::new(Budget::DEFAULT);
    let g = arena.nimber(n).ok()?;
    figures(&mut arena, g).ok()
}
