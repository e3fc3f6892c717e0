//! Generalised thermography of short partizan games: the thermograph from
//! `t = -1` up, its walls, mast (the mean) and temperature, and the figures
//! CGSuite reports beside a canonical form (Conway, *On Numbers and Games*,
//! ch. 9; Berlekamp, Conway and Guy, *Winning Ways*, ch. 6; Berlekamp,
//! "The Economist's View of Combinatorial Games", 1996, for temperatures
//! below zero; Siegel, *Combinatorial Game Theory*, II.5; CGSuite's
//! `Thermograph` and `Trajectory`).
//!
//! **Definition.** A thermograph is a pair of walls, continuous piecewise
//! linear functions of the temperature `t` on `[-1, ∞)`, the left one never
//! to the right of (below) the right one. The thermograph of an integer `n`
//! is the vertical mast at `n`. Any other canonical form `G` has options on
//! both sides; its *left scaffold* is `LS(t) = max_L RW(G^L)(t) - t`, from
//! the right walls of Left's options, and its *right scaffold* `RS(t) =
//! min_R LW(G^R)(t) + t`, from the left walls of Right's. Its walls are
//! their *thermographic intersection*: where `LS(t) >= RS(t)` (a *hill*)
//! the walls are the scaffolds; where `LS(t) < RS(t)` (a *cave*) both walls
//! are one mast, vertical except where a scaffold pushes it, which starts
//! at the value where the scaffolds crossed (or, for a cave from `t = -1`,
//! at the number of `[LS(-1), RS(-1)]` nearest 0, CGSuite's choice).
//!
//! **Shape.** Left walls have slopes `0` and `-1` only, right walls `0` and
//! `+1` (by induction: an integer's are vertical, the scaffolds tilt the
//! options' walls by `∓1` and a max or min keeps the slopes, and a cave's
//! mast is vertical). So `LS` never increases and `RS` never decreases:
//! their difference falls, the hill is one interval `[-1, T]` and the cave
//! above it is the vertical mast at `LS(T) = RS(T)`, which no scaffold ever
//! pushes. Every critical point is a dyadic rational, so all of it is
//! exact. For canonical forms the hill is never empty: for a number
//! `m/2^k` the scaffolds cross at `-1/2^k` (the options' walls are still
//! vertical there), and for any other game `LS(-1) >= LS(0) >= RS(0) >=
//! RS(-1)` (the slopes bound the walls between `-1` and `0`, and the
//! stops `LS(0) >= RS(0)` of a game that is not a number).
//!
//! **Figures.** The *mean* is the value of the mast. The *temperature* is
//! CGSuite's: the largest critical temperature of either wall, `-1` for a
//! mast from the base. For a hot game it is where the walls meet, as in
//! the classical definition at `t >= 0`; it is `-1/2^k` for a number
//! `m/2^k` (`m` odd, `k >= 1`) and `0` for a number plus a nonzero
//! infinitesimal. At `t = 0` the walls are at the stops.
//!
//! **Numbers plus a nimber.** `x + *n` has the thermograph of `x + *` for
//! every `n >= 1` (CGSuite computes it so too; the tests check it against
//! the options), so a large nimber costs one step, not `n`.

use std::fmt;

use rustc_hash::FxHashMap;

use crate::cgt::{CanonicalArena, Dyadic, DyadicOverflow, GameId, MAX_DEPTH};
use sprague_core::error::SolveError;

/// The lowest temperature of a thermograph.
const BASE: Dyadic = Dyadic::integer(-1);

/// A wall of a thermograph (CGSuite's *trajectory*): a continuous piecewise
/// linear function of the temperature `t >= -1`, given by its value at each
/// point of `points` (the first at `t = -1`, increasing), linear in between,
/// and of slope `final_slope` after the last point. Its *critical points*
/// are the temperatures above `-1` where the slope changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wall {
    points: Vec<(Dyadic, Dyadic)>,
    final_slope: i64,
}

impl Wall {
    /// The vertical wall at `x`.
    pub fn mast(x: Dyadic) -> Wall {
        Wall {
            points: vec![(BASE, x)],
            final_slope: 0,
        }
    }

