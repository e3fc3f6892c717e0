//! CGSuite's `HeapRuleset` given by a function (`game/heap/
//! FunctionalHeapRuleset.cgs`, `HeapRuleset.cgs`): `heap_rule[RULE](n)` is
//! an impartial heap of `n` whose options the rule lists, each a heap or a
//! tuple of the heaps a move leaves (a sum of heaps: a split), as in
//! `heap_rule[n - a*a for a in 1..n if a*a <= n]` (take a square) or
//! `heap_rule[(a, n - k - a) for k in 1..2 for a in 0..n - k]` (Kayles).
//! The rule's language is `crate::rule`'s; every heap an option leaves is
//! smaller than `n`, so play ends and the values are the mex of the
//! options, heap by heap.
//!
//! A heap's moves are listed by the rule and valued by the mex (the
//! Grundy solver's memo); `sprague table` computes the family's values from
//! heap 0 up, and the compositions of rulesets (`join`, `cake_product`,
//! `direct_product`) take it as a part through its heap options.

use std::sync::Arc;

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::{ComponentSyntax, RulesetSyntax};
use sprague_game::{Component, Impartial, Key, Kind, Move, MoveLabel};
use sprague_impartial::impartial::MexSet;
use sprague_impartial::nimber::Nimber;

use crate::common::take_move;
use crate::common::{HeapFamily, HeapOptions, Ruleset, check_move_count, heap_components};
use crate::heaps::compose::leaving;
use crate::rule::{Rule, RuleKind, read};

pub(crate) const RULESET: Ruleset = Ruleset {
    name: "heap_rule",
    syntax: "heap_rule[RULE](n, ...)   (RULE: the options of a heap of n, each a heap or a tuple \
             of heaps; see docs/language.md)",
    rule: "impartial (CGSuite's HeapRuleset given by a function): a heap of n moves to each \
           option the rule lists; a tuple of heaps is their sum",
    example: "heap_rule[n - a*a for a in 1..n if a*a <= n](20)",
    heaps_interact: false,
    build,
    family: Some(family),
};

/// A heap of a ruleset given by a rule.
#[derive(Clone, Debug)]
pub struct RuleHeap {
    rule: Arc<Rule>,
    size: u64,
}

impl RuleHeap {
    fn at(&self, size: u64) -> Arc<dyn Component> {
        Arc::new(RuleHeap {
            rule: Arc::clone(&self.rule),
            size,
        })
    }
}

impl Component for RuleHeap {
    fn ruleset(&self) -> String {
        self.rule.ruleset_text()
    }

    fn args(&self) -> String {
        self.size.to_string()
    }

    fn key(&self) -> Key {
        Key::shared("heap_rule", &self.rule, [self.size])
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Impartial(self)
    }
}

impl Impartial for RuleHeap {
    fn moves(&self, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        let n = self.size;
        Ok(self
            .rule
            .heap_options(n, budget)?
            .into_iter()
            .map(|heaps| match heaps.as_slice() {
                // One heap or none: a take, described as one.
                [] => take_move(n, n, || self.at(0)),
                [rest] => take_move(n - rest, n, || self.at(*rest)),
                _ => {
                    let label = format!("heap of {n} to {}", leaving(&heaps));
                    Move::to_sum(
                        MoveLabel::Words(label),
                        heaps.iter().map(|&h| self.at(h)).collect(),
                    )
                }
            })
            .collect())
    }
}

/// The one-heap family of a rule, for `sprague table`.
#[derive(Debug)]
struct RuleFamily {
    rule: Arc<Rule>,
}

impl HeapFamily for RuleFamily {
    fn ruleset(&self) -> String {
        self.rule.ruleset_text()
    }

    fn grundy_values(
        &self,
        from: u64,
        to: u64,
        budget: &Budget,
    ) -> Result<Vec<Nimber>, SolveError> {
        // Every heap below `to` is needed, and each is kept.
        check_move_count(to.saturating_add(1), budget)?;
        let mut values: Vec<u64> = Vec::new();
        let mut seen = MexSet::new();
        for n in 0..=to {
            budget.check_time()?;
            seen.clear();
            for heaps in self.rule.heap_options(n, budget)? {
                // Each heap is smaller than `n`, so its value is known.
                seen.insert(heaps.iter().fold(0, |x, &h| x ^ values[h as usize]));
            }
            values.push(seen.mex());
        }
        let asked = values.get(from as usize..).unwrap_or_default();
        Ok(asked.iter().map(|&v| Nimber(v)).collect())
    }

    fn heap_options(&self, n: u64, budget: &Budget) -> Option<HeapOptions> {
        Some(self.rule.heap_options(n, budget))
    }
}

fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    let rule = read(&c.ruleset, RuleKind::Heap)?;
    heap_components(c, |size| RuleHeap {
        rule: Arc::clone(&rule),
        size,
    })
}

fn family(r: &RulesetSyntax) -> Result<Arc<dyn HeapFamily>, ParseError> {
    Ok(Arc::new(RuleFamily {
        rule: read(r, RuleKind::Heap)?,
    }))
}

#[cfg(test)]
mod tests {
    use sprague_core::budget::Budget;
    use sprague_core::error::SolveError;
    use sprague_core::outcome::Outcome;
    use sprague_game::syntax::parse_ruleset;

    use crate::tests::{canonical_text, grundy_of as grundy, outcome_by_search, parse};

