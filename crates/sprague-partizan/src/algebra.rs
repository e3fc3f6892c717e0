//! The operations of CGSuite's game algebra on canonical forms, beyond the
//! disjunctive sum and negation of [`crate::cgt`] and the cooling and
//! heating of [`crate::cooling`] (Conway, *On Numbers and Games*; Berlekamp,
//! Conway and Guy, *Winning Ways*; Siegel, *Combinatorial Game Theory*).
//!
//! - **Ordinal sum** `G : H = {G^L, G:H^L | G^R, G:H^R}`: a move in `H`
//!   keeps `G`, a move in `G` ends `H`. It depends on the form of `G` (the
//!   base); here it is always `G`'s canonical form, as in CGSuite. For
//!   `x + *a : *b` it is `x + *(a + b)` (ordinary addition: the nimber
//!   `*a : *b` is a Nim heap of `a + b`).
//! - **Norton product** `G . U` by `U > 0`: `n` copies of `U` for an integer
//!   `G = n`, and otherwise `{G^L.U + U + I | G^R.U - U - I}` for every
//!   incentive `I` of `U` (Left's `U^L - U` and Right's `U - U^R`), on
//!   canonical forms as CGSuite computes it.
//! - **Conjunctive sum** `G ∧ H = {G^L∧H^L | G^R∧H^R}` (a move in both;
//!   the play ends when either ends) and **selective sum**
//!   `G ∨ H = {G^L∨H, G∨H^L, G^L∨H^L | G^R∨H, G∨H^R, G^R∨H^R}` (a move in
//!   one or both), the other two sums of *Winning Ways* ch. 9, on canonical
//!   forms.
//! - **Conway product** `G·H` (*On Numbers and Games* ch. 1; CGSuite's
//!   `ConwayProduct`): `{G^L·H + G·H^L - G^L·H^L, G^R·H + G·H^R - G^R·H^R |
//!   G^L·H + G·H^R - G^L·H^R, G^R·H + G·H^L - G^R·H^L}`, on canonical forms
//!   as CGSuite computes it (the product of games is not a function of
//!   their values in general; of numbers it is the ordinary product, of
//!   nimbers the nim product). `G·1 = G` and `G·0 = 0` by induction on `G`.
//! - `Tiny(G) = {0||0|-G}` and `Miny(G) = {G|0||0}`.
//! - **Up powers** (*Winning Ways* ch. 8; CGSuite's `Pow` and `PowTo` of
//!   `^`): `^<1> = ^` and `^<n+1> = {0 | * - ^[n]}`; `^[0] = 0` and
//!   `^[n] = {^[n-1] | *}`, which equals `^<1> + ... + ^<n>` (checked in
//!   the tests).
//!
//! Each operation reads canonical forms from the arena and builds new ones
//! with [`CanonicalArena::form`]; its memo lives for one call and its
//! recursion is bounded by [`MAX_DEPTH`].

use rustc_hash::FxHashMap;

use crate::atomic::multiple;
use crate::cgt::{CanonicalArena, Dyadic, GameId, MAX_DEPTH};
use sprague_core::error::SolveError;

fn too_deep(what: &str) -> SolveError {
    SolveError::unsupported(format!(
        "the {what} recurses more than {MAX_DEPTH} levels over options"
    ))
}

/// `n` copies of `g` (`-n` copies of `-g` for `n < 0`).
///
/// # Errors
///
/// Budget errors of the arena.
pub fn copies(arena: &mut CanonicalArena, g: GameId, n: i64) -> Result<GameId, SolveError> {
    multiple(arena, g, n)
}

/// The ordinal sum `g : h` (module documentation).
///
/// # Examples
///
/// ```
/// use sprague_core::Budget; use sprague_partizan::{CanonicalArena, ordinal_sum};
/// let mut arena = CanonicalArena::new(Budget::DEFAULT);
/// let one = arena.integer(1).unwrap();
/// let minus_one = arena.integer(-1).unwrap();
/// // 1 : -1 is 1/2.
/// let g = ordinal_sum(&mut arena, one, minus_one).unwrap();
/// assert_eq!(arena.display(g).unwrap(), "1/2");
/// ```
///
/// # Errors
///
/// [`SolveError::Unsupported`] past [`MAX_DEPTH`] levels; budget errors.
pub fn ordinal_sum(arena: &mut CanonicalArena, g: GameId, h: GameId) -> Result<GameId, SolveError> {
    let base = (arena.left_options(g)?, arena.right_options(g)?);
    let mut memo = FxHashMap::default();
    ordinal_walk(arena, g, &base, h, &mut memo, 0)
}

