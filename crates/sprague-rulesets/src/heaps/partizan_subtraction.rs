//! Partizan subtraction games (CGSuite's `game.heap.PartizanSubtraction`,
//! its `PartizanHeapRuleset` of two subtraction games): `subtraction[L|R](n)`
//! is a heap of `n` from which Left takes `s` stones for `s` in `L` and
//! Right for `s` in `R`. Heaps do not interact: `subtraction[1,3|2,3](6, 7)`
//! is a sum. Written with the impartial game's brackets, the sets split by
//! `|` (Left's first); without a `|` the game is the impartial one.
//!
//! A heap is valued from its moves by the canonical solver (partizan
//! subtraction games are ultimately periodic in their outcomes, Fraenkel
//! and Kotzig 1987, but no closed form for the values is used here). The
//! tests check the values against the search of the whole game, against
//! the impartial game when both sets are equal, and against CGSuite's.

use std::sync::Arc;

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::{ComponentSyntax, RulesetSyntax};
use sprague_game::{Component, Key, Kind, Move, Partizan, Side};

use crate::common::{check_move_count, heap_components, positive_set, take_move};

/// The most elements each set may have.
const MAX_SET_LEN: u64 = 100_000;

/// The two sets of a partizan subtraction game.
#[derive(Debug, PartialEq, Eq, Hash)]
struct Sets {
    left: Vec<u64>,
    right: Vec<u64>,
}

/// A set as written: runs of three or more consecutive sizes as `a..b`.
fn set_text(set: &[u64]) -> String {
    let mut parts = Vec::new();
    let mut i = 0;
    while i < set.len() {
        let mut j = i;
        while j + 1 < set.len() && set[j + 1] == set[j] + 1 {
            j += 1;
        }
        if j >= i + 2 {
            parts.push(format!("{}..{}", set[i], set[j]));
        } else {
            parts.extend(set[i..=j].iter().map(u64::to_string));
        }
        i = j + 1;
    }
    parts.join(",")
}

/// One heap of a partizan subtraction game.
#[derive(Clone, Debug)]
pub struct PartizanSubtractionHeap {
    sets: Arc<Sets>,
    size: u64,
}

impl Component for PartizanSubtractionHeap {
    fn ruleset(&self) -> String {
        format!(
            "subtraction[{}|{}]",
            set_text(&self.sets.left),
            set_text(&self.sets.right)
        )
    }

    fn args(&self) -> String {
        self.size.to_string()
    }

    fn key(&self) -> Key {
        Key::shared("subtraction", &self.sets, [self.size])
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Partizan(self)
    }
}

impl Partizan for PartizanSubtractionHeap {
    fn moves(&self, side: Side, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        let set = match side {
            Side::Left => &self.sets.left,
            Side::Right => &self.sets.right,
        };
        let takes: Vec<u64> = set.iter().copied().filter(|&s| s <= self.size).collect();
        check_move_count(takes.len() as u64, budget)?;
        Ok(takes
            .into_iter()
            .map(|s| {
                take_move(s, self.size, || {
                    Arc::new(PartizanSubtractionHeap {
                        sets: Arc::clone(&self.sets),
                        size: self.size - s,
                    })
                })
            })
            .collect())
    }
}

/// The parameters before and after the `|` as two sets.
fn sets(r: &RulesetSyntax, bar: usize) -> Result<Arc<Sets>, ParseError> {
    let half = |params: &[sprague_game::syntax::Spanned<sprague_game::syntax::Param>],
                whose: &str| {
        if params.is_empty() {
            return Err(ParseError::bad_parameters(
                format!("{whose} set is empty: write subtraction[1,3|2,3]"),
                r.params_span
                    .clone()
                    .unwrap_or(r.name_span.end..r.name_span.end),
            ));
        }
        let part = RulesetSyntax {
            params: params.to_vec(),
            ..r.clone()
        };
        positive_set(&part, MAX_SET_LEN)
    };
    Ok(Arc::new(Sets {
        left: half(&r.params[..bar], "Left's")?,
        right: half(&r.params[bar..], "Right's")?,
    }))
}

/// The heaps of `subtraction[L|R](n, ...)`; called by the subtraction
/// ruleset when its parameters hold a `|`.
pub(crate) fn build(
    c: &ComponentSyntax,
    bar: usize,
) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    let sets = sets(&c.ruleset, bar)?;
    heap_components(c, |size| PartizanSubtractionHeap {
        sets: Arc::clone(&sets),
        size,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::{assert_value_agrees_with_search, canonical_text as value};

    #[test]
    fn cgsuites_published_value() {
        // CGSuite's GameHeapTest.scala (commit e909ab8b), "define partizan
        // heap games properly": PartizanSubtraction([1,3],[2,3])(6).
        assert_eq!(
            value("subtraction[1,3|2,3](6)"),
            value("{1|1,{1|0}||0,{1|0}|0|||0,{1|0}|0}")
        );
    }

    #[test]
    fn values_agree_with_the_search_of_the_whole_game() {
        for sets in ["1|2", "1,3|2,3", "1..3|2,5", "2,3|1", "1,4|1,2,3"] {
            for n in 0..=14 {
                let p = crate::tests::parse(&format!("subtraction[{sets}]({n})")).unwrap();
                assert_value_agrees_with_search(Arc::clone(&p.components()[0]));
            }
        }
    }

    #[test]
    fn equal_sets_give_the_impartial_game() {
        // With one set for both players the game is the impartial
        // subtraction game, whose nimber the impartial engine computes.
        for set in ["1,3", "2,5", "1,3,4", "1..3"] {
            for n in 0..=30 {
                let partizan = value(&format!("subtraction[{set}|{set}]({n})"));
                let p = crate::tests::parse(&format!("subtraction[{set}]({n})")).unwrap();
                let g = p.components()[0].grundy(&Budget::DEFAULT).unwrap().0;
                let nimber = match g {
                    0 => "0".to_string(),
                    1 => "*".to_string(),
                    g => format!("*{g}"),
                };
                assert_eq!(partizan, nimber, "[{set}] heap {n}");
            }
        }
    }

    #[test]
    fn exchanging_the_sets_gives_the_negative() {
        for n in 0..=12 {
            let sum = value(&format!(
                "subtraction[1,3|2,3]({n}) + subtraction[2,3|1,3]({n})"
            ));
            assert_eq!(sum, "0", "heap {n}");
        }
    }

    #[test]
    fn positions_read_back_and_bad_sets_are_errors() {
        let p = crate::tests::parse("subtraction[1,2,3,5|4](6, 7)").unwrap();
        assert_eq!(p.to_string(), "subtraction[1..3,5|4](6, 7)");
        assert_eq!(
            crate::tests::parse(&p.to_string()).unwrap().to_string(),
            p.to_string()
        );
        for bad in [
            "subtraction[|1](3)",
            "subtraction[1|0](3)",
            "subtraction[1|2|3](3)",
            "nim[1|2](3)",
        ] {
            assert!(crate::tests::parse(bad).is_err(), "{bad}");
        }
        // A partizan game has no Grundy values to tabulate.
        let r = sprague_game::syntax::parse_ruleset("subtraction[1|2]").unwrap();
        assert!(crate::family(&r).is_err());
    }
}
