//! The circle game (Codeforces 1451D): a token at `(x, y)`; a move adds `k`
//! to `x` or to `y`, and the token must stay within distance `d` of the
//! origin (`x² + y² <= d²`).
//!
//! **A closed form for every position.** Count the moves made along each
//! axis, `(i, j)`: the token is at `(x + ik, y + jk)`, and the reachable
//! steps form a region `R` closed downwards (if `(i, j)` is inside, so is
//! every `(i', j') <= (i, j)`). In any such region the Grundy value is
//! constant along diagonals: if `(i+1, j+1)` is in `R`, then
//! `G(i, j) = G(i+1, j+1)`. By induction from the far cells, with
//! `A = (i+1, j)`, `B = (i, j+1)`, `C = (i+1, j+1)` (all in `R`):
//!
//! * `C` has both moves: by induction `G(A) = G(i+2, j+1)` and
//!   `G(B) = G(i+1, j+2)`, so `(i, j)` and `C` are the mex of the same set.
//! * `C` has no move: `G(C) = 0`; `A` and `B` both move to `C`, so neither is
//!   0, and `G(i, j) = 0`.
//! * `C` has one move, say to `(i+2, j+1)`: `G(C) = mex{G(A)}` by induction.
//!   If `G(A) != 0`, then `G(C) = 0`, `B` moves to `C` so `G(B) != 0`, and
//!   `G(i, j) = 0`. If `G(A) = 0`, then `G(C) = 1`, `B`'s options are `C` and
//!   perhaps `(i, j+2)`, so `G(B)` is 0 or 2, never 1, and `G(i, j) = 1`.
//!
//! So a position is worth what the end `e` of its diagonal is worth (the
//! last `(t, t)` steps inside). From `e` a step along `x` enters an arm: no
//! step along `y` is possible there any more (it would pass `e + (1, 1)`),
//! so the arm is a path, and if `L` steps along `x` fit from `e`, the first
//! step leads to a position worth `(L - 1) mod 2`. The same holds along `y`
//! with `M` steps. Hence
//!
//! `G = mex{(L - 1) mod 2 if L >= 1, (M - 1) mod 2 if M >= 1}`,
//!
//! a value 0, 1 or 2, computed with integer square roots in `u128`, in
//! `O(log d)` for any `u64` radius. From `(0, 0)` the region is symmetric,
//! `L = M <= 1`, and this is the Codeforces editorial's mirror argument: the
//! first player wins iff one step off the end of the diagonal fits. The tests
//! check the formula against the generic solver and against a table of the
//! whole region.

use std::sync::Arc;

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::{Arg, ComponentSyntax, Param, RulesetSyntax};
use sprague_game::{Component, Impartial, Key, Kind, Move};
use sprague_impartial::nimber::Nimber;

use crate::common::Ruleset;

pub(crate) const RULESET: Ruleset = Ruleset {
    name: "circle",
    syntax: "circle[d,k](x, y)",
    rule: "a token at (x, y); a move adds k to x or to y, and the token must stay within \
           distance d of the origin (Codeforces 1451D)",
    example: "circle[5,2](0, 0)",
    heaps_interact: true,
    build,
    family: None,
};

/// `⌊√n⌋`, exactly: Newton's method in integers, from a start above the
/// root, decreases to it.
fn isqrt(n: u128) -> u128 {
    if n < 2 {
        return n;
    }
    let bits = 128 - n.leading_zeros();
    let mut x = 1u128 << bits.div_ceil(2);
    loop {
        let next = (x + n / x) / 2;
        if next >= x {
            return x;
        }
        x = next;
    }
}

/// A position of the circle game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CirclePosition {
    /// The radius.
    pub d: u64,
    /// The step.
    pub k: u64,
    /// The token's first coordinate.
    pub x: u64,
    /// The token's second coordinate.
    pub y: u64,
}

/// Whether `(x, y)` is within distance `d` of the origin.
fn inside(d: u64, x: u128, y: u128) -> bool {
    let d2 = u128::from(d) * u128::from(d);
    match (x.checked_mul(x), y.checked_mul(y)) {
        (Some(a), Some(b)) => a.checked_add(b).is_some_and(|s| s <= d2),
        _ => false,
    }
}

impl CirclePosition {
    fn step(&self, along_x: bool) -> Move {
        let (x, y) = if along_x {
            (self.x + self.k, self.y)
        } else {
            (self.x, self.y + self.k)
        };
        let axis = if along_x { "x" } else { "y" };
        Move::new(
            format!("add {} to {axis}", self.k),
            Arc::new(CirclePosition { x, y, ..*self }),
        )
    }

    fn can_step(&self, along_x: bool) -> bool {
        let (x, y, k) = (u128::from(self.x), u128::from(self.y), u128::from(self.k));
        if along_x {
            inside(self.d, x + k, y)
        } else {
            inside(self.d, x, y + k)
        }
    }

