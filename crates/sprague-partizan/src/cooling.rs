//! Cooling, heating and overheating of short partizan games (Conway, *On
//! Numbers and Games*, ch. 9; Berlekamp, Conway and Guy, *Winning Ways*,
//! ch. 6; Siegel, *Combinatorial Game Theory*, II.5), as CGSuite computes
//! them.
//!
//! - **Cooling** by a number `t >= 0`: `G_t = {G^L_t - t | G^R_t + t}`,
//!   unless `G_t'` is a number for some `t' < t`, when `G_t` is that
//!   number. A number cools to itself, and a game whose temperature is
//!   below `t` cools to its mean (the mast of its thermograph); at its
//!   own temperature a game cools to a number plus an infinitesimal, which
//!   cools to the number for any `t > 0` after. Cooling is defined on
//!   values: equal games cool to equal games.
//! - **Freezing** (CGSuite's `G.Freeze`): `G` cooled by its own
//!   temperature, a number plus an infinitesimal. A number (temperature
//!   below 0) is its own freeze, and so is a number plus an infinitesimal
//!   (temperature 0: cooling by 0 changes no canonical form, by induction
//!   on the options), as CGSuite's `Uptimal.scala` has it for uptimals.
//! - **Heating** by a game `t`, `∫^t G`: a number is itself, and
//!   otherwise `∫^t G = {∫^t G^L + t | ∫^t G^R - t}`. Heating depends on
//!   the form it is applied to; here it is always the canonical form.
//! - **Overheating** from `s` by `t`: an integer `n` becomes `n·s` (`n`
//!   copies of `s`), and otherwise `{G^L + t | G^R - t}` recursively on the
//!   canonical form (Winning Ways ch. 6, "overheating").
//!
//! This module reads the arena and never changes a canonical form; its
//! memos live for one call and are charged to the arena's budget.

use rustc_hash::FxHashMap;

use crate::atomic::multiple;
use crate::cgt::{CanonicalArena, Dyadic, GameId, MAX_DEPTH};
use crate::thermograph::Thermography;
use sprague_core::error::SolveError;

/// `g` cooled by `t >= 0`, `G_t` (module documentation).
///
/// # Examples
///
/// ```
/// use sprague_core::Budget; use sprague_partizan::{CanonicalArena, Dyadic, cool};
/// let mut arena = CanonicalArena::new(Budget::DEFAULT);
/// let three = arena.integer(3).unwrap();
/// let minus_three = arena.integer(-3).unwrap();
/// let switch = arena.form(&[three], &[minus_three]).unwrap(); // ±3
/// // Cooled by 2 it is ±1; by its temperature, 3, it is *.
/// let one = arena.integer(1).unwrap();
/// let minus_one = arena.integer(-1).unwrap();
/// let pm1 = arena.form(&[one], &[minus_one]).unwrap();
/// assert_eq!(cool(&mut arena, switch, Dyadic::integer(2)).unwrap(), pm1);
/// let star = arena.nimber(1).unwrap();
/// assert_eq!(cool(&mut arena, switch, Dyadic::integer(3)).unwrap(), star);
/// ```
///
/// # Errors
///
/// [`SolveError::Unsupported`] for `t < 0`, a game deeper than
/// [`MAX_DEPTH`] or numbers beyond [`Dyadic`]'s range; budget errors.
pub fn cool(arena: &mut CanonicalArena, g: GameId, t: Dyadic) -> Result<GameId, SolveError> {
    if t < Dyadic::ZERO {
        return Err(SolveError::unsupported(format!(
            "cooling is defined here for temperatures t >= 0, not {t}"
        )));
    }
    let t_id = arena.number(t.clone())?;
    let minus_t = arena.neg(t_id)?;
    let mut walk = Walk::default();
    let mut thermography = Thermography::new();
    walk.cool(arena, &mut thermography, g, &t, t_id, minus_t)
}

/// `g` frozen, `G` cooled by its temperature (module documentation).
///
/// # Examples
///
/// ```
/// use sprague_core::Budget; use sprague_partizan::{CanonicalArena, freeze};
/// let mut arena = CanonicalArena::new(Budget::DEFAULT);
/// let three = arena.integer(3).unwrap();
/// let one = arena.integer(1).unwrap();
/// // {3|1} has temperature 1 and freezes to 2*.
/// let g = arena.form(&[three], &[one]).unwrap();
/// let frozen = freeze(&mut arena, g).unwrap();
/// assert_eq!(arena.display(frozen).unwrap(), "2*");
/// ```
///
/// # Errors
///
/// As [`cool`] and [`Thermography::thermograph`].
pub fn freeze(arena: &mut CanonicalArena, g: GameId) -> Result<GameId, SolveError> {
    let t = Thermography::new().thermograph(arena, g)?.temperature;
    if t < Dyadic::ZERO {
        return Ok(g);
    }
    cool(arena, g, t)
}

