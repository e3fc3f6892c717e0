//! Reduced canonical forms (Calistrate; Grossman and Siegel, "Reductions of
//! partizan games"; Siegel, *Combinatorial Game Theory*, II.6): the
//! simplest game infinitesimally close to a given one.
//!
//! Two games are *infinitesimally close* (`G ≡ H` modulo `Inf`) when
//! `-x < G - H < x` for every positive number `x`, that is when both
//! stops of `G - H` are `0`. Every class has a unique simplest member, the
//! *reduced canonical form* `rcf(G)`, reached from the canonical form by
//! deleting `Inf`-dominated and bypassing `Inf`-reversible options.
//!
//! It is computed through heating by `*` (the characterisation CGSuite
//! uses): a game whose stops are equal is infinitesimally close to the
//! number `x` at its stops, whose reduced form is `x`; otherwise
//! `rcf(G) = ρ(∫^* G)`, where `ρ` (the *star projection*) fixes numbers,
//! sends `x + *` to `x` and is applied to the options of everything else
//! (then brought to canonical form). Heating by `*` turns every move to a
//! number `x` into a move to `x*`, which `ρ` then takes back to `x`; what
//! the two steps leave out is exactly the infinitesimal difference.
//!
//! This module reads the arena and never changes a canonical form.

use rustc_hash::FxHashMap;

use crate::cgt::{CanonicalArena, Dyadic, GameId, MAX_DEPTH};
use crate::cooling::heat;
use sprague_core::error::SolveError;

/// The reduced canonical form of `g`: the simplest game infinitesimally
/// close to it (module documentation).
///
/// # Examples
///
/// ```
/// use sprague_core::Budget; use sprague_partizan::{CanonicalArena, reduced_canonical_form};
/// let mut arena = CanonicalArena::new(Budget::DEFAULT);
/// let zero = arena.zero();
/// let star = arena.nimber(1).unwrap();
/// let up = arena.form(&[zero], &[star]).unwrap();
/// // ^ is infinitesimal, so its reduced form is 0.
/// assert_eq!(reduced_canonical_form(&mut arena, up).unwrap(), zero);
/// ```
///
/// # Errors
///
/// [`SolveError::Unsupported`] for a game deeper than [`MAX_DEPTH`] or
/// numbers beyond [`Dyadic`]'s range; budget errors.
pub fn reduced_canonical_form(arena: &mut CanonicalArena, g: GameId) -> Result<GameId, SolveError> {
    let (l, r) = arena.stops(g)?;
    if l == r {
        return arena.number(l);
    }
    let star = arena.nimber(1)?;
    let heated = heat(arena, g, star)?;
    let mut memo = FxHashMap::default();
    star_projection(arena, heated, &mut memo, 0)
}

/// `ρ(h)`: numbers fixed, `x*` to `x`, the options of anything else.
fn star_projection(
    arena: &mut CanonicalArena,
    h: GameId,
    memo: &mut FxHashMap<GameId, GameId>,
    depth: usize,
) -> Result<GameId, SolveError> {
    match arena.as_number_plus_nimber(h) {
        Some((_, 0)) => return Ok(h),
        Some((x, 1)) => return arena.number(x),
        _ => {}
    }
    if let Some(&p) = memo.get(&h) {
        return Ok(p);
    }
    if depth >= MAX_DEPTH {
        return Err(SolveError::unsupported(format!(
            "the game is too deep for its reduced form (more than {MAX_DEPTH} levels of options)"
        )));
    }
    arena.charge_with(memo.len() as u64)?;
    let mut left = Vec::new();
    for o in arena.left_options(h)? {
        left.push(star_projection(arena, o, memo, depth + 1)?);
    }
    let mut right = Vec::new();
    for o in arena.right_options(h)? {
        right.push(star_projection(arena, o, memo, depth + 1)?);
    }
    let p = arena.form(&left, &right)?;
    memo.insert(h, p);
    Ok(p)
}

/// Whether `g` and `h` are infinitesimally close: `g - h` has both stops
/// `0`.
///
/// # Errors
///
/// As [`CanonicalArena::stops`].
pub fn infinitesimally_close(
    arena: &mut CanonicalArena,
    g: GameId,
    h: GameId,
) -> Result<bool, SolveError> {
    let d = arena.sub(g, h)?;
    let (l, r) = arena.stops(d)?;
    Ok(l == Dyadic::ZERO && r == Dyadic::ZERO)
}
