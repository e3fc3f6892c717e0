//! Atomic weights of short partizan games (Berlekamp, Conway and Guy,
//! *Winning Ways*, ch. 7–8; Siegel, *Combinatorial Game Theory*, II.7),
//! as CGSuite computes them.
//!
//! The *atomic weight* of an infinitesimal `G` is the game `W` with
//! `G ~ W·^`, where `~` is the atomic weight relation (`G ~ H` iff
//! `G + X + *m` and `H + X + *m` have the same outcome for every `X` and
//! every large enough `m`) and `W·^` is Norton's product by `^`. It exists
//! for every *all-small* game (every follower with a move for one player
//! has a move for the other: in canonical form, no follower is a nonzero
//! number) and for some other infinitesimals.
//!
//! It is computed by the **atomic weight calculus** (Siegel II.7): the
//! weight of `x + n·^ + *m` is `n`; otherwise let
//! `G'' = {G^L'' - 2 | G^R'' + 2}` over the canonical options. If `G''` is
//! not an integer, the atomic weight is `G''`. If it is an integer (the
//! *eccentric* case), compare `G` with the *far star* `☆ = *N`, `N` larger
//! than every nimber among `G`'s followers:
//!
//! - if `G < ☆`, the weight is the least integer `n` with `n ⧐ G^L'' - 2`
//!   for every Left option (`0` if Left has none);
//! - if `G > ☆`, the greatest integer `n` with `n ⧏ G^R'' + 2` for every
//!   Right option (`0` if Right has none);
//! - otherwise (`G` confused with `☆`) it is `G''`.
//!
//! The calculus gives the weight of every all-small game. For an
//! infinitesimal that is not all-small CGSuite accepts the calculus's
//! answer `W` when `G - W·^` lies between `-ε` and `ε` for
//! `ε = ^* + (*M : -1)` (the ordinal sum of the nimber `*M`, `M` the least
//! power of two at least 2 and at least `N`, with `-1`), and reports the
//! game not atomic otherwise; so does [`atomic_weight`] (CGSuite,
//! `CanonicalShortGame.atomicWeightOpt`).
//!
//! This module reads the arena and never changes a canonical form; it keeps
//! its memos for one question and charges them to the arena's budget.

use rustc_hash::FxHashMap;

use crate::cgt::{CanonicalArena, Dyadic, GameId, MAX_DEPTH};
use sprague_core::error::SolveError;

/// Whether `g` is infinitesimal: both its stops are `0` (Siegel II.3;
/// `0` itself is infinitesimal, as in CGSuite).
///
/// # Errors
///
/// As [`CanonicalArena::stops`].
pub fn is_infinitesimal(arena: &mut CanonicalArena, g: GameId) -> Result<bool, SolveError> {
    let (l, r) = arena.stops(g)?;
    Ok(l == Dyadic::ZERO && r == Dyadic::ZERO)
}

/// Whether `g` is all-small: no follower of its canonical form is a
/// nonzero number (a form with moves for only one player is a number, so
/// this is the definition "every follower gives both players a move or
/// neither").
///
/// # Examples
///
/// ```
/// use sprague_core::Budget; use sprague_partizan::{CanonicalArena, is_all_small};
/// let mut arena = CanonicalArena::new(Budget::DEFAULT);
/// let zero = arena.zero();
/// let star = arena.nimber(1).unwrap();
/// let up = arena.form(&[zero], &[star]).unwrap();
/// assert!(is_all_small(&mut arena, up).unwrap());
/// let one = arena.integer(1).unwrap();
/// let tiny = arena.form(&[one], &[zero]).unwrap(); // {1|0}: hot, not small
/// assert!(!is_all_small(&mut arena, tiny).unwrap());
/// ```
///
/// # Errors
///
/// [`SolveError::Unsupported`] for a game deeper than [`MAX_DEPTH`];
/// budget errors listing options.
pub fn is_all_small(arena: &mut CanonicalArena, g: GameId) -> Result<bool, SolveError> {
    let mut walk = Walk::default();
    walk.all_small(arena, g)
}