/// `g` heated by `t`, `∫^t G` (module documentation).
///
/// # Examples
///
/// ```
/// use sprague_core::Budget; use sprague_partizan::{CanonicalArena, heat};
/// let mut arena = CanonicalArena::new(Budget::DEFAULT);
/// let star = arena.nimber(1).unwrap();
/// let one = arena.integer(1).unwrap();
/// let minus_one = arena.integer(-1).unwrap();
/// // Heating * = {0|0} by 1 gives ±1.
/// let pm1 = arena.form(&[one], &[minus_one]).unwrap();
/// assert_eq!(heat(&mut arena, star, one).unwrap(), pm1);
/// ```
///
/// # Errors
///
/// As [`cool`] (without the condition on `t`).
pub fn heat(arena: &mut CanonicalArena, g: GameId, t: GameId) -> Result<GameId, SolveError> {
    let minus_t = arena.neg(t)?;
    Walk::default().overheat(arena, g, None, t, minus_t)
}

/// `g` overheated from `s` by `t` (module documentation).
///
/// # Errors
///
/// As [`heat`].
pub fn overheat(
    arena: &mut CanonicalArena,
    g: GameId,
    s: GameId,
    t: GameId,
) -> Result<GameId, SolveError> {
    let minus_t = arena.neg(t)?;
    Walk::default().overheat(arena, g, Some(s), t, minus_t)
}

/// One call's memo and recursion depth.
#[derive(Default)]
struct Walk {
    memo: FxHashMap<GameId, GameId>,
    depth: usize,
}

impl Walk {
    /// Runs `f` one level deeper, or fails beyond [`MAX_DEPTH`].
    fn deeper(
        &mut self,
        arena: &mut CanonicalArena,
        f: impl FnOnce(&mut Walk, &mut CanonicalArena) -> Result<GameId, SolveError>,
    ) -> Result<GameId, SolveError> {
        if self.depth >= MAX_DEPTH {
            return Err(SolveError::unsupported(format!(
                "the game is too deep to cool or heat (more than {MAX_DEPTH} levels of options)"
            )));
        }
        arena.charge_with(self.memo.len() as u64)?;
        self.depth += 1;
        let result = f(self, arena);
        self.depth -= 1;
        result
    }

    fn cool(
        &mut self,
        arena: &mut CanonicalArena,
        thermography: &mut Thermography,
        g: GameId,
        t: &Dyadic,
        t_id: GameId,
        minus_t: GameId,
    ) -> Result<GameId, SolveError> {
        if arena.as_number(g).is_some() {
            return Ok(g);
        }
        if let Some(&c) = self.memo.get(&g) {
            return Ok(c);
        }
        let thermograph = thermography.thermograph(arena, g)?;
        let c = if thermograph.temperature < *t {
            arena.number(thermograph.mean)?
        } else {
            self.deeper(arena, |walk, arena| {
                let mut left = Vec::new();
                for o in arena.left_options(g)? {
                    let c = walk.cool(arena, thermography, o, t, t_id, minus_t)?;
                    left.push(arena.add(c, minus_t)?);
                }
                let mut right = Vec::new();
                for o in arena.right_options(g)? {
                    let c = walk.cool(arena, thermography, o, t, t_id, minus_t)?;
                    right.push(arena.add(c, t_id)?);
                }
                arena.form(&left, &right)
            })?
        };
        self.memo.insert(g, c);
        Ok(c)
    }

    /// Heating by `t` when `s` is `None`, overheating from `s` by `t`
    /// otherwise.
    fn overheat(
        &mut self,
        arena: &mut CanonicalArena,
        g: GameId,
        s: Option<GameId>,
        t: GameId,
        minus_t: GameId,
    ) -> Result<GameId, SolveError> {
        match (arena.as_number(g), s) {
            (Some(_), None) => return Ok(g),
            (Some(x), Some(s)) if x.is_integer() => {
                let n = i64::try_from(x.numerator()).map_err(|_| {
                    SolveError::unsupported("an integer beyond i64 in a heated game")
                })?;
                return multiple(arena, s, n);
            }
            _ => {}
        }
        if let Some(&h) = self.memo.get(&g) {
            return Ok(h);
        }
        let h = self.deeper(arena, |walk, arena| {
            let mut left = Vec::new();
            for o in arena.left_options(g)? {
                let h = walk.overheat(arena, o, s, t, minus_t)?;
                left.push(arena.add(h, t)?);
            }
            let mut right = Vec::new();
            for o in arena.right_options(g)? {
                let h = walk.overheat(arena, o, s, t, minus_t)?;
                right.push(arena.add(h, minus_t)?);
            }
            arena.form(&left, &right)
        })?;
        self.memo.insert(g, h);
        Ok(h)
    }
}