fn ordinal_walk(
    arena: &mut CanonicalArena,
    g: GameId,
    base: &(Vec<GameId>, Vec<GameId>),
    h: GameId,
    memo: &mut FxHashMap<GameId, GameId>,
    depth: usize,
) -> Result<GameId, SolveError> {
    if let Some(&r) = memo.get(&h) {
        return Ok(r);
    }
    if depth > MAX_DEPTH {
        return Err(too_deep("ordinal sum"));
    }
    let result = if let (Some((x, a)), Some((y, b))) = (
        arena.as_number_plus_nimber(g),
        arena.as_number_plus_nimber(h),
    ) && y == Dyadic::ZERO
    {
        // x + *a : *b = x + *(a + b): the options of *b are *0 .. *(b-1),
        // so by induction the ordinal sum's options are x + *c, c < a + b.
        let c = a.checked_add(b).ok_or_else(|| {
            SolveError::unsupported("a nimber beyond 2^64 in an ordinal sum".to_string())
        })?;
        arena.number_plus_nimber(x, c)?
    } else {
        let mut left = base.0.clone();
        for o in arena.left_options(h)? {
            left.push(ordinal_walk(arena, g, base, o, memo, depth + 1)?);
        }
        let mut right = base.1.clone();
        for o in arena.right_options(h)? {
            right.push(ordinal_walk(arena, g, base, o, memo, depth + 1)?);
        }
        arena.form(&left, &right)?
    };
    memo.insert(h, result);
    Ok(result)
}

/// Left's incentives `U^L - U` and Right's `U - U^R`, of the canonical
/// form of `u`, in that order.
///
/// # Errors
///
/// Budget errors of the arena.
pub fn incentives(
    arena: &mut CanonicalArena,
    u: GameId,
) -> Result<(Vec<GameId>, Vec<GameId>), SolveError> {
    let mut left = Vec::new();
    for o in arena.left_options(u)? {
        left.push(arena.sub(o, u)?);
    }
    let mut right = Vec::new();
    for o in arena.right_options(u)? {
        right.push(arena.sub(u, o)?);
    }
    Ok((left, right))
}

/// The Norton product `g . u` by `u > 0` (module documentation).
///
/// # Examples
///
/// ```
/// use sprague_core::Budget; use sprague_partizan::{CanonicalArena, norton_product};
/// let mut arena = CanonicalArena::new(Budget::DEFAULT);
/// let zero = arena.zero();
/// let star = arena.nimber(1).unwrap();
/// let up = arena.form(&[zero], &[star]).unwrap();
/// let three = arena.integer(3).unwrap();
/// let g = norton_product(&mut arena, three, up).unwrap();
/// assert_eq!(arena.display(g).unwrap(), "^3");
/// ```
///
/// # Errors
///
/// [`SolveError::Unsupported`] when `u` is not positive or past
/// [`MAX_DEPTH`]; budget errors.
pub fn norton_product(
    arena: &mut CanonicalArena,
    g: GameId,
    u: GameId,
) -> Result<GameId, SolveError> {
    let zero = arena.zero();
    if !arena.le(zero, u)? || arena.le(u, zero)? {
        return Err(SolveError::unsupported(
            "Norton multiplication is by a positive game (U > 0)".to_string(),
        ));
    }
    let (l, r) = incentives(arena, u)?;
    let mut steps = Vec::new();
    for i in l.into_iter().chain(r) {
        steps.push(arena.add(u, i)?);
    }
    steps.sort_unstable();
    steps.dedup();
    let mut memo = FxHashMap::default();
    norton_walk(arena, g, u, &steps, &mut memo, 0)
}

