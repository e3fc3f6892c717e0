//! Strategy 1: a closed form over the whole sum, named by the components it
//! covers ([`Component::sum_rule`]). Each rule a component names is asked
//! once, in the order the components name them; a rule recognises its
//! components by type and declines any other sum at once, so asking costs
//! nanoseconds. The solver never names a ruleset.

use std::sync::Arc;

use sprague_core::budget::Budget;
use sprague_core::error::SolveError;
use sprague_game::{Component, Play, Side, SumRule, SumVerdict};

/// The verdict of the first rule named by a component that covers the sum
/// of `components`, with whether the rule says the values of such sums are
/// expensive; `None` if no rule covers it.
pub(super) fn find(
    components: &[Arc<dyn Component>],
    play: Play,
    side: Side,
    max: usize,
    budget: &Budget,
) -> Option<(bool, Result<SumVerdict, SolveError>)> {
    let mut asked: Vec<&'static dyn SumRule> = Vec::new();
    for rule in components.iter().filter_map(|c| c.sum_rule()) {
        // A sum of a thousand heaps names one rule a thousand times.
        if asked.iter().any(|&a| std::ptr::addr_eq(a, rule)) {
            continue;
        }
        asked.push(rule);
        if let Some(verdict) = rule.verdict(components, play, side, max, budget) {
            return Some((rule.values_are_expensive(), verdict));
        }
    }
    None
}
