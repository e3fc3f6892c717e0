//! The cake games of CGSuite's `game.heap` library, on a position `(m, n)`
//! written as CGSuite writes its coordinates: Maundy Cake, Eatcake,
//! Turn-and-Eatcake (its `GenCutcake` with the heap rules `{2+}=.0` and
//! `0.7`) and Partizan Euclid (its `PartizanCoordinateRuleset`).
//!
//! In CGSuite's `GenCutcake`, Left plays on the second coordinate and
//! Right on the first (so `maundy(1, 8)` is Left's, +7; note that `cut`
//! follows HDU 3544 and gives Left the first). A player replaces their
//! coordinate `h` by the heaps `h₁, …, h_k` their heap rule allows, and the
//! position becomes the sum of the cakes `(m, hᵢ)` (Left) or `(hᵢ, n)`
//! (Right); with no heap left it is 0.
//!
//! - `maundy(m, n)`, Maundy Cake (Winning Ways, ch. 2): divide a side into
//!   `k >= 2` equal parts (`{2+}=.0`).
//! - `eatcake(m, n)` (Bynum's game): eat one row or column, which leaves
//!   none, one or two pieces of the rest (`0.7`: take one, leave at most
//!   two heaps).
//! - `turn_and_eatcake(m, n)`: Eatcake twisted, as CGSuite's
//!   `twisted => true`: Left eats from the first coordinate, Right from
//!   the second, and each piece is turned (its coordinates exchanged)
//!   after the move.
//! - `euclid(p, q)`, Partizan Euclid: when `q > 0` does not divide `p`,
//!   Left moves to `(q, p mod q)` and Right to `(q, q - p mod q)`; else no
//!   one moves.
//!
//! Each position is valued from its moves by the canonical solver (a
//! cake's moves lead to sums of smaller cakes). Coordinates are at most
//! [`MAX_SIDE`]; the number of pieces a move leaves is charged to the
//! budget.

use std::sync::Arc;

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::{Arg, ComponentSyntax};
use sprague_game::{Component, Key, Kind, Move, MoveLabel, Partizan, Side};

use crate::common::{Ruleset, check_move_count, no_params};

pub(crate) const MAUNDY: Ruleset = Ruleset {
    name: "maundy",
    syntax: "maundy(m, n)   (one cake; a sum is maundy(m, n) + maundy(a, b))",
    rule: "partizan (Maundy Cake, CGSuite's coordinates): Left divides n, Right m, \
           into k >= 2 equal parts; the pieces are separate games",
    example: "maundy(8, 6) + maundy(3, 5)",
    heaps_interact: true,
    build: build_maundy,
    family: None,
};

pub(crate) const EATCAKE: Ruleset = Ruleset {
    name: "eatcake",
    syntax: "eatcake(m, n)   (one cake; a sum is eatcake(m, n) + eatcake(a, b))",
    rule: "partizan (CGSuite's coordinates): Left eats one of the n columns, Right one of \
           the m rows; the pieces left are separate games",
    example: "eatcake(4, 5)",
    heaps_interact: true,
    build: build_eatcake,
    family: None,
};

pub(crate) const TURN_AND_EATCAKE: Ruleset = Ruleset {
    name: "turn_and_eatcake",
    syntax: "turn_and_eatcake(m, n)   (one cake; a sum is turn_and_eatcake(m, n) + turn_and_eatcake(a, b))",
    rule: "partizan: Eatcake with Left eating from m and Right from n, each piece turned \
           (its sides exchanged) after the move",
    example: "turn_and_eatcake(8, 5)",
    heaps_interact: true,
    build: build_turn_and_eatcake,
    family: None,
};

pub(crate) const EUCLID: Ruleset = Ruleset {
    name: "euclid",
    syntax: "euclid(p, q)   (one position; a sum is euclid(p, q) + euclid(a, b))",
    rule: "partizan (Partizan Euclid): if q > 0 does not divide p, Left moves to \
           (q, p mod q) and Right to (q, q - p mod q)",
    example: "euclid(8, 7)",
    heaps_interact: true,
    build: build_euclid,
    family: None,
};

/// The largest coordinate.
pub const MAX_SIDE: u64 = 1 << 40;

/// Which of the games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CakeRules {
    /// Maundy Cake.
    Maundy,
    /// Eatcake.
    Eatcake,
    /// Turn-and-Eatcake.
    TurnAndEatcake,
    /// Partizan Euclid.
    Euclid,
}

impl CakeRules {
    fn name(self) -> &'static str {
        match self {
            CakeRules::Maundy => "maundy",
            CakeRules::Eatcake => "eatcake",
            CakeRules::TurnAndEatcake => "turn_and_eatcake",
            CakeRules::Euclid => "euclid",
        }
    }
}

