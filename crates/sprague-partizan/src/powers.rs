//! Powers of a game `{0|H}` and the subordinate of a game to a base, as
//! CGSuite defines them on canonical forms (`pow`, `powTo` and
//! `subordinate` in `lib/core/src/main/scala/org/cgsuite/core/CanonicalShortGame.scala`,
//! aaron-siegel/cgsuite; its `G.Pow(x)`, `G.PowTo(x)` and
//! `G.Subordinate(B)`):
//!
//! - The **subordinate** of `G` to a base `B` is the `H` with `G = B : H`
//!   (the ordinal sum of [`crate::algebra::ordinal_sum`]). It is read off
//!   `G`'s canonical form: every Left option `B^L` of the base must be
//!   matched by a Left option of `G` at least as large, or `G` must be at
//!   least one of `B^L`'s Right options (and symmetrically for Right); the
//!   options of `G` that are not options of `B` are subordinated in turn.
//!   The base is given by its options, which need not be a canonical form
//!   (CGSuite's `^.Subordinate('{*|*}')`).
//! - The **cumulative power** `G^→x` (`pow_to`) is `0` for `x = 0` and
//!   `G : x'` for a number `x > 0`, where `x'` is the subordinate of `x` to
//!   `1`: `x`'s sign expansion without its first `+` (`x - 1` for `x >= 1`,
//!   `1/8` gives `-3`). So `^→n` is `^[n]`.
//! - The **power** `G^x` (`pow`) of a base `G = {0|H}` is
//!   `{0 | H - G^→(x-1)}` for a number `x >= 1`. So `^^n` is `^<n>`.
//!
//! CGSuite also takes loopy exponents (`on`, `{5|pass}`), whose powers are
//! stoppers; these functions are for short games and take numbers only.
//! The recursion of the subordinate is bounded by [`MAX_DEPTH`].

use rustc_hash::FxHashMap;
use sprague_core::error::SolveError;

use crate::algebra::ordinal_sum;
use crate::cgt::{CanonicalArena, GameId, MAX_DEPTH};
use crate::dyadic::Dyadic;

/// The subordinate of `g` to the base `{base_left | base_right}` (module
/// documentation): the `h` with `g = base : h`.
///
/// # Examples
///
/// ```
/// use sprague_core::Budget; use sprague_partizan::{CanonicalArena, Dyadic, subordinate};
/// let mut arena = CanonicalArena::new(Budget::DEFAULT);
/// let eighth = arena.number(Dyadic::new(1, 3).unwrap()).unwrap();
/// let zero = arena.zero();
/// // 1/8 = 1 : -3 (its sign expansion is + - - -).
/// let h = subordinate(&mut arena, eighth, &[zero], &[]).unwrap();
/// assert_eq!(arena.display(h).unwrap(), "-3");
/// ```
///
/// # Errors
///
/// [`SolveError::Unsupported`] when `g` is not `base : h` for any `h`, or
/// past [`MAX_DEPTH`] levels; budget errors.
pub fn subordinate(
    arena: &mut CanonicalArena,
    g: GameId,
    base_left: &[GameId],
    base_right: &[GameId],
) -> Result<GameId, SolveError> {
    let mut memo = FxHashMap::default();
    subordinate_walk(arena, g, base_left, base_right, &mut memo, 0)
}