fn norton_walk(
    arena: &mut CanonicalArena,
    g: GameId,
    u: GameId,
    steps: &[GameId],
    memo: &mut FxHashMap<GameId, GameId>,
    depth: usize,
) -> Result<GameId, SolveError> {
    if let Some(&r) = memo.get(&g) {
        return Ok(r);
    }
    if depth > MAX_DEPTH {
        return Err(too_deep("Norton product"));
    }
    let result = if let Some(x) = arena.as_number(g).filter(Dyadic::is_integer) {
        let n = i64::try_from(x.numerator()).map_err(|_| {
            SolveError::unsupported("a Norton product by an integer beyond 2^63".to_string())
        })?;
        multiple(arena, u, n)?
    } else {
        let mut left = Vec::new();
        for o in arena.left_options(g)? {
            let p = norton_walk(arena, o, u, steps, memo, depth + 1)?;
            for &s in steps {
                left.push(arena.add(p, s)?);
            }
        }
        let mut right = Vec::new();
        for o in arena.right_options(g)? {
            let p = norton_walk(arena, o, u, steps, memo, depth + 1)?;
            for &s in steps {
                right.push(arena.sub(p, s)?);
            }
        }
        arena.form(&left, &right)?
    };
    memo.insert(g, result);
    Ok(result)
}

/// The conjunctive sum `g ∧ h` (module documentation).
///
/// # Errors
///
/// [`SolveError::Unsupported`] past [`MAX_DEPTH`]; budget errors.
pub fn conjunctive_sum(
    arena: &mut CanonicalArena,
    g: GameId,
    h: GameId,
) -> Result<GameId, SolveError> {
    compound(arena, g, h, false, &mut FxHashMap::default(), 0)
}

/// The selective sum `g ∨ h` (module documentation).
///
/// # Errors
///
/// [`SolveError::Unsupported`] past [`MAX_DEPTH`]; budget errors.
pub fn selective_sum(
    arena: &mut CanonicalArena,
    g: GameId,
    h: GameId,
) -> Result<GameId, SolveError> {
    compound(arena, g, h, true, &mut FxHashMap::default(), 0)
}

/// A binary operation's memo entry for `pair`, or its refusal past
/// [`MAX_DEPTH`] levels; `None` when it is still to be worked out.
fn recalled(
    memo: &FxHashMap<(GameId, GameId), GameId>,
    pair: (GameId, GameId),
    depth: usize,
    what: &str,
) -> Result<Option<GameId>, SolveError> {
    if let Some(&r) = memo.get(&pair) {
        return Ok(Some(r));
    }
    if depth > MAX_DEPTH {
        return Err(too_deep(what));
    }
    Ok(None)
}

/// The conjunctive (`selective == false`) or selective sum of `g` and `h`.
fn compound(
    arena: &mut CanonicalArena,
    g: GameId,
    h: GameId,
    selective: bool,
    memo: &mut FxHashMap<(GameId, GameId), GameId>,
    depth: usize,
) -> Result<GameId, SolveError> {
    let what = if selective {
        "selective sum"
    } else {
        "conjunctive sum"
    };
    if let Some(r) = recalled(memo, (g, h), depth, what)? {
        return Ok(r);
    }
    let mut sides = [Vec::new(), Vec::new()];
    for (i, side) in sides.iter_mut().enumerate() {
        let (go, ho) = if i == 0 {
            (arena.left_options(g)?, arena.left_options(h)?)
        } else {
            (arena.right_options(g)?, arena.right_options(h)?)
        };
        for &a in &go {
            for &b in &ho {
                side.push(compound(arena, a, b, selective, memo, depth + 1)?);
            }
        }
        if selective {
            for &a in &go {
                side.push(compound(arena, a, h, selective, memo, depth + 1)?);
            }
            for &b in &ho {
                side.push(compound(arena, g, b, selective, memo, depth + 1)?);
            }
        }
    }
    let result = arena.form(&sides[0], &sides[1])?;
    memo.insert((g, h), result);
    Ok(result)
}

/// The Conway product `g·h` (module documentation).
///
/// # Errors
///
/// [`SolveError::Unsupported`] past [`MAX_DEPTH`] levels (the birthdays of
/// `g` and `h` together); budget errors.
pub fn conway_product(
    arena: &mut CanonicalArena,
    g: GameId,
    h: GameId,
) -> Result<GameId, SolveError> {
    product(arena, g, h, &mut FxHashMap::default(), 0)
}

