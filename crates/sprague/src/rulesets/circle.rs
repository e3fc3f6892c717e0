//! The circle game (Codeforces 1451D): a token at `(x, y)`; a move adds `k`
//! to `x` or to `y`, and the token must stay within distance `d` of the
//! origin (`x² + y² <= d²`).
//!
//! **On the diagonal, a closed form.** From `(x, x)`, let `t` be the most
//! diagonal steps that stay inside: the largest `t` with
//! `2(x + tk)² <= d²`. The player to move wins iff `(x + tk, x + (t+1)k)` is
//! inside. Why (the Codeforces editorial's mirror argument): if that point
//! is outside, the second player answers every step with the step along the
//! other axis, returning to the diagonal; at `(t, t)` steps there is no move,
//! since a step off it is outside. If it is inside, the first player steps
//! off the diagonal and then mirrors, staying one step off it until
//! `(t+1, t)`; from there `(t+1, t+1)` is outside by the choice of `t`, and
//! `(t+2, t)` is farther than `(t+1, t+1)` (`(u+k)² + (u-k)² > 2u²`). So the
//! two first moves are mirror images and both win: an N-position on the
//! diagonal is worth `*1` (the mex of `{0, 0}`), a P-position `0`. All in
//! exact integer arithmetic (`u128`, integer square roots), `O(log d)`.
//!
//! **Off the diagonal** the symmetry is gone: the value comes from a table
//! of the reachable points, as many as the budget allows.

use std::sync::Arc;

use crate::error::{ParseError, SolveError};
use crate::impartial::Budget;
use crate::nimber::Nimber;
use crate::position::{Component, Move};
use crate::syntax::{Arg, ComponentSyntax, Param, RulesetSyntax};

use super::Ruleset;

pub(super) const RULESET: Ruleset = Ruleset {
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

    /// On the diagonal: whether the player to move wins (the closed form).
    fn diagonal_wins(&self) -> bool {
        debug_assert_eq!(self.x, self.y);
        let d2 = u128::from(self.d) * u128::from(self.d);
        // The largest s with 2s² <= d², then the last diagonal step.
        let s = isqrt(d2 / 2);
        let (x, k) = (u128::from(self.x), u128::from(self.k));
        let t = (s - x) / k;
        let corner = x + t * k;
        inside(self.d, corner, corner + k)
    }

    /// The Grundy values of every reachable point, by steps `(i, j)`:
    /// `table[i][j]` for the point `(x + ik, y + jk)`.
    fn table(&self, budget: &Budget) -> Result<Vec<Vec<u8>>, SolveError> {
        let (x, y, k) = (u128::from(self.x), u128::from(self.y), u128::from(self.k));
        let d2 = u128::from(self.d) * u128::from(self.d);
        // The reachable points form a staircase: column i holds j = 0..=J(i).
        let mut heights: Vec<u128> = Vec::new();
        let mut cells: u128 = 0;
        loop {
            let xi = x + heights.len() as u128 * k;
            let Some(xx) = xi.checked_mul(xi).filter(|&xx| xx <= d2) else {
                break;
            };
            let top = isqrt(d2 - xx);
            if top < y {
                break;
            }
            let j = (top - y) / k;
            cells += j + 1;
            if cells > u128::from(budget.max_positions) {
                return Err(SolveError::BudgetExceeded {
                    limit: budget.max_positions,
                });
            }
            heights.push(j);
        }
        let mut table: Vec<Vec<u8>> = heights.iter().map(|&j| vec![0u8; j as usize + 1]).collect();
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
        Ok(table)
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

    fn grundy(&self, budget: &Budget) -> Result<Nimber, SolveError> {
        if self.x == self.y {
            return Ok(Nimber(u64::from(self.diagonal_wins())));
        }
        let table = self.table(budget)?;
        Ok(Nimber(u64::from(table[0][0])))
    }

    /// Add k to x, then add k to y.
    fn moves(&self, _budget: &Budget) -> Result<Vec<Move>, SolveError> {
        Ok([true, false]
            .into_iter()
            .filter(|&along_x| self.can_step(along_x))
            .map(|along_x| self.step(along_x))
            .collect())
    }

    fn moves_to_grundy(
        &self,
        target: Nimber,
        max: usize,
        budget: &Budget,
    ) -> Result<Vec<Move>, SolveError> {
        let mut found = Vec::new();
        for m in self.moves(budget)? {
            if found.len() < max && m.grundy(budget)? == target {
                found.push(m);
            }
        }
        Ok(found)
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
    use crate::error::ParseErrorKind;
    use crate::impartial::{GrundySolver, ImpartialGame};
    use crate::outcome::Outcome;
    use crate::position::Position;
    use crate::sum::{Play, analyze};

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
            let p = Position::parse(&format!("circle[{d},{k}](0, 0)")).unwrap();
            let a = analyze(&p, Play::Normal, false, &Budget::DEFAULT).unwrap();
            assert_eq!(a.outcome, outcome, "d={d} k={k}");
        }
    }

    #[test]
    fn values_agree_with_the_generic_solver() {
        let budget = Budget::DEFAULT;
        for d in 0..=30u64 {
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
                        let table = p.table(&budget).unwrap();
                        assert_eq!(Nimber(u64::from(table[0][0])), g);
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
        let p = Position::parse("circle[1000000000,1](0, 0)").unwrap();
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

    #[test]
    fn bad_input_is_reported() {
        let e = Position::parse("circle[5,0](0, 0)").unwrap_err();
        assert!(matches!(e.kind, ParseErrorKind::BadParameters { .. }));
        assert_eq!(e.span, 9..10);
        let e = Position::parse("circle[5,1](4, 4)").unwrap_err();
        assert!(matches!(e.kind, ParseErrorKind::BadArguments { .. }));
        let e = Position::parse("circle[5](0, 0)").unwrap_err();
        assert!(matches!(e.kind, ParseErrorKind::BadParameters { .. }));
        let e = Position::parse("circle[5,1](0)").unwrap_err();
        assert!(matches!(e.kind, ParseErrorKind::BadArguments { .. }));
    }
}
