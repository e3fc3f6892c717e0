//! Thermography of short partizan games at temperatures `t >= 0`: the
//! walls of the thermograph, the mean and the temperature (Conway, *On
//! Numbers and Games*, ch. 9; Berlekamp, Conway and Guy, *Winning Ways*,
//! ch. 6; Siegel, *Combinatorial Game Theory*, II.5), and the figures
//! CGSuite reports beside a canonical form.
//!
//! A game whose stops are equal (a number, or a number plus an
//! infinitesimal: Siegel, II.3) is a vertical mast at its stop for every
//! `t >= 0`. For a hot game `G` (Left stop above Right stop) the *left
//! scaffold* is `max_L RW(G^L)(t) - t` and the *right scaffold*
//! `min_R LW(G^R)(t) + t`, from the right walls of Left's options and the
//! left walls of Right's; at `t = 0` they are the stops, so the left
//! scaffold starts to the right of the right one. The walls follow the
//! scaffolds up to the first temperature `T` where they meet, the
//! *temperature* of `G`; above it both are the vertical *mast* at the
//! *mean*. Walls have slopes `0` and `±1` only, so every critical point is a
//! dyadic rational and all of it is exact.
//!
//! CGSuite's temperatures below zero are kept for numbers (`-1` for an
//! integer, `-1/2^k` for `m/2^k`, `m` odd) and tepid games (`0`); the
//! walls below zero (Berlekamp's generalised thermographs) are not drawn.

use rustc_hash::FxHashMap;

use crate::cgt::{CanonicalArena, Dyadic, DyadicOverflow, GameId, MAX_DEPTH};
use crate::error::SolveError;

/// A continuous piecewise linear function of the temperature `t >= 0`: its
/// value at each point of `points` (the first at `t = 0`, increasing),
/// linear in between, and of slope `final_slope` after the last point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wall {
    points: Vec<(Dyadic, Dyadic)>,
    final_slope: i64,
}

impl Wall {
    /// The vertical wall at `x`.
    pub fn mast(x: Dyadic) -> Wall {
        Wall {
            points: vec![(Dyadic::ZERO, x)],
            final_slope: 0,
        }
    }

    /// The value at temperature `t >= 0`.
    ///
    /// # Errors
    ///
    /// [`DyadicOverflow`] beyond the range of [`Dyadic`].
    pub fn value_at(&self, t: Dyadic) -> Result<Dyadic, DyadicOverflow> {
        let i = self.points.partition_point(|&(u, _)| u <= t);
        let (u, v) = self.points[i.max(1) - 1];
        let slope = if i < self.points.len() {
            let (u2, v2) = self.points[i];
            // The slope of a segment is an integer (0 or ±1, or ±2 for a
            // difference of two walls), so the division is exact.
            slope_between(u, v, u2, v2)?
        } else {
            self.final_slope
        };
        v.checked_add(times(t.checked_add(u.checked_neg()?)?, slope)?)
    }

    /// The critical points: the temperatures where the slope changes, in
    /// increasing order.
    pub fn critical_points(&self) -> Vec<Dyadic> {
        self.points[1..].iter().map(|&(t, _)| t).collect()
    }

    /// `self + slope * t`.
    fn tilted(&self, slope: i64) -> Result<Wall, DyadicOverflow> {
        let points = self
            .points
            .iter()
            .map(|&(t, v)| Ok((t, v.checked_add(times(t, slope)?)?)))
            .collect::<Result<_, DyadicOverflow>>()?;
        Ok(Wall {
            points,
            final_slope: self.final_slope + slope,
        })
    }

