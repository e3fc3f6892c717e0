//! Strategy 1: a closed form over the whole sum, registered with the
//! rulesets it covers (see [`SumRule`]).

use std::sync::Arc;

use crate::budget::Budget;
use crate::error::SolveError;
use crate::game::{Component, Play, Side, SumRule, SumVerdict};

/// The verdict of the first registered rule that covers the sum of
/// `components`, with whether the rule says the values of such sums are
/// expensive; `None` if no rule covers it.
pub(super) fn find(
    components: &[Arc<dyn Component>],
    play: Play,
    side: Side,
    max: usize,
    budget: &Budget,
) -> Option<(bool, Result<SumVerdict, SolveError>)> {
    let mut tried: Vec<&'static dyn SumRule> = Vec::new();
    for c in components {
        let Some(rule) = crate::rulesets::sum_rule(c.key().family()) else {
            continue;
        };
        if tried.iter().any(|t| std::ptr::addr_eq(*t, rule)) {
            continue;
        }
        tried.push(rule);
        if let Some(verdict) = rule.verdict(components, play, side, max, budget) {
            return Some((rule.values_are_expensive(), verdict));
        }
    }
    None
}