    /// The value at temperature `t >= -1` (below `-1`, the first segment
    /// extended).
    ///
    /// # Errors
    ///
    /// [`DyadicOverflow`] beyond the range of [`Dyadic`].
    pub fn value_at(&self, t: Dyadic) -> Result<Dyadic, DyadicOverflow> {
        let i = self.points.partition_point(|(u, _)| *u <= t);
        let (u, v) = &self.points[i.max(1) - 1];
        let slope = if i < self.points.len() {
            let (u2, v2) = &self.points[i];
            // The slope of a segment is an integer (0 or ±1, or ±2 for a
            // difference of two walls), so the division is exact.
            slope_between(u, v, u2, v2)?
        } else {
            self.final_slope
        };
        Ok(v + &(&t - u).times(slope))
    }

    /// The critical points, highest first (CGSuite's order).
    pub fn critical_points(&self) -> Vec<Dyadic> {
        self.points[1..]
            .iter()
            .rev()
            .map(|(t, _)| t.clone())
            .collect()
    }

    /// The slopes (change of value per degree), from the mast's down: the
    /// slope above the highest critical point, then below each critical
    /// point in turn; one more than the critical points.
    ///
    /// # Errors
    ///
    /// [`DyadicOverflow`] beyond the range of [`Dyadic`].
    pub fn slopes(&self) -> Result<Vec<i64>, DyadicOverflow> {
        let mut slopes = vec![self.final_slope];
        for pair in self.points.windows(2).rev() {
            let ((t0, v0), (t1, v1)) = (&pair[0], &pair[1]);
            slopes.push(slope_between(t0, v0, t1, v1)?);
        }
        Ok(slopes)
    }

    /// The value at the highest critical point (at `-1` for a wall without
    /// one): for a thermograph's wall, the value of its mast.
    pub fn mast_value(&self) -> Dyadic {
        self.points[self.points.len() - 1].1.clone()
    }

    /// `self + slope * t`.
    fn tilted(&self, slope: i64) -> Result<Wall, DyadicOverflow> {
        let points = self
            .points
            .iter()
            .map(|(t, v)| (t.clone(), v + &t.times(slope)))
            .collect();
        Ok(Wall {
            points,
            final_slope: self.final_slope + slope,
        })
    }
    /// The temperatures where either wall bends, ascending, once each.
    fn breakpoints(&self, other: &Wall) -> Vec<Dyadic> {
        let mut ts: Vec<Dyadic> = self
            .points
            .iter()
            .chain(&other.points)
            .map(|(t, _)| t.clone())
            .collect();
        ts.sort();
        ts.dedup();
        ts
    }

    /// The pointwise maximum (`larger`) or minimum of two walls.
    fn extreme(&self, other: &Wall, larger: bool) -> Result<Wall, DyadicOverflow> {
        let better = |a: Dyadic, b: Dyadic| if (a >= b) == larger { a } else { b };
        let mut ts = self.breakpoints(other);
        // Crossings inside each interval, and on the final rays.
        let mut crossings = Vec::new();
        for (i, t) in ts.iter().enumerate() {
            let d0 = &self.value_at(t.clone())? - &other.value_at(t.clone())?;
            let next = match ts.get(i + 1) {
                Some(u) => u,
                None => {
                    let slope = self.final_slope - other.final_slope;
                    if slope != 0 && (d0 > Dyadic::ZERO) == (slope < 0) && d0 != Dyadic::ZERO {
                        crossings.push(t + &divide(-d0, slope)?);
                    }
                    continue;
                }
            };
            let d1 = &self.value_at(next.clone())? - &other.value_at(next.clone())?;
            if (d0 > Dyadic::ZERO && d1 < Dyadic::ZERO) || (d0 < Dyadic::ZERO && d1 > Dyadic::ZERO)
            {
                let slope = slope_between(t, &d0, next, &d1)?;
                crossings.push(t + &divide(-d0, slope)?);
            }
        }
        ts.extend(crossings);
        ts.sort();
        ts.dedup();
        let points = ts
            .iter()
            .map(|t| {
                Ok((
                    t.clone(),
                    better(self.value_at(t.clone())?, other.value_at(t.clone())?),
                ))
            })
            .collect::<Result<Vec<_>, DyadicOverflow>>()?;
        // After the last point the one that is ahead (or, level, the one
        // whose slope takes it ahead) stays ahead.
        let last = ts.last().expect("a wall has a point at -1");
        let (a, b) = (self.value_at(last.clone())?, other.value_at(last.clone())?);
        let final_slope = if a == b {
            if larger {
                self.final_slope.max(other.final_slope)
            } else {
                self.final_slope.min(other.final_slope)
            }
        } else if (a > b) == larger {
            self.final_slope
        } else {
            other.final_slope
        };
        Ok(Wall {
            points,
            final_slope,
        }
        .simplified())
    }