    /// The pointwise maximum (`larger`) or minimum of two walls.
    fn extreme(&self, other: &Wall, larger: bool) -> Result<Wall, DyadicOverflow> {
        let better = |a: Dyadic, b: Dyadic| if (a >= b) == larger { a } else { b };
        let mut ts: Vec<Dyadic> = self
            .points
            .iter()
            .chain(&other.points)
            .map(|&(t, _)| t)
            .collect();
        ts.sort();
        ts.dedup();
        // Crossings inside each interval, and on the final rays.
        let mut crossings = Vec::new();
        for (i, &t) in ts.iter().enumerate() {
            let d0 = self
                .value_at(t)?
                .checked_add(other.value_at(t)?.checked_neg()?)?;
            let next = match ts.get(i + 1) {
                Some(&u) => u,
                None => {
                    let slope = self.final_slope - other.final_slope;
                    if slope != 0 && (d0 > Dyadic::ZERO) == (slope < 0) && d0 != Dyadic::ZERO {
                        crossings.push(t.checked_add(divide(d0.checked_neg()?, slope)?)?);
                    }
                    continue;
                }
            };
            let d1 = self
                .value_at(next)?
                .checked_add(other.value_at(next)?.checked_neg()?)?;
            if (d0 > Dyadic::ZERO && d1 < Dyadic::ZERO) || (d0 < Dyadic::ZERO && d1 > Dyadic::ZERO)
            {
                let slope = slope_between(t, d0, next, d1)?;
                crossings.push(t.checked_add(divide(d0.checked_neg()?, slope)?)?);
            }
        }
        ts.extend(crossings);
        ts.sort();
        ts.dedup();
        let points = ts
            .iter()
            .map(|&t| Ok((t, better(self.value_at(t)?, other.value_at(t)?))))
            .collect::<Result<Vec<_>, DyadicOverflow>>()?;
        // After the last point the one that is ahead (or, level, the one
        // whose slope takes it ahead) stays ahead.
        let last = *ts.last().expect("a wall has a point at 0");
        let (a, b) = (self.value_at(last)?, other.value_at(last)?);
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
        for (i, &p) in self.points.iter().enumerate() {
            if let Some(&(t0, v0)) = kept.last() {
                let slope_in = slope_between(t0, v0, p.0, p.1);
                let slope_out = match self.points.get(i + 1) {
                    Some(&(t2, v2)) => slope_between(p.0, p.1, t2, v2),
                    None => Ok(self.final_slope),
                };
                if let (Ok(a), Ok(b)) = (slope_in, slope_out)
                    && a == b
                {
                    continue;
                }
            }
            kept.push(p);
        }
        self.points = kept;
        self
    }

    /// `self - other`, pointwise: a point wherever either has one.
    fn minus(&self, other: &Wall) -> Result<Wall, DyadicOverflow> {
        let mut ts: Vec<Dyadic> = self
            .points
            .iter()
            .chain(&other.points)
            .map(|&(t, _)| t)
            .collect();
        ts.sort();
        ts.dedup();
        let points = ts
            .iter()
            .map(|&t| {
                Ok((
                    t,
                    self.value_at(t)?
                        .checked_add(other.value_at(t)?.checked_neg()?)?,
                ))
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
            .copied()
            .filter(|&(u, _)| u < t)
            .collect();
        points.push((t, self.value_at(t)?));
        Ok(Wall {
            points,
            final_slope: 0,
        }
        .simplified())
    }
}

/// `x * n` for a small integer `n`.
fn times(x: Dyadic, n: i64) -> Result<Dyadic, DyadicOverflow> {
    Dyadic::new(i128::from(x.numerator()) * i128::from(n), x.exponent())
}

/// `x / n` for `n` in `±1`, `±2`.
fn divide(x: Dyadic, n: i64) -> Result<Dyadic, DyadicOverflow> {
    let signed = if n < 0 { x.checked_neg()? } else { x };
    match n.abs() {
        1 => Ok(signed),
        2 => Dyadic::new(i128::from(signed.numerator()), signed.exponent() + 1),
        _ => Err(DyadicOverflow),
    }
}

/// The slope between two points of a wall (an integer for walls made of
/// slopes 0 and ±1).
fn slope_between(t0: Dyadic, v0: Dyadic, t1: Dyadic, v1: Dyadic) -> Result<i64, DyadicOverflow> {
    let rise = v1.checked_add(v0.checked_neg()?)?;
    let run = t1.checked_add(t0.checked_neg()?)?;
    for n in [0i64, 1, -1, 2, -2] {
        if times(run, n)? == rise {
            return Ok(n);
        }
    }
    Err(DyadicOverflow)
}

/// The thermograph of a game at `t >= 0`: its two walls, which meet at the
/// temperature and go on as the mast.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermograph {
    /// Left's wall (the larger).
    pub left: Wall,
    /// Right's wall.
    pub right: Wall,
    /// Where the walls meet: the temperature (`0` for a mast from the
    /// start).
    pub temperature: Dyadic,
    /// The value of the mast: the mean.
    pub mean: Dyadic,
}

/// The figures CGSuite reports for a short partizan game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Figures {
    /// The Left stop.
    pub left_stop: Dyadic,
    /// The Right stop.
    pub right_stop: Dyadic,
    /// The mean value.
    pub mean: Dyadic,
    /// The temperature, in CGSuite's convention below zero: `-1` for an
    /// integer, `-1/2^k` for a number `m/2^k` (`m` odd), `0` for a number
    /// plus a nonzero infinitesimal.
    pub temperature: Dyadic,
    /// The day the canonical form is born.
    pub birthday: u64,
    /// The atomic weight in CGSuite's notation, for an all-small game
    /// (`None` otherwise, and where the solve layer did not compute it:
    /// [`crate::atomic_weight`]).
    pub atomic_weight: Option<String>,
    /// The reduced canonical form in CGSuite's notation, where the solve
    /// layer computed it ([`crate::reduced_canonical_form`]).
    pub reduced: Option<String>,
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