fn subordinate_walk(
    arena: &mut CanonicalArena,
    g: GameId,
    base_left: &[GameId],
    base_right: &[GameId],
    memo: &mut FxHashMap<GameId, GameId>,
    depth: usize,
) -> Result<GameId, SolveError> {
    if let Some(&h) = memo.get(&g) {
        return Ok(h);
    }
    if depth > MAX_DEPTH {
        return Err(SolveError::unsupported(format!(
            "the subordinate recurses more than {MAX_DEPTH} levels over options"
        )));
    }
    let left = arena.left_options(g)?;
    let right = arena.right_options(g)?;
    let mut fits = true;
    for &bl in base_left {
        if !any(arena, &left, |a, gl| a.le(bl, gl))? {
            let blr = arena.right_options(bl)?;
            fits &= any(arena, &blr, |a, o| a.le(o, g))?;
        }
    }
    for &br in base_right {
        if !any(arena, &right, |a, gr| a.le(gr, br))? {
            let brl = arena.left_options(br)?;
            fits &= any(arena, &brl, |a, o| a.le(g, o))?;
        }
    }
    if !fits {
        let text = named(arena, g)?;
        let at = if depth == 0 { "G =" } else { "G's follower" };
        return Err(SolveError::unsupported(format!(
            "subordinate(G, B): no H has G = B : H (B's options do not fit {at} {text})"
        )));
    }
    // The options of G that are not the base's, subordinated: Left's,
    // then Right's.
    let mut sides = [Vec::new(), Vec::new()];
    for (sub, (options, base)) in sides
        .iter_mut()
        .zip([(left, base_left), (right, base_right)])
    {
        for o in options {
            if !base.contains(&o) {
                sub.push(subordinate_walk(
                    arena,
                    o,
                    base_left,
                    base_right,
                    memo,
                    depth + 1,
                )?);
            }
        }
    }
    let h = arena.form(&sides[0], &sides[1])?;
    memo.insert(g, h);
    Ok(h)
}

