//! Strategy 1: a closed form over the whole sum, registered with the
//! rulesets it covers (see [`SumRule`]). Each registered rule is asked in
//! turn; a rule recognises its components by type and declines any other
//! sum at once, so asking costs nanoseconds.

use std::sync::Arc;

use sprague_core::budget::Budget;
use sprague_core::error::SolveError;
use sprague_game::{Component, Play, Side, SumRule, SumVerdict};

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
    sprague_rulesets::sum_rules().find_map(|rule: &'static dyn SumRule| {
        let verdict = rule.verdict(components, play, side, max, budget)?;
        Some((rule.values_are_expensive(), verdict))
    })
}