fn product(
    arena: &mut CanonicalArena,
    g: GameId,
    h: GameId,
    memo: &mut FxHashMap<(GameId, GameId), GameId>,
    depth: usize,
) -> Result<GameId, SolveError> {
    if let Some(r) = recalled(memo, (g, h), depth, "Conway product")? {
        return Ok(r);
    }
    let (gl, gr) = (arena.left_options(g)?, arena.right_options(g)?);
    let (hl, hr) = (arena.left_options(h)?, arena.right_options(h)?);
    let mut sides = [Vec::new(), Vec::new()];
    // Left's options pair options of one side in both; Right's, of
    // opposite sides.
    for (a_side, b_side, side) in [(&gl, &hl, 0), (&gr, &hr, 0), (&gl, &hr, 1), (&gr, &hl, 1)] {
        for &a in a_side {
            for &b in b_side {
                let ah = product(arena, a, h, memo, depth + 1)?;
                let gb = product(arena, g, b, memo, depth + 1)?;
                let ab = product(arena, a, b, memo, depth + 1)?;
                let sum = arena.add(ah, gb)?;
                let minus_ab = arena.neg(ab)?;
                sides[side].push(arena.add(sum, minus_ab)?);
            }
        }
    }
    let result = arena.form(&sides[0], &sides[1])?;
    memo.insert((g, h), result);
    Ok(result)
}

/// `Tiny(g) = {0||0|-g}`.
///
/// # Errors
///
/// Budget errors of the arena.
pub fn tiny(arena: &mut CanonicalArena, g: GameId) -> Result<GameId, SolveError> {
    let zero = arena.zero();
    let minus_g = arena.neg(g)?;
    let inner = arena.form(&[zero], &[minus_g])?;
    arena.form(&[zero], &[inner])
}

/// `Miny(g) = {g|0||0}`, the negative of `Tiny(g)`.
///
/// # Errors
///
/// Budget errors of the arena.
pub fn miny(arena: &mut CanonicalArena, g: GameId) -> Result<GameId, SolveError> {
    let t = tiny(arena, g)?;
    arena.neg(t)
}

/// `^<n>`, the `n`-th up power (module documentation); `^<0>` is taken as
/// `^[0] = 0`.
///
/// # Errors
///
/// Budget errors of the arena.
pub fn up_power(arena: &mut CanonicalArena, n: u64) -> Result<GameId, SolveError> {
    if n == 0 {
        return Ok(arena.zero());
    }
    let zero = arena.zero();
    let star = arena.nimber(1)?;
    let below = up_power_sum(arena, n - 1)?;
    let right = arena.sub(star, below)?;
    arena.form(&[zero], &[right])
}

/// `^[n] = ^<1> + ... + ^<n>` (module documentation).
///
/// # Errors
///
/// Budget errors of the arena.
pub fn up_power_sum(arena: &mut CanonicalArena, n: u64) -> Result<GameId, SolveError> {
    let star = arena.nimber(1)?;
    let mut g = arena.zero();
    for _ in 0..n {
        arena.charge_with(0)?;
        g = arena.form(&[g], &[star])?;
    }
    Ok(g)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_core::budget::Budget;

    #[test]
    fn up_power_sums_are_sums_of_up_powers() {
        let mut arena = CanonicalArena::new(Budget::DEFAULT);
        let mut total = arena.zero();
        for n in 1..=8 {
            let p = up_power(&mut arena, n).unwrap();
            total = arena.add(total, p).unwrap();
            assert_eq!(up_power_sum(&mut arena, n).unwrap(), total, "^[{n}]");
        }
    }

    #[test]
    fn ordinal_sums_of_nimbers_add() {
        let mut arena = CanonicalArena::new(Budget::DEFAULT);
        for a in 0..5 {
            for b in 0..5 {
                let g = arena.nimber(a).unwrap();
                let h = arena.nimber(b).unwrap();
                // The ordinal sum by the definition, without the shortcut.
                let base = (
                    arena.left_options(g).unwrap(),
                    arena.right_options(g).unwrap(),
                );
                let by_options = {
                    let mut l = base.0.clone();
                    let mut r = base.1.clone();
                    for o in arena.left_options(h).unwrap() {
                        l.push(ordinal_sum(&mut arena, g, o).unwrap());
                    }
                    for o in arena.right_options(h).unwrap() {
                        r.push(ordinal_sum(&mut arena, g, o).unwrap());
                    }
                    arena.form(&l, &r).unwrap()
                };
                let s = ordinal_sum(&mut arena, g, h).unwrap();
                assert_eq!(s, by_options, "*{a} : *{b}");
                assert_eq!(s, arena.nimber(a + b).unwrap());
            }
        }
        let half = arena.number(Dyadic::new(1, 1).unwrap()).unwrap();
        let star = arena.nimber(1).unwrap();
        let s = ordinal_sum(&mut arena, half, star).unwrap();
        assert_eq!(arena.display(s).unwrap(), "1/2*");
    }
}