/// The atomic weight of `g` (module documentation), `None` when `g` is not
/// atomic: not infinitesimal (`5`, `-1/2`, `9/8*`), or an infinitesimal
/// that is not all-small and fails CGSuite's test.
///
/// # Examples
///
/// ```
/// use sprague_core::Budget; use sprague_partizan::{CanonicalArena, atomic_weight};
/// let mut arena = CanonicalArena::new(Budget::DEFAULT);
/// let zero = arena.zero();
/// let star = arena.nimber(1).unwrap();
/// let up = arena.form(&[zero], &[star]).unwrap();
/// let one = arena.integer(1).unwrap();
/// assert_eq!(atomic_weight(&mut arena, up).unwrap(), Some(one));
/// assert_eq!(atomic_weight(&mut arena, star).unwrap(), Some(zero));
/// assert_eq!(atomic_weight(&mut arena, one).unwrap(), None);
/// ```
///
/// # Errors
///
/// As [`is_all_small`]; a number out of [`Dyadic`]'s range is
/// [`SolveError::Unsupported`].
pub fn atomic_weight(arena: &mut CanonicalArena, g: GameId) -> Result<Option<GameId>, SolveError> {
    if !is_infinitesimal(arena, g)? {
        return Ok(None);
    }
    let mut walk = Walk::default();
    let weight = walk.naive_weight(arena, g)?;
    if walk.all_small(arena, g)? {
        return Ok(Some(weight));
    }
    // CGSuite's test for an infinitesimal that is not all-small.
    let weight_up = walk.norton_up(arena, weight)?;
    let difference = arena.sub(g, weight_up)?;
    let mut power = 2u64;
    while power < walk.far_star(arena, g)? {
        power = power.checked_mul(2).ok_or_else(|| {
            SolveError::unsupported("a nimber too large for the atomic weight test")
        })?;
    }
    let star_power = arena.nimber(power)?;
    let kite = ordinal_sum_minus_one(arena, star_power)?;
    let star = arena.nimber(1)?;
    let up = up(arena)?;
    let up_star = arena.add(up, star)?;
    let epsilon = arena.add(up_star, kite)?;
    let minus_epsilon = arena.neg(epsilon)?;
    let atomic = arena.le(difference, epsilon)? && arena.le(minus_epsilon, difference)?;
    Ok(atomic.then_some(weight))
}

/// The ordinal sum `g : -1 = {g^L | g^R, g}` (the base `g` followed by
/// Right's one move of `-1`, which leaves `g : 0 = g`).
fn ordinal_sum_minus_one(arena: &mut CanonicalArena, g: GameId) -> Result<GameId, SolveError> {
    let left = arena.left_options(g)?;
    let mut right = arena.right_options(g)?;
    right.push(g);
    arena.form(&left, &right)
}

/// One question's memos and recursion depth.
#[derive(Default)]
struct Walk {
    all_small: FxHashMap<GameId, bool>,
    naive: FxHashMap<GameId, GameId>,
    far_star: FxHashMap<GameId, u64>,
    norton: FxHashMap<GameId, GameId>,
    depth: usize,
}

impl Walk {
    fn stored(&self) -> u64 {
        (self.all_small.len() + self.naive.len() + self.far_star.len() + self.norton.len()) as u64
    }

    /// Runs `f` one level deeper, or fails beyond [`MAX_DEPTH`].
    fn deeper<T>(
        &mut self,
        arena: &mut CanonicalArena,
        f: impl FnOnce(&mut Walk, &mut CanonicalArena) -> Result<T, SolveError>,
    ) -> Result<T, SolveError> {
        if self.depth >= MAX_DEPTH {
            return Err(SolveError::unsupported(format!(
                "the game is too deep for atomic weights (more than {MAX_DEPTH} levels of options)"
            )));
        }
        arena.charge_with(self.stored())?;
        self.depth += 1;
        let result = f(self, arena);
        self.depth -= 1;
        result
    }

    fn all_small(&mut self, arena: &mut CanonicalArena, g: GameId) -> Result<bool, SolveError> {
        if let Some((x, _)) = arena.as_number_plus_nimber(g) {
            return Ok(x == Dyadic::ZERO);
        }
        if let Some(&b) = self.all_small.get(&g) {
            return Ok(b);
        }
        let b = self.deeper(arena, |walk, arena| {
            let mut options = arena.left_options(g)?;
            options.extend(arena.right_options(g)?);
            for o in options {
                if !walk.all_small(arena, o)? {
                    return Ok(false);
                }
            }
            Ok(true)
        })?;
        self.all_small.insert(g, b);
        Ok(b)
    }