    /// The Grundy value, by the closed form of the module docs.
    pub fn value(&self) -> u64 {
        let (x, y, k) = (u128::from(self.x), u128::from(self.y), u128::from(self.k));
        let d2 = u128::from(self.d) * u128::from(self.d);
        if !inside(self.d, x, y) {
            // Not a position `build` accepts; a token outside has no move.
            return 0;
        }
        // The end of the diagonal: the most steps t with (x+tk, y+tk)
        // inside, by bisection (inside is monotone in t).
        let (mut lo, mut hi) = (0u128, u128::from(self.d) / k + 1);
        while lo < hi {
            let mid = lo + (hi - lo).div_ceil(2);
            if inside(self.d, x + mid * k, y + mid * k) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        let (ex, ey) = (x + lo * k, y + lo * k);
        // The steps that fit along each axis from the end.
        let along_x = (isqrt(d2 - ey * ey) - ex) / k;
        let along_y = (isqrt(d2 - ex * ex) - ey) / k;
        let options: Vec<u64> = [along_x, along_y]
            .into_iter()
            .filter(|&s| s >= 1)
            .map(|s| ((s - 1) % 2) as u64)
            .collect();
        (0..).find(|g| !options.contains(g)).expect("a mex exists")
    }
}

impl Component for CirclePosition {
    fn ruleset(&self) -> String {
        format!("circle[{},{}]", self.d, self.k)
    }

    fn args(&self) -> String {
        format!("{}, {}", self.x, self.y)
    }

    fn is_heap(&self) -> bool {
        false
    }

    fn key(&self) -> Key {
        Key::new("circle", [self.d, self.k, self.x, self.y])
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Impartial(self)
    }
}

impl Impartial for CirclePosition {
    fn grundy(&self, _budget: &Budget) -> Result<Nimber, SolveError> {
        Ok(Nimber(self.value()))
    }

    /// Add k to x, then add k to y.
    fn moves(&self, _budget: &Budget) -> Result<Vec<Move>, SolveError> {
        Ok([true, false]
            .into_iter()
            .filter(|&along_x| self.can_step(along_x))
            .map(|along_x| self.step(along_x))
            .collect())
    }
}

fn read_params(r: &RulesetSyntax) -> Result<(u64, u64), ParseError> {
    let whole = r
        .params_span
        .clone()
        .unwrap_or(r.name_span.end..r.name_span.end);
    match r.params.as_slice() {
        [d, k] => {
            let (Param::Int(dv), Param::Int(kv)) = (&d.value, &k.value) else {
                return Err(ParseError::bad_parameters(
                    "expected two integers, [d,k]",
                    whole,
                ));
            };
            if *kv == 0 {
                return Err(ParseError::bad_parameters(
                    "the step k must be at least 1",
                    k.span.clone(),
                ));
            }
            Ok((*dv, *kv))
        }
        _ => Err(ParseError::bad_parameters(
            "`circle` needs the radius and the step: circle[d,k]",
            whole,
        )),
    }
}

fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    let (d, k) = read_params(&c.ruleset)?;
    let coordinates = c
        .args
        .iter()
        .map(|a| match a.value {
            Arg::Int(v) => Ok(v),
            _ => Err(ParseError::bad_arguments(
                "a coordinate must be an integer",
                a.span.clone(),
            )),
        })
        .collect::<Result<Vec<u64>, _>>()?;
    let [x, y] = *coordinates.as_slice() else {
        return Err(ParseError::bad_arguments(
            "`circle` takes the token's two coordinates, circle[d,k](x, y)",
            c.args_span.clone(),
        ));
    };
    if !inside(d, u128::from(x), u128::from(y)) {
        return Err(ParseError::bad_arguments(
            format!("the token ({x}, {y}) is farther than {d} from the origin"),
            c.args_span.clone(),
        ));
    }
    Ok(vec![Arc::new(CirclePosition { d, k, x, y })])
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague::analyze;
    use sprague_core::outcome::Outcome;
    use sprague_game::Play;
    use sprague_impartial::impartial::{GrundySolver, ImpartialGame};

    /// The Grundy values of every reachable point, by steps `(i, j)`, by a
    /// dynamic programme over the whole region: a second brute force.
    fn table(p: &CirclePosition) -> Vec<Vec<u8>> {
        let (d, k) = (p.d as i64, p.k as i64);
        let mut heights = Vec::new();
        loop {
            let xi = p.x as i64 + heights.len() as i64 * k;
            if xi * xi > d * d {
                break;
            }
            let mut j = -1i64;
            while {
                let yj = p.y as i64 + (j + 1) * k;
                xi * xi + yj * yj <= d * d
            } {
                j += 1;
            }
            if j < 0 {
                break;
            }
            heights.push(j as usize);
        }
        let mut table: Vec<Vec<u8>> = heights.iter().map(|&j| vec![0u8; j + 1]).collect();
        for i in (0..table.len()).rev() {
            for j in (0..table[i].len()).rev() {
                let right = table.get(i + 1).and_then(|c| c.get(j)).copied();
                let up = table[i].get(j + 1).copied();
                let mut g = 0u8;
                while right == Some(g) || up == Some(g) {
                    g += 1;
                }
                table[i][j] = g;
            }
        }
        table
    }