    /// `G(from..=to)` of the family written `text`.
    fn values(text: &str, to: u64) -> Vec<u64> {
        crate::family(&parse_ruleset(text).unwrap())
            .unwrap()
            .grundy_values(0, to, &Budget::DEFAULT)
            .unwrap()
            .into_iter()
            .map(|v| v.0)
            .collect()
    }

    const SQUARES: &str = "heap_rule[n - a*a for a in 1..n if a*a <= n]";

    #[test]
    fn taking_a_square_is_the_subtraction_game_of_the_squares() {
        let squares: Vec<String> = (1..=20u64).map(|s| (s * s).to_string()).collect();
        let subtraction = format!("subtraction[{}]", squares.join(","));
        assert_eq!(values(SQUARES, 400), values(&subtraction, 400));
        // The same rule written with `from ... to` and `where`, as CGSuite does.
        assert_eq!(
            values(
                "heap_rule[n - a * a for a from 1 to n where a * a <= n]",
                100
            ),
            values(SQUARES, 100)
        );
        // A heap's value by its moves (the Grundy solver) is the family's.
        let table = values(SQUARES, 60);
        for n in 0..=60u64 {
            assert_eq!(grundy(&format!("{SQUARES}({n})")), table[n as usize], "{n}");
        }
    }

    #[test]
    fn a_split_rule_is_kayles() {
        // Kayles, 0.77: take one or two pins, leaving the rest as two rows.
        let kayles = "heap_rule[(a, n - t - a) for t in 1..min(2, n) for a in 0..(n - t) / 2]";
        assert_eq!(values(kayles, 300), values("octal[0.77]", 300));
        // Grundy's game, 4!.0: split a heap into two unequal heaps.
        let grundys = "heap_rule[(a, n - a) for a in 1..(n - 1) / 2]";
        assert_eq!(values(grundys, 300), values("grundy", 300));
    }

    #[test]
    fn sums_of_heaps_agree_with_the_search_of_the_whole_game() {
        // Take a square, or split off a heap of 1 (leaving n - 2 beside it).
        let rule = "heap_rule[n - a*a for a in 1..n if a*a <= n; (1, n - 2) if n >= 3]";
        let moves = |&n: &u64, _: bool| {
            let mut out: Vec<Vec<u64>> = (1..=n)
                .filter(|a| a * a <= n)
                .map(|a| vec![n - a * a].into_iter().filter(|&h| h > 0).collect())
                .collect();
            if n >= 3 {
                out.push(vec![1, n - 2]);
            }
            out
        };
        for a in 0..=9u64 {
            for b in 0..=9u64 {
                let text = format!("{rule}({a}, {b})");
                let p = parse(&text).unwrap();
                let g = p
                    .components()
                    .iter()
                    .fold(0, |x, c| x ^ c.grundy(&Budget::DEFAULT).unwrap().0);
                let found = outcome_by_search(vec![a, b], &moves);
                assert_eq!(g != 0, found == Outcome::N, "{text}");
            }
        }
    }

    #[test]
    fn a_rule_is_a_part_of_a_composition() {
        let all = "heap_rule[n - a for a in 1..n]";
        assert_eq!(
            canonical_text(&format!("join[{all} | {SQUARES}](7)")),
            canonical_text("join[nim | subtraction[1,4]](7)")
        );
    }

    #[test]
    fn a_printed_heap_reads_back() {
        let p = parse(&format!("{SQUARES}(5, 6) + *2")).unwrap();
        assert_eq!(p.to_string(), format!("{SQUARES}(5, 6) + *2"));
        assert_eq!(parse(&p.to_string()).unwrap().to_string(), p.to_string());
    }

    /// The error of the first component's Grundy value.
    fn solve_error(text: &str) -> String {
        let p = parse(text).unwrap();
        let e = p.components()[0].grundy(&Budget::DEFAULT).unwrap_err();
        assert!(matches!(e, SolveError::Unsupported { .. }), "{text}: {e:?}");
        e.to_string()
    }

    #[test]
    fn what_goes_wrong_in_evaluation_is_named_with_its_values() {
        assert_eq!(
            solve_error(
                "heap_rule[n - 1 if n * 100000000000000000000 * 100000000000000000000 > 0](3)"
            ),
            "heap_rule: `n * 100000000000000000000 * 100000000000000000000` overflows \
             (rules compute with integers below 2^127) at n = 3"
        );
        assert_eq!(
            solve_error("heap_rule[n - 1 if n / (n - 2) > 0](3)"),
            "heap_rule: `n / (n - 2)` divides by zero at n = 2"
        );
        assert_eq!(
            solve_error("heap_rule[n](3)"),
            "heap_rule: `n` leaves a heap of 3 from a heap of 3: the heaps an option leaves are \
             at least 0 and smaller than n, so that play ends at n = 3"
        );
        assert_eq!(
            solve_error("heap_rule[0 for a in 1..n * 100000000](1)"),
            "heap_rule: `1..n * 100000000` ranges over 100000000 values, more than 16777216 at n = 1"
        );
        assert_eq!(
            solve_error("heap_rule[0 for a in 1..n for b in 1..n for c in 1..n if a == 0](1000)"),
            "heap_rule: the options take more than 67108864 steps for one position at n = 1000"
        );
        // The options of one position count against the budget.
        let p = parse("heap_rule[n - a for a in 1..n](100)").unwrap();
        let e = p.components()[0]
            .grundy(&Budget::positions(50))
            .unwrap_err();
        assert!(matches!(e, SolveError::BudgetExceeded { .. }), "{e:?}");
    }
}