/// A position of one of the cake games, `(m, n)` as CGSuite writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CakePosition {
    /// The rules.
    pub rules: CakeRules,
    /// The first coordinate (Right's, untwisted).
    pub m: u64,
    /// The second coordinate (Left's, untwisted).
    pub n: u64,
}

/// The divisions of a heap of `h` into `k >= 2` equal heaps, as
/// `(k, h / k)`, by `k`.
fn equal_parts(h: u64) -> Vec<(u64, u64)> {
    let mut small = Vec::new();
    let mut large = Vec::new();
    let mut d = 1;
    while d * d <= h {
        if h % d == 0 {
            // k = h / d parts of d, and k = d parts of h / d.
            if d >= 2 {
                small.push((d, h / d));
            }
            if h / d != d {
                large.push((h / d, d));
            }
        }
        d += 1;
    }
    large.reverse();
    small.extend(large);
    small
}

/// The heaps `0.7` leaves from a heap of `h`: take one token, leave none,
/// one or two heaps (unordered).
fn eat_one(h: u64) -> Vec<Vec<u64>> {
    if h == 0 {
        return Vec::new();
    }
    let rest = h - 1;
    if rest == 0 {
        return vec![Vec::new()];
    }
    let mut out = vec![vec![rest]];
    out.extend((1..=rest / 2).map(|a| vec![a, rest - a]));
    out
}

impl CakePosition {
    fn cake(&self, m: u64, n: u64) -> Arc<dyn Component> {
        Arc::new(CakePosition {
            rules: self.rules,
            m,
            n,
        })
    }

    fn options(&self, side: Side, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        let (m, n) = (self.m, self.n);
        if self.rules == CakeRules::Euclid {
            if n == 0 || m % n == 0 {
                return Ok(Vec::new());
            }
            let r = m % n;
            let to = if side == Side::Left {
                (n, r)
            } else {
                (n, n - r)
            };
            let label = format!("move to ({}, {})", to.0, to.1);
            return Ok(vec![Move::new(
                MoveLabel::Words(label),
                self.cake(to.0, to.1),
            )]);
        }
        let twisted = self.rules == CakeRules::TurnAndEatcake;
        // The coordinate the mover breaks, and the one each piece keeps
        // (first, then second, after the twist).
        let (broken, kept) = match (side, twisted) {
            (Side::Left, false) => (n, m),
            (Side::Right, false) => (m, n),
            (Side::Left, true) => (m, n),
            (Side::Right, true) => (n, m),
        };
        let piece = |h: u64| match (side, twisted) {
            (Side::Left, false) => (kept, h),
            (Side::Right, false) => (h, kept),
            (Side::Left, true) => (kept, h),
            (Side::Right, true) => (h, kept),
        };
        let which = if (side == Side::Left) != twisted {
            "second"
        } else {
            "first"
        };
        let mut moves = Vec::new();
        match self.rules {
            CakeRules::Maundy => {
                let parts = equal_parts(broken);
                let pieces: u64 = parts.iter().map(|&(k, _)| k).sum();
                check_move_count(pieces, budget)?;
                for (k, each) in parts {
                    let (a, b) = piece(each);
                    let label =
                        format!("divide the {which} side {broken} into {k} parts of {each}");
                    let to = (0..k).map(|_| self.cake(a, b)).collect();
                    moves.push(Move::to_sum(MoveLabel::Words(label), to));
                }
            }
            CakeRules::Eatcake | CakeRules::TurnAndEatcake => {
                check_move_count(broken, budget)?;
                for heaps in eat_one(broken) {
                    let label = match heaps.as_slice() {
                        [] => format!("eat the last of the {which} side"),
                        [h] => format!("eat one from the end of the {which} side, leaving {h}"),
                        hs => format!(
                            "eat one from the {which} side {broken}, leaving {} and {}",
                            hs[0], hs[1]
                        ),
                    };
                    let to = heaps
                        .iter()
                        .map(|&h| {
                            let (a, b) = piece(h);
                            self.cake(a, b)
                        })
                        .collect();
                    moves.push(Move::to_sum(MoveLabel::Words(label), to));
                }
            }
            CakeRules::Euclid => unreachable!("answered above"),
        }
        Ok(moves)
    }
}

impl Component for CakePosition {
    fn ruleset(&self) -> String {
        self.rules.name().to_string()
    }

    fn args(&self) -> String {
        format!("{}, {}", self.m, self.n)
    }

    fn is_heap(&self) -> bool {
        false
    }

