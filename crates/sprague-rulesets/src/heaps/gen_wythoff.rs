//! CGSuite's `GenWythoff(k -> k + r)` (`game/heap/GenWythoff.cgs`),
//! Fraenkel's r-Wythoff: from two heaps `(a, b)` a player takes any number
//! from one heap, or `k` from one and `l` from the other with
//! `0 < k <= l < k + r` (Fraenkel and Tanny's bounding function
//! `f(k) = k + r`). `r = 1` is Wythoff's game. CGSuite takes any function
//! as the bound; the position language takes this family, the one its
//! docs and tests name.
//!
//! A position is one impartial component valued by the mex of its
//! options; coordinates are at most [`crate::heaps::cake::MAX_SIDE`] and
//! the moves of one position are charged to the budget.

use std::sync::Arc;

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::ComponentSyntax;
use sprague_game::{Component, Impartial, Key, Kind, Move, MoveLabel};

use crate::common::{Ruleset, check_move_count, one_int_param};
use crate::heaps::cake::coordinates;

pub(crate) const RULESET: Ruleset = Ruleset {
    name: "gen_wythoff",
    syntax: "gen_wythoff[r](a, b)   (one position of two heaps; r >= 1)",
    rule: "impartial (CGSuite's GenWythoff(k -> k + r), Fraenkel's r-Wythoff): take any \
           number from one heap, or k from one and l from the other with 0 < k <= l < k + r",
    example: "gen_wythoff[2](10, 7)",
    heaps_interact: true,
    build,
    family: None,
};

/// A position `(a, b)` of r-Wythoff.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GenWythoffPosition {
    r: u64,
    a: u64,
    b: u64,
}

impl GenWythoffPosition {
    /// What a move takes from each heap, in CGSuite's order: from the
    /// first heap alone, the second alone, then `k` from the first and
    /// `l >= k` from the second, then `k > l` from the first.
    fn takes(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        let (a, b, r) = (self.a, self.b, self.r);
        let diag = a.min(b);
        // The most a move may take from the other heap after taking `k`.
        let most = move |k: u64, heap: u64| k.saturating_add(r - 1).min(heap);
        (1..=a)
            .map(|x| (x, 0))
            .chain((1..=b).map(|y| (0, y)))
            .chain((1..=diag).flat_map(move |k| (k..=most(k, b)).map(move |l| (k, l))))
            .chain((1..=diag).flat_map(move |l| (l + 1..=most(l, a)).map(move |k| (k, l))))
    }

    fn n_moves(&self) -> u64 {
        let diag = self.a.min(self.b);
        // At most 2r - 1 diagonal moves for each k up to the smaller heap.
        self.a
            .saturating_add(self.b)
            .saturating_add(diag.saturating_mul(self.r.saturating_mul(2)))
    }
}

impl Component for GenWythoffPosition {
    fn ruleset(&self) -> String {
        format!("gen_wythoff[{}]", self.r)
    }

    fn args(&self) -> String {
        format!("{}, {}", self.a, self.b)
    }

    fn is_heap(&self) -> bool {
        false
    }

    fn key(&self) -> Key {
        Key::new("gen_wythoff", [self.r, self.a, self.b])
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Impartial(self)
    }
}

impl Impartial for GenWythoffPosition {
    fn moves(&self, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        check_move_count(self.n_moves(), budget)?;
        Ok(self
            .takes()
            .map(|(x, y)| {
                let label = match (x, y) {
                    (x, 0) => format!("take {x} from the first heap"),
                    (0, y) => format!("take {y} from the second heap"),
                    (x, y) => format!("take {x} from the first heap and {y} from the second"),
                };
                Move::new(
                    MoveLabel::Words(label),
                    Arc::new(GenWythoffPosition {
                        r: self.r,
                        a: self.a - x,
                        b: self.b - y,
                    }),
                )
            })
            .collect())
    }
}

fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    let r = one_int_param(
        &c.ruleset,
        "r",
        "the bound's offset",
        1,
        "r is at least 1 (r = 1 is Wythoff's game)",
    )?;
    let (a, b) = coordinates(c, "gen_wythoff")?;
    Ok(vec![Arc::new(GenWythoffPosition { r, a, b })])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::{
        assert_grundy_row, grundy_of as grundy, n_moves_of, outcome_by_search, parse,
    };
    use sprague_core::outcome::Outcome;
    use sprague_impartial::nimber::Nimber;

    #[test]
    fn cgsuites_option_counts_and_values() {
        // CGSuite's GameHeapTest.scala (commit e909ab8b), "define coordinate
        // games properly": GenWythoff(x -> x + 2)((10,10)).Options.Size and
        // [GenWythoff(x -> x + 2)((10,n)).NimValue for n from 0 to 20], and
        // Wythoff (GenWythoff(k -> k + 1), game/heap/constants.cgs) likewise.
        assert_eq!(n_moves_of("gen_wythoff[2](10, 10)"), 48);
        let r2 = [
            10, 11, 12, 13, 0, 14, 9, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 15, 28, 29, 30,
        ];
        let r1 = [
            10, 11, 9, 8, 13, 12, 0, 15, 16, 17, 14, 18, 7, 6, 2, 3, 1, 4, 5, 23, 28,
        ];
        assert_grundy_row(|n| format!("gen_wythoff[2](10, {n})"), &r2);
        assert_grundy_row(|n| format!("gen_wythoff[1](10, {n})"), &r1);
        assert_eq!(n_moves_of("gen_wythoff[1](10, 10)"), 30);
    }

    #[test]
    fn the_first_p_positions_are_fraenkels() {
        // CGSuite's GameHeapTest.scala, as above: for 1 <= r <= 5 the first
        // 15 P-positions of r-Wythoff by Fraenkel's formula,
        // (floor(i alpha), floor(i beta)) with alpha = (2 - r + sqrt(r^2 + 4)) / 2
        // and beta = alpha + r.
        for r in 1..=5u64 {
            let alpha = 0.5 * (2.0 - r as f64 + ((r * r + 4) as f64).sqrt());
            let beta = alpha + r as f64;
            for i in 0..15u64 {
                let (a, b) = ((i as f64 * alpha) as u64, (i as f64 * beta) as u64);
                assert_eq!(
                    grundy(&format!("gen_wythoff[{r}]({a}, {b})")),
                    0,
                    "r {r}, i {i}"
                );
            }
        }
    }

    #[test]
    fn positions_agree_with_the_search_of_the_whole_game() {
        // The rule as the docs state it the other way: take (x, y), not
        // both 0, with one of them 0 or |x - y| < r.
        for r in 1..=4u64 {
            let moves = |&(a, b): &(u64, u64), _: bool| {
                let mut out = Vec::new();
                for x in 0..=a {
                    for y in 0..=b {
                        if (x, y) != (0, 0) && (x == 0 || y == 0 || x.abs_diff(y) < r) {
                            out.push(vec![(a - x, b - y)]);
                        }
                    }
                }
                out
            };
            for a in 0..=9 {
                for b in 0..=9 {
                    let text = format!("gen_wythoff[{r}]({a}, {b})");
                    let g = grundy(&text);
                    let found = outcome_by_search(vec![(a, b)], &moves);
                    assert_eq!(g != 0, found == Outcome::N, "{text}");
                }
            }
        }
        // r = 1 is Wythoff's game, whose values the engine has by its own
        // method.
        for a in 0..=12 {
            for b in 0..=12 {
                let w = parse(&format!("wythoff({a}, {b})")).unwrap().components()[0]
                    .grundy(&Budget::DEFAULT)
                    .unwrap();
                assert_eq!(Nimber(grundy(&format!("gen_wythoff[1]({a}, {b})"))), w);
            }
        }
    }

    #[test]
    fn bad_positions_are_parse_errors() {
        for bad in [
            "gen_wythoff(3, 4)",
            "gen_wythoff[0](3, 4)",
            "gen_wythoff[2](3)",
            "gen_wythoff[2](3, 2000000000000000)",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }
}
