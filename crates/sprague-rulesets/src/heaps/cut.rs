//! The cutting game of HDU 3544 ("Alice's Game"; Cutcake in Winning Ways,
//! ch. 2): `cut(x, y)` is a bar of chocolate of `x` by `y` squares. Left
//! (Alice) cuts along the first dimension, splitting `x × y` into `a × y`
//! and `(x-a) × y`; Right (Bob) cuts along the second, into `x × b` and
//! `x × (y-b)`. The two pieces are then separate games, so a position is a
//! sum of bars: `cut(3, 5) + cut(2, 2)`. Whoever cannot cut loses.
//!
//! **Value** (seed note 000, "横切竖切游戏"): every bar is an integer,
//!
//! ```text
//! V(x, y) =   floor(x / 2^k) - 1,  k = floor(log2 y),  when x >= y,
//! V(x, y) = -(floor(y / 2^k) - 1), k = floor(log2 x),  when x < y.
//! ```
//!
//! *Proof* (by induction on `x + y`). Exchanging the dimensions exchanges
//! the players, so `V(x, y) = -V(y, x)`; take `x >= y`, `k = floor(log2
//! y)`, `f = floor(x / 2^k) - 1 >= 0`, and write `g(a) = V(a, y)`. By
//! induction `g(a) = floor(a / 2^k) - 1` when `a >= 2^k` (for `2^k <= a <
//! y` both branches give 0), and `g(a) <= -1` when `a < 2^k` (then `y >=
//! 2^(floor(log2 a) + 1)`).
//!
//! - Left's options `g(a) + g(x - a)` are all `<= f - 1`: with both parts
//!   `>= 2^k`, `floor(a/2^k) + floor((x-a)/2^k) <= floor(x/2^k)`; with one
//!   part below `2^k`, it counts at most `-1` and the other at most `f`.
//!   When `f >= 1` the cut `a = 2^k` reaches `0 + (f - 1)`.
//! - Right's options `V(x, b) + V(x, y - b)` are all `>= f + 1`: both
//!   heights are below `y <= x`, so each part is `floor(x / 2^j) - 1` with
//!   `2^j` its height's leading power, `j <= k`, hence `>= f`; that makes
//!   `>= 2f >= f + 1` when `f >= 1`. When `f = 0`, the two heights sum to
//!   `y < 2^(k+1)`, so one of them has `j <= k - 1` and counts
//!   `floor(x / 2^(k-1)) - 1 >= 1`.
//!
//! So all options are integers with Left's `<= f - 1` (equal when
//! `f >= 1`) and Right's `>= f + 1`, and by the simplicity theorem the bar
//! is the simplest number between, `f`. The tests also check the formula
//! against canonical forms computed from the moves for every bar up to
//! 16 × 16.
//!
//! Sides are at most [`MAX_SIDE`] (`2^62`), so every value fits an `i64`;
//! sums are checked.

use std::sync::Arc;

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, ParseErrorKind, SolveError};
use sprague_game::syntax::{Arg, ComponentSyntax};
use sprague_game::{Component, Key, Kind, Move, MoveLabel, Partizan, Side};
use sprague_partizan::cgt::{CanonicalArena, Dyadic, GameId};

use crate::common::{Ruleset, check_move_count, no_params};

pub(crate) const RULESET: Ruleset = Ruleset {
    name: "cut",
    syntax: "cut(x, y)   (one x-by-y bar; a sum of bars is cut(x, y) + cut(u, v))",
    rule: "partizan: Left splits the bar along its first side (x = a + b), \
           Right along its second (y = a + b); the pieces are separate games",
    example: "cut(3, 5) + cut(2, 2)",
    heaps_interact: true,
    build,
    family: None,
};

/// The largest side of a bar.
pub const MAX_SIDE: u64 = 1 << 62;