    /// `1 +` the largest nimber `*n` among the followers of `g` (at least
    /// 1): CGSuite's far star index.
    fn far_star(&mut self, arena: &mut CanonicalArena, g: GameId) -> Result<u64, SolveError> {
        if let Some((x, n)) = arena.as_number_plus_nimber(g) {
            // The followers of `*n` are the nimbers up to `*n`; those of
            // `x + *n` for `x != 0` are numbers and numbers plus nimbers,
            // none of them a nimber (as CGSuite counts).
            return Ok(if x == Dyadic::ZERO {
                n.saturating_add(1)
            } else {
                1
            });
        }
        if let Some(&n) = self.far_star.get(&g) {
            return Ok(n);
        }
        let n = self.deeper(arena, |walk, arena| {
            let mut options = arena.left_options(g)?;
            options.extend(arena.right_options(g)?);
            let mut n = 1;
            for o in options {
                n = n.max(walk.far_star(arena, o)?);
            }
            Ok(n)
        })?;
        self.far_star.insert(g, n);
        Ok(n)
    }

    /// The atomic weight calculus of the module documentation, eccentric
    /// case included.
    fn naive_weight(
        &mut self,
        arena: &mut CanonicalArena,
        g: GameId,
    ) -> Result<GameId, SolveError> {
        if arena.as_number_plus_nimber(g).is_some() {
            // x + *n has no ups.
            return Ok(arena.zero());
        }
        if let Some(&w) = self.naive.get(&g) {
            return Ok(w);
        }
        let w = self.deeper(arena, |walk, arena| {
            if let Some(n) = walk.ups_beside_a_number(arena, g)? {
                return Ok(n);
            }
            let minus_two = arena.integer(-2)?;
            let two = arena.integer(2)?;
            let mut left = Vec::new();
            for o in arena.left_options(g)? {
                let w = walk.naive_weight(arena, o)?;
                left.push(arena.add(w, minus_two)?);
            }
            let mut right = Vec::new();
            for o in arena.right_options(g)? {
                let w = walk.naive_weight(arena, o)?;
                right.push(arena.add(w, two)?);
            }
            let candidate = arena.form(&left, &right)?;
            match arena.as_number(candidate) {
                Some(x) if x.is_integer() => walk.eccentric(arena, g, candidate, &left, &right),
                _ => Ok(candidate),
            }
        })?;
        self.naive.insert(g, w);
        Ok(w)
    }

    /// `n` if `g` is `x + n·^ + *m` with a number `x != 0`: the weight of
    /// `g - x`, all-small, is then `n`, which the calculus finds (for
    /// `x = 0` the calculus applied to `g` itself does).
    fn ups_beside_a_number(
        &mut self,
        arena: &mut CanonicalArena,
        g: GameId,
    ) -> Result<Option<GameId>, SolveError> {
        let (l, r) = arena.stops(g)?;
        if l != r || l == Dyadic::ZERO {
            return Ok(None);
        }
        let minus_x = arena.number(l.checked_neg()?)?;
        let h = arena.add(g, minus_x)?;
        if !self.all_small(arena, h)? {
            return Ok(None);
        }
        let n = self.naive_weight(arena, h)?;
        let Some(count) = arena.as_number(n).filter(|c| c.is_integer()) else {
            return Ok(None);
        };
        let up = up(arena)?;
        let count = i64::try_from(count.numerator()).map_err(|_| overflow())?;
        let ups = multiple(arena, up, count)?;
        let rest = arena.sub(h, ups)?;
        Ok(match arena.as_number_plus_nimber(rest) {
            Some((x, _)) if x == Dyadic::ZERO => Some(n),
            _ => None,
        })
    }

