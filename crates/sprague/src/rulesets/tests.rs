//! What the rulesets' unit tests share (compiled for tests only, and
//! outside the layering of the library's code).

use std::sync::Arc;

use crate::budget::Budget;
use crate::game::Component;

/// For tests of partizan rulesets: the canonical value of the position
/// `text`, printed.
pub(crate) fn canonical_text(text: &str) -> String {
    let p = crate::position::Position::parse(text).unwrap();
    let mut solver = crate::solve::canonical::CanonicalSolver::new(Budget::DEFAULT);
    let g = solver.sum(p.components()).unwrap();
    solver.arena.display(g).unwrap()
}

/// For tests of partizan rulesets: that the outcome class of `component`'s
/// canonical value (regions valued apart) is the one a search of the whole
/// game finds, Left and Right each moving first.
pub(crate) fn assert_value_agrees_with_search(component: Arc<dyn Component>) {
    use crate::game::{Play, Side};
    let components = [component];
    let mut solver = crate::solve::canonical::CanonicalSolver::new(Budget::DEFAULT);
    let g = solver.sum(&components).unwrap();
    let from_value = solver.arena.outcome(g).unwrap();
    let mut search = crate::solve::search::SumSearch::new(Play::Normal, Budget::DEFAULT);
    let left = search.wins(&components, Side::Left).unwrap();
    let right = search.wins(&components, Side::Right).unwrap();
    assert_eq!(
        from_value,
        crate::outcome::Outcome::from_partizan(left, right),
        "{}",
        components[0].text()
    );
}

/// For tests of sum rules: the positions each of Left's winning moves in
/// `p` leads to, in the order of the invariant, as the whole-sum `search`
/// finds them (a move wins when the position after it is lost for the
/// player then to move): the oracle a rule's winning moves are checked
/// against.
pub(crate) fn winning_moves_by_search(
    p: &crate::position::Position,
    search: &mut crate::solve::search::SumSearch,
    budget: &Budget,
) -> Vec<String> {
    use crate::game::Side;
    let mut found = Vec::new();
    for (i, c) in p.components().iter().enumerate() {
        for mv in c.moves_of(Side::Left, budget).unwrap() {
            let after = p.replace(i, &mv.to);
            if !search.wins(after.components(), Side::Left).unwrap() {
                found.push(after.to_string());
            }
        }
    }
    found
}