    /// Without points where the slope does not change.
    fn simplified(mut self) -> Wall {
        let mut kept: Vec<(Dyadic, Dyadic)> = Vec::with_capacity(self.points.len());
        for (i, p) in self.points.iter().enumerate() {
            if let Some((t0, v0)) = kept.last() {
                let slope_in = slope_between(t0, v0, &p.0, &p.1);
                let slope_out = match self.points.get(i + 1) {
                    Some((t2, v2)) => slope_between(&p.0, &p.1, t2, v2),
                    None => Ok(self.final_slope),
                };
                if let (Ok(a), Ok(b)) = (slope_in, slope_out)
                    && a == b
                {
                    continue;
                }
            }
            kept.push(p.clone());
        }
        self.points = kept;
        self
    }

    /// `self - other`, pointwise: a point wherever either has one.
    fn minus(&self, other: &Wall) -> Result<Wall, DyadicOverflow> {
        let points = self
            .breakpoints(other)
            .into_iter()
            .map(|t| {
                let d = &self.value_at(t.clone())? - &other.value_at(t.clone())?;
                Ok((t, d))
            })
            .collect::<Result<Vec<_>, DyadicOverflow>>()?;
        Ok(Wall {
            points,
            final_slope: self.final_slope - other.final_slope,
        })
    }

    /// The wall up to `t`, vertical from there at its value at `t`.
    fn cut_at(&self, t: Dyadic) -> Result<Wall, DyadicOverflow> {
        let mut points: Vec<(Dyadic, Dyadic)> = self
            .points
            .iter()
            .filter(|(u, _)| *u < t)
            .cloned()
            .collect();
        let v = self.value_at(t.clone())?;
        points.push((t, v));
        Ok(Wall {
            points,
            final_slope: 0,
        }
        .simplified())
    }
}

/// `x / n` for `n` in `±1`, `±2`.
fn divide(x: Dyadic, n: i64) -> Result<Dyadic, DyadicOverflow> {
    let signed = if n < 0 { -x } else { x };
    match n.abs() {
        1 => Ok(signed),
        2 => signed.half(),
        _ => Err(DyadicOverflow),
    }
}

/// The slope between two points of a wall (an integer for walls made of
/// slopes 0 and ±1).
fn slope_between(
    t0: &Dyadic,
    v0: &Dyadic,
    t1: &Dyadic,
    v1: &Dyadic,
) -> Result<i64, DyadicOverflow> {
    let rise = v1 - v0;
    let run = t1 - t0;
    for n in [0i64, 1, -1, 2, -2] {
        if run.times(n) == rise {
            return Ok(n);
        }
    }
    Err(DyadicOverflow)
}