/// The value of the bar `x × y` (Left cuts `x`), by the closed form of the
/// module documentation; `None` if a side is 0 or above [`MAX_SIDE`].
///
/// # Examples
///
/// ```
/// use sprague::rulesets::cut_value;
/// // HDU 3544's samples: 2 x 1 is 1 (Alice wins), 3 x 2 is 0 (Bob wins).
/// assert_eq!(cut_value(2, 1), Some(1));
/// assert_eq!(cut_value(3, 2), Some(0));
/// assert_eq!(cut_value(1, 8), Some(-7));
/// ```
pub fn cut_value(x: u64, y: u64) -> Option<i64> {
    if x == 0 || y == 0 || x > MAX_SIDE || y > MAX_SIDE {
        return None;
    }
    let (long, short, sign) = if x >= y { (x, y, 1) } else { (y, x, -1) };
    // `long >> floor(log2 short)` is at most 2^62, so it fits an i64.
    let f = (long >> short.ilog2()) as i64 - 1;
    Some(sign * f)
}

/// One bar of the cutting game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CutBar {
    /// The side Left cuts.
    pub x: u64,
    /// The side Right cuts.
    pub y: u64,
}

impl CutBar {
    fn cuts(&self, left: bool, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        let (x, y) = (self.x, self.y);
        let side = if left { x } else { y };
        check_move_count(side.saturating_sub(1), budget)?;
        Ok((1..side)
            .map(|a| {
                let (p, q) = if left {
                    (CutBar { x: a, y }, CutBar { x: x - a, y })
                } else {
                    (CutBar { x, y: a }, CutBar { x, y: y - a })
                };
                cut_move(self, p, q)
            })
            .collect())
    }
}

impl Component for CutBar {
    fn ruleset(&self) -> String {
        "cut".to_string()
    }

    fn args(&self) -> String {
        format!("{}, {}", self.x, self.y)
    }

    fn is_heap(&self) -> bool {
        false
    }

    fn key(&self) -> Key {
        Key::new("cut", [self.x, self.y])
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Partizan(self)
    }
}

impl Partizan for CutBar {
    fn moves(&self, side: Side, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        self.cuts(side == Side::Left, budget)
    }

    fn canonical(&self, arena: &mut CanonicalArena) -> Option<Result<GameId, SolveError>> {
        let v = cut_value(self.x, self.y)?;
        Some(arena.number(Dyadic::integer(v)))
    }

    /// Tries Left's cuts in order, each valued by the closed form, without
    /// listing them: the first winning cut of a long bar is usually among
    /// the first few, or at `2^k` (the proof in the module documentation).
    /// At most as many cuts as the budget allows positions are tried.
    /// Right's are listed and valued one by one.
    fn winning_moves_against(
        &self,
        side: Side,
        rest: GameId,
        max: usize,
        arena: &mut CanonicalArena,
    ) -> Option<Result<Vec<Move>, SolveError>> {
        (side == Side::Left).then(|| self.winning_cuts(rest, max, arena))
    }
}

impl CutBar {
    fn winning_cuts(
        &self,
        rest: GameId,
        max: usize,
        arena: &mut CanonicalArena,
    ) -> Result<Vec<Move>, SolveError> {
        let (x, y) = (self.x, self.y);
        let budget = arena.budget();
        let zero = arena.zero();
        let mut found = Vec::new();
        for a in 1..x {
            if found.len() >= max {
                break;
            }
            budget.check_positions(a)?;
            let value = |x| cut_value(x, y).ok_or_else(|| SolveError::unsupported("bad bar"));
            let after = Dyadic::integer(value(a)?).checked_add(Dyadic::integer(value(x - a)?))?;
            let after = arena.number(after)?;
            let total = arena.add(rest, after)?;
            if arena.le(zero, total)? {
                let (p, q) = (CutBar { x: a, y }, CutBar { x: x - a, y });
                found.push(cut_move(self, p, q));
            }
        }
        Ok(found)
    }
}

