//! CGSuite's `CoordinateRuleset` given by a function (`game/heap/
//! FunctionalCoordinateRuleset.cgs`, `CoordinateRuleset.cgs`):
//! `coordinate_rule[RULE](r, c)` is one impartial position `(r, c)` whose
//! options the rule lists, each a position `(r', c')` or a sum of them
//! (`(r - 1, c) + (r, c - 1)`), as in Wythoff's game,
//! `coordinate_rule[(r - a, c) for a in 1..r; (r, c - a) for a in 1..c;
//! (r - a, c - a) for a in 1..min(r, c)]`. The rule's language is
//! `crate::rule`'s; coordinates are at most [`crate::heaps::cake::MAX_SIDE`].
//!
//! Positions are valued by the mex of their options (the Grundy solver,
//! which refuses a rule whose play comes back to a position as loopy).

use std::sync::Arc;

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::ComponentSyntax;
use sprague_game::{Component, Impartial, Key, Kind, Move, MoveLabel};

use crate::common::Ruleset;
use crate::heaps::cake::coordinates;
use crate::rule::{Rule, RuleKind, read};

pub(crate) const RULESET: Ruleset = Ruleset {
    name: "coordinate_rule",
    syntax: "coordinate_rule[RULE](r, c)   (one position; RULE: the options of (r, c), each a \
             position (r', c') or a sum of them; see docs/language.md)",
    rule: "impartial (CGSuite's CoordinateRuleset given by a function): the position (r, c) \
           moves to each option the rule lists",
    example: "coordinate_rule[(r - a, c) for a in 1..r; (r, c - a) for a in 1..c; \
              (r - a, c - a) for a in 1..min(r, c)](3, 5)",
    heaps_interact: true,
    build,
    family: None,
};

/// A position `(r, c)` of a ruleset given by a rule.
#[derive(Clone, Debug)]
pub struct RulePosition {
    rule: Arc<Rule>,
    r: u64,
    c: u64,
}

impl Component for RulePosition {
    fn ruleset(&self) -> String {
        self.rule.ruleset_text()
    }

    fn args(&self) -> String {
        format!("{}, {}", self.r, self.c)
    }

    fn is_heap(&self) -> bool {
        false
    }

    fn key(&self) -> Key {
        Key::shared("coordinate_rule", &self.rule, [self.r, self.c])
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Impartial(self)
    }
}

impl Impartial for RulePosition {
    fn moves(&self, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        Ok(self
            .rule
            .coordinate_options(self.r, self.c, budget)?
            .into_iter()
            .map(|sum| {
                let label = sum
                    .iter()
                    .map(|(r, c)| format!("({r}, {c})"))
                    .collect::<Vec<_>>()
                    .join(" + ");
                let to = sum
                    .into_iter()
                    .map(|(r, c)| {
                        Arc::new(RulePosition {
                            rule: Arc::clone(&self.rule),
                            r,
                            c,
                        }) as Arc<dyn Component>
                    })
                    .collect();
                Move::to_sum(MoveLabel::Words(format!("to {label}")), to)
            })
            .collect())
    }
}

fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    let rule = read(&c.ruleset, RuleKind::Coordinates)?;
    let (r, col) = coordinates(c, "coordinate_rule")?;
    Ok(vec![Arc::new(RulePosition { rule, r, c: col })])
}

#[cfg(test)]
mod tests {
    use sprague_core::budget::Budget;
    use sprague_core::error::SolveError;
    use sprague_core::outcome::Outcome;

    use crate::tests::{grundy_of as grundy, outcome_by_search, parse};

    const WYTHOFF: &str = "coordinate_rule[(r - a, c) for a in 1..r; (r, c - a) for a in 1..c; \
                           (r - a, c - a) for a in 1..min(r, c)]";

    #[test]
    fn wythoffs_rule_is_wythoff() {
        for r in 0..=14u64 {
            for c in 0..=14u64 {
                assert_eq!(
                    grundy(&format!("{WYTHOFF}({r}, {c})")),
                    grundy(&format!("wythoff({r}, {c})")),
                    "({r}, {c})"
                );
            }
        }
    }

    #[test]
    fn a_sum_of_positions_agrees_with_the_search_of_the_whole_game() {
        // Cut a bar of r by c into two along a line (a made-up impartial
        // Cutcake: either player cuts either way), or take a row away.
        let rule = "coordinate_rule[(a, c) + (r - a, c) for a in 1..r - 1; \
                    (r, b) + (r, c - b) for b in 1..c - 1; (r - 1, c) if r > 0 and c > 0]";
        let moves = |&(r, c): &(u64, u64), _: bool| {
            let mut out: Vec<Vec<(u64, u64)>> = Vec::new();
            for a in 1..r.max(1) {
                out.push(vec![(a, c), (r - a, c)]);
            }
            for b in 1..c.max(1) {
                out.push(vec![(r, b), (r, c - b)]);
            }
            if r > 0 && c > 0 {
                out.push(vec![(r - 1, c)]);
            }
            out
        };
        for r in 0..=5u64 {
            for c in 0..=5u64 {
                let text = format!("{rule}({r}, {c})");
                let found = outcome_by_search(vec![(r, c)], &moves);
                assert_eq!(grundy(&text) != 0, found == Outcome::N, "{text}");
            }
        }
    }

    #[test]
    fn play_that_comes_back_is_refused_as_loopy() {
        let p = parse("coordinate_rule[(c, r)](1, 2)").unwrap();
        let e = p.components()[0].grundy(&Budget::DEFAULT).unwrap_err();
        assert_eq!(e, SolveError::Loopy);
    }

    #[test]
    fn a_coordinate_out_of_range_is_named() {
        let p = parse("coordinate_rule[(r - 1, c) + (r, c - 5)](3, 4)").unwrap();
        let e = p.components()[0].grundy(&Budget::DEFAULT).unwrap_err();
        assert_eq!(
            e.to_string(),
            "coordinate_rule: `c - 5` is -1: a coordinate is at least 0 and at most 2^40 at r = 3, c = 4"
        );
    }
}