/// The generalised thermograph of a short game: its two walls, which meet
/// at or below the temperature and go on up as the mast.
///
/// Displayed as CGSuite prints it: `Thermograph(0,[0],[0,-1],0,[],[0])`,
/// each wall as its mast value, its critical points highest first and its
/// slopes from the mast's down.
///
/// # Examples
///
/// ```
/// use sprague_core::Budget; use sprague_partizan::{CanonicalArena, Thermography};
/// let mut arena = CanonicalArena::new(Budget::DEFAULT);
/// let zero = arena.zero();
/// let star = arena.nimber(1).unwrap();
/// let up = arena.form(&[zero], &[star]).unwrap();
/// let t = Thermography::new().thermograph(&mut arena, up).unwrap();
/// assert_eq!(t.to_string(), "Thermograph(0,[0],[0,-1],0,[],[0])");
/// assert_eq!(t.temperature.to_string(), "0");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermograph {
    /// Left's wall (the larger).
    pub left: Wall,
    /// Right's wall.
    pub right: Wall,
    /// The largest critical point of either wall, `-1` for a mast from
    /// the base (CGSuite's temperature).
    pub temperature: Dyadic,
    /// The value of the mast: the mean.
    pub mean: Dyadic,
}

impl Thermograph {
    /// The vertical mast at `x` (the thermograph of an integer).
    pub fn mast(x: Dyadic) -> Thermograph {
        Thermograph {
            left: Wall::mast(x.clone()),
            right: Wall::mast(x.clone()),
            temperature: BASE,
            mean: x,
        }
    }

    /// The thermographic intersection of a left scaffold that never
    /// increases and a right scaffold that never decreases (see the module
    /// documentation): the scaffolds up to the last temperature `T` where
    /// the left one is at least the right one, the mast at their common
    /// value above.
    fn intersection(left: &Wall, right: &Wall) -> Result<Thermograph, SolveError> {
        let difference = left.minus(right)?;
        let points = &difference.points;
        if points[0].1 < Dyadic::ZERO {
            // A cave from the base, its mast at the value between the
            // scaffolds nearest 0 (does not arise for canonical forms).
            let (a, b) = (left.value_at(BASE)?, right.value_at(BASE)?);
            return Ok(Thermograph::mast(Dyadic::ZERO.max(a).min(b)));
        }
        // The difference falls, so the hill ends after the last point
        // where it is still >= 0, where it reaches 0.
        let i = points.partition_point(|(_, d)| *d >= Dyadic::ZERO) - 1;
        let (t, d) = &points[i];
        let falling = match points.get(i + 1) {
            Some((u, e)) => slope_between(t, d, u, e)?,
            None => difference.final_slope,
        };
        let top = if *d == Dyadic::ZERO {
            t.clone()
        } else if falling < 0 {
            t + &divide(d.clone(), -falling)?
        } else {
            return Err(SolveError::unsupported(
                "the scaffolds of a game never meet",
            ));
        };
        let left = left.cut_at(top.clone())?;
        let right = right.cut_at(top)?;
        // Every segment of a wall made here has an integer slope, which
        // is what lets `Display` print the slopes without failing.
        left.slopes()?;
        right.slopes()?;
        let temperature = left.points[1..]
            .iter()
            .chain(&right.points[1..])
            .map(|(u, _)| u.clone())
            .fold(BASE, Dyadic::max);
        Ok(Thermograph {
            mean: left.mast_value(),
            left,
            right,
            temperature,
        })
    }
}

impl fmt::Display for Wall {
    /// CGSuite's text of a trajectory: `mast,[critical points],[slopes]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A wall's slopes are integers (checked when it is made: a mast,
        // or cut from scaffolds in `Thermograph::intersection`).
        let slopes = self.slopes().unwrap_or_default();
        let join = |items: Vec<String>| items.join(",");
        write!(
            f,
            "{},[{}],[{}]",
            self.mast_value(),
            join(
                self.critical_points()
                    .iter()
                    .map(Dyadic::to_string)
                    .collect()
            ),
            join(slopes.iter().map(i64::to_string).collect())
        )
    }
}

impl fmt::Display for Thermograph {
    /// `Thermograph(left wall,right wall)`, as CGSuite prints it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Thermograph({},{})", self.left, self.right)
    }
}