    /// The game from its rule.
    struct Brute {
        d: u64,
        k: u64,
    }
    impl ImpartialGame for Brute {
        type Position = (u64, u64);
        fn moves(&self, &(x, y): &(u64, u64), out: &mut Vec<(u64, u64)>) {
            let d2 = self.d * self.d;
            for (a, b) in [(x + self.k, y), (x, y + self.k)] {
                if a * a + b * b <= d2 {
                    out.push((a, b));
                }
            }
        }
    }

    #[test]
    fn codeforces_1451d_samples() {
        // Codeforces 1451D (Circle Game), the sample: Ashish moves first from
        // (0, 0); "Utkarsh" means the first player loses.
        let cases = [
            (2, 1, Outcome::P),
            (5, 2, Outcome::N),
            (10, 3, Outcome::P),
            (25, 4, Outcome::P),
            (15441, 33, Outcome::N),
        ];
        for (d, k, outcome) in cases {
            let p = crate::tests::parse(&format!("circle[{d},{k}](0, 0)")).unwrap();
            let a = analyze(&p, Play::Normal, false, &Budget::DEFAULT).unwrap();
            assert_eq!(a.outcome, outcome, "d={d} k={k}");
        }
    }

    #[test]
    fn values_agree_with_the_generic_solver() {
        let budget = Budget::DEFAULT;
        for d in 0..=45u64 {
            for k in 1..=6u64 {
                let mut solver = GrundySolver::new(Brute { d, k }, budget);
                for x in 0..=d {
                    for y in 0..=d {
                        if x * x + y * y > d * d {
                            continue;
                        }
                        let p = CirclePosition { d, k, x, y };
                        let g = solver.grundy(&(x, y)).unwrap();
                        assert_eq!(p.grundy(&budget).unwrap(), g, "d={d} k={k} ({x}, {y})");
                        let table = table(&p);
                        assert_eq!(Nimber(u64::from(table[0][0])), g);
                        // Constant along diagonals, the lemma the formula
                        // rests on.
                        for i in 0..table.len() {
                            for j in 0..table[i].len() {
                                if let Some(&next) = table.get(i + 1).and_then(|c| c.get(j + 1)) {
                                    assert_eq!(table[i][j], next, "d={d} k={k} ({x}, {y})");
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_diagonal_is_answered_in_constant_time_for_huge_radii() {
        let budget = Budget::DEFAULT;
        // d = 10^9 and k = 1 reach about 7.8 * 10^17 points: far beyond any
        // table, answered by the closed form.
        let p = crate::tests::parse("circle[1000000000,1](0, 0)").unwrap();
        let a = analyze(&p, Play::Normal, true, &budget).unwrap();
        // s = ⌊10^9/√2⌋ = 707106781; (s, s+1) has 2s² + 2s + 1 <= 10^18.
        let s: u128 = 707_106_781;
        assert!(
            2 * s * s <= 1_000_000_000_000_000_000
                && 2 * (s + 1) * (s + 1) > 1_000_000_000_000_000_000
        );
        let expected = s * s + (s + 1) * (s + 1) <= 1_000_000_000_000_000_000;
        assert_eq!(a.outcome == Outcome::N, expected);
        let m = u64::MAX;
        let top = CirclePosition {
            d: m,
            k: 1,
            x: 0,
            y: 0,
        };
        assert!(top.grundy(&budget).unwrap().0 <= 1);
        assert_eq!(isqrt(u128::MAX), u128::from(u64::MAX));
        for n in 0..10_000u128 {
            let r = isqrt(n);
            assert!(r * r <= n && (r + 1) * (r + 1) > n, "{n}");
        }
    }

    proptest::proptest! {
        /// Far beyond any table: the formula satisfies the mex rule with
        /// itself on every position (its options valued by the formula too).
        #[test]
        fn the_formula_is_the_mex_of_its_options(
            d in 0u64..,
            shift in 0u32..64,
            fx in 0.0f64..1.0,
            fy in 0.0f64..1.0,
        ) {
            // Steps from the size of the radius down to 1, so that the
            // diagonal and the arms are of every length.
            let k = (d >> shift).max(1);
            let d2 = u128::from(d) * u128::from(d);
            let x = (fx * d as f64) as u64 % d.saturating_add(1);
            let room = isqrt(d2 - u128::from(x) * u128::from(x));
            let y = (fy * room as f64) as u64 % (room as u64).saturating_add(1);
            let p = CirclePosition { d, k, x, y };
            let budget = Budget::DEFAULT;
            let options: Vec<u64> = p
                .moves(&budget)
                .unwrap()
                .into_iter()
                .map(|m| m.grundy(&budget).unwrap().0)
                .collect();
            let mex = (0..).find(|g| !options.contains(g)).unwrap();
            proptest::prop_assert_eq!(p.value(), mex);
        }
    }
}