    /// The eccentric case: `G''` is the integer `candidate`, `left` and
    /// `right` are the `G^L'' - 2` and `G^R'' + 2`.
    fn eccentric(
        &mut self,
        arena: &mut CanonicalArena,
        g: GameId,
        candidate: GameId,
        left: &[GameId],
        right: &[GameId],
    ) -> Result<GameId, SolveError> {
        let far_index = self.far_star(arena, g)?;
        let far = arena.nimber(far_index)?;
        let below = arena.le(g, far)?;
        let above = arena.le(far, g)?;
        if below && !above {
            // The least integer n with n ⧐ every G^L'' - 2: above the Right
            // stop of each, and one more where n <= it still.
            let mut least: Option<i64> = None;
            for &o in left {
                let (_, rs) = arena.stops(o)?;
                let mut n = ceiling(rs)?;
                let n_id = arena.integer(n)?;
                if arena.le(n_id, o)? {
                    n = n.checked_add(1).ok_or_else(overflow)?;
                }
                least = Some(least.map_or(n, |m| m.max(n)));
            }
            arena.integer(least.unwrap_or(0))
        } else if above && !below {
            let mut greatest: Option<i64> = None;
            for &o in right {
                let (ls, _) = arena.stops(o)?;
                let mut n = floor(ls)?;
                let n_id = arena.integer(n)?;
                if arena.le(o, n_id)? {
                    n = n.checked_sub(1).ok_or_else(overflow)?;
                }
                greatest = Some(greatest.map_or(n, |m| m.min(n)));
            }
            arena.integer(greatest.unwrap_or(0))
        } else {
            Ok(candidate)
        }
    }

    /// Norton's product `w·^`: `w` copies of `^` for an integer `w`, and
    /// `{w^L·^ + ^^* | w^R·^ - ^^*}` otherwise (the incentives of `^` are
    /// `v` and `^*`; the larger, `^*`, dominates, and `^ + ^* = ^^*`).
    fn norton_up(&mut self, arena: &mut CanonicalArena, w: GameId) -> Result<GameId, SolveError> {
        let star = arena.nimber(1)?;
        let up = up(arena)?;
        if let Some(x) = arena.as_number(w)
            && x.is_integer()
        {
            let n = i64::try_from(x.numerator()).map_err(|_| overflow())?;
            return multiple(arena, up, n);
        }
        if let Some(&p) = self.norton.get(&w) {
            return Ok(p);
        }
        let p = self.deeper(arena, |walk, arena| {
            let double_up = arena.add(up, up)?;
            let double_up_star = arena.add(double_up, star)?;
            let mut left = Vec::new();
            for o in arena.left_options(w)? {
                let p = walk.norton_up(arena, o)?;
                left.push(arena.add(p, double_up_star)?);
            }
            let mut right = Vec::new();
            for o in arena.right_options(w)? {
                let p = walk.norton_up(arena, o)?;
                right.push(arena.sub(p, double_up_star)?);
            }
            arena.form(&left, &right)
        })?;
        self.norton.insert(w, p);
        Ok(p)
    }
}

/// `^ = {0|*}`.
pub(crate) fn up(arena: &mut CanonicalArena) -> Result<GameId, SolveError> {
    let zero = arena.zero();
    let star = arena.nimber(1)?;
    arena.form(&[zero], &[star])
}

/// `n·g` (`n` copies of `g`, or of `-g` for negative `n`), by doubling.
pub(crate) fn multiple(
    arena: &mut CanonicalArena,
    g: GameId,
    n: i64,
) -> Result<GameId, SolveError> {
    let mut power = if n < 0 { arena.neg(g)? } else { g };
    let mut remaining = n.unsigned_abs();
    let mut sum = arena.zero();
    while remaining > 0 {
        if remaining & 1 == 1 {
            sum = arena.add(sum, power)?;
        }
        remaining >>= 1;
        if remaining > 0 {
            power = arena.add(power, power)?;
        }
    }
    Ok(sum)
}

fn overflow() -> SolveError {
    SolveError::unsupported("an atomic weight beyond the range of integers")
}

/// The largest integer at most `x`.
fn floor(x: Dyadic) -> Result<i64, SolveError> {
    i64::try_from(x.floor().numerator()).map_err(|_| overflow())
}

/// The least integer at least `x`.
fn ceiling(x: Dyadic) -> Result<i64, SolveError> {
    let f = floor(x.clone())?;
    if x.is_integer() {
        Ok(f)
    } else {
        f.checked_add(1).ok_or_else(overflow)
    }
}