/// The figures CGSuite reports for a short partizan game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Figures {
    /// The Left stop.
    pub left_stop: Dyadic,
    /// The Right stop.
    pub right_stop: Dyadic,
    /// The mean value: the thermograph's mast.
    pub mean: Dyadic,
    /// The thermograph's temperature, in CGSuite's convention below zero:
    /// `-1` for an integer, `-1/2^k` for a number `m/2^k` (`m` odd), `0`
    /// for a number plus a nonzero infinitesimal.
    pub temperature: Dyadic,
    /// The day the canonical form is born.
    pub birthday: u64,
    /// The atomic weight in CGSuite's notation, for an atomic game (`None`
    /// otherwise, and where the solve layer did not compute it:
    /// [`crate::atomic::atomic_weight`]).
    pub atomic_weight: Option<String>,
    /// The incentives in CGSuite's notation, Left's (`G^L - G`) then
    /// Right's (`G - G^R`), each once, where the solve layer listed them
    /// ([`crate::algebra::incentives`]); `None` where it did not.
    pub incentives: Option<Vec<String>>,
    /// The reduced canonical form in CGSuite's notation, where the solve
    /// layer computed it ([`crate::reduced::reduced_canonical_form`]).
    pub reduced: Option<String>,
    /// The number of stops in decimal (CGSuite's `StopCount`), where the
    /// solve layer counted it ([`crate::stop_count::stop_count`]).
    pub stop_count: Option<String>,
    /// The generalised thermograph.
    pub thermograph: Thermograph,
    /// The figures the solve layer left out, each with why, as one line
    /// (`incentives: ...`): a figure that would cost more than its
    /// allowance, or that failed.
    pub left_out: Vec<String>,
}

/// Thermographs of canonical forms, memoised.
#[derive(Debug, Default)]
pub struct Thermography {
    memo: FxHashMap<GameId, Thermograph>,
    depth: usize,
}

impl Thermography {
    /// An empty memo.
    pub fn new() -> Thermography {
        Thermography::default()
    }

    /// The generalised thermograph of `g`, from `t = -1` up.
    ///
    /// # Errors
    ///
    /// [`SolveError::Unsupported`] for a game deeper than [`MAX_DEPTH`] or
    /// values beyond [`Dyadic`]'s range; budget errors listing options.
    pub fn thermograph(
        &mut self,
        arena: &mut CanonicalArena,
        g: GameId,
    ) -> Result<Thermograph, SolveError> {
        if let Some(t) = self.memo.get(&g) {
            return Ok(t.clone());
        }
        let thermograph = match arena.as_number_plus_nimber(g) {
            Some((x, 0)) if x.is_integer() => Thermograph::mast(x),
            Some((x, n)) if n > 0 => {
                // x + *n has the thermograph of x + * = {x | x}.
                let x = arena.number(x)?;
                self.nested(|th| th.of_options(arena, &[x], &[x]))?
            }
            _ => {
                let left = arena.left_options(g)?;
                let right = arena.right_options(g)?;
                self.nested(|th| th.of_options(arena, &left, &right))?
            }
        };
        self.memo.insert(g, thermograph.clone());
        Ok(thermograph)
    }

    /// `f` one level deeper, or [`SolveError::Unsupported`] past
    /// [`MAX_DEPTH`].
    fn nested<T>(
        &mut self,
        f: impl FnOnce(&mut Thermography) -> Result<T, SolveError>,
    ) -> Result<T, SolveError> {
        if self.depth >= MAX_DEPTH {
            return Err(SolveError::unsupported(format!(
                "the game is too deep for thermography (more than {MAX_DEPTH} levels)"
            )));
        }
        self.depth += 1;
        let result = f(self);
        self.depth -= 1;
        result
    }

    /// The thermograph of the game `{left | right}` (not an integer, so
    /// both sides have options) from its options' thermographs.
    fn of_options(
        &mut self,
        arena: &mut CanonicalArena,
        left: &[GameId],
        right: &[GameId],
    ) -> Result<Thermograph, SolveError> {
        let mut left_scaffold: Option<Wall> = None;
        for &o in left {
            let wall = self.thermograph(arena, o)?.right;
            left_scaffold = Some(match left_scaffold {
                None => wall,
                Some(s) => s.extreme(&wall, true)?,
            });
        }
        let mut right_scaffold: Option<Wall> = None;
        for &o in right {
            let wall = self.thermograph(arena, o)?.left;
            right_scaffold = Some(match right_scaffold {
                None => wall,
                Some(s) => s.extreme(&wall, false)?,
            });
        }
        let (Some(left), Some(right)) = (left_scaffold, right_scaffold) else {
            return Err(SolveError::unsupported(
                "a game that is not an integer without options on one side",
            ));
        };
        Thermograph::intersection(&left.tilted(-1)?, &right.tilted(1)?)
    }