/// The cut of `bar` into `p` and `q`. A 1 x 1 piece is dead (no cut for
/// either player: the game 0), so the position after the cut does not keep
/// it.
fn cut_move(bar: &CutBar, p: CutBar, q: CutBar) -> Move {
    Move {
        label: MoveLabel::Words(format!(
            "cut {}x{} into {}x{} and {}x{}",
            bar.x, bar.y, p.x, p.y, q.x, q.y
        )),
        to: [p, q]
            .into_iter()
            .filter(|piece| (piece.x, piece.y) != (1, 1))
            .map(|piece| Arc::new(piece) as Arc<dyn Component>)
            .collect(),
    }
}

fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    no_params(&c.ruleset)?;
    let [a, b] = c.args.as_slice() else {
        return Err(ParseError::bad_arguments(
            "`cut` takes the two sides of one bar, cut(x, y); add bars with +",
            c.args_span.clone(),
        ));
    };
    let mut sides = [0u64; 2];
    for (slot, arg) in sides.iter_mut().zip([a, b]) {
        match arg.value {
            Arg::Int(0) => {
                return Err(ParseError::bad_arguments(
                    "a side is at least 1",
                    arg.span.clone(),
                ));
            }
            Arg::Int(n) if n > MAX_SIDE => {
                return Err(ParseError::new(
                    ParseErrorKind::NumberTooLarge { max: MAX_SIDE },
                    arg.span.clone(),
                ));
            }
            Arg::Int(n) => *slot = n,
            _ => {
                return Err(ParseError::bad_arguments(
                    "a side must be an integer",
                    arg.span.clone(),
                ));
            }
        }
    }
    Ok(vec![Arc::new(CutBar {
        x: sides[0],
        y: sides[1],
    })])
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague::CanonicalSolver;

    #[test]
    fn the_closed_form_matches_canonical_forms_from_the_moves() {
        const N: usize = 16;
        let budget = Budget::DEFAULT;
        let mut arena = CanonicalArena::new(budget);
        // value[x][y] from the moves alone, smaller bars first.
        let mut value = vec![vec![arena.zero(); N + 1]; N + 1];
        for s in 2..=2 * N {
            for x in 1..=N.min(s - 1) {
                let y = s - x;
                if y > N {
                    continue;
                }
                let mut l = Vec::new();
                for a in 1..x {
                    l.push(arena.add(value[a][y], value[x - a][y]).unwrap());
                }
                let mut r = Vec::new();
                for b in 1..y {
                    r.push(arena.add(value[x][b], value[x][y - b]).unwrap());
                }
                let g = arena.form(&l, &r).unwrap();
                let expected = cut_value(x as u64, y as u64).unwrap();
                assert_eq!(
                    arena.as_number(g),
                    Some(Dyadic::integer(expected)),
                    "{x}x{y}"
                );
                value[x][y] = g;
            }
        }
    }

    /// HDU 3544's judge answer for a sum of bars, Alice (Left) moving
    /// first: she wins iff the total is positive.
    fn alice_wins(bars: &[(u64, u64)]) -> bool {
        let text: Vec<String> = bars.iter().map(|(x, y)| format!("cut({x}, {y})")).collect();
        let p = crate::tests::parse(&text.join(" + ")).unwrap();
        let mut solver = CanonicalSolver::new(Budget::DEFAULT);
        let g = solver.sum(p.components()).unwrap();
        let zero = solver.arena.zero();
        !solver.arena.le(g, zero).unwrap()
    }

    #[test]
    fn hdu_3544_sample() {
        // Sample input: 4 cases; sample output: Bob, Alice, Alice, Bob.
        assert!(!alice_wins(&[(1, 1)]));
        assert!(alice_wins(&[(2, 1)]));
        assert!(alice_wins(&[(2, 2), (2, 1)]));
        assert!(!alice_wins(&[(3, 2)]));
    }

    #[test]
    fn moves_split_one_side() {
        let budget = Budget::DEFAULT;
        let bar = CutBar { x: 3, y: 2 };
        let l: Vec<String> = bar
            .moves(Side::Left, &budget)
            .unwrap()
            .into_iter()
            .map(|m| m.description())
            .collect();
        assert_eq!(l, ["cut 3x2 into 1x2 and 2x2", "cut 3x2 into 2x2 and 1x2"]);
        let r = bar.moves(Side::Right, &budget).unwrap();
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].to.len(), 2);
        assert_eq!(r[0].to[0].text(), "cut(3, 1)");
        // A huge bar has more cuts than the budget allows listing.
        let huge = CutBar { x: MAX_SIDE, y: 3 };
        assert!(huge.moves(Side::Left, &Budget::positions(1000)).is_err());
    }

    #[test]
    fn winning_cuts_of_long_bars_are_found_without_listing_every_cut() {
        // 10^9 x 3 is worth 10^9 >> 1 - 1 > 0; its first cut, 1x3 + the
        // rest, leaves -2 + (999999999 >> 1) - 1 >= 0: winning.
        let p = crate::tests::parse("cut(1000000000, 3)").unwrap();
        let a = sprague::analyze(&p, sprague_game::Play::Normal, false, &Budget::DEFAULT).unwrap();
        assert_eq!(a.value_text().as_deref(), Some("499999999"));
        assert_eq!(
            a.winning_moves[0].to.to_string(),
            "cut(1, 3) + cut(999999999, 3)"
        );
        // The fast path agrees with listing every move on small sums.
        let budget = Budget::DEFAULT;
        for text in [
            "cut(2, 2) + cut(2, 1)",
            "cut(8, 3) + cut(1, 4)",
            "cut(7, 7) + cut(5, 1) + cut(1, 3)",
        ] {
            let p = crate::tests::parse(text).unwrap();
            let fast = sprague::analyze(&p, sprague_game::Play::Normal, true, &budget).unwrap();
            let mut solver = CanonicalSolver::new(budget);
            let total = solver.sum(p.components()).unwrap();
            let zero = solver.arena.zero();
            let mut slow = Vec::new();
            if !solver.arena.le(total, zero).unwrap() {
                for (i, c) in p.components().iter().enumerate() {
                    for m in c.moves_of(Side::Left, &budget).unwrap() {
                        let after = p.replace(i, &m.to);
                        let v = solver.sum(after.components()).unwrap();
                        if solver.arena.le(zero, v).unwrap() {
                            slow.push(after.to_string());
                        }
                    }
                }
            }
            let fast: Vec<String> = fast
                .winning_moves
                .iter()
                .map(|m| m.to.to_string())
                .collect();
            assert_eq!(fast, slow, "{text}");
        }
    }

    #[test]
    fn extreme_sides_do_not_overflow() {
        assert_eq!(cut_value(MAX_SIDE, 1), Some((1i64 << 62) - 1));
        assert_eq!(cut_value(1, MAX_SIDE), Some(1 - (1i64 << 62)));
        assert_eq!(cut_value(MAX_SIDE, MAX_SIDE), Some(0));
        assert_eq!(cut_value(MAX_SIDE + 1, 1), None);
        assert_eq!(cut_value(0, 1), None);
        // The sum of four of the largest values is past an i64 and exact:
        // 4 (2^62 - 1) = 2^64 - 4.
        let p = crate::tests::parse(&vec![format!("cut({MAX_SIDE}, 1)"); 4].join(" + ")).unwrap();
        let mut solver = CanonicalSolver::new(Budget::DEFAULT);
        let g = solver.sum(p.components()).unwrap();
        assert_eq!(solver.arena.display(g).unwrap(), "18446744073709551612");
    }

    #[test]
    fn bad_bars_are_parse_errors() {
        for (text, bad) in [
            ("cut(0, 3)", "0"),
            ("cut(3, 4611686018427387905)", "4611686018427387905"),
            ("cut(\"3\", 4)", "\"3\""),
        ] {
            let e = crate::tests::parse(text).unwrap_err();
            assert_eq!(&text[e.span.clone()], bad, "{text}");
        }
        assert!(crate::tests::parse("cut(3)").is_err());
        assert!(crate::tests::parse("cut(3, 4, 5)").is_err());
        let p = crate::tests::parse("cut(3, 5) + cut(2, 2)").unwrap();
        assert_eq!(p.to_string(), "cut(3, 5) + cut(2, 2)");
    }
}