    fn key(&self) -> Key {
        Key::new(self.rules.name(), [self.m, self.n])
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Partizan(self)
    }
}

impl Partizan for CakePosition {
    fn moves(&self, side: Side, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        self.options(side, budget)
    }
}

fn build(c: &ComponentSyntax, rules: CakeRules) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    no_params(&c.ruleset)?;
    let (m, n) = coordinates(c, rules.name())?;
    Ok(vec![Arc::new(CakePosition { rules, m, n })])
}

/// The two coordinates `(m, n)` of a position written `name(m, n)`, each at
/// most [`MAX_SIDE`].
pub(crate) fn coordinates(c: &ComponentSyntax, name: &str) -> Result<(u64, u64), ParseError> {
    let [m, n] = c.args.as_slice() else {
        return Err(ParseError::bad_arguments(
            format!("`{name}` takes two coordinates: {name}(m, n)"),
            c.args_span.clone(),
        ));
    };
    let mut sides = [0u64; 2];
    for (side, arg) in sides.iter_mut().zip([m, n]) {
        match arg.value {
            Arg::Int(v) if v <= MAX_SIDE => *side = v,
            Arg::Int(_) => {
                return Err(ParseError::bad_arguments(
                    format!("a coordinate is at most 2^40 ({MAX_SIDE})"),
                    arg.span.clone(),
                ));
            }
            _ => {
                return Err(ParseError::bad_arguments(
                    "a coordinate is a whole number",
                    arg.span.clone(),
                ));
            }
        }
    }
    Ok((sides[0], sides[1]))
}

fn build_maundy(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    build(c, CakeRules::Maundy)
}

fn build_eatcake(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    build(c, CakeRules::Eatcake)
}

fn build_turn_and_eatcake(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    build(c, CakeRules::TurnAndEatcake)
}

fn build_euclid(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    build(c, CakeRules::Euclid)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::{assert_value_agrees_with_search, canonical_text as value};

    #[test]
    fn heap_rules_list_cgsuites_options() {
        assert_eq!(equal_parts(12), [(2, 6), (3, 4), (4, 3), (6, 2), (12, 1)]);
        assert_eq!(equal_parts(9), [(3, 3), (9, 1)]);
        assert_eq!(equal_parts(7), [(7, 1)]);
        assert!(equal_parts(1).is_empty());
        assert_eq!(eat_one(1), [Vec::<u64>::new()]);
        assert_eq!(eat_one(6), [vec![5], vec![1, 4], vec![2, 3]]);
    }

    #[test]
    fn option_counts_of_eight_by_eight_are_cgsuites() {
        // CGSuite's GameHeapTest.scala (commit e909ab8b), "define partizan
        // coordinate games properly": the number of Left options of (8, 8).
        for (game, count) in [
            ("maundy", 3),
            ("eatcake", 4),
            ("turn_and_eatcake", 4),
            ("euclid", 0),
        ] {
            let p = crate::tests::parse(&format!("{game}(8, 8)")).unwrap();
            let moves = p.components()[0]
                .moves_of(Side::Left, &Budget::DEFAULT)
                .unwrap();
            assert_eq!(moves.len(), count, "{game}");
        }
    }

    #[test]
    fn values_agree_with_the_search_of_the_whole_game() {
        for rules in ["maundy", "eatcake", "turn_and_eatcake", "euclid"] {
            for m in 0..=5 {
                for n in 0..=5 {
                    let p = crate::tests::parse(&format!("{rules}({m}, {n})")).unwrap();
                    assert_value_agrees_with_search(Arc::clone(&p.components()[0]));
                }
            }
        }
    }

    #[test]
    fn maundy_cake_is_an_integer_and_transposing_negates() {
        // Winning Ways, ch. 2: every Maundy Cake is an integer, and
        // exchanging the sides exchanges the players.
        for m in 1..=12 {
            for n in 1..=12 {
                let v = value(&format!("maundy({m}, {n})"));
                assert!(v.parse::<i64>().is_ok(), "({m}, {n}) is {v}");
                let sum = value(&format!("maundy({m}, {n}) + maundy({n}, {m})"));
                assert_eq!(sum, "0", "({m}, {n})");
            }
        }
    }

    #[test]
    fn bad_positions_are_parse_errors() {
        for bad in [
            "maundy(3)",
            "maundy(1, 2, 3)",
            "eatcake(\"3\", 4)",
            "euclid[2](3, 4)",
            "turn_and_eatcake(1, 2000000000000000)",
        ] {
            assert!(crate::tests::parse(bad).is_err(), "{bad}");
        }
    }
}