    /// The thermograph of `g` at `t >= 0`.
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
        let (ls, rs) = arena.stops(g)?;
        let thermograph = if ls <= rs {
            // Equal stops: a number plus an infinitesimal, a mast.
            Thermograph {
                left: Wall::mast(ls),
                right: Wall::mast(ls),
                temperature: Dyadic::ZERO,
                mean: ls,
            }
        } else {
            if self.depth >= MAX_DEPTH {
                return Err(SolveError::unsupported(format!(
                    "the game is too deep for thermography (more than {MAX_DEPTH} levels)"
                )));
            }
            self.depth += 1;
            let result = self.hot(arena, g);
            self.depth -= 1;
            result?
        };
        self.memo.insert(g, thermograph.clone());
        Ok(thermograph)
    }

    fn hot(&mut self, arena: &mut CanonicalArena, g: GameId) -> Result<Thermograph, SolveError> {
        let mut left_scaffold: Option<Wall> = None;
        for o in arena.left_options(g)? {
            let wall = self.thermograph(arena, o)?.right;
            left_scaffold = Some(match left_scaffold {
                None => wall,
                Some(s) => s.extreme(&wall, true)?,
            });
        }
        let mut right_scaffold: Option<Wall> = None;
        for o in arena.right_options(g)? {
            let wall = self.thermograph(arena, o)?.left;
            right_scaffold = Some(match right_scaffold {
                None => wall,
                Some(s) => s.extreme(&wall, false)?,
            });
        }
        let (Some(left), Some(right)) = (left_scaffold, right_scaffold) else {
            return Err(SolveError::unsupported(
                "a hot game without options on one side",
            ));
        };
        let left = left.tilted(-1)?;
        let right = right.tilted(1)?;
        // The first temperature where the scaffolds meet: their difference
        // is positive at 0 and never increases (slopes -1 or 0 against 0
        // or +1).
        let difference = left.minus(&right)?;
        let mut temperature = None;
        for (i, &(t, d)) in difference.points.iter().enumerate() {
            if d <= Dyadic::ZERO {
                temperature = Some(t);
                break;
            }
            let (next_slope, limit) = match difference.points.get(i + 1) {
                Some(&(u, e)) => (slope_between(t, d, u, e)?, Some((u, e))),
                None => (difference.final_slope, None),
            };
            let reaches = match limit {
                Some((_, e)) => e <= Dyadic::ZERO,
                None => next_slope < 0,
            };
            if reaches {
                temperature = Some(t.checked_add(divide(d, -next_slope)?)?);
                break;
            }
        }
        let temperature = temperature
            .ok_or_else(|| SolveError::unsupported("the scaffolds of a hot game never meet"))?;
        let mean = left.value_at(temperature)?;
        Ok(Thermograph {
            left: left.cut_at(temperature)?,
            right: right.cut_at(temperature)?,
            temperature,
            mean,
        })
    }

    /// The figures of `g`: stops, mean, temperature and birthday.
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
        let (mean, temperature) = match arena.as_number(g) {
            Some(x) if x.exponent() == 0 => (x, Dyadic::integer(-1)),
            Some(x) => (x, Dyadic::new(-1, x.exponent())?),
            None => {
                let t = self.thermograph(arena, g)?;
                (t.mean, t.temperature)
            }
        };
        Ok(Figures {
            left_stop,
            right_stop,
            mean,
            temperature,
            birthday,
            // Thermography does not know these; `analyze` adds them.
            atomic_weight: None,
            reduced: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Budget;
    use crate::rulesets::GameValue;

    fn game(arena: &mut CanonicalArena, text: &str) -> GameId {
        use crate::game::{Component, Kind};
        let v = GameValue::parse(text).unwrap();
        let Kind::Partizan(p) = v.kind() else {
            unreachable!()
        };
        p.canonical(arena).unwrap().unwrap()
    }

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
    fn textbook_temperatures_and_means() {
        // Winning Ways ch. 6, Siegel II.5, CGSuite's conventions below 0;
        // {1|-1} has temperature 1 (cgt-tools' test `temp_of_one_minus_one_is_one`).
        let mut arena = CanonicalArena::new(Budget::DEFAULT);
        let mut th = Thermography::new();
        for (g, ls, rs, mean, temperature) in [
            ("0", "0", "0", "0", "-1"),
            ("3", "3", "3", "3", "-1"),
            ("1/2", "1/2", "1/2", "1/2", "-1/2"),
            ("-3/8", "-3/8", "-3/8", "-3/8", "-1/8"),
            ("*", "0", "0", "0", "0"),
            ("^", "0", "0", "0", "0"),
            ("1/2^*", "1/2", "1/2", "1/2", "0"),
            ("{1|-1}", "1", "-1", "0", "1"),
            ("±3", "3", "-3", "0", "3"),
            ("{2|1}", "2", "1", "3/2", "1/2"),
            ("{3|0}", "3", "0", "3/2", "3/2"),
            // {4 | {2|0}}: the Right option {2|0} has temperature 1 and
            // mean 1, its left wall 2 - t up to 1; the left scaffold 4 - t
            // meets the right scaffold (2, then 1 + t) at t = 3/2.
            ("{4||2|0}", "4", "2", "5/2", "3/2"),
            // {{4|2}|0}: Left's option {4|2} (mean 3, temperature 1):
            // its right wall is 2 + t up to t = 1, then 3; minus t, it
            // meets the right scaffold t at t = 3/2, value 3/2.
            ("{4|2||0}", "2", "0", "3/2", "3/2"),
            ("{1|*}", "1", "0", "1/2", "1/2"),
        ] {
            let id = game(&mut arena, g);
            let f = th.figures(&mut arena, id).unwrap();
            assert_eq!(
                (f.left_stop, f.right_stop, f.mean, f.temperature),
                (d(ls), d(rs), d(mean), d(temperature)),
                "{g}"
            );
        }
    }

    #[test]
    fn walls_of_a_switch() {
        let mut arena = CanonicalArena::new(Budget::DEFAULT);
        let mut th = Thermography::new();
        let id = game(&mut arena, "{3|0}");
        let t = th.thermograph(&mut arena, id).unwrap();
        assert_eq!(t.left.value_at(Dyadic::ZERO).unwrap(), d("3"));
        assert_eq!(t.left.value_at(d("1")).unwrap(), d("2"));
        assert_eq!(t.right.value_at(d("1")).unwrap(), d("1"));
        assert_eq!(t.left.value_at(d("10")).unwrap(), d("3/2"));
        assert_eq!(t.left.critical_points(), [d("3/2")]);
    }
}