    /// The figures of `g`: stops, mean, temperature, birthday and
    /// thermograph.
    ///
    /// # Errors
    ///
    /// As [`Thermography::thermograph`].
    pub fn figures(
        &mut self,
        arena: &mut CanonicalArena,
        g: GameId,
    ) -> Result<Figures, SolveError> {
        let (left_stop, right_stop) = arena.stops(g)?;
        let birthday = arena.birthday(g)?;
        let thermograph = self.thermograph(arena, g)?;
        Ok(Figures {
            left_stop,
            right_stop,
            mean: thermograph.mean.clone(),
            temperature: thermograph.temperature.clone(),
            birthday,
            // Thermography does not know these; `analyze` adds them.
            atomic_weight: None,
            incentives: None,
            reduced: None,
            stop_count: None,
            thermograph,
            left_out: Vec::new(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_core::budget::Budget;

    fn d(text: &str) -> Dyadic {
        let (n, e) = match text.split_once('/') {
            Some((n, den)) => (
                n.parse::<i128>().unwrap(),
                den.parse::<u64>().unwrap().trailing_zeros(),
            ),
            None => (text.parse::<i128>().unwrap(), 0),
        };
        Dyadic::new(n, e).unwrap()
    }

    #[test]
    fn a_cave_from_the_base_stands_at_the_value_nearest_zero() {
        // CGSuite's rule (Trajectory.thermographicIntersection): a cave
        // from t = -1 has its mast at 0 if 0 lies between the scaffolds
        // there, else at the scaffold nearer 0; scaffolds level at -1 and
        // parting above make a mast at their common value.
        let line = |v: &str, slope: i64| Wall::mast(d(v)).tilted(slope).unwrap();
        for (left, right, mast) in [
            // 1 - t is 2 at -1, below 4 + t (3): the mast at 2.
            (line("1", -1), line("4", 1), "2"),
            // -2 - t is -1 at -1, 1 + t is 0: 0 lies between.
            (line("-2", -1), line("1", 1), "0"),
            // -3 - t is -2 at -1, t is -1: the right scaffold is nearer.
            (line("-3", -1), line("0", 1), "-1"),
            // Mirror of the first: the mast at -2.
            (line("-4", -1), line("-1", 1), "-2"),
            // Level at -1 (both 2), parting above.
            (line("1", -1), line("3", 1), "2"),
        ] {
            let t = Thermograph::intersection(&left, &right).unwrap();
            assert_eq!(t, Thermograph::mast(d(mast)));
        }
    }

    #[test]
    fn a_number_plus_a_nimber_has_the_thermograph_of_the_number_plus_star() {
        // The shortcut for x + *n (n >= 2) against the thermograph built
        // from its options x, x*, ..., x*(n-1), for every number of
        // denominator at most 32 in [-2, 2]; by induction on n the options'
        // thermographs are those of the definition.
        let mut arena = CanonicalArena::new(Budget::DEFAULT);
        let mut th = Thermography::new();
        for numerator in -64..=64 {
            let x = Dyadic::new(numerator, 5).unwrap();
            for n in 2..=4 {
                let g = arena.number_plus_nimber(x.clone(), n).unwrap();
                let options: Vec<GameId> = (0..n)
                    .map(|k| arena.number_plus_nimber(x.clone(), k).unwrap())
                    .collect();
                let by_options = th.of_options(&mut arena, &options, &options).unwrap();
                assert_eq!(
                    th.thermograph(&mut arena, g).unwrap(),
                    by_options,
                    "{x}*{n}"
                );
            }
        }
    }
}