/// Whether `test` holds of one of `games`.
fn any(
    arena: &mut CanonicalArena,
    games: &[GameId],
    mut test: impl FnMut(&mut CanonicalArena, GameId) -> Result<bool, SolveError>,
) -> Result<bool, SolveError> {
    for &o in games {
        if test(arena, o)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// What is wrong with `x` as the exponent of `pow` (`cumulative` false:
/// `x >= 1`) or `pow_to` (`x >= 0`), CGSuite's "Invalid exponent." with
/// the range said; `None` for an exponent they take. An exponent is also
/// born by day [`MAX_DEPTH`]: the power is an ordinal sum as deep as the
/// exponent is old.
pub fn exponent_problem(cumulative: bool, x: &Dyadic) -> Option<String> {
    let (what, least) = if cumulative {
        ("pow_to", 0)
    } else {
        ("pow", 1)
    };
    let in_range =
        *x >= Dyadic::integer(least) && x.birthday().is_some_and(|b| b <= MAX_DEPTH as u64);
    (!in_range).then(|| {
        format!("{what}'s exponent is a number x >= {least} born by day {MAX_DEPTH}, not {x}")
    })
}

/// The cumulative power `g^→x` (module documentation): `0` for `x = 0`,
/// `g : x'` with `x = 1 : x'` for `x > 0`. `pow_to(^, n)` is `^[n]`.
///
/// # Examples
///
/// ```
/// use sprague_core::Budget; use sprague_partizan::{CanonicalArena, Dyadic, pow_to, up_power_sum};
/// let mut arena = CanonicalArena::new(Budget::DEFAULT);
/// let zero = arena.zero();
/// let star = arena.nimber(1).unwrap();
/// let up = arena.form(&[zero], &[star]).unwrap();
/// let p = pow_to(&mut arena, up, &Dyadic::integer(3)).unwrap();
/// assert_eq!(p, up_power_sum(&mut arena, 3).unwrap());
/// ```
///
/// # Errors
///
/// [`SolveError::Unsupported`] for `x < 0` or `x` born after day
/// [`MAX_DEPTH`] (the ordinal sum is as deep as `x` is old); budget errors.
pub fn pow_to(arena: &mut CanonicalArena, g: GameId, x: &Dyadic) -> Result<GameId, SolveError> {
    if let Some(problem) = exponent_problem(true, x) {
        return Err(SolveError::unsupported(problem));
    }
    if *x == Dyadic::ZERO {
        return Ok(arena.zero());
    }
    let x_id = arena.number(x.clone())?;
    let zero = arena.zero();
    let below = subordinate(arena, x_id, &[zero], &[])?;
    ordinal_sum(arena, g, below)
}

/// The power `g^x` of `g = {0|H}` (module documentation):
/// `{0 | H - g^→(x-1)}`. `pow(^, n)` is `^<n>`.
///
/// # Examples
///
/// ```
/// use sprague_core::Budget; use sprague_partizan::{CanonicalArena, Dyadic, pow, up_power};
/// let mut arena = CanonicalArena::new(Budget::DEFAULT);
/// let zero = arena.zero();
/// let star = arena.nimber(1).unwrap();
/// let up = arena.form(&[zero], &[star]).unwrap();
/// let p = pow(&mut arena, up, &Dyadic::integer(3)).unwrap();
/// assert_eq!(p, up_power(&mut arena, 3).unwrap());
/// ```
///
/// # Errors
///
/// [`SolveError::Unsupported`] for a `g` not of the form `{0|H}` (one Left
/// option, `0`, and one Right option), for `x < 1` or `x` born after day
/// [`MAX_DEPTH`]; budget errors.
pub fn pow(arena: &mut CanonicalArena, g: GameId, x: &Dyadic) -> Result<GameId, SolveError> {
    let zero = arena.zero();
    let left = arena.left_options(g)?;
    let right = arena.right_options(g)?;
    let h = match (left.as_slice(), right.as_slice()) {
        (&[l], &[h]) if l == zero => h,
        _ => {
            let text = named(arena, g)?;
            return Err(SolveError::unsupported(format!(
                "pow(G, x) takes a base G of the form {{0|H}}, not {text}"
            )));
        }
    };
    if let Some(problem) = exponent_problem(false, x) {
        return Err(SolveError::unsupported(problem));
    }
    // x >= 1 and born by the limit, so x - 1 is too.
    let x_minus_1 = x
        .checked_add(Dyadic::integer(-1))
        .map_err(|_| SolveError::unsupported(format!("{x} - 1 is out of range")))?;
    let cumulative = pow_to(arena, g, &x_minus_1)?;
    let right = arena.sub(h, cumulative)?;
    arena.form(&[zero], &[right])
}

/// `g` printed for an error message, or `that game` when its text is
/// long.
fn named(arena: &mut CanonicalArena, g: GameId) -> Result<String, SolveError> {
    Ok(arena
        .display_at_most(g, 60)?
        .unwrap_or_else(|| "that game".to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::{up_power, up_power_sum};
    use sprague_core::Budget;

    #[test]
    fn powers_of_up_are_the_up_powers() {
        let mut a = CanonicalArena::new(Budget::DEFAULT);
        let zero = a.zero();
        let star = a.nimber(1).unwrap();
        let up = a.form(&[zero], &[star]).unwrap();
        for n in 1..=10u64 {
            let x = Dyadic::integer(n as i64);
            assert_eq!(pow(&mut a, up, &x).unwrap(), up_power(&mut a, n).unwrap());
            assert_eq!(
                pow_to(&mut a, up, &x).unwrap(),
                up_power_sum(&mut a, n).unwrap()
            );
        }
    }

    #[test]
    fn subordinate_undoes_the_ordinal_sum_of_numbers() {
        // For numbers `b : h` concatenates sign expansions, and the
        // subordinate takes `b`'s off again.
        let mut a = CanonicalArena::new(Budget::DEFAULT);
        let numbers: Vec<Dyadic> = (-12..=12).map(|n| Dyadic::new(n, 2).unwrap()).collect();
        for b in &numbers {
            for h in &numbers {
                let b = a.number(b.clone()).unwrap();
                let h = a.number(h.clone()).unwrap();
                let g = ordinal_sum(&mut a, b, h).unwrap();
                let bl = a.left_options(b).unwrap();
                let br = a.right_options(b).unwrap();
                assert_eq!(subordinate(&mut a, g, &bl, &br).unwrap(), h);
            }
        }
    }
}
